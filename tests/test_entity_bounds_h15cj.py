"""Round h15cj: boundaries the read sets' boundary errors showed.

* A bare task acronym keeps its bounds (guards): round h15cj's rule that took the one setting word before it
  ("open-domain QA", "Flat NER") judged 15 of 28 changes right on fresh train-slice abstracts and was reverted;
  these shapes were wrong under it or must not change under any later version of it.
* A metric name a capitalised candidate took is bounded as the token rule bounds one: the averaging word before it
  ("micro F-1"), else an F-measure's "score" / "measure" after it ("F2 score"; ``entity_tasks._metric_bounds``).

Invented setting words and system names ("zorb", "quux" are no known words)."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module")
def rules():
    return build_pipeline("rules")


def _names(nlp, text: str, label: str) -> list[str]:
    return [s.text for s in nlp(text).spans["kg_entities"] if s.label_ == label]


@pytest.mark.parametrize(("text", "tasks"), [
    ("We train zorb-based NER models on zorb-domain QA datasets.", ["NER", "QA"]),  # a thing noun after it
    ("We study low-resource ASR and zero-shot QA.", ["ASR", "QA"]),  # conditions of the task
    ("We study Spanish QA and Arabic NER.", ["QA", "NER"]),  # a language: not the task's name here
    ("We release the Zorb Quux Standards QA dataset.", ["QA"]),  # the end of a longer capitalised name
    ("We improve downstream QA and the existing NER.", ["QA", "NER"]),  # generic words
    ("It helps recent QA.", ["QA"]),
    ("Challenges remain for future NMT and the target QA task.", ["NMT", "QA"]),  # wrong under the reverted rule
    ("We compare supervised QE with closed book QA.", ["QE", "QA"]),
])
def test_acronym_keeps_its_bounds(rules, text: str, tasks: list[str]) -> None:
    assert _names(rules, text, "task") == tasks


@pytest.mark.parametrize(("text", "metrics"), [
    ("Zorbnet achieves a micro F-1 score of 0.918.", ["micro F-1"]),
    ("We obtain a macro F-1 of 0.8.", ["macro F-1"]),
    ("We report the F2 score of 0.833 and an F1 score of 0.7.", ["F2 score", "F1 score"]),
    ("We report F1 and F2.", ["F1", "F2"]),  # nothing to take
    ("Zorbnet obtained macro f1 score of 0.33.", ["macro f1"]),  # the token rule's convention, unchanged
    # review72: the candidate and the token rule share one function (entity_tasks._metric_extent); these shapes were
    # not tested: "weighted", a "measure", an F0.5, a sentence's first word, two averaged F-measures in one sentence
    ("Quuxnet reaches a weighted F2 score of 0.61.", ["weighted F2"]),
    ("The F-1 measure of Zorbnet is 0.52.", ["F-1 measure"]),
    ("Zorbnet gets an F0.5 score of 0.4 and a micro F0.5 of 0.3.", ["F0.5 score", "micro F0.5"]),
    ("F2 scores rise for Zorbnet.", ["F2 scores"]),
    ("Zorbnet obtains macro F-1 and weighted F-1 of 0.5 and 0.6.", ["macro F-1", "weighted F-1"]),
    ("The F0 score of each Zorb speaker rises.", []),  # a fundamental frequency: no F-measure, no bounds
    # review72: an averaging word before a name that already says its averaging is not taken (the train slice's one
    # "macro-averaged Macro-F1 score" became that name under round h15cj); another averaging word still is
    ("Zorbnet gets the best macro-averaged Macro-F1 score of the task.", ["Macro-F1"]),
    ("Zorbnet gets the best micro-averaged micro-F1 score of the task.", ["micro-F1"]),
    ("Zorbnet gets a weighted macro-F1 score of 0.64.", ["weighted macro-F1"]),
])
def test_metric_bounds(rules, text: str, metrics: list[str]) -> None:
    assert _names(rules, text, "metric") == metrics
