"""kg's worker processes: spawned fresh, leaving the calling script alone, ending with the build that started them.

The extraction's pool (:mod:`kg.execution`) and the term counts' helper
(:mod:`kg.similarity_term_split`) start their processes with
:func:`worker_context`.  This module imports the standard library only, so
a spawned worker loads no more than its tasks need (the term counts'
helper: :mod:`kg.similarity_words`; the extraction's workers: the readers).
A worker ignores Ctrl-C (the terminal sends it to the whole process group;
the build decides what it means) and, on Linux, is killed by the kernel when
the build dies (:func:`end_with_parent`), as the query store's loader is
(:mod:`kg.store_loader`).

>>> worker_context().get_start_method()
'spawn'
"""
from __future__ import annotations

import multiprocessing.context
import os
import signal
import sys
from types import ModuleType

__all__ = ["end_with_parent", "worker_context"]

#: prctl(2): the signal this process gets when its parent dies.
_PR_SET_PDEATHSIG = 1


def end_with_parent(parent: int) -> None:
    """Have this process killed when ``parent``, the process that started it, dies (Linux: ``prctl``; elsewhere
    nothing), and exit now if it has died already.

    The kernel follows the thread that started this process: a pool's worker
    must be started by a thread that outlives the pool (the build's).
    """
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if getattr(libc, "prctl", None) is not None:
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)


class _WorkerProcess(multiprocessing.context.SpawnProcess):
    """A worker process started as a fresh interpreter that imports what its tasks need, and not the calling script.

    A forked worker started as a copy of the calling process, whose pages it
    shares but whose every resident page its RSS counts: when the first
    document is sent the build holds every input's text (the full
    Anthology's 1,315 volumes: 0.2 GB of ``str``), so each of two forked
    workers held ~0.48 GB against ~0.2 of its own (docs/scaling.md, "Peak
    memory, twenty-eighth session").  A plain "spawn" worker runs the
    calling script again first (as ``__mp_main__``), which a script that
    builds without ``if __name__ == "__main__":`` cannot survive; these
    workers leave ``__main__`` alone, as the query store's loader does
    (:mod:`kg.store_loader`): tasks are functions of importable modules.
    """

    def start(self) -> None:
        """Start the process; the calling script's file is not named to it (the one moment it could be: a few
        milliseconds in the thread that submits, in which no other thread of a build reads ``__main__``)."""
        main = sys.modules["__main__"]
        sys.modules["__main__"] = ModuleType("__main__")  # read by multiprocessing.spawn.get_preparation_data
        try:
            super().start()
        finally:
            sys.modules["__main__"] = main

    def run(self) -> None:
        """The worker's loop; once it is let go, the process ends as a forked one does: without tearing its
        interpreter down (its spaCy pipeline's objects and the rest: ~0.6 s of the build's wall after the last
        document, docs/scaling.md, "Peak memory, twenty-eighth session").  Ctrl-C is the build's to handle (a
        worker's ``KeyboardInterrupt`` printed 20 lines of traceback beside the build's one-line message), and
        the worker ends with the build (review 43: a killed build left its workers waiting for good)."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        parent = multiprocessing.parent_process()
        if parent is not None and parent.pid is not None:
            end_with_parent(parent.pid)
        super().run()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


class _WorkerContext(multiprocessing.context.SpawnContext):
    """The "spawn" start method with :class:`_WorkerProcess` workers, for :class:`ProcessPoolExecutor`."""

    Process = _WorkerProcess


def worker_context() -> multiprocessing.context.SpawnContext:
    """The start method of kg's worker processes (:class:`_WorkerProcess`), for a :class:`ProcessPoolExecutor`."""
    return _WorkerContext()
