"""Benchmark kg.similarity: coverage, quality against Papers-with-Code tags, and the neighbour search at scale.

Run from the project root::

    python benchmarks/similarity.py --graph /tmp/anthology-graph.json
    python benchmarks/similarity.py --graph /tmp/anthology-graph.json --scale 100000 250000 1000000
    python benchmarks/similarity.py --skip-quality --scale 1000000  # no graph cached: texts read from the XML
    python benchmarks/similarity.py --graph /tmp/anthology-graph.json --judge-sample 2031 --judge-json /tmp/sample.json

``--graph`` names a node-link JSON of the built ACL Anthology
(``exports.node_link.write_json``, best built with ``similarity=False``);
when the file does not exist it is built from ``../shared/corpus/anthology``
(several minutes) and written there for the next run.

1. **Coverage** — :func:`kg.similarity.add_similarity_edges` (defaults) on the
   bundled sample, on one venue (ACL 2024) and on the whole Anthology: the
   share of papers with a title or abstract that get ``k`` neighbours.
2. **Quality** — on the whole Anthology, similarity built *without* the
   Papers-with-Code tags (``exclude_extractors={"papers-with-code"}``): how
   often neighbours share a PwC dataset (among pairs where both papers have
   one) against random pairs, on all papers and on the 2021–2022 volumes
   (the representation was chosen on 2019–2020).
3. **Judged sample** (``--judge-sample SEED``) — on the whole Anthology with
   the default similarity (PwC tags included), 50 random papers of the
   held-out half (ids whose MD5 is odd; the representation is tuned on the
   even half) and their top 3 neighbours, as a Markdown table to be judged
   by reading (``--judge-json`` also writes titles and abstracts; ``similarity_judging.py`` makes the
   blind judges' files from it and tallies their verdicts).
4. **Scale** (``--scale N ...``) — a synthetic corpus of N papers made at run
   time by copying Anthology abstracts (from ``--abstracts``; else from the
   cached graph; else, with ``--skip-quality``, read from the XML by
   :func:`anthology_documents`) under new ids, each copy with a few
   of its words dropped at random so that copies are not identical; for each N, in a
   fresh process, the time of each step of the neighbour search (TF-IDF,
   LSA, approximate index) and the peak resident memory of that process
   (``VmHWM``).
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
import json  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402

import networkx as nx  # noqa: E402

__all__ = ["anthology_documents", "coverage", "dataset_sharing", "held_out", "judge_sample", "load_corpus", "main",
           "scale_run", "synthetic_papers"]

CORPUS = _HERE.parent.parent / "shared" / "corpus" / "anthology"
CURATED = "papers-with-code"


def load_corpus(path: Path) -> nx.MultiDiGraph:
    """The Anthology graph cached at ``path``, built without similarity (and cached) when the file does not exist."""
    from exports.node_link import read_json, write_json

    if path.exists():
        return read_json(path)
    if not CORPUS.is_dir():
        raise SystemExit(f"{path} does not exist and there is no corpus at {CORPUS} to build it from")
    from kg.pipeline import build

    print(f"building {CORPUS} (several minutes); caching it at {path}", file=sys.stderr)
    graph = build([CORPUS], similarity=False).graph
    write_json(graph, path)
    return graph


def anthology_documents(corpus: Path = CORPUS) -> list[list[str]]:
    """``[title, abstract]`` of every paper with an abstract in the Anthology XML files under ``corpus``, by the
    reader alone (seconds, where building the graph takes minutes); the first of a repeated Anthology id is kept.

    The scale run's texts when no graph is cached: on the full Anthology 47,620 (the built graph, which merges
    papers, gives 47,619).
    """
    from extractors.anthology_xml import read_anthology_xml

    documents: dict[str, list[str]] = {}
    for path in sorted(corpus.glob("*.xml")):
        for paper in read_anthology_xml(path.read_bytes(), source=str(path)).papers:
            if paper.abstract:
                documents.setdefault(paper.anthology_id or paper.ref, [paper.title or "", paper.abstract])
    return list(documents.values())


def _without_computed_links(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    graph.remove_edges_from([(u, v, k) for u, v, k, d in graph.edges(keys=True, data=True)
                             if k == "similarTo" and d.get("extractor") == "kg.similarity"])
    return graph


def _subgraph(graph: nx.MultiDiGraph, papers: list[str]) -> nx.MultiDiGraph:
    keep = set(papers)
    for paper in papers:
        keep.update(t for t in graph.successors(paper) if graph.nodes[t].get("kind") != "paper")
    return _without_computed_links(graph.subgraph(keep).copy())


def coverage(graph: nx.MultiDiGraph, **options) -> dict:
    """Run add_similarity_edges on ``graph`` (in place); the share of papers with text that got ``k`` neighbours."""
    from kg.similarity import DEFAULT_K, add_similarity_edges

    k = options.get("k", DEFAULT_K)
    start = time.perf_counter()
    added = add_similarity_edges(graph, **options)
    seconds = time.perf_counter() - start
    degree: Counter = Counter()
    for u, v, key in graph.edges(keys=True):
        if key == "similarTo":
            degree[u] += 1
            degree[v] += 1
    papers = [n for n, d in graph.nodes(data=True) if d.get("kind") == "paper" and (d.get("title") or d.get("abstract"))]
    weak = sum(bool(d.get("weak")) for _, _, key, d in graph.edges(keys=True, data=True) if key == "similarTo")
    return {"papers": len(papers), "covered": sum(degree[p] >= k for p in papers), "added": added,
            "weak": weak, "seconds": seconds}


def dataset_sharing(graph: nx.MultiDiGraph, *, years: set[int] | None = None, random_pairs: int = 300_000,
                    seed: int = 0) -> dict:
    """How often computed neighbours share a PwC dataset, against random pairs (both papers tagged)."""
    datasets: dict[str, set[str]] = defaultdict(set)
    for paper, dataset, key, data in graph.edges(keys=True, data=True):
        if key == "uses" and any(m.get("extractor") == CURATED for m in data.get("mentions") or ()):
            datasets[paper].add(dataset)
    year = {n: d.get("year") for n, d in graph.nodes(data=True) if d.get("kind") == "paper"}
    pairs = [(u, v) for u, v, key, d in graph.edges(keys=True, data=True)
             if key == "similarTo" and d.get("extractor") == "kg.similarity"
             and (years is None or year.get(u) in years or year.get(v) in years)]
    papers = sorted(year)
    rng = random.Random(seed)
    baseline = [tuple(rng.sample(papers, 2)) for _ in range(random_pairs)]

    def share(pairs_):
        both = [(a, b) for a, b in pairs_ if datasets[a] and datasets[b]]
        return (sum(bool(datasets[a] & datasets[b]) for a, b in both) / len(both) if both else float("nan")), len(both)

    found, found_both = share(pairs)
    chance, chance_both = share(baseline)
    counted = set(pairs)
    weak = [(u, v) for u, v, key, d in graph.edges(keys=True, data=True)
            if key == "similarTo" and d.get("weak") and (u, v) in counted]
    weak_share, weak_both = share(weak)
    return {"pairs": len(pairs), "both": found_both, "share": found, "chance": chance, "chance_both": chance_both,
            "ratio": found / chance, "weak_share": weak_share, "weak_both": weak_both}


def held_out(paper: str) -> bool:
    """Whether a paper id is in the held-out half of the Anthology (odd MD5): tune on the other half.

    >>> held_out("paper/acl-1952-earlymt-1-1-340ab69ec0") in (True, False)
    True
    """
    import hashlib

    return int(hashlib.md5(paper.encode()).hexdigest(), 16) % 2 == 1


def judge_sample(graph: nx.MultiDiGraph, *, seed: int, papers: int = 50, top: int = 3) -> list[dict]:
    """``papers`` random papers of the held-out half (by ``seed``) and their ``top`` neighbours by score, to judge.

    ``graph`` must already have its ``similarTo`` links.  Each item has the
    paper's id, title, year, abstract and its neighbours (id, title,
    abstract, score, weak, shared terms and entities), best first, ties by id.
    """
    neighbours: dict[str, list[tuple[float, str, dict]]] = defaultdict(list)
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == "similarTo":
            neighbours[u].append((data["score"], v, data))
            neighbours[v].append((data["score"], u, data))
    pool = sorted(n for n, d in graph.nodes(data=True) if d.get("kind") == "paper" and held_out(n)
                  and (d.get("title") or d.get("abstract")))
    chosen = random.Random(seed).sample(pool, papers)

    def text(node: str) -> dict:
        data = graph.nodes[node]
        return {"id": node, "title": data.get("title") or "", "year": data.get("year"), "abstract": data.get("abstract")}

    return [{**text(paper), "neighbours": [
        {**text(other), "score": score, "weak": bool(data.get("weak")), "terms": list(data.get("shared_terms") or ()),
         "entities": list(data.get("shared_entities") or ())}
        for score, other, data in sorted(neighbours[paper], key=lambda x: (-x[0], x[1]))[:top]]}
        for paper in chosen]


def _judge_table(sample: list[dict]) -> str:
    """The sample as the Markdown table of docs/analytics.md, "related" and "why" left to fill in."""
    lines = ["| # | paper (year) | neighbour | score | weak | related | why |", "|---:|---|---|---:|:---:|:---:|---|"]

    def untitled(item: dict) -> str:  # † marks a paper with a title only
        return "" if item["abstract"] else " †"

    for number, item in enumerate(sample, 1):
        for rank, other in enumerate(item["neighbours"]):
            head = (f"| {number} | {item['title'].replace('|', '/')} ({item['year']}){untitled(item)} " if rank == 0
                    else "|  | ″ ")
            lines.append(f"{head}| {other['title'].replace('|', '/')}{untitled(other)} | {other['score']:.3f} | "
                         f"{'weak' if other['weak'] else ''} |  |  |")
    return "\n".join(lines)


def synthetic_papers(documents: list[list[str]], n: int, *, seed: int = 0):
    """``n`` papers: the (title, abstract) pairs copied round-robin, each copy after the first missing a tenth of its words."""
    from kg.similarity_links import PaperText

    rng = random.Random(seed)
    width = len(str(n))
    for i in range(n):
        title, abstract = documents[i % len(documents)]
        if i >= len(documents):
            title = " ".join(w for w in title.split() if rng.random() > 0.1)
            abstract = " ".join(w for w in abstract.split() if rng.random() > 0.1)
        yield PaperText(f"paper/{i:0{width}d}", title, abstract)


def recall(papers: list, *, sample: int = 3_000, k: int = 5, seed: int = 0, **options) -> dict:
    """The approximate search's share of the exact ``k`` nearest of ``sample`` random papers (same vectors)."""
    import numpy as np

    from kg.similarity_index import nearest_neighbours, neighbours
    from kg.similarity_links import paper_vectors

    combined, _, _ = paper_vectors(papers)
    rows = np.sort(np.random.default_rng(seed).choice(combined.matrix.shape[0], size=sample, replace=False))
    exact = {(int(r), int(c)) for rs, cs, _ in nearest_neighbours(combined.matrix, top_k=k, rows=rows)
             for r, c in zip(rs, cs)}
    wanted = set(rows.tolist())
    start = time.perf_counter()
    found = {(int(r), int(c)) for rs, cs, _ in neighbours(combined, top_k=k, exact_limit=0, **options)
             for r, c in zip(rs, cs) if int(r) in wanted}
    return {"papers": combined.matrix.shape[0], "sample": sample, "recall": len(found & exact) / len(exact),
            "seconds": time.perf_counter() - start}


