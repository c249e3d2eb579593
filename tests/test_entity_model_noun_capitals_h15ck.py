"""Round h15ck: capitals written once that a model noun beside them explains are a model's name, in both modes.
Invented names.

Capitals nothing explains ("IARPA", "PMID") are dropped (``extractors/entity_policy.py``, reason ``capitals``) unless
the sentence says what they are (:func:`extractors.entity_policy.model_context`, round h15bm). A lower-case model
noun right after them ("the baseline ZORBAX model") or the brackets right after one ("a paraphrasing model (ZORBAX)")
says it too (:func:`extractors.entity_policy.named_model_noun`).
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline, build_pipeline
from extractors.entity_policy import named_model_noun


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):
    return build_pipeline(request.param)


def _kept(nlp, text: str) -> set[str]:
    return {s.text for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("We compare with the baseline QORBA model on the Zorb-Klax dataset.", "QORBA"),
    ("This paper presents a modified version of the sentence paraphrasing model (ZEPHAX) to handle long inputs.",
     "ZEPHAX"),
    ("Our tagger stacks a CRF layer on the ZQUIL encoder and is trained on the Klax corpus.", "ZQUIL"),
    ("We adapt the QUIBLE architecture to long documents.", "QUIBLE"),
])
def test_capitals_before_or_after_a_model_noun_are_kept(nlp, text: str, name: str) -> None:
    assert name in _kept(nlp, text)


#: Capitals with no model noun at all ("The ZQARPA program ...") are tests/test_entity_round_h15bm.py's guards.
@pytest.mark.parametrize(("text", "name"), [
    ("The study was funded by the national agency (ZQAGY) over two years.", "ZQAGY"),  # brackets after no model noun
    ("The ZQUUX project trained a model for two years.", "ZQUUX"),  # a model noun, but not beside the name
    ("These instances are used to learn ZQ-NER models for new domains.", "ZQ-NER"),  # models of a task
    ("The gains are smaller on a Zorbformer XXL model than on the base one.", "XXL"),  # a size of the name before
])
def test_capitals_without_a_lower_case_model_noun_are_dropped(nlp, text: str, name: str) -> None:
    assert name not in _kept(nlp, text)


def test_named_model_noun_positions() -> None:
    doc = blank_pipeline()("The ZQAX model beat a paraphrasing model (ZQBX) and the ZQCX Model on ZQDX data.")
    assert [named_model_noun(doc, i, i + 1) for i in (1, 8, 12, 15)] == [True, True, False, False]
    doc = blank_pipeline()("We learn ZQ-NER models, tune a ZorbLM 13B CHAT model and jointly optimize ASR-MT models.")
    assert [named_model_noun(doc, i, i + 1) for i in (2, 9, 14)] == [False, False, False]
