"""Term counts of many texts analysed in two processes: the build's, and a helper on the core it leaves idle.

Cutting 90,000 titles and abstracts into words, dropping stop words and
counting the terms (:class:`kg.similarity_words.Terms`) is Python under the
GIL: on the full Anthology about 5 CPU s of a fresh build's similarity stage,
while the build's second core waits (the extraction workers have ended, the
query store's loader has not begun).  :func:`analysed_counts` sends runs of
:data:`CHUNK` texts to one helper process (spawned by :mod:`kg.worker_processes`: it imports the
standard library, :mod:`kg.similarity_words`, :mod:`kg.english_stop_words` and :mod:`ontology.shared_terms`,
not the build's graph) as long as it keeps up, counts the other runs itself as it reads and fingerprints the
papers, and joins the runs' counts in order.  The counts are :func:`kg.similarity_terms.term_counts`'
to the bit: the same cells, put in the same alphabetical order.  A helper
that cannot be started or dies is done without: its runs are counted here.
The helper is started only where it can pay: from :data:`_FEWEST_RUNS` runs, with two cores or more
to run on, and not inside a daemonic process (a pool's or Dask's worker), which may start none.

>>> from kg.similarity_words import Terms
>>> documents = [("Graph parsing", "We parse graphs."), ("", "of the"), ("Speech", "Speech.")] * 3
>>> counts, vocabulary = analysed_counts(documents, Terms(), processes=1)
>>> vocabulary.tolist(), counts.shape
(['graph', 'graph parsing', 'graphs', 'parse', 'parsing', 'speech'], (9, 6))
"""
from __future__ import annotations

import os
from array import array
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain, islice

import numpy as np
import scipy.sparse as sp

from kg.similarity_terms import counts_matrix, term_counts
from kg.similarity_words import Analyser, ChunkCounts, chunk_counts, encoded, held_counts

__all__ = ["CHUNK", "analysed_counts"]

#: Texts sent to the helper, or counted here, at a time.
CHUNK = 2048
#: Runs the helper may have in hand (one counted, one waiting); the build's process counts a run itself while the
#: helper has as many, so each process counts as much as it can, whatever else the machine runs.
_HANDED = 2
#: Runs a helper is started for, at least: with fewer its start (about 0.3 s) and the two runs it is first handed
#: cost more than it saves (review 43: 2,555 texts took 0.31 s alone, 0.58 s with a helper; 6,000: 0.70 s, 1.00 s).
_FEWEST_RUNS = 8
#: Runs counted but not yet joined, at most (those counted here are joined in order, after the helper's before them).
_WAITING = 16


def analysed_counts(documents: Iterable[tuple[str, str]], analyse: Analyser, *, processes: int = 1,
                    empty: dict[int, tuple[str, str]] | None = None) -> tuple[sp.csr_matrix, np.ndarray]:
    """:func:`kg.similarity_terms.term_counts` of ``analyse(document)`` for each of ``documents`` (read once).

    With ``processes`` of 2 or more, at least :data:`_FEWEST_RUNS` runs of
    :data:`CHUNK` texts and two cores, a helper process analyses the runs it has time for (this process
    the others, :data:`_HANDED`); ``analyse`` must then be picklable (a
    module's function or class instance).  ``empty``, when given, is filled
    with the documents that left no term, by their number in ``documents``
    (the others are not held: at a million synthetic papers, holding every
    text until the counts were done took about 0.9 GB).
    """
    chunks = _chunks(documents)
    head = list(islice(chunks, _FEWEST_RUNS))  # references to the first runs' texts, read ahead to count them
    helper = _helper() if processes > 1 and len(head) >= _FEWEST_RUNS and _cores() > 1 else None
    if helper is None:
        return term_counts(_noting_empty(chain.from_iterable(chain(head, chunks)), analyse, empty))
    joined = _Joined(analyse, empty)
    run = os.urandom(8).hex()  # the helper's vocabulary is this call's
    waiting: deque[tuple[list[tuple[str, str]], Future | ChunkCounts]] = deque()
    try:
        for chunk in chain(head, chunks):
            counted: Future | ChunkCounts | None = None
            if helper is not None and sum(isinstance(c, Future) and not c.done() for _, c in waiting) < _HANDED:
                try:
                    counted = helper.submit(held_counts, run, analyse, encoded(chunk))
                except (BrokenProcessPool, RuntimeError, OSError):  # it died, or could not be started
                    _shut(helper)
                    helper = None
            waiting.append((chunk, counted or chunk_counts(analyse, chunk, joined.vocabulary)))
            while waiting and (len(waiting) > _WAITING or _ready(waiting[0][1])):
                joined.add(*waiting.popleft())
        while waiting:
            joined.add(*waiting.popleft())
    finally:
        if helper is not None:
            _shut(helper)
    return joined.matrix()


