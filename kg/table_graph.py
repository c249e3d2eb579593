"""A build's graph read back from its tables as small as :func:`kg.graph.build_graph` made it.

:func:`exports.graph_tables.graph_from_tables` gives each row's strings, numbers, lists and attribute dicts
objects of their own: 2.6 GB on the full Anthology, where the graph ``kg build`` makes from records takes
about 0.6 GB beside them.  :func:`table_graph` reads the same rows into the same graph (the same nodes, edges,
attributes and orders) with each equal string one object (an edge's ends are its nodes' ids), the numbers, lists
and dicts of plain values shared as the build shares them (:class:`kg.shared_values.SharedValues`), and every
attribute dict a split dict of its layout (:mod:`kg.shared_keys`): what the views need, when the graph path's
graph is not there (:func:`kg.outputs.write_table_views`; docs/scaling.md, round h14ci).

>>> import tempfile
>>> from pathlib import Path
>>> from exports.graph_tables import graph_from_tables, table_batches, write_graph_tables
>>> from kg.analytics.toy import toy_graph
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_graph_tables(toy_graph(), folder)
>>> graph = table_graph(table_batches(folder, "nodes.parquet"), table_batches(folder, "edges.parquet"))
>>> plain = graph_from_tables(table_batches(folder, "nodes.parquet"), table_batches(folder, "edges.parquet"))
>>> list(graph.nodes(data=True)) == list(plain.nodes(data=True)), list(graph.edges) == list(plain.edges)
(True, True)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx
import pyarrow as pa

from exports.graph_tables import edge_items, node_items
from kg.shared_keys import add_edge, add_node, shared_key_dict
from kg.shared_values import SharedValues

__all__ = ["TableSharing", "table_graph"]


def table_graph(nodes: pa.Table | Iterable[pa.RecordBatch],
                edges: pa.Table | Iterable[pa.RecordBatch]) -> nx.MultiDiGraph:
    """The graph of node and edge rows (tables or record batches), every attribute kept, its values shared."""
    share = TableSharing()
    graph = nx.MultiDiGraph()
    for node, attributes in node_items(nodes, share=share):
        add_node(graph, node, attributes)
    for source, target, key, attributes in edge_items(edges, share=share):
        add_edge(graph, source, target, key, attributes)
    return graph


class TableSharing:
    """One object per equal decoded value, for one graph's reading: call it on each value.

    Strings (ids, keys, kinds, provenance, mention texts) are kept once; ints and floats, and lists and dicts of
    plain items, through :class:`~kg.shared_values.SharedValues` (one object per equal value by its rules: never
    a float zero or a NaN); a dict in a list (a ``mentions`` entry) or holding a container becomes a split dict of
    its layout, not shared.  A shared value must never be changed in place (it would change every holder): no page
    does (tests/test_table_views.py).

    >>> share = TableSharing()
    >>> a, b = share(["x.xml"]), share(["x.xml"])
    >>> a is b, share({"name": "A", "start": 3}) == {"name": "A", "start": 3}, share(float("0")) is share(float("0"))
    (True, True, False)
    """

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}
        self._values = SharedValues()

    def __call__(self, value: Any) -> Any:
        kind = type(value)
        if kind is str:
            return self._strings.setdefault(value, value)
        if kind is int or kind is float:
            return self._values.number(value)
        if kind is list:  # a new list when an item is a container; a dict in a list (a mention) is one of many
            return self._values.list([self._entry(item) if type(item) is dict else self(item) for item in value])
        if kind is dict:
            mapping = {self._strings.setdefault(key, key): self(item) for key, item in value.items()}
            if any(type(item) in (list, dict) for item in mapping.values()):
                return shared_key_dict(mapping)
            return self._values.dict(mapping)
        return value

    def _entry(self, value: dict[str, Any]) -> dict[str, Any]:
        """A dict of a list (a ``mentions`` entry): a split dict of its layout, as the build makes them, its
        values shared but not the dict itself (each is another mention: memoizing them would cost, not save)."""
        return shared_key_dict({self._strings.setdefault(key, key): self(item) for key, item in value.items()})
