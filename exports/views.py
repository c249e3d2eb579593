"""A folder of linked HTML views of the graph: overview, one per venue, ego views, and an index.

This module writes the views; :mod:`exports.view_kinds` holds the table of
view kinds (which nodes each shows, its file name and title),
:mod:`exports.view_lookup` finds the node a view is asked for by name, and
:mod:`exports.html_view` draws each page.  Every view keeps at most ``top`` nodes and says so on the page
when it leaves some out, so views of a 50,000-node graph stay as quick to
open as those of a small one.

* **overview.html** -- the entity landscape of every paper
  (:mod:`exports.view_landscape`): the most named methods, datasets and
  models, sized by papers, linked by co-usage, clustered and labelled.
* **papermap.html** -- every paper placed by its ``similarTo`` links, in
  clusters labelled by what their papers share (:mod:`exports.view_papermap`).
* **venue-….html** -- the entity landscape of the papers presented at a
  venue (only venues with papers get one).
* **dataset-….html**, ... -- the view of every entity the overview draws, so
  each node of the overview links to its own view (an entity only a venue's
  landscape draws gets one from ``kg view --entity``).
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
['overview.html', 'venue-acl-2026.html', 'dataset-mmlu.html', 'node.html', 'index.html']
>>> write_ego_view(g, out, find_node(g, "mmlu")).name
'dataset-mmlu.html'
"""
from __future__ import annotations

import os
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import networkx as nx

from exports.html_view import (
    DEFAULT_MAX_NODES,
    render_html,
    render_landscape,
    write_assets,
    write_html,
)
from exports.landscape_tasks import LandscapeHelper, landscape_task
from exports.rdf_owners import OwnerDigests
from exports.view_data import NodeDataRef
from exports.view_details import Details
from exports.view_fingerprint import PageRecord, code_version, digest, induced_digest, view_graph_digest
from exports.view_index import (
    ASSET_DIR,
    INDEX,
    SEARCH_SCRIPT,
    existing_views,
    keep_or_write_index,
    venue_nodes,
    write_index,
    write_search_index,
)
from exports.view_inlinks import InLinkMemo
from exports.view_kinds import (
    OVERVIEW,
    PAPER_MAP,
    VIEW_KINDS,
    ViewKind,
    ego_graph,
    ego_view_kind,
    has_similar_papers,
    kind_file_name,
    kind_graph,
    venue_graph,
    venue_papers,
    view_file_name,
    view_kind,
)
from exports.view_landscape import LANDSCAPE_ENTITIES, Landscape, fitted_landscape, landscape_inputs, named_entities
from exports.view_lookup import ViewError, find_node, find_nodes
from exports.view_names import NodeNames, node_names
from exports.view_nodes import (
    NODE_DATA_DIR,
    NODE_PAGE,
    ViewFiles,
    search_order,
    shard_count,
    write_node_data,
    write_node_page,
)
from ontology.kinds import ENTITY_KINDS
from ontology.util.files import remove_file, write_text_atomic
from ontology.util.memory import collected_in_steps

__all__ = [
    "DEFAULT_TOP",
    "ENTITY_KINDS",
    "VIEW_KINDS",
    "Overview",
    "ViewError",
    "ViewKind",
    "ego_graph",
    "find_node",
    "find_nodes",
    "kind_file_name",
    "kind_graph",
    "overview_landscape",
    "venue_graph",
    "view_file_name",
    "write_ego_view",
    "write_index",
    "write_kind_view",
    "write_search_index",
    "write_view",
    "write_views",
]

#: Most nodes a view shows unless told otherwise (``kg view --max-nodes``).
DEFAULT_TOP = DEFAULT_MAX_NODES


def _check_top(top: int) -> None:
    if top < 1:
        raise ViewError(f"top must be at least 1, not {top}")


