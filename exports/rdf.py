"""Export the networkx graph as RDF under the kg ontology (``ontology/kg.ttl``).

Every resource IRI comes from :func:`kg.ids.iri_for`; every predicate from a
namespace object, so a typo fails loudly instead of minting a new term.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", location="San Diego")
>>> print(to_rdf(g).serialize(format="turtle").count("schema:location"))
1
"""
from __future__ import annotations

from pathlib import Path

import networkx as nx
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS, XSD, Namespace

from exports.files import write_text_atomic
from kg.ids import iri_for, short_hash
from ontology import KG

__all__ = ["to_rdf", "write_turtle", "SCHEMA"]

SCHEMA = Namespace("https://schema.org/")

_CLASSES = {"paper": KG.Paper, "venue": KG.Venue, "method": KG.Method, "dataset": KG.Dataset, "model": KG.Model}
_RELATIONS = {
    "proposes": KG.proposes,
    "uses": KG.uses,
    "presentedAt": KG.presentedAt,
    "nextInProgram": KG.nextInProgram,
    "similarTo": KG.similarTo,
}
_PAPER_LITERALS = {
    "title": DCTERMS.title,
    "abstract": DCTERMS.abstract,
    "presentation_type": KG.presentationType,
    "country": KG.country,
}
_VENUE_LITERALS = {
    "location": (SCHEMA.location, None),
    "start_date": (SCHEMA.startDate, XSD.date),
    "end_date": (SCHEMA.endDate, XSD.date),
    "series": (KG.series, None),
    "year": (KG.year, XSD.integer),
    "edition": (KG.edition, None),
    "general_chair": (KG.generalChair, None),
}


def to_rdf(graph: nx.MultiDiGraph) -> Graph:
    """An rdflib graph with one resource per node, one triple per edge and a ``kg:Mention`` per mention."""
    rdf = Graph()
    for prefix, namespace in (("kg", KG._NS), ("schema", SCHEMA), ("dcterms", DCTERMS), ("skos", SKOS)):
        rdf.bind(prefix, namespace)
    for node, data in graph.nodes(data=True):
        _add_node(rdf, node, data)
    for source, target, data in graph.edges(data=True):
        subject, obj = URIRef(iri_for(source)), URIRef(iri_for(target))
        rdf.add((subject, _RELATIONS[data["relation"]], obj))
        for mention in data.get("mentions", ()):
            _add_mention(rdf, subject, obj, mention)
    return rdf


def _add_node(rdf: Graph, node: str, data: dict) -> None:
    subject = URIRef(iri_for(node))
    kind = data["kind"]
    rdf.add((subject, RDF.type, _CLASSES[kind]))
    rdf.add((subject, RDFS.label, Literal(data["label"])))
    for source in data.get("sources", ()):
        rdf.add((subject, KG.sourceFile, Literal(source)))
    if kind == "paper":
        for key, predicate in _PAPER_LITERALS.items():
            if data.get(key):
                rdf.add((subject, predicate, Literal(data[key])))
        for keyword in data.get("keywords", ()):
            rdf.add((subject, SCHEMA.keywords, Literal(keyword)))
        for url in data.get("code_repositories", ()):
            rdf.add((subject, SCHEMA.codeRepository, URIRef(url)))
    elif kind == "venue":
        for key, (predicate, datatype) in _VENUE_LITERALS.items():
            if data.get(key) is not None:
                rdf.add((subject, predicate, Literal(data[key], datatype=datatype)))
    else:
        for alt in data.get("alt_labels", ()):
            rdf.add((subject, SKOS.altLabel, Literal(alt)))


def _add_mention(rdf: Graph, paper: URIRef, entity: URIRef, mention: dict) -> None:
    key = "|".join(str(mention.get(k)) for k in ("source", "start", "end", "relation")) + f"|{paper}|{entity}"
    subject = URIRef(iri_for(f"mention/{short_hash(key, 16)}"))
    rdf.add((subject, RDF.type, KG.Mention))
    rdf.add((subject, KG.mentionedIn, paper))
    rdf.add((subject, KG.mentionOf, entity))
    rdf.add((subject, KG.role, Literal(mention["relation"])))
    rdf.add((subject, KG.surfaceForm, Literal(mention["name"])))
    rdf.add((subject, KG.sourceFile, Literal(mention["source"])))
    rdf.add((subject, KG.extractor, Literal(mention["extractor"])))
    rdf.add((subject, KG.confidence, Literal(round(float(mention["confidence"]), 3), datatype=XSD.decimal)))
    if mention.get("sentence"):
        rdf.add((subject, KG.sentence, Literal(mention["sentence"])))
    for key, predicate in (("start", KG.startOffset), ("end", KG.endOffset)):
        if mention.get(key) is not None:
            rdf.add((subject, predicate, Literal(int(mention[key]), datatype=XSD.integer)))


def write_turtle(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write ``graph`` as Turtle to ``path`` (atomically)."""
    return write_text_atomic(Path(path), to_rdf(graph).serialize(format="turtle"))
