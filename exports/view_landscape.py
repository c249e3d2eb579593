"""The entity landscape: the view that stays legible from 50 to 100,000 papers.

Instead of the raw paper--entity graph (at ACL 2024's 933 papers a hairball
of spokes into one venue star), the overview and the venue views draw the
*entities* -- methods, datasets, models -- that the most papers name, sized
by how many papers name them, linked when papers name two of them together
(``usedWith``, weighted by the number of such papers), grouped into
clusters of entities used together (Louvain communities of that co-usage
graph) and each cluster labelled by its leading entities.  Everything else
stays one search or one click away: every drawn entity links to its own view.

The first screen is meant to be read at 1400x900 without zooming: the
number of entities is bounded (:data:`LANDSCAPE_ENTITIES`), positions are
in screen pixels, fonts grow with a node's rank, each cluster is drawn in
the smallest circle that holds its nodes and their labels, the circles are
packed to the screen's shape, and an overlap-removal pass pushes apart the
boxes of nodes *with their labels* until none overlap.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> for p, ents in {"paper/a": ["method/x", "dataset/d"], "paper/b": ["method/x", "dataset/d"],
...                 "paper/c": ["method/y"]}.items():
...     g.add_node(p, kind="paper")
...     for e in ents:
...         g.add_node(e, kind=e.split("/")[0], label=e.split("/")[1].upper())
...         _ = g.add_edge(p, e, key="uses", relation="uses")
>>> land = entity_landscape(g)
>>> land.entities, land.papers["method/x"], land.weights
(['dataset/d', 'method/x', 'method/y'], 2, {('dataset/d', 'method/x'): 2})
>>> [c.members for c in land.clusters], [c.label for c in land.clusters]
([['dataset/d', 'method/x', 'method/y']], ['used with few of these'])
"""
from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy

from exports.view_circles import smallest_circle
from exports.view_data import ClusterData, Details, EdgeRecord, PageData
from exports.view_details import node_details, node_record
from exports.view_fingerprint import digest
from exports.view_layout import GOLDEN_ANGLE, LAYOUT_SEED, force_layout, rounded_positions
from exports.view_names import NodeNames, landscape_name, node_names
from exports.view_styles import USED_WITH, relation_style, view_options
from exports.view_text import SourceTable, clip
from ontology.kinds import ENTITY_KINDS, PAPER_ENTITY_RELATIONS

__all__ = [
    "LANDSCAPE_ENTITIES",
    "LANDSCAPE_KINDS",
    "LANDSCAPE_LABEL_CHARS",
    "LANDSCAPE_WORDS",
    "Cluster",
    "Landscape",
    "entity_counts",
    "entity_landscape",
    "fitted_landscape",
    "label_font",
    "landscape_data",
    "landscape_inputs",
    "landscape_layout",
    "landscape_size",
    "most_named",
    "named_entities",
]

#: Most entities one landscape draws: enough for the leading entities of any corpus, few enough that
#: every label is readable on a 1400x900 first screen (measured on ACL 2024 and the sample, docs/views.md).
LANDSCAPE_ENTITIES = 90
#: The entity kinds a landscape draws: every kind but metrics, which nearly every paper reports (accuracy, F1)
#: and which, used with everything, would glue the clusters together (on ACL 2024, with tasks and metrics
#: extracted, the landscape fits 38 entities with metrics, 54 without; 20 and 32 before clusters were packed to
#: the screen).
LANDSCAPE_KINDS: tuple[str, ...] = tuple(kind for kind in ENTITY_KINDS if kind != "metric")
#: What a landscape draws, in words.
LANDSCAPE_WORDS = "methods, datasets, models and tasks"
#: Labels of a landscape are clipped to this many characters.
LANDSCAPE_LABEL_CHARS = 28
#: Smaller communities join the last cluster, of entities used with few of the others.
MIN_CLUSTER = 3
#: Most of a cluster's members named in its label.
CLUSTER_LABEL_NAMES = 3


@dataclass(frozen=True)
class Cluster:
    """Entities used together: ``members`` most named first, ``label`` names the leading ones."""

    members: list[Hashable]
    label: str
    pooled: bool = False
    """Whether this is the pool of entities in no community of :data:`MIN_CLUSTER` or more."""


