"""Round h14as: an entity page is fingerprinted from the graph, without building its subgraph.

:func:`exports.views.write_views` kept an entity's page when the digest of its subgraph was the one recorded,
but built that subgraph (``_induced``: 1.3 s for the full Anthology's 44 kept pages) only to digest it.  The
view kinds whose subgraph is induced on a set of nodes name that set (``ViewKind.nodes``) and the page's
fingerprint is :func:`exports.view_fingerprint.induced_digest` of it: a kept page builds no subgraph, and a
rebuilt folder must still be the one a build into an empty folder writes, on add, change and remove.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import networkx as nx
import pytest

import exports.view_kinds as kinds_module
from exports.view_fingerprint import induced_digest, view_graph_digest
from exports.view_kinds import VIEW_KINDS, ego_graph
from exports.views import write_views


def _files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def _graph() -> nx.MultiDiGraph:
    """Papers at two venues naming shared entities, each with an author, and similarTo links sharing entities."""
    g = nx.MultiDiGraph()
    papers = {"a": ["method/bert", "dataset/squad"], "b": ["method/bert", "dataset/glue"],
              "c": ["method/gpt", "dataset/squad"], "d": ["method/lstm", "dataset/ptb"],
              "e": ["method/lstm", "dataset/glue"]}
    for paper, entities in papers.items():
        g.add_node(f"paper/{paper}", kind="paper", title=f"Paper {paper}", year=2026)
        venue = "venue/acl" if paper in "abc" else "venue/emnlp"
        g.add_node(venue, kind="venue", label=venue.split("/")[1].upper())
        g.add_edge(f"paper/{paper}", venue, key="presentedAt", relation="presentedAt")
        g.add_node(f"person/{paper}", kind="person", name=f"Author {paper.upper()}")
        g.add_edge(f"paper/{paper}", f"person/{paper}", key="creator", relation="creator", position=1)
        for entity in entities:
            g.add_node(entity, kind=entity.split("/")[0], label=entity.split("/")[1].upper(),
                       sources=[f"{paper}.txt"])
            g.add_edge(f"paper/{paper}", entity, key="uses", relation="uses", confidence=0.9)
    for a, b in [("a", "b"), ("a", "c"), ("d", "e"), ("b", "e")]:
        shared = sorted(set(papers[a]) & set(papers[b]))
        g.add_edge(f"paper/{a}", f"paper/{b}", key="similarTo", relation="similarTo", score=0.5,
                   shared_entities=shared, shared_terms=["common"])
    return g


def _add_paper(g: nx.MultiDiGraph) -> None:
    g.add_node("paper/f", kind="paper", title="Paper f", year=2026)
    g.add_edge("paper/f", "venue/emnlp", key="presentedAt", relation="presentedAt")
    g.add_edge("paper/f", "method/gpt", key="uses", relation="uses", confidence=0.8)
    g.nodes["method/gpt"]["sources"] = ["c.txt", "f.txt"]


def _rename_author(g: nx.MultiDiGraph) -> None:
    g.nodes["person/a"]["name"] = "Author Renamed"  # paper/a's details name it: BERT's and SQuAD's pages


def _rename_shared_entity(g: nx.MultiDiGraph) -> None:
    g.nodes["dataset/squad"]["label"] = "SQuAD 2.0"  # drawn on its pages, and named by a similarTo link


def _change_edge(g: nx.MultiDiGraph) -> None:
    g.edges["paper/d", "method/lstm", "uses"]["confidence"] = 0.4


def _remove_paper(g: nx.MultiDiGraph) -> None:
    g.remove_node("paper/c")
    g.remove_node("person/c")


def _remove_link(g: nx.MultiDiGraph) -> None:
    g.remove_edge("paper/a", "paper/b", key="similarTo")


CHANGES: dict[str, Callable[[nx.MultiDiGraph], None]] = {
    "add a paper": _add_paper, "rename an author": _rename_author, "rename a shared entity": _rename_shared_entity,
    "change an edge": _change_edge, "remove a paper": _remove_paper, "remove a link": _remove_link,
    "nothing": lambda g: None}


@pytest.fixture()
def induced(monkeypatch: pytest.MonkeyPatch) -> list[frozenset]:
    """The node sets of the subgraphs ``exports.view_kinds._induced`` builds while the test runs."""
    built: list[frozenset] = []
    make = kinds_module._induced

    def spy(graph, nodes):
        nodes = set(nodes)
        built.append(frozenset(nodes))
        return make(graph, nodes)

    monkeypatch.setattr(kinds_module, "_induced", spy)
    return built


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_rebuild_writes_the_folder_a_fresh_build_writes(tmp_path: Path, change: str,
                                                          induced: list[frozenset]) -> None:
    before, after = _graph(), _graph()
    CHANGES[change](after)
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    write_views(before, folder, top=40)
    pages = {path.name: path.stat().st_ino for path in folder.glob("*.html")}
    induced.clear()
    write_views(after, folder, top=40)
    rewritten = {path.name for path in folder.glob("*.html") if pages.get(path.name) != path.stat().st_ino}
    subgraphs = list(induced)
    write_views(after, fresh, top=40)
    assert _files(folder) == _files(fresh)
    # an entity page is built (its subgraph made) only where it is written
    entity_pages = {path.name for path in fresh.glob("*.html") if path.name.split("-")[0] in ("method", "dataset")}
    assert len(subgraphs) == len(entity_pages & rewritten)
    if change == "nothing":
        assert subgraphs == [] and not entity_pages & rewritten


def test_a_kept_entity_page_builds_no_subgraph(tmp_path: Path, induced: list[frozenset]) -> None:
    g = _graph()
    write_views(g, tmp_path / "views", top=40)
    assert induced  # the first build draws every entity page from its subgraph
    induced.clear()
    write_views(g, tmp_path / "views", top=40)
    assert induced == []


@pytest.mark.parametrize("change", sorted(set(CHANGES) - {"nothing"}))
def test_the_digest_changes_where_the_subgraph_does(change: str) -> None:
    """For every entity: the induced digest changes whenever the subgraph's own digest does (what the page
    draws), and stays where neither does."""
    before, after = _graph(), _graph()
    CHANGES[change](after)
    for entity in sorted(n for n, kind in before.nodes(data="kind") if kind in ("method", "dataset")):
        if entity not in after:
            continue
        view = VIEW_KINDS["entity"]
        old_nodes, new_nodes = view.nodes(before, entity), view.nodes(after, entity)
        assert old_nodes == set(ego_graph(before, entity)) and new_nodes == set(ego_graph(after, entity))
        old = induced_digest(before, old_nodes, cache={}, view_files=None)
        new = induced_digest(after, new_nodes, cache={}, view_files=None)
        old_view = view_graph_digest(before, ego_graph(before, entity), cache={}, view_files=None)
        new_view = view_graph_digest(after, ego_graph(after, entity), cache={}, view_files=None)
        assert (old == new) == (old_view == new_view), entity


def test_the_digest_reads_the_links_a_view_shares_and_its_files() -> None:
    g = _graph()
    nodes = VIEW_KINDS["entity"].nodes(g, "method/bert")
    first = induced_digest(g, nodes, cache={}, view_files=None)
    assert induced_digest(g, nodes, cache={}, view_files={"method/bert": "method-bert.html"}) != first
    g.nodes["person/b"]["name"] = "B. Author"
    assert induced_digest(g, nodes, cache={}, view_files=None) != first
    g.nodes["person/b"]["name"] = "Author B"
    assert induced_digest(g, nodes, cache={}, view_files=None) == first
    g.nodes["person/b"]["sources"] = ["b.txt"]  # a person's details are the paper's authors' names only
    assert induced_digest(g, nodes, cache={}, view_files=None) == first
