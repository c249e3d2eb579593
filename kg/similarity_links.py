"""Similar papers from a stream or table of papers, without a graph: each paper's ``k`` nearest papers as links.

:func:`similar_links` reads :class:`~kg.similarity_vectors.PaperText` records
(node id, title, abstract, entity ids) once and yields one
:class:`SimilarLink` per pair of papers, source before target, in the order of
``(source, target)``: the same links :func:`kg.similarity.add_similarity_edges`
adds to a graph.  Memory follows the sparse rows of the papers (texts are not
kept) and one block of the neighbour search at a time
(:mod:`kg.similarity_index`).

>>> papers = [PaperText("paper/a", "Neural machine translation for low-resource languages"),
...           PaperText("paper/b", "Low-resource neural machine translation with pivots"),
...           PaperText("paper/c", "Parsing clinical notes")]
>>> [(link.source, link.target, link.weak, link.shared_terms[:2]) for link in similar_links(papers, k=1)]
[('paper/a', 'paper/b', True, ('low resource', 'neural machine'))]
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp
from threadpoolctl import threadpool_limits

from kg.similarity_backoff import complete
from kg.similarity_dense import MAP_DIR, document_vectors, mapped_vectors
from kg.similarity_incremental import Search, fingerprinted, state_key
from kg.similarity_incremental import search as incremental_search
from kg.similarity_index import (
    DENSE_BLEND,
    EXACT_LIMIT,
    INDEX_DIMENSIONS,
    LSA_BLEND,
    MAP_BLEND,
    MIXED_BOOST,
    SHORT_MAP_BLEND,
    Rescoring,
    neighbours,
)
from kg.similarity_reasons import SHARED_SHOWN, Explainer, names_of, shared_cells
from kg.similarity_stats import SimilarityStats, load_stats
from kg.similarity_term_cache import TERMS_FILE
from kg.similarity_vectors import (
    PaperText,
    PaperVectors,
    combined_vectors,
    entity_rows,
    length_weights,
    renormalises,
    text_rows,
)
from kg.similarity_words import shown_term
from ontology.errors import KgError
from ontology.util.versions import file_digests

__all__ = [
    "BASES",
    "DEFAULT_K",
    "ENTITY_WEIGHT",
    "SHARED_SHOWN",
    "WEAK_BELOW",
    "DuplicatePaperError",
    "LinkBlock",
    "PaperText",
    "SimilarLink",
    "basis_name",
    "link_blocks",
    "links_and_reasons",
    "paper_vectors",
    "shared_columns",
    "similar_links",
    "similar_pairs",
]

#: What a paper's vector is made of.
BASES = ("text", "entities")
#: Neighbours per paper.
DEFAULT_K = 5
#: Weight of the entity part against the text part (1 = alike).  0.5 until the judged samples of the Anthology
#: showed that a shared widely used model or benchmark (GPT-3.5, BERT, GLUE, MIMIC-III) made neighbours of papers
#: on different tasks: at 0.2, 196 of 270 judged tuning pairs were related instead of 190 (docs/analytics.md).
#: 0.25 since the entity part weighs each entity by its kind (tasks 1.5, models 0.5, metrics left out:
#: :data:`kg.similarity_vectors.ENTITY_KIND_WEIGHTS`): 420 of 570 judged tuning pairs related instead of 416.
ENTITY_WEIGHT = 0.25
#: Links whose strength (percentile among the reference build's links, :mod:`kg.similarity_stats`) is below this
#: are marked weak; so are links whose only evidence is title labels, whatever their strength
#: (:meth:`kg.similarity_reasons.Explainer.labels_only`), and links whose papers share no entity and no term the
#: reasons show (:attr:`LinkBlock.weak`).
WEAK_BELOW = 0.25
_PLACES = 4
_LINK_BLOCK = 50_000  # links whose reasons are worked out together

Pair = tuple[str, str]
Pairs = tuple[np.ndarray, np.ndarray, np.ndarray]


class DuplicatePaperError(KgError, ValueError):
    """The same paper id came twice in the papers given to :func:`similar_links`."""


@dataclass(frozen=True)
class SimilarLink:
    """One computed link between two papers (``source < target``; the direction means nothing).

    ``score`` is the cosine of the two papers' rows, scaled down for short
    texts and moderated by their LSA cosine and dense cosine (4 decimals), ``strength``
    its percentile among the reference build's links (:mod:`kg.similarity_stats`), ``weak`` whether that is below
    :data:`WEAK_BELOW`, or the two papers share title labels and nothing else (two label-only pages, "Introduction"
    and "Keynote address": :meth:`kg.similarity_reasons.Explainer.labels_only`), or they share no entity and no
    term the text rows hold (:attr:`LinkBlock.weak`); ``shared_entities`` (rarest first) and
    ``shared_terms`` (heaviest in both first) say why, at most
    :data:`SHARED_SHOWN` each, and are never both empty: a link whose papers share neither has what they do share in
    its terms, "translation (frequent word)", "microsemantics ~ semantical (spelled alike)" or "no shared word"
    (:mod:`kg.similarity_unshared`); ``basis`` names the representation.
    """

    source: str
    target: str
    score: float
    strength: float
    weak: bool
    shared_entities: tuple[str, ...] = ()
    shared_terms: tuple[str, ...] = ()
    basis: str = "combined"


def basis_name(bases: Sequence[str]) -> str:
    """The ``basis`` of links computed from ``bases``: ``"combined"`` for both, else the one used.

    >>> basis_name(("text", "entities")), basis_name(("entities",))
    ('combined', 'entities')
    """
    return "combined" if set(bases) == set(BASES) else bases[0]


def check_options(*, k: int, min_score: float, bases: Sequence[str]) -> None:
    """Raise ``ValueError`` saying what is allowed when an option is out of range."""
    unknown = [basis for basis in bases if basis not in BASES]
    if unknown or not bases:
        raise ValueError(f"unknown similarity basis {(unknown or [None])[0]!r}; use one or both of {', '.join(BASES)}")
    if k < 1:
        raise ValueError(f"k must be at least 1, not {k}")
    if not 0 <= min_score <= 1:
        raise ValueError(f"min_score must lie in [0, 1], not {min_score}")


def paper_vectors(papers: Iterable[PaperText], *, bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                  stats: SimilarityStats | None = None, terms_file: Path | None = None,
                  processes: int = 1) -> tuple[PaperVectors, PaperVectors, PaperVectors]:
    """The rows neighbours are scored with, and the text and entity rows that explain them.

    Returns ``(combined, text, entities)``; ``papers`` is read once.  A paper
    id given twice raises :class:`DuplicatePaperError`.  The weights are
    those of the reference statistics ``stats`` (default: shipped with kg),
    so each row depends on its own paper only.  ``terms_file`` keeps the
    texts' term counts for the next call, ``processes`` (2 or more) analyses
    them in two processes (:func:`kg.similarity_vectors.tfidf`).
    """
    named: list[PaperText] = []
    seen: set[str] = set()

    def read() -> Iterator[PaperText]:
        for paper in papers:
            if paper.id in seen:
                raise DuplicatePaperError(f"paper {paper.id!r} is given twice; give each paper once")
            seen.add(paper.id)
            if paper.entities:
                named.append(PaperText(paper.id, entities=tuple(paper.entities)))
            yield paper

    empty = PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))
    if "text" in bases:
        text = text_rows(read(), stats=stats, terms_file=terms_file, processes=processes)
    else:
        text = empty
        for _ in read():
            pass
    entities = entity_rows(named, stats=stats) if "entities" in bases else empty
    combined = combined_vectors(text, entities, entity_weight=entity_weight if "text" in bases else 1.0)
    return combined, text, entities


def pair_arrays(vectors: PaperVectors, *, k: int = DEFAULT_K, min_score: float = 0.0,
                dimensions: int = INDEX_DIMENSIONS, map: Callable = map, weights: np.ndarray | None = None,
                dense: np.ndarray | None = None, lsa: np.ndarray | None = None,
                mapped: np.ndarray | None = None) -> Pairs:
    """Each row's ``k`` nearest rows as arrays ``(a, b, score)``, ``a < b``, one entry per pair, by ``(a, b)``.

    Scores are :func:`kg.similarity_index.neighbours`' (the cosine, times
    both rows' ``weights``, moderated by the cosine of the rows' ``lsa``
    projections, or of an LSA fitted here when not given, and by the cosine of
    the rows' ``dense`` vectors and of their ``mapped`` ones).  A pair found from
    both ends keeps the higher score (they differ at most in the last
    place).  Scores are rounded to 4 decimals and lie in [0, 1].
    """
    # One BLAS thread: OpenBLAS's SVD and k-means products change in their last bits with the thread count
    # (up to 0.007 in an LSA row), and a Dask worker runs with one; so every build mode finds the same pairs.
    with threadpool_limits(limits=1, user_api="blas"):
        return unique_pairs(neighbours(vectors, top_k=k, min_score=min_score, dimensions=dimensions, map=map,
                                       weights=weights, dense=dense, lsa=lsa, mapped=mapped))


def unique_pairs(found: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> Pairs:
    """Rows' neighbours ``(rows, columns, scores)`` as arrays ``(a, b, score)``, ``a < b``, one entry per pair,
    by ``(a, b)``: a pair found from both ends keeps the higher score, rounded to 4 decimals, in [0, 1]."""
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for rows, columns, scores in found:
        # compact while collecting: row numbers as int32, scores as exact millionths
        parts.append((rows.astype(np.int32), columns.astype(np.int32), np.rint(scores * 1e6).astype(np.int32)))
    if not parts:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), np.empty(0)
    rows, columns, micro = (np.concatenate(part) for part in zip(*parts))
    del parts
    a, b = np.minimum(rows, columns), np.maximum(rows, columns)
    del rows, columns
    order = np.lexsort((-micro, b, a))
    a, b, micro = a[order], b[order], micro[order]
    first = np.ones(len(a), dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    scores = np.clip(np.round(micro[first] / 1e6, _PLACES), 0.0, 1.0)
    return a[first].astype(np.int64), b[first].astype(np.int64), scores


def similar_pairs(vectors: PaperVectors, *, k: int = DEFAULT_K, min_score: float = 0.0,
                  dimensions: int = INDEX_DIMENSIONS, map: Callable = map) -> dict[Pair, float]:
    """Each paper's ``k`` nearest papers as unordered pairs ``(smaller id, larger id)`` → score.

    Examples
    --------
    >>> m = sp.csr_matrix([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32)
    >>> similar_pairs(PaperVectors(("paper/a", "paper/b", "paper/c"), m), k=1)
    {('paper/a', 'paper/b'): 0.8, ('paper/b', 'paper/c'): 0.6}
    """
    papers = vectors.papers
    pairs: dict[Pair, float] = {}
    for row, column, score in zip(*(array.tolist() for array in pair_arrays(
            vectors, k=k, min_score=min_score, dimensions=dimensions, map=map))):
        a, b = papers[row], papers[column]
        pairs[(a, b) if a < b else (b, a)] = score
    return pairs


def shared_columns(vectors: PaperVectors, pairs: Sequence[Pair], *, top: int = SHARED_SHOWN) -> list[list[str]]:
    """For each pair, the columns (terms, entity ids) both rows have, by the product of their weights.

    A label-only title's term is named as a link's reasons name it (:func:`kg.similarity_words.shown_term`:
    ``genre_erratum`` is "erratum (title label)", ``genre_~`` "title labels only"; round h16v), the other columns
    as they are.

    Examples
    --------
    >>> v = PaperVectors(("paper/a", "paper/b"), sp.csr_matrix([[0.6, 0.8, 0.0], [0.8, 0.4, 0.5]]), ("x", "y", "z"))
    >>> shared_columns(v, [("paper/a", "paper/b"), ("paper/a", "paper/none")])
    [['x', 'y'], []]
    >>> labels = PaperVectors(("paper/a", "paper/b"), sp.csr_matrix([[0.7, 0.7], [0.7, 0.7]]),
    ...                       ("genre_erratum", "genre_~"))
    >>> shared_columns(labels, [("paper/a", "paper/b")])
    [['erratum (title label)', 'title labels only']]
    """
    if not vectors.columns:
        return [[] for _ in pairs]
    row = {paper: index for index, paper in enumerate(vectors.papers)}
    first = np.fromiter((row.get(a, -1) for a, _ in pairs), dtype=np.int64, count=len(pairs))
    second = np.fromiter((row.get(b, -1) for _, b in pairs), dtype=np.int64, count=len(pairs))
    return [list(map(shown_term, names))
            for names in names_of(vectors.columns, *shared_cells(vectors.matrix, first, second, top))]


@dataclass(frozen=True)
class LinkBlock:
    """A block of links as columns (:func:`link_blocks`): link ``i`` is ``SimilarLink(sources[i], targets[i],
    scores[i], strengths[i], weak[i], shared_entities[i], shared_terms[i], basis)``."""

    sources: list[str]
    targets: list[str]
    scores: np.ndarray  # float64
    strengths: np.ndarray  # float64
    shared_entities: list[tuple[str, ...]]
    shared_terms: list[tuple[str, ...]]
    basis: str
    labels_only: np.ndarray | None = None  # bool: all the link's two papers share is title labels (None: no link)
    unshared: np.ndarray | None = None  # bool: the two papers share no entity and no term the reasons show

    @property
    def weak(self) -> np.ndarray:
        """Whether each link is weak: its strength below :data:`WEAK_BELOW`, its only evidence title labels, or no
        shared entity nor term found for it.

        The strength is the score's percentile and stays so; but two label-only pages ("Introduction", "Keynote
        address") score as high as two papers on one topic (the cosine of two rows of one rare term each), and a
        user who hides weak links hides them too (round h16v).  Likewise a link whose papers share no entity and no
        term the reasons show, only corpus stop words or words spelled alike ("Translation" and "Machine
        Translation" at strength 0.999, "Microsemantics" and "Semantical Systems"; their reasons say so:
        :mod:`kg.similarity_unshared`): 9 of 50 such links read at random were related (round h16w).
        """
        weak = self.strengths < WEAK_BELOW
        for marked in (self.labels_only, self.unshared):
            if marked is not None:
                weak = weak | marked
        return weak

    def links(self) -> Iterator[SimilarLink]:
        """The block's links, one :class:`SimilarLink` each."""
        for source, target, score, strength, weak, named, terms in zip(
                self.sources, self.targets, self.scores.tolist(), self.strengths.tolist(), self.weak.tolist(),
                self.shared_entities, self.shared_terms):
            yield SimilarLink(source, target, score=score, strength=strength, weak=weak, shared_entities=named,
                              shared_terms=terms, basis=self.basis)


def links_and_reasons(papers: Iterable[PaperText], *, k: int = DEFAULT_K, min_score: float = 0.0,
                      bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                      dimensions: int = INDEX_DIMENSIONS, map: Callable = map, explain: Iterable[Pair] = (),
                      stats: SimilarityStats | None = None, state: Path | None = None,
                      state_options: Mapping[str, Any] | None = None, processes: int = 1,
                      ) -> tuple[Iterator[SimilarLink], dict[Pair, tuple[list[str], list[str]]]]:
    """:func:`similar_links`, and the shared entities and terms of the pairs in ``explain``: :func:`link_blocks`'
    links one by one."""
    blocks, reasons = link_blocks(papers, k=k, min_score=min_score, bases=bases, entity_weight=entity_weight,
                                  dimensions=dimensions, map=map, explain=explain, stats=stats, state=state,
                                  state_options=state_options, processes=processes)
    return (link for block in blocks for link in block.links()), reasons


def link_blocks(papers: Iterable[PaperText], *, k: int = DEFAULT_K, min_score: float = 0.0,
                bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                dimensions: int = INDEX_DIMENSIONS, map: Callable = map, explain: Iterable[Pair] = (),
                stats: SimilarityStats | None = None, state: Path | None = None,
                state_options: Mapping[str, Any] | None = None, processes: int = 1,
                ) -> tuple[Iterator[LinkBlock], dict[Pair, tuple[list[str], list[str]]]]:
    """:func:`similar_links` as blocks of links (:class:`LinkBlock`, in the links' order), and the shared
    entities and terms of the pairs in ``explain``.

    ``explain`` names pairs found elsewhere (a source's own links); the
    second value maps each of them, as ``(smaller id, larger id)``, to its
    ``(shared_entities, shared_terms)``.  The search is done before this
    returns; the links' reasons are worked out as the iterator is read.
    ``stats`` are the reference statistics (default: shipped with kg,
    :mod:`kg.similarity_stats`).  ``state`` is a file where the search keeps
    what a rebuild needs to search only the rows a change can reach
    (:mod:`kg.similarity_incremental`; the same links as without it);
    ``state_options`` are what else shaped ``papers`` (kept in its key).
    ``processes`` of 2 or more analyse the texts' words in two processes
    (:mod:`kg.similarity_term_split`; the same links).
    """
    check_options(k=k, min_score=min_score, bases=bases)
    terms_file = state.with_name(TERMS_FILE) if state is not None else None  # the counts do not depend on stats
    if stats is not None and stats is not load_stats():
        state = None  # the state's key knows the shipped statistics only
    stats = stats or load_stats()
    prints: dict[str, bytes] = {}
    if state is not None:
        papers = fingerprinted(papers, prints)
    combined, text, entities = paper_vectors(papers, bases=bases, entity_weight=entity_weight, stats=stats,
                                             terms_file=terms_file, processes=processes)
    weights = length_weights(combined.papers, text)  # short texts (titles only) score lower
    # dense vectors of shipped word vectors: up to the exact search's limit (a million papers' would not fit in memory)
    exact = len(combined.papers) <= EXACT_LIMIT
    dense = document_vectors(text, combined.papers) if exact else None
    mapped = mapped_vectors(text, combined.papers) if exact else None  # the title-to-abstract map's, likewise
    lsa = stats.project(combined.matrix, combined.columns) if combined.papers else None
    search, rescoring = None, None
    if state is not None and lsa is not None:  # without a shipped projection the search fits one to the corpus
        key = state_key({"k": k, "min_score": min_score, "bases": sorted(bases), "entity_weight": entity_weight,
                         "dimensions": dimensions, "renormalised": renormalises(text, entities),
                         "more": dict(state_options or {}),
                         # the map's files (kg.similarity_incremental's key digests the other shipped models)
                         "paper_map": [digest.hex() for _, digest in file_digests(MAP_DIR.parent, (MAP_DIR.name,))]})
        rescoring = Rescoring(weights, lsa, LSA_BLEND, dense, DENSE_BLEND if dense is not None else 0.0,
                              mapped, MAP_BLEND if mapped is not None else 0.0,
                              SHORT_MAP_BLEND if mapped is not None else None, MIXED_BOOST if mapped is not None else 1.0)
        with threadpool_limits(limits=1, user_api="blas"):  # as pair_arrays
            search = incremental_search(combined, prints, path=state, key=key, k=k, min_score=min_score,
                                        rescoring=rescoring, map=map)
    pairs = unique_pairs(search.found) if search is not None else pair_arrays(
        combined, k=k, min_score=min_score, dimensions=dimensions, map=map, weights=weights, dense=dense, lsa=lsa,
        mapped=mapped)
    # The search is done: its vectors (dense, mapped and LSA rows, about 0.1 GB on the full Anthology) and the
    # combined rows go before the back-off and the links, which read the text and entity rows only.
    del dense, lsa, mapped, rescoring
    ids = combined.papers
    del combined
    if search is not None:
        search.found = []
    pairs, rows = complete(pairs, ids, text, k=k, min_score=min_score, stats=stats)
    explainer = Explainer(rows, text, entities, stats)
    stated = sorted({(a, b) if a < b else (b, a) for a, b in explain})
    reasons = dict(zip(stated, explainer.ids(stated)))
    return _blocks(pairs, rows, explainer, basis_name(bases), stats, search), reasons


def _blocks(pairs: Pairs, papers: Sequence[str], explainer: Explainer, basis: str,
            stats: SimilarityStats, search: Search | None = None) -> Iterator[LinkBlock]:
    """The links of ``pairs`` (ordered by row, rows ordered by id), a block at a time with their reasons.

    A link's strength is read from the reference distribution of ``stats``;
    statistics without one (while they are being trained) rank the scores
    among ``pairs``.  With ``search`` (:class:`kg.similarity_incremental.Search`),
    the reasons of links whose papers did not change come from its state,
    and once every link is made the new state is saved.
    """
    a, b, scores = pairs
    strengths = stats.strength(scores) if len(a) else None
    if strengths is None and len(a):
        ranked = np.sort(scores)
        strengths = np.round(np.searchsorted(ranked, scores, side="right") / len(ranked), 3)
    for start in range(0, len(a), _LINK_BLOCK):
        block = slice(start, start + _LINK_BLOCK)
        first, second = a[block], b[block]
        named, terms = _reasons(papers, first, second, explainer, search)
        if search is not None:
            search.keep(papers, first, second, list(zip(named, terms)))
        # nothing shown shared: weak, and the reasons say what the two papers do share (round h16w); the state keeps
        # the reasons as found, so a rebuild's flag is worked out as a full search's
        unshared = np.fromiter(map(_nothing, named, terms), dtype=bool, count=len(named))
        if unshared.any():
            terms = list(terms)
            todo = np.flatnonzero(unshared)
            for i, shown in zip(todo.tolist(), explainer.unshared(first[todo], second[todo])):
                terms[i] = shown
        yield LinkBlock(list(map(papers.__getitem__, first.tolist())), list(map(papers.__getitem__, second.tolist())),
                        np.asarray(scores[block], dtype=np.float64), np.asarray(strengths[block], dtype=np.float64),
                        named, terms, basis, explainer.labels_only(first, second), unshared)
    if search is not None:
        search.save()


def _nothing(named: tuple[str, ...], terms: tuple[str, ...]) -> bool:
    """Whether a link's reasons, as found, name no shared entity and no shared term."""
    return not named and not terms


def _reasons(papers: Sequence[str], a: np.ndarray, b: np.ndarray, explainer: Explainer,
             search: Search | None) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The shared entities and terms of the links ``(papers[a[i]], papers[b[i]])``: kept in ``search``'s state
    where both papers are unchanged, else worked out."""
    if search is None:
        return explainer.rows(a, b)
    kept = search.reasons(papers, a, b)
    todo = [i for i, reason in enumerate(kept) if reason is None]
    if len(todo) == len(kept):
        return explainer.rows(a, b)
    named = [reason[0] if reason is not None else () for reason in kept]
    terms = [reason[1] if reason is not None else () for reason in kept]
    if todo:
        for i, entities, shown in zip(todo, *explainer.rows(a[todo], b[todo])):
            named[i], terms[i] = entities, shown
    return named, terms


def similar_links(papers: Iterable[PaperText], *, k: int = DEFAULT_K, min_score: float = 0.0,
                  bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                  dimensions: int = INDEX_DIMENSIONS, map: Callable = map) -> Iterator[SimilarLink]:
    """Each paper's ``k`` nearest papers, one :class:`SimilarLink` per pair, ordered by ``(source, target)``.

    Parameters
    ----------
    papers : iterable of PaperText
        Read once, in any order; each id at most once.  A paper with neither
        text nor entities gets no link.
    k : int
        Neighbours per paper (a pair found from both ends is one link).
    min_score : float
        Lowest score (0 to 1) that makes a link; 0 keeps all ``k``.
    bases : sequence of str
        What a paper's vector is made of: ``"text"``, ``"entities"`` or both.
    entity_weight : float
        Weight of the entity part against the text part.
    dimensions : int
        LSA dimensions of the approximate index (corpora over
        :data:`kg.similarity_index.EXACT_LIMIT` papers).
    map : callable
        How the approximate search's independent tasks run (``map``, or a
        Dask client's).

    Examples
    --------
    >>> papers = [PaperText("paper/b", "Graph networks for proteins", entities=("dataset/qm9",)),
    ...           PaperText("paper/a", "Graph neural networks for molecules", entities=("dataset/qm9",))]
    >>> (link,) = similar_links(papers)
    >>> link.source, link.target, link.strength, link.shared_entities, link.shared_terms
    ('paper/a', 'paper/b', 0.201, ('dataset/qm9',), ('graph', 'networks'))
    """
    links, _ = links_and_reasons(papers, k=k, min_score=min_score, bases=bases, entity_weight=entity_weight,
                                 dimensions=dimensions, map=map)
    return links
