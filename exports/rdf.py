"""Map the networkx graph to RDF under the kg ontology (``ontology/kg.ttl``), as rdflib graphs.

The mapping is written once, as plain Python triples
(:func:`exports.rdf_mapping.rdf_blocks`, from :mod:`exports.rdf_nodes` and
:mod:`exports.rdf_edges`); :func:`to_rdf` turns them into an rdflib graph
(the API) held either in rdflib's own memory store or, for large graphs, in
an Oxigraph store behind the same rdflib API, and :func:`to_dataset` into
one named graph per input file; :mod:`exports.rdf_formats` serialises them.
docs/rdf.md describes the mapping; in short:

* every node is one resource typed by its kind (``kg:Paper``, ``kg:Venue``,
  ``kg:Method``, ``kg:Dataset``, ``kg:Model``, ``schema:Person``) with
  ``rdfs:label`` and one ``kg:sourceFile`` per input that stated it;
* every edge is one triple (``kg:proposes``, ``kg:uses``, ``kg:presentedAt``,
  ``dcterms:creator``, ``kg:nextInProgram``, ``kg:similarTo``);
* facts about an edge hang on a qualified node next to the plain triple: a
  ``kg:Mention`` per mention (provenance of proposes/uses), a
  ``kg:Authorship`` with ``kg:authorPosition`` per creator edge, and a
  ``kg:Similarity`` with ``kg:basis`` and ``kg:score`` per basis of a
  similarTo edge.

Every resource IRI comes from :func:`ontology.ids.iri_for`; every kg predicate from
the :class:`ontology.KG` namespace, so a typo fails loudly instead of minting a
new term.  The names of the modules below are importable from here too.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", location="San Diego")
>>> print(to_rdf(g).serialize(format="turtle").count("schema:location"))
1
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal as TypingLiteral

import networkx as nx
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.namespace import Namespace

from exports.rdf_edges import CURATED_SOURCES
from exports.rdf_formats import write_rdf_file
from exports.rdf_mapping import rdf_blocks, rdf_triples, source_descriptions, source_graph_iri
from exports.rdf_ntriples import oxigraph_store
from exports.rdf_terms import (
    BIBO,
    FABIO,
    PREFIXES,
    SCHEMA,
    XSD_IRI,
    Lit,
    RdfBlock,
    RdfExportError,
    Term,
    Triple,
)
from exports.rdf_values import web_iri
from ontology.util.memory import paused_gc

__all__ = [
    "SCHEMA",
    "BIBO",
    "FABIO",
    "PREFIXES",
    "OXIGRAPH_THRESHOLD",
    "Lit",
    "Term",
    "Triple",
    "RdfBlock",
    "RdfExportError",
    "rdf_blocks",
    "rdf_triples",
    "source_graph_iri",
    "source_descriptions",
    "web_iri",
    "CURATED_SOURCES",
    "to_rdf",
    "to_dataset",
    "write_turtle",
]

#: Above this many triples :func:`to_rdf` with ``store="auto"`` uses Oxigraph
#: instead of rdflib's memory store (see docs/rdf.md for the measurements).
OXIGRAPH_THRESHOLD = 100_000

_XSD_STRING = XSD_IRI.string


def _to_rdflib(term: Term, iris: dict[str, URIRef], literals: dict[Lit, Literal]) -> URIRef | Literal:
    if isinstance(term, str):
        found = iris.get(term)
        if found is None:
            found = iris[term] = URIRef(term)
        return found
    found_literal = literals.get(term)
    if found_literal is None:
        datatype = None if term.datatype == _XSD_STRING else URIRef(term.datatype)
        found_literal = literals[term] = Literal(term.lexical, datatype=datatype)
    return found_literal


def _bind_prefixes(graph: Graph) -> Graph:
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, Namespace(namespace), override=True)
    return graph


def to_rdf(
    graph: nx.MultiDiGraph, *, store: TypingLiteral["auto", "memory", "oxigraph"] = "auto"
) -> Graph:
    """An rdflib graph of ``graph``: one resource per node, one triple per edge, qualified nodes for edge facts.

    Parameters
    ----------
    graph
        The graph :func:`kg.pipeline.build` returns (see docs/graph-model.md).
    store
        ``"memory"``: rdflib's own store; ``"oxigraph"``: an Oxigraph store
        behind the rdflib API (``oxrdflib``), whose SPARQL queries run in
        Oxigraph; ``"auto"``: Oxigraph above :data:`OXIGRAPH_THRESHOLD` triples.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", label="A", title="A", year=2020)
    >>> rdf = to_rdf(g, store="oxigraph")
    >>> [int(row.y) for row in rdf.query("SELECT ?y WHERE { ?p <https://w3id.org/paperkg/ontology#year> ?y }")]
    [2020]
    """
    with paused_gc():
        triples = rdf_triples(graph)
    if store == "auto":
        store = "oxigraph" if len(triples) > OXIGRAPH_THRESHOLD else "memory"
    if store == "memory":
        rdf = Graph()
        iris: dict[str, URIRef] = {}
        literals: dict[Lit, Literal] = {}
        with paused_gc():
            rdf.addN((_to_rdflib(s, iris, literals), _to_rdflib(p, iris, literals), _to_rdflib(o, iris, literals),
                      rdf) for s, p, o in triples)
        return _bind_prefixes(rdf)
    if store == "oxigraph":
        from oxrdflib import OxigraphStore
        from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

        ox_store = OxigraphStore(store=oxigraph_store(triples))
        return _bind_prefixes(Graph(store=ox_store, identifier=DATASET_DEFAULT_GRAPH_ID))
    raise ValueError(f"store must be 'auto', 'memory' or 'oxigraph', not {store!r}")


def to_dataset(graph: nx.MultiDiGraph) -> Dataset:
    """An rdflib Dataset with one named graph per input file (see :func:`source_graph_iri`).

    Each named graph holds the triples that file states; a triple stated by
    two files is in both graphs.  The default graph holds the triples no one
    file states and describes each source graph (``kg:SourceDocument`` with its
    ``kg:sourceFile``).

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("method/clear", kind="method", label="CLEAR", sources=["a.txt", "b.txt"])
    >>> sorted(len(ds_graph) for ds_graph in to_dataset(g).graphs())
    [4, 4, 4]
    """
    dataset = Dataset()
    iris: dict[str, URIRef] = {}
    literals: dict[Lit, Literal] = {}
    described: set[str] = set()
    default = dataset.default_graph
    for block in rdf_blocks(graph):
        rdf_triples_ = [tuple(_to_rdflib(term, iris, literals) for term in triple) for triple in block.triples]
        targets = [dataset.graph(URIRef(source_graph_iri(source))) for source in block.sources] or [default]
        for target in targets:
            target.addN((s, p, o, target) for s, p, o in rdf_triples_)
        described.update(block.sources)
    for s, p, o in source_descriptions(sorted(described)):
        default.add((_to_rdflib(s, iris, literals), _to_rdflib(p, iris, literals), _to_rdflib(o, iris, literals)))
    for prefix, namespace in PREFIXES.items():
        dataset.bind(prefix, Namespace(namespace), override=True)
    return dataset


def write_turtle(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write ``graph`` as deterministic Turtle to ``path`` (atomically); see :mod:`exports.rdf_formats`."""
    return write_rdf_file(graph, Path(path), "ttl")
