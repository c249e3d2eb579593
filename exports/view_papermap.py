"""The paper map: papers placed by their ``similarTo`` links, in clusters labelled by what they share.

Every paper of a build has its nearest papers as ``similarTo`` links
(:mod:`kg.similarity`).  The map treats those links as a weighted graph
(the link's ``score``), finds its communities and draws the biggest of them
as tinted circles, each labelled with the terms and entities its papers
share most, more than the rest of the corpus does.  Inside a circle the
papers are laid out by a spring layout of their links, so neighbours sit
together; circles are packed next to the clusters they have most links with.

It stays legible from 50 to 100,000 papers because what it draws is bounded:
at most :data:`MAP_CLUSTERS` clusters and :data:`MAP_PAPERS` papers (the most
central of each cluster, a share in proportion to its size), as dots without
labels (a paper's title is in its tooltip; search finds every paper);
the side panel lists the clusters and says how many papers and clusters were
left out.  Positions are screen pixels, laid out so that the map fits a
1400x900 window at a zoom where the cluster labels are readable
(:func:`fitted_paper_map`).

Clusters and their labels come from :mod:`exports.view_clusters` (Louvain,
or label propagation then Louvain above 20,000 linked papers).

Examples
--------
>>> g = nx.MultiDiGraph()
>>> for i in range(8):
...     g.add_node(f"paper/{i}", kind="paper", title=f"Paper {i}")
>>> for a, b in [(0, 1), (1, 2), (0, 2), (2, 3), (4, 5), (5, 6), (4, 6), (6, 7)]:
...     _ = g.add_edge(f"paper/{a}", f"paper/{b}", key="similarTo", relation="similarTo", score=0.5,
...                    shared_terms=["parsing"] if a < 4 else ["speech"])
>>> pmap = paper_map(g)
>>> [c.label for c in pmap.clusters], [len(c.members) for c in pmap.clusters]
(['parsing', 'speech'], [4, 4])
"""
from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from exports.view_clusters import PaperLinks, cluster_labels, paper_clusters, paper_links
from exports.view_data import ClusterData, Details, EdgeRecord, PageData
from exports.view_details import edge_records, node_details, node_record
from exports.view_landscape import MIN_FIT_SCALE, SCREEN
from exports.view_layout import GOLDEN_ANGLE, LAYOUT_SEED
from exports.view_styles import relation_style, view_options
from exports.view_text import SourceTable

__all__ = [
    "CLUSTER_FONT",
    "MAP_CLUSTERS",
    "MAP_PAPERS",
    "PaperCluster",
    "PaperMap",
    "choose",
    "fitted_paper_map",
    "lay_out",
    "paper_map",
    "paper_map_data",
]

#: Most papers a map draws (the most central of each drawn cluster).
MAP_PAPERS = 900
#: Most clusters a map draws (the biggest); the side panel lists them.
MAP_CLUSTERS = 20
#: Smallest community that counts as a cluster; smaller ones share the last cluster, :data:`POOL_LABEL`.
MIN_CLUSTER = 3
POOL_LABEL = "papers with few similar papers"
#: Font size of a cluster's label, in pixels (at :data:`~exports.view_landscape.MIN_FIT_SCALE`: 12.75 px).
CLUSTER_FONT = 17
#: Tints of the clusters, in order (Tableau 10).
TINTS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
         "#bab0ac")
_SIMILAR = "similarTo"
_GAP = 2.0  # pixels between two dots
#: How far a cluster's circle is drawn towards the clusters it has most links with (0: packed by size alone).
PULL = 0.3


@dataclass
class PaperCluster:
    """Papers linked more to each other than to the rest: ``members`` most central first."""

    members: list[Hashable]
    label: str
    drawn: list[Hashable] = field(default_factory=list)
    """The members the map draws (the first of ``members``)."""


