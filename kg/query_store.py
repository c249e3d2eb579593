"""The query store of a build: ``OUT/.kg-store``, an Oxigraph store of ``graph.ttl`` with its text index.

``kg build`` makes it (:func:`write_query_store`), so the first query of a
build starts at once instead of loading 400 MB of Turtle.  The folder holds

* the Oxigraph (RocksDB) files of the whole graph, bulk-loaded from
  ``graph.ttl`` (the folder ``kg serve`` serves);
* ``kg-index.sqlite``: the text index of full titles, labels and aliases and
  the precomputed results of the canned aggregate queries
  (:mod:`kg.text_index`);
* ``kg-source.json``: what it was made from: the graph file's name, size,
  modification time and SHA-256;
* ``kg-load.json``: how the loader made it: loaded in full, or updated from
  the previous build's store (:mod:`kg.store_update`) with how many triples
  removed and added.

A store is used only for the graph file it was made from: when the size and
modification time differ from the stamp, the file's SHA-256 decides (a
copied or touched ``graph.ttl`` with the same content keeps its store).  A
new store is made in a temporary folder beside the old one and swapped in
whole, so a reader sees the old store or the new one, never half of one.
A folder without a store (made by an older kg), or with one from before the
text index, gets one at its first query (:func:`open_query_store` says so
through ``on_build``); a store of another graph, or a damaged one, is made
again.  Where the folder is not writable, or ``.kg-store`` is a link (never
followed), the graph is loaded into memory for each query, without index.

A rebuild into a folder whose store is current for its ``graph.ttl`` makes
the new store from the old one (:mod:`kg.store_update`): a checkpoint of
the old store with the triples removed and added between the two graph
files, the text index rows of the resources that changed, the aggregates
computed again; it answers every query as a store loaded in full would.
Whatever that cannot do exactly (another layout, a damaged or mismatched
old store or index) means a full load.  The update too is made in the
temporary folder and swapped in whole; the old store is only read.

>>> from kg.pipeline import build
>>> from exports.rdf_formats import write_rdf
>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_rdf(build().graph, out)
>>> [path.name for path in write_query_store(out)]
['.kg-store']
>>> made = (out / STORE_DIR / STAMP_NAME).stat().st_mtime_ns
>>> _ = write_query_store(out)  # already current: nothing to do
>>> (out / STORE_DIR / STAMP_NAME).stat().st_mtime_ns == made
True
>>> opened = open_query_store(out)
>>> opened.index is not None and len(opened.store) > 1000
True
"""
from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kg.canned import QueryError
from kg.store_steps import SessionReader, aggregates, aggregates_apart, load_runs
from kg.store_update import UPDATE_NAME, NotIncremental, update_store
from kg.text_index import INDEX_NAME, TextIndex, write_text_index
from kg.turtle_feed import Feed, Unsplittable, fed_runs
from kg.turtle_runs import RUN_BYTES, turtle_runs
from ontology.util.files import write_text_atomic
from ontology.util.memory import return_free_memory

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = ["STORE_DIR", "STAMP_NAME", "OpenStore", "write_query_store", "open_query_store", "graph_file",
           "rdf_format", "store_is_current", "StoreMaker", "KeptStore", "start_query_store", "fill_store",
           "load_or_update", "loads_in_full", "LOADER_INVALID_RDF", "LOADER_CANNOT_WRITE"]

#: Folder inside a build output that holds the query store.
STORE_DIR = ".kg-store"
#: The stamp file inside the store folder: what the store was made from.
STAMP_NAME = "kg-source.json"
_LAYOUT = 2  # 1: Oxigraph files and stamp only (kg before the text index)
_GRAPH_FILES = ("graph.ttl", "graph.nt")


@dataclass
class OpenStore:
    """An opened graph: the Oxigraph ``store``, its text ``index`` (None for a file or a store in memory).

    ``union``: the graph has named graphs (TriG, N-Quads), queried as one;
    ``folder``: the store folder on disk, None in memory; ``built``: made by
    this call.
    """

    store: pyoxigraph.Store
    index: TextIndex | None = None
    folder: Path | None = None
    union: bool = False
    built: bool = False


