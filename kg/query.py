"""Read-only SPARQL over a built graph, run by Oxigraph, with canned queries and safe parameters.

A *target* is an output folder of ``kg build`` (its ``graph.ttl``) or an RDF
file (``.ttl``, ``.nt``, ``.nq``, ``.trig``, ``.jsonld``).  For a folder,
queries run on its query store ``TARGET/.kg-store/`` (:mod:`kg.query_store`:
made by ``kg build``, or at the first query of an older build, and used only
for the ``graph.ttl`` it was made from); a file is loaded into memory.  In a
TriG or N-Quads file every source document has its own named graph; queries
then see the union of all graphs as their default graph (a triple two files
state is seen twice; ``GRAPH ?g`` tells them apart).

Canned queries are the ``kg/queries/*.rq`` files (:mod:`kg.canned`).
Parameter values are bound as RDF terms (Oxigraph ``substitutions``), never
pasted into the query text, so a value such as ``x" } ; DROP ALL { "`` is only
ever a string.  Oxigraph binds a parameter through the query's projection, so
every parameter variable appears in the ``SELECT`` clause.  With a build
folder's text index (:mod:`kg.text_index`), a title or name parameter is
first resolved to the IRIs it names, bound with ``VALUES``, and the canned
aggregates answer with the results computed at build time.

Update operations (INSERT, DELETE, LOAD, CLEAR, DROP, CREATE, ADD, MOVE,
COPY) are refused: querying never changes the graph.

Examples
--------
>>> from kg.pipeline import build
>>> from exports.rdf_formats import write_rdf
>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_rdf(build().graph, out)
>>> result = run_canned(out, "venue-facts", {"venue": "ACL 2026"})
>>> str(result.rows[0][result.variables.index("location")])
'San Diego, California, USA'
>>> run_query(out, "DROP ALL")
Traceback (most recent call last):
...
kg.canned.QueryRefused: this is a SPARQL update (INSERT, DELETE, LOAD, CLEAR, DROP, ...); kg query only reads. To change the graph, change the inputs and run kg build again.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Literal as TypingLiteral

from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Identifier

from kg.canned import CannedQuery, Parameter, QueryError, QueryRefused, canned_queries, parse_canned
from kg.query_store import STORE_DIR, OpenStore, open_query_store

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = [
    "QueryError",
    "QueryRefused",
    "Parameter",
    "CannedQuery",
    "QueryResult",
    "STORE_DIR",
    "canned_queries",
    "parse_canned",
    "open_store",
    "run_query",
    "run_canned",
    "bind_values",
    "lateral_optionals",
    "oxigraph_bindings",
    "rdflib_bindings",
    "with_usual_prefixes",
    "uses_service",
]


@dataclass(frozen=True)
class QueryResult:
    """What a query returned, as rdflib terms.

    ``kind`` is ``"select"`` (``variables`` and ``rows``, ``None`` for an unbound
    cell), ``"ask"`` (``boolean``) or ``"graph"`` (``triples``, for CONSTRUCT and
    DESCRIBE).
    """

    kind: TypingLiteral["select", "ask", "graph"]
    variables: tuple[str, ...] = ()
    rows: tuple[tuple[Identifier | None, ...], ...] = ()
    boolean: bool | None = None
    triples: tuple[tuple[Identifier, Identifier, Identifier], ...] = ()
    #: Seconds each step took, in order: ``("store", s)``, ``("text index", s)``, ``("SPARQL", s)``, ...
    timings: tuple[tuple[str, float], ...] = ()

    @property
    def seconds(self) -> float:
        """The time the whole query took (the sum of :attr:`timings`)."""
        return sum(seconds for _, seconds in self.timings)


# ----------------------------------------------------------------------------- parameters


def _term(parameter: Parameter, value: str) -> tuple[str, str | int]:
    """Check ``value`` against the parameter's type; return the type and the checked value."""
    if parameter.type == "integer":
        if not re.fullmatch(r"\s*-?\d+\s*", value):
            raise QueryError(f"parameter {parameter.name} must be a whole number, not {value!r}")
        return "integer", int(value)
    if parameter.type == "iri":
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.\-]*:[^\s<>\"{}|\\^`]*", value):
            raise QueryError(f"parameter {parameter.name} must be an absolute IRI (https://...), not {value!r}")
        return "iri", value
    return "string", value


