"""Lower-case task names found by their head word and the corpus (``extractors/entity_phrases.py``), and the
evidence ``scripts/build_entity_evidence.py`` learns them from."""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from build_entity_evidence import name_evidence, name_lexicon  # noqa: E402

import extractors.entity_phrases as phrases  # noqa: E402
from extractors.entities import blank_pipeline, build_pipeline  # noqa: E402
from extractors.entity_lexicon import word_list  # noqa: E402

TUNESET = ROOT / "benchmarks" / "data" / "tuneset" / "devset.jsonl"


@pytest.fixture(scope="module")
def nlp():
    blank = blank_pipeline()
    blank.add_pipe("sentencizer")
    return blank


def _texts(doc, ranges) -> list[str]:
    return [doc[r[0] : r[1]].text for r in ranges]


def test_head_phrases_open_where_a_name_may_open(nlp):
    doc = nlp("We improve punctuation restoration with Tamil morphological analysis and analysis.")
    assert _texts(doc, phrases.head_phrases(doc)) == ["punctuation restoration"]  # runs on after "Tamil"; head alone


def test_a_sentence_may_open_with_the_name_capitalised(nlp):
    doc = nlp("It is old. Morphological analysis is one of the tasks.")
    assert _texts(doc, phrases.head_phrases(doc)) == ["Morphological analysis"]


def test_verbs_adverbs_and_generic_openers_are_no_part_of_a_name(nlp):
    doc = nlp("a novel reading comprehension model to improve numerical reasoning and largely logical reasoning")
    assert _texts(doc, phrases.head_phrases(doc)) == ["reading comprehension", "numerical reasoning"]


def test_only_names_the_corpus_knows_are_proposed(nlp):
    doc = nlp("We study reading comprehension. A qualitative analysis shows that qualitative analysis helps.")
    assert [(doc[s:e].text, kind, rule) for s, e, kind, rule in phrases.lower_names(doc)] == [
        ("reading comprehension", "task", "corpus_phrase")]


def test_repetition_names_a_phrase_only_when_switched_on(nlp, monkeypatch):
    doc = nlp("We introduce cognitive reframing. Cognitive reframing is hard; cognitive reframing helps.")
    assert phrases.lower_names(doc) == []
    monkeypatch.setattr(phrases, "MIN_REPEATS", 2)
    assert [(doc[s:e].text, rule) for s, e, _, rule in phrases.lower_names(doc)] == [
        ("cognitive reframing", "repeated_phrase"), ("Cognitive reframing", "repeated_phrase"),
        ("cognitive reframing", "repeated_phrase")]


def test_the_pipeline_types_them_as_tasks_and_keeps_other_rules_first(rules):
    doc = rules("We evaluate on quality estimation and reading comprehension and on sentiment analysis.")
    found = [(s.text, s.label_, s._.kg_type_rule) for s in doc.spans["kg_entities"]]
    assert found == [("quality estimation", "task", "corpus_phrase"),
                     ("reading comprehension", "task", "corpus_phrase"),
                     ("sentiment analysis", "task", "task_phrase")]


def test_a_real_abstract_of_the_tuning_set():
    """2024.lrec-main.1242 (tuning set) names reading comprehension only in lower case."""
    if not TUNESET.exists():
        pytest.skip("benchmarks/data/tuneset is absent")
    record = next(json.loads(line) for line in TUNESET.read_text("utf-8").splitlines()
                  if json.loads(line)["id"] == "2024.lrec-main.1242")
    doc = build_pipeline()(record["text"])
    tasks = {s.text for s in doc.spans["kg_entities"] if s.label_ == "task"}
    assert "reading comprehension" in tasks


def test_the_data_files_agree():
    heads = phrases.phrase_heads()
    assert set(heads.values()) <= {"task", "method"}
    learned = phrases.name_phrases()
    assert learned, "name_phrases.txt is empty: run python scripts/build_entity_evidence.py"
    for phrase in learned:
        words = phrase.split()
        assert 2 <= len(words) <= phrases.MAX_MODIFIERS + 1 and words[-1] in heads, phrase
        assert words[-1] not in word_list("task_heads.txt"), phrase  # those are task_phrases.txt's


def test_name_evidence_reads_the_words_around_a_phrase(nlp):
    doc = nlp("the emphasis selection shared task; answer selection (AS); the task of feature selection")
    assert name_evidence(doc, 1, 3) == "task"
    assert name_evidence(doc, 6, 8) == "acronym"
    assert name_evidence(doc, 15, 17) is None  # "the task of X": X is often cut short


def test_name_lexicon_needs_three_of_one_kind_of_evidence():
    counts = Counter({("name_task", "emphasis selection"): 3, ("name_task", "feature selection"): 2,
                      ("name_acronym", "feature selection"): 2})
    assert name_lexicon(counts) == ["emphasis selection\ttask 3, acronym 0"]
