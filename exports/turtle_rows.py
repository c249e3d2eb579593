"""``graph.ttl`` (and ``graph.nt``) written from the graph tables' rows, partition by partition, without the networkx
graph (step S5 of docs/scaling.md's partitioned assembly; round h14cd).

kg's N-Triples are sorted lines and its Turtle is Oxigraph's of them, a run of whole subjects at a time
(:mod:`exports.rdf_stream`); so the files are a function of the set of lines alone, and a subject's lines may be
made anywhere, in any order, as long as they meet at the end.  Each subject's lines come from one node's row (its
own resource and its ``extra`` fields) or one edge's row (the edge's own triple on its source's resource, its
``kg:Authorship`` or ``kg:Similarity`` nodes, its mentions), with two things from outside the row: the kind of an
edge's target (a proposes/uses edge to a task or metric takes the kind's predicate) and the agents of the
extractors that the mentions name (a subject each, described once).  So:

1. :func:`spill_partition` makes one partition's subjects (from its node rows and the edge rows out of them) and
   writes them, sorted by subject, to spill files of about :data:`SPILL_BYTES` of lines each (Zstandard-compressed:
   the full Anthology's 1,679 MiB of lines take 139 MiB), returning the agents its mentions named;
2. :func:`write_turtle_rows` merges every spill file by subject (the lines of a subject made in two places are
   joined: a node's own lines and its out-edges' come from different rows; more than
   :data:`~exports.rdf_stream.MERGE_FAN_IN` files are first merged down in groups), adds the agents' subjects, and
   writes the merged runs as :func:`exports.rdf_formats.write_rdf` writes them: the same bytes.

The target kinds are handed in (``kind_of``): a table of pass 1, or :func:`kind_by_prefix` — kg mints every node
id as its kind, ``/`` and a key (:func:`ontology.ids.node_id`), so the id names the kind.  Either is checked
against every node row's own kind as its partition is spilled, so a ``kind_of`` that is wrong for any node is
refused, not written as an edge's wrong predicate.

>>> import networkx as nx, tempfile
>>> from exports.graph_order import sorted_edges
>>> from exports.rdf_formats import write_rdf
>>> from exports.table_rows import edge_row, node_row
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A", extra={"track": "long"})
>>> g.add_node("task/b", kind="task", label="B")
>>> _ = g.add_edge("paper/a", "task/b", key="uses", relation="uses",
...                mentions=[{"source": "a.txt", "start": 0, "end": 1, "relation": "uses", "name": "b",
...                           "confidence": 0.9, "extractor": "kg_entities:rules"}])
>>> folder = Path(tempfile.mkdtemp())
>>> with Spills(folder) as spills:
...     agents = spill_partition(spills, nodes=[node_row(n, g.nodes[n]) for n in sorted(g)],
...                              edges=[edge_row(*e) for e in sorted_edges(g)], kind_of=kind_by_prefix)
...     _ = write_turtle_rows({"ttl": folder / "rows.ttl"}, spills, agents)
>>> _ = write_rdf(g, folder)
>>> (folder / "rows.ttl").read_bytes() == (folder / "graph.ttl").read_bytes()
True
"""
from __future__ import annotations

import heapq
import struct
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import BinaryIO, Self

import pyarrow as pa

from exports.json_rows import Rows, edge_attributes, node_attributes, rows_of
from exports.rdf_mapping import agent_blocks, edge_blocks
from exports.rdf_nodes import node_triples
from exports.rdf_stream import MERGE_FAN_IN, RUN_BYTES, LiteralTexts, turtle_header, turtle_run
from exports.rdf_terms import PREFIXES, RdfExportError, Triple
from ontology.util.files import open_atomic

__all__ = ["SPILL_BYTES", "Spills", "kind_by_prefix", "spill_partition", "write_turtle_rows"]

#: A partition's subjects are sorted and spilled once their lines pass this many characters.
SPILL_BYTES = 32 << 20
_HEAD = struct.Struct("<II")  # a spilled subject: its key's and its lines' lengths, then both (UTF-8)


def kind_by_prefix(node: str) -> str:
    """The kind a kg node id names: what comes before its first ``/`` (:func:`ontology.ids.node_id`).

    >>> kind_by_prefix("task/ner")
    'task'
    """
    return node.split("/", 1)[0]


