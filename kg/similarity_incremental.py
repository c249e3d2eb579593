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
import io
import json
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from kg.similarity_index import EXACT_LIMIT, Neighbours, Pool, Rescoring, choose, pool_search
from kg.similarity_vectors import PaperText, PaperVectors
from ontology.util.files import write_bytes_atomic

__all__ = ["STATE_FILE", "STATE_FORMAT", "SearchReport", "fingerprinted", "last_search", "search", "state_key"]

#: The state's file name, in the document cache's folder (``OUT/.kg-cache``; the cache keeps files at its top level).
STATE_FILE = "similarity.npz"
#: Bumped whenever the state's layout or meaning changes.
STATE_FORMAT = "1"
_DIGEST = 16  # bytes of a paper's fingerprint
_KG = Path(__file__).resolve().parent
#: What the search's scores are made by besides the options: these files and these libraries' versions.
_CODE = ("similarity.py", "similarity_backoff.py", "similarity_dense.py", "similarity_incremental.py",
         "similarity_index.py", "similarity_links.py", "similarity_stats.py", "similarity_terms.py",
         "similarity_vectors.py")
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
        prints[paper.id] = hashlib.sha256(data.encode("utf-8")).digest()[:_DIGEST]
        yield paper


def state_key(options: Mapping[str, Any]) -> str:
    """A digest of everything the search depends on besides the papers: ``options`` (k, min_score, bases, ...),
    the state's format, the code of the similarity modules, the shipped models and the numeric libraries' versions."""
    digest = hashlib.sha256(json.dumps({"format": STATE_FORMAT, "options": options}, sort_keys=True,
                                       default=repr).encode("utf-8"))
    for name in _CODE:
        digest.update(name.encode() + b"\0" + hashlib.sha256((_KG / name).read_bytes()).digest())
    for folder in _MODELS:
        for path in sorted((_KG / folder).rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(_KG).as_posix().encode() + b"\0" +
                              hashlib.sha256(path.read_bytes()).digest())
    for library in _LIBRARIES:
        try:
            version = metadata.version(library)
        except metadata.PackageNotFoundError:
            version = "-"
        digest.update(f"{library}={version}".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class _State:
    """A build's papers with rows (sorted ids), their fingerprints and every row's candidates (:data:`Pool`)."""

    papers: tuple[str, ...]
    prints: np.ndarray  # (papers, _DIGEST) uint8
    pool: Pool


def search(vectors: PaperVectors, prints: Mapping[str, bytes], *, path: Path, key: str, k: int, min_score: float,
           rescoring: Rescoring, map: Callable = map) -> list[Neighbours] | None:
    """Each row's neighbours as :func:`kg.similarity_index.nearest_neighbours` finds them, reusing the state at
    ``path`` where the papers a row reaches did not change, then the state of this search written there.

    ``vectors`` are the combined rows (sorted ids), ``prints`` every paper's
    fingerprint (:func:`fingerprinted`), ``key`` :func:`state_key` of the
    options.  Returns ``None`` (the caller searches as without a state) above
    :data:`EXACT_LIMIT` rows or when ``rescoring`` does not blend.
    """
    papers = vectors.papers
    n = len(papers)
    if n > EXACT_LIMIT or not rescoring.blends:
        _LAST[:] = [SearchReport(n, n, 0, n, 0, "above the exact limit" if n > EXACT_LIMIT else "no blending")]
        return None
    matrix = sp.csr_matrix(vectors.matrix, dtype=np.float32)
    mine = np.frombuffer(b"".join(prints[paper] for paper in papers), dtype=np.uint8).reshape(n, _DIGEST)
    old, why = _read(path, key)
    if old is None:
        pools = list(pool_search(matrix, top_k=k, rescoring=rescoring, map=map))
        report = SearchReport(n, n, 0, n, 0, why)
    else:
        pools, report = _update(old, papers, mine, matrix, k=k, rescoring=rescoring, map=map)
    pool = tuple(np.concatenate(parts) if parts else np.empty(0, np.int64) for parts in zip(*pools)) if pools \
        else tuple(np.empty(0, np.int64) for _ in range(4))
    _LAST[:] = [report]
    _write(path, key, _State(papers, mine, pool))
    return [choose(pool, k, min_score)]


def _update(old: _State, papers: Sequence[str], mine: np.ndarray, matrix: sp.csr_matrix, *, k: int,
            rescoring: Rescoring, map: Callable) -> tuple[list[Pool], SearchReport]:
    """The candidates of every row from the state ``old``: the rows a change reaches searched again."""
    n = len(papers)
    where = {paper: index for index, paper in enumerate(old.papers)}
    before = np.fromiter((where.get(paper, -1) for paper in papers), dtype=np.int64, count=n)  # each row's old row
    del where
    known = before >= 0
    same = known.copy()
    same[known] = np.all(old.prints[before[known]] == mine[known], axis=1)
    after = np.full(len(old.papers), -1, dtype=np.int64)  # each old row's new row, where its paper did not change
    after[before[same]] = np.flatnonzero(same)
    rows, columns, cosines, scores = old.pool
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
    if len(stay):
        entry = kept[np.maximum(after[rows], 0)] & (after[rows] >= 0)
        parts = [(after[rows[entry]], after[columns[entry]], cosines[entry], scores[entry])]
        if len(fresh):  # the new and changed papers, scored from each kept row
            parts.extend(pool_search(matrix, top_k=k, rows=stay, columns=fresh, rescoring=rescoring, map=map))
        pools.append(_best(parts, rescoring.pool(k)))
    gone = len(old.papers) - int(same.sum())
    return pools, SearchReport(n, len(again), len(stay), len(fresh), gone)


def _best(parts: Sequence[Pool], size: int) -> Pool:
    """Each row's ``size`` best candidates of ``parts`` by the weighted cosine, ties to the smaller column: the
    order in which :func:`kg.similarity_index._top` picks them."""
    rows, columns, cosines, scores = (np.concatenate([np.asarray(part[i], dtype=np.int64) for part in parts])
                                      for i in range(4))
    order = np.lexsort((columns, -cosines, rows))
    rows, columns, cosines, scores = rows[order], columns[order], cosines[order], scores[order]
    rank = np.arange(len(rows)) - np.searchsorted(rows, rows, side="left")
    keep = rank < size
    return rows[keep], columns[keep], cosines[keep], scores[keep]


# --- the state file -------------------------------------------------------------------------------------------------


def _encode(names: Sequence[str]) -> np.ndarray:
    return np.frombuffer(json.dumps(list(names), ensure_ascii=False).encode("utf-8"), dtype=np.uint8)


def _write(path: Path, key: str, state: _State) -> None:
    """Write ``state`` atomically (a killed build leaves the previous state whole); an unwritable folder is let be
    (the next build searches in full)."""
    rows, columns, cosines, scores = state.pool
    order = np.lexsort((columns, -cosines, rows))
    arrays = {"papers": _encode(state.papers), "prints": state.prints,
              "rows": rows[order].astype(np.int32), "columns": columns[order].astype(np.int32),
              "cosines": cosines[order].astype(np.int32), "scores": scores[order].astype(np.int32)}
    digest = hashlib.sha256()
    for name in sorted(arrays):
        digest.update(name.encode() + np.ascontiguousarray(arrays[name]).tobytes())
    meta = {"format": STATE_FORMAT, "key": key, "sha256": digest.hexdigest()}
    buffer = io.BytesIO()
    np.savez(buffer, meta=_encode([json.dumps(meta, sort_keys=True)]), **arrays)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, buffer.getvalue(), transactional=False)
    except OSError:
        pass


