"""The graph as two Parquet tables on disk, nodes and edges, from which any part can be loaded again.

``graph.json`` must be read whole; these tables are columnar and sorted, so
a reader takes only the rows it asks for (the edges of a few nodes, the
nodes of one kind) without loading the corpus: see :mod:`kg.graph_store`.

``tables/nodes.parquet``: ``id``, ``kind``, ``label``, ``names`` (the
attributes a node is looked up by, :data:`NAME_ATTRIBUTES`, as a JSON
object) and ``data`` (its other attributes as a JSON object), sorted by ``id``.
``tables/edges.parquet``: ``source``, ``target``, ``key``, ``relation`` and
``data``, sorted by ``(source, target, key)``; ``tables/edges_in.parquet``
(``target``, ``source``), sorted by ``target``, finds the edges into a node
without scanning every edge.  Rows are written a row group at a time, a
group ending after :data:`ROWS_PER_GROUP` rows or at :data:`GROUP_BYTES` of
strings (:mod:`exports.table_rows`), so neither table is ever whole in
memory; the same graph gives the same bytes.  A rebuild copies the rows of
unchanged nodes and edges from the last tables (:mod:`exports.table_reuse`).

>>> import networkx as nx, tempfile, pathlib
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A", year=2020)
>>> g.add_node("venue/acl-2020", kind="venue", label="ACL 2020")
>>> _ = g.add_edge("paper/a", "venue/acl-2020", key="presentedAt", relation="presentedAt")
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> [path.name for path in write_graph_tables(g, folder)]
['nodes.parquet', 'edges.parquet', 'edges_in.parquet']
>>> graph_from_tables(read_node_rows(folder), read_edge_rows(folder)).nodes["paper/a"]
{'kind': 'paper', 'label': 'A', 'year': 2020}
"""
from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import networkx as nx
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from exports.graph_order import sorted_edges
from exports.node_link import ItemRuns, item_runs
from exports.table_reuse import write_reusing
from exports.table_rows import (
    EDGE_COLUMNS,
    EDGE_SCHEMA,
    GROUP_BYTES,
    NAME_ATTRIBUTES,
    NODE_COLUMNS,
    NODE_SCHEMA,
    ROWS_PER_GROUP,
    edge_row,
    node_row,
    write_in_edges,
    write_table,
)
from ontology.util.memory import paused_gc, return_free_memory

__all__ = [
    "EDGE_SCHEMA",
    "GROUP_BYTES",
    "NAME_ATTRIBUTES",
    "NODE_SCHEMA",
    "ROWS_PER_GROUP",
    "TABLES_FOLDER",
    "attribute_selection",
    "edge_items",
    "file_batches",
    "graph_from_tables",
    "node_items",
    "read_edge_rows",
    "read_node_rows",
    "table_batches",
    "write_graph_tables",
]

#: The folder of the tables inside a build's output folder.
TABLES_FOLDER = "tables"


def write_graph_tables(graph: nx.MultiDiGraph, output_dir: Path, *, cache_dir: Path | None = None,
                       runs: ItemRuns | None = None) -> list[Path]:
    """Write ``tables/nodes.parquet`` and ``tables/edges.parquet`` of ``graph`` under ``output_dir`` (atomically).

    With ``cache_dir`` (the build's document cache), the rows of the runs of
    nodes and edges that did not change are copied from the last tables
    instead of made again, and the index the next build does that with is
    written there (:mod:`exports.table_reuse`; the same bytes).  ``runs`` are
    the graph's :class:`~exports.node_link.ItemRuns` when the caller has them
    already (:func:`exports.node_link.write_json` fills them in passing); else
    they are made here.  What the writing held is given back to the operating system when it ends
    (pyarrow's pool and the C heap keep freed buffers otherwise: about 90 MB
    for 13,000 papers, which the process would carry through the views).
    """
    folder = Path(output_dir) / TABLES_FOLDER
    try:
        if cache_dir is not None:
            return write_reusing(graph, folder, Path(cache_dir), item_runs(graph) if runs is None else runs)
        nodes = graph.nodes
        written = []
        for write in (lambda: write_table(folder / "nodes.parquet", NODE_SCHEMA,
                                          (node_row(node, nodes[node]) for node in sorted(nodes))),
                      lambda: write_table(folder / "edges.parquet", EDGE_SCHEMA,
                                          (edge_row(*item) for item in sorted_edges(graph))),
                      lambda: write_in_edges(graph, folder)):
            with paused_gc():  # as RowGroups does (tests/test_pipeline.py counts each file's region through this name)
                written.append(write())
        return written
    finally:
        pa.default_memory_pool().release_unused()
        return_free_memory()


