"""The venue pages' landscapes laid out in a worker (kg.venue_layouts): the same pages, whatever the worker does."""
from __future__ import annotations

import filecmp
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import networkx as nx
import pytest

import kg.venue_layouts
from exports.landscape_tasks import laid_out, landscape_task
from exports.view_landscape import fitted_landscape, named_entities
from exports.views import write_views
from kg.venue_layouts import VenueLayouts, venue_layouts

ROOT = Path(__file__).resolve().parent.parent


def _venues_graph(venues: int = 24, seed: int = 7) -> nx.MultiDiGraph:
    """Venues of 1 to ~120 papers naming up to ~240 entities of four kinds (more than a landscape draws)."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    kinds = ["method", "dataset", "task", "model"]
    for v in range(venues):
        venue = f"venue/v{v:02d}"
        graph.add_node(venue, kind="venue", label=f"Venue {v}")
        pool = [f"{kinds[i % 4]}/e{i}" for i in range(rng.randint(3, 240))]
        for p in range(rng.randint(1, 120)):
            paper = f"paper/v{v}-{p}"
            graph.add_node(paper, kind="paper", label=f"Paper {p} of venue {v}", venue=f"Venue {v}")
            graph.add_edge(paper, venue, key="presentedAt", relation="presentedAt")
            for entity in rng.sample(pool, min(len(pool), rng.randint(1, 6))):
                if entity not in graph:
                    kind = entity.split("/")[0]
                    graph.add_node(entity, kind=kind, **({"label": f"The {kind} {entity[-3:]}"} if rng.random() < .9
                                                         else {"name": f"named {entity}"}))
                graph.add_edge(paper, entity, key="uses", relation="uses")
    return graph


def _same_folders(a: Path, b: Path) -> None:
    compared = filecmp.dircmp(a, b)
    pending = [compared]
    while pending:
        here = pending.pop()
        assert not here.left_only and not here.right_only, (here.left, here.left_only, here.right_only)
        _, mismatch, errors = filecmp.cmpfiles(here.left, here.right, here.common_files, shallow=False)
        assert not mismatch and not errors, (here.left, mismatch, errors)
        pending.extend(here.subdirs.values())


class _Waiting(VenueLayouts):
    """Waits for every landscape (so that each page is drawn from the worker's) and counts them."""

    taken = 0

    def take(self, key):
        fitted = self.wait(key, timeout=120)
        self.taken += fitted is not None
        return fitted


def test_a_task_gives_the_whole_graphs_landscape():
    graph = _venues_graph()
    for venue in sorted(n for n, k in graph.nodes(data="kind") if k == "venue"):
        papers = [u for u, _ in graph.in_edges(venue)]
        named = named_entities(graph, papers)
        task = landscape_task(graph, named, max_entities=90)
        assert len(task.entities) <= 90
        assert laid_out(task) == fitted_landscape(graph, papers, max_entities=90, named=named)


def test_the_workers_landscapes_draw_the_same_pages(tmp_path):
    graph = _venues_graph()
    write_views(graph, tmp_path / "alone")
    with _Waiting(fewest=1) as helper:
        write_views(graph, tmp_path / "helped", helper=helper)
    assert helper.taken == 24
    _same_folders(tmp_path / "alone", tmp_path / "helped")


def test_a_helper_not_waited_for_draws_the_same_pages(tmp_path):
    graph = _venues_graph(seed=3)
    write_views(graph, tmp_path / "alone")
    with VenueLayouts(fewest=1) as helper:
        write_views(graph, tmp_path / "helped", helper=helper)
    _same_folders(tmp_path / "alone", tmp_path / "helped")


def test_a_worker_that_dies_costs_nothing_but_time(tmp_path):
    graph = _venues_graph(seed=5)
    write_views(graph, tmp_path / "alone")

    class Dying(_Waiting):
        def start(self, tasks):
            super().start(tasks)
            os.kill(self._process.pid, signal.SIGKILL)

    with Dying(fewest=1) as helper:
        write_views(graph, tmp_path / "helped", helper=helper)
    assert helper.taken < 24  # those sent before the kill, if any
    _same_folders(tmp_path / "alone", tmp_path / "helped")


def test_a_worker_that_cannot_start_lays_out_nothing(tmp_path, monkeypatch):
    graph = _venues_graph(seed=9)
    write_views(graph, tmp_path / "alone")

    def refused(*args, **kwargs):
        raise OSError("no more processes")

    monkeypatch.setattr("kg.worker_processes._WorkerContext.Process", refused)
    with _Waiting(fewest=1) as helper:
        write_views(graph, tmp_path / "helped", helper=helper)
    assert helper.taken == 0 and helper._process is None
    _same_folders(tmp_path / "alone", tmp_path / "helped")


def test_too_few_tasks_start_no_worker(tmp_path):
    graph = _venues_graph(venues=4)
    with VenueLayouts(fewest=5) as helper:
        write_views(graph, tmp_path / "helped", helper=helper)
        assert helper._process is None


def test_a_worker_only_where_it_can_pay(monkeypatch):
    assert venue_layouts(1) is None
    monkeypatch.setattr(kg.venue_layouts, "_cores", lambda: 1)
    assert venue_layouts(2) is None
    monkeypatch.setattr(kg.venue_layouts, "_cores", lambda: 2)
    assert isinstance(venue_layouts(2), VenueLayouts)


def test_the_worker_ends_with_a_killed_build(tmp_path):
    """A build killed with SIGKILL leaves no worker behind (kg.worker_processes.end_with_parent)."""
    script = textwrap.dedent("""
        import sys, time
        sys.path.insert(0, sys.argv[1])
        from tests.test_venue_layouts import _venues_graph
        from exports.landscape_tasks import landscape_task
        from exports.view_landscape import named_entities
        from kg.venue_layouts import VenueLayouts
        graph = _venues_graph(venues=60)
        task = landscape_task(graph, named_entities(graph, None), max_entities=90)
        helper = VenueLayouts(fewest=1)
        helper.start([(i, task) for i in range(10_000)])
        print(helper._process.pid, flush=True)
        time.sleep(120)
    """)
    build = subprocess.Popen([sys.executable, "-c", script, str(ROOT)], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(build.stdout.readline())
        os.kill(worker, 0)  # running
        build.kill()
        build.wait()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"the worker {worker} outlived its build")
    finally:
        build.kill()


@pytest.mark.skipif(not (ROOT.parent / "shared" / "corpus" / "underline").is_dir(), reason="no ../shared")
def test_a_build_of_the_sample_pages_is_the_same_with_the_worker(tmp_path, monkeypatch):
    from kg.cli import main

    inputs = ROOT.parent / "shared" / "corpus" / "underline"
    main(["build", str(inputs), "-o", str(tmp_path / "one"), "-q", "-j", "1"], standalone_mode=False)
    monkeypatch.setattr(kg.venue_layouts, "FEWEST", 1)
    started = []
    real = VenueLayouts.start

    def start(self, tasks):
        real(self, tasks)
        started.append(self._process is not None)

    monkeypatch.setattr(VenueLayouts, "start", start)
    main(["build", str(inputs), "-o", str(tmp_path / "two"), "-q", "-j", "2"], standalone_mode=False)
    assert started == [True]
    for name in ("graph.ttl", "graph.html", "graph.json", "views"):
        if (tmp_path / "one" / name).is_dir():
            _same_folders(tmp_path / "one" / name, tmp_path / "two" / name)
        else:
            assert filecmp.cmp(tmp_path / "one" / name, tmp_path / "two" / name, shallow=False)


def test_closing_while_the_tasks_are_still_sent_raises_in_no_thread(monkeypatch):
    """Review 45: the receiver closed the pipe on the worker's end while the sender was inside a large write, and
    the sender's thread died with a traceback on the user's terminal (13 of 20 tries)."""
    failures = []
    monkeypatch.setattr("threading.excepthook", failures.append)
    tasks = [(i, str(i) * 30_000) for i in range(600)]  # ~50 MB: written in many parts while the worker reads
    for _ in range(6):
        helper = VenueLayouts(fewest=1)
        helper.start(tasks)
        time.sleep(0.2)  # the worker has begun to read
        helper.close()
    assert not failures


def test_a_worker_that_cannot_use_its_tasks_ends_quietly(capfd):
    """A task the worker cannot lay out (here not a task at all; in use, a node id of the caller's ``__main__``)
    ends it without a traceback: the caller lays out everything itself."""
    with VenueLayouts(fewest=1) as helper:
        helper.start([("a", "not a task"), ("b", "nor this")])
        assert helper.wait("b", timeout=60) is None
        helper._process.join(60)
        assert helper._process.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


def test_a_second_start_drops_the_first_tasks():
    graph = _venues_graph(venues=2, seed=4)
    tasks = []
    for venue in ("venue/v00", "venue/v01"):
        papers = [u for u, _ in graph.in_edges(venue)]
        tasks.append((venue, landscape_task(graph, named_entities(graph, papers), max_entities=40)))
    with VenueLayouts(fewest=1) as helper:
        helper.start(tasks[:1])
        helper.start(tasks[1:])
        assert helper.take("venue/v00") is None  # not a task of this start
        assert helper.wait("venue/v01", timeout=120) == laid_out(tasks[1][1])
