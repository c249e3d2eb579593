"""Review75 of round h15cn: a task named by a word and a closing acronym is one node with the same name spelled
out ("unsupervised MT", "unsupervised machine translation"), as an opening acronym's name already is ("POS tagging"),
but a narrower task whose spelled-out name sits in the bare acronym's node keeps a node of its own ("open-domain QA"
is not folded into QA, round h15p's choice for named sub-tasks)."""
from __future__ import annotations

from dataclasses import replace

from kg.closing_acronyms import closing_acronym_joins
from kg.graph import build_graph
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation


def _mention(paper: str, name: str, *, long_form: str | None = None, start: int = 0) -> Mention:
    return Mention(paper_ref=paper, name=name, kind=EntityKind.TASK, relation=Relation.USES, long_form=long_form,
                   provenance=Provenance(f"{paper}.txt", start=start, end=start + len(name),
                                         extractor="kg_entities:use+tagger", confidence=0.8, sentence=name))


def _nodes(*mentions: Mention) -> dict[str, list[str]]:
    """An entity node's label -> the papers that mention it."""
    refs = sorted({m.paper_ref for m in mentions})
    documents = [DocumentRecords(source=f"{ref}.txt",
                                 papers=(Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(f"{ref}.txt")),),
                                 mentions=tuple(m for m in mentions if m.paper_ref == ref)) for ref in refs]
    graph = build_graph(documents)
    return {data["label"]: sorted(graph.nodes[u]["title"].removeprefix("Paper ") for u, _ in graph.in_edges(node))
            for node, data in graph.nodes(data=True) if data["kind"] in ENTITY_KINDS}


def test_a_closing_acronym_and_its_name_spelled_out_are_one_node() -> None:
    nodes = _nodes(_mention("p1", "unsupervised MT"), _mention("p2", "unsupervised machine translation"))
    assert list(nodes.values()) == [["p1", "p2"]]
    nodes = _nodes(_mention("p1", "Nested NER"), _mention("p2", "nested named entity recognition"),
                   _mention("p3", "NER"))
    assert sorted(nodes.values()) == [["p1", "p2"], ["p3"]]  # the bare acronym keeps its own node


def test_a_narrower_task_is_not_folded_into_the_bare_acronym() -> None:
    # "open-domain question answering" links to question answering's page, so it is QA's node (as in the 12,000
    # train-slice abstracts' build): "open-domain QA" joining its twin would fold a named sub-task into QA
    page = "https://paperswithcode.com/task/question-answering"
    nodes = _nodes(_mention("p1", "QA", long_form="question answering"),
                   _mention("p2", "QA", long_form="question answering"),
                   replace(_mention("p2", "question answering", start=40), same_as=page),
                   replace(_mention("p3", "open-domain question answering"), same_as=page),
                   _mention("p4", "open-domain QA"))
    assert nodes == {"QA": ["p1", "p2", "p3"], "open-domain QA": ["p4"]}


def test_a_narrower_task_is_not_joined_to_a_sense_of_the_bare_acronym() -> None:
    # a paper defines "QA" as "open-domain question answering": that sense's group holds its "QA" mentions, takes
    # "QA" as its name and so QA's node (the 12,000 train-slice abstracts' build: ODQA, OpenQA, "open-domain question
    # answering" in QA's node); "open-domain QA" joining it would go there too
    nodes = _nodes(_mention("p1", "QA", long_form="question answering"),
                   _mention("p2", "QA", long_form="question answering"),
                   _mention("p3", "QA", long_form="open-domain question answering"), _mention("p3", "QA", start=60),
                   _mention("p3", "QA", start=90), _mention("p5", "ODQA", long_form="open-domain question answering"),
                   _mention("p6", "ODQA", long_form="open-domain question answering"),
                   _mention("p7", "open-domain question answering"), _mention("p4", "open-domain QA"))
    assert nodes["open-domain QA"] == ["p4"]


def test_joins_follow_the_acronym_sense_and_the_vote() -> None:
    names = {"unsupervisedmt": ["unsupervised MT"],
             "unsupervisedmorphologicaltagging": ["unsupervised morphological tagging"],
             "unsupervisedmachinetranslation": ["unsupervised machine translation"]}
    papers = {"unsupervisedmt": 3, "unsupervisedmorphologicaltagging": 1, "unsupervisedmachinetranslation": 1}
    assert closing_acronym_joins(names, papers) == []  # two candidates, none named by most of their papers
    assert closing_acronym_joins(names, papers, {"mt": "machine translation"}) == [
        ("unsupervisedmt", "unsupervisedmachinetranslation", "mt")]  # the corpus's sense decides
    assert closing_acronym_joins(names, papers, {"mt": None}) == []  # an ambiguous acronym joins nothing
    # a different opening word, or an acronym opening the name, is no closing twin
    assert closing_acronym_joins({"fewshotner": ["few-shot NER"], "nestednamedentityrecognition":
                                  ["nested named entity recognition"]}, {"fewshotner": 2}) == []
