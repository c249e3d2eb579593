"""Which view pages a rebuild may keep: a fingerprint of what each page draws, stored beside the pages.

A page whose fingerprint is the one stored for it, and whose file still has
the bytes written then, is left as it is instead of being laid out and
written again.  The fingerprint of a page is a SHA-256 over every value the
page's drawing reads (:func:`exports.view_landscape.landscape_fingerprint`
for the landscapes of the venue views), the arguments of its page (title,
links, ``max_nodes``) and :func:`code_version`: the source of the
``exports`` and ``ontology`` packages and the versions of the libraries
that shape the bytes.  So a kept page is byte for byte the page a build
into an empty folder writes.

The record is ``.kg-pages.json`` in the views folder (hidden: no view lists
it), plain JSON: for each page kept or written, the fingerprint of its
inputs and the SHA-256 of its bytes.  It is written from scratch by each
:func:`exports.views.write_views`, so it names only the pages of the last
build, and the same graph gives the same record.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> old = PageRecord.read(folder)
>>> new = PageRecord()
>>> page = folder / "venue-x.html"
>>> old.holds(page, "f1")
False
>>> _ = new.write_page(page, "f1", "<html>x</html>")
>>> _ = new.write(folder)
>>> again = PageRecord.read(folder)
>>> again.holds(page, "f1"), again.holds(page, "f2")
(True, False)
>>> _ = page.write_text("edited by hand")
>>> again.holds(page, "f1")
False
"""
from __future__ import annotations

import hashlib
import json
import marshal
import sys
from collections.abc import Collection, Hashable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx

from exports.view_data import Details
from exports.view_details import GRAPH_WIDE_KINDS, node_details, node_name
from exports.view_styles import kind_of
from exports.view_text import display_texts
from ontology.util.files import write_bytes_atomic
from ontology.util.versions import file_digests, installed_versions

__all__ = ["PAGE_RECORD", "PageRecord", "code_version", "digest", "induced_digest", "view_graph_digest"]

#: The record of the pages' fingerprints, in the views folder.
PAGE_RECORD = ".kg-pages.json"
#: Bumped when the record's layout changes; a record of another format is ignored (every page is written).
_FORMAT = 1
#: The packages whose code draws the pages, and the libraries whose versions can change their bytes.
_PACKAGES = ("exports", "ontology")
_LIBRARIES = ("networkx", "numpy", "scipy", "jinja2", "markupsafe", "pyvis")


@cache
def code_version() -> str:
    """SHA-256 over the files of :data:`_PACKAGES` (code and templates), Python's and the libraries' versions.

    A change to any of them changes every fingerprint, so a page drawn by
    other code is written again.

    >>> len(code_version())
    64
    """
    sha = hashlib.sha256(sys.version.encode("utf-8"))
    for name, version in installed_versions(_LIBRARIES, missing="absent"):
        sha.update(f"\0{name}={version}".encode())
    for name, file_digest in file_digests(Path(__file__).resolve().parent.parent, _PACKAGES):
        sha.update(b"\0" + name.encode("utf-8") + b"\0")
        sha.update(file_digest)
    return sha.hexdigest()


