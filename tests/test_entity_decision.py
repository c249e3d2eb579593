"""The learned keep / kind / role decision's tooling (``extractors/entity_decision.py``,
``scripts/train_entity_decision.py``) and the hand policy's named drop reasons it learns from."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from train_entity_decision import candidate_rows, fit, fit_role  # noqa: E402

from extractors.entities import build_pipeline  # noqa: E402
from extractors.entity_decision import CLASSES, Decider  # noqa: E402

TEXTS = [
    "We propose TinyRule, a novel loss. It beats Llama-3 by 3% on TinyBench. The IARPA program funded it.",
    "We classify comments into Not Offensive (NO) and Offensive Targeted (OT) with BERT (Devlin et al., 2019).",
    "Sparse Gated Adapters (SGA) improve machine translation on WMT14 English-German, measured by BLEU.",
]


def _entities(nlp, text: str) -> list[tuple]:
    doc = nlp(text)
    return [(s.start, s.end, s.label_, s._.kg_relation, s._.kg_type_rule) for s in doc.spans["kg_entities"]]


def _identity_weights(tmp_path: Path, **extra) -> Path:
    """Weights that never overrule the hand policy (drop at P(none) >= 1, add below 0)."""
    data = {"classes": list(CLASSES), "intercept": [0.0] * len(CLASSES), "weights": {},
            "drop_above": 1.0, "add_below": 0.0, **extra}
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_collect_names_why_the_hand_policy_drops_a_candidate():
    doc = build_pipeline(collect=True)(TEXTS[0])
    reasons = {doc[c["start"] : c["end"]].text: c["reason"] for c in doc.user_data["kg_candidates"]}
    assert reasons["TinyRule"] is None and reasons["TinyBench"] is None
    assert reasons["IARPA"] == "capitals"  # capitals written once that nothing explains
    features = next(c["features"] for c in doc.user_data["kg_candidates"] if c["start"] == 2)
    assert "reason=keep" in features and "kind=method" in features and "sent_before=SELF" in features


def test_collecting_changes_nothing_extracted():
    plain, collecting = build_pipeline(), build_pipeline(collect=True)
    for text in TEXTS:
        assert _entities(plain, text) == _entities(collecting, text)


def test_a_decider_that_never_overrules_gives_the_hand_policy_back(tmp_path):
    plain, learned = build_pipeline(), build_pipeline(decision=_identity_weights(tmp_path))
    for text in TEXTS:
        assert _entities(plain, text) == _entities(learned, text)


def test_a_decider_drops_adds_and_types_by_its_weights(tmp_path):
    weights = {"reason=capitals": [-5.0, 5.0, 0, 0, 0, 0],
               "family": [5.0, 0, 0, 0, 0, 0], "case=mixed": [0, 0, 0, 0, 4.0, 0]}
    path = _identity_weights(tmp_path, weights=weights, drop_above=0.5, add_below=0.5, use_kind=True)
    doc = build_pipeline(decision=path)(TEXTS[0])
    by_name = {s.text: (s.label_, s._.kg_type_rule) for s in doc.spans["kg_entities"]}
    assert by_name["IARPA"] == ("method", "default")  # added back: its drop reason weighs for a method
    assert "Llama-3" not in by_name  # dropped: a model family weighs for "none" here
    assert by_name["TinyRule"] == ("task", "learned")  # retyped: a mixed-case name weighs for a task here
    assert by_name["TinyBench"] == ("task", "learned")


def test_the_role_model_changes_a_role_only_past_its_thresholds(tmp_path):
    def roles(propose_above: float, use_below: float) -> dict:
        role = {"intercept": 0.0, "weights": {"family": 3.0}, "propose_above": propose_above, "use_below": use_below}
        doc = build_pipeline(decision=_identity_weights(tmp_path, role=role))(TEXTS[0])
        return {s.text: (s._.kg_relation, s._.kg_role_rule) for s in doc.spans["kg_entities"]}

    # Llama-3 (a model family): P(proposes) = 0.95; TinyRule and TinyBench: 0.5
    assert roles(0.99, 0.0) == roles(1.1, -0.1)  # no probability passes: the role rules' verdicts
    assert roles(0.99, 0.0)["TinyRule"] == ("proposes", "proposal_verb")
    assert roles(0.9, 0.0)["Llama-3"] == ("proposes", "learned")
    assert roles(0.9, 0.0)["TinyBench"] == ("uses", "use")
    assert roles(0.99, 0.6)["TinyRule"] == ("uses", "learned")


def test_unreadable_weights_say_how_to_retrain(tmp_path):
    bad = tmp_path / "weights.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="train_entity_decision.py"):
        Decider.load(bad)
    with pytest.raises(ValueError, match="train_entity_decision.py"):
        Decider.load(tmp_path / "absent.json")


def test_fit_writes_weights_the_decider_reads():
    rows = [(["reason=keep", "kind=method"], "method", None, "uses", "uses")] * 6 \
        + [(["reason=weak", "kind=method"], "none", "weak", "", "uses")] * 6 \
        + [(["reason=keep", "kind=dataset"], "dataset", None, "proposes", "uses")] * 6
    data = fit(rows, c=10.0, use_kind=True, min_count=2)
    decider = Decider(data)
    assert decider.decide(["reason=keep", "kind=dataset"], kept=True) == "dataset"
    assert decider.decide(["reason=weak", "kind=method"], kept=False) is None
    role = fit_role(rows, c=10.0)
    assert role["candidates"] == 12 and role["weights"]["kind=dataset"] > 0


def test_candidate_rows_refuse_the_dev_set():
    with pytest.raises(ValueError, match="no tuning set"):
        candidate_rows("dev")


@pytest.mark.skipif(not (ROOT / "benchmarks" / "data" / "tuneset3" / "devset.jsonl").is_file(),
                    reason="the tuning sets are not compiled")
def test_candidate_rows_label_a_tuning_set_from_its_gold():
    rows = candidate_rows("tune3")
    labels = {label for _, label, *_ in rows}
    assert {"none", "method", "dataset", "task"} <= labels
    kept_gold = sum(1 for _, label, reason, *_ in rows if reason is None and label != "none")
    assert kept_gold > 200  # the hand policy keeps most candidates that name a gold entity


@pytest.mark.skipif(not (ROOT / "benchmarks" / "data" / "tuneset2" / "devset.jsonl").is_file(),
                    reason="the tuning sets are not compiled")
def test_the_benchmark_scores_a_decision_that_never_overrules_as_the_hand_policy(tmp_path):
    sys.path.append(str(ROOT / "benchmarks"))
    from extraction import devset_scores

    hand = devset_scores("combined", "tune2")
    same = devset_scores("combined", "tune2", decision=_identity_weights(tmp_path))
    assert same == hand
    dropping = _identity_weights(tmp_path, intercept=[5.0, 0, 0, 0, 0, 0], drop_above=0.5)  # drops everything
    assert devset_scores("combined", "tune2", decision=dropping)["entities"]["tp"] < hand["entities"]["tp"]


def test_the_identity_thresholds_give_the_hand_policy_back_however_sure_the_weights_are():
    # drop_above 1.0 never drops what the hand policy keeps, even when "none" wins by far (its probability rounds
    # to 1.0); add_below 0.0 never adds what it drops.
    sure = Decider({"classes": ["none", "method"], "intercept": [0.0, 0.0], "weights": {"x": [60.0, 0.0]},
                    "drop_above": 1.0, "add_below": 0.0})
    assert sure.probabilities(["x"])["none"] == 1.0
    assert sure.decide(["x"], kept=True) == ""
    assert sure.decide(["y"], kept=False) is None


@pytest.mark.parametrize("data, message", [
    ({"classes": ["method", "dataset"], "intercept": [0.0, 0.0], "weights": {}}, "lack 'none'"),
    ({"classes": ["none", "method"], "intercept": [0.0], "weights": {}}, "'intercept'"),
    ({"classes": ["none", "method"], "intercept": [0.0, 0.0], "weights": {"x": [1.0, 2.0, 3.0]}}, "'x'"),
])
def test_malformed_weights_are_refused_when_read_not_at_the_first_document(tmp_path, data, message):
    with pytest.raises(ValueError, match=message):
        Decider(data)
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="retrain them"):
        Decider.load(path)
