"""Render one interactive, offline HTML view of a knowledge graph (vis-network).

A view is one page: the network (drawn by the vis-network bundle that ships
with pyvis), a legend that filters node kinds, a search box, tooltips and a
details panel.  :mod:`exports.views` decides *which* nodes a view shows
(overview, one venue, the neighbourhood of a paper or an entity); this module
turns a graph into the page.

* **Offline.** Scripts and styles are inlined (the default) or, with
  ``asset_url``, loaded from files written beside the page by
  :func:`write_assets`; nothing is loaded from the network, so the page works
  from ``file://``.  pyvis's own template is not used: it links bootstrap from
  a CDN, and ``Network.add_node`` is quadratic in the number of nodes.
* **Big graphs.** Positions are computed here (a seeded networkx spring
  layout for the most connected nodes, or rings around a centre node) and
  physics is off, so the browser draws once and stops; at most ``max_nodes``
  nodes are drawn (the most connected) and the page says how many were left
  out.  Tooltips are built only when the pointer is on a node.
* **Safe.** The page's own text goes through jinja2 autoescaping; graph data
  travels as JSON in a ``<script type="application/json">`` block whose
  ``<``, ``>`` and ``&`` are escaped, and the page script shows it with
  ``textContent`` only, making links only for http(s) URLs.
* **Deterministic.** Nodes and edges are sorted, layouts are seeded and
  rounded, and no dates or random ids are embedded: the same graph gives the
  same bytes.

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

import json
import math
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
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

from ontology.util.files import write_text_atomic

__all__ = [
    "ASSET_FILES",
    "DEFAULT_MAX_NODES",
    "KIND_STYLES",
    "RELATION_STYLES",
    "KindStyle",
    "RelationStyle",
    "is_web_url",
    "render_html",
    "write_assets",
    "write_html",
]

#: The vis-network bundle inside the pyvis package that the page uses.
VIS_ASSET_DIR = "templates/lib/vis-9.1.2"
#: Files :func:`write_assets` writes beside pages rendered with ``asset_url``.
ASSET_FILES = ("vis-network.min.js", "kg-view.js", "kg-view.css")

#: Most nodes one view draws unless told otherwise (measured: see docs/views.md).
DEFAULT_MAX_NODES = 2000

#: Graphs up to this many nodes get a full spring layout; larger ones lay out
#: their most connected nodes this way and place the rest next to them.
SPRING_LAYOUT_LIMIT = 400
LAYOUT_SEED = 42

ABSTRACT_CHARS = 300
SENTENCE_CHARS = 240
LABEL_CHARS = 48
MAX_MENTIONS = 3
MAX_AUTHORS = 6

_GOLDEN_ANGLE = math.pi * (3.0 - math.sqrt(5.0))


@dataclass(frozen=True)
class KindStyle:
    """How nodes of one kind are drawn (vis-network shape), and the symbol the legend shows."""

    color: str
    shape: str
    symbol: str


@dataclass(frozen=True)
class RelationStyle:
    """How edges of one relation are drawn."""

    color: str
    dashes: bool
    arrows: str  # "to" or "" (no arrow head)


#: Styles of the node kinds in docs/graph-model.md, in legend order.
KIND_STYLES: dict[str, KindStyle] = {
    "paper": KindStyle("#4e79a7", "dot", "\u25cf"),
    "venue": KindStyle("#f28e2b", "star", "\u2605"),
    "method": KindStyle("#59a14f", "diamond", "\u25c6"),
    "dataset": KindStyle("#e15759", "square", "\u25a0"),
    "model": KindStyle("#b07aa1", "triangle", "\u25b2"),
    "person": KindStyle("#9c755f", "triangleDown", "\u25bc"),
}
_OTHER_KIND = KindStyle("#9d9d9d", "dot", "\u25cf")

#: Edge styles of the relations in docs/graph-model.md, in legend order.
RELATION_STYLES: dict[str, RelationStyle] = {
    "proposes": RelationStyle("#3b7d34", False, "to"),
    "uses": RelationStyle("#a0a0a0", False, "to"),
    "presentedAt": RelationStyle("#f28e2b", False, "to"),
    "creator": RelationStyle("#c9ab97", False, ""),
    "nextInProgram": RelationStyle("#c9b8a8", True, "to"),
    "similarTo": RelationStyle("#76b7b2", True, ""),
}
_OTHER_RELATION = RelationStyle("#bbbbbb", False, "to")

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
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut.

    >>> _clip("abcdef", 3)
    'abc…'
    """
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + "\u2026"


