"""Measure the reference statistics of :mod:`kg.similarity_stats` and write them into the package.

Run from the project root (CPU; about five minutes, most of it the records of
the corpus and one similarity search)::

    nice -n 10 python scripts/train_similarity_stats.py --graph OUT/graph.json   # a kg build of the Anthology
    nice -n 10 python scripts/train_similarity_stats.py --cache /tmp/anthology-cache  # builds it (minutes)

Data: the papers of the ACL Anthology's ``train`` split
(:func:`extractors.gazetteer_build.split_of`, read from each paper node's
``anthology_id``; the dev volumes and the ``tune`` and ``test`` slices are
left out), as ``kg build`` makes them from ``../shared/corpus/anthology``:
their titles, abstracts and the entities they use or propose
(:func:`kg.similarity_vectors.paper_texts`).  Steps:

1. document frequencies of the words and title word pairs
   (:class:`kg.similarity_vectors._Terms`, as the search finds them) and of
   the entities, over the training papers; those in at least 2 papers are kept;
2. the papers' combined rows with those weights
   (:func:`kg.similarity_links.paper_vectors`), a truncated SVD of
   :data:`DIMENSIONS` dimensions (seeded randomized SVD, one BLAS thread),
   kept for the :data:`LSA_COLUMNS` columns that carry most of the rows'
   projection (``|column sum| * |component norm|``);
3. the similarity links of the training papers with those statistics; the
   distribution of their scores is the strength table.

The run is deterministic for a given corpus and BLAS build.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import split_of
from kg.similarity_links import DEFAULT_K, links_and_reasons, paper_vectors
from kg.similarity_stats import MODEL_DIR, SimilarityStats
from kg.similarity_vectors import ENTITY_KIND_WEIGHTS, PaperText, _Terms, paper_texts

SHARED = ROOT.parent / "shared"
#: LSA dimensions (as :data:`kg.similarity_index.INDEX_DIMENSIONS`).
DIMENSIONS = 128
#: Columns (terms and entities) the shipped projection keeps: 12,288 × 128 float16 is 3 MB.
LSA_COLUMNS = 12_288


def training_papers(graph) -> list[PaperText]:
    """The :class:`PaperText` of every paper of the Anthology's ``train`` split in ``graph``, by id."""
    papers = []
    for paper in paper_texts(graph):
        anthology_id = graph.nodes[paper.id].get("anthology_id")
        if anthology_id and split_of(anthology_id) == "train":
            papers.append(paper)
    return papers


def frequencies(papers: list[PaperText]) -> SimilarityStats:
    """Step 1: document frequencies of terms and entities (at least 2 papers), without LSA or strengths."""
    terms, entities = Counter(), Counter()
    analyse = _Terms()
    with_text = with_entities = 0
    for paper in papers:
        if paper.text.strip():
            with_text += 1
            terms.update(set(analyse((paper.title or "", paper.abstract or ""))))
        named = {e for e in paper.entities if ENTITY_KIND_WEIGHTS.get(e.split("/", 1)[0], 1.0) > 0}
        if paper.entities:
            with_entities += 1
            entities.update(named)
    return SimilarityStats.from_counts(with_text, terms, with_entities, entities)


def projection(papers: list[PaperText], stats: SimilarityStats) -> SimilarityStats:
    """Step 2: ``stats`` with the LSA projection of the papers' combined rows."""
    from sklearn.decomposition import TruncatedSVD
    from threadpoolctl import threadpool_limits

    combined, _, _ = paper_vectors(papers, stats=stats)
    with threadpool_limits(limits=1, user_api="blas"):
        svd = TruncatedSVD(n_components=DIMENSIONS, algorithm="randomized", n_iter=5, random_state=0)
        svd.fit(combined.matrix)
    components = svd.components_.T.astype(np.float32)  # columns × dimensions
    mass = np.asarray(abs(combined.matrix).sum(axis=0)).ravel() * np.linalg.norm(components, axis=1)
    keep = np.sort(np.argsort(-mass, kind="stable")[:LSA_COLUMNS])
    names = [combined.columns[i] for i in keep]
    return SimilarityStats(stats.papers, stats.terms, stats.entity_papers, stats.entities,
                           {name: i for i, name in enumerate(names)}, components[keep].astype(np.float16))


def strengths(papers: list[PaperText], stats: SimilarityStats) -> tuple[SimilarityStats, int]:
    """Step 3: ``stats`` with the strength table of the papers' links; and the number of links."""
    links, _ = links_and_reasons(papers, k=DEFAULT_K, stats=stats)
    scores = np.array([link.score for link in links], dtype=np.float64)
    table = SimilarityStats.strength_table(scores)
    return SimilarityStats(stats.papers, stats.terms, stats.entity_papers, stats.entities, stats.lsa_columns,
                           stats.lsa, table), len(scores)


def load_graph(graph_path: Path | None, cache: Path | None):
    if graph_path:
        from exports.node_link import read_json

        return read_json(graph_path)
    from kg.pipeline import build

    corpus = SHARED / "corpus" / "anthology"
    if not corpus.is_dir():
        raise SystemExit(f"no corpus at {corpus}; pass --graph with a kg build's graph.json")
    return build([corpus], similarity=False, cache_dir=cache, workers=2).graph


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", type=Path, help="graph.json of a kg build of the Anthology (else it is built)")
    parser.add_argument("--cache", type=Path, help="record cache for the build when --graph is not given")
    parser.add_argument("--out", type=Path, default=MODEL_DIR, help=f"folder to write (default {MODEL_DIR})")
    args = parser.parse_args(argv)
    started = time.time()
    graph = load_graph(args.graph, args.cache)
    papers = training_papers(graph)
    del graph
    print(f"{len(papers)} training papers ({time.time() - started:.0f} s)", flush=True)
    stats = frequencies(papers)
    print(f"{len(stats.terms)} terms, {len(stats.entities)} entities ({time.time() - started:.0f} s)", flush=True)
    stats = projection(papers, stats)
    print(f"LSA {stats.lsa.shape} ({time.time() - started:.0f} s)", flush=True)
    stats, links = strengths(papers, stats)
    path = stats.save(args.out, about={
        "source": "ACL Anthology, train split (extractors.gazetteer_build.split_of), records of kg build",
        "papers_with_text": stats.papers, "papers_with_entities": stats.entity_papers,
        "terms": len(stats.terms), "entities": len(stats.entities), "lsa_dimensions": DIMENSIONS,
        "lsa_columns": len(stats.lsa_columns), "reference_links": links, "k": DEFAULT_K})
    print(f"{links} reference links; wrote {path} ({path.stat().st_size / 1e6:.1f} MB, {time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
