"""Round h15bh: an acronym pair takes its kind from its definition when the long form's head decides one. A long
form ending in a task name the train slice taught ("argumentation mining (AM)", "ultra-fine entity typing (UFET)")
defines a task, and a later "an AM dataset" is data for the task AM, not a dataset named AM
(``extractors.entity_task_acronyms.task_definition``). Invented sentences (invented modifiers on learned task names, invented
acronyms), both pipelines."""
from __future__ import annotations

import pytest


def _kinds(nlp, text: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(span.text, span.label_) for span in nlp(text).spans["kg_entities"]]


@pytest.mark.parametrize(("text", "short"), [
    ("We study zorbic argument mining (ZAM). We release a ZAM dataset of essays.", "ZAM"),
    ("We study quuxish temporal reasoning (QTR). We evaluate on other QTR tasks and benchmarks.", "QTR"),
    ("We study zorb-fine entity typing (ZFET). We build a ZFET dataset.", "ZFET"),
    ("We study flurbish reading comprehension (FRC). We build an FRC model.", "FRC"),
    ("We study blorpian argument mining (BAM). BAM is hard.", "BAM"),
])
def test_task_definition_types_every_mention(both, text: str, short: str) -> None:  # type: ignore[no-untyped-def]
    kinds = [kind for name, kind in _kinds(both, text) if name == short]
    assert len(kinds) == 2
    assert set(kinds) == {"task"}


def test_the_long_form_is_the_alias(both) -> None:  # type: ignore[no-untyped-def]
    doc = both("We study zorbic argument mining (ZAM). We release a ZAM dataset of essays.")
    first = doc.spans["kg_entities"][0]
    assert (first.text, doc[slice(*first._.kg_long_form)].text) == ("ZAM", "zorbic argument mining")


@pytest.mark.parametrize(("text", "short", "kind"), [
    ("We use dense passage retrieval (DPR) for the Zorb questions.", "DPR", "method"),  # a learned method's long form
    ("We use a graph convolutional network (GCN) on zorbs.", "GCN", "method"),
    ("We use the Zorbian Memories (ZoMe) corpus. The ZoMe corpus is big.", "ZoMe", "dataset"),  # names, no head:
    # the later head noun still types the acronym
])
def test_other_definitions_unchanged(both, text: str, short: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert {k for name, k in _kinds(both, text) if name == short} == {kind}


def test_task_inside_a_longer_method_name_decides_nothing(both) -> None:  # type: ignore[no-untyped-def]
    """Only the long form's last words count: "argument mining" inside "argument mining network" is the network's
    purpose, and the network is a method."""
    kinds = _kinds(both, "We build an argument mining network (AMN). The AMN model reads essays.")
    assert "task" not in {kind for name, kind in kinds if name == "AMN"}


@pytest.mark.parametrize(("text", "short"), [
    ("We study zorbic abusive language detection (ZALD). We introduce a new ZALD framework, Quuxer.", "ZALD"),
    ("We study zorbic stance detection (ZSD). Existing ZSD methods fail on rare zorbs.", "ZSD"),
    ("We study blorpic entity disambiguation (BED). We present Zorblinks, a large BED dataset.", "BED"),
])
def test_a_head_after_a_defined_task_says_what_it_is_for(both, text: str, short: str) -> None:  # type: ignore[no-untyped-def]
    """"a new ZALD framework" is a framework for the task the abstract defined, not a method named ZALD
    (``extractors.entity_kind_votes._typed_by_definition``)."""
    assert {kind for name, kind in _kinds(both, text) if name == short} == {"task"}


def test_a_pair_typed_by_its_own_head_keeps_its_mentions(both) -> None:  # type: ignore[no-untyped-def]
    """"the Zorb Span Extraction (ZSE) framework": the head after the brackets types the pair, and its definition
    decides nothing against "the ZSE framework" later."""
    kinds = _kinds(both, "We use the Zorb Span Extraction (ZSE) framework. The ZSE framework is fast.")
    assert kinds == [("ZSE", "method"), ("ZSE", "method")]


@pytest.mark.parametrize(("text", "short", "kind"), [
    ("We propose Mask Zorbic Language Modeling (MZLM), an approach to tune zorbs.", "MZLM", "method"),  # coined
    ("We use zorb augmented generation (ZAG) techniques.", "ZAG", "method"),  # a way of doing the task
    ("We study Zorbic Argument Mining (ZAM). We build a ZAM dataset.", "ZAM", "dataset"),  # left: a capitalised name
])
def test_coined_or_approach_long_forms_decide_no_task(both, text: str, short: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    """A learned task name ends these long forms, but they name a method the authors coin (capitalised in every
    word) or a way of doing the task ("augmented"): the task rule reads task heads alone there, as before."""
    assert {k for name, k in _kinds(both, text) if name == short} == {kind}


def test_a_head_after_a_task_long_form_pair_types_it_a_metric(both) -> None:  # type: ignore[no-untyped-def]
    """"the Combined Zorb Prediction (CZP) metric": the head after the brackets names a metric, as "framework" names a
    method ("the ... (FSUIE) framework")."""
    kinds = _kinds(both, "We define the Combined Zorb Prediction (CZP) metric on zorbs.")
    assert ("CZP", "metric") in kinds


def test_a_framework_for_a_defined_task_is_not_the_task_proposed(both) -> None:  # type: ignore[no-untyped-def]
    doc = both("We study zorbic stance detection (ZSD). We propose a novel ZSD framework, Quuxer.")
    assert [(s.text, s.label_, s._.kg_relation) for s in doc.spans["kg_entities"] if s.text == "ZSD"] \
        == [("ZSD", "task", "uses"), ("ZSD", "task", "uses")]
