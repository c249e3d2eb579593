"""How kg build grows with the corpus: time, peak memory, incremental rebuilds and Dask workers.

Run from the repository root (needs ../shared/corpus/anthology); every figure
is a ratio against another measured in the same run::

    python benchmarks/scale.py                 # 1/4, 1/2, 1x and 11x the Anthology (11x: about an hour)
    python benchmarks/scale.py --copies 0      # without the 11x corpus
    python benchmarks/scale.py --only curve    # one part: curve, incremental or dask
    python benchmarks/scale.py --only dask --dask-fraction 4   # Dask 1 -> 2 workers on 1/4 of the volumes

Prints, for issue 14's goals (docs/scaling.md):

1. ``kg build`` wall time and peak memory (the command and all its worker
   processes) at 1/4, 1/2, 1x and (1 + COPIES)x the Anthology, the
   bigger corpus made by :mod:`scale_corpus` (altered copies of every volume),
   with the slopes: seconds per 1,000 papers and how much peak memory grows
   when the corpus doubles (goal <= 25 %);
2. incremental rebuilds of the full Anthology build: nothing changed (the
   outputs kept), one lecture page added, changed and removed, each as a
   share of the full build (goal <= 5 %), and
   whether each gives the same bytes as a from-scratch build of the same inputs;
3. the full Anthology on a Dask LocalCluster with 1 and with 2 workers
   (goal >= 1.7x) and whether both give the same bytes as the local build.
"""
from __future__ import annotations

import argparse
import math
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import ANTHOLOGY, GB, ROOT, kg, summary_count, timed  # noqa: E402
from scale_corpus import make_corpus  # noqa: E402

PAGE = ROOT / "kg" / "sample" / "underline" / "000_16934c490b00c391.txt"
#: The files every build writes whose bytes must not depend on how the build ran.
COMPARED = ("graph.ttl", "graph.json", "graph.html")


def build(inputs: list[Path], out: Path, *extra: str) -> tuple[float, int, int]:
    """Wall seconds, peak bytes and papers of one ``kg build``."""
    wall, peak, output = timed(kg("build", "-q", *map(str, inputs), "-o", str(out), "--workers", "2", *extra))
    return wall, peak, summary_count(output, "papers")


def same_outputs(a: Path, b: Path) -> bool:
    """True when the two build folders hold the same bytes in every compared file and view."""
    files = [*COMPARED, *(str(p.relative_to(a)) for p in sorted((a / "views").rglob("*")) if p.is_file())]
    return all((b / name).is_file() and filecmp.cmp(a / name, b / name, shallow=False) for name in files)


def curve(scratch: Path, copies: int) -> None:
    corpora = [("1/4", 4, 0), ("1/2", 2, 0), ("1x", 1, 0)]
    if copies:
        corpora.append((f"{copies + 1}x", 1, copies))
    print("1. kg build (2 workers, no cache) as the corpus grows:")
    print(f"   {'corpus':<8}{'papers':>9}{'wall s':>9}{'peak GB':>9}{'s/1k papers':>13}{'GB/100k papers':>16}")
    rows = []
    for label, fraction, extra_copies in corpora:
        corpus = scratch / f"corpus-{fraction}-{extra_copies}"
        make_corpus(corpus, copies=extra_copies, fraction=fraction)
        out = scratch / f"curve-{fraction}-{extra_copies}"
        wall, peak, papers = build([corpus], out, "--no-cache")
        rows.append((label, papers, wall, peak))
        print(f"   {label:<8}{papers:>9,}{wall:>9.1f}{peak / GB:>9.2f}{1000 * wall / max(papers, 1):>13.2f}"
              f"{peak / GB / max(papers, 1) * 1e5:>16.2f}", flush=True)
        shutil.rmtree(out)
        if extra_copies:
            shutil.rmtree(corpus)
    print("   slopes between neighbours (time linear: ratio of s/paper near 1; memory: growth per doubling):")
    for (a, pa, wa, ma), (b, pb, wb, mb) in zip(rows, rows[1:]):
        doublings = math.log2(max(pb / max(pa, 1), 1.0001))
        growth = (mb / ma) ** (1 / doublings) - 1
        print(f"   {a:>4} -> {b:<4} papers x{pb / max(pa, 1):5.2f}  time x{wb / wa:5.2f}  "
              f"s/paper x{(wb / pb) / (wa / pa):5.2f}  peak x{mb / ma:5.2f} ({100 * growth:+.0f} % per doubling; "
              "goal <= +25 %)")