@dataclass
class PaperMap:
    """What a paper map draws, and what it leaves out."""

    clusters: list[PaperCluster]
    """Every cluster of :data:`MIN_CLUSTER` or more papers, biggest first, then the pool of smaller
    communities (if any); the first ``shown`` are drawn."""
    shown: int
    papers: int
    """Papers in the map's scope."""
    linked: int
    """Of those, papers with a ``similarTo`` link to another paper in scope."""
    similarity: PaperLinks
    positions: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    sizes: dict[Hashable, float] = field(default_factory=dict)
    circles: list[tuple[float, float, float, str]] = field(default_factory=list)
    """Centre and radius of each drawn cluster's circle and its label as drawn (wrapped), once laid out."""

    @property
    def drawn(self) -> list[Hashable]:
        """Every paper drawn, cluster by cluster."""
        return [paper for cluster in self.clusters[:self.shown] for paper in cluster.drawn]


def paper_map(graph: nx.MultiDiGraph, papers: Collection[Hashable] | None = None, *,
              max_papers: int = MAP_PAPERS, max_clusters: int = MAP_CLUSTERS) -> PaperMap:
    """The clusters of ``papers`` (default: all) and which of their papers a map draws (not laid out).

    The ``max_clusters`` biggest clusters are drawn; ``max_papers`` are
    shared among them in proportion to their size (at least 3 each), each
    drawing its most central papers (the largest sum of link scores within
    the cluster).
    """
    links = paper_links(graph, papers)
    parts = paper_clusters(links)
    small = [node for part in parts if len(part) < MIN_CLUSTER for node in part]
    parts = [part for part in parts if len(part) >= MIN_CLUSTER]
    labels = cluster_labels(graph, links, parts)
    if small:  # communities of one or two papers share one last cluster
        parts.append(sorted(small, key=str))
        labels.append(POOL_LABEL)
    weights = links.inner_weights(parts).tolist()  # each paper's links within its cluster, summed
    position = {paper: i for i, paper in enumerate(links.papers)}
    clusters = [PaperCluster(sorted(part, key=lambda n: (-weights[position[n]], str(n))), label)
                for part, label in zip(parts, labels)]
    pmap = PaperMap(clusters, 0, len(links), int(np.count_nonzero(links.degrees())), links)
    return choose(pmap, max_papers=max_papers, max_clusters=max_clusters)


def choose(pmap: PaperMap, *, max_papers: int, max_clusters: int) -> PaperMap:
    """Set which clusters and papers ``pmap`` draws (in place; see :func:`paper_map`); return it."""
    pmap.shown = min(max_clusters, len(pmap.clusters))
    total = sum(len(c.members) for c in pmap.clusters[:pmap.shown]) or 1
    for i, cluster in enumerate(pmap.clusters):
        quota = max(min(len(cluster.members), 3), int(max_papers * len(cluster.members) / total))
        cluster.drawn = cluster.members[:quota] if i < pmap.shown else []
    return pmap


# ---------------------------------------------------------------------------
# Layout, in screen pixels
# ---------------------------------------------------------------------------


def _dot_size(degree: int) -> float:
    """Radius of a paper's dot: 4 px, up to 7 px for papers with many links in their cluster."""
    return round(min(7.0, 3.5 + math.log2(1 + degree) * 0.7), 1)


def _separate(xy: np.ndarray, radii: np.ndarray, rounds: int = 80) -> np.ndarray:
    """``xy`` with overlapping discs pushed apart (each pair by half the overlap), until none overlap."""
    xy = xy.copy()
    need = radii[:, None] + radii[None, :] + _GAP
    np.fill_diagonal(need, 0.0)
    for _ in range(rounds):
        delta = xy[:, None, :] - xy[None, :, :]
        dist = np.hypot(delta[..., 0], delta[..., 1])
        overlap = need - dist
        np.fill_diagonal(overlap, 0.0)
        if overlap.max(initial=0.0) <= 0.01:
            break
        overlap = np.clip(overlap, 0.0, None)
        safe = np.where(dist > 1e-9, dist, 1.0)
        # coincident points are pushed apart along a fixed, index-dependent direction
        angle = np.arange(len(xy))[:, None] * GOLDEN_ANGLE - np.arange(len(xy))[None, :] * GOLDEN_ANGLE
        unit = np.where(dist[..., None] > 1e-9, delta / safe[..., None],
                        np.stack([np.cos(angle), np.sin(angle)], axis=-1))
        xy += 0.5 * (overlap[..., None] * unit).sum(axis=1)
    return xy


