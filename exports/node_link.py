"""Export the networkx graph as node-link JSON (``networkx.node_link_data``), sorted for stable bytes.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt")
>>> '"relation": "presentedAt"' in to_json(g)
True
"""
from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from exports.files import write_text_atomic

__all__ = ["to_json", "write_json", "read_json"]


def to_json(graph: nx.MultiDiGraph) -> str:
    """Node-link JSON of ``graph`` with nodes and edges in a fixed order."""
    data = nx.node_link_data(graph, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["target"], str(e.get("key"))))
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_json(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write node-link JSON of ``graph`` to ``path`` (atomically)."""
    return write_text_atomic(Path(path), to_json(graph))


def read_json(path: Path) -> nx.MultiDiGraph:
    """The graph written by :func:`write_json`, read back (a built output's ``graph.json``).

    >>> import tempfile
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     back = read_json(write_json(g, Path(folder) / "graph.json"))
    >>> list(back.edges(keys=True))
    [('paper/a', 'venue/b', 'presentedAt')]
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise FileNotFoundError(f"{path}: no such file; run `kg build -o FOLDER` first") from error
    return nx.node_link_graph(data, directed=True, multigraph=True, edges="edges")
