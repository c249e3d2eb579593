"""The ontology file, the Python namespace, the JSON-LD context, the shapes and the exported graph agree."""
from __future__ import annotations

import json
import re

import pytest
import rdflib
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS
from test_rdf_export import full_graph

from exports.rdf import to_rdf
from ontology import CONTEXT_PATH, KG, NAMESPACE, ONTOLOGY_PATH, SHAPES_PATH, VERSION_IRI

# Terms ../shared/eval/score.py reads: a public interface that must never change silently.
SCORER_TERMS = {"Paper", "Venue", "Method", "Dataset", "Model", "proposes", "uses", "presentedAt",
                "nextInProgram", "similarTo", "presentationType", "country"}


def _defined_terms() -> set[str]:
    graph = rdflib.Graph().parse(ONTOLOGY_PATH, format="turtle")
    return {
        str(s)[len(NAMESPACE):]
        for s, _, o in graph.triples((None, RDF.type, None))
        if str(s).startswith(NAMESPACE) and o in {OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty}
    }


def test_namespace_and_ontology_list_the_same_terms():
    declared = {name for name in KG.__annotations__}
    assert declared == _defined_terms()


def test_scorer_terms_are_kept():
    assert SCORER_TERMS <= _defined_terms()


def test_every_term_has_a_label_and_a_comment():
    graph = rdflib.Graph().parse(ONTOLOGY_PATH, format="turtle")
    for term in _defined_terms():
        subject = rdflib.URIRef(NAMESPACE + term)
        assert graph.value(subject, rdflib.RDFS.label) and graph.value(subject, rdflib.RDFS.comment), term


def test_namespace_refuses_unknown_terms():
    with pytest.raises(AttributeError):
        KG.Papr  # noqa: B018


def test_export_uses_only_defined_terms(sample_build):
    used = set()
    for triple in to_rdf(sample_build.graph):
        for term in triple:
            if isinstance(term, rdflib.URIRef) and str(term).startswith(NAMESPACE):
                used.add(str(term)[len(NAMESPACE):])
    assert used <= _defined_terms()
    assert not any(re.search(r"example\.(org|com)", str(t)) for triple in to_rdf(sample_build.graph) for t in triple)


# ----------------------------------------------------------------------------- 0.2.0: alignments, every emitted term

SKOS_SCOPE_NOTE = SKOS.scopeNote
ONTOLOGY_IRI = rdflib.URIRef("https://w3id.org/paperkg/ontology")


def _ontology() -> rdflib.Graph:
    return rdflib.Graph().parse(ONTOLOGY_PATH, format="turtle")


def test_version_iri_is_bumped_and_matches_the_package():
    graph = _ontology()
    assert str(graph.value(ONTOLOGY_IRI, OWL.versionIRI)) == VERSION_IRI
    assert VERSION_IRI == "https://w3id.org/paperkg/ontology/0.3.0"  # 0.3.0: tasks and metrics
    assert str(graph.value(ONTOLOGY_IRI, OWL.priorVersion)) == "https://w3id.org/paperkg/ontology/0.2.0"
    shapes = rdflib.Graph().parse(SHAPES_PATH, format="turtle")
    assert str(shapes.value(rdflib.URIRef("https://w3id.org/paperkg/ontology/shapes"), OWL.versionIRI)).endswith("/0.3.0")


def test_scorer_docstring_terms_are_defined(shared_dir):
    import ast

    docstring = ast.get_docstring(ast.parse((shared_dir / "eval" / "score.py").read_text("utf-8")))
    assert set(re.findall(r"\bkg:(\w+)", docstring)) <= _defined_terms()


