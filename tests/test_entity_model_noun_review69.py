"""Review69 of round h15ck: what a lower-case model noun beside capitals written once does not vouch for, in both
modes. Invented names.

:func:`extractors.entity_policy.named_model_noun` keeps capitals nothing else explains when a lower-case model noun
stands right after them ("the baseline ZORBAX model"). Not capitals built on a dataset's name ("the ZQNLI model":
typed a dataset after the policy, the round kept it as a used dataset), not a checkpoint size ("the LARGE model", kept
as a method by the round), and a sentence's first word is no other name's word ("Unlike ZQRB model variants", dropped
by the round's variant guard).
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):
    return build_pipeline(request.param)


def _kept(nlp, text: str) -> dict[str, str]:
    return {s.text: s.label_ for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("We compare with the ZQNLI model on two tasks.", "ZQNLI"),  # built on a dataset's name: typed a dataset later
    ("We compare the LARGE model with the distilled one on two benchmarks.", "LARGE"),
    ("Scores of the BASE and SMALL models are close to each other.", "SMALL"),
    ("Gains are smaller with the XXL model than with the small one.", "XXL"),
])
def test_a_model_noun_vouches_for_no_dataset_name_nor_size(nlp, text: str, name: str) -> None:
    assert name not in _kept(nlp, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Unlike ZQRB model variants, our tagger needs no labels.", "ZQRB"),
    ("We compare with the baseline QORBA model on the Zorb-Klax dataset.", "QORBA"),
])
def test_a_sentence_first_word_is_no_other_names_word(nlp, text: str, name: str) -> None:
    assert _kept(nlp, text).get(name) == "method"
