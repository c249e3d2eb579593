"""Re-rank the similarity search's candidates by a factor on pairs of papers; count the judged papers' top 3.

Run from the project root on a full-Anthology build (``kg build ../shared/corpus/anthology -o /tmp/full``)::

    python benchmarks/similarity_rerank.py --graph /tmp/full
    python benchmarks/similarity_rerank.py --graph /tmp/full --lambdas 0.1 0.2 --unjudged /tmp/unjudged.json

The papers are those of the judged draws in ``benchmarks/data/similarity_judged/pairs.jsonl`` (the blind judges'
papers, 50 per seed).  :func:`candidate_pools` makes every paper's candidates as the build does
(:func:`kg.similarity_index.pool_search` with the rescoring of :func:`kg.similarity_links.links_and_reasons`: the
weighted cosine's best 20, scored with the LSA, dense and mapped factors); :func:`linked_top` multiplies each
candidate's score by a factor, links each row's ``k`` best as the build links them (a pair found from both ends
keeps the higher score) and returns each paper's best links.  With no factor they are the build's ``similarTo``
links (``--graph`` checks this first).  Only the order of the candidates changes, never the pool, and the
back-off for papers left with fewer than ``k`` neighbours (:mod:`kg.similarity_backoff`) is not run.

The factors measured in round h16q (docs/analytics.md, "Papers on different tasks"): a pair whose two papers both
name tasks and share none scores ``× (1 − λ)`` (:func:`no_shared_task`).  The table counts, for main and each
``λ``, each paper's top 3 that the judges called related, judged, and judged by nobody (``--unjudged`` writes
those pairs, to be judged before a figure is trusted), split by papers with an abstract and with a title only.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
# benchmarks/html.py would shadow the standard library's html (networkx imports it): take this folder off the path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
if __name__ == "__main__":
    sys.path.insert(0, str(_HERE.parent))  # the project root: exports/, kg/

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["JUDGED", "Pools", "candidate_pools", "count", "judged_pairs", "judged_papers", "linked_top", "main",
           "no_shared_task", "task_sets"]

JUDGED = _HERE / "data" / "similarity_judged" / "pairs.jsonl"
_SCALE = 1_000_000  # kg.similarity_index compares scores in millionths

#: A factor on a pair of papers (their ids), multiplying the pair's score.
Factor = Callable[[str, str], float]


@dataclass(frozen=True)
class Pools:
    """Candidates ``(rows[i], columns[i])`` with their blended scores ``micro[i]`` (millionths), row numbers into
    ``papers``; each row of ``searched`` has all its candidates here (only such rows link)."""

    papers: tuple[str, ...]
    rows: np.ndarray
    columns: np.ndarray
    micro: np.ndarray
    k: int


def candidate_pools(papers: Iterable, queries: Collection[str], *, k: int | None = None) -> Pools:
    """The build's candidates of every row that is one of ``queries`` or has one of them among its candidates.

    ``papers`` are :class:`kg.similarity_vectors.PaperText` records (:func:`kg.similarity_vectors.paper_texts` of a
    graph), read once; the vectors and their rescoring are made as :func:`kg.similarity_links.links_and_reasons`
    makes them for a corpus the exact search handles (at most :data:`kg.similarity_index.EXACT_LIMIT` papers).
    """
    from threadpoolctl import threadpool_limits

    from kg.similarity_dense import document_vectors, mapped_vectors
    from kg.similarity_index import (
        DENSE_BLEND,
        EXACT_LIMIT,
        LSA_BLEND,
        MAP_BLEND,
        MIXED_BOOST,
        SHORT_MAP_BLEND,
        Rescoring,
        pool_search,
    )
    from kg.similarity_links import DEFAULT_K, paper_vectors
    from kg.similarity_stats import load_stats
    from kg.similarity_vectors import length_weights

    k = k or DEFAULT_K
    stats = load_stats()
    combined, text, _ = paper_vectors(papers, stats=stats)
    if len(combined.papers) > EXACT_LIMIT:
        raise ValueError(f"{len(combined.papers)} papers: the approximate search has no pools to re-rank "
                         f"(at most {EXACT_LIMIT})")
    weights = length_weights(combined.papers, text)
    rescoring = Rescoring(weights, stats.project(combined.matrix, combined.columns), LSA_BLEND,
                          document_vectors(text, combined.papers), DENSE_BLEND,
                          mapped_vectors(text, combined.papers), MAP_BLEND, SHORT_MAP_BLEND, MIXED_BOOST)
    index = {paper: row for row, paper in enumerate(combined.papers)}
    wanted = np.zeros(len(combined.papers), dtype=bool)
    wanted[[index[q] for q in queries if q in index]] = True
    parts = []
    with threadpool_limits(limits=1, user_api="blas"):  # as kg.similarity_links.pair_arrays
        for rows, columns, _, micro in pool_search(combined.matrix, top_k=k, rescoring=rescoring):
            parts.append((rows, columns, micro))
    rows, columns, micro = (np.concatenate(part).astype(np.int64) for part in zip(*parts))
    searched = wanted.copy()
    searched[rows[wanted[columns]]] = True
    keep = searched[rows]
    return Pools(combined.papers, rows[keep], columns[keep], micro[keep], k)


def linked_top(pools: Pools, queries: Iterable[str], factor: Factor | None = None, *,
               top: int = 3) -> dict[str, list[str]]:
    """Each query's ``top`` links, best first, when every candidate's score is multiplied by ``factor``.

    Each row links its ``pools.k`` best candidates by the product (ties to the smaller column, a score of 0
    links nothing, as :func:`kg.similarity_index.choose`); a pair linked from both ends keeps the higher
    score; a query's links are ordered as ``benchmarks/similarity.py --judge-sample`` orders them (the score
    rounded to 4 decimals, then the id).
    """
    papers = pools.papers
    micro = pools.micro
    if factor is not None:
        factors = np.fromiter((factor(papers[a], papers[b]) for a, b in zip(pools.rows.tolist(),
                                                                            pools.columns.tolist())),
                              dtype=np.float64, count=len(micro))
        micro = np.clip(np.rint(micro * factors), 0, _SCALE).astype(np.int64)
    order = np.lexsort((pools.columns, -micro, pools.rows))
    rows, columns, micro = pools.rows[order], pools.columns[order], micro[order]
    rank = np.arange(len(rows)) - np.searchsorted(rows, rows, side="left")
    keep = (rank < pools.k) & (micro > 0)
    index = {paper: row for row, paper in enumerate(papers)}
    wanted = {index[q] for q in queries if q in index}
    links: dict[int, dict[int, int]] = defaultdict(dict)
    for a, b, score in zip(rows[keep].tolist(), columns[keep].tolist(), micro[keep].tolist()):
        for one, other in ((a, b), (b, a)):
            if one in wanted:
                links[one][other] = max(links[one].get(other, 0), score)
    return {papers[q]: [papers[o] for o, _ in sorted(links[q].items(),
                                                      key=lambda item: (-round(item[1] / _SCALE, 4), papers[item[0]]))
                        ][:top] for q in sorted(wanted)}


def task_sets(papers: Iterable) -> dict[str, frozenset[str]]:
    """Each paper's task entities (ids ``task/...``) among its :class:`~kg.similarity_vectors.PaperText` entities.

    >>> from types import SimpleNamespace as Paper
    >>> task_sets([Paper(id="paper/a", entities=("dataset/squad", "task/qa")), Paper(id="paper/b", entities=())])
    {'paper/a': frozenset({'task/qa'})}
    """
    return {paper.id: frozenset(e for e in paper.entities if e.startswith("task/")) for paper in papers
            if any(e.startswith("task/") for e in paper.entities)}


def no_shared_task(tasks: Mapping[str, frozenset[str]], penalty: float) -> Factor:
    """The factor ``1 - penalty`` on a pair whose two papers both name tasks and share none, else 1.

    >>> factor = no_shared_task({"paper/a": frozenset({"task/qa"}), "paper/b": frozenset({"task/mt"}),
    ...                          "paper/c": frozenset({"task/mt", "task/qa"})}, 0.2)
    >>> factor("paper/a", "paper/b"), factor("paper/a", "paper/c"), factor("paper/a", "paper/d")
    (0.8, 1.0, 1.0)
    """
    empty: frozenset[str] = frozenset()

    def factor(a: str, b: str) -> float:
        first, second = tasks.get(a, empty), tasks.get(b, empty)
        return 1.0 - penalty if first and second and not first & second else 1.0

    return factor


def judged_pairs(path: Path = JUDGED) -> dict[frozenset[str], bool]:
    """Every judged pair of ``path`` (either order) → related."""
    with open(path, encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return {frozenset((row["paper"], row["neighbour"])): bool(row["related"]) for row in rows}


def judged_papers(path: Path = JUDGED) -> list[str]:
    """The papers of the blind judges' draws (whose top 3 were judged), sorted."""
    with open(path, encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return sorted({row["paper"] for row in rows if row["judged_by"].startswith("blind judge")})


def count(tops: Mapping[str, Sequence[str]], judged: Mapping[frozenset[str], bool],
          short: Collection[str] = ()) -> Counter:
    """Related, judged and unjudged pairs of the queries' tops; ``related title-only`` for queries in ``short``.

    >>> count({"a": ["b", "c"]}, {frozenset("ab"): True}, short={"a"})
    Counter({'pairs': 2, 'related': 1, 'judged': 1, 'unjudged': 1, 'related title-only': 1})
    """
    counts: Counter = Counter()
    for query, neighbours in tops.items():
        for neighbour in neighbours:
            verdict = judged.get(frozenset((query, neighbour)))
            counts["pairs"] += 1
            counts["related"] += bool(verdict)
            counts["judged"] += verdict is not None
            counts["unjudged"] += verdict is None
            counts["related title-only" if query in short else "related with abstract"] += bool(verdict)
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", type=Path, required=True, help="a build folder (or its graph.json) with similarTo")
    parser.add_argument("--lambdas", type=float, nargs="+", default=[0.1, 0.2, 0.3, 0.5],
                        help="penalties of no_shared_task to measure")
    parser.add_argument("--unjudged", type=Path, help="write the pairs nobody judged here (JSON), to be judged")
    args = parser.parse_args(argv)

    from kg.analytics.loading import load_graph
    from kg.similarity_vectors import paper_texts

    graph = load_graph(args.graph, node_attributes=("title", "abstract"),
                       edge_attributes=("score", "mentions", "extractor"))
    queries = judged_papers()
    papers = list(paper_texts(graph))
    pools = candidate_pools(papers, queries)
    tasks = task_sets(papers)
    short = {q for q in queries if not graph.nodes[q].get("abstract")}
    base = linked_top(pools, queries)
    built = {q: [o for _, o in sorted(((data["score"], v if u == q else u) for u, v, key, data in
                                       list(graph.out_edges(q, keys=True, data=True)) +
                                       list(graph.in_edges(q, keys=True, data=True)) if key == "similarTo"),
                                      key=lambda item: (-item[0], item[1]))[:3]] for q in queries}
    equal = sum(base.get(q, []) == built[q] for q in queries)
    print(f"main's top 3 from the pools equal the build's similarTo links for {equal} of {len(queries)} papers")
    judged = judged_pairs()
    main_per = {q: sum(bool(judged.get(frozenset((q, o)))) for o in base.get(q, [])) for q in queries}
    print("| variant | related / judged + not judged | title-only queries | with abstract | papers better / worse |")
    print("|---|---:|---:|---:|---:|")
    unjudged = set()
    for name, factor in [("main", None)] + [(f"no shared task × (1 − {lam})", no_shared_task(tasks, lam))
                                            for lam in args.lambdas]:
        tops = linked_top(pools, queries, factor)
        counts = count(tops, judged, short)
        per = {q: sum(bool(judged.get(frozenset((q, o)))) for o in tops.get(q, [])) for q in queries}
        better = sum(per[q] > main_per[q] for q in queries)
        worse = sum(per[q] < main_per[q] for q in queries)
        print(f"| {name} | {counts['related']} / {counts['judged']} + {counts['unjudged']} | "
              f"{counts['related title-only']} | {counts['related with abstract']} | {better} / {worse} |")
        unjudged |= {(q, o) for q, found in tops.items() for o in found if frozenset((q, o)) not in judged}
    if args.unjudged:
        args.unjudged.write_text(json.dumps(sorted(unjudged), indent=0) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
