"""A kg graph (or any part of it) as a pyvis ``Network``: kg's styles, fixed positions, offline HTML.

:func:`to_network` returns a :class:`pyvis.network.Network` whose node and
edge lists are assigned in one go (pyvis's ``add_node`` checks every earlier
node and is quadratic: 20,000 nodes take minutes).  The nodes are those an
HTML view of the same graph draws (:func:`exports.html_view.page_data`: at
most ``max_nodes``, the most connected or the nearest to ``center``), with

* kg's colour and shape per node kind (:mod:`exports.view_styles`), one pyvis
  *group* per kind, and a legend of the groups drawn above the network;
* tooltips as plain text (a node's kind, year, venue, authors, abstract, first
  mentions; an edge's relation, confidence and sentence): vis-network shows a
  string title with ``innerText``, so text from the inputs is never markup;
* positions computed in Python (a seeded spring layout, or rings around
  ``center``) and physics off, so the browser draws once and stops.

``net.show("name.html")``, ``net.write_html(...)`` and
``net.generate_html()`` render kg's own template
(``exports/templates/pyvis-offline.html``) instead of pyvis's, which links
bootstrap and other files from CDNs: vis-network is inlined from pyvis's own
copy, so the page loads nothing from the network and works offline, in a
browser or in a Jupyter notebook (``show`` returns an ``IFrame``).

Examples
--------
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A <b>paper</b>", year=2026)
>>> g.add_node("dataset/d", kind="dataset", label="D")
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", confidence=0.9)
>>> net = to_network(g)
>>> [(n["id"], n["group"], n["shape"]) for n in net.nodes]
[('dataset/d', 'dataset', 'square'), ('paper/a', 'paper', 'dot')]
>>> net.nodes[1]["title"]
'A <b>paper</b>\\npaper\\nYear: 2026'
>>> net.edges[0]["from"], net.edges[0]["to"], net.edges[0]["title"]
('paper/a', 'dataset/d', 'uses (confidence 0.9)')
>>> page = net.generate_html()
>>> "cdn" in page.lower() or "<script src" in page, "&lt;b&gt;" in page or "\\\\u003cb\\\\u003e" in page
(False, True)
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import networkx as nx
from markupsafe import Markup

from exports.html_view import DEFAULT_MAX_NODES, page_data, vis_network_js
from exports.view_data import EdgeRecord, NodeRecord, PageData
from exports.view_styles import KIND_STYLES, kind_style, relation_style
from ontology.util.files import write_text_atomic

if TYPE_CHECKING:  # pragma: no cover
    from pyvis.network import Network

__all__ = ["TEMPLATE", "edge_title", "node_title", "offline_html", "to_network", "use_offline_template",
           "write_network"]

#: kg's pyvis template in ``exports/templates/``: vis-network inlined, nothing loaded from the network.
TEMPLATE = "pyvis-offline.html"


@lru_cache(maxsize=1)
def _vis_js() -> str:
    """pyvis's copy of vis-network, without its source-map comment, checked safe to inline in ``<script>``."""
    text = vis_network_js()
    if "</script" in text.lower() or "<!--" in text:
        raise RuntimeError("vis-network.min.js cannot be inlined safely (it contains </script or <!--)")
    return text


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("exports", "templates"), autoescape=True,
                             keep_trailing_newline=True)
    env.globals["vis_js"] = Markup(_vis_js())
    # the legend's order and symbols (pyvis writes the options' keys sorted)
    env.globals["kind_symbols"] = [[kind, style.symbol] for kind, style in KIND_STYLES.items()]
    return env


def use_offline_template(net: Network) -> Network:
    """Make ``net`` (any pyvis ``Network``) render kg's offline template; return it.

    pyvis renders ``net.templateEnv.get_template(net.path)`` (and, for
    notebooks, ``net.template``); both are pointed at
    :data:`TEMPLATE`, and ``cdn_resources`` is set to ``"in_line"`` so that
    ``write_html`` copies no ``lib/`` folder into the working directory.
    """
    net.templateEnv = _environment()
    net.path = TEMPLATE
    net.template = net.templateEnv.get_template(TEMPLATE)
    net.cdn_resources = "in_line"
    return net


