"""A build's output folder read back: ``graph.json`` as networkx, ``graph.ttl`` as rdflib."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from exports.node_link import read_json
from kg.analytics.errors import AnalyticsError
from kg.table_files import TableFiles, TableFilesError, has_tables

if TYPE_CHECKING:  # pragma: no cover
    import rdflib

__all__ = ["load_graph", "load_rdf"]


def load_graph(out_dir: Path | str) -> nx.MultiDiGraph:
    """The networkx graph of a build's output folder (its graph tables, else its ``graph.json``).

    Parameters
    ----------
    out_dir : path
        The folder ``kg build -o OUT`` wrote, or the ``graph.json`` file itself.
        A folder is read from its ``tables/*.parquet`` when it has them
        (:mod:`kg.table_files`: about twice as fast as parsing the JSON).

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
    """
    path = Path(out_dir)
    if path.is_dir() and has_tables(path):
        try:
            return TableFiles(path).whole()
        except TableFilesError as error:
            raise AnalyticsError(str(error)) from error
    path = path / "graph.json" if path.is_dir() or path.suffix != ".json" else path
    if not path.is_file():
        raise AnalyticsError(f"{path} does not exist: run `kg build -o {path.parent}` first")
    try:
        return read_json(path)
    except ValueError as error:  # not node-link JSON of a kg graph
        raise AnalyticsError(str(error)) from error


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
