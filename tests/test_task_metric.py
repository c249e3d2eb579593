"""Tasks and metrics (issue 15) through every layer but extraction: graph merging, JSON, RDF, SHACL, scorer, analytics.

The extractor does not emit tasks or metrics yet, so the inputs here are
records made by hand, as an extractor would emit them
(``Mention(kind=EntityKind.TASK | EntityKind.METRIC, relation=PROPOSES | USES)``).
"""
from __future__ import annotations

import importlib.util

import networkx as nx
import pytest
import rdflib
from rdflib.compare import isomorphic

from exports.node_link import from_json, to_json
from exports.rdf import to_rdf
from exports.rdf_shacl import validate
from kg.analytics import benchmarks_by_task, top_entities
from kg.graph import build_graph
from ontology import KG
from ontology.ids import iri_for
from ontology.kinds import ENTITY_KINDS, EntityKind, Relation
from ontology.records import DocumentRecords, Mention, Paper, Provenance

SOURCE = "records/papers.jsonl"
A, B = "title:a", "title:b"


def _mention(paper: str, name: str, kind: EntityKind, relation: Relation = Relation.USES, *,
             extractor: str = "kg_ner:ner+ner", long_form: str | None = None, start: int = 0) -> Mention:
    where = Provenance(SOURCE, start=start, end=start + len(name), extractor=extractor, confidence=0.9,
                       sentence=f"We report on {name}.")
    return Mention(paper, name, kind, relation, where, long_form=long_form)


def _records(*mentions: Mention) -> list[DocumentRecords]:
    papers = (Paper(ref=A, title="Tagging Entities in Tweets", provenance=Provenance(SOURCE)),
              Paper(ref=B, title="A New Task: Nested Entity Recognition", provenance=Provenance(SOURCE)))
    return [DocumentRecords(source=SOURCE, papers=papers, mentions=mentions)]


def _papers(graph: nx.MultiDiGraph) -> dict[str, str]:
    return {data["title"]: node for node, data in graph.nodes(data=True) if data["kind"] == "paper"}


@pytest.fixture()
def merged() -> nx.MultiDiGraph:
    return build_graph(_records(
        _mention(A, "NER", EntityKind.TASK, long_form="named entity recognition", start=10),
        _mention(B, "named entity recognition", EntityKind.TASK, Relation.PROPOSES, start=20),
        _mention(A, "BLEU", EntityKind.METRIC, start=30),
        _mention(B, "bleu", EntityKind.METRIC, start=40),
        _mention(A, "CoNLL-2003", EntityKind.DATASET, extractor="kg_entities:use+gazetteer", start=50),
        _mention(B, "CoNLL-2003", EntityKind.DATASET, extractor="kg_entities:use+gazetteer", start=60),
    ))


def test_task_and_metric_mentions_merge_like_other_entities(merged):
    entities = {node: data for node, data in merged.nodes(data=True) if data["kind"] in ENTITY_KINDS}
    assert {node: data["kind"] for node, data in entities.items()} == {
        "task/ner": "task", "metric/bleu": "metric", "dataset/conll2003": "dataset"}
    assert entities["task/ner"]["alt_labels"] == ["named entity recognition"]  # the acronym and its long form
    assert entities["metric/bleu"]["label"] == "BLEU" and entities["metric/bleu"]["alt_labels"] == ["bleu"]
    papers = _papers(merged)
    tweets, nested = papers["Tagging Entities in Tweets"], papers["A New Task: Nested Entity Recognition"]
    assert set(merged.out_edges(tweets, keys=True)) >= {(tweets, "task/ner", "uses"), (tweets, "metric/bleu", "uses")}
    assert (nested, "task/ner", "proposes") in set(merged.out_edges(nested, keys=True))  # introduces the task
    edge = merged.edges[nested, "task/ner", "proposes"]
    assert (edge["source"], edge["start"], edge["extractor"]) == (SOURCE, 20, "kg_ner:ner+ner")
    assert [m["name"] for m in edge["mentions"]] == ["named entity recognition"]


def test_a_name_the_model_clearly_types_as_a_task_is_not_the_rules_untyped_method():
    # "task acronyms become methods" (issue 15): the rules' default type (method, "+default") is no evidence
    graph = build_graph(_records(
        _mention(A, "MNER", EntityKind.TASK, extractor="kg_ner:ner+ner"),
        _mention(B, "MNER", EntityKind.METHOD, extractor="kg_entities:use+default"),
    ))
    assert [node for node, kind in graph.nodes(data="kind") if kind != "paper"] == ["task/mner"]
    assert {relation for _, _, relation in graph.in_edges("task/mner", keys=True)} == {"uses"}


def test_a_built_graph_with_tasks_and_metrics_is_valid_rdf_with_their_own_relations(merged):
    report = validate(merged)
    assert report.conforms and report.violations == 0, report.text
    rdf = to_rdf(merged)
    task, metric = rdflib.URIRef(iri_for("task/ner")), rdflib.URIRef(iri_for("metric/bleu"))
    assert len(set(rdf.subjects(KG.addressesTask, task))) == len(set(rdf.subjects(KG.evaluatesWith, metric))) == 2
    assert not set(rdf.subjects(KG.uses, task)) | set(rdf.subjects(KG.proposes, task))
    assert (task, rdflib.RDF.type, KG.Method) not in rdf