def _nav(output_dir: Path, page: str, also: Collection[str] | None = None) -> list[tuple[str, str]]:
    """The links atop a page: the index, the overview and the paper map, where they exist in ``output_dir``.

    ``also``, from a caller writing the whole folder, names those it writes: then they alone are linked, not
    pages an earlier build left in the folder (a paper map the graph no longer has), so that a rebuild links
    as a build into an empty folder does.
    """
    links = [("All views", INDEX)]
    for text, name in (("Overview", OVERVIEW), ("Paper map", PAPER_MAP)):
        if name != page and (name in also if also is not None else (output_dir / name).is_file()):
            links.append((text, name))
    return links


def _page_arguments(graph: nx.MultiDiGraph, output_dir: Path, view: ViewKind, subject: Any, top: int,
                    also: Collection[str] | None = None) -> dict[str, Any]:
    """The plain arguments of the page of ``view`` about ``subject``: title, intro, links, sizes, asset URLs."""
    name = view.file_name(subject)
    return {"title": view.title(graph, subject), "max_nodes": top, "intro": view.intro(graph, subject),
            "links": _nav(output_dir, name, also), "asset_url": f"{ASSET_DIR}/", "search": SEARCH_SCRIPT}


def _write_page(graph: nx.MultiDiGraph, output_dir: Path, view: ViewKind, subject: Any, top: int,
                cache: dict[Hashable, Details], view_files: Mapping[Hashable, str] | None = None,
                also: Collection[str] | None = None, fitted: Landscape | None = None,
                node_data: NodeDataRef | None = None) -> Path:
    """Write the page of ``view`` about ``subject`` (not the assets); tooltip fields memoised in ``cache``.

    ``view_files`` maps nodes to their views' files (default: those already in ``output_dir``); ``also``
    names the overview and paper map when this call's caller writes the whole folder (:func:`_nav`);
    ``fitted`` is the landscape a landscape view draws, when the caller has laid it out already;
    ``node_data``, where the folder's node view has its shards (a landscape or an ego view then loads the
    graph-wide tooltips from them: :func:`~exports.html_view.render_html`); without ``view_files``, where
    ``output_dir`` has the node view.
    """
    if view.check is not None:
        view.check(graph, subject)
    if view_files is None:
        view_files = existing_views(graph, output_dir)
        if isinstance(view_files, ViewFiles):  # the folder has the node view: a page as write_views writes it
            node_data = _node_data(graph)
    path = output_dir / view.file_name(subject)
    shared = {**_page_arguments(graph, output_dir, view, subject, top, also), "cache": cache,
              "view_files": view_files}
    if node_data is not None and not view.paper_map:  # a paper map draws papers, whose details are their own
        shared["node_data"] = node_data
    if view.papers is not None:  # a landscape of the entities these papers name, or a map of the papers
        if fitted is not None:
            shared["fitted"] = fitted
        return write_html(graph, path, landscape=not view.paper_map, paper_map=view.paper_map,
                          papers=view.papers(graph, subject), **shared)
    return write_html(view.select(graph, subject), path, center=subject if view.centred else None, context=graph,
                      **shared)


def _node_data(graph: nx.MultiDiGraph) -> NodeDataRef:
    """Where the node view of a views folder of ``graph`` keeps every node's details, relative to its pages."""
    return {"url": f"{NODE_DATA_DIR}/", "shards": shard_count(graph.number_of_nodes())}


def write_view(graph: nx.MultiDiGraph, output_dir: Path, kind: str, subject: Any = None, *,
               top: int = DEFAULT_TOP) -> Path:
    """Write one view of the kind :data:`~exports.view_kinds.VIEW_KINDS` calls ``kind``; return its path.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph (docs/graph-model.md).
    output_dir : Path
        The views folder; the shared assets are written there too, the index is not
        (see :func:`write_index`).
    kind : str
        A key of :data:`~exports.view_kinds.VIEW_KINDS` (``"overview"``, ``"venue"``, ``"kind"``, ...).
    subject : optional
        What the view is about: a node for the centred views, a node kind for ``"kind"``.
    top : int
        Most nodes the view shows.

    Examples
    --------
    >>> import tempfile
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> write_view(g, Path(tempfile.mkdtemp()), "kind", "dataset").name
    'kind_dataset.html'
    """
    _check_top(top)
    view = view_kind(kind)
    if view.centred and subject not in graph:
        raise ViewError(f"{subject!r} is not a node of the graph")
    output_dir = Path(output_dir)
    write_assets(output_dir / ASSET_DIR)
    return _write_page(graph, output_dir, view, subject, top, {})