def _checked(parameters: Sequence[Parameter], params: Mapping[str, str], name: str) -> list[tuple[str, str, object]]:
    declared = {p.name: p for p in parameters}
    unknown = sorted(set(params) - set(declared))
    if unknown:
        known = ", ".join(declared) or "none"
        raise QueryError(f"{name} has no parameter {', '.join(unknown)} (its parameters: {known})")
    missing = [p for p in parameters if p.name not in params]
    if missing:
        wanted = " ".join(f"--param {p.name}=VALUE" for p in missing)
        raise QueryError(f"{name} needs {wanted} ({'; '.join(f'{p.name}: {p.description}' for p in missing)})")
    return [(p.name, *_term(p, params[p.name])) for p in parameters]


def oxigraph_bindings(query: CannedQuery, params: Mapping[str, str]) -> dict:
    """Oxigraph ``substitutions`` binding ``params`` as RDF terms of the query's parameter types.

    >>> q = canned_queries()["venue-facts"]
    >>> [(v.value, t.value) for v, t in oxigraph_bindings(q, {"venue": 'x" } DROP ALL {'}).items()]
    [('venue', 'x" } DROP ALL {')]
    """
    import pyoxigraph

    def term(kind: str, value: object) -> pyoxigraph.NamedNode | pyoxigraph.Literal:
        if kind == "iri":
            return pyoxigraph.NamedNode(str(value))
        if kind == "integer":
            return pyoxigraph.Literal(str(value), datatype=pyoxigraph.NamedNode(str(XSD.integer)))
        return pyoxigraph.Literal(str(value))

    return {pyoxigraph.Variable(name): term(kind, value)
            for name, kind, value in _checked(query.parameters, params, query.name)}


def rdflib_bindings(query: CannedQuery, params: Mapping[str, str]) -> dict[str, Identifier]:
    """rdflib ``initBindings`` for the same parameters (used to compare engines in benchmarks/rdf.py).

    >>> rdflib_bindings(canned_queries()["venue-facts"], {"venue": "ACL 2026"})
    {'venue': rdflib.term.Literal('ACL 2026')}
    """
    def term(kind: str, value: object) -> Identifier:
        if kind == "iri":
            return URIRef(str(value))
        return Literal(value, datatype=XSD.integer) if kind == "integer" else Literal(str(value))

    return {name: term(kind, value) for name, kind, value in _checked(query.parameters, params, query.name)}


# ----------------------------------------------------------------------------- running


_ERROR_POSITION = re.compile(r"\berror at (\d+):(\d+)")


def with_usual_prefixes(sparql: str) -> str:
    """``sparql`` after one line declaring kg's usual prefixes (kg:, schema:, dcterms:, ...) it does not declare.

    The declarations take exactly one line, so an error position in the
    result is one line below the same position in ``sparql``
    (:func:`run_query` with ``usual_prefixes=True`` reports it in ``sparql``'s terms).

    >>> with_usual_prefixes("PREFIX kg: <urn:x#> SELECT * {}").splitlines()[1]
    'PREFIX kg: <urn:x#> SELECT * {}'
    >>> "PREFIX kg: <urn:x#>" in with_usual_prefixes("PREFIX kg: <urn:x#> SELECT * {}").splitlines()[0]
    False
    """
    from exports.rdf import PREFIXES

    declared = {match.lower() for match in re.findall(r"PREFIX\s+([A-Za-z][\w.-]*)?:", sparql, flags=re.IGNORECASE)}
    missing = [f"PREFIX {prefix}: <{namespace}>" for prefix, namespace in PREFIXES.items()
               if prefix.lower() not in declared]
    return " ".join(missing) + "\n" + sparql


