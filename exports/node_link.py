"""Node-link JSON of the networkx graph (``networkx.node_link_data``), sorted for stable bytes, and back.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt")
>>> '"relation": "presentedAt"' in to_json(g)
True
>>> from_json(to_json(g)).edges(keys=True, data="relation")
OutMultiEdgeDataView([('paper/a', 'venue/b', 'presentedAt', 'presentedAt')])

Edge ends are stored under "from" and "to", so an edge's own ``source``
attribute (the input file that states it) survives the round trip:

>>> _ = g.add_edge("paper/a", "paper/c", key="similarTo", relation="similarTo", source="page.txt")
>>> from_json(to_json(g)).edges["paper/a", "paper/c", "similarTo"]["source"]
'page.txt'
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Hashable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import networkx as nx

from exports.graph_order import sorted_edges, source_edges
from exports.json_text import sorted_json, write_pieces
from exports.piece_index import Pieces, Previous
from exports.rdf_owners import NO_DIGEST, OwnerDigests, owner_digest
from ontology.errors import KgError
from ontology.util.files import open_atomic

__all__ = ["GraphFileError", "ItemRuns", "JsonReport", "from_json", "item_runs", "json_key", "last_json", "read_json",
           "to_json", "write_json"]

# not "source"/"target" (networkx's default): edges have a "source" attribute of their own
_FROM, _TO = "from", "to"


def to_json(graph: nx.MultiDiGraph) -> str:
    """Node-link JSON of ``graph`` with nodes and edges in a fixed order (what :func:`write_json` writes)."""
    return "".join(_json_pieces(graph))


def write_json(graph: nx.MultiDiGraph, path: Path, *, index: Path | None = None, runs: ItemRuns | None = None,
               owners: OwnerDigests | None = None) -> Path:
    """Write node-link JSON of ``graph`` to ``path`` (atomically), a node or an edge at a time.

    The file is never held whole in memory: on the full Anthology it is
    ~500 MB, and building it as one string tripled the build's peak memory.
    With ``index`` (a file beside the document cache), runs of nodes and
    edges that are those of a run of the ``graph.json`` now at ``path`` are
    copied from it instead of encoded again (:func:`_write_reusing`; the same
    bytes), and the index of the new file is written for the next build;
    ``runs``, when given with ``index``, is filled with the runs the nodes and
    edges were cut into (the graph tables reuse rows by them: :mod:`exports.graph_tables`).  The runs are
    named by their nodes' owner digests, taken from ``owners`` where graph.ttl's writer made them
    (:data:`~exports.rdf_owners.OwnerDigests`: valid only for this graph as it is now).
    """
    if index is not None:
        return _write_reusing(graph, Path(path), Path(index), runs, owners)
    return write_pieces(Path(path), _json_pieces(graph))


_NODES, _EDGES = "@@kg-nodes@@", "@@kg-edges@@"
_List = TypeVar("_List")  # what stands for a list in the frame: its items, or its items' entries


def _json_pieces(graph: nx.MultiDiGraph) -> Iterator[str]:
    """The text of ``node_link_data(graph)`` as JSON, keys sorted, one node or edge a line, in pieces.

    The frame is dumped with two markers where the lists go; each node and
    edge is dumped on its own line (by the json module's C encoder: an
    indented dump runs in pure Python, several times slower).
    """
    for part in _framed(graph, {_NODES: _node_items(graph), _EDGES: _edge_items(graph)}):
        if isinstance(part, str):
            yield part
        else:
            yield from _json_list(part)


def _framed(graph: nx.MultiDiGraph, lists: dict[str, _List]) -> Iterator[str | _List]:
    """The frame's text around the node and edge lists, and each of ``lists`` (by marker) where it goes."""
    frame = json.dumps({"directed": True, "multigraph": True, "graph": graph.graph, "nodes": _NODES,
                        "edges": _EDGES}, ensure_ascii=False, sort_keys=True) + "\n"
    rest = frame
    while rest:
        marker = min((m for m in lists if f'"{m}"' in rest), key=lambda m: rest.index(f'"{m}"'), default=None)
        if marker is None:
            yield rest
            return
        before, rest = rest.split(f'"{marker}"', 1)
        yield before
        yield lists.pop(marker)


def _json_list(items: Iterator[dict]) -> Iterator[str]:
    first = True
    for item in items:
        yield ("[\n" if first else ",\n") + sorted_json(item)
        first = False
    yield "[]" if first else "\n]"


def _node_items(graph: nx.MultiDiGraph) -> Iterator[dict]:
    nodes = graph.nodes
    for node in sorted(nodes):
        yield {**nodes[node], "id": node}


def _edge_items(graph: nx.MultiDiGraph) -> Iterator[dict]:
    for source, target, key, data in sorted_edges(graph):
        yield {**data, _FROM: source, _TO: target, "key": key}


