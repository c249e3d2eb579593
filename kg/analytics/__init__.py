"""Questions people ask of a built graph, one function each (graph first, keyword-only options).

Every function reads the networkx graph of docs/graph-model.md, as
:func:`kg.pipeline.build` returns it or :func:`load_graph` reads it back from
a build's output folder.  Tables come back as pandas DataFrames sorted
deterministically (ties by label, then id), graphs as networkx graphs.
Nothing here prints; :mod:`kg.report` turns the answers into text and HTML.

* :mod:`~kg.analytics.loading`: :func:`load_graph`, :func:`load_rdf`;
* :mod:`~kg.analytics.frames`: :func:`to_pandas`, :func:`paper_entity_pairs`;
* :mod:`~kg.analytics.usage`: :func:`top_entities` (overall, by venue, series
  or year; also the most addressed tasks and most used metrics), :func:`entity_trends`;
* :mod:`~kg.analytics.tasks`: :func:`benchmarks_by_task` (datasets, or metrics,
  named by the papers on each task);
* :mod:`~kg.analytics.projection`: :func:`paper_entity_graph`, :func:`co_usage_graph`;
* :mod:`~kg.analytics.community`: :func:`communities`, :func:`choose_community_method`;
* :mod:`~kg.analytics.rankings`: :func:`centrality`, :func:`bridging_papers`;
* :mod:`~kg.analytics.similar`: :func:`similar_papers`.

Past what fits in memory as networkx, :mod:`~kg.analytics.table_columns` reads
the columns of a build's tables ``kg stats`` needs and
:mod:`~kg.analytics.table_answers` answers the report's questions from them
(the same numbers; see :mod:`kg.report_tables`).

:func:`toy_graph` (:mod:`~kg.analytics.toy`) is a made-up six-paper graph the
examples use.  Every error is an :class:`AnalyticsError`.  To change the
Louvain size limit, set ``kg.analytics.community.LOUVAIN_MAX_NODES`` (the
name here is a copy).

>>> g = toy_graph()
>>> top_entities(g, kind="dataset", top=2)[["label", "papers"]].to_dict("records")
[{'label': 'SQuAD', 'papers': 3}, {'label': 'GLUE', 'papers': 2}]
"""
from __future__ import annotations

from kg.analytics.community import LOUVAIN_MAX_NODES, CommunityMethod, choose_community_method, communities
from kg.analytics.errors import AnalyticsError
from kg.analytics.frames import GraphFrames, paper_entity_pairs, to_pandas
from kg.analytics.loading import load_graph, load_rdf
from kg.analytics.projection import TOPICAL_KINDS, co_usage_graph, paper_entity_graph
from kg.analytics.rankings import bridging_papers, centrality
from kg.analytics.similar import similar_papers
from kg.analytics.tasks import benchmarks_by_task
from kg.analytics.toy import toy_graph
from kg.analytics.usage import GroupBy, entity_trends, top_entities
from ontology.kinds import ENTITY_KINDS

__all__ = [
    "ENTITY_KINDS",
    "LOUVAIN_MAX_NODES",
    "TOPICAL_KINDS",
    "AnalyticsError",
    "CommunityMethod",
    "GraphFrames",
    "GroupBy",
    "benchmarks_by_task",
    "bridging_papers",
    "centrality",
    "choose_community_method",
    "co_usage_graph",
    "communities",
    "entity_trends",
    "load_graph",
    "load_rdf",
    "paper_entity_graph",
    "paper_entity_pairs",
    "similar_papers",
    "to_pandas",
    "top_entities",
    "toy_graph",
]
