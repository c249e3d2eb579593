"""Write kg's RDF in every common serialisation, deterministically and fast.

One table, :data:`SERIALISATIONS`, names every format kg writes: its file
in the output folder, its media type, a one-line description and the
function that makes its bytes.  ``kg build --rdf-format`` offers exactly the
formats of the table; adding a serialisation is one :class:`Serialisation`
entry plus its function.

====== ================ ==========================================================
name   file             what
====== ================ ==========================================================
ttl    graph.ttl        Turtle
nt     graph.nt         N-Triples (canonical, sorted lines)
jsonld graph.jsonld     JSON-LD with the context of ``ontology/context.jsonld`` embedded
trig   graph.trig       TriG: one named graph per source document
nq     graph.nq         N-Quads: one named graph per source document
void   void.ttl         VoID description (counts, vocabularies, example resources)
====== ================ ==========================================================

Every format starts from the same sorted, de-duplicated N-Triples (or
N-Quads) lines, and Oxigraph serialises triples in the order it is given
them, so the same graph always gives the same bytes; Oxigraph also makes this
one to two orders of magnitude faster than rdflib's serialisers on large
graphs (docs/rdf.md).  Every file is written atomically.

>>> import networkx as nx, tempfile, pathlib
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", sources=["p.txt"])
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_rdf(g, out, formats=("ttl", "nq"))]
['graph.ttl', 'graph.nq']
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import networkx as nx

from exports.rdf_mapping import rdf_blocks, source_descriptions, source_graph_iri
from exports.rdf_ntriples import nquads_bytes, ntriples_bytes, sorted_triples
from exports.rdf_ordered import ordered_runs, plan_subjects
from exports.rdf_owners import OwnerDigests
from exports.rdf_reuse import TurtleProgress, write_indexed
from exports.rdf_stream import SortedLines, turtle_header, turtle_run
from exports.rdf_terms import PREFIXES, RdfBlock, Triple
from ontology.errors import KgError
from ontology.util.files import open_atomic, write_bytes_atomic
from ontology.util.memory import paused_gc

__all__ = [
    "FILE_NAMES",
    "FORMATS_HELP",
    "RDF_FORMATS",
    "SERIALISATIONS",
    "STREAMED",
    "RdfFormatError",
    "RdfSerialiser",
    "Serialisation",
    "write_rdf",
    "write_rdf_file",
]


class RdfFormatError(KgError, ValueError):
    """An RDF format name kg does not know."""


class RdfSerialiser:
    """The RDF of one graph in every format; the mapping runs once and each format at most once.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("method/clear", kind="method", label="CLEAR")
    >>> [line.strip() for line in RdfSerialiser(g).serialise("ttl").decode().splitlines()[-2:]]
    ['<https://w3id.org/paperkg/id/method/clear> a kg:Method ;', 'rdfs:label "CLEAR" .']
    """

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        with paused_gc():
            self.blocks: list[RdfBlock] = list(rdf_blocks(graph))

    @cached_property
    def triples(self) -> list[Triple]:
        """Every triple (with repeats)."""
        with paused_gc():
            return [triple for block in self.blocks for triple in block.triples]

    @cached_property
    def distinct(self) -> list[Triple]:
        """The distinct triples, in the order of their N-Triples lines."""
        return sorted_triples(self.triples)

    @cached_property
    def ntriples(self) -> bytes:
        """The sorted, distinct N-Triples lines, as UTF-8."""
        return ntriples_bytes(self.triples)

    @cached_property
    def nquads(self) -> bytes:
        """The sorted, distinct N-Quads lines (named graph per source document; descriptions in the default)."""
        sources = sorted({source for block in self.blocks for source in block.sources})
        graph_iris = {source: source_graph_iri(source) for source in sources}
        return nquads_bytes(self.blocks, graph_iris, source_descriptions(sources))

    def serialise(self, name: str, *, written: Sequence[str] = ()) -> bytes:
        """The bytes of format ``name`` (``written``: the formats a VoID description lists as dumps)."""
        _check_formats([name])
        return SERIALISATIONS[name].serialise(self, written)


def _oxigraph_text(data: bytes, media_type: str, target_media_type: str, prefixes: dict[str, str]) -> bytes:
    """Re-serialise sorted N-Triples/N-Quads ``data`` (of ``media_type``) with Oxigraph, keeping their order.

    Oxigraph writes triples in the order given; its ``@prefix`` header is
    sorted here so that no hash-map order can reach the output.
    """
    import pyoxigraph

    # lenient: kg wrote these lines from checked terms, so Oxigraph need not validate every IRI again
    parsed = pyoxigraph.parse(data, pyoxigraph.RdfFormat.from_media_type(media_type), lenient=True)
    data = pyoxigraph.serialize(parsed, format=pyoxigraph.RdfFormat.from_media_type(target_media_type),
                                prefixes=prefixes)
    head = data.split(b"\n", len(prefixes))
    if all(line.startswith(b"@prefix ") for line in head[: len(prefixes)]):
        data = b"\n".join(sorted(head[: len(prefixes)]) + head[len(prefixes):])
    return data


# ----------------------------------------------------------------------------- one function per format
# Each takes the serialiser and the names of the formats written alongside (for VoID's list of dumps).

_NTRIPLES, _NQUADS, _TURTLE = "application/n-triples", "application/n-quads", "text/turtle"


def _turtle(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    return _oxigraph_text(rdf.ntriples, _NTRIPLES, _TURTLE, PREFIXES)


def _ntriples(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    return rdf.ntriples


def _jsonld(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    from exports.rdf_jsonld import jsonld_text

    return jsonld_text(rdf.distinct).encode("utf-8")


def _trig(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    return _oxigraph_text(rdf.nquads, _NQUADS, "application/trig", PREFIXES)


def _nquads(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    return rdf.nquads


def _void(rdf: RdfSerialiser, written: Sequence[str]) -> bytes:
    from exports.void import VOID, void_triples

    dumps = [SERIALISATIONS[name].format_iri for name in written if name in SERIALISATIONS]
    void = ntriples_bytes(void_triples(rdf.distinct, features=[iri for iri in dumps if iri]))
    return _oxigraph_text(void, _NTRIPLES, _TURTLE, {**PREFIXES, "void": str(VOID)})


@dataclass(frozen=True)
class Serialisation:
    """One RDF format kg writes: the file it goes to, its media type, what it is and how it is made."""

    name: str
    file_name: str
    media_type: str
    description: str
    #: ``(serialiser, names of the formats written) -> bytes``
    serialise: Callable[[RdfSerialiser, Sequence[str]], bytes]
    #: The W3C format IRI (https://www.w3.org/ns/formats/) a VoID description lists; ``None``: not a dump.
    format_iri: str | None = None


_W3C = "http://www.w3.org/ns/formats/"
#: Every format :func:`write_rdf` can write, by name, in the order it writes them.
SERIALISATIONS: dict[str, Serialisation] = {entry.name: entry for entry in (
    Serialisation("ttl", "graph.ttl", _TURTLE, "Turtle", _turtle, _W3C + "Turtle"),
    Serialisation("nt", "graph.nt", _NTRIPLES, "N-Triples", _ntriples, _W3C + "N-Triples"),
    Serialisation("jsonld", "graph.jsonld", "application/ld+json", "JSON-LD", _jsonld, _W3C + "JSON-LD"),
    Serialisation("trig", "graph.trig", "application/trig", "TriG, one named graph per source document", _trig,
                  _W3C + "TriG"),
    Serialisation("nq", "graph.nq", _NQUADS, "N-Quads, one named graph per source document", _nquads,
                  _W3C + "N-Quads"),
    Serialisation("void", "void.ttl", _TURTLE, "a VoID description of the graph", _void),
)}
#: Names of the formats :func:`write_rdf` accepts, in the order it writes them.
RDF_FORMATS: tuple[str, ...] = tuple(SERIALISATIONS)
#: The file each format is written to inside the output folder.
FILE_NAMES: dict[str, str] = {name: entry.file_name for name, entry in SERIALISATIONS.items()}
#: Help text of ``kg build --rdf-format``: every format of the table.
FORMATS_HELP = "RDF serialisations to write (repeatable): " + ", ".join(
    f"{name} ({entry.description})" for name, entry in SERIALISATIONS.items()) + "."


def _check_formats(formats: Sequence[str]) -> list[str]:
    unknown = [name for name in formats if name not in SERIALISATIONS]
    if unknown:
        raise RdfFormatError(
            f"unknown RDF format(s): {', '.join(map(repr, unknown))}; choose from {', '.join(SERIALISATIONS)}"
        )
    return [name for name in SERIALISATIONS if name in formats]


def write_rdf(graph: nx.MultiDiGraph, output_dir: Path, formats: Sequence[str] = ("ttl",), *,
              index: Path | None = None, owners: OwnerDigests | None = None,
              on_turtle: TurtleProgress | None = None) -> list[Path]:
    """Write ``graph``'s RDF in ``formats`` (names from :data:`RDF_FORMATS`) into ``output_dir``.

    Returns the paths written, in the order of :data:`RDF_FORMATS`.  Unknown
    format names raise :class:`RdfFormatError` before anything is written.
    Same graph, same bytes.  Turtle and N-Triples are written in bounded
    memory (:mod:`exports.rdf_stream`); the other formats are made in memory.
    With ``index`` (a file beside the document cache), graph.ttl copies the
    subject blocks of the nodes that did not change from the last one and
    writes the index for the next build (:mod:`exports.rdf_reuse`): the same bytes; ``owners``, when given, is
    then filled with each node's digest (:mod:`exports.rdf_owners`).  ``on_turtle``, when given, is called with
    the bytes of graph.ttl written so far each time a sorted run of them has been flushed to its file (when
    graph.ttl is made from the sorted lines, not when it is copied from the last one): a reader may load them
    while the rest is written (:mod:`kg.store_feed`).
    """
    names = _check_formats(formats)
    output_dir = Path(output_dir)
    streamed = {name: output_dir / SERIALISATIONS[name].file_name for name in names if name in STREAMED}
    written: dict[str, Path] = {}
    if index is not None and "ttl" in streamed:
        written = write_indexed(graph, streamed, Path(index), owners, on_turtle)
    written.update(_write_streamed(graph, {name: path for name, path in streamed.items() if name not in written},
                                   on_turtle))
    rest = [name for name in names if name not in STREAMED]
    if rest:
        serialiser = RdfSerialiser(graph)
        for name in rest:
            written[name] = write_bytes_atomic(output_dir / SERIALISATIONS[name].file_name,
                                               serialiser.serialise(name, written=names))
    return [written[name] for name in names]


def write_rdf_file(graph: nx.MultiDiGraph, path: Path, name: str) -> Path:
    """Write ``graph``'s RDF in format ``name`` to the file ``path`` (atomically)."""
    _check_formats([name])
    if name in STREAMED:
        return dict(_write_streamed(graph, {name: Path(path)}))[name]
    return write_bytes_atomic(Path(path), RdfSerialiser(graph).serialise(name, written=(name,)))