class Spills:
    """The sorted spill files of every partition's subjects, in a temporary folder (``.kg-ttl-*.kg-tmp`` in
    ``folder``: beside the outputs, as :class:`exports.rdf_stream.SortedLines` keeps its own) removed when the block
    ends."""

    def __init__(self, folder: Path) -> None:
        self._parent = Path(folder)
        self._scratch: tempfile.TemporaryDirectory | None = None
        self.files: list[Path] = []
        self._made = 0  # spill files made so far, to name the next

    def __enter__(self) -> Self:
        self._parent.mkdir(parents=True, exist_ok=True)
        self._scratch = tempfile.TemporaryDirectory(prefix=".kg-ttl-", suffix=".kg-tmp", dir=self._parent)
        return self

    def __exit__(self, *error: object) -> None:
        self._scratch.cleanup()

    def write(self, subjects: dict[str, list[str]]) -> None:
        """Spill ``subjects`` (subject IRI → its N-Triples lines, any order, maybe repeated) sorted by subject."""
        self._write(_subject_records(subjects))

    def merge_down(self, fan_in: int) -> None:
        """Merge the spill files, ``fan_in`` at a time, until no more than ``fan_in`` are left: each open file
        holds a decompression window (about 1.6 MB), and a system allows a process only so many open files."""
        if fan_in < 2:
            raise ValueError(f"merge at least 2 spill files at a time, not {fan_in}")
        while len(self.files) > fan_in:
            groups = [self.files[at:at + fan_in] for at in range(0, len(self.files), fan_in)]
            self.files = []
            for group in groups:
                self._write(_merged(heapq.merge(*(_records(path) for path in group))))
                for path in group:
                    path.unlink()

    def _write(self, records: Iterable[tuple[bytes, bytes]]) -> None:
        if self._scratch is None:
            raise RdfExportError("Spills has no folder yet: use it as a context manager (with Spills(folder) as "
                                 "spills: ...), which makes the spill folder and removes it at the end")
        path = Path(self._scratch.name) / f"{self._made:05d}.bin.zst"
        self._made += 1
        with pa.output_stream(str(path), compression="zstd") as stream:
            for key, lines in records:
                _write_record(stream, key, lines)
        self.files.append(path)


def _subject_records(subjects: dict[str, list[str]]) -> Iterator[tuple[bytes, bytes]]:
    """Each subject's record (its sort key, its sorted distinct lines; UTF-8), sorted by subject, each encoded as
    it is read: the key is the IRI and ``>``, which sorts as the lines ``<IRI> ...`` do."""
    return ((key.encode("utf-8"), "".join(sorted(set(lines))).encode("utf-8"))
            for key, lines in sorted((subject + ">", lines) for subject, lines in subjects.items()))


def _write_record(stream: BinaryIO, key: bytes, lines: bytes) -> None:
    stream.write(_HEAD.pack(len(key), len(lines)))
    stream.write(key)
    stream.write(lines)


def _records(path: Path) -> Iterator[tuple[bytes, bytes]]:
    with pa.input_stream(str(path), compression="zstd") as stream:
        while head := stream.read(_HEAD.size):
            key_length, length = _HEAD.unpack(head)
            yield stream.read(key_length), stream.read(length)


def spill_partition(spills: Spills, *, nodes: Rows, edges: Rows, kind_of: Callable[[str], str | None],
                    spill_bytes: int = SPILL_BYTES) -> dict[str, str]:
    """Make the subjects of one partition's ``nodes`` and ``edges`` rows (the edges out of its nodes: as
    :func:`exports.json_rows.write_json_rows` takes them, in any order here) and spill them sorted into
    ``spills``; return the agents its mentions name (component → agent IRI), for :func:`write_turtle_rows`.
    ``kind_of``: a node id's kind, for the edges' targets; it is checked against each node row's own kind, so that
    an id whose prefix is not its kind (:func:`kind_by_prefix`) or a table that lies is refused with
    :class:`~exports.rdf_terms.RdfExportError` (where that node is spilled) instead of giving an edge to it the
    wrong predicate."""
    agents: dict[str, str] = {}
    literals = LiteralTexts()
    subjects: dict[str, list[str]] = {}
    size = 0

    def add(triples: Iterable[Triple]) -> None:
        nonlocal size, subjects
        for triple in triples:
            line = _line(triple, literals)
            subjects.setdefault(triple[0], []).append(line)
            size += len(line)
        if size > spill_bytes:
            spills.write(subjects)
            subjects, size = {}, 0

    for row in rows_of(nodes):
        _check_id(row[0])
        _check_kind(row[0], row[1], kind_of)
        add(node_triples(row[0], node_attributes(row)))
    for row in rows_of(edges):
        source, target = row[0], row[1]
        _check_id(target)
        for block in edge_blocks(source, target, edge_attributes(row), kind_of(target), agents):
            add(block.triples)
    if subjects:
        spills.write(subjects)
    return agents


