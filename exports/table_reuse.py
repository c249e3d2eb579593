"""The graph tables of a rebuild, made from the last ones: the rows of unchanged nodes and edges are copied.

``tables/nodes.parquet`` and ``tables/edges.parquet`` hold one row per node
and per edge, in the order of the graph's sorted nodes and edges, and a
row is made from its node's or edge's values alone (most of the work is the
JSON of its attributes).  :func:`exports.node_link.write_json` cuts the same
sequences into runs whose digests name their items' values
(:class:`~exports.node_link.ItemRuns`); a run of the new graph whose digest
is one of the last build's has the same rows, so they are read from the last
file (decoded, as Arrow columns) instead of made again.  Parquet's row groups
cannot be copied as bytes, but :class:`exports.table_rows.RowGroups` cuts
and encodes the groups from the rows alone, so the file is a fresh build's
bytes.

The index of each file (``OUT/.kg-cache/table-nodes.npz``,
``table-edges.npz``: :func:`exports.piece_index.save_index`, data only) holds
each run's digest, first row and number of rows, and names the file by its
size and SHA-256.  A missing, damaged or foreign index (other code, pyarrow
or Python), a file that is not the one it describes, or one whose schema
or rows are not those it names means every row is made, and the index is
written anew.  It is written in the output transaction with its file.
``edges_in.parquet`` (pairs of ids, no JSON) is always made.
"""
from __future__ import annotations

import bisect
import hashlib
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

import networkx as nx
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from exports.graph_order import source_edges
from exports.node_link import ItemRuns
from exports.piece_index import DIGEST, load_index, open_described, save_index
from exports.table_rows import (
    EDGE_SCHEMA,
    NODE_SCHEMA,
    RowGroups,
    edge_row,
    node_row,
    release_arrow_memory,
    row_sizes,
    write_in_edges,
)
from ontology.util.files import open_atomic, pending_file
from ontology.util.memory import return_free_memory

__all__ = ["INDEX_FILES", "TableReport", "last_tables", "table_key", "write_reusing"]

#: Each reusable table's index, in the cache folder.
INDEX_FILES = {"nodes.parquet": "table-nodes.npz", "edges.parquet": "table-edges.npz"}
#: Bumped whenever the index's layout or meaning changes.
_FORMAT = "1"
_ARRAYS = ("digests", "starts", "counts")
_HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class TableReport:
    """What the last :func:`write_reusing` did with one file: its runs, how many were copied from the last
    file, and why none could be (``""`` when the index was used)."""

    file: str
    runs: int
    reused: int
    full: str = ""


_LAST: list[TableReport] = []


def last_tables() -> tuple[TableReport, ...]:
    """The :class:`TableReport` of each file of this process's last :func:`write_reusing` (for tests, benchmarks)."""
    return tuple(_LAST)


def table_key() -> str:
    """A digest of what a run's rows depend on besides its items: this code, pyarrow's and Python's version."""
    digest = hashlib.sha256(f"{_FORMAT} {sys.version} {pa.__version__}".encode())
    for name in ("node_link.py", "piece_index.py", "table_reuse.py", "table_rows.py", "json_text.py"):
        digest.update(name.encode() + b"\0" + hashlib.sha256((_HERE / name).read_bytes()).digest())
    return digest.hexdigest()


def write_reusing(graph: nx.MultiDiGraph, folder: Path, cache_dir: Path, runs: ItemRuns) -> list[Path]:
    """Write ``folder``'s three tables of ``graph``, copying the rows of the ``runs`` the last tables' indexes in
    ``cache_dir`` name, and write the new indexes there (inside an output transaction: with the tables).

    ``runs`` must be ``graph``'s (:func:`exports.node_link.item_runs`): :class:`ValueError` when their
    counts are not its numbers of nodes and edges."""
    key = table_key()
    reports = []
    return_free_memory()  # what the exports before left in the C heap, before the files' buffers come on top
    for name, schema, walk, row, file_runs in (("nodes.parquet", NODE_SCHEMA, _Nodes(graph), node_row, runs.nodes),
                                               ("edges.parquet", EDGE_SCHEMA, _Edges(graph), edge_row, runs.edges)):
        reports.append(_write_file(folder / name, schema, walk, row, file_runs, Path(cache_dir) / INDEX_FILES[name],
                                   key))
    _LAST[:] = reports
    return [folder / "nodes.parquet", folder / "edges.parquet", write_in_edges(graph, folder)]


