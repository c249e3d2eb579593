"""Which URLs from an input kg keeps as web addresses: only http(s) ones.

A ``url``, ``code`` or ``<pwccode url>`` field becomes a clickable link and an
RDF IRI (``schema:url``, ``schema:codeRepository``, ``skos:exactMatch``).  A
``javascript:`` or ``data:`` URL there would be a script in a page or an IRI
no one should follow, so the readers keep a URL only when it is an http(s)
address, or an address without a scheme ("github.com/acme/tool", read as
https), and report the others.  The RDF export checks again
(:func:`exports.rdf_values.web_iri`).

>>> [not_web_url(url) for url in ("https://github.com/a/b", "github.com/a/b", "localhost:8080/x")]
[None, None, None]
>>> not_web_url(" JavaScript:alert(1)"), not_web_url("data:text/html,x")
("a 'javascript:' URL, not a web address", "a 'data:' URL, not a web address")
"""
from __future__ import annotations

import re

__all__ = ["not_web_url"]

# a scheme, unless what follows the colon is a port number ("localhost:8080/x" has no scheme)
_SCHEME = re.compile(r"\s*(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):(?!\d+(?:[/?#]|$))")
_WEB_SCHEMES = frozenset({"http", "https"})


def not_web_url(url: str) -> str | None:
    """Why ``url`` is not a web address kg keeps, or ``None`` when it is one."""
    scheme = _SCHEME.match(url)
    if scheme and scheme.group("scheme").lower() not in _WEB_SCHEMES:
        return f"a '{scheme.group('scheme').lower()}:' URL, not a web address"
    return None
