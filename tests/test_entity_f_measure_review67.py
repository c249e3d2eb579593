"""Review67 of round h15cg's F-measure spellings: shapes the round's tests left out (invented names).

The index pattern is written once (``F_MEASURE`` beside ``_F_SPELLING``); code ids and hyphen compounds with an
"f1" inside are no metric; a braced index reaches the mention without its braces (the markup cleaner's convention,
the provenance still points at the abstract's characters).
"""
from __future__ import annotations

import pytest

from extractors.entity_task_metric_names import F_MEASURE, is_metric_name
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


@pytest.mark.parametrize("text", ["F1", "f1", "F_1", "F-2", "F0.5", "F_0.5", "F_{0.5", "F_{1}"])
def test_the_letter_and_index_alone_is_an_f_measure(text: str) -> None:
    assert F_MEASURE.match(text) and is_metric_name(text)


@pytest.mark.parametrize("text", ["F1-score", "f1-scores", "F3", "F0", "F1.0", "F10", "F_3", "f_0"])
def test_a_suffixed_or_other_index_is_no_bare_f_measure(text: str) -> None:
    assert not F_MEASURE.match(text)


@pytest.mark.parametrize("text", ["zorb_f1", "run-f1", "f1zorb", "F12", "xf1", "F_1}", "F1{"])
def test_an_f1_inside_an_id_or_compound_is_no_metric(text: str) -> None:
    assert not is_metric_name(text)


def _mentions(abstract: str) -> list[tuple[str, str, int, int]]:
    paper = Paper(ref="p", title="Zorb", abstract=abstract, provenance=Provenance("a.xml"))
    return [(m.name, m.kind.value, m.provenance.start, m.provenance.end) for m in extract_mentions([paper])]


def test_a_braced_index_is_named_without_braces_but_points_at_them() -> None:
    abstract = "Our Zorb corrector improves the F_{0.5} score by 1.2 points on the Klax test set."
    found = {name: (kind, abstract[s:e]) for name, kind, s, e in _mentions(abstract)}
    assert found["F_0.5 score"] == ("metric", "F_{0.5} score")


def test_a_hyphenated_spelled_f_measure_after_a_modifier() -> None:
    abstract = "The Zorb classifier reaches a micro-F_1-score of 0.69 and an f1-score of 0.71 on the Klax corpus."
    names = {(name, kind) for name, kind, _, _ in _mentions(abstract)}
    assert {("micro-F_1-score", "metric"), ("f1-score", "metric")} <= names
