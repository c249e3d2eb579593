"""End to end through the library: sample build, merging, determinism, bad input, exports."""
from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest
import rdflib
from rdflib.compare import isomorphic

from exports.node_link import to_json
from exports.rdf import to_rdf, write_turtle
from kg.pipeline import build, sample_inputs

SAMPLE_DIR = Path(str(resources.files("kg").joinpath("sample/underline")))
DATA = Path(__file__).resolve().parent / "data"


def _papers_titled(graph, prefix):
    return [n for n, d in graph.nodes(data=True) if d["kind"] == "paper" and (d.get("title") or "").startswith(prefix)]


def test_sample_build_has_every_kind(sample_build):
    counts = sample_build.counts()
    assert counts["paper"] == 59 and counts["venue"] == 3
    assert counts["nextInProgram"] == 5
    assert counts["similarTo"] >= 59 * 5 // 2  # the pages' 4 links plus every paper's 5 nearest (kg.similarity)
    assert sample_build.problems == ()


def test_same_paper_on_two_pages_is_one_node(tmp_path, sample_build):
    # "Leveraging High-Resource English Corpora ..." is listed on one page and named by "Next from" on the same page;
    # copying a page under another name must not duplicate any paper.
    shutil.copytree(SAMPLE_DIR, tmp_path / "pages")
    page = (SAMPLE_DIR / "000_16934c490b00c391.txt").read_text(encoding="utf-8")
    (tmp_path / "pages" / "copy.txt").write_text(page + "\n", encoding="utf-8")  # not byte-identical
    graph = build([tmp_path / "pages"]).graph
    assert len(_papers_titled(graph, "CLEAR: Cross-Lingual")) == 1
    node = _papers_titled(graph, "CLEAR: Cross-Lingual")[0]
    assert graph.nodes[node]["sources"] == ["pages/000_16934c490b00c391.txt", "pages/copy.txt"]
    paper_count = sum(1 for _, k in graph.nodes(data="kind") if k == "paper")
    assert paper_count == sample_build.counts()["paper"]


def test_untitled_listing_without_title_is_labelled_by_its_first_words(sample_build):
    labels = [d["label"] for _, d in sample_build.graph.nodes(data=True) if d["kind"] == "paper" and not d["title"]]
    assert "Users frequently express their beliefs to large language…" in labels


def test_acronym_and_long_form_are_one_node(sample_build):
    graph = sample_build.graph
    clear = [d for _, d in graph.nodes(data=True) if d["kind"] == "method" and d["label"] == "CLEAR"]
    assert len(clear) == 1
    assert "Cross-Lingual Enhancement in RetrievAl via Reverse-training" in clear[0]["alt_labels"]


def test_entity_edges_carry_provenance(sample_build):
    graph = sample_build.graph
    edges = [d for _, _, d in graph.edges(data=True) if d["relation"] in {"proposes", "uses"}]
    assert edges
    for data in edges:
        assert data["source"] and data["extractor"].startswith("kg_entities:") and 0 < data["confidence"] <= 1
        for mention in data["mentions"]:
            text = (SAMPLE_DIR / Path(mention["source"]).name).read_text(encoding="utf-8")
            assert text[mention["start"] : mention["end"]].replace("*", "") == mention["name"].replace("*", "")


def test_venue_facts_on_the_venue_node(sample_build):
    acl = sample_build.graph.nodes["venue/acl-2026"]
    assert (acl["start_date"], acl["end_date"]) == ("2026-07-02", "2026-07-07")
    assert acl["location"].startswith("San Diego") and acl["general_chair"] == "Philipp Koehn"


