"""graph.json, graph.ttl and ``tables/*.parquet`` written from partition rows, without the graph (issue 14, round
h14cg: the staged plan's S2 + S4 + S5 joined; docs/scaling.md).

:func:`write_row_outputs` makes the four decision tables from the documents' summaries (pass 1,
:func:`kg.document_summary.summary_tables`), each hashed partition's node and edge rows from the records and those
tables (pass 2, :func:`kg.partition_rows.partition_rows`), runs the similarity search on the rows
(:func:`kg.similarity_rows.similarity_rows`), and writes the three files from the rows
(:func:`exports.json_rows.write_json_rows`, :mod:`exports.turtle_rows`, :func:`exports.table_rows.write_table`): the
same bytes as :func:`kg.outputs.write_outputs` of the graph :func:`kg.pipeline.build` makes of the same documents.

Not yet called by ``kg build`` (off by default): the views, graph.html and the query store are still written from
the graph, and pass 2 here reads every document for each partition (no part -> documents index yet); the rows of
all partitions are held together for the search and the writers (module section in docs/scaling.md).
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from pathlib import Path

from exports.graph_tables import TABLES_FOLDER
from exports.json_rows import write_json_rows
from exports.table_rows import EDGE_SCHEMA, IN_EDGE_SCHEMA, NODE_SCHEMA, write_table
from exports.turtle_rows import Spills, spill_partition, write_turtle_rows
from kg.document_summary import DocumentSummary, summary_tables
from kg.partition_rows import PartitionRows, hashed_part, partition_rows
from kg.similarity_links import DEFAULT_K
from kg.similarity_rows import similarity_rows
from ontology.records import DocumentRecords
from ontology.util.files import output_transaction

__all__ = ["all_rows", "write_row_outputs"]

_SIMILAR = "similarTo"


def all_rows(documents: Sequence[DocumentRecords], summaries: Iterable[DocumentSummary], *, parts: int = 1,
             similarity: bool = True, similar_k: int = DEFAULT_K) -> PartitionRows:
    """Every node row and edge row of the tables :func:`kg.pipeline.build` (with ``similarity`` and
    ``similar_k``) writes for ``documents``, sorted as the tables sort them: the decision tables from
    ``summaries`` (one per document, any order), ``parts`` hashed partitions' rows from the records, then the
    search's ``similarTo`` rows in place of the stated ones assembly made.

    >>> from kg.document_summary import summarize
    >>> from kg.pipeline import build
    >>> documents = build(similarity=False).documents  # the bundled sample pages
    >>> rows = all_rows(documents, [summarize(d) for d in documents], parts=3, similarity=False)
    >>> len(rows.nodes) > 0, rows.nodes == sorted(rows.nodes, key=lambda row: row[0])
    (True, True)
    """
    if parts < 1:
        raise ValueError(f"parts must be at least 1, not {parts}")
    tables = summary_tables(summaries)
    made = [partition_rows(documents, in_part=hashed_part(part, parts), papers=tables.papers, venues=tables.venues,
                           persons=tables.persons, entities=tables.entities) for part in range(parts)]
    nodes = list(heapq.merge(*(rows.nodes for rows in made), key=lambda row: row[0]))
    edges = list(heapq.merge(*(rows.edges for rows in made), key=lambda row: row[:3]))
    del made
    if similarity:
        found = similarity_rows(nodes, edges, k=similar_k)
        edges = list(heapq.merge((row for row in edges if row[2] != _SIMILAR), found, key=lambda row: row[:3]))
    return PartitionRows(nodes=nodes, edges=edges)


def write_row_outputs(rows: PartitionRows, output: Path, *, parts: int = 1) -> list[Path]:
    """Write ``graph.ttl``, ``graph.json`` and ``tables/{nodes,edges,edges_in}.parquet`` of ``rows``
    (:func:`all_rows`) into ``output``; return them.  The five files are replaced together or, on any failure
    (Ctrl-C included), not at all, as :func:`kg.outputs.write_outputs` replaces its own
    (:func:`ontology.util.files.output_transaction`).  graph.ttl is spilled ``parts`` partitions at a time (the
    edges go with their source node) and merged; the edges' target kinds come from the node rows (pass 1's kind
    table, not the ids' prefixes).

    >>> import tempfile
    >>> from kg.document_summary import summarize
    >>> from kg.pipeline import build
    >>> documents = build(similarity=False).documents[:1]  # one of the bundled sample pages
    >>> rows = all_rows(documents, [summarize(d) for d in documents], parts=2, similarity=False)
    >>> out = Path(tempfile.mkdtemp())
    >>> [path.relative_to(out).as_posix() for path in write_row_outputs(rows, out, parts=2)]
    ['graph.ttl', 'graph.json', 'tables/nodes.parquet', 'tables/edges.parquet', 'tables/edges_in.parquet']
    """
    output = Path(output)
    tables = output / TABLES_FOLDER
    kinds = {row[0]: row[1] for row in rows.nodes}
    agents: dict[str, str] = {}
    with output_transaction(output):
        with Spills(output) as spills:
            for part in range(parts):
                in_part = hashed_part(part, parts)
                agents.update(spill_partition(spills, nodes=[row for row in rows.nodes if in_part(row[0])],
                                              edges=[row for row in rows.edges if in_part(row[0])],
                                              kind_of=kinds.get))
            written = list(write_turtle_rows({"ttl": output / "graph.ttl"}, spills, agents).values())
        written.append(write_json_rows(output / "graph.json", edges=rows.edges, nodes=rows.nodes))
        written.append(write_table(tables / "nodes.parquet", NODE_SCHEMA, rows.nodes))
        written.append(write_table(tables / "edges.parquet", EDGE_SCHEMA, rows.edges))
        written.append(write_table(tables / "edges_in.parquet", IN_EDGE_SCHEMA,
                                   sorted({(row[1], row[0]) for row in rows.edges})))
    return written
