"""The similarity search of a rebuild: only the rows a change can reach are searched again.

Every score is a function of its two papers alone (the weights come from
reference statistics shipped with kg, :mod:`kg.similarity_stats`), so a
paper that did not change keeps its candidates unless a changed paper is one
of them or a new paper beats one of them.  The exact search
(:func:`kg.similarity_index.pool_search`, up to
:data:`kg.similarity_index.EXACT_LIMIT` papers) picks each row's neighbours
in two steps: its best :meth:`~kg.similarity_index.Rescoring.pool` candidates
by the weighted cosine (ties to the smaller id), then the ``k`` best of those
by the score moderated by the LSA and dense cosines
(:func:`kg.similarity_index.choose`).  This module keeps, for each paper with
a row, a fingerprint of what the search reads of it (its
:class:`~kg.similarity_vectors.PaperText`) and its candidates with both
scores, in a state file beside the document cache (:data:`STATE_FILE`,
numpy ``.npz`` without pickles, written atomically).  On the next build
with the same options and code (:func:`state_key`), with ``C`` the papers
added, changed or removed:

* rows searched in full: the papers added or changed, and every unchanged
  paper one of whose kept candidates changed or is gone (its candidates
  below the kept ones are not known);
* every other row's candidates are the best of its kept candidates and the
  added or changed papers, scored from that row as the full search scores
  them (the same float32 operations on the same two rows), so the result,
  the neighbours chosen from them and every tie are those of a search of
  all rows.

A missing, damaged or mismatched state, more than :data:`EXACT_LIMIT`
papers, or a search that does not blend means the full search.  A state
from any earlier build is a valid starting point, whichever build it was
(the search depends on the papers, not on the history): a build killed
before the state was replaced leaves the previous one, which the next
build corrects from.

>>> import tempfile
>>> from kg.similarity_links import links_and_reasons
>>> from kg.similarity_vectors import PaperText
>>> papers = [PaperText("paper/a", "Neural machine translation for low-resource languages"),
...           PaperText("paper/b", "Low-resource neural machine translation with pivots"),
...           PaperText("paper/c", "Parsing clinical notes with neural networks")]
>>> path = Path(tempfile.mkdtemp()) / STATE_FILE
>>> first = [(l.source, l.target, l.score) for l in links_and_reasons(papers, k=1, state=path)[0]]
>>> papers.append(PaperText("paper/d", "Clinical notes parsing"))
>>> again = [(l.source, l.target, l.score) for l in links_and_reasons(papers, k=1, state=path)[0]]
>>> again == [(l.source, l.target, l.score) for l in links_and_reasons(papers, k=1)[0]], last_search().searched
(True, 1)
"""
from __future__ import annotations

import hashlib
import json
import unicodedata
import zipfile
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, pairwise
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from kg.cache_arrays import checksum, encode_texts, read_meta, write_arrays
from kg.similarity_index import EXACT_LIMIT, Neighbours, Pool, Rescoring, choose, pool_search
from kg.similarity_vectors import PaperText, PaperVectors
from ontology import shared_terms
from ontology.util.versions import file_digests, installed_versions

__all__ = ["STATE_FILE", "STATE_FORMAT", "Search", "SearchReport", "fingerprinted", "last_search", "search",
           "state_key"]

#: The state's file name, in the document cache's folder (``OUT/.kg-cache``; the cache keeps files at its top level).
STATE_FILE = "similarity.npz"
#: Bumped whenever the state's layout or meaning changes.
STATE_FORMAT = "2"  # 2: the links' reasons
_DIGEST = 16  # bytes of a paper's fingerprint
#: Candidates :func:`_chosen` hands :func:`~kg.similarity_index.choose` at a time (whole rows, so the same result).
_CHOOSE_BLOCK = 1 << 18
#: Kept rows scored against the new and changed papers per :func:`~kg.similarity_index.pool_search` call: it takes
#: the rows of a call out of the matrix as a copy, which for all 90,000 of the full Anthology's was 0.1 GB.
_KEPT_ROWS = 1 << 14
_ARRAYS = ("meta", "papers", "prints", "rows", "columns", "cosines", "scores", "link_a", "link_b", "names", "bounds",
           "cells")
