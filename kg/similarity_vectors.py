"""What a paper is to :mod:`kg.similarity`: its text and entities (:class:`PaperText`) and the sparse rows made of them.

A paper is one sparse row: the TF-IDF vector of its title and abstract and,
beside it, the IDF-weighted vector of the entities it uses or proposes
(:func:`combined_vectors`).  The rows are made from :class:`PaperText`
records, so they need no graph (:func:`text_rows`, :func:`entity_rows`);
:func:`paper_texts` reads the records off a graph as
:func:`kg.pipeline.build` makes it.

>>> papers = [PaperText("paper/a", "Dense retrieval", entities=("dataset/msmarco",)),
...           PaperText("paper/b", "Sparse retrieval")]
>>> text = text_rows(papers)
>>> text.papers, text.columns
(('paper/a', 'paper/b'), ('dense', 'dense retrieval', 'retrieval', 'sparse', 'sparse retrieval'))
>>> entity_rows(papers).papers
('paper/a',)
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import networkx as nx
import numpy as np
import scipy.sparse as sp

from kg.similarity_stats import SimilarityStats, load_stats
from kg.similarity_words import Terms as _Terms  # the analyser, kept under its old name for scripts/
from kg.similarity_words import words
from ontology.kinds import ENTITY_KINDS

__all__ = [
    "ENTITY_KIND_WEIGHTS",
    "ENTITY_RELATIONS",
    "PaperText",
    "PaperVectors",
    "TextBackoff",
    "combined_vectors",
    "entity_rows",
    "entity_vectors",
    "length_weights",
    "only_from",
    "paper_texts",
    "renormalises",
    "short_rows",
    "text_rows",
    "text_vectors",
    "tfidf",
    "words",
]

_ENTITY_KINDS = frozenset(ENTITY_KINDS)
#: The relations by which a paper names the entities it is represented by.
ENTITY_RELATIONS = frozenset({"uses", "proposes"})
_ROWS = 1 << 16  # rows handled together when a step needs temporary arrays
#: A paper whose vector has n distinct words has its scores multiplied by sqrt(n / (n + SHORT_TEXT)); chosen on a
#: judged tuning sample of the even half of the Anthology (docs/analytics.md): with an exact search, 3 alone made
#: 84 of 120 pairs related instead of 78, and 4 with the LSA factor 88.
SHORT_TEXT = 4.0
#: A text row with fewer distinct words than this is short (:func:`short_rows`): the Anthology's title-only papers
#: have 1-14, 99 % of those with an abstract 20 or more.
SHORT_WORDS = 20
#: Weight of an entity, by its kind (the part of its id before "/"), times its IDF in a paper's entity part;
#: a kind not named weighs 1.  Two papers on the same task are more alike than two using the same model, and a
#: shared metric (accuracy, F1, BLEU) says nothing of the topic, so it is left out.  Chosen on 570 judged pairs
#: of the Anthology's tuning papers (docs/analytics.md, round h16e): with the entity part at 0.25 of the text
#: part, 420 related instead of 416 with every kind weighing 1 at 0.2 (a small gain, within one judge's noise;
#: Papers-with-Code sharing moves the same way, 30.0x random pairs instead of 29.3x).
ENTITY_KIND_WEIGHTS: Mapping[str, float] = MappingProxyType(
    {"task": 1.5, "dataset": 1.0, "method": 0.7, "model": 0.5, "metric": 0.0})


@dataclass(frozen=True)
class PaperText:
    """What similarity reads of one paper: its node id, title, abstract and the ids of the entities it uses or proposes.

    >>> PaperText("paper/a", "Dense retrieval", "We study it.").text
    'Dense retrieval We study it.'
    """

    id: str
    title: str | None = None
    abstract: str | None = None
    entities: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """Title and abstract, joined by a space (empty when the paper has neither)."""
        return " ".join(part for part in (self.title, self.abstract) if part)


@dataclass(frozen=True)
class PaperVectors:
    """Rows of L2-normalised vectors, the paper node each row stands for, and the columns' names where known."""

    papers: tuple[str, ...]
    matrix: sp.csr_matrix | np.ndarray
    columns: tuple[str, ...] = ()
    backoff: TextBackoff | None = None


