"""Rankings on the paper–entity graph: the most central nodes, and the papers that bridge communities."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

import networkx as nx
import pandas as pd

from kg.analytics.community import communities
from kg.analytics.errors import AnalyticsError
from kg.analytics.projection import paper_entity_graph
from ontology.kinds import ENTITY_KINDS, NodeKind

__all__ = ["bridging_papers", "centrality"]

#: Most sampled sources for betweenness centrality.
_BETWEENNESS_SOURCES = 500


def centrality(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = None,
    measure: Literal["pagerank", "degree", "betweenness"] = "pagerank",
    top: int = 10,
    similar: bool = True,
) -> pd.DataFrame:
    """The most central papers or entities of the paper–entity graph.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"paper", "dataset", "method", "model", "task", "entity"} or None
        Rank only nodes of this kind (``"entity"``: any entity kind); ``None``
        ranks every node.  Metrics are not in the paper–entity graph
        (:data:`~kg.analytics.projection.TOPICAL_KINDS`), so they are never ranked.
    measure : {"pagerank", "degree", "betweenness"}
        PageRank (weighted), degree centrality, or betweenness estimated from
        at most 500 sampled sources (seeded, so repeatable).
    top : int
        Rows kept.
    similar : bool
        Include the papers' ``similarTo`` links (weighted by score).

    Returns
    -------
    pandas.DataFrame
        Columns ``node, kind, label, score``, most central first.

    Raises
    ------
    AnalyticsError
        For an unknown measure.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> ranked = centrality(toy_graph(), kind="entity", measure="degree", top=2)
    >>> ranked.round(4)[["label", "score"]].to_dict("records")
    [{'label': 'BERT', 'score': 0.3636}, {'label': 'SQuAD', 'score': 0.2727}]
    """
    projected = paper_entity_graph(graph, similar=similar)
    if measure == "pagerank":
        scores = nx.pagerank(projected, weight="weight") if projected else {}
    elif measure == "degree":
        scores = nx.degree_centrality(projected)
    elif measure == "betweenness":
        sample = min(_BETWEENNESS_SOURCES, projected.number_of_nodes())
        scores = nx.betweenness_centrality(projected, k=sample, seed=0) if projected else {}
    else:
        raise AnalyticsError(f"unknown centrality measure {measure!r}; use pagerank, degree or betweenness")
    wanted = set(ENTITY_KINDS) if kind == "entity" else {kind}
    rows = [(node, projected.nodes[node]["kind"], projected.nodes[node]["label"], float(score))
            for node, score in scores.items() if kind is None or projected.nodes[node]["kind"] in wanted]
    rows.sort(key=lambda row: (-row[3], str(row[2]), row[0]))
    return pd.DataFrame(rows[:top], columns=["node", "kind", "label", "score"])


def bridging_papers(
    graph: nx.MultiDiGraph,
    *,
    found: Sequence[set[str]] | None = None,
    top: int = 10,
    similar: bool = False,
) -> pd.DataFrame:
    """Papers whose entities lie in several communities: the papers that bridge them.

    A paper's bridging score is its participation coefficient (Guimerà &
    Amaral, *Nature* 433, 2005): ``1 - Σ_c (k_c / k)²`` over the communities
    ``c`` of its ``k`` neighbours in the paper–entity graph.  It is 0 when all
    its entities lie in one community and approaches 1 when they spread
    evenly over many.  Only papers with a score above 0 (neighbours in at
    least two communities) are listed.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    found : sequence of set of str, optional
        Communities from :func:`~kg.analytics.community.communities`; computed (with defaults) when omitted.
    top : int
        Rows kept.
    similar : bool
        Also count ``similarTo`` neighbours (use the same value as for ``found``).

    Returns
    -------
    pandas.DataFrame
        Columns ``paper, label, neighbours, communities, participation``, most bridging first.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> bridging_papers(toy_graph(), top=1)[["label", "communities", "participation"]].to_dict("records")
    [{'label': 'Low-resource translation with reading comprehension', 'communities': 2, 'participation': 0.4444}]
    """
    projected = paper_entity_graph(graph, similar=similar)
    if found is None:
        found = communities(graph, similar=similar)
    community_of = {node: index for index, members in enumerate(found) for node in members}
    rows = []
    for node, data in projected.nodes(data=True):
        if data["kind"] != NodeKind.PAPER.value or projected.degree(node) < 2:
            continue
        counts = Counter(community_of.get(neighbour, -1) for neighbour in projected[node])
        degree = sum(counts.values())
        participation = 1 - sum((count / degree) ** 2 for count in counts.values())
        if len(counts) > 1:
            rows.append((node, data["label"], degree, len(counts), round(participation, 4)))
    rows.sort(key=lambda row: (-row[4], -row[2], str(row[1]), row[0]))
    return pd.DataFrame(rows[:top], columns=["paper", "label", "neighbours", "communities", "participation"])
