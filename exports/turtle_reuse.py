"""graph.ttl written again from the last one: only the chunks whose N-Triples lines changed go through Oxigraph.

kg's Turtle is Oxigraph's serialisation of the sorted N-Triples lines, a
run of whole subjects at a time (:mod:`exports.rdf_stream`), and the Turtle
of a run is the Turtle of its subjects one after the other.  Here the sorted
lines are cut into chunks at subjects chosen by their IRI alone
(:func:`exports.rdf_stream.content_chunks`), so a chunk that no added,
changed or removed triple falls into has the same lines as in the last
build.  An index beside the document cache (:data:`INDEX_FILE`,
:mod:`exports.piece_index`) keeps, for each chunk of the last ``graph.ttl``,
a SHA-256 of its lines and where its Turtle lies in that file; a rebuild
copies those bytes instead of parsing and serialising the chunk again.
Making the lines and sorting them is still done for the whole graph: that
is most of the stage's work (about three quarters), so the saving is the
Oxigraph part of the chunks that did not change.  An index that cannot be
used (missing, damaged, of other code or another Oxigraph, or of another
``graph.ttl``) means every chunk is serialised.

>>> import networkx as nx, tempfile
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026")
>>> folder = Path(tempfile.mkdtemp())
>>> path = write_turtle(g, folder / "graph.ttl", index=folder / INDEX_FILE)
>>> g.add_node("venue/emnlp-2026", kind="venue", label="EMNLP 2026")
>>> path = write_turtle(g, folder / "graph.ttl", index=folder / INDEX_FILE)
>>> last_turtle().reused, last_turtle().chunks
(1, 2)
"""
from __future__ import annotations

import hashlib
import json
from contextlib import ExitStack
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import networkx as nx

from exports.piece_index import Pieces, Previous
from exports.rdf_mapping import rdf_blocks
from exports.rdf_stream import SortedLines, content_chunks, turtle_header, turtle_run
from exports.rdf_terms import PREFIXES
from ontology.util.files import open_atomic
from ontology.util.memory import paused_gc

__all__ = ["INDEX_FILE", "INDEX_FORMAT", "TurtleReport", "index_key", "last_turtle", "write_turtle"]

#: The index's file name, in the document cache's folder (``OUT/.kg-cache``).
INDEX_FILE = "turtle-chunks.npz"
#: Bumped whenever the index's layout or meaning changes.
INDEX_FORMAT = "1"
_HERE = Path(__file__).resolve().parent
#: The code a chunk's Turtle is made by (besides Oxigraph and the prefixes).
_CODE = ("piece_index.py", "rdf_stream.py", "turtle_reuse.py")


@dataclass(frozen=True)
class TurtleReport:
    """What the last :func:`write_turtle` of this process did: its chunks, how many were copied from the last
    ``graph.ttl``, and why none could be (``""`` when the index was used)."""

    chunks: int
    reused: int
    full: str = ""


_LAST: list[TurtleReport] = []


def last_turtle() -> TurtleReport | None:
    """The :class:`TurtleReport` of this process's last :func:`write_turtle` (for tests and benchmarks)."""
    return _LAST[-1] if _LAST else None


def index_key() -> str:
    """A digest of what a chunk's Turtle depends on besides its lines: the index format, the prefixes,
    this code and Oxigraph's version."""
    digest = hashlib.sha256(json.dumps({"format": INDEX_FORMAT, "prefixes": sorted(PREFIXES.items())}).encode())
    for name in _CODE:
        digest.update(name.encode() + b"\0" + hashlib.sha256((_HERE / name).read_bytes()).digest())
    try:
        digest.update(b"pyoxigraph=" + version("pyoxigraph").encode())
    except PackageNotFoundError:  # pragma: no cover - kg depends on it
        digest.update(b"pyoxigraph=-")
    return digest.hexdigest()


def write_turtle(graph: nx.MultiDiGraph, path: Path, *, index: Path | None = None) -> Path:
    """Write ``graph``'s Turtle to ``path`` (atomically): the bytes :func:`exports.rdf_formats.write_rdf` writes.

    With ``index`` (a file beside the document cache), the chunks whose lines
    are those of a chunk of the ``graph.ttl`` now at ``path`` are copied from
    it, and the index of the new file is written for the next build (in the
    same output transaction as ``path``).  Without it, every chunk is
    serialised and no index is written.
    """
    path = Path(path)
    key = index_key() if index is not None else ""
    pieces = Pieces()
    with ExitStack() as stack:
        previous, why = (Previous.load(Path(index), path, key, stack) if index is not None
                         else (None, "no index asked for"))
        reused = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        with SortedLines(folder=path.parent) as lines, open_atomic(path) as stream:
            with paused_gc():
                for block in rdf_blocks(graph):
                    lines.add_triples(block.triples)
            for piece in lines.pieces():
                for chunk in content_chunks(piece):
                    digest = hashlib.sha256(chunk).digest()
                    text = previous.get(digest) if previous is not None else None
                    if text is None:
                        text = turtle_run(chunk, PREFIXES)
                    else:
                        reused += 1
                    if not pieces.size:  # Oxigraph writes no header for no triples: neither does this
                        header = turtle_header(PREFIXES)
                        stream.write(header)
                        pieces.add(None, header)
                    stream.write(text)
                    pieces.add(digest, text)
        _LAST[:] = [TurtleReport(len(pieces), reused, "" if previous is not None else why)]
    if index is not None:
        pieces.save(Path(index), key)
    return path
