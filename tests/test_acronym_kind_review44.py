"""Review 44 of round h15bh: where the definition of an acronym pair may not decide its kind, and the shapes the
round's tests left unpinned. Invented sentences, both pipelines."""
from __future__ import annotations

import pytest


def _kinds(nlp, text: str, short: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [span.label_ for span in nlp(text).spans["kg_entities"] if span.text == short]


@pytest.mark.parametrize(("text", "short"), [
    ("We analyze image captioning (IC) metrics. IC metrics reward fluency.", "IC"),  # metrics of the task
    ("We report the zorbic stance detection (ZSD) score on three benchmarks.", "ZSD"),  # a score of the task
])
def test_a_metric_word_further_on_leaves_the_task(both, text: str, short: str) -> None:  # type: ignore[no-untyped-def]
    """Only the singular "metric" or "measure" right after the bracket makes a task-like pair the metric."""
    kinds = _kinds(both, text, short)
    assert kinds and set(kinds) == {"task"}


def test_a_task_head_is_not_overruled_by_the_definition(both) -> None:  # type: ignore[no-untyped-def]
    """"The ZD task": the head says it is a task, whatever "Zorbic Dictionary (ZD)" defined."""
    doc = both("We release the Zorbic Dictionary (ZD). The ZD task asks for words.")
    second = [span for span in doc.spans["kg_entities"] if span.text == "ZD"][-1]
    assert second.start > 5 and second.label_ == "task"


def test_a_clause_before_the_bracket_defines_no_task(both) -> None:  # type: ignore[no-untyped-def]
    """"propose a structured attention mechanism for language modeling (PRPN)": the acronym's "long form" is a clause
    (an article in it), not a definition, and PRPN, a model, is no task (P19-1338, a read set's abstract)."""
    kinds = _kinds(both, "Shen et al. (2018) propose a structured attention mechanism for language modeling (PRPN). "
                   "We compare with PRPN.", "PRPN")
    assert kinds and kinds[-1] != "task"  # (the combined pipeline's tagger makes the first mention a task, as before)


def test_a_way_of_doing_a_task_is_no_task(both) -> None:  # type: ignore[no-untyped-def]
    kinds = _kinds(both, "We use retrieval augmented generation (RAUG) techniques. RAUG models are strong.", "RAUG")
    assert kinds and "task" not in kinds


def test_a_definition_opening_its_sentence(both) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(both, "Temporal reasoning (TR) is hard. We build TR benchmarks.", "TR") == ["task", "task"]


def test_a_framework_proposed_for_a_defined_task_is_used_task(both) -> None:  # type: ignore[no-untyped-def]
    doc = both("We study zorbic stance detection (ZSD). In this paper, we propose a novel ZSD framework.")
    spans = [span for span in doc.spans["kg_entities"] if span.text == "ZSD"]
    assert [(span.label_, span._.kg_relation) for span in spans] == [("task", "uses"), ("task", "uses")]


def test_a_dataset_definition_types_a_later_framework_mention(both) -> None:  # type: ignore[no-untyped-def]
    """A capitalised long form read as a dataset's name decides its acronym's later mentions too."""
    kinds = _kinds(both, "We use the Zorbic Opinion Corpus (ZOC). We propose a novel ZOC framework for zorbs.", "ZOC")
    assert kinds == ["dataset", "dataset"]
