"""One partition's rows from documents read one at a time, the records outside the partition let go as they are read
(issue 14, round h14ch: pass 2 of docs/scaling.md's partitioned assembly without the records held).

:func:`streamed_part_rows` reads every document once, in document order (by source, as
:func:`kg.graph.build_graph` orders them), and keeps of each only what the partition's rows are made of
(:class:`kg.partition_rows.PartInputs`): the paper records of its paper nodes, the links out of them, and the
mentions of its entities or of its papers, by their index in :func:`kg.partition_rows.assembly_mentions`' list
(which drops, document by document, the same title tasks: the tables' :attr:`~kg.document_summary.DecisionTables.
abstracts`).  The rows are then made by :func:`kg.partition_rows.part_rows`, as
:func:`~kg.partition_rows.partition_rows` makes them from every record: the same rows.

No part -> documents index: on the full Anthology a hashed partition needs 87-90 % of the 1,315 documents at 3 or 7
partitions, the small ones left (docs/scaling.md, round h14ch), so each partition reads them all.

>>> from kg.document_summary import summarize, summary_tables
>>> from kg.partition_rows import hashed_part, partition_rows
>>> from kg.pipeline import build
>>> documents = build(similarity=False).documents  # the bundled sample pages
>>> tables = summary_tables([summarize(d) for d in documents])
>>> in_part = hashed_part(1, 3)
>>> streamed = streamed_part_rows(iter(sorted(documents, key=lambda d: d.source)), tables, in_part=in_part)
>>> streamed == partition_rows(documents, in_part=in_part)
True
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

import numpy as np

from kg.document_summary import DecisionTables
from kg.paper_decisions import replay_order
from kg.partition_rows import PartInputs, PartitionRows, part_rows
from kg.title_tasks import drop_title_tasks
from ontology.errors import KgError
from ontology.records import DocumentRecords, Mention, Paper, PaperLink
from ontology.util.memory import paused_gc

__all__ = ["StreamError", "streamed_part_rows"]


class StreamError(KgError, ValueError):
    """Documents streamed to :func:`streamed_part_rows` that are not the ones its tables were made of."""


def streamed_part_rows(documents: Iterable[DocumentRecords], tables: DecisionTables, *,
                       in_part: Callable[[str], bool]) -> PartitionRows:
    """The rows of the partition ``in_part`` accepts (:func:`kg.partition_rows.partition_rows`' rows), from
    ``documents`` read once, one at a time, sorted by source, and the decision tables of those very documents
    (:func:`kg.document_summary.summary_tables`).  Raises :class:`StreamError` where the documents hold other
    numbers of paper records or mentions than the tables were made of."""
    with paused_gc():
        inputs = _part_inputs(documents, tables, in_part)
        return part_rows(inputs, in_part=in_part, papers=tables.papers, venues=tables.venues,
                         persons=tables.persons, entities=tables.entities)


def _part_inputs(documents: Iterable[DocumentRecords], tables: DecisionTables,
                 in_part: Callable[[str], bool]) -> PartInputs:
    """What :func:`kg.partition_rows.part_rows` reads of the partition, kept as the documents stream by."""
    papers, entities = tables.papers, tables.entities
    paper_nodes = papers.node_map()
    wanted = np.zeros(len(entities.mention_part), dtype=bool)  # the mentions of the partition's entities
    for part, rows in enumerate(entities.members):
        if in_part(entities.ids[part]):
            wanted[np.asarray(rows, dtype=np.int64)] = True
    records: list[Paper] = []
    links: list[PaperLink] = []
    mentions: dict[int, Mention] = {}
    seen, at, last = 0, 0, None
    for doc in documents:
        if last is not None and not last < doc.source:
            raise StreamError(f"document {doc.source!r} comes after {last!r}: stream the documents sorted by source")
        last = doc.source
        try:
            seen += len(doc.papers)
            records.extend(paper for paper in doc.papers if in_part(paper_nodes[paper.ref]))
            links.extend(link for link in doc.links if in_part(paper_nodes[link.source_ref]))
            kept = list(doc.mentions)
            drop_title_tasks(kept, paper_nodes, tables.abstracts.__contains__)
            if at + len(kept) > len(wanted):
                raise StreamError(_OTHER)
            for mention in kept:
                if wanted[at] or in_part(paper_nodes[mention.paper_ref]):
                    mentions[at] = mention
                at += 1
        except KeyError as unknown:  # a paper ref the tables do not hold: other documents than theirs
            raise StreamError(f"{doc.source}: paper {unknown} is not in the decision tables; {_OTHER}") from None
    if seen != len(papers.refs) or at != len(wanted):
        raise StreamError(_OTHER)
    group_of = {node: g for g, node in enumerate(papers.nodes) if in_part(node)}
    members: dict[int, list[Paper]] = defaultdict(list)
    for paper in replay_order(records):  # a subset in replay order: each group's records as the whole table's
        members[group_of[paper_nodes[paper.ref]]].append(paper)
    return PartInputs(records, members, links, mentions)


_OTHER = ("the documents streamed hold other paper records or mentions than the decision tables were made of: make "
          "the tables (summary_tables) from the summaries of these very documents")
