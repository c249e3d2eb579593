"""graph.ttl in a rebuild: the subject blocks of the nodes that did not change copied from the last one.

kg's Turtle is Oxigraph's serialisation of the sorted N-Triples lines
(:mod:`exports.rdf_stream`): one *block* per subject, each starting a line
with ``<``, in the order of the subjects, and a block's bytes depend on its
subject's triples only.  Every subject's triples come from one *owner*: a
node's own resource and its ``schema:PropertyValue`` fields from the node,
and the triples an edge makes (its own, the qualified ``kg:Authorship`` or
``kg:Similarity`` nodes and the ``kg:Mention`` of each mention, all named
after the edge's source) from the edge's source node.  So a node with its
attributes, its out-edges (with their attributes and their targets' kinds)
is an *owner*, and a block whose owner is unchanged is the same bytes.

:func:`write_indexed` writes graph.ttl with an index beside the document
cache (:func:`exports.piece_index.save_index`: data only, checksummed, tied
to the file's SHA-256): each owner's digest (SHA-256 of its ``marshal``
bytes) and the extractors its mentions name, each block's place in the file
and its owner.  A rebuild digests every owner, makes the lines and Turtle of
the owners whose digest is not in the index (new or changed) only, and
merges their blocks, by subject, into the blocks of the last file whose
owners are unchanged, copied as byte ranges.  The descriptions of the
extractors (``prov:SoftwareAgent``), which no owner has, are always made
again.  The bytes are those of sorting every line again (the tests compare
both); a missing, damaged or foreign index, another code or library
version, an edited graph.ttl or a change to more than
:data:`MOST_CHANGED` of the owners means the full write, which writes the
index for the next build.
"""
from __future__ import annotations

import hashlib
import os
import sys
from array import array
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import networkx as nx
import numpy as np

from exports.piece_index import DIGEST, load_index, open_described, save_index
from exports.rdf_edges import agent_triples, edge_sources, edge_triples, mention_triples
from exports.rdf_nodes import node_triples
from exports.rdf_ordered import AGENTS, SubjectPlan, ordered_runs, plan_subjects
from exports.rdf_owners import NO_DIGEST, OwnerDigests, owner_digests
from exports.rdf_stream import SortedLines, turtle_header, turtle_run
from exports.rdf_terms import PREFIXES, Triple
from ontology.errors import KgError
from ontology.ids import iri_for, node_id
from ontology.util.files import open_atomic
from ontology.util.memory import paused_gc

__all__ = ["MOST_CHANGED", "TurtleProgress", "TurtleReport", "last_turtle", "owner_triples", "turtle_key",
           "write_indexed"]

#: Called with the bytes of graph.ttl written and flushed so far, after each sorted run (``write_rdf``'s
#: ``on_turtle``).
TurtleProgress = Callable[[int], None]
#: Above this share of owners changed, a rebuild writes everything again (their lines are held in memory).
MOST_CHANGED = 0.125
_FORMAT = "turtle-blocks-1"
_ARRAYS = ("digests", "agents", "offsets", "owners")
_COPY_BYTES = 8 << 20


@dataclass(frozen=True)
class TurtleReport:
    """What the last :func:`write_indexed` did: owners and blocks written, how many owners' blocks were copied
    from the last graph.ttl, and why none were (``""`` when the index was used)."""

    owners: int
    blocks: int
    reused: int
    full: str = ""


_LAST: list[TurtleReport] = []


def last_turtle() -> TurtleReport | None:
    """The :class:`TurtleReport` of this process's last :func:`write_indexed` (for tests and benchmarks)."""
    return _LAST[-1] if _LAST else None


_HERE = Path(__file__).resolve().parent


