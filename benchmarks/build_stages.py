"""Where one ``kg build`` spends its time: wall, CPU, garbage collection and peak memory of each stage.

Runs ``kg build`` in this process with the pipeline's stage functions
wrapped (inputs read, extraction, assembly, similarity, each export, the
wait for the query store's loader), and prints one line per stage::

    python benchmarks/build_stages.py -- /path/to/corpus -o OUT -j 2
    python benchmarks/build_stages.py --json stages.json -- OUT_ARGS...
    python benchmarks/build_stages.py --pss -- /path/to/corpus -o OUT -j 2   # + the PSS peaks

Columns: when the stage started (s after the start), its wall time, the
CPU time of this process meanwhile (all its threads; the extraction
workers' and the loader's CPU are in the summary), the time Python's cyclic
garbage collector ran in it, and the peak RSS of this process and all its
children (sampled every 200 ms) while it ran; with ``--pss`` also the peak of their proportional set size
(PSS), which counts a page shared by several processes once in all: the sum of RSS counts the pages the forked
extraction workers share with this process once per process.  Reading every process's
``smaps_rollup`` costs: on the full Anthology the sampler took 30 CPU s instead of 3, and the build ran ~10 %
longer, so time builds without ``--pss``.  The query store's loader
(:mod:`kg.store_loader`) runs beside the exports (a fresh build's from the
Turtle stage's first run on, :mod:`kg.store_feed`): the summary says when it
ran and its CPU time, and the "wait for the query store" line is what it
added to the build.  The wrappers add no work of their own; the sampler
thread's own CPU time is counted in this process's and printed beside it
(listing the children reads every process's /proc entry: about 1.4 % of
a core at 200 ms with three children, 5 % at the 50 ms that
docs/scaling.md's first profile sampled at).  ``profile_build(ARGUMENTS)`` returns the
:class:`Report` (tests/test_build_stages.py runs it on the sample pages).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Self

import psutil

ROOT = Path(__file__).resolve().parent.parent
# kg is imported from this checkout, and this folder leaves the path: its html.py would hide the standard library's
sys.path[:] = [str(ROOT), *(entry for entry in sys.path if Path(entry or ".").resolve() != ROOT / "benchmarks")]

GB = 2**30
LOADER = "kg.store_loader"


@dataclass
class Stage:
    """One call of a wrapped stage function."""

    name: str
    start: float
    wall: float
    cpu: float | None  # this process, all threads
    gc: float | None  # seconds of cyclic garbage collection in it
    peak_gb: float = 0.0  # RSS of this process and its children
    main_gb: float = 0.0  # RSS of this process
    pss_gb: float = 0.0  # PSS of this process and its children (sampled only with ``pss=True``)


@dataclass
class Report:
    """Every stage, the whole command's figures and those of the query store's loader."""

    stages: list[Stage]
    total: float
    peak_gb: float
    main_cpu: float
    workers_cpu: float
    loader: dict[str, float] = field(default_factory=dict)  # start, end, cpu, peak_gb
    gc_seconds: tuple[float, float, float] = (0.0, 0.0, 0.0)  # by generation
    gc_passes: tuple[int, int, int] = (0, 0, 0)
    sampler_cpu: float = 0.0  # the profiler's sampling thread, inside main_cpu
    pss_gb: float = 0.0  # peak PSS of all processes (sampled only with ``pss=True``)

    def table(self) -> str:
        """The stages as a text table, then the summary."""
        pss = self.pss_gb > 0
        lines = [f"{'stage':<34}{'start':>8}{'wall':>8}{'cpu':>8}{'gc':>7}{'peak GB':>9}{'main GB':>9}"
                 + (f"{'PSS GB':>9}" if pss else "")]
        for s in self.stages:
            cpu = f"{s.cpu:8.1f}" if s.cpu is not None else f"{'-':>8}"
            collected = f"{s.gc:7.1f}" if s.gc is not None else f"{'-':>7}"
            peaks = f"{s.peak_gb:9.2f}{s.main_gb:9.2f}" if s.peak_gb else f"{'-':>9}{'-':>9}"  # shorter than a sample
            if pss:
                peaks += f"{s.pss_gb:9.2f}" if s.pss_gb else f"{'-':>9}"
            lines.append(f"{s.name:<34}{s.start:8.1f}{s.wall:8.1f}{cpu}{collected}{peaks}")
        lines.append(f"total {self.total:.1f} s, peak {self.peak_gb:.2f} GB (all processes); CPU: this process "
                     f"{self.main_cpu:.1f} s (the sampler {self.sampler_cpu:.1f} s of it), "
                     f"extraction workers {self.workers_cpu:.1f} s; cyclic GC "
                     f"{sum(self.gc_seconds):.1f} s in {sum(self.gc_passes)} passes "
                     f"({self.gc_passes[2]} full: {self.gc_seconds[2]:.1f} s)"
                     + (f"; peak PSS {self.pss_gb:.2f} GB (all processes)" if pss else ""))
        if self.loader:
            lines.append(f"query store loader: {self.loader['start']:.1f} -> {self.loader['end']:.1f} s, "
                         f"CPU {self.loader['cpu']:.1f} s, peak {self.loader['peak_gb']:.2f} GB")
        return "\n".join(lines)


class _Sampler:
    """RSS of this process and its children every ``interval`` seconds (and their PSS with ``pss``), and the
    loader's life and CPU."""

    def __init__(self, origin: float, interval: float = 0.2, *, pss: bool = False) -> None:
        self.origin = origin
        self.samples: list[tuple[float, int, int, int]] = []  # (time, this process, children, PSS of all or 0)
        self._pss = pss
        self.loader: dict[str, float] = {}
        self.workers_cpu: dict[int, float] = {}
        self.own_cpu = 0.0  # the sampler thread's CPU seconds (part of this process's)
        self._loaders: dict[int, bool] = {}  # pid -> is the query store's loader (its command line, read once)
        self._me = psutil.Process()
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="stage-sampler", daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            now = time.perf_counter() - self.origin
            try:
                main = self._me.memory_info().rss
                proportional = self._me.memory_full_info().pss if self._pss else 0
                children = 0
                for child in self._me.children(recursive=True):
                    try:
                        if child.status() == psutil.STATUS_ZOMBIE:  # ended, not yet waited for: not running
                            continue
                        rss = child.memory_info().rss
                        child_pss = child.memory_full_info().pss if self._pss else 0
                        times = child.cpu_times()
                        loader = self._loaders.get(child.pid)
                        if loader is None:
                            loader = self._loaders[child.pid] = LOADER in " ".join(child.cmdline())
                    except psutil.Error:
                        continue
                    children += rss
                    proportional += child_pss
                    if loader:
                        self.loader.setdefault("start", now)
                        self.loader.update(end=now, cpu=times.user + times.system,
                                           peak_gb=max(self.loader.get("peak_gb", 0.0), rss / GB))
                    else:
                        self.workers_cpu[child.pid] = times.user + times.system
                self.samples.append((now, main, children, proportional))
            except psutil.Error:
                pass
            self.own_cpu = time.thread_time()
            self._stop.wait(self._interval)

    def peaks(self, start: float, end: float) -> tuple[float, float, float]:
        """Peak RSS (all processes, this one) and peak PSS (all processes; 0 unless sampled) in GB between
        ``start`` and ``end``."""
        inside = [s for s in self.samples if start <= s[0] <= end]
        return (max((s[1] + s[2] for s in inside), default=0) / GB, max((s[1] for s in inside), default=0) / GB,
                max((s[3] for s in inside), default=0) / GB)


