"""The rows path with bounded memory (kg.streamed_rows, kg.streamed_outputs; round h14ch): each partition's rows from
documents read one at a time are the rows of every record; the five files written from the spilled rows are the
graph path's bytes (sample build, made-up corpora; 1 to 7 partitions; search on and off); a killed run leaves the
last outputs."""
from __future__ import annotations

import copy
import dataclasses
import weakref
from pathlib import Path

import pytest

from kg.document_summary import summarize, summary_tables
from kg.graph import build_graph
from kg.partition_rows import hashed_part, partition_rows
from kg.similarity import add_similarity_edges
from kg.streamed_outputs import write_streamed_outputs
from kg.streamed_rows import StreamError, streamed_part_rows
from ontology.records import DocumentRecords, Paper, Provenance
from tests.test_partition_rows import _entities, _made_up, _persons
from tests.test_rows_outputs import _differing, _graph_files, assert_left_as, stopped_in

CORPORA = pytest.mark.parametrize("documents", [_made_up, _persons, _entities],
                                  ids=["papers-venues-links", "persons-creators", "entities-collisions"])


def _by_source(documents):
    return sorted(documents, key=lambda d: d.source)


class _Loads:
    """Documents by key, loaded as the writer asks; which keys it asked for, in order."""

    def __init__(self, documents) -> None:
        self.documents = {f"k{n}": document for n, document in enumerate(documents)}
        self.asked: list[str] = []

    def __call__(self, key: str):
        self.asked.append(key)
        return self.documents[key]

    def summaries(self):
        return [(key, summarize(document)) for key, document in reversed(self.documents.items())]


def _streamed(documents, folder: Path, **options) -> Path:
    loads = _Loads(documents)
    write_streamed_outputs(loads, loads.summaries(), folder, **options)
    return folder


@pytest.mark.parametrize("parts", (1, 3, 7))
def test_each_partition_streamed_is_its_rows_from_every_record(sample_build, parts):
    """The sample pages (real inputs): each hashed partition's rows from the documents streamed one at a time equal
    partition_rows' from all the records held."""
    documents = sample_build.documents
    tables = summary_tables([summarize(d) for d in documents])
    for part in range(parts):
        in_part = hashed_part(part, parts)
        assert streamed_part_rows(iter(_by_source(documents)), tables, in_part=in_part) == \
            partition_rows(documents, in_part=in_part)


@CORPORA
@pytest.mark.parametrize("parts", (1, 2, 7))
def test_made_up_partitions_streamed_are_their_rows(documents, parts):
    """The made-up corpora (paper merges across documents, persons, a title task dropped for the abstract another
    document gives, D21 collisions): the same rows streamed as from every record."""
    made = documents()
    tables = summary_tables([summarize(d) for d in made])
    for part in range(parts):
        in_part = hashed_part(part, parts)
        assert streamed_part_rows(iter(_by_source(made)), tables, in_part=in_part) == \
            partition_rows(made, in_part=in_part)


def test_the_title_task_of_a_paper_with_an_abstract_elsewhere_is_dropped_streamed():
    """_entities' q1 has its title task, its abstract only in another document: the abstracts' table, not the
    document being read, decides; without it the task's rows would differ."""
    made = _entities()
    tables = summary_tables([summarize(d) for d in made])
    wrong = dataclasses.replace(tables, abstracts=frozenset())
    whole = partition_rows(made, in_part=lambda node: True)
    assert streamed_part_rows(iter(_by_source(made)), tables, in_part=lambda node: True) == whole
    with pytest.raises(StreamError, match="other paper records or mentions"):
        streamed_part_rows(iter(_by_source(made)), wrong, in_part=lambda node: True)


def _tied() -> list[DocumentRecords]:
    """One paper stated twice by one document at no line (a tie in D4's merge order: same role, source and line),
    its records listed against their refs' order, so that only the replay order (by ref) says which title, venue
    and authors come first; and a second document, so that the stream holds more than one."""
    tied = DocumentRecords(source="t.txt", papers=(
        Paper(ref="z", title="Tied Paper", doi="10.9/T", venue="Venue One", authors=("Ann Lee",),
              provenance=Provenance("t.txt")),
        Paper(ref="y", title="Tied paper", doi="10.9/t", venue="Venue Two", authors=("Bo Chen", "Ann Lee"),
              provenance=Provenance("t.txt"))))
    other = DocumentRecords(source="u.txt", papers=(Paper(ref="u", title="Other", provenance=Provenance("u.txt")),))
    return [other, tied]