def _user_position(message: str, added_lines: int) -> str:
    """``message`` with its "error at LINE:COLUMN" counted in the user's own text (``added_lines`` fewer).

    >>> _user_position("error at 2:7: expected one of LATERAL", 1)
    'error at 1:7: expected one of LATERAL'
    """
    def shift(match: re.Match[str]) -> str:
        return f"error at {max(1, int(match.group(1)) - added_lines)}:{match.group(2)}"

    return _ERROR_POSITION.sub(shift, message) if added_lines else message


_NOT_CODE = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\''  # long strings
    r'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''  # strings
    r'|<[^<>"{}|^`\\\x00-\x20]*>'  # IRIs
    r'|#[^\n]*'  # comments
)
_SERVICE = re.compile(r"(?<![\w?$:])SERVICE\b", re.IGNORECASE)


def uses_service(sparql: str) -> bool:
    """Whether ``sparql`` has a ``SERVICE`` clause (a federated query that would reach another endpoint).

    The word in a string, an IRI, a comment or a variable name does not count.

    >>> uses_service("SELECT * { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }")
    True
    >>> uses_service('SELECT ?service { ?service <urn:x#SERVICE> "SERVICE" } # SERVICE')
    False
    """
    return bool(_SERVICE.search(_NOT_CODE.sub(" ", sparql)))


def _check(sparql: str, substitutions: dict | None, added_lines: int = 0, allow_service: bool = False) -> None:
    """Parse ``sparql`` (against an empty store) before any graph is loaded; refuse updates and SERVICE."""
    import pyoxigraph

    if not allow_service and uses_service(sparql):
        raise QueryRefused("this query has a SERVICE clause, which would send requests to another SPARQL "
                           "endpoint over the network; kg query stays on this machine unless you pass "
                           "--allow-service (in Python: allow_service=True)")

    try:
        pyoxigraph.Store().query(sparql, substitutions=substitutions)
    except SyntaxError as error:
        if _is_update(sparql):
            raise QueryRefused("this is a SPARQL update (INSERT, DELETE, LOAD, CLEAR, DROP, ...); kg query only "
                               "reads. To change the graph, change the inputs and run kg build again.") from error
        raise QueryError(f"invalid SPARQL: {_user_position(str(error), added_lines)}") from error
    except RuntimeError as error:
        if "projection" in str(error):
            raise QueryError(f"{error}: a parameter's variable must appear in the SELECT clause") from error
        raise QueryError(f"the query cannot run: {error}") from error


def _is_update(sparql: str) -> bool:
    from rdflib.plugins.sparql.parser import parseUpdate

    try:
        parseUpdate(sparql)
    except Exception:  # noqa: BLE001 - any parse failure means "not an update"; the caller reports the query error
        return False
    return True


