"""graph.ttl's runs read while the build writes it: the loader's side of a fed query store (:mod:`kg.store_feed`).

The build tells the loader, on its standard input, how many bytes of the
file are written ("SIZE" lines, each after a flush), then that it is whole
("end SIZE"); :class:`Feed` holds what it was told.  :class:`GrowingFile`
reads the file no further than that, waiting for more, and ends where the
build said the file ends, so that the cuts of :func:`kg.turtle_runs.subject_runs`
over it are those over the whole file: :func:`fed_runs` gives the same runs
as :func:`kg.turtle_runs.turtle_runs` would, in the same order, while the
file is still being written.

:func:`kg.turtle_runs.turtle_runs` checks the whole file before it gives a
run; here each run is checked as it comes, and a run or header not laid out
as kg writes Turtle raises :class:`Unsplittable`: the caller then drops what
it loaded, waits for the whole file (:meth:`Feed.wait_whole`) and loads it
whole, as it would have from the start.

>>> import tempfile, pathlib, threading
>>> path = pathlib.Path(tempfile.mkdtemp()) / "g.ttl"
>>> text = b'@prefix ex: <http://e/> .\\n<http://e/a> ex:p "1" ;\\n\\tex:q "2" .\\n<http://e/b> ex:p "3" .\\n'
>>> _ = path.write_bytes(text[:40])
>>> feed = Feed(run_bytes=10)
>>> feed.tell(b"40")
>>> def write_the_rest():
...     with path.open("ab") as file:
...         _ = file.write(text[40:])
...     feed.tell(b"end %d" % len(text))
>>> threading.Timer(0.05, write_the_rest).start()
>>> [(run.first_line, run.data.decode().count("ex:p")) for run in fed_runs(path, feed)]
[(2, 1), (4, 1)]
>>> feed.early, feed.whole
(0, True)
"""
from __future__ import annotations

import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from kg.turtle_runs import RUN_BYTES, TurtleRun, read_header, subject_runs, unsplittable
from ontology.errors import KgError

__all__ = ["Feed", "GrowingFile", "Unsplittable", "fed_runs"]


class Unsplittable(KgError):
    """The file being fed is not laid out as kg writes Turtle: it is to be loaded whole once it is (caught by
    :func:`kg.query_store.fill_store`; never reaches a user)."""


class Feed:
    """What the build has said of the file: how many bytes are written, whether it is whole; the file is cut in
    runs of about ``run_bytes``."""

    def __init__(self, run_bytes: int = RUN_BYTES) -> None:
        self.run_bytes = run_bytes
        self._changed = threading.Condition()
        #: Bytes of the file written so far (the whole file's size once ``whole``).
        self.size = 0
        #: The build has said that the file is whole.
        self.whole = False
        #: Runs given before the file was whole, and in all.
        self.early = self.runs = 0

    def tell(self, line: bytes) -> None:
        """Take one line of the build's: ``SIZE`` or ``end SIZE``."""
        words = line.split()
        with self._changed:
            if words[:1] == [b"end"]:
                self.size, self.whole = int(words[1]), True
            elif words:
                self.size = max(self.size, int(words[0]))
            self._changed.notify_all()

    def wait(self, position: int) -> int:
        """Wait until more than ``position`` bytes are written, or the file is whole; the bytes written."""
        with self._changed:
            while self.size <= position and not self.whole:
                self._changed.wait()
            return self.size

    def wait_whole(self) -> None:
        """Wait until the build says the file is whole."""
        with self._changed:
            while not self.whole:
                self._changed.wait()


class GrowingFile(io.RawIOBase):
    """The file at ``path`` as far as ``feed`` says it is written: a read waits for bytes not yet written, and
    the file ends where the build says it does (a file shorter than that is an ``OSError``)."""

    def __init__(self, path: Path, feed: Feed) -> None:
        super().__init__()
        self._fd = os.open(path, os.O_RDONLY)
        self._feed = feed
        self._at = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:
        """Read into ``buffer`` (any writable bytes-like object: its bytes are counted, not its items, so that
        nothing past what the build has written is read); the bytes read, 0 at the file's end."""
        with memoryview(buffer) as items, items.cast("B") as view:
            wanted = min(len(view), self._feed.wait(self._at) - self._at)
            if wanted <= 0:
                return 0
            read = _pread_into(self._fd, view[:wanted], self._at)
        if not read:
            raise OSError(f"the graph file ends at {self._at} bytes, before the {self._feed.size} written")
        self._at += read
        return read

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()


def _pread_into(fd: int, view: memoryview, at: int) -> int:
    """Read from ``fd`` at ``at`` into ``view``: straight into it where the system can (``os.preadv``), not
    through a bytes object of its own (a run's worth of fresh pages each read); the bytes read."""
    if hasattr(os, "preadv"):
        return os.preadv(fd, [view], at)
    data = os.pread(fd, len(view), at)
    view[:len(data)] = data
    return len(data)


def fed_runs(path: Path, feed: Feed) -> Iterator[TurtleRun]:
    """The runs of ``path`` of about ``feed.run_bytes`` each, given as the build writes them (the runs
    :func:`kg.turtle_runs.turtle_runs` would give of the whole file); raises :class:`Unsplittable` at the first
    header line or run it would refuse to cut.  ``feed.early`` and ``feed.runs`` count them."""
    with io.BufferedReader(GrowingFile(path, feed), buffer_size=1 << 20) as file:
        header, first = read_header(file)
        if header is None:
            raise Unsplittable("a header line is neither a prefix, a base nor a comment")
        for data, first_line in subject_runs(file, first, feed.run_bytes, first_line=header.count(b"\n") + 1,
                                             header=header):
            if unsplittable(data, len(header)):
                raise Unsplittable(f"the run from line {first_line} is not laid out as kg writes Turtle")
            feed.runs += 1
            feed.early += not feed.whole
            yield TurtleRun(data, first_line)
