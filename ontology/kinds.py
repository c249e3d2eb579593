"""Node kinds and relations of the graph, defined once for every layer.

The enums are ``str`` subclasses, so a member compares equal to the plain
string stored in the networkx graph and in the node-link JSON.

>>> EntityKind.DATASET == "dataset", NodeKind.PERSON.value
(True, 'person')
>>> ENTITY_KINDS
('method', 'dataset', 'model', 'task', 'metric')
>>> EdgeRelation.PRESENTED_AT.value, EdgeRelation.PRESENTED_AT in PAPER_ENTITY_RELATIONS
('presentedAt', False)

A paper's edge to a task or a metric is a ``proposes`` or ``uses`` edge like
any other (the role: it introduces the task or metric, or works on / reports
it); in RDF it becomes the kind's own predicate, whatever the role, so that
``kg:proposes``/``kg:uses`` keep meaning "method, dataset or model":

>>> ENTITY_PREDICATES[EntityKind.TASK], ENTITY_PREDICATES[EntityKind.METRIC]
('addressesTask', 'evaluatesWith')
>>> EntityKind.METHOD in ENTITY_PREDICATES
False
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
    "EntityPredicate",
    "ENTITY_PREDICATES",
]


class NodeKind(str, Enum):
    """The ``kind`` of a node in kg's graph (see docs/graph-model.md)."""

    PAPER = "paper"
    VENUE = "venue"
    METHOD = "method"
    DATASET = "dataset"
    MODEL = "model"
    TASK = "task"
    METRIC = "metric"
    PERSON = "person"


class EntityKind(str, Enum):
    """What a named thing in an abstract is: the node kinds a paper proposes or uses.

    ``TASK``: a research problem a paper works on (named entity recognition,
    KGQA, machine translation). ``METRIC``: a measure results are reported in
    (BLEU, F1, nDCG@10). A task is never a method: ``multimodal NER (MNER)``
    is a task.
    """

    METHOD = "method"
    DATASET = "dataset"
    MODEL = "model"
    TASK = "task"
    METRIC = "metric"


class Relation(str, Enum):
    """How a paper relates to an entity it names."""

    PROPOSES = "proposes"
    USES = "uses"


class EntityPredicate(str, Enum):
    """RDF predicates (``kg:`` local names) for a paper's edge to a task or a metric, whatever its role."""

    ADDRESSES_TASK = "addressesTask"
    EVALUATES_WITH = "evaluatesWith"


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
#: The RDF predicate of a paper's ``proposes``/``uses`` edge to an entity of this kind, where it is not the role's
#: own (``kg:proposes``/``kg:uses``); the edge's mentions keep the role (``kg:role``).
ENTITY_PREDICATES: dict[str, str] = {
    EntityKind.TASK.value: EntityPredicate.ADDRESSES_TASK.value,
    EntityKind.METRIC.value: EntityPredicate.EVALUATES_WITH.value,
}
