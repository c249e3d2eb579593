"""Review 53 of round h15bp: the model kind a list guesses comes last, and more clause commas are no list.
Invented names, both modes.

Round h15bp's :func:`extractors.entity_policy.listed_model` typed capitals beside a known model a model (type rule
``list``) before :func:`extractors.entity_kind_votes.one_kind_per_name`, whose ``dataset_stem`` rule types only
``default`` names: "Scores of BERT and ZORBSET-HARD" lost the dataset kind its stem gives. Its clause guard
(:func:`extractors.entity_policy.listed_beside`) looked only at the token before one known name and took any
non-word after the candidate for a list going on: "Unlike BERT and RoBERTa, ZEXPERTS do ...", "Unlike BERT,
ZORBEX's weights ...", "Unlike BERT, ZORBEX, which ..." were still lists, and so was the mirror shape
"Unlike ZEXPERTS, BERT does ..." (the name the preposition governs, a known model after the comma).
"""
from __future__ import annotations

import pytest


def test_a_name_built_on_the_abstracts_dataset_stays_a_dataset(entity_labels) -> None:
    text = "We release QUIBSET, a new corpus for search. Scores of BERT and QUIBSET-HARD are low."
    assert entity_labels(text).get("QUIBSET-HARD") == "dataset"


def test_capitals_beside_a_model_are_still_a_model(entity_labels) -> None:
    assert entity_labels("We evaluate BERT, ZORBEX, and XLNet on the benchmark.").get("ZORBEX") == "model"


@pytest.mark.parametrize(("text", "name"), [
    ("Unlike BERT and RoBERTa, ZEXPERTS do not share weights across layers.", "ZEXPERTS"),
    ("Compared to BERT or XLNet, ZORBEX does not share weights across layers.", "ZORBEX"),
    ("Unlike BERT, ZORBEX's weights are not shared across layers.", "ZORBEX"),
    ("Unlike BERT, ZORBEX, which is trained on news, does not share weights.", "ZORBEX"),
    ("Unlike BERT, ZORBEX (Zorb et al., 2020) does not share weights.", "ZORBEX"),
    ("Unlike ZEXPERTS, BERT does not share weights across layers.", "ZEXPERTS"),
    ("Compared to ZORBEX, BERT is slow on long inputs.", "ZORBEX"),
    ("Unlike BERT, ZORBEX, a new encoder, does not share weights.", "ZORBEX"),
])
def test_more_clause_commas_are_no_list(entity_labels, text: str, name: str) -> None:
    assert name not in entity_labels(text)


@pytest.mark.parametrize(("text", "name"), [
    ("Beyond BERT, ZORBEX, XLNet and GPT-2 are tested on the benchmark.", "ZORBEX"),
    ("We compare against BERT, ZORBEX.", "ZORBEX"),
    ("We evaluate ZORBEX, BERT and XLNet on the benchmark.", "ZORBEX"),
    ("We report results for BERT, ZORBEX, respectively.", "ZORBEX"),
    ("We report results for BERT, ZORBEX (Zorb et al., 2020), and XLNet.", "ZORBEX"),
    ("Results with BERT and XLNet, ZORBEX, and GPT-2 are reported.", "ZORBEX"),
])
def test_a_list_after_a_preposition_goes_on(entity_labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "model"
