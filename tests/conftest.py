"""Shared fixtures: the bundled sample build and the optional ../shared folder."""
from __future__ import annotations

from pathlib import Path

import pytest

from kg.pipeline import BuildResult, build

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def sample_build() -> BuildResult:
    """The graph of the bundled sample pages, built once per test session."""
    return build()


@pytest.fixture()
def shared_dir() -> Path:
    """``../shared`` beside the checkout; tests that need it skip cleanly without it."""
    if not (SHARED / "eval" / "score.py").exists():
        pytest.skip("../shared (scorer, gold files) is not present")
    return SHARED