@pytest.mark.parametrize("subject, predicate, obj", [
    ("kg:Paper", RDFS.subClassOf, "https://schema.org/ScholarlyArticle"),
    ("kg:Paper", RDFS.subClassOf, "http://purl.org/ontology/bibo/Document"),
    ("kg:Venue", RDFS.subClassOf, "https://schema.org/Event"),
    ("kg:Dataset", RDFS.subClassOf, "https://schema.org/Dataset"),
    ("kg:Dataset", RDFS.subClassOf, "http://www.w3.org/ns/dcat#Dataset"),
    ("kg:Entity", RDFS.subClassOf, "http://www.w3.org/2004/02/skos/core#Concept"),
    ("kg:Mention", RDFS.subClassOf, "http://www.w3.org/ns/prov#Entity"),
    ("kg:Authorship", RDFS.subClassOf, "http://www.w3.org/ns/prov#Attribution"),
    ("kg:presentedAt", RDFS.subPropertyOf, "http://purl.org/ontology/bibo/presentedAt"),
    ("kg:qualifiedAuthorship", RDFS.subPropertyOf, "http://www.w3.org/ns/prov#qualifiedAttribution"),
    ("kg:author", RDFS.subPropertyOf, "http://www.w3.org/ns/prov#agent"),
    ("kg:anthologyId", RDFS.subPropertyOf, "http://purl.org/dc/terms/identifier"),
    ("kg:mentionedIn", RDFS.subPropertyOf, "http://www.w3.org/ns/prov#wasQuotedFrom"),
    ("kg:Task", RDFS.subClassOf, "https://w3id.org/paperkg/ontology#Entity"),
    ("kg:Metric", RDFS.subClassOf, "https://w3id.org/paperkg/ontology#Entity"),
    ("kg:addressesTask", RDFS.range, "https://w3id.org/paperkg/ontology#Task"),
    ("kg:evaluatesWith", RDFS.range, "https://w3id.org/paperkg/ontology#Metric"),
    ("kg:addressesTask", RDFS.domain, "https://w3id.org/paperkg/ontology#Paper"),
    ("kg:evaluatesWith", RDFS.domain, "https://w3id.org/paperkg/ontology#Paper"),
])
def test_alignment_to_standard_vocabularies(subject, predicate, obj):
    assert (rdflib.URIRef(NAMESPACE + subject[3:]), predicate, rdflib.URIRef(obj)) in _ontology()


def _emitted_terms(graph) -> set[rdflib.URIRef]:
    rdf = to_rdf(graph)
    return set(rdf.predicates()) | set(rdf.objects(None, RDF.type))


def test_every_class_and_property_the_export_emits_is_declared(sample_build):
    ontology = _ontology()
    emitted = _emitted_terms(sample_build.graph) | _emitted_terms(full_graph())
    for term in sorted(emitted - {RDF.type}):
        assert (term, RDF.type, None) in ontology, f"{term} is emitted but not declared in kg.ttl"
        if not str(term).startswith(NAMESPACE):
            assert ontology.value(term, SKOS_SCOPE_NOTE) and ontology.value(term, RDFS.isDefinedBy), term
    for external in (DCTERMS.title, DCTERMS.creator, SKOS.exactMatch, PROV.wasAttributedTo):
        assert external in emitted


def _context_iris() -> dict[str, tuple[str, str | None]]:
    context = json.loads(CONTEXT_PATH.read_text("utf-8"))["@context"]
    prefixes = {k: v for k, v in context.items() if isinstance(v, str) and v.endswith(("/", "#"))}

    def expand(value: str) -> str:
        prefix, _, rest = value.partition(":")
        return prefixes[prefix] + rest if prefix in prefixes else value

    terms = {}
    for key, value in context.items():
        if key in prefixes:
            continue
        iri, coercion = (value, None) if isinstance(value, str) else (value["@id"], value.get("@type"))
        terms[key] = (expand(iri), expand(coercion) if coercion and coercion != "@id" else coercion)
    return terms


def test_jsonld_context_names_declared_terms_and_covers_every_predicate(sample_build):
    ontology = _ontology()
    terms = _context_iris()
    for key, (iri, _) in terms.items():
        assert (rdflib.URIRef(iri), RDF.type, None) in ontology, f"context term {key} -> {iri} is not in kg.ttl"
    covered = {iri for iri, _ in terms.values()}
    emitted = _emitted_terms(sample_build.graph) | _emitted_terms(full_graph())
    assert {str(t) for t in emitted - {RDF.type}} <= covered


def test_shapes_target_declared_classes():
    shapes = rdflib.Graph().parse(SHAPES_PATH, format="turtle")
    targets = set(shapes.objects(None, rdflib.URIRef("http://www.w3.org/ns/shacl#targetClass")))
    ontology = _ontology()
    assert targets and all((target, RDF.type, OWL.Class) in ontology for target in targets)
    assert {KG.Paper, KG.Venue, KG.Method, KG.Dataset, KG.Model, KG.Task, KG.Metric, KG.Mention, KG.Authorship,
            KG.Similarity} <= targets


def test_every_entity_kind_has_a_class_and_the_kinds_own_predicates_are_declared():
    from exports.rdf_edges import KIND_PREDICATES
    from exports.rdf_nodes import NODE_CLASSES
    from ontology.kinds import ENTITY_KINDS, ENTITY_PREDICATES

    ontology = _ontology()
    for kind in ENTITY_KINDS:
        assert (rdflib.URIRef(NODE_CLASSES[kind]), RDFS.subClassOf, KG.Entity) in ontology, kind
    assert set(KIND_PREDICATES) == set(ENTITY_PREDICATES) == {"task", "metric"}
    for kind, predicate in KIND_PREDICATES.items():
        assert (rdflib.URIRef(predicate), RDFS.range, rdflib.URIRef(NODE_CLASSES[kind])) in ontology