_KG = Path(__file__).resolve().parent
#: What the search's scores are made by besides the options: these files and these libraries' versions.
_CODE = ("char_trigrams.py", "english_stop_words.py", "similarity.py", "similarity_backoff.py",
         "similarity_dense.py", "similarity_incremental.py", "similarity_index.py", "similarity_links.py",
         "similarity_ranking.py", "similarity_reasons.py", "similarity_stats.py", "similarity_term_cache.py",
         "similarity_term_split.py", "similarity_terms.py", "similarity_unshared.py", "similarity_vectors.py",
         "similarity_words.py")
#: The data model's modules whose text the kept reasons hold (the marks of stand-ins and title labels).
_DATA_MODEL = (Path(shared_terms.__file__).resolve(),)
_MODELS = ("model/similarity_stats", "model/word_vectors")
_LIBRARIES = ("numpy", "scipy", "scikit-learn", "spacy", "threadpoolctl")


@dataclass(frozen=True)
class SearchReport:
    """What the last :func:`search` of this process did: its rows, the rows searched in full and those whose
    candidates came from the state, the papers added or changed (``changed``) and the old rows changed or gone
    (``gone``), and why it searched everything (``""`` when it used a state)."""

    rows: int
    searched: int
    kept: int
    changed: int
    gone: int
    full: str = ""


_LAST: list[SearchReport] = []


def last_search() -> SearchReport | None:
    """The :class:`SearchReport` of this process's last :func:`search` (for tests and benchmarks)."""
    return _LAST[-1] if _LAST else None


def fingerprinted(papers: Iterable[PaperText], prints: dict[str, bytes]) -> Iterator[PaperText]:
    """``papers`` as they are, noting each one's fingerprint in ``prints``: a digest of everything a paper's rows,
    weights and vectors are made of (title, abstract, entity ids)."""
    for paper in papers:
        data = json.dumps([paper.title, paper.abstract, sorted(set(paper.entities))], ensure_ascii=False)
        prints[paper.id] = hashlib.sha256(data.encode("utf-8", "surrogatepass")).digest()[:_DIGEST]  # lone ones too
        yield paper


def state_key(options: Mapping[str, Any]) -> str:
    """A digest of everything the search depends on besides the papers: ``options`` (k, min_score, bases, ...),
    the state's format, the code of the similarity modules, the shipped models and the numeric libraries' versions."""
    digest = hashlib.sha256(json.dumps({"format": STATE_FORMAT, "options": options}, sort_keys=True,
                                       default=repr).encode("utf-8"))
    for name in _CODE:
        digest.update(name.encode() + b"\0" + hashlib.sha256((_KG / name).read_bytes()).digest())
    for path in _DATA_MODEL:
        digest.update(f"ontology/{path.name}".encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for name, file_digest in file_digests(_KG, _MODELS):
        digest.update(name.encode() + b"\0" + file_digest)
    for library, version in installed_versions(_LIBRARIES, missing="-"):
        digest.update(f"{library}={version}".encode())
    digest.update(f"unicode={unicodedata.unidata_version}".encode())  # what \w and str.lower() take as letters
    return digest.hexdigest()


@dataclass(frozen=True)
class _State:
    """A build's papers with rows (sorted ids), their fingerprints, every row's candidates (:data:`Pool`, int32, in
    :func:`pool_order`), and its
    links (``links``: rows ``a < b``, by ``(a, b)``) with their reasons: ``names`` (the strings), ``bounds``
    (link ``i``'s shared entities are ``cells[bounds[2i]:bounds[2i + 1]]``, its shared terms
    ``cells[bounds[2i + 1]:bounds[2i + 2]]``) and ``cells`` (indices into ``names``)."""

    papers: tuple[str, ...]
    prints: np.ndarray  # (papers, _DIGEST) uint8
    pool: Pool
    links: tuple[np.ndarray, np.ndarray] = field(default_factory=lambda: (np.empty(0, np.int64),
                                                                         np.empty(0, np.int64)))
    names: tuple[str, ...] = ()
    bounds: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    cells: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64))


Reason = tuple[tuple[str, ...], tuple[str, ...]]


