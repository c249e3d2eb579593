"""Cut a Turtle file into runs of whole subjects that Oxigraph can bulk-load one at a time.

Oxigraph's bulk loader holds what it is given in memory while it sorts it:
loading a full Anthology ``graph.ttl`` (565 MB) in one call peaks at about
1.9 GB, loading it in runs of 8 MB at about 0.35 GB, in about the same
time.  A run is the file's prefix header followed by consecutive subject
blocks, so that each run is a Turtle document of its own with the same
triples the lines held in the file.

That holds only for files laid out as kg writes them (Oxigraph's
serialisation, :mod:`exports.rdf_stream`): every subject starts a line with
``<``, every other line of the body starts with a tab, no string spans two
lines, and there are no blank nodes, whose labels are local to one load;
runs are cut only where a statement ends and a line starts with a subject.
:func:`turtle_runs` checks this first and gives ``None`` for any other file,
which is then loaded whole (as is a file whose runs do not parse, see
:func:`kg.query_store.fill_store`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "g.ttl"
>>> _ = path.write_text('@prefix ex: <http://e/> .\\n<http://e/a> ex:p "1" ;\\n\\tex:q "2" .\\n<http://e/b> ex:p "3" .\\n')
>>> [(run.first_line, run.data.decode().count("ex:p")) for run in turtle_runs(path, run_bytes=10)]
[(2, 1), (4, 1)]
>>> _ = path.write_text('<http://e/a> <http://e/p> _:b0 .\\n')
>>> turtle_runs(path, run_bytes=10) is None
True
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["RUN_BYTES", "TurtleRun", "read_header", "subject_runs", "turtle_runs", "unsplittable"]

#: Bytes of Turtle per bulk load: the loader's memory grows about 40x the run (measured on the full Anthology:
#: 8 MB runs peak at 0.34 GB, 32 MB at 1.0 GB, the whole 565 MB file at 1.9 GB; with the memory of each load given
#: back after it, 2 MiB runs peak at 0.12 GB and 8 MiB at 0.31, and the store's files are as many once it is
#: flushed: docs/scaling.md, "Peak memory, twenty-sixth session").
RUN_BYTES = 2 << 20

#: A header line: a prefix or base declaration, a comment or nothing.
_HEADER_LINE = re.compile(rb"\s*(?:@prefix|@base|prefix|base)\s|\s*#|\s*$", re.IGNORECASE)
#: A line of a run's body starting otherwise than with a subject IRI or a tab.
_OTHER_LINE = re.compile(rb"\n[^<\t\n]")
#: Anything but white space (a file's last bytes are a run only if they hold some).
_NOT_SPACE = re.compile(rb"\S")
#: The plain strings :func:`unsplittable` looks for: long strings' quotes, a blank node's label and bracket.
_LONG_DOUBLE, _LONG_SINGLE, _LABEL, _OPEN = (re.compile(re.escape(text)) for text in (b'"""', b"'''", b"_:", b"["))
#: What comes before a blank node (``_:b0``, ``[ ... ]``) outside a string; inside one (``"see [ 1 ]"``) it
#: only makes the file load whole.
_BEFORE_BLANK = frozenset(b" \t\n\r([,;>")


@dataclass(frozen=True)
class TurtleRun:
    """One bulk load's worth of a Turtle file."""

    #: The file's prefix header followed by whole subject blocks.
    data: bytes
    #: The line of the file (from 1) where the run's first subject starts.
    first_line: int


def turtle_runs(path: Path, *, run_bytes: int = RUN_BYTES) -> Iterator[TurtleRun] | None:
    """The runs of ``path`` of about ``run_bytes`` each, or ``None`` when it cannot be cut safely.

    The whole file is checked before the first run is given, so a caller never loads part of a file that
    turns out to need loading whole.
    """
    if not _splittable(path, run_bytes):
        return None
    return _runs(path, run_bytes)


def _splittable(path: Path, run_bytes: int) -> bool:
    with open(path, "rb") as file:
        header, first = read_header(file)
        if header is None:
            return False
        return not any(unsplittable(body) for body, _ in subject_runs(file, first, run_bytes))


def unsplittable(body: bytes, start: int = 0) -> bool:
    """Does ``body`` (from ``start``: a run's prefix header before it is not looked at) hold a line that is
    neither a subject's first nor a continuation, a long string (it may span lines), a blank node label or an
    anonymous blank node?  Compiled searches of plain strings: a regular expression with a leading alternation
    reads 565 MB several times slower, and ``in`` or ``find`` of two or three bytes took 0.4-0.5 CPU s each on the
    full Anthology's graph.ttl where these take 0.16-0.22 (docs/scaling.md, "Round h14bu").

    >>> unsplittable(b'<a> <p> "see [1] and (_en_: x)" .\\n'), unsplittable(b'<a> <p> [ <q> "x" ] .\\n')
    (False, True)
    >>> header = b"@prefix ex: <http://e/> .\\n"
    >>> (unsplittable(header + b'<a> ex:p "x" .\\n', len(header)),
    ...  unsplittable(header + b'[] ex:p "x" .\\n', len(header)))
    (False, True)
    """
    if (_LONG_DOUBLE.search(body, start) or _LONG_SINGLE.search(body, start)
            or _OTHER_LINE.search(body, start)):
        return True
    for mark, follows in ((_LABEL, None), (_OPEN, b" \t\n\r]")):  # "_:b0", "[ <p> <o> ]" or "[]"
        found = mark.search(body, start)
        while found is not None:
            at = found.start()
            if (at == start or body[at - 1] in _BEFORE_BLANK) and (
                    follows is None or (at + 1 < len(body) and body[at + 1] in follows)):
                return True
            found = mark.search(body, at + 1)
    return False


def _runs(path: Path, run_bytes: int) -> Iterator[TurtleRun]:
    with open(path, "rb") as file:
        header, first = read_header(file)
        for data, first_line in subject_runs(file, first, run_bytes, first_line=header.count(b"\n") + 1,
                                             header=header):
            yield TurtleRun(data, first_line)


def read_header(file) -> tuple[bytes | None, bytes]:
    """The header lines before the first subject, and that subject's first line (``None`` if a line is neither)."""
    lines = []
    for line in file:
        if line.startswith(b"<"):
            return b"".join(lines), line
        if not _HEADER_LINE.match(line):
            return None, b""
        lines.append(line)
    return b"".join(lines), b""


def subject_runs(file, first: bytes, run_bytes: int, *, first_line: int = 1,
                 header: bytes = b"") -> Iterator[tuple[bytes, int]]:
    """Runs of whole subject blocks, each after ``header`` (a run's prefix lines: none by default), with the line
    of the file it starts at.

    The file is read into one buffer kept from run to run, and each run is copied out of it once, joined to its
    header: slicing, concatenating and prefixing each run took three more copies of the file, whose fresh
    pages the loader (large blocks mapped afresh, :func:`ontology.util.memory.map_large_blocks`) faulted in
    each time, ~1.5 CPU s a copy on the full Anthology's 580 MB (docs/scaling.md, "Round h14bu").

    >>> import io
    >>> text = b'<a> <p> "1" .\\n<b> <p> "2" ;\\n\\t<q> "3" .\\n<c> <p> "4" .\\n'
    >>> list(subject_runs(io.BytesIO(text[4:]), text[:4], 8, header=b"H\\n"))
    [(b'H\\n<a> <p> "1" .\\n', 1), (b'H\\n<b> <p> "2" ;\\n\\t<q> "3" .\\n', 2), (b'H\\n<c> <p> "4" .\\n', 4)]
    """
    held = len(first)  # bytes at the buffer's start not yet given: the subject a run's end cut off
    buffer = bytearray(held + run_bytes)
    buffer[:held] = first
    searched = 0  # where a cut may start: the lines of the bytes held before it were searched already
    while True:
        if len(buffer) < held + run_bytes:  # a subject bigger than the buffer: grown by half at least, so that
            buffer = _grown(buffer, held, max(held + run_bytes, len(buffer) * 3 // 2))  # it is read in linear time
        elif held <= run_bytes < len(buffer) // 4:  # after one: back to a run's size
            buffer = _grown(buffer, held, 2 * run_bytes)
        with memoryview(buffer) as view:
            end = held + _read_into(file, view[held:held + run_bytes])
            if end == held:  # the end of the file
                if _NOT_SPACE.search(buffer, 0, end):
                    yield b"".join((header, view[:end])), first_line
                return
            cut = _last_statement_end(buffer, end, searched)
            if cut == 0:  # one subject bigger than a run: read on
                held, searched = end, end - 1
                continue
            yield b"".join((header, view[:cut])), first_line
            first_line += buffer.count(b"\n", 0, cut)
            held, searched = end - cut, end - cut - 1  # (a run ends where a line starts: held > 0)
            view[:held] = view[cut:end]  # the start of the next run moved to the buffer's start


def _grown(buffer: bytearray, held: int, size: int) -> bytearray:
    """A buffer of ``size`` bytes starting with ``buffer``'s first ``held``."""
    grown = bytearray(size)
    grown[:held] = memoryview(buffer)[:held]
    return grown


def _read_into(file, view: memoryview) -> int:
    """Fill ``view`` from ``file`` as one ``read`` of its size would; the bytes read (fewer only at the end)."""
    filled = 0
    while filled < len(view):
        read = file.readinto(view[filled:])
        if not read:
            break
        filled += read
    return filled


def _last_statement_end(data: bytes | bytearray, end: int | None = None, start: int = 0) -> int:
    r"""Where the last subject of ``data`` starts, after a line ending a statement (0 when there is none).

    Only the lines starting in ``data[start:end]`` are looked at (default: all of them; the line before each is read
    as far back as it goes).  A line starting with ``<`` after a line that does
    not end a statement continues it (an object on a line of its own): no cut there.

    >>> _last_statement_end(b'<a> <p> "1" .\n<b> <p>\n<c> .\n<d> <p> "2" .\n')
    28
    >>> _last_statement_end(b'<a> <p>\n<c> .\n')
    0
    """
    end = len(data) if end is None else end
    while (at := data.rfind(b"\n<", start, end)) >= 0:
        before = at - 1
        while before >= 0 and data[before] in b" \t\r":
            before -= 1
        if before >= 0 and data[before] == ord("."):
            return at + 1
        end = at
    return 0