def write_ego_view(graph: nx.MultiDiGraph, output_dir: Path, node: Hashable, *, top: int = DEFAULT_TOP) -> Path:
    """Write the view centred on ``node`` (:func:`ego_graph`) to ``output_dir``; return its path.

    Nodes are kept nearest first, then most connected, up to ``top``.  Writes
    the shared assets too, but not the index (see :func:`write_index`).
    """
    _check_top(top)
    if node not in graph:
        raise ViewError(f"{node!r} is not a node of the graph")
    return write_view(graph, output_dir, ego_view_kind(graph, node), node, top=top)


def write_kind_view(graph: nx.MultiDiGraph, output_dir: Path, kind: str, *, top: int = DEFAULT_TOP) -> Path:
    """Write the view of every ``kind`` node and the papers linked to them; return its path."""
    return write_view(graph, output_dir, "kind", kind, top=top)


def write_views(graph: nx.MultiDiGraph, output_dir: Path, *, top: int = DEFAULT_TOP,
                paper_map: bool = True, nodes: bool = True, owners: OwnerDigests | None = None,
                in_links: InLinkMemo | None = None, overview: Overview | None = None,
                helper: LandscapeHelper | None = None) -> list[Path]:
    """Write the overview, the paper map, one view per venue, the generic node view and ``index.html``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph (docs/graph-model.md).
    output_dir : Path
        Folder to write into (created if needed).  What it held before and
        this call does not write (views of nodes no longer in the graph,
        pages :func:`write_ego_view` or :func:`write_kind_view` added) is
        removed, so that the folder depends on the graph alone; the generic
        node view shows any node.
    top : int
        Most nodes one view shows.  A larger overview keeps the most
        connected half and the nodes with the most links to them; a larger
        venue view keeps the venue, then its papers, then the most connected
        of the rest.  Pages say what they left out.
    paper_map : bool
        Write the paper map (when some papers are linked by ``similarTo``).
    nodes : bool
        Write the generic node view (``node.html`` and its data,
        :mod:`exports.view_nodes`), so every node of the graph has a view
        and every node drawn anywhere links to one.
    owners : OwnerDigests, optional
        Each node's owner digest, where graph.ttl's writer made them for this graph (:mod:`exports.rdf_owners`).
    in_links : InLinkMemo, optional
        The last build's in-link digests, for the shards' fingerprints (:mod:`exports.view_inlinks`).
    overview : Overview, optional
        The overview's landscape, where the caller laid it out already for this graph and ``top``
        (:func:`overview_landscape`: ``kg build`` draws it in graph.html too), so it is not laid out twice.
        Its per-paper entities are let go once the venues' pages are drawn (:meth:`Overview.release`); a second
        call with it draws the same pages, reading each venue's papers' entities from the graph (slower).
    helper : LandscapeHelper, optional
        Lays out the venues' landscapes beside this call (:mod:`exports.landscape_tasks`; ``kg build``'s is a
        worker process, :mod:`kg.venue_layouts`): their pages are then fingerprinted first, handed to it, and
        drawn after the node view's shards, each from the landscape the helper has laid out by then or from one
        laid out here.  The same pages either way.

    Returns
    -------
    list of Path
        Every file of the folder: assets, overview, paper map (when some papers
        are linked by ``similarTo``), venue and entity views, the node view
        and its data, the search script, the record of the venue pages'
        fingerprints and the shards' (:data:`~exports.view_fingerprint.PAGE_RECORD`), then the index.

    A venue's page is kept as the last call left it when the fingerprint of
    everything it draws (:func:`~exports.view_landscape.landscape_inputs`,
    graph-wide tooltip values included) and its bytes are those recorded
    then (:mod:`exports.view_fingerprint`); so is each of the node view's shards
    (:func:`~exports.view_nodes.shard_fingerprints`).  The folder is the same either way.
    """
    _check_top(top)
    output_dir = Path(output_dir)
    with _collected_between_pages() as page:
        written = write_assets(output_dir / ASSET_DIR)
        cache: dict[Hashable, Details] = {}  # tooltip fields, shared by all pages: hubs appear in many views
        venues = [v for v in venue_nodes(graph) if venue_papers(graph, v)]  # a venue only mentioned gets no view
        # The entities the overview draws get their own view. Those only a venue's landscape draws do not:
        # on the whole Anthology that would be thousands of pages (minutes); search names the `kg view` for them.
        if overview is None:
            overview = overview_landscape(graph, top=top)
        named, fitted = overview.named, overview.fitted  # the overview laid out once, drawn below
        egos = sorted(fitted.entities, key=str)
        # Nodes link to the pages this call writes (and, with `nodes`, to the node view): not to pages an earlier
        # build left in the folder, so that a rebuild links exactly as a build into an empty folder does.
        files: Mapping[Hashable, str] = {node: VIEW_KINDS[ego_view_kind(graph, node)].file_name(node)
                                         for node in [*venues, *egos]}
        # With the node view, every page loads the graph-wide tooltips (an entity's papers and first mentions)
        # from its shards, so that a page draws only what its own papers hold and a rebuild can keep it.
        shards: NodeDataRef | None = None
        if nodes:
            files = ViewFiles(graph, files)
            shards = _node_data(graph)
        also = [OVERVIEW, *([PAPER_MAP] if paper_map and has_similar_papers(graph) else [])]
        written.append(page(_write_page(graph, output_dir, VIEW_KINDS["overview"], None, top, cache, files, also,
                                        fitted=fitted, node_data=shards)))
        if PAPER_MAP in also:
            written.append(page(_write_page(graph, output_dir, VIEW_KINDS["papermap"], None, top, cache, files,
                                            also)))
        last, record = PageRecord.read(output_dir), PageRecord()  # the pages' fingerprints (below)
        memo: dict[Hashable, str] = {}  # each entity's part of the venue pages'
        parts: dict[Hashable, bytes] = {}  # each node's part of the entity pages'
        pages: list[Path | _VenuePage] = []  # venue pages to draw after the node view's shards, with a helper
        for subject in [*venues, *egos]:
            view = VIEW_KINDS[ego_view_kind(graph, subject)]
            if view.papers is not None and not view.paper_map:  # a venue's landscape: kept if what it draws is
                if helper is None:
                    pages.append(page(_landscape_page(graph, output_dir, view, subject, top, cache, files, also,
                                                      last, record, memo, named, shards)))
                else:
                    pages.append(_venue_page(graph, output_dir, view, subject, top, cache, files, also, last,
                                             record, memo, named, shards))
            elif shards is not None and view.centred:  # an entity's view: kept if its subgraph is
                pages.append(page(_ego_page(graph, output_dir, view, subject, top, cache, files, also, last,
                                            record, shards, parts)))
            else:
                pages.append(page(_write_page(graph, output_dir, view, subject, top, cache, files, also)))
        drawn = [planned for planned in pages if isinstance(planned, _VenuePage) and planned.named is not None]
        if helper is not None and drawn:  # their layouts begin beside this process, and are drawn last
            helper.start([(planned.subject, landscape_task(graph, planned.named, max_entities=planned.limit))
                          for planned in drawn])
        # Their last use: the per-paper entities (the caller's overview too) and the fingerprints' parts do not
        # wait through the node view's shards, the largest step, beside the query store's loader in `kg build`.
        overview.release()
        del named, memo, parts, drawn
        degrees = _degrees(graph)  # one pass over the adjacency, for the search order and the index
        order = search_order(graph, degrees)
        node_shards = None
        if nodes:
            node_shards = page(write_node_data(graph, output_dir / NODE_DATA_DIR, order, cache=cache,
                                               last=last, record=record, owners=owners, in_links=in_links))
        for i, planned in enumerate(pages):  # with a helper, its landscapes, or those it has not laid out yet
            if isinstance(planned, _VenuePage):
                pages[i] = page(_drawn(graph, planned, cache, files, record, helper))
        written += pages  # type: ignore[arg-type]  # every page drawn by now
        del pages
        if node_shards is not None:
            written += node_shards
            written.append(write_node_page(output_dir, graph, links=_nav(output_dir, NODE_PAGE, also),
                                           search=SEARCH_SCRIPT, asset_url=f"{ASSET_DIR}/"))
        _remove_stale(output_dir, [*written, output_dir / SEARCH_SCRIPT, output_dir / INDEX])
        index = keep_or_write_index(graph, output_dir, order=order, degrees=degrees, shards=node_shards, last=last,
                                    record=record)  # and the search script: both kept where nothing they read changed
        written += [output_dir / SEARCH_SCRIPT, record.write(output_dir), index]
    return written


