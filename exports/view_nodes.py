"""The generic node view: one page, ``node.html``, that draws any node of the build with its neighbours.

Writing a page per node would cost minutes and gigabytes on the whole
Anthology (209,493 nodes); instead the views folder gets one page and the
data it draws, sharded: ``assets/nodes/NNN.js`` holds, for at most
:data:`SHARD_NODES` nodes each on average, a node's details (the tooltip
fields of the other views) and its links (up to :data:`MAX_NEIGHBOURS`, the
most connected neighbours), each neighbour named by its id, which the search
script (``assets/kg-search.js``, every node of the build) maps to its name,
kind, view and degree.  ``node.html#<node id>`` loads the search script and
the one shard that holds the node (``crc32(id) % shards``, the same in
Python and in the page) with ``<script>`` elements -- pages opened from
``file://`` cannot ``fetch`` -- and draws the node with its neighbours on
rings around it; every neighbour links on to its own view.

A node's shard and its entry depend on the node, its links and its
neighbours' names alone (not on its place in the search order, which any
new node shifts), and the number of shards only changes when the number of
nodes doubles or halves; so a rebuild keeps every shard whose fingerprint
(:func:`shard_fingerprints`) is the one recorded for it by the last build
(:class:`~exports.view_fingerprint.PageRecord`) without computing its
entries, and writes only the shards a change reaches.

Every node's link to its own view (:class:`ViewFiles`) is its page in the
folder where it has one (venues, the entities the overview draws, views
written by ``kg view --entity``), else ``node.html#<id>``.

Examples
--------
>>> import tempfile
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
>>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
>>> node_link("dataset/d"), shard_of("dataset/d", 1)
('node.html#dataset%2Fd', 0)
>>> [p.name for p in write_node_data(g, Path(tempfile.mkdtemp()), search_order(g))]
['000.js']
"""
from __future__ import annotations

import hashlib
import marshal
import re
import zlib
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import networkx as nx
from markupsafe import Markup

from exports.html_view import page_template
from exports.rdf_owners import NO_DIGEST, OwnerDigests, owner_digests
from exports.view_data import Details
from exports.view_details import SHARED_SHOWN, node_details, node_name
from exports.view_fingerprint import PageRecord, code_version
from exports.view_inlinks import InLinkMemo, in_link_digests
from exports.view_styles import (
    KIND_STYLES,
    OTHER_KIND_STYLE,
    OTHER_RELATION_STYLE,
    RELATION_STYLES,
    WEAK_DASHES,
    WEAK_OPACITY,
    view_options,
)
from exports.view_text import SourceTable, display_text, display_texts, script_json, script_json_bytes
from ontology.util.files import write_bytes_atomic, write_text_atomic

__all__ = [
    "MAX_NEIGHBOURS",
    "NODE_DATA_DIR",
    "NODE_PAGE",
    "SHARD_NODES",
    "ViewFiles",
    "node_link",
    "search_order",
    "search_order_of",
    "shard_count",
    "shard_fingerprints",
    "shard_of",
    "write_node_data",
    "write_node_page",
]

#: The generic page, in the views folder (no ``-``: never the name of a node's own view).
NODE_PAGE = "node.html"
#: Folder of the shards, in the views folder.
NODE_DATA_DIR = "assets/nodes"
#: At most this many nodes per shard on average (at least half as many): a shard of the Anthology build holds
#: about 100 nodes and 80 kB, so that a rebuild rewrites little more than the nodes a change reaches.
SHARD_NODES = 128
#: Most neighbours the generic view draws around a node (the most connected first).
MAX_NEIGHBOURS = 150
_SIMILAR = "similarTo"


def node_link(node: Hashable) -> str:
    """The generic view of ``node``: ``node.html#`` and the id, percent-encoded.

    >>> node_link("paper/2024.acl-long.1")
    'node.html#paper%2F2024.acl-long.1'
    """
    text = str(node)
    if _UNRESERVED_AND_SLASH.fullmatch(text):  # most ids: only "/" needs encoding (4x faster than quote)
        return f"{NODE_PAGE}#{text.replace('/', '%2F')}"
    return f"{NODE_PAGE}#{quote(text, safe='')}"


