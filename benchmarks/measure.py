"""What the benchmark scripts share: wall time and peak memory (all processes) of a command.

>>> wall, peak, output = timed([sys.executable, "-c", "print('hi')"])
>>> output.strip(), wall > 0, peak > 0
('hi', True, True)
"""
from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KG_SHARED", ROOT.parent / "shared"))  # ../shared, or where KG_SHARED says
ANTHOLOGY = SHARED / "corpus" / "anthology"
GB = 2**30


class PeakMemory:
    """Samples the summed RSS of a process and all its children until stopped."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.process = psutil.Process(pid)
        self.peak = 0
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                family = [self.process, *self.process.children(recursive=True)]
                total = 0
                for process in family:
                    try:
                        total += process.memory_info().rss
                    except psutil.Error:
                        pass
                self.peak = max(self.peak, total)
            except psutil.Error:
                pass
            self._stop.wait(self._interval)

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak


def timed(command: list[str], *, check: bool = True) -> tuple[float, int, str]:
    """Wall seconds, peak memory in bytes (the command and its children) and output of ``command``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    memory = PeakMemory(process.pid)
    output, _ = process.communicate()
    wall = time.perf_counter() - start
    peak = memory.stop()
    if check and process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{output[-3000:]}")
    return wall, peak, output


class TooSlow(Exception):
    """A step ran past its time limit (a benchmark reports the limit as a lower bound)."""


def time_limited(function: Callable[[], Any], limit: int = 0, *, collect: bool = False) -> tuple[float, Any]:
    """Seconds ``function`` took and its result; past ``limit`` seconds (0: none) it is stopped: ``(limit, None)``.

    ``collect`` runs the garbage collector first, so that no earlier step's garbage is timed.

    >>> time_limited(lambda: 6 * 7)[1]
    42
    """
    def stop(signum: int, frame: object) -> None:
        raise TooSlow

    if collect:
        gc.collect()
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(limit)
    started = time.perf_counter()
    try:
        result = function()
    except TooSlow:
        return float(limit), None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return time.perf_counter() - started, result


def kg(*args: str) -> list[str]:
    """The command line that runs ``kg ARGS`` with this interpreter."""
    return [sys.executable, "-m", "kg.cli", *args]


def summary_count(output: str, label: str) -> int:
    """A count from ``kg build``'s summary ("  papers   90477")."""
    for line in output.splitlines():
        parts = line.split()
        if line.startswith("  ") and " ".join(parts[:-1]) == label and parts[-1].isdigit():
            return int(parts[-1])
    return 0
