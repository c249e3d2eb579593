"""Entity nodes from the mentions of every paper, as the entity table decides them.

Assembly's entity step (:func:`kg.graph.build_graph` calls :func:`add_entities` once the papers are merged): which
mentions are one node, of which kind, with which id, label and acronym records is
:func:`kg.entity_decisions.entity_table`'s (decisions D9-D21 of docs/scaling.md); this module makes each node and
its paper→entity ``proposes``/``uses`` edges with every mention as provenance (:func:`_add_entity`).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from kg.entity_decisions import entity_table
from kg.shared_keys import add_edge, add_node, shared_key_dict
from kg.shared_values import SharedValues
from ontology.records import EntityKind, Mention, Relation

__all__ = ["add_entities", "entity_attributes", "entity_edge", "entity_edges"]


def add_entities(graph: nx.MultiDiGraph, mentions: list[Mention], paper_nodes: dict[str, str],
                 shared: SharedValues, positions: Sequence[int] | None = None) -> None:
    """Entity nodes and paper→entity ``proposes``/``uses`` edges.

    Mentions are grouped by :func:`ontology.ids.node_key` (case, hyphens, spaces,
    dots, version marks and plurals folded), with names linked to one ``same_as`` page
    joined, and an acronym joined to its long form as the corpus-wide alias
    table says (:mod:`kg.aliases`): in a paper that defines it, to that paper's
    long form; elsewhere to the sense most defining papers give, if one is
    clear; an ambiguous acronym is one node per sense, never a chain of them.
    British and American spellings are one group (kg.spelling_variants), as are a metric's or a task's (name_variants).
    Nodes of an acronym several papers define record it (``acronyms``, see :func:`kg.aliases.node_records`).
    A group becomes one node unless papers clearly type it differently (see
    :func:`kg.entity_decisions.split_by_kind`): then each kind gets its own node, so a dataset
    and a method that share a name stay apart.  All of it is :func:`kg.entity_decisions.entity_table`'s.

    ``positions``: each mention's index in its document (the table's keys, :func:`kg.entity_decisions.entity_table`).
    ``mentions`` (in document order) is emptied as the nodes are made: each node's mentions go once it is made, so
    that with the documents handed over (``build_graph(consume=True)``) no mention outlives its node.
    """
    table = entity_table(mentions, paper_nodes, positions)
    for part, rows in enumerate(table.members):
        members = [mentions[row] for row in rows]
        for row in rows:
            mentions[row] = None  # type: ignore[call-overload]  # made: the node's mentions go with it
        _add_entity(graph, table.kinds[part], members, paper_nodes, entity=table.ids[part], label=table.labels[part],
                    alt=table.alt_labels[part], acronyms=table.acronyms[part], shared=shared)
        table.members[part] = rows[:0]  # read: the table keeps its ids and labels only
    mentions.clear()


def _add_entity(graph: nx.MultiDiGraph, kind: EntityKind, members: list[Mention], paper_nodes: dict[str, str],
                *, entity: str, label: str, alt: list[str], acronyms: Iterable[dict] = (),
                shared: SharedValues) -> None:
    """One entity node (or more names for an existing one: D21, two parts whose labels fold to one id) and its
    edges from papers: ``entity``, ``label`` and ``alt`` labels as the entity table decides them; ``acronyms``
    (what the alias table says of its root) become its ``acronyms`` attribute (:func:`entity_attributes`,
    :func:`entity_edges`)."""
    made = entity_attributes(graph.nodes[entity] if entity in graph else None, kind, members, label=label, alt=alt,
                             acronyms=acronyms, shared=shared)
    if made is not None:
        add_node(graph, entity, made)
    for paper, relation, facts in entity_edges(members, paper_nodes):
        found = graph.edges[paper, entity, relation] if graph.has_edge(paper, entity, key=relation) else None
        made = entity_edge(found, relation, facts, shared)
        if made is not None:
            add_edge(graph, paper, entity, relation, made)


def entity_attributes(found: dict[str, Any] | None, kind: EntityKind, members: Sequence[Mention], *, label: str,
                      alt: list[str], acronyms: Iterable[dict] = (), shared: SharedValues) -> dict[str, Any] | None:
    """The attributes of a part's entity node: a new node's (returned) when ``found`` is None, else ``found`` (the
    node's attributes so far: D21, an earlier part folded to the same id) updated in place and None returned.
    ``acronyms`` are added to its ``acronyms`` attribute (made only when there are some).  Read by
    :func:`add_entities` and :func:`kg.partition_rows.partition_rows` alike."""
    same_as = sorted({m.same_as for m in members if m.same_as})
    node = found
    if node is None:
        node = {"kind": kind.value, "label": label, "alt_labels": shared.list(alt), "same_as": shared.list(same_as),
                "sources": shared.list(sorted({m.provenance.source for m in members}))}
    else:  # two groups whose preferred names fold to one key
        node["alt_labels"] = shared.list(sorted(set(node["alt_labels"]) | set(alt) | {label} - {node["label"]}))
        node["same_as"] = shared.list(sorted(set(node["same_as"]) | set(same_as)))
        node["sources"] = shared.list(sorted(set(node["sources"]) | {m.provenance.source for m in members}))
    if acronyms:  # only then: the nodes of other names keep exactly their attributes
        known = node.get("acronyms", [])
        node["acronyms"] = known + [record for record in acronyms if record not in known]
    return node if found is None else None


def entity_edges(members: Sequence[Mention], paper_nodes: Mapping[str, str]) -> list[tuple[str, str, list[Mention]]]:
    """A part's paper→entity statements, by paper node (sorted): (paper, relation, its mentions there); the
    relation is ``proposes`` when any of them proposes, else ``uses``.

    >>> from ontology.records import Provenance
    >>> lm = [Mention(ref, "LM", EntityKind.METHOD, relation, Provenance(f"{ref}.txt"))
    ...       for ref, relation in [("b", Relation.USES), ("a", Relation.USES), ("b", Relation.PROPOSES)]]
    >>> [(paper, relation, len(facts)) for paper, relation, facts in entity_edges(lm, {"a": "paper/a", "b": "paper/b"})]
    [('paper/a', 'uses', 1), ('paper/b', 'proposes', 2)]
    """
    by_paper: dict[str, list[Mention]] = defaultdict(list)
    for mention in members:
        by_paper[paper_nodes[mention.paper_ref]].append(mention)
    made = []
    for paper, facts in sorted(by_paper.items()):
        relation = Relation.PROPOSES if any(m.relation is Relation.PROPOSES for m in facts) else Relation.USES
        made.append((paper, relation.value, facts))
    return made


def entity_edge(found: dict[str, Any] | None, relation: str, facts: Sequence[Mention],
                shared: SharedValues) -> dict[str, Any] | None:
    """A paper→entity edge's attributes (returned) from its mentions ``facts``, the most confident mention of
    ``relation`` as its provenance; or, when the edge is ``found`` (D21: the second part of a folded id), ``facts``
    added to its ``mentions`` in place and None returned."""
    if found is not None:  # the second group of a folded key
        found["mentions"] = found["mentions"] + [_mention_dict(m, shared) for m in facts]
        return None
    best = max((m for m in facts if m.relation.value == relation), key=lambda m: m.provenance.confidence)
    return {"relation": relation, "confidence": shared.number(best.provenance.confidence),
            "source": best.provenance.source, "start": shared.number(best.provenance.start),
            "end": shared.number(best.provenance.end), "extractor": best.provenance.extractor,
            "sentence": best.provenance.sentence, "mentions": [_mention_dict(m, shared) for m in facts]}


def _mention_dict(mention: Mention, shared: SharedValues) -> dict:
    where = mention.provenance  # spelled out: dataclasses.asdict deep-copies and was a tenth of build time
    return shared_key_dict({"name": mention.name, "relation": mention.relation.value, "source": where.source,
            "start": shared.number(where.start), "end": shared.number(where.end), "extractor": where.extractor,
            "confidence": shared.number(where.confidence), "sentence": where.sentence,
            "line": shared.number(where.line)})  # its keys kept once for every mention (kg.shared_keys)