def paper_texts(graph: nx.MultiDiGraph, *, exclude_extractors: Iterable[str] = ()) -> Iterator[PaperText]:
    """The :class:`PaperText` of every paper node, by node id.

    Entities are the methods, datasets, models, tasks and metrics a paper
    ``uses`` or ``proposes`` (:func:`entity_rows` weighs them by kind, read
    from the id's prefix as kg's ids write it); an edge whose every mention
    comes from an extractor in ``exclude_extractors`` (e.g.
    ``"papers-with-code"``) is not counted.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="QA"); g.add_node("dataset/squad", kind="dataset")
    >>> _ = g.add_edge("paper/a", "dataset/squad", key="uses", relation="uses")
    >>> list(paper_texts(g))
    [PaperText(id='paper/a', title='QA', abstract=None, entities=('dataset/squad',))]
    """
    excluded = frozenset(exclude_extractors)
    # The adjacency's own dicts (keyed by relation, as graph.out_edges(keys=True) gives them), not an edge view per
    # paper: 1.26 -> 1.08 CPU s on the full Anthology (docs/scaling.md, "The one-page rebuild, thirty-eighth session").
    nodes, succ = graph._node, graph._succ
    for node in sorted(node for node, data in nodes.items() if data.get("kind") == "paper"):
        data = nodes[node]
        named = sorted({
            target for target, keyed in succ[node].items() if nodes[target].get("kind") in _ENTITY_KINDS
            for relation, edge in keyed.items()
            if relation in ENTITY_RELATIONS and not (excluded and only_from(edge, excluded))
        })
        yield PaperText(node, data.get("title") or None, data.get("abstract") or None, tuple(named))


def only_from(data: dict, excluded: frozenset[str]) -> bool:
    """Whether an entity edge's every mention (or, without mentions, the edge itself) comes from an extractor in
    ``excluded``: :func:`paper_texts` does not count it.

    >>> pwc = frozenset({"papers-with-code"})
    >>> only_from({"mentions": [{"extractor": "papers-with-code"}]}, pwc), only_from({"extractor": "rules"}, pwc)
    (True, False)
    >>> only_from({"mentions": [{"extractor": "papers-with-code"}, {"extractor": "rules"}]}, pwc)
    False
    """
    extractors = {m.get("extractor") for m in data.get("mentions") or ()} or {data.get("extractor")}
    return extractors <= excluded


def _empty() -> PaperVectors:
    return PaperVectors((), sp.csr_matrix((0, 0), dtype=np.float32))


def text_rows(papers: Iterable[PaperText], *, stats: SimilarityStats | None = None,
              terms_file: Path | None = None, processes: int = 1) -> PaperVectors:
    """TF-IDF rows of the papers' titles and abstracts (papers with neither are left out).

    The IDF, the corpus stop words and the pairs of title words kept are
    those of the reference corpus (``stats``, default the statistics shipped
    with kg, :mod:`kg.similarity_stats`), never of ``papers``: a paper's row
    does not depend on the other papers.

    The terms are the words of title and abstract (English stop words
    dropped, and a French, German, Spanish, Portuguese, Italian or Dutch
    paper's own function words: :func:`kg.similarity_terms.stop_words`) and the pairs of adjacent words of the title ("machine
    translation", "word sense"; those not in two reference papers are dropped):
    a title names the topic, and on papers with a title only the pairs made
    the nearest papers share a Papers-with-Code dataset 23x as often as random
    pairs instead of 19x (docs/analytics.md).  Words found in more than 5% of
    the reference papers (and in more than 100) are corpus stop words: on the ACL
    Anthology these 91 words ("language", "model", "results", ...) carry a
    tenth of the vectors' weight but three quarters of the cost of comparing
    them.  They are left out of ``matrix`` and kept in ``backoff``
    (:class:`TextBackoff`), which completes the papers the search leaves
    with fewer than ``k`` neighbours.  ``columns`` are the terms.
    ``terms_file`` keeps the term counts for the next call, ``processes``
    (2 or more) analyses the texts in two processes (:func:`tfidf`).
    """
    ids: list[str] = []

    def documents() -> Iterator[tuple[str, str]]:
        for paper in papers:
            if paper.text.strip():
                ids.append(paper.id)
                yield paper.title or "", paper.abstract or ""

    return tfidf(ids, documents(), stats=stats, terms_file=terms_file, processes=processes)