#: The formats written a sorted run at a time, never whole in memory.
STREAMED = ("ttl", "nt")


def _write_streamed(graph: nx.MultiDiGraph, paths: dict[str, Path],
                    on_turtle: TurtleProgress | None = None) -> Iterator[tuple[str, Path]]:
    """Write the formats of :data:`STREAMED` in ``paths`` from the graph's lines made in the order of their subjects
    (:mod:`exports.rdf_ordered`), or, where that order cannot be known up front, from one external sort of them
    (``on_turtle``: see :func:`write_rdf`)."""
    if not paths:
        return
    scratch = next(iter(paths.values())).parent  # spill files beside the outputs (a killed build's are removed
    scratch.mkdir(parents=True, exist_ok=True)   # by the next one), not in a $TMPDIR that may live in memory
    with ExitStack() as files, paused_gc():  # paused while the runs are written too: the ordered ones are made then
        plan = plan_subjects(graph)
        if plan is not None:  # the lines made in the order of their subjects
            runs = (run for run, _ in ordered_runs(graph, plan))
        else:  # sorted after they are all made
            lines = files.enter_context(SortedLines(folder=scratch))
            for block in rdf_blocks(graph):
                lines.add_triples(block.triples)
            runs = lines.runs()
        streams = {name: files.enter_context(open_atomic(path)) for name, path in paths.items()}
        size = 0
        for number, run in enumerate(runs):
            if "nt" in streams:
                streams["nt"].write(run)
            if "ttl" in streams:
                # Oxigraph writes no header for no triples: neither does this
                text = (b"" if number else turtle_header(PREFIXES)) + turtle_run(run, PREFIXES)
                streams["ttl"].write(text)
                size += len(text)
                if on_turtle is not None:
                    streams["ttl"].flush()
                    on_turtle(size)
    yield from paths.items()
