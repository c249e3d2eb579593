"""Throughput of kg builds, as ratios against baselines measured in the same run.

Run from the repository root (needs ../shared/corpus/anthology)::

    python benchmarks/throughput.py                 # everything (about 15 minutes on 2 cores)
    python benchmarks/throughput.py --quick         # words/second and a 300-volume subset only

Prints, for the issue's goals:

1. extraction words/second vs ``spacy.blank("en")`` tokenising the same abstracts (goal ≥ 30 %);
2. wall time and peak memory (all processes) of ``kg build`` on the full Anthology corpus
   (goal ≤ 5 min, ≤ 4 GB on 2 cores), next to a read-and-parse-only pass over the same files;
3. an incremental rebuild after adding one lecture page (goal ≤ 5 % of the full build);
4. speed-up from 1 to 2 workers, locally and on a 2-worker Dask LocalCluster.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import ANTHOLOGY as CORPUS  # noqa: E402
from measure import ROOT, kg, timed  # noqa: E402

PAGE = ROOT / "kg" / "sample" / "underline" / "000_16934c490b00c391.txt"


def words_per_second(corpus: Path, count: int = 4000) -> None:
    import spacy

    from extractors.anthology_xml import read_anthology_xml
    from extractors.mentions import default_pipeline, extract_mentions

    papers = []
    for path in sorted(corpus.glob("*.xml"))[::-1]:  # newest volumes first: most have abstracts
        papers += [p for p in read_anthology_xml(path.read_bytes(), source=path.name).papers if p.abstract]
        if len(papers) >= count:
            break
    papers = papers[:count]
    texts = [p.abstract for p in papers]
    words = sum(len(t.split()) for t in texts)
    blank = spacy.blank("en")
    nlp = default_pipeline()
    extract_mentions(papers[:50], nlp=nlp)  # warm up
    start = time.perf_counter()
    for _ in blank.pipe(texts, batch_size=256):
        pass
    floor = time.perf_counter() - start
    start = time.perf_counter()
    mentions = extract_mentions(papers, nlp=nlp)
    full = time.perf_counter() - start
    print(f"1. words/second on {len(texts)} abstracts ({words} words):")
    print(f"   spacy.blank tokenising   {words / floor:>10,.0f} w/s")
    print(f"   kg extraction            {words / full:>10,.0f} w/s  ({len(mentions)} mentions)")
    print(f"   ratio                    {floor / full:>10.2f}   (goal >= 0.30)")


def parse_only(corpus: Path) -> list[str]:
    script = ("from kg.sources import read_sources; from extractors.anthology_xml import read_anthology_xml;"
              f"sources, _ = read_sources([{str(corpus)!r}]);"
              "[read_anthology_xml(s.text.encode(), source=s.name) for s in sources]")
    return [sys.executable, "-c", script]


def full_build(corpus: Path, workers: int, scratch: Path) -> float:
    out = scratch / "full"
    base_wall, base_peak, _ = timed(parse_only(corpus))
    wall, peak, output = timed(kg("build", "-q", str(corpus), "-o", str(out), "--workers", str(workers)))
    summary = [line for line in output.splitlines() if line.startswith("  papers")]
    print(f"2. full build of {corpus} with --workers {workers}: {summary[0].strip() if summary else ''}")
    print(f"   read+parse XML only      {base_wall:>8.1f} s  peak {base_peak / 2**30:.2f} GB")
    print(f"   kg build                 {wall:>8.1f} s  peak {peak / 2**30:.2f} GB  "
          f"({wall / base_wall:.1f}x the parse-only pass; goal <= 300 s and <= 4 GB)")
    extra = scratch / "added"
    extra.mkdir()
    shutil.copy(PAGE, extra / "new_page.txt")
    again, again_peak, _ = timed(kg("build", "-q", str(corpus), str(extra), "-o", str(out), "--workers", str(workers)))
    print(f"3. rebuild after adding one page: {again:.1f} s, peak {again_peak / 2**30:.2f} GB "
          f"= {100 * again / wall:.1f} % of the full build (goal <= 5 %)")
    shutil.copy(PAGE.with_name("001_402f8b867fae7175.txt"), extra / "another_page.txt")
    lean, lean_peak, _ = timed(kg("build", "-q", str(corpus), str(extra), "-o", str(out), "--workers", str(workers),
                                  "--no-views", "--no-similarity"))
    print(f"   the same with --no-views --no-similarity: {lean:.1f} s, peak {lean_peak / 2**30:.2f} GB "
          f"= {100 * lean / wall:.1f} % of the full build")
    return wall


def speed_up(corpus: Path, volumes: int, scratch: Path) -> None:
    subset = scratch / "subset"
    subset.mkdir()
    chosen = sorted(corpus.glob("*.xml"))[-volumes:]
    for path in chosen:
        (subset / path.name).symlink_to(path)
    runs = {}
    for label, extra in (("1 worker", ["--workers", "1"]), ("2 workers", ["--workers", "2"]),
                         ("Dask LocalCluster, 2 workers", ["--workers", "2", "--dask", "local"])):
        out = scratch / f"out-{len(runs)}"
        runs[label], _, _ = timed(kg("build", "-q", "--no-cache", "--no-views", "--no-similarity",
                                     str(subset), "-o", str(out), *extra))
    print(f"4. speed-up on the newest {len(chosen)} volumes (kg build --no-views --no-similarity):")
    for label, wall in runs.items():
        print(f"   {label:<30}{wall:>8.1f} s  speed-up {runs['1 worker'] / wall:.2f}x")
    same = all((scratch / f"out-{i}" / "graph.ttl").read_bytes() == (scratch / "out-0" / "graph.ttl").read_bytes()
               for i in (1, 2))
    print(f"   identical graph.ttl from all three: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--quick", action="store_true", help="skip the full-corpus build and rebuild")
    parser.add_argument("--volumes", type=int, default=300, help="volumes in the speed-up subset")
    parser.add_argument("--workers", type=int, default=2, help="workers for the full build")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        raise SystemExit(f"{args.corpus}: no such folder (the shared Anthology corpus is needed)")
    print(f"machine: {psutil.cpu_count()} CPUs, {psutil.virtual_memory().total / 2**30:.0f} GB")
    words_per_second(args.corpus)
    with tempfile.TemporaryDirectory(prefix="kg-throughput-") as folder:
        scratch = Path(folder)
        if not args.quick:
            full_build(args.corpus, args.workers, scratch)
        speed_up(args.corpus, args.volumes, scratch)


if __name__ == "__main__":
    main()
