"""Every way of running ``kg build`` writes the same bytes: workers, Dask, incremental rebuilds, a killed build.

These compare the files a user gets (RDF, JSON, the HTML pages and views),
not only the in-memory graph (tests/test_build_modes.py does that).
"""
from __future__ import annotations

import filecmp
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kg.pipeline import sample_inputs

DATA = Path(__file__).parent / "data"
PAGE = sorted(sample_inputs()[0].glob("*.txt"))[0]


def _kg_build(inputs: list[Path], out: Path, *options: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "kg.cli", "build", "-q", *map(str, inputs), "-o", str(out), *options]
    return subprocess.run(command, capture_output=True, text=True, check=True)


def _outputs(folder: Path) -> dict[str, bytes]:
    """Every file a build wrote, by its path in the folder (kg's own hidden state left out)."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not any(part.startswith(".kg-") for part in path.relative_to(folder).parts)}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """Two sample pages, two Anthology volumes and the JSONL/BibTeX records, in one folder."""
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "underline").mkdir()
    for page in sorted(sample_inputs()[0].glob("*.txt"))[1:3]:
        shutil.copy(page, folder / "underline" / page.name)
    shutil.copytree(DATA / "anthology", folder / "anthology")
    shutil.copytree(DATA / "records", folder / "records")
    return folder


@pytest.fixture(scope="module")
def reference(inputs, tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("reference") / "out"
    _kg_build([inputs], out, "--no-cache")
    return _outputs(out)


def test_the_reference_build_writes_every_output(reference):
    assert {"graph.ttl", "graph.json", "graph.html", "views/index.html"} <= set(reference)


@pytest.mark.parametrize("options", [("--workers", "2"), ("--dask", "local", "--workers", "2")],
                         ids=["two-processes", "dask-local-cluster"])
def test_parallel_builds_write_the_same_bytes(inputs, reference, tmp_path, options):
    _kg_build([inputs], tmp_path / "out", "--no-cache", *options)
    assert _outputs(tmp_path / "out") == reference


def test_incremental_add_change_and_remove_equal_builds_from_scratch(inputs, tmp_path):
    """One output folder rebuilt as a page comes, changes and goes; each time it equals a fresh build."""
    extra = tmp_path / "extra"
    extra.mkdir()
    out = tmp_path / "incremental"
    _kg_build([inputs, extra], out)
    steps = [lambda: shutil.copy(PAGE, extra / "added.txt"),
             lambda: (extra / "added.txt").write_text(PAGE.read_text(encoding="utf-8").replace("We ", "Here we ", 1),
                                                      encoding="utf-8"),
             lambda: (extra / "added.txt").unlink()]
    for number, change in enumerate(steps):
        change()
        _kg_build([inputs, extra], out)
        fresh = tmp_path / f"fresh-{number}"
        _kg_build([inputs, extra], fresh, "--no-cache")
        assert _outputs(out) == _outputs(fresh), f"step {number}"


def test_a_build_killed_midway_and_run_again_writes_what_a_clean_build_writes(inputs, reference, tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "-m", "kg.cli", "build", "-q", str(inputs), "-o", str(out)]
    for delay in (0.5, 3.0, 6.0):  # before, during and after extraction, on most machines
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
    _kg_build([inputs], out)
    assert _outputs(out) == reference
    assert not [path for path in out.rglob("*.kg-tmp")], "no temporary file is left behind"


def test_filecmp_sees_the_same_as_the_byte_maps(reference, inputs, tmp_path):
    """The benchmark (benchmarks/scale.py) compares folders with filecmp; it agrees with the tests."""
    _kg_build([inputs], tmp_path / "a", "--no-cache")
    _kg_build([inputs], tmp_path / "b", "--no-cache", "--workers", "2")
    names = list(_outputs(tmp_path / "a"))
    match, mismatch, errors = filecmp.cmpfiles(tmp_path / "a", tmp_path / "b", names, shallow=False)
    assert (mismatch, errors) == ([], []) and len(match) == len(names)
