"""The query store's loader in little memory: the bulk loads' and the readers' memory freed between its steps.

Measured alone on the full Anthology's graph.ttl (docs/scaling.md, "Peak memory, twenty-sixth session"): a bulk
load of a run of 8 MiB peaks near 0.31 GB and leaves the C heap at 0.12 GB, of which ``malloc_trim`` gives
back all but 0.05 GB; reading the store (the aggregates, then the text index) holds 0.1-0.15 GB more for as
long as the store stays open, and a store kept open through both steps and its bulk loads ended at 0.25 GB.
So :func:`load_runs` gives the C heap's free pages back after each run, and :func:`in_session` runs each
reading step on the store opened for it alone, closed and freed after it.  The store's quads and text index
are the same: only when memory is freed changes.
"""
from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kg.turtle_runs import TurtleRun
from ontology.util.memory import return_free_memory

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = ["in_session", "load_runs"]

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
