"""The process that loads a build's query store while ``kg build`` writes its other outputs.

Run by :class:`kg.query_store.StoreMaker` as ``python -m kg.store_loader
SOURCE NAMED FRESH PARENT_PID [STORE GRAPH SHA256 | --fed RUN_BYTES]``: bulk-loads the RDF file ``SOURCE`` (its
format told by the name ``NAMED``) into a new store in the folder ``FRESH``
with its text index and aggregates, then exits 0.  Given the present store
``STORE``, the graph file ``GRAPH`` it was made from and that file's
``SHA256``, it makes the new store from the old one instead where it can
(:func:`kg.query_store.load_or_update`).  With ``--fed``, ``SOURCE`` is Turtle the build is still writing:
it loads it in runs of about ``RUN_BYTES`` as the build says on standard input how far the file is written
(:mod:`kg.turtle_feed`).  On a graph that is not
valid RDF it prints the message and exits ``LOADER_INVALID_RDF``; on a store it
cannot write, ``LOADER_CANNOT_WRITE`` (both in :mod:`kg.query_store`).  It ends with its build: on Linux the
kernel kills it when the parent dies (``prctl``), and everywhere a thread
ends it when its standard input, a pipe the parent writes nothing else to, closes.
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from kg.canned import QueryError
from kg.query_store import LOADER_CANNOT_WRITE, LOADER_INVALID_RDF, load_or_update
from kg.turtle_feed import Feed
from kg.worker_processes import end_with_parent
from ontology.util.memory import map_large_blocks

__all__ = ["main"]


def main(argv: list[str]) -> int:
    """Load the store; the exit status (0, one of the two above, 130 on Ctrl-C)."""
    source, named, fresh, parent, *based = argv
    map_large_blocks()  # beside the build's exports: freed large blocks go back to the system at once
    feed = Feed(int(based[1])) if based[:1] == ["--fed"] else None
    if feed is not None:
        _leave_a_core()
    _end_with_parent(int(parent), feed)
    base = (Path(based[0]), Path(based[1]), based[2]) if len(based) == 3 else None
    try:
        load_or_update(Path(source), Path(fresh), Path(named), base, feed)
    except QueryError as error:
        print(error, file=sys.stderr)
        return LOADER_INVALID_RDF
    except OSError as error:
        print(f"cannot write the query store in {fresh}: {error}", file=sys.stderr)
        return LOADER_CANNOT_WRITE
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the build says what it means
        return 130
    return 0


def _leave_a_core() -> None:
    """Keep this process, and the threads Oxigraph and RocksDB start in it, off one of the cores it may use (when
    it may use more than one): a fed loader runs from the Turtle stage on beside the build's main process, whose
    exports are one thread; sharing every core, the loader's threads take part of that thread's core too."""
    if hasattr(os, "sched_getaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) > 1:
            os.sched_setaffinity(0, cores[1:])


def _end_with_parent(parent: int, feed: Feed | None) -> None:
    """End this process when ``parent``, the build that started it, dies (killed or not); tell ``feed`` the lines
    of standard input."""
    end_with_parent(parent)  # on Linux; failing, the pipe below still ends it
    threading.Thread(target=_exit_at_end_of_input, args=(feed,), name="end-with-parent", daemon=True).start()


def _exit_at_end_of_input(feed: Feed | None) -> None:
    """Exit when standard input closes: the parent closes it only at the end, so that means the parent is gone.
    Its whole lines go to ``feed`` (a fed load), else they are ignored."""
    pending = b""
    try:
        while data := os.read(0, 1 << 16):  # the descriptor, not sys.stdin: its lock would stall the exit
            if feed is not None:
                *lines, pending = (pending + data).split(b"\n")
                for line in lines:
                    feed.tell(line)
    except OSError:
        pass
    os._exit(1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