def test_benchmarks_by_task_on_a_built_graph(merged):
    table = benchmarks_by_task(merged)
    assert table[["task_label", "task_papers", "label", "papers"]].values.tolist() == [
        ["NER", 2, "CoNLL-2003", 2]]
    assert top_entities(merged, kind="metric")[["label", "papers"]].values.tolist() == [["BLEU", 2]]


def _hand_made() -> nx.MultiDiGraph:
    """Two papers, a task (used by one, introduced by the other), a metric and a dataset: graph.py's shape."""
    g = nx.MultiDiGraph()
    for node, title in (("paper/a", "Tagging Entities in Tweets"), ("paper/b", "Nested Entity Recognition")):
        g.add_node(node, kind="paper", label=title, title=title, sources=[SOURCE])
    g.add_node("task/ner", kind="task", label="NER", alt_labels=["named entity recognition"], same_as=[],
               sources=[SOURCE])
    g.add_node("metric/f1", kind="metric", label="F1", alt_labels=[], same_as=[], sources=[SOURCE])
    g.add_node("dataset/conll2003", kind="dataset", label="CoNLL-2003", alt_labels=[], same_as=[], sources=[SOURCE])
    for paper, target, relation, start in (("paper/a", "task/ner", "uses", 10), ("paper/b", "task/ner", "proposes", 20),
                                           ("paper/a", "metric/f1", "uses", 30),
                                           ("paper/a", "dataset/conll2003", "uses", 40)):
        name = g.nodes[target]["label"]
        mention = {"name": name, "relation": relation, "source": SOURCE, "start": start, "end": start + len(name),
                   "extractor": "kg_ner:ner+ner", "confidence": 0.9, "sentence": f"On {name}.", "line": 1}
        g.add_edge(paper, target, key=relation, relation=relation, confidence=0.9, source=SOURCE, start=start,
                   end=start + len(name), extractor="kg_ner:ner+ner", sentence=mention["sentence"],
                   mentions=[mention])
    return g


def test_node_link_json_keeps_tasks_and_metrics_and_their_rdf():
    graph = _hand_made()
    back = from_json(to_json(graph))
    assert dict(back.nodes(data="kind")) == dict(graph.nodes(data="kind"))
    assert sorted(back.edges(keys=True)) == sorted(graph.edges(keys=True))
    assert isomorphic(to_rdf(back, store="memory"), to_rdf(graph, store="memory"))


def test_the_scorer_sees_no_task_or_metric_as_a_proposed_or_used_entity(shared_dir):
    spec = importlib.util.spec_from_file_location("kg_score", shared_dir / "eval" / "score.py")
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)
    view = score.graph_view(to_rdf(_hand_made(), store="memory"))
    named = {entity for relations in view["rels"].values() for entities in relations.values() for entity in entities}
    assert named == {iri_for("dataset/conll2003")}  # the task and the metric are not kg:proposes/kg:uses facts
    assert not view["types"].get(iri_for("task/ner")) and not view["types"].get(iri_for("metric/f1"))


def test_the_sparql_of_docs_rdf_md_gives_the_benchmarks_by_task_of_the_analytics():
    from kg.analytics import toy_graph

    graph = toy_graph(tasks=True)  # no paper there introduces a dataset, so kg:uses is every dataset fact
    query = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?task (COUNT(DISTINCT ?paper) AS ?papers) ?dataset WHERE {
          ?paper kg:addressesTask ?t ; kg:uses ?d .
          ?t rdfs:label ?task . ?d a kg:Dataset ; rdfs:label ?dataset .
        } GROUP BY ?task ?dataset ORDER BY ?task DESC(?papers)"""
    found = {(str(task), str(dataset), int(papers)) for task, papers, dataset in to_rdf(graph).query(query)}
    table = benchmarks_by_task(graph, tasks=None, top=10)
    assert found == set(zip(table["task_label"], table["label"], table["papers"])) and len(found) == 8


def test_void_partitions_and_examples_name_tasks_and_metrics():
    from exports.rdf_formats import RdfSerialiser
    from exports.void import DATASET_IRI

    void_ns = rdflib.Namespace("http://rdfs.org/ns/void#")
    void = rdflib.Graph().parse(data=RdfSerialiser(_hand_made()).serialise("void", written=("ttl",)), format="turtle")
    dataset = rdflib.URIRef(DATASET_IRI)
    partitions = {void.value(p, void_ns["class"]): int(void.value(p, void_ns.entities))
                  for p in void.objects(dataset, void_ns.classPartition)}
    assert partitions[KG.Task] == partitions[KG.Metric] == 1
    examples = set(void.objects(dataset, void_ns.exampleResource))
    assert {rdflib.URIRef(iri_for("task/ner")), rdflib.URIRef(iri_for("metric/f1"))} <= examples
    properties = {void.value(p, void_ns.property): int(void.value(p, void_ns.triples))
                  for p in void.objects(dataset, void_ns.propertyPartition)}
    assert (properties[KG.addressesTask], properties[KG.evaluatesWith], properties[KG.uses]) == (2, 1, 1)  # 2: paper a and b
