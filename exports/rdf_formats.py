"""Write kg's RDF in every common serialisation, deterministically and fast.

Formats (``RDF_FORMATS``), each written to a fixed file name in the output folder:

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

from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from exports.rdf import PREFIXES, RdfBlock, Triple, rdf_blocks, source_descriptions, source_graph_iri
from exports.rdf_ntriples import nquads_bytes, ntriples_bytes, sorted_triples
from ontology.util.files import write_bytes_atomic
from ontology.util.memory import paused_gc

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = ["RDF_FORMATS", "FILE_NAMES", "RdfFormatError", "RdfSerialiser", "write_rdf", "write_rdf_file"]

#: Names of the formats :func:`write_rdf` accepts, in the order it writes them.
RDF_FORMATS: tuple[str, ...] = ("ttl", "nt", "jsonld", "trig", "nq", "void")
#: The file each format is written to inside the output folder.
FILE_NAMES: dict[str, str] = {
    "ttl": "graph.ttl",
    "nt": "graph.nt",
    "jsonld": "graph.jsonld",
    "trig": "graph.trig",
    "nq": "graph.nq",
    "void": "void.ttl",
}


class RdfFormatError(ValueError):
    """An RDF format name kg does not know."""


def _check_formats(formats: Sequence[str]) -> list[str]:
    unknown = [name for name in formats if name not in RDF_FORMATS]
    if unknown:
        raise RdfFormatError(
            f"unknown RDF format(s): {', '.join(map(repr, unknown))}; choose from {', '.join(RDF_FORMATS)}"
        )
    return [name for name in RDF_FORMATS if name in formats]


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
        import pyoxigraph

        _check_formats([name])
        if name == "nt":
            return self.ntriples
        if name == "nq":
            return self.nquads
        if name == "ttl":
            return _oxigraph_text(self.ntriples, pyoxigraph.RdfFormat.N_TRIPLES, pyoxigraph.RdfFormat.TURTLE, PREFIXES)
        if name == "trig":
            return _oxigraph_text(self.nquads, pyoxigraph.RdfFormat.N_QUADS, pyoxigraph.RdfFormat.TRIG, PREFIXES)
        if name == "jsonld":
            from exports.rdf_jsonld import jsonld_text

            return jsonld_text(self.distinct).encode("utf-8")
        from exports.void import VOID, void_triples

        void = ntriples_bytes(void_triples(self.distinct, formats=written))
        return _oxigraph_text(void, pyoxigraph.RdfFormat.N_TRIPLES, pyoxigraph.RdfFormat.TURTLE,
                              {**PREFIXES, "void": str(VOID)})


def _oxigraph_text(data: bytes, syntax: pyoxigraph.RdfFormat, target: pyoxigraph.RdfFormat,
                   prefixes: dict[str, str]) -> bytes:
    """Re-serialise sorted N-Triples/N-Quads ``data`` with Oxigraph, keeping their order.

    Oxigraph writes triples in the order given; its ``@prefix`` header is
    sorted here so that no hash-map order can reach the output.
    """
    import pyoxigraph

    # lenient: kg wrote these lines from checked terms, so Oxigraph need not validate every IRI again
    parsed = pyoxigraph.parse(data, syntax, lenient=True)
    data = pyoxigraph.serialize(parsed, format=target, prefixes=prefixes)
    head = data.split(b"\n", len(prefixes))
    if all(line.startswith(b"@prefix ") for line in head[: len(prefixes)]):
        data = b"\n".join(sorted(head[: len(prefixes)]) + head[len(prefixes):])
    return data


def write_rdf(graph: nx.MultiDiGraph, output_dir: Path, formats: Sequence[str] = ("ttl",)) -> list[Path]:
    """Write ``graph``'s RDF in ``formats`` (names from :data:`RDF_FORMATS`) into ``output_dir``.

    Returns the paths written, in the order of :data:`RDF_FORMATS`.  Unknown
    format names raise :class:`RdfFormatError` before anything is written.
    Same graph, same bytes.
    """
    names = _check_formats(formats)
    serialiser = RdfSerialiser(graph)
    output_dir = Path(output_dir)
    dumps = [name for name in names if name != "void"]
    return [write_bytes_atomic(output_dir / FILE_NAMES[name], serialiser.serialise(name, written=dumps))
            for name in names]


def write_rdf_file(graph: nx.MultiDiGraph, path: Path, name: str) -> Path:
    """Write ``graph``'s RDF in format ``name`` to the file ``path`` (atomically)."""
    return write_bytes_atomic(Path(path), RdfSerialiser(graph).serialise(name, written=(name,)))
