"""Where the views stage spends its time, inside a build and alone: wall and CPU time of each part of ``write_views``.

Two commands, for the same graph::

    python benchmarks/views_parts.py build --pickle GRAPH.pkl -- /path/to/corpus -o OUT -j 2 -q
    python benchmarks/views_parts.py alone GRAPH.pkl EMPTY_FOLDER

``build`` runs ``kg build ARGUMENTS`` under ``benchmarks/build_stages.py`` (every stage timed, as that script
does) with the views' parts timed, then writes the views of the same graph again in the same process (the
query store's loader has ended by then: same heap, no loader), and with ``--pickle`` keeps the graph, each
node's owner digest and the views' ``top`` for ``alone``.  ``alone`` reads them back in a fresh process and
writes the views as ``kg build`` writes them: the graph out of the collector's passes
(:func:`kg.outputs.graph_frozen`), the owner digests the Turtle stage handed over, an empty in-link memo, the
overview laid out first.  The three folders are the same bytes (``views/.kg-pages.json`` included).

Each run prints its wall time, its CPU time (this process, and its main thread), the time its main thread
was ready to run but waited for a core (``/proc/thread-self/schedstat``, Linux; ``-`` elsewhere), the cyclic
garbage collector's time (``gc.callbacks``), then each part: wall, CPU of its thread, calls.  Parts nest
(a venue page's ``_landscape_page`` holds its ``fitted_landscape``), so they do not add up to the run.
docs/scaling.md, "The views stage in a build, thirty-sixth session", used it to compare the stage in a
build with the stage alone.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import pickle
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# kg is imported from this checkout, and this folder leaves the path: its html.py would hide the standard library's
sys.path[:] = [str(ROOT), *(entry for entry in sys.path if Path(entry or ".").resolve() != ROOT / "benchmarks")]

#: The functions timed, by module: those of ``exports.views`` as ``write_views`` calls them (module globals, so a
#: wrapper sees every call) -- the venue pages and their layouts, the entity pages, the overview and paper map,
#: the node view's shards, the index -- and the shards' fingerprints inside ``write_node_data``.
PARTS: dict[str, tuple[str, ...]] = {
    "exports.views": ("_landscape_page", "fitted_landscape", "render_landscape", "landscape_inputs", "_ego_page",
                      "induced_digest", "render_html", "_write_page", "write_node_data", "keep_or_write_index",
                      "search_order", "_degrees", "_remove_stale", "write_assets", "write_node_page"),
    "exports.view_nodes": ("shard_fingerprints",),
}


@dataclass
class Run:
    """One call of ``write_views``: its totals and its parts (name -> [wall s, thread CPU s, calls])."""

    label: str
    wall: float = 0.0
    cpu: float = 0.0  # this process, all threads
    thread_cpu: float = 0.0  # the thread that wrote the views
    waited: float | None = None  # ready to run, waiting for a core (None where schedstat is not there)
    gc: float = 0.0
    parts: dict[str, list[float]] = field(default_factory=dict)

    def table(self) -> str:
        """The totals, then the parts, longest first."""
        waited = f"{self.waited:.1f}" if self.waited is not None else "-"
        head = (f"== {self.label}: wall {self.wall:.1f} s, CPU {self.cpu:.1f} s (main thread {self.thread_cpu:.1f}),"
                f" waiting for a core {waited} s, cyclic GC {self.gc:.2f} s")
        lines = [head, f"   {'part':<24}{'wall':>8}{'cpu':>8}{'calls':>7}"]
        for name, (wall, cpu, calls) in sorted(self.parts.items(), key=lambda item: -item[1][0]):
            lines.append(f"   {name:<24}{wall:8.2f}{cpu:8.2f}{int(calls):7d}")
        return "\n".join(lines)


def _waited() -> float | None:
    """Seconds this thread has been ready to run without a core (Linux's schedstat), or None."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


class _Timers:
    """The parts of ``exports.views`` wrapped while the block runs; each :meth:`run` notes one :class:`Run`."""

    def __init__(self) -> None:
        self.parts: dict[str, list[float]] = {}
        self.collected = 0.0
        self._began = 0.0

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.collected += time.perf_counter() - self._began

    @contextmanager
    def installed(self) -> Iterator[None]:
        saved = [(module, name, getattr(module, name))
                 for module, names in ((importlib.import_module(path), names) for path, names in PARTS.items())
                 for name in names]
        for module, name, real in saved:
            setattr(module, name, self._wrapped(name, real))
        gc.callbacks.append(self._gc)
        try:
            yield
        finally:
            gc.callbacks.remove(self._gc)
            for module, name, real in saved:
                setattr(module, name, real)

    def _wrapped(self, name: str, real: Callable) -> Callable:
        def call(*args: Any, **kwargs: Any) -> Any:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return real(*args, **kwargs)
            finally:
                part = self.parts.setdefault(name, [0.0, 0.0, 0])
                part[0] += time.perf_counter() - wall
                part[1] += time.thread_time() - cpu
                part[2] += 1
        return call

    @contextmanager
    def run(self, label: str, runs: list[Run]) -> Iterator[None]:
        """Time the block as one :class:`Run` (its parts: what the block added to every part's sums)."""
        before = {name: list(part) for name, part in self.parts.items()}
        wall, cpu, thread, waited, collected = (time.perf_counter(), time.process_time(), time.thread_time(),
                                                _waited(), self.collected)
        try:
            yield
        finally:
            end = _waited()
            runs.append(Run(label, time.perf_counter() - wall, time.process_time() - cpu,
                            time.thread_time() - thread, end - waited if end is not None and waited is not None
                            else None, self.collected - collected,
                            {name: [a - b for a, b in zip(part, before.get(name, [0.0, 0.0, 0]))]
                             for name, part in self.parts.items()}))


def _build_stages() -> Any:
    """benchmarks/build_stages.py as a module (this folder is not on the path: see above)."""
    if "build_stages" not in sys.modules:
        spec = importlib.util.spec_from_file_location("build_stages", ROOT / "benchmarks" / "build_stages.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_stages"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules["build_stages"]


def in_build(arguments: Sequence[str], pickle_to: Path | None = None) -> tuple[Any, list[Run]]:
    """``kg build ARGUMENTS`` with its views' parts timed, then the views of its graph again into
    ``OUT-again`` (``OUT``: the build's ``-o``); returns build_stages' report and the two runs.  With
    ``pickle_to`` the graph, its owner digests and ``top`` are pickled there for :func:`alone`."""
    build_stages = _build_stages()
    from exports.view_inlinks import InLinkMemo
    from exports.views import overview_landscape
    from kg import outputs

    timers, runs, kept = _Timers(), [], {}
    real = outputs.write_views

    def write_views(graph: Any, folder: Path, **kwargs: Any) -> Any:
        kept.update(graph=graph, folder=Path(folder), kwargs=kwargs)
        with timers.run("views in the build", runs):
            return real(graph, folder, **kwargs)

    outputs.write_views = write_views
    try:
        with timers.installed():
            report = build_stages.profile_build(list(arguments))
            if not kept:
                raise SystemExit("the build wrote no views (--no-views?)")
            graph, kwargs = kept["graph"], kept["kwargs"]
            with outputs.graph_frozen():
                overview = overview_landscape(graph, top=kwargs["top"])
                again = kept["folder"].parent.with_name(kept["folder"].parent.name + "-again")  # OUT-again
                with timers.run("views again, same process (the loader has ended)", runs):
                    real(graph, again, top=kwargs["top"], owners=kwargs["owners"], in_links=InLinkMemo(),
                         overview=overview)
    finally:
        outputs.write_views = real
    if pickle_to is not None:
        with open(pickle_to, "wb") as out:
            pickle.dump((graph, kwargs["owners"], kwargs["top"]), out, protocol=5)
    return report, runs


def alone(graph_file: Path, folder: Path) -> Run:
    """``write_views`` of the graph :func:`in_build` pickled, into ``folder``, as ``kg build`` calls it."""
    from exports.view_inlinks import InLinkMemo
    from exports.views import overview_landscape, write_views
    from kg import outputs

    gc.disable()  # millions of objects: no collector passes while they are read
    try:
        with open(graph_file, "rb") as source:
            graph, owners, top = pickle.load(source)
    finally:
        gc.enable()
    timers, runs = _Timers(), []
    with outputs.graph_frozen(), timers.installed():
        overview = overview_landscape(graph, top=top)
        with timers.run("views alone, from the pickled graph", runs):
            write_views(graph, folder, top=top, owners=owners, in_links=InLinkMemo(), overview=overview)
    return runs[0]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="kg build with the views' parts timed, then the views again")
    build.add_argument("--pickle", type=Path, help="keep the graph here for `alone`")
    build.add_argument("arguments", nargs=argparse.REMAINDER, help="-- then the arguments of kg build")
    single = commands.add_parser("alone", help="write_views of a pickled graph into an empty folder")
    single.add_argument("graph", type=Path)
    single.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "build":
        arguments = args.arguments[1:] if args.arguments[:1] == ["--"] else args.arguments
        report, runs = in_build(arguments, args.pickle)
        print(report.table())
        for run in runs:
            print(run.table())
    else:
        print(alone(args.graph, args.folder).table())


if __name__ == "__main__":
    main()
