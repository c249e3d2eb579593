"""Python values of the networkx graph as RDF terms: integers, dates, decimals and web IRIs.

Only http(s) addresses become IRIs (:func:`web_iri`): whatever a reader let
through, a ``javascript:`` or ``data:`` URL never reaches the RDF.

Each function checks its value and gives the term (or triples) kg writes,
or nothing when the value cannot be written as that type.

>>> integer_triples("https://w3id.org/paperkg/id/paper/a", "https://w3id.org/paperkg/ontology#year", "2026")[0][2]
Lit(lexical='2026', datatype='http://www.w3.org/2001/XMLSchema#integer')
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable
from urllib.parse import quote

from exports.rdf_terms import XSD_IRI, Lit, RdfExportError, Triple

__all__ = ["integer_triples", "date_literal", "decimal_literal", "web_iri", "iri_triples"]

_DATE_TYPES = ((re.compile(r"\d{4}-\d{2}-\d{2}"), XSD_IRI.date),
               (re.compile(r"\d{4}-\d{2}"), XSD_IRI.gYearMonth),
               (re.compile(r"\d{4}"), XSD_IRI.gYear))
_XSD_INTEGER = XSD_IRI.integer
_XSD_DECIMAL = XSD_IRI.decimal


def integer_triples(subject: str, predicate: str, value: object) -> list[Triple]:
    """One ``xsd:integer`` triple, or none when ``value`` is absent or not a whole number.

    >>> [len(integer_triples("s", "p", value)) for value in (2026, " 7 ", None, True, "7.5")]
    [1, 1, 0, 0, 0]
    """
    if type(value) is int:  # the common case, first
        return [(subject, predicate, Lit(str(value), _XSD_INTEGER))]
    if isinstance(value, bool) or value is None:
        return []
    text = str(value).strip()
    return [(subject, predicate, Lit(str(int(text)), _XSD_INTEGER))] if re.fullmatch(r"-?\d+", text) else []


def date_literal(text: str) -> Lit:
    """An ISO date as ``xsd:date`` (or ``xsd:gYearMonth`` / ``xsd:gYear``); anything else as text.

    >>> date_literal("2026-07-02").datatype.rsplit("#", 1)[-1], date_literal("July 2026").datatype.rsplit("#", 1)[-1]
    ('date', 'string')
    """
    for pattern, datatype in _DATE_TYPES:
        if pattern.fullmatch(text):
            return Lit(text, datatype)
    return Lit(text)


def decimal_literal(value: float, places: int) -> Lit:
    """``value`` rounded to ``places`` as an ``xsd:decimal`` in XSD 1.0 canonical form (as rdflib writes it).

    >>> decimal_literal(0.85, 3).lexical, decimal_literal(1, 3).lexical, decimal_literal(2e-5, 3).lexical
    ('0.85', '1.0', '0.0')
    """
    value = float(value)
    if not math.isfinite(value):
        raise RdfExportError(f"{value!r} is not a finite number; confidences and scores must lie in [0, 1]")
    text = f"{value:.{places}f}".rstrip("0")
    text = text + "0" if text.endswith(".") else text
    return Lit("0.0" if text == "-0.0" else text, _XSD_DECIMAL)


_IRI_UNSAFE = re.compile(r"[\x00-\x20<>\"{}|\\^`\x7f]")
_SCHEME = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):(?P<port>\d+(?:[/?#]|$))?")
_WEB_SCHEMES = frozenset({"http", "https"})
_WITH_HOST = re.compile(r"[A-Za-z]+://[^/?#@]")
# what stays as it is when a URL has to be percent-encoded further: RFC 3986 reserved and unreserved characters
_URL_SAFE = ":/?[]@!$&'()*+,;=-._~%"
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def web_iri(url: str) -> str | None:
    """``url`` as an absolute http(s) IRI, or ``None`` when no such IRI can be made of it.

    Only web addresses become IRIs: a URL with another scheme (``javascript:``,
    ``data:``, ``file:``, ``mailto:``, ``ftp:``) or without a host gives
    ``None``. Characters IRIs forbid are percent-encoded, a missing scheme
    becomes https, and a URL Oxigraph still rejects is percent-encoded further
    (a second ``#``, a stray ``%``); one that still fails (a malformed host) is
    left out rather than written as an IRI no parser would read.

    >>> web_iri("github.com/acme/tool x"), web_iri("localhost:8080/x")
    ('https://github.com/acme/tool%20x', 'https://localhost:8080/x')
    >>> web_iri("https://github.com/a/b%20c#readme#x"), web_iri("https://x.org/100%"), web_iri("https://[bad/x")
    ('https://github.com/a/b%20c#readme%23x', 'https://x.org/100%25', None)
    >>> web_iri("javascript:alert(1)"), web_iri("data:text/html,<script>"), web_iri("ftp://x.org/a"), web_iri("http:/x")
    (None, None, None, None)
    """
    import pyoxigraph

    url = url.strip()
    scheme = _SCHEME.match(url)
    if not scheme or scheme.group("port"):  # "github.com/x", "localhost:8080/x": a web address without its scheme
        url = "https://" + url.lstrip("/")
    elif scheme.group("scheme").lower() not in _WEB_SCHEMES:
        return None
    candidates = [_IRI_UNSAFE.sub(lambda match: quote(match.group(0), safe=""), url)]
    base, hash_, fragment = _STRAY_PERCENT.sub("%25", candidates[0]).partition("#")
    candidates.append(quote(base, safe=_URL_SAFE + "#") + hash_ + quote(fragment, safe=_URL_SAFE))
    for candidate in candidates:
        if not _WITH_HOST.match(candidate):
            return None
        try:
            return pyoxigraph.NamedNode(candidate).value
        except ValueError:
            continue
    return None


def iri_triples(subject: str, predicate: str, urls: Iterable[str]) -> list[Triple]:
    """One triple per URL that :func:`web_iri` makes an IRI of; the others are left out.

    >>> [o for _, _, o in iri_triples("s", "p", ["github.com/a/b", "https://[bad/x"])]
    ['https://github.com/a/b']
    """
    return [(subject, predicate, iri) for iri in map(web_iri, urls) if iri is not None]
