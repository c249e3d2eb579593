"""Benchmark kg query on a real build: every canned query warm in-process and as a command, and title lookups.

For the build folder OUT (made by ``kg build``; its query store is made
first if missing, and timed with ``--remake-store``), in one run:

* every canned query with a parameter value that names something in the
  Anthology (``--param NAME.KEY=VALUE`` to change one), timed
  - **in-process, warm**: ``run_canned`` after a first call has opened the
    store (median of ``--repeat`` runs), through the text index and the
    precomputed aggregates;
  - **as a command**: the wall time of ``kg query OUT --name ... -f csv``
    (median of ``--repeat`` runs), Python's start-up included, and the CPU
    time it used (on a busy machine the wall time is mostly waiting);
  - **as written**: the same SPARQL on the same Oxigraph store without the
    index or the precomputed results (what kg query did before), one run,
    stopped after ``--limit`` seconds;
  - **rdflib** (with ``--rdflib``): the same query text on the same
    graph.ttl parsed by rdflib, stopped after ``--limit`` seconds (parsing a
    full Anthology build takes rdflib more memory and time than a shared
    machine has; use it on a smaller build);
  and the rows of the index path are checked to equal those of the query as
  written wherever that one finished;
* title lookups: ``--lookups`` random full titles and as many random
  three-word fragments of titles (seeded), each resolved through the text
  index as ``kg query --name similar-papers --param title=...`` does; a
  lookup is right when the sampled paper is among the papers found.

Run from the repository root::

    flock /tmp/kg-heavy.lock python benchmarks/query.py /tmp/full-anthology-build
    python benchmarks/query.py kg-out --param venue-facts.venue='ACL 2026' --rdflib   # the sample

and copy the tables it prints into docs/query.md.
"""
from __future__ import annotations

import argparse
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "benchmarks"))  # last: measure.py, without shadowing the standard library

from measure import time_limited as timed  # noqa: E402

from kg.canned import canned_queries  # noqa: E402
from kg.query import rdflib_bindings, run_canned  # noqa: E402
from kg.query_store import STORE_DIR, open_query_store, store_is_current, write_query_store  # noqa: E402
from kg.text_index import INDEX_NAME, TextIndex  # noqa: E402

#: Parameter values that name something in the ACL Anthology (those of the issue's measurements).
ANTHOLOGY_PARAMS = {
    "venue-facts": {"venue": "ACL 2020"},
    "methods-proposed-at-venue": {"venue": "ACL 2020"},
    "papers-using-dataset": {"dataset": "SQuAD"},
    "paper-facts": {"title": "Attention Is All"},
    "similar-papers": {"title": "Transformers: State-of-the-Art Natural"},
}
_KG = "https://w3id.org/paperkg/ontology#"


def kg_command() -> list[str]:
    """How to run ``kg``: the installed entry point, else this Python with kg's CLI."""
    found = shutil.which("kg")
    return [found] if found else [sys.executable, "-c", "from kg.cli import main; main()"]


def rows(result: Any) -> list[tuple[str | None, ...]]:
    """A result's rows as text; GROUP_CONCAT cells (``shared...``) as sorted items (SPARQL leaves their order open)."""
    concat = {i for i, name in enumerate(result.variables) if name.startswith("shared")}
    return [tuple(None if t is None else ", ".join(sorted(str(t).split(", "))) if i in concat else str(t)
                  for i, t in enumerate(row)) for row in result.rows]


def show(seconds: float, limit: int, finished: bool = True) -> str:
    return f"{seconds:.3f} s" if finished else f">{limit} s"


