"""Round h15br: proposals on the eleventh tuning set's shapes, on invented sentences.

Round h15br listed the proposes errors of tune10 and tune11 (``benchmarks/task_errors.py --score proposes``): a
proposal list after "we propose two networks:" (numbered "1) X, which ..., and 2) Y") was no colon list ("network" no
kind noun); one capitalised word after "we propose" with an apposition naming its kind ("we propose Zorbify, the
first ... method") was no candidate; "our team, X," was no team marker; and two false proposals: an apposition that
calls the thing established after its noun ("X, a compression technique widely used for ..."), and a name after
"describes how" / "demonstrate how" (the wh-clause's subject, not the verb's object).
"""
from __future__ import annotations

import pytest
from entity_cases import apposed, entities


@pytest.mark.parametrize(("text", "expected"), [
    (("We propose two networks: 1) Zorb-Fusion, which learns to compress information from different modalities, "
      "and 2) Flim-Fusion, which regularizes the learned latent space."),
     [("Zorb-Fusion", "method", "proposes"), ("Flim-Fusion", "method", "proposes")]),
    ("To tackle these problems, we propose Zorbify, the first global and model-agnostic explanation method for text.",
     [("Zorbify", "method", "proposes")]),
    ("We also introduce Quxbank, a corpus of annotated dialogues in three languages.",
     [("Quxbank", "dataset", "proposes")]),
    (("We describe our system for the shared task. Our model outperforms existing baselines, earning our team, "
      "ZorbComp, the 1st place in the leaderboard."),
     [("ZorbComp", "method", "proposes")]),
])
def test_proposals_found(both, text, expected):
    found = entities(both, text)
    for entity in expected:
        assert entity in found


@pytest.mark.parametrize(("text", "not_proposed"), [
    ("In this paper, we show that Zorb Pair Encoding, a compression technique widely used for text, is slow.",
     "Zorb Pair Encoding"),
    ("We show that Zorb Pair Encoding, a tokenization method commonly adopted in translation, is slow.",
     "Zorb Pair Encoding"),
    ("This article describes how the Zorb Sign Corpus implemented these principles.", "Zorb Sign Corpus"),
    ("We propose Zorbify for ranking and retrieval.", "Zorbify"),  # no apposition: no candidate
    ("Results of other teams were weak; the team, ZorbComp, ranked first.", "ZorbComp"),  # not "our team"
])
def test_no_proposal(both, text, not_proposed):
    assert (not_proposed, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


def test_an_apposition_that_calls_the_thing_new_still_proposes(both):
    found = entities(both, "We present ZorbNet, a novel parsing model widely applicable to many languages.")
    assert ("ZorbNet", "method", "proposes") in found


def test_apposed_names_unit():
    text = ("We propose Zorbify, a new metric for text. We present Quxpedia, a free encyclopedia. "
            "We propose Flimsy, a popular benchmark. We propose, a method.")
    assert apposed(text) == [("Zorbify", "metric")]


def test_the_apposition_noun_phrase_ends_before_a_later_kind_noun():
    from extractors.cue_matcher import CueMatcher
    from extractors.entities import blank_pipeline
    from extractors.entity_apposed_names import apposed_names
    from extractors.entity_lexicon import cue_patterns

    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp("In this paper, we describe Zorbify, an open-source tool to extract propositions from a parsed corpus.")
    assert apposed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc)) == []
