"""Review review56 of round h15br: faults found in its proposes rules, on invented sentences of the same shapes."""
from __future__ import annotations

import pytest
from entity_cases import entities


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
    from extractors.cue_matcher import CueMatcher
    from extractors.entities import blank_pipeline
    from extractors.entity_apposed_names import apposed_names
    from extractors.entity_lexicon import cue_patterns

    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp("We develop Zorbify, a web-based annotation tool and a dataset of dialogues. "
              "We release Flimsy, a corpus-based evaluation metric for translation.")
    found = [(doc[s:e].text, kind.value) for s, e, kind in apposed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]
    assert found == [("Flimsy", "metric")]
