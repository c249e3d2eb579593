"""A rebuild's query store made from the previous one: the triples removed and added, not the whole graph again.

``kg build`` into a folder that already holds a query store for its present
``graph.ttl`` passes both to the loader (:mod:`kg.store_loader`), which
tries :func:`update_store` before a full load.  The update

1. compares the old and the new ``graph.ttl`` subject by subject
   (:func:`graph_diff`).  kg writes its Turtle from sorted N-Triples lines
   (:mod:`exports.rdf_stream`): one block per subject, in the order of the
   lines, each starting a line with ``<``; a block that is the same bytes in
   both files is skipped unparsed, only the blocks that differ are parsed and
   compared triple by triple.  One pass over both files, linear in their size;
2. makes a checkpoint of the old store in the new store's folder
   (``Store.backup``: RocksDB hard-links its immutable files, so this costs
   neither time nor space, and the old store is never written);
3. removes and adds the triples that differ, after checking that each removed
   triple is in the old store and no added one is (else the store is not the
   old graph's: a full load);
4. copies the text index and replaces the rows of the resources whose type,
   title, label or alternative label changed
   (:func:`kg.text_index.update_text_index`), and computes the aggregates again.

Whatever it cannot do exactly raises :class:`NotIncremental` (another
layout, another prefix header, blank nodes in what changed, subjects out of
order, a store or index that does not open, a store that is not the old
graph's); the loader then empties the folder and loads the new graph in full.
The old store is only read, and the new one is made in a folder of its own
that :class:`kg.query_store.StoreMaker` swaps in whole, so a reader sees the
old store or the new one and a killed update leaves the old one as it was.

>>> import pyoxigraph, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> head = '@prefix ex: <http://e/> .\\n'
>>> _ = (folder / "old.ttl").write_text(head + '<http://e/a> ex:p "1" .\\n<http://e/b> ex:p "2" ;\\n\\tex:q "3" .\\n')
>>> _ = (folder / "new.ttl").write_text(head + '<http://e/b> ex:p "2" ;\\n\\tex:q "4" .\\n<http://e/c> ex:p "5" .\\n')
>>> diff = graph_diff(folder / "old.ttl", folder / "new.ttl")
>>> sorted(str(quad) for quad in diff.removed), sorted(str(quad) for quad in diff.added)
(['<http://e/a> <http://e/p> "1"', '<http://e/b> <http://e/q> "3"'], ['<http://e/b> <http://e/q> "4"', '<http://e/c> <http://e/p> "5"'])
"""
from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kg.text_index import INDEX_NAME, update_text_index
from kg.turtle_runs import read_header, subject_runs, unsplittable
from ontology.errors import KgError

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = ["NotIncremental", "GraphDiff", "graph_diff", "update_store", "UPDATE_NAME"]

#: What the loader did, in the store folder: ``{"mode": "update" | "full", ..., "seconds": ...}`` (JSON).
UPDATE_NAME = "kg-load.json"
#: Bytes of each file read at a time while comparing.
_READ_BYTES = 8 << 20
#: A diff with more changed subject blocks than this is loaded in full: the changed blocks' triples are held in
#: Python while they are compared (about 1 KB each), and past this the update saves little (the full Anthology
#: has 1.09 million blocks; 50,000 of them hold about 0.5 million triples).
MAX_CHANGED_BLOCKS = 50_000


class NotIncremental(KgError):
    """The new store cannot be made exactly from the old one: load the graph in full (the message says why)."""


@dataclass
class GraphDiff:
    """The triples of the old graph that the new one lacks (``removed``) and those it adds (``added``)."""

    removed: list = field(default_factory=list)
    added: list = field(default_factory=list)
    #: Subject blocks compared, and how many of them differed (in either file).
    blocks: int = 0
    changed_blocks: int = 0


