"""kg from Python and Jupyter: open a build folder, cut subgraphs, run SPARQL into pandas, show with pyvis.

The package top re-exports these names (``import kg``):

* :func:`build_folder` builds inputs into a folder as ``kg build -o OUT``
  does and returns the opened :class:`Build`; :func:`open_build` opens a
  folder built before.
* :class:`Build` -- ``graph()`` (the whole networkx graph), ``around(name)``
  (the subgraph around a paper, entity, venue or person, by id, title or
  label, or part of one), ``subgraph(nodes)``, ``query_graph(sparql)`` (the
  nodes a SPARQL result names), ``sparql(query, params)`` and
  ``canned(name, **params)`` (pandas DataFrames).  Subgraphs are read
  without building the whole graph in memory (:mod:`kg.build_files`);
  SPARQL runs on the folder's on-disk Oxigraph store (:mod:`kg.query`).
* :func:`to_pyvis` -- any graph or subgraph as a pyvis ``Network`` in kg's
  styles that renders offline (:mod:`exports.pyvis_network`).

Every :mod:`kg.analytics` function takes the whole graph or a subgraph.

Examples
--------
>>> import tempfile
>>> out = build_folder(Path(tempfile.mkdtemp()) / "kg-out", views=False)
>>> sub = out.around("CLEAR", kind="paper", hops=1)    # a paper, and every node one link from it
>>> "method/clear" in sub, sub.number_of_nodes() < out.graph().number_of_nodes()
(True, True)
>>> out.sparql("SELECT (COUNT(?p) AS ?papers) WHERE { ?p a kg:Paper }")
   papers
0      59
>>> out.canned("venue-facts", venue="ACL 2026")[["venue", "location"]].iloc[0].tolist()
['ACL 2026', 'San Diego, California, USA']
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx
import pandas as pd
from rdflib import BNode, Literal, URIRef

from exports.pyvis_network import to_network
from exports.view_kinds import ego_graph
from exports.view_lookup import ViewError, find_node
from kg.build_files import BuildFolderError, GraphFiles, graph_files, within_hops
from kg.cache import usable_folder
from kg.outputs import CACHE_FOLDER, write_outputs
from kg.query import Parameter, QueryError, QueryResult, run_canned, run_query
from ontology.ids import RESOURCE_BASE
from ontology.kinds import ENTITY_KINDS
from ontology.util.files import folder_lock

if TYPE_CHECKING:  # pragma: no cover
    from pyvis.network import Network

__all__ = ["SMALL_BUILD_BYTES", "Build", "BuildFolderError", "build_folder", "open_build", "result_frame",
           "sparql", "to_pyvis"]

#: Builds whose graph file is at most this big are read whole once and cut in memory; larger ones
#: are read in part for each subgraph (:mod:`kg.build_files`).
SMALL_BUILD_BYTES = 100_000_000


def _kinds(kind: str | Iterable[str] | None) -> list[str] | None:
    """Node kinds to look a name up in: ``"entity"`` means methods, datasets and models."""
    if kind is None:
        return None
    names = [kind] if isinstance(kind, str) else list(kind)
    return [k for name in names for k in (ENTITY_KINDS if name == "entity" else (name,))]


class Build:
    """A build folder opened from Python: its graph, subgraphs of it, and SPARQL over it.

    Nothing is read until asked for.  Make one with :func:`open_build` or
    :func:`build_folder`.
    """

    def __init__(self, folder: Path | str, files: GraphFiles | None = None) -> None:
        self.folder = Path(folder)
        self.files = files if files is not None else graph_files(self.folder)
        self._whole: nx.MultiDiGraph | None = None
        self._skeleton: nx.MultiDiGraph | None = None

    def __repr__(self) -> str:
        return f"kg.open_build({str(self.folder)!r})"

    # ------------------------------------------------------------------ graphs

    def graph(self) -> nx.MultiDiGraph:
        """The whole networkx graph (docs/graph-model.md), read once and kept."""
        if self._whole is None:
            self._whole = self.files.whole()
            self._skeleton = None
        return self._whole

    def _index(self) -> nx.MultiDiGraph:
        """What names and links are looked up in: the whole graph when in memory (or small), else the skeleton."""
        if self._whole is None and self.files.size() <= SMALL_BUILD_BYTES:
            self.graph()
        if self._whole is not None:
            return self._whole
        if self._skeleton is None:
            self._skeleton = self.files.skeleton()
        return self._skeleton

    def _induced(self, nodes: Collection[Hashable]) -> nx.MultiDiGraph:
        if self._whole is not None:
            return self._whole.subgraph(nodes).copy()
        return self.files.induced(nodes)

    def find(self, name: str, *, kind: str | Iterable[str] | None = None) -> Hashable:
        """The id of the one node called ``name`` (an id, a label, title or alternative label, or part of one).

        ``kind`` narrows the search (``"paper"``, ``"venue"``, ``"person"``,
        ``"method"``, ``"dataset"``, ``"model"``, or ``"entity"`` for the
        last three).  Raises :class:`~exports.view_lookup.ViewError` naming
        the candidates when none or several match.
        """
        try:
            return find_node(self._index(), name, kinds=_kinds(kind), what=kind if isinstance(kind, str) else "node")
        except ViewError as error:  # the message names the CLI's option; say it the Python way
            raise ViewError(str(error).replace("add --kind to choose", 'pass kind="paper", "entity", ... to choose')
                            ) from error

    def around(self, name: str, *, kind: str | Iterable[str] | None = None, hops: int | None = None) -> nx.MultiDiGraph:
        """The subgraph around the node :meth:`find` finds for ``name``.

        With ``hops=None`` the neighbourhood ``kg view`` shows for it: a
        paper with everything linked to it and the other papers of its
        entities and authors; a venue with its papers and their entities and
        authors; an entity or a person with its papers and their entities.
        With ``hops=N``, every node at most N links away.
        """
        index = self._index()
        node = self.find(name, kind=kind)
        chosen = list(ego_graph(index, node)) if hops is None else within_hops(index, [node], hops=hops)
        return self._induced(chosen)

    def subgraph(self, nodes: Iterable[Hashable], *, hops: int = 0) -> nx.MultiDiGraph:
        """The subgraph on ``nodes`` (ids; unknown ones are ignored) and every node ``hops`` links from them."""
        return self._induced(within_hops(self._index(), nodes, hops=hops))

    def query_graph(self, query: str, params: Mapping[str, Any] | None = None, *, hops: int = 0) -> nx.MultiDiGraph:
        """The subgraph on the nodes a SPARQL SELECT result names (any column), and those ``hops`` links away.

        >>> import tempfile
        >>> out = build_folder(Path(tempfile.mkdtemp()), views=False)
        >>> sorted(out.query_graph("SELECT ?v WHERE { ?v a kg:Venue }"))
        ['venue/acl-2026', 'venue/emnlp-2023', 'venue/emnlp-2025']
        """
        result = self._run(query, params)
        nodes = [str(cell)[len(RESOURCE_BASE):] for row in result.rows for cell in row
                 if isinstance(cell, URIRef) and str(cell).startswith(RESOURCE_BASE)]
        return self.subgraph(dict.fromkeys(nodes), hops=hops)

    # ------------------------------------------------------------------ SPARQL

    def _run(self, query: str, params: Mapping[str, Any] | None) -> QueryResult:
        values, declared = _bindings(params or {})
        return run_query(self.folder, query, values, parameters=declared, usual_prefixes=True)

    def sparql(self, query: str, params: Mapping[str, Any] | None = None) -> pd.DataFrame:
        """Run a read-only SPARQL query on the build; the result as a DataFrame (:func:`result_frame`).

        ``params`` bind variables to RDF terms, never pasted into the text:
        a ``str`` becomes a string literal, an ``int`` an ``xsd:integer`` and
        an ``rdflib.URIRef`` an IRI; each variable must appear in the
        ``SELECT`` clause.  kg's usual prefixes (``kg:``, ``rdfs:``,
        ``schema:``, ...) need not be declared.  Updates are refused.
        """
        return result_frame(self._run(query, params))

    def canned(self, name: str, **params: Any) -> pd.DataFrame:
        """Run the canned query ``name`` (``kg query --list`` names them) with ``params``; a DataFrame."""
        return result_frame(run_canned(self.folder, name, {key: str(value) for key, value in params.items()}))

    # ------------------------------------------------------------------ pyvis

    def network(self, graph: nx.MultiDiGraph | None = None, **options: Any) -> Network:
        """:func:`to_pyvis` of ``graph`` (default: the whole graph), with tooltips counted in the graph read so far."""
        graph = self.graph() if graph is None else graph
        options.setdefault("context", self._whole if self._whole is not None else graph)
        return to_pyvis(graph, **options)


def _bindings(params: Mapping[str, Any]) -> tuple[dict[str, str], list[Parameter]]:
    """``params`` as kg.query's text values and declared types (string, integer, iri)."""
    values: dict[str, str] = {}
    declared: list[Parameter] = []
    for name, value in params.items():
        if isinstance(value, bool) or not isinstance(value, (str, int, URIRef)):
            raise QueryError(f"parameter {name}: {type(value).__name__} values cannot be bound; "
                             "give a str (string literal), an int (xsd:integer) or an rdflib.URIRef (IRI)")
        kind = "iri" if isinstance(value, URIRef) else "integer" if isinstance(value, int) else "string"
        values[name] = str(value)
        declared.append(Parameter(name, kind))
    return values, declared


