"""A graph's sorted N-Triples lines made in the order of their subjects: no external sort.

kg's N-Triples, and the Turtle made from them, are sorted lines
(:mod:`exports.rdf_stream`): subjects in the order of ``"<" + IRI + ">"``,
each subject's lines sorted.  Every subject is one of three things:

- a node's own resource (``RESOURCE_BASE`` + its id): its attributes, its
  out-edges' triples and the links to their qualified nodes and to its fields;
- a *dependant* of a node (its *owner*, as :mod:`exports.rdf_reuse` calls it),
  named by 16 hexadecimal digits of a hash under its kind
  (:data:`DEPENDANT_KINDS`): a ``kg:Authorship``, ``kg:Similarity``,
  ``kg:Mention`` or ``schema:PropertyValue``;
- an extractor's agent (``agent/…``), which no node owns.

So the order is known before any line is made.  :func:`plan_subjects` walks
the owners once and notes each dependant's hash (as a 64-bit number), kind
and owner and what it is made from (the attribute dict of its edge or node,
the edge's target, the place of its mention, basis or field); the node ids
and agents are sorted as their lines sort, each kind's dependants by their
numbers, and since no node id starts with a dependant kind's prefix, each
kind's dependants fall between two of the sorted node subjects.
:func:`ordered_runs` then makes one subject's lines at a time, in that order,
and hands them on in runs of whole subjects: no line is held beyond its run,
nothing is spilled to disk or merged.  The bytes are those of sorting every
line (the tests compare both).

Where that layout does not hold (a node id under a dependant kind's prefix or
holding ``>``, an agent's resource that is also a node's, a hash of another
shape), :func:`plan_subjects` returns None and the caller sorts the lines.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A")
>>> g.add_node("person/b", kind="person", label="B")
>>> _ = g.add_edge("paper/a", "person/b", relation="creator", position=1)
>>> plan = plan_subjects(g)
>>> text = b"".join(run for run, _ in ordered_runs(g, plan)).decode()
>>> [line.split()[0][29:-1] for line in text.splitlines()]  # doctest: +NORMALIZE_WHITESPACE
['authorship/bc02c3f0148242ad', 'authorship/bc02c3f0148242ad', 'authorship/bc02c3f0148242ad',
 'paper/a', 'paper/a', 'paper/a', 'paper/a', 'person/b', 'person/b', 'person/b']
>>> [owners.tolist() for _, owners in ordered_runs(g, plan)]  # each subject's owner, by number in the graph
[[0, 0, 1]]
"""
from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import networkx as nx
import numpy as np

from exports.rdf_edges import (
    agent_triples,
    authorship_iri,
    authorship_triples,
    edge_own_triples,
    edge_sources,
    mention_component,
    mention_iri,
    mention_triples,
    similarity_iri,
    similarity_scores,
    similarity_triples,
)
from exports.rdf_nodes import field_iri, field_triples, node_fields, node_triples
from exports.rdf_stream import RUN_BYTES, LiteralTexts
from exports.rdf_terms import Triple
from ontology.ids import iri_for, node_id
from ontology.kinds import EdgeRelation

__all__ = ["AGENTS", "DEPENDANT_KINDS", "SubjectPlan", "ordered_runs", "plan_subjects"]

#: The owner number of the extractors' agents, which no node owns.
AGENTS = -1
#: The kinds of resources a node's blocks name by a hash: each kind's IRIs are ``iri_for(kind + "/" + 16 hex digits)``.
DEPENDANT_KINDS = ("authorship", "similarity", "mention", "field")
_AUTHORSHIP, _SIMILARITY, _MENTION, _FIELD = range(len(DEPENDANT_KINDS))
_PREFIXES = tuple(iri_for(kind + "/") for kind in DEPENDANT_KINDS)
_CREATOR, _SIMILAR_TO = EdgeRelation.CREATOR.value, EdgeRelation.SIMILAR_TO.value  # plain str: fast ==


