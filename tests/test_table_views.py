"""graph.html and views/ written from a build's tables (kg.outputs.write_table_views, round h14ci): the same pages
as from the build's graph, on the sample build and on made-up corpora; the graph read back (kg.table_graph) is the
same graph with its repeated values held once."""
from __future__ import annotations

import filecmp
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import pytest

from exports.graph_tables import graph_from_tables, read_edge_rows, read_node_rows, write_graph_tables
from kg.graph import build_graph
from kg.outputs import write_outputs, write_table_views
from kg.similarity import add_similarity_edges
from kg.table_graph import table_graph
from ontology.util.files import output_transaction
from tests.test_partition_rows import _entities, _made_up, _persons


def _pages(folder: Path) -> list[str]:
    """graph.html and every file under views/ but the pages' record (its fingerprints hash the code)."""
    views = sorted(str(path.relative_to(folder)) for path in (folder / "views").rglob("*")
                   if path.is_file() and path.name != ".kg-pages.json")
    return ["graph.html", *views]


def _differing(one: Path, other: Path) -> list[str]:
    assert _pages(one) == _pages(other)
    return [name for name in _pages(one) if not filecmp.cmp(one / name, other / name, shallow=False)]


def _both(graph: nx.MultiDiGraph, tmp_path: Path) -> tuple[Path, Path]:
    """The views of ``graph`` as kg build writes them, and from its tables (written beside in one transaction)."""
    write_outputs(graph, tmp_path / "graph")
    tables = tmp_path / "tables"
    with output_transaction(tables):
        write_graph_tables(graph, tables)
        write_table_views(tables)  # reads the tables not yet in place
    return tmp_path / "graph", tables


def test_the_sample_builds_views_from_its_tables(sample_build, tmp_path):
    """The sample build (similarity on): every page of graph.html and views/ the same bytes."""
    from_graph, from_tables = _both(sample_build.graph, tmp_path)
    assert len(_pages(from_graph)) > 40
    assert _differing(from_graph, from_tables) == []


#: tests/test_partition_rows.py's made-up corpora, each with its stated links and with the search (k=2).
MADE_UP = [pytest.param(documents, similarity, id=f"{searched}-{name}")
           for similarity, searched in ((False, "stated"), (True, "searched"))
           for documents, name in ((_made_up, "papers"), (_persons, "persons"), (_entities, "entities"))]


def made_up_graph(documents: Callable[[], list], similarity: bool) -> nx.MultiDiGraph:
    """The graph of one of :data:`MADE_UP`'s corpora, the search run on it when ``similarity``."""
    graph = build_graph(documents())
    if similarity:
        add_similarity_edges(graph, k=2)
    return graph


@pytest.mark.parametrize(("documents", "similarity"), MADE_UP)
def test_made_up_corpora_views_from_tables(documents, similarity, tmp_path):
    from_graph, from_tables = _both(made_up_graph(documents, similarity), tmp_path)
    assert _differing(from_graph, from_tables) == []


def test_nodes_with_few_attributes(tmp_path):
    """Made up: nodes with nothing but a kind and a label, and a venue no edge's text names."""
    graph = nx.MultiDiGraph()
    graph.add_node("paper/a", kind="paper", label="A", title="A", year=2020, abstract="We use D.")
    graph.add_node("dataset/d", kind="dataset", label="D")
    graph.add_node("venue/v", kind="venue", label="V 2020")
    graph.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sentence="We use D.", extractor="rules")
    graph.add_edge("paper/a", "venue/v", key="presentedAt", relation="presentedAt")
    from_graph, from_tables = _both(graph, tmp_path)
    assert _differing(from_graph, from_tables) == []


def test_the_shared_graph_is_the_same_graph(sample_build, tmp_path):
    """:func:`kg.table_graph.table_graph`: the same nodes, edges, attributes, orders and types as
    ``graph_from_tables``; an edge's ends are its nodes' id objects and a repeated value is one object."""
    write_graph_tables(sample_build.graph, tmp_path)
    plain = graph_from_tables(read_node_rows(tmp_path), read_edge_rows(tmp_path))
    shared = table_graph(read_node_rows(tmp_path), read_edge_rows(tmp_path))
    assert list(shared.nodes(data=True)) == list(plain.nodes(data=True))
    assert list(shared.edges(keys=True, data=True)) == list(plain.edges(keys=True, data=True))
    for (*_, one), (*_, other) in zip(shared.edges(data=True), plain.edges(data=True)):  # the same types too
        assert [type(value) for value in one.values()] == [type(value) for value in other.values()]
    for graph, alike in ((shared, True), (plain, False)):  # an edge's target: its node's id object, or its own
        ids = {node: node for node in graph}
        assert all(v is ids[v] for _, v in graph.edges()) is alike
    for graph, alike in ((shared, True), (plain, False)):
        uses = [data for _, _, data in graph.edges(data=True) if data["relation"] == "uses"]
        extractors = {id(data["extractor"]) for data in uses}
        assert len(uses) > 100 and (len(extractors) == len({data["extractor"] for data in uses})) is alike


def _tiny(label: str) -> nx.MultiDiGraph:
    """Made up: one paper using one dataset named ``label``."""
    graph = nx.MultiDiGraph()
    graph.add_node("paper/a", kind="paper", label="A", title="A", year=2020, abstract=f"We use {label}.")
    graph.add_node("dataset/d", kind="dataset", label=label)
    graph.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sentence=f"We use {label}.", extractor="rules")
    return graph


def test_a_failed_table_views_call_leaves_the_last_pages(tmp_path, monkeypatch):
    """Called outside a transaction, write_table_views opens its own (review93): graph.html, written before the
    views fail, is not put in place, and the last pages stay whole."""
    write_graph_tables(_tiny("SQuAD"), tmp_path)
    write_table_views(tmp_path)
    before = (tmp_path / "graph.html").read_bytes()
    assert b"SQuAD" in before
    write_graph_tables(_tiny("MMLU"), tmp_path)

    def fail(*args, **kwargs):
        raise RuntimeError("views failed")

    monkeypatch.setattr("kg.outputs._write_views", fail)
    with pytest.raises(RuntimeError, match="views failed"):
        write_table_views(tmp_path)
    assert (tmp_path / "graph.html").read_bytes() == before


def test_the_views_leave_the_table_graphs_shared_values_as_read(sample_build, tmp_path):
    """The table graph shares equal lists and dicts between nodes and edges: no page may change one in place (that
    would change every holder). Every node's and edge's attributes are the same after graph.html and the views."""
    from exports.html_view import write_html
    from exports.views import overview_landscape, write_views

    write_graph_tables(sample_build.graph, tmp_path)
    graph = table_graph(read_node_rows(tmp_path), read_edge_rows(tmp_path))
    before = repr([list(graph.nodes(data=True)), list(graph.edges(keys=True, data=True))])
    overview = overview_landscape(graph)
    write_html(graph, tmp_path / "graph.html", landscape=True, fitted=overview.fitted)
    write_views(graph, tmp_path / "views", overview=overview)
    assert repr([list(graph.nodes(data=True)), list(graph.edges(keys=True, data=True))]) == before
