"""A node as the *owner* of its RDF blocks, digested: its id, attributes and out-edges in one hash.

Every triple kg's RDF makes about a node or one of its out-edges has that
node as its owner (:mod:`exports.rdf_reuse`), so the digest of what an owner
is made of, its id and attributes, its out-edges (targets, keys, attributes,
in the graph's order) and its targets' kinds, changes whenever its blocks may.
graph.ttl's index keeps these digests to copy the blocks of unchanged owners;
the node view's shard fingerprints (:func:`exports.view_nodes.shard_fingerprints`)
take the same digest for the node's own part of an entry, so a build that
writes graph.ttl with its index hands them on (:data:`OwnerDigests`) instead
of marshalling every node and edge a second time.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "venue/b", key="presentedAt", relation="presentedAt")
>>> before = owner_digest(g, "paper/a")
>>> g.nodes["venue/b"]["kind"] = "venue"  # a target's kind is part of its sources' triples
>>> len(before), before == owner_digest(g, "paper/a"), before == owner_digest(g, "venue/b")
(16, False, False)
>>> owner_digests(g, list(g)) == [owner_digest(g, node) for node in g]
True
"""
from __future__ import annotations

import hashlib
import marshal
from collections.abc import Hashable, Iterable

import networkx as nx

from exports.piece_index import DIGEST

__all__ = ["NO_DIGEST", "OwnerDigests", "owner_digest", "owner_digests"]

#: The digest of an owner ``marshal`` cannot write: never matched by another, so what depends on it is made again.
NO_DIGEST = bytes(DIGEST)

#: Each node's :func:`owner_digest`, as graph.ttl's writer found them for one graph (:func:`kg.outputs.write_outputs`
#: passes them from the Turtle stage to the views'; valid only while that graph is unchanged).
OwnerDigests = dict[Hashable, bytes]


def owner_digest(graph: nx.MultiDiGraph, node: Hashable) -> bytes:
    """A SHA-256 (its first :data:`~exports.piece_index.DIGEST` bytes) of everything ``node``'s blocks are made
    from: its id and attributes, its out-edges (targets, keys, attributes, in the graph's order) and their targets'
    kinds (``marshal`` format 2: values, types and order only); :data:`NO_DIGEST` where marshal cannot write one."""
    nodes, succ = graph._node, graph._succ[node]
    return _digest(node, nodes[node], succ, [nodes[target].get("kind") for target in succ])


def owner_digests(graph: nx.MultiDiGraph, nodes: Iterable[Hashable]) -> list[bytes]:
    """:func:`owner_digest` of each of ``nodes``, in their order: the same bytes, for many owners at once.

    Every node's kind is looked up once (a dict of ``kind`` by node, each target's then taken by ``map``) instead
    of once per edge through the target's attribute dict: on the full Anthology's 222,740 owners and 900,000
    edges the targets' kinds alone took 1.5 of the 4.5 CPU s of digesting every owner one by one
    (docs/scaling.md, "Rebuild, eighteenth session").
    """
    every, adjacency = graph._node, graph._succ
    kind_of = {node: attrs.get("kind") for node, attrs in every.items()}.__getitem__
    return [_digest(node, every[node], adjacency[node], list(map(kind_of, adjacency[node]))) for node in nodes]


def _digest(node: Hashable, attrs: dict, succ: dict, kinds: list) -> bytes:
    """The digest of one owner's parts (see :func:`owner_digest`), the one definition of its bytes."""
    try:
        data = marshal.dumps((node, attrs, succ, kinds), 2)
    except ValueError:
        return NO_DIGEST
    return hashlib.sha256(data).digest()[:DIGEST]