def graph_file(target: Path) -> Path:
    """The RDF file to query: ``target`` itself, or the ``graph.ttl`` (else ``graph.nt``) of a build folder."""
    target = Path(target)
    if target.is_dir():
        for name in _GRAPH_FILES:
            if (target / name).is_file():
                return target / name
        raise QueryError(f"{target} holds no graph.ttl; build one with `kg build -o {target}`, "
                         "or give a .ttl or .nt file")
    if target.is_file():
        return target
    raise QueryError(f"{target}: no such folder or file; give the output folder of `kg build` or an RDF file")


def rdf_format(path: Path) -> pyoxigraph.RdfFormat:
    """The RDF format of ``path`` from its extension."""
    import pyoxigraph

    suffix = Path(path).suffix.lower().lstrip(".")
    found = pyoxigraph.RdfFormat.from_extension(suffix) if suffix else None
    if found is None:
        raise QueryError(f"{path}: cannot tell the RDF format from the extension; use .ttl, .nt, .nq, .trig or .jsonld")
    return found


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _stat_stamp(path: Path) -> dict[str, object]:
    info = path.stat()
    return {"layout": _LAYOUT, "file": path.name, "size": info.st_size, "mtime_ns": info.st_mtime_ns}


def _read_stamp(store_dir: Path) -> dict | None:
    try:
        stamp = json.loads((store_dir / STAMP_NAME).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def store_is_current(output: Path) -> bool:
    """Whether ``output`` has a query store made from its present graph file (by the layout this kg reads)."""
    source = graph_file(output)
    return _matches(_read_stamp(Path(output) / STORE_DIR), source) is not None


def _matches(stamp: dict | None, source: Path) -> dict | None:
    """``stamp`` (brought up to date) when it describes ``source``: same size and time, else same SHA-256."""
    if stamp is None or stamp.get("layout") != _LAYOUT or stamp.get("file") != source.name:
        return None
    now = _stat_stamp(source)
    if all(stamp.get(key) == now[key] for key in ("size", "mtime_ns")):
        return stamp
    if stamp.get("size") != now["size"] or stamp.get("sha256") != _sha256(source):
        return None
    return {**stamp, **now}  # same bytes, another time (copied, touched): still this store


def write_query_store(output: Path) -> list[Path]:
    """Make ``OUTPUT/.kg-store`` from ``OUTPUT/graph.ttl``: the Oxigraph store, the text index, the aggregates.

    Call it after ``graph.ttl`` is in place (after the output transaction of
    ``kg build``), holding the output folder's lock.  Returns the store
    folder (as it is when it already matches ``graph.ttl``'s content, by
    SHA-256: then nothing is made again), or nothing when ``.kg-store`` is a
    link (never followed: the store is then not used).  Raises :class:`~kg.canned.QueryError` when
    the graph file is not valid RDF, ``OSError`` when the folder cannot be
    written.
    """
    output = Path(output)
    source = graph_file(output)
    store_dir = output / STORE_DIR
    if store_dir.is_symlink():
        return []
    _remove_leftovers(store_dir)
    stamp = {**_stat_stamp(source), "sha256": _sha256(source)}
    current = _read_stamp(store_dir)
    if current is not None and current.get("layout") == _LAYOUT and current.get("sha256") == stamp["sha256"] \
            and current.get("file") == stamp["file"] and (store_dir / INDEX_NAME).is_file():
        if current != stamp:
            write_text_atomic(store_dir / STAMP_NAME, json.dumps(stamp))
        return [store_dir]
    _make_store(source, store_dir, stamp)
    return [store_dir]


def _make_store(source: Path, store_dir: Path, stamp: dict) -> None:
    """Load ``source`` into a fresh store folder beside ``store_dir``, index it, then swap it in."""
    _remove_leftovers(store_dir)
    fresh = _fresh_folder(store_dir)
    try:
        fill_store(source, fresh)
        _install(fresh, store_dir, stamp)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


def _fresh_folder(store_dir: Path) -> Path:
    """The folder a new store of this process is made in, beside ``store_dir`` (emptied)."""
    fresh = store_dir.with_name(f"{store_dir.name}.{os.getpid()}.tmp")
    shutil.rmtree(fresh, ignore_errors=True)
    return fresh


def fill_store(source: Path, fresh: Path, named: Path | None = None, *, run_bytes: int = RUN_BYTES,
               feed: Feed | None = None) -> None:
    """Bulk-load ``source`` into a new store in ``fresh``, with its text index and aggregates.

    The RDF format is told by the extension of ``named`` (default: ``source``'s own).  Turtle laid out as kg
    writes it is loaded ``run_bytes`` at a time (:mod:`kg.turtle_runs`), so that the loader's memory does not
    grow with the graph; any other file (or any file with ``run_bytes=0``) is loaded whole, as is one whose runs
    do not parse, so that an error names the line of the file.  With ``feed``, ``source`` is Turtle still being
    written: its runs (of ``feed.run_bytes``) are loaded as the build writes them (:mod:`kg.turtle_feed`), and
    where the file must be loaded whole, it is once the build says it is.
    """
    import pyoxigraph

    fmt = rdf_format(named or source)
    store = pyoxigraph.Store(str(fresh))
    if feed is not None:
        runs = fed_runs(source, feed)
    else:
        runs = turtle_runs(source, run_bytes=run_bytes) if run_bytes and fmt == pyoxigraph.RdfFormat.TURTLE else None
    if runs is None:
        try:
            store.bulk_load(path=str(source), format=fmt)
        except SyntaxError as error:
            raise QueryError(f"{source} is not valid RDF ({error}); rebuild it with `kg build`") from error
    else:  # a run at a time: the loader's memory is bounded by the run, not the graph
        try:
            loaded = load_runs(store, runs, fmt)  # the memory of each run's load given back after it
        except (SyntaxError, Unsplittable):  # a layout the runs misread, or a real error: the whole file says
            loaded = 0                        # which, and where
        if not loaded:  # (a file of prefixes alone is checked by a whole load too)
            del store
            shutil.rmtree(fresh)
            if feed is not None:
                feed.wait_whole()
                feed.early = 0
            return fill_store(source, fresh, named, run_bytes=0)
    store.flush()
    del store  # closed: each reading step opens it for itself and frees what it read (kg.store_steps)
    results = aggregates_apart(fresh)  # each query on the store opened for it alone
    reader = SessionReader(fresh)  # the strings the index decodes, a session's worth of RocksDB's cache at a time
    write_text_index(reader, fresh / INDEX_NAME, results=results)
    return_free_memory()


def _install(fresh: Path, store_dir: Path, stamp: dict) -> None:
    """Stamp the made store in ``fresh`` and swap it in for ``store_dir`` (the old one is removed)."""
    (fresh / STAMP_NAME).write_text(json.dumps(stamp), "utf-8")
    old = store_dir.with_name(f"{store_dir.name}.{os.getpid()}.old")
    if store_dir.exists():
        os.replace(store_dir, old)
    try:
        os.replace(fresh, store_dir)
    except OSError:
        if not store_dir.is_dir():  # not another kg process that installed its store first
            raise
    shutil.rmtree(old, ignore_errors=True)


def load_or_update(source: Path, fresh: Path, named: Path, base: tuple[Path, Path, str] | None = None,
                   feed: Feed | None = None) -> dict:
    """Make in ``fresh`` the store of ``source`` (its format told by ``named``): from ``base`` when it can, else
    in full (with ``feed``, as the build writes it: ``"fed"`` in the record counts the runs loaded before it was
    whole); return what was done (also in ``fresh/kg-load.json``).

    ``base``: the previous store's folder, its graph file (a link held for
    this load) and the SHA-256 its stamp had when the build chose it; the
    update is used only while the stamp still says that SHA-256
    (:func:`kg.store_update.update_store`).
    """
    started = time.perf_counter()
    done: dict | None = None
    why = "no previous store"
    if base is not None and rdf_format(named) == _turtle():
        store_dir, graph, sha256 = base
        try:
            done = update_store(store_dir, graph, source, fresh, aggregates=aggregates,
                                check=lambda: (_read_stamp(store_dir) or {}).get("sha256") == sha256)
        except NotIncremental as error:
            why = str(error)
        except Exception as error:  # noqa: BLE001 - whatever the update did not foresee: the full load decides
            why = f"the update failed ({type(error).__name__}: {error})"
        if done is None:  # out of the handler: the failed update's store is closed before its folder goes
            gc.collect()
            shutil.rmtree(fresh, ignore_errors=True)
    if done is None:
        fill_store(source, fresh, named, feed=feed)
        done = {"mode": "full", "why": why, **({"fed": feed.early} if feed is not None else {})}
    done["seconds"] = round(time.perf_counter() - started, 1)
    (fresh / UPDATE_NAME).write_text(json.dumps(done), "utf-8")
    return done


def _turtle() -> pyoxigraph.RdfFormat:
    import pyoxigraph

    return pyoxigraph.RdfFormat.TURTLE


# ----------------------------------------------------------------------------- made beside the other outputs


class StoreMaker:
    """A query store being made in a process of its own while the caller writes the other outputs.

    ``kg build`` starts it as soon as the new ``graph.ttl`` is written (still
    a temporary file of the output transaction), so that loading the store
    (about a minute on the whole Anthology) overlaps the views on the second
    core; :meth:`finish` puts it in place once the outputs are, :meth:`cancel`
    drops it when they are not.  The process is ``python -m kg.store_loader``
    (:mod:`kg.store_loader`): a fresh interpreter that never runs the
    caller's script again.  Start one with :func:`start_query_store`.
    """

    def __init__(self, output: Path, source: Path, named: Path, sha256: str,
                 base: tuple[Path, str] | None = None, mode: tuple[str, ...] = ()) -> None:
        self._store_dir = Path(output) / STORE_DIR
        self._sha256 = sha256
        self._fresh = _fresh_folder(self._store_dir)
        self._source = self._store_dir.with_name(f"{self._store_dir.name}.{os.getpid()}.source")
        self._base = self._store_dir.with_name(f"{self._store_dir.name}.{os.getpid()}.base")
        try:
            _hold(source, self._source)
            based: list[str] = []
            if base is not None:  # the graph the present store was made from, held while the loader reads it
                _hold(base[0], self._base)
                based = [str(self._store_dir), str(self._base), base[1]]
            self._errors = tempfile.TemporaryFile()  # not a pipe: a chatty loader can never block on it
            self._process = subprocess.Popen(
                [sys.executable, "-m", "kg.store_loader", str(self._source), str(named), str(self._fresh),
                 str(os.getpid()), *based, *mode],
                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=self._errors, env=_loader_environment())
        except BaseException:
            self._remove()
            raise

    def finish(self) -> list[Path]:
        """Wait for the store and put it in place for the graph file now in the folder; return its folder.

        Raises :class:`~kg.canned.QueryError` when the graph is not valid RDF, ``OSError`` when the
        store could not be made or written.
        """
        try:
            self._process.wait()  # its input stays open until then: its closing tells the loader to stop
            self._errors.seek(0)
            message = self._errors.read().decode("utf-8", "replace").strip()
            if self._process.returncode == LOADER_INVALID_RDF:
                raise QueryError(message)
            if self._process.returncode != 0:
                last = message.splitlines()[-1] if message else "no message"
                raise OSError(f"making the query store {self._store_dir} failed (exit status "
                              f"{self._process.returncode}: {last})")
            graph = graph_file(self._store_dir.parent)
            _install(self._fresh, self._store_dir, {**_stat_stamp(graph), "sha256": self._sha256})
            return [self._store_dir]
        except BaseException:
            self.cancel()
            raise
        finally:
            self._remove()

    def cancel(self) -> None:
        """Stop making the store and remove what it made; the folder keeps its store as it was."""
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._remove()

    def _remove(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None and process.poll() is not None and process.stdin is not None:
            process.stdin.close()
        errors = getattr(self, "_errors", None)
        if errors is not None:
            errors.close()
        shutil.rmtree(self._fresh, ignore_errors=True)
        self._source.unlink(missing_ok=True)
        self._base.unlink(missing_ok=True)


#: Exit status of :mod:`kg.store_loader` for a graph that is not valid RDF (its message on standard error).
LOADER_INVALID_RDF = 3
#: Exit status of :mod:`kg.store_loader` for a store it cannot write.
LOADER_CANNOT_WRITE = 4


class KeptStore:
    """What :func:`start_query_store` gives when the store already holds the new graph's content: after the
    swap, :meth:`finish` only brings its stamp up to date (same methods as :class:`StoreMaker`)."""

    def __init__(self, store_dir: Path, sha256: str) -> None:
        self._store_dir = store_dir
        self._sha256 = sha256

    def finish(self) -> list[Path]:
        """Stamp the store for the graph file now in the folder; return its folder."""
        stamp = {**_stat_stamp(graph_file(self._store_dir.parent)), "sha256": self._sha256}
        if _read_stamp(self._store_dir) != stamp:
            write_text_atomic(self._store_dir / STAMP_NAME, json.dumps(stamp))
        return [self._store_dir]

    def cancel(self) -> None:
        """Nothing was made: nothing to drop."""


def _loader_environment() -> dict[str, str]:
    """The environment of the loader: this one, with the folder kg is imported from first on its path."""
    root = str(Path(__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}


def _hold(source: Path, held: Path) -> None:
    """``source`` under the name ``held`` too (a hard link, else a copy), so that the output transaction may
    rename or drop its temporary file while the store process reads it."""
    held.unlink(missing_ok=True)
    try:
        os.link(source, held)
    except OSError:  # a file system without hard links: a copy, which costs the size of the graph on disk
        shutil.copyfile(source, held)


def start_query_store(output: Path, source: Path, named: Path | None = None, *,
                      fed: StoreMaker | None = None) -> StoreMaker | KeptStore | None:
    """Start making ``OUTPUT/.kg-store`` from ``source``, the new content of the build's graph file ``named``.

    ``source`` may still be the output transaction's temporary file
    (:func:`ontology.util.files.pending_file`) for ``named`` (default:
    ``source`` itself), which tells the RDF format; the store is stamped for
    the graph file of ``OUTPUT`` when :meth:`StoreMaker.finish` puts it in place,
    after the swap.  When the store already holds this content (by SHA-256)
    nothing is loaded: ``finish`` then only brings its stamp up to date.  When
    it holds the graph file now in ``OUTPUT`` (an earlier build's), the loader
    is given both to make the new store from the old one
    (:func:`load_or_update`).  ``fed``: a maker already loading ``source`` in full as it was written
    (:mod:`kg.store_feed`, started where :func:`loads_in_full`), returned in place of a new one (cancelled when
    the store is kept).  Returns None when ``.kg-store`` is a link (never followed).

    >>> from kg.pipeline import build
    >>> from exports.rdf_formats import write_rdf
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp())
    >>> _ = write_rdf(build().graph, out)
    >>> maker = start_query_store(out, out / "graph.ttl")
    >>> [path.name for path in maker.finish()], store_is_current(out)
    (['.kg-store'], True)
    >>> start_query_store(out, out / "graph.ttl").finish() == [out / STORE_DIR]  # already current: kept
    True
    """
    output, source = Path(output), Path(source)
    store_dir = output / STORE_DIR
    if store_dir.is_symlink():
        return None
    _remove_leftovers(store_dir)
    sha256 = _sha256(source)
    current = _read_stamp(store_dir)
    if current is not None and current.get("layout") == _LAYOUT and current.get("sha256") == sha256 \
            and (store_dir / INDEX_NAME).is_file():
        if fed is not None:
            fed.cancel()
        return KeptStore(store_dir, sha256)
    if fed is not None:
        fed._sha256 = sha256  # stamped when it is put in place
        return fed
    return StoreMaker(output, source, Path(named or source), sha256, _base(output, store_dir, current))


def loads_in_full(output: Path) -> bool:
    """Whether a new store of ``output`` will be loaded in full whatever the new graph (unless it is the store's
    own): the store folder is no link and holds no store a new one could be made from (:func:`start_query_store`).
    """
    store_dir = Path(output) / STORE_DIR
    return not store_dir.is_symlink() and _base(Path(output), store_dir, _read_stamp(store_dir)) is None


def _base(output: Path, store_dir: Path, current: dict | None) -> tuple[Path, str] | None:
    """The graph file of ``output`` and its SHA-256 when the store in ``store_dir`` (stamped ``current``) was made
    from it and has its text index: what a new store can be made from."""
    try:
        graph = graph_file(output)
    except QueryError:
        return None
    stamp = _matches(current, graph)
    if stamp is None or not isinstance(stamp.get("sha256"), str) or not (store_dir / INDEX_NAME).is_file():
        return None
    return graph, stamp["sha256"]


def _remove_leftovers(store_dir: Path) -> None:
    """Remove the half-made stores (``.kg-store.PID.tmp``, ``.old``) and the graph links (``.source``, ``.base``)
    of kg processes that are gone (killed)."""
    for path in store_dir.parent.glob(f"{store_dir.name}.*.*"):
        pid, _, kind = path.name[len(store_dir.name) + 1:].partition(".")
        if not pid.isdigit() or path.is_symlink() or not (path.is_dir() if kind in ("tmp", "old") else
                                                          kind in ("source", "base") and path.is_file()):
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        except OSError:  # alive, another user's: leave it
            pass


# ----------------------------------------------------------------------------- opening


def open_query_store(target: Path, *, on_build: Callable[[str], None] | None = None) -> OpenStore:
    """The graph of ``target`` (a build output folder or an RDF file), opened for queries.

    A folder's prebuilt store is opened read-only (opening it takes a few
    hundredths of a second, so each query opens it afresh and sees the
    store as it is now).  A folder without one gets it now: ``on_build`` is called first with a
    one-line note saying so.  A store of another graph, or a damaged one,
    is made again; where that cannot be written, the graph is loaded into
    memory.  A file is loaded into memory.
    """
    import pyoxigraph

    target = Path(target)
    source = graph_file(target)
    fmt = rdf_format(source)
    if not target.is_dir():
        return OpenStore(_memory_store(source, fmt), union=fmt.supports_datasets)
    store_dir = target / STORE_DIR
    if store_dir.is_symlink():
        return OpenStore(_memory_store(source, fmt), union=fmt.supports_datasets)
    found = _read_stamp(store_dir)
    stamp = _matches(found, source)
    built = False
    for attempt in ("as it is", "after making it again"):
        if stamp is None or attempt != "as it is":
            if on_build is not None and (found is None or found.get("layout") != _LAYOUT) and not built:
                on_build(f"note: {target} has no query store for its graph (made by an older kg?); making "
                         f"{STORE_DIR} now, once (`kg build` makes it in advance)")
            stamp = {**_stat_stamp(source), "sha256": _sha256(source)}
            try:
                _make_store(source, store_dir, stamp)
            except OSError:  # a read-only folder, a full disk: query from memory this time
                return OpenStore(_memory_store(source, fmt), union=fmt.supports_datasets)
            built = True
        elif stamp != found:
            try:  # same content, new time: remember it, so the next query need not hash the file
                write_text_atomic(store_dir / STAMP_NAME, json.dumps(stamp))
            except OSError:
                pass
        try:
            index = TextIndex(store_dir / INDEX_NAME)
        except (OSError, sqlite3.DatabaseError):
            continue
        try:
            store = pyoxigraph.Store.read_only(str(store_dir))
        except (OSError, RuntimeError, ValueError):  # a damaged store ("Corruption"): made again once
            index.close()
            continue
        return OpenStore(store, index, store_dir, fmt.supports_datasets, built)
    return OpenStore(_memory_store(source, fmt), union=fmt.supports_datasets)


def _memory_store(source: Path, fmt: pyoxigraph.RdfFormat) -> pyoxigraph.Store:
    import pyoxigraph

    store = pyoxigraph.Store()
    try:
        store.bulk_load(path=str(source), format=fmt)
    except SyntaxError as error:
        raise QueryError(f"{source} is not valid RDF ({error}); rebuild it with `kg build`") from error
    return store
