"""The kinds of view, in one table: which nodes each shows, its file name, title and intro.

:data:`VIEW_KINDS` maps a view-kind name to a :class:`ViewKind`; the
writers in :mod:`exports.views` look everything up there, so adding a kind
of view is one entry plus the function that selects its nodes.

* ``overview`` -- the entity landscape of every paper;
* ``papermap`` -- every paper placed by similarity, in labelled clusters;
* ``venue`` -- a venue, its papers and their entities and authors (:func:`venue_graph`);
* ``paper`` -- a paper, everything linked to it, and the papers sharing its entities or authors;
* ``person`` and ``entity`` -- a node's papers and their entities (and co-authors);
* ``kind`` -- every node of one kind and the papers linked to them (:func:`kind_graph`).

The views centred on a node (``centred=True``) say which node kinds they are
for; :func:`ego_view_kind` picks the one for a node, ``entity`` for any kind
no entry claims.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
>>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
>>> view = VIEW_KINDS[ego_view_kind(g, "dataset/d")]
>>> view.file_name("dataset/d"), view.title(g, "dataset/d"), sorted(view.select(g, "dataset/d"))
('dataset-d.html', 'dataset/d (dataset)', ['dataset/d', 'paper/a'])
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from exports.view_lookup import ViewError, node_kind, node_label
from ontology.kinds import ENTITY_KINDS

__all__ = [
    "DEFAULT_EGO_VIEW",
    "OVERVIEW",
    "PAPER_MAP",
    "VIEW_KINDS",
    "ViewKind",
    "all_papers",
    "ego_graph",
    "ego_view_kind",
    "ego_view_of_kind",
    "has_similar_papers",
    "kind_file_name",
    "kind_graph",
    "papers_of",
    "venue_graph",
    "venue_papers",
    "view_file_name",
    "view_kind",
]

#: File name of the overview.
OVERVIEW = "overview.html"
#: File name of the paper map (no ``-``: never the name of a node's view).
PAPER_MAP = "papermap.html"

# ---------------------------------------------------------------------------
# File names
# ---------------------------------------------------------------------------

_SLUG_JUNK = re.compile(r"[^a-z0-9]+")


def view_file_name(node: Hashable) -> str:
    """File name of the view centred on ``node``: its id made safe, with a digest where that lost anything.

    Names are lower-case ASCII letters, digits and at least one ``-``, so
    they never collide with ``index.html``, ``overview.html`` or the kind
    views (``kind_….html``).

    >>> view_file_name("venue/acl-2026")
    'venue-acl-2026.html'
    >>> view_file_name("dataset/Ünï code")
    'dataset-uni-code-48c35ed5.html'
    """
    text = str(node)
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _SLUG_JUNK.sub("-", folded.lower()).strip("-")[:80].strip("-")
    if "/" not in text or slug.replace("-", "/", 1) != text:
        slug = f"{slug or 'node'}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"
    return f"{slug}.html"


def kind_file_name(kind: str) -> str:
    """File name of the view of one node kind.

    >>> kind_file_name("dataset")
    'kind_dataset.html'
    """
    slug = _SLUG_JUNK.sub("-", kind.lower()).strip("-")
    if slug != kind:
        slug = f"{slug}-{hashlib.sha1(kind.encode('utf-8')).hexdigest()[:8]}"
    return f"kind_{slug}.html"


# ---------------------------------------------------------------------------
# Which nodes each view shows
# ---------------------------------------------------------------------------


def _induced(graph: nx.MultiDiGraph, nodes: Iterable[Hashable]) -> nx.MultiDiGraph:
    """The subgraph on ``nodes`` with every edge between them, nodes and edges added in sorted order."""
    keep = set(nodes)
    sub = nx.MultiDiGraph()
    node_attrs, succ = graph._node, graph._succ  # the dicts behind graph.nodes and graph.succ: no view per node
    sub.add_nodes_from((n, node_attrs[n]) for n in sorted(keep, key=str))
    edges = [
        (u, v, k, d)
        for u in keep
        for v, keyed in succ[u].items()
        if v in keep
        for k, d in keyed.items()
    ]
    sub.add_edges_from(sorted(edges, key=lambda e: (str(e[0]), str(e[1]), str(e[2]))))
    return sub


def _neighbours(graph: nx.MultiDiGraph, node: Hashable) -> set[Hashable]:
    return {*graph._succ[node], *graph._pred[node]}  # the adjacency dicts' keys, without two views and two sets


def papers_of(graph: nx.MultiDiGraph, node: Hashable) -> set[Hashable]:
    """The papers linked to ``node``, in either direction.

    >>> g = nx.MultiDiGraph([("paper/a", "dataset/d"), ("model/m", "dataset/d")])
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> papers_of(g, "dataset/d")
    {'paper/a'}
    """
    return {n for n in _neighbours(graph, node) if node_kind(graph, n) == "paper"}


def venue_papers(graph: nx.MultiDiGraph, venue: Hashable) -> list[Hashable]:
    """The papers presented at ``venue`` (``presentedAt``), sorted.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "venue/v", key="presentedAt", relation="presentedAt")
    >>> _ = g.add_edge("paper/b", "venue/v", key="mentions", relation="mentions")
    >>> venue_papers(g, "venue/v")
    ['paper/a']
    """
    return sorted({u for u, _, key, relation in graph.in_edges(venue, keys=True, data="relation")
                   if (relation or key) == "presentedAt"}, key=str)


def all_papers(graph: nx.MultiDiGraph, _: Any = None) -> list[Hashable]:
    """Every paper of the graph, sorted."""
    return sorted((n for n, k in graph.nodes(data="kind") if k == "paper"), key=str)


def venue_graph(graph: nx.MultiDiGraph, venue: Hashable) -> nx.MultiDiGraph:
    """A venue, the papers presented at it, and their methods, datasets, models and authors.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "venue/v", key="presentedAt", relation="presentedAt")
    >>> _ = g.add_edge("paper/a", "person/x", key="creator", relation="creator")
    >>> _ = g.add_edge("paper/b", "person/x", key="creator", relation="creator")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> sorted(venue_graph(g, "venue/v"))
    ['paper/a', 'person/x', 'venue/v']
    """
    papers = venue_papers(graph, venue)
    keep = {venue, *papers}
    for paper in papers:
        keep.update(n for n in _neighbours(graph, paper) if node_kind(graph, n) in (*ENTITY_KINDS, "person"))
    return _induced(graph, keep)


def _paper_graph(graph: nx.MultiDiGraph, paper: Hashable) -> nx.MultiDiGraph:
    """A paper, everything linked to it, and the other papers of its entities and authors.

    >>> g = nx.MultiDiGraph()
    >>> for p in ("paper/a", "paper/b"):
    ...     _ = g.add_edge(p, "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/b", "model/m", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> sorted(_paper_graph(g, "paper/a"))
    ['dataset/d', 'paper/a', 'paper/b']
    """
    around = _neighbours(graph, paper)
    keep = {paper} | around
    for other in around:
        if node_kind(graph, other) in (*ENTITY_KINDS, "person"):
            keep |= papers_of(graph, other)
    return _induced(graph, keep)


def _entity_nodes(graph: nx.MultiDiGraph, node: Hashable) -> set[Hashable]:
    """The nodes of ``node``'s :func:`_entity_graph`: its papers and their entities, and their nodes of the same
    kind as ``node``.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/a", "person/x", key="creator", relation="creator")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> sorted(_entity_nodes(g, "dataset/d")), sorted(_entity_nodes(g, "person/x"))
    (['dataset/d', 'paper/a'], ['dataset/d', 'paper/a', 'person/x'])
    """
    papers = papers_of(graph, node)
    keep = {node} | papers
    kinds = {*ENTITY_KINDS, node_kind(graph, node)}
    for paper in papers:
        keep.update(n for n in _neighbours(graph, paper) if node_kind(graph, n) in kinds)
    return keep


def _entity_graph(graph: nx.MultiDiGraph, node: Hashable) -> nx.MultiDiGraph:
    """A node's papers and their entities, and their nodes of the same kind as ``node`` (a person's co-authors)."""
    return _induced(graph, _entity_nodes(graph, node))


def ego_graph(graph: nx.MultiDiGraph, node: Hashable) -> nx.MultiDiGraph:
    """The neighbourhood a view centred on ``node`` shows (that of its :func:`ego_view_kind`).

    * a paper: everything linked to it (venue, authors, entities, linked
      papers) and the other papers of its entities and authors;
    * a venue: :func:`venue_graph`;
    * anything else (an entity, a person): its papers and their entities,
      and their nodes of the same kind as ``node`` (a person's co-authors).

    >>> g = nx.MultiDiGraph()
    >>> for p in ("paper/a", "paper/b"):
    ...     _ = g.add_edge(p, "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/b", "model/m", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/c", "model/m", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> sorted(ego_graph(g, "dataset/d"))
    ['dataset/d', 'model/m', 'paper/a', 'paper/b']
    >>> sorted(ego_graph(g, "paper/a"))
    ['dataset/d', 'paper/a', 'paper/b']
    """
    return VIEW_KINDS[ego_view_kind(graph, node)].select(graph, node)


def kind_graph(graph: nx.MultiDiGraph, kind: str) -> nx.MultiDiGraph:
    """Every node of ``kind`` and the papers linked to them.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/a", "model/m", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> sorted(kind_graph(g, "dataset"))
    ['dataset/d', 'paper/a']
    """
    chosen = [n for n, k in graph.nodes(data="kind") if k == kind]
    keep = set(chosen)
    for node in chosen:
        keep |= papers_of(graph, node)
    return _induced(graph, keep)



# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ViewKind:
    """One kind of view.  ``subject`` below is what the view is about: a node, a kind name, or ``None``.

    Attributes
    ----------
    select : callable
        ``(graph, subject) -> graph``: the nodes and edges the view shows
        (the page then keeps at most ``top`` of them).
    file_name : callable
        ``subject -> str``: the page's file name in the views folder.
    title : callable
        ``(graph, subject) -> str``: the page title.
    intro : callable
        ``(graph, subject) -> str``: one sentence saying what the view shows.
    centred : bool
        Whether the subject is a node the page is laid out around (an ego view).
    node_kinds : tuple of str
        For centred views: the node kinds whose view this is.
    check : callable, optional
        ``(graph, subject) -> None``: raises :class:`~exports.view_lookup.ViewError`
        when the view cannot be made for ``subject``.
    nodes : callable, optional
        ``(graph, subject) -> set of nodes``, where ``select`` is the subgraph induced on them (every edge of
        ``graph`` between them, :func:`_induced`): a page can then be fingerprinted from ``graph`` itself,
        without building the subgraph (:func:`exports.view_fingerprint.induced_digest`).
    papers : callable, optional
        ``(graph, subject) -> collection of papers``: when given, the view is
        the entity landscape of those papers (:mod:`exports.view_landscape`)
        rather than a drawing of ``select``'s subgraph.
    paper_map : bool
        With ``papers``: the view is the paper map of those papers
        (:mod:`exports.view_papermap`) rather than their entity landscape.
    """

    select: Callable[[nx.MultiDiGraph, Any], nx.MultiDiGraph]
    file_name: Callable[[Any], str]
    title: Callable[[nx.MultiDiGraph, Any], str]
    intro: Callable[[nx.MultiDiGraph, Any], str]
    centred: bool = False
    node_kinds: tuple[str, ...] = ()
    check: Callable[[nx.MultiDiGraph, Any], None] | None = None
    nodes: Callable[[nx.MultiDiGraph, Any], set[Hashable]] | None = None
    papers: Callable[[nx.MultiDiGraph, Any], Collection[Hashable]] | None = None
    paper_map: bool = False


_ENTITY_WORDS = "methods, datasets, models and tasks"


def _ego_title(graph: nx.MultiDiGraph, node: Hashable) -> str:
    return f"{node_label(graph, node)} ({node_kind(graph, node)})"


def _check_venue(graph: nx.MultiDiGraph, venue: Hashable) -> None:
    if not venue_papers(graph, venue):
        raise ViewError(f"no paper of the graph was presented at {node_label(graph, venue)}: "
                        "it is only mentioned, so it has no view")


def has_similar_papers(graph: nx.MultiDiGraph) -> bool:
    """Whether some ``similarTo`` link joins two papers (a paper map has something to draw).

    >>> g = nx.MultiDiGraph([("paper/a", "paper/b", "similarTo")])
    >>> has_similar_papers(g), has_similar_papers(nx.MultiDiGraph())
    (True, False)
    """
    return any(key == "similarTo" for _, _, key in graph.edges(keys=True))


def _check_similar(graph: nx.MultiDiGraph) -> None:
    if not has_similar_papers(graph):
        raise ViewError("no two papers of the graph are linked by similarTo, so there is no paper map: "
                        "build without --no-similarity")


def _check_kind(graph: nx.MultiDiGraph, kind: str) -> None:
    present = sorted({str(k) for _, k in graph.nodes(data="kind")})
    if kind not in present:
        raise ViewError(f"the graph has no {kind!r} nodes; its kinds are: {', '.join(present)}")


#: Every kind of view, by name.  The centred ones are the ego views of the node kinds they list.
VIEW_KINDS: dict[str, ViewKind] = {
    "overview": ViewKind(
        select=lambda graph, _: graph,
        file_name=lambda _: OVERVIEW,
        title=lambda graph, _: "Knowledge graph: overview",
        intro=lambda graph, _: (
            f"The {_ENTITY_WORDS} the papers name, clustered by which are used together. "
            "Click a node for its details, double-click it to open its view."),
        papers=all_papers,
    ),
    "papermap": ViewKind(
        select=lambda graph, _: graph,
        file_name=lambda _: PAPER_MAP,
        title=lambda graph, _: "Knowledge graph: the map of its papers",
        intro=lambda graph, _: (
            "Papers placed by similarity (text and shared entities), in clusters labelled by the terms and "
            "entities their papers share. Hover a dot for its paper; click a cluster in the list to zoom to it."),
        check=lambda graph, _: _check_similar(graph),
        papers=all_papers,
        paper_map=True,
    ),
    "venue": ViewKind(
        select=venue_graph,
        file_name=view_file_name,
        title=_ego_title,
        intro=lambda graph, node: (
            f"The {_ENTITY_WORDS} the papers presented at {node_label(graph, node)} name, clustered by which "
            "are used together. Click a node for its details, double-click it to open its view."),
        centred=True,
        node_kinds=("venue",),
        check=_check_venue,
        papers=venue_papers,
    ),
    "paper": ViewKind(
        select=_paper_graph,
        file_name=view_file_name,
        title=_ego_title,
        intro=lambda graph, node: (
            f"The paper {node_label(graph, node)!r}: its venue, authors, {_ENTITY_WORDS} and linked papers, "
            "and the other papers that share its entities or authors."),
        centred=True,
        node_kinds=("paper",),
    ),
    "person": ViewKind(
        select=_entity_graph,
        file_name=view_file_name,
        title=_ego_title,
        intro=lambda graph, node: f"{node_label(graph, node)}'s papers, with their {_ENTITY_WORDS} and co-authors.",
        centred=True,
        node_kinds=("person",),
        nodes=_entity_nodes,
    ),
    "entity": ViewKind(  # also the ego view of any node kind no other entry lists
        select=_entity_graph,
        file_name=view_file_name,
        title=_ego_title,
        intro=lambda graph, node: (
            f"The {node_kind(graph, node)} {node_label(graph, node)}, the papers that propose or use it, "
            f"and their other {_ENTITY_WORDS}."),
        centred=True,
        node_kinds=ENTITY_KINDS,
        nodes=_entity_nodes,
    ),
    "kind": ViewKind(
        select=kind_graph,
        file_name=kind_file_name,
        title=lambda graph, kind: f"All {kind} nodes",
        intro=lambda graph, kind: (
            f"Every {kind} and the papers linked to it." if kind != "paper" else "Every paper."),
        check=_check_kind,
    ),
}
#: The ego view of a node whose kind no centred entry of :data:`VIEW_KINDS` lists.
DEFAULT_EGO_VIEW = "entity"


def view_kind(name: str) -> ViewKind:
    """The entry of :data:`VIEW_KINDS` called ``name``; :class:`~exports.view_lookup.ViewError` if none is.

    >>> view_kind("kind").file_name("dataset")
    'kind_dataset.html'
    >>> view_kind("timeline")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    exports.view_lookup.ViewError: no view kind is called 'timeline'; the kinds are: entity, kind, overview, ...
    """
    try:
        return VIEW_KINDS[name]
    except KeyError:
        raise ViewError(f"no view kind is called {name!r}; the kinds are: {', '.join(sorted(VIEW_KINDS))}") from None


def ego_view_kind(graph: nx.MultiDiGraph, node: Hashable) -> str:
    """The name of the centred view kind for ``node``: the last entry listing its kind, else ``entity``.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("venue/v", kind="venue")
    >>> g.add_node("dataset/d", kind="dataset")
    >>> g.add_node("x/y", kind="poster")
    >>> ego_view_kind(g, "venue/v"), ego_view_kind(g, "dataset/d"), ego_view_kind(g, "x/y")
    ('venue', 'entity', 'entity')
    """
    return ego_view_of_kind(node_kind(graph, node))


def ego_view_of_kind(kind: str) -> str:
    """:func:`ego_view_kind` of a node of kind ``kind`` (:func:`~exports.view_lookup.node_kind`'s text).

    >>> ego_view_of_kind("venue"), ego_view_of_kind("other")
    ('venue', 'entity')
    """
    found = DEFAULT_EGO_VIEW
    for name, view in VIEW_KINDS.items():
        if view.centred and kind in view.node_kinds:
            found = name
    return found