@dataclass
class Landscape:
    """What a landscape draws: its entities (most papers first) and how papers tie them together."""

    entities: list[Hashable]
    papers: dict[Hashable, int]
    weights: dict[tuple[Hashable, Hashable], int]
    clusters: list[Cluster]
    total_entities: int
    total_papers: int
    labels: dict[Hashable, str] = field(default_factory=dict)
    positions: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    """Pixel positions, once laid out (:func:`fitted_landscape`)."""


def entity_landscape(graph: nx.MultiDiGraph | NodeNames, papers: Collection[Hashable] | None = None, *,
                     max_entities: int = LANDSCAPE_ENTITIES) -> Landscape:
    """The leading entities named by ``papers`` (default: every paper), their co-usage and clusters.

    Parameters
    ----------
    graph : networkx.MultiDiGraph or NodeNames
        The whole graph (docs/graph-model.md), or what the landscape reads of it (:class:`NodeNames`).
    papers : collection of nodes, optional
        The papers whose entities count (a venue's papers); default all papers.
    max_entities : int
        Most entities kept: those named by the most of ``papers`` (ties: by id).

    Returns
    -------
    Landscape
        ``papers`` counts, per entity, the papers of ``papers`` proposing or using it;
        ``weights`` counts, per pair of kept entities, the papers naming both.
    """
    names = node_names(graph)
    return _landscape(names, named_entities(names, papers), max_entities)


def named_entities(graph: nx.MultiDiGraph | NodeNames,
                   papers: Collection[Hashable] | None) -> dict[Hashable, set[Hashable]]:
    """Each of ``papers`` (default: every paper), in id order, with the landscape entities it proposes or uses
    (``graph``: the graph, or what the landscape reads of it, :class:`NodeNames`)."""
    names = node_names(graph)
    drawn: dict[Hashable, bool] = {}  # node -> of a landscape kind; hubs are named by thousands of papers
    named: dict[Hashable, set[Hashable]] = {}
    for paper in names.papers() if papers is None else sorted(papers, key=str):
        entities = set()
        for v, relation in names.out_links(paper):
            if v not in drawn:
                drawn[v] = names.kind(v) in LANDSCAPE_KINDS
            if drawn[v] and relation in PAPER_ENTITY_RELATIONS:
                entities.add(v)
        named[paper] = entities
    return named


def entity_counts(named: Mapping[Hashable, set[Hashable]]) -> dict[Hashable, int]:
    """Each entity of ``named`` (paper -> the entities it names) with the number of papers naming it."""
    counts: dict[Hashable, int] = {}
    for entities in named.values():
        for entity in entities:
            counts[entity] = counts.get(entity, 0) + 1
    return counts


def most_named(counts: Mapping[Hashable, int], max_entities: int) -> list[Hashable]:
    """The ``max_entities`` entities of ``counts`` named by most papers, ties by id as a string: the entities a
    landscape may draw (fitting it only ever drops the least named).

    >>> most_named({"method/b": 2, "method/a": 2, "task/c": 5}, 2)
    ['task/c', 'method/a']
    """
    return sorted(counts, key=lambda n: (-counts[n], str(n)))[:max_entities]


def _landscape(names: NodeNames, named: Mapping[Hashable, set[Hashable]], max_entities: int) -> Landscape:
    """The landscape of the papers of ``named`` (paper -> the entities it names), up to ``max_entities``."""
    counts = entity_counts(named)
    kept = most_named(counts, max_entities)
    keep = set(kept)
    rank = {n: i for i, n in enumerate(kept)}
    weights: dict[tuple[Hashable, Hashable], int] = {}
    for entities in named.values():
        mine = sorted((e for e in entities if e in keep), key=rank.__getitem__)
        for i, a in enumerate(mine):
            for b in mine[i + 1:]:
                weights[(a, b)] = weights.get((a, b), 0) + 1
    weights = dict(sorted(weights.items(), key=lambda item: (str(item[0][0]), str(item[0][1]))))
    kept_sorted = sorted(kept, key=str)
    landscape = Landscape(kept_sorted, {n: counts[n] for n in kept_sorted}, weights, [],
                          len(counts), len(named), {n: names.name(n) for n in kept_sorted})
    landscape.clusters.extend(_clusters(names, landscape, kept))
    return landscape