def digest(value: Any) -> str:
    """SHA-256 of ``value`` as compact JSON (keys in the order given; values JSON cannot hold as ``str``).

    >>> digest(["a", 1]) == digest(["a", 1]), digest(["a", 1]) == digest(["a", "1"])
    (True, False)
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def view_graph_digest(context: nx.MultiDiGraph, view: nx.MultiDiGraph, *, cache: dict[Hashable, Details],
                      view_files: Mapping[Hashable, str] | None, memo: dict[Hashable, bytes] | None = None,
                      ) -> str | None:
    """SHA-256 of everything a page drawing ``view`` (a subgraph of ``context``) reads, when the page leaves the
    graph-wide details to the node view's shards (:func:`exports.html_view.render_html` with ``node_data``).

    That page selects, lays out and sizes the nodes from ``view``'s structure alone, and draws its edges'
    attributes (``view``'s adjacency, marshalled: insertion order and types count) and of each node what
    its record shows: for a node of :data:`~exports.view_details.GRAPH_WIDE_KINDS` its name, kind and
    alternative labels (not its other attributes: an entity a new paper names gains a source file, which
    only its details, loaded from the shards, show), for any other node its attributes and its details
    (a paper's authors' names: the details themselves go in, from ``cache`` where an earlier page computed
    them); and the file each node links to (``view_files``) and the names of the entities its
    ``similarTo`` links share.  Each node's part is digested once per ``memo`` (shared by the pages of
    one graph and ``view_files``).  ``None`` where :mod:`marshal` cannot write a value (no graph kg builds
    has one): the page is then written every time.  The page's title, links and options are the caller's
    to add.

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/a", "person/x", key="creator", relation="creator")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> view = g.subgraph(["paper/a", "dataset/d"]).copy()
    >>> before = view_graph_digest(g, view, cache={}, view_files=None)
    >>> _ = g.add_edge("paper/c", "dataset/d", key="uses", relation="uses")  # the entity's count, outside the view
    >>> g.nodes["dataset/d"]["sources"] = ["c.txt"]  # and its sources: its details, in the shards
    >>> view_graph_digest(g, view, cache={}, view_files=None) == before
    True
    >>> g.nodes["person/x"]["name"] = "X"  # the paper's author: its details name them
    >>> view_graph_digest(g, view, cache={}, view_files=None) == before
    False
    """
    return _graph_digest(context, view._node, view._succ, cache, view_files, memo)


def induced_digest(context: nx.MultiDiGraph, nodes: Collection[Hashable], *, cache: dict[Hashable, Details],
                   view_files: Mapping[Hashable, str] | None, memo: dict[Hashable, bytes] | None = None,
                   ) -> str | None:
    """:func:`view_graph_digest` for the subgraph of ``context`` induced on ``nodes`` (every edge between them:
    :func:`exports.view_kinds._induced`), made from ``context`` without building that subgraph.

    The nodes are taken in sorted order (as the subgraph adds them) and each one's edges to the others as
    ``context`` holds them (its own dicts: the same keys and attributes, in the graph's order rather than the
    subgraph's sorted one), so the digest covers everything the subgraph holds; it is not the subgraph's
    :func:`view_graph_digest`, and the same graph built in another order may give another one (its pages are
    then written again, with the same bytes).  On the full Anthology's 44 kept entity pages this skips their
    subgraphs, 1.3 of the 4.8 s those pages took in a one-page rebuild (docs/scaling.md, "One-page rebuild,
    twenty-sixth session").

    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
    >>> _ = g.add_edge("paper/a", "person/x", key="creator", relation="creator")
    >>> for n in g: g.nodes[n]["kind"] = n.split("/")[0]
    >>> before = induced_digest(g, {"paper/a", "dataset/d"}, cache={}, view_files=None)
    >>> _ = g.add_edge("paper/c", "dataset/d", key="uses", relation="uses")  # outside the view
    >>> induced_digest(g, {"paper/a", "dataset/d"}, cache={}, view_files=None) == before
    True
    >>> g.edges["paper/a", "dataset/d", "uses"]["confidence"] = 0.5  # an edge it draws
    >>> induced_digest(g, {"paper/a", "dataset/d"}, cache={}, view_files=None) == before
    False
    """
    keep = set(nodes)
    order = sorted(keep, key=str)
    succ = context._succ
    adjacency = {node: {other: keyed for other, keyed in succ[node].items() if other in keep} for node in order}
    return _graph_digest(context, order, adjacency, cache, view_files, memo)


def _graph_digest(context: nx.MultiDiGraph, nodes: Iterable[Hashable], adjacency: Mapping[Hashable, Mapping],
                  cache: dict[Hashable, Details], view_files: Mapping[Hashable, str] | None,
                  memo: dict[Hashable, bytes] | None) -> str | None:
    """The digest of a view of ``context`` with ``nodes`` (in its order) and ``adjacency`` (as a graph's
    ``_succ``: node -> neighbour -> key -> attributes), for :func:`view_graph_digest` and :func:`induced_digest`."""
    memo = {} if memo is None else memo
    parts = []
    for node in nodes:
        part = memo.get(node)
        if part is None:
            part = memo[node] = _node_part(context, node, cache, view_files)
        if not part:
            return None
        parts.append(part)
    names = context._node
    shared = []  # the names of the entities similarTo links share (the edges hold their ids)
    for keyed_by_other in adjacency.values():
        for keyed in keyed_by_other.values():
            for data in keyed.values():
                entities = data.get("shared_entities")
                if entities:
                    shared.append([node_name(names[e], e) if e in names else e for e in display_texts(entities)])
    try:
        edges = marshal.dumps((adjacency, shared), 2)
    except ValueError:
        return None
    return hashlib.sha256(b"".join(parts) + edges).hexdigest()


def _node_part(context: nx.MultiDiGraph, node: Hashable, cache: dict[Hashable, Details],
               view_files: Mapping[Hashable, str] | None) -> bytes:
    """The digest of what a page draws of ``node`` (:func:`view_graph_digest`); ``b""`` where marshal cannot."""
    attrs = context._node[node]
    link = view_files.get(node) if view_files is not None else None
    if kind_of(attrs) in GRAPH_WIDE_KINDS:  # what node_record and the layout read: the rest is in the shards
        value: Any = (node, link, attrs.get("kind"), attrs.get("label"), attrs.get("title"), attrs.get("name"),
                      attrs.get("alt_labels"))
    else:
        value = (node, link, attrs, node_details(context, node, cache=cache, graph_wide=False))
    try:
        return hashlib.blake2b(marshal.dumps(value, 2), digest_size=32).digest()
    except ValueError:
        return b""


class PageRecord:
    """The fingerprints of a views folder's pages: those read from the last build, or those of this one."""

    def __init__(self, pages: dict[str, tuple[str, str]] | None = None) -> None:
        #: File name -> (fingerprint of its inputs, SHA-256 of its bytes).
        self.pages: dict[str, tuple[str, str]] = dict(pages or {})

    @classmethod
    def read(cls, folder: Path) -> PageRecord:
        """The record in ``folder``; an empty one where there is none or it cannot be read (every page is written)."""
        try:
            data = json.loads((Path(folder) / PAGE_RECORD).read_text(encoding="utf-8"))
            if data.get("format") != _FORMAT:
                return cls()
            return cls({str(name): (str(inputs), str(sha)) for name, (inputs, sha) in data["pages"].items()})
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return cls()

    def holds(self, path: Path, fingerprint: str) -> bool:
        """Whether the page at ``path`` was written from inputs of ``fingerprint`` and still has those bytes."""
        entry = self.pages.get(Path(path).name)
        if entry is None or entry[0] != fingerprint:
            return False
        try:
            return hashlib.sha256(Path(path).read_bytes()).hexdigest() == entry[1]
        except OSError:
            return False

    def keep(self, path: Path, other: PageRecord) -> None:
        """Carry ``path``'s entry over from ``other`` (the last build's record), for a page left as it was."""
        self.pages[Path(path).name] = other.pages[Path(path).name]

    def note(self, path: Path, fingerprint: str, sha: str) -> None:
        """Note ``path``, which the caller wrote from inputs of ``fingerprint``, and the SHA-256 of its bytes."""
        self.pages[Path(path).name] = (fingerprint, sha)

    def write_page(self, path: Path, fingerprint: str, text: str | bytes) -> Path:
        """Write the page ``text`` (or its UTF-8 bytes) to ``path`` atomically and note its fingerprint and bytes;
        return ``path``."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        self.pages[Path(path).name] = (fingerprint, hashlib.sha256(data).hexdigest())
        return write_bytes_atomic(Path(path), data)

    def write(self, folder: Path) -> Path:
        """Write this record into ``folder`` (sorted, so the same pages give the same bytes); return its path."""
        data = {"format": _FORMAT, "pages": {name: list(self.pages[name]) for name in sorted(self.pages)}}
        text = json.dumps(data, ensure_ascii=False, indent=0, separators=(",", ":"))
        return write_bytes_atomic(Path(folder) / PAGE_RECORD, (text + "\n").encode("utf-8"))
