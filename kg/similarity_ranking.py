"""Each row's best cells of a wide sparse similarity block: the exact search's ranking (:mod:`kg.similarity_index`).

A row of the full Anthology's exact search has a stored cell for every paper sharing a word with it (about 20,000
of 90,000), and a row keeps its 20 best candidates: :func:`top_stored` turns the cells into scores in millionths
(weighted, rounded and clipped by the same float32 operations as the dense ranking,
:func:`kg.similarity_index._top`, so the scores agree to the bit), finds each row's ``k``-th best score by a
partial sort of its float32 scores, and ranks only the cells at or above it, ties to the smaller column. That is
about half the work of ranking every cell by an int64 key with a partial sort of its positions (docs/scaling.md,
"The similarity stage, thirty-seventh session"): the same rows, columns and scores in the same order.

>>> product = sp.csr_matrix(np.array([[1.0, 0.5, 0.5, 0.25], [0.5, 1.0, 0.0, 0.5]], dtype=np.float32))
>>> [part.tolist() for part in top_stored(product, np.array([0, 1]), np.arange(4), 2, 0.0)]
[[0, 0, 1, 1], [1, 2, 0, 3], [0.5, 0.5, 0.5, 0.5]]
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

__all__ = ["SCALE", "top_stored"]

#: Scores are compared in millionths.
SCALE = 1_000_000

Neighbours = tuple[np.ndarray, np.ndarray, np.ndarray]


def top_stored(product: sp.csr_matrix, rows: np.ndarray, columns: np.ndarray, k: int, min_score: float,
               weights: np.ndarray | None = None) -> Neighbours:
    """Each of ``rows``' ``k`` best columns among the stored cells of ``product`` (rows × columns), best first.

    ``columns`` (strictly increasing) are the row numbers the product's columns stand for; a row's own column,
    cells stored as zero and cells scoring below ``min_score`` do not count; ties go to the smaller column.
    ``weights`` (one per row of the whole matrix) multiply each cell by its row's and its column's weight.
    Returns ``(rows, columns, scores)`` as int64, int64 and float64 arrays, row by row, each row's best first;
    scores are millionths rounded from the float32 product.
    """
    width = len(columns)
    if not width or not len(rows):
        return np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64)
    indptr, indices, data = product.indptr, product.indices, product.data
    counts = np.diff(indptr)
    if weights is not None:  # the row's weight, then the column's, as the dense ranking multiplies them
        values = data * np.repeat(weights[rows], counts) * weights[columns][indices]
    else:
        values = data.copy()
    values *= SCALE
    np.clip(np.rint(values, out=values), 0, SCALE, out=values)  # millionths, exact integers in float32
    values[_dropped(indptr, indices, data, values, rows, columns, min_score)] = -1  # below every cell kept
    floor = np.zeros(len(rows), dtype=values.dtype)  # each row's k-th best score (0 where it has at most k cells)
    for local, (start, end) in enumerate(zip(indptr[:-1].tolist(), indptr[1:].tolist())):
        if end - start > k:
            floor[local] = max(np.partition(values[start:end], end - start - k)[end - start - k], 0)
    cells = np.flatnonzero(values >= np.repeat(floor, counts))
    local = np.searchsorted(indptr, cells, side="right") - 1
    micro, found = values[cells].astype(np.int64), indices[cells]
    order = np.lexsort((found, -micro, local))  # by row, best first, ties to the smaller column
    local, micro, found = local[order], micro[order], found[order]
    keep = np.arange(len(local)) - np.searchsorted(local, local, side="left") < k
    return (np.asarray(rows, dtype=np.int64)[local[keep]], np.asarray(columns, dtype=np.int64)[found[keep]],
            micro[keep] / SCALE)


def _dropped(indptr: np.ndarray, indices: np.ndarray, data: np.ndarray, values: np.ndarray, rows: np.ndarray,
             columns: np.ndarray, min_score: float) -> np.ndarray:
    """Which cells do not count: each row's own column, cells stored as zero, and scores below ``min_score``.

    >>> _dropped(np.array([0, 2, 3]), np.array([0, 1, 0]), np.array([1.0, 0.0, 0.5]), np.array([1e6, 0.0, 5e5]),
    ...          np.array([1, 2]), np.array([1, 2]), 0.0).tolist()
    [True, True, False]
    """
    at = np.searchsorted(columns, rows)  # a row's own column, where the block has it
    at[at >= len(columns)] = 0
    own = np.where(columns[at] == rows, at, -1).astype(indices.dtype)
    drop = indices == np.repeat(own, np.diff(indptr))
    drop |= data == 0
    if min_score > 0:
        drop |= values < round(min_score * SCALE)
    return drop