@dataclass
class SubjectPlan:
    """Every subject of a graph's RDF in the order of its lines, and what makes each (:func:`plan_subjects`).

    ``agents`` holds, for each owner in the graph's order, the extractors its mentions name; ``distinct`` is
    False when two owners name one subject (their lines are then made together, but no block has one owner).
    """

    nodes: list[str]
    agents: list[frozenset[str]]
    components: list[str]
    simple: np.ndarray  # the node subjects and agents in order: an owner's number, or -1 - an agent's place
    inserts: list[tuple[int, int]]  # (place in ``simple``, kind): where each kind's dependants go, by place
    keys: np.ndarray  # each dependant's 16 digits as a number
    by_kind: list[np.ndarray]  # for each kind of DEPENDANT_KINDS, its dependants (indexes into these arrays) by number
    owners: np.ndarray  # its owner's number
    places: np.ndarray  # the place of its mention, basis or field
    refs: list[dict]  # the attributes of its edge (of its node for a field)
    targets: list[str | None]  # its edge's target (None for a field)
    distinct: bool
    subjects: int  # how many subjects in all


class _Dependants:
    """The dependants of a graph as :func:`plan_subjects` finds them, in arrays (about 30 bytes each)."""

    def __init__(self) -> None:
        self.keys = array("Q")
        self.kinds = array("b")
        self.owners = array("i")
        self.places = array("i")
        self.refs: list[dict] = []
        self.targets: list[str | None] = []
        self.shapely = True  # every IRI was its kind's prefix and 16 lowercase hexadecimal digits

    def add(self, kind: int, iri: str, owner: int, place: int, ref: dict, target: str | None) -> None:
        digits = iri[-16:]
        try:
            number = int(digits, 16)
        except ValueError:
            number = -1
        if iri[:-16] != _PREFIXES[kind] or number < 0 or f"{number:016x}" != digits:
            self.shapely = False
            return
        self.keys.append(number)
        self.kinds.append(kind)
        self.owners.append(owner)
        self.places.append(place)
        self.refs.append(ref)
        self.targets.append(target)


