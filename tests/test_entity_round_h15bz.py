"""Round h15bz: a name typed a dataset by its own long form's head keeps that kind against the tagger's task.

The rules type an acronym whose long form ends in a dataset or resource noun a dataset (the ``long_form`` type
rule: "a new ... QA dataset (ZBS-QA)", "the Annotated Corpora for ... (ACQR)"); the trained tagger often labels
such names a task (their long forms hold a task: "QA", "Term Extraction"), and a task used to overrule every rule
kind not in ``_STRONG_TYPE_RULES``. :func:`extractors.entities._data_long_form` keeps the name's own evidence.
Invented names, both modes.
"""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "name"), [
    ("This paper presents a new Zorbian Banking Standards QA dataset (ZBS-QA) in the banking regulation domain.",
     "ZBS-QA"),
    ("Our paper presents and describes the Quuxish Sentiment Analysis Corpus (QSAC), which was sourced from Twitter.",
     "QSAC"),
    (("To bridge this gap, we introduce the Zorb-Disease Relation Extraction Dataset (ZDRED); a human-annotated "
      "dataset of relations between zorbs and diseases."), "ZDRED"),
])
def test_a_long_form_headed_by_a_dataset_noun_keeps_the_dataset_kind(entity_labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "dataset"


def test_a_task_long_form_stays_a_task(entity_labels) -> None:
    """Not a dataset head: the acronym of a task's long form stays a task."""
    text = "We study Zorbian Term Extraction (ZTE) and report results on two corpora."
    assert entity_labels(text).get("ZTE") == "task"
