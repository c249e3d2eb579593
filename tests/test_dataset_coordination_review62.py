"""Review62 of round h15ca: what vouches for a list of names coordinated before a plural dataset noun.

Round h15ca let one member that looks like a name by itself (an acronym, a number, a known dataset) vouch for every
member of a list in its three new shapes. On made-up text of the same shapes that made datasets of plain capitalised
phrases beside an acronym or a number ("the Public Health and COVID-19 datasets", "the Stanford University and MIT
corpora"), of words beside a model's name ("the GPT-4 and Human test sets") and of numbered parts ("the Round 1 and
Round 2 test sets"). Now a capitalised phrase is vouched for by its own shape or number or by a known dataset, a
model's name vouches for nothing, and numbers after one repeated plain word vouch for nothing. All names are made up.
"""
from __future__ import annotations

from collections.abc import Callable

import pytest

#: The conftest fixture: ``{name: kind}`` of the entities found in a text.
Labels = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(("text", "words"), [
    ("We report results on the Public Health and ZORB-19 datasets.", "Public Health"),
    ("We use the Stanford University and ZMIT corpora.", "Stanford University"),
    ("We train on the European Union and ZU corpora and report gains.", "European Union"),
    ("We report results on the Social Media and KLAX-19 corpora.", "Social Media"),
    ("We evaluate on the GPT-4 and Human test sets.", "Human"),
    ("We evaluate on the clean Human and GPT-4 datasets.", "Human"),
])
def test_no_name_vouched_for_by_another_member(entity_labels: Labels, text: str, words: str) -> None:
    assert entity_labels(text).get(words) != "dataset"


@pytest.mark.parametrize("text", [
    "We report results on the Round 1 and Round 2 test sets.",
    "We report results on the Section 22 and Section 23 test sets.",
])
def test_numbered_parts_name_no_dataset(entity_labels: Labels, text: str) -> None:
    labels = entity_labels(text)
    assert "dataset" not in labels.values(), labels


@pytest.mark.parametrize(("text", "name"), [
    ("The Zorb Phases 4 and 5 corpora feature a wider variety of channels.", "Zorb Phases 4"),
    ("Results on the Klax Eval 2014, 15, and 16 datasets improve.", "Klax Eval 2014"),
    ("We test on the noisy Zorbnews and QXV datasets.", "Zorbnews"),
])
def test_own_number_or_an_acronym_still_vouches(entity_labels: Labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "dataset"