def _cell(term: Any) -> Any:
    if term is None:
        return None
    if isinstance(term, Literal):
        value = term.toPython()
        return value if not isinstance(value, Literal) else str(value)  # a datatype rdflib does not convert
    if isinstance(term, (URIRef, BNode)):
        return str(term)
    return term


def result_frame(result: QueryResult) -> pd.DataFrame:
    """A :class:`kg.query.QueryResult` as a DataFrame.

    SELECT: one column per variable, literals as Python values (``int``,
    ``float``, ``str``, dates), IRIs as strings, unbound cells missing;
    ASK: one row, column ``result``; CONSTRUCT and DESCRIBE: columns
    ``subject, predicate, object``.

    >>> frame = result_frame(QueryResult("select", ("n", "x"), ((Literal(3), URIRef("https://e.x/a")), (Literal(4), None))))
    >>> frame["n"].tolist(), frame["x"].isna().tolist()
    ([3, 4], [False, True])
    >>> result_frame(QueryResult("ask", boolean=True))["result"].tolist()
    [True]
    """
    if result.kind == "ask":
        return pd.DataFrame({"result": [bool(result.boolean)]})
    if result.kind == "graph":
        return pd.DataFrame([[_cell(t) for t in triple] for triple in result.triples],
                            columns=["subject", "predicate", "object"])
    return pd.DataFrame([[_cell(cell) for cell in row] for row in result.rows], columns=list(result.variables))


