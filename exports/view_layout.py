"""Node positions of an HTML view, computed once in Python so the browser draws without physics.

* :func:`spring_layout` -- a seeded networkx spring layout of the most
  connected nodes (at most :data:`SPRING_LAYOUT_LIMIT`), the others placed
  around their neighbours by :func:`place_around_neighbours`: O(nodes + edges)
  beyond the core.
* :func:`radial_layout` -- rings around a centre node (ego and venue views).
* :func:`force_layout` -- networkx's spring layout of a small weighted
  graph given as nodes and edges, the same floats at a fraction of the cost
  (the entity landscapes lay out thousands of clusters).

Positions are in pixels; :func:`rounded_positions` rounds them for the page.
Every function is deterministic: sorted inputs, a fixed seed, and no
iteration over sets whose order depends on ``PYTHONHASHSEED``.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph([("paper/a", "dataset/d"), ("paper/b", "dataset/d")])
>>> rounded_positions(radial_layout(g, "dataset/d"))["dataset/d"]
(0.0, 0.0)
>>> sorted(spring_layout(g)) == sorted(g)
True
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import lru_cache

import networkx as nx
import numpy

from exports.view_select import ranked_nodes
from exports.view_styles import kind_of, kind_order, node_size

__all__ = [
    "EGO_CENTRE_FONT",
    "EGO_CENTRE_MAX_FONT",
    "EGO_CENTRE_PX",
    "GOLDEN_ANGLE",
    "LAYOUT_SEED",
    "MAX_SUB_RINGS",
    "RING_GAP",
    "RING_SPACING",
    "SATELLITE_SPACING",
    "SPRING_LAYOUT_LIMIT",
    "ego_centre_font",
    "force_layout",
    "place_around_neighbours",
    "radial_layout",
    "ring_radius",
    "rounded_positions",
    "satellite_offset",
    "spring_layout",
]

Positions = dict[Hashable, tuple[float, float]]

#: Graphs up to this many nodes get a full spring layout; larger ones lay out
#: their most connected nodes this way and place the rest next to them.
SPRING_LAYOUT_LIMIT = 400
LAYOUT_SEED = 42
#: Spacing of nodes placed around an anchor, in layout units (the spring layout spans about [-1, 1]).
SATELLITE_SPACING = 0.004
#: Radial layout: distance between neighbouring nodes on a ring, and between rings (pixels).
RING_SPACING = 30.0
RING_GAP = 140.0
#: Most sub-rings one ring of a radial layout is split into.
MAX_SUB_RINGS = 6

#: Turn between successive points of a sunflower spiral (even spacing around an anchor, no two on one ray).
GOLDEN_ANGLE = math.pi * (3.0 - math.sqrt(5.0))
#: Label font of the centre's neighbours in an ego view, and most characters of their labels.
EGO_LABEL_FONT = 14
EGO_LABEL_CHARS = 26
#: Label font of an ego view's centre when its rings fit the screen; its size on screen when they do not; its
#: largest font (rings of many hundred nodes: a bigger label would run over the first ring, a zoom reads it).
EGO_CENTRE_FONT = 20
EGO_CENTRE_PX = 14
EGO_CENTRE_MAX_FONT = 40
#: Height of a view's canvas on a 1400x900 screen, and what the labels of the outer ring add around the rings
#: (measured: ACL 2024's GSM8K view, rings 1,112 px high, is framed at a scale of 0.60).
VIEW_CANVAS_HEIGHT = 700.0
RING_LABEL_MARGIN = 40.0


def ego_centre_font(positions: Mapping[Hashable, tuple[float, float]]) -> int:
    """Label font of the centre of an ego view laid out at ``positions``, so that it stays readable.

    The page frames the whole drawing, so rings taller than the canvas shrink
    every label; the centre's grows to stay about :data:`EGO_CENTRE_PX` on
    screen (never below :data:`EGO_CENTRE_FONT`, never above
    :data:`EGO_CENTRE_MAX_FONT`).

    >>> ego_centre_font({"c": (0.0, 0.0), "a": (0.0, 300.0), "b": (0.0, -300.0)})
    20
    >>> ego_centre_font({"c": (0.0, 0.0), "a": (0.0, 556.0), "b": (0.0, -556.0)})
    24
    >>> ego_centre_font({"c": (0.0, 0.0), "a": (0.0, 5000.0), "b": (0.0, -5000.0)})
    40
    """
    if not positions:
        return EGO_CENTRE_FONT
    ys = [y for _, y in positions.values()]
    height = max(ys) - min(ys) + 2 * RING_LABEL_MARGIN
    return min(EGO_CENTRE_MAX_FONT, max(EGO_CENTRE_FONT, math.ceil(EGO_CENTRE_PX * height / VIEW_CANVAS_HEIGHT)))


def _label_chars(graph: nx.MultiDiGraph, node: Hashable) -> int:
    attrs = graph.nodes[node]
    name = attrs.get("label") or attrs.get("title") or attrs.get("name") or str(node)
    return min(len(str(name)), EGO_LABEL_CHARS)


def _simple_graph(graph: nx.MultiDiGraph, nodes: Sequence[Hashable]) -> nx.Graph:
    """Undirected simple graph on ``nodes`` (in that order) with edges added in sorted order."""
    keep = set(nodes)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    simple.add_edges_from(
        sorted(((u, v) for u, v in graph.edges() if u in keep and v in keep and u != v), key=str)
    )
    return simple


def satellite_offset(index: int) -> tuple[float, float]:
    """Offset of the ``index``-th node around one anchor: a sunflower spiral, so they fill a disc evenly.

    Examples
    --------
    >>> satellite_offset(0) != satellite_offset(1)
    True
    >>> round(math.hypot(*satellite_offset(3)), 6) == round(SATELLITE_SPACING * 3, 6)
    True
    """
    r = SATELLITE_SPACING * math.sqrt(index + 6)  # + 6 leaves room for the anchor itself
    angle = index * GOLDEN_ANGLE
    return r * math.cos(angle), r * math.sin(angle)


def place_around_neighbours(graph: nx.Graph, pos: Mapping[Hashable, tuple[float, float]], *,
                            nodes: Sequence[Hashable]) -> Positions:
    """``pos`` plus a position for every other node of ``nodes``, next to its best-ranked placed neighbour.

    Nodes are visited in ``nodes`` order (most important first), so a node's
    anchor may itself be a node placed here; each anchor's satellites fill a
    disc (:func:`satellite_offset`).  Nodes with no placed neighbour go on an
    outer spiral, outside the unit circle.

    Parameters
    ----------
    graph : networkx.Graph
        Undirected graph on ``nodes``.
    pos : mapping
        Positions already fixed (layout units: about [-1, 1]).
    nodes : sequence
        Every node to place, most important first.

    Returns
    -------
    dict
        Node to ``(x, y)`` for every node of ``nodes`` (those in ``pos`` unchanged).

    Examples
    --------
    >>> g = nx.Graph([("hub", "a"), ("hub", "b")])
    >>> g.add_node("lonely")
    >>> placed = place_around_neighbours(g, {"hub": (0.0, 0.0)}, nodes=["hub", "a", "b", "lonely"])
    >>> placed["hub"], all(math.hypot(*placed[n]) < 0.02 for n in "ab"), math.hypot(*placed["lonely"]) > 1
    ((0.0, 0.0), True, True)
    """
    placed = dict(pos)
    rank = {node: i for i, node in enumerate(nodes)}
    satellites: dict[Hashable, int] = {}
    orphans = 0
    for node in nodes:
        if node in placed:
            continue
        neighbours = [n for n in graph[node] if n in placed]
        if neighbours:
            anchor = min(neighbours, key=rank.__getitem__)
            index = satellites.get(anchor, 0)
            satellites[anchor] = index + 1
            dx, dy = satellite_offset(index)
            placed[node] = (placed[anchor][0] + dx, placed[anchor][1] + dy)
        else:
            radius = math.sqrt(1.15**2 + orphans * 0.01 / math.pi)
            angle = orphans * GOLDEN_ANGLE
            orphans += 1
            placed[node] = (radius * math.cos(angle), radius * math.sin(angle))
    return placed


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


def spring_layout(graph: nx.MultiDiGraph, *, nodes: Sequence[Hashable] | None = None,
                  core_size: int | None = None, seed: int = LAYOUT_SEED) -> Positions:
    """Pixel positions: a seeded spring layout of the most connected nodes, the rest beside them.

    Up to ``core_size`` nodes get a spring layout; above that, only the
    first ``core_size`` do, with extra springs between core nodes that share
    neighbours outside it, and the others are placed around their neighbours
    (:func:`place_around_neighbours`), which costs O(nodes + edges).  Only the
    largest connected part of the core is sprung: a spring layout pushes
    small parts to the edge, which shrinks everything else.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph; edge direction and parallel edges are ignored.
    nodes : sequence, optional
        The nodes to place, most important first (default: all,
        :func:`exports.view_select.ranked_nodes` order).
    core_size : int, optional
        Most nodes laid out by springs (default :data:`SPRING_LAYOUT_LIMIT`).
    seed : int
        Seed of the spring layout.

    Returns
    -------
    dict
        Node to ``(x, y)`` in pixels, for every node of ``nodes``.

    Examples
    --------
    >>> g = nx.MultiDiGraph([(f"paper/{i}", f"method/{i % 3}") for i in range(12)])
    >>> pos = spring_layout(g, core_size=4)
    >>> len(pos), len(set(pos.values())), spring_layout(g, core_size=4) == pos
    (15, 15, True)
    """
    ranked = list(ranked_nodes(graph) if nodes is None else nodes)
    limit = SPRING_LAYOUT_LIMIT if core_size is None else core_size
    simple = _simple_graph(graph, ranked)
    core = _core_graph(simple, ranked[:limit]) if len(ranked) > limit else simple
    core = _largest_component(core, ranked)
    spring = nx.spring_layout(core, k=_spring_k(core), seed=seed)
    pos = {n: (float(xy[0]), float(xy[1])) for n, xy in spring.items()}
    pos = place_around_neighbours(simple, pos, nodes=ranked)
    scale = max(250.0, 70.0 * math.sqrt(len(ranked)))
    return {n: (x * scale, y * scale) for n, (x, y) in pos.items()}


def radial_layout(graph: nx.MultiDiGraph, center: Hashable, *,
                  nodes: Sequence[Hashable] | None = None) -> Positions:
    """Pixel positions on rings around ``center``: ring *d* holds the nodes *d* links away.

    A breadth-first tree from ``center`` gives every node a parent; each node
    gets an angular sector proportional to the number of leaves below it, so
    a paper's entities sit just outside the paper.  Children are grouped by
    kind (legend order), then by id.  Crowded rings are split into
    interleaved sub-rings (:func:`ring_radius`) so nodes never overlap.
    Nodes not connected to ``center`` go on one more ring outside.  Costs
    O(nodes + edges).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph, with node ``kind`` attributes; edge direction is ignored.
    center : node
        The node at ``(0, 0)``; must be in ``nodes``.
    nodes : sequence, optional
        The nodes to place, most important first (default: all, nearest to
        ``center`` first).

    Returns
    -------
    dict
        Node to ``(x, y)`` in pixels, for every node of ``nodes``.

    Examples
    --------
    >>> g = nx.MultiDiGraph([("paper/a", "dataset/d"), ("paper/a", "person/x"), ("paper/b", "dataset/d")])
    >>> pos = radial_layout(g, "dataset/d")
    >>> r = {n: round(math.hypot(*xy)) for n, xy in pos.items()}
    >>> r["dataset/d"] < r["paper/a"] == r["paper/b"] < r["person/x"]
    True
    """
    ranked = list(ranked_nodes(graph, center=center) if nodes is None else nodes)
    simple = _simple_graph(graph, ranked)
    rank = {n: i for i, n in enumerate(ranked)}

    def child_key(n: Hashable) -> tuple[int, str]:
        # grouped by kind, then by id (not by degree, which would crowd the leaf nodes into one arc)
        return (kind_order(kind_of(graph.nodes[n])), str(n))

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

    pos: Positions = {center: (0.0, 0.0)}
    radius = 0.0
    for ring in rings[1:]:
        ordered = sorted(ring, key=lambda n: (angle[n], rank[n]))
        spacing = RING_SPACING + 2.0 * sum(node_size(graph.degree(n)) for n in ordered) / len(ordered)
        if len(rings) > 2 and ring is rings[1]:  # the centre's neighbours: room for their (clipped) labels side by side
            spacing = max(spacing, 0.4 * EGO_LABEL_FONT * sum(_label_chars(graph, n) for n in ordered) / len(ordered))
        base, layers = ring_radius([angle[n] for n in ordered], smallest=radius + RING_GAP, spacing=spacing)
        for i, n in enumerate(ordered):
            r = base + (i % layers) * spacing
            pos[n] = (r * math.cos(angle[n]), r * math.sin(angle[n]))
        radius = base + (layers - 1) * spacing
    return pos


def ring_radius(angles: Sequence[float], *, smallest: float, spacing: float) -> tuple[float, int]:
    """Radius and number of interleaved sub-rings for nodes at ``angles`` (sorted).

    Nodes on the same sub-ring end up at least ``spacing`` apart; of the
    choices with 1 to :data:`MAX_SUB_RINGS` sub-rings, the one with the
    smallest outer radius wins.

    Parameters
    ----------
    angles : sequence of float
        Angles of the nodes, in radians, sorted.
    smallest : float
        Smallest radius allowed (just outside the previous ring).
    spacing : float
        Least distance between neighbouring nodes, and between sub-rings.

    Returns
    -------
    (float, int)
        The inner radius and the number of sub-rings.

    Examples
    --------
    >>> ring_radius([0.0, math.pi], smallest=100.0, spacing=30.0)
    (100.0, 1)
    >>> radius, layers = ring_radius([i * 0.01 for i in range(100)], smallest=100.0, spacing=30.0)
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