#: Runs hold about this many items: a node ends its run of nodes when its owner digest, as a number, is divisible
#: by it (one in 64), and a source of edges ends its run of edges with the chance its number of out-edges over this
#: (a source with this many or more always does).  Chosen by the node's digest alone, so an added, changed or removed
#: node changes its own runs and at most the next ones, which it joins or splits.
_RUN_ITEMS = 64


@dataclass(frozen=True)
class JsonReport:
    """What the last :func:`write_json` with an index did: its runs, how many were copied from the last
    ``graph.json``, and why none could be (``""`` when the index was used)."""

    runs: int
    reused: int
    full: str = ""


_LAST: list[JsonReport] = []


@dataclass
class ItemRuns:
    """The runs :func:`write_json`'s reusing writer cuts the sorted nodes and the sorted edges into: each run's
    digest (``None``: a node ``marshal`` cannot write) and its number of items, in the order of the graph's
    sorted nodes (:func:`sorted`) and edges (:func:`exports.graph_order.sorted_edges`); a run of edges holds
    every out-edge of its sources.

    A run's digest names its items' values exactly (see :func:`_write_reusing`), so anything made from those
    items alone, such as the graph tables' rows, can be kept by it.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt")
    >>> runs = item_runs(g)
    >>> [count for _, count in runs.nodes], [count for _, count in runs.edges]
    ([2], [1])
    """

    nodes: list[tuple[bytes | None, int]] = field(default_factory=list)
    edges: list[tuple[bytes | None, int]] = field(default_factory=list)


def item_runs(graph: nx.MultiDiGraph, owners: OwnerDigests | None = None) -> ItemRuns:
    """The :class:`ItemRuns` of ``graph`` without writing anything (what :func:`write_json` fills in passing);
    ``owners``: its nodes' owner digests where already made, as for :func:`write_json`."""
    return ItemRuns(nodes=[run[::2] for run in _node_runs(graph, owners)],
                    edges=[run[::2] for run in _edge_runs(graph, owners)])


def last_json() -> JsonReport | None:
    """The :class:`JsonReport` of this process's last :func:`write_json` with an index (for tests, benchmarks)."""
    return _LAST[-1] if _LAST else None


def json_key() -> str:
    """A digest of what a run's text depends on besides its items: this code, the index's and Python's version."""
    digest = hashlib.sha256(f"1 {sys.version}".encode())
    for name in ("node_link.py", "piece_index.py", "json_text.py", "rdf_owners.py", "graph_order.py"):
        digest.update(name.encode() + b"\0" + hashlib.sha256((_HERE / name).read_bytes()).digest())
    return digest.hexdigest()


_HERE = Path(__file__).resolve().parent


def _write_reusing(graph: nx.MultiDiGraph, path: Path, index: Path, record: ItemRuns | None = None,
                   owners: OwnerDigests | None = None) -> Path:
    """:func:`write_json`'s bytes, the runs of nodes and edges whose digests are those of runs of the last build
    copied from its ``graph.json``.

    A run's digest is a SHA-256 of its nodes' :func:`~exports.rdf_owners.owner_digest` (a run of edges: of
    its sources'), of whether it is a run of nodes or of edges and of whether it starts its list.  An owner
    digest names the node's id and attributes and every out-edge's target, key and attributes, so it names
    exactly what the node's JSON line and its out-edges' lines are made of (and the targets' kinds, which
    they are not: a kind changing encodes its sources' edges again for nothing).  The digests are taken
    from ``owners`` where graph.ttl's writer left them (:data:`~exports.rdf_owners.OwnerDigests`), so that
    ``kg build`` marshals each node and edge once for both files; else made here.  A node :mod:`marshal`
    cannot write (:data:`~exports.rdf_owners.NO_DIGEST`) makes its runs ones that are always encoded.
    ``record`` is filled with the runs.
    """
    key = json_key()
    record = ItemRuns() if record is None else record
    record.nodes.clear()
    record.edges.clear()
    pieces = Pieces()
    runs = reused = 0
    nodes, adjacency = graph._node, graph._succ
    with ExitStack() as stack:
        previous, why = Previous.load(index, path, key, stack)
        with open_atomic(path) as stream:
            def text(data: str) -> None:
                encoded = data.encode("utf-8")
                stream.write(encoded)
                pieces.add(None, encoded)

            for part in _framed(graph, {_NODES: (record.nodes, _node_runs(graph, owners), _node_lines),
                                        _EDGES: (record.edges, _edge_runs(graph, owners), _edge_lines)}):
                if isinstance(part, str):
                    text(part)
                    continue
                kept, found, lines = part
                first = True
                for digest, members, count in found:
                    kept.append((digest, count))
                    runs += 1
                    data = previous.get(digest) if previous is not None and digest is not None else None
                    if data is None:
                        data = "".join(("[\n" if first and n == 0 else ",\n") + sorted_json(item)
                                       for n, item in enumerate(lines(nodes, adjacency, members))).encode("utf-8")
                    else:
                        reused += 1
                    stream.write(data)
                    pieces.add(digest, data)
                    first = False
                text("[]" if first else "\n]")
        _LAST[:] = [JsonReport(runs, reused, "" if previous is not None else why)]
    pieces.save(index, key)
    return path