#: The characters ``quote(text, safe="")`` leaves as they are (RFC 3986's unreserved ones), and ``/``.
_UNRESERVED_AND_SLASH = re.compile(r"[A-Za-z0-9_.~/-]*")


def shard_count(nodes: int) -> int:
    """How many shards a build of ``nodes`` nodes gets: the least power of two giving at most
    :data:`SHARD_NODES` nodes a shard on average.

    A power of two, so that adding or removing nodes changes it (and moves every node to another shard)
    only when their number crosses a doubling.

    >>> shard_count(0), shard_count(128), shard_count(129), shard_count(222_972)
    (1, 1, 2, 2048)
    """
    shards = 1
    while shards * SHARD_NODES < nodes:
        shards *= 2
    return shards


def shard_of(node: Hashable, shards: int) -> int:
    """The shard holding ``node``: the CRC-32 of its id's UTF-8 bytes modulo ``shards`` (kg-node.js agrees).

    >>> shard_of("dataset/gsm8k", 2048)
    625
    """
    return zlib.crc32(str(node).encode("utf-8")) % shards


def search_order(graph: nx.MultiDiGraph, degrees: Mapping[Hashable, int] | None = None) -> list[Hashable]:
    """Every node in the order of the search script: most connected first, then by name, then by id.

    ``degrees`` is ``dict(graph.degree())``, when the caller has it (a pass over the adjacency: about 0.8 s on the
    full Anthology).
    """
    if degrees is None:
        degrees = dict(graph.degree())  # one pass over the adjacency, not a degree view per node
    return search_order_of(graph.nodes(data=True), degrees)


def search_order_of(nodes: Iterable[tuple[Hashable, Mapping[str, Any]]], degrees: Mapping[Hashable, int]
                    ) -> list[Hashable]:
    """:func:`search_order` of ``(node, attributes)`` pairs and their degrees: of a graph or of table columns.

    >>> search_order_of([("b", {}), ("a", {"label": "Z"}), ("c", {})], {"a": 1, "b": 1, "c": 2})
    ['c', 'b', 'a']
    """
    keyed = [(-degrees[node], node_name(attrs, node).casefold(), str(node), node) for node, attrs in nodes]
    keyed.sort(key=lambda item: item[:3])
    return [item[3] for item in keyed]


class ViewFiles(Mapping[Hashable, str]):
    """Every node of ``graph`` to its own view: its page in ``files``, else its generic view (``node.html#…``).

    >>> g = nx.MultiDiGraph([("paper/a", "venue/v")])
    >>> views = ViewFiles(g, {"venue/v": "venue-v.html"})
    >>> views["venue/v"], views["paper/a"], "paper/zz" in views
    ('venue-v.html', 'node.html#paper%2Fa', False)
    """

    def __init__(self, graph: nx.MultiDiGraph, files: Mapping[Hashable, str]) -> None:
        self.graph = graph
        self.files = dict(files)

    def __getitem__(self, node: Hashable) -> str:
        if node not in self.graph:
            raise KeyError(node)
        return self.files.get(node) or node_link(node)

    def get(self, node: Hashable, default: Any = None) -> Any:
        """``self[node]``, or ``default`` for a node not in the graph (without Mapping.get's ``KeyError``)."""
        if node not in self.graph:
            return default
        return self.files.get(node) or node_link(node)

    def __contains__(self, node: object) -> bool:
        return node in self.graph

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.graph)

    def __len__(self) -> int:
        return len(self.graph)  # a graph or an IndexNodes (exports.view_names): both have len()


def _page_details(details: Details, sources: SourceTable) -> dict[str, Any]:
    """``details`` with source names replaced by indices into the shard's ``sources``."""
    local: dict[str, Any] = dict(details)
    if "m" in details:
        local["m"] = [[sources(source), sentence] for source, sentence in details["m"]]
    if "src" in details:
        local["src"] = [sources(source) for source in details["src"]]
    return local


