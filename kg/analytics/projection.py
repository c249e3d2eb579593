"""Undirected projections of the graph: papers with the entities they name, and entities used together."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

import networkx as nx

from kg.analytics.errors import AnalyticsError
from kg.analytics.frames import paper_entity_pairs
from ontology.kinds import ENTITY_KINDS, PAPER_ENTITY_RELATIONS, EdgeRelation, EntityKind

__all__ = ["TOPICAL_KINDS", "co_usage_graph", "paper_entity_graph"]

_SIMILAR_TO = EdgeRelation.SIMILAR_TO.value
#: Entity kinds :func:`paper_entity_graph` keeps by default (and so communities, centrality and bridging papers):
#: every kind but metrics.  A few generic metrics (accuracy, F1) are named by a large share of all papers, so
#: they would join unrelated papers into one community and top every centrality ranking.
TOPICAL_KINDS: tuple[str, ...] = tuple(kind for kind in ENTITY_KINDS if kind != EntityKind.METRIC.value)


def paper_entity_graph(
    graph: nx.MultiDiGraph, *, kinds: Iterable[str] = TOPICAL_KINDS, similar: bool = False
) -> nx.Graph:
    """The undirected graph of papers and the entities they propose or use.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kinds : iterable of {"method", "dataset", "model", "task", "metric"}
        Entity kinds kept (default :data:`TOPICAL_KINDS`: all but metrics).
    similar : bool
        Also add the papers' ``similarTo`` links.

    Returns
    -------
    networkx.Graph
        Only papers and entities with at least one such edge; nodes keep
        ``kind`` and ``label``.  Edges have a ``weight``: 1 for proposes/uses,
        the score of a ``similarTo`` link (1 without one); the largest when
        two nodes are joined several times.

    Raises
    ------
    AnalyticsError
        For a kind that is not an entity kind.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> pe = paper_entity_graph(toy_graph())
    >>> pe.number_of_nodes(), pe.number_of_edges()
    (12, 15)
    >>> paper_entity_graph(toy_graph(), similar=True).edges["paper/p1", "paper/p2"]
    {'weight': 1.0}
    >>> pe = paper_entity_graph(toy_graph(tasks=True))
    >>> sorted({kind for _, kind in pe.nodes(data="kind")})
    ['dataset', 'method', 'paper', 'task']
    """
    kinds = set(kinds)
    unknown = kinds - set(ENTITY_KINDS)
    if unknown:
        raise AnalyticsError(f"unknown entity kind {min(unknown)!r}; use {', '.join(ENTITY_KINDS)}")
    projected = nx.Graph()
    edges = []
    for u, v, relation, data in graph.edges(keys=True, data=True):
        if relation in PAPER_ENTITY_RELATIONS and graph.nodes[v].get("kind") in kinds:
            edges.append((u, v, 1.0))
        elif similar and relation == _SIMILAR_TO:
            edges.append((u, v, float(data.get("score") or 1.0)))
    for u, v, weight in sorted(edges):
        for node in (u, v):
            if node not in projected:
                projected.add_node(node, kind=graph.nodes[node].get("kind"), label=graph.nodes[node].get("label"))
        if not projected.has_edge(u, v) or projected.edges[u, v]["weight"] < weight:
            projected.add_edge(u, v, weight=weight)
    return projected


def co_usage_graph(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    min_weight: int = 1,
    relations: Sequence[str] = ("uses",),
) -> nx.Graph:
    """Entities of ``kind`` linked when papers name both; ``weight`` is how many papers do.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"dataset", "method", "model", "task", "metric"} or None
        Entity kind to link; ``None`` links every kind.
    min_weight : int
        Fewest papers naming both entities for an edge.
    relations : sequence of {"uses", "proposes"}
        Which edges count as naming an entity.

    Returns
    -------
    networkx.Graph
        Nodes keep ``kind`` and ``label`` and get ``papers`` (how many papers
        name the entity); only entities with at least one edge of weight
        ``min_weight`` or more are kept.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> co = co_usage_graph(toy_graph(), kind="dataset")
    >>> sorted((co.nodes[u]["label"], co.nodes[v]["label"], w) for u, v, w in co.edges(data="weight"))
    [('GLUE', 'MNLI', 2), ('SQuAD', 'WMT14', 1)]
    >>> list(co_usage_graph(toy_graph(), kind="dataset", min_weight=2).nodes(data="papers"))
    [('dataset/glue', 2), ('dataset/mnli', 2)]
    """
    facts = paper_entity_pairs(graph, kind=kind, relations=relations)
    pairs: Counter[tuple[str, str]] = Counter()
    for _, entities in facts.groupby("paper")["entity"]:
        pairs.update(combinations(sorted(entities), 2))
    papers = Counter(facts["entity"])
    co = nx.Graph()
    for (a, b), weight in sorted(pairs.items()):
        if weight >= min_weight:
            for entity in (a, b):
                co.add_node(entity, kind=graph.nodes[entity]["kind"], label=graph.nodes[entity].get("label"),
                            papers=papers[entity])
            co.add_edge(a, b, weight=weight)
    return co
