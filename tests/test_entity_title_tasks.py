"""Tasks from the titles of papers with no abstract (round h16r: extractors/entity_title_tasks.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from extractors.anthology_xml import read_anthology_xml
from extractors.entity_title_tasks import FRAME_RULE, framed_tasks, title_tasks
from extractors.mentions import default_pipeline, extract_mentions
from ontology.records import EntityKind, Paper, Provenance, Relation

ANTHOLOGY = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "anthology"


def _framed(title: str) -> list[str]:
    return [title[start:end] for start, end in framed_tasks(title, [])]


@pytest.mark.parametrize(("title", "tasks"), [
    ("A Zorb Model for Quux Detection", ["Quux Detection"]),
    ("Towards Robust Zorb-to-Quux Translation", ["Zorb-to-Quux Translation"]),  # a generic modifier goes
    ("Optimising Quux Generation for Zorb Systems", ["Quux Generation"]),  # the title's verb goes
    ("Learning to Describe Quux Editing", ["Quux Editing"]),  # a verb after "to" goes
    ("Pattern-based Zorb Quux Translation", ["Zorb Quux Translation"]),  # how it is done goes
    ("Quux Detection Experiments on Zorb", ["Quux Detection"]),  # a task's noun after the head stays out
    ("Zorb: Quux Recognition and Blob Segmentation", ["Quux Recognition", "Blob Segmentation"]),
])
def test_framed_tasks_find_a_phrase_ending_in_a_task_head(title: str, tasks: list[str]) -> None:
    assert _framed(title) == tasks


@pytest.mark.parametrize("title", [
    "Zorb Translation Using Quux Segment Correction",  # after "using": the means (the first is a task)
    "The Zorb Translation System",  # a system's name
    "A Zorb Transliteration Model",  # a model's name
    "Automatic Detection of Zorbs",  # nothing but how
    "Quux Generation",  # checked below with the span taken
    "Towards Translation of Poems",  # one word
    "Zorb 2010 Quux Translation",  # an edition
    "Feature Extraction for Zorbs",  # a method's step (title_task_stops.txt)
    "Disambiguation Rules for Zorbs",  # the rules, not the task
    "Zorb Translation Based on Quux Detection",  # "based on": the means, whatever connectives follow it (review)
    "Zorb Translation Using the Quux Detection",
])
def test_framed_tasks_leave_out_means_names_and_generic_phrases(title: str) -> None:
    taken = [(0, len(title))] if title == "Quux Generation" else []
    found = [title[s:e] for s, e in framed_tasks(title, taken)]
    assert found == (["Zorb Translation"] if title.startswith("Zorb Translation") else [])


def test_a_framed_task_leaves_its_opening_quote_out() -> None:
    title = "A Study of ‘Quux Detection’ in Zorbs"
    assert framed_tasks(title, []) == [(title.index("Quux"), title.index("’"))]


def test_title_tasks_take_the_pipelines_tasks_then_the_frames() -> None:
    doc = default_pipeline()("Zorb Quux Detection for Word Sense Disambiguation in the Blob System")
    found = [(doc.text[s:e], rule) for s, e, rule in title_tasks(doc)]
    assert ("Word Sense Disambiguation", "tagger") in found or ("Word Sense Disambiguation", "task_phrase") in found
    assert ("Zorb Quux Detection", FRAME_RULE) in found
    assert [name for name, _ in found] == ["Zorb Quux Detection", "Word Sense Disambiguation"]  # title order


def test_a_titles_long_form_pair_makes_no_task_of_its_acronym() -> None:
    """A title capitalises every long form: its acronym pair is a tool's or a project's name as often as a task's."""
    pipeline = default_pipeline()
    for title, acronym in [("Multi-Modal Post-Editing (MMPE) of Machine Translation", "MMPE"),
                           ("Global Under-Resourced Media Translation (GoURMET)", "GoURMET")]:
        doc = pipeline(title)
        assert acronym not in [doc.text[s:e] for s, e, _ in title_tasks(doc)]
    doc = pipeline("Named Entity Recognition (NER) for Hindi Tweets")
    assert "NER" in [doc.text[s:e] for s, e, _ in title_tasks(doc)]  # a task's acronym the tagger knows stays


def _paper(ref: str, title: str, abstract: str | None = None) -> Paper:
    return Paper(ref=ref, title=title, abstract=abstract, provenance=Provenance("x.jsonl", line=1))


