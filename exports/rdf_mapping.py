"""The networkx graph as plain Python triples, in blocks that share the input files stating them.

This is the one place the whole graph is walked: nodes go to
:mod:`exports.rdf_nodes`, edges and their mentions to
:mod:`exports.rdf_edges`.  The rdflib graphs of :mod:`exports.rdf` and the
serialisations of :mod:`exports.rdf_formats` are all made from these blocks.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("method/clear", kind="method", label="CLEAR")
>>> [p.rsplit("#", 1)[-1] for _, p, _ in rdf_triples(g)]
['type', 'label']
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import networkx as nx

from exports.rdf_edges import agent_triples, edge_sources, edge_triples, mention_triples
from exports.rdf_nodes import node_triples
from exports.rdf_terms import KG_IRI, RDF_IRI, Lit, RdfBlock, Triple
from ontology.ids import iri_for, node_id

__all__ = ["agent_blocks", "edge_blocks", "rdf_blocks", "rdf_triples", "source_descriptions", "source_graph_iri"]


def rdf_blocks(graph: nx.MultiDiGraph) -> Iterator[RdfBlock]:
    """Every triple of ``graph``'s RDF, in blocks that share the input files stating them.

    A node's triples are stated by its ``sources``; an edge's (and its
    qualified node's) by the edge's ``sources``; a mention's by its
    ``source``.  Descriptions of the extractors (``prov:SoftwareAgent`` /
    ``prov:Organization``) belong to no single file.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("person/ada", kind="person", label="Ada Lovelace", sources=["a.jsonl"])
    >>> block = next(rdf_blocks(g))
    >>> block.sources, len(block.triples)
    (('a.jsonl',), 4)
    """
    agents: dict[str, str] = {}
    nodes = graph.nodes
    for node, data in nodes(data=True):
        yield RdfBlock(tuple(data.get("sources") or ()), node_triples(node, data))
    for source, target, data in graph.edges(data=True):
        yield from edge_blocks(source, target, data, nodes[target].get("kind"), agents)
    yield from agent_blocks(agents)


def edge_blocks(source: str, target: str, data: dict, target_kind: str | None,
                agents: dict[str, str]) -> Iterator[RdfBlock]:
    """The blocks of one edge (``target_kind``: its target node's ``kind``): its own triples and its qualified
    nodes', stated by the edge's sources, then each mention's, stated by the mention's source; the agents of
    the mentions' extractors are added to ``agents`` (component → agent IRI) for :func:`agent_blocks`."""
    sources = edge_sources(data)
    triples = edge_triples(source, target, data, sources, target_kind)
    yield RdfBlock(sources, triples)
    mentions = data.get("mentions")
    if mentions:
        subject, _, obj = triples[0]  # the edge's own triple comes first
        for mention in mentions:
            yield RdfBlock((mention["source"],), mention_triples(subject, obj, mention, agents))


def agent_blocks(agents: dict[str, str]) -> Iterator[RdfBlock]:
    """The blocks describing the extractors' agents (component → agent IRI), by component: no file states them."""
    for extractor, agent in sorted(agents.items()):
        yield RdfBlock((), agent_triples(extractor, agent))


def rdf_triples(graph: nx.MultiDiGraph) -> list[Triple]:
    """All triples of ``graph``'s RDF (with repeats where two blocks state the same triple).

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("venue/acl", kind="venue", label="ACL", sources=["a.txt", "b.txt"])
    >>> len(rdf_triples(g))
    4
    """
    return [triple for block in rdf_blocks(graph) for triple in block.triples]


def source_graph_iri(source: str) -> str:
    """The IRI of the named graph holding what input file ``source`` states (TriG, N-Quads).

    >>> source_graph_iri("underline/000_16934c490b00c391.txt").startswith("https://w3id.org/paperkg/id/source/")
    True
    """
    return iri_for(node_id("source", source))


def source_descriptions(sources: Iterable[str]) -> list[Triple]:
    """Triples naming each source graph: ``<graph> a kg:SourceDocument ; kg:sourceFile "file"``.

    >>> [p.rsplit("#", 1)[-1] for _, p, _ in source_descriptions(["a.txt"])]
    ['type', 'sourceFile']
    """
    triples: list[Triple] = []
    for source in sources:
        graph_iri = source_graph_iri(source)
        triples += [(graph_iri, RDF_IRI.type, KG_IRI.SourceDocument), (graph_iri, KG_IRI.sourceFile, Lit(source))]
    return triples
