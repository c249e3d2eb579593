"""extractors.cue_matcher gives the cue labels spaCy's Matcher and PhraseMatcher gave, token for token."""
from __future__ import annotations

import random
from itertools import chain

import pytest
from spacy.matcher import Matcher, PhraseMatcher
from spacy.tokens import Doc

from extractors.cue_matcher import CueMatcher
from extractors.entities import blank_pipeline
from extractors.entity_lexicon import cue_patterns, word_choice
from extractors.token_texts import token_lower_ids, token_lowers, token_texts


def spacy_cues(vocab, patterns, doc: Doc) -> dict[int, set[str]]:
    """The cues as kg_entities computed them before CueMatcher: one-word LOWER lists in a PhraseMatcher, the
    other patterns in a Matcher, each match's tokens given its label."""
    words, matcher = PhraseMatcher(vocab, attr="LOWER"), Matcher(vocab)
    for entry in patterns:
        choice = word_choice(entry["pattern"])
        if choice is not None:
            words.add(entry["label"], [Doc(vocab, words=[word]) for word in choice])
        else:
            matcher.add(entry["label"], [entry["pattern"]])
    cues: dict[int, set[str]] = {}
    for match_id, start, end in chain(words(doc), matcher(doc)):
        for i in range(start, end):
            cues.setdefault(i, set()).add(vocab.strings[match_id])
    return cues


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline()


def _pattern_words(patterns) -> list[str]:
    words = set()
    for entry in patterns:
        for token in entry["pattern"]:
            value = token.get("LOWER")
            words.update([value] if isinstance(value, str) else (value or {}).get("IN", []))
    return sorted(words)


def test_the_shipped_patterns_on_sentences(nlp):
    patterns = cue_patterns()
    matcher = CueMatcher(nlp.vocab, patterns)
    assert len(matcher.fallback) == 0  # every shipped pattern is read by CueMatcher itself
    for text in ["We also further propose ZorbNet, referred to as ZN, and test it on the Zorb Corpus test set.",
                 "We then describe a Transformer Network; the paper describes such as Corpus and the dev sets.",
                 "This Dataset, Benchmark and Treebank are ours. We have presented it. we we proposed proposed",
                 "We", "", "Such as", "data sets data set Data Set held-out set"]:
        doc = nlp(text)
        assert matcher(doc) == spacy_cues(nlp.vocab, patterns, doc), text


def test_the_shipped_patterns_on_random_word_sequences(nlp):
    """Sequences of the patterns' own words (in three casings) with fillers: every overlap of matches occurs."""
    patterns = cue_patterns()
    matcher = CueMatcher(nlp.vocab, patterns)
    words = _pattern_words(patterns) + ["the", "ZorbNet", ",", "."]
    rng = random.Random(15)
    for _ in range(300):
        chosen = [rng.choice(words) for _ in range(rng.randint(1, 30))]
        chosen = [w.title() if rng.random() < 0.3 else w.upper() if rng.random() < 0.05 else w for w in chosen]
        doc = Doc(nlp.vocab, words=chosen)
        assert matcher(doc) == spacy_cues(nlp.vocab, patterns, doc), chosen


def test_quantifiers_and_a_pattern_read_by_spacy(nlp):
    patterns = [
        {"label": "PLUS", "pattern": [{"LOWER": "a"}, {"LOWER": "b", "OP": "+"}, {"LOWER": "c", "OP": "?"}]},
        {"label": "STAR_END", "pattern": [{"LOWER": "x"}, {"LOWER": {"IN": ["y", "z"]}, "OP": "*"}]},
        {"label": "OPTIONAL_FIRST", "pattern": [{"LOWER": "q", "OP": "?"}, {"LOWER": "r", "IS_TITLE": True}]},
        {"label": "ANY", "pattern": [{"LOWER": "k"}, {}, {"LOWER": "k"}]},
        {"label": "DIGIT", "pattern": [{"LOWER": "v"}, {"IS_DIGIT": True}]},  # not CueMatcher's: spaCy's Matcher
    ]
    matcher = CueMatcher(nlp.vocab, patterns)
    assert len(matcher.fallback) == 1
    rng = random.Random(3)
    for _ in range(300):
        chosen = [rng.choice(["a", "b", "c", "x", "y", "z", "q", "r", "R", "k", "v", "2", "w"])
                  for _ in range(rng.randint(1, 14))]
        doc = Doc(nlp.vocab, words=chosen)
        assert matcher(doc) == spacy_cues(nlp.vocab, patterns, doc), chosen
    doc = Doc(nlp.vocab, words=["a", "b", "b", "c", "x", "y", "z", "q", "R", "v", "2"])
    assert matcher(doc) == {0: {"PLUS"}, 1: {"PLUS"}, 2: {"PLUS"}, 3: {"PLUS"}, 4: {"STAR_END"}, 5: {"STAR_END"},
                            6: {"STAR_END"}, 7: {"OPTIONAL_FIRST"}, 8: {"OPTIONAL_FIRST"}, 9: {"DIGIT"}, 10: {"DIGIT"}}


def test_token_texts_follow_the_doc(nlp):
    first, second = nlp("We use ZorbNet on ToyQA."), nlp("ToyQA ( ours )")
    assert token_texts(first) == ["We", "use", "ZorbNet", "on", "ToyQA", "."]
    assert token_lowers(second) == ["toyqa", "(", "ours", ")"]
    assert token_lower_ids(first) == [t.lower for t in first]  # back to the first Doc: its own lists again
    assert token_texts(first) == [t.text for t in first] and token_lowers(first) == [t.lower_ for t in first]
