"""The ontology file, the Python namespace and the exported graph agree."""
from __future__ import annotations

import re

import rdflib
from rdflib.namespace import OWL, RDF

from exports.rdf import to_rdf
from ontology import KG, NAMESPACE, ONTOLOGY_PATH

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
    import pytest

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
