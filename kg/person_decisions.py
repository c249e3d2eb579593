"""Each person's id, label and sources, as a table computed from the paper records and their paper table.

Decision D6 of docs/scaling.md (round h14bw): a person node's id is its folded name; its label is the spelling of
the first paper group, in sorted root order (:class:`~kg.paper_decisions.PaperTable`), whose author list names it;
its sources are those of the author lists chosen for its papers.  A group's author list is the longest of its
records' (the first among equals in merge order: main, then listed, then other records, each by source and line),
and its source the first record in replay order that gives exactly that list.  :func:`person_table` makes the
decision without a graph; :func:`kg.graph.build_graph` makes the same persons as it adds paper nodes.

>>> from kg.paper_decisions import paper_table
>>> from ontology.records import Paper, Provenance
>>> papers = [Paper(ref="a", title="A", authors=("Zoë Kim", "Al Li"), provenance=Provenance("2.txt")),
...           Paper(ref="b", title="B", authors=("ZOË KIM",), provenance=Provenance("1.txt"))]
>>> persons = person_table(papers, paper_table(papers))
>>> persons.ids, persons.labels, persons.sources
(['person/zoe-kim-540e184484', 'person/al-li-4406aa0fc0'], ['Zoë Kim', 'Al Li'], [('1.txt', '2.txt'), ('2.txt',)])
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kg.paper_decisions import PaperTable, merge_order
from kg.shared_values import SharedValues
from ontology.ids import node_id, normalize_text
from ontology.records import Paper

__all__ = ["PersonTable", "authors_source", "creator_edges", "group_authors", "person_attributes", "person_id",
           "person_table"]


@lru_cache(maxsize=200_000)
def person_id(name: str) -> str:
    """The node id of the person named ``name`` (its folded spelling).

    >>> person_id("Zoë  Kim") == person_id("ZOË KIM")
    True
    """
    return node_id("person", normalize_text(name))


@dataclass(frozen=True)
class PersonTable:
    """D6 as columns, one entry per person in the order assembly first meets them (paper groups in root order,
    authors in list order): ``ids[i]``, its ``labels[i]`` and its sorted ``sources[i]``."""

    ids: list[str]
    labels: list[str]
    sources: list[tuple[str, ...]]


def group_authors(members: Sequence[Paper]) -> tuple[tuple[str, ...], str]:
    """A paper group's author list and the source it is taken from (``members`` in replay order)."""
    authors = max((p.authors for p in merge_order(members)), key=len)
    return authors, authors_source(members, authors)


def authors_source(members: Sequence[Paper], authors: Sequence[str]) -> str:
    """The source of a paper group's author list: the first of ``members`` (in replay order) giving exactly it."""
    return next(p.provenance.source for p in members if tuple(authors) == p.authors)


def person_table(papers: Iterable[Paper], table: PaperTable) -> PersonTable:
    """Every person the paper groups of ``papers`` name (``table``: their :func:`~kg.paper_decisions.paper_table`)."""
    members = table.members(papers)
    index: dict[str, int] = {}
    labels: list[str] = []
    sources: list[set[str]] = []
    for g, group in enumerate(members):
        authors, source = group_authors(group)
        members[g] = []
        for name in authors:
            at = index.setdefault(person_id(name), len(labels))
            if at == len(labels):
                labels.append(name)
                sources.append(set())
            sources[at].add(source)
    return PersonTable(ids=list(index), labels=labels, sources=[tuple(sorted(s)) for s in sources])


def person_attributes(persons: PersonTable, at: int, shared: SharedValues) -> dict[str, Any]:
    """The attributes of person ``persons.ids[at]``'s node (D6): read by :func:`kg.graph.build_graph` and
    :func:`kg.partition_rows.partition_rows` alike.

    >>> from kg.paper_decisions import paper_table
    >>> from ontology.records import Paper, Provenance
    >>> papers = [Paper(ref="a", title="A", authors=("Al Li",), provenance=Provenance("a.txt"))]
    >>> person_attributes(person_table(papers, paper_table(papers)), 0, SharedValues())
    {'kind': 'person', 'label': 'Al Li', 'name': 'Al Li', 'sources': ['a.txt']}
    """
    label = persons.labels[at]
    return {"kind": "person", "label": label, "name": label, "sources": shared.list(persons.sources[at])}


def creator_edges(paper: str, authors: Sequence[str], source: str) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """The paper→person ``creator`` statements of paper node ``paper`` in author order, as (paper, person,
    ``"creator"``, attributes) for :func:`kg.stated_edges.merged_edge` (``source``: where the group's author list is
    from, :func:`group_authors`); a name given twice is stated twice, and merged there.

    >>> [edge[1:] for edge in creator_edges("paper/a", ["Al Li"], "a.txt")]
    [('person/al-li-4406aa0fc0', 'creator', {'source': 'a.txt', 'position': 1})]
    """
    for position, name in enumerate(authors, start=1):
        yield paper, person_id(name), "creator", {"source": source, "position": position}