def is_web_url(url: str) -> bool:
    """Whether ``url`` is an http(s) URL with a host: the only links a view makes clickable.

    >>> is_web_url("https://github.com/x/y"), is_web_url("javascript:alert(1)"), is_web_url("http:/x")
    (True, False, False)
    """
    parts = urlsplit(url)
    return parts.scheme.lower() in {"http", "https"} and bool(parts.netloc)


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (``<``, ``>``, ``&`` escaped).

    >>> _script_json({"t": "</script>"})
    '{"t":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class _Sources:
    """Source file names, stored once per page and referred to by index."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, name: Any) -> int:
        text = _text(name) or "unknown source"
        if text not in self._index:
            self._index[text] = len(self.names)
            self.names.append(text)
        return self._index[text]


# ---------------------------------------------------------------------------
# Details (tooltip and side panel): plain text fields, shown with textContent
# ---------------------------------------------------------------------------


def _rows(attrs: Mapping[str, Any], fields: Sequence[tuple[str, str]]) -> list[list[str]]:
    return [[name, _text(attrs.get(key))] for key, name in fields if _text(attrs.get(key))]


def _relation(key: Any, data: Mapping[str, Any]) -> str:
    relation = data.get("relation")
    return relation if isinstance(relation, str) and relation else _text(relation) or _text(key)


def _relation_counts(context: nx.MultiDiGraph, node: Hashable) -> dict[str, int]:
    """How many edges of each relation end at ``node`` (reads the adjacency directly: hubs have thousands)."""
    counts: dict[str, int] = {}
    for keyed in context.pred[node].values():
        for key, data in keyed.items():
            name = _relation(key, data)
            counts[name] = counts.get(name, 0) + 1
    return counts


def _authors(context: nx.MultiDiGraph, node: Hashable) -> list[str]:
    """Names of the people a paper's ``creator`` edges point to, in author order."""
    found = []
    for person, keyed in context.succ[node].items():
        for key, data in keyed.items():
            if _relation(key, data) != "creator":
                continue
            attrs = context.nodes[person]
            name = _text(attrs.get("name")) or _text(attrs.get("label")) or str(person)
            position = data.get("position")
            found.append((position if isinstance(position, int) else 10**9, name))
    return [name for _, name in sorted(found)]


def _links(key: str, urls: Iterable[str]) -> tuple[list[list[str]], list[list[str]]]:
    """http(s) URLs as clickable ``[key, url]`` links; anything else as a text row."""
    links, rows = [], []
    for url in urls:
        (links if is_web_url(url) else rows).append([key, url])
    return links, rows


_PAPER_FIELDS = (
    ("venue", "Venue"),
    ("year", "Year"),
    ("presentation_type", "Presentation"),
    ("country", "Country"),
    ("doi", "DOI"),
    ("anthology_id", "Anthology ID"),
)
_VENUE_FIELDS = (
    ("series", "Series"),
    ("year", "Year"),
    ("edition", "Edition"),
    ("location", "Location"),
    ("start_date", "Starts"),
    ("end_date", "Ends"),
    ("general_chair", "General chair"),
)


def _paper_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> dict:
    rows = _rows(attrs, _PAPER_FIELDS)
    authors = _authors(context, node)
    if authors:
        more = f" and {len(authors) - MAX_AUTHORS} more" if len(authors) > MAX_AUTHORS else ""
        rows.append(["Authors", ", ".join(authors[:MAX_AUTHORS]) + more])
    keywords = _texts(attrs.get("keywords"))
    if keywords:
        rows.append(["Keywords", ", ".join(keywords)])
    links, bad = _links("Code", _texts(attrs.get("code_repositories")))
    page_links, bad_pages = _links("Page", _texts(attrs.get("url")))
    details: dict[str, Any] = {"rows": rows + bad + bad_pages, "links": links + page_links}
    abstract = _text(attrs.get("abstract"))
    if abstract:
        details["ab"] = _clip(abstract, ABSTRACT_CHARS)
    details["src"] = _texts(attrs.get("sources"))
    return details


def _venue_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> dict:
    rows = _rows(attrs, _VENUE_FIELDS)
    papers = _relation_counts(context, node).get("presentedAt", 0)
    if papers:
        rows.append(["Papers", str(papers)])
    return {"rows": rows, "src": _texts(attrs.get("sources"))}


def _person_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> dict:
    papers = _relation_counts(context, node).get("creator", 0)
    rows = [["Papers", str(papers)]] if papers else []
    return {"rows": rows, "src": _texts(attrs.get("sources"))}


def _mention(source: Any, sentence: Any) -> list[str]:
    """``[source file, sentence]`` of one mention (the sentence clipped)."""
    return [_text(source) or "unknown source", _clip(_text(sentence), SENTENCE_CHARS)]


