"""A folder of linked HTML views of the graph: overview, one per venue, ego views, and an index.

This module decides which nodes each view shows; :mod:`exports.html_view`
draws them.  Every view keeps at most ``top`` nodes and says so on the page
when it leaves some out, so views of a 50,000-node graph stay as quick to
open as those of a small one.

* **overview.html** -- the whole graph (its ``top`` most connected nodes).
* **venue-….html** -- a venue, the papers presented at it, and their
  methods, datasets, models and authors.
* **paper-….html**, **dataset-….html**, **person-….html**, ... (on demand) --
  the ego view of one node: a paper with its venue, authors, entities and the
  other papers that share those entities or authors; or an entity (or a
  person) with its papers and their other entities (and co-authors).
* **kind_….html** (on demand) -- all nodes of one kind and the papers linked
  to them.
* **index.html** -- links to all of the above that exist in the folder.

Scripts and the stylesheet are written once into ``assets/`` beside the
pages; every file is written atomically and the same graph gives the same
bytes.

Examples
--------
>>> import tempfile
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A paper", venue="ACL 2026")
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026")
>>> g.add_node("dataset/mmlu", kind="dataset", label="MMLU")
>>> _ = g.add_edge("paper/a", "venue/acl-2026", key="presentedAt", relation="presentedAt")
>>> _ = g.add_edge("paper/a", "dataset/mmlu", key="uses", relation="uses")
>>> out = Path(tempfile.mkdtemp())
>>> [p.name for p in write_views(g, out) if p.suffix == ".html"]
['overview.html', 'venue-acl-2026.html', 'index.html']
>>> write_ego_view(g, out, find_node(g, "mmlu")).name
'dataset-mmlu.html'
"""
from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from exports.html_view import DEFAULT_MAX_NODES, KIND_STYLES, page_template, write_assets, write_html
from ontology.kinds import ENTITY_KINDS
from ontology.util.files import write_text_atomic

__all__ = [
    "DEFAULT_TOP",
    "ENTITY_KINDS",
    "ViewError",
    "ego_graph",
    "find_node",
    "find_nodes",
    "kind_file_name",
    "kind_graph",
    "venue_graph",
    "view_file_name",
    "write_ego_view",
    "write_index",
    "write_kind_view",
    "write_views",
]

#: Most nodes a view shows unless told otherwise (``kg view --top``).
DEFAULT_TOP = DEFAULT_MAX_NODES
#: Kinds of the things papers propose or use.
ASSET_DIR = "assets"
OVERVIEW = "overview.html"
INDEX = "index.html"
_BACK = (("All views", INDEX),)


class ViewError(ValueError):
    """A view cannot be made as asked (no such name, an ambiguous name); the message says what to do."""


# ---------------------------------------------------------------------------
# Names
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


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is 1.

    >>> _count(1, "paper"), _count(1200, "person"), _count(0, "entity")
    ('1 paper', '1,200 people', '0 entities')
    """
    if number != 1:
        noun = {"person": "people"}.get(noun, noun[:-1] + "ies" if noun.endswith("y") else noun + "s")
    return f"{number:,} {noun}"


def _kind(graph: nx.MultiDiGraph, node: Hashable) -> str:
    return str(graph.nodes[node].get("kind") or "other")


def _label(graph: nx.MultiDiGraph, node: Hashable) -> str:
    attrs = graph.nodes[node]
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
    exports.views.ViewError: no entity is called 'MMLV' or has it in its name; did you mean: MMLU?
    """
    kinds = list(kinds) if kinds is not None else None
    found = find_nodes(graph, name, kinds=kinds)
    if len(found) == 1:
        return found[0]
    if not found:
        labels = sorted({_label(graph, n) for n, k in graph.nodes(data="kind") if kinds is None or k in kinds})
        close = difflib.get_close_matches(name, labels, n=5, cutoff=0.6)
        hint = f"; did you mean: {', '.join(close)}?" if close else "; check the spelling, or search the overview page"
        raise ViewError(f"no {what} is called {name!r} or has it in its name{hint}")
    shown = "; ".join(f"{_clip(_label(graph, n), 60)!r} ({_kind(graph, n)})" for n in found[:5])
    more = f" and {len(found) - 5} more" if len(found) > 5 else ""
    kinds_found = sorted({_kind(graph, n) for n in found})
    advice = "add --kind to choose" if len(kinds_found) > 1 else "give more of the name"
    raise ViewError(f"{_count(len(found), what)} match {name!r}: {shown}{more}; {advice}")


# ---------------------------------------------------------------------------
# Which nodes each view shows
# ---------------------------------------------------------------------------