def text_vectors(graph: nx.MultiDiGraph) -> PaperVectors:
    """:func:`text_rows` of a graph's papers.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="Dense retrieval", abstract="We study dense retrieval.")
    >>> g.add_node("paper/b", kind="paper", title=None, abstract=None)
    >>> vectors = text_vectors(g)
    >>> vectors.papers, vectors.columns
    (('paper/a',), ('dense', 'dense retrieval', 'retrieval'))
    """
    return text_rows(paper_texts(graph))


def tfidf(papers: Sequence[str], documents: Iterable[tuple[str, str]], *,
          stats: SimilarityStats | None = None, terms_file: Path | None = None, processes: int = 1) -> PaperVectors:
    """TF-IDF rows of ``documents`` (``(title, abstract)``, one per paper) as :func:`text_rows` makes them.

    ``documents`` is read once; ``papers`` may be filled while it is read.
    ``terms_file`` keeps the texts' term counts for the next call, which
    then analyses only the texts it does not hold
    (:mod:`kg.similarity_term_cache`; the same rows with or without it).
    ``processes`` of 2 or more share the texts' analysis with a helper
    process (:mod:`kg.similarity_term_split`; the same rows).
    """
    from kg.similarity_term_cache import counted_terms
    from kg.similarity_terms import split_columns, weigh

    stats = stats or load_stats()
    counts, vocabulary, empty = counted_terms(documents, _Terms(), terms_file, processes=processes)
    weights, vocabulary, idf = weigh(counts, vocabulary, idf=stats.term_idf)  # in place: one copy, float32
    del counts
    bare = {row: tuple(words(f"{title} {abstract}")) for row, (title, abstract) in empty.items()}  # only stop words
    if not weights.shape[1]:  # no text, or only stop words: no vocabulary at all
        return _empty()
    pair = np.fromiter((" " in term for term in vocabulary), dtype=bool, count=len(vocabulary))
    common = stats.common(vocabulary)
    kept = ~common & ~(pair & ~stats.known(vocabulary))
    keep, common = np.flatnonzero(kept), np.flatnonzero(common)
    rare, other = split_columns(weights, kept)  # the largest matrix, reused for its kept part
    del weights
    common_weights = other[:, np.searchsorted(np.flatnonzero(~kept), common)].tocsr()
    del other
    kept_norm, common_norm = _norms(rare), _norms(common_weights)
    full_norm = np.sqrt(kept_norm.astype(np.float64) ** 2 + common_norm ** 2).astype(np.float32)
    text = _non_empty(tuple(papers), rare, tuple(vocabulary[keep].tolist()), norms=kept_norm)
    backoff = TextBackoff(
        papers=tuple(papers), rows=_positions(text.papers, papers), kept_norm=kept_norm, full_norm=full_norm,
        common=common_weights, common_terms=tuple(vocabulary[common].tolist()),
        idf=np.concatenate([idf[keep], idf[common]]), bare=bare)
    return PaperVectors(text.papers, text.matrix, text.columns, backoff)


@dataclass(frozen=True)
class TextBackoff:
    """What completes the papers the search leaves short (:mod:`kg.similarity_backoff`).

    For every paper with text (``papers``): its row in the text vectors
    (``rows``, -1 for none), the norms of its TF-IDF weights without and with
    the corpus stop words, its weights on those (``common``, one column per
    ``common_terms``), the IDF of the text vectors' columns then of the
    common terms (``idf``), and the words of papers with only stop words
    (``bare``, by position in ``papers``).
    """

    papers: tuple[str, ...]
    rows: np.ndarray
    kept_norm: np.ndarray
    full_norm: np.ndarray
    common: sp.csr_matrix
    common_terms: tuple[str, ...]
    idf: np.ndarray
    bare: dict[int, tuple[str, ...]]