def _entity_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> dict:
    """Alt labels, how many papers propose or use it, and the first places it was found."""
    rows = []
    alt = _texts(attrs.get("alt_labels"))
    if alt:
        rows.append(["Also called", ", ".join(alt)])
    counts = _relation_counts(context, node)
    if counts:
        rows.append(["Papers", ", ".join(f"{relation} {n}" for relation, n in sorted(counts.items()))])
    links, bad = _links("Same as", _texts(attrs.get("same_as")))
    details: dict[str, Any] = {"rows": rows + bad, "links": links}
    mentions: list[list[str]] = []
    total = 0
    pred = context.pred[node]
    for paper in sorted(pred, key=str):  # the first mentions by paper id, then relation
        for key in sorted(pred[paper], key=str):
            for mention in pred[paper][key].get("mentions") or ():
                if isinstance(mention, Mapping):
                    total += 1
                    if len(mentions) < MAX_MENTIONS:
                        mentions.append(_mention(mention.get("source"), mention.get("sentence")))
    if mentions:
        details["m"], details["mt"] = mentions, total
    else:
        details["src"] = _texts(attrs.get("sources"))
    return details


def _other_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> dict:
    return {"src": _texts(attrs.get("sources"))}


_DETAILS = {
    "paper": _paper_details,
    "venue": _venue_details,
    "person": _person_details,
    "method": _entity_details,
    "dataset": _entity_details,
    "model": _entity_details,
}


def _compact(details: dict[str, Any]) -> dict[str, Any]:
    """``details`` without empty fields (smaller pages)."""
    return {k: v for k, v in details.items() if v not in ([], "", None)}


# ---------------------------------------------------------------------------
# Selection and layout
# ---------------------------------------------------------------------------


def _distances(graph: nx.MultiDiGraph, center: Hashable) -> dict[Hashable, int]:
    """Links between ``center`` and every node it reaches, ignoring edge direction (breadth-first)."""
    distance = {center: 0}
    frontier = [center]
    while frontier:
        following = []
        for node in frontier:
            for other in (*graph.succ[node], *graph.pred[node]):
                if other not in distance:
                    distance[other] = distance[node] + 1
                    following.append(other)
        frontier = following
    return distance


def _ranked_nodes(graph: nx.MultiDiGraph, center: Hashable | None) -> list[Hashable]:
    """All nodes, nearest to ``center`` first (when given), then most connected, then by id."""
    if center is None:
        return sorted(graph.nodes, key=lambda n: (-graph.degree(n), str(n)))
    distance = _distances(graph, center)
    far = len(distance) + 1
    return sorted(graph.nodes, key=lambda n: (distance.get(n, far), -graph.degree(n), str(n)))


