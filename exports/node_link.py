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

import json
from pathlib import Path

import networkx as nx

from ontology.errors import KgError
from ontology.util.files import write_text_atomic

__all__ = ["GraphFileError", "from_json", "read_json", "to_json", "write_json"]

# not "source"/"target" (networkx's default): edges have a "source" attribute of their own
_FROM, _TO = "from", "to"


def to_json(graph: nx.MultiDiGraph) -> str:
    """Node-link JSON of ``graph`` with nodes and edges in a fixed order."""
    data = nx.node_link_data(graph, edges="edges", source=_FROM, target=_TO)
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e[_FROM], e[_TO], str(e.get("key"))))
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_json(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write node-link JSON of ``graph`` to ``path`` (atomically)."""
    return write_text_atomic(Path(path), to_json(graph))


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
