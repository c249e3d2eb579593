"""Round h15bp: capitals kept because a known model is listed beside them take the model's kind, and a comma
after a clause-opening preposition's object is no list. Invented names, both modes.

Round h15bm kept capitals written once when listed next to a name kg knows
(:func:`extractors.entity_policy.model_context`), but typed them method (the ``default`` rule) even beside a
model ("ZORBSUM and BART"): :func:`extractors.entity_policy.listed_model` gives them the model's kind. Review 50
found "Unlike BERT, EXPERTS do not ..." read as a list: :func:`extractors.entity_policy.listed_beside` does not
take a comma after a clause-opening preposition's object for a list unless a list goes on after the name.
"""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "name"), [
    ("For two strong pre-trained models, QUIBEX and BART on two summarization datasets, we find a correlation.",
     "QUIBEX"),
    ("We evaluate BERT, ZORBEX, and XLNet on the benchmark.", "ZORBEX"),
    ("We use features and BERT, QUORB, a new encoder, for the task.", "QUORB"),
    ("Our encoder is built on XLM-R and ZASER for sentence retrieval.", "ZASER"),
])
def test_capitals_listed_beside_a_model_are_a_model(entity_labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "model"


def test_capitals_kept_as_fine_tuned_keep_their_kind(entity_labels) -> None:
    """Not beside a name typed a model (the object of "fine-tune"): the kind stays as round h15bm left it."""
    text = "We apply our loss to fine-tune ZORBITER and improve its group score by five points."
    assert entity_labels(text).get("ZORBITER") == "method"


@pytest.mark.parametrize(("text", "name"), [
    ("Unlike BERT, ZEXPERTS do not share weights across layers in our model.", "ZEXPERTS"),
    ("Compared to BERT, ZORBEX does not share weights across layers.", "ZORBEX"),
    ("Like BART, QUIBEX uses a denoising objective during pre-training.", "QUIBEX"),
])
def test_a_comma_after_a_clause_opening_preposition_is_no_list(entity_labels, text: str, name: str) -> None:
    assert name not in entity_labels(text)


@pytest.mark.parametrize(("text", "name"), [
    ("Beyond BERT, ZORBEX, and XLNet, we test two more encoders.", "ZORBEX"),
    ("We report results with BERT, ZORBEX and XLNet on the benchmark.", "ZORBEX"),
])
def test_a_list_after_a_preposition_is_still_a_list(entity_labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "model"


@pytest.mark.parametrize(("text", "names"), [
    ("We conduct this comparison on the recently introduced ZorbCoDe data-set (Zorb et al., 2022).", {"ZorbCoDe"}),
    ("Results on the Zorbo and Quibble data-sets improve.", {"Zorbo", "Quibble"}),
])
def test_a_hyphenated_data_set_is_a_dataset_head(entity_labels, text: str, names: set[str]) -> None:
    """tune11: "the ... ImageCoDe data-set" was a method; "data-set" is one token and was no dataset head."""
    kinds = entity_labels(text)
    assert {name: kinds.get(name) for name in names} == dict.fromkeys(names, "dataset")
