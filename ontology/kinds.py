"""Node kinds and relations of the graph, defined once for every layer.

The enums are ``str`` subclasses, so a member compares equal to the plain
string stored in the networkx graph and in the node-link JSON.

>>> EntityKind.DATASET == "dataset", NodeKind.PERSON.value
(True, 'person')
>>> ENTITY_KINDS
('method', 'dataset', 'model')
>>> EdgeRelation.PRESENTED_AT.value, EdgeRelation.PRESENTED_AT in PAPER_ENTITY_RELATIONS
('presentedAt', False)
"""
from __future__ import annotations

from enum import Enum

__all__ = [
    "NodeKind",
    "EntityKind",
    "Relation",
    "EdgeRelation",
    "PaperLinkKind",
    "ENTITY_KINDS",
    "NODE_KINDS",
    "EDGE_RELATIONS",
    "PAPER_ENTITY_RELATIONS",
]


class NodeKind(str, Enum):
    """The ``kind`` of a node in kg's graph (see docs/graph-model.md)."""

    PAPER = "paper"
    VENUE = "venue"
    METHOD = "method"
    DATASET = "dataset"
    MODEL = "model"
    PERSON = "person"


class EntityKind(str, Enum):
    """What a named thing in an abstract is: the node kinds a paper proposes or uses."""

    METHOD = "method"
    DATASET = "dataset"
    MODEL = "model"


class Relation(str, Enum):
    """How a paper relates to an entity it names."""

    PROPOSES = "proposes"
    USES = "uses"


class PaperLinkKind(str, Enum):
    """Links between two papers stated by a source."""

    NEXT_IN_PROGRAM = "nextInProgram"
    SIMILAR_TO = "similarTo"


class EdgeRelation(str, Enum):
    """The ``relation`` (and key) of an edge in kg's graph."""

    PROPOSES = "proposes"
    USES = "uses"
    PRESENTED_AT = "presentedAt"
    CREATOR = "creator"
    NEXT_IN_PROGRAM = "nextInProgram"
    SIMILAR_TO = "similarTo"


#: Entity kinds as the plain strings stored in the graph, in display order.
ENTITY_KINDS: tuple[str, ...] = tuple(kind.value for kind in EntityKind)
#: Every node kind, as stored in the graph.
NODE_KINDS: tuple[str, ...] = tuple(kind.value for kind in NodeKind)
#: Every edge relation, as stored in the graph.
EDGE_RELATIONS: tuple[str, ...] = tuple(relation.value for relation in EdgeRelation)
#: Relations from a paper to an entity it names.
PAPER_ENTITY_RELATIONS: tuple[str, ...] = tuple(relation.value for relation in Relation)
