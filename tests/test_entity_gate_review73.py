"""Review review73 of round h15cm: the role guard's gates stay linear on a very long sentence.

A gate (``entity_role_guard._gate``) puts ``.*?`` in the name's place, so each start of a frame's opening ("we
present", "we train") scans on to the sentence's end: quadratic in the sentence's length, where the per-name regex
it stands before fails at once. On a 50,000-character sentence the gates took 17.6 s (frames) and 23 s (the trained
apposition, searched again for each mention) against 0.08 s and 0.1 s without them. A sentence longer than
``_GATED_LENGTH`` now goes to the per-name regexes ungated (the verdicts cannot change: a gate only turns sentences
away), and the trained-apposition gate is read once per sentence.
"""
from __future__ import annotations

import re

import pytest

import extractors.entity_role_guard as guard
from extractors.entity_role_guard import (
    _FRAMES,
    _GATED_LENGTH,
    _TRAINED,
    _framed_sentence,
    _trained_sentence,
    framed_proposal,
    trained_apposition,
)
from ontology.records import EntityKind, Mention, Provenance, Relation


def _mention(name: str, sentence: str, rule: str = "proposal_verb+apposition") -> Mention:
    return Mention("p", name, EntityKind.DATASET, Relation.PROPOSES,
                   Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))


def _long(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


class _NeverSearched:
    """A gate that fails the test when searched: a sentence past ``_GATED_LENGTH`` must not reach one."""

    def search(self, sentence: str) -> None:
        raise AssertionError(f"a gate searched a sentence of {len(sentence)} characters")


@pytest.mark.parametrize("unit", ["we present x ", "we train x y ", "our new dataset: x y "])
def test_a_sentence_past_the_gated_length_reaches_no_gate(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gates' ``.*?`` is quadratic in a sentence's length (3-4 s per 20,000 characters, review73), so a long
    sentence is never searched by one: the per-name regexes decide, as before round h15cm. (Checked by what is
    called, not by a clock: timed tests are flaky on a shared machine.)"""
    monkeypatch.setattr(guard, "_FRAME_GATES", tuple(_NeverSearched() for _ in guard._FRAME_GATES))
    monkeypatch.setattr(guard, "_TRAINED_GATE", _NeverSearched())
    guard._framed_sentence.cache_clear()
    guard._trained_sentence.cache_clear()
    sentence = _long(unit, 20_000) + "."
    mentions = [_mention(name, sentence) for name in ("ZorbQA", "QuuxNet", "Zorb[1]{x}")]
    assert (framed_proposal(mentions), trained_apposition(mentions)) == (False, False)
    with pytest.raises(AssertionError, match="a gate searched"):
        guard._framed_sentence("We present ZorbQA, a dataset.")  # a short sentence is still gated
    guard._framed_sentence.cache_clear()
    guard._trained_sentence.cache_clear()


def test_a_long_sentence_is_not_gated_and_the_frame_decides() -> None:
    filler = _long("with words of the {x} [y] (z) ", 3 * _GATED_LENGTH)
    sentence = "We present Zorb[1]{x}\\Net, a dataset " + filler + " and we train QuuxNet (QN), a tagger."
    assert all(_framed_sentence(sentence)) and _trained_sentence(sentence)
    assert framed_proposal([_mention("Zorb[1]{x}\\Net", sentence)])
    assert trained_apposition([_mention("QuuxNet", sentence, "use+model_family")])
    assert not framed_proposal([_mention("Quux", sentence)])
    assert bool(re.search(_FRAMES[0].format(name=re.escape("Zorb[1]{x}\\Net")), sentence, re.IGNORECASE))
    assert bool(re.search(_TRAINED.format(name=re.escape("QuuxNet")), sentence))


def test_a_short_sentence_is_still_gated() -> None:
    sentence = "We use the corpus to train models for zorb sorting."
    assert len(sentence) <= _GATED_LENGTH
    assert not any(_framed_sentence(sentence)) and not _trained_sentence(sentence)


#: Hostile names and sentences for the other fast paths of round h15cm (made-up names).
_HOSTILE = [("We compare Zorb[1]{x}\\Net with QuuxQA.", "Zorb[1]{x}\\Net"),
            ("We propose Q(A)+*?, which beats BERT.", "Q(A)+*?"),
            ("Intro:\nZorb", "Zorb"), ("a\n", "a"), ("", ""), ("Zorb", ""),
            ("We use ZÖRB-Ñ (ZN) over BERT.", "ZÖRB-Ñ"),
            ("word \n\n ZorbNet e.g. such as", "ZorbNet"), ("We train ZorbNet$^|", "ZorbNet$^|")]


@pytest.mark.parametrize(("sentence", "name"), _HOSTILE)
def test_window_cues_with_endpos_are_the_sliced_search(sentence: str, name: str) -> None:
    from extractors.entity_role_model import _cue_spans, _window_cues
    at = sentence.find(name)
    slow = [f"sent={label}" for label, found in _cue_spans(sentence) if found] if at < 0 else None
    if slow is None:  # the code before round h15cm: every cue, and the word before searched in a copy of the head
        end, slow = at + len(name), []
        for region, low, high in (("before", 0, at), ("after", end, len(sentence)),
                                  ("near_before", max(0, at - 40), at), ("near_after", end, end + 40)):
            slow += [f"{region}={label}" for label, found in _cue_spans(sentence)
                     if any(low <= a and b <= high for a, b in found)]
        word = re.search(r"(\w+)\W*$", sentence[:at])
        if word:
            slow.append(f"word_before={word.group(1).lower()}")
    assert _window_cues(sentence, name) == slow


@pytest.mark.parametrize("name", ["SQuAD v1.1", "Zorb[1]{x}\\Net", "", " ", "ZÖRB-Ñs", "İst", "ſ", "LoRAs",
                                  "a" * 5000])
def test_entity_key_cached_is_the_function(name: str) -> None:
    from ontology.ids import entity_key
    assert entity_key(name) == entity_key(name) == entity_key.__wrapped__(name)
