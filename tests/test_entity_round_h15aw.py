"""Round h15aw: methods and models precision. A shared task's part named by "task" or "track" is no method, "multi-
lingual BERT" is mBERT's name as "multilingual BERT" is, and a capitalised word inside a quoted title or example is
no method the paper uses. Invented sentences in both modes, and the read-set abstracts the round took them from."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractors.entity_not_names import NOT_NAME_REASONS, inside_a_quotation, shaped_non_name, task_part
from extractors.entity_policy import DROP_REASONS

_MM = {"method", "model"}
_DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


@pytest.mark.parametrize(("text", "name"), [
    ("The task had two settings: (i) ZORB-TASK1 (small languages) and (ii) ZORB-TASK2 (all languages).", "ZORB-TASK1"),
    ("The task had two settings: (i) ZORB-TASK1 (small languages) and (ii) ZORB-TASK2 (all languages).", "ZORB-TASK2"),
    ("In ZorbEval2022-Task3 the organizers asked for plausibility judgements of taxonomies.", "ZorbEval2022-Task3"),
])
def test_task_part_is_no_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) not in _MM


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We fine-tune ZorbNet with Multi-Task Learning on the Flim data.", "ZorbNet", "method"),
    ("We compare ZorbNet-Task with FlimNet on the Flim data.", "FlimNet", "method"),
])
def test_names_near_task_words_stay(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


def test_hyphenated_multilingual_bert_is_one_name(entity_labels) -> None:  # type: ignore[no-untyped-def]
    labels = entity_labels("Moreover, we incorporate multi-lingual BERT in the source side of our NMT system.")
    assert labels.get("multi-lingual BERT") == "model" and "BERT" not in labels


@pytest.mark.parametrize(("text", "name"), [
    ("Our submission to the fifth track focuses on “Task-oriented Zorbic Modeling with Subjective Knowledge”.",
     "Subjective Knowledge"),
    ("For example, “Walkman in 1987 is like ZorbPod in 2007” is an analogy the model must complete.", "ZorbPod"),
    ("The question “Which novel by the author of Armada will be adapted by ZorbMaker?” is hard for the models.",
     "ZorbMaker"),
    ('We ask the model whether "Python has better NLP libraries than ZorbLab" holds.', "ZorbLab"),
])
def test_name_inside_a_quotation_is_no_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) not in _MM


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We fine-tune “ZorbNet” on the Flim data and compare it with FlimNet.", "ZorbNet", "method"),
    ("The track “Zorbic Modeling with Subjective Knowledge” was won by FlimNet with a large margin.", "FlimNet",
     "method"),
    ("We propose ZorbNet, a parser. It reads “a tree of Flim nodes” as input and outperforms FlimNet.", "FlimNet",
     "method"),
])
def test_names_beside_a_quotation_stay(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


def test_reason_names() -> None:
    assert NOT_NAME_REASONS[-1] == "task_part" and DROP_REASONS[-2:] == ("quoted", "corpus_use")
    assert shaped_non_name("FULL-TASK", type_rule="default", proposed=False) == "task_part"
    assert shaped_non_name("ZorbNet-Task1", type_rule="model_family", proposed=False) is None  # a rule vouched


@pytest.mark.parametrize("text", ["Subtask-A", "Track 2", "OPEN-TRACK", "SemEval-2023Task 6"])
def test_task_part_shapes(text: str) -> None:
    assert task_part(text)


@pytest.mark.parametrize("text", ["Multi-Task Learning", "Task2Vec", "TASK", "MT-DNN", "TrackNet", "Tasks",
                                  "ByteTrack2", "DeepTrack 2", "CenterTrack-A"])  # trackers' names (review)
def test_not_task_part_shapes(text: str) -> None:
    assert not task_part(text)


def test_quotation_bounds(rules) -> None:  # type: ignore[no-untyped-def]
    doc = rules('He said "Zorb is good for you" and left. Then Flim came with "Zorbix" and a "Blim".')
    at = {token.text: token.i for token in doc}
    assert inside_a_quotation(doc, at["Zorb"], at["Zorb"] + 1)
    assert not inside_a_quotation(doc, at["Flim"], at["Flim"] + 1)  # after a closed quotation, in the next sentence
    assert not inside_a_quotation(doc, at["Zorbix"], at["Zorbix"] + 1)  # a quoted name, not a title


@pytest.mark.parametrize("fillers", [10, 11, 12, 13])
def test_a_closed_quotation_far_back_leaves_later_names_outside(rules, fillers: int) -> None:  # type: ignore[no-untyped-def]
    """The straight marks are counted from the sentence's start: a pair cut by the 40-token window made a closing
    mark look like an opening one, and a name between two quotations looked quoted (review)."""
    text = ('They wrote "Zorb of the Flim" ' + "and the data " * fillers
            + 'then we trained FlimNet on "the Zorb data set of ours" here.')
    doc = rules(text)
    at = next(token.i for token in doc if token.text == "FlimNet")
    assert not inside_a_quotation(doc, at, at + 1)


def test_a_quoted_description_without_function_words_keeps_its_name(entity_labels) -> None:  # type: ignore[no-untyped-def]
    """Four words in quotation marks with no function word describe a checkpoint, not a title (review)."""
    assert entity_labels("We use the “ZorbNet large cased model” as our encoder for the Flim data.").get("ZorbNet") \
        in _MM


def _record(folder: str, paper: str) -> dict:
    path = _DATA / folder / "devset.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is not there")
    return next(r for r in map(json.loads, path.read_text("utf-8").splitlines()) if r["id"] == paper)


@pytest.mark.parametrize(("folder", "paper", "absent", "present"), [
    ("tuneset5", "2021.wmt-1.2", {"SMALL-TASK1", "SMALL-TASK2"}, set()),
    ("tuneset", "2023.dstc-1.20", {"Subjective Knowledge"}, set()),
    ("tuneset6", "2020.vardial-1.4", {"BERT"}, {"multi-lingual BERT"}),
])
def test_read_set_abstracts(both, folder: str, paper: str, absent: set, present: set) -> None:  # type: ignore[no-untyped-def]
    names = {span.text for span in both(_record(folder, paper)["text"]).spans["kg_entities"] if span.label_ in _MM}
    assert not names & absent and present <= names
