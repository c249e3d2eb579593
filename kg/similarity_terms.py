"""Term counts of a stream of documents in little memory, for :func:`kg.similarity_vectors.tfidf`.

scikit-learn's ``TfidfVectorizer`` holds about three copies of the matrix
while it builds it (counts, columns sorted, IDF applied); at a million
papers that alone is more than 2 GB.  :func:`term_weights` keeps one: the
counts are appended to typed arrays as the documents are read, the columns
are renumbered in place in alphabetical order (so the result does not depend
on the order of the documents), and the sublinear TF and smooth IDF of
scikit-learn are applied in place.  :func:`split_columns` then takes some
columns out into a matrix of their own and compacts the rest in place.

>>> weights, vocabulary, idf = term_weights([["graph", "graph", "network"], ["network"]])
>>> vocabulary.tolist(), weights.toarray().astype(float).round(2).tolist()
(['graph', 'network'], [[2.38, 1.0], [0.0, 1.0]])
"""
from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from kg.english_stop_words import ENGLISH_STOP_WORDS

__all__ = ["STOP_LANGUAGES", "spacy_stop_words", "split_columns", "stop_words", "term_counts", "term_weights",
           "weigh"]

_ROWS = 1 << 16  # rows handled together when a step needs temporary arrays
#: Languages besides English whose function words are dropped from a paper written in them (spaCy's stop lists).
STOP_LANGUAGES = ("fr", "de", "es", "pt", "it", "nl")
#: Distinct stop words of one language a paper needs, more than of English, to be taken as written in it.
_LANGUAGE_EVIDENCE = 3


@lru_cache(maxsize=1)
def _stop_lists() -> tuple[frozenset[str], dict[str, frozenset[str]], frozenset[str]]:
    """English stop words, each other language's list joined to them, and the words only those lists have.

    The English list is scikit-learn's, kept in :mod:`kg.english_stop_words`: importing scikit-learn would hold
    about 85 MB more in ``kg build``'s process through every export.
    """
    english = ENGLISH_STOP_WORDS
    others = {code: spacy_stop_words(code) for code in STOP_LANGUAGES}
    return english, {code: english | listed for code, listed in others.items()}, frozenset().union(*others.values()) - english


def spacy_stop_words(code: str) -> frozenset[str]:
    """spaCy's stop words of language ``code``, read from its ``stop_words`` module without importing the language.

    Importing ``spacy.lang.fr.stop_words`` first imports ``spacy.lang.fr``,
    which compiles the language's tokenizer exceptions: the six languages
    took 4–6 s of every build's similarity stage.  Each ``stop_words``
    module is one self-contained set, so it is run on its own; spaCy's
    folder is found without importing spaCy.

    >>> {"le", "des", "une"} <= spacy_stop_words("fr")
    True
    """
    import importlib.util

    found = importlib.util.find_spec("spacy")  # a top-level package's spec does not run it: spaCy (about 50 MB)
    if found is None or found.origin is None:  # stays out of a build's main process, which extracts nothing
        raise ImportError("spaCy is not installed: kg needs its stop lists")
    path = Path(found.origin).parent / "lang" / code / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"kg_stop_words_{code}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"spaCy has no stop list for {code!r} at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


def stop_words(words: Iterable[str]) -> frozenset[str]:
    """The stop words to drop from a paper whose lower-cased words are ``words``: English, plus its language's.

    A paper is taken as written in French (German, Spanish, ...) when it has
    at least 3 distinct French stop words and more than it has English ones;
    then French function words ("le", "des", "une") are dropped too, so that
    two French abstracts do not look alike for their grammar.  English papers
    keep words such as "die" or "con" that another language's list has.

    >>> {"la", "des", "est", "une"} <= stop_words("la traduction des textes est une tâche".split())
    True
    >>> stop_words("we study the translation of texts".split()) == stop_words([])
    True
    """
    english, joined, markers = _stop_lists()
    distinct = set(words)
    if len(distinct & markers) < _LANGUAGE_EVIDENCE:  # most papers stop here: one set intersection
        return english
    own = len(distinct & english)
    counts = {code: len(distinct & listed) - own for code, listed in joined.items()}  # its own stop words
    best = max(counts, key=lambda code: (counts[code], -STOP_LANGUAGES.index(code)))
    return joined[best] if counts[best] >= max(_LANGUAGE_EVIDENCE, own + 1) else english


def term_weights(documents: Iterable[list[str]], *,
                 idf: Callable[[np.ndarray], np.ndarray] | None = None) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """TF-IDF weights (``1 + log tf`` times ``log((1 + n) / (1 + df)) + 1``), unnormalised, as float32 CSR.

    ``documents`` are lists of terms, read once.  Returns the matrix (rows in
    the documents' order, columns in alphabetical order, indices sorted in
    each row), the vocabulary (object array) and the IDF of each column:
    ``idf(vocabulary)`` when given (kg passes the shipped reference IDF,
    :meth:`kg.similarity_stats.SimilarityStats.term_idf`), else the
    documents' own.  It is :func:`weigh` of :func:`term_counts`.

    >>> weights, _, _ = term_weights([["graph"], ["graph", "network"]], idf=lambda terms: np.full(len(terms), 2, np.float32))
    >>> weights.toarray().tolist()
    [[2.0, 0.0], [2.0, 2.0]]
    """
    counts, vocabulary = term_counts(documents)
    return weigh(counts, vocabulary, idf=idf)