def _cluster_layout(links: PaperLinks, drawn: Sequence[Hashable], sizes: Mapping[Hashable, float]) -> np.ndarray:
    """Positions of one cluster's drawn papers around (0, 0): a spring layout of their links, then no overlaps."""
    if len(drawn) == 1:
        return np.zeros((1, 2))
    sub = nx.Graph()
    sub.add_nodes_from(drawn)
    keep = set(drawn)
    inner, seen = [], set()
    for u in drawn:  # each link once, from the end drawn first (as networkx's edges(drawn) gives them)
        inner += [(u, v, w) for v, w in links.neighbours(u) if v in keep and v not in seen]
        seen.add(u)
    sub.add_weighted_edges_from(sorted(inner, key=lambda e: (str(e[0]), str(e[1]))))
    raw = nx.spring_layout(sub, seed=LAYOUT_SEED, weight="weight", iterations=60)
    xy = np.array([raw[n] for n in drawn], dtype=float)
    xy -= xy.mean(axis=0)
    radii = np.array([sizes[n] for n in drawn])
    spacing = 2 * float(radii.mean()) + _GAP + 2
    target = 0.55 * spacing * math.sqrt(len(drawn))  # the radius of a disc holding them loosely
    distance = np.hypot(xy[:, 0], xy[:, 1])
    extent = float(np.percentile(distance, 85)) or 1.0
    xy *= (target / extent) * np.minimum(1.0, extent / np.maximum(distance, 1e-9))[:, None]  # outliers to the rim
    return _separate(xy, radii)


def _text_width(text: str) -> float:
    """Width of ``text`` in the cluster labels' bold font, in pixels (a little more than most fonts need)."""
    return 0.62 * CLUSTER_FONT * len(text) + 8


def wrap_label(label: str, width: float) -> str:
    """``label``'s parts (``" · "``-separated) on lines of at most ``width`` pixels (one part a line at least).

    >>> wrap_label("speech · audio · simultaneous", 200)
    'speech · audio\\nsimultaneous'
    """
    lines: list[str] = []
    for part in label.split(" · "):
        if lines and _text_width(f"{lines[-1]} · {part}") <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return "\n".join(lines)


def _label_box(label: str) -> tuple[float, float]:
    """Width and height of a (wrapped) cluster label, in pixels."""
    lines = label.split("\n")
    return max(_text_width(line) for line in lines), len(lines) * (CLUSTER_FONT + 3)


def _footprint(x: float, y: float, r: float, label: str,
               box: tuple[float, float] | None = None) -> tuple[float, float, float, float]:
    """The box a cluster's circle and the label above it take: left, top, right, bottom.

    ``box`` is the label's :func:`_label_box`, when already known.
    """
    width, height = box or _label_box(label)
    half = max(r, width / 2)
    return x - half, y - r - height - 9, x + half, y + r


