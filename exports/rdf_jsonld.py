"""Compact JSON-LD of kg's triples under the shipped context (``ontology/context.jsonld``).

The document embeds the context (so it reads offline) and lists one node
object per subject in ``@graph``, sorted by IRI; the values of a key are
sorted too, so the same triples give the same bytes.  A predicate is written
with its context term when the term's type coercion fits the value (an IRI for
``"@type": "@id"`` terms, the term's datatype, or plain text for terms without
``@type``); otherwise with a compact IRI key and an explicit value object, so
nothing is ever coerced to the wrong type.

>>> from exports.rdf_terms import Lit
>>> paper = "https://w3id.org/paperkg/id/paper/clear"
>>> text = jsonld_text([(paper, "http://purl.org/dc/terms/title", Lit("CLEAR"))])
>>> '"title": "CLEAR"' in text and '"@id": "kgid:paper/clear"' in text
True
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import groupby
from typing import Any

from exports.rdf_ntriples import sorted_triples
from exports.rdf_terms import RDF_IRI, XSD_IRI, Lit, Triple
from ontology import CONTEXT_PATH

__all__ = ["CONTEXT_PATH", "jsonld_context", "jsonld_text"]

_RDF_TYPE = RDF_IRI.type
_XSD_STRING = XSD_IRI.string


@lru_cache(maxsize=1)
def jsonld_context() -> dict[str, Any]:
    """The ``@context`` object of ``ontology/context.jsonld``.

    >>> jsonld_context()["kg"]
    'https://w3id.org/paperkg/ontology#'
    """
    return json.loads(CONTEXT_PATH.read_text("utf-8"))["@context"]


class _Compactor:
    """IRI and term compaction under one context."""

    def __init__(self, context: Mapping[str, Any]) -> None:
        self.prefixes: list[tuple[str, str]] = []
        definitions: dict[str, tuple[str, str | None]] = {}
        for key, value in context.items():
            if key.startswith("@"):
                continue
            if isinstance(value, str) and value.endswith(("/", "#")):
                self.prefixes.append((value, key))
            else:
                iri, coercion = (value, None) if isinstance(value, str) else (value["@id"], value.get("@type"))
                definitions[key] = (iri, coercion)
        self.prefixes.sort(key=lambda item: -len(item[0]))  # longest namespace first
        self.terms: dict[tuple[str, str | None], str] = {}
        for key, (iri, coercion) in sorted(definitions.items()):
            expanded = (self.expand(iri), None if coercion in (None, "@id") else self.expand(coercion))
            self.terms.setdefault((expanded[0], "@id" if coercion == "@id" else expanded[1]), key)
        self.classes = {iri: key for (iri, coercion), key in self.terms.items() if coercion is None}

    def expand(self, compact: str) -> str:
        prefix, colon, rest = compact.partition(":")
        for namespace, key in self.prefixes:
            if colon and key == prefix:
                return namespace + rest
        return compact

    def iri(self, iri: str) -> str:
        for namespace, key in self.prefixes:
            if iri.startswith(namespace) and len(iri) > len(namespace) and not iri[len(namespace):].startswith("//"):
                return f"{key}:{iri[len(namespace):]}"
        return iri

    def entry(self, predicate: str, obj: str | Lit) -> tuple[str, Any]:
        """The key and value for one predicate and object."""
        if isinstance(obj, str):
            term = self.terms.get((predicate, "@id"))
            return (term, self.iri(obj)) if term else (self.iri(predicate), {"@id": self.iri(obj)})
        datatype = None if obj.datatype == _XSD_STRING else obj.datatype
        term = self.terms.get((predicate, datatype))
        if term:
            return term, obj.lexical
        value: dict[str, str] = {"@value": obj.lexical}
        if datatype:
            value["@type"] = self.iri(datatype)
        return self.iri(predicate), value


def jsonld_text(triples: Iterable[Triple], context: Mapping[str, Any] | None = None) -> str:
    """``triples`` as a compact JSON-LD document with ``context`` (default: the shipped one) embedded.

    Repeated triples are written once; literals of type ``xsd:string`` are
    plain JSON strings.  Each node object is one line of the ``@graph`` array.
    """
    context = dict(jsonld_context() if context is None else context)
    compactor = _Compactor(context)
    nodes = []
    for subject, group in groupby(sorted_triples(triples), key=lambda triple: triple[0]):
        node: dict[str, Any] = {"@id": compactor.iri(subject)}
        types: list[str] = []
        values: dict[str, list[Any]] = {}
        for _, predicate, obj in group:
            if predicate == _RDF_TYPE and isinstance(obj, str):
                types.append(compactor.classes.get(obj) or compactor.iri(obj))
                continue
            key, value = compactor.entry(predicate, obj)
            values.setdefault(key, []).append(value)
        if types:
            node["@type"] = types[0] if len(types) == 1 else types
        for key, items in values.items():
            node[key] = items[0] if len(items) == 1 else items
        nodes.append(node)
    # one node object per line: readable, diffable, and json's fast C encoder (indent would disable it)
    head = json.dumps({"@context": context}, ensure_ascii=False, indent=1, sort_keys=True)[:-2]
    body = ",\n".join(json.dumps(node, ensure_ascii=False, sort_keys=True) for node in nodes)
    return f'{head},\n "@graph": [\n{body}\n ]\n}}\n'

