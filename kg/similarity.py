"""Similar papers: every paper's ``k`` nearest papers as ``similarTo`` edges, each with a strength and a reason.

A paper is represented by its title and abstract (TF-IDF) and by the
methods, datasets and models it uses or proposes (IDF-weighted), side by side,
every weight taken from reference statistics shipped with kg
(:mod:`kg.similarity_stats`), so that a link depends on its two papers only
(:mod:`kg.similarity_vectors`; large corpora are searched through an
approximate index, :mod:`kg.similarity_index`).  The links are computed by
:func:`kg.similarity_links.similar_links`, which needs no graph (a stream or
table of :class:`~kg.similarity_links.PaperText`); this module reads the
papers off a graph and writes the links back as edges.  Every paper with text or
entities gets its ``k`` nearest papers (default :data:`DEFAULT_K`), whatever
the corpus size; no absolute cut decides whether a link exists.  Instead
every computed link carries:

* ``score`` — the cosine in that space, scaled down for short texts
  (:func:`kg.similarity_vectors.length_weights`) and moderated by the LSA
  cosine and, up to 100,000 papers, by the cosine of dense vectors made from
  word vectors shipped with kg (:mod:`kg.similarity_dense`,
  :func:`kg.similarity_index.neighbours`), rounded to 4 decimals;
* ``strength`` — the share of a reference build's links (the ACL Anthology's
  train split, :mod:`kg.similarity_stats`) whose score is at most this one
  (its percentile, in (0, 1]), comparable across corpora and builds;
* ``weak`` — ``True`` when ``strength <`` :data:`WEAK_BELOW` (weaker than three
  quarters of the reference build's links; in a small or narrow corpus most
  computed links are), or when the two papers share title labels and nothing
  else (two label-only pages such as "Introduction" and "Keynote address",
  whatever the strength), or when they share no entity and no term of the
  text rows (only corpus stop words, or words spelled alike: "Translation"
  and "Machine Translation"), kept so that views and queries can filter them;
* ``shared_entities`` (entity node ids, rarest first) and ``shared_terms``
  (the words that weigh most in both papers' TF-IDF vectors), at most
  :data:`SHARED_SHOWN` each: why the two papers are neighbours.  A computed
  link never has both empty: where the papers share neither, its terms say
  what they do share, "translation (frequent word)", "microsemantics ~
  semantical (spelled alike)" or "no shared word"
  (:mod:`kg.similarity_unshared`).

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

Computed edges have ``extractor`` ``"kg.similarity"`` and neither ``source`` nor
``sources`` (no input file states them; leaving out the two keys, rather than
storing ``None`` and ``[]``, saves 90 MB on the full Anthology's 353,000 links:
a dict of ten keys is 272 bytes, one of twelve 464).

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", title="Neural machine translation for low-resource languages")
>>> g.add_node("paper/b", kind="paper", title="Low-resource neural machine translation with pivots")
>>> g.add_node("paper/c", kind="paper", title="Parsing clinical notes")
>>> add_similarity_edges(g, k=1)  # "Parsing clinical notes" shares no word: no neighbour
1
>>> edge = g.edges["paper/a", "paper/b", "similarTo"]
>>> edge["basis"], edge["weak"], edge["shared_terms"][:2]
('combined', True, ['low resource', 'neural machine'])
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import networkx as nx
import numpy as np

from kg.shared_keys import add_edges, shared_key_maker
from kg.shared_values import SharedValues, shareable_float
from kg.similarity_index import INDEX_DIMENSIONS, nearest_neighbours
from kg.similarity_links import (
    BASES,
    DEFAULT_K,
    ENTITY_WEIGHT,
    SHARED_SHOWN,
    WEAK_BELOW,
    LinkBlock,
    PaperText,
    SimilarLink,
    basis_name,
    link_blocks,
    shared_columns,
    similar_links,
    similar_pairs,
)
from kg.similarity_vectors import PaperVectors, entity_vectors, paper_texts, text_vectors

__all__ = [
    "BASES",
    "DEFAULT_K",
    "ENTITY_WEIGHT",
    "SHARED_SHOWN",
    "SIMILARITY_EXTRACTOR",
    "WEAK_BELOW",
    "PaperText",
    "PaperVectors",
    "SimilarLink",
    "add_similarity_edges",
    "basis_name",
    "computed_edges",
    "edge_attributes",
    "entity_vectors",
    "nearest_neighbours",
    "paper_texts",
    "shared_columns",
    "similar_links",
    "similar_pairs",
    "stated_links",
    "text_vectors",
]

#: ``extractor`` of every computed ``similarTo`` edge.
SIMILARITY_EXTRACTOR = "kg.similarity"
_SIMILAR = "similarTo"


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
    state: Path | None = None,
    processes: int = 1,
) -> int:
    """Link every paper to its ``k`` nearest papers by ``similarTo``; return how many new edges were added.

    The links are :func:`kg.similarity_links.similar_links` of the graph's
    papers (:func:`kg.similarity_vectors.paper_texts`).  Every existing
    ``similarTo`` edge without a ``basis`` is a source's own link: it gets
    ``basis="source"`` and ``score=1.0``.  A computed link that a source states
    gets its scores and shared names on that edge instead; on the one from the
    smaller id where both papers state it, whatever order the graph holds them in.
    Running it again adds nothing.  See the module docstring for the attributes.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A graph as :func:`kg.pipeline.build` returns it; changed in place.
    k, min_score, bases, entity_weight, dimensions, map
        As for :func:`kg.similarity_links.similar_links`.
    exclude_extractors : iterable of str
        Entity links made only by these extractors are ignored (e.g.
        ``{"papers-with-code"}`` to measure against Papers-with-Code tags).
    state : Path, optional
        A file where the search keeps what the next call needs to search only
        the rows a change can reach (:mod:`kg.similarity_incremental`;
        :func:`kg.pipeline.build` keeps it in the document cache's folder).
        The links are the same with or without it.
    processes : int
        2 or more: the papers' titles and abstracts are cut into words in two
        processes, this one and a helper (:mod:`kg.similarity_term_split`;
        the same links).

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
    ('source', 1.0, ['source', 'combined'], {'source': 1.0, 'combined': 0.4286}, ['answering tables', 'question answering'])
    """
    exclude_extractors = sorted(set(exclude_extractors))
    stated = stated_links(_similar_edges(graph))
    blocks = computed_edges(paper_texts(graph, exclude_extractors=exclude_extractors), stated, k=k,
                            min_score=min_score, bases=bases, entity_weight=entity_weight, dimensions=dimensions,
                            map=map, state=state, state_options={"exclude_extractors": exclude_extractors},
                            processes=processes)
    return sum(add_edges(graph, _SIMILAR, block) for block in blocks)


def stated_links(edges: Iterable[tuple[str, str, dict]]) -> dict[tuple[str, str], dict]:
    """The links sources state, ``similarTo`` edges as ``(u, v, attributes)``, by their papers in id order; each
    ``attributes`` dict (changed in place) gets ``basis="source"`` and ``score=1.0`` where it has no basis, and
    ``bases`` and ``scores`` where it has none.  A pair stated both ways is the edge from the smaller id, in any
    order of ``edges``.

    >>> stated = stated_links([("paper/b", "paper/a", {"relation": "similarTo"})])
    >>> stated
    {('paper/a', 'paper/b'): {'relation': 'similarTo', 'basis': 'source', 'score': 1.0, 'bases': ['source'], \
'scores': {'source': 1.0}}}
    """
    existing: dict[tuple[str, str], dict] = {}
    for u, v, data in edges:
        if not data.get("basis"):
            data["basis"], data["score"] = "source", 1.0
        data.setdefault("bases", [data["basis"]])
        data.setdefault("scores", {data["basis"]: data["score"]})
        pair = (u, v) if u < v else (v, u)
        if pair not in existing or u < v:  # a pair stated both ways: the edge from the smaller id, in any order
            existing[pair] = data
    return existing


def computed_edges(papers: Iterable[PaperText], stated: dict[tuple[str, str], dict], *, k: int = DEFAULT_K,
                   min_score: float = 0.0, bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                   dimensions: int = INDEX_DIMENSIONS, map: Callable = map, state: Path | None = None,
                   state_options: dict | None = None, processes: int = 1) -> Iterator[Iterator[tuple[str, str, dict]]]:
    """The search over ``papers``: the new ``similarTo`` edges as ``(source, target, attributes)``, a block of links
    at a time; the stated links (:func:`stated_links`) get their shared names now and their computed scores as
    the blocks are read.  The one rule of both :func:`add_similarity_edges` (a graph) and
    :func:`kg.similarity_rows.similarity_rows` (table rows); the options as for :func:`add_similarity_edges`."""
    # a link an earlier search made keeps the reasons it was given (its weak links' "what they do share" among
    # them), so a second search of a searched graph changes nothing; only the sources' own links are explained
    explain = [pair for pair, data in stated.items() if "source" in data["bases"]]
    blocks, reasons = link_blocks(papers, k=k, min_score=min_score, bases=bases, entity_weight=entity_weight,
                                  dimensions=dimensions, map=map, explain=explain, state=state,
                                  state_options=state_options, processes=processes)
    for pair, (shared_entities, shared_terms) in reasons.items():
        stated[pair].update(shared_entities=shared_entities, shared_terms=shared_terms)
    # Scores are rounded to 4 decimals and strengths to 3: one float object per value instead of two per link
    # (16 MB of the full Anthology's 358,000 links), and one list or dict per equal bases, scores, shared
    # entities and shared terms (kg.shared_values); each edge's dict a copy of one whose keys are kept once
    # (kg.shared_keys), made a block of links at a time.
    values = _SharedColumns()
    return (_new_edges(block, stated, values) for block in blocks)


def _new_edges(block: LinkBlock, existing: dict[tuple[str, str], dict],
               values: _SharedColumns) -> Iterator[tuple[str, str, dict]]:
    """The edges of ``block``'s links that no source states, each with :func:`edge_attributes`' dict (the same
    keys in the same order, the same values); a stated link gets the link's score (:func:`_merge`) instead."""
    new_attributes = shared_key_maker(edge_attributes(SimilarLink("", "", 1.0, 1.0, False, basis=block.basis),
                                                      values.shared))
    scores = values.numbers(block.scores)
    by_score = values.score_dicts(block.basis, block.scores, scores)
    for source, target, score, scored, strength, weak, named, terms in zip(
            block.sources, block.targets, scores, by_score, values.numbers(block.strengths), block.weak.tolist(),
            values.lists(block.shared_entities), values.lists(block.shared_terms)):
        if existing and (source, target) in existing:
            _merge(existing[source, target], {block.basis: score})
            continue
        attributes = new_attributes()  # the keys kept once (kg.shared_keys)
        attributes["score"], attributes["scores"], attributes["strength"] = score, scored, strength
        attributes["weak"], attributes["shared_entities"], attributes["shared_terms"] = weak, named, terms
        yield source, target, attributes


def _memo_dict(memo: dict[int, dict], key: int, basis: str, score: float) -> dict:
    found = memo.get(key)
    if found is None:
        found = memo[key] = {basis: score}
    return found


class _SharedColumns:
    """:class:`kg.shared_values.SharedValues` for a block of links' columns at once: the same objects for the
    same values (one float per score or strength, by its bits; one ``scores`` dict per score; one list per equal
    tuple of names)."""

    def __init__(self) -> None:
        self.shared = SharedValues()
        self._numbers: dict[int, float] = {}
        self._dicts: dict[str, dict[int, dict]] = {}
        self._lists: dict[tuple[str, ...], list[str]] = {}

    def numbers(self, values: np.ndarray) -> list[float]:
        """``values`` (float64) as floats, one object per value, but each zero and NaN its own
        (:func:`~kg.shared_values.shareable_float`, as :class:`~kg.shared_values.SharedValues`)."""
        values = np.ascontiguousarray(values, dtype=np.float64)
        bits, inverse = np.unique(values.view(np.int64), return_inverse=True)
        memo = self._numbers
        found = [memo.setdefault(key, value) if shareable_float(value) else None
                 for key, value in zip(bits.tolist(), bits.view(np.float64).tolist())]
        shared = list(map(found.__getitem__, inverse.tolist()))
        if None in found:  # links scored 0.0 (k above the papers that share anything)
            own = values.tolist()
            shared = [own[i] if number is None else number for i, number in enumerate(shared)]
        return shared

    def score_dicts(self, basis: str, values: np.ndarray, scores: list[float]) -> list[dict]:
        """``{basis: score}`` for each of ``scores`` (:meth:`numbers` of ``values``), one dict per value."""
        bits = np.ascontiguousarray(values, dtype=np.float64).view(np.int64).tolist()
        memo = self._dicts.setdefault(basis, {})
        # a zero or NaN score's dict is the edge's own (review 46: links scored 0.0 are common where k is large)
        return [_memo_dict(memo, key, basis, score) if shareable_float(score) else {basis: score}
                for key, score in zip(bits, scores)]

    def lists(self, names: list[tuple[str, ...]]) -> list[list[str]]:
        """Each tuple of ``names`` as a list, one list per equal tuple."""
        memo = self._lists
        memo.update((found, list(found)) for found in dict.fromkeys(names) if found not in memo)
        return list(map(memo.__getitem__, names))


def edge_attributes(link: SimilarLink, shared: SharedValues | None = None) -> dict:
    """The attributes of the ``similarTo`` edge :func:`add_similarity_edges` adds for ``link``.

    With ``shared`` (a memo shared by many calls, :class:`kg.shared_values.SharedValues`), equal scores and
    strengths are one float object, and equal ``bases``, ``scores``, ``shared_entities`` and ``shared_terms``
    one list or dict: change them by putting a new value, never in place.

    >>> edge_attributes(SimilarLink("paper/a", "paper/b", 0.5, 1.0, False, ("dataset/x",), ("graph",)))["scores"]
    {'combined': 0.5}
    >>> shared = SharedValues()
    >>> first, second = (edge_attributes(SimilarLink("paper/a", f"paper/{b}", float("0.25"), 0.5, False), shared)
    ...                  for b in "bc")
    >>> first["score"] is second["score"] is second["scores"]["combined"], first["strength"] is second["strength"]
    (True, True)
    >>> first["scores"] is second["scores"], first["bases"] is second["bases"], first["bases"]
    (True, True, ['combined'])
    """
    shared = shared or SharedValues()  # one for this link alone: a new object per value, as without a memo
    score, strength = shared.number(link.score), shared.number(link.strength)
    return {"relation": _SIMILAR, "extractor": SIMILARITY_EXTRACTOR, "basis": link.basis, "score": score,
            "bases": shared.list((link.basis,)), "scores": shared.dict({link.basis: score}), "strength": strength,
            "weak": link.weak, "shared_entities": shared.list(link.shared_entities),
            "shared_terms": shared.list(link.shared_terms)}


def _similar_edges(graph: nx.MultiDiGraph) -> Iterator[tuple[str, str, dict]]:
    """Every ``similarTo`` edge as ``(u, v, attributes)``, in ``graph.edges``' order: read from the adjacency
    itself, whose keys are relations (one ``similarTo`` per ordered pair), instead of a view of all 900,000
    edges of the full Anthology."""
    for u, neighbours in graph.succ.items():
        for v, keyed in neighbours.items():
            data = keyed.get(_SIMILAR)
            if data is not None:
                yield u, v, data


def _merge(data: dict, scores: dict[str, float]) -> None:
    """Add computed scores to a stated link: "source" stays first, then by score."""
    merged = dict(data.get("scores") or {data["basis"]: data["score"]})
    merged.update(scores)
    bases = sorted(merged, key=lambda basis: (basis != "source", -merged[basis], basis))
    data.update(basis=bases[0], score=merged[bases[0]], bases=bases, scores={b: merged[b] for b in bases})