class Search:
    """What :func:`search` found (``found``: each row's neighbours) and what the links need of the state: the
    reasons of links whose two papers did not change (:meth:`reasons`), and :meth:`save`, which writes the state
    of this build once every link's reasons are known."""

    def __init__(self, found: list[Neighbours], state: _State, *, path: Path, key: str,
                 old: _State | None = None, before: np.ndarray | None = None) -> None:
        self.found, self.state, self.path, self.key = found, state, path, key
        self.old = old
        self.before = before  # each row's row in ``old`` where its paper did not change, else -1
        self._row: dict[str, int] = {paper: index for index, paper in enumerate(state.papers)}
        self._keys: np.ndarray | None = None
        # the links kept so far (:meth:`keep`), encoded as the state holds them: their rows, the names of their
        # reasons and each reason's cells, in C arrays rather than the reasons' tuples (the full Anthology's
        # 358,000 links: about 70 MB of tuples held until :meth:`save`, then lists of the cells as large)
        self._kept_places: np.ndarray | None = None
        self._kept_low: list[np.ndarray] = []
        self._kept_high: list[np.ndarray] = []
        self._kept_names: dict[str, int] = {}
        self._kept_bounds = array("q", [0])
        self._kept_cells = array("q")

    def _places(self, papers: Sequence[str]) -> np.ndarray:
        """Each of ``papers``' row in this search (-1: none)."""
        row = self._row
        return np.fromiter((row.get(paper, -1) for paper in papers), dtype=np.int64, count=len(papers))

    def reasons(self, papers: Sequence[str], a: np.ndarray, b: np.ndarray) -> list[Reason | None]:
        """The kept reasons of the links ``(papers[a[i]], papers[b[i]])``: ``None`` where either paper changed
        since the state or the link was not in it."""
        result: list[Reason | None] = [None] * len(a)
        old = self.old
        if old is None or not len(a) or not len(old.links[0]):
            return result
        if self._keys is None:  # once: ``papers`` are the links' rows, the same for every block of links
            self._keys = old.links[0] * len(old.papers) + old.links[1]
            self._places_of = self._places(papers)
        places = self._places_of
        first, second = places[a], places[b]
        first = np.where(first >= 0, self.before[np.maximum(first, 0)], -1)
        second = np.where(second >= 0, self.before[np.maximum(second, 0)], -1)
        both = np.flatnonzero((first >= 0) & (second >= 0))
        wanted = np.minimum(first[both], second[both]) * len(old.papers) + np.maximum(first[both], second[both])
        at = np.minimum(np.searchsorted(self._keys, wanted), max(len(self._keys) - 1, 0))
        hit = self._keys[at] == wanted
        # only this block's cells become Python objects: the whole state's bounds and cells as lists were about
        # 80 MB of int objects on the full Anthology, held to the end of the links
        links = at[hit]
        starts, ends = old.bounds[2 * links], old.bounds[2 * links + 2]
        sizes = ends - starts
        flat = np.repeat(starts - (np.cumsum(sizes) - sizes), sizes) + np.arange(int(sizes.sum()))
        names = old.names
        texts = [names[c] for c in old.cells[flat].tolist()]
        cuts = (old.bounds[2 * links + 1] - starts).tolist()
        place = 0
        for i, size, cut in zip(both[hit].tolist(), sizes.tolist(), cuts):
            result[i] = (tuple(texts[place:place + cut]), tuple(texts[place + cut:place + size]))
            place += size
        return result

    def keep(self, papers: Sequence[str], a: np.ndarray, b: np.ndarray, reasons: Sequence[Reason]) -> None:
        """Note the links ``(papers[a[i]], papers[b[i]])`` and their ``reasons`` for :meth:`save`, a block of
        links at a time, in the links' order (by ``(a, b)``); ``papers`` are the same for every block.  Links of
        a paper without a row of the search are not kept (their reasons are worked out each time)."""
        if self._kept_places is None:
            self._kept_places = self._places(papers)
        places = self._kept_places
        first, second = places[a], places[b]
        kept = np.flatnonzero((first >= 0) & (second >= 0))
        self._kept_low.append(np.minimum(first[kept], second[kept]))
        self._kept_high.append(np.maximum(first[kept], second[kept]))
        names, bounds, cells = self._kept_names, self._kept_bounds, self._kept_cells
        parts = list(chain.from_iterable(reasons if len(kept) == len(reasons) else map(reasons.__getitem__,
                                                                                         kept.tolist())))
        flat = list(chain.from_iterable(parts))  # every link's entities, then its terms, link after link
        new = [name for name in dict.fromkeys(flat) if name not in names]  # numbered as they first come
        names.update(zip(new, range(len(names), len(names) + len(new))))
        cells.extend(map(names.__getitem__, flat))
        bounds.extend((np.cumsum(np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))) + bounds[-1]).tolist())

    def save(self) -> None:
        """Write the state: this search and the links noted by :meth:`keep`, ordered by their rows, each reason's
        names numbered as they first come in that order."""
        low = np.concatenate(self._kept_low) if self._kept_low else np.empty(0, np.int64)
        high = np.concatenate(self._kept_high) if self._kept_high else np.empty(0, np.int64)
        names = tuple(self._kept_names)
        bounds = np.frombuffer(self._kept_bounds, dtype=np.int64)
        cells = np.frombuffer(self._kept_cells, dtype=np.int64)
        order = np.lexsort((high, low))
        if np.any(order != np.arange(len(order))):  # links given out of their rows' order: numbered again in it
            low, high, names, bounds, cells = _in_order(order, low, high, names, bounds, cells)
        state = _State(self.state.papers, self.state.prints, self.state.pool, (low, high), names, bounds, cells)
        self._kept_low, self._kept_high, self._kept_names = [], [], {}
        _write(self.path, self.key, state)
        self._kept_bounds, self._kept_cells = array("q", [0]), array("q")  # after the arrays over them are gone