def _sources(data: PageData, indices: Sequence[int]) -> list[str]:
    return [data["sources"][i] for i in indices]


def node_title(record: NodeRecord, sources: Sequence[str] = ()) -> str:
    """The plain-text tooltip of a node record of :mod:`exports.view_data` (source indices into ``sources``).

    >>> node_title({"id": "dataset/d", "l": "D", "n": "D", "k": "dataset", "s": 8.0, "x": 0.0, "y": 0.0,
    ...             "d": {"rows": [["Papers", "uses 2"]], "m": [[0, "We use D."]], "mt": 2}}, ["a.txt"])
    'D\\ndataset\\nPapers: uses 2\\nFirst mentions (1 of 2):\\n“We use D.” (a.txt)'
    """
    details = record.get("d", {})
    lines = [record["n"], record["k"]]
    lines += [f"{label}: {value}" for label, value in details.get("rows", [])]
    lines += [f"{label}: {url}" for label, url in details.get("links", [])]
    if details.get("ab"):
        lines.append(details["ab"])
    mentions = details.get("m", [])
    if mentions:
        lines.append(f"First mentions ({len(mentions)} of {details.get('mt', len(mentions))}):")
        lines += [f"\u201c{sentence}\u201d ({sources[i] if i < len(sources) else '?'})" for i, sentence in mentions]
    if details.get("src"):
        lines.append("Sources: " + ", ".join(sources[i] for i in details["src"] if i < len(sources)))
    return "\n".join(lines)


def edge_title(record: EdgeRecord, sources: Sequence[str] = ()) -> str:
    """The plain-text tooltip of an edge record: relation, confidence or score, and where it was stated.

    >>> edge_title({"f": 0, "t": 1, "r": "uses", "c": 0.8, "m": [0, "We use D."]}, ["a.txt"])
    'uses (confidence 0.8)\\n“We use D.” (a.txt)'
    >>> edge_title({"f": 0, "t": 1, "r": "similarTo", "b": "text", "sc": 0.42})
    'similarTo (text, score 0.42)'
    """
    notes = [record["b"]] if "b" in record else []
    if "c" in record:
        notes.append(f"confidence {record['c']}")
    if "sc" in record:
        notes.append(f"score {record['sc']}")
    if "p" in record:
        notes.append(f"author {record['p']}")
    lines = [record["r"] + (f" ({', '.join(notes)})" if notes else "")]
    if "m" in record:
        index, sentence = record["m"]
        lines.append(f"\u201c{sentence}\u201d ({sources[index] if index < len(sources) else '?'})")
    elif "s" in record and record["s"] < len(sources):
        lines.append(f"Source: {sources[record['s']]}")
    return "\n".join(lines)


def _node(record: NodeRecord, sources: Sequence[str]) -> dict[str, Any]:
    style = kind_style(record["k"])
    node: dict[str, Any] = {
        "id": record["id"], "label": record["l"], "group": record["k"], "shape": style.shape,
        "color": style.color, "size": record["s"], "x": record["x"], "y": record["y"],
        "title": node_title(record, sources),
    }
    if "fs" in record:
        node["font"] = {"size": record["fs"]}
    return node


def _edge(record: EdgeRecord, ids: Sequence[str], sources: Sequence[str]) -> dict[str, Any]:
    style = relation_style(record["r"])
    edge: dict[str, Any] = {
        "from": ids[record["f"]], "to": ids[record["t"]], "relation": record["r"], "color": style.color,
        "dashes": style.dashes, "arrows": style.arrows, "title": edge_title(record, sources),
    }
    if "cv" in record:  # a 2nd, 3rd, ... edge between the same nodes is bent so that each stays visible
        edge["smooth"] = {"enabled": True, "type": "curvedCW", "roundness": record["cv"]}
    return edge


