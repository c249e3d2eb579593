"""Entity resolution in the graph: one node per entity, variants merged, same names of different kinds kept apart."""
from __future__ import annotations

import pytest

from kg.graph import build_graph
from ontology.ids import entity_key
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation

PWC = "https://paperswithcode.com/dataset/"


def _mention(paper: str, name: str, kind: str, extractor: str, *, long_form: str | None = None,
             same_as: str | None = None, relation: Relation = Relation.USES) -> Mention:
    return Mention(paper_ref=paper, name=name, kind=EntityKind(kind), relation=relation, long_form=long_form,
                   same_as=same_as, provenance=Provenance(f"{paper}.txt", start=0, end=len(name),
                                                          extractor=extractor, confidence=0.8, sentence=name))


def _graph(*mentions: Mention):
    papers = sorted({m.paper_ref for m in mentions})
    documents = [DocumentRecords(source=f"{ref}.txt",
                                 papers=(Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(f"{ref}.txt")),),
                                 mentions=tuple(m for m in mentions if m.paper_ref == ref)) for ref in papers]
    return build_graph(documents)


def _papers_of(graph, entity: str) -> list[str]:
    return sorted(graph.nodes[u]["title"] for u, _ in graph.in_edges(entity))


def _entities(graph) -> dict[str, tuple[str, list[str]]]:
    return {node: (data["label"], data["alt_labels"]) for node, data in graph.nodes(data=True)
            if data["kind"] in {"method", "dataset", "model"}}


@pytest.mark.parametrize(("a", "b"), [("ZorbQA", "zorb-qa"), ("Zorb QA v1.1", "Zorb-QA 1.1"),
                                      ("ZorbNotes 5.0", "ZorbNotes 5"), ("Zorb-Tuning V2", "Zorb Tuning v2")])
def test_spelling_and_version_variants_share_a_key(a, b):
    assert entity_key(a) == entity_key(b)


def test_different_versions_keep_different_keys():
    assert entity_key("ZorbQA 2.0") != entity_key("ZorbQA 1.1") and entity_key("Zorb 10.0.1") != entity_key("Zorb 10.1")


def test_variants_and_acronym_long_forms_are_one_node_with_alt_labels():
    graph = _graph(
        _mention("a", "ZQS", "dataset", "kg_entities:use+head_noun", long_form="Zorb Question Set"),
        _mention("b", "ZQS", "dataset", "kg_entities:use+evaluated_on"),
        _mention("c", "Zorb Question Set", "dataset", "kg_entities:use+named_dataset"),
        _mention("c", "zqs", "dataset", "kg_entities:use+default", long_form="Zorb Question Set"),  # 2 papers agree
    )
    assert _entities(graph) == {"dataset/zqs": ("ZQS", ["Zorb Question Set", "zqs"])}
    assert _papers_of(graph, "dataset/zqs") == ["Paper a", "Paper b", "Paper c"]


def test_names_linked_to_one_page_are_one_node():
    graph = _graph(_mention("a", "ZorbNLI", "dataset", "papers-with-code", same_as=PWC + "zorbnli"),
                   _mention("b", "ZNLI", "dataset", "kg_entities:use+evaluated_on", same_as=PWC + "zorbnli"))
    [(node, data)] = [(n, d) for n, d in graph.nodes(data=True) if d["kind"] == "dataset"]
    assert data["same_as"] == [PWC + "zorbnli"] and {data["label"], *data["alt_labels"]} == {"ZorbNLI", "ZNLI"}


def test_a_dataset_and_a_method_that_share_a_name_stay_apart():
    graph = _graph(
        _mention("a", "Zorb", "dataset", "kg_entities:use+head_noun"),  # "the Zorb benchmark"
        _mention("b", "Zorb", "method", "kg_entities:use+head_noun"),  # "the Zorb framework"
        _mention("c", "Zorb", "method", "kg_entities:use+default"),  # untyped: joins the kind most papers give
        _mention("d", "Zorb", "method", "kg_entities:proposal_verb+apposition", relation=Relation.PROPOSES),
    )
    assert set(_entities(graph)) == {"dataset/zorb", "method/zorb"}
    assert _papers_of(graph, "dataset/zorb") == ["Paper a"]
    assert _papers_of(graph, "method/zorb") == ["Paper b", "Paper c", "Paper d"]


def test_hints_alone_do_not_split_a_name():
    graph = _graph(_mention("a", "Zorb", "dataset", "kg_entities:use+evaluated_on"),
                   _mention("b", "Zorb", "method", "kg_entities:use+default"))
    assert set(_entities(graph)) == {"dataset/zorb"}


def test_curated_and_clear_evidence_decide_the_kind():
    graph = _graph(_mention("a", "Zorb", "dataset", "papers-with-code", same_as=PWC + "zorb"),
                   _mention("b", "Zorb", "method", "kg_entities:use+default"),
                   _mention("c", "Zorb", "dataset", "kg_entities:use+evaluated_on"))
    assert set(_entities(graph)) == {"dataset/zorb"}


def test_every_entity_edge_keeps_provenance_and_confidence():
    graph = _graph(_mention("a", "Zorb", "dataset", "kg_entities:use+head_noun"),
                   _mention("a", "Zorb", "dataset", "kg_entities:use+evaluated_on"))
    [(_, _, data)] = list(graph.in_edges("dataset/zorb", data=True))
    assert data["relation"] == "uses" and data["confidence"] == 0.8 and data["source"] == "a.txt"
    assert [m["extractor"] for m in data["mentions"]] == ["kg_entities:use+head_noun", "kg_entities:use+evaluated_on"]