#: :func:`force_layout` computes networkx's dense layout, which networkx uses below this many nodes.
FORCE_LAYOUT_LIMIT = 500


def force_layout(nodes: Sequence[Hashable], edges: Iterable[tuple[Hashable, Hashable, float]], *, k: float,
                 seed: int = LAYOUT_SEED, iterations: int = 50) -> dict[Hashable, tuple[float, float]]:
    """``nx.spring_layout`` of the undirected graph on ``nodes`` with weighted ``edges``: the same floats.

    The graph of ``nodes`` (in that order, as networkx's node order) and
    ``edges`` ``(u, v, weight)``, each pair at most once, laid out as
    ``nx.spring_layout(graph, k=k, seed=seed, weight="weight",
    iterations=iterations)`` lays it out, bit for bit: the same seeded start,
    the same Fruchterman--Reingold steps with the same numpy operations in
    the same order (networkx 3.6's ``_fruchterman_reingold``; 3.2-3.5 step differently, and
    the property test in tests/test_views.py compares with the installed networkx), the same
    rescaling.  It skips what costs most at this size: building a networkx
    graph, its adjacency matrix and the dispatch and argument handling
    around every call (on the full Anthology, where the landscapes lay out
    thousands of small clusters, 17.6 s became 14.3 s under py-spy; the
    memo of small layouts below saves more).  Graphs
    of :data:`FORCE_LAYOUT_LIMIT` nodes or more, which networkx lays out
    with another method, are handed to networkx.

    >>> g = nx.Graph()
    >>> g.add_nodes_from("abc")
    >>> g.add_weighted_edges_from([("a", "b", 2), ("b", "c", 1)])
    >>> force_layout(list("abc"), [("a", "b", 2), ("b", "c", 1)], k=0.8) == {
    ...     n: (float(x), float(y)) for n, (x, y) in nx.spring_layout(g, k=0.8, seed=LAYOUT_SEED).items()}
    True
    """
    edges = list(edges)
    count = len(nodes)
    if count >= FORCE_LAYOUT_LIMIT or count < 2:
        graph = nx.Graph()
        graph.add_nodes_from(nodes)
        graph.add_weighted_edges_from(edges)
        raw = nx.spring_layout(graph, k=k, seed=seed, weight="weight", iterations=iterations)
        return {n: (float(raw[n][0]), float(raw[n][1])) for n in nodes}
    index = {n: i for i, n in enumerate(nodes)}
    adjacency = numpy.zeros((count, count))
    for u, v, weight in edges:
        adjacency[index[u], index[v]] = adjacency[index[v], index[u]] = weight
    if count <= FORCE_LAYOUT_MEMO_NODES:  # small clusters repeat (three entities, each pair named once, ...)
        positions = _memo_positions(count, adjacency.tobytes(), k, seed, iterations)
    else:
        positions = _positions(adjacency, k, seed, iterations)
    return dict(zip(nodes, positions))


