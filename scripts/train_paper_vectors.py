"""Train the title-to-abstract map (round h16h; shipped in ``kg/model/paper_map/`` since round h16k, docs/analytics.md).

Run from the project root (CPU, under a minute of training after reading the corpus); the shipped map was made by::

    nice -n 10 python scripts/train_paper_vectors.py --out kg/model/paper_map \
        --leave-out benchmarks/data/similarity_judged/map_left_out.jsonl

A linear map W of a paper's sublinear TF-IDF words (English stop words
dropped, words of :func:`kg.similarity_vectors.words`, in at least
:data:`MIN_PAPERS` training papers) to :data:`DIMENSIONS` dimensions, trained
so that the unit vector of a paper's *title* is nearest its own *abstract*'s
among the papers of its batch (symmetric InfoNCE with in-batch negatives,
temperature :data:`TEMPERATURE`, Adam on the rows of W that a batch uses),
started from the LSA (truncated SVD) of the same TF-IDF.  A paper's vector
is then ``normalise(tfidf(title + abstract) @ W)``.  Data: the titles and
abstracts of the ACL Anthology's ``train`` split
(:func:`extractors.gazetteer_build.split_of`); papers whose title is in
``benchmarks/data/similarity_judged/pairs.jsonl`` (or of the ``--leave-out`` files) are left out.  Writes, in
the format of ``kg/model/word_vectors/`` (:func:`kg.similarity_dense.load_word_vectors`), ``vectors.npy`` (W,
float16, one row per word), ``words.tsv`` (word, tab, training papers with it; the IDF follows from it) and
``training.json``.  Deterministic for a given corpus, seed and BLAS build.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import TfidfVectorizer

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import iter_anthology_papers, split_of
from kg.similarity_vectors import words

SHARED = ROOT.parent / "shared"
JUDGED = ROOT / "benchmarks" / "data" / "similarity_judged" / "pairs.jsonl"
#: Dimensions of the paper vectors.
DIMENSIONS = 256
#: A word must occur in at least this many training papers to have a row of W.
MIN_PAPERS = 5
#: Softmax temperature of the contrastive loss (0.05 orders judged candidates worse: docs/analytics.md).
TEMPERATURE = 0.1
#: Passes over the training pairs, papers per batch, Adam's step size.
EPOCHS, BATCH, LEARNING_RATE = 10, 1024, 3e-3


def _stop_words() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


def analyse(text: str, stop: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` that are no stop word.

    >>> analyse("A survey of low-resource NMT", frozenset({"a", "of"}))
    ['survey', 'low', 'resource', 'nmt']
    """
    return [word for word in words(text) if word not in stop]


class Vocabulary:
    """Words in at least ``min_papers`` of the training texts and at most half of them, with their IDF; sublinear
    TF-IDF rows of unit length (scikit-learn's ``TfidfVectorizer`` over :func:`analyse`'s words)."""

    def __init__(self, texts: list[str], *, min_papers: int = MIN_PAPERS, stop: frozenset[str] = frozenset()) -> None:
        self.stop = stop
        # words in more than half the papers say nothing of a topic
        self._vectorizer = TfidfVectorizer(tokenizer=lambda text: analyse(text, stop), lowercase=False,
                                           token_pattern=None, min_df=min_papers, max_df=0.5, sublinear_tf=True,
                                           dtype=np.float32).fit(texts)
        self.words = self._vectorizer.get_feature_names_out().tolist()
        self.index = self._vectorizer.vocabulary_
        self.idf = self._vectorizer.idf_.astype(np.float32)

    def rows(self, texts: list[str]) -> sp.csr_matrix:
        """``(1 + log tf) × idf`` of each text's known words, rows of unit length (a row of zeros for none)."""
        return sp.csr_matrix(self._vectorizer.transform(texts), dtype=np.float32)


def _unit(matrix: sp.csr_matrix, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    raw = np.asarray(matrix @ weights)
    norms = np.linalg.norm(raw, axis=1, keepdims=True) + 1e-9
    return raw / norms, raw, norms


def retrieval_accuracy(titles: sp.csr_matrix, abstracts: sp.csr_matrix, weights: np.ndarray) -> float:
    """Share of titles whose own abstract is the nearest of all the given abstracts (cosine of the mapped vectors)."""
    queries, _, _ = _unit(titles, weights)
    keys, _, _ = _unit(abstracts, weights)
    return float(((queries @ keys.T).argmax(axis=1) == np.arange(titles.shape[0])).mean())


def train_map(titles: sp.csr_matrix, abstracts: sp.csr_matrix, start: np.ndarray, *, epochs: int = EPOCHS,
              batch: int = BATCH, temperature: float = TEMPERATURE, learning_rate: float = LEARNING_RATE,
              seed: int = 0, log=None) -> np.ndarray:
    """W trained from ``start`` so that row i of ``titles @ W`` is nearest row i of ``abstracts @ W`` (unit rows).

    Symmetric InfoNCE over each batch (title → abstracts and abstract → titles),
    gradients through the normalisation, Adam applied to the rows of W that
    the batch's words use.
    """
    weights = np.array(start, dtype=np.float32, copy=True)
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    beta1, beta2, eps, step = 0.9, 0.999, 1e-8, 0
    rng = np.random.default_rng(seed)
    papers = titles.shape[0]
    batch = min(batch, papers)
    for epoch in range(epochs):
        order = rng.permutation(papers)
        total, batches = 0.0, 0
        for begin in range(0, papers - batch + 1, batch):
            chosen = order[begin:begin + batch]
            title, abstract = titles[chosen], abstracts[chosen]
            columns = np.union1d(title.indices, abstract.indices)
            title, abstract, rows = title[:, columns], abstract[:, columns], weights[columns]
            q, _, q_norm = _unit(title, rows)
            k, _, k_norm = _unit(abstract, rows)
            logits = q @ k.T / temperature
            by_row = np.exp(logits - logits.max(axis=1, keepdims=True))
            by_row /= by_row.sum(axis=1, keepdims=True)
            by_column = np.exp(logits - logits.max(axis=0, keepdims=True))
            by_column /= by_column.sum(axis=0, keepdims=True)
            diagonal = np.arange(len(chosen))
            total += -float(np.log(by_row[diagonal, diagonal] + 1e-12).mean()
                            + np.log(by_column[diagonal, diagonal] + 1e-12).mean()) / 2
            batches += 1
            grad = (by_row + by_column) / 2
            grad[diagonal, diagonal] -= 1
            grad /= len(chosen) * temperature
            grad_q, grad_k = grad @ k, grad.T @ q
            grad_q = (grad_q - q * (grad_q * q).sum(axis=1, keepdims=True)) / q_norm
            grad_k = (grad_k - k * (grad_k * k).sum(axis=1, keepdims=True)) / k_norm
            gradient = np.asarray(title.T @ grad_q) + np.asarray(abstract.T @ grad_k)
            step += 1
            m = beta1 * first[columns] + (1 - beta1) * gradient
            v = beta2 * second[columns] + (1 - beta2) * gradient * gradient
            first[columns], second[columns] = m, v
            weights[columns] = rows - learning_rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step)) + eps)
        if log is not None:
            log(f"epoch {epoch}: loss {total / max(batches, 1):.3f}")
    return weights


