"""What a landscape reads of the whole graph (:class:`NodeNames`), from a graph or from columns.

A landscape (:mod:`exports.view_landscape`) lays out the entities every paper
names: it reads the papers, each paper's out-links, and the kind and name of
the nodes they reach, no other attribute.  :class:`GraphNames` reads them
from a graph as they are asked for; :class:`exports.view_skeleton.Skeleton`
holds them as columns read from the graph tables (docs/scaling.md, round
h14ck), so that the overview is laid out the same way without the graph.

>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", title="A")
>>> g.add_node("dataset/d", kind="dataset", label="D")
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
>>> names = node_names(g)
>>> names.papers(), list(names.out_links("paper/a")), names.kind("dataset/d"), names.name("dataset/d")
(['paper/a'], [('dataset/d', 'uses')], 'dataset', 'D')
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping
from typing import Any, Protocol

import networkx as nx

from exports.view_kinds import all_papers, papers_of
from exports.view_styles import kind_of
from exports.view_text import display_text

__all__ = ["GraphIndexNodes", "GraphNames", "IndexNodes", "NodeNames", "index_nodes", "landscape_name", "node_names"]


def landscape_name(attrs: Mapping[str, Any], node: Hashable) -> str:
    """The name a landscape labels ``node`` with: its ``label``, else its ``name``, else its id.

    >>> landscape_name({"name": " B  E R T"}, "model/bert"), landscape_name({}, "model/bert")
    ('B E R T', 'model/bert')
    """
    return display_text(attrs.get("label")) or display_text(attrs.get("name")) or str(node)


class NodeNames(Protocol):
    """What a landscape reads of the whole graph: the papers, each paper's out-links, and nodes' kinds and names.

    :class:`GraphNames` reads them from a graph; :class:`exports.view_skeleton.Skeleton` holds them as columns
    read from the graph tables, so the overview is laid out without the graph.
    """

    def papers(self) -> list[Hashable]:
        """Every paper, sorted by id as a string."""
        ...

    def out_links(self, paper: Hashable) -> Iterator[tuple[Hashable, str]]:
        """Each ``(target, relation)`` of ``paper``'s edges (the key where an edge has no ``relation``); the
        links of the relations in :data:`~ontology.kinds.PAPER_ENTITY_RELATIONS` at least."""
        ...

    def kind(self, node: Hashable) -> str:
        """``node``'s kind as a view files it (:func:`~exports.view_styles.kind_of`)."""
        ...

    def name(self, node: Hashable) -> str:
        """``node``'s :func:`landscape_name`; of the nodes of a landscape kind at least (a
        :class:`~exports.view_skeleton.Skeleton` gives any other node's id: a reader of other kinds' names needs
        another source)."""
        ...


class GraphNames:
    """:class:`NodeNames` read from a graph as they are asked for (nothing is copied)."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph

    def papers(self) -> list[Hashable]:
        """Every node of kind ``paper``, sorted by id as a string."""
        return all_papers(self.graph)

    def out_links(self, paper: Hashable) -> Iterator[tuple[Hashable, str]]:
        """Each ``(target, relation or key)`` of ``paper``'s out-edges (the dicts behind ``graph.succ``)."""
        for v, keyed in self.graph._succ[paper].items():
            for k, d in keyed.items():
                yield v, d.get("relation") or k

    def kind(self, node: Hashable) -> str:
        """:func:`~exports.view_styles.kind_of` ``node``'s attributes."""
        return kind_of(self.graph._node[node])

    def name(self, node: Hashable) -> str:
        """:func:`landscape_name` of ``node``'s attributes."""
        return landscape_name(self.graph._node[node], node)


def node_names(source: nx.MultiDiGraph | NodeNames) -> NodeNames:
    """``source`` as :class:`NodeNames`: a graph read through :class:`GraphNames`, anything else as it is."""
    return GraphNames(source) if isinstance(source, nx.Graph) else source


class IndexNodes(Protocol):
    """What the views' index and search script read of the whole graph (:mod:`exports.view_index`): every node
    with its attributes that name and file it (``kind``, ``label``, ``title``, ``name``, ``alt_labels``; the rules
    that read them are the same for both sources), every node's degree, and how many papers some nodes link to.

    :class:`GraphIndexNodes` reads them from a graph; :class:`exports.view_skeleton.IndexSkeleton` holds them
    as columns read from the graph tables (docs/scaling.md, round h14cl).
    """

    def __iter__(self) -> Iterator[Hashable]:
        """Every node (the order is the source's: the pages sort what they list)."""
        ...

    def __contains__(self, node: object) -> bool:
        """Whether ``node`` is a node of the graph."""
        ...

    def __len__(self) -> int:
        """How many nodes (:class:`~exports.view_nodes.ViewFiles` of these nodes has that length)."""
        ...

    def attrs(self, node: Hashable) -> Mapping[str, Any]:
        """``node``'s attributes; those named above at least."""
        ...

    def degrees(self) -> dict[Hashable, int]:
        """Every node's degree: its edges out and in, each of its self-loops twice (``dict(graph.degree())``)."""
        ...

    def paper_counts(self, nodes: Collection[Hashable]) -> dict[Hashable, int]:
        """Each of ``nodes`` with how many papers it links to, in either direction
        (:func:`~exports.view_kinds.papers_of`)."""
        ...


class GraphIndexNodes:
    """:class:`IndexNodes` read from a graph as they are asked for (the attribute dicts themselves)."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.graph._node)

    def __contains__(self, node: object) -> bool:
        return node in self.graph._node

    def __len__(self) -> int:
        return len(self.graph._node)

    def attrs(self, node: Hashable) -> Mapping[str, Any]:
        """``node``'s attribute dict."""
        return self.graph._node[node]

    def degrees(self) -> dict[Hashable, int]:
        """``dict(graph.degree())``: one pass over the adjacency."""
        return dict(self.graph.degree())

    def paper_counts(self, nodes: Collection[Hashable]) -> dict[Hashable, int]:
        """``len(papers_of(graph, node))`` of each of ``nodes``."""
        return {node: len(papers_of(self.graph, node)) for node in nodes}


def index_nodes(source: nx.MultiDiGraph | IndexNodes) -> IndexNodes:
    """``source`` as :class:`IndexNodes`: a graph read through :class:`GraphIndexNodes`, anything else as it is.

    >>> g = nx.MultiDiGraph([("paper/a", "dataset/d"), ("paper/a", "paper/a")])
    >>> g.nodes["paper/a"]["kind"] = "paper"
    >>> nodes = index_nodes(g)
    >>> list(nodes), nodes.degrees(), nodes.paper_counts(["dataset/d"])
    (['paper/a', 'dataset/d'], {'paper/a': 3, 'dataset/d': 1}, {'dataset/d': 1})
    """
    return GraphIndexNodes(source) if isinstance(source, nx.Graph) else source
