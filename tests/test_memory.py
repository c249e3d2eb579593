"""Giving freed memory back to the operating system (ontology.util.memory.return_free_memory)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ontology.util import memory


def _resident_mib() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._malloc_trim() is None,
                    reason="needs glibc's malloc_trim")
def test_freed_heap_memory_below_a_live_block_goes_back_to_the_system():
    blocks = [bytes(2000) for _ in range(50_000)]  # ~100 MB of C-heap blocks, each above pymalloc's 512 bytes
    last = bytes(2000)  # allocated above them, so freeing them leaves a hole glibc keeps for reuse
    holding = _resident_mib()
    del blocks
    kept = _resident_mib()
    assert memory.return_free_memory() is True
    released = kept - _resident_mib()
    assert kept > holding - 20  # glibc held on to the freed blocks by itself
    assert released > 50  # most of the ~100 MB was given back
    assert len(last) == 2000


def test_without_malloc_trim_it_does_nothing_and_says_so(monkeypatch):
    monkeypatch.setattr(memory, "_malloc_trim", lambda: None)
    assert memory.return_free_memory() is False