#: The part of a 1400x900 browser window the network gets, in pixels: the side panel takes 300, the
#: browser's own bars about 140 (headless Chromium's page is 757 high in a 900 high window).
SCREEN = (1100.0, 760.0)
#: Least zoom at which a landscape must fit :data:`SCREEN`; otherwise it drops its least named entities.
MIN_FIT_SCALE = 0.75


def fitted_landscape(graph: nx.MultiDiGraph | NodeNames, papers: Collection[Hashable] | None = None, *,
                     max_entities: int = LANDSCAPE_ENTITIES,
                     named: Mapping[Hashable, set[Hashable]] | None = None) -> Landscape:
    """:func:`entity_landscape`, laid out, with as many entities as fit :data:`SCREEN` at readable label sizes.

    Lays out up to ``max_entities``; while the drawing (clusters, labels)
    would have to be shrunk below :data:`MIN_FIT_SCALE` to fit the screen,
    drops the least named 15% and lays out again (never below 20 entities).

    >>> g = nx.MultiDiGraph()
    >>> for i in range(200):
    ...     g.add_node(f"paper/{i}", kind="paper")
    ...     g.add_node(f"method/{i}", kind="method", label=f"Method number {i}")
    ...     _ = g.add_edge(f"paper/{i}", f"method/{i}", key="uses", relation="uses")
    >>> land = fitted_landscape(g)
    >>> 20 <= len(land.entities) < LANDSCAPE_ENTITIES, land.total_entities, len(land.positions) == len(land.entities)
    (True, 200, True)

    ``named`` is :func:`named_entities` of ``papers``, when the caller has it.  ``graph`` may be what the
    landscape reads of the graph (:class:`NodeNames`) instead.
    """
    limit = max_entities
    names = node_names(graph)
    if named is None:  # the same for every try
        named = named_entities(names, papers)
    while True:
        land = _landscape(names, named, limit)
        fonts, sizes = _styles(land)
        land.positions = landscape_layout(land, fonts, sizes)
        circles = _cluster_circles(land, fonts, sizes)
        if not circles or len(land.entities) <= 20:
            return land
        left = min(x - r for x, _, r in circles)
        right = max(x + r for x, _, r in circles)
        top = min(y - r - 28 for _, y, r in circles)
        bottom = max(y + r for _, y, r in circles)
        if min(SCREEN[0] / (right - left), SCREEN[1] / (bottom - top)) >= MIN_FIT_SCALE:
            return land
        limit = max(20, int(len(land.entities) * 0.85))


def _styles(land: Landscape) -> tuple[dict[Hashable, int], dict[Hashable, float]]:
    """Label font and node radius of each entity."""
    rank = {n: i for i, n in enumerate(sorted(land.entities, key=lambda n: (-land.papers[n], str(n))))}
    most = max(land.papers.values(), default=1)
    return ({n: label_font(rank[n]) for n in land.entities},
            {n: landscape_size(land.papers[n], most) for n in land.entities})


def _cluster_circles(land: Landscape, fonts: Mapping[Hashable, int],
                     sizes: Mapping[Hashable, float]) -> list[tuple[float, float, float]]:
    """Centre and radius of the circle around each cluster, at ``land.positions``."""
    boxes = {n: _box(clip(land.labels[n], LANDSCAPE_LABEL_CHARS), fonts[n], sizes[n]) for n in land.entities}
    circles = []
    for cluster in land.clusters:
        circles.append(_enclosing_circle({n: land.positions[n] for n in cluster.members}, boxes))
    return circles


