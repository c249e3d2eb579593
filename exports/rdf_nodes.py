"""The RDF of one node of the networkx graph: a resource typed by its kind, with its label and attributes.

Every node is one resource typed by its kind (``kg:Paper``, ``kg:Venue``,
``kg:Method``, ``kg:Dataset``, ``kg:Model``, ``kg:Task``, ``kg:Metric``,
``schema:Person``) with
``rdfs:label`` and one ``kg:sourceFile`` per input that stated it; papers,
venues, persons and entities add the attributes of docs/graph-model.md.

>>> triples = node_triples("venue/acl-2026", {"kind": "venue", "label": "ACL 2026", "year": 2026})
>>> [(p.rsplit("#", 1)[-1], o.lexical if isinstance(o, Lit) else o.rsplit("#", 1)[-1]) for _, p, o in triples]
[('type', 'Venue'), ('label', 'ACL 2026'), ('year', '2026')]
"""
from __future__ import annotations

from collections.abc import Mapping

from exports.rdf_terms import (
    BIBO_IRI,
    DCTERMS_IRI,
    FABIO_IRI,
    KG_IRI,
    RDF_IRI,
    RDFS_IRI,
    SCHEMA_IRI,
    SKOS_IRI,
    Lit,
    RdfExportError,
    Triple,
)
from exports.rdf_values import date_literal, integer_triples, iri_triples
from ontology.ids import iri_for, short_hash
from ontology.kinds import NodeKind

__all__ = ["NODE_CLASSES", "field_iri", "field_triples", "node_fields", "node_triples"]

_TYPE, _LABEL, _SOURCE_FILE = RDF_IRI.type, RDFS_IRI.label, KG_IRI.sourceFile
#: The class of each node kind.
NODE_CLASSES: dict[str, str] = {
    NodeKind.PAPER.value: KG_IRI.Paper,
    NodeKind.VENUE.value: KG_IRI.Venue,
    NodeKind.METHOD.value: KG_IRI.Method,
    NodeKind.DATASET.value: KG_IRI.Dataset,
    NodeKind.MODEL.value: KG_IRI.Model,
    NodeKind.TASK.value: KG_IRI.Task,
    NodeKind.METRIC.value: KG_IRI.Metric,
    NodeKind.PERSON.value: SCHEMA_IRI.Person,
}
_PAPER_STRINGS = {
    "title": DCTERMS_IRI.title,
    "abstract": DCTERMS_IRI.abstract,
    "presentation_type": KG_IRI.presentationType,
    "country": KG_IRI.country,
    "doi": BIBO_IRI.doi,
    "anthology_id": KG_IRI.anthologyId,
    "booktitle": KG_IRI.booktitle,
    "arxiv_id": KG_IRI.arxivId,
    "openalex_id": KG_IRI.openAlexId,
    "semantic_scholar_id": KG_IRI.semanticScholarId,
}
#: The page of a paper in another catalogue, from its id there (``schema:sameAs``).
_SAME_AS_PAGES = (
    ("arxiv_id", "https://arxiv.org/abs/{}"),
    ("openalex_id", "https://openalex.org/{}"),
    ("semantic_scholar_id", "https://www.semanticscholar.org/paper/{}"),
)
_VENUE_STRINGS = {
    "location": SCHEMA_IRI.location,
    "series": KG_IRI.series,
    "edition": KG_IRI.edition,
    "general_chair": KG_IRI.generalChair,
    "booktitle": KG_IRI.booktitle,
}
_PAPER, _VENUE, _PERSON = NodeKind.PAPER.value, NodeKind.VENUE.value, NodeKind.PERSON.value  # plain str: fast ==
_VENUE_DATES = (("start_date", SCHEMA_IRI.startDate), ("end_date", SCHEMA_IRI.endDate))
# The last word of a presentation type that makes a paper a FaBiO conference poster or paper.
_FABIO_TYPES = {"poster": FABIO_IRI.ConferencePoster} | {
    word: FABIO_IRI.ConferencePaper for word in ("paper", "oral", "talk", "spotlight", "lecture", "presentation")
}


