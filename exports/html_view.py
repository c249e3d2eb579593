"""Render one interactive, offline HTML view of a knowledge graph (vis-network).

A view is one page: the network (drawn by the vis-network bundle that ships
with pyvis), a legend that filters node kinds, a search box, tooltips and a
details panel.  :mod:`exports.views` decides *which* nodes a view shows
(overview, one venue, the neighbourhood of a paper or an entity); this module
assembles the page from the parts that do one job each:

* :mod:`exports.view_select` -- which nodes to draw when there are more
  than ``max_nodes``;
* :mod:`exports.view_layout` -- where to draw them;
* :mod:`exports.view_details` -- what the tooltips and details panel say,
  and the node and edge records;
* :mod:`exports.view_data` -- the page data those records make up, shared
  with ``templates/kg-view.js``;
* :mod:`exports.view_styles` and :mod:`exports.view_text` -- styles and
  text helpers.

* **Offline.** Scripts and styles are inlined (the default) or, with
  ``asset_url``, loaded from files written beside the page by
  :func:`write_assets`; nothing is loaded from the network, so the page works
  from ``file://``.  pyvis's own template is not used: it links bootstrap from
  a CDN, and ``Network.add_node`` is quadratic in the number of nodes.
* **Big graphs.** Positions are computed here (a seeded networkx spring
  layout for the most connected nodes, or rings around a centre node) and
  physics is off, so the browser draws once and stops; at most ``max_nodes``
  nodes are drawn (the most connected) and the page says how many were left
  out.  Tooltips are built only when the pointer is on a node.
* **Safe.** The page's own text goes through jinja2 autoescaping; graph data
  travels as JSON in a ``<script type="application/json">`` block whose
  ``<``, ``>`` and ``&`` are escaped, and the page script shows it with
  ``textContent`` only, making links only for http(s) URLs.
* **Deterministic.** Nodes and edges are sorted, layouts are seeded and
  rounded, and no dates or random ids are embedded: the same graph gives the
  same bytes.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("method/clear", kind="method", label="CLEAR")
>>> page = render_html(g, title="Demo")
>>> "<title>Demo</title>" in page and 'src="http' not in page
True
"""
from __future__ import annotations

import re
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jinja2
import networkx as nx
from markupsafe import Markup

from exports.view_data import Details, EdgeStyleData, NodeDataRef, PageData
from exports.view_details import edge_records, node_details, node_record
from exports.view_landscape import (
    LANDSCAPE_ENTITIES,
    LANDSCAPE_WORDS,
    Landscape,
    fitted_landscape,
    landscape_data,
)
from exports.view_layout import (
    EGO_LABEL_CHARS,
    EGO_LABEL_FONT,
    ego_centre_font,
    radial_layout,
    rounded_positions,
    spring_layout,
)
from exports.view_lookup import count_phrase
from exports.view_papermap import MAP_CLUSTERS, MAP_PAPERS, fitted_paper_map, paper_map_data
from exports.view_select import select_nodes
from exports.view_styles import (
    KIND_STYLES,
    RELATION_STYLES,
    WEAK_DASHES,
    WEAK_OPACITY,
    KindStyle,
    RelationStyle,
    kind_style,
    relation_style,
    view_options,
)
from exports.view_text import SourceTable, clip, is_web_url, script_json
from ontology.util.files import write_text_atomic

__all__ = [
    "ASSET_FILES",
    "DEFAULT_MAX_NODES",
    "KIND_STYLES",
    "RELATION_STYLES",
    "KindStyle",
    "RelationStyle",
    "is_web_url",
    "page_data",
    "page_template",
    "render_html",
    "render_landscape",
    "render_paper_map",
    "mark_weak_links",
    "write_assets",
    "write_html",
]

#: The vis-network bundle inside the pyvis package that the page uses.
VIS_ASSET_DIR = "templates/lib/vis-9.1.2"
#: Files :func:`write_assets` writes beside pages rendered with ``asset_url``.
ASSET_FILES = ("vis-network.min.js", "kg-view.js", "kg-view.css", "kg-node.js")

