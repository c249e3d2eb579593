"""Character-trigram TF-IDF of words, bit for bit as scikit-learn makes it, without importing scikit-learn.

The similarity back-off (:mod:`kg.similarity_backoff`) finds the reference
words spelled most like a short paper's words by the cosine of their
character trigrams, as scikit-learn's
``TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 3), dtype=np.float32)``
weighs them.  Importing ``sklearn.feature_extraction.text`` in ``kg build``'s
process brings scipy.stats and pandas with it: about 85 MB held through every
later stage (docs/scaling.md, "Peak memory, twenty-fifth session").
:class:`CharTrigramTfidf` makes the same matrices (the same data, column
indices and row pointers, in the same order and of the same types) with
numpy and scipy.sparse, so every product of them is the same float:

* each text is lower-cased, runs of white space become one space, and every
  word ``w`` of ``text.split()`` gives the trigrams of ``" " + w + " "``;
* :meth:`~CharTrigramTfidf.fit_transform` numbers the trigrams as they first
  occur, orders each row's by that number, then renumbers the trigrams
  alphabetically (scikit-learn's ``_count_vocab`` and ``_sort_features``:
  the rows keep the first order, so their columns are not sorted);
  :meth:`~CharTrigramTfidf.transform` leaves out unknown trigrams and sorts
  each row's columns;
* the counts (float32) are multiplied by the smooth IDF
  ``ln((1 + n) / (1 + df)) + 1``, computed in float32 as scikit-learn does,
  and each row is divided by its L2 norm: the float32 squares summed in a
  double in the row's order, as ``sklearn.utils.sparsefuncs_fast`` sums
  them.

``tests/test_char_trigrams.py`` compares both matrices, the vocabulary and
the IDF with scikit-learn's on generated words and on the shipped reference
vocabulary.

>>> model = CharTrigramTfidf()
>>> known = model.fit_transform(["semantics", "microsemantics", "syntax"])
>>> sorted(model.vocabulary_)[:4], known.shape
([' mi', ' se', ' sy', 'ant'], (3, 21))
>>> likeness = (model.transform(["semantic"]) @ known.T).toarray()
>>> [round(float(x), 3) for x in likeness[0]]
[0.891, 0.503, 0.0]
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import numpy as np
import scipy.sparse as sp

__all__ = ["CharTrigramTfidf", "char_wb_trigrams"]

_WHITE_SPACES = re.compile(r"\s\s+")  # scikit-learn's VectorizerMixin._white_spaces
_N = 3


def char_wb_trigrams(text: str) -> list[str]:
    """The character trigrams of ``text``'s words, each word padded with a space on both sides, in order.

    >>> char_wb_trigrams("A  cat")
    [' a ', ' ca', 'cat', 'at ']
    """
    grams: list[str] = []
    for word in _WHITE_SPACES.sub(" ", text.lower()).split():
        padded = f" {word} "
        grams.extend(padded[start:start + _N] for start in range(len(padded) - _N + 1))
    return grams


class CharTrigramTfidf:
    """Fitted on words, weighs texts by their character trigrams: scikit-learn's ``TfidfVectorizer`` with
    ``analyzer="char_wb"``, ``ngram_range=(3, 3)``, ``dtype=np.float32`` and its other options at their
    defaults (smooth IDF, L2 norm), the same bytes.

    Attributes (after :meth:`fit_transform`): ``vocabulary_``, each trigram's column (alphabetical order);
    ``idf_``, float32, one per column.
    """

    vocabulary_: dict[str, int]
    idf_: np.ndarray

    def fit_transform(self, texts: Iterable[str]) -> sp.csr_matrix:
        """Learn the trigrams and their IDF from ``texts``; their weighted, L2-normalised rows."""
        first: dict[str, int] = {}  # each trigram's number in the order of first occurrence
        # scikit-learn sorts each row's columns by these numbers, before the columns are renumbered
        counts, columns, indptr = _count_rows(texts, lambda gram: first.setdefault(gram, len(first)))
        if not first:
            raise ValueError("empty vocabulary: the texts have no words")
        alphabetical = sorted(first)
        renumber = np.empty(len(first), dtype=np.int32)
        renumber[[first[gram] for gram in alphabetical]] = np.arange(len(first), dtype=np.int32)
        self.vocabulary_ = {gram: number for number, gram in enumerate(alphabetical)}
        indices = renumber[columns]
        n_texts = len(indptr) - 1
        df = np.bincount(indices, minlength=len(first)).astype(np.float32)
        df += 1  # smooth IDF: as if one more text had every trigram, all in float32
        idf = np.full_like(df, fill_value=n_texts + 1, dtype=np.float32)
        idf /= df
        np.log(idf, out=idf)
        idf += 1.0
        self.idf_ = idf
        return self._weighed(counts, indices, indptr, n_texts)

    def transform(self, texts: Iterable[str]) -> sp.csr_matrix:
        """The weighted, L2-normalised rows of ``texts`` on the fitted trigrams (unknown trigrams left out)."""
        counts, columns, indptr = _count_rows(texts, self.vocabulary_.get)
        return self._weighed(counts, columns, indptr, len(indptr) - 1)

    def _weighed(self, data: np.ndarray, indices: np.ndarray, indptr: np.ndarray, n_rows: int) -> sp.csr_matrix:
        """Counts times IDF, each row divided by its L2 norm, as a CSR matrix of these very arrays."""
        data *= self.idf_[indices]
        _normalise_rows(data, indptr)
        return sp.csr_matrix((data, indices, indptr), shape=(n_rows, len(self.idf_)), copy=False)


def _count_rows(texts: Iterable[str],
                column_of: Callable[[str], int | None]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each text's trigram counts as CSR arrays: float32 counts, int32 columns (``column_of`` each trigram; a
    trigram it gives ``None`` is left out) sorted within each row, int32 row pointers.

    >>> counts, columns, indptr = _count_rows(["aa aa"], {" aa": 1, "aa ": 0}.get)
    >>> counts.tolist(), columns.tolist(), indptr.tolist()
    ([2.0, 2.0], [0, 1], [0, 2])
    """
    columns: list[int] = []
    counts: list[int] = []
    indptr = [0]
    for text in texts:
        row: dict[int, int] = {}
        for gram in char_wb_trigrams(text):
            column = column_of(gram)
            if column is not None:
                row[column] = row.get(column, 0) + 1
        for column in sorted(row):
            columns.append(column)
            counts.append(row[column])
        indptr.append(len(columns))
    return (np.array(counts, dtype=np.float32), np.array(columns, dtype=np.int32),
            np.array(indptr, dtype=np.int32))


def _normalise_rows(data: np.ndarray, indptr: np.ndarray) -> None:
    """Divide each row's float32 ``data`` in place by its L2 norm, as scikit-learn's
    ``_inplace_csr_row_normalize_l2`` does: each float32 square added to a double in the row's order, and
    each value divided by the norm in double and rounded back to float32; an all-zero row is left as it is."""
    lengths = np.diff(indptr)
    if not len(data):
        return
    squares = (data * data).astype(np.float64)  # the products in float32, as the C loop makes them
    starts = indptr[:-1].astype(np.int64)
    sums = np.zeros(len(lengths))
    for position in range(int(lengths.max())):  # one column of positions at a time: each row's sum in its order
        rows = np.flatnonzero(lengths > position)
        sums[rows] += squares[starts[rows] + position]
    norms = np.repeat(np.sqrt(sums), lengths)
    scaled = norms != 0
    data[scaled] = (data[scaled] / norms[scaled]).astype(np.float32)
