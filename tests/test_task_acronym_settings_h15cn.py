"""Round h15cn: a bare task acronym takes the word before it when the two are a task name the train slice taught.

``entity_task_bounds._learned_setting_start``: "open-domain QA" is "open-domain question answering" of
``task_phrases.txt``, so the annotation's narrower task is named whole; a word in no learned name ("future NMT"), a
thing noun after the acronym ("open-domain QA datasets"), a word inside a longer modifier ("knowledge base QA") or
another candidate keep the bare acronym. The sentences are the read sets' (tune3, tune13) and the train slice's
(fresh abstracts of the round's precision sample), and made-up ones around them."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.entity_task_bounds import _learned_settings


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):
    return build_pipeline(request.param)


def _tasks(nlp, text: str) -> list[str]:
    return [s.text for s in nlp(text).spans["kg_entities"] if s.label_ == "task"]


def test_learned_settings_come_from_the_learned_names() -> None:
    settings = _learned_settings()
    assert {("open-domain", "qa"), ("nested", "ner"), ("video", "qa"), ("multi-hop", "qa")} <= settings
    assert ("future", "nmt") not in settings and ("target", "qa") not in settings


@pytest.mark.parametrize(("text", "task"), [
    # read sets (tune3 2020.emnlp-main.145, tune13 2024.findings-acl.70 and 2023.arabicnlp-1.90)
    (("We also adapt our BiST models to the Video QA setting, and substantially outperform prior approaches on the "
     "TGIF-QA benchmark."), "Video QA"),
    ("Moreover, PH3 can also improve the performance of LMs on open-domain QA tasks.", "open-domain QA"),
    ("The shared task comprises two sub-tasks: sub-task 1 focuses on Flat NER, while sub-task 2 centers on Nested NER.",
     "Nested NER"),
    # train slice (the round's sample)
    (("In this paper we propose a high recall approach for Open IE, which enables covering up to 16 times more "
     "sentences in a large corpus."), "Open IE"),
    ("In this work, we introduce Beam Retrieval, an end-to-end beam retrieval framework for multi-hop QA.",
     "multi-hop QA"),
    ("Simply augmenting the input with some demonstrations can significantly improve performance on few-shot NER.",
     "few-shot NER"),
    # made up: a sentence's first word (main's definition rule takes it too), before a function word
    ("Nested NER is hard for Zorbnet.", "Nested NER"),
    ("Zorbnet is strong in multilingual NMT for Quux.", "multilingual NMT"),
])
def test_acronym_takes_a_learned_setting(nlp, text: str, task: str) -> None:
    tasks = _tasks(nlp, text)
    assert task in tasks
    assert tasks.count(task.split()[-1]) == (1 if "Flat NER" in text else 0)  # "Flat NER": in no learned name


@pytest.mark.parametrize(("text", "task"), [
    ("We release Zorbnet, trained on open-domain QA datasets.", "QA"),  # a thing noun after the acronym
    ("Challenges remain for future NMT in Zorbnet.", "NMT"),  # a word in no learned name
    ("Zorbnet works on knowledge base QA.", "QA"),  # "base" inside a longer modifier
    ("Zorbnet works on open domain QA.", "QA"),  # "domain" inside a longer modifier
    ("We study the QA of Zorbnet.", "QA"),  # a function word before it
    # review75: ways of doing the task, no narrower task (train slice: 2020.lrec-1.319, 2021.naacl-main.466)
    ("In this paper, we report the structure and performance of end-to-end ASR for Ainu.", "ASR"),
    ("Besides, we demonstrate that the performance of end-to-end QA can be improved based on our RocketQA retriever.",
     "QA"),
    ("The translation divergence problem is usually reserved for Transfer and Interlingual MT.", "MT"),
])
def test_acronym_keeps_its_bounds(nlp, text: str, task: str) -> None:
    tasks = _tasks(nlp, text)
    assert task in tasks and not any(t.endswith(" " + task) for t in tasks)
