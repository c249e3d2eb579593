"""The answers of :mod:`kg.analytics` computed from a build's :class:`~kg.analytics.table_columns.GraphColumns`.

Each function gives what its namesake gives on the networkx graph of the
same build (tests/test_stats_tables.py checks the report byte for byte), in
memory proportional to the edges it looks at, never a networkx graph of the
whole corpus:

* the rankings and tables by entity (:func:`top_entities`,
  :func:`benchmarks_by_task`, :func:`entity_trends`) run the same pandas code
  (:func:`kg.analytics.usage.rank_named`, ...) on pairs of integer codes;
* :func:`pagerank` builds the same sparse matrix as ``networkx.pagerank``
  on :func:`~kg.analytics.projection.paper_entity_graph` (nodes in the same
  order, the same weights) and runs the same power iteration on it, so the
  scores are the same numbers, not merely close ones;
* :func:`communities` gives igraph the same nodes, edges and weights as
  :func:`kg.analytics.communities` does for Leiden; Louvain and label
  propagation get the same networkx graph, made of only the ``uses`` and
  ``proposes`` edges they need (Louvain only runs up to
  :data:`~kg.analytics.community.LOUVAIN_MAX_NODES` nodes; label propagation,
  without igraph, holds the paper–entity graph in networkx);
* :func:`bridging_papers` counts each paper's neighbours' communities in the
  order networkx lists them and sums in that order.

Node codes sort as ids do, so sorting by code breaks ties as sorting by id does.
"""
from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence

import networkx as nx
import numpy as np
import pandas as pd
import pyarrow as pa
import scipy as sp

from kg.analytics.community import communities as graph_communities
from kg.analytics.community import leiden_membership
from kg.analytics.projection import TOPICAL_KINDS
from kg.analytics.table_columns import GraphColumns
from kg.analytics.tasks import task_table
from kg.analytics.usage import rank_named, trend_table
from ontology.kinds import PAPER_ENTITY_RELATIONS, NodeKind, Relation
from ontology.util.memory import return_free_memory

__all__ = ["benchmarks_by_task", "bridging_papers", "communities", "entity_pairs", "entity_trends", "pagerank",
           "projected_node_count", "top_entities"]

_PAPER = NodeKind.PAPER.value


def entity_pairs(columns: GraphColumns, *, kind: str | None, relations: Sequence[str]) -> pd.DataFrame:
    """:func:`kg.analytics.paper_entity_pairs` with codes for ids: ``paper, entity`` (int64), ``label``."""
    keep = _fact_mask(columns, relations)
    if kind is not None:
        keep &= columns.kind_mask({kind})[columns.fact_target]
    size = np.int64(len(columns.ids))
    pairs = np.unique(columns.fact_source[keep].astype(np.int64) * size + columns.fact_target[keep])
    papers, entities = pairs // size, pairs % size
    named, inverse = np.unique(entities, return_inverse=True)
    labels = np.empty(len(named), dtype=object)
    labels[:] = columns.labels.take(pa.array(named)).to_pylist()
    return pd.DataFrame({"paper": papers, "entity": entities, "label": labels[inverse]})


def _fact_mask(columns: GraphColumns, relations: Sequence[str]) -> np.ndarray:
    wanted = set(relations)
    unknown = wanted - set(PAPER_ENTITY_RELATIONS)
    if unknown:
        raise ValueError(f"unknown relation {min(unknown)!r}")
    proposes = columns.fact_proposes
    if wanted == set(PAPER_ENTITY_RELATIONS):
        return np.ones(len(proposes), dtype=bool)
    return proposes.copy() if wanted == {Relation.PROPOSES.value} else (~proposes if wanted else proposes & False)


def _with_ids(columns: GraphColumns, frame: pd.DataFrame, *names: str) -> pd.DataFrame:
    """``frame`` with the codes in its columns ``names`` replaced by node ids."""
    return frame.assign(**{name: columns.ids.take(pa.array(frame[name].to_numpy(np.int64))).to_pylist()
                           for name in names})


def top_entities(columns: GraphColumns, *, kind: str | None, top: int, relations: Sequence[str]) -> pd.DataFrame:
    """:func:`kg.analytics.top_entities` (overall, not by group)."""
    return _with_ids(columns, rank_named(entity_pairs(columns, kind=kind, relations=relations), top=top), "entity")


def benchmarks_by_task(columns: GraphColumns, *, kind: str = "dataset", top: int = 5, tasks: int | None = 10,
                       relations: Sequence[str] = PAPER_ENTITY_RELATIONS) -> pd.DataFrame:
    """:func:`kg.analytics.benchmarks_by_task`."""
    on_task = entity_pairs(columns, kind="task", relations=relations)
    named = entity_pairs(columns, kind=kind, relations=relations)
    return _with_ids(columns, task_table(on_task, named, top=top, tasks=tasks), "task", "entity")


