"""The views' index and search script from a skeleton of the graph tables' columns (exports.view_skeleton's
index_skeleton, kg.table_index, round h14cl): the same bytes as from the whole graph, for the same views folder, on
the sample build, on made-up corpora and on made-up nodes and edges at the rules' edges."""
from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from exports.graph_tables import TABLES_FOLDER, write_graph_tables
from exports.view_index import SEARCH_SCRIPT, existing_views, write_index
from exports.view_names import index_nodes
from exports.view_skeleton import index_skeleton
from exports.views import write_ego_view, write_views
from kg.table_index import write_table_index
from tests.test_table_landscape import _edge_cases
from tests.test_table_views import MADE_UP, made_up_graph


def _same_index(graph: nx.MultiDiGraph, folder: Path, *, egos: tuple = (), nodes: bool = True) -> bytes:
    """The views of ``graph`` (and the ego views of ``egos``) written into ``folder / "views"``; the index and the
    search script from the tables' skeleton are the same bytes as from the graph; returns the index's bytes."""
    views = folder / "views"
    write_views(graph, views, nodes=nodes)
    for node in egos:
        write_ego_view(graph, views, node)
    index = write_index(graph, views)
    expected = index.read_bytes(), (views / SEARCH_SCRIPT).read_bytes()
    write_graph_tables(graph, folder)
    (views / SEARCH_SCRIPT).unlink()
    index.unlink()
    assert write_table_index(folder) == index
    assert (index.read_bytes(), (views / SEARCH_SCRIPT).read_bytes()) == expected
    return expected[0]


def test_the_sample_builds_index_from_its_skeleton(sample_build, tmp_path):
    """The sample build (similarity on), with the ego views of a few entities, persons and papers."""
    graph = sample_build.graph
    egos = [node for kind in ("dataset", "method", "person", "paper", "task")
            for node in sorted((n for n, k in graph.nodes(data="kind") if k == kind), key=str)[:2]]
    page = _same_index(graph, tmp_path, egos=tuple(egos))
    assert len(egos) >= 8 and b"dataset</span>" not in page and page.count(b"<span class=\"kg-muted\">dataset, ") >= 2


@pytest.mark.parametrize(("documents", "similarity"), MADE_UP)
def test_made_up_corpora_index_from_skeleton(documents, similarity, tmp_path):
    _same_index(made_up_graph(documents, similarity), tmp_path)


def _more_edge_cases() -> nx.MultiDiGraph:
    """:func:`tests.test_table_landscape._edge_cases` with a node without a kind, other names, a self-loop, a paper
    linked to an entity in the entity's direction and names that differ only in case (the search order's ties)."""
    graph = _edge_cases()
    graph.add_node("thing/none", label="No kind")
    graph.add_node("dataset/e", kind="dataset", label="d", alt_labels=["The E set", "  "])
    graph.add_node("dataset/f", kind="dataset", title="A title", name="a name")
    graph.add_edge("paper/a", "paper/a", key="similarTo", relation="similarTo", score=0.5)
    graph.add_edge("dataset/e", "paper/d", key="usedBy", relation="usedBy")
    graph.add_edge("dataset/e", "paper/a", key="uses", relation="uses")
    graph.add_edge("thing/none", "dataset/f", key="x", relation="x")
    for node in ("method/tie-z", "method/tie-a"):  # ties inserted against the ids' order (review96): equal degree,
        graph.add_node(node, kind="method", label="Tie" if node.endswith("z") else "tie")  # kind and name
    for node in ("venue/w2", "venue/w1"):  # venues of one label
        graph.add_node(node, kind="venue", label="W 2021")
        graph.add_edge("paper/d", node, key="presentedAt", relation="presentedAt")
    return graph


@pytest.mark.parametrize("nodes", [True, False], ids=["node-view", "no-node-view"])
def test_edge_cases_index_from_skeleton(nodes, tmp_path):
    graph = _more_edge_cases()
    egos = ("dataset/d", "dataset/e", "method/m", "thing/none", "paper/a", "venue/v", "method/tie-z", "method/tie-a",
            "venue/w2", "venue/w1")
    page = _same_index(graph, tmp_path, egos=egos, nodes=nodes).decode()
    skeleton = index_skeleton(tmp_path / TABLES_FOLDER)
    assert skeleton.degrees() == dict(graph.degree())
    listed = [n for n in graph if n != "task/t"]
    assert skeleton.paper_counts(listed) == index_nodes(graph).paper_counts(listed)
    assert skeleton.paper_counts(["dataset/e", "paper/a"]) == {"dataset/e": 2, "paper/a": 1}  # both ways; itself
    assert "2 Nones · 22 links" in page  # the nodes without a kind (thing/none and task/t), counted as main does
    assert 'No kind</a> <span class="kg-muted">None, 0 papers' in page and "dataset, 2 papers" in page


def test_existing_views_of_a_skeleton_are_the_graphs(tmp_path):
    """With the generic node view, :func:`existing_views` of the skeleton is every node's view, as of the graph:
    ``len`` and ``dict`` included (review96: ViewFiles asked its source for ``number_of_nodes``)."""
    graph = _more_edge_cases()
    views = tmp_path / "views"
    write_views(graph, views)
    write_ego_view(graph, views, "dataset/d")
    write_graph_tables(graph, tmp_path)
    expected = existing_views(graph, views)
    for source in (index_nodes(graph), index_skeleton(tmp_path / TABLES_FOLDER)):
        found = existing_views(source, views)
        assert len(found) == len(expected) == graph.number_of_nodes() and dict(found) == dict(expected)
