"""A VoID description of kg's RDF: how many triples, entities, classes and properties, which vocabularies, examples.

See https://www.w3.org/TR/void/.  All counts are of distinct triples; the
description is deterministic (no dates), so it changes only when the graph does.

>>> from exports.rdf import Lit
>>> paper = "https://w3id.org/paperkg/id/paper/a"
>>> rdf_type = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
>>> triples = [(paper, rdf_type, "https://w3id.org/paperkg/ontology#Paper"),
...            (paper, "http://purl.org/dc/terms/title", Lit("A"))]
>>> counts = {p.rsplit("#", 1)[-1]: o.lexical for s, p, o in void_triples(triples) if s == DATASET_IRI
...           and not isinstance(o, str)}
>>> counts["triples"], counts["entities"], counts["classes"], counts["properties"]
('2', '1', '1', '2')
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rdflib.namespace import DCTERMS, RDF, VOID

from exports.rdf import Lit, Triple
from ontology import NAMESPACE, VERSION_IRI
from ontology.ids import RESOURCE_BASE, iri_for, short_hash

__all__ = ["VOID", "DATASET_IRI", "FORMAT_IRIS", "void_triples"]

#: The IRI of the dataset the description is about.
DATASET_IRI = iri_for("void/dataset")
#: W3C format IRIs (https://www.w3.org/ns/formats/) of the dumps kg writes.
FORMAT_IRIS = {
    "ttl": "http://www.w3.org/ns/formats/Turtle",
    "nt": "http://www.w3.org/ns/formats/N-Triples",
    "jsonld": "http://www.w3.org/ns/formats/JSON-LD",
    "trig": "http://www.w3.org/ns/formats/TriG",
    "nq": "http://www.w3.org/ns/formats/N-Quads",
}
_XSD_INTEGER = "http://www.w3.org/2001/XMLSchema#integer"
_TYPE = str(RDF.type)
# Classes whose first instance (by IRI) is listed as an example resource.
_EXAMPLE_CLASSES = ("Paper", "Venue", "Method", "Dataset", "Model")


def _count(value: int) -> Lit:
    return Lit(str(value), _XSD_INTEGER)


def _namespace(iri: str) -> str:
    cut = max(iri.rfind("#"), iri.rfind("/"))
    return iri[: cut + 1]


def void_triples(triples: Iterable[Triple], *, formats: Sequence[str] = ()) -> list[Triple]:
    """The VoID description of the distinct ``triples`` (``formats``: the dumps written, as format names)."""
    n_triples = 0
    subjects: set[str] = set()
    objects: set[str | Lit] = set()
    properties: Counter[str] = Counter()
    class_members: dict[str, set[str]] = {}
    for subject, predicate, obj in triples:
        n_triples += 1
        subjects.add(subject)
        objects.add(obj)
        properties[predicate] += 1
        if predicate == _TYPE and isinstance(obj, str):
            class_members.setdefault(obj, set()).add(subject)
    entities = set().union(*class_members.values()) if class_members else set()
    d = DATASET_IRI
    out: list[Triple] = [
        (d, _TYPE, str(VOID.Dataset)),
        (d, str(DCTERMS.title), Lit("kg knowledge graph of research papers")),
        (d, str(DCTERMS.description), Lit("Papers, venues, persons and the methods, datasets and models papers "
                                          "propose or use, with the provenance of every extracted fact.")),
        (d, str(DCTERMS.conformsTo), VERSION_IRI),
        (d, str(VOID.uriSpace), Lit(RESOURCE_BASE)),
        (d, str(VOID.triples), _count(n_triples)),
        (d, str(VOID.entities), _count(len(entities))),
        (d, str(VOID.distinctSubjects), _count(len(subjects))),
        (d, str(VOID.distinctObjects), _count(len(objects))),
        (d, str(VOID.properties), _count(len(properties))),
        (d, str(VOID.classes), _count(len(class_members))),
    ]
    vocabularies = {_namespace(p) for p in properties} | {_namespace(c) for c in class_members}
    out += [(d, str(VOID.vocabulary), vocabulary) for vocabulary in sorted(vocabularies)]
    out += [(d, str(VOID.feature), FORMAT_IRIS[name]) for name in formats if name in FORMAT_IRIS]
    for name in _EXAMPLE_CLASSES:
        members = class_members.get(NAMESPACE + name)
        if members:
            out.append((d, str(VOID.exampleResource), min(members)))
    for cls, members in sorted(class_members.items()):
        partition = iri_for(f"void/class/{short_hash(cls, 12)}")
        out += [(d, str(VOID.classPartition), partition), (partition, str(VOID["class"]), cls),
                (partition, str(VOID.entities), _count(len(members)))]
    for predicate, count in sorted(properties.items()):
        partition = iri_for(f"void/property/{short_hash(predicate, 12)}")
        out += [(d, str(VOID.propertyPartition), partition), (partition, str(VOID.property), predicate),
                (partition, str(VOID.triples), _count(count))]
    return out
