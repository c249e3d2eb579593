"""The tuning set (``benchmarks/data/tuneset``): chosen by its own rule, apart from the dev set and training data."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_modules import load_script

from extractors.gazetteer_build import is_dev_volume, split_of

ROOT = Path(__file__).resolve().parents[1]
TUNE = ROOT / "benchmarks" / "data" / "tuneset"
DEV = ROOT / "benchmarks" / "data" / "devset"
CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"


def _load(name: str, path: Path):
    return load_script(str(path.relative_to(ROOT)), name)


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
TUNE8 = ROOT / "benchmarks" / "data" / "tuneset8"
TUNE9 = ROOT / "benchmarks" / "data" / "tuneset9"
TUNE10 = ROOT / "benchmarks" / "data" / "tuneset10"
TUNE11 = ROOT / "benchmarks" / "data" / "tuneset11"
TUNE12 = ROOT / "benchmarks" / "data" / "tuneset12"
TUNE13 = ROOT / "benchmarks" / "data" / "tuneset13"
TUNE14 = ROOT / "benchmarks" / "data" / "tuneset14"


@pytest.mark.parametrize("name", ["tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "tune10",
                                  "tune11", "tune12", "tune13", "tune14"])
def test_a_later_tuning_set_compiles_from_its_annotations_and_is_scored_by_its_name(name):
    folder = {"tune2": TUNE2, "tune3": TUNE3, "tune4": TUNE4, "tune5": TUNE5, "tune6": TUNE6, "tune7": TUNE7,
              "tune8": TUNE8, "tune9": TUNE9, "tune10": TUNE10, "tune11": TUNE11,
              "tune12": TUNE12, "tune13": TUNE13, "tune14": TUNE14}[name]
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


#: The later tuning sets, each chosen without every set before it and the dev set: (name, folder, size).
LATER_SETS = [("tune4", TUNE4, 60), ("tune5", TUNE5, 80), ("tune6", TUNE6, 80), ("tune7", TUNE7, 80),
              ("tune8", TUNE8, 80), ("tune9", TUNE9, 80), ("tune10", TUNE10, 60), ("tune11", TUNE11, 60),
              ("tune12", TUNE12, 60), ("tune13", TUNE13, 60), ("tune14", TUNE14, 60)]
_CHOSEN_BEFORE = [TUNE, TUNE2, TUNE3]


def _earlier(folder: Path) -> list[Path]:
    """The sets chosen before ``folder`` (one of :data:`LATER_SETS`), the dev set included."""
    before = [later for _, later, _ in LATER_SETS]
    return [*_CHOSEN_BEFORE, *before[:before.index(folder)], DEV]


@pytest.mark.parametrize(("name", "folder", "size"), LATER_SETS)
def test_a_later_tuning_set_is_the_tune_slice_apart_from_every_other_set(name, folder, size):
    records = _records(folder)
    assert len(records) == size
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in records)
    ids = {r["id"] for r in records}
    for other in _earlier(folder):
        assert not ids & {r["id"] for r in _records(other)}, other.name


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
@pytest.mark.parametrize(("name", "folder", "size"), LATER_SETS)
def test_a_later_tuning_set_is_the_first_by_its_selection_rule(name, folder, size):
    select = _load(f"kg_devset_select_{name}", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*({r["id"] for r in _records(other)} for other in _earlier(folder)))
    if name in select.LATER_SETS:  # drawn by the shared rule of the sets after the ninth, which leaves out the
        # nine earlier sets and draws a sibling drawn before it (tune10 for tune11) itself: those are not "earlier"
        earlier = set().union(*(select.tuneset_ids(other) for other in select.EARLIER_FOLDERS))
        chosen = [row["id"] for row in select.later_set_rows(CORPUS, name, size, earlier)]
    else:
        chosen = [row["id"] for row in getattr(select, f"{name}_candidates")(CORPUS, earlier)[:size]]
    assert chosen == [r["id"] for r in _records(folder)]
    assert select.main(["--set", name, "--out", "/dev/null"]) == 0


@pytest.mark.parametrize(("name", "folder", "size"), LATER_SETS)
def test_a_later_tuning_set_is_scored_by_name_and_trained_on_only_if_a_read_set(name, folder, size):
    bench = _load(f"kg_extraction_bench_for_{name}", ROOT / "benchmarks" / "extraction.py")
    assert bench.SETS[name] == folder
    decision = _load(f"kg_train_entity_decision_for_{name}", ROOT / "scripts" / "train_entity_decision.py")
    training_data = _load(f"kg_entity_training_data_for_{name}", ROOT / "scripts" / "entity_training_data.py")
    assert name not in decision.TUNING_SETS
    # The tagger may train on the read sets' gold (tune5, tune6), never on a gate or held-out set's.
    assert (folder.name in training_data.TRAINABLE_SETS.values()) == (name in {"tune5", "tune6"})
    assert (name in training_data.REFUSED_SETS) == (name not in {"tune5", "tune6"})


@pytest.mark.parametrize(("script", "function"), [("recall_audit", "audit"), ("task_errors", "task_errors")])
def test_the_ninth_set_is_held_out_from_the_error_lists(script, function):
    """tune9 is the lead's third held-out set: the scripts that list errors refuse it as they refuse dev and tune4."""
    module = _load(f"kg_{script}_for_tune9", ROOT / "benchmarks" / f"{script}.py")
    assert {"dev", "tune4", "tune9"} <= module.HELD_OUT
    with pytest.raises(SystemExit, match="tune9"):
        getattr(module, function)(["tune", "tune9"])


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_the_tenth_and_eleventh_sets_are_drawn_apart_from_each_other_and_every_earlier_set():
    """tune10 and tune11 were drawn together: each is the tune slice by its own order, tune11 without tune10."""
    select = _load("kg_devset_select_later", ROOT / "scripts" / "devset_select.py")
    earlier = set().union(*(select.tuneset_ids(folder) for folder in select.EARLIER_FOLDERS))
    assert len(earlier) == 845  # 100 + 80 + 80 + the dev set 125 + 60 + 5 x 80
    tenth = select.later_set_rows(CORPUS, "tune10", 60, earlier)
    eleventh = select.later_set_rows(CORPUS, "tune11", 60, earlier)
    tenth_ids, eleventh_ids = {r["id"] for r in tenth}, {r["id"] for r in eleventh}
    assert len(tenth_ids) == len(eleventh_ids) == 60
    assert not tenth_ids & eleventh_ids and not (tenth_ids | eleventh_ids) & earlier
    assert all(split_of(r["id"]) == "tune" and not is_dev_volume(r["volume"]) for r in tenth + eleventh)
    by_its_order = select.later_tune_candidates(CORPUS, earlier, "tuneset10:")[:60]
    assert [r["id"] for r in tenth] == [r["id"] for r in by_its_order]