def length_weights(papers: Sequence[str], text: PaperVectors, *, short: float = SHORT_TEXT) -> np.ndarray:
    """For each of ``papers``, ``sqrt(n / (n + short))``, where ``n`` is the number of distinct words in its text row.

    A title-only paper has a handful of words, so one shared word ("Bootstrapping",
    "Slot Grammars") can make a high cosine; the weight lowers the scores of
    such short rows, most for the shortest, so that a neighbour sharing more
    says more.  Pairs of title words are not counted (a row of pairs only
    counts one word); a paper without a text row weighs 1.

    >>> text = text_rows([PaperText("paper/a", "Bootstrapping"), PaperText("paper/b", "Bootstrapping word alignment")])
    >>> length_weights(("paper/a", "paper/b", "paper/c"), text).astype(float).round(3).tolist()
    [0.447, 0.577, 1.0]
    """
    single = np.fromiter((" " not in term for term in text.columns), dtype=bool, count=len(text.columns))
    matrix = sp.csr_matrix(text.matrix)
    counts = np.empty(matrix.shape[0], dtype=np.float64)
    for start in range(0, matrix.shape[0], _ROWS):
        bounds = matrix.indptr[start:start + _ROWS + 1]
        total = np.concatenate([[0], np.cumsum(single[matrix.indices[bounds[0]:bounds[-1]]])])
        counts[start:start + len(bounds) - 1] = total[bounds[1:] - bounds[0]] - total[bounds[:-1] - bounds[0]]
    weights = np.ones(len(papers), dtype=np.float32)
    rows = _positions(papers, text.papers)  # each text row's place among ``papers``
    found = rows >= 0
    counts = np.maximum(counts[found], 1)  # a row of title pairs only ("language model") counts one word
    weights[rows[found]] = np.sqrt(counts / (counts + short))
    return weights


def short_rows(weights: np.ndarray, *, short: float = SHORT_TEXT) -> np.ndarray:
    """Whether each row of :func:`length_weights` (made with ``short``) has fewer than :data:`SHORT_WORDS` distinct
    words: a title without an abstract.  A paper without a text row (weight 1) is not short.

    >>> short_rows(np.array([0.447, 0.9089, 0.9129, 1.0], dtype=np.float32)).tolist()
    [True, True, False, False]
    """
    return np.asarray(weights) < np.float32(np.sqrt(SHORT_WORDS / (SHORT_WORDS + short)))


def _norms(matrix: sp.csr_matrix) -> np.ndarray:
    """The rows' L2 norms (float32), summed in each row's stored order, a block of rows at a time."""
    matrix = sp.csr_matrix(matrix)
    norms = np.empty(matrix.shape[0], dtype=np.float32)
    for start in range(0, matrix.shape[0], _ROWS):
        bounds = matrix.indptr[start:start + _ROWS + 1]
        cells = matrix.data[bounds[0]:bounds[-1]].astype(np.float64)
        total = np.concatenate([[0.0], np.cumsum(cells * cells)])
        norms[start:start + len(bounds) - 1] = np.sqrt(total[bounds[1:] - bounds[0]] - total[bounds[:-1] - bounds[0]])
    return norms


def _scale_rows(matrix: sp.csr_matrix, factors: np.ndarray) -> None:
    """Multiply each row of ``matrix`` by its factor, in place, a block of rows at a time."""
    for start in range(0, matrix.shape[0], _ROWS):
        bounds = matrix.indptr[start:start + _ROWS + 1]
        matrix.data[bounds[0]:bounds[-1]] *= np.repeat(factors[start:start + len(bounds) - 1], np.diff(bounds))


def _positions(kept: Sequence[str], papers: Sequence[str]) -> np.ndarray:
    where = {paper: index for index, paper in enumerate(kept)}
    return np.fromiter((where.get(paper, -1) for paper in papers), dtype=np.int64, count=len(papers))


