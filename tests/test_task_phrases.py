"""Lower-case task names learned from the train slice (task_phrases.txt) and one-word tasks used as modifiers."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.entity_lexicon import word_list


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline("rules")


def _tasks(nlp, text: str) -> list[str]:
    doc = nlp(text)
    return [span.text for span in doc.spans["kg_entities"] if span.label_ == "task"]


def test_learned_task_phrases_are_tasks_longest_first(nlp):
    assert _tasks(nlp, "We work on hate speech detection and on video captioning.") == \
        ["hate speech detection", "video captioning"]


def test_the_lexicon_has_no_generic_or_verbal_openers():
    phrases = word_list("task_phrases.txt")
    assert {"machine translation", "named entity recognition", "automatic speech recognition"} <= phrases
    assert not {"better understanding", "improve translation", "automatic detection", "reduce inference"} & phrases


def test_a_one_word_task_before_another_noun_is_not_the_task():
    nlp = build_pipeline()
    doc = nlp("The translation model and the parsing accuracy improve.")
    assert [s.text for s in doc.spans["kg_entities"] if s.label_ == "task"] == []


def test_a_known_task_name_takes_the_modifiers_before_it(nlp):
    assert _tasks(nlp, "We apply it to tasks such as diagnosis point detection.") == ["diagnosis point detection"]
    assert "point detection" not in word_list("verb_like.txt")
    assert _tasks(nlp, "We improve point detection.") == ["point detection"]  # "improve" is used as a verb


@pytest.mark.parametrize(("text", "task"), [
    ("We present our system for the shared task on Arabic Dialect Identification.", "Arabic Dialect Identification"),
    ("Aspect-based sentiment analysis aims to determine the polarity of reviews.", "Aspect-based sentiment analysis"),
    ("Meme sentiment classification is a new area of research.", "Meme sentiment classification"),
])
def test_a_task_name_takes_the_capitalised_words_that_name_what_it_is_about(nlp, text, task):
    assert _tasks(nlp, text) == [task]


@pytest.mark.parametrize(("text", "task"), [
    ("We work on Neural Dialect Identification.", "Dialect Identification"),  # how it is done, not what about
    ("Binary sentiment classification is easy.", "sentiment classification"),  # a generic word
    ("Using sentiment classification, we rank reviews.", "sentiment classification"),  # a verb
])
def test_a_task_name_leaves_out_capitalised_words_that_say_how(nlp, text, task):
    assert _tasks(nlp, text) == [task]



def test_a_sentence_s_first_word_is_a_modifier_only_if_task_names_open_with_it(nlp):
    assert _tasks(nlp, "Unlike Dialog State Tracking, we use queries.") == ["Dialog State Tracking"]
    assert _tasks(nlp, "Prior commonsense reasoning work used rules.") == ["commonsense reasoning"]
