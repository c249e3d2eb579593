"""A graph copied with its nodes and edges in another insertion order, and a build folder's files by content, for
tests that the outputs depend on the graph's content only (docs/scaling.md, round h14bx: step S0 of the partitioned
assembly reads the graph back in id order, not in the order assembly inserted it).

>>> graph = nx.MultiDiGraph(name="toy")
>>> graph.add_node("b", label="B")
>>> graph.add_edge("b", "a", key="uses", weight=1)
'uses'
>>> copy = copied_in_order(graph, ORDERS["reversed"])
>>> list(copy.nodes(data=True)), list(copy.edges(keys=True, data=True)), copy.graph
([('a', {}), ('b', {'label': 'B'})], [('b', 'a', 'uses', {'weight': 1})], {'name': 'toy'})
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import networkx as nx

__all__ = ["ORDERS", "Order", "copied_in_order", "output_digests"]

#: Puts a sequence of node ids or of ``(u, v, key, data)`` edges in the order they are to be inserted.
Order = Callable[[Sequence[Any]], list[Any]]


def _by_id(items: Sequence[Any]) -> list[Any]:
    """Nodes by id, edges by (u, v, key), each compared as text (node ids and keys are text; ints would sort too)."""
    return sorted(items, key=lambda item: tuple(str(part) for part in item[:3]) if isinstance(item, tuple)
                  else (str(item),))


#: The orders the S0 tests insert a graph's nodes and edges in: as assembly built it, by id (how a graph read back
#: from partition rows comes), and reversed (every adjacency list and tie turned around).
ORDERS: dict[str, Order] = {"built": list, "by id": _by_id, "reversed": lambda items: list(reversed(items))}


def copied_in_order(graph: nx.MultiDiGraph, order: Order, *, sorted_keys: bool = False) -> nx.MultiDiGraph:
    """A new graph with ``graph``'s attributes, its nodes inserted in ``order(nodes)`` and its edges in
    ``order(edges)`` (``(u, v, key, data)`` tuples), keys and attribute dicts kept (each dict copied, values shared).

    Nodes go in before edges, so an edge's endpoints keep ``order``'s place, not the edge's.  ``sorted_keys``:
    each node's and edge's attributes inserted by name, as a graph read back from sorted JSON rows has them.

    >>> toy = nx.MultiDiGraph()
    >>> toy.add_node("a", label="A", kind="x")
    >>> list(copied_in_order(toy, list, sorted_keys=True).nodes["a"])
    ['kind', 'label']
    """
    def attributes(data: dict) -> dict:
        return dict(sorted(data.items())) if sorted_keys else dict(data)

    copy = nx.MultiDiGraph()
    copy.graph.update(graph.graph)
    nodes: list[Hashable] = order(list(graph.nodes))
    copy.add_nodes_from((node, attributes(graph.nodes[node])) for node in nodes)
    for u, v, key, data in order(list(graph.edges(keys=True, data=True))):
        copy.add_edge(u, v, key=key, **attributes(data))
    return copy


def output_digests(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` but the caches (``.kg*``), by its path relative to ``folder``: its SHA-256."""
    folder = Path(folder)
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*"))
            if path.is_file() and not any(part.startswith(".kg") for part in path.relative_to(folder).parts)}
