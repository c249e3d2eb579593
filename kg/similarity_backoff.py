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
   the words of the reference vocabulary (:mod:`kg.similarity_stats`, not
   the corpus's, so that the query is the paper's own) sharing most of its
   character trigrams ("microsemantics" → "semantics"), weighted by that
   likeness and their IDF.

Only the short papers are scored, against all papers, one block at a time.

>>> from kg.similarity_vectors import PaperText, text_rows
>>> text = text_rows([PaperText("paper/a", "Translation"), PaperText("paper/b", "Machine translation"),
...                   PaperText("paper/c", "Parsing")])
>>> empty = np.empty(0, dtype=np.int64)
>>> (a, b, scores), papers = complete((empty, empty, np.empty(0)), text.papers, text, k=1)
>>> [(papers[i], papers[j], s) for i, j, s in zip(a.tolist(), b.tolist(), scores.tolist())]
[('paper/a', 'paper/b', 0.5271)]
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial

import numpy as np
import scipy.sparse as sp

from kg.char_trigrams import CharTrigramTfidf
from kg.similarity_stats import SimilarityStats, load_stats
from kg.similarity_vectors import PaperVectors, TextBackoff

__all__ = ["SPELLING_FLOOR", "complete", "spelling_trigrams"]

#: Vocabulary terms a word of a short paper stands for, and the least trigram cosine they need.
SPELLED_ALIKE = 5
SPELLING_FLOOR = 0.2
_BLOCK_CELLS = 1 << 22
_PLACES = 4
#: Pairs of rows ``a < b`` and their scores, as arrays.
Pairs = tuple[np.ndarray, np.ndarray, np.ndarray]


def complete(pairs: Pairs, papers: Sequence[str], text: PaperVectors, *, k: int, min_score: float = 0.0,
             stats: SimilarityStats | None = None) -> tuple[Pairs, Sequence[str]]:
    """``pairs`` (rows ``a < b`` of ``papers``, scores) and pairs for each paper with text that has fewer than ``k``.

    ``papers`` are the rows of the vectors the search ran on, sorted by id.
    Scores of the added pairs are cosines of the full-vocabulary rows (4
    decimals); pairs already found are kept as they are.  Returns the pairs,
    ordered by ``(a, b)``, and the papers their rows stand for: ``papers``,
    or, where papers with text had no row (only corpus stop words), all of
    them sorted by id.  ``stats`` are the reference statistics whose
    vocabulary the spelled-alike step draws on (default: shipped with kg);
    ``scripts/train_similarity_stats.py`` passes the ones it is making.
    """
    backoff = text.backoff
    if backoff is None or len(backoff.papers) < 2:
        return pairs, papers
    want = min(k, len(backoff.papers) - 1)
    missing = set(backoff.papers).difference(papers)
    if missing:
        everyone = sorted(missing.union(papers))
        where = {paper: index for index, paper in enumerate(everyone)}
        moved = np.fromiter((where[paper] for paper in papers), dtype=np.int64, count=len(papers))
        pairs = (moved[pairs[0]], moved[pairs[1]], pairs[2])
        papers = everyone
    else:
        where = {paper: index for index, paper in enumerate(papers)}
    place = np.fromiter((where[paper] for paper in backoff.papers), dtype=np.int64, count=len(backoff.papers))
    del where
    a, b, scores = pairs
    for step in (_own_rows, partial(_spelled_alike, stats=stats)):
        degree = np.bincount(np.concatenate([a, b]), minlength=len(papers))[place]
        short = np.flatnonzero(degree < want)
        if not len(short):
            break
        touching = np.isin(a, place[short]) | np.isin(b, place[short])
        known = set(zip(a[touching].tolist(), b[touching].tolist()))
        extra: list[tuple[int, int, float]] = []
        kept, common, discount = step(text, backoff, short)
        # a short paper's best may be neighbours it has already: look as far as that, add only new ones
        for row, column, score in _best(text, backoff, short, kept, common, discount, 2 * want, min_score):
            first, second = sorted((int(place[row]), int(place[column])))
            if (first, second) not in known and degree[row] < want:
                known.add((first, second))
                extra.append((first, second, score))
                degree[row] += 1
                degree[column] += 1
        if extra:
            more = np.array(extra, dtype=np.float64)
            a = np.concatenate([a, more[:, 0].astype(np.int64)])
            b = np.concatenate([b, more[:, 1].astype(np.int64)])
            scores = np.concatenate([scores, more[:, 2]])
    order = np.lexsort((b, a))
    return (a[order], b[order], scores[order]), papers