def bench_queries(out: Path, params: dict[str, dict[str, str]], repeat: int, limit: int,
                  rdflib_graph: Any, as_written: bool = True) -> list[str]:
    lines = ["| query | rows | in-process, warm | `kg query` command (CPU) | as written (Oxigraph, no index) | rdflib "
             "| same rows |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for query in canned_queries().values():
        values = params.get(query.name, {}) if query.parameters else {}
        run_canned(out, query.name, values)  # opens the store: later runs are warm
        warm = [timed(lambda: run_canned(out, query.name, values))[0] for _ in range(repeat)]
        fast = run_canned(out, query.name, values)
        command = [*kg_command(), "query", str(out), "--name", query.name, "-f", "csv",
                   *(arg for key, value in values.items() for arg in ("--param", f"{key}={value}"))]
        walls, cpus = [], []
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            walls.append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        plain_seconds, plain = (timed(lambda: run_canned(out, query.name, values, use_index=False), limit)
                                if as_written else (0.0, None))
        same = "—" if plain is None else ("yes" if rows(plain) == rows(fast) else "**no**")
        rdflib_cell = "not run"
        if rdflib_graph is not None:
            try:
                seconds, answer = timed(lambda: list(rdflib_graph.query(
                    query.text, initBindings=rdflib_bindings(query, values))), limit)
                rdflib_cell = show(seconds, limit, answer is not None)
            except Exception as error:  # noqa: BLE001 - rdflib's own failure is the measurement
                rdflib_cell = f"fails ({type(error).__name__})"
        label = f"{query.name}" + "".join(f" {k}='{v}'" for k, v in values.items())
        lines.append(f"| {label} | {len(fast.rows)} | {statistics.median(warm):.3f} s | "
                     f"{statistics.median(walls):.2f} s ({statistics.median(cpus):.2f} s CPU) | "
                     f"{show(plain_seconds, limit, plain is not None) if as_written else 'not run'} | "
                     f"{rdflib_cell} | {same} |")
        print(lines[-1], flush=True)
    return lines


def bench_lookups(out: Path, count: int, seed: int) -> list[str]:
    """Resolve random full titles and 3-word fragments as similar-papers' title parameter does."""
    lookup = canned_queries()["similar-papers"].lookups[0]
    database = sqlite3.connect(out / STORE_DIR / INDEX_NAME)
    papers = database.execute("SELECT iri, lowered FROM searchable WHERE cls = ? ORDER BY rowid",
                              (f"{_KG}Paper",)).fetchall()
    database.close()
    chooser = random.Random(seed)
    titled = [(iri, text) for iri, text in papers if len(text.split()) >= 3]
    full = chooser.sample(titled, count)
    fragments = []
    for iri, text in chooser.sample(titled, count):
        words = text.split()
        start = chooser.randrange(len(words) - 2)
        fragments.append((iri, " ".join(words[start:start + 3])))
    lines = ["| lookup | right paper found | median time | slowest | median papers found |",
             "|---|---:|---:|---:|---:|"]
    with TextIndex(out / STORE_DIR / INDEX_NAME) as index:
        for name, cases in (("full title", full), ("3-word fragment", fragments)):
            hits, times, found = 0, [], []
            for iri, text in cases:
                seconds, iris = timed(lambda: index.resolve(lookup, text.upper()))
                times.append(seconds)
                found.append(len(iris) if iris is not None else 10_001)
                hits += iris is None or iri in iris  # None: more than MAX_BOUND papers; the query runs as written
            lines.append(f"| {name} | {hits}/{len(cases)} | {statistics.median(times) * 1000:.1f} ms | "
                         f"{max(times) * 1000:.1f} ms | {statistics.median(found):.0f} |")
            print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="output folder of kg build")
    parser.add_argument("--repeat", type=int, default=3, help="warm runs per query and way (median; default 3)")
    parser.add_argument("--limit", type=int, default=120,
                        help="stop a query as written, or rdflib, after this many seconds (default 120)")
    parser.add_argument("--rdflib", action="store_true", help="also parse graph.ttl with rdflib and time it")
    parser.add_argument("--lookups", type=int, default=50, help="random titles and fragments to look up (default 50)")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--no-as-written", dest="as_written", action="store_false",
                        help="skip the queries as written (without the index), the slow column")
    parser.add_argument("--remake-store", action="store_true", help="delete OUT/.kg-store and time making it again")
    parser.add_argument("--param", action="append", default=[], metavar="QUERY.KEY=VALUE",
                        help="a parameter value for one canned query (repeatable)")
    args = parser.parse_args(argv)
    params = {name: dict(values) for name, values in ANTHOLOGY_PARAMS.items()}
    for item in args.param:
        target, _, value = item.partition("=")
        name, _, key = target.partition(".")
        params.setdefault(name, {})[key] = value
    if args.remake_store:
        shutil.rmtree(args.out / STORE_DIR, ignore_errors=True)
    current = (args.out / STORE_DIR).is_dir() and store_is_current(args.out)
    seconds, _ = timed(lambda: write_query_store(args.out))
    store = open_query_store(args.out).store
    print(f"# {args.out}: {len(store):,} triples; query store "
          + ("already made" if current else f"made in {seconds:.1f} s (what kg build adds)"), flush=True)
    rdflib_graph = None
    if args.rdflib:
        import rdflib

        graph = rdflib.Graph()
        seconds, done = timed(lambda: graph.parse(args.out / "graph.ttl", format="turtle"), args.limit * 5)
        print(f"# rdflib parsed graph.ttl in {show(seconds, args.limit * 5, done is not None)}", flush=True)
        rdflib_graph = graph if done is not None else None
    bench_queries(args.out, params, args.repeat, args.limit, rdflib_graph, args.as_written)
    print()
    bench_lookups(args.out, args.lookups, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
