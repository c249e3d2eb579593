"""Round h15bm: capitals written once that the sentence says are a method or model, in both modes. Invented names.

Capitals nothing explains ("IARPA", "PMID") are dropped (``extractors/entity_policy.py``, reason ``capitals``);
listed next to a model kg knows by name, or the object of "fine-tune", they name a model
(:func:`extractors.entity_policy.model_context`).
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _kept(nlp, text: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {s.text for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("The system consists of a pre-trained model (e.g., ZORBXLM and XLM-RoBERTa) to extract news features.",
     "ZORBXLM"),
    ("For two strong pre-trained models, QUIBEX and BART on two summarization datasets, we find a correlation.",
     "QUIBEX"),
    ("It boosts the zero-shot inference ability of CLIP, ZQLIP, and BLIP2 even without further training.", "ZQLIP"),
    ("We apply our loss to fine-tune ZORBITER and improve its group score by five points.", "ZORBITER"),
])
def test_capitals_the_sentence_makes_a_model_are_kept(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert name in _kept(nlp, text)


@pytest.mark.parametrize(("text", "name"), [
    ("The model performs better especially for ZARTIFACT and ORGANIZATION types in the data.", "ZARTIFACT"),
    ("The ZQARPA program funded the study of two treebanks.", "ZQARPA"),
])
def test_capitals_nothing_explains_are_still_dropped(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert name not in _kept(nlp, text)