def _clusters(names: NodeNames, landscape: Landscape, ranked: Sequence[Hashable]) -> list[Cluster]:
    """Communities of the co-usage graph (of :data:`MIN_CLUSTER` or more), most papers first; then the rest."""
    rank = {n: i for i, n in enumerate(ranked)}
    co = nx.Graph()
    paired = {n for pair in landscape.weights for n in pair}  # a set: not every pair searched for every node
    co.add_nodes_from(n for n in ranked if n in paired)
    co.add_weighted_edges_from((a, b, w) for (a, b), w in landscape.weights.items())
    groups = [sorted(part, key=rank.__getitem__)
              for part in nx.community.louvain_communities(co, weight="weight", seed=LAYOUT_SEED)] if co else []
    big = [g for g in groups if len(g) >= MIN_CLUSTER]
    clustered = {n for g in big for n in g}
    rest = sorted((n for n in ranked if n not in clustered), key=rank.__getitem__)
    clusters = [Cluster(g, " · ".join(clip(landscape.labels[n], 20) for n in g[:CLUSTER_LABEL_NAMES]))
                for g in big]
    clusters.sort(key=lambda c: (-sum(landscape.papers[n] for n in c.members), rank[c.members[0]]))
    if rest:
        kinds = sorted({names.kind(n) for n in rest}, key=lambda k: rank[next(
            n for n in rest if names.kind(n) == k)])
        clusters.append(Cluster(rest, f"other {kinds[0]}s" if len(kinds) == 1 else "used with few of these", True))
    return clusters


# ---------------------------------------------------------------------------
# Layout, in screen pixels
# ---------------------------------------------------------------------------


def landscape_size(papers: int, most: int) -> float:
    """Node radius in pixels: the area grows with the papers naming the entity, up to 34 px for the most named.

    >>> landscape_size(1, 66), landscape_size(66, 66)
    (7.0, 34.0)
    """
    share = math.sqrt(max(papers - 1, 0) / max(most - 1, 1))
    return round(7.0 + 27.0 * share, 1)


def label_font(rank: int) -> int:
    """Label font size in pixels by rank (0 = most named): 22 px down to 12 px, never below readable.

    >>> label_font(0), label_font(9), label_font(10), label_font(80)
    (22, 18, 16, 12)
    """
    return 22 if rank < 3 else 18 if rank < 10 else 16 if rank < 20 else 14 if rank < 40 else 12


def _box(label: str, font: int, radius: float) -> tuple[float, float, float]:
    """Half width, and extents above and below the centre, of a node drawn with its label underneath."""
    width = max(2 * radius, 0.66 * font * len(label)) + 8
    return width / 2, radius + 4, radius + font + 6


def landscape_layout(landscape: Landscape, fonts: dict[Hashable, int],
                     sizes: dict[Hashable, float]) -> dict[Hashable, tuple[float, float]]:
    """Pixel positions: clusters laid out on their own, packed to the screen's shape, then no two boxes overlapping.

    Each node's box holds the node and its label under it (at the node's font
    size), so after :func:`_separate` no label covers another or a node.  Each
    cluster's circle (:func:`_enclosing_circle`, with room for its label
    above) is placed by :func:`_pack`, biggest cluster first.
    """
    boxes = {n: _box(clip(landscape.labels[n], LANDSCAPE_LABEL_CHARS), fonts[n], sizes[n]) for n in landscape.entities}
    local: list[dict[Hashable, tuple[float, float]]] = []
    for cluster in landscape.clusters:
        members = cluster.members
        inside = set(members)
        edges = [(a, b, w) for (a, b), w in landscape.weights.items() if a in inside and b in inside]
        if edges and not cluster.pooled:  # nx.spring_layout of the cluster's graph, for less (force_layout)
            pos = force_layout(members, edges, k=1.5 / math.sqrt(len(members)), seed=LAYOUT_SEED)
        else:  # a sunflower, the most named in the middle
            pos = {n: (math.sqrt(i) * math.cos(i * GOLDEN_ANGLE), math.sqrt(i) * math.sin(i * GOLDEN_ANGLE))
                   for i, n in enumerate(members)}
        spread = 0.8 * math.sqrt(sum(4 * boxes[n][0] * (boxes[n][1] + boxes[n][2]) for n in members))
        extent = max(max(math.hypot(x, y) for x, y in pos.values()), 1e-9)
        scale = 0.5 * spread / extent if len(members) > 1 else 0.0
        local.append(_separate({n: (x * scale, y * scale) for n, (x, y) in pos.items()}, boxes, members))
    circles = [_enclosing_circle(pos, boxes) for pos in local]
    placed: dict[Hashable, tuple[float, float]] = {}
    # + room for the cluster's label above its circle
    for pos, (cx, cy, _), (ox, oy) in zip(local, circles, _pack([r + 24 for _, _, r in circles])):
        for n, (x, y) in pos.items():
            placed[n] = (x - cx + ox, y - cy + oy)
    return _separate(placed, boxes, sorted(placed, key=str))


