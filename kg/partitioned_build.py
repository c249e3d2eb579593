"""``kg build --partitions N``: the outputs written from the document cache a document at a time, without the
build's graph (issue 14, round h14cj; docs/scaling.md).

After :func:`kg.pipeline.extract_documents` (every document cached, its summary noted),
:func:`write_partitioned_outputs` writes graph.ttl, graph.json and the tables by
:func:`kg.streamed_outputs.write_streamed_outputs` (``N`` hashed partitions, each streaming every document from
the cache), then graph.html and ``views/`` from the new tables by :func:`kg.outputs.write_table_views`, all in one
output transaction, then the query store from graph.ttl: the same bytes as the graph path
(:func:`kg.outputs.write_outputs`), at a lower peak and a longer wall.  :func:`table_counts` gives the build
summary's counts from the tables.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pyarrow.parquet as pq

from exports.graph_tables import TABLES_FOLDER
from kg.cache import DocumentCache, usable_folder
from kg.document_summary import SUMMARY_FOLDER, DocumentSummary, SummaryStore, summarize
from kg.outputs import StoreInterrupted, write_table_views
from kg.query_store import write_query_store
from kg.streamed_outputs import write_streamed_outputs
from ontology.errors import KgError
from ontology.records import DocumentRecords
from ontology.util.files import output_transaction

__all__ = ["PartitionsError", "table_counts", "write_partitioned_outputs"]


class PartitionsError(KgError):
    """A document the partitioned build must read again is no longer in the cache."""


def write_partitioned_outputs(keys: Sequence[str], held: Mapping[str, DocumentRecords], output: Path, *,
                              cache_dir: Path, parts: int, similarity: bool = True, similar_k: int = 5,
                              views: bool = True, max_nodes: int, workers: int = 1) -> list[Path]:
    """Write ``output``'s graph.ttl, graph.json, tables, graph.html and (with ``views``) ``views/`` from the
    documents of ``keys`` (every input's cache key, in the order read) in one transaction, then the query store;
    return the files written.

    Each document is read from the cache at ``cache_dir`` (``parts`` times), except those ``held`` (by key: the
    records :func:`kg.pipeline.extract_documents` hands over because the cache lacks them); its summary is the
    one noted beside the cache, else made here.  Call it holding the folder's lock, as
    :func:`kg.outputs.write_outputs`; on any failure, Ctrl-C included, the last outputs are left as they were.
    """
    output = Path(output)
    cache = DocumentCache(cache_dir)
    store = SummaryStore(Path(cache_dir) / SUMMARY_FOLDER)

    def load(key: str) -> DocumentRecords:
        document = held.get(key)
        if document is None:
            document = cache.get(key)
        if document is None:
            raise PartitionsError(f"the cache entry {key} went missing or was damaged during the build; run "
                                  "`kg build` again (it extracts that document again)")
        return document

    def summaries() -> Iterator[tuple[str, DocumentSummary]]:
        for key in keys:
            summary = None if key in held else store.get(key)
            yield key, summarize(load(key)) if summary is None else summary

    with output_transaction(output):
        written = write_streamed_outputs(load, summaries(), output, parts=parts, similarity=similarity,
                                         similar_k=similar_k)
        written += write_table_views(output, max_nodes=max_nodes, workers=workers, views=views,  # as write_outputs
                                     cache_dir=cache_dir if usable_folder(Path(cache_dir)) else None)
    try:
        return written + write_query_store(output)
    except KeyboardInterrupt:  # the outputs are already new: say so, not "left as they were"
        raise StoreInterrupted(f"interrupted while making the query store: the new outputs are in {output}; "
                               "`kg query` makes the store when it is first asked") from None


def table_counts(output: Path) -> dict[str, int]:
    """Nodes by kind and edges by relation key in ``output``'s tables, as :meth:`kg.pipeline.BuildResult.counts`
    counts them in the graph (the build summary's and ``.kg-build.json``'s counts)."""
    counts: Counter[str] = Counter()
    for name, column in (("nodes.parquet", "kind"), ("edges.parquet", "key")):
        with pq.ParquetFile(Path(output) / TABLES_FOLDER / name) as table:
            for group in range(table.num_row_groups):
                counts.update(table.read_row_group(group, columns=[column], use_threads=False)
                              .column(column).to_pylist())
    return dict(counts)
