"""Paper vectors and the k-nearest-neighbour search behind :mod:`kg.similarity`, in bounded memory.

A paper is one sparse row: its TF-IDF text vector and its IDF-weighted
entity vector side by side (:func:`combined_vectors`).  Neighbours are cosine
similarities between rows, always computed on these sparse rows (on held-out
Anthology volumes they found better neighbours than LSA, see
docs/analytics.md):

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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np
import scipy.sparse as sp

from ontology.kinds import ENTITY_KINDS

__all__ = [
    "EXACT_LIMIT",
    "INDEX_DIMENSIONS",
    "SVD_SAMPLE",
    "PaperVectors",
    "approximate_neighbours",
    "combined_vectors",
    "entity_vectors",
    "nearest_neighbours",
    "neighbours",
    "reduce",
    "text_vectors",
]

#: Dimensions of the LSA reduction the approximate index clusters rows by.
INDEX_DIMENSIONS = 128
#: The truncated SVD is fitted on at most this many rows (a seeded sample), then applied to all.
SVD_SAMPLE = 100_000
#: Up to this many rows the search is exact; above, :func:`approximate_neighbours`.
EXACT_LIMIT = 30_000
#: Words in more than this share of the papers (and more than the floor) are corpus stop words: they
#: weigh little (low IDF) yet dominate the cost of the product, which grows with the square of a word's count.
_COMMON_TERM_SHARE = 0.05
_COMMON_TERM_FLOOR = 100
_ENTITY_KINDS = frozenset(ENTITY_KINDS)
_ENTITY_RELATIONS = frozenset({"uses", "proposes"})
_SCALE = 1_000_000  # scores are compared in millionths
#: Rows per cluster of the approximate index (√N on the 90k-paper Anthology); constant, so the search grows with N.
_CLUSTER_SIZE = 300
#: Cells (rows × columns) of one block of a similarity product.
_BLOCK_CELLS = 1 << 22

Neighbours = tuple[np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True)
class PaperVectors:
    """Rows of L2-normalised vectors, the paper node each row stands for, and the columns' names where known."""

    papers: tuple[str, ...]
    matrix: sp.csr_matrix | np.ndarray
    columns: tuple[str, ...] = ()


def _papers(graph: nx.MultiDiGraph) -> list[str]:
    return sorted(node for node, kind in graph.nodes(data="kind") if kind == "paper")


def _empty() -> PaperVectors:
    return PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))


def text_vectors(graph: nx.MultiDiGraph) -> PaperVectors:
    """TF-IDF vectors of every paper's title and abstract (papers with neither are left out).

    English stop words are dropped, and so are words found in more than 5%
    of the papers (and in more than 100): on the ACL Anthology these 91 words
    ("language", "model", "results", ...) carry a tenth of the vectors' weight
    but three quarters of the cost of comparing them.  ``columns`` are the words.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="Dense retrieval", abstract="We study dense retrieval.")
    >>> g.add_node("paper/b", kind="paper", title=None, abstract=None)
    >>> vectors = text_vectors(g)
    >>> vectors.papers, vectors.columns
    (('paper/a',), ('dense', 'retrieval', 'study'))
    """
    papers, texts = [], []
    for node in _papers(graph):
        data = graph.nodes[node]
        text = " ".join(part for part in (data.get("title"), data.get("abstract")) if part)
        if text.strip():
            papers.append(node)
            texts.append(text)
    return tfidf(papers, texts)


