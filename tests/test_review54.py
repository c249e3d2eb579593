"""Review review54 of round h15bq (issue 15): the shapes it opened, on made-up and generic words.

1. An X before a title-case word is no name shape (h15bq's X rule reverted): "XWindows" was a dataset, "XLarge" and
   "XSmall" (model sizes) methods, a made-up query language "XZorbpath" a method.
2. A "-bench" word after a field term opens a benchmark's name ("ZQ-bench"), but a lower-case "test-bench" or
   "work-bench" (equipment) opens nothing.
3. A plural acronym in the phrase between a kind noun and an apposed name: the kind noun still decides
   ("a toolkit for PLMs, ZorbKit," is a method; "a benchmark for evaluating LLMs, ZorbEval," a dataset).
"""
from __future__ import annotations

import pytest

from extractors.entity_names import name_shape


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):  # type: ignore[no-untyped-def]
    from extractors.entities import build_pipeline
    return build_pipeline(request.param)


def _entities(nlp, text: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    from extractors.entities import iter_entities
    return [(e.span.text, e.span.label_) for e in iter_entities(nlp(text))]


def test_x_before_a_title_case_word_is_no_name_shape() -> None:
    assert [name_shape(t) for t in ["XWindows", "XLarge", "XZorbpath", "XZorbagrad"]] == [None] * 4
    assert name_shape("XZorbCloze") == "strong" and name_shape("XZORB") == "strong"  # other X names keep their shape


@pytest.mark.parametrize("text", [
    "The tool runs on XWindows desktops.",
    "We use the XLarge and XSmall variants of the Zorbformer model.",
    "We query the treebank with query languages such as XZorbpath.",
])
def test_x_words_open_nothing(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(name.startswith("X") for name, _ in _entities(nlp, text))


def test_bench_words(nlp) -> None:  # type: ignore[no-untyped-def]
    assert ("ZQ-bench", "dataset") in _entities(nlp, "A new benchmark, the ZQ-bench, covers ten languages.")
    assert ("LLM-bench", "dataset") in _entities(nlp, "We evaluate on the LLM-bench of reasoning tasks.")
    assert _entities(nlp, "We built a test-bench and a work-bench for the robot.") == []


def test_the_kind_noun_before_a_plural_acronym_phrase_decides(nlp) -> None:  # type: ignore[no-untyped-def]
    assert ("ZorbKit", "method") in _entities(nlp, "We present a toolkit for PLMs, ZorbKit, that supports many models.")
    assert ("ZorbEval", "dataset") in _entities(nlp, "A benchmark for evaluating LLMs, ZorbEval, is released today.")