def open_build(folder: Path | str) -> Build:
    """The build folder ``folder`` (written by ``kg build -o`` or :func:`build_folder`), opened.

    Raises :class:`~kg.build_files.BuildFolderError` when it holds no graph.
    """
    return Build(folder)


def build_folder(
    folder: Path | str,
    inputs: Sequence[Path | str] | None = None,
    *,
    views: bool = True,
    similarity: bool = True,
    cache: bool = True,
    workers: int = 1,
    **outputs: Any,
) -> Build:
    """Build ``inputs`` (default: the bundled sample pages) into ``folder`` as ``kg build -o FOLDER`` does.

    Writes ``graph.ttl``, ``graph.html``, ``graph.json`` and, with
    ``views``, ``views/`` (:func:`kg.outputs.write_outputs`, which also takes
    ``rdf_formats`` and ``max_nodes``); reuses the document cache in
    ``FOLDER/.kg-cache`` unless ``cache=False``.  Input problems do not stop
    the build (``kg build`` prints them as warnings); read them from
    ``kg.build(...).problems``.  Returns the folder opened (:class:`Build`).
    """
    from kg.pipeline import build  # loads spaCy: only when building

    folder = Path(folder)
    with folder_lock(folder):
        result = build([Path(p) for p in inputs] if inputs else None, workers=workers,
                       cache_dir=folder / CACHE_FOLDER if cache else None, similarity=similarity, exclude=(folder,))
        cache_folder = folder / CACHE_FOLDER
        write_outputs(result.graph, folder, views=views,
                      cache_dir=cache_folder if cache and usable_folder(cache_folder) else None, **outputs)
    opened = Build(folder)
    opened._whole = result.graph if opened.files.size() <= SMALL_BUILD_BYTES else None
    return opened


def sparql(folder: Path | str, query: str, params: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """:meth:`Build.sparql` on the build folder ``folder``: a read-only SPARQL query as a DataFrame."""
    return open_build(folder).sparql(query, params)


def to_pyvis(graph: nx.MultiDiGraph, **options: Any) -> Network:
    """A pyvis ``Network`` of ``graph`` (whole or a subgraph) in kg's styles, laid out, physics off, offline.

    Options as :func:`exports.pyvis_network.to_network` (``max_nodes``,
    ``center``, ``context``, ``title``, ``height``, ``width``).  In Jupyter,
    ``net.show("view.html")`` writes the page beside the notebook and shows
    it inline; nothing is loaded from the network.

    >>> net = to_pyvis(nx.MultiDiGraph([("paper/a", "dataset/d")]))
    >>> len(net.nodes), len(net.edges), net.options.physics.enabled
    (2, 1, False)
    """
    return to_network(graph, **options)