def _induced(graph: nx.MultiDiGraph, nodes: Iterable[Hashable]) -> nx.MultiDiGraph:
    """The subgraph on ``nodes`` with every edge between them, nodes and edges added in sorted order."""
    keep = set(nodes)
    sub = nx.MultiDiGraph()
    sub.add_nodes_from((n, graph.nodes[n]) for n in sorted(keep, key=str))
    edges = [
        (u, v, k, d)
        for u in keep
        for v, keyed in graph.succ[u].items()
        if v in keep
        for k, d in keyed.items()
    ]
    sub.add_edges_from(sorted(edges, key=lambda e: (str(e[0]), str(e[1]), str(e[2]))))
    return sub


def _neighbours(graph: nx.MultiDiGraph, node: Hashable) -> set[Hashable]:
    return set(graph.succ[node]) | set(graph.pred[node])


def _papers_of(graph: nx.MultiDiGraph, node: Hashable) -> set[Hashable]:
    return {n for n in _neighbours(graph, node) if _kind(graph, n) == "paper"}


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
    papers = {
        u for u, _, key, relation in graph.in_edges(venue, keys=True, data="relation")
        if (relation or key) == "presentedAt"
    }
    keep = {venue} | papers
    for paper in papers:
        keep.update(n for n in _neighbours(graph, paper) if _kind(graph, n) in (*ENTITY_KINDS, "person"))
    return _induced(graph, keep)