def term_counts(documents: Iterable[list[str]]) -> tuple[sp.csr_matrix, np.ndarray]:
    """How often each term occurs in each document: float32 CSR (columns in alphabetical order, indices sorted in
    each row) and the vocabulary (object array, sorted).

    >>> counts, vocabulary = term_counts([["network", "graph", "graph"], []])
    >>> vocabulary.tolist(), counts.toarray().tolist()
    (['graph', 'network'], [[2.0, 1.0], [0.0, 0.0]])
    """
    vocabulary: dict[str, int] = {}
    indptr, indices, counts = array("q", [0]), array("i"), array("f")
    for terms in documents:
        for term, count in Counter(terms).items():
            indices.append(vocabulary.setdefault(term, len(vocabulary)))
            counts.append(count)
        indptr.append(len(indices))
    words = np.array(list(vocabulary), dtype=object)
    del vocabulary
    order = np.argsort(words, kind="stable")
    rank = np.empty(len(order), dtype=np.int32)
    rank[order] = np.arange(len(order), dtype=np.int32)
    columns = np.frombuffer(indices, dtype=np.int32) if len(indices) else np.empty(0, dtype=np.int32)
    data = np.frombuffer(counts, dtype=np.float32) if len(counts) else np.empty(0, dtype=np.float32)
    columns = columns.copy() if not columns.flags.writeable else columns
    data = data.copy() if not data.flags.writeable else data
    np.take(rank, columns, out=columns)
    rows = len(indptr) - 1
    bounds = np.frombuffer(indptr, dtype=np.int64).astype(_index_dtype(len(columns)))
    matrix = sp.csr_matrix((data, columns, bounds), shape=(rows, len(words)), copy=False)
    matrix.sort_indices()
    return matrix, words[order]


def weigh(counts: sp.csr_matrix, vocabulary: np.ndarray, *,
          idf: Callable[[np.ndarray], np.ndarray] | None = None) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """:func:`term_weights` of the term counts ``counts`` (as :func:`term_counts` makes them), weighted in place.

    >>> counts, vocabulary = term_counts([["graph", "graph", "network"], ["network"]])
    >>> weights, _, idf = weigh(counts, vocabulary)
    >>> weights.toarray().astype(float).round(2).tolist(), idf.astype(float).round(2).tolist()
    ([[2.38, 1.0], [0.0, 1.0]], [1.41, 1.0])
    """
    matrix = counts
    rows = matrix.shape[0]
    if idf is None:
        frequency = np.bincount(matrix.indices, minlength=len(vocabulary))
        column_idf = (np.log((1 + rows) / (1 + frequency)) + 1).astype(np.float32)
    else:
        column_idf = np.asarray(idf(vocabulary), dtype=np.float32)
    np.log(matrix.data, out=matrix.data)
    matrix.data += 1
    for start in range(0, len(matrix.data), _ROWS * 64):
        block = slice(start, start + _ROWS * 64)
        matrix.data[block] *= column_idf[matrix.indices[block]]
    return matrix, vocabulary, column_idf


def split_columns(matrix: sp.csr_matrix, keep: np.ndarray) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    """``(matrix[:, keep], matrix[:, ~keep])`` for a boolean ``keep`` over the columns; ``matrix`` is reused.

    The second part is copied out first, then the kept cells are moved to
    the front of ``matrix``'s own arrays a block of rows at a time, so memory
    grows by the second part only.  ``matrix`` must not be used afterwards.

    >>> m = sp.csr_matrix(np.array([[1, 2, 3], [0, 4, 5]], dtype=np.float32))
    >>> kept, other = split_columns(m, np.array([True, False, True]))
    >>> kept.toarray().tolist(), other.toarray().tolist()
    ([[1.0, 3.0], [0.0, 5.0]], [[2.0], [4.0]])
    """
    keep = np.asarray(keep, dtype=bool)
    other = matrix[:, np.flatnonzero(~keep)].tocsr()
    renumber = np.cumsum(keep, dtype=np.int32) - 1
    indptr = np.zeros(matrix.shape[0] + 1, dtype=_index_dtype(len(matrix.indices)))
    written = 0
    indices, data, bounds = matrix.indices, matrix.data, matrix.indptr
    for start in range(0, matrix.shape[0], _ROWS):
        stop = min(start + _ROWS, matrix.shape[0])
        cells = slice(bounds[start], bounds[stop])
        mask = keep[indices[cells]]
        moved_indices, moved_data = renumber[indices[cells][mask]], data[cells][mask]
        indices[written:written + len(mask.nonzero()[0])] = moved_indices
        data[written:written + len(moved_data)] = moved_data
        within = np.concatenate([[0], np.cumsum(mask, dtype=np.int64)])
        indptr[start + 1:stop + 1] = written + within[bounds[start + 1:stop + 1] - bounds[start]]
        written += len(moved_data)
    kept = sp.csr_matrix((data[:written], indices[:written], indptr), shape=(matrix.shape[0], int(keep.sum())),
                         copy=False)
    kept.has_sorted_indices = True
    return kept, other


def _index_dtype(cells: int) -> type:
    """int32 while it can count ``cells`` (scipy then keeps the indices as they are), else int64."""
    return np.int32 if cells < np.iinfo(np.int32).max else np.int64
