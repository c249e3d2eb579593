"""Clusters of papers linked by ``similarTo``, and their labels: what the paper map (:mod:`exports.view_papermap`) draws.

* :func:`paper_links` -- the ``similarTo`` links between papers as arrays
  (:class:`PaperLinks`), weighted by the link's ``score``, with the terms the
  two papers share, built in one pass over the edges;
* :func:`paper_clusters` -- its communities: Louvain (seeded) up to
  :data:`LOUVAIN_LIMIT` linked papers; above, label propagation
  (:func:`propagate_labels`, vectorised with scipy) and then Louvain on the
  graph of those communities, which keeps the whole Anthology (90,000
  papers) within seconds where networkx's Louvain or label propagation alone
  took minutes or tens of seconds (../shared/NOTES.md, docs/views.md);
* :func:`cluster_labels` -- each cluster's label: the terms and entities its
  papers share more than the rest of the corpus does.

Everything is deterministic: nodes and edges in sorted order, seeded
algorithms, ties broken by position.

>>> g = nx.MultiDiGraph()
>>> for a, b in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]:
...     _ = g.add_edge(f"paper/{a}", f"paper/{b}", key="similarTo", score=0.5,
...                    shared_terms=["parsing"] if b < 3 else ["speech"])
>>> for n in g: g.nodes[n]["kind"] = "paper"
>>> links = paper_links(g)
>>> parts = paper_clusters(links)
>>> parts, cluster_labels(g, links, parts)
([['paper/0', 'paper/1', 'paper/2'], ['paper/3', 'paper/4', 'paper/5']], ['parsing', 'speech'])
"""
from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain

import networkx as nx
import numpy as np
import scipy.sparse as sp

from exports.view_layout import LAYOUT_SEED
from exports.view_styles import kind_of
from exports.view_text import clip, display_text, display_texts
from ontology.kinds import ENTITY_KINDS, PAPER_ENTITY_RELATIONS
from ontology.shared_terms import topic_words

__all__ = [
    "LABEL_PARTS",
    "LOUVAIN_LIMIT",
    "PaperLinks",
    "cluster_labels",
    "paper_clusters",
    "paper_links",
    "propagate_labels",
]

#: Up to this many linked papers, Louvain on the papers; above, label propagation first.
LOUVAIN_LIMIT = 20_000
#: Terms and entities naming a cluster.
LABEL_PARTS = 3
#: Most rounds of :func:`propagate_labels`.
PROPAGATION_ROUNDS = 40
_SIMILAR = "similarTo"