def ego_graph(graph: nx.MultiDiGraph, node: Hashable) -> nx.MultiDiGraph:
    """The neighbourhood a view centred on ``node`` shows.

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
    kind = _kind(graph, node)
    if kind == "venue":
        return venue_graph(graph, node)
    keep = {node}
    if kind == "paper":
        around = _neighbours(graph, node)
        keep |= around
        for other in around:
            if _kind(graph, other) in (*ENTITY_KINDS, "person"):
                keep |= _papers_of(graph, other)
    else:
        papers = _papers_of(graph, node)
        keep |= papers
        kinds = {*ENTITY_KINDS, kind}
        for paper in papers:
            keep.update(n for n in _neighbours(graph, paper) if _kind(graph, n) in kinds)
    return _induced(graph, keep)


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
        keep |= _papers_of(graph, node)
    return _induced(graph, keep)


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------

_ENTITY_WORDS = "methods, datasets and models"


def _ego_intro(graph: nx.MultiDiGraph, node: Hashable) -> str:
    kind, label = _kind(graph, node), _label(graph, node)
    if kind == "venue":
        return f"The papers presented at {label}, with their {_ENTITY_WORDS} and authors."
    if kind == "paper":
        return (f"The paper {label!r}: its venue, authors, {_ENTITY_WORDS} and linked papers, "
                "and the other papers that share its entities or authors.")
    if kind == "person":
        return f"{label}'s papers, with their {_ENTITY_WORDS} and co-authors."
    return f"The {kind} {label}, the papers that propose or use it, and their other {_ENTITY_WORDS}."


def _check_top(top: int) -> None:
    if top < 1:
        raise ViewError(f"top must be at least 1, not {top}")


def _page(graph: nx.MultiDiGraph, path: Path, title: str, top: int, **options: Any) -> Path:
    return write_html(graph, path, title=title, max_nodes=top, links=_BACK, asset_url=f"{ASSET_DIR}/", **options)


def write_ego_view(graph: nx.MultiDiGraph, output_dir: Path, node: Hashable, *, top: int = DEFAULT_TOP) -> Path:
    """Write the view centred on ``node`` (:func:`ego_graph`) to ``output_dir``; return its path.

    Nodes are kept nearest first, then most connected, up to ``top``.  Writes
    the shared assets too, but not the index (see :func:`write_index`).
    """
    _check_top(top)
    if node not in graph:
        raise ViewError(f"{node!r} is not a node of the graph")
    write_assets(Path(output_dir) / ASSET_DIR)
    return _ego_page(graph, Path(output_dir), node, top, {})


def _ego_page(graph: nx.MultiDiGraph, output_dir: Path, node: Hashable, top: int, cache: dict) -> Path:
    title = f"{_label(graph, node)} ({_kind(graph, node)})"
    return _page(ego_graph(graph, node), output_dir / view_file_name(node), title, top,
                 center=node, context=graph, intro=_ego_intro(graph, node), cache=cache)


def kind_file_name(kind: str) -> str:
    """File name of the view of one node kind.

    >>> kind_file_name("dataset")
    'kind_dataset.html'
    """
    slug = _SLUG_JUNK.sub("-", kind.lower()).strip("-")
    if slug != kind:
        slug = f"{slug}-{hashlib.sha1(kind.encode('utf-8')).hexdigest()[:8]}"
    return f"kind_{slug}.html"


def write_kind_view(graph: nx.MultiDiGraph, output_dir: Path, kind: str, *, top: int = DEFAULT_TOP) -> Path:
    """Write the view of every ``kind`` node and the papers linked to them; return its path."""
    _check_top(top)
    present = sorted({str(k) for _, k in graph.nodes(data="kind")})
    if kind not in present:
        raise ViewError(f"the graph has no {kind!r} nodes; its kinds are: {', '.join(present)}")
    output_dir = Path(output_dir)
    write_assets(output_dir / ASSET_DIR)
    intro = f"Every {kind} and the papers linked to it." if kind != "paper" else "Every paper."
    return _page(kind_graph(graph, kind), output_dir / kind_file_name(kind), f"All {kind} nodes", top,
                 context=graph, intro=intro)


def write_views(graph: nx.MultiDiGraph, output_dir: Path, *, top: int = DEFAULT_TOP) -> list[Path]:
    """Write the overview, one view per venue, the shared assets and ``index.html`` to ``output_dir``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph (docs/graph-model.md).
    output_dir : Path
        Folder to write into (created if needed); views already there from
        :func:`write_ego_view` or :func:`write_kind_view` stay and are listed
        in the index.
    top : int
        Most nodes one view shows.  A larger overview keeps the most
        connected half and the nodes with the most links to them; a larger
        venue view keeps the venue, then its papers, then the most connected
        of the rest.  Pages say what they left out.

    Returns
    -------
    list of Path
        Every file written: assets, overview, venue views, then the index.
    """
    _check_top(top)
    output_dir = Path(output_dir)
    written = write_assets(output_dir / ASSET_DIR)
    cache: dict = {}  # tooltip fields, shared by all pages: hubs appear in many venue views
    intro = "All papers, venues, methods, datasets, models and people of the graph, and their links."
    written.append(_page(graph, output_dir / OVERVIEW, "Knowledge graph: overview", top, intro=intro, cache=cache))
    for venue in _venues(graph):
        written.append(_ego_page(graph, output_dir, venue, top, cache))
    written.append(write_index(graph, output_dir))
    return written


def _venues(graph: nx.MultiDiGraph) -> list[Hashable]:
    return sorted((n for n, k in graph.nodes(data="kind") if k == "venue"), key=lambda n: (_label(graph, n), str(n)))


@dataclass(frozen=True)
class _Entry:
    href: str
    label: str
    kind: str
    count: str  # e.g. "12 papers"




def write_index(graph: nx.MultiDiGraph, output_dir: Path) -> Path:
    """Write ``index.html``: links to the overview, venue, ego and kind views in ``output_dir``.

    A view is listed when its file exists in ``output_dir`` and names a node
    (or kind) of ``graph``; lists are sorted, so the same graph and folder
    give the same bytes.
    """
    output_dir = Path(output_dir)
    existing = {p.name for p in output_dir.glob("*.html")} if output_dir.is_dir() else set()
    venues = [
        _Entry(view_file_name(v), _label(graph, v), "venue", _count(len(_papers_of(graph, v)), "paper"))
        for v in _venues(graph)
        if view_file_name(v) in existing
    ]
    egos = []
    for node, kind in graph.nodes(data="kind"):
        if kind != "venue" and view_file_name(node) in existing:
            papers = _count(len(_papers_of(graph, node)), "paper")
            egos.append(_Entry(view_file_name(node), _label(graph, node), str(kind), papers))
    egos.sort(key=lambda e: (e.kind, e.label.casefold(), e.href))
    counts: dict[str, int] = {}
    for _, kind in graph.nodes(data="kind"):
        counts[str(kind)] = counts.get(str(kind), 0) + 1
    kinds = [
        _Entry(kind_file_name(k), k, k, _count(counts[k], k)) for k in sorted(counts) if kind_file_name(k) in existing
    ]
    order = list(KIND_STYLES)

    def legend_order(kind: str) -> tuple[int, str]:
        return (order.index(kind) if kind in order else len(order), kind)

    summary = [_count(counts[kind], kind) for kind in sorted(counts, key=legend_order)]
    page = page_template("index.html").render(
        overview=OVERVIEW if OVERVIEW in existing else None,
        venues=venues,
        egos=egos,
        kinds=kinds,
        counts=[*summary, _count(graph.number_of_edges(), "link")],
    )
    return write_text_atomic(output_dir / INDEX, page)