#: At most this many lists :class:`_Shown` keeps before it starts again.
_SHOWN_HELD = 1 << 14


class _Shown:
    """The displayed names of a ``similarTo`` link's shared entities, by the identity of the list the edge holds
    (kept by the graph while its shards are written).

    Assembly and the similarity stage make equal lists one object (:mod:`kg.shared_values`: on the full Anthology
    about 11,000 distinct lists of shared entities for 360,000 links), so each is named once, not at both ends of
    every link; lists that are not shared only cost a dictionary entry, and no more than :data:`_SHOWN_HELD`
    are held at once (the memo is emptied when full).  Shared terms are mostly a link's own: they are not kept
    here; :func:`_first_texts` makes only the first :data:`~exports.view_details.SHARED_SHOWN` of them.
    """

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph
        self.entities: dict[int, tuple[Any, list[str]]] = {}

    def shared_entities(self, value: Any) -> list[str]:
        """The names of the first :data:`~exports.view_details.SHARED_SHOWN` entities of ``value`` (ids)."""
        held = self.entities.get(id(value))
        if held is not None and held[0] is value:
            return held[1]
        graph = self.graph
        names = [node_name(graph.nodes[e], e) if e in graph else e for e in _first_texts(value)]
        if len(self.entities) >= _SHOWN_HELD:
            self.entities.clear()
        self.entities[id(value)] = (value, names)  # the value itself too: its id names it only while it is alive
        return names


def _first_texts(value: Any) -> list[str]:
    """``display_texts(value)[:SHARED_SHOWN]``, a list's or a tuple's made only up to the last one kept.

    >>> _first_texts(["a", " ", "b  c", "d", "e", "f", "g"]), _first_texts({"b", "a"}), _first_texts(None)
    (['a', 'b c', 'd', 'e', 'f'], ['a', 'b'], [])
    """
    if type(value) not in (list, tuple):
        return display_texts(value)[:SHARED_SHOWN]
    texts = []
    for item in value:
        text = display_text(item)
        if text:
            texts.append(text)
            if len(texts) == SHARED_SHOWN:
                break
    return texts


def _fields(relation: str, data: Mapping[str, Any], shown: _Shown) -> dict[str, Any]:
    """What the node view's edge tooltip shows of one edge (made at each of its ends).

    Plain lookups, and the similarity fields only for ``similarTo``: the names of its shared entities from
    ``shown``, its first shared terms.
    """
    fields: dict[str, Any] = {}
    confidence = data.get("confidence")
    if type(confidence) in (int, float):
        fields["c"] = round(float(confidence), 3)
    author = data.get("position")
    if type(author) is int:
        fields["p"] = author
    if relation == _SIMILAR:
        for key, short in (("score", "sc"), ("strength", "st")):
            value = data.get(key)
            if type(value) in (int, float):
                fields[short] = round(float(value), 3)
        basis = display_text(data.get("basis"))
        if basis:
            fields["b"] = basis
        if data.get("weak") is True:
            fields["wk"] = 1
        entities = data.get("shared_entities")
        if entities is not None:
            shared = shown.shared_entities(entities)
            if shared:
                fields["se"] = shared
        terms = data.get("shared_terms")
        if terms is not None:
            terms = _first_texts(terms)
            if terms:
                fields["tm"] = terms
    return fields