def _read(path: Path, key: str) -> tuple[_State | None, str]:
    """The state at ``path`` if it is whole and made with ``key``; else ``None`` and why."""
    if path.is_symlink() or not path.is_file():
        return None, "no state"
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ("meta", "papers", "prints", "rows", "columns", "cosines",
                                                    "scores")}
        meta = json.loads(json.loads(arrays.pop("meta").tobytes().decode("utf-8"))[0])
        if meta.get("format") != STATE_FORMAT or meta.get("key") != key:
            return None, "another kg, options or code"
        digest = hashlib.sha256()
        for name in sorted(arrays):
            digest.update(name.encode() + np.ascontiguousarray(arrays[name]).tobytes())
        if digest.hexdigest() != meta.get("sha256"):
            return None, "damaged state"
        papers = tuple(json.loads(arrays["papers"].tobytes().decode("utf-8")))
        prints = arrays["prints"]
        pool = tuple(arrays[name].astype(np.int64) for name in ("rows", "columns", "cosines", "scores"))
        n = len(papers)
        if (prints.dtype != np.uint8 or prints.shape != (n, _DIGEST) or len({len(part) for part in pool}) != 1
                or list(papers) != sorted(set(papers)) or not all(isinstance(paper, str) for paper in papers)
                or any(len(part) and (part.min() < 0 or part.max() >= n) for part in pool[:2])):
            return None, "damaged state"
    except (OSError, ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError, zipfile.BadZipFile,
            EOFError) as error:
        return None, f"unreadable state ({type(error).__name__})"
    return _State(papers, prints, pool), ""
