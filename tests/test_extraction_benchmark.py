"""The definitions behind ``benchmarks/extraction.py``: gold occurrence, matching, precision modes, CoNLL reading."""
from __future__ import annotations

from itertools import count
from pathlib import Path

import pytest
from script_modules import load_script

from extractors.gazetteer_build import AnthologyPaper, split_of
from ontology.records import Paper, Provenance

ROOT = Path(__file__).resolve().parents[1]
PWC = "https://paperswithcode.com/dataset/"


@pytest.fixture(scope="module")
def bench():
    """The benchmark module, loaded from its file (``benchmarks/`` is not a package)."""
    return load_script("benchmarks/extraction.py", "kg_extraction_benchmark")


@pytest.mark.parametrize(
    ("name", "text", "occurs"),
    [
        ("ZorbQA", "Results on ZorbQA improve.", True),
        ("Zorb QA", "Results on Zorb-QA improve.", True),
        ("ZorbQA", "Results on ZorbQA2.0 improve.", True),
        ("Zorb Talk", "We study zorb talk.", False),  # ordinary words, not the name
        ("ZorbQA", "We present ZorbQA-Lite.", False),  # part of a longer name
        ("ZorbQA", "the MultiZorbQA data", False),
    ],
)
def test_gold_counts_names_written_as_names(bench, name, text, occurs):
    assert bench.occurs_as_name(name, text) is occurs


def test_scores_count_strict_and_lenient_precision(bench):
    ids = (f"2099.zorb-main.{n}" for n in count() if split_of(f"2099.zorb-main.{n}") == "test")
    abstract = ("We evaluate on ZorbQA 2.0 and MultiWOZ. We also release KlaxSet, a new dataset, "
                "and report results on SQuAD.")
    item = AnthologyPaper(Paper(ref="p", provenance=Provenance("v.xml"), abstract=abstract, anthology_id=next(ids)),
                          (("ZorbQA", PWC + "zorbqa"), ("MultiWOZ", PWC + "multiwoz"), ("Klaxon", PWC + "klaxon")))
    known = {"zorbqa", "multiwoz", "klaxon", "squad"}
    scores = bench.anthology_scores([item], known)
    assert scores["gold"] == 2  # Klaxon is tagged but not named in the abstract
    assert scores["strict"]["found"] == 2 and scores["strict"]["fn"] == 0
    assert (scores["strict"]["tp"], scores["strict"]["fp"]) == (2, 2)  # KlaxSet and SQuAD are not tagged
    assert (scores["lenient"]["tp"], scores["lenient"]["fp"]) == (2, 1)  # ... and only SQuAD is a known name


def test_conll_sentences_keep_their_spacing_and_spans(bench, tmp_path):
    conll = tmp_path / "t.conll"
    conll.write_text("We\t0\tO\nuse\t3\tO\nZorb\t7\tB-DATASET\nTreebank\t12\tI-DATASET\n.\t20\tO\n\n"
                     "It\t22\tO\nworks\t25\tO\n.\t30\tO\n", encoding="utf-8")
    assert bench.read_conll(conll) == [("We use Zorb Treebank.", [(7, 20)]), ("It works.", [])]


def test_speed_reports_words_per_wall_and_cpu_second(bench):
    abstracts = ["We train ZorbNet on KlaxSet and report F1. It beats the baseline by two points.",
                 "This paper studies zorb parsing with a new corpus.", ""]
    items = [AnthologyPaper(Paper(ref=f"p{n}", provenance=Provenance("x"), title="A title", abstract=a or None), ())
             for n, a in enumerate(abstracts)]
    result = bench.speed(items, ("rules",))
    assert result["abstracts"] == 2 and result["words"] == sum(len(a.split()) for a in abstracts)
    assert {"blank", "blank_cpu", "rules", "rules_cpu"} <= set(result)
    assert all(result[key] > 0 for key in ("blank", "blank_cpu", "rules", "rules_cpu"))