def _entry(graph: nx.MultiDiGraph, node: Hashable, position: Mapping[Hashable, int],
           cache: Mapping[Hashable, Details], sources: SourceTable, shown: _Shown) -> dict[str, Any]:
    """What the generic view draws for ``node``: its details and its links to its neighbours, by their ids.

    All its neighbours, or the :data:`MAX_NEIGHBOURS` first in the search order (``position``) where it has
    more; either way listed by id, so that the entry does not change when other nodes move in that order.

    Each link's fields are made at each of its ends (:func:`_fields`), the names of a ``similarTo`` link's shared
    entities and terms looked up in ``shown``: no link's fields wait for its other end's entry (such a memo of
    ``similarTo`` fields held ~0.09 GB at its largest on the full Anthology, in the views' last step, beside the
    query store's loader; docs/scaling.md, "Peak memory, twenty-eighth session").
    ``cache`` holds details computed for earlier pages; it is read, not grown: each node's entry is written once.
    """
    found: dict[Hashable, list[tuple[bool, Any, Mapping[str, Any]]]] = {}
    # The adjacency dicts themselves (read only), in the order graph.out_edges / in_edges give: the edge
    # views cost a view object and a generator per node, 5 s of the full Anthology's 210k nodes.
    for other, keyed in graph._succ[node].items():
        found[other] = [(True, key, data) for key, data in keyed.items()]
    for other, keyed in graph._pred[node].items():
        edges = [(False, key, data) for key, data in keyed.items()]
        if other in found:
            found[other] += edges
        else:
            found[other] = edges
    found.pop(node, None)
    links = []
    for other in _drawn(found, position):
        edges = found[other]
        if len(edges) > 1:  # outgoing first, then by key
            edges.sort(key=lambda edge: (not edge[0], str(edge[1])))
        for outgoing, key, data in edges:
            relation = data.get("relation")
            if type(relation) is not str or not relation:
                relation = display_text(relation) or display_text(key)
            fields = _fields(relation, data, shown)
            links.append([str(other), relation, 1 if outgoing else 0, fields] if fields
                         else [str(other), relation, 1 if outgoing else 0])
    entry: dict[str, Any] = {"nb": links, "nt": len(found)}
    details = cache.get(node)
    if details is None:
        details = node_details(graph, node)
    if details:
        entry["d"] = _page_details(details, sources)
    return entry


def _drawn(neighbours: Collection[Hashable], position: Mapping[Hashable, int]) -> list[Hashable]:
    """The neighbours an entry draws, by id: all of them, or the :data:`MAX_NEIGHBOURS` first in ``position``."""
    if len(neighbours) > MAX_NEIGHBOURS:
        neighbours = sorted(neighbours, key=position.__getitem__)[:MAX_NEIGHBOURS]
    return sorted(neighbours, key=str)


def write_node_page(folder: Path, graph: nx.MultiDiGraph, *, links: Sequence[tuple[str, str]] = (),
                    search: str = "assets/kg-search.js", asset_url: str = "assets/") -> Path:
    """Write ``node.html`` into the views ``folder``: the page that draws any node from the shards.

    ``links`` go atop the page (as on every view); ``search`` and
    ``asset_url`` are where the search script and the shared assets are,
    relative to the page.
    """
    kinds = dict(KIND_STYLES)
    config = {
        "shards": shard_count(graph.number_of_nodes()),
        "search": search,
        "data": f"{NODE_DATA_DIR}/",
        "order": list(KIND_STYLES),
        "styles": {kind: {"color": s.color, "symbol": s.symbol} for kind, s in kinds.items()},
        "otherKind": {"color": OTHER_KIND_STYLE.color, "symbol": OTHER_KIND_STYLE.symbol},
        "relations": {name: {"color": r.color, "dashes": r.dashes, "arrows": r.arrows}
                      for name, r in RELATION_STYLES.items()},
        "otherRelation": {"color": OTHER_RELATION_STYLE.color, "dashes": OTHER_RELATION_STYLE.dashes,
                          "arrows": OTHER_RELATION_STYLE.arrows},
        "weak": {"opacity": WEAK_OPACITY, "dashes": list(WEAK_DASHES)},
        "options": view_options(0, [*KIND_STYLES, "other"]),
    }
    page = page_template(NODE_PAGE).render(links=list(links), asset_url=asset_url,
                                           config_json=Markup(script_json(config)))
    return write_text_atomic(Path(folder) / NODE_PAGE, page)


