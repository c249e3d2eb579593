"""Benchmark: time and peak memory of kg.similarity as papers grow, and whether its neighbours mean anything.

Run from the project root::

    python benchmarks/similarity.py --graph /tmp/anthology-graph.json
    python benchmarks/similarity.py --sizes 5000 20000 --graph /tmp/anthology-graph.json

``--graph`` names a node-link JSON of the built ACL Anthology
(``exports.node_link.write_json``); when the file does not exist it is built
from ``../shared/corpus/anthology`` (several minutes) and written there for
the next run.  For each size a random sample of that many papers (seed 0;
each sample contains the smaller ones) is taken with everything the papers
link to, and :func:`kg.similarity.add_similarity_edges` runs on it with the
default options; the last size is always the whole corpus.

Reported per size: papers, papers with an abstract, edges added per basis,
wall time, and peak memory allocated during the call (tracemalloc, in a
second run of the same call, so tracing does not slow the timed one).  Then, per basis, how
often the computed neighbours share a Papers-with-Code dataset (among pairs
where both papers have one) and a venue, against random pairs of the same
papers, and the ratio.  For the entity basis the dataset figure is partly by
construction (PwC datasets are among the entities compared); the venue figure
is independent of both bases.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
# benchmarks/html.py would shadow the standard library's html (networkx imports it): take this folder off the path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
if __name__ == "__main__":
    sys.path.insert(0, str(_HERE.parent))  # the project root: exports/, kg/

import argparse  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import networkx as nx  # noqa: E402

__all__ = ["sample_papers", "measure", "neighbour_quality", "main"]

CORPUS = _HERE.parent.parent / "shared" / "corpus" / "anthology"


def load_corpus(path: Path) -> nx.MultiDiGraph:
    """The Anthology graph cached at ``path``, built (and cached) when the file does not exist."""
    from exports.node_link import read_json, write_json

    if path.exists():
        return read_json(path)
    if not CORPUS.is_dir():
        raise SystemExit(f"{path} does not exist and there is no corpus at {CORPUS} to build it from")
    from kg.pipeline import build

    print(f"building {CORPUS} (several minutes); caching it at {path}", file=sys.stderr)
    graph = build([CORPUS]).graph
    write_json(graph, path)
    return graph


def sample_papers(graph: nx.MultiDiGraph, size: int, *, seed: int = 0) -> nx.MultiDiGraph:
    """``size`` papers drawn at random (the same seed gives nested samples) with every node they link to."""
    papers = sorted(node for node, kind in graph.nodes(data="kind") if kind == "paper")
    chosen = random.Random(seed).sample(papers, len(papers))[: min(size, len(papers))]
    keep = set(chosen)
    for paper in chosen:
        keep.update(target for target in graph.successors(paper) if graph.nodes[target].get("kind") != "paper")
    return graph.subgraph(keep).copy()


@dataclass
class Run:
    papers: int
    abstracts: int
    added: dict[str, int]
    seconds: float
    peak_mib: float


def measure(graph: nx.MultiDiGraph) -> Run:
    """Run add_similarity_edges (default options) on ``graph``: timed, then again under tracemalloc for memory.

    The second run starts from the same graph (the first run's edges are
    removed) and records the peak of memory allocated during the call
    (Python objects and numpy/scipy buffers), which does not depend on what
    earlier runs left in the process.  The edges of the first run are left in
    ``graph``.
    """
    import tracemalloc

    from kg.similarity import SIMILARITY_EXTRACTOR, add_similarity_edges

    papers = [data for _, data in graph.nodes(data=True) if data.get("kind") == "paper"]
    start = time.perf_counter()
    add_similarity_edges(graph)
    seconds = time.perf_counter() - start
    computed = [(u, v, key, data) for u, v, key, data in graph.edges(keys=True, data=True)
                if key == "similarTo" and data.get("extractor") == SIMILARITY_EXTRACTOR]
    graph.remove_edges_from([(u, v, key) for u, v, key, _ in computed])
    tracemalloc.start()
    try:
        add_similarity_edges(graph)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    graph.remove_edges_from([(u, v, key) for u, v, key, _ in computed])
    graph.add_edges_from(computed)
    added = Counter(data["basis"] for _, _, _, data in computed)
    return Run(len(papers), sum(bool(p.get("abstract")) for p in papers), dict(added), seconds, peak / 2**20)


def neighbour_quality(graph: nx.MultiDiGraph, *, random_pairs: int = 200_000, seed: int = 0) -> list[dict]:
    """Per basis: how often neighbours share a PwC dataset and a venue, against random pairs of papers."""
    datasets: dict[str, set[str]] = defaultdict(set)
    for paper, dataset, data in graph.edges(data=True):
        if data.get("extractor") == "papers-with-code":
            datasets[paper].add(dataset)
    venue = {node: data.get("venue") for node, data in graph.nodes(data=True) if data.get("kind") == "paper"}
    by_basis: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == "similarTo":
            for basis in data.get("bases") or [data.get("basis")]:
                if basis != "source":
                    by_basis[basis].append((u, v))
    papers = sorted(node for node, data in graph.nodes(data=True) if data.get("kind") == "paper"
                    and (data.get("title") or data.get("abstract")))
    rng = random.Random(seed)
    baseline = [tuple(rng.sample(papers, 2)) for _ in range(random_pairs)]

    def rates(pairs):
        both = [(a, b) for a, b in pairs if datasets[a] and datasets[b]]
        shared = sum(bool(datasets[a] & datasets[b]) for a, b in both) / len(both) if both else float("nan")
        same = sum(venue[a] is not None and venue[a] == venue[b] for a, b in pairs) / len(pairs)
        return shared, same, len(both)

    chance_dataset, chance_venue, chance_both = rates(baseline)
    rows = [{"pairs": "random", "count": len(baseline), "with_pwc": chance_both,
             "share_dataset": chance_dataset, "same_venue": chance_venue}]
    for basis in sorted(by_basis):
        shared, same, both = rates(by_basis[basis])
        rows.append({"pairs": f"{basis} neighbours", "count": len(by_basis[basis]), "with_pwc": both,
                     "share_dataset": shared, "same_venue": same,
                     "dataset_ratio": shared / chance_dataset, "venue_ratio": same / chance_venue})
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", type=Path, default=Path("/tmp/anthology-graph.json"),
                        help="node-link JSON of the built Anthology (built and cached here when missing)")
    parser.add_argument("--sizes", type=int, nargs="*", default=[5_000, 20_000, 50_000],
                        help="paper counts to sample before the whole corpus")
    parser.add_argument("--random-pairs", type=int, default=200_000)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    corpus = load_corpus(args.graph)
    total = sum(1 for _, kind in corpus.nodes(data="kind") if kind == "paper")
    print(f"loaded {args.graph}: {total} papers in {time.perf_counter() - start:.0f} s\n")
    print("| papers | with abstract | text edges | entity edges | time (s) | peak memory (MiB) | time / 5k-run |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    first = None
    graph = corpus
    for size in [s for s in args.sizes if s < total] + [total]:
        graph = sample_papers(corpus, size) if size < total else corpus
        run = measure(graph)
        first = first or run.seconds
        print(f"| {run.papers:,} | {run.abstracts:,} | {run.added.get('text', 0):,} | "
              f"{run.added.get('entities', 0):,} | {run.seconds:.1f} | {run.peak_mib:.0f} | "
              f"{run.seconds / first:.1f}× |", flush=True)
    print("\nNeighbours on the whole corpus against random pairs of its papers:\n")
    print("| pairs | count | both have PwC datasets | share a PwC dataset | ratio | same venue | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in neighbour_quality(graph, random_pairs=args.random_pairs):
        dataset_ratio = f"{row['dataset_ratio']:.1f}×" if "dataset_ratio" in row else ""
        venue_ratio = f"{row['venue_ratio']:.1f}×" if "venue_ratio" in row else ""
        print(f"| {row['pairs']} | {row['count']:,} | {row['with_pwc']:,} | {row['share_dataset']:.3f} | "
              f"{dataset_ratio} | {row['same_venue']:.3f} | {venue_ratio} |")


if __name__ == "__main__":
    main()