_Run = tuple[bytes | None, list[Hashable], int]  # a run's digest (None: always encoded), its nodes or sources, items


def _node_runs(graph: nx.MultiDiGraph, owners: OwnerDigests | None) -> Iterator[_Run]:
    """The sorted nodes in runs, each ending at a node chosen by its owner digest (:data:`_RUN_ITEMS`)."""
    known = owners or {}
    digest, usable, members = hashlib.sha256(b"nodes, first run"), True, []
    for node in sorted(graph._node):
        own = known.get(node) or owner_digest(graph, node)
        members.append(node)
        usable = usable and own != NO_DIGEST
        digest.update(own)
        if int.from_bytes(own[:4], "little") % _RUN_ITEMS == 0:
            yield (digest.digest() if usable else None), members, len(members)
            digest, usable, members = hashlib.sha256(b"nodes"), True, []
    if members:
        yield (digest.digest() if usable else None), members, len(members)


def _edge_runs(graph: nx.MultiDiGraph, owners: OwnerDigests | None) -> Iterator[_Run]:
    """The sources of edges, sorted, in runs of about :data:`_RUN_ITEMS` edges, each ending at a source chosen by
    its owner digest and its number of out-edges; a run's number is that of its sources' edges."""
    known, adjacency = owners or {}, graph._succ
    digest, usable, members, count = hashlib.sha256(b"edges, first run"), True, [], 0
    for source in sorted(adjacency):
        neighbours = adjacency[source]
        if not neighbours:
            continue
        edges = sum(map(len, neighbours.values()))
        own = known.get(source) or owner_digest(graph, source)
        members.append(source)
        count += edges
        usable = usable and own != NO_DIGEST
        digest.update(own)
        if int.from_bytes(own[:4], "little") % _RUN_ITEMS < edges:
            yield (digest.digest() if usable else None), members, count
            digest, usable, members, count = hashlib.sha256(b"edges"), True, [], 0
    if members:
        yield (digest.digest() if usable else None), members, count


def _node_lines(nodes: dict, adjacency: dict, members: list[Hashable]) -> Iterator[dict]:
    """The JSON objects of a run of nodes (what :func:`_node_items` gives for them)."""
    for node in members:
        yield {**nodes[node], "id": node}


def _edge_lines(nodes: dict, adjacency: dict, members: list[Hashable]) -> Iterator[dict]:
    """The JSON objects of a run of edges: its sources' out-edges (what :func:`_edge_items` gives for them)."""
    for source in members:
        for _, target, key, data in source_edges(adjacency, source):
            yield {**data, _FROM: source, _TO: target, "key": key}


class GraphFileError(KgError, ValueError):
    """A graph file that is not node-link JSON of a kg graph; the message names the file and what to do."""


def from_json(text: str) -> nx.MultiDiGraph:
    """The graph :func:`to_json` wrote (nodes, attributes and keyed edges); :class:`GraphFileError` otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GraphFileError(f"not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from error
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list) or not isinstance(data.get("edges"), list):
        raise GraphFileError("not node-link JSON: expected an object with 'nodes' and 'edges' lists")
    if not all(isinstance(node, dict) and "id" in node for node in data["nodes"]):
        raise GraphFileError("not node-link JSON of a graph: a node has no 'id'")
    try:
        graph = nx.node_link_graph(data, directed=True, multigraph=True, edges="edges", source=_FROM, target=_TO)
    except (KeyError, TypeError, nx.NetworkXError) as error:
        raise GraphFileError(f"not node-link JSON of a graph: {error!r}") from error
    if not isinstance(graph, nx.MultiDiGraph):
        graph = nx.MultiDiGraph(graph)
    return graph


def read_json(path: Path) -> nx.MultiDiGraph:
    """The graph written by :func:`write_json`, read back (a built output's ``graph.json``).

    Raises :class:`FileNotFoundError` when ``path`` does not exist and
    :class:`GraphFileError` (naming ``path``) when it is not node-link JSON.

    >>> import tempfile, networkx as nx
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("dataset/mmlu", kind="dataset", label="MMLU", alt_labels=["mmlu"])
    >>> path = write_json(g, Path(tempfile.mkdtemp()) / "graph.json")
    >>> dict(read_json(path).nodes(data=True))
    {'dataset/mmlu': {'alt_labels': ['mmlu'], 'kind': 'dataset', 'label': 'MMLU'}}
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise FileNotFoundError(f"{path}: no such file; run `kg build -o FOLDER` first") from error
    try:
        return from_json(text)
    except GraphFileError as error:
        raise GraphFileError(f"{path}: {error}; write it again with `kg build -o {path.parent}`") from error
