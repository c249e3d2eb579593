"""``kg.shared_keys.add_edge`` puts a new pair's dict into both adjacencies itself where both nodes exist (round
h14bj): the graph is the one networkx's ``add_edge`` makes, in every order a reader can see (nodes, each node's
successors and predecessors, each pair's keys), and a converted graph networkx cached is dropped as its own
``add_edge`` drops it."""
from __future__ import annotations

import random

import networkx as nx

from kg.shared_keys import add_edge, add_node


def _orders(graph: nx.MultiDiGraph) -> tuple:
    """Everything about ``graph`` in the orders its dicts keep."""
    return (list(graph._node.items()),
            [(u, [(v, list(keyed.items())) for v, keyed in targets.items()]) for u, targets in graph._succ.items()],
            [(v, [(u, list(keyed.items())) for u, keyed in sources.items()]) for v, sources in graph._pred.items()])


def test_edges_added_among_known_and_new_nodes_make_networkx_s_graph_in_every_order():
    for seed in range(5):
        rng = random.Random(seed)
        plain, shared = nx.MultiDiGraph(), nx.MultiDiGraph()
        for step in range(800):
            u, v = f"n{rng.randrange(40)}", f"n{rng.randrange(40)}"  # new nodes early, known ones later, self-loops
            attributes = {name: step for name in rng.sample(("relation", "source", "score"), rng.randint(0, 3))}
            if rng.random() < 0.2:
                plain.add_node(u, **attributes)
                add_node(shared, u, dict(attributes))
            else:
                key = rng.choice(("uses", "proposes", "creator", "similarTo"))
                plain.add_edge(u, v, key=key, **attributes)
                add_edge(shared, u, v, key, dict(attributes))
        assert _orders(shared) == _orders(plain)
        assert all(shared._pred[v][u] is shared._succ[u][v] for u, v in shared.edges())
        assert any(u == v for u, v in shared.edges())


def test_the_graph_keeps_none_of_the_callers_dicts():
    graph = nx.MultiDiGraph()
    graph.add_node("a")
    graph.add_node("b")
    attributes = {"relation": "uses"}
    add_edge(graph, "a", "b", "uses", attributes)
    attributes["relation"] = "changed"
    assert graph.edges["a", "b", "uses"] == {"relation": "uses"}


def test_an_edge_between_known_nodes_drops_networkx_s_cached_conversions():
    graph = nx.MultiDiGraph()
    graph.add_nodes_from("ab")
    graph.__networkx_cache__["converted"] = "stale"  # what a backend dispatch leaves there
    add_edge(graph, "a", "b", "uses", {"relation": "uses"})
    assert graph.__networkx_cache__ == {}


def test_a_frozen_graph_refuses_a_new_pair_as_networkx_does():
    graph = nx.MultiDiGraph()
    add_edge(graph, "paper/a", "venue/v", "presentedAt", {"relation": "presentedAt"})
    add_node(graph, "paper/b", {"kind": "paper"})
    nx.freeze(graph)
    for u, v, key in (("paper/b", "venue/v", "presentedAt"), ("paper/a", "venue/v", "cites")):
        try:
            add_edge(graph, u, v, key, {"relation": key})
        except nx.NetworkXError:
            continue
        raise AssertionError(f"a frozen graph took the edge {u} -> {v} ({key})")
