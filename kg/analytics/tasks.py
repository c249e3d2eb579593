"""Benchmarks by task: which datasets (or metrics, methods, models) the papers on each task name."""
from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import pandas as pd

from kg.analytics.errors import AnalyticsError
from kg.analytics.frames import paper_entity_pairs
from ontology.kinds import PAPER_ENTITY_RELATIONS, EntityKind

__all__ = ["benchmarks_by_task", "task_table"]

_TASK = EntityKind.TASK.value
_COLUMNS = ["task", "task_label", "task_papers", "entity", "label", "papers", "share"]


def benchmarks_by_task(
    graph: nx.MultiDiGraph,
    *,
    kind: str = "dataset",
    top: int = 5,
    tasks: int | None = 10,
    relations: Sequence[str] = PAPER_ENTITY_RELATIONS,
) -> pd.DataFrame:
    """The datasets (or metrics, methods, models) most named by the papers that address each task.

    A paper addresses a task when it has a ``uses`` or ``proposes`` edge to
    it (it works on the task, or introduces it); a dataset is a benchmark of
    the task when such a paper uses or introduces it.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"dataset", "metric", "method", "model"}
        What to list per task: ``"dataset"`` gives the benchmarks of each
        task, ``"metric"`` what the task is evaluated with.
    top : int
        Rows kept per task.
    tasks : int or None
        Only the tasks most papers address, among those with at least one
        row (``None``: every such task).
    relations : sequence of {"uses", "proposes"}
        Which edges count, both to the task and to the entity.

    Returns
    -------
    pandas.DataFrame
        Columns ``task, task_label, task_papers`` (papers addressing the task),
        ``entity, label, papers`` (of those, how many name the entity) and
        ``share`` (``papers / task_papers``).  Tasks with most papers first
        (ties by label, then id); within a task, most papers first.  A task
        none of whose papers names an entity of ``kind`` has no row.

    Raises
    ------
    AnalyticsError
        For ``kind="task"`` or an unknown kind or relation, or ``top`` or ``tasks`` below 1.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> table = benchmarks_by_task(toy_graph(tasks=True), top=1, tasks=2)
    >>> table[["task_label", "task_papers", "label", "papers"]].to_dict("records")
    [{'task_label': 'question answering', 'task_papers': 3, 'label': 'SQuAD', 'papers': 3}, \
{'task_label': 'machine translation', 'task_papers': 2, 'label': 'WMT14', 'papers': 2}]
    >>> benchmarks_by_task(toy_graph(tasks=True), kind="metric", tasks=1)[["label", "papers"]].values.tolist()
    [['F1', 2], ['BLEU', 1], ['exact match', 1]]
    """
    if kind == _TASK:
        raise AnalyticsError("kind must name what papers on a task use (dataset, metric, method or model), not task")
    if top < 1 or (tasks is not None and tasks < 1):
        raise AnalyticsError(f"top and tasks must be at least 1, not {top} and {tasks}")
    on_task = paper_entity_pairs(graph, kind=_TASK, relations=relations)
    named = paper_entity_pairs(graph, kind=kind, relations=relations)
    return task_table(on_task, named, top=top, tasks=tasks)


def task_table(on_task: pd.DataFrame, named: pd.DataFrame, *, top: int, tasks: int | None) -> pd.DataFrame:
    """The table of :func:`benchmarks_by_task` from the pairs (``paper, entity, label``) of the papers and
    their tasks (``on_task``) and of the papers and what they name (``named``); ids may be strings or
    integer codes in the order of the strings."""
    task_papers = on_task.groupby(["entity", "label"], dropna=False)["paper"].nunique().rename("task_papers")
    leaders = task_papers.reset_index().sort_values(["task_papers", "label", "entity"], ascending=[False, True, True])
    leaders = leaders.rename(columns={"entity": "task", "label": "task_label"})
    joined = on_task.rename(columns={"entity": "task", "label": "task_label"}).merge(named, on="paper")
    counts = joined.groupby(["task", "entity", "label"], dropna=False)["paper"].nunique().rename("papers").reset_index()
    leaders = leaders[leaders["task"].isin(counts["task"])]
    if tasks is not None:
        leaders = leaders.head(tasks)
    table = leaders.merge(counts, on="task")
    table["share"] = (table["papers"] / table["task_papers"]).round(4)
    order = pd.Categorical(table["task"], categories=list(leaders["task"]), ordered=True)
    table = table.assign(_order=order).sort_values(["_order", "papers", "label", "entity"],
                                                   ascending=[True, False, True, True])
    table = table.groupby("_order", observed=True).head(top).drop(columns="_order")
    return table[_COLUMNS].reset_index(drop=True)
