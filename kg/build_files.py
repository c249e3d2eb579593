"""Reading the graph of a build folder: all of it, or only the nodes a question needs.

A :class:`GraphFiles` answers three requests, and is the one place that knows
which files a build folder holds:

* ``whole()`` -- the networkx graph of docs/graph-model.md;
* ``skeleton()`` -- every node with only the attributes that find it
  (:data:`SEARCH_ATTRIBUTES`) and every edge with only its key (relation):
  enough to look a name up and walk the neighbourhood of a node;
* ``induced(nodes)`` -- those nodes with all their attributes and every edge
  between them, attributes included.

:func:`graph_files` picks the reader for a folder.  A folder built by this
kg holds the graph tables ``tables/*.parquet`` (:mod:`exports.graph_tables`),
read by :class:`kg.table_files.TableFiles`: the skeleton reads a few narrow
columns and a subgraph only the rows of its nodes, so neither parses the
corpus.  An older folder holds only ``graph.json`` (node-link JSON), read by
:class:`NodeLinkFiles`: the file is parsed in full for each request (JSON
cannot be read in part), but only the skeleton and the chosen nodes become
networkx objects, which is where reading the whole graph spends most of its
time and memory.

Examples
--------
>>> import tempfile
>>> from exports.node_link import write_json
>>> from kg.analytics.toy import toy_graph
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_json(toy_graph(), folder / "graph.json")
>>> files = graph_files(folder)
>>> skeleton = files.skeleton()
>>> sorted(skeleton.nodes["dataset/squad"]), skeleton.number_of_edges() == toy_graph().number_of_edges()
(['alt_labels', 'kind', 'label'], True)
>>> sorted(files.induced(within_hops(skeleton, ["dataset/wmt14"], hops=1)))
['dataset/wmt14', 'paper/p5', 'paper/p6']
"""
from __future__ import annotations

import json
from collections.abc import Collection, Hashable, Iterable
from pathlib import Path
from typing import Any, Protocol

import networkx as nx

from exports.node_link import GraphFileError, from_json, read_json
from kg.folder_errors import BuildFolderError
from kg.table_files import TableFiles, has_tables

__all__ = [
    "GRAPH_JSON",
    "SEARCH_ATTRIBUTES",
    "BuildFolderError",
    "GraphFiles",
    "NodeLinkFiles",
    "graph_files",
    "within_hops",
]

GRAPH_JSON = "graph.json"
#: Node attributes the skeleton keeps: what names a node and says what it is.
SEARCH_ATTRIBUTES = ("kind", "label", "title", "name", "alt_labels")
_EDGE_ENDS = ("from", "to", "key")


class GraphFiles(Protocol):
    """What a build folder's graph reader answers (see the module docstring)."""

    folder: Path

    def whole(self) -> nx.MultiDiGraph:
        """The whole graph."""

    def skeleton(self) -> nx.MultiDiGraph:
        """Every node with its :data:`SEARCH_ATTRIBUTES` only, every edge with its key only."""

    def induced(self, nodes: Collection[Hashable]) -> nx.MultiDiGraph:
        """``nodes`` (those that exist) with all attributes, and every edge between them."""

    def size(self) -> int:
        """Bytes on disk the whole graph is read from (to choose between reading it whole or in part)."""


class NodeLinkFiles:
    """The graph of a folder written by ``kg build``: its ``graph.json`` (:mod:`exports.node_link`).

    A ``skeleton()`` keeps the parsed file until the next ``induced()``
    call, which uses it and lets it go, so looking a node up and reading its
    neighbourhood parses the file once.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / GRAPH_JSON
        self._parsed: dict[str, Any] | None = None

    def __repr__(self) -> str:
        return f"NodeLinkFiles({str(self.folder)!r})"

    def size(self) -> int:
        return self.path.stat().st_size

    def whole(self) -> nx.MultiDiGraph:
        self._parsed = None
        try:
            return read_json(self.path)
        except (FileNotFoundError, GraphFileError) as error:
            raise BuildFolderError(str(error)) from error

    def _data(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError as error:
            raise BuildFolderError(f"{self.path}: no such file; run `kg build -o {self.folder}` first") from error
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise BuildFolderError(f"{self.path} is not node-link JSON ({error}); "
                                   f"write it again with `kg build -o {self.folder}`") from error
        nodes = data.get("nodes") if isinstance(data, dict) else None
        edges = data.get("edges") if isinstance(data, dict) else None
        if (not isinstance(nodes, list) or not isinstance(edges, list)
                or not all(isinstance(n, dict) and "id" in n for n in nodes)
                or not all(isinstance(e, dict) and "from" in e and "to" in e for e in edges)):
            raise BuildFolderError(f"{self.path} is not node-link JSON of a kg graph; "
                                   f"write it again with `kg build -o {self.folder}`")
        return data

    def skeleton(self) -> nx.MultiDiGraph:
        data = self._parsed = self._data()
        graph = nx.MultiDiGraph()
        graph.add_nodes_from((n["id"], {k: n[k] for k in SEARCH_ATTRIBUTES if k in n}) for n in data["nodes"])
        graph.add_edges_from((e["from"], e["to"], e.get("key")) for e in data["edges"])
        return graph

    def induced(self, nodes: Collection[Hashable]) -> nx.MultiDiGraph:
        data, self._parsed = self._parsed or self._data(), None
        keep = set(nodes)
        part = {
            "directed": True, "multigraph": True, "graph": data.get("graph", {}),
            "nodes": [n for n in data["nodes"] if n["id"] in keep],
            "edges": [e for e in data["edges"] if e["from"] in keep and e["to"] in keep],
        }
        try:
            return from_json(json.dumps(part))  # the same reading rules as the whole graph's (a few nodes: cheap)
        except GraphFileError as error:
            raise BuildFolderError(f"{self.path}: {error}") from error


def graph_files(folder: Path | str) -> GraphFiles:
    """The reader of the graph in the build folder ``folder``.

    Raises :class:`BuildFolderError` when ``folder`` holds no graph kg can read.

    >>> graph_files("/no/such/folder")
    Traceback (most recent call last):
    ...
    kg.folder_errors.BuildFolderError: /no/such/folder holds no graph.json: build it first with `kg build -o /no/such/folder` (or kg.build_folder("/no/such/folder") in Python)
    """
    folder = Path(folder)
    if has_tables(folder):
        return TableFiles(folder)
    if (folder / GRAPH_JSON).is_file():
        return NodeLinkFiles(folder)
    raise BuildFolderError(f"{folder} holds no {GRAPH_JSON}: build it first with `kg build -o {folder}` "
                           f"(or kg.build_folder(\"{folder}\") in Python)")


def within_hops(graph: nx.MultiDiGraph, start: Iterable[Hashable], *, hops: int) -> list[Hashable]:
    """The nodes at most ``hops`` links from any of ``start`` (edge direction ignored), nearest first.

    >>> g = nx.MultiDiGraph([("a", "b"), ("c", "b"), ("c", "d")])
    >>> within_hops(g, ["a"], hops=2), within_hops(g, ["a", "d"], hops=0)
    (['a', 'b', 'c'], ['a', 'd'])
    """
    if hops < 0:
        raise ValueError(f"hops must be 0 or more, not {hops}")
    found = {node: 0 for node in start if node in graph}
    frontier = list(found)
    for depth in range(1, hops + 1):
        following = []
        for node in frontier:
            for other in sorted((*graph.succ[node], *graph.pred[node]), key=str):
                if other not in found:
                    found[other] = depth
                    following.append(other)
        frontier = following
    return list(found)
