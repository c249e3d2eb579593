"""Neighbours for the papers the search leaves short: every paper with text gets its ``k``.

The search (:mod:`kg.similarity_index`) scores papers without the corpus
stop words (:func:`kg.similarity_vectors.text_rows`), so a paper whose title
is made of them ("Translation", "Research in Machine Translation") or of
words no other paper uses ("Microsemantics") gets fewer than ``k``
neighbours.  :func:`complete` gives those papers the rest, in two steps:

1. the full vocabulary: the cosine of the TF-IDF rows *with* the corpus
   stop words (:class:`kg.similarity_vectors.TextBackoff` keeps their
   weights);
2. for papers still short, their words spelled alike: each word stands for
   the terms of the vocabulary sharing most of its character trigrams
   ("microsemantics" → "semantics"), weighted by that likeness and their IDF.

Only the short papers are scored, against all papers, one block at a time.

>>> from kg.similarity_vectors import PaperText, text_rows
>>> text = text_rows([PaperText("paper/a", "Translation"), PaperText("paper/b", "Machine translation"),
...                   PaperText("paper/c", "Parsing")])
>>> complete({}, text, k=1)
{('paper/a', 'paper/b'): 0.6053}
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import scipy.sparse as sp

from kg.similarity_vectors import PaperVectors, TextBackoff

__all__ = ["complete"]

#: Vocabulary terms a word of a short paper stands for, and the least trigram cosine they need.
SPELLED_ALIKE = 5
SPELLING_FLOOR = 0.2
_BLOCK_CELLS = 1 << 22
_PLACES = 4
Pair = tuple[str, str]


def complete(found: dict[Pair, float], text: PaperVectors, *, k: int, min_score: float = 0.0) -> dict[Pair, float]:
    """``found`` (pairs → score) with pairs added for each paper with text that has fewer than ``k``.

    Scores of the added pairs are cosines of the full-vocabulary rows (4
    decimals); pairs already found are kept as they are.
    """
    backoff = text.backoff
    if backoff is None or len(backoff.papers) < 2:
        return found
    want = min(k, len(backoff.papers) - 1)
    found = dict(found)
    for step in (_own_rows, _spelled_alike):
        degree = Counter(paper for pair in found for paper in pair)
        short = np.array([i for i, paper in enumerate(backoff.papers) if degree[paper] < want], dtype=np.int64)
        if not len(short):
            break
        kept, common, discount = step(text, backoff, short)
        # a short paper's best may be neighbours it has already: look as far as that, add only new ones
        for row, column, score in _best(text, backoff, short, kept, common, discount, 2 * want, min_score):
            a, b = backoff.papers[row], backoff.papers[column]
            pair = (a, b) if a < b else (b, a)
            if pair not in found and degree[backoff.papers[row]] < want:
                found[pair] = score
                degree[a] += 1
                degree[b] += 1
    return found


def _own_rows(text: PaperVectors, backoff: TextBackoff,
              short: np.ndarray) -> tuple[sp.csr_matrix, sp.csr_matrix, np.ndarray]:
    """The short papers' own weights: on the text vectors' columns, and on the common terms (no discount)."""
    rows = backoff.rows[short]
    scatter = sp.csr_matrix((np.ones(int((rows >= 0).sum()), dtype=np.float32),
                             (np.flatnonzero(rows >= 0), rows[rows >= 0])), shape=(len(short), len(text.papers)))
    kept = sp.diags(backoff.kept_norm[short]) @ scatter @ sp.csr_matrix(text.matrix)
    return sp.csr_matrix(kept, dtype=np.float32), backoff.common[short], np.ones(len(short), dtype=np.float32)


def _spelled_alike(text: PaperVectors, backoff: TextBackoff,
                   short: np.ndarray) -> tuple[sp.csr_matrix, sp.csr_matrix, np.ndarray]:
    """Queries of the short papers' words, each replaced by the vocabulary terms spelled most like it.

    The discount of a query is the mean likeness of its terms, weighted like
    them: a neighbour found through "translation" for "transliteration"
    scores its cosine times that likeness, never 1.
    """
    from sklearn.feature_extraction.text import TfidfVectorizer

    vocabulary = (*text.columns, *backoff.common_terms)
    single = np.flatnonzero([" " not in term for term in vocabulary])
    trigrams = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 3), dtype=np.float32)
    known = trigrams.fit_transform([vocabulary[i] for i in single])
    kept, common, _ = _own_rows(text, backoff, short)
    own = sp.hstack([kept, common], format="csr")
    queries = []
    for position, row in enumerate(short.tolist()):
        mine = [vocabulary[c] for c in own.indices[own.indptr[position]:own.indptr[position + 1]]]
        queries.append(" ".join(term for term in mine if " " not in term) or " ".join(backoff.bare.get(row, ())))
    likeness = (trigrams.transform(queries) @ known.T).toarray() if queries else np.zeros((0, len(single)))
    likeness[likeness < SPELLING_FLOOR] = 0
    likeness[own[:, single].toarray() > 0] = 0  # a word stands for other terms, not for itself
    best = np.argsort(-likeness, axis=1, kind="stable")[:, :SPELLED_ALIKE]
    alike = np.take_along_axis(likeness, best, axis=1)
    weights = alike * backoff.idf[single[best]]
    total = weights.sum(axis=1)
    discount = np.divide((alike * weights).sum(axis=1), total, out=np.zeros(len(short)), where=total > 0)
    rows = np.repeat(np.arange(len(short)), best.shape[1])
    query = sp.csr_matrix((weights.ravel(), (rows, single[best].ravel())), shape=(len(short), len(vocabulary)),
                          dtype=np.float32)
    query.eliminate_zeros()
    return query[:, :len(text.columns)].tocsr(), query[:, len(text.columns):].tocsr(), discount.astype(np.float32)


def _best(text: PaperVectors, backoff: TextBackoff, short: np.ndarray, kept: sp.csr_matrix, common: sp.csr_matrix,
          discount: np.ndarray, k: int, min_score: float):
    """Each query's ``k`` best papers by full-vocabulary cosine times its discount (itself excluded).

    Yields ``(row, column, score)``.
    """
    norm = np.sqrt(np.asarray(kept.multiply(kept).sum(axis=1)).ravel() + np.asarray(
        common.multiply(common).sum(axis=1)).ravel())
    n = len(backoff.papers)
    has_row = np.flatnonzero(backoff.rows >= 0)
    # the text vectors are the kept weights divided by their norm: scale them back, placed by paper
    place = sp.csr_matrix((backoff.kept_norm[has_row], (backoff.rows[has_row], has_row)),
                          shape=(len(text.papers), n), dtype=np.float32)
    kept_all = (sp.csr_matrix(text.matrix).T @ place).tocsr()  # text columns × papers
    common_all = backoff.common.T.tocsr()
    full = np.where(backoff.full_norm > 0, backoff.full_norm, 1)
    step = max(1, _BLOCK_CELLS // n)
    for start in range(0, len(short), step):
        block = slice(start, start + step)
        scores = (kept[block] @ kept_all + common[block] @ common_all).toarray()
        scores *= (discount[block] / np.where(norm[block] > 0, norm[block], 1))[:, None] / full[None, :]
        scores[np.arange(scores.shape[0]), short[block]] = -1
        best = np.argsort(-scores, axis=1, kind="stable")[:, :k]
        for local, columns in enumerate(best.tolist()):
            for column in columns:
                score = round(float(scores[local, column]), _PLACES)
                if score > 0 and score >= min_score:
                    yield int(short[start + local]), column, min(1.0, score)
