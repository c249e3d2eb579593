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
