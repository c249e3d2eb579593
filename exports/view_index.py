"""The views folder's index (``index.html``) and search script (``assets/kg-search.js``), kept when unchanged.

:func:`write_index` lists the views a folder holds and writes the search script, which names every node of the
graph with its kind, view and degree (:func:`write_search_index`).  Both read the whole graph: on the full
Anthology about 2.4 CPU s and 39 MB.  :func:`keep_or_write_index`, for :func:`exports.views.write_views`,
leaves both as the last build wrote them when nothing they read changed: every shard of the node view kept
the fingerprint the last build recorded for it (:func:`~exports.view_nodes.shard_fingerprints`: every node's
id, attributes and links), the nodes are in the same order and the folder holds the same pages; each file's
bytes are checked against the record (:class:`~exports.view_fingerprint.PageRecord`) too.  The folder is
the same either way.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from exports.html_view import page_template
from exports.view_details import node_name
from exports.view_fingerprint import PageRecord, code_version, digest
from exports.view_kinds import OVERVIEW, PAPER_MAP, VIEW_KINDS, ego_view_of_kind
from exports.view_lookup import count_phrase, label_text
from exports.view_names import IndexNodes, index_nodes
from exports.view_nodes import NODE_PAGE, ViewFiles, search_order_of
from exports.view_styles import kind_of, kind_order
from exports.view_text import display_texts, script_json_bytes
from ontology.util.files import open_atomic, visible_files, write_bytes_atomic

__all__ = ["ASSET_DIR", "INDEX", "SEARCH_FILE", "SEARCH_SCRIPT", "existing_views", "keep_or_write_index", "venue_nodes",
           "write_index", "write_search_index"]

#: The folder of the scripts, the stylesheet and the node view's data, in the views folder.
ASSET_DIR = "assets"
#: The script listing every node for the search box, in ``assets/``.
SEARCH_FILE = "kg-search.js"
SEARCH_SCRIPT = f"{ASSET_DIR}/{SEARCH_FILE}"
INDEX = "index.html"


def keep_or_write_index(graph: nx.MultiDiGraph, output_dir: Path, *, order: Sequence[Hashable],
                        degrees: Mapping[Hashable, int], shards: Sequence[Path] | None, last: PageRecord,
                        record: PageRecord) -> Path:
    """:func:`write_index` into ``output_dir``, or the index and search script the last build left there, where
    nothing they read has changed since; return the index's path.  Either way ``record`` notes both, where they
    have a fingerprint.

    ``shards`` are the node view's shards this build kept or wrote (``None`` without the node view: then both
    are written), ``last`` the record the last build left and ``record`` this build's, holding the shards'
    fingerprints already; ``order`` is :func:`~exports.view_nodes.search_order`'s, ``degrees``
    ``dict(graph.degree())``.  Called once the folder holds only this build's pages.
    """
    output_dir = Path(output_dir)
    index, script = output_dir / INDEX, output_dir / SEARCH_SCRIPT
    fingerprint = _inputs_fingerprint(graph, output_dir, shards, record)
    if fingerprint is not None and last.holds(index, fingerprint) and last.holds(script, fingerprint):
        record.keep(index, last)
        record.keep(script, last)
        return index
    _, index_sha, script_sha = _write_index(index_nodes(graph), output_dir, order, degrees)
    if fingerprint is not None:
        record.note(index, fingerprint, index_sha)
        record.note(script, fingerprint, script_sha)
    return index


def _inputs_fingerprint(graph: nx.MultiDiGraph, output_dir: Path, shards: Sequence[Path] | None,
                        record: PageRecord) -> str | None:
    """A SHA-256 of what the index and the search script read: the shards' fingerprints in ``record`` (which
    cover every node's id, attributes and links), the order of the nodes, the pages in ``output_dir`` and the
    code (:func:`~exports.view_fingerprint.code_version`); ``None`` where a shard has no fingerprint."""
    if shards is None:
        return None
    prints = []
    for path in shards:
        entry = record.pages.get(Path(path).name)
        if entry is None:  # a shard written without a fingerprint (a value marshal cannot write)
            return None
        prints.append(entry[0])
    order = hashlib.sha256("\0".join(map(str, graph._node)).encode("utf-8")).hexdigest()
    pages = sorted(visible_files(output_dir, ".html") - {INDEX})  # the index lists none of its own
    return digest([code_version(), "index", prints, order, pages])


def existing_views(graph: nx.MultiDiGraph | IndexNodes, output_dir: Path,
                   names: Mapping[Hashable, str] | None = None) -> Mapping[Hashable, str]:
    """Node to the file of its view, for the views already in ``output_dir``; every node, where the folder
    has the generic node view (:class:`~exports.view_nodes.ViewFiles`).  ``names``: :func:`_ego_files`, if
    the caller has it.  ``graph``: a graph or its :class:`~exports.view_names.IndexNodes`."""
    existing = visible_files(output_dir, ".html")
    names = _ego_files(index_nodes(graph)) if names is None else names
    files = {node: name for node, name in names.items() if name in existing}
    return ViewFiles(graph, files) if NODE_PAGE in existing else files  # type: ignore[arg-type]  # `in`, iter


def _ego_files(graph: nx.MultiDiGraph | IndexNodes) -> dict[Hashable, str]:
    """Every node to the file name its own view has (or would have), in the source's order of nodes."""
    nodes = index_nodes(graph)
    file_names: dict[str, Callable[[Hashable], str]] = {}  # by node_kind: the view kind is looked up once per kind
    names = {}
    for node in nodes:
        text = str(nodes.attrs(node).get("kind") or "other")  # exports.view_lookup.node_kind's rule
        file_name = file_names.get(text)
        if file_name is None:
            file_name = file_names[text] = VIEW_KINDS[ego_view_of_kind(text)].file_name
        names[node] = file_name(node)
    return names


