"""Which nodes a change of some documents touches: the ids whose node row, out-edge rows or in-edge rows differ
between two builds' assembly, from the two builds' decision tables (step S3 of docs/scaling.md's partitioned
assembly; round h14cf).

A rebuild after a change of a few documents (added, removed or edited) need only rewrite the rows of the nodes
:func:`touched_nodes` returns; every other node's row and edge rows, in and out, are the old build's.  The search's
``similarTo`` links are left out (the similarity keeps its own incremental state); a ``similarTo`` link a source
states is assembly's and is counted.  The set is made in two steps:

1. *Candidates*, from the tables and the changed documents alone: a paper node whose records (each named by its
   document and its index there) differ, or that has a record of a changed document (D2-D5); an entity id whose
   parts differ in kind, label, alternative labels, acronym records or mentions (each named by its document, its
   index there and its paper's node: D9-D21, collisions included), or that has a mention of a changed document.
   Anything else draws its row from the same records under the same decisions: the same bytes.
2. *The rows of the candidates*, made before and after by the rules the partition rows use
   (:mod:`kg.partition_rows`): a candidate is touched when its node row or one of its edges' rows differs, and the
   other end of a differing edge is touched too.  Person and venue rows (D6, D7) and the stated links (D8) are few
   and cheap, so theirs are compared whole.

So the set is exactly the nodes whose rows differ (the rows of the candidates are compared, not guessed at), and
making it costs the candidates' rows, not a build: see docs/scaling.md, round h14cf, for the times.

>>> from ontology.records import Paper, Provenance
>>> def page(source, title, venue):
...     return DocumentRecords(source=source, papers=(Paper(ref=source, title=title, venue=venue,
...                                                         provenance=Provenance(source)),))
>>> before = assembly_tables([page("a.txt", "A", "ACL 2026"), page("b.txt", "B", "ACL 2026")])
>>> after = assembly_tables([page("a.txt", "A", "ACL 2026"), page("b.txt", "B", "EMNLP 2025")])
>>> sorted(touched_nodes(before, after, changed={"b.txt"}))
['paper/title-b-429dac5690', 'venue/acl-2026', 'venue/emnlp-2025']
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from exports.table_rows import edge_row, node_row
from kg.entity_decisions import EntityTable, entity_table
from kg.entity_nodes import entity_attributes, entity_edge, entity_edges
from kg.paper_attributes import merge_papers
from kg.paper_decisions import PaperTable, paper_table
from kg.partition_rows import assembly_mentions
from kg.person_decisions import PersonTable, creator_edges, group_authors, person_table
from kg.shared_values import SharedValues
from kg.stated_edges import link_edges, merged_edge, presented_at
from kg.venue_decisions import VenueTable, venue_table
from ontology.records import DocumentRecords, Mention, Paper, PaperLink

__all__ = ["AssemblyTables", "assembly_tables", "touched_nodes"]

#: A record, link or mention named by the document that holds it and its index among the document's.
Where = tuple[str, int]
#: An edge row's key: (source node, target node, relation).
EdgeKey = tuple[str, str, str]


@dataclass(frozen=True)
class AssemblyTables:
    """One build's decision tables and what its rows are made from, in document order (documents sorted by source).

    ``records``, ``links`` and ``mentions`` (:func:`~kg.partition_rows.assembly_mentions`: title tasks of a paper
    with an abstract dropped) are the build's; ``record_at``, ``link_at`` and ``mention_at`` name each by its
    document's source and its index there.  ``members[node]``: a paper node's records, as indices into
    ``records`` in replay order (:meth:`~kg.paper_decisions.PaperTable.members`).
    """

    papers: PaperTable
    venues: VenueTable
    persons: PersonTable
    entities: EntityTable
    records: list[Paper]
    record_at: list[Where]
    links: list[PaperLink]
    link_at: list[Where]
    mentions: list[Mention]
    mention_at: list[Where]
    members: dict[str, list[int]]

    @cached_property
    def paper_nodes(self) -> dict[str, str]:
        """Every paper ref -> its node id (:meth:`~kg.paper_decisions.PaperTable.node_map`), made once."""
        return self.papers.node_map()


def assembly_tables(documents: Iterable[DocumentRecords]) -> AssemblyTables:
    """The decision tables of ``documents`` (any order) as :func:`kg.partition_rows.partition_rows` makes them, with
    each record's, link's and mention's place (:class:`AssemblyTables`)."""
    ordered = sorted(documents, key=lambda d: d.source)
    records = [paper for doc in ordered for paper in doc.papers]
    papers = paper_table(records)
    venues = venue_table((venue for doc in ordered for venue in doc.venues), records)
    mentions, positions = assembly_mentions(ordered, papers)
    document_of = {id(mention): doc.source for doc in ordered for mention in doc.mentions}
    at = {id(paper): n for n, paper in enumerate(records)}
    members: dict[str, list[int]] = {}
    for node, group in zip(papers.nodes, papers.members(records)):
        members[node] = [at[id(paper)] for paper in group]
    return AssemblyTables(
        papers=papers, venues=venues, persons=person_table(records, papers),
        entities=entity_table(mentions, papers.node_map(), positions), records=records,
        record_at=[(doc.source, n) for doc in ordered for n in range(len(doc.papers))],
        links=[link for doc in ordered for link in doc.links],
        link_at=[(doc.source, n) for doc in ordered for n in range(len(doc.links))],
        mentions=mentions, mention_at=[(document_of[id(m)], index) for m, index in zip(mentions, positions)],
        members=members)