def entity_trends(columns: GraphColumns, *, kind: str | None = "dataset", top: int = 5,
                  relations: Sequence[str] = ("uses",)) -> pd.DataFrame:
    """:func:`kg.analytics.entity_trends` (paper counts)."""
    facts = entity_pairs(columns, kind=kind, relations=relations)
    leaders = rank_named(facts, top=top)
    facts = facts[facts["entity"].isin(leaders["entity"])]
    dated = columns.has_year[facts["paper"].to_numpy()]
    facts = facts[dated].assign(year=columns.years[facts["paper"].to_numpy()[dated]])
    papers = columns.kind_mask({_PAPER}) & columns.has_year
    found, counts = np.unique(columns.years[papers], return_counts=True)
    years = Counter(dict(zip(found.tolist(), counts.tolist(), strict=True)))
    return trend_table(leaders, facts, years, kind=kind)


def _projected_facts(columns: GraphColumns) -> tuple[np.ndarray, np.ndarray]:
    """The ``uses``/``proposes`` edges of :func:`kg.analytics.paper_entity_graph`: to entities of a topical kind."""
    keep = columns.kind_mask(set(TOPICAL_KINDS))[columns.fact_target]
    return columns.fact_source[keep], columns.fact_target[keep]


def _undirected(sources: np.ndarray, targets: np.ndarray, weights: np.ndarray,
                size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each pair of nodes joined once (smaller code first, sorted), weighted by the largest of its edges."""
    low, high = np.minimum(sources, targets).astype(np.int64), np.maximum(sources, targets).astype(np.int64)
    keys = low * size + high
    order = np.lexsort((weights, keys))
    keys, weights = keys[order], weights[order]
    last = np.ones(len(keys), dtype=bool)
    last[:-1] = keys[1:] != keys[:-1]  # the last of each run holds the largest weight
    keys = keys[last]
    return keys // size, keys % size, weights[last]


def projected_node_count(columns: GraphColumns) -> int:
    """Nodes of :func:`kg.analytics.paper_entity_graph` (papers and entities with such an edge)."""
    sources, targets = _projected_facts(columns)
    return len(np.union1d(sources, targets))


def communities(columns: GraphColumns, method: str, *, resolution: float = 1.0, seed: int = 0) -> list[np.ndarray]:
    """:func:`kg.analytics.communities` with ``method`` (not ``"auto"``): node codes, largest community first."""
    sources, targets = _projected_facts(columns)
    if method == "leiden":
        low, high, weights = _undirected(sources, targets, np.ones(len(sources)), len(columns.ids))
        nodes = np.union1d(low, high)
        edges = np.column_stack([np.searchsorted(nodes, low), np.searchsorted(nodes, high)])
        del low, high
        membership = np.array(leiden_membership(len(nodes), edges, weights, resolution=resolution, seed=seed))
        del edges, weights
        return_free_memory()  # what igraph and leidenalg freed, before the PageRank's matrices
        order = np.argsort(membership, kind="stable")
        found = np.split(nodes[order], np.flatnonzero(np.diff(membership[order])) + 1) if len(nodes) else []
    else:
        graph = nx.MultiDiGraph()
        ends = np.union1d(sources, targets)
        ids = columns.ids.take(pa.array(ends)).to_pylist()
        labels = columns.labels.take(pa.array(ends)).to_pylist()
        graph.add_nodes_from((node, {"kind": columns.kind_of(code), "label": label})
                             for node, code, label in zip(ids, ends.tolist(), labels, strict=True))
        proposes = columns.fact_proposes[columns.kind_mask(set(TOPICAL_KINDS))[columns.fact_target]]
        name = {code: node for code, node in zip(ends.tolist(), ids, strict=True)}
        graph.add_edges_from((name[u], name[v], Relation.PROPOSES.value if p else Relation.USES.value)
                             for u, v, p in zip(sources.tolist(), targets.tolist(), proposes.tolist(), strict=True))
        code = {node: code for code, node in name.items()}
        found = [np.array(sorted(code[node] for node in members), dtype=np.int64)
                 for members in graph_communities(graph, method=method, resolution=resolution, seed=seed)]
    return sorted(found, key=lambda members: (-len(members), int(members.min())))


def pagerank(columns: GraphColumns) -> tuple[np.ndarray, np.ndarray]:
    """``networkx.pagerank`` of ``paper_entity_graph(graph, similar=True)``: the node codes, in that graph's
    order, and their scores.

    The graph's nodes come in the order ``paper_entity_graph`` adds them (as
    they first appear in its sorted edges), its edges with the same weights,
    and the iteration is networkx's own (``_pagerank_scipy``: alpha 0.85,
    tolerance 1e-6 per node, at most 100 iterations), so the scores are equal.
    """
    fact_sources, fact_targets = _projected_facts(columns)
    sources = np.concatenate([fact_sources, columns.similar_source])
    targets = np.concatenate([fact_targets, columns.similar_target])
    weights = np.concatenate([np.ones(len(fact_sources)), columns.similar_weight])
    if not len(sources):
        return np.zeros(0, dtype=np.int64), np.zeros(0)
    order = np.lexsort((targets, sources))
    appearance = np.column_stack([sources[order], targets[order]]).ravel()
    del order
    codes, first = np.unique(appearance, return_index=True)
    nodelist = codes[np.argsort(first)]
    position = np.full(len(columns.ids), -1, dtype=np.int64)
    position[nodelist] = np.arange(len(nodelist))
    low, high, weights = _undirected(sources, targets, weights, len(columns.ids))
    del sources, targets, appearance, codes, first
    rows, cols = position[low].astype(np.int32), position[high].astype(np.int32)
    del low, high, position
    loops = rows == cols
    shape = (len(nodelist), len(nodelist))
    # as networkx.to_scipy_sparse_array: both directions of each edge, a loop's second copy taken off again
    data = np.concatenate([weights, weights, -weights[loops]])
    ends = (np.concatenate([rows, cols, rows[loops]]), np.concatenate([cols, rows, rows[loops]]))
    matrix = sp.sparse.coo_array((data, ends), shape=shape, dtype=float).asformat("csr")
    del data, ends, rows, cols
    return nodelist, _power_iteration(matrix)


def _power_iteration(A: sp.sparse.csr_array, alpha: float = 0.85, max_iter: int = 100,
                     tol: float = 1.0e-6) -> np.ndarray:
    """networkx 3.6's ``_pagerank_scipy`` (uniform personalization and dangling weights), step for step."""
    N = A.shape[0]
    S = A.sum(axis=1)
    S[S != 0] = 1.0 / S[S != 0]
    Q = sp.sparse.dia_array((S.T, 0), shape=A.shape).tocsr()
    A = Q @ A
    x = np.repeat(1.0 / N, N)
    p = np.repeat(1.0 / N, N)
    dangling_weights = p
    is_dangling = np.where(S == 0)[0]
    for _ in range(max_iter):
        xlast = x
        x = alpha * (x @ A + sum(x[is_dangling]) * dangling_weights) + (1 - alpha) * p
        err = np.absolute(x - xlast).sum()
        if err < N * tol:
            return x
    raise nx.PowerIterationFailedConvergence(max_iter)


