"""graph.html from the graph tables without the whole graph: a skeleton of columns and the drawn entities' rows.

The overview landscape graph.html draws (:func:`exports.views.overview_landscape`)
is laid out from every paper's entity edges and the entities' kinds and names;
:func:`exports.view_skeleton.table_skeleton` reads just those columns.  The page
then needs the details of the entities it draws (at most
:data:`~exports.view_landscape.LANDSCAPE_ENTITIES`): their rows and the edges
touching them (their papers and first mentions), read by
:func:`~exports.graph_tables.read_node_rows` / :func:`edges_touching`
into a small graph (:func:`kg.table_graph.table_graph`), the edges filtered a row group at a time.  The page is the same
bytes as :func:`kg.outputs.write_outputs` writes from the whole graph
(docs/scaling.md, round h14ck).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from pathlib import Path

import networkx as nx
import pyarrow as pa
import pyarrow.compute as pc

from exports.graph_tables import TABLES_FOLDER, file_batches, read_node_rows
from exports.html_view import write_html
from exports.view_skeleton import table_skeleton
from exports.views import DEFAULT_TOP, Overview, overview_landscape
from kg.table_graph import table_graph

__all__ = ["drawn_graph", "edges_touching", "table_overview", "write_table_landscape"]


def table_overview(output: Path, *, max_nodes: int = DEFAULT_TOP) -> Overview:
    """The overview landscape of the graph whose tables are in ``output``'s ``tables/``, from its skeleton.

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> out = Path(tempfile.mkdtemp())
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper")
    >>> g.add_node("dataset/d", kind="dataset", label="D")
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = write_graph_tables(g, out)
    >>> overview = table_overview(out)
    >>> overview.named, overview.fitted.labels
    ({'paper/a': {'dataset/d'}}, {'dataset/d': 'D'})
    """
    return overview_landscape(table_skeleton(Path(output) / TABLES_FOLDER), top=max_nodes)


def drawn_graph(output: Path, nodes: Collection[str]) -> nx.MultiDiGraph:
    """The graph of ``nodes``' rows and every edge from or to one of them, of ``output``'s tables (an edge's
    other end is a node without attributes): what a page drawing ``nodes`` reads of them.

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> out = Path(tempfile.mkdtemp())
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="A")
    >>> g.add_node("dataset/d", kind="dataset", label="D")
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo")
    >>> _ = write_graph_tables(g, out)
    >>> small = drawn_graph(out, ["dataset/d"])
    >>> dict(small.nodes(data=True)), list(small.edges(keys=True))
    ({'dataset/d': {'kind': 'dataset', 'label': 'D'}, 'paper/a': {}}, [('paper/a', 'dataset/d', 'uses')])
    """
    edges = Path(output) / TABLES_FOLDER / "edges.parquet"
    return table_graph(read_node_rows(output, ids=nodes), edges_touching(edges, nodes))


def edges_touching(edges: Path, nodes: Collection[str]) -> Iterator[pa.RecordBatch]:
    """The rows of the edge table ``edges`` from or to one of ``nodes``, in the table's order, filtered a row
    group at a time: the same rows as :func:`~exports.graph_tables.read_edge_rows` ``(touching=nodes)``, whose
    read of every row of the papers into a hub (then filtered) was most of graph.html's peak (round h14ck).

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> out = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(nx.MultiDiGraph([("paper/a", "dataset/d"), ("paper/b", "paper/a")]), out)
    >>> [batch.column("source").to_pylist() for batch in edges_touching(out / "tables/edges.parquet", ["dataset/d"])]
    [['paper/a']]
    """
    wanted = pa.array(sorted(nodes), pa.string())
    for batch in file_batches(edges):
        keep = pc.or_(pc.is_in(batch.column("source"), wanted), pc.is_in(batch.column("target"), wanted))
        if pc.any(keep).as_py():
            yield batch.filter(keep)


def write_table_landscape(output: Path, *, max_nodes: int = DEFAULT_TOP) -> Path:
    """Write ``output``'s ``graph.html`` from its graph tables, holding the skeleton and the drawn entities' rows
    but never the whole graph; the same bytes as ``kg build`` writes from the graph.  Returns its path.

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> from kg.analytics.toy import toy_graph
    >>> out = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(toy_graph(), out)
    >>> write_table_landscape(out).name
    'graph.html'
    """
    output = Path(output)
    overview = table_overview(output, max_nodes=max_nodes)
    graph = drawn_graph(output, overview.fitted.entities)
    return write_html(graph, output / "graph.html", landscape=True, max_nodes=max_nodes, fitted=overview.fitted)
