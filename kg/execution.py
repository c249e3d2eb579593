"""Run a build's independent tasks in this process, in a process pool, or on a Dask cluster.

Extraction is a pure function of one document (:func:`read_document`),
so it maps over documents anywhere; the graph is assembled afterwards, in
the calling process, from the records in input order.  On a Dask cluster
the similarity search's block tasks run on the same workers
(:meth:`Executor.map`); local worker processes are let go after extraction
(:meth:`Executor.release_pool`), since each holds a spaCy pipeline.
Every way of running gives the same records and links, hence the same
graph and the same output bytes.

>>> from kg.sources import SourceText
>>> page = SourceText("p.txt", "Germany\\nWe study retrieval of things.\\nACL 2026\\nPoster\\n", "lecture-page")
>>> [records.source for records in map_documents([page], repeated=frozenset())]
['p.txt']
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from extractors.readers import read_records
from kg.sources import SourceText
from kg.worker_processes import worker_context
from ontology.records import DocumentRecords, InputProblem

__all__ = ["Executor", "dask_client", "executor", "map_documents", "read_document", "worker_context"]


def read_document(source: SourceText, *, repeated: frozenset[str] = frozenset()) -> DocumentRecords:
    """Every record of one input: read by its format's reader (:data:`extractors.readers.READERS`).

    ``repeated`` holds lecture-page blocks seen on several pages (conference
    boilerplate).  Never raises: a file kg fails on becomes a problem, so one
    bad input cannot stop a batch, and its records are marked incomplete so
    they are never cached.
    """
    try:
        return read_records(source.text, source=source.name, format=source.format or "", repeated=repeated)
    except Exception as error:  # noqa: BLE001 - the batch must go on; the message asks for a report
        problem = InputProblem(source.name, f"kg failed on this file ({type(error).__name__}: {error}); "
                                            "skipped - please report it with the file attached")
        return DocumentRecords(source=source.name, problems=(problem,), complete=False)


def map_documents(
    sources: Sequence[SourceText],
    *,
    repeated: frozenset[str],
    workers: int = 1,
    dask: str | None = None,
) -> Iterator[DocumentRecords]:
    """Records of each source, yielded in the order of ``sources``.

    ``workers`` > 1 uses that many processes; ``dask`` is a scheduler address
    ("tcp://host:8786") or "local" for a :class:`distributed.LocalCluster`
    with ``workers`` worker processes.
    """
    with executor(workers=workers, dask=dask) as running:
        yield from running.map_documents(sources, repeated=repeated)


@dataclass
class Executor:
    """Where a build's tasks run: ``pool`` (local processes), ``client`` (Dask) or neither (this process)."""

    workers: int = 1
    pool: ProcessPoolExecutor | None = None
    client: Any = None

    def map(self, function: Callable, items: Iterable) -> list:
        """``[function(item) for item in items]``, computed on the workers, results in order.

        For coarse tasks (the similarity search's blocks): each item is sent
        to a worker on its own.  Once the worker processes are let go
        (:meth:`release_pool`), ``workers`` threads of this process share the
        tasks: the similarity search's sparse products and numpy selections
        release the GIL for most of their time (the full Anthology's exact
        search, docs/scaling.md).
        """
        items = list(items)
        if self.client is not None and len(items) > 1:
            items = _shared_once(self.client, items)
            return self.client.gather(self.client.map(function, items, pure=False))
        if self.pool is not None and len(items) > 1:
            return list(self.pool.map(function, items))
        if self.workers > 1 and len(items) > 1:
            with ThreadPoolExecutor(self.workers) as threads:
                return list(threads.map(function, items))
        return [function(item) for item in items]

    def release_pool(self) -> None:
        """Stop the local worker processes (a Dask cluster stays): later tasks run in this process.

        Each worker holds a spaCy pipeline (hundreds of MB): kept through graph
        assembly and the similarity search, they would double the build's peak
        memory for a small gain.
        """
        if self.pool is not None:
            self.pool.shutdown()
            self.pool = None

    def extracts_here(self) -> bool:
        """Whether :meth:`map_documents` extracts in this process (no worker processes, no cluster).

        Otherwise this process only receives the workers' records, which
        hold no reference cycles (so a build may pause the cyclic collector
        while they come, :func:`kg.pipeline.build`).  Even one document goes
        to a worker when there are workers: extracted here, it would leave
        the spaCy pipeline and its word lists in this process for the rest of
        the build (about 0.1 GB beside the graph in a one-page rebuild), and a
        spawned worker takes no longer (one lecture page: 1.04 s against 0.96).

        >>> Executor().extracts_here(), Executor(2, client=object()).extracts_here()
        (True, False)
        """
        return self.client is None and self.pool is None

    def map_documents(self, sources: Sequence[SourceText], *, repeated: frozenset[str]) -> Iterator[DocumentRecords]:
        """Records of each source, yielded in the order of ``sources`` as they are done.

        On worker processes or a cluster every source is handed over at the
        first record asked for, and this method keeps no reference to
        ``sources`` after: where the caller keeps none either, each text goes
        once its chunk is extracted, not when the last one is (the full
        Anthology's texts are 0.2 GB of ``str``, docs/scaling.md, "Peak memory,
        twenty-eighth session").
        """
        read = partial(read_document, repeated=repeated)
        if self.client is not None:
            futures = self.client.map(read, sources, pure=False)
            del sources
            yield from _in_order(futures)
        elif not self.extracts_here():
            # big chunks keep the pipes busy; small enough to keep every worker fed
            chunk = max(1, min(16, len(sources) // (self.workers * 4)))
            done = self.pool.map(read, sources, chunksize=chunk)  # every chunk is submitted here
            del sources  # the pool holds each chunk until its records are back
            yield from done
        else:
            yield from map(read, sources)


@contextmanager
def executor(*, workers: int = 1, dask: str | None = None) -> Iterator[Executor]:
    """An :class:`Executor` for one build: a Dask client (``dask``), a pool of ``workers`` processes, or none.

    >>> with executor() as running:
    ...     running.map(abs, [-1, 2, -3])
    [1, 2, 3]
    """
    if dask:
        with dask_client(dask, workers=workers) as client:
            yield Executor(workers, client=client)
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers, mp_context=worker_context()) as pool:
            yield Executor(workers, pool=pool)
    else:
        yield Executor()


#: Objects of a task bigger than this that several tasks share are sent to the workers once.
SHARED_BYTES = 1 << 20


def _shared_once(client: Any, items: list) -> list:
    """``items`` with each big object that appears in several tuple items replaced by one scattered future.

    The similarity search's tasks each name the whole vector matrix; sent
    with every task, 60 tasks took 30x as long as with the matrix sent once.
    Dask resolves futures inside a task's tuple before it runs.
    """
    seen: dict[int, int] = {}
    for item in items:
        if isinstance(item, tuple):
            for part in item:
                if _size(part) > SHARED_BYTES:
                    seen[id(part)] = seen.get(id(part), 0) + 1
    shared = {key for key, count in seen.items() if count > 1}
    if not shared:
        return items
    futures: dict[int, Any] = {}
    replaced = []
    for item in items:
        if isinstance(item, tuple):
            parts = []
            for part in item:
                if id(part) in shared:
                    if id(part) not in futures:
                        futures[id(part)] = client.scatter(part, broadcast=True)
                    part = futures[id(part)]
                parts.append(part)
            item = tuple(parts)
        replaced.append(item)
    return replaced


def _size(value: Any) -> int:
    """Bytes of a NumPy array or SciPy sparse matrix (0 for anything else)."""
    if hasattr(value, "nbytes"):
        return int(value.nbytes)
    data = getattr(value, "data", None)
    return int(data.nbytes) if hasattr(data, "nbytes") else 0


def _in_order(futures: list) -> Iterator[DocumentRecords]:
    """The results of Dask ``futures``, in their order, each released once it is yielded."""
    from distributed import as_completed  # optional at import time: only Dask builds need it

    order = {future.key: index for index, future in enumerate(futures)}
    done: dict[int, DocumentRecords] = {}
    next_index = 0
    for future in as_completed(futures):
        done[order[future.key]] = future.result()
        future.release()
        while next_index in done:
            yield done.pop(next_index)
            next_index += 1


@contextmanager
def dask_client(address: str, *, workers: int = 2):
    """A :class:`distributed.Client` for ``address``, or for a new local cluster when it is "local"."""
    from distributed import Client, LocalCluster

    if address == "local":
        with LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            yield client
    else:
        with Client(address) as client:
            yield client
