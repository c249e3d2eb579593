"""Round h15ad: lower-case losses a sentence says it uses are methods (``extractors/entity_losses.py``), in both
modes; descriptions of a loss and amounts lost stay no names. Invented sentences."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _names(nlp, text: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {span.text: span.label_ for span in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("We use the focal loss to handle the imbalanced labels of the Zorblat corpus.", "focal loss"),
    ("Our encoder employs hard triplet loss for optimization.", "hard triplet loss"),
    ("The decoders utilize the consistency loss to keep their outputs coherent.", "consistency loss"),
    ("We adopt the standard cross-entropy loss for the parser.", "cross-entropy loss"),
    ("The tagger is trained using triplet loss or quadruplet loss.", "quadruplet loss"),
    ("We employ the multiple instance ranking loss to find turning points.", "multiple instance ranking loss"),
])
def test_used_loss_is_a_method(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _names(nlp, text).get(name) == "method"


@pytest.mark.parametrize(("text", "word"), [
    ("The final loss is a weighted sum of two terms.", "loss"),
    ("We use little loss of accuracy when pruning the encoder.", "loss"),
    ("We apply the proposed attention loss to the decoder.", "loss"),
    ("We employ sequence-level loss functions to avoid exposure bias.", "loss"),
    ("Results drop when training with the word-level loss.", "loss"),
])
def test_loss_descriptions_stay_no_names(nlp, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(word in name for name in _names(nlp, text))