@pytest.mark.parametrize("folder", [TUNE12, TUNE13, TUNE14],
                         ids=["tune12", "tune13", "tune14"])
def test_a_blind_set_was_committed_as_ids_before_it_was_annotated(folder):
    """tune12's, tune13's and tune14's 60 ids were committed (``ids.txt``) before the annotations: the compiled set
    keeps them, in order."""
    ids = (folder / "ids.txt").read_text("utf-8").split()
    assert ids == [r["id"] for r in _records(folder)]
    assert len(ids) == len(set(ids)) == 60


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
def test_the_twelfth_set_is_drawn_apart_from_the_tenth_and_eleventh():
    """tune12 is the third set of the later rule: its own order without tune10 and tune11 (each of 60)."""
    select = _load("kg_devset_select_twelfth", ROOT / "scripts" / "devset_select.py")
    assert select.LATER_SETS[:3] == ("tune10", "tune11", "tune12")
    earlier = set().union(*(select.tuneset_ids(folder) for folder in select.EARLIER_FOLDERS))
    siblings = {r["id"] for r in _records(TUNE10)} | {r["id"] for r in _records(TUNE11)}
    twelfth = [r["id"] for r in _records(TUNE12)]
    assert not set(twelfth) & (siblings | earlier)
    by_its_order = select.later_tune_candidates(CORPUS, earlier | siblings, "tuneset12:")[:60]
    assert twelfth == [r["id"] for r in by_its_order]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/anthology")
@pytest.mark.parametrize(("name", "folder", "siblings"), [("tune13", TUNE13, (TUNE10, TUNE11, TUNE12)),
                                                          ("tune14", TUNE14, (TUNE10, TUNE11, TUNE12, TUNE13))],
                         ids=["tune13", "tune14"])
def test_a_blind_later_set_is_drawn_apart_from_the_later_sets_before_it(name, folder, siblings):
    """tune13 and tune14 are the fourth and fifth sets of the later rule: each its own order without the later sets
    drawn before it (each of 60)."""
    select = _load(f"kg_devset_select_blind_{name}", ROOT / "scripts" / "devset_select.py")
    assert select.LATER_SETS == ("tune10", "tune11", "tune12", "tune13", "tune14")
    assert select.LATER_SETS.index(name) == len(siblings)
    earlier = set().union(*(select.tuneset_ids(other) for other in select.EARLIER_FOLDERS))
    before = set().union(*({r["id"] for r in _records(other)} for other in siblings))
    assert len(before) == 60 * len(siblings)
    drawn = [r["id"] for r in _records(folder)]
    assert not set(drawn) & (before | earlier)
    by_its_order = select.later_tune_candidates(CORPUS, earlier | before, f"{name.replace('tune', 'tuneset')}:")[:60]
    assert drawn == [r["id"] for r in by_its_order]
