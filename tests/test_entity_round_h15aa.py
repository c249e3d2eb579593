"""Round h15aa: where a task name starts, organisations and meetings spelled out, an evaluation series' edition before
a dataset noun, an acronym pair a sentence defines as a task; on invented sentences.

* "seminal text generation tasks", "a unified mathematical reasoning benchmark", "an auxiliary masked language
  modeling objective", "a method called replaced token detection": the words before the task's known phrase are not
  part of its name (``task_modifier_stops.txt``);
* "the Zorbland Committee on Banking Supervision (ZCBS)", "the Second Workshop on Zorb Technologies for Old
  Languages (ZT4OL)": an organisation or a meeting, no method (``organisation_heads`` in ``entity_words.jsonl``,
  ``extractors/entity_corpus.event_in_parentheses``);
* "the SemEval 2014 and Zorbter datasets": the edition names the series' data (``extractors/entity_editions.py``);
* "Zorb-Semantic Embedding (ZSE) aims to learn ...": the pair names a task, and so do its other mentions
  (``extractors/entity_task_frames.defines_a_task``).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import entities, names

# ----------------------------------------------------------------------------- where a task name starts


@pytest.mark.parametrize(("text", "task", "wider"), [
    ("Experiments on varieties of seminal text generation tasks show the effectiveness of ZorbFormer.",
     "text generation", "seminal text generation"),
    ("We propose ZorbLA, a unified mathematical reasoning benchmark consisting of 23 tasks.",
     "mathematical reasoning", "unified mathematical reasoning"),
    ("We propose a novel training method using an auxiliary masked language modeling objective for the policy.",
     "masked language modeling", "auxiliary masked language modeling"),
    ("ZorbTron replaces masked language modeling with a method called replaced token detection, which is fast.",
     "replaced token detection", "method called replaced token detection"),
])
def test_a_word_that_does_not_restrict_a_task_is_not_its_name(both, text, task, wider):
    found = names(both, text)
    assert task in found and wider not in found


@pytest.mark.parametrize(("text", "task"), [
    ("We study complex word identification for Zorbish learners.", "complex word identification"),
    ("ZorbNet helps in tasks such as diagnosis point detection, and we improve it.", "diagnosis point detection"),
    ("We evaluate ZorbNet on named entity recognition and machine translation.", "named entity recognition"),
    ("This paper introduces a new task on naive physical action-effect prediction for robots.",
     "naive physical action-effect prediction"),
])
def test_task_modifiers_that_restrict_stay(both, text, task):
    assert task in names(both, text)


# ----------------------------------------------------------------------------- organisations and meetings


@pytest.mark.parametrize(("text", "name"), [
    ("It holds answers from the Zorbland Committee on Banking Supervision (ZCBS) in the middle of revising rules.",
     "ZCBS"),
    ("The bakeoff was held at the Second Workshop on Zorb Technologies for Old Languages (ZT4OL) 2022.", "ZT4OL"),
])
def test_an_organisation_or_a_meeting_spelled_out_is_no_name(both, text, name):
    assert name not in names(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We propose a Zorb Model for Old Languages (Zorb4OL), which tags old texts.", "Zorb4OL"),
    ("We propose the Zorb Committee Machine (ZCM), an ensemble of classifiers.", "ZCM"),
])
def test_a_name_beside_an_organisation_or_meeting_word_stays(both, text, name):
    assert name in names(both, text)


# ----------------------------------------------------------------------------- an edition before a dataset noun


@pytest.mark.parametrize(("text", "name"), [
    ("Extensive experiments are conducted on the SemEval 2014 and Zorbter datasets, and confirm our approach.",
     "SemEval 2014"),
    ("To verify ZorbNet, we manually build three datasets based on SemEval 2014 and 2015 benchmarks.",
     "SemEval 2014"),
    ("ZorbNet reaches the best accuracy on the SemEval-2016 dataset.", "SemEval-2016"),
])
def test_an_edition_before_a_dataset_noun_is_a_dataset(both, text, name):
    assert (name, "dataset", "uses") in entities(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Our team took part in SemEval 2014 and ranked third.", "SemEval 2014"),
    ("Our system was submitted to SemEval-2016 and to the COVID-19 datasets track.", "COVID-19"),
    ("We describe our system for SemEval 2016 Task 5 data and its results.", "SemEval 2016"),
])
def test_an_edition_as_the_event_is_no_dataset(both, text, name):
    assert name not in names(both, text)


# ----------------------------------------------------------------------------- a pair defined as a task


@pytest.mark.parametrize(("text", "name"), [
    ("Zorb-Semantic Embedding (ZSE) aims to learn an embedding space. Recent ZSE models pool features.", "ZSE"),
    ("Zorb Graph Embedding (ZGE) is the task of placing entities in a space. We improve ZGE with hubs.", "ZGE"),
])
def test_a_pair_a_sentence_defines_as_a_task_is_a_task(both, text, name):
    found = [kind for span, kind, _ in entities(both, text) if span == name]
    assert found and set(found) == {"task"}


@pytest.mark.parametrize(("text", "name"), [
    ("We propose Zorb Nets (ZN). ZN aims to learn a space for words.", "ZN"),
    ("Zorbing Embedding Nets (ZEN) use hubs. We show that ZEN is fast.", "ZEN"),
])
def test_a_pair_no_sentence_defines_as_a_task_stays_a_method(both, text, name):
    found = [kind for span, kind, _ in entities(both, text) if span == name]
    assert found and "task" not in found


@pytest.mark.parametrize(("text", "name"), [
    ("Knowledge distillation (KD) aims to transfer knowledge from a teacher to a student. We improve KD with hubs.",
     "KD"),
    ("Active learning (AL) aims to reduce the labelling cost. We apply AL to parsing.", "AL"),
])
def test_a_pair_the_corpus_calls_a_method_is_no_task_by_its_definition(both, text, name):
    assert all(kind != "task" for span, kind, _ in entities(both, text) if span == name)