def search(vectors: PaperVectors, prints: Mapping[str, bytes], *, path: Path, key: str, k: int, min_score: float,
           rescoring: Rescoring, map: Callable = map) -> Search | None:
    """Each row's neighbours as :func:`kg.similarity_index.nearest_neighbours` finds them, reusing the state at
    ``path`` where the papers a row reaches did not change.

    ``vectors`` are the combined rows (sorted ids), ``prints`` every paper's
    fingerprint (:func:`fingerprinted`), ``key`` :func:`state_key` of the
    options.  Returns ``None`` (the caller searches as without a state) above
    :data:`EXACT_LIMIT` rows or when ``rescoring`` does not blend; else a
    :class:`Search`, whose :meth:`Search.save` writes the new state once the
    links' reasons are known.
    """
    papers = vectors.papers
    n = len(papers)
    if n > EXACT_LIMIT or not rescoring.blends:
        _LAST[:] = [SearchReport(n, n, 0, n, 0, "above the exact limit" if n > EXACT_LIMIT else "no blending")]
        return None
    matrix = sp.csr_matrix(vectors.matrix, dtype=np.float32)
    mine = np.frombuffer(b"".join(prints[paper] for paper in papers), dtype=np.uint8).reshape(n, _DIGEST)
    old, why = _read(path, key)
    before = None
    if old is None:
        pools = list(pool_search(matrix, top_k=k, rescoring=rescoring, map=map))
        report = SearchReport(n, n, 0, n, 0, why)
    else:
        # what the links read of the old state is its links' reasons: its candidates (29 MB on the full Anthology)
        # go as the update has used them, its fingerprints after it, not when the state is saved
        candidates, old = [old.pool], replace(old, pool=tuple(part[:0] for part in old.pool))
        pools, report, before = _update(old, candidates, papers, mine, matrix, k=k, rescoring=rescoring, map=map)
        old = replace(old, prints=old.prints[:0])
    del matrix
    pool = _in_pool_order(_joined(pools))
    _LAST[:] = [report]
    return Search([_chosen(pool, k, min_score)], _State(papers, mine, pool), path=path, key=key, old=old,
                  before=before)


def _in_pool_order(pool: Pool) -> Pool:
    """``pool`` as int32 arrays in :func:`pool_order`, the order the state keeps it in, one array at a time.

    >>> [part.tolist() for part in _in_pool_order((np.array([1, 0, 0]), np.array([0, 2, 1]), np.array([5, 3, 3]),
    ...                                             np.array([9, 8, 7])))]
    [[0, 0, 1], [1, 2, 0], [3, 3, 5], [7, 8, 9]]
    """
    order = pool_order(*pool[:3])
    return tuple(np.asarray(part, dtype=np.int32)[order] for part in pool)  # type: ignore[return-value]