def _pack(radii: Sequence[float], labels: Sequence[str],
          pulls: Sequence[Mapping[int, float]]) -> list[tuple[float, float]]:
    """Centres for the clusters' circles (with their labels above): each next to the placed ones it links to."""
    placed: list[tuple[float, float, float, float]] = []
    centres: list[tuple[float, float]] = []
    for i, (r, label) in enumerate(zip(radii, labels)):
        size = _label_box(label)
        links = {j: p for j, p in pulls[i].items() if j < i}
        total = sum(links.values())
        tx = PULL * sum(centres[j][0] * p for j, p in links.items()) / total if total else 0.0
        ty = PULL * sum(centres[j][1] * p for j, p in links.items()) / total if total else 0.0
        step = 0
        while True:
            distance = 8.0 * math.sqrt(step)
            angle = step * GOLDEN_ANGLE
            x, y = tx + 1.7 * distance * math.cos(angle), ty + distance * math.sin(angle)  # wider, like a screen
            box = _footprint(x, y, r + 6, label, size)
            if all(box[2] + 10 <= b[0] or b[2] + 10 <= box[0] or box[3] + 10 <= b[1] or b[3] + 10 <= box[1]
                   for b in placed):
                break
            step += 1
        placed.append(box)
        centres.append((x, y))
    return centres


def lay_out(pmap: PaperMap, *, layouts: dict[tuple[Hashable, ...], np.ndarray] | None = None) -> PaperMap:
    """Give ``pmap`` pixel positions, dot sizes and cluster circles (in place); return it.

    ``layouts`` keeps each cluster's layout by the papers it draws, for later calls on the same ``pmap``
    (:func:`fitted_paper_map` lays it out again with fewer papers: clusters drawing no fewer keep theirs).
    """
    shown = pmap.clusters[:pmap.shown]
    links = pmap.similarity
    pmap.sizes = {}
    local = []
    for i, cluster in enumerate(shown):
        inside = set(cluster.members)
        for n in cluster.drawn:
            pmap.sizes[n] = _dot_size(sum(1 for m, _ in links.neighbours(n) if m in inside))
        key = tuple(cluster.drawn)  # its members, and so its dots' sizes, are those of the last call
        xy = layouts.get(key) if layouts is not None else None
        if xy is None:
            xy = _cluster_layout(links, cluster.drawn, pmap.sizes)
            if layouts is not None:
                layouts[key] = xy
        local.append(xy)
    radii = [float(max(np.hypot(xy[:, 0], xy[:, 1]) + np.array([pmap.sizes[n] for n in c.drawn]))) + 8
             for xy, c in zip(local, shown)]
    labels = [wrap_label(c.label, max(2 * r + 20, 170)) for c, r in zip(shown, radii)]
    pulls: list[dict[int, float]] = [{} for _ in shown]
    first, second = links.groups([cluster.members for cluster in shown])
    between = (first >= 0) & (second >= 0) & (first != second)  # links between two drawn clusters, in order
    for a, b in zip(first[between].tolist(), second[between].tolist()):
        pulls[a][b] = pulls[a].get(b, 0.0) + 1.0
        pulls[b][a] = pulls[b].get(a, 0.0) + 1.0
    centres = _pack(radii, labels, pulls)
    pmap.positions, pmap.circles = {}, []
    for cluster, xy, (cx, cy), r, label in zip(shown, local, centres, radii, labels):
        for n, (x, y) in zip(cluster.drawn, xy.tolist()):
            pmap.positions[n] = (round(cx + x, 1) + 0.0, round(cy + y, 1) + 0.0)
        pmap.circles.append((round(cx, 1) + 0.0, round(cy, 1) + 0.0, round(r, 1), label))
    return pmap


def _fit_scale(pmap: PaperMap) -> float:
    """The zoom at which the laid-out map, labels included, fits :data:`~exports.view_landscape.SCREEN`."""
    boxes = [_footprint(x, y, r, w) for x, y, r, w in pmap.circles]
    if not boxes:
        return 1.0
    width = max(b[2] for b in boxes) - min(b[0] for b in boxes)
    height = max(b[3] for b in boxes) - min(b[1] for b in boxes)
    return min(SCREEN[0] / width, SCREEN[1] / height)


