"""A venue's landscape as a task another process can lay out: the little of the graph it reads, and the layout.

Laying out the venues' landscapes (:func:`~exports.view_landscape.fitted_landscape`) is the part of the views
that reads least of the graph: each venue's papers with the landscape entities they name, and the ``kind``,
``label`` and ``name`` of the entities it may draw (the ``max_entities`` most named: fitting only ever drops the
least named).  :func:`landscape_task` gathers that much, small and picklable; :func:`laid_out` lays it out on a
graph of those entities alone, which gives the landscape the whole graph gives.  :func:`exports.views.write_views`
hands its venues' tasks to a :class:`LandscapeHelper` (``kg build``'s: a worker process on the core the build
leaves idle, :mod:`kg.venue_layouts`) and draws each page from the landscape the helper has laid out, or lays it
out itself where the helper has not.

>>> from exports.view_landscape import named_entities
>>> g = nx.MultiDiGraph()
>>> for paper, method in [("paper/a", "method/x"), ("paper/b", "method/x"), ("paper/b", "method/y")]:
...     _ = g.add_edge(paper, method, key="uses", relation="uses")
>>> for n in g: g.nodes[n].update(kind=n.split("/")[0], label=n.upper(), note="not read")
>>> named = named_entities(g, None)
>>> task = landscape_task(g, named, max_entities=90)
>>> task.entities["method/x"]
{'kind': 'method', 'label': 'METHOD/X'}
>>> laid_out(task) == fitted_landscape(g, None, max_entities=90, named=named)
True
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import networkx as nx

from exports.view_landscape import Landscape, entity_counts, fitted_landscape, most_named

__all__ = ["LANDSCAPE_ATTRIBUTES", "LandscapeHelper", "LandscapeTask", "laid_out", "landscape_task"]

#: The node attributes a landscape reads of the entities it draws: their kind (the "other ..." cluster's name) and
#: their name (:func:`~exports.view_landscape._name`).
LANDSCAPE_ATTRIBUTES = ("kind", "label", "name")


@dataclass(frozen=True)
class LandscapeTask:
    """What laying out one landscape reads: each paper with the entities it names, the entities it may draw."""

    #: Each paper, in id order, with the landscape entities it names (:func:`~exports.view_landscape.named_entities`).
    named: dict[Hashable, set[Hashable]]
    #: The attributes of :data:`LANDSCAPE_ATTRIBUTES` each entity that may be drawn has, most named first.
    entities: dict[Hashable, dict[str, Any]]
    #: Most entities drawn.
    max_entities: int


def landscape_task(graph: nx.MultiDiGraph, named: Mapping[Hashable, set[Hashable]], *,
                   max_entities: int) -> LandscapeTask:
    """The task of laying out the landscape of ``named``'s papers (``named_entities(graph, papers)``).

    The candidates are those the landscape may draw (:func:`~exports.view_landscape.most_named`).
    """
    candidates = most_named(entity_counts(named), max_entities)
    attributes = graph._node  # the dict behind graph.nodes: no view per item
    return LandscapeTask(dict(named),
                         {node: {key: attributes[node][key] for key in LANDSCAPE_ATTRIBUTES if key in attributes[node]}
                          for node in candidates},
                         max_entities)


def laid_out(task: LandscapeTask) -> Landscape:
    """``fitted_landscape`` of the task's papers, laid out on a graph of its entities alone (for a worker)."""
    graph = nx.MultiDiGraph()
    graph.add_nodes_from(task.entities.items())
    return fitted_landscape(graph, None, max_entities=task.max_entities, named=task.named)


class LandscapeHelper(Protocol):
    """Lays landscapes out beside the caller (:func:`exports.views.write_views`): started with every task the
    caller will draw, then asked for each landscape once, in any order."""

    def start(self, tasks: Sequence[tuple[Hashable, LandscapeTask]]) -> None:
        """Begin laying out ``tasks`` (each with the key it is asked for by); the caller draws them in order."""

    def take(self, key: Hashable) -> Landscape | None:
        """The landscape of ``key``'s task, if laid out already (else None: the caller lays it out, and the
        helper need not)."""
