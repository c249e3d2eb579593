"""The views' index and search script from the graph tables without the whole graph: a skeleton of columns.

The views' ``index.html`` and ``assets/kg-search.js`` (:mod:`exports.view_index`)
read of the whole graph every node's kind and names (label, title, name and
other names), every node's degree and the number of papers of each node the
index lists (:class:`~exports.view_names.IndexNodes`);
:func:`~exports.view_skeleton.index_skeleton` reads just those columns from
the tables.  The two files are the same bytes as :func:`kg.outputs.write_outputs`
writes from the whole graph into the same views folder (docs/scaling.md, round
h14cl).
"""

from __future__ import annotations

from pathlib import Path

from exports.graph_tables import TABLES_FOLDER
from exports.view_index import write_index
from exports.view_skeleton import index_skeleton

__all__ = ["write_table_index"]


def write_table_index(output: Path, views: Path | None = None) -> Path:
    """Write the index and the search script of the views folder ``views`` (``output``'s ``views/`` by default)
    from the graph tables in ``output``'s ``tables/``, holding their skeleton but never the whole graph; the same
    bytes as ``kg build`` writes from the graph, for the pages the folder holds.  Returns the index's path.

    >>> import tempfile
    >>> from exports.graph_tables import write_graph_tables
    >>> from kg.analytics.toy import toy_graph
    >>> out = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(toy_graph(), out)
    >>> index = write_table_index(out)
    >>> index.name, (index.parent / "assets" / "kg-search.js").exists()
    ('index.html', True)
    """
    output = Path(output)
    return write_index(index_skeleton(output / TABLES_FOLDER), output / "views" if views is None else Path(views))