def touched_nodes(before: AssemblyTables, after: AssemblyTables, *, changed: Collection[str]) -> set[str]:
    """The ids of the nodes whose node row or edge rows (out and in; the search's ``similarTo`` left out) differ
    between the builds of ``before`` and ``after`` (:func:`assembly_tables`), where the documents whose sources
    ``changed`` names were added, removed or edited and every other document is the same (module docstring).

    A document left out of ``changed`` that did change is read as unchanged: its records' rows are not compared.
    """
    changed = frozenset(changed)
    touched = _differing(_person_rows(before), _person_rows(after))
    touched |= _differing(dict(zip(before.venues.ids, before.venues.rows)), dict(zip(after.venues.ids,
                                                                                    after.venues.rows)))
    touched |= _edge_ends(_link_rows(before), _link_rows(after))
    papers = _candidates(_paper_inputs(before, changed), _paper_inputs(after, changed))
    touched |= _differing(_paper_rows(before, papers), _paper_rows(after, papers))
    touched |= _edge_ends(_stated_rows(before, papers), _stated_rows(after, papers))
    entities = _candidates(_entity_inputs(before, changed), _entity_inputs(after, changed))
    touched |= _differing(_entity_rows(before, entities), _entity_rows(after, entities))
    touched |= _edge_ends(_entity_edge_rows(before, entities), _entity_edge_rows(after, entities))
    return touched


