"""Sorted N-Triples and Turtle of any size, in bounded memory: an external sort by subject range.

The RDF outputs are canonical: their lines are sorted, so the same graph
always gives the same bytes.  Sorting every line of a large graph at once
needs all of them in memory (7.5 GB at the peak on the full Anthology).
Here each line goes to a *bucket* chosen by the start of its subject IRI;
buckets are spilled to temporary files as they fill, then read back and
sorted one at a time.  Bucket keys are prefixes of the lines that never
cut a comparison short (see :func:`bucket_key`), so the buckets, in key
order, are contiguous runs of the sorted output: writing them one after
the other gives exactly the bytes of sorting everything at once.

Turtle is made from the same sorted runs: Oxigraph serialises a run at a
time, and since a subject's triples never span two runs, the pieces join
into the document Oxigraph would write for the whole graph.

>>> from exports.rdf_terms import Lit
>>> triples = [("https://w3id.org/paperkg/id/paper/b", "http://p", Lit("x")),
...            ("https://w3id.org/paperkg/id/paper/a", "http://p", Lit("y")),
...            ("https://w3id.org/paperkg/id/paper/b", "http://p", Lit("x"))]
>>> with SortedLines() as lines:
...     lines.add_triples(triples)
...     print(b"".join(lines.runs()).decode(), end="")
<https://w3id.org/paperkg/id/paper/a> <http://p> "y" .
<https://w3id.org/paperkg/id/paper/b> <http://p> "x" .
"""
from __future__ import annotations

import heapq
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType
from typing import Self

from exports.rdf_ntriples import term_nt
from exports.rdf_terms import Lit, Triple
from ontology.ids import RESOURCE_BASE

__all__ = ["RUN_BYTES", "LiteralTexts", "SortedLines", "bucket_key", "turtle_header", "turtle_run"]

#: Characters of a resource's local id (after its kind) that choose its bucket.
_KEY_CHARACTERS = 2
#: Bytes of lines held in memory before every bucket is spilled to disk (also the most one bucket may
#: take to be sorted in memory: a bigger one is merged from disk).  Held as Python strings, then sorted
#: as bytes, lines take a few times their size: on the full Anthology's Turtle, 96 MB held 0.49 GB above
#: the graph, 48 MB 0.22 GB, 32 MB 0.18 GB, in about the same time.
SPILL_BYTES = 32 << 20
#: A sorted run handed to Oxigraph at a time is about this big (several small buckets are joined).
RUN_BYTES = 16 << 20
#: Longest literal (characters) whose N-Triples form is kept for reuse: longer ones (titles, abstracts,
#: sentences) rarely repeat (keeping them too cost 48 MB more at the full Anthology's Turtle peak).
_CACHED_LITERAL = 80
#: Most literals :class:`LiteralTexts` remembers before it starts again (a cache of repeated ones, not of all).
_REMEMBERED = 200_000
#: Most sorted part files one merge reads at once (each is an open file).
MERGE_FAN_IN = 64


def bucket_key(subject: str) -> str:
    """The bucket of a subject IRI: a prefix of ``"<" + subject + ">"`` that sorts as the lines do.

    Resources of kg (under :data:`ontology.ids.RESOURCE_BASE`) are split by
    kind and the first characters of their id; another IRI shares a bucket
    with the IRIs that leave the base at the same character.  Two keys never
    stop comparing before their lines would (each runs past the character
    where it could differ from any other key), so the keys order the lines,
    and the lines of one key are contiguous.

    >>> bucket_key("https://w3id.org/paperkg/id/mention/9f3a01")
    '<https://w3id.org/paperkg/id/mention/9f'
    >>> bucket_key("https://w3id.org/paperkg/id/paper/ab")
    '<https://w3id.org/paperkg/id/paper/ab'
    >>> bucket_key("https://w3id.org/paperkg/id/top")
    '<https://w3id.org/paperkg/id/top>'
    >>> bucket_key("http://example.org/thing") == bucket_key("http://example.org/other")
    True
    """
    line = "<" + subject + ">"
    base = len(RESOURCE_BASE) + 1
    if not subject.startswith(RESOURCE_BASE):
        return line[: min(base, _common_prefix_length(line, "<" + RESOURCE_BASE))]
    slash = subject.find("/", len(RESOURCE_BASE))
    if slash < 0:  # no kind: the whole line, which compares as the line does
        return line
    return line[: slash + 2 + _KEY_CHARACTERS]