def venue_nodes(graph: nx.MultiDiGraph | IndexNodes) -> list[Hashable]:
    """The graph's venues, by label (then id): the order of the index's list and of the venue pages.
    ``graph``: a graph or its :class:`~exports.view_names.IndexNodes`."""
    nodes = index_nodes(graph)
    return sorted((n for n in nodes if nodes.attrs(n).get("kind") == "venue"),
                  key=lambda n: (label_text(nodes.attrs(n), n), str(n)))


@dataclass(frozen=True)
class _Entry:
    href: str
    label: str
    kind: str
    count: str  # e.g. "12 papers"


def write_index(graph: nx.MultiDiGraph | IndexNodes, output_dir: Path, *, order: Sequence[Hashable] | None = None,
                degrees: Mapping[Hashable, int] | None = None) -> Path:
    """Write ``index.html``: links to the overview, venue, ego and kind views in ``output_dir``.

    A view is listed when its file exists in ``output_dir`` and names a node
    (or kind) of ``graph``; lists are sorted, so the same graph and folder
    give the same bytes.  Writes the search script too (:func:`write_search_index`,
    with ``order`` and ``degrees``, ``dict(graph.degree())``, when the caller has them).  ``graph``: a graph or
    its :class:`~exports.view_names.IndexNodes`, such as the graph tables' skeleton
    (:func:`exports.view_skeleton.index_skeleton`): the same bytes from either.
    """
    return _write_index(index_nodes(graph), Path(output_dir), order, degrees)[0]


