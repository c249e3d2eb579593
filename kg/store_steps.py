"""The query store's loader in little memory: the bulk loads' and the readers' memory freed between its steps.

Measured alone on the full Anthology's graph.ttl (docs/scaling.md, "Peak memory, twenty-sixth session"): a bulk
load of a run of 8 MiB peaks near 0.31 GB and leaves the C heap at 0.12 GB, of which ``malloc_trim`` gives
back all but 0.05 GB; reading the store (the aggregates, then the text index) holds 0.1-0.15 GB more for as
long as the store stays open, and a store kept open through both steps and its bulk loads ended at 0.25 GB.
So :func:`load_runs` gives the C heap's free pages back after each run, and :func:`in_session` runs each
reading step on the store opened for it alone, closed and freed after it.  The store's quads and text index
are the same: only when memory is freed changes.

Most of what a reading step holds is RocksDB's cache of the blocks it read to decode the strings of the terms
it returns (an IRI or a literal longer than a few bytes is stored once, by its hash, in a column family tuned
for lookups, with a block cache of 128 MiB): about 4 KiB for each string found in another block, so that the
text index (some 800,000 strings of the full Anthology) filled it whole, 0.15 GB above the loader's 0.05, in
the views' last seconds of ``kg build``.  :class:`SessionReader` reads a pattern's quads in sessions of at most
:data:`SESSION_ROWS` each, the store closed between them, so the cache never holds more than one session's
blocks (docs/scaling.md, "Peak memory, twenty-eighth session").
"""
from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kg.canned import CannedQuery, canned_queries
from kg.text_index import query_digest
from kg.turtle_runs import TurtleRun
from ontology.util.memory import return_free_memory

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = ["SESSION_ROWS", "SessionReader", "aggregate_queries", "aggregates", "aggregates_apart", "in_session",
           "load_runs"]

#: Most quads :class:`SessionReader` decodes with the store open once (~4 KiB of RocksDB's cache each, at most).
#: The full Anthology's text index, measured alone: one session 201 MiB, 7.5 CPU s; 8,192 rows 102 MiB, 9.4 s;
#: 4,096 rows 82 MiB, 11.9 s (the loader ends ~20 s before the views in ``kg build``: docs/scaling.md).
SESSION_ROWS = 4096

T = TypeVar("T")


def load_runs(store: pyoxigraph.Store, runs: Iterable[TurtleRun], fmt: pyoxigraph.RdfFormat) -> int:
    """Bulk-load each run into ``store``, in order, the C heap's free pages given back after each; how many.

    What a run's load sorted in memory is free once it returns: given back, the next run's load starts from
    the store's own memory, not from where the last one peaked.  Raises what Oxigraph raises (``SyntaxError``).
    """
    loaded = 0
    for run in runs:
        store.bulk_load(input=run.data, format=fmt)
        return_free_memory()
        loaded += 1
    return loaded


def in_session(folder: Path, step: Callable[[pyoxigraph.Store], T]) -> T:
    """``step(store)`` on the store in ``folder``, opened for it alone; closed after it, its memory given back.

    ``step`` must keep nothing that holds the store (a query's results, an iterator of quads) past its return:
    the store closes only when its last holder goes.

    >>> import tempfile, pyoxigraph
    >>> folder = Path(tempfile.mkdtemp())
    >>> in_session(folder, lambda store: store.add(pyoxigraph.Quad(pyoxigraph.NamedNode("http://e/a"),
    ...     pyoxigraph.NamedNode("http://e/p"), pyoxigraph.Literal("1"))))
    >>> in_session(folder, len)
    1
    """
    import pyoxigraph

    store = pyoxigraph.Store(str(folder))
    try:
        return step(store)
    finally:
        del store
        gc.collect()  # a holder caught in a reference cycle would keep the store open
        return_free_memory()


def aggregate_queries() -> dict[str, CannedQuery]:
    """The canned queries without parameters, whose results the text index keeps, by name."""
    return {query.name: query for query in canned_queries().values() if not query.parameters}