def test_a_title_only_paper_uses_the_tasks_its_title_names() -> None:
    title = "A Zorb Model for Word Sense Disambiguation and Quux Detection"
    mentions = extract_mentions([_paper("p1", title)])
    tasks = [m for m in mentions if m.kind is EntityKind.TASK]
    assert [m.name for m in tasks] == ["Word Sense Disambiguation", "Quux Detection"]
    for mention in tasks:
        assert mention.relation is Relation.USES
        assert mention.provenance.sentence == title
        assert mention.provenance.extractor.startswith("kg_entities:title_task+")
        assert mention.provenance.start is None  # no offsets into the source: the reader kept none for the title
    assert tasks[1].provenance.extractor == f"kg_entities:title_task+{FRAME_RULE}"


def test_a_paper_with_an_abstract_is_read_as_before() -> None:
    title = "A Zorb Model for Word Sense Disambiguation and Quux Detection"
    with_abstract = _paper("p2", title, "We propose ZorbNet, a model. It beats BERT on SQuAD.")
    alone = extract_mentions([with_abstract])
    together = extract_mentions([_paper("p1", title), with_abstract])
    assert [m for m in together if m.paper_ref == "p2"] == alone
    assert not any("title_task" in m.provenance.extractor for m in alone)


def test_title_task_offsets_point_into_the_source_where_the_reader_kept_the_title() -> None:
    title = "Quux Detection in Zorbs"
    paper = Paper(ref="p", title=title, provenance=Provenance("page.txt"), title_span=(100, 100 + len(title)))
    (mention,) = [m for m in extract_mentions([paper]) if m.kind is EntityKind.TASK]
    assert (mention.name, mention.provenance.start, mention.provenance.end) == ("Quux Detection", 100, 114)


def test_real_title_only_anthology_papers_name_their_tasks() -> None:
    volume = ANTHOLOGY / "P93.xml"  # ACL 1993: titles only
    if not volume.is_file():
        pytest.skip("../shared/corpus/anthology is not present")
    records = read_anthology_xml(volume.read_bytes(), source=volume.name)
    assert records.papers and not any(p.abstract for p in records.papers)
    mentions = extract_mentions(records.papers)
    by_title = {p.ref: p.title for p in records.papers}
    tasks = {(by_title[m.paper_ref], m.name) for m in mentions if m.kind is EntityKind.TASK}
    assert ("A Speech-First Model for Repair Detection and Correction", "Repair Detection") in tasks
    assert all(m.relation is Relation.USES for m in mentions if m.kind is EntityKind.TASK)
    # 11 of its 47 titles named a task when this was written ("Anaphora Resolution", "Text Segmentation", ...)
    assert sum(1 for p in records.papers if any(t == p.title for t, _ in tasks)) >= 10


def test_a_paper_another_input_gives_an_abstract_keeps_no_title_task() -> None:
    """Each input is extracted alone: a title-only record of a paper whose abstract another input gives has its title
    read, and the merged paper, which has the abstract, drops those tasks (review)."""
    from kg.graph import build_graph
    from kg.title_tasks import TITLE_TASK_EXTRACTOR
    from ontology.records import DocumentRecords

    title = "A Zorb Model for Word Sense Disambiguation and Quux Detection"
    with_abstract = _paper("title:a", title, "We propose ZorbNet, a model for text. It beats FlimNet on the Blim data.")
    alone = Paper(ref="title:a", title=title, provenance=Provenance("b.jsonl", line=1))
    documents = [DocumentRecords(source=paper.provenance.source, papers=(paper,),
                                 mentions=tuple(extract_mentions([paper])))
                 for paper in (with_abstract, alone)]
    assert any(m.provenance.extractor.startswith(TITLE_TASK_EXTRACTOR) for m in documents[1].mentions)
    graph = build_graph(documents)
    (paper,) = [node for node, kind in graph.nodes(data="kind") if kind == "paper"]
    kinds = {graph.nodes[target]["kind"] for _, target in graph.out_edges(paper)}
    assert "task" not in kinds  # the abstract names none; the title-only record's tasks went with it
    alone_graph = build_graph([DocumentRecords(source="b.jsonl", papers=(alone,), mentions=documents[1].mentions)])
    (paper,) = [node for node, kind in alone_graph.nodes(data="kind") if kind == "paper"]
    assert "task" in {alone_graph.nodes[target]["kind"] for _, target in alone_graph.out_edges(paper)}  # it stays


def test_the_graphs_title_task_extractor_is_the_extractors() -> None:
    from extractors.entity_title_tasks import PIPELINE_RULE
    from kg.title_tasks import TITLE_TASK_EXTRACTOR

    assert TITLE_TASK_EXTRACTOR == f"kg_entities:{PIPELINE_RULE}+"
