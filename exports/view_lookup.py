"""Finding the node a view is asked for by name, and the error a view raises when it cannot be made.

``kg view --venue/--entity/--paper NAME`` looks NAME up with :func:`find_node`:
labels, titles, names and alternative labels match whatever their case and
spacing, and when nothing or too much matches, :class:`ViewError` says what
to try.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("dataset/mmlu", kind="dataset", label="MMLU", alt_labels=["Massive Multitask"])
>>> find_node(g, "massive  multitask"), node_label(g, "dataset/mmlu"), count_phrase(2, "entity")
('dataset/mmlu', 'MMLU', '2 entities')
"""
from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import networkx as nx

from ontology.errors import KgError

__all__ = ["ViewError", "count_phrase", "find_node", "find_nodes", "label_text", "node_kind", "node_label"]


class ViewError(KgError, ValueError):
    """A view cannot be made as asked (no such name, an ambiguous name); the message says what to do."""


def count_phrase(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is 1.

    >>> count_phrase(1, "paper"), count_phrase(1200, "person"), count_phrase(0, "entity")
    ('1 paper', '1,200 people', '0 entities')
    """
    if number != 1:
        noun = {"person": "people"}.get(noun, noun[:-1] + "ies" if noun.endswith("y") else noun + "s")
    return f"{number:,} {noun}"


def node_kind(graph: nx.MultiDiGraph, node: Hashable) -> str:
    """The ``kind`` attribute of ``node`` as a string, ``"other"`` when it has none.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("x")
    >>> node_kind(g, "x")
    'other'
    """
    return str(graph._node[node].get("kind") or "other")  # its attribute dict, without a NodeView lookup


def node_label(graph: nx.MultiDiGraph, node: Hashable) -> str:
    """The name views and the index show for ``node``: its label, title or name (spaces collapsed), else its id.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", title="A   paper")
    >>> node_label(g, "paper/a")
    'A paper'
    """
    return label_text(graph.nodes[node], node)


def label_text(attrs: Mapping[str, Any], node: Hashable) -> str:
    """:func:`node_label` of a node's attributes ``attrs``: the index reads it of a graph or of table columns.

    >>> label_text({"label": "", "name": " B  E"}, "x"), label_text({}, "x")
    ('B E', 'x')
    """
    for key in ("label", "title", "name"):
        if attrs.get(key):
            return " ".join(str(attrs[key]).split())
    return str(node)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + "\u2026"


def _fold(text: str) -> str:
    return " ".join(str(text).casefold().split())


def _names(attrs: Mapping[str, Any]) -> list[str]:
    names = [attrs.get(key) for key in ("label", "title", "name")]
    alt = attrs.get("alt_labels")
    if isinstance(alt, (list, tuple)):
        names.extend(alt)
    return [_fold(n) for n in names if isinstance(n, str) and n.strip()]


def find_nodes(graph: nx.MultiDiGraph, name: str, *, kinds: Iterable[str] | None = None) -> list[Hashable]:
    """Nodes called ``name`` (label, title, name or alternative label; case and spacing ignored),
    or, when none is, those whose names contain it; most connected first.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("model/bert", kind="model", label="BERT")
    >>> g.add_node("method/bert", kind="method", label="Bert", alt_labels=["BERT encoder"])
    >>> g.add_node("dataset/mmlu", kind="dataset", label="MMLU")
    >>> find_nodes(g, " bert ")
    ['method/bert', 'model/bert']
    >>> find_nodes(g, "bert", kinds=["model"]), find_nodes(g, "mml")
    (['model/bert'], ['dataset/mmlu'])
    """
    wanted = set(kinds) if kinds is not None else None
    query = _fold(name)
    if not query:
        return []
    exact, partial = [], []
    for node, attrs in graph.nodes(data=True):
        if wanted is not None and str(attrs.get("kind")) not in wanted:
            continue
        names = _names(attrs)
        if query in names or query == _fold(str(node)):
            exact.append(node)
        elif any(query in n for n in names):
            partial.append(node)
    found = exact or partial
    return sorted(found, key=lambda n: (-graph.degree(n), str(n)))


def find_node(graph: nx.MultiDiGraph, name: str, *, kinds: Iterable[str] | None = None, what: str = "node") -> Hashable:
    """The one node :func:`find_nodes` finds for ``name``; :class:`ViewError` saying what to try otherwise.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("dataset/mmlu", kind="dataset", label="MMLU")
    >>> find_node(g, "mmlu")
    'dataset/mmlu'
    >>> find_node(g, "MMLV", what="entity")
    Traceback (most recent call last):
    ...
    exports.view_lookup.ViewError: no entity is called 'MMLV' or has it in its name; did you mean: MMLU?
    """
    kinds = list(kinds) if kinds is not None else None
    found = find_nodes(graph, name, kinds=kinds)
    if len(found) == 1:
        return found[0]
    if not found:
        labels = sorted({node_label(graph, n) for n, k in graph.nodes(data="kind") if kinds is None or k in kinds})
        close = difflib.get_close_matches(name, labels, n=5, cutoff=0.6)
        hint = f"; did you mean: {', '.join(close)}?" if close else "; check the spelling, or search the overview page"
        raise ViewError(f"no {what} is called {name!r} or has it in its name{hint}")
    shown = "; ".join(f"{_clip(node_label(graph, n), 60)!r} ({node_kind(graph, n)})" for n in found[:5])
    more = f" and {len(found) - 5} more" if len(found) > 5 else ""
    kinds_found = sorted({node_kind(graph, n) for n in found})
    advice = "add --kind to choose" if len(kinds_found) > 1 else "give more of the name"
    raise ViewError(f"{count_phrase(len(found), what)} match {name!r}: {shown}{more}; {advice}")
