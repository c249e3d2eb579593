"""The page data of an HTML view: the JSON the Python side writes and ``templates/kg-view.js`` reads.

:func:`exports.html_view.render_html` puts one :class:`PageData` object,
as compact key-sorted JSON, into the page's
``<script id="kg-data" type="application/json">`` element; the page script
parses it and draws it.  Keys of the per-node and per-edge records are one
or two letters because a view holds thousands of them (the data of a
2,000-node view of ``benchmarks/html.py``'s graph: 1.53 MB, 1.77 MB with
spelled-out keys); every key is documented here, and this module is the one
place to change them (together with ``kg-view.js``).

Source files are stored once per page in :attr:`PageData.sources` and
referred to by their index there: the ``src``, ``m`` and ``s`` fields hold
such indices.  Node and edge records refer to nodes by their index in
:attr:`PageData.nodes`.

Examples
--------
>>> import json
>>> import networkx as nx
>>> from exports.html_view import render_html
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", confidence=0.5)
>>> page = render_html(g)
>>> data: PageData = json.loads(page.split('type="application/json">')[1].split("</script>")[0])
>>> sorted(data), sorted(data["nodes"][0])
(['edges', 'nodes', 'options', 'relations', 'sources'], ['id', 'k', 'l', 'n', 's', 'x', 'y'])
>>> data["edges"]
[{'c': 0.5, 'f': 1, 'r': 'uses', 't': 0}]
"""
# no "from __future__ import annotations": TypedDict must see NotRequired[...] to tell optional keys
from typing import Any, NotRequired, TypedDict

__all__ = ["ClusterData", "Details", "EdgeRecord", "EdgeStyleData", "NodeDataRef", "NodeDetails", "NodeRecord",
           "PageData"]


class Details(TypedDict, total=False):
    """What a node's tooltip and details panel show, as computed from the graph (source files by name).

    :func:`exports.view_details.node_details` returns this; empty fields are
    left out.  :func:`exports.view_details.node_record` turns it into the
    page's :class:`NodeDetails` by replacing source names with indices.
    """

    rows: list[list[str]]
    """``[label, value]`` rows shown as "label: value" (e.g. ``["Year", "2026"]``), in order."""
    links: list[list[str]]
    """``[label, url]`` rows whose value is a clickable http(s) link (other URLs go to ``rows``)."""
    ab: str
    """A paper's abstract, clipped to ``ABSTRACT_CHARS`` characters."""
    m: list[list[str]]
    """The first mentions of an entity: ``[source file name, sentence]`` (the sentence clipped)."""
    mt: int
    """How many mentions the entity has in all (``m`` shows the first few)."""
    src: list[str]
    """Names of the source files the node was read from (when there are no mentions to quote)."""


class NodeDetails(TypedDict, total=False):
    """:class:`Details` as written into the page: source files as indices into ``PageData.sources``."""

    rows: list[list[str]]
    """``[label, value]`` rows shown as "label: value", in order."""
    links: list[list[str]]
    """``[label, url]`` rows whose value is a clickable http(s) link."""
    ab: str
    """A paper's abstract, clipped."""
    m: list[list[Any]]
    """The first mentions: ``[source index (int), sentence (str)]``."""
    mt: int
    """How many mentions there are in all."""
    src: list[int]
    """Indices of the node's source files in ``PageData.sources``."""


class NodeRecord(TypedDict):
    """One drawn node (``PageData.nodes[i]``; edges and ``center`` refer to it by ``i``)."""

    id: str
    """The node id in the graph (e.g. ``"dataset/mmlu"``)."""
    l: str
    """Label drawn under the node: ``n`` clipped to ``LABEL_CHARS`` characters."""
    n: str
    """Full name: the node's ``label``, ``title`` or ``name``, else its id; shown in details."""
    k: str
    """Node kind (``"paper"``, ``"dataset"``, ...; ``"other"`` when missing): vis-network group and legend filter."""
    s: float
    """Radius in pixels, growing with the node's degree (:func:`exports.view_styles.node_size`)."""
    x: float
    """Horizontal position in pixels (precomputed; physics is off)."""
    y: float
    """Vertical position in pixels."""
    a: NotRequired[list[str]]
    """Alternative labels; the search box matches them too."""
    d: NotRequired[NodeDetails]
    """Tooltip and details-panel fields; absent when there are none, and, on a page with ``PageData.nd``, for
    the nodes whose details are graph-wide (:data:`exports.view_details.GRAPH_WIDE_KINDS`): the page script
    then reads them from the node's shard."""
    fs: NotRequired[int]
    """Label font size in pixels (landscape and ego views: larger for the leading nodes; default 12)."""
    u: NotRequired[str]
    """File name of the node's own view in the same folder (double-click or the details link opens it), or
    ``node.html#<id>``: the folder's generic view, which draws any node."""
    co: NotRequired[str]
    """CSS colour overriding the kind's (a paper map colours each paper by its cluster)."""


