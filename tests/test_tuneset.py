"""The tuning set (``benchmarks/data/tuneset``): chosen by its own rule, apart from the dev set and training data."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from extractors.gazetteer_build import is_dev_volume, split_of

ROOT = Path(__file__).resolve().parents[1]
TUNE = ROOT / "benchmarks" / "data" / "tuneset"
DEV = ROOT / "benchmarks" / "data" / "devset"
CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _records(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "devset.jsonl").read_text("utf-8").splitlines() if line.strip()]


def test_tuning_set_is_the_tune_slice_and_shares_nothing_with_the_dev_set():
    tune = _records(TUNE)
    assert len(tune) == 100
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune)
    assert not {r["id"] for r in tune} & {r["id"] for r in _records(DEV)}
    assert not {r["volume"] for r in tune} & {r["volume"] for r in _records(DEV)}


def test_tuning_set_compiles_from_its_annotations():
    devset = _load("kg_devset_for_tuneset", ROOT / "benchmarks" / "devset.py")
    rows = [{k: r[k] for k in ("id", "volume", "title", "text")} for r in _records(TUNE)]
    compiled = devset.compile_devset(TUNE / "annotations.txt", rows)
    assert json.loads(json.dumps(compiled)) == _records(TUNE)  # offsets as JSON writes them


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_tuning_set_is_the_first_hundred_by_the_selection_rule():
    select = _load("kg_devset_select", ROOT / "scripts" / "devset_select.py")
    chosen = [row["id"] for row in select.tune_candidates(CORPUS)[:100]]
    assert chosen == [r["id"] for r in _records(TUNE)]


TUNE2 = ROOT / "benchmarks" / "data" / "tuneset2"


def test_second_tuning_set_is_the_tune_slice_apart_from_the_first_and_the_dev_set():
    tune2 = _records(TUNE2)
    assert len(tune2) == 80
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune2)
    ids = {r["id"] for r in tune2}
    assert not ids & {r["id"] for r in _records(TUNE)}
    assert not ids & {r["id"] for r in _records(DEV)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_second_tuning_set_is_the_first_eighty_by_its_selection_rule():
    select = _load("kg_devset_select2", ROOT / "scripts" / "devset_select.py")
    first = {r["id"] for r in _records(TUNE)}
    chosen = [row["id"] for row in select.tune2_candidates(CORPUS, first)[:80]]
    assert chosen == [r["id"] for r in _records(TUNE2)]
    assert select.first_tuneset_ids() == first


TUNE3 = ROOT / "benchmarks" / "data" / "tuneset3"
TUNE4 = ROOT / "benchmarks" / "data" / "tuneset4"
TUNE5 = ROOT / "benchmarks" / "data" / "tuneset5"
TUNE6 = ROOT / "benchmarks" / "data" / "tuneset6"
TUNE7 = ROOT / "benchmarks" / "data" / "tuneset7"


@pytest.mark.parametrize("name", ["tune2", "tune3", "tune4", "tune5", "tune6", "tune7"])
def test_a_later_tuning_set_compiles_from_its_annotations_and_is_scored_by_its_name(name):
    folder = {"tune2": TUNE2, "tune3": TUNE3, "tune4": TUNE4, "tune5": TUNE5, "tune6": TUNE6, "tune7": TUNE7}[name]
    devset = _load(f"kg_devset_for_{name}", ROOT / "benchmarks" / "devset.py")
    rows = [{k: r[k] for k in ("id", "volume", "title", "text")} for r in _records(folder)]
    compiled = devset.compile_devset(folder / "annotations.txt", rows)
    assert json.loads(json.dumps(compiled)) == _records(folder)
    assert devset.SETS[name] == folder


def test_third_tuning_set_is_the_tune_slice_apart_from_the_other_sets():
    tune3 = _records(TUNE3)
    assert len(tune3) == 80
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune3)
    ids = {r["id"] for r in tune3}
    for other in (TUNE, TUNE2, DEV):
        assert not ids & {r["id"] for r in _records(other)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_third_tuning_set_is_the_first_eighty_by_its_selection_rule():
    select = _load("kg_devset_select3", ROOT / "scripts" / "devset_select.py")
    earlier = {r["id"] for r in _records(TUNE)} | {r["id"] for r in _records(TUNE2)}
    chosen = [row["id"] for row in select.tune3_candidates(CORPUS, earlier)[:80]]
    assert chosen == [r["id"] for r in _records(TUNE3)]
    assert select.tuneset_ids("tuneset2") == {r["id"] for r in _records(TUNE2)}


def test_fourth_tuning_set_is_the_tune_slice_apart_from_every_other_set():
    tune4 = _records(TUNE4)
    assert len(tune4) == 60
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune4)
    ids = {r["id"] for r in tune4}
    for other in (TUNE, TUNE2, TUNE3, DEV):
        assert not ids & {r["id"] for r in _records(other)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_fourth_tuning_set_is_the_first_sixty_by_its_selection_rule():
    select = _load("kg_devset_select4", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*({r["id"] for r in _records(folder)} for folder in (TUNE, TUNE2, TUNE3, DEV)))
    chosen = [row["id"] for row in select.tune4_candidates(CORPUS, earlier)[:60]]
    assert chosen == [r["id"] for r in _records(TUNE4)]
    assert select.main(["--set", "tune4", "--out", "/dev/null"]) == 0


def test_fourth_tuning_set_is_held_out_from_every_trainer():
    decision = _load("kg_train_entity_decision_for_tune4", ROOT / "scripts" / "train_entity_decision.py")
    training_data = _load("kg_entity_training_data_for_tune4", ROOT / "scripts" / "entity_training_data.py")
    assert "tune4" not in decision.TUNING_SETS
    assert "tuneset4" not in training_data.TRAINABLE_SETS.values()


def test_fifth_tuning_set_is_the_tune_slice_apart_from_every_other_set():
    tune5 = _records(TUNE5)
    assert len(tune5) == 80
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune5)
    ids = {r["id"] for r in tune5}
    for other in (TUNE, TUNE2, TUNE3, TUNE4, DEV):
        assert not ids & {r["id"] for r in _records(other)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_fifth_tuning_set_is_the_first_eighty_by_its_selection_rule():
    select = _load("kg_devset_select5", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*({r["id"] for r in _records(folder)} for folder in (TUNE, TUNE2, TUNE3, TUNE4, DEV)))
    chosen = [row["id"] for row in select.tune5_candidates(CORPUS, earlier)[:80]]
    assert chosen == [r["id"] for r in _records(TUNE5)]
    assert select.main(["--set", "tune5", "--out", "/dev/null"]) == 0


def test_the_extraction_benchmark_scores_the_fifth_tuning_set_by_name():
    bench = _load("kg_extraction_bench_for_tune5", ROOT / "benchmarks" / "extraction.py")
    assert bench.SETS["tune5"] == TUNE5


def test_sixth_tuning_set_is_the_tune_slice_apart_from_every_other_set():
    tune6 = _records(TUNE6)
    assert len(tune6) == 80
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune6)
    ids = {r["id"] for r in tune6}
    for other in (TUNE, TUNE2, TUNE3, TUNE4, TUNE5, DEV):
        assert not ids & {r["id"] for r in _records(other)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_sixth_tuning_set_is_the_first_eighty_by_its_selection_rule():
    select = _load("kg_devset_select6", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*({r["id"] for r in _records(folder)}
                            for folder in (TUNE, TUNE2, TUNE3, TUNE4, TUNE5, DEV)))
    chosen = [row["id"] for row in select.tune6_candidates(CORPUS, earlier)[:80]]
    assert chosen == [r["id"] for r in _records(TUNE6)]
    assert select.main(["--set", "tune6", "--out", "/dev/null"]) == 0


def test_sixth_tuning_set_is_scored_by_name_and_read_by_no_trainer():
    bench = _load("kg_extraction_bench_for_tune6", ROOT / "benchmarks" / "extraction.py")
    assert bench.SETS["tune6"] == TUNE6
    decision = _load("kg_train_entity_decision_for_tune6", ROOT / "scripts" / "train_entity_decision.py")
    training_data = _load("kg_entity_training_data_for_tune6", ROOT / "scripts" / "entity_training_data.py")
    assert "tune6" not in decision.TUNING_SETS
    assert "tuneset6" not in training_data.TRAINABLE_SETS.values()


def test_seventh_tuning_set_is_the_tune_slice_apart_from_every_other_set():
    tune7 = _records(TUNE7)
    assert len(tune7) == 80
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tune7)
    ids = {r["id"] for r in tune7}
    for other in (TUNE, TUNE2, TUNE3, TUNE4, TUNE5, TUNE6, DEV):
        assert not ids & {r["id"] for r in _records(other)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_seventh_tuning_set_is_the_first_eighty_by_its_selection_rule():
    select = _load("kg_devset_select7", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*({r["id"] for r in _records(folder)}
                            for folder in (TUNE, TUNE2, TUNE3, TUNE4, TUNE5, TUNE6, DEV)))
    chosen = [row["id"] for row in select.tune7_candidates(CORPUS, earlier)[:80]]
    assert chosen == [r["id"] for r in _records(TUNE7)]
    assert select.main(["--set", "tune7", "--out", "/dev/null"]) == 0


def test_seventh_tuning_set_is_scored_by_name_and_read_by_no_trainer():
    bench = _load("kg_extraction_bench_for_tune7", ROOT / "benchmarks" / "extraction.py")
    assert bench.SETS["tune7"] == TUNE7
    decision = _load("kg_train_entity_decision_for_tune7", ROOT / "scripts" / "train_entity_decision.py")
    training_data = _load("kg_entity_training_data_for_tune7", ROOT / "scripts" / "entity_training_data.py")
    assert "tune7" not in decision.TUNING_SETS
    assert "tuneset7" not in training_data.TRAINABLE_SETS.values()