def _common_prefix_length(a: str, b: str) -> int:
    """How many leading characters ``a`` and ``b`` share, plus one: the position where they differ."""
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return index + 1
    return min(len(a), len(b)) + 1


class LiteralTexts(dict):
    """The N-Triples text of each literal looked up (``texts[literal]``), the short ones remembered: names, years
    and kinds repeat, titles and abstracts do not (longer than :data:`_CACHED_LITERAL` characters, they are made
    each time).  A hit is one dict lookup, which the line makers' loops need.

    >>> from exports.rdf_terms import Lit
    >>> texts = LiteralTexts()
    >>> texts[Lit("2020")], len(texts)
    ('"2020"', 1)
    """

    def __missing__(self, literal: Lit) -> str:
        text = term_nt(literal)
        if len(literal.lexical) <= _CACHED_LITERAL:
            if len(self) > _REMEMBERED:
                self.clear()
            self[literal] = text
        return text


class SortedLines:
    """N-Triples lines added in any order, given back sorted and without repeats, in bounded memory.

    Lines wait in memory by bucket; when they pass ``spill_bytes`` they are
    appended to one spill file, bucket after bucket, with each bucket's
    place in it noted.  Use it as a context manager: the spill files live in
    a temporary folder (``.kg-sort-*.kg-tmp`` in ``folder``: the output folder
    when :func:`exports.rdf_formats.write_rdf` sorts) that is removed when the
    block ends, or by the next build into that folder if this one is killed.
    """

    def __init__(self, *, spill_bytes: int = SPILL_BYTES, folder: Path | None = None) -> None:
        self._spill_bytes = spill_bytes
        self._parent = folder
        self._folder: Path | None = None
        self._held: dict[str, list[str]] = {}
        self._held_size = 0
        self._spills: list[Path] = []
        self._segments: dict[str, list[tuple[int, int, int]]] = {}  # key -> (spill, offset, length)
        self._literals = LiteralTexts()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)

    def add_triples(self, triples: Iterable[Triple]) -> None:
        """Add the N-Triples line of every triple (an IRI object is a ``str``, a literal a ``Lit``)."""
        literals = self._literals
        held = self._held
        size = 0
        last_subject, bucket = None, None
        for subject, predicate, obj in triples:
            if obj.__class__ is str:
                line = f"<{subject}> <{predicate}> <{obj}> .\n"
            else:
                line = f"<{subject}> <{predicate}> {literals[obj]} .\n"
            if subject is not last_subject:  # a block's triples mostly share their subject
                key = bucket_key(subject)
                bucket = held.get(key)
                if bucket is None:
                    bucket = held[key] = []
                last_subject = subject
            bucket.append(line)
            size += len(line)
        self._held_size += size
        if self._held_size > self._spill_bytes:
            self._spill()

    def runs(self, *, run_bytes: int = RUN_BYTES) -> Iterator[bytes]:
        """The sorted, distinct lines, as UTF-8 runs of whole subjects, in order (cut near ``run_bytes``).

        A bucket that fits the spill budget is sorted in memory; a bigger one
        (all the papers of a corpus whose ids share their first characters)
        by an external merge of its sorted spill segments.
        """
        pending: list[bytes] = []
        size = 0
        for key in sorted(self._held.keys() | self._segments.keys()):
            held = self._held.pop(key, [])
            segments = [(self._spills[n], offset, length) for n, offset, length in self._segments.pop(key, [])]
            if sum(map(len, held)) + sum(length for _, _, length in segments) <= self._spill_bytes:
                lines = [line.encode("utf-8") for line in held]
                del held
                for segment in segments:
                    lines += _segment(*segment).splitlines(keepends=True)
                run = b"".join(sorted(set(lines)))
                del lines
                pending.append(run)
                size += len(run)
                if size >= run_bytes:
                    yield b"".join(pending)
                    pending, size = [], 0
                continue
            previous_subject = b""
            for line in self._merged(held, segments):
                subject = line[: line.find(b"> ")]
                if size >= run_bytes and subject != previous_subject:  # a subject never spans two runs
                    yield b"".join(pending)
                    pending, size = [], 0
                pending.append(line)
                size += len(line)
                previous_subject = subject
        self._held_size = 0
        if pending:
            yield b"".join(pending)

    def _merged(self, held: list[str], segments: list[tuple[Path, int, int]]) -> Iterator[bytes]:
        """The distinct lines of one bucket in order: each part sorted on its own, then merged from disk.

        At most :data:`MERGE_FAN_IN` part files are open at once: more parts
        are first merged in groups into fewer (a bucket of the 11x corpus has
        hundreds, and an open file each would pass the usual limit of 1,024,
        or macOS's 256).
        """
        parts: list[Path] = []
        for index, source in enumerate([None, *segments]):
            if source is None:
                lines = sorted({line.encode("utf-8") for line in held})
                held.clear()
            else:
                lines = sorted(set(_segment(*source).splitlines(keepends=True)))
            part = self._scratch() / f"merge-{len(self._spills)}-{index}.nt"
            part.write_bytes(b"".join(lines))
            del lines
            parts.append(part)
        while len(parts) > MERGE_FAN_IN:
            groups = [parts[i:i + MERGE_FAN_IN] for i in range(0, len(parts), MERGE_FAN_IN)]
            parts = []
            for group in groups:
                merged = group[0].with_name(f"{group[0].stem}-{len(group)}.nt")
                with merged.open("wb") as stream:
                    stream.writelines(_distinct_merge(group))
                for part in group:
                    part.unlink()
                parts.append(merged)
        yield from _distinct_merge(parts)
        for part in parts:
            part.unlink()

    def _scratch(self) -> Path:
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix=".kg-sort-", suffix=".kg-tmp", dir=self._parent))
        return self._folder

    def _spill(self) -> None:
        path = self._scratch() / f"{len(self._spills):04d}.nt"
        number = len(self._spills)
        self._spills.append(path)
        offset = 0
        with path.open("wb") as stream:
            for key, lines in self._held.items():
                data = "".join(lines).encode("utf-8")
                stream.write(data)
                self._segments.setdefault(key, []).append((number, offset, len(data)))
                offset += len(data)
        self._held.clear()
        self._held_size = 0


