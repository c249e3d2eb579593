"""kg.shared_keys: the graph's attribute dicts, made smaller, are the same dicts to every reader.

Round h14ba (docs/scaling.md, "Graph memory, thirtieth session"): a dict whose keys are shared with its
layout's is equal to the one it replaces, iterates in the same order, is written the same by ``json`` and
``pickle``, and changes like any dict; a graph compacted in place gives the same node-link data and JSON; and
the graph ``kg.build()`` returns holds its attribute dicts in at most three quarters of the bytes plain dicts
take (which fails on the build before the round, whose dicts were plain).
"""
from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import tracemalloc
from collections.abc import Callable

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kg.pipeline import build
from kg.shared_keys import MAX_KEYS, add_edge, add_node, compact_graph, shared_key_dict

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=3),
                    st.lists(st.integers(), max_size=2))


@given(st.lists(st.dictionaries(st.text(max_size=4), _VALUES, max_size=12), max_size=6))
def test_a_shared_key_dict_is_an_equal_dict_in_the_same_order(dicts):
    for plain in dicts:
        shared = shared_key_dict(plain)
        assert type(shared) is dict and shared == plain and list(shared.items()) == list(plain.items())
        assert json.dumps(shared) == json.dumps(plain) and pickle.loads(pickle.dumps(shared)) == plain
        assert copy.deepcopy(shared) == plain and dict(shared) == plain and len(shared) == len(plain)
        for key in plain:
            assert key in shared and shared[key] is plain[key] and shared.get(key) is plain[key]


def test_a_shared_key_dict_changes_like_any_dict_and_leaves_the_others_of_its_layout():
    first, second = (shared_key_dict({"relation": "uses", "source": name}) for name in ("a", "b"))
    first["source"], first["added"] = "c", 1
    del second["relation"]
    second["relation"] = "proposes"
    assert list(first.items()) == [("relation", "uses"), ("source", "c"), ("added", 1)]
    assert list(second.items()) == [("source", "b"), ("relation", "proposes")]
    third = shared_key_dict({"relation": "uses", "source": "d"})
    assert list(third.items()) == [("relation", "uses"), ("source", "d")]


def test_dicts_that_gain_nothing_are_returned_as_they_are():
    for plain in ({}, {1: "x"}, {("a",): 1}, {f"k{n}": n for n in range(MAX_KEYS + 1)}):
        assert shared_key_dict(plain) is plain