def write_node_data(graph: nx.MultiDiGraph, folder: Path, order: Sequence[Hashable], *,
                    cache: Mapping[Hashable, Details] | None = None,
                    last: PageRecord | None = None, record: PageRecord | None = None,
                    owners: OwnerDigests | None = None, in_links: InLinkMemo | None = None) -> list[Path]:
    """Write the shards the generic view loads into ``folder`` (``NODE_DATA_DIR`` of the views); return them.

    ``cache`` holds node details the other pages of the build already computed (only read here).  With
    ``last``, the record the last build left in the views folder, a shard whose fingerprint
    (:func:`shard_fingerprints`) and bytes are those recorded there is kept as it is, its entries not
    computed; ``record`` notes every shard kept or written (:class:`~exports.view_fingerprint.PageRecord`).
    The shards are the same either way.  ``owners``:
    the nodes' owner digests graph.ttl's writer found for this graph, if any, and ``in_links`` the in-link
    digests of the last build, noted for the next (see :func:`shard_fingerprints`).

    Each shard is a script calling ``kgNodeShard(number, {"sources": [...],
    "nodes": {id: entry}})``, its nodes in the order of their ids; an entry holds the node's details
    (``d``, as in :class:`~exports.view_data.NodeDetails`), how many neighbours it has (``nt``) and its
    links (``nb``): ``[id of the neighbour, relation, 1 when the edge leaves the node, {c, sc, st, p, b, wk,
    se, tm} when it has them]``, by the neighbour's id (then outgoing first, then by key); the search script
    names the neighbour's name, kind, view and degree.  The same graph gives the same bytes.
    """
    folder = Path(folder)
    shards = shard_count(graph.number_of_nodes())
    position = {node: i for i, node in enumerate(order)}
    members: list[list[Hashable]] = [[] for _ in range(shards)]
    for node in sorted(graph, key=str):
        members[shard_of(node, shards)].append(node)
    paths = [folder / f"{number:03d}.js" for number in range(shards)]
    fingerprints = (shard_fingerprints(graph, members, position, owners, in_links)
                    if last is not None or record is not None
                    else [None] * shards)
    kept = {number for number, fingerprint in enumerate(fingerprints)
            if fingerprint is not None and last is not None and last.holds(paths[number], fingerprint)}
    shown = _Shown(graph)
    for number, nodes in enumerate(members):
        path, fingerprint = paths[number], fingerprints[number]
        if number in kept:
            if record is not None:
                record.keep(path, last)
            continue
        sources = SourceTable()
        entries = {}
        for node in nodes:
            entries[str(node)] = _entry(graph, node, position, cache or {}, sources, shown)
        data = b"kgNodeShard(%d, %s);\n" % (number, script_json_bytes({"sources": sources.names, "nodes": entries}))
        if record is not None and fingerprint is not None:
            record.write_page(path, fingerprint, data)
        else:
            write_bytes_atomic(path, data)
    return paths


def shard_fingerprints(graph: nx.MultiDiGraph, members: Sequence[Sequence[Hashable]],
                       position: Mapping[Hashable, int], owners: OwnerDigests | None = None,
                       in_links: InLinkMemo | None = None) -> list[str | None]:
    """A SHA-256 of everything each shard's entries are made of, for the shards ``members`` lists.

    A node's entry (:func:`_entry`) reads its attributes, its links with their attributes, the names of the
    nodes its links point to (a paper's details name its authors) and of the entities its ``similarTo``
    links share, and, where it has more than :data:`MAX_NEIGHBOURS` neighbours, which of them come first in
    ``position``.  Each node's part is serialised with :mod:`marshal` (version 2: the same values give the
    same bytes, and values of other types or floats of other bits other bytes) and digested once, in the
    graph's own order of nodes (:func:`_node_digests`), its id, attributes and out-links by their
    :func:`~exports.rdf_owners.owner_digest`, taken from ``owners`` where graph.ttl's writer left them (so
    that ``kg build`` does not marshal them a second time), its in-links by their digest, looked up in
    ``in_links`` (the digests the last build made, :class:`~exports.view_inlinks.InLinkMemo`) where the
    nodes they come from are unchanged; a shard's fingerprint is a SHA-256 of its nodes'
    digests, in the order of ``members``, with the number of shards and
    :func:`~exports.view_fingerprint.code_version`.  It never computes an entry.  A shard holding a value
    :mod:`marshal` cannot write (no graph kg builds has one) gets ``None``: it is written every time.

    Walking the nodes in the graph's order rather than shard by shard (whose members are scattered
    through memory) and digesting each node alone took the full Anthology's fingerprints from 12.7-15.6 to
    about 9 CPU s (docs/scaling.md, "Views in a rebuild, thirteenth session").
    """
    digests = _node_digests(graph, position, owners, in_links)
    head = f"{code_version()}\0{len(members)}\0".encode()
    found: list[str | None] = []
    for number, nodes in enumerate(members):
        parts = [digests[node] for node in nodes]
        if None in parts:  # a value marshal cannot write: this shard is written every time
            found.append(None)
            continue
        found.append(hashlib.sha256(head + f"{number}\0".encode() + b"".join(parts)).hexdigest())
    return found


