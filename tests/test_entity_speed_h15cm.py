"""Round h15cm: the same outputs, less CPU — each faster path checked against the slower one it replaces.

The role guard's frames (``entity_role_guard``) search a sentence with a gate (the frame, any text for the name) before
compiling a regex for the name; the lower-case model test is cached per text; the task lists' word walk reads token
texts and spaces from the per-Doc arrays instead of building a Token per test.
"""
from __future__ import annotations

import re

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_lowercase import lower_case_model
from extractors.entity_role_guard import _FRAMES, _TRAINED, _TRAINED_GATE, _gate, framed_proposal, trained_apposition
from extractors.entity_task_lists import MAX_WORD_TOKENS, MAX_WORDS, member_words, spaced_words
from ontology.records import EntityKind, Mention, Provenance, Relation

#: Sentences of the frames' shapes and near misses (made-up names), with the name each is asked about.
_CASES = [
    ("We introduce ZorbQA, a dataset of 19K questions.", "ZorbQA"),
    ("We introduce ZorbQA (Zorb Question Answering), a dataset of questions.", "ZorbQA"),
    ("We extend ZorbQA, a dataset of questions.", "ZorbQA"),
    ("This paper presents QUUXMINE, an opinion mining system.", "QUUXMINE"),
    ("we introduce a new benchmark, Zorbench, designed for probing.", "Zorbench"),
    ("Our dataset, Zorb-Set, consists of 5K dialogues.", "Zorb-Set"),
    ("After applying our approach, Zorb has scored 0.6.", "Zorb"),
    ("Quux Briefings is a novel dataset featuring news.", "Quux Briefings"),
    ("Zorb Quux is the first corpus of its kind.", "Zorb Quux"),
    ("We introduce the zorb sorting task and a baseline.", "zorb sorting"),
    ("We design a zorb sorting task pipeline.", "zorb sorting"),
    ("We introduce the task of zorb sorting, in which a model sorts.", "zorb sorting"),
    ("WE INTRODUCE ZORBQA, A DATASET OF QUESTIONS.", "ZorbQA"),
    ("We present Zorb.v2 (a+b), a toolkit for parsing.", "Zorb.v2 (a+b)"),
    ("We present Zorb, a toolkit.\nIt parses.", "Zorb"),
    ("We use the corpus to train models.", "Quux"),
]


def _mention(name: str, sentence: str, relation: Relation = Relation.PROPOSES,
             rule: str = "proposal_verb+apposition") -> Mention:
    return Mention("p", name, EntityKind.DATASET, relation,
                   Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))


def _framed_slow(mentions: list[Mention]) -> bool:
    """framed_proposal as it was before the gate (round h15ci's code): a regex compiled per name and frame."""
    rules = {m.provenance.extractor.split(":", 1)[-1].partition("+")[2] for m in mentions}
    known = {"gazetteer", "model_family", "known_resource", "known_method", "method_phrase", "corpus",
             "dataset_stem", "edition", "metric_name"}
    if rules & known - {"model_family"}:
        return False
    frames = _FRAMES[:1] if "model_family" in rules else _FRAMES
    return any(m.relation is Relation.PROPOSES and m.provenance.sentence
               and any(re.search(f.format(name=re.escape(m.name)), m.provenance.sentence, re.IGNORECASE)
                       for f in frames) for m in mentions)


@pytest.mark.parametrize(("sentence", "name"), _CASES)
@pytest.mark.parametrize("rule", ["proposal_verb+apposition", "proposal_verb+model_family", "our+default"])
def test_framed_proposal_with_the_gate_is_the_frames_verdict(sentence: str, name: str, rule: str) -> None:
    mentions = [_mention(name, sentence, rule=rule)]
    assert framed_proposal(mentions) is _framed_slow(mentions)


def test_gates_find_every_sentence_their_frame_finds() -> None:
    found = 0
    for frame in _FRAMES:
        gate = _gate(frame, re.IGNORECASE)
        for sentence, name in _CASES:
            if re.search(frame.format(name=re.escape(name)), sentence, re.IGNORECASE):
                found += 1
                assert gate.search(sentence), (frame, sentence)
    assert found >= 8  # the cases exercise every frame's match, not only its misses


