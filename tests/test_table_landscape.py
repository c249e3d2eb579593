"""The overview landscape from a skeleton of the graph tables' columns (exports.view_skeleton, round h14ck) and
graph.html from it and the drawn entities' rows (kg.table_landscape): the same overview and the same bytes as from
the whole graph, on the sample build, on made-up corpora and on made-up nodes and edges at the rules' edges."""
from __future__ import annotations

from pathlib import Path

import networkx as nx
import pyarrow as pa
import pytest

from exports.graph_tables import TABLES_FOLDER, read_edge_rows, write_graph_tables
from exports.html_view import write_html
from exports.view_skeleton import table_skeleton
from exports.views import overview_landscape
from kg.table_landscape import drawn_graph, edges_touching, table_overview, write_table_landscape
from tests.test_table_views import MADE_UP, made_up_graph


def _same_overview(graph: nx.MultiDiGraph, folder: Path) -> None:
    """The overview of ``graph`` and of its tables' skeleton are equal; graph.html from either is the same bytes."""
    write_graph_tables(graph, folder)
    one, other = overview_landscape(graph), table_overview(folder)
    assert other.named == one.named
    assert list(other.named) == list(one.named)  # papers in the same order
    assert other.fitted == one.fitted
    page = write_html(graph, folder / "from-graph.html", landscape=True, fitted=one.fitted)
    assert write_table_landscape(folder).read_bytes() == page.read_bytes()


def test_the_sample_builds_overview_from_its_skeleton(sample_build, tmp_path):
    """The sample build (similarity on): the same overview, and graph.html the same bytes as ``kg build``'s."""
    _same_overview(sample_build.graph, tmp_path)
    assert len(overview_landscape(sample_build.graph).fitted.entities) > 20


@pytest.mark.parametrize(("documents", "similarity"), MADE_UP)
def test_made_up_corpora_overview_from_skeleton(documents, similarity, tmp_path):
    _same_overview(made_up_graph(documents, similarity), tmp_path)


def _edge_cases() -> nx.MultiDiGraph:
    """Made up: names from ``label``, from ``name`` under a blank label, and none; an edge named by its key alone
    and one with an empty relation; a metric, an edge end without attributes, a venue link, a paper with no
    entities; parallel edges to one entity, the first not of an entity relation."""
    graph = nx.MultiDiGraph()
    for paper in ("paper/a", "paper/b", "paper/c", "paper/d"):
        graph.add_node(paper, kind="paper", title=paper.upper())
    graph.add_node("dataset/d", kind="dataset", label="D", name="not this")
    graph.add_node("method/m", kind="method", label="  ", name="The  M")
    graph.add_node("model/x", kind="model")
    graph.add_node("metric/f1", kind="metric", label="F1")
    graph.add_node("venue/v", kind="venue", label="V 2020")
    for paper in ("paper/a", "paper/b", "paper/c"):
        graph.add_edge(paper, "dataset/d", key="uses", relation="uses")
        graph.add_edge(paper, "metric/f1", key="uses", relation="uses")
        graph.add_edge(paper, "venue/v", key="presentedAt", relation="presentedAt")
    graph.add_edge("paper/a", "method/m", key="proposes")  # no relation attribute: its key names it
    graph.add_edge("paper/b", "method/m", key="uses", relation="")  # an empty relation: the key again
    graph.add_edge("paper/b", "model/x", key="uses", relation="uses")
    graph.add_edge("paper/c", "task/t", key="uses", relation="uses")  # an end without attributes: kind other
    graph.add_edge("paper/c", "model/x", key="presentedAt", relation="presentedAt")  # not an entity relation
    graph.add_edge("paper/c", "method/m", key="presentedAt", relation="presentedAt")  # parallel edges: the second
    graph.add_edge("paper/c", "method/m", key="uses", relation="uses")  # (an entity relation) counts
    return graph


def test_edge_cases_overview_from_skeleton(tmp_path):
    graph = _edge_cases()
    _same_overview(graph, tmp_path)
    skeleton = table_skeleton(tmp_path / TABLES_FOLDER)
    assert (skeleton.name("method/m"), skeleton.name("dataset/d"), skeleton.name("model/x")) == ("The M", "D",
                                                                                                 "model/x")
    assert skeleton.kind("task/t") == "other" and skeleton.papers() == ["paper/a", "paper/b", "paper/c", "paper/d"]
    assert overview_landscape(graph).named["paper/a"] == {"dataset/d", "method/m"}
    assert overview_landscape(graph).named["paper/c"] == {"dataset/d", "method/m"}  # not model/x: presentedAt


def test_the_page_reads_the_drawn_entities_rows_only(sample_build, tmp_path):
    """graph.html's graph holds the drawn entities' rows and their edges, not the whole graph's."""
    write_graph_tables(sample_build.graph, tmp_path)
    drawn = table_overview(tmp_path).fitted.entities
    small = drawn_graph(tmp_path, drawn)
    assert {node for node, attrs in small.nodes(data=True) if attrs} == set(drawn)
    whole = sample_build.graph
    touching = {*whole.in_edges(drawn, keys=True), *whole.out_edges(drawn, keys=True)}
    assert small.number_of_edges() == len(touching)
    assert small.number_of_edges() < sample_build.graph.number_of_edges() / 2


def test_edges_touching_are_read_edge_rows_touching(sample_build, tmp_path):
    """The edges filtered a row group at a time are the rows ``read_edge_rows(touching=)`` gives, in its order."""
    write_graph_tables(sample_build.graph, tmp_path)
    drawn = table_overview(tmp_path).fitted.entities
    rows = pa.Table.from_batches(list(edges_touching(tmp_path / TABLES_FOLDER / "edges.parquet", drawn)))
    assert rows.to_pylist() == read_edge_rows(tmp_path, touching=drawn).to_pylist()
    assert rows.num_rows and not list(edges_touching(tmp_path / TABLES_FOLDER / "edges.parquet", ["method/none"]))


def test_edges_touching_an_entitys_own_edges(tmp_path):
    """Made up: an entity's out-edge is read with its in-edges, as ``read_edge_rows(touching=)`` reads it."""
    graph = _edge_cases()
    graph.add_edge("dataset/d", "dataset/e", key="sameAs", relation="sameAs")
    write_graph_tables(graph, tmp_path)
    rows = pa.Table.from_batches(list(edges_touching(tmp_path / TABLES_FOLDER / "edges.parquet", ["dataset/d"])))
    assert rows.to_pylist() == read_edge_rows(tmp_path, touching=["dataset/d"]).to_pylist()
    assert ("dataset/d", "dataset/e") in zip(rows.column("source").to_pylist(), rows.column("target").to_pylist())
