"""Similar papers: every paper's ``k`` nearest papers as ``similarTo`` edges, each with a strength and a reason.

A paper is represented by its title and abstract (TF-IDF) and by the
methods, datasets and models it uses or proposes (IDF-weighted), side by side
(:mod:`kg.similarity_index`; large corpora are searched through an
approximate index).  Every paper with text or
entities gets its ``k`` nearest papers (default :data:`DEFAULT_K`), whatever
the corpus size; no absolute cut decides whether a link exists.  Instead
every computed link carries:

* ``score`` — the cosine in that space, rounded to 4 decimals;
* ``strength`` — the share of this build's computed links whose score is at
  most this one (its percentile, in (0, 1]), comparable across corpora;
* ``weak`` — ``True`` for the weakest quarter (``strength <`` :data:`WEAK_BELOW`),
  kept so that views and queries can filter them;
* ``shared_entities`` (entity node ids, rarest first) and ``shared_terms``
  (the words that weigh most in both papers' TF-IDF vectors), at most
  :data:`SHARED_SHOWN` each: why the two papers are neighbours.

How links combine
-----------------
The graph is a ``MultiDiGraph`` keyed by relation.  Similarity is symmetric,
so kg keeps **one edge per pair of papers**:

* a link a source states (a lecture page's "Similar lecture") stays as it is,
  with ``basis="source"`` and ``score=1.0``; when the computed search finds
  the same pair, its basis is added to ``bases`` and ``scores``, and the
  shared entities and terms are recorded;
* otherwise a new edge goes from the smaller node id to the larger (its
  direction means nothing), with ``basis`` the name of the representation
  (``"combined"`` for text and entities, ``"text"`` or ``"entities"`` when
  only one is used), ``bases == [basis]`` and ``scores == {basis: score}``.

Computed edges have ``extractor`` ``"kg.similarity"`` and no ``source``.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", title="Neural machine translation for low-resource languages")
>>> g.add_node("paper/b", kind="paper", title="Low-resource neural machine translation with pivots")
>>> g.add_node("paper/c", kind="paper", title="Parsing clinical notes")
>>> add_similarity_edges(g, k=1)  # "Parsing clinical notes" shares no word: no neighbour
1
>>> edge = g.edges["paper/a", "paper/b", "similarTo"]
>>> edge["basis"], edge["weak"], edge["shared_terms"][:2]
('combined', False, ['low', 'machine'])
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

import networkx as nx
import numpy as np
import scipy.sparse as sp

from kg.similarity_index import (
    INDEX_DIMENSIONS,
    PaperVectors,
    combined_vectors,
    entity_vectors,
    nearest_neighbours,
    neighbours,
    text_vectors,
)

__all__ = [
    "BASES",
    "DEFAULT_K",
    "ENTITY_WEIGHT",
    "SHARED_SHOWN",
    "SIMILARITY_EXTRACTOR",
    "WEAK_BELOW",
    "PaperVectors",
    "add_similarity_edges",
    "basis_name",
    "entity_vectors",
    "nearest_neighbours",
    "paper_vectors",
    "similar_pairs",
    "text_vectors",
]

#: What a paper's vector is made of.
BASES = ("text", "entities")
#: Neighbours per paper.
DEFAULT_K = 5
#: Weight of the entity part against the text part (1 = alike); chosen on held-out Anthology volumes.
ENTITY_WEIGHT = 0.5
#: Links whose strength (percentile among the build's computed links) is below this are marked weak.
WEAK_BELOW = 0.25
#: Shared entities and shared terms kept per link.
SHARED_SHOWN = 5
#: ``extractor`` of every computed ``similarTo`` edge.
SIMILARITY_EXTRACTOR = "kg.similarity"
_SIMILAR = "similarTo"
_PLACES = 4


def basis_name(bases: Sequence[str]) -> str:
    """The ``basis`` of links computed from ``bases``: ``"combined"`` for both, else the one used.

    >>> basis_name(("text", "entities")), basis_name(("entities",))
    ('combined', 'entities')
    """
    return "combined" if set(bases) == set(BASES) else bases[0]


def paper_vectors(graph: nx.MultiDiGraph, *, bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                  exclude_extractors: Iterable[str] = ()) -> tuple[PaperVectors, PaperVectors, PaperVectors]:
    """The vectors neighbours are scored with, and the text and entity vectors that explain them.

    Returns ``(combined, text, entities)``: ``combined`` is text and entities
    side by side (:func:`kg.similarity_index.combined_vectors`).
    """
    empty = PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))
    text = text_vectors(graph) if "text" in bases else empty
    entities = entity_vectors(graph, exclude_extractors=exclude_extractors) if "entities" in bases else empty
    combined = combined_vectors(text, entities, entity_weight=entity_weight if "text" in bases else 1.0)
    return combined, text, entities


def similar_pairs(vectors: PaperVectors, *, k: int = DEFAULT_K, min_score: float = 0.0,
                  dimensions: int = INDEX_DIMENSIONS, map: Callable = map) -> dict[tuple[str, str], float]:
    """Each paper's ``k`` nearest papers as unordered pairs ``(smaller id, larger id)`` → score.

    Examples
    --------
    >>> m = sp.csr_matrix([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32)
    >>> similar_pairs(PaperVectors(("paper/a", "paper/b", "paper/c"), m), k=1)
    {('paper/a', 'paper/b'): 0.8, ('paper/b', 'paper/c'): 0.6}
    """
    pairs: dict[tuple[str, str], float] = {}
    papers = vectors.papers
    for rows, columns, scores in neighbours(vectors, top_k=k, min_score=min_score, dimensions=dimensions, map=map):
        for row, column, score in zip(rows.tolist(), columns.tolist(), scores.tolist()):
            a, b = papers[row], papers[column]
            pairs[(a, b) if a < b else (b, a)] = min(1.0, max(0.0, round(score, _PLACES)))
    return pairs


def add_similarity_edges(
    graph: nx.MultiDiGraph,
    *,
    k: int = DEFAULT_K,
    min_score: float = 0.0,
    bases: Sequence[str] = BASES,
    entity_weight: float = ENTITY_WEIGHT,
    dimensions: int = INDEX_DIMENSIONS,
    exclude_extractors: Iterable[str] = (),
    map: Callable = map,
) -> int:
    """Link every paper to its ``k`` nearest papers by ``similarTo``; return how many new edges were added.

    Every existing ``similarTo`` edge without a ``basis`` is a source's own
    link: it gets ``basis="source"`` and ``score=1.0``.  Running it again
    adds nothing.  See the module docstring for the attributes.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A graph as :func:`kg.pipeline.build` returns it; changed in place.
    k : int
        Neighbours per paper (a pair found from both ends is one edge).
    min_score : float
        Lowest score (0 to 1) that makes a link; 0 keeps all ``k``.
    bases : sequence of str
        What a paper's vector is made of: ``"text"``, ``"entities"`` or both.
    entity_weight : float
        Weight of the entity part against the text part.
    dimensions : int
        LSA dimensions of the approximate index (corpora over
        :data:`kg.similarity_index.EXACT_LIMIT` papers).
    exclude_extractors : iterable of str
        Entity links made only by these extractors are ignored (e.g.
        ``{"papers-with-code"}`` to measure against Papers-with-Code tags).
    map : callable
        How the approximate search's independent tasks run (``map``, or a
        Dask client's, see :func:`kg.similarity_index.approximate_neighbours`).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> for paper in ("paper/a", "paper/b"):
    ...     g.add_node(paper, kind="paper", title="Question answering over tables")
    >>> _ = g.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", source="page.txt")
    >>> add_similarity_edges(g)
    0
    >>> edge = g.edges["paper/b", "paper/a", "similarTo"]
    >>> edge["basis"], edge["score"], edge["bases"], edge["scores"], edge["shared_terms"]
    ('source', 1.0, ['source', 'combined'], {'source': 1.0, 'combined': 1.0}, ['answering', 'question', 'tables'])
    """
    unknown = [basis for basis in bases if basis not in BASES]
    if unknown or not bases:
        raise ValueError(f"unknown similarity basis {(unknown or [None])[0]!r}; use one or both of {', '.join(BASES)}")
    if k < 1:
        raise ValueError(f"k must be at least 1, not {k}")
    if not 0 <= min_score <= 1:
        raise ValueError(f"min_score must lie in [0, 1], not {min_score}")
    for _, _, data in _similar_edges(graph):
        if not data.get("basis"):
            data["basis"], data["score"] = "source", 1.0
        data.setdefault("bases", [data["basis"]])
        data.setdefault("scores", {data["basis"]: data["score"]})
    combined, text, entities = paper_vectors(graph, bases=bases, entity_weight=entity_weight,
                                             exclude_extractors=exclude_extractors)
    found = similar_pairs(combined, k=k, min_score=min_score, dimensions=dimensions, map=map)
    basis = basis_name(bases)
    ranked = np.sort(np.fromiter(found.values(), dtype=np.float64, count=len(found)))
    existing = {(u, v) if u < v else (v, u): (u, v) for u, v, _ in _similar_edges(graph)}
    pairs = sorted(set(found) | set(existing))
    reasons = dict(zip(pairs, zip(shared_columns(entities, pairs), shared_columns(text, pairs))))
    added = 0
    for pair in pairs:
        shared_entities, shared_terms = reasons[pair]
        if pair in existing:
            data = graph.edges[(*existing[pair], _SIMILAR)]
            data.update(shared_entities=shared_entities, shared_terms=shared_terms)
            if pair in found:
                _merge(data, {basis: found[pair]})
            continue
        score = found[pair]
        strength = round(float(np.searchsorted(ranked, score, side="right")) / len(ranked), 3)
        graph.add_edge(*pair, key=_SIMILAR, relation=_SIMILAR, source=None, sources=[],
                       extractor=SIMILARITY_EXTRACTOR, basis=basis, score=score, bases=[basis],
                       scores={basis: score}, strength=strength, weak=strength < WEAK_BELOW,
                       shared_entities=shared_entities, shared_terms=shared_terms)
        added += 1
    return added


def shared_columns(vectors: PaperVectors, pairs: Sequence[tuple[str, str]], *,
                   top: int = SHARED_SHOWN) -> list[list[str]]:
    """For each pair, the columns (terms, entity ids) both rows have, by the product of their weights.

    Examples
    --------
    >>> v = PaperVectors(("paper/a", "paper/b"), sp.csr_matrix([[0.6, 0.8, 0.0], [0.8, 0.4, 0.5]]), ("x", "y", "z"))
    >>> shared_columns(v, [("paper/a", "paper/b"), ("paper/a", "paper/none")])
    [['x', 'y'], []]
    """
    result: list[list[str]] = [[] for _ in pairs]
    row = {paper: index for index, paper in enumerate(vectors.papers)}
    known = [i for i, (a, b) in enumerate(pairs) if a in row and b in row]
    if not known or not vectors.columns:
        return result
    matrix = sp.csr_matrix(vectors.matrix)
    product = sp.csr_matrix(matrix[[row[pairs[i][0]] for i in known]].multiply(
        matrix[[row[pairs[i][1]] for i in known]]))
    product.eliminate_zeros()
    local = np.repeat(np.arange(product.shape[0]), np.diff(product.indptr))
    order = np.lexsort((product.indices, -product.data, local))
    local, cells = local[order], product.indices[order]
    best = np.arange(len(local)) - np.searchsorted(local, local, side="left") < top
    for position, column in zip(local[best].tolist(), cells[best].tolist()):
        result[known[position]].append(vectors.columns[column])
    return result


def _similar_edges(graph: nx.MultiDiGraph) -> Iterator[tuple[str, str, dict]]:
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == _SIMILAR:
            yield u, v, data


def _merge(data: dict, scores: dict[str, float]) -> None:
    """Add computed scores to a stated link: "source" stays first, then by score."""
    merged = dict(data.get("scores") or {data["basis"]: data["score"]})
    merged.update(scores)
    bases = sorted(merged, key=lambda basis: (basis != "source", -merged[basis], basis))
    data.update(basis=bases[0], score=merged[bases[0]], bases=bases, scores={b: merged[b] for b in bases})