@dataclass(frozen=True)
class Overview:
    """The overview's landscape (:func:`overview_landscape`) and each paper's entities it was made from."""

    #: Every paper, in id order, with the landscape entities it names (:func:`~exports.view_landscape.named_entities`);
    #: empty once :meth:`release` has let it go.
    named: dict[Hashable, set[Hashable]]
    #: ``fitted_landscape`` of every paper, at most ``min(top, LANDSCAPE_ENTITIES)`` entities.
    fitted: Landscape

    def release(self) -> None:
        """Let go of :attr:`named` (emptied): :func:`write_views` does once its venues' landscapes are drawn, the
        last to read it, so that its ~90,000 sets (the full Anthology) are not held by a caller through the node
        view's shards; :attr:`fitted` stays.

        >>> g = nx.MultiDiGraph()
        >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
        >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
        >>> overview = overview_landscape(g)
        >>> overview.release()
        >>> dict(overview.named), overview.fitted.entities
        ({}, ['dataset/d'])
        """
        self.named.clear()


def overview_landscape(graph: nx.MultiDiGraph | NodeNames, *, top: int = DEFAULT_TOP) -> Overview:
    """The landscape of every paper's entities the overview draws with ``top`` nodes at most, laid out.

    ``kg build`` makes it once for graph.html (``write_html(..., landscape=True, fitted=overview.fitted)``) and
    :func:`write_views`, which also reads every paper's entities from it for the venues' landscapes.  ``graph``
    may be a skeleton of it instead (:class:`~exports.view_names.NodeNames`, :mod:`exports.view_skeleton`).

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> overview_landscape(g).fitted.entities
    ['dataset/d']
    """
    _check_top(top)
    papers = (names := node_names(graph)).papers()
    named = named_entities(names, papers)  # each paper's entities, read once for the overview and every venue
    return Overview(named, fitted_landscape(graph, papers, max_entities=min(top, LANDSCAPE_ENTITIES), named=named))


