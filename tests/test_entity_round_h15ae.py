"""Round h15ae: what a paper proposes, in both modes. Names listed after a colon that closes the authors' proposal
(``extractors/entity_colon_list.py``) and capitalised names between "a" and a kind noun after a proposal verb
(``extractors/entity_kind_noun_names.py``) are proposed, and so is what "we call it" names and a title of two or
three capitalised words before a colon and a subtitle that says what it is (``extractors/mentions.py``); shared
tasks, descriptions, paradigms and tasks stay as they were. Invented sentences."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _found(nlp, text: str) -> dict[str, tuple[str, str]]:  # type: ignore[no-untyped-def]
    return {span.text: (span.label_, span._.kg_relation) for span in nlp(text).spans["kg_entities"]}


_STRATEGIES = ("We introduce two strategies for adaptive learning: 1) ZORB_min, rewarding the lowest score, and 2) "
               "ZORB_pro, optimizing all dimensions.")


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("To judge the summaries, we design two novel score metrics: zorb matching score and event zorb score.",
     "zorb matching score", "metric"),
    ("To judge the summaries, we design two novel score metrics: zorb matching score and event zorb score.",
     "event zorb score", "metric"),
    ("We propose a new pretraining scheme tailored for retrieval: recurring zorb selection.",
     "recurring zorb selection", "method"),
    (_STRATEGIES, "ZORB_min", "method"),
    (_STRATEGIES, "ZORB_pro", "method"),
    (("We introduce two novel distillation methods to help the student: 1) Zorb-level knowledge distillation "
      "transfers the attention of the teacher; 2) Data-level zorb distillation reduces the noise."),
     "Zorb-level knowledge distillation", "method"),
    (("Two approaches are proposed: the General Zorb Model, a broad framework, and the Domain-Specific Zorb Model, "
      "which focuses on narrow tasks."), "Domain-Specific Zorb Model", "method"),
])
def test_names_listed_after_the_authors_colon_are_proposed(nlp, text: str, name: str,  # type: ignore[no-untyped-def]
                                                           kind: str) -> None:
    assert _found(nlp, text).get(name) == (kind, "proposes")


@pytest.mark.parametrize(("text", "name"), [
    ("This paper describes our system for the SemEval-2020 task 4: Zorbsense Validation and Explanation.",
     "Zorbsense Validation"),
    ("In this paper, we describe our system for SemEval 2021 Task 7: ZorbHackathon: Detecting Humor.",
     "ZorbHackathon"),
    ("We contribute four tasks: question answering and summarization need long speech inputs.",
     "question answering"),
])
def test_shared_tasks_and_old_tasks_after_a_colon_stay_used(nlp, text: str,  # type: ignore[no-untyped-def]
                                                            name: str) -> None:
    assert _found(nlp, text).get(name, ("", "uses"))[1] == "uses"


@pytest.mark.parametrize("text", [
    "We propose two methods: the first one fine-tunes zorb models on the data.",
    "Earlier studies proposed two strategies: zorb matching and event zorb scoring.",
    "We propose two strategies: using zorb features and zorb data.",
    "We propose a new task: generation of zorb headings for wiki articles.",
])
def test_descriptions_after_a_colon_are_no_names(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(relation == "proposes" for _, relation in _found(nlp, text).values())


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper, we propose a Director-Zorbator framework to rewrite content in the author's style.",
     "Director-Zorbator"),
    ("We build upon the previous work by introducing a Hierarchically Zorbled Model.", "Hierarchically Zorbled Model"),
    ("We propose a novel Zorb Sampling Aggregation module to rank the answers.", "Zorb Sampling Aggregation"),
])
def test_capitalised_name_before_a_kind_noun_is_proposed(nlp, text: str,  # type: ignore[no-untyped-def]
                                                         name: str) -> None:
    assert _found(nlp, text).get(name) == ("method", "proposes")


@pytest.mark.parametrize("text", [
    "We propose a Continual Learning strategy for the parser.",
    "We propose a Meta-Learning approach for the parser.",
    "We introduce a Chinese Zorb Error Correction system for essays.",
    "We present a Prompt Generation approach for the parser.",
])
def test_paradigms_and_tasks_before_a_kind_noun_stay(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    spans = nlp(text).spans["kg_entities"]  # (the tagger's own guesses, which this round leaves alone, aside)
    assert not any(span._.kg_relation == "proposes" and span._.kg_type_rule != "tagger" for span in spans)


@pytest.mark.parametrize(("text", "name"), [
    ("No automaton we know fits, so we invent one and call it a Pushdown Zorbing Automaton (PZA).", "PZA"),
    ("We call them Zorbed Span Adapters (ZSA) and add them to every layer.", "ZSA"),
])
def test_what_the_authors_call_it_is_proposed(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _found(nlp, text).get(name, ("", ""))[1] == "proposes"


def test_a_name_used_after_it_stays_used(nlp) -> None:  # type: ignore[no-untyped-def]
    assert _found(nlp, "We train one and use it in a Zorbnet automaton (ZNA).").get("ZNA", ("", "uses"))[1] == "uses"


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    ("Serial Zorbers: a Dataset of TV Series",
     "We fill this gap by providing the speech community with “Serial Zorbers”, an annotated set of 155 episodes.",
     ("Serial Zorbers", "dataset", "proposes")),
    ("Zorb Answering: A Benchmark for Zorbs", "We evaluate Zorb Answering on the ZorbQA data.", None),
    ("Continual Learning: A Framework for Zorbs", "We study Continual Learning on the ZorbQA data.", None),
])
def test_a_title_of_capitalised_words_names_what_the_paper_makes(title: str, abstract: str,
                                                                 expected: tuple[str, str, str] | None) -> None:
    paper = Paper(ref="t", title=title, abstract=abstract, provenance=Provenance("t.jsonl"))
    made = sorted({(m.name, m.kind.value, m.relation.value) for m in extract_mentions([paper])
                   if m.provenance.extractor.startswith("kg_entities:title_name")})  # the title's and the abstract's
    assert made == ([expected] if expected else [])
