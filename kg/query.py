"""Read-only SPARQL over a built graph, run by Oxigraph, with canned queries and safe parameters.

A *target* is an output folder of ``kg build`` (its ``graph.ttl``) or an RDF
file (``.ttl``, ``.nt``, ``.nq``, ``.trig``, ``.jsonld``).  For a folder, the
graph is loaded once into a persistent Oxigraph store in ``TARGET/.kg-store/``
and reloaded only when ``graph.ttl`` changes, so repeated queries start fast;
a file is loaded into memory.  In a TriG or N-Quads file every source
document has its own named graph; queries then see the union of all graphs as
their default graph (a triple two files state is seen twice; ``GRAPH ?g``
tells them apart).

Canned queries are the ``kg/queries/*.rq`` files.  Each starts with a comment
header: a description, then ``# @param NAME TYPE DESCRIPTION`` lines (TYPE is
``string``, ``integer`` or ``iri``) and ``# @example NAME=VALUE`` lines.
Parameter values are bound as RDF terms (Oxigraph ``substitutions``), never
pasted into the query text, so a value such as ``x" } ; DROP ALL { "`` is only
ever a string.  Oxigraph binds a parameter through the query's projection, so
every parameter variable appears in the ``SELECT`` clause.

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
kg.query.QueryRefused: this is a SPARQL update (INSERT, DELETE, LOAD, CLEAR, DROP, ...); kg query only reads. To change the graph, change the inputs and run kg build again.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Literal as TypingLiteral

from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Identifier

from ontology.errors import KgError

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
    "oxigraph_bindings",
    "rdflib_bindings",
    "with_usual_prefixes",
    "uses_service",
]

#: Folder inside a build output that holds the persistent Oxigraph store.
STORE_DIR = ".kg-store"
_STAMP = "kg-source.json"
_GRAPH_FILES = ("graph.ttl", "graph.nt")
_PARAMETER_TYPES = ("string", "integer", "iri")


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
class CannedQuery:
    """A named SPARQL query from ``kg/queries/NAME.rq``."""

    name: str
    summary: str
    text: str
    parameters: tuple[Parameter, ...] = ()
    examples: Mapping[str, str] = field(default_factory=dict)

    def example_params(self) -> dict[str, str]:
        """Parameter values to try the query with (from its ``@example`` lines)."""
        return dict(self.examples)


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


# ----------------------------------------------------------------------------- canned queries

_HEADER_PARAM = re.compile(r"@param\s+(\w+)\s+(\w+)\s*(.*)")
_HEADER_EXAMPLE = re.compile(r"@example\s+(\w+)=(.*)")


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
        elif comment:
            summary.append(comment)
    return CannedQuery(name, " ".join(summary), text, tuple(parameters), examples)


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


# ----------------------------------------------------------------------------- stores


def _graph_file(target: Path) -> Path:
    if target.is_dir():
        for name in _GRAPH_FILES:
            if (target / name).is_file():
                return target / name
        raise QueryError(f"{target} holds no graph.ttl; build one with `kg build -o {target}`, "
                         "or give a .ttl or .nt file")
    if target.is_file():
        return target
    raise QueryError(f"{target}: no such folder or file; give the output folder of `kg build` or an RDF file")


def _rdf_format(path: Path) -> pyoxigraph.RdfFormat:
    import pyoxigraph

    suffix = path.suffix.lower().lstrip(".")
    found = pyoxigraph.RdfFormat.from_extension(suffix) if suffix else None
    if found is None:
        raise QueryError(f"{path}: cannot tell the RDF format from the extension; use .ttl, .nt, .nq, .trig or .jsonld")
    return found


def _stamp(graph_file: Path) -> dict[str, object]:
    """What the store was loaded from: the graph file's name, size and SHA-256 (a store is trusted by content)."""
    digest = hashlib.sha256()
    with graph_file.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return {"file": graph_file.name, "size": graph_file.stat().st_size, "sha256": digest.hexdigest()}


def open_store(target: Path) -> pyoxigraph.Store:
    """An Oxigraph store holding the graph of ``target`` (a build output folder or an RDF file).

    For a folder the store persists in ``TARGET/.kg-store/`` and is rebuilt
    whenever the graph file's content (SHA-256) differs from the one it was
    loaded from; the store is then opened read-only.  A store that cannot be
    opened (damaged) is rebuilt once.  Where the folder is not writable, or
    ``.kg-store`` is a link (never followed), the graph is loaded into memory.
    """
    import pyoxigraph

    target = Path(target)
    graph_file = _graph_file(target)
    fmt = _rdf_format(graph_file)
    if not target.is_dir():
        return _memory_store(graph_file, fmt)
    store_dir = target / STORE_DIR
    if store_dir.is_symlink():
        return _memory_store(graph_file, fmt)
    stamp = _stamp(graph_file)
    try:
        current = json.loads((store_dir / _STAMP).read_text("utf-8"))
    except (OSError, ValueError):
        current = None
    for attempt in ("as it is", "after a rebuild"):
        if current != stamp or attempt == "after a rebuild":
            try:
                _rebuild_store(graph_file, fmt, store_dir, stamp)
            except OSError:  # a read-only folder, a full disk: query from memory this time
                return _memory_store(graph_file, fmt)
        try:
            return pyoxigraph.Store.read_only(str(store_dir))
        except (OSError, RuntimeError, ValueError):  # a damaged store ("Corruption"): built again once
            continue
    return _memory_store(graph_file, fmt)


