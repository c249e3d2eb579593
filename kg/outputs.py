"""Writing a build folder: the files ``kg build -o OUT`` writes, all replaced together or none.

>>> import tempfile
>>> from kg.analytics.toy import toy_graph
>>> out = Path(tempfile.mkdtemp())
>>> [path.name for path in write_outputs(toy_graph(), out, views=False)]
['graph.ttl', 'graph.html', 'graph.json', 'nodes.parquet', 'edges.parquet', 'edges_in.parquet', '.kg-store']
"""
from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import networkx as nx

from exports.graph_tables import TABLES_FOLDER, file_batches, write_graph_tables
from exports.html_view import write_html
from exports.node_link import ItemRuns, write_json
from exports.rdf_formats import write_rdf
from exports.rdf_owners import OwnerDigests
from exports.view_inlinks import InLinkMemo
from exports.views import DEFAULT_TOP, Overview, overview_landscape, write_views
from kg.query_store import start_query_store, write_query_store
from kg.store_feed import store_feed
from kg.table_graph import table_graph
from kg.venue_layouts import venue_layouts
from ontology.errors import KgError
from ontology.util.files import in_output_transaction, output_transaction, pending_file

__all__ = ["CACHE_FOLDER", "IN_LINKS_FILE", "JSON_INDEX_FILE", "TURTLE_INDEX_FILE", "StoreInterrupted", "graph_frozen",
           "write_outputs", "write_table_views"]

#: The document cache inside a build folder (``kg build`` re-extracts only changed inputs).
CACHE_FOLDER = ".kg-cache"
#: The index of ``graph.json``'s runs of nodes and edges, in the cache folder (:func:`exports.node_link.write_json`).
JSON_INDEX_FILE = "json-runs.npz"
#: The index of ``graph.ttl``'s subject blocks and their nodes, in the cache folder (:mod:`exports.rdf_reuse`).
TURTLE_INDEX_FILE = "turtle-blocks.npz"
#: The node view's in-link digests by the owners they come from, in the cache folder (:mod:`exports.view_inlinks`).
IN_LINKS_FILE = "view-inlinks.npz"


def write_outputs(graph: nx.MultiDiGraph, output: Path, *, rdf_formats: Sequence[str] = ("ttl",),
                  views: bool = True, max_nodes: int = DEFAULT_TOP, cache_dir: Path | None = None,
                  workers: int = 1) -> list[Path]:
    """Write ``graph``'s outputs into the folder ``output`` in one transaction; return the files written.

    ``graph.ttl`` (and any other ``rdf_formats``), ``graph.html`` (the entity
    landscape), ``graph.json``, the graph tables ``tables/*.parquet`` that
    subgraphs are read from (:mod:`exports.graph_tables`) and, with ``views``, ``views/`` (its
    ``index.html``).  The outputs are replaced together or, on any failure,
    not at all (:func:`ontology.util.files.output_transaction`).  The
    query store (``.kg-store``) is made from the new ``graph.ttl`` when it
    does not match it already: in a process of its own that starts as soon
    as ``graph.ttl`` is written, so it loads while the other outputs are
    written, and is put in place after them (:func:`kg.query_store.start_query_store`); when it is loaded in
    full, its loader starts at graph.ttl's first run and loads while the rest is written (:mod:`kg.store_feed`).
    With ``cache_dir`` (the build's document cache, ``OUT/.kg-cache``: ``kg
    build`` passes it unless ``--no-cache``), ``graph.json`` copies the runs
    of nodes and edges that did not change from the last one
    (:func:`exports.node_link.write_json`) and ``graph.ttl`` the subject
    blocks of the nodes that did not change (:mod:`exports.rdf_reuse`) and the tables the rows of graph.json's
    unchanged runs (:mod:`exports.table_reuse`): the same bytes; graph.json's runs and the views' shard fingerprints
    then take each node's owner digest from the Turtle stage (:mod:`exports.rdf_owners`), and the shard
    fingerprints the in-link digests of the last build where the owners they come from did not change
    (:mod:`exports.view_inlinks`).  Call it holding the
    folder's lock (:func:`ontology.util.files.folder_lock`).  The graph's objects are left out of the cyclic
    collector's passes meanwhile (:func:`graph_frozen`).  With ``workers`` of 2 or more (``kg build -j``), the
    venue pages' landscapes are laid out in a worker process too, on the core the rest leaves idle
    (:mod:`kg.venue_layouts`): the same files.
    """
    with graph_frozen():
        return _write_outputs(graph, Path(output), rdf_formats=rdf_formats, views=views, max_nodes=max_nodes,
                              cache_dir=cache_dir, workers=workers)


_FROZEN = [0]  # how many graph_frozen blocks are open


@contextmanager
def graph_frozen() -> Iterator[None]:
    """Every object alive now (the graph's millions, on the full Anthology) out of the cyclic collector's passes
    until the block ends (:func:`gc.freeze`), then back in its oldest generation.

    The exports make no reference cycles out of the graph's objects, yet each full pass of the collector,
    woken by what an export allocates, walked the whole graph again: 2-5 s of a one-page rebuild of the full
    Anthology, in whichever export it fell (docs/scaling.md, "Rebuild, sixteenth session").  What the exports
    make is collected as before.  The outputs do not depend on it.  Blocks nest: an inner one freezes what was
    made since, and only the outermost gives the objects back (``kg build`` keeps the graph frozen through
    the build's record too, where a full pass cost another 1.8 s).

    >>> before = gc.get_freeze_count()
    >>> with graph_frozen():
    ...     with graph_frozen():
    ...         pass
    ...     gc.get_freeze_count() > before
    True
    >>> gc.get_freeze_count() == before
    True
    """
    gc.freeze()
    _FROZEN[0] += 1
    try:
        yield
    finally:
        _FROZEN[0] -= 1
        if not _FROZEN[0]:
            gc.unfreeze()