def _enclosing_circle(pos: Mapping[Hashable, tuple[float, float]],
                      boxes: Mapping[Hashable, tuple[float, float, float]]) -> tuple[float, float, float]:
    """Centre and radius of the smallest circle holding the nodes at ``pos`` with their labels (``boxes``), 8 px spare.

    The circle is the smallest around the corners of the boxes
    (:func:`smallest_circle`): a circle around the nodes' centroid, wide
    enough for the farthest label, was often twice as wide as what it held
    (a long task name such as "natural language understanding" on one side of
    a cluster).

    >>> x, y, r = _enclosing_circle({"a": (0.0, 0.0), "b": (100.0, 0.0)}, {"a": (10, 10, 10), "b": (10, 10, 10)})
    >>> round(x), round(y), round(r, 2)
    (50, 0, 68.83)
    """
    corners = [(x + dx, y + dy) for n, (x, y) in pos.items()
               for dx in (-boxes[n][0], boxes[n][0]) for dy in (-boxes[n][1], boxes[n][2])]
    x, y, radius = smallest_circle(corners)
    return x, y, radius + 8


#: Directions tried around each placed cluster when packing the next one against it.
PACK_DIRECTIONS = 48
#: Pixels between the circles of two clusters.
CLUSTER_GAP = 6.0


def _pack(radii: Sequence[float]) -> list[tuple[float, float]]:
    """Centres of circles of ``radii``, placed in turn so that the drawing fits :data:`SCREEN` at the largest zoom.

    The first circle is at the origin; each next one touches one already
    placed (:data:`PACK_DIRECTIONS` directions around each, keeping
    :data:`CLUSTER_GAP` from every circle), at the spot where the box around
    all of them needs the least shrinking to fit :data:`SCREEN` (then the
    spot nearest the middle of that box).  Packing against the screen's
    shape instead of on a spiral from the middle uses its width and height
    alike: the first free point of a spiral put ACL 2024's wide clusters
    in a row that had to be shrunk below readable sizes.

    The second circle goes beside the first and a little lower, which
    leaves a box closer to the screen's shape than a row; the third fills
    the notch above them:

    >>> spots = _pack([100.0, 100.0, 50.0])
    >>> [(round(x), round(y)) for x, y in spots]
    [(0, 0), (199, 53), (139, -91)]
    >>> all(math.dist(spots[i], spots[j]) >= r + q + CLUSTER_GAP - 1e-6
    ...     for i, r in enumerate([100.0, 100.0, 50.0]) for j, q in enumerate([100.0, 100.0, 50.0]) if i < j)
    True
    >>> _pack([])
    []
    """
    if not radii:
        return []
    spots = [(0.0, 0.0)]
    box = numpy.array([-radii[0], -radii[0], radii[0], radii[0]])  # left, top, right, bottom
    angle = numpy.arange(PACK_DIRECTIONS) * (2 * math.pi / PACK_DIRECTIONS)
    cos, sin = numpy.cos(angle), numpy.sin(angle)
    for radius in radii[1:]:
        placed = numpy.asarray([(x, y, r) for (x, y), r in zip(spots, radii)])
        reach = (placed[:, 2] + radius + CLUSTER_GAP)[:, None]
        x = (placed[:, 0:1] + reach * cos).ravel()
        y = (placed[:, 1:2] + reach * sin).ravel()
        clear = numpy.hypot(x[:, None] - placed[:, 0], y[:, None] - placed[:, 1]) \
            >= (placed[:, 2] + radius + CLUSTER_GAP) * (1 - 1e-9)
        free = numpy.flatnonzero(clear.all(axis=1))  # never empty: the far side of the outermost circle is free
        x, y = x[free], y[free]
        left, top = numpy.minimum(box[0], x - radius), numpy.minimum(box[1], y - radius)
        right, bottom = numpy.maximum(box[2], x + radius), numpy.maximum(box[3], y + radius)
        need = numpy.maximum((right - left) / SCREEN[0], (bottom - top) / SCREEN[1])
        off = numpy.hypot(x - (left + right) / 2, y - (top + bottom) / 2)
        best = int(numpy.lexsort((off, numpy.round(need, 9)))[0])
        spots.append((float(x[best]), float(y[best])))
        box = numpy.array([left[best], top[best], right[best], bottom[best]])
    return spots


