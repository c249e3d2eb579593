"""What assembly and the similarity search leave in memory: shared objects instead of copies, no caches kept
after the build, freed heap given back before the graph's stages (docs/scaling.md, "Graph memory (h14ah)")."""
from __future__ import annotations

import networkx as nx

import kg.graph
import kg.pipeline
from kg.graph import build_graph
from kg.shared_values import SharedValues
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
    numbers = SharedValues().number
    assert [repr(numbers(value)) for value in (1, 1.0, True, 0.0, -0.0, None)] == ["1", "1.0", "True", "0.0", "-0.0",
                                                                                   "None"]
    assert numbers(int("7000")) is numbers(int("7000")) and numbers(float("-0.0")) is not numbers(float("-0.0"))


def _two_volumes() -> list[DocumentRecords]:
    """Two papers in each of two files, one author in both files, one paper in both files (merged by its id)."""
    def paper(source: str, ref: str, authors: tuple[str, ...], **more) -> Paper:
        return Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(source, line=1), venue="ACL 2026",
                     authors=authors, **more)
    return [DocumentRecords(source="a.xml", papers=(paper("a.xml", "title:a1", ("Ada Lovelace", "Alan Turing")),
                                                    paper("a.xml", "title:a2", ("Ada Lovelace",)),
                                                    paper("a.xml", "title:both", ("Grace Hopper",), doi="10.1/x"))),
            DocumentRecords(source="b.xml", papers=(paper("b.xml", "title:b1", ("Ada Lovelace",)),
                                                    paper("b.xml", "title:b2", ("Edsger Dijkstra",)),
                                                    paper("b.xml", "title:other", ("Grace Hopper",), doi="10.1/x")))]


def test_equal_lists_and_dicts_of_attributes_are_one_object_each():
    graph = build_graph(_two_volumes())
    creators = [e for _, _, e in graph.edges(data=True) if e["relation"] == "creator" and e["source"] == "a.xml"]
    assert len(creators) == 4 and all(e["sources"] is creators[0]["sources"] == ["a.xml"] for e in creators)
    papers = [data for _, data in graph.nodes(data=True) if data["kind"] == "paper"]
    assert len(papers) == 5
    for name in ("keywords", "code_repositories", "extra"):
        assert all(data[name] is papers[0][name] for data in papers) and not papers[0][name]


def test_a_second_source_makes_a_new_list_and_leaves_the_shared_one_as_it_was():
    graph = build_graph(_two_volumes())
    ada, alan = (graph.nodes[kg.graph._person_id(name)] for name in ("Ada Lovelace", "Alan Turing"))
    assert ada["sources"] == ["a.xml", "b.xml"] and alan["sources"] == ["a.xml"]
    merged = next(p for p, data in graph.nodes(data=True) if data.get("doi") == "10.1/x")
    assert graph.nodes[merged]["sources"] == ["a.xml", "b.xml"]
    venue = next(node for node in graph.successors(merged) if graph.nodes[node]["kind"] == "venue")
    assert graph.edges[merged, venue, "presentedAt"]["sources"] == ["a.xml", "b.xml"]
    alone = [e["sources"] for _, _, e in graph.edges(data=True) if e["relation"] == "presentedAt"]
    assert sorted(map(tuple, alone)) == [("a.xml",)] * 2 + [("a.xml", "b.xml")] + [("b.xml",)] * 2


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
    for name in ("bases", "scores", "shared_entities", "shared_terms"):  # equal containers: one object each
        assert len({id(e[name]) for e in computed}) == len({repr(e[name]) for e in computed})
    assert all(e["bases"] is computed[0]["bases"] == ["combined"] for e in computed)


def test_build_gives_freed_heap_back_before_assembly_and_before_the_similarity_search(monkeypatch):
    steps = []
    real_graph, real_similarity = kg.pipeline.build_graph, kg.pipeline.add_similarity_edges
    monkeypatch.setattr(kg.pipeline, "return_free_memory", lambda: steps.append("trim"))
    monkeypatch.setattr(kg.pipeline, "build_graph", lambda docs, **k: steps.append("assembly") or real_graph(docs, **k))
    monkeypatch.setattr(kg.pipeline, "add_similarity_edges",
                        lambda *a, **k: steps.append("similarity") or real_similarity(*a, **k))
    kg.pipeline.build()
    assert steps == ["trim", "assembly", "trim", "similarity"]
