"""Each node's in-links, digested: made again only where one of the nodes they come from changed.

The node view's shard fingerprints (:func:`exports.view_nodes.shard_fingerprints`) take every node's in-links
(``graph._pred[node]``: the nodes they come from, in order, each with its edges' keys and attributes), and
marshalling them all again was the largest part of those fingerprints in a one-page rebuild of the full
Anthology (340 MB; docs/scaling.md, "Rebuild, eighteenth session").  Yet every in-link of a node is an
out-edge of the node it comes from, the very dict ``graph._succ[source][node]``, so the node's id and its sources'
owner digests (:mod:`exports.rdf_owners`: id, attributes and every out-edge) in the order of
``graph._pred[node]`` name those in-links exactly.  :func:`in_link_digests` keys each node's digest of its
marshalled in-links by that sequence and looks it up in an :class:`InLinkMemo` the last build left beside the
document cache; only the nodes an added, changed or removed owner links to are marshalled.

The memo is content-addressed, so it cannot go stale with the graph: a key names the in-links it was
made from, whatever the build.  It holds data only (a numpy ``.npz`` read without pickles, with a checksum
and a key of the code it was made by, :func:`exports.piece_index.load_index`); one that is missing,
damaged or made by other code is empty, and every node's in-links are marshalled, with the same digests.

>>> import networkx as nx
>>> from exports.rdf_owners import owner_digests
>>> g = nx.MultiDiGraph()
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses")
>>> owners = dict(zip(g, owner_digests(g, g)))
>>> memo = InLinkMemo()
>>> first = in_link_digests(g, owners, memo)
>>> again = memo.next()  # the next build's, as loaded
>>> in_link_digests(g, owners, again) == first == in_link_digests(g, owners), memo.marshalled, again.marshalled
(True, 1, 0)
"""
from __future__ import annotations

import hashlib
import marshal
import sys
from collections.abc import Hashable, Mapping
from pathlib import Path

import networkx as nx
import numpy as np

from exports.piece_index import DIGEST, load_index, save_index
from exports.rdf_owners import NO_DIGEST

__all__ = ["InLinkMemo", "in_link_digest", "in_link_digests", "inlinks_key"]

_FORMAT = "view-inlinks-1"
_ARRAYS = ("keys", "digests")
_HERE = Path(__file__).resolve().parent


def inlinks_key() -> str:
    """What a key's meaning and a digest's bytes depend on: this module, the owner digests', Python's version."""
    digest = hashlib.sha256(f"{_FORMAT} {sys.version}".encode())
    for name in ("view_inlinks.py", "rdf_owners.py", "piece_index.py"):
        digest.update(name.encode() + b"\0" + hashlib.sha256((_HERE / name).read_bytes()).digest())
    return digest.hexdigest()