def _write_file(path: Path, schema: pa.Schema, walk: _Nodes | _Edges, row: Callable[..., tuple],
                runs: list[tuple[bytes | None, int]], index: Path, key: str) -> TableReport:
    with ExitStack() as stack:
        previous, why = _Previous.load(index, path, key, schema, stack)
        places = [previous.find(digest, count) if previous is not None and digest is not None else None
                  for digest, count in runs]
        with open_atomic(path) as stream, RowGroups(stream, schema) as groups:
            for place, count in _joined(places, [count for _, count in runs]):
                if place is None:
                    for item in walk.take(count):
                        groups.add_row(row(*item))
                else:
                    walk.skip(count)
                    previous.copy(place, count, groups)
            walk.skip(0, last=True)
    with open(pending_file(path), "rb") as written:
        sha256 = hashlib.file_digest(written, "sha256").hexdigest()
        size = written.tell()
    counts = np.array([count for _, count in runs], dtype=np.int64)
    kept = np.array([digest is not None for digest, _ in runs], dtype=bool)
    arrays = {"digests": np.frombuffer(b"".join(digest[:DIGEST].ljust(DIGEST, b"\0") for digest, _ in runs
                                                if digest is not None), dtype=np.uint8).reshape(-1, DIGEST),
              "starts": (np.cumsum(counts) - counts)[kept], "counts": counts[kept]}
    save_index(index, arrays, names=_ARRAYS, format=_FORMAT, key=key, size=size, sha256=sha256,
               rows=int(counts.sum()))
    return TableReport(path.name, len(runs), sum(place is not None for place in places),
                       "" if previous is not None else why)


_MISMATCH = "the runs are not those of this graph: their counts are not its numbers of nodes and edges"


