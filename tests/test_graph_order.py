"""The edge order of graph.json and the graph tables, walked a node at a time, is the global sort it replaced."""
from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from exports.graph_order import sorted_edges, sorted_in_pairs

_NODES = st.sampled_from(["paper/a", "paper/b", "method/bert", "dataset/squad", "venue/acl-2020", "a", "B"])
_KEYS = st.sampled_from(["uses", "proposes", "similarTo", "creator", "presentedAt"])


@given(st.lists(st.tuples(_NODES, _NODES, _KEYS), max_size=40))
def test_sorted_edges_and_in_pairs_are_the_global_sorts(edges: list[tuple[str, str, str]]) -> None:
    graph = nx.MultiDiGraph()
    for position, (u, v, key) in enumerate(edges):
        graph.add_edge(u, v, key=key, position=position)
    graph.add_node("lonely")
    walked = [(u, v, k, data) for u, v, k, data in sorted_edges(graph)]
    expected = sorted(graph.edges(keys=True), key=lambda e: (e[0], e[1], str(e[2])))
    assert [(u, v, k) for u, v, k, _ in walked] == expected
    assert all(data is graph.edges[u, v, k] for u, v, k, data in walked)
    assert list(sorted_in_pairs(graph)) == sorted({(v, u) for u, v in graph.edges()})