#: :func:`force_layout` remembers the layouts of graphs up to this many nodes (the last :data:`FORCE_LAYOUT_MEMO`).
FORCE_LAYOUT_MEMO_NODES = 32
FORCE_LAYOUT_MEMO = 4096


@lru_cache(maxsize=FORCE_LAYOUT_MEMO)
def _memo_positions(count: int, adjacency: bytes, k: float, seed: int,
                    iterations: int) -> tuple[tuple[float, float], ...]:
    """:func:`_positions` of the adjacency matrix given as its bytes: a pure function of its arguments, so
    a graph laid out before is not laid out again (on the full Anthology most of the landscapes' small
    clusters have the shape and weights of one laid out before)."""
    return _positions(numpy.frombuffer(adjacency).reshape(count, count), k, seed, iterations)


def _positions(adjacency: numpy.ndarray, k: float, seed: int, iterations: int) -> tuple[tuple[float, float], ...]:
    """The positions :func:`force_layout` gives the nodes of ``adjacency``, in its order."""
    count = len(adjacency)
    # networkx's _fruchterman_reingold, step for step; np.linalg.norm(x, axis=-1) of a real array is
    # sqrt(add.reduce(x * x, axis=-1)), of the whole array sqrt(dot) of it raveled; np.clip(x, m, None)
    # is maximum(x, m).
    pos = numpy.random.RandomState(seed).rand(count, 2)
    t = max(max(pos.T[0]) - min(pos.T[0]), max(pos.T[1]) - min(pos.T[1])) * 0.1
    dt = t / (iterations + 1)
    for _ in range(iterations):
        delta = pos[:, numpy.newaxis, :] - pos[numpy.newaxis, :, :]
        distance = numpy.sqrt(numpy.add.reduce(delta * delta, axis=-1))
        numpy.maximum(distance, 0.01, out=distance)
        displacement = numpy.einsum("ijk,ij->ik", delta, (k * k / distance**2 - adjacency * distance / k))
        length = numpy.maximum(numpy.sqrt(numpy.add.reduce(displacement * displacement, axis=-1)), 0.01)
        delta_pos = numpy.einsum("ij,i->ij", displacement, t / length)
        pos += delta_pos
        t -= dt
        flat = delta_pos.ravel(order="K")
        if (numpy.sqrt(flat.dot(flat)) / count) < 1e-4:
            break
    pos -= pos.mean(axis=0)  # networkx's rescale_layout, then + its centre
    lim = numpy.abs(pos).max()
    if lim > 0:
        pos *= 1 / lim
    pos = pos + numpy.zeros(2)
    return tuple((float(x), float(y)) for x, y in pos)


def rounded_positions(pos: Mapping[Hashable, tuple[float, float]]) -> Positions:
    """Positions rounded to 0.1 pixel, never ``-0.0`` (so the page JSON is short and stable).

    Examples
    --------
    >>> rounded_positions({"a": (1.234, -0.01)})
    {'a': (1.2, 0.0)}
    """
    # "+ 0.0" turns -0.0 into 0.0, so the JSON never shows "-0.0"
    return {n: (round(x, 1) + 0.0, round(y, 1) + 0.0) for n, (x, y) in pos.items()}
