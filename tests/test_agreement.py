"""``benchmarks/agreement.py``: one annotation file scored against another by the extraction benchmark's rules."""
from __future__ import annotations

from pathlib import Path

import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]

#: Annotator A of two made-up abstracts.
A = """@ p1
MODEL uses BERT
TASK uses MT
?METRIC uses BLEU
DATASET proposes FooCorpus

@ p2
METHOD uses LSTM
METRIC uses accuracy
"""
#: Annotator B: BERT and LSTM agree; "machine translation | MT" is A's MT (one entity: its long form must not
#: count as a second prediction); BLEU is optional in A (neither right nor wrong); FooCorpus is "uses" (right in
#: entities, missed in proposes); Zorb is B's only; accuracy is optional in B.
B = """@ p1
MODEL uses BERT
TASK uses machine translation | MT
METRIC uses BLEU
DATASET uses FooCorpus
METHOD uses Zorb

@ p2
METHOD uses LSTM
?METRIC uses accuracy
"""


@pytest.fixture(scope="module")
def agreement():
    """The module, loaded from its file (``benchmarks/`` is not a package)."""
    return load_script("benchmarks/agreement.py", "kg_agreement")


@pytest.fixture(scope="module")
def results(agreement):
    from devset import parse_annotations  # on sys.path once the module is loaded

    return agreement.agreement(parse_annotations(A), parse_annotations(B), samples=200)


def _prf(figures: dict) -> tuple[float, float, float]:
    return figures["precision"], figures["recall"], figures["f1"]


def test_a_as_gold_b_required_counts_as_the_benchmark_would(results):
    got = results["A gold, B required"]
    # p1: BERT, MT, FooCorpus right, BLEU neutral, Zorb wrong; p2: LSTM right, accuracy missed.
    assert (got["entities"]["tp"], got["entities"]["fp"], got["entities"]["fn"]) == (4, 1, 1)
    assert _prf(got["entities"]) == (0.8, 0.8, 0.8)
    assert _prf(got["methods_models"]) == (0.6667, 1.0, 0.8)
    assert _prf(got["metrics"]) == (1.0, 0.0, 0.0)  # BLEU neutral, accuracy missed
    assert _prf(got["proposes"]) == (1.0, 0.0, 0.0)  # B proposes nothing
    assert _prf(got["datasets"]) == (1.0, 1.0, 1.0)


def test_b_optional_entities_count_only_in_the_all_variant(results):
    got = results["A gold, B all"]
    assert _prf(got["metrics"]) == (1.0, 1.0, 1.0)
    assert _prf(got["entities"]) == (0.8333, 1.0, 0.9091)


def test_the_other_direction_swaps_gold_and_predictions(results):
    got = results["B gold, A required"]
    # B requires BERT, MT, BLEU, FooCorpus, Zorb, LSTM; A finds all but BLEU (optional in A) and Zorb.
    assert _prf(got["entities"]) == (1.0, 0.6667, 0.8)
    assert _prf(got["metrics"]) == (1.0, 0.0, 0.0)  # accuracy is optional in B: A's is neutral
    assert _prf(got["proposes"]) == (0.0, 1.0, 0.0)  # A's FooCorpus "proposes": B has none


def test_identical_annotations_agree_fully_with_a_point_interval(agreement):
    from devset import parse_annotations

    same = agreement.agreement(parse_annotations(A), parse_annotations(A), samples=100)
    for direction in same.values():
        for name, figures in direction.items():
            if figures["tp"] + figures["fn"]:
                assert figures["f1"] == 1.0 and figures["f1_interval"] == (1.0, 1.0), name


def test_the_interval_spans_the_point_estimate(results):
    for direction in results.values():
        for figures in direction.values():
            low, high = figures["f1_interval"]
            assert low <= figures["f1"] <= high


def test_disagreements_name_what_differs(agreement):
    from devset import parse_annotations

    rows = agreement.disagreements(parse_annotations(A), parse_annotations(B))
    assert {(r["what"], r["name"]) for r in rows} == {
        ("role", "FooCorpus"), ("B only", "Zorb"), ("B required, other optional", "BLEU"),
        ("A required, other optional", "accuracy")}
    only_b_optional = parse_annotations(B + "?TASK uses parsing\n")
    assert ("B only (optional)", "parsing") in {(r["what"], r["name"]) for r in
                                                agreement.disagreements(parse_annotations(A), only_b_optional)}


def test_system_gap_scores_the_same_predictions_against_both(agreement):
    from devset import parse_annotations

    a, b = parse_annotations(A), parse_annotations(B)
    gap = agreement.system_gap(a, b, agreement.as_predictions(a, with_optional=False), samples=200)
    # A's own required entities as a system: perfect against A, and against B what "B gold, A required" gives.
    assert gap["entities"]["against A"]["f1"] == 1.0
    assert _prf(gap["entities"]["against B"]) == (1.0, 0.6667, 0.8)
    assert gap["entities"]["diff"] == 0.2
    low, high = gap["entities"]["diff_interval"]
    assert low <= 0.2 <= high
