"""``benchmarks/paired_extraction.py``: per-abstract counts and the paired bootstrap over abstracts."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def paired():
    """The module, loaded from its file (``benchmarks/`` is not a package)."""
    return load_script("benchmarks/paired_extraction.py", "kg_paired_extraction")


def test_micro_f1_is_the_scorers_f1(paired):
    from devset import PRF  # on sys.path once the module is loaded

    prf = PRF(tp=7, fp=3, found=6, fn=4)
    assert round(float(paired.micro_f1(np.array([7, 3, 6, 4]))), 4) == prf.figures()["f1"]
    assert float(paired.micro_f1(np.array([0, 0, 0, 0]))) == 1.0  # nothing predicted, nothing to find


def test_same_counts_differ_by_nothing(paired):
    counts = {f"s/{k}": {"entities": [k % 3, k % 2, k % 3, 1]} for k in range(20)}
    result = paired.paired_bootstrap(counts, counts, resamples=100)["entities"]
    assert result["diff"] == result["low"] == result["high"] == 0.0


def test_a_better_pipeline_on_every_abstract_has_an_interval_above_zero(paired):
    base = {f"s/{k}": {"entities": [2, 1, 2, 1], "tasks": [1, 0, 1, 0]} for k in range(30)}
    other = {f"s/{k}": {"entities": [3, 0, 3, 0], "tasks": [1, 0, 1, 0]} for k in range(30)}
    result = paired.paired_bootstrap(base, other, resamples=200)
    assert result["entities"]["low"] > 0 and result["entities"]["diff"] == pytest.approx(1 / 3, abs=1e-4)
    assert result["tasks"]["diff"] == 0.0


def test_files_of_different_sets_are_refused(paired):
    with pytest.raises(ValueError, match="share no abstract"):
        paired.paired_bootstrap({"a/1": {"entities": [1, 0, 1, 0]}}, {"b/1": {"entities": [1, 0, 1, 0]}})


def test_unknown_settings_are_refused(paired):
    from extractors.entities import build_pipeline

    with pytest.raises(ValueError, match="no setting"):
        paired.configure(build_pipeline("rules"), {"threshold": "0.5"})
    assert paired.configure(build_pipeline("rules"), {"retype": "true"}).get_pipe("kg_entities").retype is True


def test_counts_add_up_to_the_benchmarks_pooled_figures(paired):
    """Summed over the abstracts, the counts are what ``benchmarks/extraction.py`` reports for the set."""
    from extraction import devset_scores

    from extractors.entities import build_pipeline

    counts = paired.abstract_counts(build_pipeline("rules"), ["tune3"])
    assert len(counts) == 80 and all(key.startswith("tune3/") for key in counts)
    pooled = devset_scores("rules", "tune3")
    for name in ("entities", "tasks", "proposes"):
        totals = np.sum([c[name] for c in counts.values()], axis=0)
        assert list(totals) == [pooled[name][k] for k in ("tp", "fp", "found", "fn")]
