"""The table rows of one partition of node ids — the nodes' and the edges that go out of them — made from the records
and the decision tables alone, without the graph (step S4 of docs/scaling.md's partitioned assembly; rounds h14ca,
h14cb).

:func:`partition_rows` gives the rows that ``tables/nodes.parquet`` holds for the paper, venue, person and entity
nodes whose ids a predicate accepts, and the rows ``tables/edges.parquet`` holds for the edges whose source node it
accepts: paper→person ``creator``, paper→venue ``presentedAt``, the links sources state (``nextInProgram``,
``similarTo``) and paper→entity ``proposes``/``uses``, sorted as the tables sort them
(:func:`exports.table_rows.node_row`, :func:`~exports.table_rows.edge_row`).  The attributes come from the very
functions :func:`kg.graph.build_graph` calls: D4 :func:`kg.paper_attributes.merge_papers`, D6
:func:`kg.person_decisions.person_attributes` over :func:`~kg.person_decisions.person_table`, D7
:func:`kg.venue_decisions.venue_table`'s rows, D8 :func:`kg.stated_edges.merged_edge` over
:func:`~kg.person_decisions.creator_edges`, :func:`~kg.stated_edges.presented_at` and
:func:`~kg.stated_edges.link_edges`, the title tasks :func:`kg.title_tasks.drop_title_tasks` drops, D9-D21
:func:`kg.entity_decisions.entity_table` with :func:`kg.entity_nodes.entity_attributes`,
:func:`~kg.entity_nodes.entity_edges` and :func:`~kg.entity_nodes.entity_edge`.  So the rows of any partitions,
concatenated and sorted, are the rows of the same build's tables — except a stated ``similarTo`` link that the
similarity search later scores (``basis``, ``score``, ...: the search's, not assembly's), and the search's own links.

>>> from ontology.records import Paper, Provenance
>>> documents = [DocumentRecords(source="p.txt", papers=(
...     Paper(ref="a", title="A", venue="ACL 2026", provenance=Provenance("p.txt")),))]
>>> rows = partition_rows(documents, in_part=lambda node: node.startswith("paper/"))
>>> [row[:3] for row in rows.nodes], [row[:4] for row in rows.edges]
([('paper/title-a-7665268305', 'paper', 'A')], [('paper/title-a-7665268305', 'venue/acl-2026', 'presentedAt', \
'presentedAt')])
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any
from zlib import crc32

from exports.table_rows import edge_row, node_row
from kg.entity_decisions import EntityTable, entity_table
from kg.entity_nodes import entity_attributes, entity_edge, entity_edges
from kg.paper_attributes import merge_papers, merged_abstract
from kg.paper_decisions import PaperTable, paper_table
from kg.person_decisions import PersonTable, creator_edges, group_authors, person_attributes, person_table
from kg.shared_values import SharedValues
from kg.stated_edges import link_edges, merged_edge, presented_at
from kg.title_tasks import drop_title_tasks
from kg.venue_decisions import VenueTable, venue_table
from ontology.records import DocumentRecords, Mention, Paper, PaperLink
from ontology.util.memory import paused_gc

__all__ = ["PartInputs", "PartitionRows", "assembly_mentions", "hashed_part", "part_rows", "partition_rows"]


@dataclass(frozen=True)
class PartitionRows:
    """One partition's rows: ``nodes`` as :func:`~exports.table_rows.node_row` makes them, sorted by id;
    ``edges`` as :func:`~exports.table_rows.edge_row` makes them, sorted by (source, target, key)."""

    nodes: list[tuple]
    edges: list[tuple]


def hashed_part(part: int, parts: int) -> Callable[[str], bool]:
    """The predicate of partition ``part`` of ``parts``: node ids by a stable hash (CRC-32 of the id's UTF-8).

    >>> [hashed_part(p, 3)("paper/a") for p in range(3)]
    [False, False, True]
    """
    if not 0 <= part < parts:
        raise ValueError(f"partition {part} of {parts}: give a part from 0 to {parts - 1}")
    return lambda node: crc32(node.encode()) % parts == part


def partition_rows(documents: Iterable[DocumentRecords], *, in_part: Callable[[str], bool],
                   papers: PaperTable | None = None, venues: VenueTable | None = None,
                   persons: PersonTable | None = None, entities: EntityTable | None = None) -> PartitionRows:
    """The node rows of the nodes whose id ``in_part`` accepts, and the edge rows of the edges assembly makes whose
    source node it accepts (module docstring).

    ``documents``: every document's records, as :func:`kg.graph.build_graph` takes them (any order).
    ``papers`` / ``venues`` / ``persons`` / ``entities``: :func:`~kg.paper_decisions.paper_table`,
    :func:`~kg.venue_decisions.venue_table`, :func:`~kg.person_decisions.person_table` and
    :func:`~kg.entity_decisions.entity_table` (of :func:`assembly_mentions`) of those records, when the caller has
    them (each partition reads the same tables); else made here.  Make
    ``venues`` from the records in document order (the documents sorted by source, as here and in
    :func:`kg.graph.build_graph`): a venue no record states is labelled by the first paper naming it, and unlike
    the paper table (:meth:`~kg.paper_decisions.PaperTable.check`) nothing here can tell a table of another order.
    The cyclic collector is paused meanwhile, as in :func:`kg.graph.build_graph` (the rows make no cycles).
    """
    with paused_gc():
        return _partition_rows(documents, in_part, papers, venues, persons, entities)


def _partition_rows(documents: Iterable[DocumentRecords], in_part: Callable[[str], bool], papers: PaperTable | None,
                    venues: VenueTable | None, persons: PersonTable | None,
                    entities: EntityTable | None) -> PartitionRows:
    ordered = sorted(documents, key=lambda d: d.source)  # document order, as build_graph
    records = [paper for doc in ordered for paper in doc.papers]
    papers = paper_table(records) if papers is None else papers
    venues = venue_table(chain.from_iterable(doc.venues for doc in ordered), records) if venues is None else venues
    persons = person_table(records, papers) if persons is None else persons
    members = papers.members(records)
    mentions, positions = assembly_mentions(ordered, papers, members)
    entities = entity_table(mentions, papers.node_map(), positions) if entities is None else entities
    return part_rows(PartInputs(records, members, [link for doc in ordered for link in doc.links], mentions),
                     in_part=in_part, papers=papers, venues=venues, persons=persons, entities=entities)


@dataclass(frozen=True)
class PartInputs:
    """The records one partition's rows are made of, each in document order: ``records``, the paper records (at
    least those of the partition's paper nodes); ``members``, paper node ``g``'s records in replay order
    (:meth:`~kg.paper_decisions.PaperTable.members`; by ``g``, at least the partition's nodes); ``links``, the
    stated links (at least those out of the partition's papers); ``mentions``, :func:`assembly_mentions`' list, or
    a mapping of its indices that holds at least every mention of the partition's entities and of its papers
    (:mod:`kg.streamed_rows`)."""

    records: Sequence[Paper]
    members: Sequence[list[Paper]] | Mapping[int, list[Paper]]
    links: Iterable[PaperLink]
    mentions: Sequence[Mention] | Mapping[int, Mention]


def part_rows(inputs: PartInputs, *, in_part: Callable[[str], bool], papers: PaperTable, venues: VenueTable,
              persons: PersonTable, entities: EntityTable) -> PartitionRows:
    """The rows of the partition ``in_part`` accepts, from its :class:`PartInputs` and the four decision tables (as
    :func:`partition_rows` makes them, which hands in every record)."""
    shared = SharedValues()
    nodes = []
    created = []  # the creator statements of the partition's papers, in root order as build_graph makes them
    members = inputs.members
    for g, node in enumerate(papers.nodes):
        if in_part(node):
            authors, source = group_authors(members[g])
            nodes.append(node_row(node, merge_papers(members[g], authors, shared)))  # D4
            created.extend(creator_edges(node, authors, source))
    nodes.extend(node_row(node, row) for node, row in zip(venues.ids, venues.rows) if in_part(node))  # D7
    nodes.extend(node_row(node, person_attributes(persons, at, shared))  # D6
                 for at, node in enumerate(persons.ids) if in_part(node))
    paper_nodes = papers.node_map()
    stated = chain(created, presented_at(inputs.records, paper_nodes, venues.id_of()),
                   link_edges(inputs.links, paper_nodes, shared))
    edges: dict[tuple[str, str, str], dict[str, Any]] = {}
    for u, v, relation, attributes in stated:
        if in_part(u):  # an edge goes with its source node
            key = (u, v, relation)
            made = merged_edge(edges.get(key), relation, attributes, shared)  # D8
            if made is not None:
                edges[key] = made
    nodes.extend(_entity_rows(inputs.mentions, paper_nodes, entities, in_part, edges, shared))
    nodes.sort(key=lambda row: row[0])
    rows = [edge_row(u, v, relation, data) for (u, v, relation), data in edges.items()]
    rows.sort(key=lambda row: row[:3])
    return PartitionRows(nodes=nodes, edges=rows)


def assembly_mentions(ordered: Sequence[DocumentRecords], papers: PaperTable,
                      members: list[list[Paper]] | None = None, *,
                      has_abstract: Callable[[list[Paper]], bool] | None = None) -> tuple[list[Mention], array]:
    """The mentions :func:`kg.graph.build_graph` makes entities of, and each one's index in its document: every
    document's (``ordered``: sorted by source) in document order, less the tasks read from the title of a paper whose
    merged record has an abstract (:func:`kg.title_tasks.drop_title_tasks`; ``papers``: the records' paper table,
    ``members``: its groups' records, :meth:`~kg.paper_decisions.PaperTable.members`, when the caller has them;
    ``has_abstract``: whether a group's merged record has an abstract, where the records hold no abstracts
    (:mod:`kg.document_summary`'s slim records), else D4's own rule).  Make
    :func:`~kg.entity_decisions.entity_table` of these, with ``papers.node_map()``, to hand to :func:`partition_rows`.
    """
    mentions = [mention for doc in ordered for mention in doc.mentions]
    positions = array("i", [index for doc in ordered for index in range(len(doc.mentions))])
    if members is None:
        members = papers.members([paper for doc in ordered for paper in doc.papers])
    group_of = {node: g for g, node in enumerate(papers.nodes)}

    def abstract_of(node: str) -> bool:  # D4's abstract alone: any record's abstract is the merged one's
        group = members[group_of[node]]
        return merged_abstract(group) is not None if has_abstract is None else has_abstract(group)

    drop_title_tasks(mentions, papers.node_map(), abstract_of, positions)
    return mentions, positions


def _entity_rows(mentions: Sequence[Mention] | Mapping[int, Mention], paper_nodes: Mapping[str, str],
                 table: EntityTable, in_part: Callable[[str], bool], edges: dict[tuple[str, str, str], dict[str, Any]],
                 shared: SharedValues) -> list[tuple]:
    """The node rows of ``table``'s entity nodes that ``in_part`` accepts; their paper→entity edges whose paper it
    accepts go into ``edges``.  Parts in table order, as :func:`kg.entity_nodes.add_entities` makes them, so that a
    D21 collision (parts folded to one id) merges into the first part's node and edges in the same order.  A
    mapping of ``mentions`` may lack those of the parts outside the partition whose papers are outside it too."""
    nodes: dict[str, dict[str, Any]] = {}
    sparse = isinstance(mentions, Mapping)
    for part, rows in enumerate(table.members):
        entity = table.ids[part]
        members = [mentions[row] for row in rows if row in mentions] if sparse else [mentions[row] for row in rows]
        if in_part(entity):
            made = entity_attributes(nodes.get(entity), table.kinds[part], members, label=table.labels[part],
                                     alt=table.alt_labels[part], acronyms=table.acronyms[part], shared=shared)
            if made is not None:
                nodes[entity] = made
        for paper, relation, facts in entity_edges(members, paper_nodes):
            if in_part(paper):  # an edge goes with its source node
                key = (paper, entity, relation)
                made = entity_edge(edges.get(key), relation, facts, shared)
                if made is not None:
                    edges[key] = made
    return [node_row(node, data) for node, data in nodes.items()]