def _memory_store(graph_file: Path, fmt: pyoxigraph.RdfFormat) -> pyoxigraph.Store:
    import pyoxigraph

    store = pyoxigraph.Store()
    try:
        store.bulk_load(path=str(graph_file), format=fmt)
    except SyntaxError as error:
        raise QueryError(f"{graph_file} is not valid RDF ({error}); rebuild it with `kg build`") from error
    return store


def _rebuild_store(graph_file: Path, fmt: pyoxigraph.RdfFormat, store_dir: Path, stamp: dict) -> None:
    """Load the graph into a fresh on-disk store beside ``store_dir``, then swap it in."""
    import pyoxigraph

    fresh = store_dir.with_name(f"{store_dir.name}.{os.getpid()}.tmp")
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        store = pyoxigraph.Store(str(fresh))
        try:
            store.bulk_load(path=str(graph_file), format=fmt)
        except SyntaxError as error:
            raise QueryError(f"{graph_file} is not valid RDF ({error}); rebuild it with `kg build`") from error
        store.flush()
        del store
        (fresh / _STAMP).write_text(json.dumps(stamp), "utf-8")
        old = store_dir.with_name(f"{store_dir.name}.{os.getpid()}.old")
        if store_dir.exists():
            os.replace(store_dir, old)
        try:
            os.replace(fresh, store_dir)
        except OSError:
            if not store_dir.is_dir():  # not another kg query that installed its store first
                raise
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


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


def run_query(
    target: Path, sparql: str, params: Mapping[str, str] | None = None, *,
    parameters: Sequence[Parameter] | None = None, name: str = "the query", usual_prefixes: bool = False,
    allow_service: bool = False,
) -> QueryResult:
    """Run the SPARQL query ``sparql`` over ``target``'s graph.

    ``params`` bind variables to values: as strings, or as the types
    ``parameters`` declare (canned queries declare theirs).  A parameter
    variable must appear in the ``SELECT`` clause.  ``usual_prefixes``
    declares kg's prefixes the query leaves undeclared (see
    :func:`with_usual_prefixes`); error positions still point into
    ``sparql``.  SPARQL updates, and ``SERVICE`` clauses unless
    ``allow_service``, raise :class:`QueryRefused`; invalid queries and
    missing graphs :class:`QueryError`.
    """
    import pyoxigraph

    added_lines = 0
    if usual_prefixes:
        sparql, added_lines = with_usual_prefixes(sparql), 1
    params = dict(params or {})
    declared = parameters if parameters is not None else [Parameter(key) for key in params]
    substitutions = oxigraph_bindings(CannedQuery(name, "", sparql, tuple(declared)), params) or None
    _check(sparql, substitutions, added_lines, allow_service)
    store = open_store(Path(target))
    # a TriG / N-Quads target keeps each source's triples in its own graph: query them all by default
    union = _rdf_format(_graph_file(Path(target))).supports_datasets
    try:
        answer = store.query(sparql, substitutions=substitutions, use_default_graph_as_union=union)
        if isinstance(answer, pyoxigraph.QueryBoolean):
            return QueryResult("ask", boolean=bool(answer))
        if isinstance(answer, pyoxigraph.QuerySolutions):
            variables = tuple(variable.value for variable in answer.variables)
            rows = tuple(tuple(_from_ox(solution[v]) for v in variables) for solution in answer)
            return QueryResult("select", variables=variables, rows=rows)
        triples = tuple((_from_ox(t.subject), _from_ox(t.predicate), _from_ox(t.object)) for t in answer)
    except (SyntaxError, RuntimeError, OSError) as error:
        store = Path(target) / STORE_DIR
        hint = f" (if {store} is damaged, delete it and query again)" if Path(target).is_dir() else ""
        raise QueryError(f"the query failed: {error}{hint}") from error
    return QueryResult("graph", triples=triples)  # type: ignore[arg-type]


def run_canned(target: Path, name: str, params: Mapping[str, str] | None = None) -> QueryResult:
    """Run the canned query ``name`` (see :func:`canned_queries`) with ``params``."""
    queries = canned_queries()
    if name not in queries:
        raise QueryError(f"no canned query named {name!r}; `kg query --list` names them: {', '.join(queries)}")
    query = queries[name]
    return run_query(target, query.text, params, parameters=query.parameters, name=name)
