"""Giving freed memory back to the operating system (ontology.util.memory.return_free_memory, map_large_blocks)."""
from __future__ import annotations

import ctypes
import os
import subprocess
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


_MAPPED_PROBE = """
import ctypes, sys
from ontology.util import memory

class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]

libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
if sys.argv[1] == "mapped":
    assert memory.map_large_blocks() is True
big = bytes(16 << 20)  # mapped on its own: freeing it raises glibc's own line to 16 MiB
del big
mapped = libc.mallinfo2().hblkhd
block = bytes(4 << 20)  # below that line now: from the heap, unless the line is fixed
print(libc.mallinfo2().hblkhd - mapped >= 4 << 20)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._mallopt() is None
                    or not hasattr(ctypes.CDLL(None), "mallinfo2"), reason="needs glibc's mallopt and mallinfo2")
@pytest.mark.parametrize(("mode", "mapped"), [("default", "False"), ("mapped", "True")])
def test_a_freed_large_block_does_not_move_later_ones_into_the_heap(mode, mapped):
    # in a process of its own: the setting lasts for the life of the process. glibc's MALLOC_* variables are left
    # out of its environment: any of them turns glibc's moving threshold off, and dask's nanny sets
    # MALLOC_TRIM_THRESHOLD_ in the environment of the process that starts a LocalCluster (an earlier test's)
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith("MALLOC_") and name != "GLIBC_TUNABLES"}
    result = subprocess.run([sys.executable, "-c", _MAPPED_PROBE, mode], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parent.parent, env=environment)
    assert result.stdout.split() == [mapped]


def test_without_mallopt_large_blocks_are_left_as_they_are(monkeypatch):
    monkeypatch.setattr(memory, "_mallopt", lambda: None)
    assert memory.map_large_blocks() is False
