"""The papers a paper is linked to by ``similarTo`` (stated by a source or computed by :mod:`kg.similarity`)."""
from __future__ import annotations

import networkx as nx
import pandas as pd

from kg.analytics.errors import AnalyticsError
from ontology.kinds import EdgeRelation, NodeKind

__all__ = ["find_paper", "similar_papers"]

_PAPER = NodeKind.PAPER.value
_SIMILAR_TO = EdgeRelation.SIMILAR_TO.value
_COLUMNS = ["paper", "label", "basis", "score", "strength", "weak", "shared_entities", "shared_terms"]
_CANDIDATES_SHOWN = 10


def similar_papers(graph: nx.MultiDiGraph, paper: str, *, top: int = 10, weak: bool = True) -> pd.DataFrame:
    """The papers linked to ``paper`` by ``similarTo`` (either direction), best score first.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    paper : str
        A paper's node id, its title, or a part of its title (case-insensitive);
        see :func:`find_paper`.
    top : int
        Rows kept.
    weak : bool
        Keep links marked weak (strength below 0.25 of a reference build's links, title labels all the two
        papers share, or no shared entity nor term: only frequent words or words spelled alike).

    Returns
    -------
    pandas.DataFrame
        Columns ``paper, label, basis, score, strength, weak,
        shared_entities, shared_terms``.  Source links (basis ``"source"``)
        score 1.0 and have no strength; computed ones carry their cosine
        score and strength, a percentile among a reference build's links (see :mod:`kg.similarity`).  Shared
        entities are given by label.

    Raises
    ------
    AnalyticsError
        When no paper matches, or several do (the message lists them).

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> similar_papers(toy_graph(), "paper/p1")[["paper", "basis", "score"]].to_dict("records")
    [{'paper': 'paper/p2', 'basis': 'source', 'score': 1.0}]
    >>> similar_papers(toy_graph(), "QUESTION ANSWERING AT SCALE")["paper"].tolist()
    ['paper/p1']
    """
    if top < 1:
        raise AnalyticsError(f"top must be at least 1, not {top}")
    node = find_paper(graph, paper)
    links: dict[str, dict] = {}
    for u, v, relation, data in [*graph.out_edges(node, keys=True, data=True),
                                 *graph.in_edges(node, keys=True, data=True)]:
        other = v if u == node else u
        if relation != _SIMILAR_TO or other == node or (not weak and data.get("weak")):
            continue
        score = float(data.get("score") if data.get("score") is not None else 1.0)
        if other not in links or links[other]["score"] < score:
            links[other] = {
                "paper": other, "label": graph.nodes[other].get("label"), "basis": data.get("basis") or "source",
                "score": score, "strength": data.get("strength"), "weak": bool(data.get("weak", False)),
                "shared_entities": [str(graph.nodes[e].get("label") or e) if e in graph else e
                                    for e in data.get("shared_entities") or ()],
                "shared_terms": list(data.get("shared_terms") or ()),
            }
    rows = sorted(links.values(), key=lambda row: (-row["score"], str(row["label"]), row["paper"]))
    return pd.DataFrame(rows[:top], columns=_COLUMNS)


def find_paper(graph: nx.MultiDiGraph, paper: str) -> str:
    """The node id of the paper named by ``paper``: an id, a whole title, or a part of one title.

    A whole title (ignoring case) wins over parts of longer titles; when
    several papers match equally the error lists them, so the caller can
    pick one by id.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> find_paper(toy_graph(), "paper/p3"), find_paper(toy_graph(), "answering at")
    ('paper/p3', 'paper/p2')
    >>> find_paper(toy_graph(), "translation")
    Traceback (most recent call last):
    ...
    kg.analytics.errors.AnalyticsError: 2 papers match 'translation'; give one id or a longer part of the title:
      paper/p5  Translation with Transformers
      paper/p6  Low-resource translation with reading comprehension
    """
    if graph.nodes.get(paper, {}).get("kind") == _PAPER:
        return paper
    wanted = " ".join(paper.casefold().split())
    if not wanted:
        raise AnalyticsError("give a paper id or (part of) a title, not an empty string")
    titles = {node: " ".join(str(data.get("title") or data.get("label") or "").casefold().split())
              for node, data in graph.nodes(data=True) if data.get("kind") == _PAPER}
    whole = sorted(node for node, title in titles.items() if title == wanted)
    matches = whole or sorted(node for node, title in titles.items() if wanted in title)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise AnalyticsError(f"no paper with id or title {paper!r}; ids look like 'paper/…' "
                             "(see to_pandas(graph).papers)")
    shown = "\n".join(f"  {node}  {graph.nodes[node].get('title') or graph.nodes[node].get('label')}"
                      for node in matches[:_CANDIDATES_SHOWN])
    more = f"\n  … and {len(matches) - _CANDIDATES_SHOWN} more" if len(matches) > _CANDIDATES_SHOWN else ""
    raise AnalyticsError(f"{len(matches)} papers match {paper!r}; give one id or a longer part of the title:\n"
                         f"{shown}{more}")