def _chosen(pool: Pool, k: int, min_score: float, block: int | None = None) -> Neighbours:
    """:func:`~kg.similarity_index.choose` of ``pool`` (sorted by row), about ``block`` candidates at a time, whole
    rows each: the same neighbours, without sorting keys and copies of all 1.8 million candidates of the full
    Anthology at once (80 MB).

    >>> pool = (np.array([0, 0, 1, 1, 2]), np.array([1, 2, 0, 2, 1]), np.array([9, 8, 9, 7, 7]),
    ...         np.array([5, 6, 4, 8, 7]))
    >>> [part.tolist() for part in _chosen(pool, 1, 0.0, block=2)] == [
    ...     part.tolist() for part in choose(pool, 1, 0.0)]
    True
    """
    rows, block = pool[0], block or _CHOOSE_BLOCK
    if len(rows) <= block:
        return choose(pool, k, min_score)
    cuts = np.unique(np.searchsorted(rows, rows[::block], side="left")).tolist() + [len(rows)]
    found = [choose(tuple(part[start:end] for part in pool), k, min_score)  # type: ignore[arg-type]
             for start, end in pairwise(cuts)]
    return np.concatenate([part[0] for part in found]), np.concatenate([part[1] for part in found]), \
        np.concatenate([part[2] for part in found])


def _in_order(order: np.ndarray, low: np.ndarray, high: np.ndarray, names: Sequence[str], bounds: np.ndarray,
              cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[str, ...], np.ndarray, np.ndarray]:
    """The links ``(low, high)`` and their reasons (``names``, ``bounds``, ``cells`` as in :class:`_State`) in
    ``order``, the names numbered again as they first come in it.

    >>> _in_order(np.array([1, 0]), np.array([1, 0]), np.array([2, 1]), ("x", "y"), np.array([0, 1, 2, 3, 3]),
    ...           np.array([0, 1, 1]))
    (array([0, 1]), array([1, 2]), ('y', 'x'), array([0, 1, 1, 2, 3]), array([0, 1, 0]))
    """
    renumbered: dict[str, int] = {}
    new_bounds = [0]
    new_cells: list[int] = []
    for link in order.tolist():
        for part in (2 * link, 2 * link + 1):
            new_cells.extend(renumbered.setdefault(names[c], len(renumbered))
                             for c in cells[bounds[part]:bounds[part + 1]].tolist())
            new_bounds.append(len(new_cells))
    return (low[order], high[order], tuple(renumbered), np.array(new_bounds, dtype=np.int64),
            np.array(new_cells, dtype=np.int64))


def _joined(pools: list[Pool], dtype: type | None = None) -> Pool:
    """The candidates of ``pools`` as one :data:`Pool`, in their order; ``pools`` is emptied as they are joined.

    One part at a time, each task's arrays of it let go once joined: the full Anthology's 1.8 million candidates
    are 58 MB in four int64 arrays, which the tasks' pieces held a second time until :func:`search` returned.
    ``dtype``: that of the joined arrays (default: the parts').

    >>> pools = [(np.array([0]), np.array([1]), np.array([5]), np.array([4])), (np.array([1]),) * 4]
    >>> [part.tolist() for part in _joined(pools)], pools
    ([[0, 1], [1, 1], [5, 1], [4, 1]], [])
    """
    parts = [list(part) for part in zip(*pools)] or [[] for _ in range(4)]
    pools.clear()
    joined = []
    for part in parts:
        joined.append(np.concatenate(part, dtype=dtype) if part else np.empty(0, dtype or np.int64))
        part.clear()
    return joined[0], joined[1], joined[2], joined[3]