def _write_outputs(graph: nx.MultiDiGraph, output: Path, *, rdf_formats: Sequence[str], views: bool, max_nodes: int,
                   cache_dir: Path | None, workers: int) -> list[Path]:
    formats = tuple(dict.fromkeys(("ttl", *rdf_formats)))  # kg query and kg.open_build read the Turtle
    store = feed = None
    runs = None if cache_dir is None else ItemRuns()  # graph.json's runs of nodes and edges, for the tables
    owners: OwnerDigests | None = None if cache_dir is None else {}  # graph.ttl's, for graph.json and the views
    try:
        with output_transaction(output):
            feed = store_feed(output)  # the store's loader fed graph.ttl as it is written, when it loads in full
            written = list(write_rdf(graph, output, formats,
                                     index=None if cache_dir is None else Path(cache_dir) / TURTLE_INDEX_FILE,
                                     owners=owners, on_turtle=feed))
            turtle = output / "graph.ttl"
            # loads beside what follows
            store = feed.store() if feed is not None else start_query_store(output, pending_file(turtle), turtle)
            # the entity landscape, laid out once for graph.html and the views' overview
            overview = overview_landscape(graph, top=max_nodes) if views else None
            written += [
                write_html(graph, output / "graph.html", landscape=True, max_nodes=max_nodes,
                           fitted=overview.fitted if overview is not None else None),
                write_json(graph, output / "graph.json",
                           index=None if cache_dir is None else Path(cache_dir) / JSON_INDEX_FILE, runs=runs,
                           owners=owners),
                *write_graph_tables(graph, output, cache_dir=cache_dir, runs=runs),
            ]
            if overview is not None:
                written.append(_write_views(graph, output, overview, max_nodes=max_nodes, cache_dir=cache_dir,
                                            workers=workers, owners=owners))
    except BaseException:
        if feed is not None:
            feed.cancel()
        if store is not None:
            store.cancel()
        raise
    try:
        return written + (store.finish() if store is not None else write_query_store(output))
    except KeyboardInterrupt:  # the outputs are already new: say so, not "left as they were"
        raise StoreInterrupted(f"interrupted while making the query store: the new outputs are in {output}; "
                               "`kg query` makes the store when it is first asked") from None


def _write_views(graph: nx.MultiDiGraph, output: Path, overview: Overview, *, max_nodes: int,
                 cache_dir: Path | None, workers: int, owners: OwnerDigests | None) -> Path:
    """``views/`` of ``graph`` (its overview laid out already) under ``output``; its ``index.html``."""
    in_links = None if cache_dir is None else InLinkMemo.load(Path(cache_dir) / IN_LINKS_FILE)
    with venue_layouts(workers) or contextlib.nullcontext() as layouts:  # a helper, or None
        index = write_views(graph, output / "views", top=max_nodes, owners=owners, in_links=in_links,
                            overview=overview, helper=layouts)[-1]
    if in_links is not None and len(in_links):  # content-addressed: right whether or not this lands
        in_links.save(Path(cache_dir) / IN_LINKS_FILE)
    return index


def write_table_views(output: Path, *, max_nodes: int = DEFAULT_TOP, cache_dir: Path | None = None,
                      workers: int = 1) -> list[Path]:
    """Write ``graph.html`` and ``views/`` into ``output`` from its graph tables, without the build's graph.

    The tables are ``output``'s ``tables/*.parquet`` (inside an :func:`~ontology.util.files.output_transaction`,
    the new ones not yet in place: :func:`~ontology.util.files.pending_file`), as the rows path writes them
    (:mod:`kg.rows_outputs`).  The graph read back shares its repeated values as the build's graph does
    (:func:`kg.table_graph.table_graph`), so it costs about what that graph costs; the pages are the
    same bytes as :func:`write_outputs` writes from the graph the tables were written from.  ``cache_dir`` and
    ``workers`` as there; returns ``graph.html`` and the views' ``index.html``.  The files are put in place
    together, or on any failure not at all: by the caller's transaction, else by one of their own on ``output``
    (call it holding the folder's lock, as :func:`write_outputs`).

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> from kg.analytics.toy import toy_graph
    >>> out = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(toy_graph(), out)
    >>> [path.name for path in write_table_views(out)]
    ['graph.html', 'index.html']
    """
    output = Path(output)
    tables = output / TABLES_FOLDER
    with contextlib.nullcontext() if in_output_transaction() else output_transaction(output):
        graph = table_graph(file_batches(pending_file(tables / "nodes.parquet")),
                            file_batches(pending_file(tables / "edges.parquet")))
        with graph_frozen():
            overview = overview_landscape(graph, top=max_nodes)
            return [write_html(graph, output / "graph.html", landscape=True, max_nodes=max_nodes,
                               fitted=overview.fitted),
                    _write_views(graph, output, overview, max_nodes=max_nodes, cache_dir=cache_dir, workers=workers,
                                 owners=None)]


class StoreInterrupted(KgError):
    """Ctrl-C after the outputs were replaced, while the query store was being made."""
