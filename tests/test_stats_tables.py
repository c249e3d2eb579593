"""`kg stats` from a build's tables (kg.report_tables): the same report as from the networkx graph, without one."""
from __future__ import annotations

import random
from pathlib import Path

import networkx as nx
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import kg.analytics
import kg.analytics.community
from exports.graph_tables import write_graph_tables
from kg.analytics import load_graph, paper_entity_graph, toy_graph
from kg.analytics import table_answers as answers
from kg.analytics.table_columns import TablesNotReadable, read_graph_columns
from kg.cli import main
from kg.cli_stats import render_text
from kg.report import build_report, render_html
from kg.report_tables import report_from_tables

_KINDS = ("dataset", "method", "model", "task", "metric")


def random_graph(seed: int, papers: int = 60) -> nx.MultiDiGraph:
    """A kg-like graph drawn from ``seed``: papers (some without a year) at venues, by authors, naming entities
    (some sharing a label, one without), linked by similarTo (with and without a score or basis, both ways)."""
    draw = random.Random(seed)
    graph = nx.MultiDiGraph()
    entities = [f"{kind}/{kind[:2]}{index}" for kind in _KINDS for index in range(draw.randint(1, 8))]
    for entity in entities:
        label = f"{entity.split('/')[0][:1].upper()}{draw.randint(0, 5)}"  # equal labels: ties broken by id
        graph.add_node(entity, kind=entity.split("/")[0], **({"label": label} if draw.random() > 0.05 else {}))
    venues = [f"venue/v{index}" for index in range(3)]
    for venue in venues:
        graph.add_node(venue, kind="venue", label=venue.upper(), series="V")
    ids = [f"paper/{draw.randint(0, 10**6):07d}-{index}" for index in range(papers)]
    for paper in ids:
        year = {"year": draw.randint(2015, 2024)} if draw.random() > 0.1 else {}
        graph.add_node(paper, kind="paper", label=f"Paper {draw.randint(0, papers // 3)}", abstract="x " * 20, **year)
        graph.add_edge(paper, draw.choice(venues), key="presentedAt", relation="presentedAt")
        graph.add_node(f"person/{paper[6:]}", kind="person", label="A. Author")
        graph.add_edge(paper, f"person/{paper[6:]}", key="creator", relation="creator", position=1)
        for entity in draw.sample(entities, draw.randint(0, min(7, len(entities)))):
            relation = "proposes" if draw.random() < 0.15 else "uses"
            graph.add_edge(paper, entity, key=relation, relation=relation, confidence=0.5)
            if draw.random() < 0.1:
                graph.add_edge(paper, entity, key="uses", relation="uses")
    for _ in range(papers):
        a, b = draw.sample(ids, 2)
        data = {"score": round(draw.random(), 3), "basis": draw.choice(["combined", "terms"])}
        graph.add_edge(a, b, key="similarTo", relation="similarTo", **(data if draw.random() > 0.2 else {}))
    graph.add_edge(entities[0], entities[-1], key="uses", relation="uses")  # not from a paper: still counted
    graph.add_edge(ids[0], ids[0], key="similarTo", relation="similarTo", score=0.5)  # a loop
    return graph


def _both(graph: nx.MultiDiGraph, folder: Path, top: int) -> tuple[str, str]:
    write_graph_tables(graph, folder)
    from_tables, from_graph = report_from_tables(folder, top=top), build_report(graph, top=top)
    assert render_text(from_tables) == render_text(from_graph)
    return render_html(from_tables), render_html(from_graph)


@pytest.mark.parametrize("seed", range(8))
def test_a_random_graph_has_the_same_report_from_its_tables(seed, tmp_path):
    tables, graph = _both(random_graph(seed, papers=20 + 15 * seed), tmp_path, top=1 + seed)
    assert tables == graph


@pytest.mark.parametrize("tasks", [False, True])
def test_the_toy_graph_has_the_same_report_from_its_tables(tasks, tmp_path):
    tables, graph = _both(toy_graph(tasks=tasks), tmp_path, top=3)
    assert tables == graph


def test_the_sample_build_has_the_same_report_from_its_tables(sample_build, tmp_path):
    tables, graph = _both(sample_build.graph, tmp_path, top=5)
    assert tables == graph


def test_an_empty_graph_has_the_same_report_from_its_tables(tmp_path):
    tables, graph = _both(nx.MultiDiGraph(), tmp_path, top=3)
    assert tables == graph


@pytest.mark.parametrize("method", ["leiden", "label-propagation"])
def test_the_large_graph_community_methods_give_the_same_report(method, monkeypatch, tmp_path):
    if method == "leiden":
        pytest.importorskip("leidenalg")
    monkeypatch.setattr(kg.analytics, "choose_community_method", lambda count: method)
    tables, graph = _both(random_graph(3, papers=150), tmp_path, top=6)
    assert tables == graph and f"Communities: {method} on" in tables


@pytest.mark.parametrize("seed", range(4))
def test_pagerank_from_the_tables_is_networkx_pagerank_number_for_number(seed, tmp_path):
    graph = random_graph(seed, papers=200)
    write_graph_tables(graph, tmp_path)
    columns = read_graph_columns(tmp_path)
    nodes, scores = answers.pagerank(columns)
    expected = nx.pagerank(paper_entity_graph(graph, similar=True), weight="weight")
    assert dict(zip(columns.ids.take(nodes).to_pylist(), scores.tolist(), strict=True)) == expected
    assert list(expected) == columns.ids.take(nodes).to_pylist()  # the same order: the same sums


def test_kg_stats_reads_no_graph_of_the_whole_build(sample_build, tmp_path, monkeypatch):
    """The base read every node and edge into networkx (TableFiles.whole); now only the tables' columns."""
    write_graph_tables(sample_build.graph, tmp_path)
    expected = render_text(build_report(sample_build.graph, top=4))

    def refused(*args, **kwargs):
        raise AssertionError("kg stats read the whole graph")

    monkeypatch.setattr("kg.table_files.TableFiles.whole", refused)
    monkeypatch.setattr("exports.graph_tables.graph_from_tables", refused)
    run = CliRunner().invoke(main, ["stats", str(tmp_path), "--top", "4", "--no-report"])
    assert run.exit_code == 0, run.output
    assert run.output == expected


def test_kg_stats_falls_back_to_the_graph_for_tables_it_does_not_read(tmp_path):
    """Tables kg does not write (an edge to a node without a row) are read as the networkx graph they give."""
    write_graph_tables(toy_graph(), tmp_path)
    nodes_file = tmp_path / "tables" / "nodes.parquet"
    nodes = pq.read_table(nodes_file)
    pq.write_table(nodes.filter(pc.not_equal(nodes.column("id"), "method/bert")), nodes_file)
    with pytest.raises(TablesNotReadable, match="method/bert"):
        read_graph_columns(tmp_path)
    run = CliRunner().invoke(main, ["stats", str(tmp_path), "--top", "2", "--no-report"])
    assert run.exit_code == 0, run.output
    assert run.output == render_text(build_report(load_graph(tmp_path), top=2))
    assert "None nodes" in run.output  # a node without a row has no kind