def plan_subjects(graph: nx.MultiDiGraph) -> SubjectPlan | None:
    """The order of every subject of ``graph``'s RDF, found from the IRIs alone; None where the layout of the
    module's docstring does not hold (the caller then sorts the lines).

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("mention/x", kind="method", label="X")  # a node under a dependant kind's prefix
    >>> plan_subjects(g) is None
    True
    """
    nodes: list[str] = list(graph._node)  # the dicts behind graph.nodes and graph.succ: no view per item
    attributes, adjacency = graph._node, graph._succ
    found = _Dependants()
    agents: list[frozenset[str]] = []
    sets: dict[frozenset[str], frozenset[str]] = {frozenset(): frozenset()}  # one frozenset per set of names
    for number, node in enumerate(nodes):
        if not isinstance(node, str) or ">" in node:
            return None
        subject = iri_for(node)
        attrs = attributes[node]
        for place, (key, _) in enumerate(node_fields(attrs)):
            found.add(_FIELD, field_iri(subject, key), number, place, attrs, None)
        named: set[str] = set()
        for target, keyed in adjacency[node].items():
            obj = iri_for(target)
            for data in keyed.values():
                relation = data.get("relation")
                if relation == _CREATOR:
                    found.add(_AUTHORSHIP, authorship_iri(subject, obj), number, 0, data, target)
                elif relation == _SIMILAR_TO:
                    for place, (name, _) in enumerate(similarity_scores(data)):
                        found.add(_SIMILARITY, similarity_iri(subject, obj, name), number, place, data, target)
                for place, mention in enumerate(data.get("mentions") or ()):
                    found.add(_MENTION, mention_iri(subject, obj, mention), number, place, data, target)
                    named.add(mention_component(mention))
        names = frozenset(named)
        agents.append(sets.setdefault(names, names))
    if not found.shapely:
        return None
    components = sorted(set().union(*agents))
    # a line "<S1> ..." sorts before "<S2> ..." exactly when S1 + ">" sorts before S2 + ">" (no IRI here holds ">");
    # every IRI is RESOURCE_BASE + a local name, so the local names + ">" sort as the lines do
    names = [node + ">" for node in nodes] + [node_id("agent", component) + ">" for component in components]
    order = sorted(range(len(names)), key=names.__getitem__)
    ordered = [names[place] for place in order]
    del names
    if any(a == b for a, b in pairwise(ordered)):  # an agent's resource is also a node's
        return None
    inserts = []
    for kind, name in sorted(enumerate(DEPENDANT_KINDS), key=lambda item: item[1] + "/"):
        place = bisect_left(ordered, name + "/")
        if place < len(ordered) and ordered[place].startswith(name + "/"):  # a node among the dependants
            return None
        inserts.append((place, kind))
    simple = np.array([place if place < len(nodes) else len(nodes) - 1 - place for place in order], dtype=np.int64)
    keys = np.frombuffer(found.keys, dtype=np.uint64)
    owners = np.frombuffer(found.owners, dtype=np.int32)
    distinct, subjects = True, len(simple)
    kinds = np.frombuffer(found.kinds, dtype=np.int8)
    by_kind = []
    for kind in range(len(DEPENDANT_KINDS)):
        mine = np.flatnonzero(kinds == kind)
        mine = mine[np.argsort(keys[mine], kind="stable")]
        by_kind.append(mine.astype(np.int32))  # held to the writing: 4 bytes a dependant
        same = keys[mine[1:]] == keys[mine[:-1]]
        subjects += len(mine) - int(np.count_nonzero(same))
        if np.any(same & (owners[mine[1:]] != owners[mine[:-1]])):
            distinct = False
    return SubjectPlan(nodes, agents, components, simple, inserts, keys, by_kind, owners,
                       np.frombuffer(found.places, dtype=np.int32), found.refs, found.targets, distinct, subjects)


def ordered_runs(graph: nx.MultiDiGraph, plan: SubjectPlan, *,
                 run_bytes: int = RUN_BYTES) -> Iterator[tuple[bytes, np.ndarray]]:
    """The sorted, distinct N-Triples lines of ``graph`` (planned by :func:`plan_subjects`), as UTF-8 runs of
    whole subjects cut near ``run_bytes``, each with its subjects' owners in order (an owner's number in the
    graph's order; :data:`AGENTS` for an extractor's agent)."""
    made = _Maker(graph, plan)
    pending: list[bytes] = []
    owners = array("i")
    size = 0
    for data, owner in _subjects(plan, made):
        pending.append(data)
        owners.append(owner)
        size += len(data)
        if size >= run_bytes:
            yield b"".join(pending), np.array(owners, dtype=np.int32)
            pending, owners, size = [], array("i"), 0
    if pending:
        yield b"".join(pending), np.array(owners, dtype=np.int32)


def _subjects(plan: SubjectPlan, made: _Maker) -> Iterator[tuple[bytes, int]]:
    """Each subject's lines (UTF-8) and owner, in order: the node subjects and agents, each kind's dependants at
    its place among them."""
    inserts = iter(plan.inserts)
    insert = next(inserts, None)
    simple = plan.simple.tolist()
    for place in range(len(simple) + 1):
        while insert is not None and insert[0] == place:
            yield from _dependants(plan, made, insert[1])
            insert = next(inserts, None)
        if place < len(simple):
            number = simple[place]
            if number >= 0:
                yield made.node(number), number
            else:
                yield made.agent(plan.components[-1 - number]), AGENTS


