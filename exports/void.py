"""A VoID description of kg's RDF: how many triples, entities, classes and properties, which vocabularies, examples.

See https://www.w3.org/TR/void/.  All counts are of distinct triples; the
description is deterministic (no dates), so it changes only when the graph does.

>>> from exports.rdf_terms import Lit
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

from rdflib.namespace import VOID

from exports.rdf_terms import DCTERMS_IRI, KG_IRI, RDF_IRI, XSD_IRI, IriStrings, Lit, Triple
from ontology import VERSION_IRI
from ontology.ids import RESOURCE_BASE, iri_for, short_hash

__all__ = ["VOID", "DATASET_IRI", "void_triples"]

#: The IRI of the dataset the description is about.
DATASET_IRI = iri_for("void/dataset")
_VOID = IriStrings(VOID)
_XSD_INTEGER = XSD_IRI.integer
_TYPE = RDF_IRI.type
# Classes whose first instance (by IRI) is listed as an example resource.
_EXAMPLE_CLASSES = (KG_IRI.Paper, KG_IRI.Venue, KG_IRI.Method, KG_IRI.Dataset, KG_IRI.Model, KG_IRI.Task, KG_IRI.Metric)


def _count(value: int) -> Lit:
    return Lit(str(value), _XSD_INTEGER)


def _namespace(iri: str) -> str:
    cut = max(iri.rfind("#"), iri.rfind("/"))
    return iri[: cut + 1]


def void_triples(triples: Iterable[Triple], *, features: Sequence[str] = ()) -> list[Triple]:
    """The VoID description of the distinct ``triples``.

    ``features``: the W3C format IRIs (https://www.w3.org/ns/formats/) of
    the dumps written (see :data:`exports.rdf_formats.SERIALISATIONS`).
    """
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
        (d, _TYPE, _VOID.Dataset),
        (d, DCTERMS_IRI.title, Lit("kg knowledge graph of research papers")),
        (d, DCTERMS_IRI.description, Lit("Papers, venues, persons, the methods, datasets and models papers "
                                         "propose or use, the tasks they address and the metrics they evaluate "
                                         "with, and the provenance of every extracted fact.")),
        (d, DCTERMS_IRI.conformsTo, VERSION_IRI),
        (d, _VOID.uriSpace, Lit(RESOURCE_BASE)),
        (d, _VOID.triples, _count(n_triples)),
        (d, _VOID.entities, _count(len(entities))),
        (d, _VOID.distinctSubjects, _count(len(subjects))),
        (d, _VOID.distinctObjects, _count(len(objects))),
        (d, _VOID.properties, _count(len(properties))),
        (d, _VOID.classes, _count(len(class_members))),
    ]
    vocabularies = {_namespace(p) for p in properties} | {_namespace(c) for c in class_members}
    out += [(d, _VOID.vocabulary, vocabulary) for vocabulary in sorted(vocabularies)]
    out += [(d, _VOID.feature, feature) for feature in features]
    for cls in _EXAMPLE_CLASSES:
        members = class_members.get(cls)
        if members:
            out.append((d, _VOID.exampleResource, min(members)))
    for cls, members in sorted(class_members.items()):
        partition = iri_for(f"void/class/{short_hash(cls, 12)}")
        out += [(d, _VOID.classPartition, partition), (partition, _VOID["class"], cls),
                (partition, _VOID.entities, _count(len(members)))]
    for predicate, count in sorted(properties.items()):
        partition = iri_for(f"void/property/{short_hash(predicate, 12)}")
        out += [(d, _VOID.propertyPartition, partition), (partition, _VOID.property, predicate),
                (partition, _VOID.triples, _count(count))]
    return out
