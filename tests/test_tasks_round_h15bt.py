"""Round h15bt: the title after "shared task on (the)" names the task, in both modes. Invented names.

"the WMT40 shared task on Zorb Estimation", "the ZORBTYP 2031 Shared Task on the Prediction of Zorbic Reflexes"
(:func:`extractors.entity_shared_tasks.shared_task_names`, ``_after_on``). A title joined by "and" is two tasks the
other rules name apart, and a title whose head names no activity ("Shared Task on Typologically Zorbic
Languages", "... on Reproducibility of Zorbic Evaluations") is no task's name, nor a title the sentence goes on
in lower case ("... on Machine Translation of Zorbic languages"): all are left to the other rules.
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline, build_pipeline, iter_entities
from extractors.entity_shared_tasks import shared_task_names


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):
    return build_pipeline(request.param)


def _tasks(nlp, text: str) -> set[str]:
    return {e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "task"}


def _titles(text: str) -> list[str]:
    doc = blank_pipeline()(text)
    return [doc[s:e].text for s, e in shared_task_names(doc)]


@pytest.mark.parametrize(("text", "task"), [
    (("We report the results of the WMT40 shared task on Zorb Estimation, where the challenge is to predict the "
     "quality of the output of machine translation systems."), "Zorb Estimation"),
    (("This paper presents the transformer model built to participate in the ZORBTYP 2031 Shared Task on the "
     "Prediction of Zorbic Reflexes."), "Prediction of Zorbic Reflexes"),
    ("We describe our system for the Shared Task on Zorbish Speech Detection for Equality at ZT-EDI 2031.",
     "Zorbish Speech Detection"),
])
def test_the_title_after_shared_task_on_is_the_task(nlp, text: str, task: str) -> None:
    assert task in _tasks(nlp, text)


@pytest.mark.parametrize(("text", "title"), [
    ("We took part in the shared task on Zorb Estimation.", ["Zorb Estimation"]),
    ("We took part in the Shared Task on the Creation of Zorbic Materials for Indigenous Languages.",
     ["Creation of Zorbic Materials"]),
    ("Our entry to the Shared Task on Zorbish Language Identification in Dravidian Languages.",
     ["Zorbish Language Identification"]),
])
def test_shared_task_on_opens_a_title(text: str, title: list[str]) -> None:
    assert _titles(text) == title


@pytest.mark.parametrize("text", [
    "We took part in the Shared Task on Zorb Detection and Emotion Classification.",  # two tasks, named apart
    "We took part in the Shared Task on Typologically Zorbic Languages.",  # no activity
    "We took part in the Shared Task on Text-Zorb Representations for KGQA.",  # no activity
    "We took part in the Shared Task on ZorbNER. The task involves tagging.",  # a mixed-case name: no title
    "We took part in the shared task on zorb detection in Bangla.",  # lower case: the other rules' business
    "The shared task on average took three weeks.",  # no title
    "We took part in the Shared Task on Reproducibility of Zorbic Evaluations.",  # a quality, not an activity
    "We took part in the shared task on Zorb Intensity (ZorbInt).",  # a quantity, not an activity
    "We took part in the Shared Task on Machine Translation of Zorbic languages.",  # the title goes on in lower case
])
def test_no_title_after_shared_task_on(text: str) -> None:
    assert _titles(text) == []