def _own_rows(text: PaperVectors, backoff: TextBackoff,
              short: np.ndarray) -> tuple[sp.csr_matrix, sp.csr_matrix, np.ndarray]:
    """The short papers' own weights: on the text vectors' columns, and on the common terms (no discount)."""
    rows = backoff.rows[short]
    scatter = sp.csr_matrix((np.ones(int((rows >= 0).sum()), dtype=np.float32),
                             (np.flatnonzero(rows >= 0), rows[rows >= 0])), shape=(len(short), len(text.papers)))
    kept = sp.diags(backoff.kept_norm[short]) @ scatter @ sp.csr_matrix(text.matrix)
    return sp.csr_matrix(kept, dtype=np.float32), backoff.common[short], np.ones(len(short), dtype=np.float32)


@lru_cache(maxsize=2)
def _spelling(stats: SimilarityStats) -> tuple[tuple[str, ...], CharTrigramTfidf, sp.csr_matrix, np.ndarray]:
    """The reference vocabulary's single words, a character-trigram TF-IDF fitted on them, their rows and IDF.

    The TF-IDF is scikit-learn's ``TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 3), dtype=np.float32)``,
    made without importing scikit-learn (:mod:`kg.char_trigrams`).
    """
    words = tuple(sorted(term for term in stats.terms if " " not in term))
    trigrams = CharTrigramTfidf()
    known = trigrams.fit_transform(words)
    return words, trigrams, known, stats.term_idf(np.array(words, dtype=object))


def spelling_trigrams(stats: SimilarityStats | None = None) -> CharTrigramTfidf:
    """The character-trigram TF-IDF the spelled-alike step weighs words with (fitted on the reference vocabulary of
    ``stats``, default the shipped ones; made once): a link it made names its two papers' words spelled alike by the
    same likeness (:mod:`kg.similarity_unshared`, review 70)."""
    return _spelling(stats or load_stats())[1]


def _spelled_alike(text: PaperVectors, backoff: TextBackoff, short: np.ndarray,
                   stats: SimilarityStats | None = None) -> tuple[sp.csr_matrix, sp.csr_matrix, np.ndarray]:
    """Queries of the short papers' words, each replaced by the reference words spelled most like it.

    The candidates are the single words of the reference statistics
    (``stats``, default the shipped ones), so a paper's query depends on its
    own words only, not on which other papers the corpus holds; a candidate
    the corpus does not use adds nothing to the scores.  The discount of a
    query is the mean likeness of its terms, weighted like them: a neighbour
    found through "translation" for "transliteration" scores its cosine
    times that likeness, never 1.  The cosine is with the whole query, the
    candidates the corpus does not use included (they add to its norm, not
    to any dot product), so a paper that brings one of them in changes no
    other paper's score.
    """
    words, trigrams, known, idf = _spelling(stats or load_stats())
    vocabulary = (*text.columns, *backoff.common_terms)
    column = {term: index for index, term in enumerate(vocabulary)}
    place = {word: index for index, word in enumerate(words)}
    kept, common, _ = _own_rows(text, backoff, short)
    own = sp.hstack([kept, common], format="csr")
    queries, itself = [], []
    for position, row in enumerate(short.tolist()):
        mine = [vocabulary[c] for c in own.indices[own.indptr[position]:own.indptr[position + 1]]]
        single = [term for term in mine if " " not in term]
        queries.append(" ".join(single) or " ".join(backoff.bare.get(row, ())))
        itself.extend((position, place[term]) for term in single if term in place)
    likeness = (trigrams.transform(queries) @ known.T).toarray() if queries else np.zeros((0, len(words)))
    likeness[likeness < SPELLING_FLOOR] = 0
    if itself:  # a word stands for other words, not for itself
        likeness[tuple(np.array(itself).T)] = 0
    best = np.argsort(-likeness, axis=1, kind="stable")[:, :SPELLED_ALIKE]
    alike = np.take_along_axis(likeness, best, axis=1)
    weights = alike * idf[best]
    total = weights.sum(axis=1)
    discount = np.divide((alike * weights).sum(axis=1), total, out=np.zeros(len(short)), where=total > 0)
    columns = np.fromiter((column.get(words[i], -1) for i in best.ravel().tolist()), dtype=np.int64,
                          count=best.size)
    rows = np.repeat(np.arange(len(short)), best.shape[1])
    used = columns >= 0
    # _best divides by the norm of the terms the corpus uses; the cosine is taken with the whole query, so that
    # a paper bringing in one more of its candidates does not change its other scores
    full_norm = np.sqrt((weights ** 2).sum(axis=1))
    used_norm = np.sqrt(((weights * used.reshape(weights.shape)) ** 2).sum(axis=1))
    discount *= np.divide(used_norm, full_norm, out=np.zeros(len(short)), where=full_norm > 0)
    query = sp.csr_matrix((weights.ravel()[used], (rows[used], columns[used])), shape=(len(short), len(vocabulary)),
                          dtype=np.float32)
    query.eliminate_zeros()
    query.sort_indices()
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
