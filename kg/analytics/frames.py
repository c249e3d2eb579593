"""The graph as pandas tables: papers, entities, and the facts (proposes/uses edges) linking them."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

import networkx as nx
import pandas as pd

from kg.analytics.errors import AnalyticsError
from ontology.kinds import ENTITY_KINDS, PAPER_ENTITY_RELATIONS, NodeKind, Relation

__all__ = ["GraphFrames", "paper_entity_pairs", "to_pandas"]

_PAPER = NodeKind.PAPER.value
_PAPER_COLUMNS = ("title", "venue", "year", "presentation_type", "anthology_id", "doi", "url")
_FACT_COLUMNS = ["paper", "relation", "entity", "kind", "label", "confidence", "extractor", "venue", "year"]
_ENTITY_COLUMNS = ["entity", "kind", "label", "papers", "proposed_by", "used_by", "same_as"]


class GraphFrames(NamedTuple):
    """The graph as three pandas DataFrames (see :func:`to_pandas`)."""

    papers: pd.DataFrame
    entities: pd.DataFrame
    facts: pd.DataFrame


def to_pandas(graph: nx.MultiDiGraph) -> GraphFrames:
    """Papers, entities and facts (proposes/uses edges) as pandas DataFrames.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.

    Returns
    -------
    GraphFrames
        ``papers`` has one row per paper (``paper``, ``label`` and the paper
        attributes of docs/graph-model.md, plus ``has_abstract``); ``entities``
        one row per method, dataset, model, task or metric (``entity``, ``kind``, ``label``,
        ``papers`` naming it, ``proposed_by``, ``used_by``, ``same_as``);
        ``facts`` one row per proposes/uses edge (``paper``, ``relation``,
        ``entity``, ``kind``, ``label``, ``confidence``, ``extractor``, and the
        paper's ``venue`` and ``year``).

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> frames = to_pandas(toy_graph())
    >>> len(frames.papers), len(frames.entities), len(frames.facts)
    (6, 7, 15)
    >>> frames.facts.query("label == 'WMT14'")["paper"].tolist()
    ['paper/p5', 'paper/p6']
    """
    paper_rows = []
    for node, data in sorted(graph.nodes(data=True)):
        if data.get("kind") == _PAPER:
            row = {"paper": node, "label": data.get("label")}
            row.update({column: data.get(column) for column in _PAPER_COLUMNS})
            row["has_abstract"] = bool(data.get("abstract"))
            paper_rows.append(row)
    papers = pd.DataFrame(paper_rows, columns=["paper", "label", *_PAPER_COLUMNS, "has_abstract"])
    papers["year"] = papers["year"].astype("Int64")

    fact_rows = []
    for paper, entity, relation, data in graph.edges(keys=True, data=True):
        if relation in PAPER_ENTITY_RELATIONS and graph.nodes[entity].get("kind") in ENTITY_KINDS:
            node = graph.nodes[entity]
            fact_rows.append({
                "paper": paper, "relation": relation, "entity": entity, "kind": node["kind"],
                "label": node.get("label"), "confidence": data.get("confidence"),
                "extractor": data.get("extractor"), "venue": graph.nodes[paper].get("venue"),
                "year": graph.nodes[paper].get("year"),
            })
    facts = pd.DataFrame(fact_rows, columns=_FACT_COLUMNS).sort_values(["paper", "entity", "relation"])
    facts = facts.reset_index(drop=True)
    facts["year"] = facts["year"].astype("Int64")

    named = {relation: Counter(facts.loc[facts["relation"] == relation, "entity"])
             for relation in PAPER_ENTITY_RELATIONS}
    any_fact = Counter(facts.drop_duplicates(["paper", "entity"])["entity"])
    entity_rows = [
        {"entity": node, "kind": data["kind"], "label": data.get("label"), "papers": any_fact[node],
         "proposed_by": named[Relation.PROPOSES.value][node], "used_by": named[Relation.USES.value][node],
         "same_as": list(data.get("same_as") or [])}
        for node, data in sorted(graph.nodes(data=True)) if data.get("kind") in ENTITY_KINDS
    ]
    entities = pd.DataFrame(entity_rows, columns=_ENTITY_COLUMNS)
    return GraphFrames(papers, entities, facts)


def paper_entity_pairs(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = None,
    relations: Sequence[str] = PAPER_ENTITY_RELATIONS,
) -> pd.DataFrame:
    """Which papers name which entities: one row per (paper, entity) pair, however many edges join them.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"method", "dataset", "model", "task", "metric"} or None
        Entity kind to keep; ``None`` keeps every kind.
    relations : sequence of {"proposes", "uses"}
        Which edges count as naming an entity.

    Returns
    -------
    pandas.DataFrame
        Columns ``paper, entity, label``, sorted by paper then entity.

    Raises
    ------
    AnalyticsError
        For an unknown entity kind or relation.

    Examples
    --------
    >>> graph = nx.MultiDiGraph()
    >>> graph.add_node("paper/a", kind="paper")
    >>> graph.add_node("dataset/zork", kind="dataset", label="ZorkQA")
    >>> graph.add_node("method/quux", kind="method", label="Quux")
    >>> for relation in ("uses", "proposes"):
    ...     _ = graph.add_edge("paper/a", "method/quux", key=relation)
    >>> _ = graph.add_edge("paper/a", "dataset/zork", key="uses")
    >>> paper_entity_pairs(graph).values.tolist()
    [['paper/a', 'dataset/zork', 'ZorkQA'], ['paper/a', 'method/quux', 'Quux']]
    >>> paper_entity_pairs(graph, kind="method", relations=("proposes",))["label"].tolist()
    ['Quux']
    """
    for relation in relations:
        if relation not in PAPER_ENTITY_RELATIONS:
            raise AnalyticsError(f"unknown relation {relation!r}; use {' or '.join(PAPER_ENTITY_RELATIONS)}")
    if kind is not None and kind not in ENTITY_KINDS:
        raise AnalyticsError(f"unknown entity kind {kind!r}; use one of {', '.join(ENTITY_KINDS)}")
    rows = [
        (paper, entity) for paper, entity, relation in graph.edges(keys=True)
        if relation in relations and graph.nodes[entity].get("kind") in ((kind,) if kind else ENTITY_KINDS)
    ]
    frame = pd.DataFrame(sorted(set(rows)), columns=["paper", "entity"])
    frame["label"] = [graph.nodes[entity].get("label") for entity in frame["entity"]]
    return frame
