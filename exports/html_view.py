"""Interactive, offline HTML view of the knowledge graph (vis-network via pyvis).

The page is one self-contained file: the vis-network bundle that ships with
pyvis is inlined, and so are the page's own CSS and JavaScript.  Nothing is
loaded from the network, so the page works offline and from ``file://``.
pyvis's own template is not used because it links bootstrap from a CDN, and
``pyvis.network.Network.add_node`` is quadratic in the number of nodes; the
node and edge lists are built here instead.

The output is deterministic: nodes and edges are sorted, the layout is
computed in Python with a fixed seed and rounded, and no ids, dates or random
values are embedded, so the same graph always gives the same bytes.

Everything taken from the graph is escaped: tooltip HTML is built with
:func:`html.escape`, and the JSON data block escapes ``<``, ``>`` and ``&`` so
no label can close the ``<script>`` element it lives in.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("method/clear", kind="method", label="CLEAR")
>>> page = render_html(g, title="Demo")
>>> "<title>Demo</title>" in page and 'src="http' not in page
True
"""
from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jinja2
import networkx as nx
from markupsafe import Markup

from exports.files import write_text_atomic

__all__ = ["render_html", "write_html"]

#: The vis-network bundle inside the pyvis package that the page inlines.
VIS_ASSET_DIR = "templates/lib/vis-9.1.2"

#: Graphs up to this many nodes get a full spring layout; larger ones lay out
#: their most connected nodes this way and place the rest next to them.
SPRING_LAYOUT_LIMIT = 400
LAYOUT_SEED = 42

ABSTRACT_CHARS = 300
SENTENCE_CHARS = 240
LABEL_CHARS = 48
MAX_MENTIONS = 3

_GOLDEN_ANGLE = math.pi * (3.0 - math.sqrt(5.0))


@dataclass(frozen=True)
class KindStyle:
    """How nodes of one kind are drawn, and the symbol the legend shows for them."""

    color: str
    shape: str
    symbol: str


#: Styles of the kinds kg/graph.py produces, in legend order.
KIND_STYLES: dict[str, KindStyle] = {
    "paper": KindStyle("#4e79a7", "dot", "\u25cf"),
    "venue": KindStyle("#f28e2b", "star", "\u2605"),
    "method": KindStyle("#59a14f", "diamond", "\u25c6"),
    "dataset": KindStyle("#e15759", "square", "\u25a0"),
    "model": KindStyle("#b07aa1", "triangle", "\u25b2"),
}
_OTHER_KIND = KindStyle("#9d9d9d", "dot", "\u25cf")

#: Edge colour and dashing per relation, in legend order.
RELATION_STYLES: dict[str, tuple[str, bool]] = {
    "proposes": ("#3b7d34", False),
    "uses": ("#a0a0a0", False),
    "presentedAt": ("#f28e2b", False),
    "nextInProgram": ("#c9b8a8", True),
    "similarTo": ("#76b7b2", True),
}
_OTHER_RELATION = ("#bbbbbb", False)

# ---------------------------------------------------------------------------
# Small text helpers
# ---------------------------------------------------------------------------

_SPACES = re.compile(r"\s+")