def tfidf(papers: Sequence[str], texts: Iterable[str]) -> PaperVectors:
    """TF-IDF rows of ``texts`` (one per paper) as :func:`text_vectors` makes them."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    if not papers:
        return _empty()
    common = max(int(_COMMON_TERM_SHARE * len(papers)), _COMMON_TERM_FLOOR)
    vectorizer = TfidfVectorizer(stop_words="english", sublinear_tf=True, max_df=common, dtype=np.float32)
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:  # only stop words: no vocabulary at all
        return _empty()
    return _non_empty(tuple(papers), matrix, tuple(vectorizer.get_feature_names_out().tolist()))


def entity_vectors(graph: nx.MultiDiGraph, *, exclude_extractors: Iterable[str] = ()) -> PaperVectors:
    """IDF-weighted vectors of the methods, datasets and models each paper uses or proposes.

    A paper naming no entity is left out.  The weight of an entity is
    ``log((1 + papers) / (1 + papers naming it)) + 1`` (scikit-learn's smooth
    IDF), so a rare shared benchmark says more than a ubiquitous one.  An
    edge whose every mention comes from an extractor in ``exclude_extractors``
    (e.g. ``"papers-with-code"``) is not counted.  ``columns`` are entity ids.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper"); g.add_node("dataset/squad", kind="dataset")
    >>> _ = g.add_edge("paper/a", "dataset/squad", key="uses", relation="uses")
    >>> vectors = entity_vectors(g)
    >>> vectors.papers, vectors.matrix.toarray().round(3).tolist(), vectors.columns
    (('paper/a',), [[1.0]], ('dataset/squad',))
    """
    excluded = frozenset(exclude_extractors)
    entity_column: dict[str, int] = {}
    rows: list[int] = []
    columns: list[int] = []
    papers: list[str] = []
    for node in _papers(graph):
        named = sorted({
            target for _, target, relation, data in graph.out_edges(node, keys=True, data=True)
            if relation in _ENTITY_RELATIONS and graph.nodes[target].get("kind") in _ENTITY_KINDS
            and not (excluded and _only_from(data, excluded))
        })
        if not named:
            continue
        for entity in named:
            rows.append(len(papers))
            columns.append(entity_column.setdefault(entity, len(entity_column)))
        papers.append(node)
    if not papers:
        return _empty()
    ones = np.ones(len(rows), dtype=np.float32)
    incidence = sp.csr_matrix((ones, (rows, columns)), shape=(len(papers), len(entity_column)))
    document_frequency = np.bincount(incidence.indices, minlength=incidence.shape[1])
    idf = (np.log((1 + len(papers)) / (1 + document_frequency)) + 1).astype(np.float32)
    return _non_empty(tuple(papers), incidence @ sp.diags(idf, format="csr"), tuple(entity_column))


def _only_from(data: dict, excluded: frozenset[str]) -> bool:
    extractors = {m.get("extractor") for m in data.get("mentions") or ()} or {data.get("extractor")}
    return extractors <= excluded


def combined_vectors(text: PaperVectors, entities: PaperVectors, *, entity_weight: float) -> PaperVectors:
    """Text and entity vectors side by side, the entity part scaled by ``entity_weight``, rows re-normalised.

    A paper with only one of the two keeps that one.  Since both parts are
    unit vectors, the cosine of two combined rows is a weighted mean of their
    text and entity cosines (``entity_weight=1`` weighs both alike).

    Examples
    --------
    >>> t = PaperVectors(("paper/a", "paper/b"), sp.csr_matrix([[1.0], [1.0]]), ("word",))
    >>> e = PaperVectors(("paper/b",), sp.csr_matrix([[1.0]]), ("dataset/x",))
    >>> c = combined_vectors(t, e, entity_weight=1.0)
    >>> c.papers, c.columns, c.matrix.toarray().astype(float).round(3).tolist()
    (('paper/a', 'paper/b'), ('word', 'dataset/x'), [[1.0, 0.0], [0.707, 0.707]])
    """
    papers = tuple(sorted(set(text.papers) | set(entities.papers)))
    if not papers:
        return _empty()
    row = {paper: index for index, paper in enumerate(papers)}
    parts = []
    for vectors, weight in ((text, 1.0), (entities, entity_weight)):
        width = vectors.matrix.shape[1] if vectors.papers else 0
        if not vectors.papers or weight <= 0:
            parts.append(sp.csr_matrix((len(papers), width), dtype=np.float32))
            continue
        scatter = sp.csr_matrix((np.ones(len(vectors.papers), dtype=np.float32),
                                 ([row[p] for p in vectors.papers], np.arange(len(vectors.papers)))),
                                shape=(len(papers), len(vectors.papers)))
        parts.append(scatter @ sp.csr_matrix(vectors.matrix) * np.float32(weight))
    return _non_empty(papers, sp.hstack(parts, format="csr"), (*text.columns, *entities.columns))


def _non_empty(papers: tuple[str, ...], matrix, columns: tuple[str, ...] = ()) -> PaperVectors:
    """Rows L2-normalised; all-zero rows (nothing left after stop words) dropped."""
    matrix = sp.csr_matrix(matrix, dtype=np.float32)
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    keep = np.flatnonzero(norms > 0)
    matrix = sp.diags(1 / norms[keep], format="csr") @ matrix[keep]
    return PaperVectors(tuple(papers[i] for i in keep), sp.csr_matrix(matrix, dtype=np.float32), columns)


def reduce(vectors: PaperVectors, *, dimensions: int = INDEX_DIMENSIONS, sample: int = SVD_SAMPLE,
           seed: int = 0) -> PaperVectors:
    """LSA: the rows projected on the top ``dimensions`` singular vectors, L2-normalised, as dense float32.

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
    dense = np.empty((n, dimensions), dtype=np.float32)
    step = max(1, (1 << 20) // dimensions)
    for start in range(0, n, step):
        dense[start:start + step] = matrix[start:start + step] @ components
    norms = np.linalg.norm(dense, axis=1)
    norms[norms == 0] = 1
    dense /= norms[:, None]
    return PaperVectors(vectors.papers, dense, ())


def _top(product: np.ndarray | sp.spmatrix, rows: np.ndarray, columns: np.ndarray, k: int,
         min_score: float) -> Neighbours:
    """Each of ``rows``' ``k`` best columns in ``product`` (rows × columns), best first, itself excluded."""
    n_columns = max(int(columns.max()) + 1 if len(columns) else 1, 1)
    if sp.issparse(product):
        product = sp.csr_matrix(product)
        local = np.repeat(np.arange(product.shape[0]), np.diff(product.indptr))
        cells, values = product.indices, product.data
    else:
        local = np.repeat(np.arange(product.shape[0]), product.shape[1])
        cells, values = np.tile(np.arange(product.shape[1]), product.shape[0]), product.ravel()
    micro = np.clip(np.rint(values * _SCALE), 0, _SCALE).astype(np.int64)
    row, column = rows[local], columns[cells]
    keep = (micro >= round(min_score * _SCALE)) & (row != column)
    local, row, column, micro = local[keep], row[keep], column[keep], micro[keep]
    order = np.argsort((local * (_SCALE + 1) + (_SCALE - micro)) * n_columns + column, kind="stable")
    local, row, column, micro = local[order], row[order], column[order], micro[order]
    best = np.arange(len(local)) - np.searchsorted(local, local, side="left") < k
    return row[best], column[best], micro[best] / _SCALE


def nearest_neighbours(matrix: sp.spmatrix | np.ndarray, *, top_k: int, min_score: float = 0.0,
                       rows: np.ndarray | None = None, block_cells: int = _BLOCK_CELLS) -> Iterator[Neighbours]:
    """Exact: the ``top_k`` most similar other rows of each row (of ``rows``, default all), score ≥ ``min_score``.

    Rows should be L2-normalised, so dot products are cosines.  The product
    is computed one block of rows at a time (at most ``block_cells`` cells),
    so memory grows with the block and never with the square of the row
    count.  Yields ``(rows, columns, scores)`` per block, best neighbour of
    each row first; scores are rounded to 6 decimals and ties go to the
    smaller column.
    """
    if top_k < 1:
        raise ValueError(f"k must be at least 1, not {top_k}")
    dense = not sp.issparse(matrix)
    matrix = np.asarray(matrix, dtype=np.float32) if dense else sp.csr_matrix(matrix, dtype=np.float32)
    n = matrix.shape[0]
    wanted = np.arange(n) if rows is None else np.asarray(rows, dtype=np.int64)
    transposed = matrix.T if dense else matrix.T.tocsr()
    block = max(1, block_cells // max(n, 1))
    everything = np.arange(n, dtype=np.int64)
    for start in range(0, len(wanted), block):
        chunk = wanted[start:start + block]
        yield _top(matrix[chunk] @ transposed, chunk, everything, top_k, min_score)


def _search_cluster(task: tuple[np.ndarray, np.ndarray, np.ndarray, int, float, int]) -> Neighbours:
    """One inverted-file task: ``queries`` against ``candidates`` (row indices of ``matrix``)."""
    matrix, queries, candidates, k, min_score, block_cells = task
    found = []
    pool = matrix[candidates].T
    block = max(1, block_cells // max(len(candidates), 1))
    for start in range(0, len(queries), block):
        chunk = queries[start:start + block]
        found.append(_top(matrix[chunk] @ pool, chunk, candidates, k, min_score))
    return tuple(np.concatenate(parts) for parts in zip(*found)) if found else _nothing()


def _nothing() -> Neighbours:
    return np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64)


def _assign(matrix: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """The nearest centroid of each row, a block of rows at a time."""
    assign = np.empty(matrix.shape[0], dtype=np.int64)
    step = max(1, _BLOCK_CELLS // len(centroids))
    for start in range(0, matrix.shape[0], step):
        assign[start:start + step] = np.argmax(matrix[start:start + step] @ centroids.T, axis=1)
    return assign


def _kmeans(matrix: np.ndarray, clusters: int, *, seed: int, iterations: int = 8,
            sample: int = 32) -> np.ndarray:
    """Spherical k-means centroids (unit rows) fitted on a seeded sample of ``sample`` rows per cluster."""
    rng = np.random.default_rng(seed)
    n = matrix.shape[0]
    fitted = matrix[np.sort(rng.choice(n, size=min(n, clusters * sample), replace=False))]
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
                           scoring: sp.spmatrix | np.ndarray | None = None,
                           map: Callable = map) -> Iterator[Neighbours]:
    """Approximate neighbours of every row of a dense unit-row ``matrix`` through an inverted-file index.

    ``clusters`` (default one per 300 rows) spherical k-means clusters of ``matrix``; each
    cluster's rows are compared with the rows of its ``probes`` nearest
    clusters (itself included), by their rows in ``scoring`` (default
    ``matrix``; kg passes the sparse TF-IDF + entity rows and clusters by
    their LSA reduction).  Tasks go through ``map`` (pass a Dask client's
    ``lambda f, tasks: client.gather(client.map(f, tasks))`` to spread them);
    rows left with fewer than ``min(top_k, N - 1)`` neighbours are then
    searched exactly.  Yields ``(rows, columns, scores)`` like
    :func:`nearest_neighbours`.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> m = rng.standard_normal((500, 16)).astype(np.float32)
    >>> m /= np.linalg.norm(m, axis=1, keepdims=True)
    >>> rows = np.concatenate([r for r, _, _ in approximate_neighbours(m, top_k=3)])
    >>> bool((np.bincount(rows, minlength=500) == 3).all())
    True
    """
    matrix = np.asarray(matrix, dtype=np.float32)
    scoring = matrix if scoring is None else scoring
    n = matrix.shape[0]
    clusters = max(1, min(n, clusters or round(n / _CLUSTER_SIZE)))
    probes = max(1, min(probes, clusters))
    centroids = _kmeans(matrix, clusters, seed=seed)
    assign = _assign(matrix, centroids)
    order = np.argsort(assign, kind="stable")
    bounds = np.searchsorted(assign[order], np.arange(clusters + 1))
    members = [order[bounds[c]:bounds[c + 1]] for c in range(clusters)]
    nearest = np.argsort(-(centroids @ centroids.T), axis=1, kind="stable")[:, :probes]
    del order, assign
    tasks = ((scoring, members[c], np.sort(np.concatenate([members[p] for p in nearest[c]])),
              top_k, min_score, block_cells) for c in range(clusters) if len(members[c]))
    counts = np.zeros(n, dtype=np.int64)
    for found in map(_search_cluster, tasks):
        counts += np.bincount(found[0], minlength=n)
        yield found
    short = np.flatnonzero(counts < min(top_k, n - 1))
    if len(short):
        yield from nearest_neighbours(scoring, top_k=top_k, min_score=min_score, rows=short, block_cells=block_cells)


def neighbours(vectors: PaperVectors, *, top_k: int, min_score: float = 0.0, exact_limit: int = EXACT_LIMIT,
               dimensions: int = INDEX_DIMENSIONS, map: Callable = map) -> Iterator[Neighbours]:
    """Exact neighbours up to ``exact_limit`` rows; above, approximate ones through an index on the LSA reduction."""
    if vectors.matrix.shape[0] <= exact_limit:
        return nearest_neighbours(vectors.matrix, top_k=top_k, min_score=min_score)
    index = reduce(vectors, dimensions=dimensions).matrix
    if sp.issparse(index):  # too few rows or columns to reduce: cluster the rows themselves
        index = index.toarray()
    return approximate_neighbours(index, top_k=top_k, min_score=min_score, scoring=vectors.matrix, map=map)
