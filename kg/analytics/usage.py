"""How many papers name each entity: overall, per venue, series or year, and year by year."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

import networkx as nx
import pandas as pd

from kg.analytics.errors import AnalyticsError
from kg.analytics.frames import paper_entity_pairs
from ontology.kinds import EdgeRelation, NodeKind

__all__ = ["GroupBy", "entity_trends", "rank_named", "top_entities", "trend_table"]

GroupBy = Literal["venue", "series", "year"]
_GROUPS = ("venue", "series", "year")
_PRESENTED_AT = EdgeRelation.PRESENTED_AT.value


def _group_of(graph: nx.MultiDiGraph, paper: str, by: GroupBy):
    """The paper's year, venue name, or the series of the first venue (by id) it was presented at that has one."""
    data = graph.nodes[paper]
    if by == "year":
        return data.get("year")
    if by == "venue":
        return data.get("venue")
    venues = [v for _, v, relation in graph.out_edges(paper, keys=True) if relation == _PRESENTED_AT]
    return next((graph.nodes[v].get("series") for v in sorted(venues) if graph.nodes[v].get("series")), None)


def top_entities(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    by: GroupBy | None = None,
    top: int = 10,
    relations: Sequence[str] = ("uses",),
) -> pd.DataFrame:
    """The most used benchmarks (``kind="dataset"``), methods, models, tasks or metrics: how many papers name each.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"dataset", "method", "model", "task", "metric"} or None
        Entity kind to count; ``None`` counts every kind.  For tasks, count
        ``relations=("uses", "proposes")``: a paper that introduces a task
        addresses it too.
    by : {"venue", "series", "year"} or None
        Rank within each venue (``"ACL 2020"``), venue series (``"ACL"``) or
        year instead of overall; papers without that value are left out.
    top : int
        Rows kept (per group when ``by`` is given).
    relations : sequence of {"uses", "proposes"}
        Which edges count as naming an entity.

    Returns
    -------
    pandas.DataFrame
        Columns ``[by,] entity, label, papers``, most papers first.

    Raises
    ------
    AnalyticsError
        For an unknown kind, relation or grouping, or ``top`` below 1.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> g = toy_graph()
    >>> top_entities(g, kind="dataset", by="year", top=1)[["year", "label", "papers"]].to_dict("records")
    [{'year': 2019, 'label': 'SQuAD', 'papers': 3}, {'year': 2020, 'label': 'GLUE', 'papers': 2}]
    >>> top_entities(g, kind="method", relations=("uses", "proposes"), top=1)["label"].tolist()
    ['BERT']
    >>> tasks = top_entities(toy_graph(tasks=True), kind="task", relations=("uses", "proposes"), top=2)
    >>> tasks[["label", "papers"]].values.tolist()
    [['question answering', 3], ['machine translation', 2]]
    """
    if top < 1:
        raise AnalyticsError(f"top must be at least 1, not {top}")
    facts = paper_entity_pairs(graph, kind=kind, relations=relations)
    if by is not None:
        if by not in _GROUPS:
            raise AnalyticsError(f"cannot group by {by!r}; use venue, series or year")
        facts[by] = [_group_of(graph, paper, by) for paper in facts["paper"]]
        facts = facts.dropna(subset=[by])
    return rank_named(facts, by=by, top=top)


def rank_named(facts: pd.DataFrame, *, by: str | None = None, top: int = 10) -> pd.DataFrame:
    """The ranking of :func:`top_entities` from its pairs (``paper, entity, label`` and the ``by`` column, if any).

    Ids may be strings or integer codes in the order of the strings (:mod:`kg.analytics.table_answers`):
    the ranking is the same.
    """
    keys = ["entity", "label"] if by is None else [by, "entity", "label"]
    counts = facts.groupby(keys, dropna=False)["paper"].nunique().rename("papers").reset_index()
    order = ([by] if by else []) + ["papers", "label", "entity"]
    counts = counts.sort_values(order, ascending=[True] * bool(by) + [False, True, True])
    counts = counts.groupby(by).head(top) if by else counts.head(top)
    if by == "year":
        counts[by] = counts[by].astype(int)
    return counts.reset_index(drop=True)


def entity_trends(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    top: int = 5,
    share: bool = False,
    relations: Sequence[str] = ("uses",),
) -> pd.DataFrame:
    """Papers per year naming each of the ``top`` most named entities of ``kind``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"dataset", "method", "model", "task", "metric"} or None
        Entity kind to follow; ``None`` follows every kind.
    top : int
        How many entities (the most named overall, see :func:`top_entities`).
    share : bool
        Give fractions of each year's papers instead of paper counts.
    relations : sequence of {"uses", "proposes"}
        Which edges count as naming an entity.

    Returns
    -------
    pandas.DataFrame
        One row per year that has papers (ascending), one column per entity
        label (most named overall first); values are paper counts, or with
        ``share=True`` the fraction of that year's papers.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> entity_trends(toy_graph(), kind="dataset", top=2).to_dict("index")
    {2019: {'SQuAD': 3, 'GLUE': 0}, 2020: {'SQuAD': 0, 'GLUE': 2}}
    >>> entity_trends(toy_graph(), kind="dataset", top=1, share=True).loc[2019, "SQuAD"]
    np.float64(1.0)
    """
    leaders = top_entities(graph, kind=kind, top=top, relations=relations)
    facts = paper_entity_pairs(graph, kind=kind, relations=relations)
    facts = facts[facts["entity"].isin(leaders["entity"])]
    facts = facts.assign(year=[graph.nodes[paper].get("year") for paper in facts["paper"]]).dropna(subset=["year"])
    years = Counter(year for _, data in graph.nodes(data=True)
                    if data.get("kind") == NodeKind.PAPER.value and (year := data.get("year")) is not None)
    return trend_table(leaders, facts, years, kind=kind, share=share)


def trend_table(leaders: pd.DataFrame, facts: pd.DataFrame, years: Counter, *, kind: str | None,
                share: bool = False) -> pd.DataFrame:
    """The table of :func:`entity_trends`: ``facts`` (``paper, entity, label, year``) of the ``leaders``
    (:func:`top_entities`), and how many papers each year has (``years``)."""
    table = pd.DataFrame(0, index=pd.Index(sorted(years), name="year"), columns=list(leaders["label"]))
    for (year, label), papers in facts.groupby(["year", "label"])["paper"].nunique().items():
        table.loc[int(year), label] = papers
    if share:
        table = table.div(pd.Series(years).reindex(table.index), axis=0)
    table.columns.name = kind or "entity"
    return table
