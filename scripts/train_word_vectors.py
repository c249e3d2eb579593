"""Train the word vectors of :mod:`kg.similarity_dense` and write them into the package.

Run from the project root (CPU, about a minute)::

    nice -n 10 python scripts/train_word_vectors.py        # -> kg/model/word_vectors/

Data: the titles and abstracts of the ACL Anthology's ``train`` split
(:func:`extractors.gazetteer_build.split_of`; the dev volumes and the ``tune``
and ``test`` slices are never read), from ``../shared/corpus/anthology``.
Words are found and stop words dropped as :mod:`kg.similarity_vectors` does
for the search.  Method (Levy, Goldberg & Dagan 2015, "Improving
distributional similarity with lessons learned from word embeddings"):
co-occurrence counts of words at most :data:`WINDOW` words apart inside a
title or an abstract, weighted 1/distance; positive PMI with the context
counts raised to 0.75; a truncated SVD of :data:`DIMENSIONS` dimensions,
word vectors ``U * sqrt(S)`` normalised to unit length and stored as
float16.  Words in fewer than :data:`MIN_PAPERS` training papers are left
out.  The run is deterministic for a given corpus (seeded randomized SVD).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import scipy.sparse as sp

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import iter_anthology_papers, split_of
from kg.similarity_dense import MODEL_DIR, VECTORS_FILE, WORDS_FILE
from kg.similarity_terms import stop_words
from kg.similarity_vectors import words

SHARED = ROOT.parent / "shared"
#: Words at most this far apart in a title or an abstract count as co-occurring (weight 1 / distance).
WINDOW = 5
#: Dimensions of the word vectors.
DIMENSIONS = 200
#: A word must occur in at least this many training papers to get a vector.
MIN_PAPERS = 5
#: Context counts are raised to this power in the PMI (context distribution smoothing).
CONTEXT_POWER = 0.75


def training_texts(corpus: Path) -> list[list[list[str]]]:
    """Each ``train`` paper's title and abstract as lists of words, stop words dropped (in file order)."""
    texts = []
    for entry in iter_anthology_papers(corpus):
        paper = entry.paper
        if not paper.anthology_id or split_of(paper.anthology_id) != "train":
            continue
        parts = [words(text) for text in (paper.title, paper.abstract) if text]
        if not parts:
            continue
        stop = stop_words([word for part in parts for word in part])
        texts.append([[word for word in part if word not in stop] for part in parts])
    return texts


def cooccurrences(texts: list[list[list[str]]], vocabulary: list[str], window: int) -> sp.csr_matrix:
    """Symmetric word × word counts, 1/distance for each pair at most ``window`` words apart in one part."""
    column = {word: index for index, word in enumerate(vocabulary)}
    tokens, parts = [], []
    for number, part in enumerate(part for text in texts for part in text):
        found = [column[word] for word in part if word in column]
        tokens.extend(found)
        parts.extend([number] * len(found))
    token, part = np.array(tokens, dtype=np.int32), np.array(parts, dtype=np.int64)
    size = len(vocabulary)
    counts = sp.csr_matrix((size, size), dtype=np.float64)
    for distance in range(1, window + 1):
        same = part[distance:] == part[:-distance]
        pairs = sp.coo_matrix((np.full(int(same.sum()), 1.0 / distance), (token[:-distance][same], token[distance:][same])),
                              shape=(size, size)).tocsr()
        counts = counts + pairs + pairs.T
    return counts


def ppmi(counts: sp.csr_matrix, power: float = CONTEXT_POWER) -> sp.csr_matrix:
    """Positive pointwise mutual information of a co-occurrence matrix, contexts smoothed by ``power``."""
    cells = counts.tocoo()
    word_totals = np.asarray(counts.sum(axis=1)).ravel()
    context = word_totals ** power
    pmi = np.log(cells.data) + np.log(context.sum()) - np.log(word_totals[cells.row]) - np.log(context[cells.col])
    keep = pmi > 0
    return sp.csr_matrix((pmi[keep], (cells.row[keep], cells.col[keep])), shape=counts.shape)


def train(texts: list[list[list[str]]], *, window: int = WINDOW, dimensions: int = DIMENSIONS,
          min_papers: int = MIN_PAPERS) -> tuple[list[str], np.ndarray, np.ndarray]:
    """``(words, document frequencies, unit word vectors as float16)``, words in alphabetical order."""
    from sklearn.utils.extmath import randomized_svd

    frequency = Counter(word for text in texts for word in {w for part in text for w in part})
    vocabulary = sorted(word for word, count in frequency.items() if count >= min_papers)
    matrix = ppmi(cooccurrences(texts, vocabulary, window))
    u, s, _ = randomized_svd(matrix, dimensions, n_iter=5, random_state=0)
    vectors = u * np.sqrt(s)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    return vocabulary, np.array([frequency[word] for word in vocabulary]), vectors.astype(np.float16)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "anthology",
                        help="folder of Anthology volume XML files")
    parser.add_argument("--out", type=Path, default=MODEL_DIR, help="where to write the model")
    parser.add_argument("--window", type=int, default=WINDOW)
    parser.add_argument("--dimensions", type=int, default=DIMENSIONS)
    parser.add_argument("--min-papers", type=int, default=MIN_PAPERS)
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        parser.error(f"no Anthology corpus at {args.corpus}; pass --corpus FOLDER")
    started = time.time()
    texts = training_texts(args.corpus)
    vocabulary, frequency, vectors = train(texts, window=args.window, dimensions=args.dimensions,
                                           min_papers=args.min_papers)
    args.out.mkdir(parents=True, exist_ok=True)
    np.save(args.out / VECTORS_FILE, vectors)
    with open(args.out / WORDS_FILE, "w", encoding="utf-8") as handle:
        handle.writelines(f"{word}\t{count}\n" for word, count in zip(vocabulary, frequency.tolist()))
    settings = {"papers": len(texts), "words": len(vocabulary), "window": args.window, "dimensions": args.dimensions,
                "min_papers": args.min_papers, "context_power": CONTEXT_POWER, "split": "train",
                "corpus": "ACL Anthology volumes in ../shared/corpus/anthology"}
    (args.out / "training.json").write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")
    print(f"{len(vocabulary)} words from {len(texts)} train papers, {time.time() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
