"""The role model's training script (scripts/train_role_model.py): which sets it trains on and refuses, and the
replay dump of the rules' roles (scripts/dump_mentions.py)."""
from __future__ import annotations

import pytest
from script_modules import load_script

from ontology.records import EntityKind, Mention, Provenance, Relation

train = load_script("scripts/train_role_model.py", "kg_train_role_model_test")
dump = load_script("scripts/dump_mentions.py", "kg_dump_mentions_test")


def test_trains_on_the_read_sets_and_tune7_each_with_its_first_score_code():
    assert set(train.TUNING_SETS) == {"tune", "tune2", "tune3", "tune5", "tune6", "tune7", "tune10", "tune11"}
    assert set(train.SIX_SETS) < set(train.TUNING_SETS)
    assert set(train.FIRST_SCORE_CODE) == set(train.TUNING_SETS)
    assert train.FIRST_SCORE_CODE["tune10"] == train.FIRST_SCORE_CODE["tune11"] == "ef02ea7"
    assert not set(train.TUNING_SETS) & train.REFUSED_SETS


@pytest.mark.parametrize("which", ["dev", "tune4", "tune8", "tune9", "tune12", "tune13"])
def test_held_out_gate_and_blind_sets_are_refused(which, tmp_path):
    with pytest.raises(SystemExit, match="never trained on"):
        train.checked_sets(f"tune,{which}")
    with pytest.raises(SystemExit, match="never trained on"):
        train.main(["replay-cv", "--sets", which, "--replay", str(tmp_path)])
    with pytest.raises(SystemExit, match="never trained on"):
        train.replay_data(tmp_path, [which])  # refused before any commit is checked out
    assert not list(tmp_path.iterdir())


def test_a_set_without_first_score_code_is_refused():
    with pytest.raises(SystemExit, match="no first-score code"):
        train.checked_sets(["tune", "tune14"])


def _mention(relation):
    return Mention("p1", "Zorb", EntityKind.METHOD, relation,
                   Provenance("devset", extractor="kg_entities:our+default", sentence="We propose Zorb."))


def test_the_dump_keeps_the_rules_roles_where_the_code_has_a_learned_decision(monkeypatch):
    seen = []

    def extract_mentions(papers, roles="shipped"):
        seen.append(roles)
        return [_mention(Relation.PROPOSES if roles is None else Relation.USES)]

    monkeypatch.setattr(dump, "extract_mentions", extract_mentions)
    out = dump.dump([{"id": "p1", "text": "We propose Zorb.", "title": "Zorb"}])
    assert seen == [None] and out["p1"][0]["relation"] == "proposes"


def test_the_dump_runs_code_older_than_the_learned_decision(monkeypatch):
    monkeypatch.setattr(dump, "extract_mentions", lambda papers: [_mention(Relation.PROPOSES)])
    out = dump.dump([{"id": "p1", "text": "We propose Zorb.", "title": "Zorb"}])
    assert [m["name"] for m in out["p1"]] == ["Zorb"]
