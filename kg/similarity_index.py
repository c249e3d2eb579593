"""The k-nearest-neighbour search behind :mod:`kg.similarity`, in bounded memory.

A paper is one sparse row (:mod:`kg.similarity_vectors`).  Neighbours are
scored on these sparse rows (on held-out Anthology volumes the cosine found
better neighbours than LSA alone, see docs/analytics.md): their cosine, scaled
down for short texts and, for each row's best candidates, moderated by the
cosine of the rows' LSA reductions (:class:`Rescoring`, :func:`neighbours`):

* :func:`nearest_neighbours` — exact, one block of rows against all rows at a
  time, so memory follows the block, never N×N; used up to
  :data:`EXACT_LIMIT` papers;
* :func:`approximate_neighbours` — an inverted-file index for larger corpora:
  rows are clustered by spherical k-means on their LSA reduction
  (:func:`reduce`, a truncated SVD fitted on at most :data:`SVD_SAMPLE` rows,
  :data:`INDEX_DIMENSIONS` dimensions), and each cluster's rows are compared
  only with the rows of its ``probes`` nearest clusters.  Each cluster is an
  independent task, handed to ``map`` (the builtin, or a Dask client's
  ``map``), and rows that end with fewer than ``k`` neighbours are searched
  exactly, so every row gets its ``k``.

Scores are compared in millionths; ties go to the smaller column, so results
do not depend on the order of work.

>>> m = sp.csr_matrix([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]])
>>> [(r.tolist(), c.tolist()) for r, c, _ in nearest_neighbours(m, top_k=1)]
[([0, 1, 2], [1, 0, 1])]
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse as sp

from kg.similarity_ranking import top_stored
from kg.similarity_vectors import PaperVectors, short_rows

__all__ = [
    "DENSE_BLEND",
    "EXACT_LIMIT",
    "INDEX_DIMENSIONS",
    "LSA_BLEND",
    "MAP_BLEND",
    "MIXED_BOOST",
    "SHORT_MAP_BLEND",
    "SVD_SAMPLE",
    "Pool",
    "Rescoring",
    "approximate_neighbours",
    "blended",
    "choose",
    "nearest_neighbours",
    "neighbours",
    "pool_search",
    "reduce",
]

#: Dimensions of the LSA reduction the approximate index clusters rows by.
INDEX_DIMENSIONS = 128
#: The truncated SVD is fitted on at most this many rows (a seeded sample), then applied to all.
SVD_SAMPLE = 100_000
#: Up to this many rows the search is exact; above, :func:`approximate_neighbours`.  The index finds about two thirds
#: of the Anthology's (90,000 papers) exact top 3, and the exact search found better neighbours on a judged tuning
#: sample (88 of 120 related pairs instead of 80) in 81 s instead of 29 s (docs/analytics.md).
EXACT_LIMIT = 100_000
_SCALE = 1_000_000  # scores are compared in millionths
#: Rows per cluster of the approximate index (√N on the 90k-paper Anthology); constant, so the search grows with N.
_CLUSTER_SIZE = 300
#: Cells (rows × columns) of one block of a similarity product.
_BLOCK_CELLS = 1 << 22
#: A sparse product block at least this wide is ranked from its stored cells
#: (:func:`kg.similarity_ranking.top_stored`); narrower ones (the index's tasks, about 3,600 candidates) as a dense
#: block, which is faster there.
_STORED_WIDTH = 20_000
#: How much the LSA cosine moderates a neighbour's score: the sparse rows' cosine times ``1 - LSA_BLEND + LSA_BLEND *
#: LSA cosine``.  A factor, not a sum, so that a pair sharing one word never rises above its cosine (two title-only
#: papers can have an LSA cosine near 1).  Chosen on a judged tuning sample of the even half of the Anthology
#: (docs/analytics.md): 0.3 and 0.5 alike, 0.7 worse.
LSA_BLEND = 0.5
#: How much the dense vectors of shipped word vectors (:mod:`kg.similarity_dense`) moderate a neighbour's score on top
#: of LSA: times ``1 - DENSE_BLEND + DENSE_BLEND * max(dense cosine, 0)``.  Chosen on the judged tuning sample
#: (docs/analytics.md): 1 made 93 of 120 pairs related instead of 88; exponents 2 and 4 of the cosine 90 and 93.
DENSE_BLEND = 1.0
#: How much the cosine of the title-to-abstract map's vectors (:func:`kg.similarity_dense.mapped_vectors`) moderates
#: it further: times ``1 - MAP_BLEND + MAP_BLEND * max(mapped cosine, 0)``.  Chosen on 900 judged tuning pairs
#: (docs/analytics.md, round h16k): 0.5 made 675 related instead of 659, all of the gain on title-only papers.
MAP_BLEND = 0.5
#: For a pair with a short side (a title only: :func:`kg.similarity_vectors.short_rows`) the map's blend, and a short and
#: a long paper's factor (a title's words in an abstract's row make a lower cosine than in another title, no closer in
#: topic).  Chosen on 1,050 judged tuning pairs (docs/analytics.md, round h16l): 805 related instead of 788.
SHORT_MAP_BLEND, MIXED_BOOST = 1.0, 1.5
#: Each row's best candidates by the sparse rows, this many times k (at least _POOL_FLOOR), are re-scored with LSA.
_POOL = 4
_POOL_FLOOR = 20

Neighbours = tuple[np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Rescoring:
    """What a pair's score is made of besides the cosine of its sparse rows.

    ``weights`` (one per row, default 1) multiply the cosine of every pair
    the row is in (kg passes :func:`kg.similarity_vectors.length_weights`);
    ``lsa`` (dense unit rows of float16, whose dot products :func:`_select` works out exactly, the same in
    every process; or ``None``) and ``blend``: the score is then
    ``weighted cosine * (1 - blend + blend * LSA cosine)`` (at least 0; a pair where
    either row's LSA vector is all zeros keeps its weighted cosine),
    worked out for each row's best :data:`_POOL` × k candidates by the
    weighted cosine.  ``dense`` (unit rows of float16 made from shipped word
    vectors, :func:`kg.similarity_dense.document_vectors`, or ``None``)
    multiplies that by ``1 - dense_blend + dense_blend * max(dense cosine, 0)``,
    for the same candidates; a pair where either row has no dense vector
    (all zeros) keeps its score.  ``mapped`` and ``mapped_blend`` (vectors of the title-to-abstract map,
    :func:`kg.similarity_dense.mapped_vectors`) do the same once more; for a pair with a short side (by its weight)
    ``short_map_blend`` (``None``: ``mapped_blend``) replaces it, and a short and a long row score ``mixed_boost`` times.
    """

    weights: np.ndarray | None = None
    lsa: np.ndarray | None = None
    blend: float = 0.0
    dense: np.ndarray | None = None
    dense_blend: float = 0.0
    mapped: np.ndarray | None = None
    mapped_blend: float = 0.0
    short_map_blend: float | None = None
    mixed_boost: float = 1.0

    def pool(self, k: int) -> int:
        """Candidates per row to re-score for ``k`` neighbours."""
        return max(_POOL * k, _POOL_FLOOR) if self.blends else k

    @property
    def blends(self) -> bool:
        return (self.lsa is not None and self.blend > 0) or self.densifies

    @property
    def densifies(self) -> bool:
        return (self.dense is not None and self.dense_blend > 0) or self.maps

    @property
    def maps(self) -> bool:
        return self.mapped is not None and self.mapped_blend > 0

    @cached_property
    def has_lsa(self) -> np.ndarray:
        """Whether each row has an LSA vector (a row of the shipped projection is zeros when it knows none of its terms)."""
        return np.any(self.lsa != 0, axis=1)

    @cached_property
    def has_dense(self) -> np.ndarray:
        """Whether each row has a dense vector (is not all zeros): worked out once, not per block of candidates."""
        return np.any(self.dense != 0, axis=1)

    @cached_property
    def has_mapped(self) -> np.ndarray:
        """Whether each row has a mapped vector (is not all zeros)."""
        return np.any(self.mapped != 0, axis=1)

    @cached_property
    def is_short(self) -> np.ndarray:
        """Whether each row is short (:func:`kg.similarity_vectors.short_rows` of the weights)."""
        return short_rows(self.weights) if self.weights is not None else np.zeros(0, dtype=bool)

    @property
    def shortens(self) -> bool:
        """Whether a pair's score depends on its sides being short (:attr:`short_map_blend`, :attr:`mixed_boost`)."""
        return self.weights is not None and (self.mixed_boost != 1.0 or self.maps and self.short_map_blend is not None)

    @property
    def nbytes(self) -> int:
        """Bytes of its arrays: what each search task would carry if it were not shared
        (:func:`kg.execution.Executor.map` sends an object this big to a Dask cluster once, not with every task).

        >>> Rescoring(np.ones(4), np.ones((4, 2), dtype=np.float16), 0.5).nbytes
        48
        """
        return sum(int(array.nbytes) for array in (self.weights, self.lsa, self.dense, self.mapped)
                   if array is not None)


def reduce(vectors: PaperVectors, *, dimensions: int = INDEX_DIMENSIONS, sample: int = SVD_SAMPLE,
           seed: int = 0, dtype: type = np.float32) -> PaperVectors:
    """LSA: the rows projected on the top ``dimensions`` singular vectors, L2-normalised, as a dense ``dtype`` array.

    :func:`neighbours` keeps the index as float16 (half the memory; it only
    assigns rows to clusters, scores come from the sparse rows).

    The SVD is fitted on a seeded sample of at most ``sample`` rows, then
    every row is projected one block at a time.  A corpus of at most
    ``2 * dimensions`` rows is returned unchanged (sparse): there LSA has too
    few documents to learn from, and exact cosines are cheap.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> v = PaperVectors(tuple(f"paper/{i}" for i in range(40)), sp.csr_matrix(rng.random((40, 30))))
    >>> reduced = reduce(v, dimensions=8)
    >>> reduced.matrix.shape, bool(np.allclose(np.linalg.norm(reduced.matrix, axis=1), 1, atol=1e-5))
    ((40, 8), True)
    """
    from sklearn.decomposition import TruncatedSVD

    matrix = sp.csr_matrix(vectors.matrix)
    n, width = matrix.shape
    if n <= 2 * dimensions or width <= dimensions:
        return vectors
    rng = np.random.default_rng(seed)
    fitted = np.sort(rng.choice(n, size=sample, replace=False)) if n > sample else slice(None)
    svd = TruncatedSVD(n_components=dimensions, algorithm="randomized", n_iter=5, random_state=seed)
    svd.fit(matrix[fitted])
    components = svd.components_.astype(np.float32).T
    dense = np.empty((n, dimensions), dtype=dtype)
    step = max(1, (1 << 20) // dimensions)
    for start in range(0, n, step):
        block = np.asarray(matrix[start:start + step] @ components, dtype=np.float32)
        norms = np.linalg.norm(block, axis=1)
        norms[norms == 0] = 1
        dense[start:start + step] = block / norms[:, None]
    return PaperVectors(vectors.papers, dense, ())


def _top(product: np.ndarray | sp.spmatrix, rows: np.ndarray, columns: np.ndarray, k: int,
         min_score: float, weights: np.ndarray | None = None) -> Neighbours:
    """Each of ``rows``' ``k`` best columns in ``product`` (rows × columns), best first, itself excluded.

    ``columns`` must be increasing.  A cell counts when the product has it
    (a sparse product's stored cells, every cell of a dense one) and its
    score is at least ``min_score``; ties go to the smaller column.  Works on
    the block as a dense array with a partial sort per row, so the cost
    grows with the cells, not with their sort.  ``weights`` (one per row of
    the whole matrix) multiply each cell by its row's and its column's.
    """
    stored = sp.issparse(product)
    width = len(columns)
    if not width or not len(rows):
        return np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64)
    if stored and width >= _STORED_WIDTH:
        return top_stored(sp.csr_matrix(product), rows, columns, k, min_score, weights)
    values = product.toarray() if stored else np.asarray(product)
    drop = (rows[:, None] == columns[None, :]) | (values == 0 if stored else False)
    if weights is not None:
        values = values * weights[rows][:, None]
        values *= weights[columns][None, :]
    # one key per cell: higher score first, then the smaller column (columns are increasing)
    key = np.clip(np.rint(values * _SCALE), 0, _SCALE).astype(np.int64)
    del values
    drop |= key < round(min_score * _SCALE)
    key *= width
    key += width - 1 - np.arange(width)
    key[drop] = -1
    del drop
    wanted = min(k, width)
    best = np.argpartition(key, width - wanted, axis=1)[:, width - wanted:]
    order = np.argsort(-np.take_along_axis(key, best, axis=1), axis=1, kind="stable")
    best = np.take_along_axis(best, order, axis=1)
    chosen = np.take_along_axis(key, best, axis=1)
    keep = chosen >= 0
    local = np.repeat(np.arange(len(rows)), wanted).reshape(best.shape)[keep]
    return rows[local], columns[best[keep]], (chosen[keep] // width) / _SCALE


def _select(product: np.ndarray | sp.spmatrix, rows: np.ndarray, columns: np.ndarray, k: int, min_score: float,
            rescoring: Rescoring | None) -> Neighbours:
    """:func:`_top` of the weighted cosines, then, when ``rescoring`` blends, the ``k`` best by the blended score."""
    rescoring = rescoring or Rescoring()
    if not rescoring.blends:
        return _top(product, rows, columns, k, min_score, rescoring.weights)
    return choose(_pool(product, rows, columns, k, rescoring), k, min_score)


#: A row's candidates: ``(rows, columns, cosine, blended)``, the last two in millionths (integers), each row's best
#: :meth:`Rescoring.pool` candidates by the weighted cosine (ties to the smaller column), in any order.
Pool = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _pool(product: np.ndarray | sp.spmatrix, rows: np.ndarray, columns: np.ndarray, k: int,
          rescoring: Rescoring) -> Pool:
    """Each of ``rows``' best :meth:`Rescoring.pool` candidates among ``columns`` by the weighted cosine, and their
    blended scores: what :func:`choose` picks the ``k`` neighbours from (:func:`pool_search` keeps it)."""
    found_rows, found, cosines = _top(product, rows, columns, rescoring.pool(k), 0.0, rescoring.weights)
    return found_rows, found, np.rint(cosines * _SCALE).astype(np.int64), blended(found_rows, found, cosines,
                                                                                    rescoring)


def blended(rows: np.ndarray, columns: np.ndarray, cosines: np.ndarray, rescoring: Rescoring) -> np.ndarray:
    """The scores (millionths, int64) of pairs ``(rows[i], columns[i])`` whose weighted cosines are ``cosines``:
    moderated by the LSA, dense and mapped cosines of ``rescoring`` (and its short-side settings).  Each depends on its
    pair alone, not on its order."""
    factor = np.ones(len(columns), dtype=np.float64)
    if rescoring.lsa is not None and rescoring.blend > 0:
        present = rescoring.has_lsa[rows] & rescoring.has_lsa[columns]
        factor *= np.where(present, 1 - rescoring.blend + rescoring.blend * _agreement(rescoring.lsa, rows, columns),
                           1.0)
    if rescoring.dense is not None and rescoring.dense_blend > 0:
        agreement = _agreement(rescoring.dense, rows, columns)
        present = rescoring.has_dense[rows] & rescoring.has_dense[columns]
        factor *= np.where(present, 1 - rescoring.dense_blend + rescoring.dense_blend * np.maximum(agreement, 0), 1.0)
    short = (rescoring.is_short[rows], rescoring.is_short[columns]) if rescoring.shortens else None
    if rescoring.maps:
        agreement = np.maximum(_agreement(rescoring.mapped, rows, columns), 0)
        present = rescoring.has_mapped[rows] & rescoring.has_mapped[columns]
        blend = np.full(len(columns), rescoring.mapped_blend)
        if short is not None and rescoring.short_map_blend is not None:
            blend[short[0] | short[1]] = rescoring.short_map_blend
        factor *= np.where(present, 1 - blend + blend * agreement, 1.0)
    if short is not None and rescoring.mixed_boost != 1.0:
        factor *= np.where(short[0] != short[1], rescoring.mixed_boost, 1.0)
    return np.clip(np.rint(cosines * factor * _SCALE), 0, _SCALE).astype(np.int64)


def choose(pool: Pool, k: int, min_score: float) -> Neighbours:
    """Each row's ``k`` best candidates of ``pool`` by the blended score (ties to the smaller column), at least
    ``min_score`` and above 0, as ``(rows, columns, scores)`` by row, best first."""
    found_rows, found, _, micro = pool
    order = np.lexsort((found, -micro, found_rows))  # by row, best first, ties to the smaller column
    found_rows, found, micro = found_rows[order], found[order], micro[order]
    rank = np.arange(len(found_rows)) - np.searchsorted(found_rows, found_rows, side="left")
    keep = (rank < k) & (micro >= round(min_score * _SCALE)) & (micro > 0)
    return found_rows[keep], found[keep], micro[keep] / _SCALE


def _agreement(vectors: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Dot products of rows ``first[i]`` and ``second[i]`` of float16 ``vectors``, worked out exactly.

    float16 rows multiplied and summed in float64: every product and partial sum is exact (multiples of
    2**-48 below 2**5), so the sum is the same in any order, process or SIMD path: local and Dask agree.
    """
    agreement = np.empty(len(first), dtype=np.float64)
    step = max(1, _BLOCK_CELLS // max(vectors.shape[1], 1))
    for start in range(0, len(first), step):
        part = slice(start, start + step)
        agreement[part] = np.einsum("ij,ij->i", vectors[first[part]].astype(np.float64),
                                    vectors[second[part]].astype(np.float64))
    return agreement


def nearest_neighbours(matrix: sp.spmatrix | np.ndarray, *, top_k: int, min_score: float = 0.0,
                       rows: np.ndarray | None = None, block_cells: int = _BLOCK_CELLS,
                       rescoring: Rescoring | None = None, map: Callable = map) -> Iterator[Neighbours]:
    """Exact: the ``top_k`` most similar other rows of each row (of ``rows``, default all), score ≥ ``min_score``.

    Rows should be L2-normalised, so dot products are cosines.  The product
    is computed one block of rows at a time (at most ``block_cells`` cells),
    so memory grows with the block and never with the square of the row
    count.  Yields ``(rows, columns, scores)``, best neighbour of
    each row first; scores are rounded to 6 decimals and ties go to the
    smaller column.  ``rescoring`` (:class:`Rescoring`) changes the score
    from the plain cosine.  Tasks of :data:`TASK_BLOCKS` blocks go through
    ``map`` (as in :func:`approximate_neighbours`): the same results wherever they run.
    """
    if top_k < 1:
        raise ValueError(f"k must be at least 1, not {top_k}")
    dense = not sp.issparse(matrix)
    matrix = np.asarray(matrix, dtype=np.float32) if dense else sp.csr_matrix(matrix, dtype=np.float32)
    n = matrix.shape[0]
    wanted = np.arange(n) if rows is None else np.asarray(rows, dtype=np.int64)
    transposed = matrix.T if dense else matrix.T.tocsr()
    block = max(1, block_cells // max(n, 1))
    step = block * TASK_BLOCKS
    tasks = ((matrix, transposed, wanted[start:start + step], top_k, min_score, block_cells, rescoring)
             for start in range(0, len(wanted), step))
    yield from map(_search_rows, tasks)


#: Blocks of rows per task of the exact search (the Anthology's: 8 x 46 rows, about 250 tasks).
TASK_BLOCKS = 8


def _search_rows(task: tuple) -> Neighbours:
    """One task of the exact search: the rows ``chunk`` of ``matrix`` against every row (``transposed`` = its ``.T``)."""
    matrix, transposed, chunk, k, min_score, block_cells, rescoring = task
    n = matrix.shape[0]
    block = max(1, block_cells // max(n, 1))
    everything = np.arange(n, dtype=np.int64)
    found = [_select(matrix[part] @ transposed, part, everything, k, min_score, rescoring)
             for part in (chunk[start:start + block] for start in range(0, len(chunk), block))]
    return tuple(np.concatenate(parts) for parts in zip(*found)) if found else _nothing()


def pool_search(matrix: sp.spmatrix, *, top_k: int, rows: np.ndarray | None = None, columns: np.ndarray | None = None,
                rescoring: Rescoring, block_cells: int = _BLOCK_CELLS, map: Callable = map) -> Iterator[Pool]:
    """The exact search's candidates (:data:`Pool`) of ``rows`` (default all) among ``columns`` (default all;
    increasing).

    :func:`choose` of them gives what :func:`nearest_neighbours` yields for
    those rows when ``columns`` are all rows; ``rescoring`` must blend.  Tasks
    of :data:`TASK_BLOCKS` blocks go through ``map``.  :mod:`kg.similarity_incremental`
    keeps the candidates, so that a rebuild searches only the rows a change can reach.
    """
    if not rescoring.blends:
        raise ValueError("pool_search needs a rescoring that blends (LSA or dense vectors)")
    matrix = sp.csr_matrix(matrix, dtype=np.float32)
    n = matrix.shape[0]
    wanted = np.arange(n) if rows is None else np.asarray(rows, dtype=np.int64)
    columns = np.arange(n, dtype=np.int64) if columns is None else np.asarray(columns, dtype=np.int64)
    transposed = (matrix if len(columns) == n else matrix[columns]).T.tocsr()
    block = max(1, block_cells // max(len(columns), 1))
    step = block * TASK_BLOCKS
    tasks = ((matrix, transposed, wanted[start:start + step], columns, top_k, block_cells, rescoring)
             for start in range(0, len(wanted), step))
    yield from map(_pool_rows, tasks)


def _pool_rows(task: tuple) -> Pool:
    """One task of :func:`pool_search`, as int32 (the full Anthology's 1.8M candidates: 29 MB, not 58)."""
    matrix, transposed, chunk, columns, k, block_cells, rescoring = task
    block = max(1, block_cells // max(len(columns), 1))
    found = [_pool(matrix[part] @ transposed, part, columns, k, rescoring)
             for part in (chunk[start:start + block] for start in range(0, len(chunk), block))]
    if not found:
        return tuple(np.empty(0, np.int32) for _ in range(4))
    return tuple(np.concatenate(parts).astype(np.int32) for parts in zip(*found))


def _search_cluster(task: tuple) -> Neighbours:
    """One inverted-file task: ``queries`` against ``candidates`` (row indices of ``matrix``), scored by ``rescoring``."""
    matrix, queries, candidates, k, min_score, block_cells, rescoring = task
    found = []
    pool = matrix[candidates].T
    block = max(1, block_cells // max(len(candidates), 1))
    for start in range(0, len(queries), block):
        chunk = queries[start:start + block]
        found.append(_select(matrix[chunk] @ pool, chunk, candidates, k, min_score, rescoring))
    return tuple(np.concatenate(parts) for parts in zip(*found)) if found else _nothing()


def _nothing() -> Neighbours:
    return np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64)


def _assign(matrix: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """The nearest centroid of each row, a block of rows at a time."""
    assign = np.empty(matrix.shape[0], dtype=np.int64)
    step = max(1, _BLOCK_CELLS // len(centroids))
    for start in range(0, matrix.shape[0], step):
        block = np.asarray(matrix[start:start + step], dtype=np.float32)
        assign[start:start + step] = np.argmax(block @ centroids.T, axis=1)
    return assign


def _kmeans(matrix: np.ndarray, clusters: int, *, seed: int, iterations: int = 8,
            sample: int = 32) -> np.ndarray:
    """Spherical k-means centroids (unit rows) fitted on a seeded sample of ``sample`` rows per cluster."""
    rng = np.random.default_rng(seed)
    n = matrix.shape[0]
    fitted = np.asarray(matrix[np.sort(rng.choice(n, size=min(n, clusters * sample), replace=False))],
                        dtype=np.float32)
    centroids = fitted[rng.choice(len(fitted), size=clusters, replace=False)].copy()
    for _ in range(iterations):
        assign = _assign(fitted, centroids)
        sums = np.zeros_like(centroids)
        np.add.at(sums, assign, fitted)
        norms = np.linalg.norm(sums, axis=1)
        empty = norms == 0
        sums[empty] = fitted[rng.choice(len(fitted), size=int(empty.sum()), replace=False)]
        norms[empty] = 1
        centroids = sums / norms[:, None]
    return centroids.astype(np.float32)


def approximate_neighbours(matrix: np.ndarray, *, top_k: int, min_score: float = 0.0, clusters: int | None = None,
                           probes: int = 12, seed: int = 0, block_cells: int = _BLOCK_CELLS,
                           scoring: sp.spmatrix | np.ndarray | None = None, rescoring: Rescoring | None = None,
                           map: Callable = map) -> Iterator[Neighbours]:
    """Approximate neighbours of every row of a dense unit-row ``matrix`` through an inverted-file index.

    ``clusters`` (default one per 300 rows) spherical k-means clusters of ``matrix``; each
    cluster's rows are compared with the rows of its ``probes`` nearest
    clusters (itself included), by their rows in ``scoring`` (default
    ``matrix``; kg passes the sparse TF-IDF + entity rows and clusters by
    their LSA reduction; ``rescoring`` as for :func:`nearest_neighbours`).  Tasks go through ``map`` (pass a Dask client's
    ``lambda f, tasks: client.gather(client.map(f, tasks))`` to spread them);
    rows left with fewer than ``min(top_k, N - 1)`` neighbours are then
    searched exactly.  Yields ``(rows, columns, scores)`` like
    :func:`nearest_neighbours`.  Given ``scoring``, the search does not
    hold ``matrix`` once the rows are placed in clusters.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> m = rng.standard_normal((500, 16)).astype(np.float32)
    >>> m /= np.linalg.norm(m, axis=1, keepdims=True)
    >>> rows = np.concatenate([r for r, _, _ in approximate_neighbours(m, top_k=3)])
    >>> bool((np.bincount(rows, minlength=500) == 3).all())
    True
    """
    matrix = np.asarray(matrix)
    if matrix.dtype not in (np.float16, np.float32):
        matrix = matrix.astype(np.float32)
    scoring = matrix if scoring is None else scoring
    n = matrix.shape[0]
    clusters = max(1, min(n, clusters or round(n / _CLUSTER_SIZE)))
    probes = max(1, min(probes, clusters))
    centroids = _kmeans(matrix, clusters, seed=seed)
    assign = _assign(matrix, centroids)
    if scoring is not matrix:
        del matrix  # it only placed the rows in clusters: let it go before the search (1M papers: 0.25 GB)
    order = np.argsort(assign, kind="stable")
    bounds = np.searchsorted(assign[order], np.arange(clusters + 1))
    members = [order[bounds[c]:bounds[c + 1]] for c in range(clusters)]
    nearest = np.argsort(-(centroids @ centroids.T), axis=1, kind="stable")[:, :probes]
    del order, assign
    tasks = ((scoring, members[c], np.sort(np.concatenate([members[p] for p in nearest[c]])),
              top_k, min_score, block_cells, rescoring) for c in range(clusters) if len(members[c]))
    counts = np.zeros(n, dtype=np.int64)
    for found in map(_search_cluster, tasks):
        counts += np.bincount(found[0], minlength=n)
        yield found
    short = np.flatnonzero(counts < min(top_k, n - 1))
    if len(short):
        yield from nearest_neighbours(scoring, top_k=top_k, min_score=min_score, rows=short, block_cells=block_cells,
                                      rescoring=rescoring)


def neighbours(vectors: PaperVectors, *, top_k: int, min_score: float = 0.0, exact_limit: int = EXACT_LIMIT,
               dimensions: int = INDEX_DIMENSIONS, map: Callable = map, weights: np.ndarray | None = None,
               blend: float = LSA_BLEND, dense: np.ndarray | None = None,
               dense_blend: float = DENSE_BLEND, lsa: np.ndarray | None = None, mapped: np.ndarray | None = None,
               mapped_blend: float = MAP_BLEND, short_map_blend: float = SHORT_MAP_BLEND,
               mixed_boost: float = MIXED_BOOST) -> Iterator[Neighbours]:
    """Exact neighbours up to ``exact_limit`` rows; above, approximate ones through an index on the LSA reduction.

    A pair's score is the cosine of the sparse rows, multiplied by both
    rows' ``weights`` (default 1) and by ``1 - blend + blend`` times the
    cosine of their LSA reductions (:class:`Rescoring`; the index's
    reduction, or, up to ``exact_limit``, one made for it; none for a corpus
    of at most ``2 * dimensions`` rows, which is scored by the cosine alone).
    Up to ``exact_limit`` rows, ``dense`` (one unit float16 row per row of
    ``vectors``, :func:`kg.similarity_dense.document_vectors`) moderates the
    score further (:class:`Rescoring`, ``dense_blend``); above it is not used
    (a million papers' dense rows would not fit the search's memory budget); so does
    ``mapped`` (:func:`kg.similarity_dense.mapped_vectors`, ``mapped_blend``; with them, pairs with a short side
    take ``short_map_blend`` and ``mixed_boost``, :class:`Rescoring`).
    ``lsa`` (unit float16 rows, one per row of ``vectors``: kg passes the
    shipped projection, :meth:`kg.similarity_stats.SimilarityStats.project`,
    so that a pair's score depends on the two papers only) replaces the LSA
    fitted here in the score; the index still clusters by a fitted one.
    """
    if lsa is not None and len(lsa) != vectors.matrix.shape[0]:
        raise ValueError(f"{len(lsa)} LSA rows for {vectors.matrix.shape[0]} papers; give one per paper")
    if vectors.matrix.shape[0] <= exact_limit:
        if lsa is None and blend > 0:
            lsa = reduce(vectors, dimensions=dimensions, dtype=np.float16).matrix
        if dense is not None and len(dense) != vectors.matrix.shape[0]:
            raise ValueError(f"{len(dense)} dense rows for {vectors.matrix.shape[0]} papers; give one per paper")
        if mapped is not None and len(mapped) != vectors.matrix.shape[0]:
            raise ValueError(f"{len(mapped)} mapped rows for {vectors.matrix.shape[0]} papers; give one per paper")
        rescoring = Rescoring(weights, None if lsa is None or sp.issparse(lsa) else lsa, blend,
                              dense, dense_blend if dense is not None else 0.0,
                              mapped, mapped_blend if mapped is not None else 0.0,
                              short_map_blend if mapped is not None else None,
                              mixed_boost if mapped is not None else 1.0)
        return nearest_neighbours(vectors.matrix, top_k=top_k, min_score=min_score, rescoring=rescoring, map=map)
    index = reduce(vectors, dimensions=dimensions, dtype=np.float16).matrix
    reduced = not sp.issparse(index)
    if not reduced:  # too few rows or columns to reduce: cluster the rows themselves, score by the cosine alone
        index = index.toarray()
    rescoring = Rescoring(weights, lsa if lsa is not None else index if blend > 0 and reduced else None, blend)
    return approximate_neighbours(index, top_k=top_k, min_score=min_score, scoring=vectors.matrix,
                                  rescoring=rescoring, map=map)