def read_node_rows(output_dir: Path, *, ids: Iterable[str] | None = None, kinds: Iterable[str] | None = None,
                   columns: Sequence[str] | None = None) -> pa.Table:
    """Rows of ``tables/nodes.parquet``: all, or those with one of ``ids`` and/or one of ``kinds``; all columns or ``columns``."""
    return _read(Path(output_dir) / TABLES_FOLDER / "nodes.parquet", [("id", ids), ("kind", kinds)], columns=columns)


def read_edge_rows(output_dir: Path, *, touching: Iterable[str] | None = None, sources: Iterable[str] | None = None,
                   relations: Iterable[str] | None = None, columns: Sequence[str] | None = None) -> pa.Table:
    """Rows of ``tables/edges.parquet``: all, or the edges from or to one of ``touching``, or from one of
    ``sources``; of ``relations`` only, when given; all columns or ``columns``."""
    path = Path(output_dir) / TABLES_FOLDER / "edges.parquet"
    if touching is None:
        return _read(path, [("source", sources), ("relation", relations)], columns=columns)
    ends = set(touching)
    into = _read(Path(output_dir) / TABLES_FOLDER / "edges_in.parquet", [("target", ends)])
    starts = ends | set(into.column("source").to_pylist())
    wanted = None if columns is None else sorted({*columns, "source", "target"})
    rows = _read(path, [("source", starts), ("relation", relations)], columns=wanted)
    keep = pc.or_(pc.is_in(rows.column("source"), pa.array(sorted(ends), pa.string())),
                  pc.is_in(rows.column("target"), pa.array(sorted(ends), pa.string())))
    rows = rows.filter(keep)
    return rows if columns is None else rows.select(list(columns))


def _read(path: Path, *conditions: list[tuple[str, Iterable[str] | None]],
          columns: Sequence[str] | None = None) -> pa.Table:
    """The rows of ``path`` meeting any of ``conditions`` (each: every ``column in values`` given holds)."""
    either = [[(column, "in", pa.array(sorted(set(values)), pa.string())) for column, values in condition
               if values is not None] for condition in conditions]
    wanted = list(columns) if columns is not None else None
    if not all(either):
        return pq.read_table(path, columns=wanted)
    return pq.read_table(path, filters=either, columns=wanted)


def graph_from_tables(nodes: pa.Table | Iterable[pa.RecordBatch], edges: pa.Table | Iterable[pa.RecordBatch], *,
                      node_attributes: Collection[str] | None = None,
                      edge_attributes: Collection[str] | None = None) -> nx.MultiDiGraph:
    """The networkx graph of some node and edge rows (an edge's ends become nodes even without a row).

    ``nodes`` and ``edges`` are tables or streams of record batches (:func:`table_batches`).
    ``node_attributes`` / ``edge_attributes`` keep only those attributes (a node's ``kind`` and
    ``label`` and an edge's ``relation`` always stay); ``None`` keeps every one.  A row whose JSON
    does not name a wanted attribute is not decoded at all (nor checked: a damaged cell there goes
    unnoticed), so a graph for counting and ranking (no abstracts, no provenance) is read about
    twice as fast and in a fraction of the memory.

    Every row's strings, numbers and lists are objects of their own here (2.6 GB on the full Anthology);
    :func:`kg.table_graph.table_graph` reads the same graph sharing them as a built graph does (0.9 GB).

    >>> import tempfile
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", label="A", year=2020, abstract="We study A.")
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(g, folder)
    >>> graph_from_tables(read_node_rows(folder), read_edge_rows(folder), node_attributes={"year"}).nodes["paper/a"]
    {'kind': 'paper', 'label': 'A', 'year': 2020}
    """
    graph = nx.MultiDiGraph()
    for node, attributes in node_items(nodes, node_attributes=node_attributes):
        graph.add_node(node, **attributes)
    for source, target, key, attributes in edge_items(edges, edge_attributes=edge_attributes):
        graph.add_edge(source, target, key=key, **attributes)
    return graph


