"""Round h15l: error classes of the tuning sets fixed by structure, each on invented sentences.

Shared-task titles name the task ("SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis", "the WMT23
Discourse-Level Literary Translation shared task").
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities


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
    "We report results on the Hateful Zorbs task.",  # no activity: a dataset's name
    "We entered the Social Media Mining for Zorb Applications shared task.",  # the tail of a longer name
    "Our system won the Shared Zorb Translation Task.",  # an event's word
])
def test_an_edition_or_a_single_word_is_no_shared_task_title(rules, text):
    assert _tasks(rules, text) == []


def test_a_known_dataset_name_that_is_the_shared_tasks_title_is_the_task(rules):
    text = "We present our approaches and methods for SemEval-2021 Task-4 Reading Comprehension of Abstract Meaning."
    assert _kinds(rules, text) == {"Reading Comprehension of Abstract Meaning": "task"}


@pytest.mark.parametrize(("text", "tasks"), [
    ("We use contextual embeddings for the zorb selection task.", ["zorb selection"]),
    ("LLMs can handle the crucial task of cognitive zorb reframing and overcoming shame.",
     ["cognitive zorb reframing"]),
    ("The task of semantic zorb search is to retrieve code snippets.", ["semantic zorb search"]),
    ("We tackle the problem of monolingual zorb alignment conforming to syntax.", ["monolingual zorb alignment"]),
])
def test_a_lower_case_name_the_sentence_calls_a_task_is_a_task(rules, text, tasks):
    assert _tasks(rules, text) == tasks


@pytest.mark.parametrize("text", [
    "We study the task of parsing and the task of translation.",  # one common word
    "We report on a task of automatic identification of zorbish clauses.",  # the name goes on after "of"
    "Retrieval is treated as a hard detection problem here.",  # "a ... problem": no name
    "We fine-tune it on the downstream task.",  # no task head
    "We study the task of building supervised zorb detection models.",  # a verb phrase
])
def test_a_frame_without_a_named_task_names_none(rules, text):
    assert _tasks(rules, text) == []


@pytest.mark.parametrize(("text", "kinds"), [
    ("We compare several models: LSTM, CNN and BERT.", {"LSTM": "method", "CNN": "method", "BERT": "model"}),
    ("Baseline models (e.g., LSTM and GRUs) perform poorly.", {"LSTM": "method", "GRUs": "method"}),
    ("We train neural models such as Bi-LSTM and BiLSTM-CRF.", {"Bi-LSTM": "method", "BiLSTM-CRF": "method"}),
    ("We evaluate language models, including GPT-2 and Zorbformer.", {"GPT-2": "model", "Zorbformer": "model"}),
])
def test_an_architecture_listed_among_models_is_a_method(rules, text, kinds):
    assert _kinds(rules, text) == kinds


@pytest.mark.parametrize(("text", "tasks"), [
    ("Zorb game summarization focuses on generating news articles.", ["Zorb game summarization"]),
    ("Zorbish phrase alignment is a crucial step in translation.", ["Zorbish phrase alignment"]),
    ("Related zorb section generation aims to provide an overview.", ["Related zorb section generation"]),
])
def test_a_sentence_opening_with_a_task_name_and_what_it_is_names_the_task(rules, text, tasks):
    assert _tasks(rules, text) == tasks


@pytest.mark.parametrize("text", [
    "Behavioral zorb analysis is useful.",  # an analysis: a study as often as a task
    "This selection is random.",  # a determiner opens the sentence
    "Zorb summarization of long texts is hard.",  # the name goes on after "of": no verb follows it
])
def test_a_sentence_subject_that_names_no_task(rules, text):
    assert _tasks(rules, text) == []