def test_unseen_layouts_build_without_code_changes():
    result = build([DATA / "pages"])
    graph = result.graph
    assert graph.nodes["venue/naacl-2027"]["location"] == "Toronto, Canada"
    assert graph.nodes["venue/coling-2027"]["start_date"] == "2027-09-03"
    assert [p.source for p in result.problems] == ["pages/half_page.txt"]
    polyrank = _papers_titled(graph, "PolyRank")[0]
    assert {graph.nodes[t]["label"] for _, t, k in graph.out_edges(polyrank, keys=True) if k == "proposes"} == {"PolyRank"}


def test_unreadable_file_is_reported_and_the_rest_is_built(tmp_path):
    shutil.copy(SAMPLE_DIR / "000_16934c490b00c391.txt", tmp_path / "good.txt")
    (tmp_path / "broken.txt").write_bytes(b"\xff\xfe\x00 not text \x80\x81")
    result = build([tmp_path])
    assert [str(p) for p in result.problems] == [
        f"{tmp_path.name}/broken.txt: starts like UTF-16 text but is not (byte 14); skipped"]
    assert _papers_titled(result.graph, "CLEAR: Cross-Lingual")


def test_a_byte_identical_copy_is_reported_and_read_once(tmp_path):
    shutil.copy(SAMPLE_DIR / "000_16934c490b00c391.txt", tmp_path / "a.txt")
    shutil.copy(SAMPLE_DIR / "000_16934c490b00c391.txt", tmp_path / "b.txt")
    result = build([tmp_path])
    assert [str(p) for p in result.problems] == [f"{tmp_path.name}/b.txt: same content as {tmp_path.name}/a.txt; skipped"]
    assert len(result.documents) == 1


def test_missing_input_is_a_problem_not_a_crash(tmp_path):
    result = build([tmp_path / "nope.txt", SAMPLE_DIR / "000_16934c490b00c391.txt"])
    assert "no such file" in str(result.problems[0])
    assert _papers_titled(result.graph, "CLEAR")


def test_outputs_are_deterministic(tmp_path):
    first, second = build(), build(list(reversed(sample_inputs())))
    assert to_json(first.graph) == to_json(second.graph)
    write_turtle(first.graph, tmp_path / "a.ttl")
    write_turtle(second.graph, tmp_path / "b.ttl")
    assert (tmp_path / "a.ttl").read_bytes() == (tmp_path / "b.ttl").read_bytes()


def test_turtle_parses_back_to_the_same_graph(tmp_path, sample_build):
    path = write_turtle(sample_build.graph, tmp_path / "graph.ttl")
    parsed = rdflib.Graph().parse(path, format="turtle")
    assert isomorphic(parsed, to_rdf(sample_build.graph))
    assert "example.org" not in path.read_text(encoding="utf-8")


def test_node_link_json_round_trips(sample_build):
    import networkx as nx

    data = json.loads(to_json(sample_build.graph))
    graph = nx.node_link_graph(data, edges="edges", source="from", target="to")
    assert graph.number_of_nodes() == sample_build.graph.number_of_nodes()
    assert graph.number_of_edges() == sample_build.graph.number_of_edges()


def test_no_input_text_is_held_while_the_graph_is_assembled(tmp_path, monkeypatch):
    # Once a document's records are at hand (cached or just extracted) its text is let go: on a cached corpus
    # that is the whole corpus's text, which would otherwise sit in memory through assembly and the exports.
    import gc

    import kg.pipeline as pipeline
    from kg.sources import SourceText

    cache = tmp_path / "cache"
    alive: list[int] = []
    real = pipeline.build_graph
    # Texts an earlier test left alive (a kept traceback, a fixture's result) are not this build's: held here so
    # that their ids stay theirs, and left out of the count.
    gc.collect()
    earlier = [thing for thing in gc.get_objects() if isinstance(thing, SourceText)]
    earlier_ids = {id(thing) for thing in earlier}

    def counting_build_graph(documents, **options):
        gc.collect()
        alive.append(sum(isinstance(thing, SourceText) and id(thing) not in earlier_ids
                         for thing in gc.get_objects()))
        return real(documents, **options)

    monkeypatch.setattr(pipeline, "build_graph", counting_build_graph)
    first = build([SAMPLE_DIR], cache_dir=cache, similarity=False)  # extracts every page
    again = build([SAMPLE_DIR], cache_dir=cache, similarity=False)  # every page from the cache
    assert len(first.extracted) == first.document_count > 0 and again.extracted == ()
    assert alive == [0, 0]