def _write_index(nodes: IndexNodes, output_dir: Path, order: Sequence[Hashable] | None,
                 degrees: Mapping[Hashable, int] | None) -> tuple[Path, str, str]:
    """:func:`write_index`; return the index's path and the SHA-256 of its bytes and of the search script's."""
    existing = visible_files(output_dir, ".html")
    names = _ego_files(nodes)
    degrees = nodes.degrees() if degrees is None else degrees  # one pass, for the search script
    listed = [node for node in nodes if names[node] in existing]
    paper_counts = nodes.paper_counts(listed)  # one pass over the edges at most, for the listed nodes alone

    def entry(node: Hashable, kind: str) -> _Entry:
        return _Entry(names[node], label_text(nodes.attrs(node), node), kind,
                      count_phrase(paper_counts[node], "paper"))

    venues = [entry(v, "venue") for v in venue_nodes(nodes) if names[v] in existing]
    egos = [entry(node, str(kind)) for node in listed if (kind := nodes.attrs(node).get("kind")) != "venue"]
    egos.sort(key=lambda e: (e.kind, e.label.casefold(), e.href))
    counts: dict[str, int] = {}
    for node in nodes:
        kind = str(nodes.attrs(node).get("kind"))
        counts[kind] = counts.get(kind, 0) + 1
    kind_file = VIEW_KINDS["kind"].file_name
    kinds = [_Entry(kind_file(k), k, k, count_phrase(counts[k], k)) for k in sorted(counts) if kind_file(k) in existing]
    summary = [count_phrase(counts[kind], kind) for kind in sorted(counts, key=lambda k: (kind_order(k), k))]
    page = page_template("index.html").render(
        overview=OVERVIEW if OVERVIEW in existing else None,
        papermap=PAPER_MAP if PAPER_MAP in existing else None,
        nodes=NODE_PAGE if NODE_PAGE in existing else None,
        venues=venues,
        egos=egos,
        kinds=kinds,
        counts=[*summary, count_phrase(sum(degrees.values()) // 2, "link")],  # each edge: one out, one in
    )
    _, script = _write_search_index(nodes, output_dir, _search_order(nodes, degrees) if order is None else order,
                                    names, degrees)
    data = page.encode("utf-8")
    return write_bytes_atomic(output_dir / INDEX, data), hashlib.sha256(data).hexdigest(), script


def write_search_index(graph: nx.MultiDiGraph | IndexNodes, output_dir: Path, *,
                       order: Sequence[Hashable] | None = None) -> Path:
    """Write ``assets/kg-search.js``: every node of ``graph`` with its kind and the file of its view, if any.

    The search box of every page in the folder loads it on the first search,
    so it finds nodes the page does not draw, and the generic node view
    (:mod:`exports.view_nodes`) names nodes by their position in it.  Most
    connected first, then by name (:func:`~exports.view_nodes.search_order`);
    each entry is ``[name, kind, view file or "", lower-cased names searched, id, degree]``, the view file
    being ``node.html#<id>`` for a node without a page of its own where the folder has the node view.

    The file is written a few thousand entries at a time: on the whole Anthology it is
    39 MB, and building it as one text took 0.5 GB at the peak of the views.
    Its bytes are those of ``window.KG_SEARCH = {script_json({"nodes": entries})};``.  ``order`` is
    :func:`~exports.view_nodes.search_order`'s, when the caller has it.  ``graph``: a graph or its
    :class:`~exports.view_names.IndexNodes`.
    """
    nodes = index_nodes(graph)
    degrees = nodes.degrees()
    return _write_search_index(nodes, Path(output_dir), _search_order(nodes, degrees) if order is None else order,
                               _ego_files(nodes), degrees)[0]


def _search_order(nodes: IndexNodes, degrees: Mapping[Hashable, int]) -> list[Hashable]:
    """:func:`~exports.view_nodes.search_order` of ``nodes``."""
    return search_order_of(((node, nodes.attrs(node)) for node in nodes), degrees)


def _write_search_index(nodes: IndexNodes, output_dir: Path, order: Sequence[Hashable],
                        names: Mapping[Hashable, str], degrees: Mapping[Hashable, int]) -> tuple[Path, str]:
    """:func:`write_search_index` with the nodes in ``order``, their view files' names (:func:`_ego_files`) and
    their degrees (``dict(graph.degree())``: one pass, where a degree view per node cost 1 s on the full Anthology);
    return its path and the SHA-256 of its bytes.
    """
    files = existing_views(nodes, output_dir, names)
    path = output_dir / ASSET_DIR / SEARCH_FILE
    sha = hashlib.sha256()
    with open_atomic(path) as stream:
        def write(data: bytes) -> None:
            sha.update(data)
            stream.write(data)

        write(b'window.KG_SEARCH = {"nodes":[')
        for start in range(0, len(order), _SEARCH_CHUNK):  # the JSON of a list is its entries' joined by ","
            chunk = script_json_bytes([_search_entry(nodes.attrs(node), node, files.get(node, ""), degrees[node])
                                       for node in order[start:start + _SEARCH_CHUNK]])
            write(b"," + chunk[1:-1] if start else chunk[1:-1])
        write(b"]};\n")
    return path, sha.hexdigest()


#: Search entries encoded together: one JSON encoding per chunk instead of one per node (223k on the full
#: Anthology), in memory a few MB at a time.
_SEARCH_CHUNK = 4096


def _search_entry(attrs: Mapping[str, Any], node: Hashable, view_file: str, degree: int) -> list:
    """One node's entry in the search script: ``[name, kind, view file, names searched, id, degree]``, of its
    attributes ``attrs``."""
    name = node_name(attrs, node)
    names = [name, *display_texts(attrs.get("alt_labels"))]
    return [name, kind_of(attrs), view_file, "\n".join(names).lower(), str(node), degree]