def _node_digests(graph: nx.MultiDiGraph, position: Mapping[Hashable, int], owners: OwnerDigests | None = None,
                  memo: InLinkMemo | None = None) -> dict[Hashable, bytes | None]:
    """Each node's digest of what its entry is made of (:func:`shard_fingerprints`); ``None`` where
    :mod:`marshal` cannot write one of its values.

    The part of a node is ``(owner digest, in-link digest, names of the nodes its out-links reach, names of the
    entities its links share, the drawn neighbours of a hub)``, the owner digest standing for its id, attributes
    and out-links (and its targets' kinds, which no entry reads: a change there rewrites a shard for nothing),
    the in-link digest for its in-links with their attributes (:func:`exports.view_inlinks.in_link_digests`,
    looked up in ``memo`` where the nodes they come from are unchanged).
    ``owners`` holds those digests where already made (:data:`~exports.rdf_owners.OwnerDigests`).  The names of
    the nodes its in-links come from are left out: no entry shows them (a node's details read its in-links'
    relations and mentions, and the search script names every neighbour).
    """
    node_attrs = graph._node

    def name_of(node: Hashable) -> tuple[Any, Any, Any]:  # what node_name and the authors' names read: made at
        attrs = node_attrs[node]  # each use, not held for 222,000 nodes (~35 MB) beside the digests
        return attrs.get("label"), attrs.get("title"), attrs.get("name")

    succ_of, pred_of = graph._succ, graph._pred
    dumps, sha256 = marshal.dumps, hashlib.sha256
    digests: dict[Hashable, bytes | None] = {}
    known = owners or {}
    missing = [node for node in graph._node if node not in known]
    if missing:
        known = {**known, **dict(zip(missing, owner_digests(graph, missing)))}
    in_links = in_link_digests(graph, known, memo)
    if memo is not None:
        memo.seal()  # what the next build reads, packed: not held as 2 x 222,000 bytes objects through the entries
    for node in graph._node:  # the graph's order: its dicts were made, and lie in memory, in it
        own, linked = known[node], in_links[node]
        if own == NO_DIGEST or linked is None:
            digests[node] = None
            continue
        succ, pred = succ_of[node], pred_of[node]
        shared = []  # the names of the entities its similarTo links share (kept in the edge as ids)
        for keyed in (*succ.values(), *pred.values()):
            for data in keyed.values():
                entities = data.get("shared_entities")
                if entities:
                    shared.append([name_of(entity) if entity in node_attrs else None
                                   for entity in display_texts(entities)[:SHARED_SHOWN]])
        drawn = None
        if len(succ) + len(pred) > MAX_NEIGHBOURS:  # which neighbours a hub draws depends on the search order
            neighbours = {*succ, *pred}
            neighbours.discard(node)
            if len(neighbours) > MAX_NEIGHBOURS:
                drawn = _drawn(neighbours, position)
        try:
            data = dumps((own, linked, list(map(name_of, succ)), shared, drawn), 2)
        except ValueError:
            digests[node] = None
            continue
        digests[node] = sha256(data).digest()
    return digests