def turtle_key() -> str:
    """What a block's bytes depend on besides its owner: this code, the ontology's ids, the prefix header,
    Oxigraph's and Python's versions."""
    import pyoxigraph

    digest = hashlib.sha256(f"1 {sys.version} {pyoxigraph.__version__}".encode() + turtle_header(PREFIXES))
    files = sorted(_HERE.glob("rdf_*.py")) + [_HERE / "piece_index.py"] + sorted((_HERE.parent / "ontology").glob("*.py"))
    for file in files:
        digest.update(file.name.encode() + b"\0" + hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def owner_triples(graph: nx.MultiDiGraph, node: str, agents: dict[str, str]) -> list[Triple]:
    """The triples of ``node`` and of its out-edges and their mentions: every triple whose subject it owns.

    The same triples :func:`exports.rdf_mapping.rdf_blocks` gives for the
    node and its out-edges (the tests compare them on whole graphs); the
    extractors its mentions name are added to ``agents``.
    """
    nodes = graph._node  # the dicts behind graph.nodes and graph.succ: no view per item
    triples = node_triples(node, nodes[node])
    for target, keyed in graph._succ[node].items():
        kind = nodes[target].get("kind")
        for data in keyed.values():
            edge = edge_triples(node, target, data, edge_sources(data), kind)
            triples += edge
            mentions = data.get("mentions")
            if mentions:
                subject, _, obj = edge[0]  # the edge's own triple comes first
                for mention in mentions:
                    triples += mention_triples(subject, obj, mention, agents)
    return triples


def _agent_iri(component: str) -> str:
    return iri_for(node_id("agent", component))


def _agent_triples(components: set[str]) -> list[Triple]:
    return [triple for component in sorted(components) for triple in agent_triples(component, _agent_iri(component))]


def _block_starts(text: bytes) -> np.ndarray:
    """Where each subject block of Oxigraph's Turtle ``text`` (no header) starts: every line starting with ``<``."""
    if not text:
        return np.zeros(0, dtype=np.int64)
    data = np.frombuffer(text, dtype=np.uint8)
    newlines = np.flatnonzero(data[:-1] == 10)
    starts = newlines[data[newlines + 1] == 60] + 1
    if data[0] == 60:
        starts = np.concatenate(([0], starts))
    return starts.astype(np.int64)


def _subject(text: bytes, start: int) -> str:
    return text[start + 1:text.index(b">", start)].decode("utf-8")


class _Named:
    """One frozenset for each set of extractors' names (most owners name none or the same few)."""

    def __init__(self) -> None:
        self._sets: dict[frozenset[str], frozenset[str]] = {}

    def __call__(self, names) -> frozenset[str]:
        found = frozenset(names)
        return self._sets.setdefault(found, found)


class _Index:
    """The arrays of a Turtle index as they are gathered: owners' digests and extractors, blocks' places."""

    def __init__(self) -> None:
        self.digests = bytearray()
        self.agents: list[frozenset[str]] = []
        self.offsets: list[np.ndarray] = []
        self.owners: list[np.ndarray] = []

    def add_owner(self, digest: bytes, agents: frozenset[str]) -> None:
        self.digests += digest
        self.agents.append(agents)

    def save(self, index: Path, key: str, size: int, sha256: str) -> None:
        components = sorted(set().union(*self.agents)) if self.agents else []
        if len(components) > 63:  # one bit each in an int64
            Path(index).unlink(missing_ok=True)
            return
        bit = {name: 1 << number for number, name in enumerate(components)}
        masks = {names: sum(bit[name] for name in names) for names in set(self.agents)}
        arrays = {
            "digests": np.frombuffer(bytes(self.digests), dtype=np.uint8).reshape(-1, DIGEST),
            "agents": np.array([masks[names] for names in self.agents], dtype=np.int64),
            "offsets": np.concatenate([*self.offsets, np.array([size], dtype=np.int64)]),
            "owners": np.concatenate(self.owners) if self.owners else np.zeros(0, dtype=np.int32),
        }
        save_index(index, arrays, names=_ARRAYS, format=_FORMAT, key=key, size=size, sha256=sha256,
                   components=components)


def write_indexed(graph: nx.MultiDiGraph, paths: dict[str, Path], index: Path,
                  owners: OwnerDigests | None = None, on_turtle: TurtleProgress | None = None) -> dict[str, Path]:
    """Write graph.ttl (``paths["ttl"]``) with the Turtle index ``index``; return the formats written.

    graph.ttl's blocks of unchanged owners are copied from the last one when
    ``index`` describes it (:func:`_write_reusing`: only graph.ttl is
    written, the caller writes the rest), else every line is made and sorted
    once for graph.ttl and graph.nt when ``paths`` names it
    (:func:`_write_full`); the bytes are the same.  ``owners``, when given, is filled with every node's
    :func:`~exports.rdf_owners.owner_digest` (for the views' shard fingerprints); ``on_turtle`` is told the
    full write's progress (:func:`exports.rdf_formats.write_rdf`).
    """
    index, turtle, key = Path(index), Path(paths["ttl"]), turtle_key()
    with ExitStack() as stack:
        previous, why = _Previous.load(index, turtle, key, stack)
        if previous is not None:
            try:
                why = _write_reusing(graph, turtle, index, key, previous, owners)
            except _Mismatch as error:
                why = str(error)
    if not why:
        return {"ttl": turtle}
    return _write_full(graph, {name: Path(path) for name, path in paths.items() if name in ("ttl", "nt")}, index,
                       key, why, owners, on_turtle)


@dataclass
class _Previous:
    """The last graph.ttl (open) and its index's arrays."""

    file: BinaryIO
    digests: dict[bytes, int]  # owner's digest -> its number in the last build
    agents: np.ndarray
    components: list[str]
    offsets: np.ndarray
    owners: np.ndarray

    @classmethod
    def load(cls, index: Path, target: Path, key: str, stack: ExitStack) -> tuple[_Previous | None, str]:
        arrays, meta, why = load_index(index, names=_ARRAYS, format=_FORMAT, key=key)
        if arrays is None:
            return None, why
        digests, agents, offsets, owners = (arrays[name] for name in _ARRAYS)
        components = meta.get("components")
        size = meta["size"]
        if (digests.dtype != np.uint8 or digests.ndim != 2 or digests.shape[1] != DIGEST
                or agents.dtype != np.int64 or agents.shape != (len(digests),)
                or offsets.dtype != np.int64 or owners.dtype != np.int32 or offsets.shape != (len(owners) + 1,)
                or not len(owners) or offsets[0] <= 0 or int(offsets[-1]) != size or np.any(np.diff(offsets) <= 0)
                or owners.min() < AGENTS or owners.max() >= len(digests)
                or not isinstance(components, list) or not all(isinstance(name, str) for name in components)
                or len(components) > 63 or (len(agents) and int(agents.min()) < 0)
                or (len(agents) and int(np.bitwise_or.reduce(agents)) >> len(components))):
            return None, "the index is damaged"
        file, why = open_described(target, meta, stack)
        if file is None:
            return None, why
        return cls(file, {bytes(row): number for number, row in enumerate(digests)}, agents, components, offsets,
                   owners), ""

    def key(self, block: int) -> bytes:
        """The subject of the last file's block number ``block``, as ``<iri>``."""
        start, end = int(self.offsets[block]), int(self.offsets[block + 1])
        data = os.pread(self.file.fileno(), min(512, end - start), start)
        close = data.find(b">")
        if close < 0:
            data = os.pread(self.file.fileno(), end - start, start)
            close = data.find(b">")
        if not data.startswith(b"<") or close < 0:
            raise _Mismatch("a block of the last graph.ttl does not start with its subject")
        return data[:close + 1]


class _Mismatch(KgError):
    """The last graph.ttl is not laid out as its index says: write everything again (never reaches a user)."""


def _write_reusing(graph: nx.MultiDiGraph, path: Path, index: Path, key: str, previous: _Previous,
                   digested: OwnerDigests | None = None) -> str:
    """Write graph.ttl from the last one and the changed owners' new blocks; ``""``, or why it could not.
    ``digested`` is filled with each owner's digest."""
    owners = list(graph._node)
    with paused_gc():
        digests = owner_digests(graph, owners)
    if digested is not None:
        digested.update(zip(owners, digests))
    # each owner's number in the last build (-1: new or changed), in arrays: a tuple or list per owner woke the
    # cyclic collector, whose full pass walked the whole graph (3 s of this stage on the full Anthology)
    old_number = np.fromiter((previous.digests.get(digest, -1) if digest != NO_DIGEST else -1 for digest in digests),
                             dtype=np.int64, count=len(digests))
    changed = np.flatnonzero(old_number < 0).tolist()
    if not owners:
        return "an empty graph"
    if len(changed) > MOST_CHANGED * len(owners):
        return f"{len(changed)} of {len(owners)} nodes changed"
    # the old owners that are kept, and their numbers now
    renumber = np.full(len(previous.agents) + 1, -2, dtype=np.int64)  # [-1]: the agents, never kept
    numbers = np.flatnonzero(old_number >= 0)
    renumber[old_number[numbers]] = numbers
    # every extractor any mention names: the kept owners' from the index, the changed owners' as they are made
    masks = previous.agents[old_number[numbers]]
    named = {mask: frozenset(name for bit, name in enumerate(previous.components) if mask >> bit & 1)
             for mask in np.unique(masks).tolist()}
    agents_of: list[frozenset[str]] = [frozenset()] * len(owners)
    for number, mask in zip(numbers.tolist(), masks.tolist()):
        agents_of[number] = named[mask]
    subjects: dict[str, int] = {}
    with paused_gc(), SortedLines(folder=path.parent) as sorter:
        for number in changed:
            agents: dict[str, str] = {}
            triples = owner_triples(graph, owners[number], agents)
            agents_of[number] = frozenset(agents)
            for subject, _, _ in triples:
                if subjects.setdefault(subject, number) != number:
                    return "two nodes make triples of one subject"
            sorter.add_triples(triples)
        components = set().union(*agents_of)
        triples = _agent_triples(components)
        for subject, _, _ in triples:
            if subjects.setdefault(subject, AGENTS) != AGENTS:
                return "an extractor's resource is also a node's"
        sorter.add_triples(triples)
        text = b"".join(turtle_run(run, PREFIXES) for run in sorter.runs())
    starts = _block_starts(text)
    if len(starts) != len(subjects):
        return "the changed nodes' Turtle is not one block per subject"
    new_keys = [b"<" + _subject(text, int(start)).encode("utf-8") + b">" for start in starts]
    try:
        new_owners = [subjects[key[1:-1].decode("utf-8")] for key in new_keys]
    except KeyError:
        return "the changed nodes' Turtle names a subject they do not have"
    ends = np.append(starts[1:], len(text))
    # where each new block goes among the last file's blocks (both in the order of their subjects)
    keep = renumber[previous.owners] >= 0
    count = len(previous.owners)
    keys: dict[int, bytes] = {}

    def old_key(block: int) -> bytes:
        found = keys.get(block)
        if found is None:
            found = keys[block] = previous.key(block)
        return found

    places: list[int] = []
    low = 0
    try:
        for new_key in new_keys:
            high = count
            while low < high:  # the first old block whose subject is not before this one's
                middle = (low + high) // 2
                if old_key(middle) < new_key:
                    low = middle + 1
                else:
                    high = middle
            if low < count and keep[low] and old_key(low) == new_key:
                return "a subject of a changed node is in an unchanged node's block"
            places.append(low)
    except _Mismatch as error:
        return str(error)
    blocks = _write_merged(path, index, key, previous, keep, renumber, places, text, starts, ends, new_owners,
                           digests, agents_of)
    _LAST[:] = [TurtleReport(len(owners), blocks, len(owners) - len(changed))]
    return ""


def _write_merged(path: Path, index: Path, key: str, previous: _Previous, keep: np.ndarray, renumber: np.ndarray,
                  places: list[int], text: bytes, starts: np.ndarray, ends: np.ndarray, new_owners: list[int],
                  digests: list[bytes], agents_of: list[frozenset[str]]) -> int:
    """Write the header, then the last file's kept blocks and the new blocks in the order of their subjects;
    return how many blocks."""
    record = _Index()
    for digest, agents in zip(digests, agents_of):
        record.add_owner(digest, agents)
    whole = hashlib.sha256()
    descriptor = previous.file.fileno()
    offsets, old_owners = previous.offsets, previous.owners
    # runs of consecutive kept blocks: [start, end) block numbers
    edges = np.flatnonzero(np.diff(np.concatenate(([0], keep.astype(np.int8), [0]))))
    run_starts, run_ends = edges[0::2].tolist(), edges[1::2].tolist()
    blocks = 0
    with open_atomic(path) as stream:
        size = 0

        def put(data: bytes) -> None:
            nonlocal size
            stream.write(data)
            whole.update(data)
            size += len(data)

        def copy(first: int, last: int) -> None:  # the old blocks [first, last)
            nonlocal blocks
            start, end = int(offsets[first]), int(offsets[last])
            record.offsets.append(offsets[first:last] - start + size)
            record.owners.append(renumber[old_owners[first:last]].astype(np.int32))
            blocks += last - first
            while start < end:
                data = os.pread(descriptor, min(_COPY_BYTES, end - start), start)
                if not data:
                    raise _Mismatch("the last graph.ttl became shorter")
                put(data)
                start += len(data)

        put(turtle_header(PREFIXES))
        run = 0
        for place, start, end, owner in zip(places, starts.tolist(), ends.tolist(), new_owners):
            while run < len(run_starts) and run_starts[run] < place:
                last = min(run_ends[run], place)
                copy(run_starts[run], last)
                if last < run_ends[run]:
                    run_starts[run] = last
                    break
                run += 1
            record.offsets.append(np.array([size], dtype=np.int64))
            record.owners.append(np.array([owner], dtype=np.int32))
            blocks += 1
            put(text[start:end])
        for first, last in zip(run_starts[run:], run_ends[run:]):
            copy(first, last)
    record.save(index, key, size, whole.hexdigest())
    return blocks


def _write_full(graph: nx.MultiDiGraph, paths: dict[str, Path], index: Path, key: str, why: str,
                digested: OwnerDigests | None = None, on_turtle: TurtleProgress | None = None) -> dict[str, Path]:
    """Every line made, in the order of the subjects where it can be known up front
    (:mod:`exports.rdf_ordered`), else sorted (:class:`exports.rdf_stream.SortedLines`), noting each subject's
    owner; graph.ttl's blocks are then found in Oxigraph's output and the index written.  ``digested`` is
    filled with each owner's digest."""
    scratch = Path(paths["ttl"]).parent
    scratch.mkdir(parents=True, exist_ok=True)
    record = _Index()
    named = _Named()
    with ExitStack() as files:
        with paused_gc():
            plan = plan_subjects(graph)
            if plan is not None:
                runs = _planned_runs(graph, plan)
                agents_of, usable, subjects = plan.agents, plan.distinct, plan.subjects
            else:
                lines = files.enter_context(SortedLines(folder=scratch))
                agents_of, table = _add_lines(graph, lines)
                runs = ((run, table.block_owners) for run in lines.runs())
                usable, subjects = table.usable, table.subjects
        streams = {name: files.enter_context(open_atomic(path)) for name, path in paths.items()}
        whole = hashlib.sha256()
        size = blocks = 0
        with paused_gc():  # the lines' objects form no cycles: no young pass need walk them
            for number, (run, owners_of) in enumerate(runs):
                if "nt" in streams:
                    streams["nt"].write(run)
                text = turtle_run(run, PREFIXES)
                if not number:  # Oxigraph writes no header for no triples: neither does this
                    head = turtle_header(PREFIXES)
                    streams["ttl"].write(head)
                    whole.update(head)
                    size += len(head)
                streams["ttl"].write(text)
                whole.update(text)
                if usable:
                    starts = _block_starts(text)
                    owners = owners_of(text, starts)
                    if owners is None:
                        usable = False
                    else:
                        record.offsets.append(starts + size)
                        record.owners.append(owners)
                        blocks += len(starts)
                size += len(text)
                if on_turtle is not None:
                    streams["ttl"].flush()
                    on_turtle(size)
        # the owners digested after the lines are written, not before: the query store's loader, which reads
        # graph.ttl as it is written (``on_turtle``), then starts while the build's other core is still free
        with paused_gc():
            digests = owner_digests(graph, graph._node)
        for node, digest, agents in zip(graph._node, digests, agents_of):
            if digested is not None:
                digested[node] = digest
            record.add_owner(digest, named(agents))
        del digests, agents_of
    if usable and blocks == subjects and blocks:
        record.save(index, key, size, whole.hexdigest())
    else:
        Path(index).unlink(missing_ok=True)
    _LAST[:] = [TurtleReport(len(record.agents), blocks, 0, why)]
    return paths


#: The owners of a run's blocks from Oxigraph's Turtle ``text`` of the run and where its blocks start, or None
#: when they cannot be told.
_OwnersOf = Callable[[bytes, np.ndarray], "np.ndarray | None"]


def _planned_runs(graph: nx.MultiDiGraph, plan: SubjectPlan) -> Iterator[tuple[bytes, _OwnersOf]]:
    """The runs of :func:`exports.rdf_ordered.ordered_runs`, each with its subjects' owners: one block a subject."""
    for run, owners in ordered_runs(graph, plan):
        yield run, lambda text, starts, owners=owners: owners if len(starts) == len(owners) else None


def _add_lines(graph: nx.MultiDiGraph, lines: SortedLines) -> tuple[list[frozenset[str]], _SubjectTable]:
    """Every owner's lines added to ``lines``: each owner's extractors, and each subject's owner (by the subject's
    hash).  Where :mod:`exports.rdf_ordered` cannot tell the subjects' order before their lines are made."""
    hashes, numbers = array("q"), array("i")
    agents_of: list[frozenset[str]] = []
    components: set[str] = set()
    for number, node in enumerate(graph._node):
        agents: dict[str, str] = {}
        triples = owner_triples(graph, node, agents)
        agents_of.append(frozenset(agents))
        components.update(agents)
        subjects = {subject for subject, _, _ in triples}
        hashes.extend(map(hash, subjects))
        numbers.extend([number] * len(subjects))
        lines.add_triples(triples)
    triples = _agent_triples(components)
    subjects = {subject for subject, _, _ in triples}
    hashes.extend(map(hash, subjects))
    numbers.extend([AGENTS] * len(subjects))
    lines.add_triples(triples)
    return agents_of, _SubjectTable(hashes, numbers)


class _SubjectTable:
    """Each subject's owner, by the subject's ``hash()`` (this process's): 12 bytes a subject in numpy arrays
    instead of a dict of strings.  Not usable when two owners name one subject (or two subjects share a hash)."""

    def __init__(self, hashes: array, numbers: array) -> None:
        keys = np.frombuffer(hashes, dtype=np.int64)
        order = np.argsort(keys, kind="stable")
        self._keys = keys[order]
        self._owners = np.frombuffer(numbers, dtype=np.int32)[order]
        same = self._keys[1:] == self._keys[:-1]
        self.usable = not bool(np.any(same & (self._owners[1:] != self._owners[:-1])))
        self.subjects = len(self._keys) - int(np.count_nonzero(same))

    def block_owners(self, text: bytes, starts: np.ndarray) -> np.ndarray | None:
        """The owners of the blocks of Turtle ``text`` that start at ``starts`` (see :data:`_OwnersOf`)."""
        return self.owners([_subject(text, start) for start in starts.tolist()])

    def owners(self, subjects: list[str]) -> np.ndarray | None:
        wanted = np.fromiter(map(hash, subjects), dtype=np.int64, count=len(subjects))
        found = np.searchsorted(self._keys, wanted)
        found[found == len(self._keys)] = 0
        if len(self._keys) == 0 or not np.array_equal(self._keys[found], wanted):
            return None
        return self._owners[found]
