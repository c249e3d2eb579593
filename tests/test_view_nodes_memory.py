"""What the node view's shards hold while they are written (exports/view_nodes.py): only the fields worth keeping."""
from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from exports import view_nodes


def _graph() -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    graph.add_node("dataset/d", kind="dataset", label="D")
    for n in range(40):
        graph.add_node(f"paper/{n:02d}", kind="paper", title=f"Paper {n}")
        graph.add_node(f"person/{n:02d}", kind="person", name=f"Person {n}")
        graph.add_edge(f"paper/{n:02d}", f"person/{n:02d}", key="creator", relation="creator", position=1)
        graph.add_edge(f"paper/{n:02d}", "dataset/d", key="uses", relation="uses", confidence=0.75)
    for n in range(39):
        graph.add_edge(f"paper/{n:02d}", f"paper/{n + 1:02d}", key="similarTo", relation="similarTo", score=0.5,
                       strength=0.25, basis="combined", weak=False, shared_entities=["dataset/d"],
                       shared_terms=["graph"])
    return graph


def _shards(folder: Path) -> dict:
    entries = {}
    for shard in sorted(folder.glob("*.js")):
        entries.update(json.loads(shard.read_text().split(", ", 1)[1].rsplit(");", 1)[0])["nodes"])
    return entries


def test_only_similar_links_fields_wait_in_the_memo_and_the_shards_are_the_same(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A link's fields are kept for its other end only where they cost something to make (``similarTo``'s names
    of shared entities); a creator's position or a confidence is made again at the other end, with the same
    shards."""
    graph = _graph()
    held: set[str] = set()
    real_entry = view_nodes._entry

    def recording_entry(graph, node, position, cache, sources, memo, later):
        entry = real_entry(graph, node, position, cache, sources, memo, later)
        held.update("sc" if "sc" in fields else "other" for fields in memo.values())
        return entry

    order = view_nodes.search_order(graph)
    expected = _shards(Path(view_nodes.write_node_data(graph, tmp_path / "a", order)[0]).parent)
    monkeypatch.setattr(view_nodes, "_entry", recording_entry)
    got = _shards(Path(view_nodes.write_node_data(graph, tmp_path / "b", order)[0]).parent)
    assert got == expected
    assert held == {"sc"}
    assert expected["paper/00"]["nb"][0][1:] == ["uses", 1, {"c": 0.75}]