def _blocks(path: Path) -> tuple[bytes, Iterator[bytes]]:
    """The prefix header of the Turtle file ``path`` and its subject blocks, each without its first ``<`` and last
    newline.  Raises :class:`NotIncremental` when the file does not start as kg writes it."""
    file = open(path, "rb")  # noqa: SIM115 - closed by the generator
    header, first = read_header(file)
    if header is None:
        file.close()
        raise NotIncremental(f"{path.name}: not laid out as kg writes Turtle")

    def blocks() -> Iterator[bytes]:
        with file:  # runs of whole subjects, each split at every line that starts a subject
            for run, _ in subject_runs(file, first, _READ_BYTES):
                if not run.endswith(b"\n"):
                    run += b"\n"
                yield from (b"\n" + run[:-1]).split(b"\n<")[1:]

    return header, blocks()


def _key(block: bytes) -> bytes:
    """A block's subject IRI with its closing ``>``: compared as bytes, in the order of the sorted lines."""
    end = block.find(b">")
    if end < 0 or not block.rstrip().endswith(b"."):  # an object on a line of its own, or worse
        raise NotIncremental("a subject block that does not end its statement")
    return block[:end + 1]


def graph_diff(old: Path, new: Path, *, max_changed: int = MAX_CHANGED_BLOCKS) -> GraphDiff:
    """The triples removed and added from the Turtle file ``old`` to ``new``, both as kg writes them.

    Raises :class:`NotIncremental` when the files have different prefix
    headers, are not laid out as kg writes them (subjects out of order, blank
    nodes or long strings in a changed block), or differ in more than
    ``max_changed`` subject blocks.
    """
    import pyoxigraph

    old_header, old_blocks = _blocks(Path(old))
    new_header, new_blocks = _blocks(Path(new))
    if old_header != new_header:
        raise NotIncremental("the prefix headers differ")
    gone: list[bytes] = []
    came: list[bytes] = []
    diff = GraphDiff()
    sentinel = None
    o = next(old_blocks, sentinel)
    n = next(new_blocks, sentinel)
    last_old = last_new = b""
    while o is not None or n is not None:
        diff.blocks += 1
        if o is not None and n is not None and o == n:  # the same block in both: its order checked, not parsed
            key = o[:o.find(b">") + 1]
            if key <= last_old or key <= last_new:
                raise NotIncremental("subjects out of order, or one subject in two blocks")
            last_old = last_new = key
            o, n = next(old_blocks, sentinel), next(new_blocks, sentinel)
            continue
        ko = _key(o) if o is not None else None
        kn = _key(n) if n is not None else None
        if kn is None or (ko is not None and ko < kn):
            if ko <= last_old:
                raise NotIncremental("subjects out of order in the old graph")
            gone.append(o)
            last_old = ko
            o = next(old_blocks, sentinel)
        elif ko is None or kn < ko:
            if kn <= last_new:
                raise NotIncremental("subjects out of order in the new graph")
            came.append(n)
            last_new = kn
            n = next(new_blocks, sentinel)
        else:  # the same subject, other triples
            if ko <= last_old or kn <= last_new:
                raise NotIncremental("subjects out of order")
            gone.append(o)
            came.append(n)
            last_old, last_new = ko, kn
            o, n = next(old_blocks, sentinel), next(new_blocks, sentinel)
        if len(gone) + len(came) > max_changed:
            raise NotIncremental(f"more than {max_changed} subject blocks changed")
    diff.changed_blocks = len(gone) + len(came)
    removed = _parse(old_header, gone, pyoxigraph)
    added = _parse(new_header, came, pyoxigraph)
    diff.removed = [quad for quad in removed if quad not in added]
    diff.added = [quad for quad in added if quad not in removed]
    return diff


