"""graph.json, graph.ttl and ``tables/*.parquet`` from partition rows with bounded memory: the documents streamed
from the document cache one at a time, each partition's rows spilled before the next (issue 14, round h14ch;
docs/scaling.md).

:func:`write_streamed_outputs` writes the five files :func:`kg.rows_outputs.write_row_outputs` writes of
:func:`~kg.rows_outputs.all_rows` (the same bytes), but holds neither the records nor all the rows:

1. pass 1, the four decision tables from the documents' summaries (:func:`kg.document_summary.summary_tables`);
2. pass 2, for each hashed partition, every document loaded in turn and let go (:func:`kg.streamed_rows.
   streamed_part_rows`: only the partition's records are kept), its rows spilled to two Parquet files of the
   tables' layout and its subjects to graph.ttl's spills (:func:`exports.turtle_rows.spill_partition`);
3. the similarity search on the spilled rows (:func:`kg.similarity_rows.similarity_rows`), its ``similarTo`` rows
   (in place of the stated ones assembly made) spilled the same two ways;
4. graph.ttl merged from its spills, graph.json and the tables from the Parquet spills merged by id
   (:func:`exports.json_rows.merged_rows`), ``edges_in`` a partition of targets at a time.

Not called by ``kg build`` (the views still need a whole graph; measured in docs/scaling.md's round h14ch).
"""
from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from exports.graph_tables import TABLES_FOLDER
from exports.json_rows import merged_rows, parquet_rows, write_json_rows
from exports.table_rows import EDGE_SCHEMA, IN_EDGE_SCHEMA, NODE_SCHEMA, RowGroups, release_arrow_memory, write_table
from exports.turtle_rows import Spills, spill_partition, write_turtle_rows
from kg.document_summary import DecisionTables, DocumentSummary, summary_tables
from kg.partition_rows import hashed_part
from kg.similarity_links import DEFAULT_K
from kg.similarity_rows import similarity_rows
from kg.streamed_rows import streamed_part_rows
from ontology.records import DocumentRecords
from ontology.util.files import output_transaction

__all__ = ["write_streamed_outputs"]

_SIMILAR = "similarTo"


def write_streamed_outputs(load: Callable[[str], DocumentRecords], summaries: Iterable[tuple[str, DocumentSummary]],
                           output: Path, *, parts: int = 1, similarity: bool = True,
                           similar_k: int = DEFAULT_K) -> list[Path]:
    """Write ``graph.ttl``, ``graph.json`` and ``tables/{nodes,edges,edges_in}.parquet`` into ``output`` (replaced
    together or not at all, as :func:`kg.rows_outputs.write_row_outputs`): the bytes
    :func:`kg.pipeline.build` (with ``similarity`` and ``similar_k``) gives the same documents; return the files.

    ``summaries``: each document's ``(key, summary)``, any order; ``load(key)``: that document's records (called
    ``parts`` times per document, in the documents' source order, one document held at a time).

    >>> from kg.document_summary import summarize
    >>> from kg.pipeline import build
    >>> documents = {str(n): d for n, d in enumerate(build(similarity=False).documents[:2])}  # sample pages
    >>> out = Path(tempfile.mkdtemp())
    >>> written = write_streamed_outputs(documents.__getitem__, [(k, summarize(d)) for k, d in documents.items()],
    ...                                  out, parts=2, similarity=False)
    >>> [path.relative_to(out).as_posix() for path in written]
    ['graph.ttl', 'graph.json', 'tables/nodes.parquet', 'tables/edges.parquet', 'tables/edges_in.parquet']
    """
    if parts < 1:
        raise ValueError(f"parts must be at least 1, not {parts}")
    order: list[tuple[str, str]] = []

    def noted() -> Iterator[DocumentSummary]:
        for key, summary in summaries:
            order.append((summary.source, key))
            yield summary

    tables = summary_tables(noted())
    keys = [key for _, key in sorted(order)]
    output = Path(output)
    with output_transaction(output), Spills(output) as spills, \
            tempfile.TemporaryDirectory(prefix=".kg-rows-", suffix=".kg-tmp", dir=output) as folder:
        scratch = Path(folder)
        kind_of = _kinds(tables).get
        agents: dict[str, str] = {}
        for part in range(parts):
            in_part = hashed_part(part, parts)
            rows = streamed_part_rows((load(key) for key in keys), tables, in_part=in_part)
            _spill(scratch / f"nodes-{part}.parquet", NODE_SCHEMA, rows.nodes)
            _spill(scratch / f"edges-{part}.parquet", EDGE_SCHEMA, rows.edges)
            agents.update(spill_partition(spills, nodes=rows.nodes, kind_of=kind_of,
                                          edges=[row for row in rows.edges if not (similarity and row[2] == _SIMILAR)]))
            del rows
        del tables
        nodes = [scratch / f"nodes-{part}.parquet" for part in range(parts)]
        edges = [scratch / f"edges-{part}.parquet" for part in range(parts)]
        if similarity:  # the search's similarTo rows in place of the stated ones
            found = similarity_rows(chain.from_iterable(map(parquet_rows, nodes)),
                                    chain.from_iterable(map(parquet_rows, edges)), k=similar_k)
            agents.update(spill_partition(spills, nodes=[], edges=found, kind_of=kind_of))
            _spill(scratch / "similar.parquet", EDGE_SCHEMA, found)
            del found
        written = list(write_turtle_rows({"ttl": output / "graph.ttl"}, spills, agents).values())

        def edge_rows() -> Iterator[tuple]:
            kept = [(row for row in parquet_rows(path) if row[2] != _SIMILAR) for path in edges] if similarity \
                else [parquet_rows(path) for path in edges]
            return merged_rows(kept + ([parquet_rows(scratch / "similar.parquet")] if similarity else []), width=3)

        written.append(write_json_rows(output / "graph.json", edges=edge_rows(),
                                       nodes=merged_rows(map(parquet_rows, nodes), width=1)))
        written.append(write_table(output / TABLES_FOLDER / "nodes.parquet", NODE_SCHEMA,
                                   merged_rows(map(parquet_rows, nodes), width=1)))
        written.append(write_table(output / TABLES_FOLDER / "edges.parquet", EDGE_SCHEMA, edge_rows()))
        sources = [(path, similarity) for path in edges]  # the stated similarTo rows left out with the search on
        sources += [(scratch / "similar.parquet", False)] if similarity else []
        written.append(_write_in_edges(output / TABLES_FOLDER / "edges_in.parquet", sources, scratch, parts))
    return written


