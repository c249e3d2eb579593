"""Reading a build's graph from its Parquet tables: all of it, or only the rows a question needs.

:class:`TableFiles` answers the requests of :class:`kg.build_files.GraphFiles`
from ``OUT/tables/`` (:mod:`exports.graph_tables`):

* ``skeleton()`` reads four narrow columns (no abstracts, no provenance);
* ``induced(nodes)`` reads the rows of those nodes and of the edges leaving
  them (the tables are sorted by node, so only the row groups that hold
  them are decoded);
* ``whole()`` reads everything, for builds that fit in memory, or every node
  and edge with only some attributes (``whole(node_attributes=("year",))``:
  what counting and ranking need, without abstracts and provenance).

>>> import tempfile
>>> from exports.graph_tables import write_graph_tables
>>> from kg.analytics.toy import toy_graph
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_graph_tables(toy_graph(), folder)
>>> files = TableFiles(folder)
>>> sorted(files.skeleton().nodes["dataset/squad"])
['alt_labels', 'kind', 'label']
>>> sorted(files.induced(["dataset/wmt14", "paper/p5"]).edges(keys=True))
[('paper/p5', 'dataset/wmt14', 'uses')]
>>> nx.utils.graphs_equal(files.whole(), toy_graph())
True
"""
from __future__ import annotations

import json
from collections.abc import Callable, Collection, Hashable
from pathlib import Path
from typing import TypeVar

import networkx as nx
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from exports.graph_tables import (
    TABLES_FOLDER,
    attribute_selection,
    graph_from_tables,
    read_edge_rows,
    read_node_rows,
    table_batches,
)
from kg.folder_errors import BuildFolderError

__all__ = ["TableFiles", "TableFilesError", "has_tables"]

_FILES = ("nodes.parquet", "edges.parquet", "edges_in.parquet")
T = TypeVar("T")


def has_tables(folder: Path) -> bool:
    """True when ``folder`` holds the graph tables a build writes."""
    return all((Path(folder) / TABLES_FOLDER / name).is_file() for name in _FILES)


class TableFiles:
    """The graph of a build folder, read from ``tables/*.parquet``."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def __repr__(self) -> str:
        return f"TableFiles({str(self.folder)!r})"

    def size(self) -> int:
        """The tables' uncompressed bytes (comparable to a ``graph.json``'s size; the files are ~8x smaller)."""
        def uncompressed(name: str) -> int:
            metadata = pq.ParquetFile(self.folder / TABLES_FOLDER / name).metadata
            return sum(metadata.row_group(index).total_byte_size for index in range(metadata.num_row_groups))
        return self._guarded(lambda: sum(uncompressed(name) for name in _FILES))

    def whole(self, *, node_attributes: Collection[str] | None = None,
              edge_attributes: Collection[str] | None = None) -> nx.MultiDiGraph:
        """Every node and edge; with ``node_attributes`` / ``edge_attributes``, only those attributes
        (besides kind, label and relation): see :func:`exports.graph_tables.graph_from_tables`.
        The files are read a row group at a time."""
        node_keep, edge_keep = attribute_selection(node_attributes), attribute_selection(edge_attributes)
        return self._guarded(lambda: graph_from_tables(
            table_batches(self.folder, "nodes.parquet"), table_batches(self.folder, "edges.parquet"),
            node_attributes=node_keep, edge_attributes=edge_keep))

    def skeleton(self) -> nx.MultiDiGraph:
        def read() -> nx.MultiDiGraph:
            nodes = read_node_rows(self.folder, columns=["id", "kind", "label", "names"])
            edges = read_edge_rows(self.folder, columns=["source", "target", "key"])
            graph = nx.MultiDiGraph()
            for batch in nodes.to_batches():
                for row in batch.to_pylist():
                    attributes = {"kind": row["kind"], "label": row["label"], **json.loads(row["names"] or "{}")}
                    graph.add_node(row["id"], **{k: v for k, v in sorted(attributes.items()) if v is not None})
            graph.add_edges_from(zip(edges.column("source").to_pylist(), edges.column("target").to_pylist(),
                                     edges.column("key").to_pylist()))
            return graph
        return self._guarded(read)

    def induced(self, nodes: Collection[Hashable]) -> nx.MultiDiGraph:
        keep = sorted({str(node) for node in nodes})

        def read() -> nx.MultiDiGraph:
            if not keep:
                return nx.MultiDiGraph()
            edges = read_edge_rows(self.folder, sources=keep)  # both ends kept: its source is one of them
            edges = edges.filter(pc.is_in(edges.column("target"), _array(keep)))
            return graph_from_tables(read_node_rows(self.folder, ids=keep), edges)
        return self._guarded(read)

    def _guarded(self, read: Callable[[], T]) -> T:
        try:
            return read()
        except FileNotFoundError as error:
            raise TableFilesError(f"{self.folder / TABLES_FOLDER}: {error.strerror or error}; "
                                  f"build it again with `kg build -o {self.folder}`") from error
        except (OSError, ValueError, json.JSONDecodeError) as error:  # pyarrow's errors derive from these
            raise TableFilesError(f"{self.folder / TABLES_FOLDER} cannot be read ({error}); "
                                  f"build it again with `kg build -o {self.folder}`") from error


def _array(values: list[str]) -> pa.Array:
    return pa.array(values, pa.string())


class TableFilesError(BuildFolderError):
    """Graph tables that are missing or damaged; the message says to build again."""
