"""Round h15bi: a lower-case long form names a concept, not data, wherever it stands.

* A long form opening its sentence ("Quux blending (QB) is common ...") is read as written mid-sentence
  (``extractors.entity_candidates.mid_sentence_text``) by ``extractors.entity_concepts.concept_names``, as round
  h15bg's ``_lower_named_pair`` reads it.
* A bare mention of a concept's acronym typed by the head noun after it ("a new QB corpus", "QB metrics") names
  what the data or the measure is for, not what QB is: it is retyped like one typed by a preposition ("results on
  QB"), a task for a process, else untyped (``extractors.entity_concepts.untype_concepts``).

Invented names, both pipelines.
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_candidates import Candidate
from extractors.entity_concepts import concept_names
from ontology.kinds import EntityKind


def _found(nlp, text: str) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(span.text, span.label_, span._.kg_relation) for span in nlp(text).spans["kg_entities"]]


@pytest.mark.parametrize("opening", [True, False])
def test_concept_names_reads_an_opening_long_form_as_mid_sentence(opening: bool) -> None:
    text = "Quux blending (QB) is common." if opening else "We study quux blending (QB) here."
    doc = blank_pipeline()(text)
    start = 0 if opening else 2
    assert concept_names(doc, [Candidate(start + 3, start + 4, "acronym", long_span=(start, start + 2))]) \
        == {"qb": EntityKind.TASK}


def test_capitalised_long_form_opening_its_sentence_is_no_concept() -> None:
    """Capitalised in more than its first letter, a long form may name a resource: nothing changes."""
    doc = blank_pipeline()("Quux Blending Bank (QBB) is large.")
    assert concept_names(doc, [Candidate(4, 5, "acronym", long_span=(0, 3))]) == {}


@pytest.mark.parametrize("text", [
    "Quux blending (QB) is common in zorb chats. We release a new QB corpus.",
    "We study quux blending (QB) in zorb chats. We release a new QB corpus.",
    "Quux blending (QB) is common in zorb chats. We propose new QB metrics.",
    "Frob plan acquisition (FPA) is hard. We build two FPA benchmarks.",
])
def test_head_noun_after_a_concept_names_what_it_is_for(both, text: str) -> None:  # type: ignore[no-untyped-def]
    """The corpus, the benchmarks, the metrics are for the concept: no mention of it is a dataset or a metric, nor
    proposed (the data is what is new)."""
    assert all(kind not in ("dataset", "metric") and relation == "uses" for _, kind, relation in _found(both, text))


@pytest.mark.parametrize("text", [
    "Zorb frame recognition (ZFR) is hard. We release a new ZFR corpus.",
    "We study zorb frame recognition (ZFR). Two ZFR benchmarks exist.",
])
def test_head_noun_after_a_task_long_form_gives_the_task(both, text: str) -> None:  # type: ignore[no-untyped-def]
    """A long form whose head names a task ("recognition") makes every mention of its acronym the task."""
    found = _found(both, text)
    assert found and all(kind == "task" and relation == "uses" for _, kind, relation in found)


def test_non_process_concept_before_a_dataset_noun_is_no_dataset(both) -> None:  # type: ignore[no-untyped-def]
    """"Zorb traffic control (ZTC)" is a field of work: "the ZTC corpora" are data for it, and ZTC no dataset."""
    found = _found(both, "Zorb traffic control (ZTC) is hard. We collect the ZTC corpora and train a model.")
    assert "dataset" not in {kind for _, kind, _ in found}


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("Zorb error rate (ZER) is a measure. We report the ZER metric.", "ZER", "metric"),  # a metric's own head
    ("We estimate zorb pseudo-likelihood (ZPL) scores. The ZPL metric is cheap.", "ZPL", "metric"),  # no process
    ("The Zorb Plan Corpus (ZPC) is large. We release the ZPC dataset.", "ZPC", "dataset"),  # a named corpus
])
def test_names_typed_by_their_own_definition_unchanged(both, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert {k for n, k, _ in _found(both, text) if n == name} == {kind}


def test_preposition_rule_unchanged(both) -> None:  # type: ignore[no-untyped-def]
    """Round h15af's shape, now also at a sentence's start."""
    for text in ("We study frob plan acquisition (FPA). Results on FPA improve.",
                 "Frob plan acquisition (FPA) is hard. Results on FPA improve."):
        assert {kind for name, kind, _ in _found(both, text) if name == "FPA"} == {"task"}
