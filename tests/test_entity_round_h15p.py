"""Round h15p: a learned lower-case task phrase names no task when its first word cannot open a task's name.

"transfer-learning based classification method": the phrase is the tail of a descriptor of the method ("X based"),
and "la classification proposée" is read in a French abstract (TALN); a shorter phrase inside, or next to it,
still names its task.
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities


def _tasks(nlp, text: str) -> set[str]:
    return {e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "task"}


@pytest.mark.parametrize("text", [
    "We propose a single step transfer-learning based classification method to identify victim blaming.",
    "Our ensemble uses a lexicon based scoring function.",
    "La classification proposée est basée sur celles existant dans la littérature.",
    "On a mené une étude sur la segmentation des phrases.",
    "Nous présentons une classification des erreurs.",
])
def test_a_phrase_no_task_name_opens_with_is_no_task(rules, combined, text):
    assert not {name for name in _tasks(rules, text) | _tasks(combined, text)
                if name.split()[0].lower() in {"based", "la", "une"}}


@pytest.mark.parametrize(("text", "task"), [
    ("We study retrieval based question answering for Zorbian.", "question answering"),
    ("We study hate speech detection and text classification.", "text classification"),
    ("The segmentation of sentences is hard; we study word segmentation.", "word segmentation"),
    ("We participated in the guided summarization task of TAC.", "guided summarization"),  # no name before
    ("We address the engagement level prediction task.", "engagement level prediction"),  # a noun
])
def test_the_task_phrases_around_them_stay(rules, text, task):
    assert task in _tasks(rules, text)