@dataclass
class _VenuePage:
    """A venue's landscape page, fingerprinted (:func:`_venue_page`): kept, or to be laid out and drawn."""

    subject: Hashable
    path: Path
    fingerprint: str
    papers: Collection[Hashable] | None
    arguments: dict[str, Any]
    node_data: NodeDataRef | None
    limit: int
    #: Each of ``papers`` with the landscape entities it names (None: the page is kept as the last build left it).
    named: dict[Hashable, set[Hashable]] | None


def _venue_page(graph: nx.MultiDiGraph, output_dir: Path, view: ViewKind, subject: Any, top: int,
                cache: dict[Hashable, Details], view_files: Mapping[Hashable, str], also: Collection[str],
                last: PageRecord, record: PageRecord, memo: dict[Hashable, str],
                named_all: Mapping[Hashable, set[Hashable]], node_data: NodeDataRef | None = None) -> _VenuePage:
    """The landscape page of ``view`` about ``subject`` (a venue's), fingerprinted; noted in ``record`` as kept
    where ``output_dir`` has it already (:func:`_drawn` draws the others).

    The page is kept when ``last`` (the record the last build left) holds
    the fingerprint of what it draws (:func:`~exports.view_landscape.landscape_inputs`) and its
    file still has the bytes written then.  Other arguments as in
    :func:`_write_page`; ``memo`` holds the entities' parts of the
    fingerprints, ``named_all`` the entities of every paper
    (:func:`~exports.view_landscape.named_entities`, read only).  With
    ``node_data`` the entities' tooltips come from the node view's shards,
    and neither the page nor its fingerprint holds their graph-wide counts.
    """
    if view.check is not None:
        view.check(graph, subject)
    arguments = _page_arguments(graph, output_dir, view, subject, top, also)
    papers = view.papers(graph, subject) if view.papers is not None else None
    named = _named_by(graph, papers, named_all)
    limit = min(top, LANDSCAPE_ENTITIES)
    path = output_dir / view.file_name(subject)
    fingerprint = digest([code_version(), path.name, arguments, node_data,
                          landscape_inputs(graph, named, max_entities=limit, cache=cache, view_files=view_files,
                                           memo=memo, graph_wide=node_data is None)])
    if last.holds(path, fingerprint):
        record.keep(path, last)
        return _VenuePage(subject, path, fingerprint, papers, arguments, node_data, limit, None)
    return _VenuePage(subject, path, fingerprint, papers, arguments, node_data, limit, named)


