"""Communities of the paper–entity graph: networkx Louvain, Leiden (igraph + leidenalg), or label propagation."""
from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Literal

import networkx as nx
import numpy as np

from kg.analytics.errors import AnalyticsError
from kg.analytics.projection import paper_entity_graph

__all__ = ["LOUVAIN_MAX_NODES", "CommunityMethod", "choose_community_method", "communities", "leiden_membership"]

#: Largest paper–entity graph (in nodes) that :func:`communities` gives to networkx's Louvain by default;
#: above it Leiden (igraph + leidenalg) is used.  Louvain took 430 s on a 100k-node graph here.
LOUVAIN_MAX_NODES = 10_000

CommunityMethod = Literal["auto", "louvain", "leiden", "label-propagation"]


def choose_community_method(node_count: int) -> str:
    """What ``communities(method="auto")`` runs on a paper–entity graph of ``node_count`` nodes.

    Louvain (networkx) up to :data:`LOUVAIN_MAX_NODES`; above, Leiden when
    igraph and leidenalg are installed (``pip install 'kg[communities]'``;
    both are GPL-licensed, so kg does not require them), else networkx's fast
    label propagation.

    Parameters
    ----------
    node_count : int
        Nodes of the paper–entity graph (:func:`~kg.analytics.projection.paper_entity_graph`).

    Returns
    -------
    {"louvain", "leiden", "label-propagation"}

    Examples
    --------
    >>> choose_community_method(50)
    'louvain'
    """
    if node_count <= LOUVAIN_MAX_NODES:
        return "louvain"
    try:
        import igraph  # noqa: F401
        import leidenalg  # noqa: F401
    except ImportError:
        return "label-propagation"
    return "leiden"


def communities(
    graph: nx.MultiDiGraph,
    *,
    method: CommunityMethod = "auto",
    resolution: float = 1.0,
    seed: int = 0,
    similar: bool = False,
) -> list[set[str]]:
    """Communities of the paper–entity graph (:func:`~kg.analytics.projection.paper_entity_graph`), largest first.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    method : {"auto", "louvain", "leiden", "label-propagation"}
        ``"auto"``: see :func:`choose_community_method`.  Louvain is
        networkx's (slow above ~10k nodes); Leiden needs igraph and leidenalg.
    resolution : float
        Modularity resolution (Louvain and Leiden); above 1 gives smaller communities.
    seed : int
        Random seed, so the same graph gives the same communities.
    similar : bool
        Also link papers by their ``similarTo`` edges.

    Returns
    -------
    list of set of str
        Node ids (papers and entities), largest community first, ties by smallest id.

    Raises
    ------
    AnalyticsError
        For an unknown method, or Leiden without igraph and leidenalg.

    Warns
    -----
    RuntimeWarning
        When ``"auto"`` falls back to label propagation on a large graph.

    Examples
    --------
    >>> from kg.analytics.toy import toy_graph
    >>> [sorted(c)[:2] for c in communities(toy_graph())]
    [['dataset/glue', 'dataset/mnli'], ['dataset/squad', 'method/bert'], ['dataset/wmt14', 'method/transformer']]
    """
    projected = paper_entity_graph(graph, similar=similar)
    chosen = choose_community_method(projected.number_of_nodes()) if method == "auto" else method
    if chosen == "louvain":
        found = nx.community.louvain_communities(projected, weight="weight", resolution=resolution, seed=seed)
    elif chosen == "leiden":
        found = _leiden(projected, resolution=resolution, seed=seed)
    elif chosen == "label-propagation":
        if method == "auto":
            warnings.warn(f"{projected.number_of_nodes()} nodes is too many for Louvain and igraph/leidenalg are "
                          "not installed; using label propagation (pip install 'kg[communities]' for Leiden)",
                          RuntimeWarning, stacklevel=2)
        found = nx.community.fast_label_propagation_communities(projected, weight="weight", seed=seed)
    else:
        raise AnalyticsError(f"unknown community method {method!r}; use auto, louvain, leiden or label-propagation")
    return sorted((set(c) for c in found), key=lambda c: (-len(c), min(c)))


def _leiden(projected: nx.Graph, *, resolution: float, seed: int) -> list[set[str]]:
    """Leiden communities (RB configuration model) of ``projected``, via igraph on nodes in sorted order."""
    nodes = sorted(projected)
    index = {node: i for i, node in enumerate(nodes)}
    edges = sorted((index[u], index[v]) if index[u] < index[v] else (index[v], index[u]) for u, v in projected.edges)
    weights = [projected.edges[nodes[u], nodes[v]]["weight"] for u, v in edges]
    membership = leiden_membership(len(nodes), edges, weights, resolution=resolution, seed=seed)
    found: dict[int, set[str]] = {}
    for node, community in zip(nodes, membership, strict=True):
        found.setdefault(community, set()).add(node)
    return list(found.values())


def leiden_membership(node_count: int, edges: Sequence[Sequence[int]] | np.ndarray,
                      weights: Sequence[float] | np.ndarray, *, resolution: float = 1.0, seed: int = 0) -> list[int]:
    """The Leiden community (RB configuration model) of each of ``node_count`` nodes joined by ``edges``.

    ``edges`` are ``(i, j)`` pairs of node indexes, ``i <= j``, sorted (a list, or an array of
    two columns: igraph reads it without a Python object per edge); :func:`communities` numbers the
    nodes of the paper–entity graph in the order of their ids, and so does ``kg stats`` reading a build's
    tables (:mod:`kg.analytics.table_answers`), so both get the same communities.
    """
    try:
        import igraph
        import leidenalg
    except ImportError as error:
        raise AnalyticsError("Leiden needs igraph and leidenalg: pip install 'kg[communities]' "
                             "(or pass method='louvain' or 'label-propagation')") from error
    converted = igraph.Graph(n=node_count, edges=edges)
    partition = leidenalg.find_partition(converted, leidenalg.RBConfigurationVertexPartition, weights=weights,
                                         resolution_parameter=resolution, seed=seed)
    return list(partition.membership)
