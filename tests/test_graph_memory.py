"""What assembly and the similarity search leave in memory: shared objects instead of copies, no caches kept
after the build, freed heap given back before the graph's stages (docs/scaling.md, "Graph memory (h14ah)")."""
from __future__ import annotations

import networkx as nx

import kg.graph
import kg.pipeline
from kg.graph import build_graph
from kg.similarity import SIMILARITY_EXTRACTOR, add_similarity_edges
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation


def _papers_at_one_venue(count: int) -> list[DocumentRecords]:
    papers = tuple(Paper(ref=f"title:p{i}", title=f"Paper number {i}", provenance=Provenance("v.xml", line=i),
                         venue="ACL 2026", authors=("Ada Lovelace", f"Author {i}")) for i in range(count))
    return [DocumentRecords(source="v.xml", papers=papers)]


def test_a_venue_node_id_is_one_string_in_the_adjacency_of_all_its_papers():
    graph = build_graph(_papers_at_one_venue(3))
    venue = next(node for node, kind in graph.nodes(data="kind") if kind == "venue")
    assert len(graph.pred[venue]) == 3
    assert all(key is venue for paper in graph.pred[venue] for key in graph.succ[paper] if key == venue)
    assert all(key is venue for key in graph._pred if key == venue)


def test_equal_offsets_lines_confidences_and_years_are_one_object_each():
    page = "p.txt"
    papers = tuple(Paper(ref=f"title:p{i}", title=f"Paper {i}", provenance=Provenance(page), year=int("2024"))
                   for i in range(2))
    mentions = tuple(Mention(f"title:p{i}", "BERT", EntityKind.MODEL, Relation.USES,
                             Provenance(page, start=int("1000"), end=int("1004"), line=int("300"),
                                        confidence=float("0.9"), extractor="kg_entities:use+gazetteer"))
                     for i in range(2))
    graph = build_graph([DocumentRecords(source=page, papers=papers, mentions=mentions)])
    edges = [e for _, _, e in graph.edges(data=True) if e["relation"] == "uses"]
    assert len(edges) == 2
    for field in ("start", "end", "confidence"):
        assert edges[0][field] is edges[1][field] is edges[0]["mentions"][0][field] is edges[1]["mentions"][0][field]
    assert edges[0]["mentions"][0]["line"] is edges[1]["mentions"][0]["line"] == 300
    years = [year for _, year in graph.nodes(data="year") if year]
    assert years == [2024, 2024] and years[0] is years[1]


def test_numbers_are_shared_by_type_and_value_never_across_types_or_zeros():
    numbers = kg.graph._Numbers()
    assert [repr(numbers(value)) for value in (1, 1.0, True, 0.0, -0.0, None)] == ["1", "1.0", "True", "0.0", "-0.0",
                                                                                   "None"]
    assert numbers(int("7000")) is numbers(int("7000")) and numbers(float("-0.0")) is not numbers(float("-0.0"))


def test_assembly_keeps_no_cache_of_person_ids_after_it():
    graph = build_graph(_papers_at_one_venue(3))
    assert sum(kind == "person" for _, kind in graph.nodes(data="kind")) == 4
    assert kg.graph._person_id.cache_info().currsize == 0


def test_equal_similarity_scores_and_strengths_are_one_float_object_each(sample_build):
    graph = nx.MultiDiGraph(sample_build.graph)  # a copy without its computed links, whose floats are new
    graph.remove_edges_from([(u, v, k) for u, v, k, e in graph.edges(keys=True, data=True)
                             if e.get("extractor") == SIMILARITY_EXTRACTOR])
    assert add_similarity_edges(graph) > 0
    computed = [e for _, _, e in graph.edges(data=True) if e.get("extractor") == SIMILARITY_EXTRACTOR]
    values = [number for e in computed for number in (e["score"], e["strength"], *e["scores"].values())]
    assert len(values) > len(set(values))  # some repeat, so the check below can fail
    assert len({id(number) for number in values}) == len(set(values))


def test_build_gives_freed_heap_back_before_assembly_and_before_the_similarity_search(monkeypatch):
    steps = []
    real_graph, real_similarity = kg.pipeline.build_graph, kg.pipeline.add_similarity_edges
    monkeypatch.setattr(kg.pipeline, "return_free_memory", lambda: steps.append("trim"))
    monkeypatch.setattr(kg.pipeline, "build_graph", lambda docs, **k: steps.append("assembly") or real_graph(docs, **k))
    monkeypatch.setattr(kg.pipeline, "add_similarity_edges",
                        lambda *a, **k: steps.append("similarity") or real_similarity(*a, **k))
    kg.pipeline.build()
    assert steps == ["trim", "assembly", "trim", "similarity"]
