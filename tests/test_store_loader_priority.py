"""The query store's loader runs below its build's scheduling priority, every thread of it (docs/scaling.md,
"Fresh build's exports (h14ag)"): on 2 cores it had taken a share of the core the build's views run on."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from kg.query_store import STORE_DIR, StoreMaker
from kg.store_loader import NICENESS

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not hasattr(os, "mkfifo"),
                                reason="reads the threads' priorities from /proc and stalls the loader on a FIFO")


def _thread_priorities(pid: int) -> dict[str, int]:
    """The nice value of each thread of process ``pid`` by its name and id (``/proc/PID/task/TID/stat``)."""
    priorities = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a thread that ended meanwhile
            continue
        priorities[f"{name}/{task.name}"] = int(fields[16])  # stat(5): field 19, nice; fields[0] is field 3
    return priorities


def test_the_loader_and_its_threads_run_below_the_build(tmp_path):
    # The graph file is a FIFO nobody writes: the loader opens its store (RocksDB starts its threads), then waits
    # at the file, so its threads can be read before it ends; the maker is cancelled after.
    graph = tmp_path / "graph.ttl"
    os.mkfifo(graph)
    wanted = min(os.getpriority(os.PRIO_PROCESS, 0) + NICENESS, 19)
    maker = StoreMaker(tmp_path, graph, graph, "0" * 64)
    try:
        pid = maker._process.pid
        deadline = time.monotonic() + 60
        seen: dict[str, int] = {}
        while time.monotonic() < deadline and maker._process.poll() is None:
            seen = _thread_priorities(pid)
            if any(name.startswith("rocksdb") for name in seen):  # the store is open: every thread has started
                break
            time.sleep(0.02)
        assert any(name.startswith("rocksdb") for name in seen), f"the loader did not open its store: {seen}"
        assert set(seen.values()) == {wanted}, seen
    finally:
        maker.cancel()
    assert not list(tmp_path.glob(f"{STORE_DIR}.*"))  # nothing half-made left behind
