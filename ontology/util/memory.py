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

__all__ = ["LARGE_BLOCK", "OLDER_PASS_EVERY", "collected_in_steps", "map_large_blocks", "paused_gc",
           "return_free_memory"]

#: :func:`collected_in_steps` collects the middle generation too every this many steps.
OLDER_PASS_EVERY = 100
#: :func:`map_large_blocks`' default: C blocks of at least this many bytes get pages of their own.
LARGE_BLOCK = 1 << 20
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block, and restore its state after.

    Building a graph or millions of triples makes many small objects and no
    garbage; the collector would otherwise rescan every live object again and
    again (a third of graph assembly, about 5x the work itself for a million
    triples). Use it only around code whose objects form no reference cycles.

    While the collector is paused every new container still joins its
    youngest generation, so the first young pass after the block would walk
    all the block made (the full Anthology's graph: 1.5-2 s of every build,
    then again in the middle generation).  When nothing is frozen, leaving the
    block moves what it made straight to the oldest generation instead
    (:func:`gc.freeze` then :func:`gc.unfreeze`, each a splice of lists), as
    surviving those passes would; a cycle among them is collected by the next
    full pass.  Under a freeze (``kg.outputs.graph_frozen``) it does not: the
    unfreeze would give back the frozen objects too.

    >>> with paused_gc():
    ...     made = [[] for _ in range(1000)]
    >>> any(thing is made[0] for thing in gc.get_objects(generation=2))
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                gc.freeze()  # the youngest and middle generations join the permanent one,
                gc.unfreeze()  # and all of it the oldest
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
def _glibc_function(name: str) -> Callable[..., int] | None:
    """The C library's function ``name`` on Linux, or ``None`` where it has none (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        # the program's own symbols, libc's among them: find_library would fork the (large) process to run
        # ldconfig
        return getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` where the C library has none."""
    return _glibc_function("malloc_trim")


def _mallopt() -> Callable[[int, int], int] | None:
    """glibc's ``mallopt``, or ``None`` where the C library has none."""
    return _glibc_function("mallopt")


def map_large_blocks(threshold: int = LARGE_BLOCK) -> bool:
    """Have glibc map every C block of at least ``threshold`` bytes on its own; ``True`` if the C library could.

    glibc maps a large block (at first 128 KiB and up) on its own pages and
    unmaps them when the block is freed; but each time such a block is freed
    it raises that line to the block's size (up to 32 MiB), so that later
    blocks of that size come from its heap instead.  A stage that makes and
    drops many arrays of a few MiB (the similarity search) then leaves them,
    freed, between blocks that live on: the heap's free space stays in the
    process (0.23 GB after the full Anthology's search) and every later stage
    touches it again, so that the process grows back to where it was before
    :func:`return_free_memory` (docs/scaling.md, "Build memory, twenty-first
    session").  ``mallopt(M_MMAP_THRESHOLD, threshold)`` fixes the line: a
    freed large block goes back to the operating system at once.  The setting
    is the whole process's (and its forked children's) for its life: for a
    program's entry point (``kg build``), not a library call.  Elsewhere it
    does nothing and returns ``False``.  Called first thing in a program's
    main function::

        map_large_blocks()  # freed blocks of a MiB and up go back to the system at once
    """
    mallopt = _mallopt()
    if mallopt is None:
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, threshold))


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
