"""Why two papers are neighbours: the entities and terms both rows have, for many pairs at once.

:class:`Explainer` gives each pair of rows its shared entities (rarest first) and shared terms (heaviest in both
first), at most :data:`SHARED_SHOWN` each, a word left out when a pair of words among the first ten holds it
("low" beside "low resource").  The cells both rows have are ranked for all the pairs of a block in a few
numpy passes (:func:`shared_cells`), the chosen names are made by C-level maps, a tuple per pair
(:func:`names_of`), and only then are the words a shown pair of words holds dropped, pair by pair
(:func:`without_parts`): the same reasons as worked out pair by pair before (a list append per cell), in less
time on the full Anthology's 359,000 links (docs/scaling.md, "The similarity's links and reasons, fortieth
session").

>>> import scipy.sparse as sp
>>> from kg.similarity_vectors import PaperVectors
>>> text = PaperVectors(("paper/a", "paper/b"), sp.csr_matrix([[0.5, 0.5, 0.5, 0.5], [0.4, 0.4, 0.6, 0.3]]),
...                     ("low", "low resource", "pivot", "resource"))
>>> none = PaperVectors((), sp.csr_matrix((0, 0)))
>>> Explainer(("paper/a", "paper/b"), text, none).rows(np.array([0]), np.array([1]))
([()], [('pivot', 'low resource')])
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp

from kg.similarity_backoff import spelling_trigrams
from kg.similarity_stats import SimilarityStats
from kg.similarity_unshared import PaperWords, unshared_reasons
from kg.similarity_vectors import PaperVectors
from kg.similarity_words import ANY_LABEL, LABEL_TERM, SHARED_SHOWN, shown_term, without_parts

__all__ = ["SHARED_SHOWN", "Explainer", "label_span", "names_of", "shared_cells", "shown_names", "without_parts"]

Names = tuple[str, ...]


class Explainer:
    """Shared entities and terms of pairs of rows of ``papers`` (the links' rows), a block of pairs at a time.

    ``text`` and ``entities`` are the papers' text and entity rows, each with its own papers and column names;
    ``stats`` the reference statistics the back-off used (default: shipped), whose likeness of words spelled alike
    :meth:`unshared` names.
    """

    def __init__(self, papers: Sequence[str], text: PaperVectors, entities: PaperVectors,
                 stats: SimilarityStats | None = None) -> None:
        self.papers, self.text, self.entities, self.stats = papers, text, entities, stats
        self.text_row = _positions(text.papers, papers)
        self.entity_row = _positions(entities.papers, papers)
        # A label-only page's own label is shown before "title labels only" (kg.similarity_words.ANY_LABEL): their
        # weights are equal, and shared_cells gives a tie to the smaller column, which ANY_LABEL never is.
        self.text_names = shown_names(text.columns)
        self._labelled_rows: np.ndarray | None = None
        self._backoff_row: np.ndarray | None = None

    def rows(self, a: np.ndarray, b: np.ndarray) -> tuple[list[Names], list[Names]]:
        """The shared entities and the shared terms of the pairs of rows ``(a[i], b[i])``, as two lists of tuples
        (``()`` where a paper has no such row or nothing is shared)."""
        entities = self.entities
        if entities.columns:
            counts, cells = shared_cells(entities.matrix, self.entity_row[a], self.entity_row[b], SHARED_SHOWN)
            named = names_of(entities.columns, counts, cells)
        else:
            named = [()] * len(a)
        text = self.text
        if text.columns:
            counts, cells = shared_cells(text.matrix, self.text_row[a], self.text_row[b], 2 * SHARED_SHOWN)
            terms = [without_parts(shown) for shown in names_of(self.text_names, counts, cells)]
        else:
            terms = [()] * len(a)
        return named, terms

    def unshared(self, a: np.ndarray, b: np.ndarray) -> list[Names]:
        """The reasons of the pairs of rows ``(a[i], b[i])`` that share no entity and no shown term: the corpus stop
        words both use, else their words spelled alike, else "no shared word"
        (:func:`kg.similarity_unshared.unshared_reasons`; round h16w).  Never empty.

        Worked out pair by pair, from each paper's text row and its back-off weights
        (:class:`kg.similarity_vectors.TextBackoff`): such links are few (about 314 of the full Anthology's 359,000).
        """
        spelling = spelling_trigrams(self.stats)  # the back-off's likeness of words (review 70)
        return [unshared_reasons(self._words(first), self._words(second), spelling=spelling)
                for first, second in zip(a.tolist(), b.tolist())]

    def _words(self, row: int) -> PaperWords:
        """The words of the paper of row ``row`` of :attr:`papers` (:data:`kg.similarity_unshared.PaperWords`)."""
        text, backoff = self.text, self.text.backoff
        kept: dict[str, float] = {}
        common: dict[str, float] = {}
        bare: tuple[str, ...] = ()
        own = int(self.text_row[row])
        if own >= 0:
            matrix, columns = text.matrix, text.columns
            cells = slice(matrix.indptr[own], matrix.indptr[own + 1])
            kept = {columns[column]: weight for column, weight in
                    zip(matrix.indices[cells].tolist(), matrix.data[cells].tolist())
                    if not columns[column].startswith(LABEL_TERM)}
        if backoff is not None:
            if self._backoff_row is None:
                self._backoff_row = _positions(backoff.papers, self.papers)
            place = int(self._backoff_row[row])
            if place >= 0:
                cells = slice(backoff.common.indptr[place], backoff.common.indptr[place + 1])
                common = {backoff.common_terms[column]: weight for column, weight in
                          zip(backoff.common.indices[cells].tolist(), backoff.common.data[cells].tolist())}
                bare = backoff.bare.get(place, ())
        return kept, common, bare

    def labels_only(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether each pair of rows ``(a[i], b[i])`` shares something and all it shares is title labels: text
        columns that are label terms (:data:`kg.similarity_words.LABEL_TERM`) and no entity (round h16v).

        Two label-only pages ("Introduction" and "Keynote address") share :data:`~kg.similarity_words.ANY_LABEL`
        alone, and the cosine of two such short rows is high (strength 0.935): nothing says what either paper is
        about, so the link is marked weak (:class:`kg.similarity_links.LinkBlock`).  Only pairs of two label-only
        titles' rows are looked at, known by :data:`~kg.similarity_words.ANY_LABEL` ("~" is in no word; a few
        hundred rows on the full Anthology): a text token that begins with ``genre_`` ("genre_tag" in two
        abstracts) sorts among the label terms, but a row with it is no label-only title's, and a link on it is
        not label-only (review 68).
        """
        found = np.zeros(len(a), dtype=bool)
        start, stop = label_span(self.text.columns)
        if start == stop:
            return found
        first, second = self.text_row[a], self.text_row[b]
        labelled = self._labelled()
        both = labelled[np.maximum(first, 0)] & labelled[np.maximum(second, 0)]
        todo = np.flatnonzero((first >= 0) & (second >= 0) & both)
        if not len(todo):
            return found
        shared = sp.csr_matrix(self.text.matrix[first[todo]].multiply(self.text.matrix[second[todo]]))
        shared.eliminate_zeros()
        topical = (shared.indices < start) | (shared.indices >= stop)
        row = np.repeat(np.arange(len(todo)), np.diff(shared.indptr))
        found[todo] = (np.diff(shared.indptr) > 0) & (np.bincount(row[topical], minlength=len(todo)) == 0)
        if self.entities.columns and found.any():
            counts, _ = shared_cells(self.entities.matrix, self.entity_row[a[found]], self.entity_row[b[found]], 1)
            found[np.flatnonzero(found)[counts > 0]] = False
        return found

    def _labelled(self) -> np.ndarray:
        """Whether each text row is a label-only title's (it has :data:`~kg.similarity_words.ANY_LABEL`), worked
        out once.

        From the positions of that one column among the matrix's cells: a boolean mask of the cells (12 MB for the
        full Anthology's 11.7 M) and their rows found in ``indptr``, where a row number per cell as int64 and a
        float64 weight per cell held 0.27 GB for a moment and took 1.4 s (review 68).
        """
        if self._labelled_rows is None:
            matrix, columns = self.text.matrix, self.text.columns
            labelled = np.zeros(matrix.shape[0], dtype=bool)
            column = bisect_left(columns, ANY_LABEL)
            if column < len(columns) and columns[column] == ANY_LABEL:
                cells = np.flatnonzero(matrix.indices == column)
                labelled[np.searchsorted(matrix.indptr, cells, side="right") - 1] = True
            self._labelled_rows = labelled
        return self._labelled_rows

    def ids(self, pairs: Sequence[tuple[str, str]]) -> list[tuple[list[str], list[str]]]:
        """The shared entities and terms, as lists, of pairs of paper ids (``([], [])`` for a paper not among the
        rows)."""
        row = {paper: index for index, paper in enumerate(self.papers)}
        known = [i for i, (a, b) in enumerate(pairs) if a in row and b in row]
        named, terms = self.rows(np.array([row[pairs[i][0]] for i in known], dtype=np.int64),
                                 np.array([row[pairs[i][1]] for i in known], dtype=np.int64))
        result: list[tuple[list[str], list[str]]] = [([], []) for _ in pairs]
        for i, entities, shown in zip(known, named, terms):
            result[i] = (list(entities), list(shown))
        return result


def shown_names(terms: Sequence[str]) -> Sequence[str]:
    """The text columns ``terms`` as the reasons show them: a label-only title's term in plain words
    (:func:`kg.similarity_words.shown_term`: ``genre_briefly_noted`` is "briefly noted (title label)"), the others as
    they are (``terms`` itself where it has no such term).

    The columns are in alphabetical order (:func:`kg.similarity_terms.term_counts`), so the label terms are found
    by bisection, not by reading the full Anthology's million and more columns.

    >>> shown_names(("genre ontology", "genre_erratum", "genre_panels", "genres", "parsing"))
    ['genre ontology', 'erratum (title label)', 'panels (title label)', 'genres', 'parsing']
    """
    start, stop = label_span(terms)
    if start == stop:
        return terms
    shown = list(terms)
    shown[start:stop] = map(shown_term, terms[start:stop])
    return shown


def label_span(terms: Sequence[str]) -> tuple[int, int]:
    """Where the label terms (:data:`kg.similarity_words.LABEL_TERM`) lie among the sorted text columns ``terms``:
    ``terms[start:stop]`` (``start == stop`` where there is none).

    >>> label_span(("genre ontology", "genre_erratum", "genre_~", "genres"))
    (1, 3)
    """
    start = bisect_left(terms, LABEL_TERM)
    return start, bisect_left(terms, LABEL_TERM[:-1] + chr(ord(LABEL_TERM[-1]) + 1), lo=start)


def _positions(rows: Sequence[str], papers: Sequence[str]) -> np.ndarray:
    """For each of ``papers``, its index in ``rows`` (-1 when absent)."""
    where = {paper: index for index, paper in enumerate(rows)}
    return np.fromiter((where.get(paper, -1) for paper in papers), dtype=np.int64, count=len(papers))


def shared_cells(matrix: sp.csr_matrix, first: np.ndarray, second: np.ndarray,
                 top: int) -> tuple[np.ndarray, np.ndarray]:
    """The columns both rows ``first[i]`` and ``second[i]`` of ``matrix`` have (-1: no row), by the product of
    their weights (rounded to 6 places; a tie to the smaller column), at most ``top`` per pair.

    Returns ``(counts, cells)``: how many columns each pair has, and the columns, pair after pair, best first.

    >>> m = sp.csr_matrix(np.array([[0.6, 0.8, 0.0], [0.8, 0.4, 0.5]], dtype=np.float32))
    >>> counts, cells = shared_cells(m, np.array([0, 0, 1]), np.array([1, -1, 1]), 2)
    >>> counts.tolist(), cells.tolist()
    ([2, 0, 2], [0, 1, 0, 2])
    """
    counts = np.zeros(len(first), dtype=np.int64)
    known = np.flatnonzero((first >= 0) & (second >= 0))
    if not len(known):
        return counts, np.empty(0, dtype=np.int64)
    product = sp.csr_matrix(matrix[first[known]].multiply(matrix[second[known]]))
    product.eliminate_zeros()
    local = np.repeat(np.arange(product.shape[0]), np.diff(product.indptr))
    order = np.lexsort((product.indices, -np.round(product.data, 6), local))  # near-ties go to the first column
    local, cells = local[order], product.indices[order]
    best = np.arange(len(local)) - np.searchsorted(local, local, side="left") < top
    counts[known] = np.bincount(local[best], minlength=len(known))
    return counts, cells[best].astype(np.int64)


def names_of(columns: Sequence[str], counts: np.ndarray, cells: np.ndarray) -> list[Names]:
    """The names of each pair's ``cells``, a tuple per pair (``counts`` of them each).

    >>> names_of(("x", "y", "z"), np.array([2, 0, 1]), np.array([2, 0, 1]))
    [('z', 'x'), (), ('y',)]
    """
    names = list(map(columns.__getitem__, cells.tolist()))
    ends = np.cumsum(counts)
    return list(map(tuple, map(names.__getitem__, map(slice, (ends - counts).tolist(), ends.tolist()))))
