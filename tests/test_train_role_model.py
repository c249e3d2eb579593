"""The role model's training script (scripts/train_role_model.py): which sets it trains on and refuses, and the
replay dump of the rules' roles (scripts/dump_mentions.py)."""
from __future__ import annotations

import pytest
from script_modules import load_script

from ontology.records import EntityKind, Mention, Provenance, Relation

train = load_script("scripts/train_role_model.py", "kg_train_role_model_test")
dump = load_script("scripts/dump_mentions.py", "kg_dump_mentions_test")


def test_replays_the_read_sets_and_tune7_each_with_its_first_score_code():
    assert set(train.TUNING_SETS) == {"tune", "tune2", "tune3", "tune5", "tune6", "tune7", "tune10", "tune11"}
    assert set(train.FIRST_SCORE_CODE) == set(train.TUNING_SETS)
    assert train.FIRST_SCORE_CODE["tune10"] == train.FIRST_SCORE_CODE["tune11"] == "ef02ea7"
    assert not set(train.TUNING_SETS) & train.REFUSED_SETS


def test_the_gate_set_tune7_is_neither_a_default_training_set_nor_a_fold():
    assert train.GATE_SETS == {"tune7"}
    assert train.FIT_SETS == ("tune", "tune2", "tune3", "tune5", "tune6")
    assert set(train.READ_SETS) == set(train.TUNING_SETS) - {"tune7"}
    assert not (set(train.FIT_SETS) | set(train.READ_SETS)) & train.GATE_SETS


def test_the_gate_and_held_out_sets_agree_with_the_taggers_training_data():
    """The gate and held-out sets are listed twice, here and in scripts/entity_training_data.py: a gate set the
    tagger refuses is refused here or a gate (never a fold, trained on only when named), a held-out one refused."""
    tagger = load_script("scripts/entity_training_data.py", "kg_entity_training_data_for_role_test")
    gates = {name for name, why in tagger.REFUSED_SETS.items() if why.startswith("a gate set")}
    held_out = {name for name, why in tagger.REFUSED_SETS.items() if why.startswith("held out")}
    assert held_out <= train.REFUSED_SETS
    assert gates <= train.REFUSED_SETS | train.GATE_SETS and train.GATE_SETS <= gates
    assert gates & set(train.TUNING_SETS) == train.GATE_SETS


def _spy(monkeypatch):
    """Record which sets main() replays and fits on; nothing is read or written."""
    seen = {}

    def replayed(sets, folder):
        seen["replayed"] = tuple(sets)
        return []

    def fit(entities, **settings):
        seen["fit"] = True
        return train.RoleModel({"intercept": 0.0, "weights": {}, "threshold": 0.5, "keep": 0.4})

    monkeypatch.setattr(train, "replayed", replayed)
    monkeypatch.setattr(train, "fit", fit)
    return seen


def test_fit_defaults_to_the_five_read_sets_and_takes_tune7_only_when_named(monkeypatch, tmp_path):
    seen = _spy(monkeypatch)
    train.main(["fit", "--replay", str(tmp_path), "--out", str(tmp_path / "w.json")])
    assert seen["replayed"] == train.FIT_SETS and "tune7" not in seen["replayed"]
    assert set(train.json.loads((tmp_path / "w.json").read_text())["trained_on"]) == set(train.FIT_SETS)
    # the weights shipped from round h15ag to h15ce (six sets) can still be rebuilt, but only by naming tune7
    train.main(["fit", "--sets", "tune,tune2,tune3,tune5,tune6,tune7", "--replay", str(tmp_path), "--out",
                str(tmp_path / "w6.json")])
    assert seen["replayed"][-1] == "tune7"


@pytest.mark.parametrize("command", ["cv", "replay-cv"])
def test_tune7_is_never_a_scored_fold(command, monkeypatch, tmp_path):
    seen = _spy(monkeypatch)
    monkeypatch.setattr(train, "collect", lambda sets: pytest.fail("collected a gate set"))
    with pytest.raises(SystemExit, match="never scored here: tune7"):
        train.main([command, "--sets", "tune,tune7", "--replay", str(tmp_path)])
    with pytest.raises(SystemExit, match="never scored here: tune7"):
        train.cross_validate([], c=1.0, threshold=0.5, folds=("tune", "tune7"))
    assert "replayed" not in seen