@dataclass(frozen=True)
class PaperLinks:
    """The ``similarTo`` links between some papers, as arrays: what the paper map clusters, labels and lays out.

    ``papers`` holds the papers in scope sorted by id (as strings); each link
    is a pair of positions ``first[k] < second[k]`` with its ``weights[k]``
    and ``terms[k]`` (the shared terms it shows), pairs in sorted order.  On
    the whole Anthology (90,000 papers, 353,000 links) the paper map held
    0.14 GB with these arrays and 0.23 GB with a networkx graph of the same
    links (``tracemalloc``).
    """

    papers: tuple[Hashable, ...]
    first: np.ndarray
    second: np.ndarray
    weights: np.ndarray
    terms: tuple[tuple[str, ...], ...]
    _adjacency: sp.csr_matrix = field(repr=False)
    _index: dict[Hashable, int] = field(repr=False)

    @classmethod
    def of(cls, papers: Sequence[Hashable], first: np.ndarray, second: np.ndarray, weights: np.ndarray,
           terms: Sequence[tuple[str, ...]]) -> PaperLinks:
        """Links between ``papers`` (sorted by id) from sorted, distinct position pairs."""
        n = len(papers)
        rows, cols = np.concatenate([first, second]), np.concatenate([second, first])
        adjacency = sp.csr_matrix((np.concatenate([weights, weights]), (rows, cols)), shape=(n, n))
        adjacency.sort_indices()
        return cls(tuple(papers), first, second, weights, tuple(terms), adjacency,
                   {paper: i for i, paper in enumerate(papers)})

    def __len__(self) -> int:
        return len(self.papers)

    def pairs(self) -> Iterator[tuple[Hashable, Hashable, float, tuple[str, ...]]]:
        """Every link as ``(paper, paper, weight, terms)``, the smaller id first, in sorted order."""
        papers = self.papers
        for i, j, weight, terms in zip(self.first.tolist(), self.second.tolist(), self.weights.tolist(), self.terms):
            yield papers[i], papers[j], weight, terms

    def neighbours(self, paper: Hashable) -> list[tuple[Hashable, float]]:
        """The papers linked to ``paper``, with their links' weights, sorted by id."""
        row = self._index[paper]
        start, stop = self._adjacency.indptr[row], self._adjacency.indptr[row + 1]
        papers = self.papers
        return [(papers[j], w) for j, w in zip(self._adjacency.indices[start:stop].tolist(),
                                                self._adjacency.data[start:stop].tolist())]

    def degrees(self) -> np.ndarray:
        """How many papers each paper is linked to, in order."""
        return np.diff(self._adjacency.indptr)

    def groups(self, groups: Sequence[Collection[Hashable]]) -> tuple[np.ndarray, np.ndarray]:
        """The group of each link's first and of its second paper, for disjoint ``groups`` of papers (-1: none).

        Lets a caller pick the links within or between groups with array operations, then visit only those,
        in the links' order.

        >>> g = nx.MultiDiGraph()
        >>> for a, b in [("a", "b"), ("b", "c"), ("c", "d")]:
        ...     _ = g.add_edge(a, b, key="similarTo", score=0.5)
        >>> [x.tolist() for x in paper_links(g, list(g)).groups([["a", "b"], ["c"]])]
        [[0, 0, 1], [0, 1, -1]]
        """
        group = self._group_of(groups)
        return group[self.first], group[self.second]

    def inner_weights(self, groups: Sequence[Collection[Hashable]]) -> np.ndarray:
        """Each paper's summed link weight to the papers of its own group, for disjoint ``groups`` (0: none).

        The sums are those of ``sum(w for m, w in neighbours(paper) if m in group)``, to the last bit: each
        row of the adjacency is added up in its sorted order, the other groups' weights as zeros, which leave
        a sum of positive weights as it is (90,000 papers in 0.05 s instead of 0.8 s one by one).

        >>> g = nx.MultiDiGraph()
        >>> for a, b, w in [("a", "b", 0.5), ("b", "c", 0.25), ("c", "d", 0.125)]:
        ...     _ = g.add_edge(a, b, key="similarTo", score=w)
        >>> paper_links(g, list(g)).inner_weights([["a", "b", "c"], ["d"]]).tolist()
        [0.5, 0.75, 0.25, 0.0]
        """
        group = self._group_of(groups)
        adjacency = self._adjacency
        rows = np.repeat(group, np.diff(adjacency.indptr))  # the group of each entry's row
        inner = np.where((rows >= 0) & (group[adjacency.indices] == rows), adjacency.data, 0.0)
        masked = sp.csr_matrix((inner, adjacency.indices, adjacency.indptr), shape=adjacency.shape)
        return masked @ np.ones(len(self.papers))

    def _group_of(self, groups: Sequence[Collection[Hashable]]) -> np.ndarray:
        """The number of each paper's group, in order (-1: in none)."""
        group = np.full(len(self.papers), -1, dtype=np.int64)
        for number, members in enumerate(groups):
            positions = [self._index[paper] for paper in members if paper in self._index]
            group[np.array(positions, dtype=np.int64)] = number
        return group

    def linked(self) -> list[Hashable]:
        """The papers linked to at least one other, in order."""
        return [self.papers[i] for i in np.flatnonzero(self.degrees()).tolist()]


def paper_links(graph: nx.MultiDiGraph, papers: Collection[Hashable] | None = None) -> PaperLinks:
    """The ``similarTo`` links between ``papers`` (default: all), weighted by ``score``, in one pass over the edges.

    Each link also holds the link's ``shared_terms`` as ``terms``; when two
    edges join the same papers, the heavier is taken, of equals the one from
    the smaller id, whatever order the graph holds them in.
    Papers and links are in sorted order, so communities found on them do
    not depend on ``PYTHONHASHSEED``.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", score=0.25)
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> [(a, b, w) for a, b, w, _ in paper_links(g).pairs()]
    [('paper/a', 'paper/b', 0.25)]
    """
    if papers is None:
        papers = [n for n, k in graph.nodes(data="kind") if k == "paper"]
    order = sorted(set(papers), key=str)
    index = {paper: i for i, paper in enumerate(order)}
    first, second, weights, forward = array("q"), array("q"), array("d"), array("b")
    terms: list[tuple[str, ...]] = []
    known: dict[str, str] = {}  # one string per term: display_texts makes a new one each time (0.1 GB on the Anthology)
    for u, targets in graph._succ.items():  # the adjacency itself, in the order graph.edges gives: no edge views
        i = index.get(u)
        if i is None:
            continue
        for v, keyed in targets.items():
            data = keyed.get(_SIMILAR)
            j = index.get(v)
            if data is None or j is None or u == v:
                continue
            first.append(min(i, j))
            second.append(max(i, j))
            forward.append(i < j)
            score = data.get("score")
            weights.append(max(float(score), 0.01) if isinstance(score, (int, float)) else 0.5)
            terms.append(tuple(known.setdefault(term, term) for term in display_texts(data.get("shared_terms"))))
    a, b, w = np.frombuffer(first, np.int64), np.frombuffer(second, np.int64), np.frombuffer(weights, np.float64)
    if not len(a):
        return PaperLinks.of(order, a, b, w, [])
    by_pair = np.lexsort((b, a))  # stable: the links of one pair in the order their edges came
    a, b, w = a[by_pair], b[by_pair], w[by_pair]
    starts = np.flatnonzero(np.r_[True, (a[1:] != a[:-1]) | (b[1:] != b[:-1])])
    ends = np.r_[starts[1:], len(a)]
    best = starts.copy()
    ahead = np.frombuffer(forward, np.int8)[by_pair]
    for k in np.flatnonzero(ends - starts > 1).tolist():  # a pair joined both ways: the heavier, else the edge
        # from the smaller id (the first in adjacency order would depend on the order the graph was built in)
        best[k] = max(range(int(starts[k]), int(ends[k])), key=lambda position: (w[position], ahead[position]))
    return PaperLinks.of(order, a[best], b[best], w[best], [terms[position] for position in by_pair[best].tolist()])