def entity_rows(papers: Iterable[PaperText], *, kind_weights: Mapping[str, float] = ENTITY_KIND_WEIGHTS,
                stats: SimilarityStats | None = None) -> PaperVectors:
    """IDF-weighted rows of the entities each paper names, weighted by kind (papers naming none are left out).

    The weight of an entity is ``log((1 + papers) / (1 + papers naming it)) + 1``
    (scikit-learn's smooth IDF, over the reference papers naming any entity:
    ``stats``, default the statistics shipped with kg; an entity they do not
    know weighs as one named by a single paper), so a rare
    shared benchmark says more than a ubiquitous one, times the weight of its
    kind in ``kind_weights`` (the part of its id before "/"; 1 for a kind not
    named there).  Entities of a kind weighing 0 are left out, and so is a
    paper naming only such entities.  ``columns`` are entity ids, sorted, so
    that a row's cells are summed in the same order whatever other papers
    there are.

    >>> rows = entity_rows([PaperText("paper/a", entities=("dataset/squad",))])
    >>> rows.papers, rows.matrix.toarray().round(3).tolist(), rows.columns
    (('paper/a',), [[1.0]], ('dataset/squad',))
    >>> rows = entity_rows([PaperText("paper/a", entities=("task/qa", "model/bert", "metric/f1"))])
    >>> rows.matrix.toarray().astype(float).round(3).tolist(), rows.columns
    ([[0.283, 0.959]], ('model/bert', 'task/qa'))
    """
    stats = stats or load_stats()
    entity_column: dict[str, int] = {}
    rows: list[int] = []
    columns: list[int] = []
    ids: list[str] = []
    for paper in papers:
        named = sorted(set(paper.entities))
        if not named:
            continue
        for entity in named:
            rows.append(len(ids))
            columns.append(entity_column.setdefault(entity, len(entity_column)))
        ids.append(paper.id)
    if not ids:
        return _empty()
    first_seen = tuple(entity_column)
    order = np.argsort(np.array(first_seen, dtype=object), kind="stable")
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    names = tuple(first_seen[i] for i in order)
    ones = np.ones(len(rows), dtype=np.float32)
    incidence = sp.csr_matrix((ones, (rows, rank[np.asarray(columns, dtype=np.int64)])), shape=(len(ids), len(names)))
    idf = stats.entity_idf(names)
    kind = np.fromiter((kind_weights.get(name.split("/", 1)[0], 1.0) for name in names), dtype=np.float32,
                       count=len(names))
    kept = np.flatnonzero(kind > 0)
    weighted = sp.csr_matrix(incidence @ sp.diags(idf * kind, format="csr"))[:, kept]
    return _non_empty(tuple(ids), weighted, tuple(names[column] for column in kept))


def entity_vectors(graph: nx.MultiDiGraph, *, exclude_extractors: Iterable[str] = ()) -> PaperVectors:
    """:func:`entity_rows` of a graph's papers (entity links only from ``exclude_extractors`` left out).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper"); g.add_node("dataset/squad", kind="dataset")
    >>> _ = g.add_edge("paper/a", "dataset/squad", key="uses", relation="uses")
    >>> entity_vectors(g).columns
    ('dataset/squad',)
    """
    return entity_rows(paper_texts(graph, exclude_extractors=exclude_extractors))


def renormalises(text: PaperVectors, entities: PaperVectors) -> bool:
    """Whether :func:`combined_vectors` makes new rows (entities to add, or text rows to sort) rather than
    taking the text vectors as they are; the similarity state's key records which
    (:func:`kg.similarity_incremental.state_key`), since the rows are made differently in the two cases."""
    return bool(entities.papers) or list(text.papers) != sorted(text.papers)


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
    if not renormalises(text, entities):
        return PaperVectors(text.papers, text.matrix, text.columns)  # nothing to add: no copy
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


def _non_empty(papers: tuple[str, ...], matrix, columns: tuple[str, ...] = (),
               norms: np.ndarray | None = None) -> PaperVectors:
    """Rows L2-normalised (in place when ``matrix`` is a float32 CSR); all-zero rows dropped.

    ``norms`` are the rows' norms when already known.
    """
    matrix = sp.csr_matrix(matrix, dtype=np.float32)
    matrix.sort_indices()  # sums in column order: the same bits whatever order the papers came in
    norms = _norms(matrix) if norms is None else norms
    keep = np.flatnonzero(norms > 0)
    _scale_rows(matrix, (1 / np.where(norms > 0, norms, 1)).astype(np.float32))
    if len(keep) < matrix.shape[0]:
        matrix = matrix[keep]
    return PaperVectors(tuple(papers[i] for i in keep), matrix, columns)