def _peak_rss_mib() -> float:
    """This process's peak resident memory: VmHWM, which (unlike ``ru_maxrss``) does not carry the parent's over exec."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 2**10
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10


def scale_run(documents_path: Path, n: int) -> dict:
    """In this process: :func:`kg.similarity_links.similar_links` over ``n`` synthetic papers; times and peak RSS."""
    import numpy as np

    from kg.similarity import DEFAULT_K
    from kg.similarity_links import similar_links

    documents = json.loads(documents_path.read_text("utf-8"))
    start = time.perf_counter()
    links = similar_links(synthetic_papers(documents, n))  # vectors and neighbour search
    del documents
    searched = time.perf_counter() - start
    degree = np.zeros(n, dtype=np.int64)
    count = 0
    for link in links:  # the reasons (shared terms) are worked out as the links are read
        degree[int(link.source[6:])] += 1
        degree[int(link.target[6:])] += 1
        count += 1
    total = time.perf_counter() - start
    return {"papers": n, "search": searched, "reasons": total - searched, "total": total, "links": count,
            "peak_mib": _peak_rss_mib(), "covered": int((degree >= DEFAULT_K).sum())}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", type=Path, default=Path("/tmp/anthology-graph.json"),
                        help="node-link JSON of the built Anthology (built and cached here when missing)")
    parser.add_argument("--scale", type=int, nargs="*", default=[], help="synthetic corpus sizes for the scale run")
    parser.add_argument("--skip-quality", action="store_true", help="only the scale run")
    parser.add_argument("--scale-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--abstracts", type=Path, default=Path("/tmp/kg-similarity-documents.json"),
                        help="where the Anthology titles and abstracts for the scale run are written")
    parser.add_argument("--recall", type=int, default=0, metavar="SAMPLE",
                        help="also measure the approximate search's recall on the Anthology for SAMPLE papers")
    parser.add_argument("--judge-sample", type=int, metavar="SEED",
                        help="only print 50 held-out papers x top 3 neighbours (drawn by SEED) as a table to judge")
    parser.add_argument("--judge-json", type=Path, help="with --judge-sample: also write the sample's texts here")
    args = parser.parse_args(argv)
    if args.judge_sample is not None:
        corpus = _without_computed_links(load_corpus(args.graph))
        coverage(corpus)
        sample = judge_sample(corpus, seed=args.judge_sample)
        if args.judge_json:
            args.judge_json.write_text(json.dumps(sample, ensure_ascii=False, indent=1), "utf-8")
        print(_judge_table(sample))
        return
    if args.scale_child:
        print(json.dumps(scale_run(args.abstracts, args.scale_child)))
        return

    corpus = None
    texts_missing = bool(args.scale) and not args.abstracts.exists()
    if texts_missing and args.skip_quality and not args.recall and not args.graph.exists():
        args.abstracts.write_text(json.dumps(anthology_documents()), "utf-8")  # no graph to take them from
        texts_missing = False
    if not args.skip_quality or args.recall or texts_missing:
        start = time.perf_counter()
        corpus = load_corpus(args.graph)
        print(f"loaded {args.graph}: {sum(1 for _, k in corpus.nodes(data='kind') if k == 'paper'):,} papers "
              f"in {time.perf_counter() - start:.0f} s\n", flush=True)
    if args.recall:
        from kg.similarity_vectors import paper_texts

        row = recall(list(paper_texts(corpus)), sample=args.recall)
        print(f"Approximate search on {row['papers']:,} papers: {row['recall']:.1%} of the exact 5 nearest of "
              f"{row['sample']:,} random papers ({row['seconds']:.0f} s)\n", flush=True)
    if not args.skip_quality:
        from kg.pipeline import build

        print("| corpus | papers with text | with k neighbours | links added | weak | time (s) |")
        print("|---|---:|---:|---:|---:|---:|")
        acl = [n for n, d in corpus.nodes(data=True) if d.get("kind") == "paper"
               and str(d.get("anthology_id") or "").startswith("2024.acl-")]
        for name, graph in (("sample", _without_computed_links(build(similarity=False).graph)),
                            ("ACL 2024", _subgraph(corpus, acl)), ("Anthology", _without_computed_links(corpus))):
            row = coverage(graph)
            print(f"| {name} | {row['papers']:,} | {row['covered']:,} ({row['covered'] / row['papers']:.1%}) | "
                  f"{row['added']:,} | {row['weak']:,} | {row['seconds']:.1f} |", flush=True)
        _without_computed_links(corpus)
        coverage(corpus, exclude_extractors={CURATED})
        print("\nWithout the PwC tags: neighbours sharing a PwC dataset (both papers tagged) against random pairs\n")
        print("| papers | neighbour pairs | both tagged | share a dataset | random pairs | ratio | weak links: share |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, years in (("all", None), ("2019–2020 (tuned on)", {2019, 2020}),
                            ("2021–2022 (held out)", {2021, 2022})):
            row = dataset_sharing(corpus, years=years)
            print(f"| {name} | {row['pairs']:,} | {row['both']:,} | {row['share']:.3f} | {row['chance']:.4f} | "
                  f"{row['ratio']:.1f}× | {row['weak_share']:.3f} ({row['weak_both']:,}) |", flush=True)
    if args.scale:
        if corpus is not None:
            documents = [[d.get("title") or "", d["abstract"]] for _, d in corpus.nodes(data=True)
                         if d.get("kind") == "paper" and d.get("abstract")]
            args.abstracts.write_text(json.dumps(documents), "utf-8")
            del corpus
        count = len(json.loads(args.abstracts.read_text("utf-8")))
        print(f"\nScale: synthetic corpora from {count:,} Anthology titles and abstracts, one process per size\n")
        print("| papers | vectors + search (s) | reasons (s) | total (s) | links | peak RSS (MiB) | with k neighbours |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for n in args.scale:
            done = subprocess.run([sys.executable, __file__, "--scale-child", str(n), "--abstracts", str(args.abstracts)],
                                  capture_output=True, text=True, check=False)
            if done.returncode:
                print(f"| {n:,} | failed: {done.stderr.strip().splitlines()[-1:]} |", flush=True)
                continue
            row = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"| {row['papers']:,} | {row['search']:.0f} | {row['reasons']:.0f} | {row['total']:.0f} | "
                  f"{row['links']:,} | {row['peak_mib']:,.0f} | {row['covered'] / row['papers']:.1%} |", flush=True)


if __name__ == "__main__":
    main()