def _kinds(tables: DecisionTables) -> dict[str, str]:
    """Every node id -> its kind, from pass 1's tables (an entity id two parts fold to: the first part's kind, as
    the node is made); checked against each node row's own kind where its partition is spilled."""
    kinds = dict.fromkeys(tables.papers.nodes, "paper")
    kinds.update(dict.fromkeys(tables.venues.ids, "venue"))
    kinds.update(dict.fromkeys(tables.persons.ids, "person"))
    for node, kind in zip(tables.entities.ids, tables.entities.kinds):
        kinds.setdefault(node, kind.value)
    return kinds


def _spill(path: Path, schema: pa.Schema, rows: Iterable[tuple]) -> None:
    """``rows`` into a scratch Parquet file of ``schema`` (not an output: no transaction)."""
    with open(path, "wb") as stream, RowGroups(stream, schema) as groups:
        for row in rows:
            groups.add_row(row)


def _write_in_edges(path: Path, edges: list[tuple[Path, bool]], scratch: Path, parts: int) -> Path:
    """``tables/edges_in.parquet`` (the distinct (target, source) pairs, sorted) of the edge spills ``edges`` (each
    with whether its ``similarTo`` rows are left out): the pairs of one hashed partition of targets at a time sorted
    and spilled, then merged."""
    spilled = []
    for part in range(parts):
        in_part = hashed_part(part, parts)
        pairs: set[tuple[str, str]] = set()
        for file, drop_similar in edges:
            with pq.ParquetFile(file) as table:
                for group in range(table.num_row_groups):
                    columns = table.read_row_group(group, columns=["source", "target", "key"], use_threads=False)
                    pairs.update((target, source) for source, target, key in
                                 zip(*(columns[name].to_pylist() for name in ("source", "target", "key")))
                                 if in_part(target) and not (drop_similar and key == _SIMILAR))
                    del columns
                    release_arrow_memory()
        spilled.append(scratch / f"in-{part}.parquet")
        _spill(spilled[-1], IN_EDGE_SCHEMA, sorted(pairs))
    return write_table(path, IN_EDGE_SCHEMA, merged_rows(map(parquet_rows, spilled), width=2))