def aggregates(store: pyoxigraph.Store) -> dict[str, tuple[str, bytes]]:
    """The digest of each of :func:`aggregate_queries`' texts and its results on ``store`` as SPARQL JSON, by name."""
    return {name: _aggregate(store, query) for name, query in aggregate_queries().items()}


def aggregates_apart(folder: Path) -> dict[str, tuple[str, bytes]]:
    """:func:`aggregates` of the store in ``folder``, each query on the store opened for it alone
    (:func:`in_session`): what one query's evaluation cached is given back before the next (the full
    Anthology's two: 144 MiB together, 130 apart)."""
    return {name: in_session(folder, lambda store, query=query: _aggregate(store, query))
            for name, query in aggregate_queries().items()}


def _aggregate(store: pyoxigraph.Store, query: CannedQuery) -> tuple[str, bytes]:
    import pyoxigraph

    return query_digest(query.text), store.query(query.text).serialize(format=pyoxigraph.QueryResultsFormat.JSON)


class SessionReader:
    """The terms of the quads matching a pattern in the store in ``folder``, read in sessions of at most
    ``rows`` quads (default :data:`SESSION_ROWS`): each opened (read-only), read and closed before the next,
    so RocksDB's block cache holds one session's reads.

    A session reads its quads with a SPARQL query (the pattern in the default graph and in every named graph,
    as ``Store.quads_for_pattern`` with no graph reads it), from where the last one stopped (``OFFSET``): on the
    same unchanged store each query evaluates the same way, so the sessions give every quad once, in the order of
    one query read whole.  Opening the store costs ~10 ms; nothing must write to it meanwhile.

    >>> import tempfile, pyoxigraph
    >>> folder = Path(tempfile.mkdtemp())
    >>> p = pyoxigraph.NamedNode("http://e/p")
    >>> in_session(folder, lambda store: store.extend(
    ...     [pyoxigraph.Quad(pyoxigraph.NamedNode(f"http://e/{n}"), p, pyoxigraph.Literal(str(n))) for n in range(5)]
    ...     + [pyoxigraph.Quad(pyoxigraph.NamedNode("http://e/g"), p, pyoxigraph.Literal("in g"),
    ...                        pyoxigraph.NamedNode("http://e/graph"))]))
    >>> reader = SessionReader(folder, rows=2)
    >>> sorted(value.value for _, value in reader.pairs(None, p, None)), reader.sessions
    (['0', '1', '2', '3', '4', 'in g'], 4)
    """

    def __init__(self, folder: Path, rows: int | None = None) -> None:
        rows = SESSION_ROWS if rows is None else rows
        if rows < 1:
            raise ValueError(f"rows must be at least 1, not {rows}")
        self.folder = Path(folder)
        self.rows = rows
        #: How many times the store was opened.
        self.sessions = 0

    def pairs(self, subject: pyoxigraph.NamedNode | None, predicate: pyoxigraph.NamedNode,
              object: pyoxigraph.NamedNode | pyoxigraph.Literal | None,
              ) -> Iterator[tuple[pyoxigraph.NamedNode | pyoxigraph.BlankNode, pyoxigraph.Term]]:
        """The subject and object of every quad of every graph matching the pattern (``None``: any), in the
        order of one query read whole; a blank node, which a SPARQL pattern would read as a variable, is refused.
        """
        import pyoxigraph

        if any(isinstance(term, pyoxigraph.BlankNode) for term in (subject, object)):
            raise ValueError("a SessionReader pattern names no blank node")
        triple = f"{'?s' if subject is None else subject} {predicate} {'?o' if object is None else object}"
        text = f"SELECT ?s ?o WHERE {{ {{ {triple} }} UNION {{ GRAPH ?g {{ {triple} }} }} }} LIMIT {self.rows} OFFSET "
        offset = 0
        while True:
            store = pyoxigraph.Store.read_only(str(self.folder))
            self.sessions += 1
            try:
                found = [(found_subject if subject is None else subject, found_object if object is None else object)
                         for found_subject, found_object in store.query(text + str(offset))]
            finally:
                del store  # closed (nothing else holds it), its cache freed for the next session
            yield from found
            if len(found) < self.rows:
                return
            offset += self.rows
