"""Round h15ad: lower-case losses a sentence says it uses are methods (``extractors/entity_losses.py``), in both
modes; descriptions of a loss and amounts lost stay no names. Invented sentences."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "name"), [
    ("We use the focal loss to handle the imbalanced labels of the Zorblat corpus.", "focal loss"),
    ("Our encoder employs hard triplet loss for optimization.", "hard triplet loss"),
    ("The decoders utilize the consistency loss to keep their outputs coherent.", "consistency loss"),
    ("We adopt the standard cross-entropy loss for the parser.", "cross-entropy loss"),
    ("The tagger is trained using triplet loss or quadruplet loss.", "quadruplet loss"),
    ("We employ the multiple instance ranking loss to find turning points.", "multiple instance ranking loss"),
])
def test_used_loss_is_a_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "method"


@pytest.mark.parametrize(("text", "word"), [
    ("The final loss is a weighted sum of two terms.", "loss"),
    ("We use little loss of accuracy when pruning the encoder.", "loss"),
    ("We apply the proposed attention loss to the decoder.", "loss"),
    ("We employ sequence-level loss functions to avoid exposure bias.", "loss"),
    ("Results drop when training with the word-level loss.", "loss"),
])
def test_loss_descriptions_stay_no_names(entity_labels, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(word in name for name in entity_labels(text))
