"""Pausing Python's cyclic garbage collector while bulk work makes millions of acyclic objects.

>>> import gc
>>> with paused_gc():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


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
