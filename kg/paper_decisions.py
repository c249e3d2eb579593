"""Which paper records are one paper, and each paper node's id, as a table computed from the records alone.

Assembly's paper decisions (docs/scaling.md, round h14bw: D1 a record's keys, D2 which records are one paper, D3
a paper node's id) need nothing but the paper records, so they are made here, without a graph, as plain columns
that :func:`kg.graph.build_graph` then reads (step S1 of the partitioned assembly).  :func:`paper_table` replays
today's rules exactly:

* records in (source, line, ref) order (the replay order: D2's guard is not order-free, see below);
* identifiers (DOI, Anthology, arXiv, OpenAlex, Semantic Scholar) joined first, kept apart only where the two
  groups' Anthology or arXiv ids differ (:data:`ONE_PAPER_IDS`: a DOI the Anthology gives two papers by mistake);
  then abstract digests, then title keys, each guarded: two groups whose identifiers of one kind, or whose years,
  share nothing stay apart (:class:`PaperGroups`).  A join refused because an earlier join gave a group a
  conflicting trait depends on that order: a yearless record whose title two papers of different years share joins
  the first of them;
* a group's root is its smallest key; groups are named in sorted root order, each by its best key (Anthology id,
  else DOI, title, abstract digest, text digest: the smallest of the group's), with " (year)" and then " #n"
  appended when an earlier group took the plain id (:func:`paper_node_id`).

>>> from ontology.records import Paper, Provenance
>>> papers = [Paper(ref="a", title="One Title", year=2020, provenance=Provenance("x.txt")),
...           Paper(ref="b", title="One Title", year=2021, provenance=Provenance("y.txt")),
...           Paper(ref="c", title="One title", provenance=Provenance("z.txt"))]
>>> table = paper_table(papers)
>>> table.node_map()  # c joins a (first in replay order); b, a year apart, is told apart by it
{'a': 'paper/title-one-title-6da2786f99', 'b': 'paper/title-one-title-2021-b0219cff55', \
'c': 'paper/title-one-title-6da2786f99'}
"""
from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, count
from typing import ClassVar

import numpy as np

from kg.paper_keys import PaperKeys, TextKeys
from kg.union_find import UnionFind
from ontology.ids import node_id
from ontology.records import Paper

__all__ = ["ONE_PAPER_IDS", "PaperGroups", "PaperTable", "merge_order", "paper_node_id", "paper_table",
           "replay_order"]

#: The identifiers that name exactly one paper: two groups with different ones are never one paper, whatever else
#: they share.  A DOI is not among them (the Anthology gives one DOI to two papers: J10-1006 and J10-1008, a book
#: review and a column; W18-6481 and W18-6482), nor are OpenAlex and Semantic Scholar ids (their catalogues hold
#: duplicate records of one paper).
ONE_PAPER_IDS = ("acl", "arxiv")


def replay_order(papers: Iterable[Paper]) -> list[Paper]:
    """``papers`` in the order :func:`paper_table` joins them: by (source, line, ref), ties in the given order."""
    return sorted(papers, key=lambda p: (p.provenance.source, p.provenance.line or 0, p.ref))


def merge_order(members: Iterable[Paper]) -> list[Paper]:
    """One paper group's records in the order their fields are merged (a field's first value wins): the page's
    main paper, then listed papers, then other records, each by source and line; ties in the given order."""
    return sorted(members, key=lambda p: (p.role != "main", p.role != "listed", p.provenance.source,
                                          p.provenance.line or 0))


@dataclass(frozen=True)
class PaperTable:
    """D2 and D3 as columns: one row per paper record in replay order, one entry per paper node in root order.

    ``refs[i]`` is the i-th record's ref (:func:`replay_order`), ``groups[i]`` the index of its paper node;
    ``roots[g]`` is node g's group root (its smallest key; sorted) and ``nodes[g]`` its id.  A ref that two
    records share is one union-find item, so both rows name one node.
    """

    refs: list[str]
    groups: np.ndarray  # int32, one per record
    roots: list[str]
    nodes: list[str]

    def node_map(self) -> dict[str, str]:
        """Every ref -> its paper node id (what ``_add_papers`` returned before this table)."""
        return {ref: self.nodes[g] for ref, g in zip(self.refs, self.groups.tolist())}

    def root_map(self) -> dict[str, str]:
        """Every ref -> its group's root (the key person labels are ordered by, docs/scaling.md D6)."""
        return {ref: self.roots[g] for ref, g in zip(self.refs, self.groups.tolist())}

    def nbytes(self) -> int:
        """Bytes the table holds of its own: the columns, the node ids' and roots' strings (the refs' strings
        are the records'), and the groups' array."""
        own = sum(sys.getsizeof(s) for s in chain(self.nodes, self.roots))
        return own + sum(sys.getsizeof(c) for c in (self.refs, self.roots, self.nodes)) + self.groups.nbytes

    def members(self, papers: Iterable[Paper]) -> list[list[Paper]]:
        """``papers``, the records this table was made from, grouped by paper node: each group in replay order."""
        ordered = replay_order(papers)
        self.check(ordered)
        members: list[list[Paper]] = [[] for _ in self.nodes]
        for paper, g in zip(ordered, self.groups.tolist()):
            members[g].append(paper)
        return members

    def check(self, papers: Sequence[Paper]) -> None:
        """Raise ValueError unless ``papers`` (in replay order) are the records this table was made from."""
        if len(papers) != len(self.refs) or any(p.ref != ref for p, ref in zip(papers, self.refs)):
            raise ValueError("this paper table was made from other paper records: make it with "
                             "paper_table(papers) from the same records that are assembled")


