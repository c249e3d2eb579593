"""Round h15bl: a concept's process is a task only when it works on something.

``extractors.entity_concepts.concept_names`` makes the acronym of a lower-case long form whose head names a process
a task where a preposition or a head noun had made it data ("results on ZPA", "ZPA data"). A process whose only
modifier is an adjective or a participle ("elicited zorbing", "anchored flanning") says how something is done, a
method or a practice, and names no task; one whose modifier is a noun ("zorb plan acquisition") does.

Invented names, both pipelines.
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_candidates import Candidate
from extractors.entity_concepts import concept_names
from ontology.kinds import EntityKind


def _found(nlp, text: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(span.text, span.label_) for span in nlp(text).spans["kg_entities"]]


@pytest.mark.parametrize(("long_form", "kind"), [
    ("elicited zorbing", None),
    ("distributional flanning", None),
    ("anchored quuxing", None),
    ("zorb plan acquisition", EntityKind.TASK),
    ("structured zorb grounding", EntityKind.TASK),
    ("zorb-quux interaction", EntityKind.TASK),
])
def test_concept_names_reads_the_word_before_a_process_head(long_form: str, kind: EntityKind | None) -> None:
    doc = blank_pipeline()(f"We study {long_form} (ZQ) here.")
    end = len(doc) - 5  # "( ZQ ) here ." follow the long form
    assert concept_names(doc, [Candidate(end + 1, end + 2, "acronym", long_span=(2, end))]) == {"zq": kind}


@pytest.mark.parametrize("text", [
    "We sketch elicited zorbing (EZ) tests. Results on EZ vary across learners.",
    "Anchored flanning (AF) is common in clinics. We release new AF data.",
    "We follow the distributional quuxing (DQ) view. Results on DQ are mixed.",
])
def test_a_process_done_some_way_is_no_task(both, text: str) -> None:  # type: ignore[no-untyped-def]
    """No mention of the acronym is a task, nor a dataset (round h15bi's rule still takes the data away)."""
    found = _found(both, text)
    assert found and all(kind not in ("task", "dataset") for _, kind in found)


@pytest.mark.parametrize("text", [
    "We study zorb plan acquisition (ZPA) with agents. Results on ZPA improve.",
    "Structured zorb grounding (SZG) answers requests. We build SZG corpora.",
])
def test_a_process_on_something_stays_a_task(both, text: str) -> None:  # type: ignore[no-untyped-def]
    found = _found(both, text)
    assert found and all(kind == "task" for _, kind in found)

