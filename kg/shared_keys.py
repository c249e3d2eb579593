"""Smaller attribute dicts for a built graph: ordinary dicts whose keys are shared with the other dicts of
their layout.

A networkx graph keeps a dict per node, a dict per linked pair (its edges by key, in a multigraph) and a dict
per edge; kg's edges add a dict per mention.  Built one by one, each such dict holds its own hash table of
keys: 184 bytes for up to five keys, 272 for up to ten, though every ``uses`` edge has the same eight keys and
most linked pairs the one key ``"creator"`` or ``"similarTo"``.  CPython's *split* dicts (PEP 412, the layout
of instances' ``__dict__``) keep the keys once, in their class, and only the values in each dict: with a class
per layout, a dict of one key takes 89 bytes, of five 120, of ten 168, of eighteen 240 (CPython 3.11, measured
with :mod:`tracemalloc`; docs/scaling.md, "Graph memory, thirtieth session").

:func:`shared_key_dict` returns such a dict, equal to the one given, with the same items in the same order;
:func:`add_node` and :func:`add_edge` add a node or edge with such dicts (how :func:`kg.graph.build_graph` and the
similarity search add theirs: each plain dict goes as the next comes, so no holes are left where the graph's dicts
were), and :func:`compact_graph` puts one in the place of every attribute dict of a graph built otherwise.  They
are ``dict`` objects
like any other: read, changed, copied, pickled and written as JSON the same (a key added later that is not in
the layout turns that one dict back into an ordinary one), so no reader of the graph sees a difference but its
size.  Where the interpreter keeps no split dicts (or the keys are not all strings) the copy is an ordinary
dict: only the memory saved differs.

>>> plain = {"relation": "uses", "source": "a.xml", "start": 3}
>>> shared = shared_key_dict(plain)
>>> shared == plain, list(shared.items()) == list(plain.items()), type(shared) is dict, shared is plain
(True, True, True, False)
>>> shared_key_dict({1: "x"}), shared_key_dict({})
({1: 'x'}, {})
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import partial
from typing import Any

import networkx as nx

__all__ = ["MAX_KEYS", "MAX_LAYOUTS", "add_edge", "add_edges", "add_node", "compact_graph", "shared_key_dict",
           "shared_key_maker", "shared_key_template"]

#: The most keys a split dict keeps (CPython's ``SHARED_KEYS_MAX_SIZE`` is 30; the layout's class needs one more
#: free slot); a dict of more keys stays as it is.
MAX_KEYS = 29
#: The most layouts given a class of their own (each costs a class, about 1 KB): the dicts of any other layout
#: stay as they are.  A graph built by kg has a few dozen.
MAX_LAYOUTS = 4096

_LAYOUTS: dict[tuple[str, ...], type] = {}


def shared_key_dict(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """A new dict with ``mapping``'s items in their order, its keys shared with the others of the same keys.

    ``mapping`` itself is returned (not copied) when it is empty, has more than :data:`MAX_KEYS` keys or a key
    that is not a ``str``, or when :data:`MAX_LAYOUTS` other layouts were met before: such dicts gain nothing.

    >>> a, b = shared_key_dict({"x": 1, "y": [2]}), shared_key_dict({"y": 3, "x": 4})
    >>> a, b, list(b)
    ({'x': 1, 'y': [2]}, {'y': 3, 'x': 4}, ['y', 'x'])
    >>> b["z"] = 5; b
    {'y': 3, 'x': 4, 'z': 5}
    """
    keys = tuple(mapping)
    layout = _LAYOUTS.get(keys)
    if layout is None:
        if not keys or len(keys) > MAX_KEYS or len(_LAYOUTS) >= MAX_LAYOUTS or any(type(k) is not str for k in keys):
            return mapping  # type: ignore[return-value]  # a dict where it matters: the graph's attribute dicts
        layout = _LAYOUTS[keys] = type("SharedKeys", (), {})
    shared = layout().__dict__  # the instance goes at once; its dict keeps the values, the class the keys
    for key, value in mapping.items():  # one by one: ``update`` of an empty dict would copy the other's keys
        shared[key] = value
    return shared


def shared_key_template(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """A :func:`shared_key_dict` of ``mapping`` whose ``copy()`` is a dict of the same layout, as small as those
    :func:`shared_key_dict` makes: a dict per edge or node made by copying it and putting its values takes about a
    quarter of the time (the full Anthology's 359,000 ``similarTo`` edges: docs/scaling.md, "The similarity's links
    and reasons, fortieth session").

    A split dict's copy gets as many value slots as its layout's keys have room for, and CPython 3.11 gives that
    room back one slot per instance of the layout's class, down to one spare: a layout of ten keys that has made
    one dict copies into 29 slots (336 bytes a dict), one that has made thirty into 11 (176 bytes), the size
    every :func:`shared_key_dict` of it gets.  So instances are made (and dropped) here until the room is spent.
    These are CPython's internals, measured on 3.11 and 3.12; on 3.13 a copy stays at 344 bytes whatever was made
    (review 46): make dicts with :func:`shared_key_maker`, which copies a template only where copies are small.

    >>> template = shared_key_template({"relation": "similarTo", "score": 0.0})
    >>> made = template.copy(); made["score"] = 0.5
    >>> made, template
    ({'relation': 'similarTo', 'score': 0.5}, {'relation': 'similarTo', 'score': 0.0})
    """
    template = shared_key_dict(mapping)
    layout = _LAYOUTS.get(tuple(mapping))
    if layout is not None:
        for _ in range(MAX_KEYS + 2):  # more than the room a layout's keys start with
            layout()
    return template


#: Whether a :func:`shared_key_template`'s copies are as small as a :func:`shared_key_dict` (CPython 3.11 and 3.12,
#: measured by review 46; not 3.13, where a copy keeps a layout's whole room).
TEMPLATE_COPIES_ARE_SMALL = sys.implementation.name == "cpython" and sys.version_info < (3, 13)


def shared_key_maker(mapping: Mapping[str, Any]) -> Callable[[], dict[str, Any]]:
    """A function making a new dict with ``mapping``'s keys and values, as small as a :func:`shared_key_dict`: a
    :func:`shared_key_template`'s ``copy`` where such copies are small (:data:`TEMPLATE_COPIES_ARE_SMALL`), else
    :func:`shared_key_dict` of ``mapping`` each time (slower, as small).

    >>> make = shared_key_maker({"relation": "similarTo", "score": 0.0})
    >>> made = make(); made["score"] = 0.5
    >>> made, make()
    ({'relation': 'similarTo', 'score': 0.5}, {'relation': 'similarTo', 'score': 0.0})
    """
    if TEMPLATE_COPIES_ARE_SMALL:
        return shared_key_template(mapping).copy
    return partial(shared_key_dict, dict(mapping))


def add_node(graph: nx.MultiDiGraph, node: str, attributes: dict[str, Any]) -> None:
    """``graph.add_node(node, **attributes)``, the node's attribute dict made a :func:`shared_key_dict` as it is
    added (an existing node's dict is updated, as networkx does).

    Made one at a time, each plain dict goes as the next one comes, so its block is used again at once: replacing
    every dict of a finished graph (:func:`compact_graph`) leaves the old blocks as holes between the graph's other
    objects, which only later work fills (docs/scaling.md, "Graph memory, thirtieth session").

    >>> g = nx.MultiDiGraph()
    >>> add_node(g, "paper/a", {"kind": "paper", "label": "A"}); add_node(g, "paper/a", {"year": 2020})
    >>> g.nodes["paper/a"]
    {'kind': 'paper', 'label': 'A', 'year': 2020}
    """
    nodes = graph._node
    if node in nodes:
        nodes[node].update(attributes)
        return
    graph.add_node(node)
    nodes[node] = _own_copy(attributes)


def add_edge(graph: nx.MultiDiGraph, u: str, v: str, key: str, attributes: dict[str, Any]) -> None:
    """``graph.add_edge(u, v, key=key, **attributes)``, the edge's attribute dict and its pair's dict of edges
    by key made :func:`shared_key_dict` as they are added (an existing edge's dict is updated, as networkx does).

    >>> g = nx.MultiDiGraph()
    >>> add_edge(g, "paper/a", "venue/v", "presentedAt", {"relation": "presentedAt", "source": "a.xml"})
    >>> add_edge(g, "paper/a", "venue/v", "cites", {"relation": "cites"})
    >>> g.edges["paper/a", "venue/v", "presentedAt"], list(g.succ["paper/a"]["venue/v"])
    ({'relation': 'presentedAt', 'source': 'a.xml'}, ['presentedAt', 'cites'])
    >>> g._pred["venue/v"]["paper/a"] is g._succ["paper/a"]["venue/v"]
    True
    """
    succ = graph._succ
    targets = succ.get(u)
    keyed = targets.get(v) if targets is not None else None
    if keyed is not None and key in keyed:
        keyed[key].update(attributes)
        return
    if targets is None or v not in succ or nx.is_frozen(graph):  # a new node (networkx adds it and refuses None;
        # a frozen graph: networkx refuses the change), with the pair's dict
        graph.add_edge(u, v, key=key)
        targets = succ[u]
        keyed = targets[v]
    elif keyed is None:  # a new pair of known nodes: its dict goes at the end of both adjacencies, as networkx puts it
        keyed = {}  # (without the empty dicts its add_edge makes only to be replaced here: the full Anthology's
        # 921,000 edges in 5.4 CPU s instead of 5.9, docs/scaling.md, "The one-page rebuild, thirty-eighth session")
    keyed[key] = _own_copy(attributes)
    targets[v] = graph._pred[v][u] = shared_key_dict(keyed)  # the one dict of the pair, in both adjacencies
    if cache := getattr(graph, "__networkx_cache__", None):  # as networkx's add_edge clears it (networkx >= 3.3):
        cache.clear()  # no converted graph kept past a change


def add_edges(graph: nx.MultiDiGraph, key: str, edges: Iterable[tuple[str, str, dict[str, Any]]]) -> int:
    """:func:`add_edge` ``(graph, u, v, key, attributes)`` for each of ``edges``; return how many were new.

    Each ``attributes`` dict goes into the graph as it is, not copied (give a :func:`shared_key_dict` made for that
    edge alone, such as one a :func:`shared_key_maker` makes): the similarity search's 359,000 edges of the full Anthology, most
    between two papers not yet linked, each get one dict instead of two.  An edge that joins a pair already linked,
    or a node not in the graph, is added by :func:`add_edge` (a copy of its dict).

    >>> g = nx.MultiDiGraph([("paper/a", "paper/b")])
    >>> template = shared_key_template({"relation": "similarTo", "score": 0.0})
    >>> made = [template.copy() for _ in range(2)]
    >>> made[1]["score"] = 0.5
    >>> add_edges(g, "similarTo", [("paper/a", "paper/b", made[0]), ("paper/b", "paper/a", made[1])])
    2
    >>> g.edges["paper/b", "paper/a", "similarTo"] is made[1], list(g.edges(keys=True))
    (True, [('paper/a', 'paper/b', 0), ('paper/a', 'paper/b', 'similarTo'), ('paper/b', 'paper/a', 'similarTo')])
    """
    succ, pred = graph._succ, graph._pred
    frozen = nx.is_frozen(graph)
    new_pair = shared_key_maker({key: None})  # a linked pair's dict of edges by key, one for each new pair
    added = changed = 0
    for u, v, attributes in edges:
        targets = succ.get(u)
        if targets is None or frozen or v in targets or v not in succ:
            existed = targets is not None and key in targets.get(v, ())
            add_edge(graph, u, v, key, attributes)
            added += not existed
            continue
        keyed = new_pair()
        keyed[key] = attributes
        targets[v] = pred[v][u] = keyed  # at the end of both adjacencies, as networkx puts a new pair
        added += 1
        changed = 1
    if changed and (cache := getattr(graph, "__networkx_cache__", None)):  # as add_edge clears it: once here
        cache.clear()
    return added


def _own_copy(attributes: dict[str, Any]) -> dict[str, Any]:
    """A :func:`shared_key_dict` of ``attributes``, or a plain copy where it would be ``attributes`` itself (the
    graph never holds the caller's dict, as with networkx's own methods)."""
    compact = shared_key_dict(attributes)
    return dict(attributes) if compact is attributes else compact


def compact_graph(graph: nx.MultiDiGraph, *, kinds: Collection[str] | None = None,
                  relations: Collection[str] | None = None) -> None:
    """Put a :func:`shared_key_dict` in the place of every node's, linked pair's and edge's attribute dict of
    ``graph``, and of each dict among those attributes' values (``scores``) or in a list that is one of them
    (``mentions``).  Nothing is added, removed or reordered: every attribute keeps its value, equal and of the
    same type.

    ``kinds``: only the nodes of these kinds (their ``kind`` attribute; ``()``: no node); ``relations``: only the
    pairs linked by an edge with one of these keys, and only those edges (what one step of assembly, or the
    similarity search, added).  A value shared by several nodes or edges (:mod:`kg.shared_values`) stays one
    object.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", extra={"pages": "1-9"})
    >>> _ = g.add_edge("paper/a", "method/m", key="uses", relation="uses", mentions=[{"name": "M", "start": 1}])
    >>> before = nx.node_link_data(g, edges="links")
    >>> compact_graph(g)
    >>> nx.node_link_data(g, edges="links") == before, g._pred["method/m"]["paper/a"] is g._succ["paper/a"]["method/m"]
    (True, True)
    """
    if not graph.is_directed() or not graph.is_multigraph():
        raise TypeError("compact_graph takes a directed multigraph (nx.MultiDiGraph)")
    shared: dict[int, tuple[Any, Any]] = {}  # id(value) -> (value, its compact copy), for values used more than once
    nodes = graph._node
    if kinds is None or kinds:
        wanted_kinds = None if kinds is None else frozenset(kinds)
        for node, attributes in nodes.items():  # same keys: the dict may be changed while it is walked
            if wanted_kinds is None or attributes.get("kind") in wanted_kinds:
                nodes[node] = _compact_attributes(attributes, shared)
    wanted = None if relations is None else frozenset(relations)
    if wanted is not None and not wanted:
        return
    pred = graph._pred
    for u, targets in graph._succ.items():
        for v, keyed in targets.items():
            if wanted is not None and wanted.isdisjoint(keyed):
                continue
            compact = shared_key_dict({key: data if wanted is not None and key not in wanted
                                       else _compact_attributes(data, shared) for key, data in keyed.items()})
            targets[v] = pred[v][u] = compact  # the one dict of the pair, in both adjacencies


def _compact_attributes(attributes: dict[str, Any], shared: dict[int, tuple[Any, Any]]) -> dict[str, Any]:
    """``attributes`` as a :func:`shared_key_dict`, and so each dict among its values or in a list of them (a list
    whose first item is a dict: a list that has a dict further on keeps its dicts as they are)."""
    compact = shared_key_dict(attributes)
    for key, value in compact.items():
        kind = type(value)
        if kind is dict or kind is list and value and type(value[0]) is dict:  # kg's lists of dicts hold only dicts
            references = sys.getrefcount(value)  # on its own: a call's arguments on the stack would count
            compact[key] = _compact_value(value, shared, many=references > _HELD_ONCE)
    return compact


def _held_once() -> int:
    """``sys.getrefcount`` of a value in :func:`_compact_attributes`' loop that only its attribute dict holds:
    that dict, its copy, the loop's name and the call's argument (measured, not assumed: interpreters differ)."""
    attributes = {"probe": {}}
    for _, value in dict(attributes).items():  # noqa: PERF102 -- items(), as the loop measured: its tuple counts
        references = sys.getrefcount(value)
        return references
    raise AssertionError("unreachable")


_HELD_ONCE = _held_once()


def _compact_value(value: dict | list, shared: dict[int, tuple[Any, Any]], *, many: bool) -> dict | list:
    """A dict value as a :func:`shared_key_dict`, a list's dicts as such; one copy of a value held ``many`` times
    (kept in ``shared`` with the value itself, whose id then stays its own)."""
    if many and (found := shared.get(id(value))) is not None:
        return found[1]
    if type(value) is dict:
        compact: dict | list = shared_key_dict(value)
    else:
        compact = [shared_key_dict(item) if type(item) is dict else item for item in value]
    if many:
        shared[id(value)] = (value, compact)
    return compact