class PaperGroups(UnionFind):
    """Union-find over paper refs that refuses to join papers known to be different.

    Two groups are different papers when both have Anthology ids (or DOIs,
    arXiv, OpenAlex or Semantic Scholar ids) and share none, or both have
    years and share none.  A root keeps only the traits it has (no empty sets), and a joined root's traits
    move to the group's new root, so the table holds one small dict per group: at 1x it had been a new dict of
    six sets for every join, the dropped roots' kept too, 0.35 GB traced of assembly's 1.0 GB peak.
    """

    _NONE: ClassVar[dict[str, set]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.traits: dict[str, dict[str, set]] = {}

    def add(self, paper: Paper, keys: PaperKeys) -> None:
        """Note ``paper``'s identifiers and year as traits of its group."""
        root = self.find(paper.ref)
        values = [(trait, getattr(keys, trait)) for trait in PaperKeys.IDENTIFIERS] + [("year", keys.year)]
        for trait, value in values:
            if value:
                self.traits.setdefault(root, {}).setdefault(trait, set()).add(value)

    def join(self, a: str, b: str, *, guarded_by: Collection[str] | None = None) -> None:
        """Join the groups of ``a`` and ``b``, unless their traits say they are different: every trait, or only
        those named in ``guarded_by``."""
        root_a, root_b = self.find(a), self.find(b)
        if root_a == root_b:
            return
        traits_a, traits_b = self.traits.get(root_a, self._NONE), self.traits.get(root_b, self._NONE)
        if any(traits_b.get(t) and not values & traits_b[t] for t, values in traits_a.items()
               if guarded_by is None or t in guarded_by):
            return
        keep = self.union(root_a, root_b)
        merged = self.traits.pop(root_a, None), self.traits.pop(root_b, None)
        into, other = (merged[0], merged[1]) if keep == root_a else (merged[1], merged[0])
        if into is None:
            into, other = other, None
        if into is None:
            return
        for trait, values in (other or {}).items():
            into.setdefault(trait, set()).update(values)
        self.traits[keep] = into


def paper_table(papers: Iterable[Paper], text_keys: Mapping[int, TextKeys] | None = None) -> PaperTable:
    """Which of ``papers`` are one paper, and each paper node's id (module docstring).

    ``text_keys``: ``id(paper)`` -> its title and abstract keys where the caller has them
    (:class:`~kg.paper_keys.PaperKeyMemo`); the others' are computed.  Documents' order does not matter beyond
    :func:`replay_order`'s ties.

    >>> from ontology.records import Paper, Provenance
    >>> table = paper_table([Paper(ref="x", title="T", doi="10.1/X", provenance=Provenance("p.txt")),
    ...                      Paper(ref="y", title="T", provenance=Provenance("q.txt"))])
    >>> table.refs, table.groups.tolist(), table.roots, table.nodes
    (['x', 'y'], [0, 0], ['doi:10.1/x'], ['paper/doi-10-1-x-19b8c2e03f'])
    """
    ordered = replay_order(papers)
    text_keys = text_keys or {}
    keys = [PaperKeys.of(paper, text_keys.get(id(paper))) for paper in ordered]  # normalising: once
    groups = PaperGroups()
    for paper, paper_keys in zip(ordered, keys):
        groups.add(paper, paper_keys)
    for paper, paper_keys in zip(ordered, keys):
        for name in PaperKeys.IDENTIFIERS:
            strong = getattr(paper_keys, name)
            if strong:
                groups.join(paper.ref, strong, guarded_by=ONE_PAPER_IDS)
    for key_name in ("abstract", "title"):
        for paper, paper_keys in zip(ordered, keys):
            key = getattr(paper_keys, key_name)
            if key:
                groups.join(paper.ref, key)
    record_roots = [groups.find(paper.ref) for paper in ordered]
    del groups
    roots = sorted(set(record_roots))
    index = {root: g for g, root in enumerate(roots)}
    group_of = np.fromiter((index[root] for root in record_roots), dtype=np.int32, count=len(record_roots))
    del record_roots, index
    members: list[list[PaperKeys]] = [[] for _ in roots]
    for g, paper_keys in zip(group_of.tolist(), keys):
        members[g].append(paper_keys)
    del keys
    taken: set[str] = set()
    nodes = []
    for g in range(len(roots)):
        node = paper_node_id(members[g], taken=taken)
        members[g] = []  # each group's keys go once its id is made
        taken.add(node)
        nodes.append(node)
    return PaperTable(refs=[paper.ref for paper in ordered], groups=group_of, roots=roots, nodes=nodes)


def paper_node_id(members: Sequence[PaperKeys], *, taken: set[str] | frozenset[str]) -> str:
    """Anthology id, else DOI, else title, else abstract, else a digest of its raw text: the same paper always
    gets the same id.

    Two different papers with one title (different years, or different
    Anthology ids) are told apart by their year, then by a counter: ``taken`` holds the ids of the groups named
    before (in sorted root order).

    >>> keys = PaperKeys(acl=None, doi=None, title="title:t", abstract=None, year=2020)
    >>> plain = paper_node_id([keys], taken=set())
    >>> plain, paper_node_id([keys], taken={plain})
    ('paper/title-t-670564d8bf', 'paper/title-t-2020-5fa5053f17')
    """
    for name in ("acl", "doi", "title", "abstract", "text"):
        found = sorted(key for key in (getattr(m, name) for m in members) if key)
        if found:
            break
    node = node_id("paper", found[0])
    if node not in taken:
        return node
    year = next((m.year for m in members if m.year), None)
    candidates = chain([f"{found[0]} ({year})"], (f"{found[0]} ({year}) #{n}" for n in count(2)))
    return next(node for node in (node_id("paper", key) for key in candidates) if node not in taken)