def _edge_arrays(core: nx.Graph, nodes: Sequence[Hashable] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The edges of ``core`` as arrays of node positions (in the order of ``nodes``, default ``core``'s) and weights.

    ``nodes`` must hold every node with an edge, in ``core``'s order.
    """
    index = {node: i for i, node in enumerate(core if nodes is None else nodes)}
    edges = list(core.edges(data="weight", default=1.0))
    u = np.fromiter((index[a] for a, _, _ in edges), np.int64, len(edges))
    v = np.fromiter((index[b] for _, b, _ in edges), np.int64, len(edges))
    w = np.fromiter((float(d) for _, _, d in edges), np.float64, len(edges))
    return u, v, w


def _propagate(n: int, u: np.ndarray, v: np.ndarray, w: np.ndarray, seed: int, rounds: int) -> np.ndarray:
    rows, cols, weights = np.concatenate([u, v]), np.concatenate([v, u]), np.concatenate([w, w])
    labels = np.arange(n)
    rng = np.random.default_rng(seed)
    for _ in range(rounds):
        votes = sp.csr_matrix((weights, (rows, labels[cols])), shape=(n, n))  # summed, columns sorted per row
        most = votes.max(axis=1).toarray().ravel()
        row_of = np.repeat(np.arange(n), np.diff(votes.indptr))
        top = votes.data >= most[row_of] - 1e-12
        first_rows, first = np.unique(row_of[top], return_index=True)  # the smallest label of the heaviest
        best = labels.copy()
        best[first_rows] = votes.indices[top][first]
        mine = np.bincount(rows, weights=weights * (labels[cols] == labels[rows]), minlength=n)
        better = most > mine + 1e-12
        if not better.any():
            break
        move = better & (rng.random(n) < 0.5)
        labels[move] = best[move]
    return labels


def propagate_labels(core: nx.Graph, *, seed: int = LAYOUT_SEED, rounds: int = PROPAGATION_ROUNDS) -> list[int]:
    """Label propagation on ``core`` (weighted), vectorised: each node's community number, in node order.

    Every node starts in its own community; each round, a random half of the
    nodes (seeded) move to the community their links weigh most in, if it
    weighs more than their own (ties: the smaller community number), until
    no node would move or after ``rounds`` rounds.  Updating half the nodes
    at a time keeps two neighbours from swapping labels forever, as fully
    synchronous updates do.  Each round is a few sparse-matrix operations:
    about 0.1 s on 90,000 nodes and 380,000 links.

    >>> propagate_labels(nx.Graph([(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]))
    [0, 0, 0, 3, 3, 3]
    """
    return _propagate(core.number_of_nodes(), *_edge_arrays(core), seed, rounds).tolist()


def paper_clusters(links: PaperLinks, *, louvain_limit: int | None = None) -> list[list[Hashable]]:
    """Communities of the linked papers of ``links``, biggest first, each sorted by id.

    Louvain up to ``louvain_limit`` (default :data:`LOUVAIN_LIMIT`) linked
    papers; above, label propagation (:func:`propagate_labels`), then
    Louvain on the graph of those communities (their links summed, inner
    links as self-loops), so that large corpora still get a few dozen
    clusters.

    >>> g = nx.MultiDiGraph()
    >>> for a, b in [("a", "b"), ("b", "c"), ("a", "c"), ("x", "y"), ("y", "z"), ("x", "z"), ("c", "x")]:
    ...     _ = g.add_edge(a, b, key="similarTo", score=0.5)
    >>> links = paper_links(g, list(g))
    >>> paper_clusters(links) == paper_clusters(links, louvain_limit=0) == [["a", "b", "c"], ["x", "y", "z"]]
    True
    """
    linked = links.linked()
    if len(linked) <= (LOUVAIN_LIMIT if louvain_limit is None else louvain_limit):
        core = nx.Graph()  # Louvain reads every adjacency many times
        core.add_nodes_from(linked)
        core.add_weighted_edges_from((a, b, weight) for a, b, weight, _ in links.pairs())
        parts = nx.community.louvain_communities(core, weight="weight", seed=LAYOUT_SEED)
    else:  # the arrays straight from ``links``: a graph of a whole corpus's links would take 0.25 GB
        position = np.cumsum(links.degrees() > 0) - 1  # each paper's place among the linked ones
        u, v, w = position[links.first], position[links.second], links.weights
        _, which = np.unique(_propagate(len(linked), u, v, w, LAYOUT_SEED, PROPAGATION_ROUNDS), return_inverse=True)
        count = int(which.max()) + 1
        a, b = np.minimum(which[u], which[v]), np.maximum(which[u], which[v])
        summed = sp.coo_matrix((w, (a, b)), shape=(count, count)).tocsr().tocoo()  # a == b: inner weight
        merged = nx.Graph()
        merged.add_nodes_from(range(count))
        merged.add_weighted_edges_from(zip(summed.row.tolist(), summed.col.tolist(), summed.data.tolist()))
        groups = nx.community.louvain_communities(merged, weight="weight", seed=LAYOUT_SEED)
        first: list[list[Hashable]] = [[] for _ in range(count)]
        for node, number in zip(linked, which.tolist()):
            first[number].append(node)
        parts = [[node for i in group for node in first[i]] for group in groups]
    return sorted((sorted(part, key=str) for part in parts), key=lambda part: (-len(part), str(part[0])))


def _entities(graph: nx.MultiDiGraph, paper: Hashable) -> set[Hashable]:
    """The entities ``paper`` proposes or uses (read from the adjacency dicts: no edge view per paper)."""
    nodes = graph._node
    return {v for v, keyed in graph._succ[paper].items() for key, data in keyed.items()
            if (data.get("relation") or key) in PAPER_ENTITY_RELATIONS and kind_of(nodes[v]) in ENTITY_KINDS}


def cluster_labels(graph: nx.MultiDiGraph, links: PaperLinks, parts: Sequence[Sequence[Hashable]]) -> list[str]:
    """Each cluster's label: the terms its links share and the entities its papers name, most distinctive first.

    A term scores its count among the ``terms`` of the cluster's inner links
    times the log of how rare it is among all links; an entity, the
    cluster's papers naming it times the log of how rare it is among all
    papers.  Parts that contain, or are contained in, a chosen one are
    skipped; at most :data:`LABEL_PARTS`, joined by ``" · "``.  What links
    show where their papers share no such word ("translation (frequent
    word)", "no shared word") names no topic and is left out; a title label
    is shown without its mark (:func:`ontology.shared_terms.topic_words`).
    """
    which = {node: i for i, part in enumerate(parts) for node in part}
    terms: list[Counter[str]] = [Counter() for _ in parts]
    all_terms: Counter[str] = Counter(chain.from_iterable(links.terms))  # counted in C, not a call per link
    link_count = len(links.terms)
    first, second = links.groups(parts)
    inner = np.flatnonzero((first >= 0) & (first == second))  # the links within a part, in the links' order
    for k, part in zip(inner.tolist(), first[inner].tolist()):
        terms[part].update(links.terms[k])
    named: list[Counter[Hashable]] = [Counter() for _ in parts]
    all_named: Counter[Hashable] = Counter()
    for paper in links.papers:
        found = _entities(graph, paper)
        all_named.update(found)
        if paper in which:
            named[which[paper]].update(found)
    papers = max(len(links), 1)
    labels = []
    for i, part in enumerate(parts):
        scored = [(count * math.log(link_count / all_terms[t]), topic.casefold(), topic)
                  for t, count in terms[i].items() if count >= 2 and (topic := topic_words(t)) is not None]
        for entity, count in named[i].items():
            if count >= 2:
                name = display_text(graph.nodes[entity].get("label")) or str(entity)
                scored.append((count * math.log(papers / all_named[entity]), name.casefold(), name))
        chosen: list[str] = []
        for _, folded, text in sorted(scored, key=lambda s: (-s[0], s[1])):
            if any(folded in c.casefold() or c.casefold() in folded for c in chosen):
                continue
            chosen.append(clip(text, 22))
            if len(chosen) == LABEL_PARTS:
                break
        labels.append(" · ".join(chosen) or f"{len(part)} papers")
    return labels
