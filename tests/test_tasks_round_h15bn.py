"""Round h15bn: a task written in title case mid-sentence is named by its whole capitalised run
(``extractors/entity_task_bounds.py``, ``_title_run_start``), in both modes. Sentences shaped like tune11's errors
and the train-slice abstracts the rule was read on, around task names the learned lists know."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "name"), [
    ("Our zorb model wins the leaderboard of Argumentative Stance Classification subtask.",
     "Argumentative Stance Classification"),
    ("We propose ZorbNet for the task of Natural Language Premise Selection.", "Natural Language Premise Selection"),
    ("We present zorb models submitted to the Shared Task on Implicit Emotion Recognition this year.",
     "Implicit Emotion Recognition"),
])
def test_title_case_task_is_named_by_its_whole_run(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "name"), [
    # a language setting stays out, as a language does (tune2's annotation of OffensEval's title)
    ("It was OffensEval: Multilingual Offensive Language Identification in Social Media.",
     "Offensive Language Identification"),
    # the capitalised run goes on after the task: it names a tool, the task stays as found
    ("We remake the free Zorb Automatic Term Extraction Toolkit for zorb users.", "Automatic Term Extraction"),
])
def test_title_run_leaves_languages_and_longer_names_out(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"
