"""benchmarks/build_stages.py: the stage profile of one kg build names every stage and leaves kg as it was."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from click.testing import CliRunner

from kg import cli, execution, pipeline

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "build_stages.py"


def _module(monkeypatch):
    """The script as a module; its changes to ``sys.path`` and ``sys.modules`` are undone after the test."""
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script takes benchmarks/ off the path
    spec = importlib.util.spec_from_file_location("build_stages", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "build_stages", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_stage_is_timed_and_the_outputs_are_a_plain_build_s(tmp_path, monkeypatch):
    stages = _module(monkeypatch)
    real = (pipeline.build_graph, execution.Executor.map_documents, cli.build_fingerprint)
    # sampled often: the sample's query store loads in well under the default 200 ms
    report = stages.profile_build(["-q", "-o", str(tmp_path / "profiled"), "--no-views", "-j", "2"], interval=0.02)
    names = [stage.name for stage in report.stages]
    assert names[:3] == ["input keys", "read inputs", "fingerprint"]  # the inputs are read for the fingerprint first
    for name in ("extraction of 5 documents", "assembly", "similarity", "Turtle", "graph.json", "tables",
                 "wait for the query store", "record the build"):
        assert names.count(name) == 1, name
    assert "views" not in names
    by_name = {stage.name: stage for stage in report.stages}
    assert by_name["extraction of 5 documents"].start < by_name["assembly"].start < by_name["Turtle"].start
    assert report.total >= sum(by_name[name].wall for name in ("assembly", "similarity", "Turtle"))
    assert report.peak_gb > 0.05 and report.workers_cpu > 0  # the sampler saw the process and its two workers
    assert 0 < report.sampler_cpu < report.main_cpu  # its own CPU is reported, inside this process's
    assert report.loader and report.loader["start"] >= by_name["Turtle"].start  # loads graph.ttl once written
    assert "total" in report.table() and "query store loader" in report.table()
    assert (pipeline.build_graph, execution.Executor.map_documents, cli.build_fingerprint) == real  # unwrapped
    plain = CliRunner().invoke(cli.main, ["build", "-q", "-o", str(tmp_path / "plain"), "--no-views"])
    assert plain.exit_code == 0, plain.output
    for name in ("graph.ttl", "graph.json", "graph.html"):
        assert (tmp_path / "profiled" / name).read_bytes() == (tmp_path / "plain" / name).read_bytes()


def test_pss_counts_the_pages_the_workers_share_once(tmp_path, monkeypatch):
    """With ``pss=True`` every stage also has the PSS peak of all processes; the forked extraction workers share
    pages with the main process, which the sum of RSS counts once per process and PSS once in all."""
    stages = _module(monkeypatch)
    report = stages.profile_build(["-q", "-o", str(tmp_path / "out"), "--no-views", "-j", "2"], interval=0.02,
                                  pss=True)
    extraction = next(stage for stage in report.stages if stage.name.startswith("extraction of"))
    assert 0 < extraction.pss_gb < extraction.peak_gb  # three processes, shared pages counted once
    assert 0 < report.pss_gb <= report.peak_gb
    assert "PSS GB" in report.table() and "peak PSS" in report.table()
    plain = stages.profile_build(["-q", "-o", str(tmp_path / "plain"), "--no-views"], interval=0.02)
    assert plain.pss_gb == 0 and "PSS" not in plain.table()  # not sampled unless asked for
