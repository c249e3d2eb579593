"""The node view's in-link digests taken from the last build's memo (exports/view_inlinks.py): the same digests
and shards as made from the graph alone, only the in-links of changed owners' targets marshalled again, and a
memo that is missing, damaged or made by other code is not used."""
from __future__ import annotations

import hashlib
from pathlib import Path

import networkx as nx
import pytest

from exports import view_inlinks
from exports.rdf_owners import owner_digests
from exports.view_inlinks import InLinkMemo, in_link_digest, in_link_digests
from kg.outputs import CACHE_FOLDER, IN_LINKS_FILE, write_outputs


def _owners(graph: nx.MultiDiGraph) -> dict:
    return dict(zip(graph, owner_digests(graph, graph)))


def _changed(graph: nx.MultiDiGraph, change: str) -> nx.MultiDiGraph:
    """A copy of ``graph`` with one kind of change, as a rebuild might see it (``graph`` itself for none: a copy
    lists some nodes' in-links in another order)."""
    if change == "none":
        return graph
    after = graph.copy()
    papers = sorted(node for node, kind in after.nodes(data="kind") if kind == "paper")
    edges = [(u, v, k) for u, v, k in after.edges(keys=True) if u == papers[0]]
    if change == "edge attribute":  # an in-link changed, its source's owner digest with it
        u, v, k = edges[0]
        after.edges[u, v, k]["source"] = "elsewhere.txt"
    elif change == "new edge":
        after.add_edge(papers[0], papers[1], key="similarTo", relation="similarTo", score=0.5)
    elif change == "removed edge":
        after.remove_edge(*edges[-1])
    elif change == "removed node":
        after.remove_node(papers[1])
    elif change == "node attribute":  # a source's own attribute: its targets' in-links are the same values
        after.nodes[papers[0]]["title"] = "A changed title"
    return after


@pytest.mark.parametrize("change", ["none", "edge attribute", "new edge", "removed edge", "removed node",
                                    "node attribute"])
def test_memo_gives_the_digests_made_from_the_graph(sample_build, change: str) -> None:
    """The last build's memo gives each node's in-link digest as marshalling it would, after each change, and
    only nodes linked from an owner that changed are marshalled."""
    before = sample_build.graph
    memo = InLinkMemo()
    in_link_digests(before, _owners(before), memo)
    after = _changed(before, change)
    owners, old = _owners(after), _owners(before)
    again = memo.next()
    found = in_link_digests(after, owners, again)
    assert found == {node: in_link_digest(after._pred[node]) for node in after}
    changed = {node for node in after if old.get(node) != owners[node]}
    linked = {node for node in after if after._pred[node] and (not changed.isdisjoint(after._pred[node])
                                                                or list(after._pred[node]) != list(before._pred[node]))}
    assert again.marshalled == len(linked), (again.marshalled, linked)
    if change == "none":
        assert again.marshalled == 0
    else:
        assert again.marshalled > 0  # the in-links a changed owner makes are not taken from the memo


def test_the_memo_never_keys_in_links_by_unchanged_owners_whose_edges_moved() -> None:
    """Two graphs whose sources have the same owner digests share keys, and those give the same in-links; a
    source whose edge to the node went away is a changed owner, so the node's key changes."""
    graph = nx.MultiDiGraph()
    graph.add_edge("paper/a", "dataset/d", key="uses", relation="uses", mentions=[{"name": "D"}])
    graph.add_edge("paper/b", "dataset/d", key="uses", relation="uses")
    memo = InLinkMemo()
    first = in_link_digests(graph, _owners(graph), memo)
    graph.remove_edge("paper/b", "dataset/d", key="uses")
    again = memo.next()
    assert in_link_digests(graph, _owners(graph), again)["dataset/d"] == in_link_digest(graph._pred["dataset/d"])
    assert again.marshalled == 1 and first["dataset/d"] != in_link_digest(graph._pred["dataset/d"])


def test_nodes_linked_from_the_same_sources_keep_their_own_digests() -> None:
    """A source's owner digest names all its out-edges: the node's id keeps apart the in-links of two nodes
    the same sources link to."""
    graph = nx.MultiDiGraph()
    graph.add_edge("paper/a", "dataset/d", key="uses", relation="uses", confidence=0.9)
    graph.add_edge("paper/a", "method/m", key="uses", relation="uses", confidence=0.5)
    memo = InLinkMemo()
    first = in_link_digests(graph, _owners(graph), memo)
    again = memo.next()
    assert in_link_digests(graph, _owners(graph), again) == first and again.marshalled == 0
    assert first["dataset/d"] == in_link_digest(graph._pred["dataset/d"]) != first["method/m"]


def test_kg_outputs_keep_the_memo_and_use_it(tmp_path: Path, sample_build, monkeypatch: pytest.MonkeyPatch) -> None:
    """write_outputs with a cache folder saves the memo and the next build of the same graph marshals no node's
    in-links; a changed title marshals only what that paper links to; the views equal a fresh build's."""
    out, graph = tmp_path / "out", sample_build.graph.copy()  # changed in place below
    write_outputs(graph, out, cache_dir=out / CACHE_FOLDER)
    memo_file = out / CACHE_FOLDER / IN_LINKS_FILE
    assert len(InLinkMemo.load(memo_file).known) == sum(1 for node in graph if graph._pred[node])
    marshalled: list[int] = []
    make = view_inlinks.in_link_digest

    def counted(in_links):
        marshalled.append(1)
        return make(in_links)

    monkeypatch.setattr(view_inlinks, "in_link_digest", counted)
    write_outputs(graph, out, cache_dir=out / CACHE_FOLDER)
    assert len(marshalled) == 1  # the empty in-links' digest, made once
    first = min(node for node, kind in graph.nodes(data="kind") if kind == "paper")
    keyed = next(iter(graph._succ[first].values()))
    next(iter(keyed.values()))["source"] = "elsewhere.txt"  # one edge of one paper: its owner digest changes
    marshalled.clear()
    write_outputs(graph, out, cache_dir=out / CACHE_FOLDER)
    assert len(marshalled) == 1 + len(graph._succ[first])  # the empty in-links' and the changed paper's targets'
    monkeypatch.undo()
    write_outputs(graph, tmp_path / "fresh")
    assert _digests(out / "views") == _digests(tmp_path / "fresh" / "views")


@pytest.mark.parametrize("damage", ["missing", "truncated", "other code", "not a memo"])
def test_a_memo_that_cannot_be_trusted_is_not_used(tmp_path: Path, sample_build, damage: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing, damaged or foreign memo reads as empty: every node's in-links are marshalled, and the views
    are a fresh build's."""
    out, graph = tmp_path / "out", sample_build.graph
    write_outputs(graph, out, cache_dir=out / CACHE_FOLDER)
    memo_file = out / CACHE_FOLDER / IN_LINKS_FILE
    if damage == "missing":
        memo_file.unlink()
    elif damage == "truncated":
        memo_file.write_bytes(memo_file.read_bytes()[:-40])
    elif damage == "other code":
        monkeypatch.setattr(view_inlinks, "inlinks_key", lambda: "another version of kg")
    else:
        (out / CACHE_FOLDER / "turtle-blocks.npz").replace(memo_file)
    assert InLinkMemo.load(memo_file).known == {}
    monkeypatch.undo()
    after = _changed(graph, "new edge")
    write_outputs(after, out, cache_dir=out / CACHE_FOLDER)
    write_outputs(after, tmp_path / "fresh")
    assert _digests(out / "views") == _digests(tmp_path / "fresh" / "views")


def _digests(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}