def incremental(scratch: Path, *, compare: bool = True) -> None:
    corpus = scratch / "corpus-1-0"
    make_corpus(corpus)
    pages = scratch / "pages"
    pages.mkdir()
    out = scratch / "incremental"
    full, _, _ = build([corpus], out)
    print(f"2. incremental rebuilds of the full Anthology build ({full:.1f} s, cache cold):")
    steps = (("nothing changed", lambda: None),  # the outputs kept (OUT/.kg-build.json)
             ("add one lecture page", lambda: shutil.copy(PAGE, pages / "new_page.txt")),
             ("change that page", lambda: (pages / "new_page.txt").write_text(
                 PAGE.read_text(encoding="utf-8").replace("We ", "Here we ", 1), encoding="utf-8")),
             ("remove that page", lambda: (pages / "new_page.txt").unlink()))
    for label, change in steps:
        change()
        wall, peak, _ = build([corpus, pages], out)
        same: bool | str = "not compared (--no-compare; tests/test_build_outputs.py checks it)"
        if compare:
            scratch_out = scratch / "from-scratch"
            build([corpus, pages], scratch_out, "--no-cache")
            same = same_outputs(out, scratch_out)
            shutil.rmtree(scratch_out)
        print(f"   {label:<22}{wall:>7.1f} s  {100 * wall / full:5.1f} % of the full build (goal <= 5 %)  "
              f"peak {peak / GB:.2f} GB  same bytes as from scratch: {same}", flush=True)


def dask_speed_up(scratch: Path, fraction: int = 1) -> None:
    corpus = scratch / f"corpus-{fraction}-0"
    make_corpus(corpus, fraction=fraction)
    print(f"3. Dask on {'the whole Anthology' if fraction == 1 else f'1/{fraction} of the Anthology volumes'}:")
    local = scratch / "dask-local"
    build([corpus], local, "--no-cache")
    walls = {}
    for workers in (1, 2):
        out = scratch / f"dask-{workers}"
        wall, peak, _ = timed(kg("build", "-q", str(corpus), "-o", str(out), "--no-cache", "--dask", "local",
                                 "--workers", str(workers)))
        walls[workers] = wall
        print(f"   Dask LocalCluster, {workers} worker(s): {wall:.1f} s, peak {peak / GB:.2f} GB, "
              f"same bytes as the local build: {same_outputs(local, out)}", flush=True)
    print(f"   speed-up 1 -> 2 workers: {walls[1] / walls[2]:.2f}x (goal >= 1.7x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=10, help="altered copies for the biggest corpus (0: none)")
    parser.add_argument("--only", choices=("curve", "incremental", "dask"), help="run one part")
    parser.add_argument("--scratch", type=Path, help="folder for corpora and builds (default: a temporary one)")
    parser.add_argument("--dask-fraction", type=int, default=1, metavar="N",
                        help="run the Dask part on every N-th Anthology volume (default 1: all of them)")
    parser.add_argument("--no-compare", action="store_true",
                        help="skip the from-scratch builds that check incremental outputs byte for byte")
    args = parser.parse_args()
    if not ANTHOLOGY.is_dir():
        raise SystemExit(f"{ANTHOLOGY}: no such folder (the shared Anthology corpus is needed)")
    print(f"machine: {psutil.cpu_count()} CPUs, {psutil.virtual_memory().total / GB:.0f} GB", flush=True)
    if args.scratch is not None:
        args.scratch.mkdir(parents=True, exist_ok=True)  # a new folder for this run's corpora and builds is fine
    with tempfile.TemporaryDirectory(prefix="kg-scale-", dir=args.scratch) as folder:
        scratch = Path(folder)
        parts = {"curve": lambda: curve(scratch, args.copies), "incremental": lambda: incremental(scratch, compare=not args.no_compare),
                 "dask": lambda: dask_speed_up(scratch, args.dask_fraction)}
        for name, run in parts.items():
            if args.only in (None, name):
                run()


if __name__ == "__main__":
    main()