def test_extracted_records_share_strings_as_cached_ones_do():
    # Records extracted in this build are as compact as records read back from the cache: one string per text.
    result = build([SAMPLE_DIR / "000_16934c490b00c391.txt"], similarity=False)
    (document,) = result.documents
    texts = [m.provenance.source for m in document.mentions] + [p.provenance.source for p in document.papers]
    assert len(texts) > 10 and all(text is document.source for text in texts)
    extractors = [m.provenance.extractor for m in document.mentions]
    assert len({id(text) for text in extractors}) == len(set(extractors))


def test_records_of_an_unexpected_shape_are_built_as_they_are(tmp_path, monkeypatch):
    # Sharing strings re-reads the records through the cache's checked decoder; a record that decoder refuses
    # (a reader's bug) is kept as extracted, so the build goes on as it did before the sharing.
    import dataclasses

    import kg.pipeline as pipeline

    real = pipeline.read_document

    def odd_read_document(source, **options):
        document = real(source, **options)
        paper = dataclasses.replace(document.papers[0], keywords=("fine", 7))  # an int where text belongs
        return dataclasses.replace(document, papers=(paper, *document.papers[1:]))

    monkeypatch.setattr(pipeline, "read_document", odd_read_document)
    monkeypatch.setattr("kg.execution.read_document", odd_read_document)
    result = build([SAMPLE_DIR / "000_16934c490b00c391.txt"], cache_dir=tmp_path / "cache", similarity=False)
    assert result.document_count == 1 and result.documents[0].papers[0].keywords == ("fine", 7)
    (problem,) = result.problems
    assert problem.source.endswith("000_16934c490b00c391.txt") and "cannot cache" in problem.message
    assert not list((tmp_path / "cache").rglob("*.json"))  # not cached: it could not be read back


@pytest.mark.parametrize("workers", [1, 2])
def test_the_collector_is_paused_only_where_no_garbage_cycles_are_made(monkeypatch, workers):
    # Records from worker processes, the graph's assembly and the similarity search make no reference cycles, so the
    # build pauses the cyclic collector there (its full passes walked every record or node again and again:
    # docs/scaling.md); extraction in this process (spaCy) keeps it. A cycle made while a document arrives is
    # collected before the next one, and the collector's state is restored after the build.
    import gc
    import weakref

    from kg import pipeline

    class Cycle:
        pass

    seen: dict[str, list[bool]] = {"arriving": [], "assembly": [], "similarity": []}
    cycles: list[weakref.ref] = []

    def progress(items, total):
        for item in items:
            seen["arriving"].append(gc.isenabled())
            if workers > 1:  # the last document's cyclic garbage is gone (paused: collected young)
                assert all(ref() is None for ref in cycles)
            cycle = Cycle()
            cycle.me = cycle
            cycles.append(weakref.ref(cycle))
            del cycle
            yield item

    def recording(name, real):
        def call(*args, **kwargs):
            seen[name].append(gc.isenabled())
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(pipeline, "build_graph", recording("assembly", pipeline.build_graph))
    monkeypatch.setattr(pipeline, "add_similarity_edges", recording("similarity", pipeline.add_similarity_edges))
    assert gc.isenabled()
    result = build([SAMPLE_DIR], workers=workers, progress=progress)
    assert gc.isenabled() and result.document_count == 5
    assert seen["assembly"] == seen["similarity"] == [False]
    assert seen["arriving"] == [workers == 1] * 5


