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
from collections.abc import Callable, Iterable

import numpy as np
import scipy.sparse as sp

from kg.similarity_words import STOP_LANGUAGES, chunk_counts, spacy_stop_words, stop_words

__all__ = ["STOP_LANGUAGES", "spacy_stop_words", "split_columns", "stop_words", "term_counts", "term_weights",
           "weigh"]

_ROWS = 1 << 16  # rows handled together when a step needs temporary arrays


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
    sizes, indices, counts, terms = chunk_counts(list, documents)  # the documents are their own terms
    indptr = array("q", [0])
    indptr.frombytes(np.cumsum(np.frombuffer(sizes, dtype=np.int64), dtype=np.int64).tobytes())
    return counts_matrix(terms, indptr, indices, counts)


def counts_matrix(terms: list[str], indptr: array, indices: array, counts: array) -> tuple[sp.csr_matrix, np.ndarray]:
    """:func:`term_counts`' result from the rows' bounds ``indptr`` (``array("q")``, from 0), each cell's column
    ``indices`` (``array("i")``, into ``terms``, distinct, in any order) and ``counts`` (``array("f")``): the columns
    are put in alphabetical order, then each row's.  ``terms`` is emptied (its strings go with the vocabulary).

    >>> from array import array
    >>> matrix, vocabulary = counts_matrix(["b", "a"], array("q", [0, 2]), array("i", [0, 1]), array("f", [3, 1]))
    >>> vocabulary.tolist(), matrix.indices.tolist(), matrix.data.tolist()
    (['a', 'b'], [0, 1], [1.0, 3.0])
    """
    words = np.array(terms, dtype=object)
    terms.clear()
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