def _random_graph(seed: int, papers: int = 300) -> nx.MultiDiGraph:
    """Papers using entities with mentions, authors, and similarity links with shared ``scores`` dicts."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    scores = [{"combined": round(rng.random(), 4)} for _ in range(5)]
    for n in range(papers):
        paper = f"paper/{n}"
        graph.add_node(paper, kind="paper", label=f"P{n}", title=f"Title {n}", year=2000 + n % 20,
                       extra={"pages": f"{n}-{n + 9}"} if n % 3 else {}, sources=[f"v{n % 7}.xml"])
        for m in rng.sample(range(40), 3):
            graph.add_node(f"method/{m}", kind="method", label=f"M{m}", alt_labels=[], sources=["v.xml"])
            graph.add_edge(paper, f"method/{m}", key="uses", relation="uses", confidence=0.9, source="v.xml",
                           start=n, end=n + 3, mentions=[{"name": f"M{m}", "start": n, "line": None}] * 2)
        graph.add_edge(paper, f"person/{n % 50}", key="creator", relation="creator", source="v.xml", position=1)
        if n:
            graph.add_edge(paper, f"paper/{rng.randrange(n)}", key="similarTo", relation="similarTo",
                           score=0.5, scores=rng.choice(scores), bases=["combined"])
    return graph


def test_a_compacted_graph_gives_the_same_node_link_data_and_json():
    graph = _random_graph(1)
    before = nx.node_link_data(graph, edges="links")
    text = json.dumps(before)
    compact_graph(graph)
    after = nx.node_link_data(graph, edges="links")
    assert after == before and json.dumps(after) == text
    for u, v, key in graph.edges(keys=True):
        assert graph._pred[v][u] is graph._succ[u][v]
    scores = {id(data["scores"]) for _, _, data in graph.edges(data=True) if "scores" in data}
    assert len(scores) <= 5  # a value shared by several edges stays one object


def test_only_the_relations_asked_for_are_compacted():
    graph = _random_graph(2, papers=20)
    nodes = dict(graph._node)
    uses = {(u, v): data for u, v, key, data in graph.edges(keys=True, data=True) if key == "uses"}
    compact_graph(graph, kinds=("method",), relations=("similarTo",))
    for node, attributes in nodes.items():
        assert (graph._node[node] is attributes) is (attributes.get("kind") != "method")
    assert all(graph.edges[u, v, "uses"] is data for (u, v), data in uses.items())
    with pytest.raises(TypeError):
        compact_graph(nx.MultiGraph())


def test_nodes_and_edges_added_with_shared_keys_make_the_graph_networkx_makes():
    rng = random.Random(4)
    plain, shared = nx.MultiDiGraph(), nx.MultiDiGraph()
    for step in range(600):
        u, v = f"n{rng.randrange(30)}", f"n{rng.randrange(30)}"
        attributes = {name: step for name in rng.sample(("kind", "label", "source", "start"), rng.randint(0, 3))}
        if rng.random() < 0.3:
            plain.add_node(u, **attributes)
            add_node(shared, u, dict(attributes))
        else:
            key = rng.choice(("uses", "creator", "similarTo"))
            plain.add_edge(u, v, key=key, **attributes)
            add_edge(shared, u, v, key, dict(attributes))
    assert json.dumps(nx.node_link_data(shared, edges="links")) == json.dumps(nx.node_link_data(plain, edges="links"))
    assert all(shared._pred[v][u] is shared._succ[u][v] for u, v in shared.edges())


def _plain_copy(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The graph again in plain dicts: new containers (attribute dicts, their dict and list values, a list's
    dicts), the same strings and numbers."""
    def plain(value):
        if type(value) is dict:
            return {key: plain(item) for key, item in value.items()}
        if type(value) is list:
            return [plain(item) for item in value]
        return value
    copied = nx.MultiDiGraph()
    for node, attributes in graph.nodes(data=True):
        copied.add_node(node, **plain(attributes))
    for u, v, key, attributes in graph.edges(keys=True, data=True):
        copied.add_edge(u, v, key=key, **plain(attributes))
    return copied


def _container_bytes(make: Callable[[], nx.MultiDiGraph]) -> tuple[int, int]:
    """Bytes of the containers of the graph ``make()`` returns, and of a plain copy's: the copy's are what making
    it took, the graph's what dropping it gives back while the copy holds the strings and numbers they share
    (traced from before the graph is made: :mod:`tracemalloc` sees only what is allocated while it runs)."""
    tracemalloc.start()
    try:
        graph = make()
        gc.collect()  # what making it left for the collector goes before the count
        start = tracemalloc.get_traced_memory()[0]
        copied = _plain_copy(graph)
        plain = tracemalloc.get_traced_memory()[0] - start
        start = tracemalloc.get_traced_memory()[0]
        del graph
        gc.collect()
        held = start - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert copied.number_of_edges()
    return held, plain


def _compacted_random_graph() -> nx.MultiDiGraph:
    graph = _random_graph(3)
    compact_graph(graph)
    return graph


def test_a_compacted_graph_takes_at_most_three_quarters_of_the_bytes():
    held, plain = _container_bytes(_compacted_random_graph)
    assert held <= 0.75 * plain, (held, plain)


def test_the_graph_build_returns_takes_at_most_three_quarters_of_the_bytes():
    held, plain = _container_bytes(lambda: build().graph)  # the bundled sample pages, with the similarity links
    assert held <= 0.75 * plain, (held, plain)