def node_triples(node: str, data: Mapping) -> list[Triple]:
    """The triples of node ``node`` with attributes ``data``; :class:`RdfExportError` for an unknown kind.

    >>> node_triples("thing/x", {"kind": "thing", "label": "X"})
    Traceback (most recent call last):
    ...
    exports.rdf_terms.RdfExportError: node 'thing/x' has kind 'thing', which the RDF export does not know; \
map it in exports/rdf_nodes.py and declare it in ontology/kg.ttl
    """
    kind = data.get("kind")
    if kind not in NODE_CLASSES:
        raise RdfExportError(
            f"node {node!r} has kind {kind!r}, which the RDF export does not know; "
            "map it in exports/rdf_nodes.py and declare it in ontology/kg.ttl"
        )
    subject = iri_for(node)
    triples: list[Triple] = [(subject, _TYPE, NODE_CLASSES[kind]), (subject, _LABEL, Lit(str(data["label"])))]
    triples += [(subject, _SOURCE_FILE, Lit(source)) for source in data.get("sources") or ()]
    if kind == _PAPER:
        triples += _paper(subject, data)
    elif kind == _VENUE:
        triples += _strings(subject, data, _VENUE_STRINGS)
        triples += integer_triples(subject, KG_IRI.year, data.get("year"))
        for key, predicate in _VENUE_DATES:
            if data.get(key):
                triples.append((subject, predicate, date_literal(str(data[key]))))
    elif kind == _PERSON:
        triples.append((subject, SCHEMA_IRI.name, Lit(str(data.get("name") or data["label"]))))
    else:
        triples += [(subject, SKOS_IRI.altLabel, Lit(alt)) for alt in data.get("alt_labels") or ()]
        triples += iri_triples(subject, SKOS_IRI.exactMatch, data.get("same_as") or ())
    return triples


def _paper(subject: str, data: Mapping) -> list[Triple]:
    triples = _strings(subject, data, _PAPER_STRINGS)
    triples += integer_triples(subject, KG_IRI.year, data.get("year"))
    triples += [(subject, SCHEMA_IRI.keywords, Lit(keyword)) for keyword in data.get("keywords") or ()]
    triples += iri_triples(subject, SCHEMA_IRI.codeRepository, data.get("code_repositories") or ())
    triples += iri_triples(subject, SCHEMA_IRI.url, [str(data["url"])] if data.get("url") else [])
    triples += iri_triples(subject, SCHEMA_IRI.sameAs, [page.format(data[key]) for key, page in _SAME_AS_PAGES
                                                        if data.get(key)])
    words = str(data.get("presentation_type") or "").lower().split()
    if words and words[-1] in _FABIO_TYPES:
        triples.append((subject, _TYPE, _FABIO_TYPES[words[-1]]))
    for key, value in _fields(data):
        field = field_iri(subject, key)
        triples.append((subject, SCHEMA_IRI.additionalProperty, field))
        triples += field_triples(field, key, value)
    return triples


def node_fields(data: Mapping) -> list[tuple[object, object]]:
    """The ``extra`` fields (key, value) by key that a node with attributes ``data`` describes as
    ``schema:PropertyValue`` resources (:func:`field_iri`): a paper's, none for another kind.

    >>> node_fields({"kind": "paper", "extra": {"topic": "ir", "id": "toy-1"}}), node_fields({"kind": "venue"})
    ([('id', 'toy-1'), ('topic', 'ir')], [])
    """
    return _fields(data) if data.get("kind") == _PAPER else []


def _fields(data: Mapping) -> list[tuple[object, object]]:
    return sorted((data.get("extra") or {}).items())


def field_iri(subject: str, key: object) -> str:
    """The IRI of the ``schema:PropertyValue`` of field ``key`` of the resource ``subject`` (an IRI)."""
    return iri_for(f"field/{short_hash(subject + chr(10) + str(key), 16)}")


def field_triples(field: str, key: object, value: object) -> list[Triple]:
    """The triples of the ``schema:PropertyValue`` ``field`` (its IRI) naming ``key`` and ``value``."""
    return [
        (field, _TYPE, SCHEMA_IRI.PropertyValue),
        (field, SCHEMA_IRI.name, Lit(str(key))),
        (field, SCHEMA_IRI.value, Lit(str(value))),
    ]


def _strings(subject: str, data: Mapping, predicates: Mapping[str, str]) -> list[Triple]:
    return [(subject, predicate, Lit(str(data[key]))) for key, predicate in predicates.items() if data.get(key)]