def _dependants(plan: SubjectPlan, made: _Maker, kind: int) -> Iterator[tuple[bytes, int]]:
    """The subjects of one dependant kind, by number; the dependants sharing a number made as one subject.

    The sorted dependants are taken as Python numbers a slice at a time (all of one kind at once would be about
    40 bytes each more while they are made).
    """
    mine = plan.by_kind[kind]
    prefix = _PREFIXES[kind]
    group: list[int] = []  # the dependants of the number in hand, not yet made
    number = -1
    for first in range(0, len(mine), _SLICE):
        part = mine[first:first + _SLICE]
        for index, key, owner, place in zip(part.tolist(), plan.keys[part].tolist(), plan.owners[part].tolist(),
                                            plan.places[part].tolist()):
            if key != number and group:
                yield _made(made, kind, f"{prefix}{number:016x}", group)
                group = []
            number = key
            group += (index, owner, place)
    if group:
        yield _made(made, kind, f"{prefix}{number:016x}", group)


#: Dependants taken as Python numbers at a time.
_SLICE = 8192


def _made(made: _Maker, kind: int, iri: str, group: list[int]) -> tuple[bytes, int]:
    """The lines of the dependant ``iri`` made from the dependants in ``group`` (index, owner, place, ...), most
    often one, and its (first) owner."""
    if len(group) == 3:
        return made.lines(made.dependant_triples(kind, iri, *group)), group[1]
    triples = [triple for at in range(0, len(group), 3) for triple in made.dependant_triples(kind, iri, *group[at:at + 3])]
    return made.lines(triples), group[1]


class _Maker:
    """The lines of one subject at a time: a node's own, an agent's, a dependant's."""

    def __init__(self, graph: nx.MultiDiGraph, plan: SubjectPlan) -> None:
        self._plan = plan
        self._attributes, self._adjacency = graph._node, graph._succ
        self._kind_of = {node: attrs.get("kind") for node, attrs in graph._node.items()}.__getitem__
        self._agents = {component: iri_for(node_id("agent", component)) for component in plan.components}
        self._literals = LiteralTexts()
        self._refs, self._targets = plan.refs, plan.targets

    def node(self, number: int) -> bytes:
        """The lines whose subject is node ``number``'s resource: the triples of ``owner_triples`` with that
        subject."""
        node = self._plan.nodes[number]
        attrs = self._attributes[node]
        triples = node_triples(node, attrs)
        if node_fields(attrs):
            subject = iri_for(node)
            triples = [triple for triple in triples if triple[0] == subject]
        kind_of = self._kind_of
        for target, keyed in self._adjacency[node].items():
            kind = kind_of(target)
            for data in keyed.values():
                triples += edge_own_triples(node, target, data, kind)
        return self.lines(triples)

    def agent(self, component: str) -> bytes:
        return self.lines(agent_triples(component, self._agents[component]))

    def dependant_triples(self, kind: int, iri: str, index: int, owner: int, place: int) -> list[Triple]:
        """The triples of dependant ``index`` of the plan (of node ``owner``, its mention, basis or field number
        ``place``), whose IRI is ``iri``."""
        data = self._refs[index]
        if kind == _MENTION:
            return mention_triples(iri_for(self._plan.nodes[owner]), iri_for(self._targets[index]),
                                   data["mentions"][place], self._agents, iri)
        if kind == _SIMILARITY:
            name, score = similarity_scores(data)[place]
            return similarity_triples(iri, iri_for(self._targets[index]), name, score, data, edge_sources(data))
        if kind == _AUTHORSHIP:
            return authorship_triples(iri, iri_for(self._targets[index]), data, edge_sources(data))
        key, value = node_fields(data)[place]
        return field_triples(iri, key, value)

    def lines(self, triples: list[Triple]) -> bytes:
        """The sorted, distinct N-Triples lines of ``triples`` (one subject's), as UTF-8."""
        literals = self._literals
        lines = []
        for subject, predicate, obj in triples:
            if obj.__class__ is str:
                lines.append(f"<{subject}> <{predicate}> <{obj}> .\n")
                continue
            lines.append(f"<{subject}> <{predicate}> {literals[obj]} .\n")
        if len(lines) > 1:
            lines = sorted(set(lines))
        return "".join(lines).encode("utf-8")