def _select(graph: nx.MultiDiGraph, center: Hashable | None, max_nodes: int) -> tuple[list[Hashable], str]:
    """The nodes a view keeps (most important first) and how they were chosen, for the page to say.

    With a centre: the nearest, then the most connected.  Without: the most
    connected half, then the nodes with the most links to that half (ties:
    most connected).  Cutting by degree alone keeps hubs that are only linked
    through the papers it cuts -- venues, prolific authors and popular
    datasets of the ACL Anthology kept 2,000 nodes with 375 edges between
    them; the second half brings the papers that join them.
    """
    ranked = _ranked_nodes(graph, center)
    if len(ranked) <= max_nodes:
        return ranked, ""
    if center is not None:
        return ranked[:max_nodes], f"the {max_nodes:,} nearest to the centre; at equal distance, the most connected"
    hubs = ranked[: (max_nodes + 1) // 2]
    chosen = set(hubs)
    links: dict[Hashable, int] = {}
    for hub in hubs:
        for other in (*graph.succ[hub], *graph.pred[hub]):
            if other not in chosen:
                links[other] = links.get(other, 0) + 1
    position = {n: i for i, n in enumerate(ranked)}
    joiners = sorted(links, key=lambda n: (-links[n], position[n]))[: max_nodes - len(hubs)]
    chosen.update(joiners)
    rest = [n for n in ranked if n not in chosen][: max_nodes - len(chosen)]
    kept = hubs + joiners + rest
    return kept, (f"the {len(hubs):,} most connected and the {len(kept) - len(hubs):,} "
                  "with the most links to them")


def _simple_graph(graph: nx.MultiDiGraph, nodes: Sequence[Hashable]) -> nx.Graph:
    """Undirected simple graph on ``nodes`` (in that order) with edges added in sorted order."""
    keep = set(nodes)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    simple.add_edges_from(
        sorted(((u, v) for u, v in graph.edges() if u in keep and v in keep and u != v), key=str)
    )
    return simple


#: Spacing of nodes placed around an anchor, in layout units (the spring layout spans about [-1, 1]).
SATELLITE_SPACING = 0.004


def _satellite_offset(index: int) -> tuple[float, float]:
    """Offset of the ``index``-th node around one anchor: a sunflower spiral, so they fill a disc evenly.

    >>> _satellite_offset(0) != _satellite_offset(1)
    True
    """
    r = SATELLITE_SPACING * math.sqrt(index + 6)  # + 6 leaves room for the anchor itself
    angle = index * _GOLDEN_ANGLE
    return r * math.cos(angle), r * math.sin(angle)


def _place_rest(simple: nx.Graph, ranked: list[Hashable], pos: dict[Hashable, tuple[float, float]]) -> None:
    """Place nodes outside the spring-laid core around their best-ranked placed neighbour.

    Nodes are visited most connected first, so a node's anchor may itself be
    a placed satellite; nodes with no placed neighbour go on an outer spiral.
    """
    rank = {node: i for i, node in enumerate(ranked)}
    satellites: dict[Hashable, int] = {}
    orphans = 0
    for node in ranked:
        if node in pos:
            continue
        placed = [n for n in simple[node] if n in pos]
        if placed:
            anchor = min(placed, key=rank.__getitem__)
            index = satellites.get(anchor, 0)
            satellites[anchor] = index + 1
            dx, dy = _satellite_offset(index)
            pos[node] = (pos[anchor][0] + dx, pos[anchor][1] + dy)
        else:
            radius = math.sqrt(1.15**2 + orphans * 0.01 / math.pi)
            angle = orphans * _GOLDEN_ANGLE
            orphans += 1
            pos[node] = (radius * math.cos(angle), radius * math.sin(angle))


def _spring_k(graph: nx.Graph) -> float | None:
    """Spring length: twice networkx's default, so hubs' neighbourhoods spread out."""
    return 2.0 / math.sqrt(graph.number_of_nodes()) if graph.number_of_nodes() > 1 else None


def _core_graph(simple: nx.Graph, core: list[Hashable]) -> nx.Graph:
    """The core nodes, their edges, and weighted edges between core nodes that share outside neighbours.

    Without the shared-neighbour edges a venue whose papers are all outside
    the core has almost no springs in it and drifts to the edge of the
    layout; with them it sits near the entities its papers use.
    """
    core_set = set(core)
    graph = nx.Graph()
    graph.add_nodes_from(core)
    rank = {n: i for i, n in enumerate(core)}
    shared: dict[tuple[Hashable, Hashable], int] = {}
    for node in simple:
        if node in core_set:
            continue
        neighbours = sorted((n for n in simple[node] if n in core_set), key=rank.__getitem__)[:8]
        for i, a in enumerate(neighbours):
            for b in neighbours[i + 1:]:
                shared[(a, b)] = shared.get((a, b), 0) + 1
    edges = {pair: math.sqrt(count) for pair, count in shared.items()}
    for u, v in simple.edges(core):
        if u in core_set and v in core_set:
            pair = (u, v) if rank[u] < rank[v] else (v, u)
            edges[pair] = edges.get(pair, 0.0) + 1.0
    ordered = sorted(edges.items(), key=lambda e: (rank[e[0][0]], rank[e[0][1]]))
    graph.add_weighted_edges_from((u, v, w) for (u, v), w in ordered)
    return graph


def _largest_component(graph: nx.Graph, ranked: list[Hashable]) -> nx.Graph:
    """A fresh copy of ``graph``'s largest connected component (ties: the one with the best-ranked node).

    A fresh graph built in ``ranked`` order, not ``graph.subgraph(...)``: subgraph views may iterate
    the node *set*, whose order changes with PYTHONHASHSEED and would make the layout irreproducible.
    """
    rank = {n: i for i, n in enumerate(ranked)}
    parts = [sorted(part, key=rank.__getitem__) for part in nx.connected_components(graph)]
    best = min(parts, key=lambda part: (-len(part), rank[part[0]])) if parts else []
    keep = set(best)
    part = nx.Graph()
    part.add_nodes_from(best)
    edges = [(u, v, d) for u, v, d in graph.edges(data=True) if u in keep]
    part.add_edges_from(sorted(edges, key=lambda e: tuple(sorted((rank[e[0]], rank[e[1]])))))
    return part


def _spring_layout(graph: nx.MultiDiGraph, ranked: list[Hashable]) -> dict[Hashable, tuple[float, float]]:
    """Pixel positions: a seeded spring layout of the most connected nodes, the rest beside them.

    Up to :data:`SPRING_LAYOUT_LIMIT` nodes get a spring layout; above that,
    only the most connected ones do and the others are placed around their
    neighbours, which costs O(nodes + edges).
    """
    simple = _simple_graph(graph, ranked)
    core = _core_graph(simple, ranked[:SPRING_LAYOUT_LIMIT]) if len(ranked) > SPRING_LAYOUT_LIMIT else simple
    # only the largest connected part: a spring layout pushes isolated nodes and small parts to the
    # edge, which shrinks everything else; they are placed around the layout afterwards
    core = _largest_component(core, ranked)
    spring = nx.spring_layout(core, k=_spring_k(core), seed=LAYOUT_SEED)
    pos = {n: (float(xy[0]), float(xy[1])) for n, xy in spring.items()}
    _place_rest(simple, ranked, pos)
    scale = max(250.0, 70.0 * math.sqrt(len(ranked)))
    return {n: (x * scale, y * scale) for n, (x, y) in pos.items()}


#: Radial layout: distance between neighbouring nodes on a ring, and between rings (pixels).
RING_SPACING = 30.0
RING_GAP = 140.0


def _kind_order(graph: nx.MultiDiGraph, node: Hashable) -> int:
    kinds = list(KIND_STYLES)
    kind = _kind(graph.nodes[node])
    return kinds.index(kind) if kind in kinds else len(kinds)


def _radial_layout(
    graph: nx.MultiDiGraph, ranked: list[Hashable], center: Hashable
) -> dict[Hashable, tuple[float, float]]:
    """Pixel positions on rings around ``center``: ring *d* holds the nodes *d* links away.

    A breadth-first tree from ``center`` gives every node a parent; each node
    gets an angular sector proportional to the number of leaves below it, so
    a paper's entities sit just outside the paper.  Crowded rings are split
    into interleaved sub-rings.  Nodes not connected to ``center`` go on one
    more ring outside.  Costs O(nodes + edges).
    """
    simple = _simple_graph(graph, ranked)
    rank = {n: i for i, n in enumerate(ranked)}

    def child_key(n: Hashable) -> tuple[int, str]:
        # grouped by kind, then by id (not by degree, which would crowd the leaf nodes into one arc)
        return (_kind_order(graph, n), str(n))

    children: dict[Hashable, list[Hashable]] = {center: []}
    rings: list[list[Hashable]] = [[center]]
    while True:
        ring: list[Hashable] = []
        for parent in rings[-1]:
            found = sorted((n for n in simple[parent] if n not in children), key=child_key)
            for n in found:
                children[n] = []
            children[parent] = found
            ring.extend(found)
        if not ring:
            break
        rings.append(ring)

    leaves: dict[Hashable, int] = {}
    for ring in reversed(rings):
        for n in ring:
            leaves[n] = max(1, sum(leaves[c] for c in children[n]))
    angle: dict[Hashable, float] = {center: 0.0}
    sector: dict[Hashable, tuple[float, float]] = {center: (-math.pi / 2, 3 * math.pi / 2)}
    for ring in rings:
        for parent in ring:
            start, end = sector[parent]
            span = end - start
            for child in children[parent]:
                width = span * leaves[child] / leaves[parent]
                sector[child] = (start, start + width)
                angle[child] = start + width / 2
                start += width
    unreached = sorted((n for n in ranked if n not in children), key=child_key)
    if unreached:
        for i, n in enumerate(unreached):
            angle[n] = -math.pi / 2 + 2 * math.pi * (i + 0.5) / len(unreached)
        rings.append(unreached)

    pos: dict[Hashable, tuple[float, float]] = {center: (0.0, 0.0)}
    radius = 0.0
    for ring in rings[1:]:
        ordered = sorted(ring, key=lambda n: (angle[n], rank[n]))
        spacing = RING_SPACING + 2.0 * sum(_node_size(graph.degree(n)) for n in ordered) / len(ordered)
        base, layers = _ring_radius([angle[n] for n in ordered], radius + RING_GAP, spacing)
        for i, n in enumerate(ordered):
            r = base + (i % layers) * spacing
            pos[n] = (r * math.cos(angle[n]), r * math.sin(angle[n]))
        radius = base + (layers - 1) * spacing
    return pos


#: Most sub-rings one ring of a radial layout is split into.
MAX_SUB_RINGS = 6


def _ring_radius(angles: Sequence[float], smallest: float, spacing: float) -> tuple[float, int]:
    """Radius and number of interleaved sub-rings for nodes at ``angles`` (sorted), so that nodes on
    the same sub-ring are at least ``spacing`` apart; the choice with the smallest outer radius wins.

    >>> _ring_radius([0.0, math.pi], 100.0, 30.0)
    (100.0, 1)
    >>> radius, layers = _ring_radius([i * 0.01 for i in range(100)], 100.0, 30.0)
    >>> layers > 1 and radius * 0.01 * layers >= 30.0
    True
    """
    count = len(angles)
    best: tuple[float, float, int] | None = None
    for layers in range(1, min(MAX_SUB_RINGS, count) + 1):
        if count == 1:
            gap = 2 * math.pi
        else:
            gap = min((angles[(i + layers) % count] - angles[i]) % (2 * math.pi) or 2 * math.pi
                      for i in range(count))
        radius = max(smallest, spacing / gap)
        outer = radius + (layers - 1) * spacing
        if best is None or outer < best[0] - 1e-9:
            best = (outer, radius, layers)
    assert best is not None
    return best[1], best[2]


def _rounded(pos: Mapping[Hashable, tuple[float, float]]) -> dict[Hashable, tuple[float, float]]:
    # "+ 0.0" turns -0.0 into 0.0, so the JSON never shows "-0.0"
    return {n: (round(x, 1) + 0.0, round(y, 1) + 0.0) for n, (x, y) in pos.items()}


# ---------------------------------------------------------------------------
# Page data
# ---------------------------------------------------------------------------


def _kind(attrs: Mapping[str, Any]) -> str:
    return _text(attrs.get("kind")) or "other"


def _node_size(degree: int) -> float:
    """Node radius in pixels, growing with the logarithm of the degree.

    >>> _node_size(0), _node_size(7), _node_size(10**6)
    (8.0, 20.0, 48.0)
    """
    return round(min(48.0, 8.0 + 4.0 * math.log2(1 + degree)), 1)


def _name(attrs: Mapping[str, Any], node: Hashable) -> str:
    return _text(attrs.get("label")) or _text(attrs.get("title")) or _text(attrs.get("name")) or str(node)


def _details(context: nx.MultiDiGraph, node: Hashable, cache: dict[Hashable, dict[str, Any]] | None) -> dict[str, Any]:
    """Tooltip fields of ``node`` read from ``context`` (source files by name), memoised in ``cache``."""
    if cache is not None and node in cache:
        return cache[node]
    attrs = context.nodes[node]
    details = _compact(_DETAILS.get(_kind(attrs), _other_details)(context, node, attrs))
    if cache is not None:
        cache[node] = details
    return details


def _node_record(
    graph: nx.MultiDiGraph,
    node: Hashable,
    xy: tuple[float, float],
    details: Mapping[str, Any],
    src: _Sources,
) -> dict[str, Any]:
    attrs = graph.nodes[node]
    name = _name(attrs, node)
    record: dict[str, Any] = {
        "id": str(node),
        "l": _clip(name, LABEL_CHARS),
        "n": name,
        "k": _kind(attrs),
        "s": _node_size(graph.degree(node)),
        "x": xy[0],
        "y": xy[1],
    }
    alt = _texts(attrs.get("alt_labels"))
    if alt:
        record["a"] = alt
    if details:
        local = dict(details)  # source names become indices into the page's source table
        if "m" in local:
            local["m"] = [[src(source), sentence] for source, sentence in local["m"]]
        if "src" in local:
            local["src"] = [src(source) for source in local["src"]]
        record["d"] = local
    return record


def _edge_record(u: int, v: int, relation: str, data: Mapping[str, Any], src: _Sources) -> dict[str, Any]:
    record: dict[str, Any] = {"f": u, "t": v, "r": relation}
    if isinstance(data.get("confidence"), (int, float)):
        record["c"] = round(float(data["confidence"]), 3)
    mentions = [m for m in data.get("mentions") or () if isinstance(m, Mapping)]
    if mentions:
        source, sentence = _mention(mentions[0].get("source"), mentions[0].get("sentence"))
        record["m"] = [src(source), sentence]
    elif _text(data.get("sentence")):
        source, sentence = _mention(data.get("source"), data.get("sentence"))
        record["m"] = [src(source), sentence]
    elif _text(data.get("source")):
        record["s"] = src(data.get("source"))
    if _text(data.get("basis")):
        record["b"] = _text(data.get("basis"))
    if isinstance(data.get("score"), (int, float)):
        record["sc"] = round(float(data["score"]), 3)
    if isinstance(data.get("position"), int):
        record["p"] = data["position"]
    return record


def _edge_records(graph: nx.MultiDiGraph, index: Mapping[Hashable, int], src: _Sources) -> list[dict[str, Any]]:
    """Every edge whose two ends are drawn, sorted by (from, to, relation)."""
    chosen = sorted(
        (
            (index[u], index[v], _text(d.get("relation")) or _text(k), d)
            for u, v, k, d in graph.edges(keys=True, data=True)
            if u in index and v in index
        ),
        key=lambda e: e[:3],
    )
    records = []
    parallel: dict[tuple[int, int], int] = {}
    for u, v, relation, data in chosen:
        record = _edge_record(u, v, relation, data, src)
        pair = (min(u, v), max(u, v))
        rank = parallel.get(pair, 0)
        parallel[pair] = rank + 1
        if rank:  # bend the 2nd, 3rd, ... edge between the same two nodes so each stays visible
            record["cv"] = round(0.2 * rank, 2)
        records.append(record)
    return records


def _options(node_count: int, kinds: Iterable[str]) -> dict[str, Any]:
    """vis-network options: physics off (positions are precomputed), one group per node kind."""
    big = node_count > 1000
    groups = {}
    for kind in kinds:
        style = KIND_STYLES.get(kind, _OTHER_KIND)
        groups[kind] = {"shape": style.shape, "color": style.color}
    return {
        "physics": {"enabled": False},
        "layout": {"improvedLayout": False},
        "interaction": {
            "hover": True,
            "tooltipDelay": 3600000,  # the page draws its own tooltip
            "hideEdgesOnDrag": big,
            "hideEdgesOnZoom": big,
        },
        "groups": groups,
        "nodes": {"borderWidth": 1, "font": {"size": 12, "face": "sans-serif"}},
        "edges": {"smooth": False, "width": 1, "arrows": {"to": {"scaleFactor": 0.5}}},
    }


@dataclass(frozen=True)
class _LegendEntry:
    name: str
    color: str
    symbol: str
    count: int
    dashes: bool = False


def _legend(kind_counts: Mapping[str, int]) -> list[_LegendEntry]:
    """Legend entries of the kinds drawn: known kinds in fixed order, then others by name."""
    names = [k for k in KIND_STYLES if k in kind_counts] + sorted(set(kind_counts) - set(KIND_STYLES))
    return [
        _LegendEntry(name, KIND_STYLES.get(name, _OTHER_KIND).color, KIND_STYLES.get(name, _OTHER_KIND).symbol,
                     kind_counts[name])
        for name in names
    ]


def _relation_legend(relation_counts: Mapping[str, int]) -> list[_LegendEntry]:
    names = [r for r in RELATION_STYLES if r in relation_counts] + sorted(
        set(relation_counts) - set(RELATION_STYLES)
    )
    entries = []
    for name in names:
        style = RELATION_STYLES.get(name, _OTHER_RELATION)
        entries.append(_LegendEntry(name, style.color, "", relation_counts[name], style.dashes))
    return entries


def _summary(shown: int, total: int, shown_edges: int, total_edges: int, which: str = "") -> str:
    """What the page says about its size, and how to see more when nodes were left out.

    >>> _summary(3, 6, 2, 9, "the 3 nearest")
    'Showing 3 of 6 nodes (the 3 nearest) and the 2 edges between them (of 9). Raise --top to show more.'
    >>> _summary(1200, 1200, 3000, 3000)
    '1,200 nodes, 3,000 edges.'
    """
    if shown < total:
        return (
            f"Showing {shown:,} of {total:,} nodes ({which}) "
            f"and the {shown_edges:,} edges between them (of {total_edges:,}). Raise --top to show more."
        )
    return f"{total:,} nodes, {total_edges:,} edges."


# ---------------------------------------------------------------------------
# Page assembly
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _asset_texts() -> dict[str, str]:
    """The vis-network bundle (from pyvis) and the page's own JS and CSS, checked safe to inline."""
    vis = resources.files("pyvis").joinpath(VIS_ASSET_DIR).joinpath("vis-network.min.js").read_text(encoding="utf-8")
    vis = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", vis)
    own = resources.files("exports").joinpath("templates")
    texts = {
        "vis-network.min.js": vis,
        "kg-view.js": own.joinpath("kg-view.js").read_text(encoding="utf-8"),
        "kg-view.css": own.joinpath("kg-view.css").read_text(encoding="utf-8"),
    }
    for name, text in texts.items():
        closer = "</style" if name.endswith(".css") else "</script"
        if closer in text.lower() or "<!--" in text:
            raise RuntimeError(f"{name} cannot be inlined safely (it contains {closer} or <!--)")
    return texts


@lru_cache(maxsize=None)
def page_template(name: str) -> jinja2.Template:
    """The template ``name`` in ``exports/templates/``, autoescaped and strict about missing values."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("exports", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name)


def render_html(
    graph: nx.MultiDiGraph,
    *,
    title: str = "Knowledge graph",
    max_nodes: int = DEFAULT_MAX_NODES,
    center: Hashable | None = None,
    context: nx.MultiDiGraph | None = None,
    intro: str = "",
    links: Sequence[tuple[str, str]] = (),
    asset_url: str | None = None,
    cache: dict[Hashable, dict[str, Any]] | None = None,
) -> str:
    """The text of an offline HTML page showing ``graph``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The nodes and edges to show (kg's graph model: nodes with ``kind``
        and ``label``, edges keyed by relation).
    title : str
        Page title and heading.
    max_nodes : int
        Draw at most this many nodes: the most connected half and the nodes
        with the most links to them, or with ``center`` the nearest to it
        (then the most connected).  The page says how many nodes and edges
        were left out.  Every edge between two drawn nodes is drawn.
    center : node, optional
        Lay the nodes out on rings around this node (ego and venue views);
        without it, a spring layout of the most connected nodes.
    context : networkx.MultiDiGraph, optional
        The whole graph ``graph`` was cut from; tooltips count papers and
        authors and quote mentions from it (default: ``graph``).
    intro : str
        One sentence under the title saying what the view shows.
    links : sequence of (text, href)
        Navigation links shown above the title (e.g. back to ``index.html``).
    asset_url : str, optional
        ``None`` inlines every script and style (one self-contained file);
        otherwise the folder URL (relative, ending in ``/``, or empty) where
        :func:`write_assets` put them.
    cache : dict, optional
        Give the same empty dict to every call that renders views of one
        unchanged ``context``: tooltip fields are then computed once per
        node instead of once per view (hubs appear in many views).

    Returns
    -------
    str
        The page; the same arguments always give the same text.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> page = render_html(g, max_nodes=1, asset_url="assets/")
    >>> '<script src="assets/vis-network.min.js">' in page, "Showing 1 of 2 nodes" in page
    (True, True)
    """
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    if center is not None and center not in graph:
        raise ValueError(f"the centre node {center!r} is not in the graph")
    context = graph if context is None else context
    ranked, which = _select(graph, center, max_nodes)
    if not ranked:
        positions: dict[Hashable, tuple[float, float]] = {}
    elif center is not None:
        positions = _rounded(_radial_layout(graph, ranked, center))
    else:
        positions = _rounded(_spring_layout(graph, ranked))
    ordered = sorted(ranked, key=str)
    index = {node: i for i, node in enumerate(ordered)}
    src = _Sources()
    node_records = [
        _node_record(graph, n, positions[n], _details(context if n in context else graph, n, cache), src)
        for n in ordered
    ]
    edge_records = _edge_records(graph, index, src)
    kind_counts: dict[str, int] = {}
    for record in node_records:
        kind_counts[record["k"]] = kind_counts.get(record["k"], 0) + 1
    relation_counts: dict[str, int] = {}
    for record in edge_records:
        relation_counts[record["r"]] = relation_counts.get(record["r"], 0) + 1
    relations = {
        name: {"color": style.color, "dashes": style.dashes, "arrows": style.arrows}
        for name in relation_counts
        for style in [RELATION_STYLES.get(name, _OTHER_RELATION)]
    }
    data = {
        "nodes": node_records,
        "edges": edge_records,
        "sources": src.names,
        "relations": relations,
        "options": _options(len(node_records), kind_counts),
    }
    if center is not None and center in index:
        data["center"] = index[center]
    assets = _asset_texts()
    return page_template("view.html").render(
        title=title,
        intro=intro,
        links=list(links),
        summary=_summary(len(ranked), graph.number_of_nodes(), len(edge_records), graph.number_of_edges(), which),
        truncated=len(ranked) < graph.number_of_nodes(),
        legend=_legend(kind_counts),
        relations=_relation_legend(relation_counts),
        asset_url=asset_url,
        vis_js=Markup(assets["vis-network.min.js"]),
        page_css=Markup(assets["kg-view.css"]),
        page_js=Markup(assets["kg-view.js"]),
        data_json=Markup(_script_json(data)),
    )


def write_html(graph: nx.MultiDiGraph, path: Path, **options: Any) -> Path:
    """Write :func:`render_html`'s page (same keyword options) to ``path`` atomically; return ``path``.

    The page is rendered first, written to a temporary file in the same
    folder and moved over ``path``, so an existing file is only replaced by a
    complete new one, and nothing is left behind on failure.
    """
    page = render_html(graph, **options)
    return write_text_atomic(Path(path), page)


def write_assets(folder: Path) -> list[Path]:
    """Write the scripts and stylesheet that pages rendered with ``asset_url`` load (:data:`ASSET_FILES`).

    >>> import tempfile
    >>> [p.name for p in write_assets(Path(tempfile.mkdtemp()))]
    ['vis-network.min.js', 'kg-view.js', 'kg-view.css']
    """
    texts = _asset_texts()
    return [write_text_atomic(Path(folder) / name, texts[name]) for name in ASSET_FILES]
