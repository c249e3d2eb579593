"""Round h15l: error classes of the tuning sets fixed by structure, each on invented sentences.

Shared-task titles name the task ("SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis", "the WMT23
Discourse-Level Literary Translation shared task").
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline, iter_entities


@pytest.fixture(scope="module")
def rules():
    return build_pipeline("rules")


@pytest.fixture(scope="module")
def combined():
    return build_pipeline("combined")


def _kinds(nlp, text: str) -> dict[str, str]:
    return {e.span.text: e.span.label_ for e in iter_entities(nlp(text))}


def _tasks(nlp, text: str) -> list[str]:
    return [e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "task"]


@pytest.mark.parametrize(("text", "tasks"), [
    ("This paper describes our system for SemEval-2031 Task 9: Multilingual Zorbish Intimacy Analysis.",
     ["Multilingual Zorbish Intimacy Analysis"]),
    ("We present our methods for SemEval-2031 Task-4 Reading Comprehension of Zorbish Meaning.",
     ["Reading Comprehension of Zorbish Meaning"]),
    ("This paper describes our submission to SemEval-2032 Multilingual Zorb Article Similarity task.",
     ["Multilingual Zorb Article Similarity"]),
    ("We describe our submission to the WMT33 Discourse-Level Zorbish Translation shared task.",
     ["Discourse-Level Zorbish Translation"]),
    ("To this end, the shared task Multimodal Zorb Speech Event Detection was organized at ZORB.",
     ["Multimodal Zorb Speech Event Detection"]),
    ("We only participate in Task 2 (post-editing zorb estimation) of the shared task.",
     ["post-editing zorb estimation"]),
    ("We took part in ZorbEval 2031 Task 3: Zorbish Stance Detection in Arabic Tweets.", ["Zorbish Stance Detection"]),
])
def test_a_shared_tasks_title_names_its_task(rules, text, tasks):
    assert _tasks(rules, text) == tasks


@pytest.mark.parametrize("text", [
    "We took part in Task 6: ZorbEval: Understanding Zorbish Texts.",  # an edition's name comes first
    "This report details our submission to the WMT33 Metrics Shared Task.",  # one word: the event
    "Our Task 2 results are the best.",  # no series before the number
    "The First Zorbish Shared Task was held in 2031.",  # an ordinal names the edition
])
def test_an_edition_or_a_single_word_is_no_shared_task_title(rules, text):
    assert _tasks(rules, text) == []


def test_a_known_dataset_name_that_is_the_shared_tasks_title_is_the_task(rules):
    text = "We present our approaches and methods for SemEval-2021 Task-4 Reading Comprehension of Abstract Meaning."
    assert _kinds(rules, text) == {"Reading Comprehension of Abstract Meaning": "task"}