def _differing(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    """The keys whose values differ, or that one side lacks."""
    return {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}


def _edge_ends(before: Mapping[EdgeKey, tuple], after: Mapping[EdgeKey, tuple]) -> set[str]:
    """Both ends of every edge whose row differs."""
    return {node for key in _differing(before, after) for node in key[:2]}


def _candidates(before: tuple[dict[str, tuple], set[str]], after: tuple[dict[str, tuple], set[str]]) -> set[str]:
    """Ids whose inputs differ, or that draw on a changed document (each side: id -> inputs, ids drawing on one)."""
    return _differing(before[0], after[0]) | before[1] | after[1]


def _person_rows(tables: AssemblyTables) -> dict[str, tuple]:
    """D6: every person's label and sources."""
    persons = tables.persons
    return {node: (label, sources) for node, label, sources in zip(persons.ids, persons.labels, persons.sources)}


def _link_rows(tables: AssemblyTables) -> dict[EdgeKey, tuple]:
    """D8: the rows of the links sources state (``nextInProgram``, a stated ``similarTo``), merged per key."""
    return _merged(link_edges(tables.links, tables.paper_nodes, SharedValues()))


def _merged(statements: Iterable[tuple[str, str, str, dict[str, Any]]]) -> dict[EdgeKey, tuple]:
    """Stated edges merged per (source, target, relation) as :func:`kg.stated_edges.merged_edge` merges them, as
    rows (:func:`~exports.table_rows.edge_row`)."""
    edges: dict[EdgeKey, dict[str, Any]] = {}
    shared = SharedValues()
    for u, v, relation, attributes in statements:
        made = merged_edge(edges.get((u, v, relation)), relation, attributes, shared)
        if made is not None:
            edges[u, v, relation] = made
    return {key: edge_row(*key, data) for key, data in edges.items()}


def _paper_inputs(tables: AssemblyTables, changed: frozenset[str]) -> tuple[dict[str, tuple], set[str]]:
    """Each paper node -> its records' places; the paper nodes with a record of a changed document."""
    inputs = {node: tuple(tables.record_at[n] for n in group) for node, group in tables.members.items()}
    return inputs, {node for node, places in inputs.items() if any(doc in changed for doc, _ in places)}


def _group(tables: AssemblyTables, node: str) -> list[Paper]:
    """Paper node ``node``'s records, in replay order."""
    return [tables.records[n] for n in tables.members[node]]


def _paper_rows(tables: AssemblyTables, nodes: Collection[str]) -> dict[str, tuple]:
    """D4: the node rows of those of ``nodes`` that are paper nodes of ``tables``."""
    shared = SharedValues()
    rows = {}
    for node in nodes & tables.members.keys():
        members = _group(tables, node)
        rows[node] = node_row(node, merge_papers(members, group_authors(members)[0], shared))
    return rows


def _stated_rows(tables: AssemblyTables, nodes: Collection[str]) -> dict[EdgeKey, tuple]:
    """D8: the ``creator`` and ``presentedAt`` rows of those of ``nodes`` that are paper nodes of ``tables``."""
    mine = sorted(nodes & tables.members.keys())
    return _merged(_stated(tables, mine))


def _stated(tables: AssemblyTables, nodes: Sequence[str]) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """The ``creator`` then ``presentedAt`` statements of paper nodes ``nodes``, in the order partition_rows makes
    them."""
    for node in nodes:
        authors, source = group_authors(_group(tables, node))
        yield from creator_edges(node, authors, source)
    in_order = sorted(n for node in nodes for n in tables.members[node])  # document order, as partition_rows
    records = [tables.records[n] for n in in_order]
    yield from presented_at(records, tables.paper_nodes, tables.venues.id_of())


def _entity_inputs(tables: AssemblyTables, changed: frozenset[str]) -> tuple[dict[str, tuple], set[str]]:
    """Each entity id -> its parts' decisions and mentions (each mention's place and paper node), in part order;
    the ids with a mention of a changed document."""
    table, paper_nodes = tables.entities, tables.paper_nodes
    inputs: dict[str, list] = defaultdict(list)
    drawing: set[str] = set()
    for part, node in enumerate(table.ids):
        places = tuple((*tables.mention_at[i], paper_nodes[tables.mentions[i].paper_ref]) for i in table.members[part])
        inputs[node].append((table.kinds[part], table.labels[part], tuple(table.alt_labels[part]),
                             table.acronyms[part], places))
        if any(doc in changed for doc, _, _ in places):
            drawing.add(node)
    return {node: tuple(parts) for node, parts in inputs.items()}, drawing


def _parts(table: EntityTable, nodes: Collection[str]) -> Iterator[int]:
    """The parts whose id is one of ``nodes``, in part order (D21: parts of one id merge in that order)."""
    return (part for part, node in enumerate(table.ids) if node in nodes)


def _entity_rows(tables: AssemblyTables, nodes: Collection[str]) -> dict[str, tuple]:
    """D20-D21: the node rows of those of ``nodes`` that are entity nodes of ``tables``."""
    table, shared = tables.entities, SharedValues()
    found: dict[str, dict[str, Any]] = {}
    for part in _parts(table, nodes):
        node = table.ids[part]
        made = entity_attributes(found.get(node), table.kinds[part], [tables.mentions[i] for i in table.members[part]],
                                 label=table.labels[part], alt=table.alt_labels[part],
                                 acronyms=table.acronyms[part], shared=shared)
        if made is not None:
            found[node] = made
    return {node: node_row(node, data) for node, data in found.items()}


def _entity_edge_rows(tables: AssemblyTables, nodes: Collection[str]) -> dict[EdgeKey, tuple]:
    """The paper→entity ``proposes``/``uses`` rows into those of ``nodes`` that are entity nodes of ``tables``."""
    table, paper_nodes, shared = tables.entities, tables.paper_nodes, SharedValues()
    edges: dict[EdgeKey, dict[str, Any]] = {}
    for part in _parts(table, nodes):
        entity = table.ids[part]
        for paper, relation, facts in entity_edges([tables.mentions[i] for i in table.members[part]], paper_nodes):
            made = entity_edge(edges.get((paper, entity, relation)), relation, facts, shared)
            if made is not None:
                edges[paper, entity, relation] = made
    return {key: edge_row(*key, data) for key, data in edges.items()}
