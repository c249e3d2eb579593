"""``graph.json`` written from the graph tables' rows, streamed in id order, without the networkx graph (step S5 of
docs/scaling.md's partitioned assembly; round h14cd).

A node's row (:func:`exports.table_rows.node_row`: id, kind, label, the name attributes and the other attributes as
sorted JSON) and an edge's row (:func:`~exports.table_rows.edge_row`: source, target, key, relation, the other
attributes) hold every value of its line in ``graph.json``; :func:`write_json_rows` writes from the rows the bytes
:func:`exports.node_link.write_json` writes from the graph, holding one row (and one output chunk) at a time.  The
rows come as tuples (what :func:`kg.partition_rows.partition_rows` makes) or as Arrow record batches (what
:func:`exports.graph_tables.table_batches` reads), each stream sorted as the tables are: nodes by id, edges by
(source, target, key).  Partitions whose ids interleave (hashed ones) are merged into that order by
:func:`merged_rows`, which holds one row of each.

>>> import networkx as nx, tempfile
>>> from exports.graph_order import sorted_edges
>>> from exports.node_link import to_json
>>> from exports.table_rows import edge_row, node_row
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A", title="Ä", year=2020, alt_labels=["a"])
>>> g.add_node("venue/b", kind="venue", label="B", edition=None)
>>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt", weight=1.0)
>>> path = Path(tempfile.mkdtemp()) / "graph.json"
>>> _ = write_json_rows(path, edges=[edge_row(*edge) for edge in sorted_edges(g)],
...                     nodes=[node_row(node, g.nodes[node]) for node in sorted(g)])
>>> path.read_text(encoding="utf-8") == to_json(g)
True

What the rows cannot say, and so this writer cannot write as ``write_json`` does: an edge key that is not a
string (a row holds ``str(key)``), a ``kind``, ``label`` or ``relation`` set to ``None`` (a row's ``None`` there
means "no such attribute") and an attribute name that is not a string.  kg's graphs have none of these.
"""
from __future__ import annotations

import heapq
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from json import encoder as _encoder
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from exports.json_text import write_pieces
from exports.table_rows import release_arrow_memory
from ontology.errors import KgError

__all__ = ["RowOrderError", "Rows", "edge_attributes", "edge_line", "merged_rows", "node_attributes", "node_line",
           "parquet_rows", "rows_of", "write_json_rows"]

#: Rows that come in record batches are made Python values this many at a time.
_SLICE_ROWS = 4096
#: Node or edge rows: tuples of the tables' columns, or Arrow record batches of them.
Rows = Iterable[tuple] | Iterable[pa.RecordBatch]


class RowOrderError(KgError, ValueError):
    """Rows handed to :func:`write_json_rows` out of the tables' order; the message names the rows and what to do."""


def _plain_encoder() -> Callable[[Any], str]:
    """``json.dumps(value, ensure_ascii=False)`` without sorting keys: a row's JSON objects are decoded into dicts
    in their text's order, which is already the order ``sort_keys`` gave them when the row was made; so nested
    objects are written back exactly as the row holds them, whatever their keys were before."""
    make = _encoder.c_make_encoder
    settings = json.JSONEncoder(ensure_ascii=False)
    if make is None:  # a Python without the json module's C accelerator
        return settings.encode
    encode = make(None, settings.default, _encoder.encode_basestring, None, settings.key_separator,
                  settings.item_separator, False, False, True)
    return lambda value: "".join(encode(value, 0))


_ENCODE = _plain_encoder()
_decode = json.JSONDecoder().decode


def node_attributes(row: tuple) -> dict[str, Any]:
    """A node's attributes, as the graph holds them but with lists for tuples, from its row ``(id, kind, label,
    names, data)``; its objects' keys in the order of their text (sorted when the row was made)."""
    _, kind, label, names, data = row
    attributes = _decode(data)
    if names != "{}":
        attributes.update(_decode(names))
    if kind is not None:
        attributes["kind"] = kind
    if label is not None:
        attributes["label"] = label
    return attributes


def edge_attributes(row: tuple) -> dict[str, Any]:
    """An edge's attributes from its row ``(source, target, key, relation, data)`` (as :func:`node_attributes`)."""
    attributes = _decode(row[4])
    if row[3] is not None:
        attributes["relation"] = row[3]
    return attributes


def node_line(row: tuple) -> str:
    """A node's line of ``graph.json`` (without the separator) from its row ``(id, kind, label, names, data)``: the
    top-level keys sorted, nested objects in their row's order (``sort_keys`` put "9" before "10" when the keys were
    ints, and so it stays).

    >>> node_line(("paper/a", "paper", "A", '{"name": "Ä"}', '{"parts": {"9": 1, "10": 2}, "year": 2020}'))
    '{"id": "paper/a", "kind": "paper", "label": "A", "name": "Ä", "parts": {"9": 1, "10": 2}, "year": 2020}'
    """
    attributes = node_attributes(row)
    attributes["id"] = row[0]
    return _ENCODE(dict(sorted(attributes.items())))