def _set_options(target: Any, values: Mapping[str, Any]) -> None:
    """Write nested ``values`` onto pyvis's ``Options`` object (so its own methods, e.g. toggle_physics, still work)."""
    for key, value in values.items():
        current = getattr(target, key, None)
        if isinstance(value, Mapping) and current is not None and hasattr(current, "__dict__"):
            _set_options(current, value)
        else:
            setattr(target, key, value)


def to_network(
    graph: nx.MultiDiGraph,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    center: Hashable | None = None,
    context: nx.MultiDiGraph | None = None,
    title: str = "",
    height: str = "750px",
    width: str = "100%",
) -> Network:
    """A pyvis ``Network`` of ``graph`` in kg's styles, laid out, physics off, rendering offline.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The nodes and edges to show (kg's graph model; other graphs work too:
        nodes without ``kind`` are drawn grey, as ``other``).
    max_nodes : int
        Draw at most this many nodes: the most connected, or with ``center``
        the nearest to it (as kg's HTML views choose).
    center : node, optional
        Lay the nodes out on rings around this node; without it, a spring layout.
    context : networkx.MultiDiGraph, optional
        The whole graph ``graph`` was cut from: tooltips count papers and
        quote mentions from it (default: ``graph``).
    title : str
        Heading of the page.
    height, width : str
        CSS size of the network (pyvis's ``Network`` arguments).

    Returns
    -------
    pyvis.network.Network
        ``nodes`` and ``edges`` are lists of vis-network dicts (``id``,
        ``label``, ``group`` = kind, ``shape``, ``color``, ``size``, ``x``,
        ``y``, ``title``; ``from``, ``to``, ``relation``, ``color``,
        ``dashes``, ``arrows``, ``title``); ``show``/``write_html`` write an
        offline page (:func:`use_offline_template`).

    Raises
    ------
    ValueError
        When ``max_nodes`` is negative or ``center`` is not in ``graph``.

    Examples
    --------
    >>> g = nx.MultiDiGraph([("paper/a", "dataset/d"), ("paper/b", "dataset/d")])
    >>> net = to_network(g, center="dataset/d", max_nodes=2)
    >>> [n["id"] for n in net.nodes], net.options.physics.enabled
    (['dataset/d', 'paper/a'], False)
    """
    from pyvis.network import Network  # imports IPython: only when a network is asked for

    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    if center is not None and center not in graph:
        raise ValueError(f"the centre node {center!r} is not in the graph")
    data, _ = page_data(graph, max_nodes=max_nodes, center=center, context=context)
    net = Network(height=height, width=width, directed=True, heading=title, cdn_resources="in_line")
    ids = [record["id"] for record in data["nodes"]]
    net.nodes = [_node(record, data["sources"]) for record in data["nodes"]]
    net.edges = [_edge(record, ids, data["sources"]) for record in data["edges"]]
    net.node_ids = ids
    net.node_map = {node["id"]: node for node in net.nodes}
    _set_options(net.options, data["options"])
    return use_offline_template(net)


def offline_html(net: Network) -> str:
    """The offline page of ``net`` (any pyvis ``Network``), rendered with kg's template.

    >>> from pyvis.network import Network
    >>> net = Network()
    >>> net.nodes = [{"id": 1, "label": "one"}]
    >>> page = offline_html(net)
    >>> "vis.Network" in page and "http" not in page.replace(_vis_js(), "")
    True
    """
    use_offline_template(net)
    return net.generate_html()


def write_network(net: Network, path: Path) -> Path:
    """Write :func:`offline_html` of ``net`` to ``path`` atomically (UTF-8); return ``path``."""
    return write_text_atomic(Path(path), offline_html(net))
