"""The examples in the docstrings of the scripts and benchmarks hold (``benchmarks/`` and ``scripts/`` are no packages,
so pytest's ``--doctest-modules`` over ``testpaths`` does not reach them; the review of the thirty-fourth session
found their doctests ran nowhere)."""
from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from script_modules import ROOT, load_script

SCRIPTS = sorted(str(path.relative_to(ROOT)) for folder in ("scripts", "benchmarks")
                 for path in (ROOT / folder).glob("*.py") if ">>>" in path.read_text(encoding="utf-8"))


def test_the_scripts_with_examples_are_found() -> None:
    assert {"scripts/entity_training_data.py", "benchmarks/similarity_rerank.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("relative", SCRIPTS)
def test_the_examples_of_a_script_hold(relative: str) -> None:
    module = load_script(relative, "kg_doctest_" + Path(relative).stem)
    result = doctest.testmod(module, verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{relative}: {result.failed} of {result.attempted} failed"