def _line(triple: Triple, literals: LiteralTexts) -> str:
    """The N-Triples line of ``triple`` (an IRI object is a ``str``, a literal a ``Lit``)."""
    subject, predicate, obj = triple
    if obj.__class__ is str:
        return f"<{subject}> <{predicate}> <{obj}> .\n"
    return f"<{subject}> <{predicate}> {literals[obj]} .\n"


def _check_id(node: str) -> None:
    if ">" in node:
        raise RdfExportError(f"node id {node!r} holds '>': its lines would not sort by subject; write graph.ttl "
                             "from the graph (exports.rdf_formats.write_rdf), which sorts the lines themselves")


def _check_kind(node: str, kind: str | None, kind_of: Callable[[str], str | None]) -> None:
    given = kind_of(node)
    if given != kind:
        raise RdfExportError(f"node {node!r} has kind {kind!r} but kind_of gives {given!r}: an edge to it would take "
                             "the wrong predicate; hand spill_partition a table of every node's kind (pass 1) instead "
                             "of kind_by_prefix, or mend the table")


def write_turtle_rows(paths: Mapping[str, Path], spills: Spills, agents: Mapping[str, str], *,
                      run_bytes: int = RUN_BYTES, fan_in: int = MERGE_FAN_IN) -> dict[str, Path]:
    """Write ``paths`` (``"ttl"`` and/or ``"nt"`` → file, atomically) from every partition's ``spills`` and the
    ``agents`` their mentions named (the union of :func:`spill_partition`'s), the same bytes as
    :func:`exports.rdf_formats.write_rdf` of the graph the rows are of.  One record of each spill file is held,
    and one run of about ``run_bytes``; more than ``fan_in`` spill files are first merged down to that many
    (:meth:`Spills.merge_down`)."""
    unknown = sorted(set(paths) - {"ttl", "nt"})
    if unknown:
        raise ValueError(f"formats {unknown} are not written from rows: give 'ttl' and/or 'nt'")
    spills.merge_down(fan_in)
    with ExitStack() as files:
        streams = {name: files.enter_context(open_atomic(Path(path))) for name, path in paths.items()}
        for number, run in enumerate(_runs(spills, agents, run_bytes)):
            if "nt" in streams:
                streams["nt"].write(run)
            if "ttl" in streams:  # Oxigraph writes no header for no triples: neither does this
                streams["ttl"].write((b"" if number else turtle_header(PREFIXES)) + turtle_run(run, PREFIXES))
    return {name: Path(path) for name, path in paths.items()}


def _runs(spills: Spills, agents: Mapping[str, str], run_bytes: int) -> Iterator[bytes]:
    """The sorted, distinct lines of every subject, in runs of whole subjects cut near ``run_bytes``."""
    literals = LiteralTexts()
    described: dict[str, list[str]] = {}
    for block in agent_blocks(dict(agents)):
        for triple in block.triples:
            described.setdefault(triple[0], []).append(_line(triple, literals))
    agent_records = _subject_records(described)
    pending: list[bytes] = []
    size = 0
    for _, lines in _merged(heapq.merge(agent_records, *(_records(path) for path in spills.files))):
        pending.append(lines)
        size += len(lines)
        if size >= run_bytes:
            yield b"".join(pending)
            pending, size = [], 0
    if pending:
        yield b"".join(pending)


def _merged(records: Iterator[tuple[bytes, bytes]]) -> Iterator[tuple[bytes, bytes]]:
    """Each subject's record once, from records sorted by subject: a subject spilled in several places joined."""
    key, group = None, []
    for record_key, lines in records:
        if record_key != key and group:
            yield key, _joined(group)
            group = []
        key = record_key
        group.append(lines)
    if group:
        yield key, _joined(group)


def _joined(group: list[bytes]) -> bytes:
    """One subject's lines from its records (each sorted, distinct): sorted and distinct again when several."""
    return group[0] if len(group) == 1 else b"".join(sorted(set(b"".join(group).splitlines(keepends=True))))