def _from_ox(term: object) -> Identifier | None:
    import pyoxigraph

    if term is None:
        return None
    if isinstance(term, pyoxigraph.NamedNode):
        return URIRef(term.value)
    if isinstance(term, pyoxigraph.BlankNode):
        return BNode(term.value)
    if isinstance(term, pyoxigraph.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        datatype = term.datatype.value
        return Literal(term.value, datatype=None if datatype == str(XSD.string) else URIRef(datatype))
    raise QueryError(f"unsupported result term {term!r} (RDF-star triples are not supported)")




def _result(answer: object, timings: tuple[tuple[str, float], ...]) -> QueryResult:
    import pyoxigraph

    if isinstance(answer, pyoxigraph.QueryBoolean):
        return QueryResult("ask", boolean=bool(answer), timings=timings)
    if isinstance(answer, pyoxigraph.QuerySolutions):
        variables = tuple(variable.value for variable in answer.variables)
        converted: dict[object, Identifier | None] = {}  # labels and counts repeat: make each rdflib term once

        def term(value: object) -> Identifier | None:
            if value is None:
                return None
            found = converted.get(value)
            if found is None:
                found = converted[value] = _from_ox(value)
            return found

        rows = tuple(tuple(term(solution[v]) for v in variables) for solution in answer)
        return QueryResult("select", variables=variables, rows=rows, timings=timings)
    triples = tuple((_from_ox(t.subject), _from_ox(t.predicate), _from_ox(t.object))
                    for t in answer)  # type: ignore[attr-defined]
    return QueryResult("graph", triples=triples, timings=timings)  # type: ignore[arg-type]


def open_store(target: Path) -> pyoxigraph.Store:
    """An Oxigraph store holding the graph of ``target`` (a build output folder or an RDF file).

    A build folder's store is ``TARGET/.kg-store`` (see :mod:`kg.query_store`:
    made by ``kg build``, or here when missing, and checked against
    ``graph.ttl``); a file is loaded into memory.
    """
    return open_query_store(Path(target)).store


def run_query(
    target: Path, sparql: str, params: Mapping[str, str] | None = None, *,
    parameters: Sequence[Parameter] | None = None, name: str = "the query", usual_prefixes: bool = False,
    allow_service: bool = False, on_build: Callable[[str], None] | None = None,
) -> QueryResult:
    """Run the SPARQL query ``sparql`` over ``target``'s graph.

    ``params`` bind variables to values: as strings, or as the types
    ``parameters`` declare (canned queries declare theirs).  A parameter
    variable must appear in the ``SELECT`` clause.  ``usual_prefixes``
    declares kg's prefixes the query leaves undeclared (see
    :func:`with_usual_prefixes`); error positions still point into
    ``sparql``.  SPARQL updates, and ``SERVICE`` clauses unless
    ``allow_service``, raise :class:`QueryRefused`; invalid queries and
    missing graphs :class:`QueryError`.  ``on_build`` gets a one-line note
    when a build folder's query store has to be made first (an older build).
    """
    started = time.perf_counter()
    substitutions, sparql, added_lines = _prepared(sparql, params, parameters, name, usual_prefixes)
    _check(sparql, substitutions, added_lines, allow_service)
    opened = open_query_store(Path(target), on_build=on_build)
    return _execute(Path(target), opened, sparql, substitutions, (("store", time.perf_counter() - started),))


def _prepared(sparql: str, params: Mapping[str, str] | None, parameters: Sequence[Parameter] | None, name: str,
              usual_prefixes: bool) -> tuple[dict | None, str, int]:
    added_lines = 0
    if usual_prefixes:
        sparql, added_lines = with_usual_prefixes(sparql), 1
    params = dict(params or {})
    declared = parameters if parameters is not None else [Parameter(key) for key in params]
    return oxigraph_bindings(CannedQuery(name, "", sparql, tuple(declared)), params) or None, sparql, added_lines


def _execute(target: Path, opened: OpenStore, sparql: str, substitutions: dict | None,
             timings: tuple[tuple[str, float], ...]) -> QueryResult:
    started = time.perf_counter()
    try:
        answer = opened.store.query(sparql, substitutions=substitutions, use_default_graph_as_union=opened.union)
        result = _result(answer, ())
    except (SyntaxError, RuntimeError, OSError) as error:
        hint = f" (if {target / STORE_DIR} is damaged, delete it and query again)" if target.is_dir() else ""
        raise QueryError(f"the query failed: {error}{hint}") from error
    return QueryResult(result.kind, result.variables, result.rows, result.boolean, result.triples,
                       (*timings, ("SPARQL", time.perf_counter() - started)))


_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)


def bind_values(sparql: str, variable: str, iris: Sequence[str]) -> str:
    """``sparql`` with ``VALUES ?variable { <iri> ... }`` first in its (first) ``WHERE`` group.

    The IRIs are checked as IRIs (Oxigraph writes them), so no value can
    change the query's structure.

    >>> bind_values("SELECT * WHERE { ?p a ?c }", "p", ["urn:a", "urn:b"])
    'SELECT * WHERE { VALUES ?p { <urn:a> <urn:b> }\\n ?p a ?c }'
    >>> bind_values("SELECT * WHERE { ?p a ?c }", "p", ["urn:a> } DROP ALL { <urn:b"])
    Traceback (most recent call last):
    ...
    ValueError: Invalid IRI code point '>'
    """
    import pyoxigraph

    if not re.fullmatch(r"[A-Za-z_]\w*", variable):
        raise QueryError(f"{variable!r} is not a SPARQL variable name")
    code = _NOT_CODE.sub(lambda match: " " * len(match.group()), sparql)  # same positions, without strings and comments
    where = _WHERE.search(code)
    if where is None:
        raise QueryError("the query has no WHERE { ... } group to bind values in")
    values = f"VALUES ?{variable} {{ {' '.join(str(pyoxigraph.NamedNode(iri)) for iri in iris)} }}\n"
    return f"{sparql[:where.end()]} {values}{sparql[where.end():]}"


