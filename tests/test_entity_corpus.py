"""Untyped names settled by their long form or by what the corpus says they are (extractors/entity_corpus.py)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from script_modules import load_script

from extractors.entities import build_pipeline
from extractors.entity_corpus import corpus_class, long_form_class, long_form_head

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline()


def _found(nlp, text: str) -> dict[str, str]:
    doc = nlp(text)
    return {span.text: span.label_ for span in doc.spans["kg_entities"]}


@pytest.mark.parametrize(("text", "expected"), [
    # a long form in the abstract says what the acronym is
    ("We simplify Modern Standard Arabic (MSA) sentences.", {}),
    ("Abstract Meaning Representation (AMR) graphs are parsed with ZorbNet.", {"ZorbNet": "method"}),
    ("Systems for automatic post-editing (APE) improve output.", {"APE": "task"}),
    ("We fine-tune on the Danish Sentiment Lexicon (DSL) with ZorbNet.", {"DSL": "dataset", "ZorbNet": "method"}),
    # nothing in the abstract: the corpus decides (a formalism, a venue, a field)
    ("The grammar is written in CCG and HPSG.", {}),
    ("Our system took part in CoNLL with ZorbNet.", {"ZorbNet": "method"}),
    ("We submitted ZorbNet to IWSLT 2023.", {"ZorbNet": "method", "IWSLT 2023": "dataset"}),
    # building blocks are methods (the dev-set guidelines), also unexplained
    ("We stack an LSTM, a CNN and a CRF.", {"LSTM": "method", "CNN": "method", "CRF": "method"}),
    # a capitalised kind of thing is no name
    ("We classify tweets using Large Language Models.", {}),
])
def test_untyped_names_are_settled(nlp, text, expected):
    assert _found(nlp, text) == expected


def test_long_form_classes():
    assert long_form_head("Emotion Recognition in Conversation") == "recognition"
    assert [long_form_class(t) for t in ["Emotion Recognition in Conversation", "Rhetorical Structure Theory",
                                         "Text Encoding Initiative", "transfer learning", "Byte Pair Encoding"]] \
        == ["task", "none", "series", "none", "method"]
    assert long_form_class("Zorb Klax Quux") is None


def test_corpus_table_knows_formalisms_series_and_methods():
    assert corpus_class("AMR") == "none" and corpus_class("PARSEME") == "series"
    assert corpus_class("WMT19") == "series"  # listed itself, or through its stem
    assert all(corpus_class(name) == "method" for name in ["SVM", "CRF", "LSTM", "BPE", "HMM"])
    assert corpus_class("BERT") is None  # a model family is typed by its name


def test_a_short_acronym_the_corpus_never_explains_is_no_method(nlp):
    assert corpus_class("FBK") == "unexplained"
    assert _found(nlp, "We thank FBK and train an SVM.") == {"SVM": "method"}
    assert _found(nlp, "We train a ZQXW on the data.") == {"ZQXW": "method"}  # unseen: a new method stays


def test_evidence_decision_on_made_up_counts():
    module = load_script("scripts/build_entity_evidence.py", "kg_build_entity_evidence")
    pairs = {
        "ZT": Counter({("task", "zorb translation"): 5, ("other", "zorb tuning"): 1}),
        "ZQ": Counter({("other", "alpha learning"): 1, ("other", "epsilon loss"): 1, ("other", "beta learning"): 1, ("other", "gamma loss"): 1,
                       ("other", "delta net"): 1}),
        "ZN": Counter({("method", "zorb network"): 6}),
        "ZX": Counter({("none", "zorb language"): 1}),  # one pair is not enough
    }
    followers = {"ZorbEval": Counter({"series": 4, "method": 1}), "ZorbNet": Counter({"method": 9, "none": 2}),
                 "ZN": Counter({"series": 5})}  # a method by its long forms, a series by its uses
    uses = Counter({"ZorbEval": 10, "ZorbNet": 40, "ZN": 20})
    table = module.decide(pairs, followers, uses)
    assert {name: kind for name, (kind, _) in table.items()} == {"ZT": "task", "ZQ": "ambiguous",
                                                                 "ZorbEval": "series", "ZorbNet": "method",
                                                                 "ZN": "series"}
