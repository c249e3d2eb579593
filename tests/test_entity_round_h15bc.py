"""Round h15bc: a generic adjective before a task is no part of its name; on invented sentences.

Round h15bc read 80 fresh train-slice abstracts blind and scored tasks and metrics once before any change; three of
the ten false tasks held an adjective that says how the task is done or ranked, not which task it is ("the main
classification task", "the optimal subword segmentation", "a real professional translation workflow"). Such words
join the generic openers of ``task_modifier_stops.txt`` ("best", "proper", "real-world" were there).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import names


@pytest.mark.parametrize(("text", "wider"), [
    ("While the classifier performs the main zorb classification task, a second network learns the rest.",
     "main zorb classification"),
    ("However, selecting the optimal subword segmentation involves a trade-off for ZorbNet.",
     "optimal subword segmentation"),
    ("To be used in a real professional translation workflow, ZorbAPE must adapt online.",
     "real professional translation"),
])
def test_a_generic_adjective_is_no_part_of_a_task(both, text, wider):
    assert wider not in names(both, text)


@pytest.mark.parametrize(("text", "task"), [
    ("While the classifier performs the main zorb classification task, a second network learns the rest.",
     "zorb classification"),
    ("However, selecting the optimal subword segmentation involves a trade-off for ZorbNet.", "subword segmentation"),
])
def test_the_task_after_the_adjective_stays(both, text, task):
    assert task in names(both, text)


@pytest.mark.parametrize(("text", "task"), [
    ("We study complex word identification for Zorbish learners.", "complex word identification"),
    ("ZorbNet helps in tasks such as diagnosis point detection, and we improve it.", "diagnosis point detection"),
])
def test_modifiers_that_restrict_a_task_stay(both, text, task):
    assert task in names(both, text)
