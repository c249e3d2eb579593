"""One kind per name in an abstract, and how papers say they make something (made-up sentences, rules only)."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline("rules")


def _found(nlp, text: str) -> list[tuple[str, str, str]]:
    doc = nlp(text)
    return [(s.text, s.label_, s._.kg_relation) for s in doc.spans["kg_entities"]]


def test_a_name_typed_once_keeps_that_kind_in_its_other_mentions(nlp):
    found = _found(nlp, "We use the new ZorbMed dataset to train a classifier. ZorbMed could help patients.")
    assert {kind for name, kind, _ in found if name == "ZorbMed"} == {"dataset"}


def test_a_name_in_parentheses_after_a_dataset_is_that_dataset(nlp):
    found = _found(nlp, "Finally, on ZNLI (Zorb-NLI) (Smith et al., 2018), we find little gain.")
    assert ("Zorb-NLI", "dataset", "uses") in found


def test_the_long_form_before_an_acronym_types_it_by_what_precedes_it(nlp):
    found = _found(nlp, "We get the best results on Tiered Zorbing for Intuitive Klaxes (TZIK).")
    assert ("TZIK", "dataset", "uses") in found


def test_a_noun_a_phrase_before_named_types_the_name(nlp):
    found = _found(nlp, "We propose a large conversational dataset in Hindi named ZorbInHindi for emotion recognition.")
    assert ("ZorbInHindi", "dataset", "proposes") in found


def test_an_acronym_spelled_out_as_a_language_stays_no_name_in_its_other_mentions(nlp):
    found = _found(nlp, "Systems trained on British English (BE) data fail. We build the BE pronunciation dictionary.")
    assert not [name for name, *_ in found if name == "BE"]


@pytest.mark.parametrize("text, name", [
    ("Two ASR systems are trained using the ZorbDict we construct in this study.", "ZorbDict"),
    ("We present an exploration-based approach, referred to as ZETO, for agents.", "ZETO"),
    ("This paper presents the results obtained by the ZORBI team for the three tasks.", "ZORBI"),
    ("The experiments use the new ZorbMed dataset to train a classifier.", "ZorbMed"),
    ("This paper describes ZChME (Zorb Change Detection with Model Ensemble), a method used in the task.", "ZChME"),
])
def test_what_follows_or_precedes_the_name_says_the_paper_makes_it(nlp, text, name):
    assert (name, "proposes") in {(n, relation) for n, _, relation in _found(nlp, text)}


@pytest.mark.parametrize("text, name", [
    ("We evaluate ZorbNet on Mr. TyDi, a high-quality multilingual retrieval dataset covering eleven languages.",
     "Mr. TyDi"),
    ("We compare with the approach referred to in ZorbRule.", "ZorbRule"),
    ("Prior work found that the ZORBI team did well; we beat it.", "ZORBI"),
])
def test_names_the_paper_only_uses_are_not_proposed(nlp, text, name):
    assert (name, "uses") in {(n, relation) for n, _, relation in _found(nlp, text)}
