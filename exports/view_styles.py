"""How the HTML views draw things: one style per node kind and per relation, and node sizes.

The tables follow docs/graph-model.md, in legend order; a kind or relation
not in them is drawn with :data:`OTHER_KIND_STYLE` / :data:`OTHER_RELATION_STYLE`.

Examples
--------
>>> KIND_STYLES["venue"].shape, kind_style("poster").color == OTHER_KIND_STYLE.color
('star', True)
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from exports.view_text import display_text

__all__ = [
    "KIND_STYLES",
    "OTHER_KIND_STYLE",
    "OTHER_RELATION_STYLE",
    "RELATION_STYLES",
    "USED_WITH",
    "WEAK_DASHES",
    "WEAK_OPACITY",
    "KindStyle",
    "RelationStyle",
    "kind_of",
    "kind_order",
    "kind_style",
    "node_size",
    "relation_style",
    "view_options",
]


@dataclass(frozen=True)
class KindStyle:
    """How nodes of one kind are drawn (vis-network shape), and the symbol the legend shows."""

    color: str
    shape: str
    symbol: str


@dataclass(frozen=True)
class RelationStyle:
    """How edges of one relation are drawn."""

    color: str
    dashes: bool
    arrows: str  # "to" or "" (no arrow head)


#: Styles of the node kinds in docs/graph-model.md, in legend order.
KIND_STYLES: dict[str, KindStyle] = {
    "paper": KindStyle("#4e79a7", "dot", "\u25cf"),
    "venue": KindStyle("#f28e2b", "star", "\u2605"),
    "method": KindStyle("#59a14f", "diamond", "\u25c6"),
    "dataset": KindStyle("#e15759", "square", "\u25a0"),
    "model": KindStyle("#b07aa1", "triangle", "\u25b2"),
    "person": KindStyle("#9c755f", "triangleDown", "\u25bc"),
    "task": KindStyle("#499894", "hexagon", "\u2b22"),
    "metric": KindStyle("#d4a017", "dot", "\u25cf"),
}
#: Style of a node kind not in :data:`KIND_STYLES`.
OTHER_KIND_STYLE = KindStyle("#9d9d9d", "dot", "\u25cf")

#: Edge styles of the relations in docs/graph-model.md, in legend order.
RELATION_STYLES: dict[str, RelationStyle] = {
    "proposes": RelationStyle("#3b7d34", False, "to"),
    "uses": RelationStyle("#a0a0a0", False, "to"),
    "presentedAt": RelationStyle("#f28e2b", False, "to"),
    "creator": RelationStyle("#c9ab97", False, ""),
    "nextInProgram": RelationStyle("#c9b8a8", True, "to"),
    "similarTo": RelationStyle("#76b7b2", True, ""),
    "usedWith": RelationStyle("#b8b8b8", False, ""),
}
#: How a weak ``similarTo`` link (strength below 0.25 of a reference build's links, only title labels shared, or no
#: shared entity nor term, ``weak=True``) is drawn:
#: its relation's colour at this opacity, with short dashes; the page has a check box that hides them.
WEAK_OPACITY = 0.35
WEAK_DASHES = (2, 6)
#: The relation of the entity landscape's edges: papers name both entities (not a relation of the graph).
USED_WITH = "usedWith"
#: Style of a relation not in :data:`RELATION_STYLES`.
OTHER_RELATION_STYLE = RelationStyle("#bbbbbb", False, "to")


def kind_style(kind: str) -> KindStyle:
    """The style of node kind ``kind``.

    >>> kind_style("paper").symbol
    '●'
    """
    return KIND_STYLES.get(kind, OTHER_KIND_STYLE)


def relation_style(relation: str) -> RelationStyle:
    """The style of edges of ``relation``.

    >>> relation_style("similarTo").dashes, relation_style("cites").arrows
    (True, 'to')
    """
    return RELATION_STYLES.get(relation, OTHER_RELATION_STYLE)


def kind_of(attrs: Mapping[str, Any]) -> str:
    """The kind a view files a node under: its ``kind`` attribute as text, or ``"other"``.

    >>> kind_of({"kind": "dataset"}), kind_of({})
    ('dataset', 'other')
    """
    return display_text(attrs.get("kind")) or "other"


def kind_order(kind: str) -> int:
    """Position of ``kind`` in the legend; kinds without a style come after all the others.

    >>> kind_order("paper") < kind_order("person") < kind_order("poster")
    True
    """
    kinds = list(KIND_STYLES)
    return kinds.index(kind) if kind in kinds else len(kinds)


def node_size(degree: int) -> float:
    """Node radius in pixels, growing with the logarithm of the degree.

    >>> node_size(0), node_size(7), node_size(10**6)
    (8.0, 20.0, 48.0)
    """
    return round(min(48.0, 8.0 + 4.0 * math.log2(1 + degree)), 1)


def view_options(node_count: int, kinds: Iterable[str]) -> dict[str, Any]:
    """vis-network options: physics off (positions are precomputed), one group per node kind."""
    big = node_count > 1000
    groups = {}
    for kind in kinds:
        style = kind_style(kind)
        groups[kind] = {"shape": style.shape, "color": style.color}
    return {
        "physics": {"enabled": False},
        "layout": {"improvedLayout": False},
        "interaction": {
            "hover": True,
            "tooltipDelay": 3600000,  # the page draws its own tooltip
            "hideEdgesOnDrag": big,
            "hideEdgesOnZoom": big,
        },
        "groups": groups,
        "nodes": {"borderWidth": 1, "font": {"size": 12, "face": "sans-serif"}},
        "edges": {"smooth": False, "width": 1, "arrows": {"to": {"scaleFactor": 0.5}}},
    }