#: Rounds of label separation at the gentlest push; a jam left after them is pushed harder each round.
PATIENT_ROUNDS = 30
#: Pixels the push's margin grows by each round after :data:`PATIENT_ROUNDS` (from half a pixel).
MARGIN_GROWTH = 0.25


def _separate(pos: dict[Hashable, tuple[float, float]], boxes: dict[Hashable, tuple[float, float, float]],
              order: Sequence[Hashable], rounds: int = 200) -> dict[Hashable, tuple[float, float]]:
    """``pos`` with overlapping boxes pushed apart (along the axis that needs the smaller move) until none overlap.

    Each round takes the pairs of ``order`` (distinct nodes) in turn, ``a`` before ``b``, and pushes the two
    boxes of a pair that overlap apart at once, so that the later pairs see the moved positions: each by half
    the overlap and a margin of half a pixel, and after :data:`PATIENT_ROUNDS` rounds a margin
    :data:`MARGIN_GROWTH` wider each round, so that a jam of many labels clears long before ``rounds``
    (docs/scaling.md, "Label separation, thirty-eighth session").  The
    positions and boxes are held in lists by place in ``order``, and a pair's values are read only as far as
    its test needs them (most pairs are apart along x): 10-30 % less time than looking each node's up by
    node, with the same floats (docs/scaling.md, "Views, twenty-fourth session").
    """
    nodes = list(order)
    xs = [pos[n][0] for n in nodes]
    ys = [pos[n][1] for n in nodes]
    ws = [boxes[n][0] for n in nodes]
    ups = [boxes[n][1] for n in nodes]
    downs = [boxes[n][2] for n in nodes]
    count = len(nodes)
    for round_ in range(rounds):
        margin = 0.5 + MARGIN_GROWTH * max(0, round_ - PATIENT_ROUNDS)
        moved = False
        for i in range(count - 1):
            ax, ay, aw = xs[i], ys[i], ws[i]
            for j in range(i + 1, count):
                bx = xs[j]
                dx = bx - ax
                overlap_x = aw + ws[j] - abs(dx)
                if overlap_x <= 0:
                    continue
                by = ys[j]
                dy = by - ay
                overlap_y = (downs[i] + ups[j] - dy) if dy >= 0 else (downs[j] + ups[i] + dy)
                if overlap_y <= 0:
                    continue
                moved = True
                if overlap_x < overlap_y:
                    rightwards = dx > 0 or (dx == 0 and str(nodes[i]) < str(nodes[j]))
                    push = (overlap_x / 2 + margin) * (1 if rightwards else -1)
                    ax = xs[i] = ax - push
                    xs[j] = bx + push
                else:
                    push = (overlap_y / 2 + margin) * (1 if dy >= 0 else -1)
                    ay = ys[i] = ay - push
                    ys[j] = by + push
        if not moved:
            break
    return {n: (x, y) for n, x, y in zip(nodes, xs, ys)}


# ---------------------------------------------------------------------------
# Page data
# ---------------------------------------------------------------------------


