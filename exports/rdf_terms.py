"""The bottom of kg's RDF code: plain Python terms, the namespaces kg writes, and their IRIs as strings.

Every RDF module of ``exports`` builds on this one and it imports none of
them.  A triple is a tuple of plain Python terms (an IRI is a ``str``, a
literal a :class:`Lit`), which is far cheaper to make by the million than
rdflib terms; :class:`IriStrings` gives a namespace's terms as such strings,
so each IRI is written once, in its namespace, and looked up once.

>>> KG_IRI.Paper, XSD_IRI.integer
('https://w3id.org/paperkg/ontology#Paper', 'http://www.w3.org/2001/XMLSchema#integer')
>>> Lit("CLEAR").datatype == XSD_IRI.string
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SDO, SKOS, XSD, DefinedNamespace, Namespace

from ontology import KG
from ontology.errors import KgError

__all__ = [
    "SCHEMA",
    "BIBO",
    "FABIO",
    "PREFIXES",
    "IriStrings",
    "KG_IRI",
    "SCHEMA_IRI",
    "DCTERMS_IRI",
    "BIBO_IRI",
    "FABIO_IRI",
    "PROV_IRI",
    "SKOS_IRI",
    "RDF_IRI",
    "RDFS_IRI",
    "XSD_IRI",
    "Lit",
    "Term",
    "Triple",
    "RdfBlock",
    "RdfExportError",
]

#: schema.org, as rdflib defines it.
SCHEMA = SDO
BIBO = Namespace("http://purl.org/ontology/bibo/")
FABIO = Namespace("http://purl.org/spar/fabio/")

#: Prefixes every serialisation uses (also the JSON-LD context's prefixes).
PREFIXES: dict[str, str] = {
    "kg": str(KG._NS),
    "schema": str(SCHEMA),
    "dcterms": str(DCTERMS),
    "skos": str(SKOS),
    "prov": str(PROV),
    "bibo": str(BIBO),
    "fabio": str(FABIO),
    "rdfs": str(RDFS),
    "xsd": str(XSD),
}


class IriStrings:
    """The terms of an rdflib namespace as plain ``str`` attributes: ``IriStrings(KG).Paper``.

    A ``DefinedNamespace`` (such as :class:`ontology.KG`) gives all its
    terms; an open ``Namespace`` the ``names`` given.  A term not there
    raises :class:`AttributeError`, so a typo fails instead of minting a new
    predicate.  The strings are made once, here: reading one is a plain
    attribute lookup (the mapping reads millions).

    >>> kg = IriStrings(KG)
    >>> kg.proposes
    'https://w3id.org/paperkg/ontology#proposes'
    >>> kg.propose
    Traceback (most recent call last):
    ...
    AttributeError: 'IriStrings' object has no attribute 'propose'
    >>> IriStrings(Namespace("http://purl.org/ontology/bibo/"), "doi").doi
    'http://purl.org/ontology/bibo/doi'
    """

    def __init__(self, namespace: Namespace | type[DefinedNamespace], *names: str) -> None:
        if isinstance(namespace, type) and not names:
            names = (*namespace.__annotations__, *getattr(namespace, "_extras", ()))
        self.__dict__.update({name: str(namespace[name]) for name in names})

    def __getitem__(self, name: str) -> str:
        """A term whose name is no Python identifier or a keyword (such as ``void:class``)."""
        try:
            return self.__dict__[name]
        except KeyError:
            raise AttributeError(f"{name!r} is not a term of this namespace") from None

    if TYPE_CHECKING:  # pragma: no cover - for type checkers only: a real __getattr__ would slow every lookup

        def __getattr__(self, name: str) -> str: ...


KG_IRI = IriStrings(KG)
SCHEMA_IRI = IriStrings(SCHEMA)
DCTERMS_IRI = IriStrings(DCTERMS)
BIBO_IRI = IriStrings(BIBO, "doi")
FABIO_IRI = IriStrings(FABIO, "ConferencePaper", "ConferencePoster")
PROV_IRI = IriStrings(PROV)
SKOS_IRI = IriStrings(SKOS)
RDF_IRI = IriStrings(RDF)
RDFS_IRI = IriStrings(RDFS)
XSD_IRI = IriStrings(XSD)


class Lit(NamedTuple):
    """A literal: its lexical form and its datatype IRI (``xsd:string`` for plain text).

    >>> Lit("2026", "http://www.w3.org/2001/XMLSchema#integer").lexical
    '2026'
    """

    lexical: str
    datatype: str = XSD_IRI.string


#: An RDF term: a ``str`` is an IRI, a :class:`Lit` a literal (kg mints no blank nodes).
Term = str | Lit
#: A triple of plain Python terms.
Triple = tuple[str, str, Term]


class RdfBlock(NamedTuple):
    """Triples together with the input files that state them (empty: stated by no one file)."""

    sources: tuple[str, ...]
    triples: list[Triple]


class RdfExportError(KgError, ValueError):
    """The networkx graph holds something the RDF mapping does not know (a new node kind or relation)."""