class _Collector:
    """Seconds and passes of Python's cyclic garbage collector, by generation (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self.passes = [0, 0, 0]
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.seconds[info["generation"]] += time.perf_counter() - self._began
            self.passes[info["generation"]] += 1


def _stage_functions() -> list[tuple[Any, str, str]]:
    """(object, attribute, stage name) of every function timed: where ``kg build`` looks each one up."""
    from kg import cache, cli, execution, outputs, pipeline, query_store, store_feed

    return [
        (pipeline, "read_inputs", "input keys"),  # kg build reads them once, for its check and the build
        (cli, "build_fingerprint", "fingerprint"),
        (pipeline, "_read_inputs", "read inputs"),
        (execution.Executor, "release_pool", "stop extraction workers"),
        (cache.DocumentCache, "prune", "cache prune"),
        (pipeline, "build_graph", "assembly"),
        (pipeline, "add_similarity_edges", "similarity"),
        (outputs, "write_rdf", "Turtle"),
        (outputs, "start_query_store", "start the store's loader"),
        (store_feed.StoreFeed, "store", "start the store's loader"),  # a fresh build's, fed during the Turtle stage
        (outputs, "overview_landscape", "overview landscape"),  # laid out once for graph.html and the views
        (outputs, "write_html", "graph.html"),
        (outputs, "write_json", "graph.json"),
        (outputs, "write_graph_tables", "tables"),
        (outputs, "write_views", "views"),
        (query_store.StoreMaker, "finish", "wait for the query store"),
        (cli, "_record_state", "record the build"),
    ]


@contextmanager
def _timed_stages(origin: float, collector: _Collector) -> Iterator[list[Stage]]:
    """Every function of :func:`_stage_functions` wrapped to note a :class:`Stage` per call; restored after."""
    stages: list[Stage] = []
    saved = []

    def wrapped(real: Callable, name: str) -> Callable:
        def call(*args: Any, **kwargs: Any) -> Any:
            start, cpu, collected = time.perf_counter(), time.process_time(), sum(collector.seconds)
            try:
                return real(*args, **kwargs)
            finally:
                stages.append(Stage(name, start - origin, time.perf_counter() - start, time.process_time() - cpu,
                                    sum(collector.seconds) - collected))
        return call

    from kg import execution

    real_map = execution.Executor.map_documents

    def map_documents(self: Any, sources: Sequence[Any], **kwargs: Any) -> Iterator[Any]:
        start, count = time.perf_counter(), len(sources)
        documents = real_map(self, sources, **kwargs)
        del sources  # the real method lets each text go once it is extracted, unless a caller holds the list
        try:  # the build stops asking after the last document (zip), and lets the generator go: hence finally
            yield from documents
        finally:
            stages.append(Stage(f"extraction of {count} documents", start - origin,
                                time.perf_counter() - start, None, None))

    for owner, attribute, name in _stage_functions():
        real = owner.__dict__[attribute] if isinstance(owner, type) else getattr(owner, attribute)
        saved.append((owner, attribute, real))
        setattr(owner, attribute, wrapped(real, name))
    saved.append((execution.Executor, "map_documents", real_map))
    execution.Executor.map_documents = map_documents
    try:
        yield stages
    finally:
        for owner, attribute, real in reversed(saved):
            setattr(owner, attribute, real)


def profile_build(arguments: Sequence[str], *, interval: float = 0.2, pss: bool = False) -> Report:
    """Run ``kg build ARGUMENTS`` in this process and report its stages (raises if the build fails).

    ``interval``: seconds between memory samples (a child that lives less long, such as the query store's
    loader on a small corpus, may be missed). ``pss``: also sample each process's PSS (reads its
    ``/proc/PID/smaps_rollup``; Linux), the memory the processes hold together with shared pages counted once.
    """
    from kg import cli

    collector = _Collector()
    origin = time.perf_counter()
    gc.callbacks.append(collector)
    cpu = sum(psutil.Process().cpu_times()[:2])
    try:
        with _Sampler(origin, interval, pss=pss) as sampler, _timed_stages(origin, collector) as stages:
            cli.main(["build", *arguments], standalone_mode=False)
            total = time.perf_counter() - origin
    finally:
        gc.callbacks.remove(collector)
    for stage in stages:
        stage.peak_gb, stage.main_gb, stage.pss_gb = sampler.peaks(stage.start, stage.start + stage.wall)
    stages.sort(key=lambda stage: stage.start)
    peak, _, peak_pss = sampler.peaks(0, total)
    return Report(stages, total, peak, sum(psutil.Process().cpu_times()[:2]) - cpu,
                  sum(sampler.workers_cpu.values()), dict(sampler.loader),
                  tuple(collector.seconds), tuple(collector.passes), sampler.own_cpu,  # type: ignore[arg-type]
                  peak_pss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="also write the report here as JSON")
    parser.add_argument("--pss", action="store_true",
                        help="also sample the processes' PSS (shared pages counted once; Linux)")
    parser.add_argument("build", nargs=argparse.REMAINDER, help="-- then the arguments of kg build")
    args = parser.parse_args()
    arguments = args.build[1:] if args.build[:1] == ["--"] else args.build
    report = profile_build(arguments, pss=args.pss)
    print(report.table(), flush=True)
    if args.json:
        args.json.write_text(json.dumps(asdict(report), indent=1) + "\n", encoding="utf-8")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
