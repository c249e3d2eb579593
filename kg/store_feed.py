"""The query store of a fresh build, loaded while the Turtle stage writes graph.ttl.

A build whose folder holds no store a new one could be made from loads its
store in full: Oxigraph bulk-loads graph.ttl in runs of whole subjects
(:func:`kg.query_store.fill_store`), in a process of its own beside the
exports that follow (:class:`kg.query_store.StoreMaker`).  The Turtle
stage writes graph.ttl a sorted run at a time on one core, and those runs
can be loaded as soon as they are in the file: a :class:`StoreFeed`, given
to :func:`exports.rdf_formats.write_rdf` as ``on_turtle``, starts the
loader at the first run flushed (``python -m kg.store_loader ... --fed``)
and tells it, on its standard input, how far the file is written; the
loader reads no further (:mod:`kg.turtle_feed`).  So the load overlaps the
Turtle stage on the core it leaves idle, instead of only the views,
graph.json and the tables after it.

What it does not change: the runs loaded are the ones the loader would cut
from the whole file, in the same order, so the store holds the same
triples; a run that is not laid out as kg writes Turtle, or that does not
parse, makes the loader drop what it loaded and load the whole file once it
is written, as it would have (a graph that is not valid RDF is refused with
its line, never installed in part); once graph.ttl is written,
:func:`kg.query_store.start_query_store` decides as for any build (``fed``):
the store is kept when it already holds this content, else the fed loader
is stamped, put in place and cancelled as any other.  Where the held link
to the file being written cannot be a hard link, or the loader cannot be
started, nothing is fed and the store is made after the Turtle stage as
before.  The store's ``kg-load.json`` counts the runs loaded before the
file was whole (``"fed"``).
"""
from __future__ import annotations

import os
from pathlib import Path

from kg.query_store import KeptStore, StoreMaker, loads_in_full, start_query_store
from kg.turtle_runs import RUN_BYTES
from ontology.util.files import pending_file

__all__ = ["StoreFeed", "store_feed"]


def store_feed(output: Path, *, run_bytes: int = RUN_BYTES) -> StoreFeed | None:
    """A :class:`StoreFeed` for ``OUTPUT/graph.ttl`` when the new store of ``output`` will be loaded in full
    (:func:`kg.query_store.loads_in_full`), else None (its store is updated, or not made: the build starts it
    after the Turtle stage).  Call it inside the output transaction (after a killed build's swap is completed)."""
    output = Path(output)
    return StoreFeed(output, output / "graph.ttl", run_bytes=run_bytes) if loads_in_full(output) else None


class StoreFeed:
    """Feeds graph.ttl to a query store's loader as it is written: called with the bytes written so far after
    each flushed run (``write_rdf``'s ``on_turtle``); :meth:`store` once the file is whole."""

    def __init__(self, output: Path, turtle: Path, *, run_bytes: int = RUN_BYTES) -> None:
        self._output, self._turtle, self._run_bytes = Path(output), Path(turtle), run_bytes
        self._maker: _FedMaker | None = None
        self._off = False  # the loader could not be fed: the store is made after the Turtle stage

    def __call__(self, size: int) -> None:
        """``size`` bytes of graph.ttl are written and flushed: start the loader (at the first call), tell it."""
        if self._off:
            return
        if self._maker is None:
            source = pending_file(self._turtle)
            if source == Path(os.path.abspath(self._turtle)):  # not written in an output transaction
                self._off = True
                return
            try:
                self._maker = _FedMaker(self._output, source, self._turtle, self._run_bytes)
            except OSError:  # the folder cannot be written: the build's own start says so after the stage
                self._off = True
                return
            if not self._maker.reads(source):  # a copy of the part written so far, not the file: load it later
                self.cancel()
                self._off = True
                return
        self._maker.tell(b"%d\n" % size)

    @property
    def started(self) -> bool:
        """Whether a loader is being fed."""
        return self._maker is not None

    def store(self) -> StoreMaker | KeptStore | None:
        """After graph.ttl is written (still the transaction's temporary file): its store, as
        :func:`kg.query_store.start_query_store` gives it; a fed loader is told that the file is whole."""
        source = pending_file(self._turtle)
        maker, self._maker = self._maker, None
        try:
            store = start_query_store(self._output, source, self._turtle, fed=maker)
        except BaseException:
            if maker is not None:
                maker.cancel()
            raise
        if maker is not None and store is maker:
            maker.tell(b"end %d\n" % source.stat().st_size)
        return store

    def cancel(self) -> None:
        """Stop a fed loader and remove what it made."""
        if self._maker is not None:
            self._maker.cancel()
            self._maker = None


class _FedMaker(StoreMaker):
    """A :class:`~kg.query_store.StoreMaker` whose loader reads the graph file as the build writes it."""

    def __init__(self, output: Path, source: Path, named: Path, run_bytes: int) -> None:
        super().__init__(output, source, named, "", mode=("--fed", str(run_bytes)))

    def reads(self, source: Path) -> bool:
        """Whether the loader reads ``source`` itself (a hard link to it), not a copy of what it held so far."""
        try:
            return os.path.samefile(source, self._source)
        except OSError:
            return False

    def tell(self, line: bytes) -> None:
        """Write ``line`` to the loader's standard input; a loader that has ended is not told (:meth:`finish` says
        why it ended)."""
        try:
            self._process.stdin.write(line)
            self._process.stdin.flush()
        except (OSError, ValueError):  # a broken pipe; a closed one
            pass