class EdgeRecord(TypedDict):
    """One drawn edge (``PageData.edges[i]``), sorted by ``(f, t, r)``."""

    f: int
    """Index of the source node in ``PageData.nodes``."""
    t: int
    """Index of the target node in ``PageData.nodes``."""
    r: str
    """Relation (``"uses"``, ``"creator"``, ...): the key into ``PageData.relations`` for its style."""
    c: NotRequired[float]
    """Extraction confidence, rounded to 3 decimals."""
    m: NotRequired[list[Any]]
    """The mention it was extracted from: ``[source index (int), sentence (str)]``."""
    s: NotRequired[int]
    """Index of its source file in ``PageData.sources`` (only when there is no ``m``)."""
    b: NotRequired[str]
    """What a ``similarTo`` edge is based on (e.g. ``"text"``)."""
    sc: NotRequired[float]
    """Similarity score, rounded to 3 decimals."""
    st: NotRequired[float]
    """Strength of a computed ``similarTo`` link: the share of the build's links scoring at most as much."""
    wk: NotRequired[int]
    """``1`` for a weak ``similarTo`` link (strength below 0.25, title labels its only evidence, or no shared entity
    nor term: :mod:`kg.similarity`): drawn faint, hidden by a check box."""
    se: NotRequired[list[str]]
    """Names of the entities the two papers of a ``similarTo`` link share, rarest first."""
    tm: NotRequired[list[str]]
    """The terms that weigh most in both papers of a ``similarTo`` link."""
    p: NotRequired[int]
    """Author position of a ``creator`` edge (1 = first author)."""
    w: NotRequired[int]
    """For ``usedWith`` edges of an entity landscape: how many papers name both entities."""
    cv: NotRequired[float]
    """Curve roundness of the 2nd, 3rd, ... edge between the same two nodes, so each stays visible."""


class EdgeStyleData(TypedDict):
    """How edges of one relation are drawn (``PageData.relations[relation]``)."""

    color: str
    """CSS colour of the line."""
    dashes: bool
    """Whether the line is dashed."""
    arrows: str
    """``"to"`` for an arrow head at the target, ``""`` for none."""


class ClusterData(TypedDict):
    """One cluster of an entity landscape (``PageData.clusters[i]``), drawn as a labelled circle."""

    l: str
    """The cluster's label: its leading entities (or e.g. "other datasets"); a paper map's may be wrapped
    onto lines separated by ``"\\n"``, drawn upwards from the circle."""
    x: float
    """Centre of the circle, in pixels."""
    y: float
    """Centre of the circle, in pixels."""
    r: float
    """Radius of the circle, in pixels."""
    n: int
    """How many entities (or papers, in a paper map) the cluster has."""
    co: NotRequired[str]
    """CSS colour of the circle's tint (default: the page's palette, by position)."""
    fs: NotRequired[int]
    """Font size of the label in pixels (default 17)."""
    w: NotRequired[float]
    """Width of the label in pixels where it is wider than the circle (the view is framed to hold it)."""


class NodeDataRef(TypedDict):
    """Where a views folder's node view keeps every node's details (``PageData.nd``; :mod:`exports.view_nodes`)."""

    url: str
    """The shards' folder, relative to the page and ending in ``/``: shard ``i`` is ``url + "%03d.js" % i``."""
    shards: int
    """How many shards there are: a node's is the CRC-32 of its id's UTF-8 bytes modulo this."""


class PageData(TypedDict):
    """Everything ``kg-view.js`` draws: the JSON in ``<script id="kg-data">``."""

    nodes: list[NodeRecord]
    """The drawn nodes, sorted by id."""
    edges: list[EdgeRecord]
    """Every edge between two drawn nodes, sorted by (from, to, relation)."""
    sources: list[str]
    """Source file names, each once; other fields refer to them by index."""
    relations: dict[str, EdgeStyleData]
    """The style of every relation some edge has."""
    options: dict[str, Any]
    """vis-network ``Network`` options (physics off, one group per node kind)."""
    center: NotRequired[int]
    """Index of the node an ego view is about (drawn bold); absent in other views."""
    clusters: NotRequired[list[ClusterData]]
    """The clusters of an entity landscape, biggest first (drawn under the nodes)."""
    weak: NotRequired[dict[str, Any]]
    """How weak ``similarTo`` links are drawn (``{"opacity": float, "dashes": [dash, gap]}``); only when the page
    has some."""
    search: NotRequired[str]
    """File name of the script listing every node of the build for the search box (views folder only)."""
    nd: NotRequired[NodeDataRef]
    """Where the node view's shards are (views folder only): a node record without ``d`` has its details
    there, loaded when the pointer reaches the node."""
