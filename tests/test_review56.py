"""Review review56 of round h15br: faults found in its proposes rules, on invented sentences of the same shapes."""
from __future__ import annotations

import pytest
from entity_cases import apposed, entities


@pytest.mark.parametrize(("text", "expected"), [
    # A kind noun hyphened to the next word modifies it; the apposed-names source had taken it for the head and
    # overridden the kind the typing apposition gives ("corpus-based ... metric" had become a dataset).
    ("We release Flimsy, a corpus-based evaluation metric for translation.", ("Flimsy", "metric", "proposes")),
    ("We introduce Gromp, a model-based metric for dialogue quality.", ("Gromp", "metric", "proposes")),
    ("To tackle this, we propose Zorbify, the first global and model-agnostic explanation method for text.",
     ("Zorbify", "method", "proposes")),
])
def test_apposed_kind_is_the_head_not_a_hyphened_modifier(both, text, expected):
    assert expected in entities(both, text)


def test_a_second_article_ends_the_apposition():
    text = ("We develop Zorbify, a web-based annotation tool and a dataset of dialogues. "
            "We release Flimsy, a corpus-based evaluation metric for translation.")
    assert apposed(text) == [("Flimsy", "metric")]


@pytest.mark.parametrize("text", [
    "In this paper, we show that ZorbStep, a preprocessing method prior to parsing, helps.",
    "In this paper, we argue that ZorbNet, a parsing model strong enough for long texts, helps.",
    "In this paper, we show that ZorbNet, a parsing model broadly applicable to many languages, helps.",
    "In this paper, we show that ZorbNet, a parsing method frequently outperforming baselines, helps.",
])
def test_a_not_new_word_after_the_apposition_noun_needs_a_participle(both, text):
    # The guard of round h15br ("X, a technique widely used ...") read any NOT_NEW word or adverb after the noun;
    # its comment and its cases are "widely used", "commonly adopted": the word must be or precede a participle.
    assert any(role == "proposes" for _, _, role in entities(both, text))


@pytest.mark.parametrize("text", [
    "In this paper, we show that Zorb Pair Encoding, a compression technique widely used for text, is slow.",
    "We show that Zorb Pair Encoding, a tokenization method commonly adopted in translation, is slow.",
    "We show that Zorb Pair Encoding, a tokenization method frequently employed in translation, is slow.",
])
def test_an_established_thing_after_the_apposition_noun_is_still_no_proposal(both, text):
    assert ("Zorb Pair Encoding", "proposes") not in [(name, role) for name, _, role in entities(both, text)]
