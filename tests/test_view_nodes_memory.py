"""What the node view's shards hold while they are written (exports/view_nodes.py): no link's fields wait for
its other end."""
from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from exports import view_nodes


def _graph() -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    graph.add_node("dataset/d", kind="dataset", label="D")
    shared = ["dataset/d"]  # one list for every link, as kg.shared_values makes equal ones
    for n in range(400):
        graph.add_node(f"paper/{n:03d}", kind="paper", title=f"Paper {n}")
        graph.add_node(f"person/{n:03d}", kind="person", name=f"Person {n}")
        graph.add_edge(f"paper/{n:03d}", f"person/{n:03d}", key="creator", relation="creator", position=1)
        graph.add_edge(f"paper/{n:03d}", "dataset/d", key="uses", relation="uses", confidence=0.75)
    for n in range(399):
        graph.add_edge(f"paper/{n:03d}", f"paper/{n + 1:03d}", key="similarTo", relation="similarTo", score=0.5,
                       strength=0.25, basis="combined", weak=False, shared_entities=shared,
                       shared_terms=[f"term {n}"])  # lists of their own too
    return graph


def _shards(folder: Path) -> dict:
    entries = {}
    for shard in sorted(folder.glob("*.js")):
        entries.update(json.loads(shard.read_text().split(", ", 1)[1].rsplit(");", 1)[0])["nodes"])
    return entries


def _similar_fields(value: Any) -> list[dict]:
    """The similarTo fields dicts inside a shard's entries."""
    return [link[3] for entry in value["nodes"].values() for link in entry["nb"]
            if len(link) > 3 and "sc" in link[3]]


def test_no_links_fields_outlive_their_shard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When a shard is written, the only similarTo fields alive are its own entries': none waits in a memo for a
    later shard (before, those of every link whose other end was still to come did: ~0.09 GB on the full
    Anthology), and the shards hold the same fields at both ends of every link."""
    graph = _graph()
    stray: list[int] = []
    real = view_nodes.script_json_bytes

    def checking(value: Any) -> bytes:
        if isinstance(value, dict) and "nodes" in value:
            own = {id(fields) for fields in _similar_fields(value)}
            alive = [thing for thing in gc.get_objects()  # (not a TypedDict's annotations)
                     if type(thing) is dict and thing.get("sc") == 0.5 and thing.get("b") == "combined"]
            stray.append(sum(id(thing) not in own for thing in alive))
        return real(value)

    monkeypatch.setattr(view_nodes, "script_json_bytes", checking)
    paths = view_nodes.write_node_data(graph, tmp_path, view_nodes.search_order(graph))
    assert len(paths) == 8 and len(stray) == 8
    assert stray == [0] * 8
    entries = _shards(tmp_path)
    for n in range(399):
        there = [link for link in entries[f"paper/{n:03d}"]["nb"] if link[1] == "similarTo" and link[2] == 1]
        back = [link for link in entries[f"paper/{n + 1:03d}"]["nb"] if link[1] == "similarTo" and link[2] == 0]
        assert there[0][3] == back[0][3] == {"sc": 0.5, "st": 0.25, "b": "combined", "se": ["D"],
                                             "tm": [f"term {n}"]}
    assert entries["paper/000"]["nb"][0][1:] == ["uses", 1, {"c": 0.75}]


def test_shared_names_follow_the_list_not_its_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """The names kept by a list's identity are used only for that very list: another list given the id of one
    that is gone, or the memo emptied when full, names its own entities."""
    graph = nx.MultiDiGraph()
    graph.add_node("dataset/a", kind="dataset", label="A")
    graph.add_node("dataset/b", kind="dataset", label="B")
    shown = view_nodes._Shown(graph)
    first = ["dataset/a"]
    assert shown.shared_entities(first) == ["A"]
    shown.entities[id(first)] = (["other"], ["stale"])  # as if another list had had this id
    assert shown.shared_entities(first) == ["A"]
    monkeypatch.setattr(view_nodes, "_SHOWN_HELD", 2)
    lists = [["dataset/b"] for _ in range(5)]
    assert [shown.shared_entities(value) for value in lists] == [["B"]] * 5
    assert len(shown.entities) <= 2
    assert view_nodes._first_texts(["x", " y  z ", "", "w", "v", "u", "t"]) == ["x", "y z", "w", "v", "u"]


def test_the_in_link_memo_is_packed_once_the_fingerprints_are_made(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-link digests the next build reads wait through the shards' entries as two byte strings, not as a
    dict of a pair of bytes objects per node (~35 MB on the full Anthology), and are saved as before."""
    from exports.rdf_owners import owner_digests
    from exports.view_fingerprint import PageRecord
    from exports.view_inlinks import InLinkMemo, in_link_digests

    graph = _graph()
    memo = InLinkMemo()
    held: list[int] = []
    real = view_nodes._entry

    def entry(*args: Any) -> Any:
        held.append(len(memo.made) + len(memo.known))
        return real(*args)

    monkeypatch.setattr(view_nodes, "_entry", entry)
    view_nodes.write_node_data(graph, tmp_path / "shards", view_nodes.search_order(graph), record=PageRecord(),
                               in_links=memo)
    assert held and set(held) == {0}
    linked = sum(1 for node in graph if graph._pred[node])
    assert len(memo) == linked
    unsealed = InLinkMemo()
    in_link_digests(graph, dict(zip(graph, owner_digests(graph, graph))), unsealed)
    memo.save(tmp_path / "sealed.npz")
    unsealed.save(tmp_path / "unsealed.npz")
    assert (tmp_path / "sealed.npz").read_bytes() == (tmp_path / "unsealed.npz").read_bytes()
    assert memo.next().known == unsealed.next().known