def _landscape_page(graph: nx.MultiDiGraph, output_dir: Path, view: ViewKind, subject: Any, top: int,
                    cache: dict[Hashable, Details], view_files: Mapping[Hashable, str], also: Collection[str],
                    last: PageRecord, record: PageRecord, memo: dict[Hashable, str],
                    named_all: Mapping[Hashable, set[Hashable]], node_data: NodeDataRef | None = None) -> Path:
    """Write the landscape page of ``view`` about ``subject`` (a venue's), or keep the one in ``output_dir``
    (:func:`_venue_page`, then :func:`_drawn`)."""
    return _drawn(graph, _venue_page(graph, output_dir, view, subject, top, cache, view_files, also, last, record,
                                     memo, named_all, node_data), cache, view_files, record)


def _drawn(graph: nx.MultiDiGraph, planned: _VenuePage, cache: dict[Hashable, Details],
           view_files: Mapping[Hashable, str], record: PageRecord, helper: LandscapeHelper | None = None) -> Path:
    """Write the page ``planned`` (unless it is kept), from the landscape ``helper`` laid out or one laid out here."""
    if planned.named is None:
        return planned.path
    fitted = helper.take(planned.subject) if helper is not None else None
    if fitted is None:
        fitted = fitted_landscape(graph, planned.papers, max_entities=planned.limit, named=planned.named)
    text = render_landscape(graph, papers=planned.papers, cache=cache, view_files=view_files, fitted=fitted,
                            node_data=planned.node_data, **planned.arguments)
    return record.write_page(planned.path, planned.fingerprint, text)


def _ego_page(graph: nx.MultiDiGraph, output_dir: Path, view: ViewKind, subject: Hashable, top: int,
              cache: dict[Hashable, Details], view_files: Mapping[Hashable, str], also: Collection[str],
              last: PageRecord, record: PageRecord, node_data: NodeDataRef, memo: dict[Hashable, bytes]) -> Path:
    """Write the view centred on ``subject`` (an entity's), or keep the one in ``output_dir``: as
    :func:`_landscape_page` does, with the fingerprint of its subgraph
    (:func:`~exports.view_fingerprint.view_graph_digest`; :func:`~exports.view_fingerprint.induced_digest`,
    without building the subgraph, where the view kind names its nodes: a kept page builds none).  Its
    graph-wide tooltips are the node view's (``node_data``), so a new paper changes the page only where it
    names the entity: its subgraph holds the entity's papers and their entities, not how many papers of the
    whole graph use those.  ``memo`` holds each node's part of the fingerprints, shared by the pages of one
    graph.
    """
    arguments = _page_arguments(graph, output_dir, view, subject, top, also)
    path = output_dir / view.file_name(subject)
    selected = None
    if view.nodes is not None:  # an induced subgraph: fingerprinted from the graph, built only to be drawn
        inputs = induced_digest(graph, view.nodes(graph, subject), cache=cache, view_files=view_files, memo=memo)
    else:
        selected = view.select(graph, subject)
        inputs = view_graph_digest(graph, selected, cache=cache, view_files=view_files, memo=memo)
    fingerprint = digest([code_version(), path.name, arguments, node_data, str(subject), inputs])
    if inputs is not None and last.holds(path, fingerprint):
        record.keep(path, last)
        return path
    if selected is None:
        selected = view.select(graph, subject)
    text = render_html(selected, center=subject, context=graph, cache=cache, view_files=view_files,
                       node_data=node_data, **arguments)
    return record.write_page(path, fingerprint, text) if inputs is not None else write_text_atomic(path, text)


