"""Similar papers: ``similarTo`` edges computed from text and from shared entities.

Two bases find neighbours, each as cosine similarity between sparse paper vectors:

* ``"text"`` — TF-IDF (scikit-learn, English stop words, sublinear term
  frequency) over each paper's title and abstract;
* ``"entities"`` — the methods, datasets and models a paper uses or proposes,
  each weighted by its inverse document frequency, so sharing a rare
  benchmark counts for more than sharing BERT.

Every paper keeps its ``top_k`` best neighbours per basis whose score is at
least ``min_score`` (by default 0.3 for text, 0.5 for entities).  Neighbours
are found by multiplying a block of rows at a time against the whole
(sparse) matrix, so memory grows with the block, never with N×N (see
:func:`nearest_neighbours`).

How bases combine
-----------------
The graph is a ``MultiDiGraph`` keyed by relation, so two papers can have one
``similarTo`` edge per direction.  Similarity is symmetric, so kg keeps **one
edge per pair of papers**:

* a link a source states (a lecture page's "Similar lecture") stays as it is,
  with ``basis="source"`` and ``score=1.0``; computed bases that found the
  same pair are added to its ``bases`` and ``scores``;
* otherwise a new edge goes from the smaller node id to the larger one (its
  direction means nothing), with ``basis`` the basis that scored highest
  (``"text"`` wins a tie), ``score`` that score, ``bases`` every basis that
  found the pair, best first, and ``scores`` ``{basis: score}``.

Scores are rounded to 4 decimals.  Computed edges have ``extractor``
``"kg.similarity"`` and no ``source`` (no input file states them).

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", title="Neural machine translation for low-resource languages")
>>> g.add_node("paper/b", kind="paper", title="Low-resource neural machine translation with pivots")
>>> g.add_node("paper/c", kind="paper", title="Parsing clinical notes")
>>> add_similarity_edges(g, top_k=1, min_score=0.2)
1
>>> edge = g.edges["paper/a", "paper/b", "similarTo"]
>>> edge["basis"], edge["bases"], 0.2 < edge["score"] < 1
('text', ['text'], True)
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np
import scipy.sparse as sp

from ontology.kinds import ENTITY_KINDS

__all__ = [
    "BASES",
    "MIN_SCORES",
    "SIMILARITY_EXTRACTOR",
    "PaperVectors",
    "add_similarity_edges",
    "entity_vectors",
    "nearest_neighbours",
    "similar_pairs",
    "text_vectors",
]

#: The computed bases, in the order that breaks ties between equal scores.
BASES = ("text", "entities")
#: Default lowest score per basis.  On the ACL Anthology, text neighbours at 0.3 or more share a
#: Papers-with-Code dataset 34 times as often as random pairs; entity scores run higher (a single
#: shared rare benchmark scores ~0.3–0.5), so they need 0.5 (docs/analytics.md has the figures).
MIN_SCORES: Mapping[str, float] = {"text": 0.3, "entities": 0.5}
#: ``extractor`` of every computed ``similarTo`` edge.
SIMILARITY_EXTRACTOR = "kg.similarity"
#: Words in more than this share of the papers (and more than the floor) are corpus stop words: they
#: weigh little (low IDF) yet dominate the cost of the product, which grows with the square of a word's count.
_COMMON_TERM_SHARE = 0.05
_COMMON_TERM_FLOOR = 100
_ENTITY_KINDS = frozenset(ENTITY_KINDS)
_ENTITY_RELATIONS = frozenset({"uses", "proposes"})
_SIMILAR = "similarTo"
_PLACES = 4
_SCALE = 1_000_000  # scores are compared in millionths
#: Cells (rows × papers) of one block of the similarity product; only its non-zero cells are stored.
_BLOCK_CELLS = 1 << 22
_MAX_BLOCK_CELLS = 1 << 40  # keeps the int64 sort key of a block from overflowing


@dataclass(frozen=True)
class PaperVectors:
    """Rows of L2-normalised sparse vectors and the paper node each row stands for."""

    papers: tuple[str, ...]
    matrix: sp.csr_matrix


def _papers(graph: nx.MultiDiGraph) -> list[str]:
    return sorted(node for node, kind in graph.nodes(data="kind") if kind == "paper")


def text_vectors(graph: nx.MultiDiGraph) -> PaperVectors:
    """TF-IDF vectors of every paper's title and abstract (papers with neither are left out).

    English stop words are dropped, and so are words found in more than 5%
    of the papers (and in more than 100): on the ACL Anthology these 91 words
    ("language", "model", "results", ...) carry a tenth of the vectors' weight
    but three quarters of the cost of comparing them.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="Dense retrieval", abstract="We study dense retrieval.")
    >>> g.add_node("paper/b", kind="paper", title=None, abstract=None)
    >>> vectors = text_vectors(g)
    >>> vectors.papers, vectors.matrix.shape[0]
    (('paper/a',), 1)
    """
    from sklearn.feature_extraction.text import TfidfVectorizer

    papers, texts = [], []
    for node in _papers(graph):
        data = graph.nodes[node]
        text = " ".join(part for part in (data.get("title"), data.get("abstract")) if part)
        if text.strip():
            papers.append(node)
            texts.append(text)
    if not papers:
        return PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))
    common = max(int(_COMMON_TERM_SHARE * len(texts)), _COMMON_TERM_FLOOR)
    vectorizer = TfidfVectorizer(stop_words="english", sublinear_tf=True, max_df=common, dtype=np.float32)
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:  # only stop words: no vocabulary at all
        return PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))
    return _non_empty(tuple(papers), sp.csr_matrix(matrix, dtype=np.float32))


def entity_vectors(graph: nx.MultiDiGraph) -> PaperVectors:
    """IDF-weighted vectors of the methods, datasets and models each paper uses or proposes.

    A paper naming no entity is left out.  The weight of an entity is
    ``log((1 + papers) / (1 + papers naming it)) + 1`` (scikit-learn's smooth
    IDF), so a rare shared benchmark says more than a ubiquitous one.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper"); g.add_node("dataset/squad", kind="dataset")
    >>> _ = g.add_edge("paper/a", "dataset/squad", key="uses", relation="uses")
    >>> vectors = entity_vectors(g)
    >>> vectors.papers, vectors.matrix.toarray().round(3).tolist()
    (('paper/a',), [[1.0]])
    """
    entity_column: dict[str, int] = {}
    rows: list[int] = []
    columns: list[int] = []
    papers: list[str] = []
    for node in _papers(graph):
        named = sorted({
            target for _, target, relation in graph.out_edges(node, keys=True)
            if relation in _ENTITY_RELATIONS and graph.nodes[target].get("kind") in _ENTITY_KINDS
        })
        if not named:
            continue
        for entity in named:
            rows.append(len(papers))
            columns.append(entity_column.setdefault(entity, len(entity_column)))
        papers.append(node)
    if not papers:
        return PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))
    ones = np.ones(len(rows), dtype=np.float32)
    incidence = sp.csr_matrix((ones, (rows, columns)), shape=(len(papers), len(entity_column)))
    document_frequency = np.bincount(incidence.indices, minlength=incidence.shape[1])
    idf = (np.log((1 + len(papers)) / (1 + document_frequency)) + 1).astype(np.float32)
    return _non_empty(tuple(papers), incidence @ sp.diags(idf, format="csr"))


def _non_empty(papers: tuple[str, ...], matrix: sp.csr_matrix) -> PaperVectors:
    """Rows L2-normalised; all-zero rows (nothing left after stop words) dropped."""
    matrix = sp.csr_matrix(matrix, dtype=np.float32)
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    keep = np.flatnonzero(norms > 0)
    matrix = sp.diags(1 / norms[keep], format="csr") @ matrix[keep]
    return PaperVectors(tuple(papers[i] for i in keep), sp.csr_matrix(matrix, dtype=np.float32))


def nearest_neighbours(
    matrix: sp.spmatrix, *, top_k: int, min_score: float, block_cells: int = _BLOCK_CELLS
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The ``top_k`` most similar other rows of each row whose dot product is at least ``min_score``.

    Rows should be L2-normalised, so dot products are cosine similarities.
    The product ``matrix @ matrix.T`` is computed one block of rows at a time
    (each block has at most ``block_cells`` cells, kept sparse), so memory
    grows with the block and never with the square of the row count.  Scores
    are rounded to 6 decimals first, so values equal up to floating-point
    noise tie; ties are broken by the smaller column index, so the result is
    deterministic.

    Yields
    ------
    rows, columns, scores : numpy.ndarray
        One triple of equal-length arrays per block: row ``rows[i]``'s
        neighbour ``columns[i]`` with similarity ``scores[i]`` (rounded to 6
        decimals), best neighbour of each row first.

    Examples
    --------
    >>> m = sp.csr_matrix([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]])
    >>> [(r.tolist(), c.tolist()) for r, c, _ in nearest_neighbours(m, top_k=1, min_score=0.5)]
    [([0, 1, 2], [1, 0, 1])]
    """
    if top_k < 1:
        raise ValueError(f"top_k must be at least 1, not {top_k}")
    matrix = sp.csr_matrix(matrix, dtype=np.float32)
    n = matrix.shape[0]
    transposed = matrix.T.tocsr()
    block = max(1, min(block_cells, _MAX_BLOCK_CELLS) // max(n, 1))
    threshold = int(round(min_score * _SCALE))
    for start in range(0, n, block):
        product = sp.csr_matrix(matrix[start:start + block] @ transposed)
        rows = np.repeat(np.arange(product.shape[0], dtype=np.int64), np.diff(product.indptr))
        # Scores as integers in millionths: equal up to float noise is a tie, and one sort key holds
        # (row, best score first, smaller column first).
        micro = np.clip(np.rint(product.data * _SCALE), 0, _SCALE).astype(np.int64)
        columns = product.indices.astype(np.int64)
        keep = (micro >= threshold) & (rows + start != columns)
        rows, columns, micro = rows[keep], columns[keep], micro[keep]
        order = np.argsort((rows * (_SCALE + 1) + (_SCALE - micro)) * n + columns)
        rows, columns, micro = rows[order], columns[order], micro[order]
        best = np.arange(len(rows)) - np.searchsorted(rows, rows, side="left") < top_k
        yield rows[best] + start, columns[best], micro[best] / _SCALE


def similar_pairs(vectors: PaperVectors, *, top_k: int, min_score: float) -> dict[tuple[str, str], float]:
    """Each paper's ``top_k`` neighbours as unordered pairs ``(smaller id, larger id)`` → score.

    Examples
    --------
    >>> m = sp.csr_matrix([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32)
    >>> similar_pairs(PaperVectors(("paper/a", "paper/b", "paper/c"), m), top_k=1, min_score=0.5)
    {('paper/a', 'paper/b'): 0.8, ('paper/b', 'paper/c'): 0.6}
    """
    pairs: dict[tuple[str, str], float] = {}
    papers = vectors.papers
    for rows, columns, scores in nearest_neighbours(vectors.matrix, top_k=top_k, min_score=min_score):
        for row, column, score in zip(rows.tolist(), columns.tolist(), scores.tolist()):
            a, b = papers[row], papers[column]
            pair = (a, b) if a < b else (b, a)
            pairs[pair] = min(1.0, round(score, _PLACES))
    return pairs


def add_similarity_edges(
    graph: nx.MultiDiGraph,
    *,
    top_k: int = 5,
    min_score: float | Mapping[str, float] = MIN_SCORES,
    bases: Sequence[str] = BASES,
) -> int:
    """Add computed ``similarTo`` edges between papers; return how many new edges were added.

    Every existing ``similarTo`` edge without a ``basis`` is a source's own
    link: it gets ``basis="source"`` and ``score=1.0``.  Then, for each basis
    in ``bases`` (``"text"``, ``"entities"``), each paper's ``top_k`` most
    similar papers with a cosine of at least ``min_score`` are linked, one
    edge per pair of papers (see the module docstring for how bases combine).
    Running it again adds nothing new.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A graph as :func:`kg.pipeline.build` returns it; changed in place.
    top_k : int
        Neighbours kept per paper and basis.
    min_score : float or mapping of str to float
        Lowest cosine similarity (0 to 1) that makes a neighbour, one for
        every basis or per basis (default :data:`MIN_SCORES`: text 0.3,
        entities 0.5).
    bases : sequence of str
        Which computed bases to use.

    Returns
    -------
    int
        The number of ``similarTo`` edges added (merges into existing edges
        are not counted).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> for paper in ("paper/a", "paper/b"):
    ...     g.add_node(paper, kind="paper", title="Question answering over tables")
    >>> _ = g.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", source="page.txt")
    >>> add_similarity_edges(g)
    0
    >>> edge = g.edges["paper/b", "paper/a", "similarTo"]
    >>> edge["basis"], edge["score"], edge["bases"], edge["scores"]
    ('source', 1.0, ['source', 'text'], {'source': 1.0, 'text': 1.0})
    """
    unknown = [basis for basis in bases if basis not in BASES]
    if unknown:
        raise ValueError(f"unknown similarity basis {unknown[0]!r}; use one of {', '.join(BASES)}")
    thresholds = {basis: min_score for basis in BASES} if isinstance(min_score, (int, float)) else dict(min_score)
    for basis in bases:
        if not 0 <= thresholds.get(basis, -1) <= 1:
            raise ValueError(f"min_score for {basis!r} must lie in [0, 1], not {thresholds.get(basis)}")
    for _, _, data in _similar_edges(graph):
        if not data.get("basis"):
            data["basis"], data["score"] = "source", 1.0
        data.setdefault("bases", [data["basis"]])
        data.setdefault("scores", {data["basis"]: data["score"]})
    found: dict[tuple[str, str], dict[str, float]] = {}
    for basis in BASES:
        if basis in bases:
            vectors = text_vectors(graph) if basis == "text" else entity_vectors(graph)
            for pair, score in similar_pairs(vectors, top_k=top_k, min_score=thresholds[basis]).items():
                found.setdefault(pair, {})[basis] = score
    added = 0
    for (a, b), scores in sorted(found.items()):
        existing = [(u, v) for u, v in ((a, b), (b, a)) if graph.has_edge(u, v, key=_SIMILAR)]
        for u, v in existing:
            _merge(graph.edges[u, v, _SIMILAR], scores)
        if not existing:
            graph.add_edge(a, b, key=_SIMILAR, relation=_SIMILAR, source=None, sources=[],
                           extractor=SIMILARITY_EXTRACTOR, **_attributes(scores))
            added += 1
    return added


def _similar_edges(graph: nx.MultiDiGraph) -> Iterator[tuple[str, str, dict]]:
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == _SIMILAR:
            yield u, v, data


def _ranked(scores: dict[str, float]) -> list[str]:
    """Bases best first: "source" before any computed one, then by score, then in :data:`BASES` order."""
    order = ("source", *BASES)
    return sorted(scores, key=lambda basis: (basis != "source", -scores[basis],
                                             order.index(basis) if basis in order else len(order), basis))


def _attributes(scores: dict[str, float]) -> dict:
    bases = _ranked(scores)
    return {"basis": bases[0], "score": scores[bases[0]], "bases": bases,
            "scores": {basis: scores[basis] for basis in bases}}


def _merge(data: dict, scores: dict[str, float]) -> None:
    merged = dict(data.get("scores") or {data["basis"]: data["score"]})
    merged.update(scores)
    data.update(_attributes(merged))