def landscape_data(graph: nx.MultiDiGraph, landscape: Landscape, *, cache: dict[Hashable, Details] | None = None,
                   view_files: Mapping[Hashable, str] | None = None, graph_wide: bool = True) -> PageData:
    """The page data (:class:`exports.view_data.PageData`) drawing ``landscape``, tooltips read from ``graph``
    (without the graph-wide ones where ``graph_wide`` is false: :func:`~exports.view_details.node_details`).

    Nodes get their landscape size (``s``), label font (``fs``) and, when
    ``view_files`` names one, the file of their own view (``u``); edges are
    ``usedWith`` with the number of papers naming both (``w``); ``clusters``
    holds each cluster's label and the circle around it.
    """
    fonts, sizes = _styles(landscape)
    if not landscape.positions:
        landscape.positions = landscape_layout(landscape, fonts, sizes)
    positions = rounded_positions(landscape.positions)
    index = {n: i for i, n in enumerate(landscape.entities)}
    sources = SourceTable()
    nodes = []
    for n in landscape.entities:
        record = node_record(graph, n, positions[n], node_details(graph, n, cache=cache, graph_wide=graph_wide),
                             sources)
        record["l"] = clip(landscape.labels[n], LANDSCAPE_LABEL_CHARS)
        record["s"] = sizes[n]
        record["fs"] = fonts[n]
        if view_files and n in view_files:
            record["u"] = view_files[n]
        nodes.append(record)
    edges: list[EdgeRecord] = [{"f": index[a], "t": index[b], "r": USED_WITH, "w": w}
                               for (a, b), w in landscape.weights.items()]
    edges.sort(key=lambda e: (e["f"], e["t"]))
    clusters: list[ClusterData] = [
        {"l": cluster.label, "x": round(cx, 1) + 0.0, "y": round(cy, 1) + 0.0, "r": round(r, 1),
         "n": len(cluster.members)}
        for cluster, (cx, cy, r) in zip(landscape.clusters, _cluster_circles(landscape, fonts, sizes))
    ]
    style = relation_style(USED_WITH)
    kinds = sorted({record["k"] for record in nodes})
    return {
        "nodes": nodes,
        "edges": edges,
        "sources": sources.names,
        "relations": {USED_WITH: {"color": style.color, "dashes": style.dashes, "arrows": style.arrows}}
        if edges else {},
        "options": view_options(len(nodes), kinds),
        "clusters": clusters,
    }


def landscape_inputs(graph: nx.MultiDiGraph, named: Mapping[Hashable, set[Hashable]], *, max_entities: int,
                     cache: dict[Hashable, Details] | None = None, view_files: Mapping[Hashable, str] | None = None,
                     memo: dict[Hashable, str] | None = None, graph_wide: bool = True) -> list:
    """Every value the landscape of ``named``'s papers reads from ``graph`` (JSON-able), for a page's fingerprint.

    What :func:`fitted_landscape` and :func:`landscape_data` draw depends on
    ``named`` (each paper with the entities it names: the counts, the ranks,
    the co-usage weights, the clusters and the layout follow from it) and, for
    each entity that can be drawn -- the ``max_entities`` most named, since
    fitting only ever drops the least named -- on its name, kind and other
    fields of its node record (:func:`~exports.view_details.node_record`,
    without the size, which a landscape sets itself), its details (the
    tooltip: paper counts and mentions over the whole graph) and the file
    its view links to.  Keep this in step with those two functions: the
    tests compare rebuilt pages with pages built from scratch.  ``memo``
    holds each entity's part (a SHA-256), shared by the pages of one graph
    (and drawn with one ``graph_wide``).  With ``graph_wide=False``, for the pages
    that load entities' details from the node view's shards, the details are
    left out, as :func:`landscape_data` leaves them out of the page: the
    page then depends on its papers and the entities' names alone.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "method/x", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> papers, entities = landscape_inputs(g, named_entities(g, None), max_entities=90)
    >>> papers, len(entities)
    ([['paper/a', ['method/x']]], 1)
    """
    memo = {} if memo is None else memo
    candidates = most_named(entity_counts(named), max_entities)
    parts = []
    for node in candidates:
        part = memo.get(node)
        if part is None:
            sources = SourceTable()
            details = node_details(graph, node, cache=cache, graph_wide=graph_wide)
            record = node_record(graph, node, (0.0, 0.0), details, sources)
            record.pop("s", None)  # a landscape sizes its nodes by their papers here
            link = view_files[node] if view_files and node in view_files else None
            name = landscape_name(graph.nodes[node], node)
            part = memo[node] = digest([str(node), name, record, sources.names, link])
        parts.append(part)
    return [[[str(paper), sorted(str(e) for e in entities)] for paper, entities in named.items()], parts]
