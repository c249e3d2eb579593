"""Canonical N-Triples / N-Quads lines for kg's plain Python triples, and Oxigraph stores built from them.

Sorting these lines is what makes every RDF output deterministic: the same
graph gives the same sorted lines, and Oxigraph serialises triples in the
order it is given them.  Lines follow RDF 1.1 canonical N-Triples: IRIs in
angle brackets, ``xsd:string`` literals without a datatype, and only ``"``,
``\\``, control characters and line breaks escaped.

Sorting is done per subject (subjects in the order of their lines, then each
subject's lines), which gives exactly the order of sorting all lines at once
in a fraction of the time on large graphs.

>>> from exports.rdf_terms import Lit
>>> print(ntriples_line(("http://a.org/s", "http://a.org/p", Lit('say "hi"'))), end="")
<http://a.org/s> <http://a.org/p> "say \\"hi\\"" .
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from exports.rdf_terms import XSD_IRI, RdfBlock, Term, Triple
from ontology.util.memory import paused_gc

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = [
    "term_nt",
    "ntriples_line",
    "ntriples_bytes",
    "sorted_lines",
    "sorted_triples",
    "nquads_bytes",
    "nquads_lines",
    "oxigraph_store",
]

_XSD_STRING = XSD_IRI.string
_ESCAPES = {0x22: '\\"', 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0C: "\\f"}
_ESCAPES.update({code: f"\\u{code:04X}" for code in [*range(0x20), 0x7F] if code not in _ESCAPES})
#: What ``_ESCAPES`` replaces, as one character class: most texts hold none, and a search is ~5x faster than
#: ``str.translate`` with a dict whose values are longer than one character (titles and abstracts of the full
#: Anthology: 0.28 against 1.3 s).
_ESCAPED = re.compile("[" + "".join(f"\\x{code:02x}" for code in sorted(_ESCAPES)) + "]")
_ESCAPE_TEXTS = {chr(code): text for code, text in _ESCAPES.items()}


def term_nt(term: Term) -> str:
    """One term in N-Triples syntax (an IRI is a ``str``, a literal an :class:`exports.rdf_terms.Lit`).

    >>> from exports.rdf_terms import Lit
    >>> term_nt("https://w3id.org/paperkg/id/venue/acl-2026")
    '<https://w3id.org/paperkg/id/venue/acl-2026>'
    >>> term_nt(Lit("2026", "http://www.w3.org/2001/XMLSchema#integer"))
    '"2026"^^<http://www.w3.org/2001/XMLSchema#integer>'
    """
    if isinstance(term, str):
        return f"<{term}>"
    text = '"' + escaped(term.lexical) + '"'
    return text if term.datatype == _XSD_STRING else f"{text}^^<{term.datatype}>"


def escaped(lexical: str) -> str:
    """A literal's lexical form as N-Triples writes it between its quotes: ``"``, ``\\``, control characters
    and line breaks escaped (``\\n``, ``\\t``, ... and ``\\uXXXX``), every other character as it is.

    >>> print(escaped('say "hi"\\n\\x7f'))
    say \\"hi\\"\\n\\u007F
    >>> escaped("naïve") == "naïve"
    True
    """
    if _ESCAPED.search(lexical) is None:
        return lexical
    return _ESCAPED.sub(_escape, lexical)


def _escape(match: re.Match[str]) -> str:
    return _ESCAPE_TEXTS[match.group()]


def ntriples_line(triple: Triple) -> str:
    """One triple as an N-Triples line (with its newline)."""
    subject, predicate, obj = triple
    return f"<{subject}> <{predicate}> {term_nt(obj)} .\n"


def _lines_by_subject(triples: Iterable[Triple], suffix: str = ".\n") -> dict[str, list[str]]:
    """Lines (ending in ``suffix``) of ``triples``, grouped by subject, repeats included.

    Lists, not sets: a million small sets cost about 0.4 GB more; repeats are
    dropped per subject when the lines are put in order.
    """
    by_subject: dict[str, list[str]] = {}
    literals: dict[object, str] = {}
    for subject, predicate, obj in triples:
        lines = by_subject.get(subject)
        if lines is None:
            lines = by_subject[subject] = []
        if obj.__class__ is str:
            lines.append(f"<{subject}> <{predicate}> <{obj}> {suffix}")
            continue
        text = literals.get(obj)
        if text is None:
            text = literals[obj] = term_nt(obj)
        lines.append(f"<{subject}> <{predicate}> {text} {suffix}")
    return by_subject


def _in_line_order(by_subject: dict[str, list[str]]) -> list[str]:
    out: list[str] = []
    for subject in _subject_order(by_subject):
        out += sorted(set(by_subject[subject]))
    return out


def _subject_order(by_subject: dict) -> list[str]:
    # "<S1> ..." < "<S2> ..." exactly when S1 + ">" < S2 + ">" (an IRI holds no ">")
    return sorted(by_subject, key=lambda iri: iri + ">")


def ntriples_bytes(triples: Iterable[Triple]) -> bytes:
    """UTF-8 N-Triples of the distinct ``triples``, lines in sorted order (what :func:`sorted_lines` joins).

    Each subject's lines are joined and encoded on their own: a single
    string of a million lines would be widened to UCS-4 by one non-ASCII
    character and cost twice as much to build and encode.

    >>> from exports.rdf_terms import Lit
    >>> print(ntriples_bytes([("http://a.org/s", "http://a.org/p", Lit("ü"))]).decode(), end="")
    <http://a.org/s> <http://a.org/p> "ü" .
    """
    with paused_gc():
        by_subject = _lines_by_subject(triples)
        return bytes(_encode_in_order(by_subject, bytearray()))


def _encode_in_order(by_subject: dict[str, list[str]], out: bytearray) -> bytearray:
    """Append each subject's sorted lines to ``out`` as UTF-8, dropping the lines as they are encoded.

    Popping as it goes keeps the peak at about the size of the lines, not
    the lines plus every encoded chunk plus their join.
    """
    for subject in _subject_order(by_subject):
        out += "".join(sorted(set(by_subject.pop(subject)))).encode("utf-8")
    return out


def sorted_lines(triples: Iterable[Triple]) -> list[str]:
    """The distinct N-Triples lines of ``triples``, in sorted (code point) order.

    >>> from exports.rdf_terms import Lit
    >>> t = ("http://a.org/s", "http://a.org/p", Lit("x"))
    >>> u = ("http://a.org/s-2", "http://a.org/p", "http://a.org/o")
    >>> lines = sorted_lines([u, t, t])
    >>> lines == sorted({ntriples_line(t), ntriples_line(u)})
    True
    """
    with paused_gc():
        return _in_line_order(_lines_by_subject(triples))


def sorted_triples(triples: Iterable[Triple]) -> list[Triple]:
    """The distinct ``triples`` in the order of their sorted N-Triples lines.

    >>> from exports.rdf_terms import Lit
    >>> sorted_triples([("http://a.org/b", "http://a.org/p", Lit("x")), ("http://a.org/a", "http://a.org/p", "http://a.org/o")])[0][0]
    'http://a.org/a'
    """
    with paused_gc():
        by_subject: dict[str, dict[str, Triple]] = {}
        for triple in triples:
            group = by_subject.get(triple[0])
            if group is None:
                group = by_subject[triple[0]] = {}
            group[ntriples_line(triple)] = triple
        return [group[line] for subject in _subject_order(by_subject)
                for group in (by_subject[subject],) for line in sorted(group)]


def nquads_bytes(blocks: Iterable[RdfBlock], graph_iri: dict[str, str], default: Sequence[Triple] = ()) -> bytes:
    """UTF-8 N-Quads: the lines of :func:`nquads_lines`, in the same order, encoded per subject."""
    with paused_gc():
        out = bytearray()
        for name, triples in _by_graph(blocks, graph_iri, default):
            _encode_in_order(_lines_by_subject(triples, f"<{name}> .\n" if name else ".\n"), out)
        return bytes(out)


def _by_graph(blocks: Iterable[RdfBlock], graph_iri: dict[str, str],
              default: Sequence[Triple]) -> list[tuple[str, list[Triple]]]:
    """The triples of each graph ("" is the default graph), graphs in sorted order."""
    by_graph: dict[str, list[Triple]] = {"": list(default)}
    for block in blocks:
        for source in block.sources or ("",):
            name = graph_iri[source] if source else ""
            by_graph.setdefault(name, []).extend(block.triples)
    return sorted(by_graph.items())


def nquads_lines(blocks: Iterable[RdfBlock], graph_iri: dict[str, str], default: Sequence[Triple] = ()) -> list[str]:
    """Distinct N-Quads lines: each block's triples in the named graph of each of its sources.

    Triples of a block with no sources, and ``default``, go to the default
    graph.  Lines are ordered by graph (the default graph first), then as
    :func:`sorted_lines` orders them, so each graph's quads are contiguous.
    ``graph_iri`` maps a source file to its graph IRI.

    >>> from exports.rdf_terms import Lit, RdfBlock
    >>> t = ("http://a.org/s", "http://a.org/p", Lit("x"))
    >>> print("".join(nquads_lines([RdfBlock(("f",), [t])], {"f": "http://a.org/g"}, [t])), end="")
    <http://a.org/s> <http://a.org/p> "x" .
    <http://a.org/s> <http://a.org/p> "x" <http://a.org/g> .
    """
    with paused_gc():
        out: list[str] = []
        for name, triples in _by_graph(blocks, graph_iri, default):
            out += _in_line_order(_lines_by_subject(triples, f"<{name}> .\n" if name else ".\n"))
        return out


def oxigraph_store(triples: Iterable[Triple]) -> pyoxigraph.Store:
    """An in-memory Oxigraph store holding ``triples`` in its default graph.

    >>> from exports.rdf_terms import Lit
    >>> len(oxigraph_store([("http://a.org/s", "http://a.org/p", Lit("x"))]))
    1
    """
    import pyoxigraph

    store = pyoxigraph.Store()
    with paused_gc():
        data = "".join(line for lines in _lines_by_subject(triples).values() for line in lines).encode("utf-8")
    store.bulk_load(data, format=pyoxigraph.RdfFormat.N_TRIPLES)
    return store