def _update(old: _State, candidates: list[Pool], papers: Sequence[str], mine: np.ndarray, matrix: sp.csr_matrix,
            *, k: int, rescoring: Rescoring, map: Callable) -> tuple[list[Pool], SearchReport, np.ndarray]:
    """The candidates of every row from the state ``old``, whose own candidates are the one item of
    ``candidates`` (taken out, and let go once the kept ones are copied): the rows a change reaches searched
    again.  The searches run first, while only the old candidates are held (each search task's rescoring
    takes about 70 MB for a moment on the full Anthology)."""
    n = len(papers)
    where = {paper: index for index, paper in enumerate(old.papers)}
    before = np.fromiter((where.get(paper, -1) for paper in papers), dtype=np.int64, count=n)  # each row's old row
    del where
    known = before >= 0
    same = known.copy()
    same[known] = np.all(old.prints[before[known]] == mine[known], axis=1)
    after = np.full(len(old.papers), -1, dtype=np.int32)  # each old row's new row, where its paper did not change
    after[before[same]] = np.flatnonzero(same)
    rows, columns, cosines, scores = candidates.pop()
    # a row whose candidates include a paper changed or gone must be searched again: what lay below them is not kept
    reached = np.zeros(len(old.papers), dtype=bool)
    reached[rows[after[columns] < 0]] = True
    kept = same & ~reached[np.where(known, before, 0)]
    fresh = np.flatnonzero(~same)  # papers added or changed
    again = np.flatnonzero(~kept)
    pools: list[Pool] = []
    if len(again):
        pools.extend(pool_search(matrix, top_k=k, rows=again, rescoring=rescoring, map=map))
    stay = np.flatnonzero(kept)
    parts: list[Pool] = []
    for start in range(0, len(stay) if len(fresh) else 0, _KEPT_ROWS):  # the new and changed papers, scored from
        parts.extend(pool_search(matrix, top_k=k, rows=stay[start:start + _KEPT_ROWS], columns=fresh,  # each kept
                                 rescoring=rescoring, map=map))  # row
    if len(stay):
        moved = after[rows]
        entry = kept[np.maximum(moved, 0)] & (moved >= 0)
        del moved
        parts.insert(0, (after[rows[entry]], after[columns[entry]], cosines[entry], scores[entry]))
    del rows, columns, cosines, scores
    if len(stay):
        pools.append(_best(parts, rescoring.pool(k)))
    gone = len(old.papers) - int(same.sum())
    return pools, SearchReport(n, len(again), len(stay), len(fresh), gone), np.where(same, before, -1)


def _best(parts: list[Pool], size: int) -> Pool:
    """Each row's ``size`` best candidates of ``parts`` by the weighted cosine, ties to the smaller column: the
    order in which :func:`kg.similarity_index._top` picks them; int32, in :func:`pool_order`.  ``parts`` is
    emptied as they are joined (the kept candidates of the full Anthology are 29 MB in int32).

    >>> parts = [(np.array([0, 0]), np.array([1, 2]), np.array([5, 7]), np.array([1, 1])),
    ...          (np.array([0, 1]), np.array([3, 0]), np.array([6, 2]), np.array([2, 2]))]
    >>> [part.tolist() for part in _best(parts, 2)], parts
    ([[0, 0, 1], [2, 3, 0], [7, 6, 2], [1, 2, 2]], [])
    """
    rows, columns, cosines, scores = _joined(parts, np.int32)
    order = pool_order(rows, columns, cosines)
    ranked = rows[order]
    order = order[np.arange(len(ranked)) - np.searchsorted(ranked, ranked, side="left") < size]
    del ranked
    return rows[order], columns[order], cosines[order], scores[order]


#: Bits of each part of :func:`pool_order`'s key: rows and columns below 2**21 (EXACT_LIMIT is 100,000), cosines
#: in millionths within (-2**20, 2**20].
_BITS = 21