def edge_line(row: tuple) -> str:
    """An edge's line of ``graph.json`` (without the separator) from its row ``(source, target, key, relation,
    data)``.

    >>> edge_line(("paper/a", "task/b", "uses", "uses", '{"weight": 1.0}'))
    '{"from": "paper/a", "key": "uses", "relation": "uses", "to": "task/b", "weight": 1.0}'
    """
    attributes = edge_attributes(row)
    attributes["from"], attributes["to"], attributes["key"] = row[:3]
    return _ENCODE(dict(sorted(attributes.items())))


def write_json_rows(path: Path, *, edges: Rows, nodes: Rows, graph: Mapping[str, Any] | None = None) -> Path:
    """Write ``graph.json`` (atomically) from edge rows and node rows, the same bytes as
    :func:`exports.node_link.write_json` of the graph they are the rows of (module docstring).

    ``edges`` / ``nodes``: tuples or record batches of :data:`~exports.table_rows.EDGE_SCHEMA` /
    :data:`~exports.table_rows.NODE_SCHEMA`, sorted by (source, target, key) / id, consumed once, edges first
    (the file lists them first: its keys are sorted).  ``graph``: the graph's own attributes (``graph.graph``;
    kg's graphs have none).  Raises :class:`RowOrderError` on rows out of order or repeated.
    """
    frame = json.dumps({"directed": True, "multigraph": True, "graph": dict(graph or {}), "nodes": "@@nodes@@",
                        "edges": "@@edges@@"}, ensure_ascii=False, sort_keys=True) + "\n"
    head, rest = frame.split('"@@edges@@"')
    middle, tail = rest.split('"@@nodes@@"')
    return write_pieces(Path(path), chain([head], _lines(rows_of(edges), edge_line, "edge", 3), [middle],
                                          _lines(rows_of(nodes), node_line, "node", 1), [tail]))


def _lines(rows: Iterable[tuple], line: Callable[[tuple], str], what: str, width: int) -> Iterator[str]:
    """The list of ``rows``' lines as ``write_json`` writes it, checking that each row's key (its first ``width``
    values) comes after the last one's."""
    last = None
    for row in rows:
        key = row[:width]
        if last is not None and not last < key:
            raise RowOrderError(f"{what} row {key!r} comes after {last!r}: hand the rows sorted as the graph tables "
                                "hold them, each once (merge sorted partitions with merged_rows)")
        yield (",\n" if last is not None else "[\n") + line(row)
        last = key
    yield "[]" if last is None else "\n]"


def rows_of(rows: Rows) -> Iterator[tuple]:
    """Each row as a tuple, from tuples or from record batches (decoded :data:`_SLICE_ROWS` rows at a time: a group
    of the Anthology's paper rows is 61 MB in Arrow and takes up to four times that as Python strings)."""
    for item in rows:
        if isinstance(item, (pa.RecordBatch, pa.Table)):
            for start in range(0, item.num_rows, _SLICE_ROWS):
                piece = item.slice(start, _SLICE_ROWS)
                yield from zip(*(column.to_pylist() for column in piece.columns))
        else:
            yield item


def parquet_rows(path: Path) -> Iterator[tuple]:
    """The rows of a Parquet file of the graph tables' layout (``tables/nodes.parquet``, ``tables/edges.parquet``, or
    a partition's file of the same schema) as tuples, in file order, one row group in Arrow at a time: each group
    is read by this thread alone and Arrow's freed memory is given back after it (read on the Arrow pool's threads
    with read-ahead, the full Anthology's tables took 315 MiB above the process's start; a group at a time, 35)."""
    with pq.ParquetFile(Path(path)) as table:
        for group in range(table.num_row_groups):
            yield from rows_of(table.read_row_group(group, use_threads=False).to_batches())
            release_arrow_memory()


def merged_rows(partitions: Iterable[Rows], *, width: int) -> Iterator[tuple]:
    """The rows of sorted ``partitions`` (each tuples or record batches, as :func:`write_json_rows` takes) in one
    sorted stream, by their first ``width`` values (1 for node rows, 3 for edge rows); one row of each partition is
    held (and one record batch, where they come in batches).

    >>> list(merged_rows([[("a",), ("c",)], [("b",)]], width=1))
    [('a',), ('b',), ('c',)]
    """
    return heapq.merge(*(rows_of(part) for part in partitions), key=lambda row: row[:width])