@pytest.mark.parametrize("parts", (1, 2, 3))
def test_a_tie_in_merge_order_is_broken_by_replay_order_streamed(parts, tmp_path):
    """_tied's paper: its records are kept in replay order (by ref), not in the order the document lists them, so
    the merged title is ref y's, as build_graph makes it; the rows and the five files the same as from every
    record (the mutant that keeps document order survived the other corpora: review92)."""
    made = _tied()
    graph = build_graph(made)
    assert [data["title"] for _, data in graph.nodes(data=True) if data.get("kind") == "paper"
            and data.get("doi")] == ["Tied paper"]
    tables = summary_tables([summarize(d) for d in made])
    for part in range(parts):
        in_part = hashed_part(part, parts)
        assert streamed_part_rows(iter(_by_source(made)), tables, in_part=in_part) == \
            partition_rows(made, in_part=in_part)
    _streamed(made, tmp_path / "rows", parts=parts, similarity=False)
    assert _differing(_graph_files(graph, tmp_path / "graph"), tmp_path / "rows") == []


def test_documents_out_of_order_or_not_the_tables_are_refused():
    made = _made_up()
    tables = summary_tables([summarize(d) for d in made])
    with pytest.raises(StreamError, match="sorted by source"):
        streamed_part_rows(iter(_by_source(made)[::-1]), tables, in_part=lambda node: True)
    with pytest.raises(StreamError, match="summary_tables"):
        streamed_part_rows(iter(_by_source(made)[:-1]), tables, in_part=lambda node: True)
    renamed = [dataclasses.replace(d, papers=tuple(dataclasses.replace(p, ref=p.ref + "-other") for p in d.papers))
               for d in made]  # the same numbers of papers and mentions, refs the tables never saw
    with pytest.raises(StreamError, match="is not in the decision tables"):
        streamed_part_rows(iter(_by_source(renamed)), tables, in_part=lambda node: True)


@pytest.mark.parametrize("parts", (1, 3, 7))
def test_the_sample_builds_outputs_streamed(sample_build, tmp_path, parts):
    """The sample build (search on, k=5): the five files the graph path's writers' bytes; every document loaded
    once per partition, in source order."""
    loads = _Loads(sample_build.documents)
    write_streamed_outputs(loads, loads.summaries(), tmp_path / "rows", parts=parts)
    assert _differing(_graph_files(sample_build.graph, tmp_path / "graph"), tmp_path / "rows") == []
    by_source = sorted(loads.documents, key=lambda key: loads.documents[key].source)
    assert loads.asked == by_source * parts
    assert sorted(p.name for p in (tmp_path / "rows").iterdir()) == ["graph.json", "graph.ttl", "tables"]


def test_each_document_is_let_go_before_the_one_after_next_is_loaded(sample_build, tmp_path):
    """The memory claim itself: a copy of each document is loaded per partition, and when the writer asks for the
    next one, no document before the last one loaded is still held (the last is the stream's loop variable)."""
    loads = _Loads(sample_build.documents)
    made: list[weakref.ref] = []
    held: list[int] = []

    def load(key: str):
        held.append(sum(ref() is not None for ref in made[:-1]))
        document = copy.deepcopy(loads(key))
        made.append(weakref.ref(document))
        return document

    write_streamed_outputs(load, loads.summaries(), tmp_path / "rows", parts=2, similarity=False)
    assert len(held) == 2 * len(loads.documents) and set(held) == {0}


@pytest.mark.parametrize("similarity", (False, True))
@pytest.mark.parametrize("parts", (1, 2, 7))
@CORPORA
def test_made_up_corpora_streamed(documents, parts, similarity, tmp_path):
    """build_graph (+ the search, k=2) of the made-up corpora against the files written from streamed partitions;
    the stated similarTo links each way are scored by the search, or kept as stated with the search off."""
    graph = build_graph(documents())
    if similarity:
        add_similarity_edges(graph, k=2)
    _streamed(documents(), tmp_path / "rows", parts=parts, similarity=similarity, similar_k=2)
    assert _differing(_graph_files(graph, tmp_path / "graph"), tmp_path / "rows") == []


@pytest.mark.parametrize("stage", ("streamed_part_rows", "similarity_rows", "write_json_rows", "_write_in_edges"))
def test_a_killed_streamed_run_leaves_the_last_outputs(sample_build, tmp_path, monkeypatch, stage):
    """A run stopped in pass 2, in the search, while writing graph.json or the last table replaces none of the last
    run's five files and leaves no spill; run again, it gives a clean run's bytes."""
    import kg.streamed_outputs as module

    documents = sample_build.documents
    _streamed(documents, tmp_path / "clean", parts=3)
    _streamed(documents, tmp_path / "last", parts=3, similarity=False)  # the last run: other bytes
    _streamed(documents, tmp_path / "again", parts=3, similarity=False)
    assert _differing(tmp_path / "clean", tmp_path / "again") != []

    stopped_in(monkeypatch, module, stage, lambda: _streamed(documents, tmp_path / "again", parts=3))
    assert_left_as(tmp_path / "last", tmp_path / "again")
    _streamed(documents, tmp_path / "again", parts=3)
    assert _differing(tmp_path / "clean", tmp_path / "again") == []


def test_no_partitions_is_refused(tmp_path):
    with pytest.raises(ValueError, match="at least 1"):
        write_streamed_outputs(lambda key: None, [], tmp_path, parts=0)