class InLinkMemo:
    """In-link digests by their key: those the last build made (``known``), those this one made or looked up
    (``made``, what :meth:`save` keeps: only the keys of this graph, so the file does not grow)."""

    def __init__(self, known: dict[bytes, bytes] | None = None) -> None:
        self.known: dict[bytes, bytes] = known or {}
        self.made: dict[bytes, bytes] = {}
        #: How many nodes' in-links were marshalled by :func:`in_link_digests` with this memo.
        self.marshalled = 0
        self._sealed: tuple[bytes, bytes] = (b"", b"")  # keys and digests of :meth:`seal`, end to end

    def __len__(self) -> int:
        """How many digests this build made or used (what :meth:`save` writes)."""
        return len(self.made) + len(self._sealed[0]) // DIGEST

    def seal(self) -> None:
        """Pack the digests made so far into the two byte strings :meth:`save` writes, and let go of the
        dictionaries (``known`` too): the node view does once its fingerprints are made, so that the full
        Anthology's 222,000 pairs (~35 MB as bytes objects in a dict, 7 MB packed) do not wait through the
        shards' entries beside the query store's loader.  Digests made after it are kept as before.

        >>> memo = InLinkMemo({b"k" * DIGEST: b"d" * DIGEST})
        >>> memo.made[b"a" * DIGEST] = b"b" * DIGEST
        >>> memo.seal()
        >>> len(memo), memo.made, memo.known, memo.next().known == {b"a" * DIGEST: b"b" * DIGEST}
        (1, {}, {}, True)
        """
        keys, digests = self._sealed
        self._sealed = (keys + b"".join(self.made), digests + b"".join(self.made.values()))
        self.made, self.known = {}, {}

    def _pairs(self) -> tuple[bytes, bytes]:
        """Every key and digest this build made or used, end to end (sealed ones first)."""
        keys, digests = self._sealed
        return keys + b"".join(self.made), digests + b"".join(self.made.values())

    @classmethod
    def load(cls, path: Path) -> InLinkMemo:
        """The memo saved at ``path``; an empty one where there is none, or it is damaged or made by other code."""
        arrays, _, _why = load_index(Path(path), names=_ARRAYS, format=_FORMAT, key=inlinks_key())
        if arrays is None:
            return cls()
        keys, digests = arrays["keys"], arrays["digests"]
        if keys.dtype != np.uint8 or digests.dtype != np.uint8 or keys.ndim != 2 or keys.shape != digests.shape \
                or keys.shape[1] != DIGEST:
            return cls()
        width = DIGEST
        key_bytes, digest_bytes = keys.tobytes(), digests.tobytes()
        return cls({key_bytes[i:i + width]: digest_bytes[i:i + width] for i in range(0, len(key_bytes), width)})

    def next(self) -> InLinkMemo:
        """A memo for the next build of the same process (tests): what this one made, as known."""
        keys, digests = self._pairs()
        return InLinkMemo({keys[i:i + DIGEST]: digests[i:i + DIGEST] for i in range(0, len(keys), DIGEST)})

    def save(self, path: Path) -> None:
        """Write the digests this build made or used to ``path`` (atomically; data only)."""
        keys, digests = self._pairs()
        count = len(keys) // DIGEST
        arrays = {"keys": np.frombuffer(keys, dtype=np.uint8).reshape(count, DIGEST),
                  "digests": np.frombuffer(digests, dtype=np.uint8).reshape(count, DIGEST)}
        save_index(Path(path), arrays, names=_ARRAYS, format=_FORMAT, key=inlinks_key(), size=0, sha256="")


def in_link_digest(in_links: Mapping) -> bytes | None:
    """The first :data:`~exports.piece_index.DIGEST` bytes of a SHA-256 of ``graph._pred[node]`` marshalled
    (version 2: values, types and order only); ``None`` where marshal cannot write one of its values."""
    try:
        return hashlib.sha256(marshal.dumps(in_links, 2)).digest()[:DIGEST]
    except ValueError:
        return None


def in_link_digests(graph: nx.MultiDiGraph, owners: Mapping[Hashable, bytes],
                    memo: InLinkMemo | None = None) -> dict[Hashable, bytes | None]:
    """:func:`in_link_digest` of every node's in-links, in the graph's order, taken from ``memo`` where its
    key (a SHA-256 of the node's id and the owner digests of the nodes they come from, in order; ``owners``
    holds every node's) is known there, and noted in ``memo`` either way.  The same digests with or without a
    memo.  The id is part of the key because a source's owner digest names all its out-edges, and the node's
    in-links are those of them that reach it: two nodes linked from the same sources have different in-links."""
    memo = InLinkMemo() if memo is None else memo
    known, made = memo.known, memo.made
    own, sha256, dumps = owners.__getitem__, hashlib.sha256, marshal.dumps
    empty = in_link_digest({})
    unnamed = {node for node, digest in owners.items() if digest == NO_DIGEST}  # owners marshal could not write
    digests: dict[Hashable, bytes | None] = {}
    marshalled = 0
    for node, in_links in graph._pred.items():
        if not in_links:
            digests[node] = empty
            continue
        if unnamed and not unnamed.isdisjoint(in_links):  # no key names these in-links
            digests[node] = in_link_digest(in_links)
            marshalled += 1
            continue
        try:
            named = sha256(dumps(node, 2))
        except ValueError:  # an id marshal cannot write: no key
            digests[node] = in_link_digest(in_links)
            marshalled += 1
            continue
        named.update(b"".join(map(own, in_links)))
        key = named.digest()[:DIGEST]
        digest = known.get(key)
        if digest is None:
            digest = in_link_digest(in_links)
            marshalled += 1
            if digest is None:
                digests[node] = None
                continue
        made[key] = digests[node] = digest
    memo.marshalled += marshalled
    return digests
