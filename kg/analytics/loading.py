"""A build's output folder read back: ``graph.json`` as networkx, ``graph.ttl`` as rdflib."""
from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from exports.graph_tables import attribute_selection
from exports.node_link import read_json
from kg.analytics.errors import AnalyticsError
from kg.table_files import TableFiles, TableFilesError, has_tables

if TYPE_CHECKING:  # pragma: no cover
    import rdflib

__all__ = ["load_graph", "load_rdf"]


def load_graph(out_dir: Path | str, *, node_attributes: Collection[str] | None = None,
               edge_attributes: Collection[str] | None = None) -> nx.MultiDiGraph:
    """The networkx graph of a build's output folder (its graph tables, else its ``graph.json``).

    Parameters
    ----------
    out_dir : path
        The folder ``kg build -o OUT`` wrote, or the ``graph.json`` file itself.
        A folder is read from its ``tables/*.parquet`` when it has them
        (:mod:`kg.table_files`: about twice as fast as parsing the JSON).
    node_attributes, edge_attributes : collections of str, optional
        Keep only these attributes (a node's ``kind`` and ``label`` and an
        edge's ``relation`` always stay); ``None`` keeps every one.  Every
        node and edge is still read.  From the tables, the other attributes
        are not even decoded: on the full Anthology, ranking and counting
        with ``node_attributes=("year",)`` and ``edge_attributes=("score",
        "basis")`` (what ``kg stats`` asks for) reads in a fraction of the
        time and memory of the whole graph (docs/scaling.md).

    Returns
    -------
    networkx.MultiDiGraph
        The graph of docs/graph-model.md.

    Raises
    ------
    AnalyticsError
        When there is no ``graph.json`` or it is not kg's node-link JSON.

    Examples
    --------
    >>> import tempfile
    >>> from exports.node_link import write_json
    >>> from kg.analytics.toy import toy_graph
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = write_json(toy_graph(), Path(out) / "graph.json")
    ...     load_graph(out).number_of_nodes() == toy_graph().number_of_nodes()
    True
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = write_json(toy_graph(), Path(out) / "graph.json")
    ...     load_graph(out, node_attributes=["year"]).nodes["paper/p1"]
    {'kind': 'paper', 'label': 'Reading comprehension with BERT', 'year': 2019}
    """
    node_attributes, edge_attributes = attribute_selection(node_attributes), attribute_selection(edge_attributes)
    path = Path(out_dir)
    if path.is_dir() and has_tables(path):
        try:
            return TableFiles(path).whole(node_attributes=node_attributes, edge_attributes=edge_attributes)
        except TableFilesError as error:
            raise AnalyticsError(str(error)) from error
    path = path / "graph.json" if path.is_dir() or path.suffix != ".json" else path
    if not path.is_file():
        raise AnalyticsError(f"{path} does not exist: run `kg build -o {path.parent}` first")
    try:
        graph = read_json(path)
    except ValueError as error:  # not node-link JSON of a kg graph
        raise AnalyticsError(str(error)) from error
    _keep_only(graph.nodes.values(), node_attributes, ("kind", "label"))
    _keep_only((data for _, _, data in graph.edges(data=True)), edge_attributes, ("relation",))
    return graph


def _keep_only(attribute_dicts: Iterable[dict], wanted: Collection[str] | None, always: tuple[str, ...]) -> None:
    """Drop, in place, every attribute but ``wanted`` and ``always`` (nothing when ``wanted`` is None)."""
    if wanted is None:
        return
    keep = {*wanted, *always}
    for data in attribute_dicts:
        for key in [key for key in data if key not in keep]:
            del data[key]


def load_rdf(out_dir: Path | str) -> rdflib.Graph:
    """The RDF graph of a build's output folder, parsed from its ``graph.ttl`` with rdflib.

    rdflib's parser is slow on large graphs (about 70 s per million triples
    here); for SPARQL over a large build, load ``graph.ttl`` into Oxigraph instead.

    Parameters
    ----------
    out_dir : path
        The folder ``kg build -o OUT`` wrote, or the ``graph.ttl`` file itself.

    Returns
    -------
    rdflib.Graph

    Raises
    ------
    AnalyticsError
        When there is no ``graph.ttl``.

    Examples
    --------
    >>> import tempfile
    >>> from exports.rdf import write_turtle
    >>> from kg.analytics.toy import toy_graph
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = write_turtle(toy_graph(), Path(out) / "graph.ttl")
    ...     rdf = load_rdf(out)
    >>> query = "SELECT (COUNT(?p) AS ?n) WHERE { ?p a <https://w3id.org/paperkg/ontology#Paper> }"
    >>> int(next(iter(rdf.query(query)))[0])
    6
    """
    import rdflib

    path = Path(out_dir)
    path = path / "graph.ttl" if path.is_dir() or path.suffix != ".ttl" else path
    if not path.is_file():
        raise AnalyticsError(f"{path} does not exist: run `kg build -o {path.parent}` first")
    return rdflib.Graph().parse(path, format="turtle")
