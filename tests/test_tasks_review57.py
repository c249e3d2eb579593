"""Review 57: the capitalised words after "shared task on (the)" are not taken as the task's name. Invented names.

Round h15bt took them (``_after_on``, reverted): on fresh titles and abstracts the title-case run carried setting
words ("Universal Zorbic Reinflection", "Multilingual Shallow Zorb Parsing" for the bare task), ran on over a
capitalised preposition ("Prediction of Zorbout Over Time") or was cut at a "from"-tail ("Learning Zorbering"):
9 of 23 changes right strictly. The other rules' titles (after "Task N:", before "shared task") are unchanged.
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_shared_tasks import shared_task_names


def _titles(text: str) -> list[str]:
    doc = blank_pipeline()(text)
    return [doc[s:e].text for s, e in shared_task_names(doc)]


@pytest.mark.parametrize("text", [
    "The LMU System for the CoNLL-ZORB 2031 Shared Task on Universal Zorbic Reinflection",
    "CoNLL 2031 Shared Task on Multilingual Shallow Zorb Parsing",
    "Shared Task on Prediction of Zorbout Over Time in Massively Open Online Courses",
    "Report of the Shared Task on Learning Zorbering from Word Alignments at ZSMT 2031",
    "We report the results of the WMT40 shared task on Zorb Estimation, in which the challenge is hard.",
])
def test_no_title_after_shared_task_on(text: str) -> None:
    assert _titles(text) == []


@pytest.mark.parametrize(("text", "title"), [
    ("Our submission to the WMT40 Discourse-Level Zorbic Translation shared task.",
     ["Discourse-Level Zorbic Translation"]),
    ("We took part in ZorbEval-2031 Task 9: Multilingual Tweet Zorbity Analysis.",
     ["Multilingual Tweet Zorbity Analysis"]),
])
def test_the_other_title_places_stay(text: str, title: list[str]) -> None:
    assert _titles(text) == title