def pool_order(rows: np.ndarray, columns: np.ndarray, cosines: np.ndarray) -> np.ndarray:
    """``np.lexsort((columns, -cosines, rows))``: candidates by row, best cosine first, ties to the smaller column.

    Where the three fit in :data:`_BITS` bits each, they are one int64 key sorted stably (equal keys keep their
    order, as lexsort's do): a rebuild's pool is the state's, already in this order, with a few rows searched
    again, and a stable sort of one key on runs already sorted took 0.03 s on the full Anthology's 1.8M
    candidates where lexsort's three passes took 1 s (twice a rebuild: :func:`_best`, :func:`_write`).
    Otherwise lexsort itself.

    >>> rows, columns, cosines = np.array([1, 0, 0, 0]), np.array([5, 9, 3, 7]), np.array([10, 20, 20, 30])
    >>> pool_order(rows, columns, cosines).tolist(), np.lexsort((columns, -cosines, rows)).tolist()
    ([3, 2, 1, 0], [3, 2, 1, 0])
    """
    rows, columns, cosines = (np.asarray(part) for part in (rows, columns, cosines))
    limit = 1 << _BITS
    if not len(rows) or not (0 <= rows.min() and rows.max() < limit and 0 <= columns.min() and columns.max() < limit
                             and -(limit >> 1) < cosines.min() and cosines.max() <= limit >> 1):
        return np.lexsort((columns.astype(np.int64), -cosines.astype(np.int64), rows.astype(np.int64)))
    # the key made in place, one int64 array and one temporary (not five: 70 MB of the full Anthology's pool)
    key = rows.astype(np.int64)
    key <<= 2 * _BITS
    part = cosines.astype(np.int64)
    np.subtract(limit >> 1, part, out=part)  # in [0, 2**21): the larger the cosine, the smaller
    part <<= _BITS
    key |= part
    part[...] = columns
    key |= part
    del part
    return np.argsort(key, kind="stable")


# --- the state file -------------------------------------------------------------------------------------------------


def _write(path: Path, key: str, state: _State) -> None:
    """Write ``state`` atomically (a killed build leaves the previous state whole); an unwritable folder is let be
    (the next build searches in full)."""
    rows, columns, cosines, scores = (np.asarray(part, dtype=np.int32) for part in state.pool)  # in pool order
    arrays = {"papers": encode_texts(state.papers), "prints": state.prints,
              "rows": rows, "columns": columns, "cosines": cosines, "scores": scores,
              "link_a": state.links[0].astype(np.int32), "link_b": state.links[1].astype(np.int32),
              "names": encode_texts(state.names), "bounds": state.bounds.astype(np.int64),
              "cells": state.cells.astype(np.int32)}
    write_arrays(path, arrays, {"format": STATE_FORMAT, "key": key})


def _read(path: Path, key: str) -> tuple[_State | None, str]:
    """The state at ``path`` if it is whole and made with ``key``; else ``None`` and why."""
    if path.is_symlink() or not path.is_file():
        return None, "no state"
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _ARRAYS}
        meta = read_meta(arrays.pop("meta"))
        if meta.get("format") != STATE_FORMAT or meta.get("key") != key:
            return None, "another kg, options or code"
        if checksum(arrays) != meta.get("sha256"):
            return None, "damaged state"
        papers = tuple(json.loads(arrays["papers"].tobytes().decode("utf-8")))
        names = tuple(json.loads(arrays["names"].tobytes().decode("utf-8")))
        prints = arrays["prints"]
        pool = tuple(arrays[name] for name in ("rows", "columns", "cosines", "scores"))  # int32, as written
        links = (arrays["link_a"].astype(np.int64), arrays["link_b"].astype(np.int64))
        bounds, cells = arrays["bounds"].astype(np.int64), arrays["cells"]
        n = len(papers)
        if (prints.dtype != np.uint8 or prints.shape != (n, _DIGEST) or len({len(part) for part in pool}) != 1
                or any(part.dtype != np.int32 for part in pool) or not np.issubdtype(cells.dtype, np.integer)
                or list(papers) != sorted(set(papers)) or not all(isinstance(text, str) for text in (*papers, *names))
                or any(len(part) and (part.min() < 0 or part.max() >= n) for part in (*pool[:2], *links))
                or len(links[0]) != len(links[1]) or np.any(links[0] >= links[1])
                or np.any(np.diff(links[0] * n + links[1]) <= 0)
                or len(bounds) != 2 * len(links[0]) + 1 or bounds[0] != 0 or bounds[-1] != len(cells)
                or np.any(np.diff(bounds) < 0) or (len(cells) and (cells.min() < 0 or cells.max() >= len(names)))):
            return None, "damaged state"
    except (OSError, ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError, zipfile.BadZipFile,
            EOFError) as error:
        return None, f"unreadable state ({type(error).__name__})"
    return _State(papers, prints, pool, links, names, bounds, cells), ""