_OPTIONAL = re.compile(r"(?<![\w?$:])OPTIONAL\s*\{", re.IGNORECASE)


def lateral_optionals(sparql: str) -> str:
    """``sparql`` with each ``OPTIONAL { X }`` of its first ``WHERE`` group written ``LATERAL { OPTIONAL { X } }``.

    Both mean the same (for each solution so far, X's matches or the
    solution alone), but Oxigraph evaluates a plain OPTIONAL by building a
    hash table of *all* X's matches, while LATERAL (Oxigraph's SPARQL
    extension SEP-0006) looks X up for each solution: after a text-index
    lookup bound a handful of papers with ``VALUES``, that is the difference
    between 60 s and a few milliseconds on the whole Anthology.  Only for
    Oxigraph: other engines do not know LATERAL.

    >>> lateral_optionals("SELECT * WHERE { ?s ?p ?o OPTIONAL { ?o <urn:x> '}' } FILTER(?o) }")
    "SELECT * WHERE { ?s ?p ?o LATERAL { OPTIONAL { ?o <urn:x> '}' } } FILTER(?o) }"
    """
    code = _NOT_CODE.sub(lambda match: " " * len(match.group()), sparql)
    where = _WHERE.search(code)
    if where is None:
        return sparql
    pieces, last, depth, position = [], 0, 1, where.end()
    while position < len(code) and depth > 0:
        optional = _OPTIONAL.match(code, position) if depth == 1 else None
        if optional is not None:
            end, inner = optional.end(), 1
            while end < len(code) and inner > 0:
                inner += {"{": 1, "}": -1}.get(code[end], 0)
                end += 1
            pieces += [sparql[last:position], "LATERAL { ", sparql[position:end], " }"]
            last = position = end
            continue
        depth += {"{": 1, "}": -1}.get(code[position], 0)
        position += 1
    return "".join(pieces) + sparql[last:]


def run_canned(target: Path, name: str, params: Mapping[str, str] | None = None, *,
               use_index: bool = True, on_build: Callable[[str], None] | None = None) -> QueryResult:
    """Run the canned query ``name`` (see :func:`canned_queries`) with ``params``.

    With a build folder's text index (``use_index``), a canned query without
    parameters answers with the results computed when the store was made, and
    a parameter with a ``@lookup`` is resolved to IRIs bound with ``VALUES``
    first (:mod:`kg.text_index`); either way the rows are the same as the
    query's own over the graph.
    """
    import pyoxigraph

    queries = canned_queries()
    if name not in queries:
        raise QueryError(f"no canned query named {name!r}; `kg query --list` names them: {', '.join(queries)}")
    query = queries[name]
    params = dict(params or {})
    started = time.perf_counter()
    substitutions, sparql, _ = _prepared(query.text, params, query.parameters, name, False)
    _check(sparql, substitutions)
    opened = open_query_store(Path(target), on_build=on_build)
    timings: tuple[tuple[str, float], ...] = (("store", time.perf_counter() - started),)
    index = opened.index if use_index else None
    if index is not None:
        started = time.perf_counter()
        if not query.parameters and (data := index.precomputed(name, query.text)) is not None:
            answer = pyoxigraph.parse_query_results(data, format=pyoxigraph.QueryResultsFormat.JSON)
            return _result(answer, (*timings, ("precomputed at build time", time.perf_counter() - started)))
        bound = False
        for lookup in query.lookups:
            iris = index.resolve(lookup, params[lookup.parameter])
            if iris is not None:
                sparql, bound = bind_values(sparql, lookup.variable, iris), True
        if bound:  # a few resources are bound first: look each OPTIONAL up per solution
            sparql = lateral_optionals(sparql)
        timings = (*timings, ("text index", time.perf_counter() - started))
    return _execute(Path(target), opened, sparql, substitutions, timings)