def _text(value: Any) -> str:
    """A display string for an attribute value (enums show their value)."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        value = value.value
    return _SPACES.sub(" ", str(value)).strip()


def _texts(value: Any) -> list[str]:
    """A list attribute (or a single value) as a list of non-empty display strings."""
    if value is None:
        return []
    if isinstance(value, (str, Enum)) or not isinstance(value, Iterable):
        value = [value]
    texts = [t for t in (_text(v) for v in value) if t]
    return sorted(texts) if isinstance(value, (set, frozenset)) else texts


def _clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + "\u2026"


def _esc(value: Any) -> str:
    """HTML-escaped display string."""
    return html.escape(_text(value), quote=True)


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (``<``, ``>``, ``&`` escaped)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


# ---------------------------------------------------------------------------
# Tooltips (HTML built from escaped pieces only)
# ---------------------------------------------------------------------------


def _row(key: str, value_html: str) -> str:
    """One "key: value" line of a tooltip; ``value_html`` must already be escaped."""
    return f'<div class="kg-row"><span class="kg-key">{html.escape(key)}:</span> {value_html}</div>'


def _link(url: str) -> str:
    """An escaped link for an http(s) URL; any other scheme is shown as text only."""
    shown = _esc(url)
    if urlsplit(url).scheme.lower() in {"http", "https"}:
        return f'<a href="{shown}" target="_blank" rel="noopener noreferrer">{shown}</a>'
    return shown


def _sources_row(attrs: Mapping[str, Any]) -> str:
    sources = _texts(attrs.get("sources"))
    return _row("Sources", ", ".join(_esc(s) for s in sources)) if sources else ""


def _paper_tip(attrs: Mapping[str, Any]) -> str:
    """Tooltip of a paper: title, venue, start of the abstract, code links, sources."""
    heading = _text(attrs.get("title")) or _text(attrs.get("label"))
    parts = [f"<b>{_esc(heading)}</b>", '<div class="kg-kind-line">paper</div>']
    for key, name in (("venue", "Venue"), ("presentation_type", "Presentation"), ("country", "Country")):
        if _text(attrs.get(key)):
            parts.append(_row(name, _esc(attrs.get(key))))
    abstract = _text(attrs.get("abstract"))
    if abstract:
        parts.append(f'<p class="kg-abstract">{html.escape(_clip(abstract, ABSTRACT_CHARS))}</p>')
    keywords = _texts(attrs.get("keywords"))
    if keywords:
        parts.append(_row("Keywords", ", ".join(_esc(k) for k in keywords)))
    repositories = _texts(attrs.get("code_repositories"))
    if repositories:
        parts.append(_row("Code", " ".join(_link(u) for u in repositories)))
    parts.append(_sources_row(attrs))
    return "".join(parts)


_VENUE_FIELDS = (
    ("series", "Series"),
    ("year", "Year"),
    ("edition", "Edition"),
    ("location", "Location"),
    ("start_date", "Starts"),
    ("end_date", "Ends"),
    ("general_chair", "General chair"),
)


def _venue_tip(attrs: Mapping[str, Any]) -> str:
    """Tooltip of a venue: its name and the facts stated about it."""
    heading = _text(attrs.get("name")) or _text(attrs.get("label"))
    parts = [f"<b>{_esc(heading)}</b>", '<div class="kg-kind-line">venue</div>']
    for key, name in _VENUE_FIELDS:
        if _text(attrs.get(key)):
            parts.append(_row(name, _esc(attrs.get(key))))
    parts.append(_sources_row(attrs))
    return "".join(parts)


def _incoming_mentions(graph: nx.MultiDiGraph, node: str) -> tuple[list[Mapping[str, Any]], dict[str, int]]:
    """Mentions on the edges into ``node`` (sorted by paper and relation) and counts per relation."""
    mentions: list[Mapping[str, Any]] = []
    counts: dict[str, int] = {}
    incoming = sorted(graph.in_edges(node, keys=True, data=True), key=lambda e: (str(e[0]), str(e[2])))
    for _, _, key, data in incoming:
        relation = _text(data.get("relation", key))
        counts[relation] = counts.get(relation, 0) + 1
        mentions.extend(m for m in data.get("mentions") or () if isinstance(m, Mapping))
    return mentions, counts


def _mention_html(mention: Mapping[str, Any]) -> str:
    """One mention as "source: “sentence”" (escaped)."""
    where = _esc(mention.get("source")) or "unknown source"
    sentence = _text(mention.get("sentence"))
    quote = f" \u201c{html.escape(_clip(sentence, SENTENCE_CHARS))}\u201d" if sentence else ""
    return f'<li><span class="kg-source">{where}</span>{quote}</li>'


def _entity_tip(graph: nx.MultiDiGraph, node: str, attrs: Mapping[str, Any], kind: str) -> str:
    """Tooltip of a method, dataset or model: label, alt labels and where it was found."""
    parts = [
        f"<b>{_esc(attrs.get('label') or node)}</b>",
        f'<div class="kg-kind-line">{html.escape(kind)}</div>',
    ]
    alt = _texts(attrs.get("alt_labels"))
    if alt:
        parts.append(_row("Also called", ", ".join(_esc(a) for a in alt)))
    mentions, counts = _incoming_mentions(graph, node)
    if counts:
        parts.append(_row("Papers", ", ".join(f"{html.escape(r)} {n}" for r, n in sorted(counts.items()))))
    if mentions:
        items = "".join(_mention_html(m) for m in mentions[:MAX_MENTIONS])
        more = f" (first {MAX_MENTIONS} of {len(mentions)})" if len(mentions) > MAX_MENTIONS else ""
        parts.append(f'<div class="kg-row"><span class="kg-key">Found in{more}:</span><ul>{items}</ul></div>')
    else:
        parts.append(_sources_row(attrs))
    return "".join(parts)


def _node_tip(graph: nx.MultiDiGraph, node: str, attrs: Mapping[str, Any], kind: str) -> str:
    if kind == "paper":
        return _paper_tip(attrs)
    if kind == "venue":
        return _venue_tip(attrs)
    return _entity_tip(graph, node, attrs, kind)


def _edge_tip(relation: str, data: Mapping[str, Any]) -> str:
    """Tooltip of an edge: relation, confidence and the first place it was stated."""
    parts = [f"<b>{html.escape(relation)}</b>"]
    if isinstance(data.get("confidence"), (int, float)):
        parts.append(_row("Confidence", f"{float(data['confidence']):.2f}"))
    mentions = [m for m in data.get("mentions") or () if isinstance(m, Mapping)]
    if mentions:
        parts.append(f"<ul>{_mention_html(mentions[0])}</ul>")
    elif _text(data.get("source")):
        parts.append(_row("Source", _esc(data.get("source"))))
    return "".join(parts)


# ---------------------------------------------------------------------------
# Selection and layout
# ---------------------------------------------------------------------------


def _ranked_nodes(graph: nx.MultiDiGraph) -> list[str]:
    """All nodes, most connected first (ties by id)."""
    return sorted(graph.nodes, key=lambda n: (-graph.degree(n), str(n)))


def _simple_graph(graph: nx.MultiDiGraph, nodes: list[str]) -> nx.Graph:
    """Undirected simple graph on ``nodes`` (in that order) with edges added in sorted order."""
    keep = set(nodes)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    simple.add_edges_from(
        sorted((u, v) for u, v in graph.edges() if u in keep and v in keep and u != v)
    )
    return simple


def _satellite_offset(index: int, radius: float) -> tuple[float, float]:
    """Deterministic offset of the ``index``-th node placed around one anchor."""
    r = radius * (1.0 + 0.35 * math.sqrt(index))
    angle = index * _GOLDEN_ANGLE
    return r * math.cos(angle), r * math.sin(angle)


def _place_rest(simple: nx.Graph, ranked: list[str], pos: dict[str, tuple[float, float]]) -> None:
    """Place nodes outside the spring-laid core near their placed neighbours, or on an outer spiral."""
    rank = {node: i for i, node in enumerate(ranked)}
    satellites: dict[str, int] = {}
    orphans = 0
    for node in ranked:
        if node in pos:
            continue
        placed = [n for n in simple[node] if n in pos]
        if placed:
            anchor = min(placed, key=rank.__getitem__)
            cx = sum(pos[n][0] for n in placed) / len(placed)
            cy = sum(pos[n][1] for n in placed) / len(placed)
            index = satellites.get(anchor, 0)
            satellites[anchor] = index + 1
            dx, dy = _satellite_offset(index, 0.04)
            pos[node] = (cx + dx, cy + dy)
        else:
            radius = math.sqrt(1.15**2 + orphans * 0.01 / math.pi)
            angle = orphans * _GOLDEN_ANGLE
            orphans += 1
            pos[node] = (radius * math.cos(angle), radius * math.sin(angle))


def _spring_k(graph: nx.Graph) -> float | None:
    """Spring length: twice networkx's default, so hubs' neighbourhoods spread out."""
    return 2.0 / math.sqrt(graph.number_of_nodes()) if graph.number_of_nodes() > 1 else None


def _layout(graph: nx.MultiDiGraph, ranked: list[str]) -> dict[str, tuple[float, float]]:
    """Pixel positions for ``ranked`` nodes (most connected first), rounded to 0.1 px.

    Up to :data:`SPRING_LAYOUT_LIMIT` nodes get a seeded spring layout; above
    that, only the most connected ones do and the others are placed around
    their neighbours, which costs O(nodes + edges).
    """
    if not ranked:
        return {}
    simple = _simple_graph(graph, ranked)
    core = ranked[:SPRING_LAYOUT_LIMIT]
    # a fresh graph, not simple.subgraph(core): subgraph views may iterate the node *set*,
    # whose order changes with PYTHONHASHSEED and would make the layout irreproducible
    core_graph = _simple_graph(graph, core) if len(ranked) > len(core) else simple
    spring = nx.spring_layout(core_graph, k=_spring_k(core_graph), seed=LAYOUT_SEED)
    pos = {n: (float(xy[0]), float(xy[1])) for n, xy in spring.items()}
    _place_rest(simple, ranked, pos)
    scale = max(250.0, 70.0 * math.sqrt(len(ranked)))
    # "+ 0.0" turns -0.0 into 0.0, so the JSON never shows "-0.0"
    return {n: (round(x * scale, 1) + 0.0, round(y * scale, 1) + 0.0) for n, (x, y) in pos.items()}


# ---------------------------------------------------------------------------
# Page data
# ---------------------------------------------------------------------------


def _kind(attrs: Mapping[str, Any]) -> str:
    return _text(attrs.get("kind")) or "other"


def _node_size(degree: int) -> float:
    """Node radius in pixels, growing with the logarithm of the degree."""
    return round(min(48.0, 8.0 + 4.0 * math.log2(1 + degree)), 1)


def _node_record(graph: nx.MultiDiGraph, node: str, xy: tuple[float, float]) -> dict[str, Any]:
    attrs = graph.nodes[node]
    kind = _kind(attrs)
    style = KIND_STYLES.get(kind, _OTHER_KIND)
    name = _text(attrs.get("label")) or _text(attrs.get("title")) or _text(attrs.get("name")) or str(node)
    record: dict[str, Any] = {
        "id": str(node),
        "label": _clip(name, LABEL_CHARS),
        "name": name,
        "kind": kind,
        "shape": style.shape,
        "color": style.color,
        "size": _node_size(graph.degree(node)),
        "x": xy[0],
        "y": xy[1],
        "tip": _node_tip(graph, node, attrs, kind),
    }
    alt = _texts(attrs.get("alt_labels"))
    if alt:
        record["alt"] = alt
    return record


def _edge_records(graph: nx.MultiDiGraph, keep: set[str]) -> list[dict[str, Any]]:
    """Edges between drawn nodes, sorted by (from, to, relation)."""
    chosen = sorted(
        (
            (str(u), str(v), str(k), d)
            for u, v, k, d in graph.edges(keys=True, data=True)
            if u in keep and v in keep
        ),
        key=lambda e: e[:3],
    )
    records = []
    parallel: dict[tuple[str, str], int] = {}
    for index, (u, v, key, data) in enumerate(chosen):
        relation = _text(data.get("relation")) or key
        color, dashes = RELATION_STYLES.get(relation, _OTHER_RELATION)
        record: dict[str, Any] = {
            "id": f"e{index}",
            "from": u,
            "to": v,
            "relation": relation,
            "color": color,
            "dashes": dashes,
            "arrows": "" if relation == "similarTo" else "to",
            "tip": _edge_tip(relation, data),
        }
        pair = (min(u, v), max(u, v))
        rank = parallel.get(pair, 0)
        parallel[pair] = rank + 1
        if rank:  # bend the 2nd, 3rd, ... edge between the same two nodes so each stays visible
            record["smooth"] = {"enabled": True, "type": "curvedCW", "roundness": round(0.2 * rank, 2)}
        records.append(record)
    return records


def _options(node_count: int) -> dict[str, Any]:
    """vis-network options: physics off (positions are precomputed)."""
    big = node_count > 1000
    return {
        "physics": {"enabled": False},
        "layout": {"improvedLayout": False},
        "interaction": {
            "hover": True,
            "tooltipDelay": 120,
            "hideEdgesOnDrag": big,
            "hideEdgesOnZoom": big,
        },
        "nodes": {"borderWidth": 1, "font": {"size": 12, "face": "sans-serif"}},
        "edges": {"smooth": False, "width": 1, "arrows": {"to": {"enabled": True, "scaleFactor": 0.5}}},
    }


@dataclass(frozen=True)
class _LegendEntry:
    name: str
    color: str
    symbol: str
    count: int


def _legend(kind_counts: Mapping[str, int]) -> list[_LegendEntry]:
    """Legend entries: the known kinds in fixed order, then any other kinds present."""
    names = list(KIND_STYLES) + sorted(set(kind_counts) - set(KIND_STYLES))
    entries = []
    for name in names:
        style = KIND_STYLES.get(name, _OTHER_KIND)
        entries.append(_LegendEntry(name, style.color, style.symbol, kind_counts.get(name, 0)))
    return entries


def _summary(shown: int, total: int, shown_edges: int, total_edges: int) -> str:
    if shown < total:
        return (
            f"Showing {shown} of {total} nodes (the most connected) "
            f"and {shown_edges} of {total_edges} edges."
        )
    return f"{total} nodes, {total_edges} edges."


# ---------------------------------------------------------------------------
# Page assembly
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    """The vis-network JS and CSS bundled with pyvis, checked to be safe to inline."""
    folder = resources.files("pyvis").joinpath(VIS_ASSET_DIR)
    js = folder.joinpath("vis-network.min.js").read_text(encoding="utf-8")
    css = folder.joinpath("vis-network.css").read_text(encoding="utf-8")
    js = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", js)
    if re.search(r"</script|<!--", js, re.IGNORECASE) or re.search(r"</style", css, re.IGNORECASE):
        raise RuntimeError(f"pyvis asset in {VIS_ASSET_DIR} cannot be inlined safely")
    return js, css


_PAGE_CSS = """
html, body { margin: 0; height: 100%; color: #222;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
#kg-app { display: flex; height: 100vh; }
#kg-side { width: 300px; flex: none; overflow-y: auto; padding: 12px 14px; box-sizing: border-box;
  border-right: 1px solid #ddd; background: #fafafa; }
#kg-side h1 { font-size: 18px; margin: 0 0 6px; }
#kg-summary { margin: 0 0 10px; color: #555; }
#kg-summary.kg-truncated { color: #8a4b00; font-weight: 600; }
#kg-search { width: 100%; box-sizing: border-box; padding: 5px 7px; margin-top: 4px; }
#kg-search-status { min-height: 1.4em; margin: 2px 0 8px; color: #555; font-size: 12px; }
fieldset { border: 1px solid #ddd; margin: 0 0 10px; padding: 6px 8px; }
legend { font-weight: 600; padding: 0 4px; }
.kg-kind { display: block; cursor: pointer; }
.kg-swatch { display: inline-block; width: 1.2em; text-align: center; font-size: 16px; }
.kg-count { color: #777; }
.kg-rel { display: block; }
.kg-line { display: inline-block; width: 26px; height: 0; margin: 0 6px 3px 0;
  border-top: 2px solid; vertical-align: middle; }
.kg-line.kg-dashed { border-top-style: dashed; }
#kg-details { font-size: 13px; border-top: 1px solid #ddd; padding-top: 8px; overflow-wrap: anywhere; }
#kg-network { flex: 1; min-width: 0; height: 100vh; }
div.vis-tooltip { white-space: normal; max-width: 420px; font: 13px/1.35 system-ui, sans-serif;
  overflow-wrap: anywhere; }
.kg-kind-line { color: #777; font-size: 12px; text-transform: uppercase; }
.kg-key { font-weight: 600; }
.kg-abstract { margin: 4px 0; }
.kg-tip ul, #kg-details ul { margin: 2px 0; padding-left: 18px; }
.kg-source { color: #555; font-family: ui-monospace, monospace; font-size: 12px; }
"""

_PAGE_JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  function tipElement(tipHtml) {
    var el = document.createElement("div");
    el.className = "kg-tip";
    el.innerHTML = tipHtml;  // built from html.escape()d text only
    return el;
  }
  var kindOf = Object.create(null);
  var nodes = new vis.DataSet(data.nodes.map(function (n) {
    kindOf[n.id] = n.kind;
    var haystack = [n.name].concat(n.alt || []).join("\n").toLowerCase();
    return Object.assign({}, n, {title: tipElement(n.tip), haystack: haystack});
  }));
  var edges = new vis.DataSet(data.edges.map(function (e) {
    return Object.assign({}, e, {title: tipElement(e.tip)});
  }));
  var hiddenKinds = new Set();
  var nodeView = new vis.DataView(nodes, {filter: function (n) { return !hiddenKinds.has(n.kind); }});
  var edgeView = new vis.DataView(edges, {filter: function (e) {
    return !hiddenKinds.has(kindOf[e.from]) && !hiddenKinds.has(kindOf[e.to]);
  }});
  var network = new vis.Network(document.getElementById("kg-network"),
                                {nodes: nodeView, edges: edgeView}, data.options);
  network.once("afterDrawing", function () {
    document.body.dataset.kgDrawn = String(nodeView.length);
  });
  function showVisibleCount() {
    document.body.dataset.kgVisible = String(nodeView.length);
  }
  showVisibleCount();

  var search = document.getElementById("kg-search");
  var searchStatus = document.getElementById("kg-search-status");
  var matches = [];
  function runSearch() {
    var query = search.value.trim().toLowerCase();
    if (!query) {
      matches = [];
      network.unselectAll();
      searchStatus.textContent = "";
      return;
    }
    matches = nodeView.getIds({filter: function (n) { return n.haystack.indexOf(query) !== -1; }});
    network.selectNodes(matches);
    searchStatus.textContent = matches.length === 1 ? "1 match (Enter to zoom)"
                                                    : matches.length + " matches (Enter to zoom)";
  }
  search.addEventListener("input", runSearch);
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && matches.length) {
      network.fit({nodes: matches, animation: {duration: 300}});
    }
  });

  Array.prototype.forEach.call(document.querySelectorAll("#kg-legend input[type=checkbox]"), function (box) {
    box.addEventListener("change", function () {
      if (box.checked) { hiddenKinds.delete(box.value); } else { hiddenKinds.add(box.value); }
      nodeView.refresh();
      edgeView.refresh();
      showVisibleCount();
      runSearch();
    });
  });

  var details = document.getElementById("kg-details");
  network.on("click", function (params) {
    var item = params.nodes.length ? nodes.get(params.nodes[0])
             : params.edges.length ? edges.get(params.edges[0]) : null;
    if (item) { details.innerHTML = item.tip; }  // escaped HTML, see tipElement
  });
})();
"""

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>{{ vis_css }}</style>
<style>{{ page_css }}</style>
<script>{{ vis_js }}</script>
</head>
<body>
<div id="kg-app">
<aside id="kg-side">
<h1>{{ title }}</h1>
<p id="kg-summary"{% if truncated %} class="kg-truncated"{% endif %}>{{ summary }}</p>
<label for="kg-search">Search by name</label>
<input id="kg-search" type="search" placeholder="e.g. MMLU" autocomplete="off">
<p id="kg-search-status" aria-live="polite"></p>
<fieldset id="kg-legend"><legend>Node kinds</legend>
{% for entry in legend %}<label class="kg-kind"><input type="checkbox" name="kind" value="{{ entry.name }}" checked> \
<span class="kg-swatch" style="color: {{ entry.color }}">{{ entry.symbol }}</span>{{ entry.name }} \
<span class="kg-count">({{ entry.count }})</span></label>
{% endfor %}</fieldset>
<fieldset id="kg-relations"><legend>Relations</legend>
{% for name, color, dashed in relations %}<span class="kg-rel"><span class="kg-line{% if dashed %} kg-dashed{% endif %}" \
style="border-color: {{ color }}"></span>{{ name }}</span>
{% endfor %}</fieldset>
<div id="kg-details"><p>Hover over a node for details; click it to pin them here.</p></div>
</aside>
<main id="kg-network" aria-label="Network view"></main>
</div>
<script id="kg-data" type="application/json">{{ data_json }}</script>
<script>{{ page_js }}</script>
</body>
</html>
"""


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        autoescape=True, undefined=jinja2.StrictUndefined, keep_trailing_newline=True
    )
    return env.from_string(_TEMPLATE)


def render_html(graph: nx.MultiDiGraph, *, title: str = "Knowledge graph", max_nodes: int = 2000) -> str:
    """The text of a self-contained, offline HTML page showing ``graph``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A graph built by ``kg.graph`` (nodes with ``kind`` and ``label``).
    title : str
        Page title and heading (escaped).
    max_nodes : int
        Draw at most this many nodes, the most connected ones; the page says
        how many were left out.

    Returns
    -------
    str
        The page; the same graph always gives the same text.
    """
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    ranked = _ranked_nodes(graph)[:max_nodes]
    keep = set(ranked)
    positions = _layout(graph, ranked)
    node_records = [_node_record(graph, n, positions[n]) for n in sorted(ranked, key=str)]
    edge_records = _edge_records(graph, keep)
    kind_counts: dict[str, int] = {}
    for _, attrs in graph.nodes(data=True):
        kind_counts[_kind(attrs)] = kind_counts.get(_kind(attrs), 0) + 1
    data = {"nodes": node_records, "edges": edge_records, "options": _options(len(node_records))}
    vis_js, vis_css = _vis_assets()
    return _template().render(
        title=title,
        summary=_summary(len(ranked), graph.number_of_nodes(), len(edge_records), graph.number_of_edges()),
        truncated=len(ranked) < graph.number_of_nodes(),
        legend=_legend(kind_counts),
        relations=[(name, color, dashed) for name, (color, dashed) in RELATION_STYLES.items()],
        vis_css=Markup(vis_css),
        vis_js=Markup(vis_js),
        page_css=Markup(_PAGE_CSS),
        page_js=Markup(_PAGE_JS),
        data_json=Markup(_script_json(data)),
    )


def write_html(
    graph: nx.MultiDiGraph, path: Path, *, title: str = "Knowledge graph", max_nodes: int = 2000
) -> Path:
    """Write :func:`render_html`'s page to ``path`` atomically and return ``path``.

    The page is rendered first, written to a temporary file in the same
    folder and moved over ``path`` with :func:`os.replace`, so an existing
    file is only replaced by a complete new one, and nothing is left behind
    on failure.
    """
    page = render_html(graph, title=title, max_nodes=max_nodes)
    return write_text_atomic(Path(path), page)