class _Nodes:
    """The graph's nodes ``(id, attributes)`` in sorted order, taken or skipped a run at a time."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self._nodes = graph.nodes
        self._ids = sorted(self._nodes)
        self._next = 0

    def take(self, count: int) -> Iterator[tuple[str, dict]]:
        ids = self._ids[self._next:self._next + count]
        self.skip(count)
        nodes = self._nodes
        return ((node, nodes[node]) for node in ids)

    def skip(self, count: int, *, last: bool = False) -> None:
        """Pass ``count`` nodes; with ``last``, they must be the last ones."""
        self._next += count
        if self._next > len(self._ids) or (last and self._next != len(self._ids)):
            raise ValueError(_MISMATCH)


class _Edges:
    """The graph's edges ``(source, target, key, attributes)`` in the order of
    :func:`exports.graph_order.sorted_edges`, taken or skipped a run at a time: a source whose edges are all
    skipped is passed without sorting them.

    >>> g = nx.MultiDiGraph([("b", "a"), ("a", "c"), ("a", "b"), ("a", "b"), ("c", "a"), ("d", "c")])
    >>> g.add_node("e")
    >>> walk = _Edges(g)
    >>> list(walk.take(1)), walk.skip(3), list(walk.take(1))
    ([('a', 'b', 0, {})], None, [('c', 'a', 0, {})])
    >>> walk.skip(1, last=True)
    """

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self._adjacency = graph._succ  # the plain dicts: a view makes a view of each source's every target
        self._sources = iter(sorted(self._adjacency))
        self._current: Iterator[tuple] = iter(())  # the rest of the current source's edges
        self._left = 0  # how many

    def take(self, count: int) -> Iterator[tuple]:
        while count:
            if not self._left:
                self._start(next(self._sources, None))
            taken = min(count, self._left)
            yield from islice(self._current, taken)
            self._left -= taken
            count -= taken

    def skip(self, count: int, *, last: bool = False) -> None:
        """Pass ``count`` edges; with ``last``, they must be the last ones."""
        if count > self._left:
            count -= self._left
            self._left = 0
            for source in self._sources:
                size = sum(map(len, self._adjacency[source].values()))
                if size > count:
                    self._current, self._left = source_edges(self._adjacency, source), size
                    break
                count -= size
            else:
                if count:
                    raise ValueError(_MISMATCH)
        for _ in islice(self._current, count):
            pass
        self._left -= count
        if last and (self._left or any(self._adjacency[source] for source in self._sources)):
            raise ValueError(_MISMATCH)

    def _start(self, source: str | None) -> None:
        if source is None:
            raise ValueError(_MISMATCH)
        self._current = source_edges(self._adjacency, source)
        self._left = sum(map(len, self._adjacency[source].values()))


def _joined(places: list[int | None], counts: list[int]) -> Iterator[tuple[int | None, int]]:
    """``(first row in the last file, or None: made again; number of rows)`` of each run, consecutive runs
    copied from consecutive rows joined into one.

    >>> list(_joined([None, 0, 5, 12, None, 20], [2, 5, 4, 1, 3, 1]))
    [(None, 2), (0, 9), (12, 1), (None, 3), (20, 1)]
    """
    start = length = 0
    for place, count in zip(places, counts):
        if place is not None and length and place == start + length:
            length += count
            continue
        if length:
            yield start, length
            length = 0
        if place is None:
            yield None, count
        else:
            start, length = place, count
    if length:
        yield start, length


class _Previous:
    """The last file's runs by digest, and its rows read a row group at a time (the last group read is kept)."""

    def __init__(self, places: dict[bytes, tuple[int, int]], table: pq.ParquetFile, schema: pa.Schema) -> None:
        self._places = places
        self._table = table
        self._schema = schema
        metadata = table.metadata
        self._starts = np.cumsum([0] + [metadata.row_group(group).num_rows
                                        for group in range(metadata.num_row_groups)]).tolist()
        self._group: tuple[int, pa.RecordBatch, np.ndarray] | None = None

    @classmethod
    def load(cls, index: Path, target: Path, key: str, schema: pa.Schema,
             stack: ExitStack) -> tuple[_Previous | None, str]:
        arrays, meta, why = load_index(index, names=_ARRAYS, format=_FORMAT, key=key)
        if arrays is None:
            return None, why
        digests, starts, counts = arrays["digests"], arrays["starts"], arrays["counts"]
        rows = meta.get("rows")
        if (not isinstance(rows, int) or digests.dtype != np.uint8 or digests.ndim != 2 or digests.shape[1] != DIGEST
                or starts.dtype != np.int64 or counts.dtype != np.int64
                or not len(digests) == len(starts) == len(counts)
                or (len(starts) and (starts.min() < 0 or counts.min() < 1 or int((starts + counts).max()) > rows))):
            return None, "the index is damaged"
        file, why = open_described(target, meta, stack)
        if file is None:
            return None, why
        try:
            table = stack.enter_context(pq.ParquetFile(file))
            same = table.metadata.num_rows == rows and table.schema_arrow.remove_metadata().equals(schema)
        except (OSError, ValueError, pa.ArrowException) as error:
            return None, f"{target.name} cannot be read ({error.__class__.__name__})"
        if not same:
            return None, f"{target.name} does not hold the rows the index names"
        places = dict(zip(map(bytes, digests), zip(starts.tolist(), counts.tolist())))
        return cls(places, table, schema), ""

    def find(self, digest: bytes, count: int) -> int | None:
        """The first row of the last file's run of ``count`` rows made from what ``digest`` names, or ``None``."""
        place = self._places.get(digest[:DIGEST].ljust(DIGEST, b"\0"))
        return place[0] if place is not None and place[1] == count else None

    def copy(self, start: int, count: int, groups: RowGroups) -> None:
        """Add rows ``start`` to ``start + count`` of the last file to ``groups``, as slices of its row groups, with
        their :func:`~exports.table_rows.row_sizes`.  Nothing here holds a group while the next is read (a
        generator's caller held its last slice, and with it the whole group: 16 MB of strings)."""
        while count:
            group = bisect.bisect_right(self._starts, start) - 1
            batch, sizes = self._read(group)
            offset = start - self._starts[group]
            take = min(count, batch.num_rows - offset)
            groups.add_rows(batch.slice(offset, take), sizes[offset:offset + take])
            del batch, sizes
            start += take
            count -= take

    def _read(self, group: int) -> tuple[pa.RecordBatch, np.ndarray]:
        if self._group is None or self._group[0] != group:
            self._group = None
            release_arrow_memory()
            # one column at a time, in this thread, what decoding it took given back before the next: the whole
            # group read at once kept 0.05-0.08 GB of the full Anthology's 16 MB groups' decoding resident (Arrow's
            # pool keeps freed pages) beside the group
            columns = []
            for name in self._schema.names:
                columns.append(self._table.read_row_group(group, columns=[name], use_threads=False).column(0)
                               .combine_chunks())
                release_arrow_memory()
            batch = pa.record_batch(columns, schema=self._schema)
            del columns
            self._group = group, batch, row_sizes(batch)
        return self._group[1:]