#: Most nodes one view draws unless told otherwise (measured: see docs/views.md).
DEFAULT_MAX_NODES = 2000

# ---------------------------------------------------------------------------
# Page parts: vis-network options, legends, summary
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _LegendEntry:
    name: str
    color: str
    symbol: str
    count: int
    dashes: bool = False


def _legend(kind_counts: Mapping[str, int]) -> list[_LegendEntry]:
    """Legend entries of the kinds drawn: known kinds in fixed order, then others by name."""
    names = [k for k in KIND_STYLES if k in kind_counts] + sorted(set(kind_counts) - set(KIND_STYLES))
    return [
        _LegendEntry(name, kind_style(name).color, kind_style(name).symbol, kind_counts[name]) for name in names
    ]


def _relation_legend(relation_counts: Mapping[str, int]) -> list[_LegendEntry]:
    names = [r for r in RELATION_STYLES if r in relation_counts] + sorted(
        set(relation_counts) - set(RELATION_STYLES)
    )
    entries = []
    for name in names:
        style = relation_style(name)
        entries.append(_LegendEntry(name, style.color, "", relation_counts[name], style.dashes))
    return entries


def _summary(shown: int, total: int, shown_edges: int, total_edges: int, which: str = "") -> str:
    """What the page says about its size, and how to see more when nodes were left out.

    >>> _summary(3, 6, 2, 9, "the 3 nearest")
    'Showing 3 of 6 nodes (the 3 nearest) and the 2 edges between them (of 9). Raise --max-nodes to show more.'
    >>> _summary(1200, 1200, 3000, 3000)
    '1,200 nodes, 3,000 edges.'
    """
    if shown < total:
        return (
            f"Showing {shown:,} of {total:,} nodes ({which}) "
            f"and the {shown_edges:,} edges between them (of {total_edges:,}). Raise --max-nodes to show more."
        )
    return f"{total:,} nodes, {total_edges:,} edges."


# ---------------------------------------------------------------------------
# Page assembly
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def vis_network_js() -> str:
    """pyvis's copy of vis-network, without its source-map comment (nothing to fetch): what pages inline.

    Checked safe to inline with the page's own scripts (:func:`_asset_texts`).  Read from pyvis's folder,
    found without importing pyvis: its package imports IPython, which ``kg build`` would then hold (about 30 MB)
    through the exports after graph.html.
    """
    spec = find_spec("pyvis")  # a top-level package's spec: its __init__ is not run
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pyvis is not installed: kg's pages inline its copy of vis-network")
    folder = Path(next(iter(spec.submodule_search_locations)))
    vis = (folder / VIS_ASSET_DIR / "vis-network.min.js").read_text(encoding="utf-8")
    return re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", vis)


@cache
def _asset_texts() -> Mapping[str, str]:
    """The vis-network bundle (from pyvis) and the page's own JS and CSS, checked safe to inline.

    Read and checked once per process: every page of a views folder needs them, and reading and
    checking the 470 kB bundle for each of the full Anthology's 2,070 pages took 5 s.
    """
    own = resources.files("exports").joinpath("templates")
    texts = {
        "vis-network.min.js": vis_network_js(),
        "kg-view.js": own.joinpath("kg-view.js").read_text(encoding="utf-8"),
        "kg-view.css": own.joinpath("kg-view.css").read_text(encoding="utf-8"),
        "kg-node.js": own.joinpath("kg-node.js").read_text(encoding="utf-8"),
    }
    for name, text in texts.items():
        closer = "</style" if name.endswith(".css") else "</script"
        if closer in text.lower() or "<!--" in text:
            raise RuntimeError(f"{name} cannot be inlined safely (it contains {closer} or <!--)")
    return MappingProxyType(texts)


