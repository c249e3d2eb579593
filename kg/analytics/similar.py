"""The papers a paper is linked to by ``similarTo`` (stated by a source or computed by :mod:`kg.similarity`)."""
from __future__ import annotations

import networkx as nx
import pandas as pd

from kg.analytics.errors import AnalyticsError
from ontology.kinds import EdgeRelation, NodeKind

__all__ = ["similar_papers"]

_PAPER = NodeKind.PAPER.value
_SIMILAR_TO = EdgeRelation.SIMILAR_TO.value


def similar_papers(graph: nx.MultiDiGraph, paper: str, *, top: int = 10) -> pd.DataFrame:
    """The papers linked to ``paper`` by ``similarTo`` (either direction), best score first.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    paper : str
        A paper's node id or exact title (case-insensitive).
    top : int
        Rows kept.

    Returns
    -------
    pandas.DataFrame
        Columns ``paper, label, basis, score``.  Source links (basis
        ``"source"``) score 1.0; computed ones carry their cosine score (see
        :mod:`kg.similarity`).

    Raises
    ------
    AnalyticsError
        When no paper has that id or title.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> similar_papers(toy_graph(), "paper/p1")[["paper", "basis", "score"]].to_dict("records")
    [{'paper': 'paper/p2', 'basis': 'source', 'score': 1.0}]
    >>> similar_papers(toy_graph(), "QUESTION ANSWERING AT SCALE")["paper"].tolist()
    ['paper/p1']
    """
    node = _find_paper(graph, paper)
    links: dict[str, dict] = {}
    for u, v, relation, data in [*graph.out_edges(node, keys=True, data=True),
                                 *graph.in_edges(node, keys=True, data=True)]:
        other = v if u == node else u
        if relation == _SIMILAR_TO and other != node:
            score = float(data.get("score") if data.get("score") is not None else 1.0)
            if other not in links or links[other]["score"] < score:
                links[other] = {"paper": other, "label": graph.nodes[other].get("label"),
                                "basis": data.get("basis") or "source", "score": score}
    rows = sorted(links.values(), key=lambda row: (-row["score"], str(row["label"]), row["paper"]))
    return pd.DataFrame(rows[:top], columns=["paper", "label", "basis", "score"])


def _find_paper(graph: nx.MultiDiGraph, paper: str) -> str:
    """The node id of the paper with id ``paper``, else the first (by id) whose title is ``paper``."""
    if graph.nodes.get(paper, {}).get("kind") == _PAPER:
        return paper
    wanted = paper.casefold().strip()
    matches = sorted(node for node, data in graph.nodes(data=True)
                     if data.get("kind") == _PAPER and (data.get("title") or "").casefold().strip() == wanted)
    if not matches:
        raise AnalyticsError(f"no paper with id or title {paper!r}; ids look like 'paper/…' "
                             "(see to_pandas(graph).papers)")
    return matches[0]
