"""Pausing Python's cyclic garbage collector while bulk work makes millions of acyclic objects.

>>> import gc
>>> with paused_gc():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""
from __future__ import annotations

import ctypes
import gc
import itertools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

__all__ = ["OLDER_PASS_EVERY", "collected_in_steps", "paused_gc", "return_free_memory"]

#: :func:`collected_in_steps` collects the middle generation too every this many steps.
OLDER_PASS_EVERY = 100


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block, and restore its state after.

    Building a graph or millions of triples makes many small objects and no
    garbage; the collector would otherwise rescan every live object again and
    again (a third of graph assembly, about 5x the work itself for a million
    triples). Use it only around code whose objects form no reference cycles.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def collected_in_steps() -> Iterator[Callable[[], None]]:
    """Pause the cyclic collector for the block, and yield ``step``, to call after each unit of work.

    For bulk work done in units (documents arriving, pages written) whose
    results live on: the collector's full passes would walk everything kept so
    far again and again.  ``step`` collects only the youngest generation (the
    cycles the last unit made and dropped) and, every
    :data:`OLDER_PASS_EVERY` steps, the middle one too, where a cycle still
    alive at its own unit's young pass went (a Dask client's callbacks leave
    one per document); what has reached the oldest generation waits until the
    block ends.  The collector's state is restored on leaving.

    >>> with collected_in_steps() as step:
    ...     step()
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    steps = itertools.count(1)

    def step() -> None:
        gc.collect(1 if next(steps) % OLDER_PASS_EVERY == 0 else 0)

    with paused_gc():
        yield step


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` where the C library has none (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        # the program's own symbols, libc's among them: find_library would fork the (large) process to run
        # ldconfig
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


def return_free_memory() -> bool:
    """Give the C heap's free pages back to the operating system; ``True`` if the C library could.

    After a stage that made and dropped many small C allocations (the
    similarity search's arrays and temporaries, a table writer's buffers),
    glibc keeps the freed memory in its heap for reuse, so the process stays
    as large as the stage's peak through every later stage.  ``malloc_trim(0)``
    releases what is free (tens of milliseconds on a 2 GB heap); nothing
    live is moved or changed.  Elsewhere it does nothing and returns ``False``.

    >>> return_free_memory() in (True, False)
    True
    """
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
