"""The rows of the graph tables, and the Parquet files they are written to a row group at a time.

A node's row and an edge's row are made from its own values alone
(:func:`node_row`, :func:`edge_row`); :class:`RowGroups` writes rows, made
here or copied from another file, as the same bytes.  Readers and the
tables' layout: :mod:`exports.graph_tables`; a rebuild that copies the rows of
unchanged nodes and edges: :mod:`exports.table_reuse`.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, BinaryIO, Self

import networkx as nx
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from exports.graph_order import sorted_in_pairs
from exports.json_text import sorted_json
from ontology.util.files import open_atomic
from ontology.util.memory import paused_gc

__all__ = ["EDGE_COLUMNS", "EDGE_SCHEMA", "GROUP_BYTES", "IN_EDGE_SCHEMA", "NAME_ATTRIBUTES", "NODE_COLUMNS",
           "NODE_SCHEMA", "ROWS_PER_GROUP", "RowGroups", "edge_row", "node_row", "release_arrow_memory", "row_sizes",
           "write_in_edges", "write_table"]

#: A row group ends after this many rows, or earlier (:data:`GROUP_BYTES`).
ROWS_PER_GROUP = 50_000
#: ... or at the row that brings its strings to this many bytes, so that no group is big in memory
#: (the Anthology's papers with their abstracts: 61 MB for 50,000 rows).
GROUP_BYTES = 16 << 20
#: New rows are made into Arrow arrays this many at a time (as Python strings they take up to 4x the bytes).
_CHUNK_ROWS = 4096
NODE_SCHEMA = pa.schema([("id", pa.string()), ("kind", pa.string()), ("label", pa.string()), ("names", pa.string()),
                         ("data", pa.string())])
EDGE_SCHEMA = pa.schema([("source", pa.string()), ("target", pa.string()), ("key", pa.string()),
                         ("relation", pa.string()), ("data", pa.string())])
IN_EDGE_SCHEMA = pa.schema([("target", pa.string()), ("source", pa.string())])
#: A node's and an edge's attributes that have columns of their own (besides the ids and the key).
NODE_COLUMNS = ("kind", "label")
#: Node attributes besides the label that name a node, kept apart so that a lookup reads only them.
NAME_ATTRIBUTES = ("title", "name", "alt_labels")
EDGE_COLUMNS = ("relation",)


def node_row(node: str, data: dict[str, Any]) -> tuple:
    """The row of ``tables/nodes.parquet`` of one node."""
    return (node, data.get("kind"), data.get("label"), _only(data, NAME_ATTRIBUTES),
            _rest(data, (*NODE_COLUMNS, *NAME_ATTRIBUTES)))


def edge_row(source: str, target: str, key: Any, data: dict[str, Any]) -> tuple:
    """The row of ``tables/edges.parquet`` of one edge."""
    return source, target, str(key), data.get("relation"), _rest(data, EDGE_COLUMNS)


def write_in_edges(graph: nx.MultiDiGraph, folder: Path) -> Path:
    """Write ``edges_in.parquet``: each (target, source) joined by an edge, sorted."""
    return write_table(folder / "edges_in.parquet", IN_EDGE_SCHEMA, sorted_in_pairs(graph))


def release_arrow_memory() -> None:
    """Give the memory Arrow's allocator keeps after its buffers are freed back to the system.

    Arrow's default pool (mimalloc) keeps the pages of freed buffers, and
    reuses them poorly from one row group to the next: writing a table of
    three 16 MB groups left 124 MB resident, reading the full Anthology's
    tables a group at a time 180 MB (docs/scaling.md, "Arrow's freed
    memory"), which the build carried into the views.  Cheap (about 2 ms);
    call it when a group's buffers are gone.
    """
    pa.default_memory_pool().release_unused()


def _only(data: dict[str, Any], names: Sequence[str]) -> str:
    return sorted_json({key: data[key] for key in names if key in data})


def _rest(data: dict[str, Any], columns: Sequence[str]) -> str:
    return sorted_json({key: value for key, value in data.items() if key not in columns})


def write_table(path: Path, schema: pa.Schema, rows: Iterable[tuple]) -> Path:
    """Write ``rows`` (tuples of ``schema``'s columns, in order) to ``path`` (atomically) in row groups
    (:class:`RowGroups`), with the cyclic collector paused."""
    with open_atomic(path) as stream, RowGroups(stream, schema) as groups:
        for row in rows:
            groups.add_row(row)
    return path


class RowGroups:
    """A Parquet file written a row group at a time from rows and from slices of other tables' rows.

    Where a group ends depends on its rows only (:data:`ROWS_PER_GROUP` rows, or
    the row that brings its strings to :data:`GROUP_BYTES`), and each group is
    written from one contiguous array per column (Parquet's pages depend on how
    the arrays handed to it are cut): so the same rows give the same bytes
    whether they came as Python tuples or were copied from another file's
    columns (:meth:`add_rows`).  Memory: one group's columns twice at most (the
    pieces and the joined column), and :data:`_CHUNK_ROWS` rows as Python strings.

    The rows (tuples of strings) hold no reference cycles and are freed when
    their group is written, but each group outlives a few young passes, and
    the collector would then walk the whole graph again and again: on the full
    Anthology 7.5–7.6 s of the tables' 16.4–24.5 s of CPU (docs/scaling.md); it is paused meanwhile.
    """

    def __init__(self, stream: BinaryIO, schema: pa.Schema) -> None:
        self.schema = schema
        self._stream = stream
        self._stack = ExitStack()
        self._writer: pq.ParquetWriter | None = None
        self._pending: list[tuple] = []  # new rows not yet in Arrow
        self._pieces: list[pa.RecordBatch] = []  # the current group's rows so far
        self._rows = 0
        self._bytes = 0

    def __enter__(self) -> Self:
        with ExitStack() as stack:
            stack.enter_context(paused_gc())
            self._writer = stack.enter_context(pq.ParquetWriter(self._stream, self.schema, compression="zstd",
                                                                write_statistics=True))
            self._stack = stack.pop_all()
        return self

    def __exit__(self, kind, error, trace) -> bool | None:
        with self._stack:
            if kind is None:
                self._convert()
                self._write_group()
            self._pending, self._pieces = [], []
        return None

    def add_row(self, row: tuple) -> None:
        """Add one row (a tuple of the schema's columns' values)."""
        self._pending.append(row)
        if len(self._pending) == _CHUNK_ROWS:
            self._convert()

    def add_rows(self, rows: pa.RecordBatch, sizes: np.ndarray | None = None) -> None:
        """Add rows already in Arrow (of this schema); ``sizes``: their :func:`row_sizes`, when known."""
        self._convert()
        self._add(rows, sizes)

    def _convert(self) -> None:
        if self._pending:
            rows, self._pending = self._pending, []
            columns = list(zip(*rows))
            del rows
            self._add(pa.record_batch([pa.array(column, type=field.type) for column, field in zip(columns, self.schema)],
                                      schema=self.schema))

    def _add(self, batch: pa.RecordBatch, sizes: np.ndarray | None = None) -> None:
        sizes = row_sizes(batch) if sizes is None else sizes
        while batch.num_rows:
            ends = np.cumsum(sizes[:ROWS_PER_GROUP - self._rows]) + self._bytes  # the group's bytes after each row
            full = int(np.searchsorted(ends, GROUP_BYTES))  # the first row that brings it to GROUP_BYTES
            ends_group = full < len(ends) or len(ends) == ROWS_PER_GROUP - self._rows
            take = full + 1 if full < len(ends) else len(ends)
            self._pieces.append(batch.slice(0, take))
            self._rows += take
            self._bytes = int(ends[take - 1])
            batch, sizes = batch.slice(take), sizes[take:]
            if ends_group:
                self._write_group()

    def _write_group(self) -> None:
        if not self._pieces:
            return
        pieces, self._pieces = self._pieces, []
        columns = [pa.concat_arrays([piece.column(index) for piece in pieces]) for index in range(len(self.schema))]
        del pieces
        self._writer.write_table(pa.table(columns, schema=self.schema), row_group_size=ROWS_PER_GROUP)
        del columns
        release_arrow_memory()
        self._rows = self._bytes = 0


def row_sizes(batch: pa.RecordBatch) -> np.ndarray:
    """Each row's bytes of strings (as UTF-8, nulls none): what :class:`RowGroups` cuts groups by."""
    total = np.zeros(batch.num_rows, dtype=np.int64)
    for column in batch.columns:
        total += pc.fill_null(pc.binary_length(column), 0).to_numpy(zero_copy_only=False)
    return total