def fitted_paper_map(graph: nx.MultiDiGraph, papers: Collection[Hashable] | None = None, *,
                     max_papers: int = MAP_PAPERS, max_clusters: int = MAP_CLUSTERS) -> PaperMap:
    """:func:`paper_map`, laid out, drawing as many papers and clusters as fit the screen at a readable zoom.

    While the map would have to be shrunk below
    :data:`~exports.view_landscape.MIN_FIT_SCALE` to fit a 1400x900 window,
    draws 15% fewer papers (and, below 12 papers a cluster, fewer clusters).

    >>> g = nx.MultiDiGraph()
    >>> for i in range(300):
    ...     g.add_node(f"paper/{i}", kind="paper")
    ...     _ = g.add_edge(f"paper/{i}", f"paper/{(i + 1) % 300}", key="similarTo", relation="similarTo", score=0.3)
    >>> pmap = fitted_paper_map(g)
    >>> len(pmap.drawn) <= MAP_PAPERS, pmap.papers, _fit_scale(pmap) >= MIN_FIT_SCALE
    (True, 300, True)
    """
    layouts: dict[tuple[Hashable, ...], np.ndarray] = {}  # clusters whose drawn papers stay are not laid out again
    pmap = lay_out(paper_map(graph, papers, max_papers=max_papers, max_clusters=max_clusters), layouts=layouts)
    while _fit_scale(pmap) < MIN_FIT_SCALE and len(pmap.drawn) > pmap.shown:
        if max_papers < 12 * pmap.shown and pmap.shown > 1:
            max_clusters = max(1, pmap.shown - max(1, pmap.shown // 6))
        else:
            max_papers = int(max_papers * 0.85)
        pmap = lay_out(choose(pmap, max_papers=max_papers, max_clusters=max_clusters), layouts=layouts)
    return pmap


# ---------------------------------------------------------------------------
# Page data
# ---------------------------------------------------------------------------


def paper_map_data(graph: nx.MultiDiGraph, pmap: PaperMap, *, cache: dict[Hashable, Details] | None = None,
                   view_files: Mapping[Hashable, str] | None = None) -> PageData:
    """The page data (:class:`exports.view_data.PageData`) of a laid-out map: dots, inner links, clusters.

    Papers are drawn without labels (their titles are in the tooltips),
    coloured by cluster (``co``); the ``similarTo`` links within each cluster
    are drawn with their strength and shared entities and terms.
    """
    drawn = sorted(pmap.drawn, key=str)
    index = {n: i for i, n in enumerate(drawn)}
    which = {n: i for i, c in enumerate(pmap.clusters[:pmap.shown]) for n in c.drawn}
    sources = SourceTable()
    nodes = []
    for n in drawn:
        record = node_record(graph, n, pmap.positions[n], node_details(graph, n, cache=cache), sources)
        record["l"] = ""
        record["s"] = pmap.sizes[n]
        record["co"] = TINTS[which[n] % len(TINTS)]
        if view_files and n in view_files:
            record["u"] = view_files[n]
        nodes.append(record)
    inner = nx.MultiDiGraph()
    inner.add_nodes_from(drawn)
    for u, v, key, data in graph.edges(drawn, keys=True, data=True):
        if key == _SIMILAR and v in index and which[u] == which[v]:
            inner.add_edge(u, v, key=key, **data)
    edges: list[EdgeRecord] = edge_records(inner, index, sources, context=graph)
    clusters: list[ClusterData] = []
    for i, (cluster, (x, y, r, label)) in enumerate(zip(pmap.clusters, pmap.circles)):
        record: ClusterData = {"l": label, "x": x, "y": y, "r": r, "n": len(cluster.members),
                               "co": TINTS[i % len(TINTS)], "fs": CLUSTER_FONT}
        width = _label_box(label)[0]
        if width > 2 * r:
            record["w"] = round(width, 1)
        clusters.append(record)
    style = relation_style(_SIMILAR)
    return {
        "nodes": nodes,
        "edges": edges,
        "sources": sources.names,
        "relations": {_SIMILAR: {"color": style.color, "dashes": style.dashes, "arrows": style.arrows}}
        if edges else {},
        "options": view_options(len(nodes), ["paper"] if nodes else []),
        "clusters": clusters,
    }