class _Joined:
    """Runs' counts (:data:`kg.similarity_words.ChunkCounts`) joined in order over one vocabulary: those counted
    here are numbered in it already, the helper's in its own, which it sends as it grows."""

    def __init__(self, analyse: Analyser, empty: dict[int, tuple[str, str]] | None = None) -> None:
        self.analyse = analyse
        self.empty = empty  # filled with the texts that left no term, by number (None: not wanted)
        self.joined = 0  # texts joined so far
        self.vocabulary: defaultdict[str, int] = defaultdict()
        self.vocabulary.default_factory = self.vocabulary.__len__  # a new term gets the next number
        self.helper_terms = array("i")  # the number in ``vocabulary`` of each of the helper's terms
        self.indptr, self.indices, self.counts = array("q", [0]), array("i"), array("f")

    def add(self, chunk: list[tuple[str, str]], counted: Future | ChunkCounts) -> None:
        """Join the next run's counts: counted here, or by the helper (counted here if it could not)."""
        if isinstance(counted, Future):
            try:
                sizes, ids, counts, added = counted.result()
            except (BrokenProcessPool, CancelledError, OSError):
                counted = chunk_counts(self.analyse, chunk, self.vocabulary)
            else:
                numbers = np.fromiter(map(self.vocabulary.__getitem__, added), dtype=np.int32, count=len(added))
                self.helper_terms.frombytes(numbers.tobytes())
                if len(ids):
                    ids = array("i", np.frombuffer(self.helper_terms, dtype=np.int32)[np.frombuffer(ids, np.int32)]
                                .tobytes())
                counted = sizes, ids, counts, added
        sizes, ids, counts, _ = counted
        if self.empty is not None and len(sizes):
            for number in np.flatnonzero(np.frombuffer(sizes, dtype=np.int64) == 0).tolist():
                self.empty[self.joined + number] = chunk[number]
        self.joined += len(chunk)
        self.indices.extend(ids)
        self.counts.extend(counts)
        if len(sizes):
            ends = self.indptr[-1] + np.cumsum(np.frombuffer(sizes, dtype=np.int64))
            self.indptr.frombytes(ends.astype(np.int64).tobytes())

    def matrix(self) -> tuple[sp.csr_matrix, np.ndarray]:
        terms = list(self.vocabulary)
        self.vocabulary.clear()
        return counts_matrix(terms, self.indptr, self.indices, self.counts)


def _helper() -> ProcessPoolExecutor | None:
    """One spawned worker (as the extraction's, :class:`kg.execution.Executor`), or None where none can be made
    (in a daemonic process, as a ``multiprocessing.Pool``'s or Dask's worker is, starting one fails)."""
    import multiprocessing

    from kg.worker_processes import worker_context

    if multiprocessing.current_process().daemon:
        return None
    try:
        return ProcessPoolExecutor(max_workers=1, mp_context=worker_context())
    except (OSError, ValueError, NotImplementedError, ImportError):
        return None


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _shut(helper: ProcessPoolExecutor) -> None:
    """Let the helper go (its unsent runs are cancelled: they are counted here)."""
    helper.shutdown(wait=True, cancel_futures=True)


def _ready(counted: Future | ChunkCounts) -> bool:
    return not isinstance(counted, Future) or counted.done()


def _noting_empty(documents: Iterable[tuple[str, str]], analyse: Analyser,
                  empty: dict[int, tuple[str, str]] | None) -> Iterator[list[str]]:
    """``analyse`` of each document; those that give no term go into ``empty`` by number (when it is given)."""
    for number, document in enumerate(documents):
        terms = analyse(document)
        if not terms and empty is not None:
            empty[number] = document
        yield terms


def _chunks(documents: Iterable[tuple[str, str]]) -> Iterator[list[tuple[str, str]]]:
    iterator = iter(documents)
    while chunk := list(islice(iterator, CHUNK)):
        yield chunk