def test_gate_turns_away_sentences_with_no_frame() -> None:
    sentence = "We use the corpus to train models for zorb sorting."
    assert not any(_gate(frame, re.IGNORECASE).search(sentence) for frame in _FRAMES)
    assert framed_proposal([_mention("zorb sorting", sentence)]) is False


@pytest.mark.parametrize(("sentence", "name", "expected"), [
    ("Finally, we use the corpus to pretrain ZorbBERT, a privacy model.", "ZorbBERT", True),
    ("We also train ZorbLID (a language identifier), a tool for tagging.", "ZorbLID", True),
    ("We fine-tune ZorbBERT, a privacy model.", "ZorbBERT", False),
    ("We train ZorbNet on a corpus, a large one.", "ZorbNet", False),
])
def test_trained_apposition_with_the_gate(sentence: str, name: str, expected: bool) -> None:
    mention = _mention(name, sentence, Relation.USES, "use+model_family")
    assert trained_apposition([mention]) is expected
    assert bool(re.search(_TRAINED.format(name=re.escape(name)), sentence)) is expected
    if expected:
        assert _TRAINED_GATE.search(sentence)


@pytest.mark.parametrize("text", ["roberta", "roberta-large", "bloomz", "RoBERTa", "opt", "robertas", "bert_base",
                                  "the", "zorb-large", "", "roberta-"])
def test_lower_case_model_cached_is_the_test(text: str) -> None:
    first, again = lower_case_model(text), lower_case_model(text)
    assert first is again is lower_case_model.__wrapped__(text)


def _spaced_words_slow(doc, start: int, end: int, step: int) -> list[tuple[int, int]]:
    """spaced_words as it was before round h15cm: a Token per test."""
    words: list[tuple[int, int]] = []
    n = len(doc)
    k = start if step == 1 else end - 1
    while 0 <= k < n and len(words) <= MAX_WORDS:
        a = b = k
        while b + 1 < n and b - a < MAX_WORD_TOKENS and not doc[b].whitespace_ \
                and (doc[b + 1].text[:1] == "-" or doc[b].text.endswith("-") or doc[b].text == "-"):
            b += 1
        while a - 1 >= 0 and b - a < MAX_WORD_TOKENS and not doc[a - 1].whitespace_ \
                and (doc[a].text[:1] == "-" or doc[a - 1].text.endswith("-") or doc[a - 1].text == "-"):
            a -= 1
        if b - a >= MAX_WORD_TOKENS:
            break
        words.append((a, b + 1))
        k = b + 1 if step == 1 else a - 1
    return words


@pytest.mark.parametrize("text", [
    "Tools for text-to-image zorb retrieval and quux - tagging, and state-of-the-art zorb sorting.",
    "A dataset for zorb-quux-sorting of Zorb-Zorb-Zorb-Zorb-Zorb-Zorb-Zorb-Zorb-Zorb-Zorb texts.",
    "Methods for zorb identification- and quux- tagging (ZIT) on -zorbs.",
])
def test_spaced_and_member_words_match_the_token_walk(text: str) -> None:
    doc = blank_pipeline()(text)
    is_stop = [t.is_stop for t in doc]
    for k in range(len(doc)):
        for start, end, step in ((k, k + 1, 1), (0, k + 1, -1)):
            fast = spaced_words(doc, start, end, step)
            assert fast == _spaced_words_slow(doc, start, end, step)
            taken = []
            for a, b in fast:
                text_ab = doc[a:b].text
                if not (text_ab.replace("-", "").isalpha() and text_ab == text_ab.lower()
                        and not text_ab.startswith("-") and not text_ab.endswith("-")
                        and not (b - a == 1 and is_stop[a]) and text_ab not in {"task", "tasks", "subtask",
                                                                               "subtasks", "problem", "problems"}
                        and text_ab not in {"including", "like", "especially", "particularly", "namely",
                                            "notably", "involving"}):
                    break
                taken.append((a, b))
            assert member_words(doc, fast, is_stop) == taken