def _named_by(graph: nx.MultiDiGraph, papers: Collection[Hashable] | None,
              named_all: Mapping[Hashable, set[Hashable]]) -> dict[Hashable, set[Hashable]]:
    """:func:`~exports.view_landscape.named_entities` of ``papers``, looked up in ``named_all`` (that of every
    paper) where it has them: 2,020 venues' papers are not read again (on the full Anthology 1.7 s)."""
    if papers is None:
        return named_entities(graph, papers)
    missing = [paper for paper in papers if paper not in named_all]  # a node presented at a venue, not a paper
    extra = named_entities(graph, missing) if missing else {}
    return {paper: named_all[paper] if paper in named_all else extra[paper] for paper in sorted(papers, key=str)}


def _degrees(graph: nx.MultiDiGraph) -> dict[Hashable, int]:
    """``dict(graph.degree())``, in the same order, counted with ``map(len, ...)`` over the adjacency dicts
    instead of networkx's generator per node (0.8 s on the full Anthology's 222,000 nodes, now about 0.3).

    >>> g = nx.MultiDiGraph([("a", "b"), ("a", "b"), ("b", "b")])
    >>> _degrees(g) == dict(g.degree())
    True
    """
    succ, pred = graph._succ, graph._pred
    return {node: sum(map(len, succ[node].values())) + sum(map(len, pred[node].values())) for node in graph._node}


_T = TypeVar("_T")


@contextmanager
def _collected_between_pages() -> Iterator[Callable[[_T], _T]]:
    """Run Python's cyclic garbage collector between pages, on what the last page left, instead of during them.

    Yields ``page``: call it on what each page's writer returns (it collects
    the youngest generation and hands the value back).  Left to itself the
    collector also runs while pages are built, every few hundred objects
    made, and its full passes walk the whole graph: on the full Anthology 4
    of them over its 5 million tracked objects took 20 s of ``write_views``'
    154 s, the young passes 4 s more; collected between pages, 1 s (docs/scaling.md,
    "Views, faster").  Pages make cyclic garbage (networkx
    graphs hold views of themselves: the layouts' and the ego views'
    subgraphs), which ``page`` frees before the next page is built
    (:func:`ontology.util.memory.collected_in_steps`).  The collector's
    state is restored on leaving, whatever happens.
    """
    with collected_in_steps() as step:
        def page(result: _T) -> _T:
            step()  # only what was made since the last page: the graph itself is older
            return result

        yield page


def _remove_stale(output_dir: Path, keep: Sequence[Path]) -> None:
    """Remove the files in ``output_dir`` this call did not write (views of nodes gone, older pages).

    So that the folder, its index and its search list depend on the graph
    alone: a rebuild leaves what a build into an empty folder leaves.  Hidden
    files (kg's own state) stay; links are not followed.
    """
    kept = {os.path.abspath(path) for path in keep}
    for folder, folders, files in os.walk(output_dir, followlinks=False):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            path = os.path.join(folder, name)
            if not name.startswith(".") and path not in kept and os.path.abspath(path) not in kept:
                remove_file(Path(path))