def _segment(path: Path, offset: int, length: int) -> bytes:
    """``length`` bytes of the spill file ``path`` from ``offset`` (opened for this read only)."""
    with path.open("rb") as stream:
        stream.seek(offset)
        return stream.read(length)


def _distinct_merge(parts: list[Path]) -> Iterator[bytes]:
    """The lines of the sorted files ``parts``, merged in order, each once."""
    with ExitStack() as stack:
        files = [stack.enter_context(part.open("rb")) for part in parts]
        last = None
        for line in heapq.merge(*files):
            if line != last:
                yield line
                last = line


def turtle_header(prefixes: dict[str, str]) -> bytes:
    """The ``@prefix`` lines Turtle starts with, sorted (no hash-map order reaches the output)."""
    return b"".join(sorted(f"@prefix {name}: <{iri}> .\n".encode() for name, iri in prefixes.items()))


def turtle_run(run: bytes, prefixes: dict[str, str]) -> bytes:
    """Turtle of one sorted N-Triples run, without the ``@prefix`` header.

    >>> nt = b'<https://w3id.org/paperkg/id/x> <http://www.w3.org/2000/01/rdf-schema#label> "X" .\\n'
    >>> prefixes = {"rdfs": "http://www.w3.org/2000/01/rdf-schema#"}
    >>> print((turtle_header(prefixes) + turtle_run(nt, prefixes)).decode(), end="")
    @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
    <https://w3id.org/paperkg/id/x> rdfs:label "X" .
    """
    import pyoxigraph

    # lenient: kg wrote these lines from checked terms, so Oxigraph need not validate every IRI again
    triples = pyoxigraph.parse(run, pyoxigraph.RdfFormat.N_TRIPLES, lenient=True)
    text = pyoxigraph.serialize(triples, format=pyoxigraph.RdfFormat.TURTLE, prefixes=prefixes)
    return _without_header(text, len(prefixes))


def _without_header(text: bytes, prefixes: int) -> bytes:
    lines = text.split(b"\n", prefixes)
    if all(line.startswith(b"@prefix ") for line in lines[:prefixes]):
        return lines[prefixes] if len(lines) > prefixes else b""
    return text