def bridging_papers(columns: GraphColumns, found: Sequence[np.ndarray], *, top: int) -> pd.DataFrame:
    """:func:`kg.analytics.bridging_papers` with ``found`` (from :func:`communities`)."""
    community = np.full(len(columns.ids), -1, dtype=np.int64)
    for index, members in enumerate(found):
        community[members] = index
    sources, targets = _projected_facts(columns)
    keep = columns.kind_mask({_PAPER})[sources]
    size = np.int64(len(columns.ids))
    pairs = np.unique(sources[keep].astype(np.int64) * size + targets[keep])  # a paper's neighbours in id order
    papers, neighbours = pairs // size, community[pairs % size]
    each = np.int64(len(found) + 1)
    in_communities, spread = np.unique(np.unique(papers * each + neighbours + 1) // each, return_counts=True)
    starts = np.searchsorted(papers, in_communities[spread > 1])  # papers with neighbours in 2 or more
    rows = []
    for start in starts.tolist():
        paper = int(papers[start])
        end = int(np.searchsorted(papers, paper, side="right"))
        counts = Counter(neighbours[start:end].tolist())
        degree = end - start
        participation = 1 - sum((count / degree) ** 2 for count in counts.values())
        rows.append((paper, degree, len(counts), round(participation, 4)))
    chosen = _best(columns, rows, lambda row: (-row[3], -row[1]), top)
    return pd.DataFrame([(columns.ids[paper].as_py(), columns.label_of(paper), degree, spread_, participation)
                         for paper, degree, spread_, participation in chosen],
                        columns=["paper", "label", "neighbours", "communities", "participation"])


def central(columns: GraphColumns, ranked: tuple[np.ndarray, np.ndarray], kinds: set[str] | frozenset[str], *,
            top: int) -> pd.DataFrame:
    """The ``top`` nodes of ``kinds`` by their :func:`pagerank` ``ranked``, as :func:`kg.analytics.centrality`
    lists them (``node, kind, label, score``)."""
    nodes, scores = ranked
    keep = columns.kind_mask(kinds)[nodes]
    rows = list(zip(nodes[keep].tolist(), scores[keep].tolist(), strict=True))
    chosen = _best(columns, rows, lambda row: (-row[1],), top)
    return pd.DataFrame([(columns.ids[node].as_py(), columns.kind_of(node), columns.label_of(node), float(score))
                         for node, score in chosen], columns=["node", "kind", "label", "score"])


def _best(columns: GraphColumns, rows: list[tuple], numbers, top: int) -> list[tuple]:
    """The first ``top`` of ``rows`` (node code first) sorted by ``numbers(row)``, then ``str(label)``, then id.

    Only the rows whose numbers tie with or beat the ``top``-th row's are given labels and sorted.
    """
    if len(rows) > top:
        bound = heapq.nsmallest(top, map(numbers, rows))[-1]
        rows = [row for row in rows if numbers(row) <= bound]
    labelled = [(numbers(row), str(columns.label_of(row[0])), row[0], row) for row in rows]
    labelled.sort(key=lambda item: item[:3])
    return [item[3] for item in labelled[:top]]