def test_a_cycle_that_outlives_its_document_s_young_pass_is_collected_while_records_arrive(monkeypatch):
    # A Dask client leaves a reference cycle per document that is still alive when that document's young pass runs;
    # paused, only the periodic pass over the middle generation frees it before the build ends.
    import gc
    import weakref

    from ontology.util import memory

    class Cycle:
        pass

    monkeypatch.setattr(memory, "OLDER_PASS_EVERY", 2)
    held: list[Cycle] = []
    cycles: list[weakref.ref] = []
    freed: dict[int, bool] = {}  # document number (1-based) whose arrival let the cycle go -> freed by now?

    def progress(items, total):
        for item in items:
            assert not gc.isenabled()
            if len(cycles) >= 2:  # the cycle made two documents ago, let go before the last document's arrival
                freed[len(cycles)] = cycles[-2]() is None
            held.clear()  # the previous document's cycle dies only now, after its young pass
            cycle = Cycle()
            cycle.me = cycle
            held.append(cycle)
            cycles.append(weakref.ref(cycle))
            del cycle
            yield item

    build([SAMPLE_DIR], workers=2, progress=progress)
    # The 2nd and 4th arrivals pass over the middle generation, where the 1st and 3rd documents' cycles went
    # (alive at their own young pass); the 2nd's went on to the oldest one, which only the end of the pause collects.
    assert freed == {2: True, 3: False, 4: True}


def test_the_regions_where_the_collector_is_paused_leave_no_garbage_cycles_that_grow_with_the_corpus(
        tmp_path, monkeypatch):
    # The pauses rest on a premise: decoding cached records, receiving records from workers, assembly with the
    # similarity search and writing the tables' rows make no reference cycles per document, so nothing piles up
    # while the collector waits. At each region's end (still paused) a full collection counts what it would free:
    # a fixed handful from libraries (thread-pool controllers, classes made once), the same for 5 documents as for 15
    # (a cycle per document that outlives its young pass would add 10).
    import contextlib
    import gc

    from exports import graph_tables
    from exports.graph_tables import write_graph_tables
    from kg import pipeline
    from ontology.util.memory import paused_gc

    found: list[int] = []

    @contextlib.contextmanager
    def counted():
        gc.collect()  # what is found at the end was made inside the region
        with paused_gc():
            try:
                yield
            finally:
                gc.set_debug(gc.DEBUG_SAVEALL)
                try:
                    found.append(gc.collect())
                finally:
                    gc.garbage.clear()
                    gc.set_debug(0)

    monkeypatch.setattr(pipeline, "paused_gc", counted)
    monkeypatch.setattr(graph_tables, "paused_gc", counted)

    def garbage(inputs: list[Path], name: str) -> list[int]:
        found.clear()
        for _ in ("fresh", "cached"):
            result = build(inputs, workers=2, cache_dir=tmp_path / name / "cache")
            write_graph_tables(result.graph, tmp_path / name / "tables")
        return list(found)

    def papers(count: int) -> Path:
        folder = tmp_path / f"papers{count}"
        folder.mkdir()
        for n in range(count):
            (folder / f"paper{n}.bib").write_text(
                f"@inproceedings{{p{n},\n  title = {{Parsing Study {n} with the Penn Treebank}},\n"
                f"  author = {{Doe, Jane and Roe, Rick}},\n  booktitle = {{Proceedings of ACL 2020}},\n"
                f"  year = {{2020}},\n  abstract = {{We propose ParseNet-{n}, a parser trained on the Penn "
                f"Treebank with BERT. It improves F1 on dependency parsing.}}\n}}\n", encoding="utf-8")
        return folder

    small, large = garbage([papers(5)], "small"), garbage([papers(15)], "large")
    assert len(small) == len(large) >= 8  # decode, arrival, assembly + similarity, 3 tables; then decode, ...
    assert all(count < 500 for count in large), large
    assert all(big - few < 10 for few, big in zip(small, large)), (small, large)  # 10 more documents
