"""kg's worker processes (kg.worker_processes, review 43): they end with the build that started them, even killed,
and leave Ctrl-C to it; the query store's loader ends with its build the same way."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from kg.worker_processes import worker_context

ROOT = Path(__file__).resolve().parents[1]
#: A build that starts a worker, prints its pid and dies at once, as ``kill -9`` or the OOM killer ends one.
_KILLED_BUILD = """
import os
from concurrent.futures import ProcessPoolExecutor
from kg.worker_processes import worker_context

pool = ProcessPoolExecutor(max_workers=1, mp_context=worker_context())
print(pool.submit(os.getpid).result(), flush=True)
os._exit(0)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl(PR_SET_PDEATHSIG) is Linux's")
def test_a_worker_ends_when_its_build_dies():
    """Before review 43 the worker waited on its task queue for good, a child of pid 1 (it holds the queue's write
    end too, so it never sees the end of it)."""
    with subprocess.Popen([sys.executable, "-c", _KILLED_BUILD], cwd=ROOT, stdout=subprocess.PIPE, text=True) as build:
        worker = int(build.stdout.readline())  # not read to its end: a worker left behind would hold it open
        build.wait(timeout=60)
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(worker):
        os.kill(worker, signal.SIGKILL)
        pytest.fail(f"the worker {worker} outlived its build")


def test_a_worker_leaves_ctrl_c_to_the_build():
    """A terminal's Ctrl-C reaches every process of the group: a worker that took it printed a 20-line traceback
    beside the build's one-line message."""
    with ProcessPoolExecutor(max_workers=1, mp_context=worker_context()) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN


def test_the_extractions_pool_uses_these_workers():
    from kg.execution import executor

    with executor(workers=2) as running:
        assert running.pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN


def test_the_module_imports_the_standard_library_only():
    """The term counts' helper unpickles its process class from here: it should load no kg module but this one
    (before review 43 it came from kg.execution, which loaded the 26 extractors and the data model: 16 MB more)."""
    code = "import sys, kg.worker_processes; print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in " \
           "('kg', 'extractors', 'exports', 'ontology', 'numpy'))))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True)
    assert run.stdout.split() == ["kg", "kg.worker_processes"]
