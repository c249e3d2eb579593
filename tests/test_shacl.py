"""Every graph kg builds conforms to ontology/shapes.ttl, and the shapes catch what they are meant to catch."""
from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest
import rdflib
from rdflib import RDF, RDFS, XSD, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV
from test_rdf_export import full_graph

from exports.rdf import BIBO, to_rdf
from exports.rdf_shacl import validate
from kg.pipeline import build, sample_inputs
from ontology import KG
from ontology.ids import iri_for

DATA = Path(__file__).parent / "data"


def test_the_sample_build_conforms(sample_build):
    report = validate(sample_build.graph)
    assert report.conforms and report.violations == 0, report.text


def test_a_graph_with_every_attribute_conforms():
    report = validate(full_graph())
    assert report.conforms and report.violations == 0, report.text


@pytest.mark.skipif(not all(importlib.util.find_spec(f"extractors.{name}") for name in ("anthology_xml", "jsonl_records")),
                    reason="the ACL Anthology XML and JSONL readers are not there")
def test_a_cross_source_build_conforms():
    result = build([*sample_inputs(), DATA / "anthology", DATA / "records"])
    kinds = {kind for _, kind in result.graph.nodes(data="kind")}
    relations = {relation for _, _, relation in result.graph.edges(keys=True)}
    assert "person" in kinds and "creator" in relations
    assert any(data.get("extractor") == "papers-with-code" for _, _, data in result.graph.edges(data=True))
    report = validate(result.graph)
    assert report.conforms and report.violations == 0, report.text


PAPER, OTHER = URIRef(iri_for("paper/a")), URIRef(iri_for("paper/b"))


def _one(graph: rdflib.Graph, predicate: URIRef, obj=None):
    return next(graph.subjects(predicate, obj) if obj is not None else (s for s, _ in graph.subject_objects(predicate)))


def _drop_label(g):
    g.remove((PAPER, RDFS.label, None))


def _second_label(g):
    g.add((PAPER, RDFS.label, Literal("Another label")))


def _bad_basis(g):
    node = _one(g, KG.basis, Literal("source"))
    g.set((node, KG.basis, Literal("vibes")))


def _score_above_one(g):
    node = _one(g, KG.basis, Literal("source"))
    g.set((node, KG.score, Literal("1.5", datatype=XSD.decimal)))


def _creator_without_authorship(g):
    g.add((PAPER, DCTERMS.creator, URIRef(iri_for("person/cy"))))
    g.add((URIRef(iri_for("person/cy")), RDF.type, URIRef("https://schema.org/Person")))


def _authorship_without_creator(g):
    g.remove((PAPER, DCTERMS.creator, URIRef(iri_for("person/bo"))))


def _shared_author_position(g):
    for node in g.subjects(RDF.type, KG.Authorship):
        g.set((node, KG.authorPosition, Literal(1)))


def _similarity_without_plain_triple(g):
    g.remove((PAPER, KG.similarTo, OTHER))


def _curated_fact_attributed_to_kg(g):
    mention = _one(g, KG.extractor, Literal("papers-with-code"))
    software = _one(g, RDF.type, PROV.SoftwareAgent)
    g.set((mention, PROV.wasAttributedTo, software))


def _entity_of_two_kinds(g):
    g.add((URIRef(iri_for("method/clear")), RDF.type, KG.Dataset))


def _doi_with_resolver(g):
    g.set((PAPER, BIBO.doi, Literal("https://doi.org/10.18653/v1/2026.acl-long.1")))


def _mention_ending_before_it_starts(g):
    mention = _one(g, KG.startOffset)
    g.set((mention, KG.endOffset, Literal(1)))


def _venue_ending_before_it_starts(g):
    venue = URIRef(iri_for("venue/acl-2026"))
    g.set((venue, URIRef("https://schema.org/endDate"), Literal("2026-07-01", datatype=XSD.date)))


def _mention_of_an_unused_entity(g):
    g.remove((PAPER, KG.uses, URIRef(iri_for("model/gpt4o"))))


def _year_as_text(g):
    g.set((PAPER, KG.year, Literal("2026")))


TASK, METRIC = URIRef(iri_for("task/ner")), URIRef(iri_for("metric/ndcg-10"))


def _task_typed_as_method(g):
    g.add((TASK, RDF.type, KG.Method))  # "a task is never typed kg:Method" (score.py's contract)


def _task_linked_with_uses(g):
    g.add((PAPER, KG.uses, TASK))  # kg:uses links methods, datasets and models only


def _metric_as_a_task(g):
    g.remove((PAPER, KG.evaluatesWith, METRIC))
    g.add((PAPER, KG.addressesTask, METRIC))


def _mention_of_an_unaddressed_task(g):
    g.remove((PAPER, KG.addressesTask, TASK))


@pytest.mark.parametrize("breakage", [
    _drop_label, _second_label, _bad_basis, _score_above_one, _creator_without_authorship,
    _authorship_without_creator, _shared_author_position, _similarity_without_plain_triple,
    _curated_fact_attributed_to_kg, _entity_of_two_kinds, _doi_with_resolver, _mention_ending_before_it_starts,
    _venue_ending_before_it_starts, _mention_of_an_unused_entity, _year_as_text, _task_typed_as_method,
    _task_linked_with_uses, _metric_as_a_task, _mention_of_an_unaddressed_task,
], ids=lambda f: f.__name__.strip("_"))
def test_the_shapes_catch_a_broken_graph(breakage: Callable[[rdflib.Graph], None]):
    graph = to_rdf(full_graph())
    before = set(graph)
    breakage(graph)
    assert set(graph) != before  # the breakage changed the graph
    report = validate(graph)
    assert not report.conforms and report.violations >= 1, breakage.__name__