def _parse(header: bytes, blocks: list[bytes], pyoxigraph) -> set:
    """The triples of ``blocks`` (as :func:`_blocks` gives them), parsed with the file's prefix ``header``."""
    if not blocks:
        return set()
    body = b"<" + b"\n<".join(blocks) + b"\n"
    if unsplittable(b"\n" + body):  # blank nodes (local to a load), long strings, lines of other kinds
        raise NotIncremental("blank nodes or multi-line strings where the graph changed")
    try:
        quads = set(pyoxigraph.parse(input=header + body, format=pyoxigraph.RdfFormat.TURTLE))
    except SyntaxError as error:
        raise NotIncremental(f"a changed subject block does not parse alone ({error})") from error
    if any(isinstance(quad.subject, pyoxigraph.BlankNode) or isinstance(quad.object, pyoxigraph.BlankNode)
           for quad in quads):
        raise NotIncremental("blank nodes where the graph changed")
    return quads


def _apply(store: pyoxigraph.Store, diff: GraphDiff, index: Path, touched: list[str],
           aggregates: Callable[[pyoxigraph.Store], dict[str, tuple[str, bytes]]]) -> str | None:
    """Remove and add ``diff``'s triples in ``store``, update its text ``index``; why it cannot, else None."""
    if any(quad not in store for quad in diff.removed) or any(quad in store for quad in diff.added):
        return "the old store does not hold the old graph"
    for quad in diff.removed:
        store.remove(quad)
    store.extend(diff.added)
    store.flush()
    try:
        update_text_index(store, index, touched, results=aggregates(store))
    except sqlite3.DatabaseError as error:
        return f"the old text index does not update ({error})"
    return None


#: The predicates whose triples decide a resource's rows in the text index.
_INDEXED_PREDICATES = frozenset({
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", "http://www.w3.org/2000/01/rdf-schema#label",
    "http://www.w3.org/2004/02/skos/core#altLabel", "http://purl.org/dc/terms/title"})


def update_store(old_store: Path, old_graph: Path, new_graph: Path, fresh: Path, *,
                 aggregates: Callable[[pyoxigraph.Store], dict[str, tuple[str, bytes]]],
                 check: Callable[[], bool] = lambda: True) -> dict:
    """Make in ``fresh`` the store of ``new_graph`` from ``old_store``, the store of ``old_graph``.

    ``aggregates`` computes the canned aggregates of a store (as
    :func:`kg.store_steps.aggregates`); ``check`` is called once the old
    store and index are copied and must say that they are still those of
    ``old_graph`` (the stamp was not replaced meanwhile).  Returns what it did
    (:func:`kg.query_store.load_or_update` writes it to ``fresh/kg-load.json``).  Raises :class:`NotIncremental`
    when the store must be loaded in full; ``fresh`` is then left to the
    caller to empty.
    """
    import pyoxigraph

    diff = graph_diff(old_graph, new_graph)
    try:
        old = pyoxigraph.Store.read_only(str(old_store))
        old.backup(str(fresh))
        del old
        shutil.copyfile(Path(old_store) / INDEX_NAME, Path(fresh) / INDEX_NAME)
    except (OSError, RuntimeError, ValueError) as error:  # a damaged store or index, a missing file
        raise NotIncremental(f"the old store does not copy ({error})") from error
    if not check():
        raise NotIncremental("the old store was replaced while it was copied")
    try:
        store = pyoxigraph.Store(str(fresh))
    except (OSError, RuntimeError, ValueError) as error:
        raise NotIncremental(f"the copied store does not open ({error})") from error
    touched = sorted({quad.subject.value for quad in (*diff.removed, *diff.added)
                      if quad.predicate.value in _INDEXED_PREDICATES and isinstance(quad.subject, pyoxigraph.NamedNode)})
    failure = _apply(store, diff, Path(fresh) / INDEX_NAME, touched, aggregates)
    del store  # closed here, not by whoever handles the exception: the caller may then remove the folder
    if failure:
        raise NotIncremental(failure)
    return {"mode": "update", "blocks": diff.blocks, "changed_blocks": diff.changed_blocks,
            "removed": len(diff.removed), "added": len(diff.added), "reindexed": len(touched)}