def test_replay_cv_may_train_on_tune7_when_named_but_scores_only_read_sets(monkeypatch, tmp_path):
    seen = _spy(monkeypatch)
    calls = []

    def cross_validate(abstracts, *, folds, train_sets, **settings):
        calls.append((tuple(folds), tuple(train_sets)))
        raise SystemExit("stop")

    monkeypatch.setattr(train, "cross_validate", cross_validate)
    with pytest.raises(SystemExit, match="stop"):
        train.main(["replay-cv", "--train-sets", "tune,tune2", "--base-sets", "tune,tune2,tune7", "--replay",
                    str(tmp_path)])
    assert seen["replayed"] == (*train.READ_SETS, "tune7")  # loaded to train the base models, never a fold
    assert calls == [(train.READ_SETS, ("tune", "tune2"))]


@pytest.mark.parametrize("command", ["fit", "cv", "replay-data"])
@pytest.mark.parametrize("option", ["--train-sets", "--base-sets"])
def test_train_and_base_sets_are_refused_where_they_would_be_ignored_or_trained_on_unrecorded(
        command, option, monkeypatch, tmp_path, capsys):
    """Only replay-cv reads them: cv and replay-data ignored them, and fit trained on --base-sets' sets too while
    ``trained_on`` named only --sets (``fit --base-sets tune7`` rebuilt the six-set weights labelled as five)."""
    seen = _spy(monkeypatch)
    monkeypatch.setattr(train, "collect", lambda sets: pytest.fail("collected"))
    monkeypatch.setattr(train, "replay_data", lambda *a: pytest.fail("replayed the commits"))
    with pytest.raises(SystemExit):
        train.main([command, option, "tune7", "--replay", str(tmp_path), "--out", str(tmp_path / "w.json")])
    assert f"{option} is for replay-cv only" in capsys.readouterr().err
    assert not seen and not list(tmp_path.iterdir())


def _replay_abstract(which):
    entity = train.Entity(which, f"{which}-1", [0], [f"set={which}"], 1, False)
    return train.Abstract(which, {"id": f"{which}-1"}, None, [], [entity])


def test_fit_fits_only_the_sets_it_records_in_trained_on(monkeypatch, tmp_path):
    fitted = []
    monkeypatch.setattr(train, "replayed", lambda sets, folder: [_replay_abstract(w) for w in (*sets, "tune7")])
    monkeypatch.setattr(train, "fit", lambda entities, **settings: fitted.append({e.set_name for e in entities})
                        or train.RoleModel({"intercept": 0.0, "weights": {}, "threshold": 0.5, "keep": 0.4}))
    train.main(["fit", "--sets", "tune,tune2", "--replay", str(tmp_path), "--out", str(tmp_path / "w.json")])
    trained_on = set(train.json.loads((tmp_path / "w.json").read_text())["trained_on"])
    assert fitted == [{"tune", "tune2"}] == [trained_on]


def test_cross_validate_refuses_a_set_it_has_no_abstracts_of_rather_than_dropping_it():
    """The fault --base-sets had before round h15ce: a training set not loaded was silently left out of training."""
    abstracts = [_replay_abstract(w) for w in ("tune", "tune2")]
    with pytest.raises(ValueError, match="no abstracts of tune7"):
        train.cross_validate(abstracts, c=1.0, threshold=0.5, folds=("tune", "tune2"), train_sets=("tune", "tune7"))
    with pytest.raises(ValueError, match="no abstracts of tune3"):
        train.cross_validate(abstracts, c=1.0, threshold=0.5, folds=("tune", "tune3"))


@pytest.mark.parametrize("which", ["dev", "tune4", "tune8", "tune9", "tune12", "tune13", "tune14"])
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
        train.checked_sets(["tune", "tune15"])


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