@cache
def page_template(name: str) -> jinja2.Template:
    """The template ``name`` in ``exports/templates/``, autoescaped and strict about missing values."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("exports", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name)


def render_html(
    graph: nx.MultiDiGraph,
    *,
    title: str = "Knowledge graph",
    max_nodes: int = DEFAULT_MAX_NODES,
    center: Hashable | None = None,
    context: nx.MultiDiGraph | None = None,
    intro: str = "",
    links: Sequence[tuple[str, str]] = (),
    asset_url: str | None = None,
    cache: dict[Hashable, dict[str, Any]] | None = None,
    view_files: Mapping[Hashable, str] | None = None,
    search: str | None = None,
    node_data: NodeDataRef | None = None,
) -> str:
    """The text of an offline HTML page showing ``graph``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The nodes and edges to show (kg's graph model: nodes with ``kind``
        and ``label``, edges keyed by relation).
    title : str
        Page title and heading.
    max_nodes : int
        Draw at most this many nodes: the most connected half and the nodes
        with the most links to them, or with ``center`` the nearest to it
        (then the most connected).  The page says how many nodes and edges
        were left out.  Every edge between two drawn nodes is drawn.
    center : node, optional
        Lay the nodes out on rings around this node (ego and venue views);
        without it, a spring layout of the most connected nodes.
    context : networkx.MultiDiGraph, optional
        The whole graph ``graph`` was cut from; tooltips count papers and
        authors and quote mentions from it (default: ``graph``).
    intro : str
        One sentence under the title saying what the view shows.
    links : sequence of (text, href)
        Navigation links shown above the title (e.g. back to ``index.html``).
    asset_url : str, optional
        ``None`` inlines every script and style (one self-contained file);
        otherwise the folder URL (relative, ending in ``/``, or empty) where
        :func:`write_assets` put them.
    cache : dict, optional
        Give the same empty dict to every call that renders views of one
        unchanged ``context``: tooltip fields are then computed once per
        node instead of once per view (hubs appear in many views).
    view_files : mapping, optional
        Node to the file name of its own view in the same folder: the page
        links each such node to it (double-click, or the details panel).
    search : str, optional
        Relative URL of the script listing every node of the build
        (:func:`exports.views.write_search_index`); the search box then also
        finds nodes the page does not draw, and links to their views.
    node_data : NodeDataRef, optional
        Where the folder's node view keeps its shards (:mod:`exports.view_nodes`): the page then leaves
        out the details that are graph-wide (those of
        :data:`~exports.view_details.GRAPH_WIDE_KINDS`: an entity's paper counts and first mentions, a
        venue's and a person's paper counts), and the page script loads them from the node's shard when
        the pointer reaches it; so the page draws only what ``graph`` holds (and the names of papers'
        authors), and a rebuild can keep it when that did not change.

    Returns
    -------
    str
        The page; the same arguments always give the same text.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> page = render_html(g, max_nodes=1, asset_url="assets/")
    >>> '<script src="assets/vis-network.min.js">' in page, "Showing 1 of 2 nodes" in page
    (True, True)
    """
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    if center is not None and center not in graph:
        raise ValueError(f"the centre node {center!r} is not in the graph")
    data, which = page_data(graph, max_nodes=max_nodes, center=center, context=context, cache=cache,
                            view_files=view_files, graph_wide=node_data is None)
    if search:
        data["search"] = search
    if node_data is not None:
        data["nd"] = node_data
    summary = _summary(len(data["nodes"]), graph.number_of_nodes(), len(data["edges"]), graph.number_of_edges(),
                       which)
    return _render(data, title=title, intro=intro, links=links, summary=summary,
                   truncated=len(data["nodes"]) < graph.number_of_nodes(), asset_url=asset_url)


def render_landscape(
    graph: nx.MultiDiGraph,
    *,
    papers: Collection[Hashable] | None = None,
    title: str = "Knowledge graph: the landscape of its entities",
    max_nodes: int = DEFAULT_MAX_NODES,
    intro: str = "",
    links: Sequence[tuple[str, str]] = (),
    asset_url: str | None = None,
    cache: dict[Hashable, dict[str, Any]] | None = None,
    view_files: Mapping[Hashable, str] | None = None,
    search: str | None = None,
    fitted: Landscape | None = None,
    node_data: NodeDataRef | None = None,
) -> str:
    """The text of an offline page drawing the entity landscape of ``papers`` (:mod:`exports.view_landscape`).

    The methods, datasets, models and tasks the most of ``papers`` (default: all)
    name -- at most :data:`~exports.view_landscape.LANDSCAPE_ENTITIES`, and
    at most ``max_nodes`` -- sized by those papers, linked by co-usage and
    grouped into labelled clusters.  ``fitted`` is that landscape when the
    caller has it already (``fitted_landscape(graph, papers,
    max_entities=min(max_nodes, LANDSCAPE_ENTITIES))``, as
    :func:`exports.views.write_views` has the overview's), so it is not laid
    out twice.  Other options as in :func:`render_html` (with ``node_data``, the entities' tooltips are loaded
    from the node view's shards: the page then draws what the papers name, and not how much the whole graph
    uses each entity).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> page = render_landscape(g)
    >>> "1 of the 1 methods, datasets, models and tasks named by 1 paper" in page
    True
    """
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    land = fitted if fitted is not None else fitted_landscape(graph, papers,
                                                               max_entities=min(max_nodes, LANDSCAPE_ENTITIES))
    data = landscape_data(graph, land, cache=cache, view_files=view_files, graph_wide=node_data is None)
    if search:
        data["search"] = search
    if node_data is not None:
        data["nd"] = node_data
    shown, total = len(land.entities), land.total_entities
    summary = (f"{'The ' if shown < total else ''}{shown:,} of the {total:,} {LANDSCAPE_WORDS} named by "
               f"{count_phrase(land.total_papers, 'paper')}{', those named by the most' if shown < total else ''}: "
               f"sized by their papers, linked when papers name both, in {len(land.clusters):,} "
               f"{'cluster' if len(land.clusters) == 1 else 'clusters'}.")
    if shown < total:
        summary += " Search finds the others."
    return _render(data, title=title, intro=intro, links=links, summary=summary, truncated=False,
                   asset_url=asset_url)


def mark_weak_links(data: PageData) -> None:
    """Add how weak ``similarTo`` links are drawn (:data:`~exports.view_styles.WEAK_OPACITY`) when ``data`` has any."""
    if any(edge.get("wk") for edge in data["edges"]):
        data["weak"] = {"opacity": WEAK_OPACITY, "dashes": list(WEAK_DASHES)}


@dataclass(frozen=True)
class ClusterEntry:
    """One line of a paper map's list of clusters: its label, and how many papers it has."""

    label: str
    count: str
    drawn: bool


def render_paper_map(
    graph: nx.MultiDiGraph,
    *,
    papers: Collection[Hashable] | None = None,
    title: str = "Knowledge graph: the map of its papers",
    max_nodes: int = DEFAULT_MAX_NODES,
    intro: str = "",
    links: Sequence[tuple[str, str]] = (),
    asset_url: str | None = None,
    cache: dict[Hashable, dict[str, Any]] | None = None,
    view_files: Mapping[Hashable, str] | None = None,
    search: str | None = None,
) -> str:
    """The text of an offline page drawing the paper map of ``papers`` (:mod:`exports.view_papermap`).

    Papers placed by their ``similarTo`` links, in clusters labelled by what
    their papers share; at most :data:`~exports.view_papermap.MAP_PAPERS`
    (and ``max_nodes``) papers are drawn, and the side panel lists the
    clusters.  Other options as in :func:`render_html`.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> for a, b in [("paper/a", "paper/b"), ("paper/b", "paper/c"), ("paper/a", "paper/c")]:
    ...     _ = g.add_edge(a, b, key="similarTo", relation="similarTo", score=0.4, shared_terms=["parsing"])
    >>> for n in g: g.nodes[n]["kind"] = "paper"
    >>> page = render_paper_map(g)
    >>> "3 of 3 papers, in 1 cluster" in page, '<a href="#" data-cluster="0">parsing</a>' in page
    (True, True)
    """
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    pmap = fitted_paper_map(graph, papers, max_papers=min(max_nodes, MAP_PAPERS))
    data = paper_map_data(graph, pmap, cache=cache, view_files=view_files)
    mark_weak_links(data)
    if search:
        data["search"] = search
    drawn, shown, total = len(pmap.drawn), pmap.shown, len(pmap.clusters)
    if total:
        which = "" if shown == total else f"the {shown:,} largest of "
        summary = (f"{drawn:,} of {pmap.papers:,} papers, in {which}{count_phrase(total, 'cluster')} of papers "
                   "linked as similar (each paper's nearest papers, by text and shared entities)")
        summary += ": the most central of each cluster." if drawn < pmap.papers else "."
        if pmap.linked < pmap.papers:
            summary += f" {count_phrase(pmap.papers - pmap.linked, 'paper')} with no similar paper."
        if drawn < pmap.papers:
            summary += " Search finds the others."
    else:
        summary = (f"No cluster: {count_phrase(pmap.papers, 'paper')}, {pmap.linked:,} with similarTo links. "
                   "kg build links each paper to its nearest papers unless --no-similarity is given.")
    listed = [ClusterEntry(c.label, count_phrase(len(c.members), "paper"), i < shown)
              for i, c in enumerate(pmap.clusters[:max(shown, MAP_CLUSTERS)])]
    rest = pmap.clusters[len(listed):]
    more = (f"and {count_phrase(len(rest), 'smaller cluster')} ({count_phrase(sum(len(c.members) for c in rest), 'paper')})"
            if rest else "")
    return _render(data, title=title, intro=intro, links=links, summary=summary, truncated=False,
                   asset_url=asset_url, clusters=listed, more_clusters=more)


def _render(data: PageData, *, title: str, intro: str, links: Sequence[tuple[str, str]], summary: str,
            truncated: bool, asset_url: str | None, clusters: Sequence[ClusterEntry] = (),
            more_clusters: str = "") -> str:
    """The page around ``data``: the template with the legends, summary and (inlined or linked) assets.

    ``clusters`` are listed in the side panel (a paper map's), ``more_clusters`` says what the list leaves out.
    """
    kind_counts = _counts(record["k"] for record in data["nodes"])
    relation_counts = _counts(record["r"] for record in data["edges"])
    assets = _asset_texts()
    return page_template("view.html").render(
        weak=sum(1 for record in data["edges"] if record.get("wk")),
        clusters=list(clusters),
        more_clusters=more_clusters,
        title=title,
        intro=intro,
        links=list(links),
        summary=summary,
        truncated=truncated,
        legend=_legend(kind_counts),
        relations=_relation_legend(relation_counts),
        asset_url=asset_url,
        vis_js=Markup(assets["vis-network.min.js"]),
        page_css=Markup(assets["kg-view.css"]),
        page_js=Markup(assets["kg-view.js"]),
        data_json=Markup(script_json(data)),
    )


def _counts(names: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return counts


def page_data(
    graph: nx.MultiDiGraph,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    center: Hashable | None = None,
    context: nx.MultiDiGraph | None = None,
    cache: dict[Hashable, Details] | None = None,
    view_files: Mapping[Hashable, str] | None = None,
    graph_wide: bool = True,
) -> tuple[PageData, str]:
    """The data the page script draws (:class:`exports.view_data.PageData`), and which nodes it kept.

    Selects at most ``max_nodes`` nodes (:func:`exports.view_select.select_nodes`),
    lays them out (:mod:`exports.view_layout`: rings around ``center``, or a
    spring layout) and builds their records and those of the edges between
    them (:mod:`exports.view_details`).  Options as in :func:`render_html`,
    which checks them; ``graph_wide=False`` leaves out the details of the nodes of
    :data:`~exports.view_details.GRAPH_WIDE_KINDS` (:func:`~exports.view_details.node_details`).

    Returns
    -------
    (PageData, str)
        The data, and the phrase saying how nodes were chosen (``""`` when all are drawn).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> data, which = page_data(g, center="dataset/d")
    >>> [n["id"] for n in data["nodes"]], data["center"], data["relations"], which
    (['dataset/d', 'paper/a'], 0, {'uses': {'color': '#a0a0a0', 'dashes': False, 'arrows': 'to'}}, '')
    """
    context = graph if context is None else context
    ranked, which = select_nodes(graph, max_nodes=max_nodes, center=center)
    if not ranked:
        positions: dict[Hashable, tuple[float, float]] = {}
    elif center is not None:
        positions = rounded_positions(radial_layout(graph, center, nodes=ranked))
    else:
        positions = rounded_positions(spring_layout(graph, nodes=ranked))
    ordered = sorted(ranked, key=str)
    index = {node: i for i, node in enumerate(ordered)}
    sources = SourceTable()
    nodes = [
        node_record(graph, n, positions[n],
                    node_details(context if n in context else graph, n, cache=cache, graph_wide=graph_wide), sources)
        for n in ordered
    ]
    centre_font = ego_centre_font(positions) if center is not None else 0
    for record, node in zip(nodes, ordered):
        if view_files and node in view_files:
            record["u"] = view_files[node]
        if center is not None:  # labels of ego views: the centre and its neighbours stand out
            distance = 0 if node == center else 1 if node in graph.succ[center] or node in graph.pred[center] else 2
            record["fs"] = (centre_font, EGO_LABEL_FONT, 12)[distance]
            if distance:
                record["l"] = clip(record["n"], EGO_LABEL_CHARS)
    edges = edge_records(graph, index, sources, context=context)
    relations: dict[str, EdgeStyleData] = {}
    for relation in _counts(record["r"] for record in edges):
        style = relation_style(relation)
        relations[relation] = {"color": style.color, "dashes": style.dashes, "arrows": style.arrows}
    data: PageData = {
        "nodes": nodes,
        "edges": edges,
        "sources": sources.names,
        "relations": relations,
        "options": view_options(len(nodes), _counts(record["k"] for record in nodes)),
    }
    if center is not None and center in index:
        data["center"] = index[center]
    mark_weak_links(data)
    return data, which


def write_html(graph: nx.MultiDiGraph, path: Path, *, landscape: bool = False, paper_map: bool = False,
               **options: Any) -> Path:
    """Write :func:`render_html`'s page (same keyword options) to ``path`` atomically; return ``path``.

    With ``landscape=True``, :func:`render_landscape`'s page instead (the
    options it takes), as ``kg build`` and ``kg view`` write ``graph.html``;
    with ``paper_map=True``, :func:`render_paper_map`'s.

    The page is rendered first, written to a temporary file in the same
    folder and moved over ``path``, so an existing file is only replaced by a
    complete new one, and nothing is left behind on failure.
    """
    if landscape and paper_map:
        raise ValueError("a page is a landscape or a paper map, not both")
    render = render_landscape if landscape else render_paper_map if paper_map else render_html
    page = render(graph, **options)
    return write_text_atomic(Path(path), page)


def write_assets(folder: Path) -> list[Path]:
    """Write the scripts and stylesheet that pages rendered with ``asset_url`` load (:data:`ASSET_FILES`).

    >>> import tempfile
    >>> [p.name for p in write_assets(Path(tempfile.mkdtemp()))]
    ['vis-network.min.js', 'kg-view.js', 'kg-view.css', 'kg-node.js']
    """
    texts = _asset_texts()
    return [write_text_atomic(Path(folder) / name, texts[name]) for name in ASSET_FILES]
