"""How ``kg query`` prints a result: an aligned table, SPARQL 1.1 CSV or SPARQL 1.1 JSON.

Presentation lives here, in the command-line layer; :mod:`kg.query` returns
a :class:`~kg.query.QueryResult` of rdflib terms and never formats it.
Control characters from the data are escaped in every format, so a title
cannot drive the user's terminal (:func:`ontology.text.escape_controls`).
"""
from __future__ import annotations

import csv
import io
import json
from functools import lru_cache

from rdflib import BNode, Literal, URIRef
from rdflib.term import Identifier

from kg.query import QueryResult
from ontology.text import escape_controls

__all__ = ["RESULT_FORMATS", "format_result"]

#: Output formats of :func:`format_result` (``kg query --format``).
RESULT_FORMATS = ("table", "csv", "json")
_TABLE_CELL = 60


def format_result(result: QueryResult, fmt: str = "table") -> str:
    """``result`` as text: an aligned ``table``, SPARQL 1.1 ``csv`` or SPARQL 1.1 ``json``.

    In a table, IRIs under kg's prefixes are shortened (``kg:Paper``,
    ``kgid:paper/...``) and cells are cut at 60 characters; csv and json give
    every value in full.  CONSTRUCT and DESCRIBE results are sorted
    N-Triples in every format.

    >>> from rdflib import Literal, XSD
    >>> r = QueryResult("select", ("venue", "start"), ((Literal("ACL 2026"), Literal("2026-07-02", datatype=XSD.date)),))
    >>> print(format_result(r), end="")
    venue     start
    --------  ----------
    ACL 2026  2026-07-02
    (1 row)
    >>> print(format_result(r, "csv"), end="")
    venue,start\r
    ACL 2026,2026-07-02\r
    """
    if fmt not in RESULT_FORMATS:
        raise ValueError(f"unknown output format {fmt!r}; choose from {', '.join(RESULT_FORMATS)}")
    if result.kind == "graph":
        lines = sorted(f"{s.n3()} {p.n3()} {o.n3()} ." for s, p, o in result.triples)
        return "".join(escape_controls(line, json_style=True) + "\n" for line in lines)
    if result.kind == "ask":
        if fmt == "json":
            return json.dumps({"head": {}, "boolean": bool(result.boolean)}, indent=1) + "\n"
        return ("true" if result.boolean else "false") + ("\r\n" if fmt == "csv" else "\n")
    if fmt == "csv":
        return _csv(result)
    if fmt == "json":
        return _json(result)
    return _table(result)


def _csv(result: QueryResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(result.variables)
    for row in result.rows:
        writer.writerow(["" if term is None else escape_controls(f"_:{term}" if isinstance(term, BNode) else str(term),
                                                                  keep="\n\r\t")
                         for term in row])
    return out.getvalue()


def _json_term(term: Identifier) -> dict[str, str]:
    if isinstance(term, URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": str(term)}
    value: dict[str, str] = {"type": "literal", "value": str(term)}
    if isinstance(term, Literal) and term.language:
        value["xml:lang"] = term.language
    elif isinstance(term, Literal) and term.datatype:
        value["datatype"] = str(term.datatype)
    return value


def _json(result: QueryResult) -> str:
    bindings = [{var: _json_term(term) for var, term in zip(result.variables, row) if term is not None}
                for row in result.rows]
    document = {"head": {"vars": list(result.variables)}, "results": {"bindings": bindings}}
    return escape_controls(json.dumps(document, ensure_ascii=False, indent=1), keep="\n", json_style=True) + "\n"


def _short(term: Identifier | None) -> str:
    if term is None:
        return ""
    if isinstance(term, URIRef):
        text = str(term)
        for prefix, namespace in _table_prefixes():
            if text.startswith(namespace):
                text = f"{prefix}:{text[len(namespace):]}"
                break
    elif isinstance(term, BNode):
        text = f"_:{term}"
    else:
        text = escape_controls(" ".join(str(term).split()))
    return text if len(text) <= _TABLE_CELL else text[: _TABLE_CELL - 1] + "…"


@lru_cache(maxsize=1)
def _table_prefixes() -> tuple[tuple[str, str], ...]:
    from exports.rdf import PREFIXES
    from ontology.ids import RESOURCE_BASE

    pairs = [*PREFIXES.items(), ("kgid", RESOURCE_BASE)]
    return tuple(sorted(pairs, key=lambda pair: -len(pair[1])))


def _table(result: QueryResult) -> str:
    cells = [[_short(term) for term in row] for row in result.rows]
    widths = [max([len(name), *(len(row[i]) for row in cells)]) for i, name in enumerate(result.variables)]
    lines = ["  ".join(name.ljust(width) for name, width in zip(result.variables, widths)).rstrip(),
             "  ".join("-" * width for width in widths)]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in cells]
    count = len(result.rows)
    lines.append(f"({count} row{'' if count == 1 else 's'})")
    return "\n".join(lines) + "\n"