def node_items(nodes: pa.Table | Iterable[pa.RecordBatch], *, node_attributes: Collection[str] | None = None,
               share: Callable[[Any], Any] | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each node row as ``(id, attributes)``, as :func:`graph_from_tables` adds it; with ``share``, each string
    cell and each decoded attribute name and value put through it (one object per equal value, as
    :class:`kg.table_graph.TableSharing` makes them).

    >>> import tempfile
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", label="A", year=2020)
    >>> g.add_node("dataset/d", kind="dataset", label="D")
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sources=["a.xml"])
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(g, folder)
    >>> list(node_items(read_node_rows(folder), node_attributes={"year"}))
    [('dataset/d', {'kind': 'dataset', 'label': 'D'}), ('paper/a', {'kind': 'paper', 'label': 'A', 'year': 2020})]
    """
    keep = attribute_selection(node_attributes)
    for row in _rows(nodes, share):
        yield row["id"], _attributes(row, NODE_COLUMNS, "names", keep=keep, share=share)


def edge_items(edges: pa.Table | Iterable[pa.RecordBatch], *, edge_attributes: Collection[str] | None = None,
               share: Callable[[Any], Any] | None = None) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """Each edge row as ``(source, target, key, attributes)``, as :func:`graph_from_tables` adds it; ``share`` as
    in :func:`node_items`.

    >>> import tempfile
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sources=["a.xml"])
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(g, folder)
    >>> strings = {}
    >>> def share(value):  # one object per equal string, any other value as it is
    ...     return strings.setdefault(value, value) if type(value) is str else value
    >>> [(source, target, key, data)] = edge_items(read_edge_rows(folder), share=share)
    >>> (source, target, key, data), source is strings["paper/a"]
    (('paper/a', 'dataset/d', 'uses', {'relation': 'uses', 'sources': ['a.xml']}), True)
    """
    keep = attribute_selection(edge_attributes)
    for row in _rows(edges, share):
        yield row["source"], row["target"], row["key"], _attributes(row, EDGE_COLUMNS, keep=keep, share=share)


def attribute_selection(names: Collection[str] | None) -> frozenset[str] | None:
    """``names`` checked as a selection of attributes to keep (``None``: all of them).

    A name must be a plain attribute name (kg's are letters, digits and ``_``), so that its quoted
    form in a row's JSON is the name itself; a single string is refused rather than read letter
    by letter.

    >>> sorted(attribute_selection(["year", "score"]))
    ['score', 'year']
    >>> attribute_selection("year")
    Traceback (most recent call last):
    TypeError: give attribute names as a list or tuple, not the string 'year'
    """
    if names is None:
        return None
    if isinstance(names, str):
        raise TypeError(f"give attribute names as a list or tuple, not the string {names!r}")
    chosen = frozenset(names)
    odd = sorted(name for name in chosen if not (isinstance(name, str) and name.isidentifier()))
    if odd:
        raise ValueError(f"not attribute names: {', '.join(map(repr, odd))}")
    return chosen


def table_batches(output_dir: Path, name: str, *, columns: Sequence[str] | None = None) -> Iterator[pa.RecordBatch]:
    """The rows of ``tables/<name>`` a row group at a time (the whole file is never decoded at once)."""
    yield from file_batches(Path(output_dir) / TABLES_FOLDER / name, columns=columns)


def file_batches(path: Path, *, columns: Sequence[str] | None = None) -> Iterator[pa.RecordBatch]:
    """The rows of the table file ``path`` a row group at a time (:func:`table_batches` of any path: a table
    written inside an output transaction is read from its pending file).

    >>> import tempfile
    >>> from ontology.util.files import output_transaction, pending_file
    >>> folder = Path(tempfile.mkdtemp())
    >>> with output_transaction(folder):
    ...     _ = write_graph_tables(nx.MultiDiGraph([("paper/a", "paper/b")]), folder)
    ...     pending = pending_file(folder / TABLES_FOLDER / "nodes.parquet")
    ...     [batch.num_rows for batch in file_batches(pending, columns=["id"])], pending.name != "nodes.parquet"
    ([2], True)
    """
    with pq.ParquetFile(path) as table:
        yield from table.iter_batches(batch_size=ROWS_PER_GROUP, columns=list(columns) if columns else None)


def _rows(table: pa.Table | Iterable[pa.RecordBatch], share: Callable[[Any], Any] | None = None
          ) -> Iterator[dict[str, Any]]:
    """Each row as a dict; with ``share``, its plain string cells (ids, kinds, labels) put through it."""
    for batch in table.to_batches() if isinstance(table, pa.Table) else table:
        if share is None:
            yield from batch.to_pylist()
            continue
        plain = [name for name in batch.schema.names if name not in ("names", "data")]  # JSON is decoded later
        for row in batch.to_pylist():
            for name in plain:
                if type(row[name]) is str:
                    row[name] = share(row[name])
            yield row


def _attributes(row: dict[str, Any], columns: Sequence[str], *objects: str,
                keep: Collection[str] | None = None, share: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    attributes = {column: row[column] for column in columns if row[column] is not None}
    for column in (*objects, "data"):
        text = row.get(column)
        if not text:
            continue
        if keep is None:
            decoded = json.loads(text)
        elif any(f'"{name}"' in text for name in keep):  # a key is always written quoted: no wanted key is missed
            decoded = {key: value for key, value in json.loads(text).items() if key in keep}
        else:
            continue
        attributes.update(decoded.items() if share is None else ((share(k), share(v)) for k, v in decoded.items()))
    return dict(sorted(attributes.items()))
