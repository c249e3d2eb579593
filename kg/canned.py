"""Canned SPARQL queries (``kg/queries/*.rq``): their comment headers, parameters and text-index lookups.

Each ``.rq`` file starts with a comment header: a description, then
``# @param NAME TYPE DESCRIPTION`` lines (TYPE is ``string``, ``integer`` or
``iri``), ``# @example NAME=VALUE`` lines and, for a parameter the text index
can resolve, ``# @lookup NAME MODE CLASS ?VARIABLE`` lines.  MODE is
``contains`` (the resources of CLASS whose full title, else label, contains
the value, ignoring case) or ``is`` (those with a label or alternative label
equal to the value, ignoring case).  A lookup only narrows the query: the
resolved resources are bound to ``?VARIABLE`` with ``VALUES`` and the query's
own ``FILTER`` still decides, so a query answers the same with or without
the index (see :mod:`kg.text_index`).

This module is the bottom of kg's query modules: :mod:`kg.query_store` and
:mod:`kg.query` import it, never the other way round.

>>> q = canned_queries()["paper-facts"]
>>> q.lookups[0]
Lookup(parameter='title', mode='contains', cls='https://w3id.org/paperkg/ontology#Paper', variable='paper')
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ontology.errors import KgError

__all__ = [
    "QueryError", "QueryRefused", "Parameter", "Lookup", "CannedQuery", "LOOKUP_MODES",
    "parse_canned", "canned_queries",
]

_PARAMETER_TYPES = ("string", "integer", "iri")
#: How a ``@lookup`` line matches a parameter's value against the text index.
LOOKUP_MODES = ("contains", "is")
_KG = "https://w3id.org/paperkg/ontology#"


class QueryError(KgError):
    """A query that cannot run: no graph, bad SPARQL, unknown canned query or parameter; the message says what to do."""


class QueryRefused(QueryError):
    """A SPARQL update: kg query only reads."""


@dataclass(frozen=True)
class Parameter:
    """A parameter of a canned query: a variable bound to an RDF term of ``type``."""

    name: str
    type: str = "string"
    description: str = ""


@dataclass(frozen=True)
class Lookup:
    """Resolve parameter ``parameter`` through the text index to the IRIs of class ``cls`` bound to ``?variable``."""

    parameter: str
    mode: str
    cls: str
    variable: str


@dataclass(frozen=True)
class CannedQuery:
    """A named SPARQL query from ``kg/queries/NAME.rq``."""

    name: str
    summary: str
    text: str
    parameters: tuple[Parameter, ...] = ()
    examples: Mapping[str, str] = field(default_factory=dict)
    lookups: tuple[Lookup, ...] = ()

    def example_params(self) -> dict[str, str]:
        """Parameter values to try the query with (from its ``@example`` lines)."""
        return dict(self.examples)


_HEADER_PARAM = re.compile(r"@param\s+(\w+)\s+(\w+)\s*(.*)")
_HEADER_EXAMPLE = re.compile(r"@example\s+(\w+)=(.*)")
_HEADER_LOOKUP = re.compile(r"@lookup\s+(\w+)\s+(\w+)\s+(\S+)\s+\?(\w+)")


def _class_iri(name: str, text: str) -> str:
    if text.startswith("<") and text.endswith(">"):
        return text[1:-1]
    if text.startswith("kg:"):
        return _KG + text[3:]
    raise QueryError(f"{name}.rq: a @lookup class is kg:Name or <IRI>, not {text!r}")


def parse_canned(name: str, text: str) -> CannedQuery:
    """A :class:`CannedQuery` from the text of a ``.rq`` file with a comment header.

    >>> q = parse_canned("demo", "# Papers by year.\\n# @param year integer  the year\\n"
    ...                  "# @example year=2020\\nSELECT ?year ?p WHERE { ?p <urn:year> ?year }")
    >>> q.summary, q.parameters[0].type, q.example_params()
    ('Papers by year.', 'integer', {'year': '2020'})
    """
    summary: list[str] = []
    parameters: list[Parameter] = []
    examples: dict[str, str] = {}
    lookups: list[Lookup] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        comment = line.lstrip("#").strip()
        if match := _HEADER_PARAM.fullmatch(comment):
            kind = match.group(2)
            if kind not in _PARAMETER_TYPES:
                raise QueryError(f"{name}.rq: parameter {match.group(1)} has type {kind!r}; "
                                 f"use one of {', '.join(_PARAMETER_TYPES)}")
            parameters.append(Parameter(match.group(1), kind, match.group(3).strip()))
        elif match := _HEADER_EXAMPLE.fullmatch(comment):
            examples[match.group(1)] = match.group(2).strip()
        elif match := _HEADER_LOOKUP.fullmatch(comment):
            if match.group(2) not in LOOKUP_MODES:
                raise QueryError(f"{name}.rq: @lookup mode {match.group(2)!r}; use one of {', '.join(LOOKUP_MODES)}")
            lookups.append(Lookup(match.group(1), match.group(2), _class_iri(name, match.group(3)), match.group(4)))
        elif comment:
            summary.append(comment)
    declared = {p.name for p in parameters}
    for lookup in lookups:
        if lookup.parameter not in declared:
            raise QueryError(f"{name}.rq: @lookup {lookup.parameter} names no @param")
    return CannedQuery(name, " ".join(summary), text, tuple(parameters), examples, tuple(lookups))


@lru_cache(maxsize=1)
def _canned() -> tuple[CannedQuery, ...]:
    folder = resources.files("kg").joinpath("queries")
    files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".rq")), key=lambda e: e.name)
    return tuple(parse_canned(entry.name[:-3], entry.read_text("utf-8")) for entry in files)


def canned_queries() -> dict[str, CannedQuery]:
    """The canned queries shipped in ``kg/queries``, by name.

    >>> "papers-using-dataset" in canned_queries()
    True
    """
    return {query.name: query for query in _canned()}