def lsa_start(matrix: sp.csr_matrix, dimensions: int, seed: int = 0) -> np.ndarray:
    """The LSA directions of ``matrix`` (words × dimensions), the map's starting point."""
    from sklearn.decomposition import TruncatedSVD

    dimensions = min(dimensions, min(matrix.shape) - 1)
    svd = TruncatedSVD(dimensions, algorithm="randomized", n_iter=5, random_state=seed).fit(matrix)
    return svd.components_.T.astype(np.float32)


def training_papers(corpus: Path, judged: Path | list[Path] = JUDGED) -> list[tuple[str, str]]:
    """``(title, abstract)`` of each ``train`` paper with text, less the titles of the judged pairs (file order):
    ``paper_title`` and ``neighbour_title`` of each line of ``judged`` (one file or several)."""
    left_out = set()
    for path in [judged] if isinstance(judged, Path) else judged:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            left_out.update({record["paper_title"], record["neighbour_title"]})
    papers = []
    for entry in iter_anthology_papers(corpus):
        paper = entry.paper
        if not paper.anthology_id or split_of(paper.anthology_id) != "train" or paper.title in left_out:
            continue
        if paper.title or paper.abstract:
            papers.append((paper.title or "", paper.abstract or ""))
    return papers


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "anthology",
                        help="folder of Anthology volume XML files")
    parser.add_argument("--out", type=Path, required=True, help="folder to write the map into")
    parser.add_argument("--dimensions", type=int, default=DIMENSIONS)
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    parser.add_argument("--leave-out", type=Path, action="append",
                        help=f"JSONL of pairs whose titles are left out (repeatable; default {JUDGED.name})")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        parser.error(f"no Anthology corpus at {args.corpus}; pass --corpus FOLDER")
    started = time.time()
    papers = training_papers(args.corpus, args.leave_out or JUDGED)
    stop = _stop_words()
    vocabulary = Vocabulary([f"{title} {abstract}" for title, abstract in papers], stop=stop)
    both = [(title, abstract) for title, abstract in papers if title and abstract]
    titles = vocabulary.rows([title for title, _ in both])
    abstracts = vocabulary.rows([abstract for _, abstract in both])
    keep = (titles.getnnz(axis=1) > 0) & (abstracts.getnnz(axis=1) > 0)
    titles, abstracts = titles[keep], abstracts[keep]
    everything = vocabulary.rows([f"{title} {abstract}" for title, abstract in papers])
    start = lsa_start(everything, args.dimensions)
    counts = np.bincount(everything.indices, minlength=len(vocabulary.words))  # training papers with each word
    check = slice(0, min(2000, titles.shape[0]))  # retrieval among the first 2,000 pairs (also trained on)
    before = retrieval_accuracy(titles[check], abstracts[check], start)
    weights = train_map(titles, abstracts, start, epochs=args.epochs, temperature=args.temperature, log=print)
    after = retrieval_accuracy(titles[check], abstracts[check], weights)
    args.out.mkdir(parents=True, exist_ok=True)
    np.save(args.out / "vectors.npy", weights.astype(np.float16))
    with open(args.out / "words.tsv", "w", encoding="utf-8") as handle:
        handle.writelines(f"{word}\t{count}\n" for word, count in zip(vocabulary.words, counts.tolist()))
    settings = {"papers": len(papers), "pairs": int(titles.shape[0]), "words": len(vocabulary.words),
                "dimensions": int(weights.shape[1]), "epochs": args.epochs, "temperature": args.temperature,
                "batch": BATCH, "learning_rate": LEARNING_RATE, "min_papers": MIN_PAPERS, "split": "train",
                "title_to_own_abstract_among_2000": {"lsa_start": before, "trained": after},
                "corpus": "ACL Anthology volumes in ../shared/corpus/anthology"}
    (args.out / "training.json").write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")
    print(f"{len(vocabulary.words)} words, {titles.shape[0]} title-abstract pairs of {len(papers)} train papers; "
          f"title -> own abstract {before:.3f} -> {after:.3f}; {time.time() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
