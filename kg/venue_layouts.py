"""The venue pages' landscapes laid out in a worker process, on the core a build's main process leaves idle.

At the end of a fresh build of the full Anthology the query store's loader
has ended and the views run alone in the main process: the second core
waits, while the main process lays out 2,000 venue landscapes (~28 CPU s,
:func:`~exports.view_landscape.fitted_landscape`).  :class:`VenueLayouts` is
:func:`exports.views.write_views`' :class:`~exports.landscape_tasks.LandscapeHelper`:
one worker process (spawned by :mod:`kg.worker_processes`, so it ends with
the build, at the lowest priority, so it takes only a core nothing else of
the build wants) is sent every venue's task once and lays them out from the
last one back, while the main process draws the pages from the first on; it
takes the landscapes the worker has sent and lays out the others itself,
and the worker stops where they meet.  The pages are the same either way
(:func:`~exports.landscape_tasks.laid_out`); a worker that cannot start,
dies or is slow costs nothing but the time it had.  :func:`venue_layouts`
makes one only where it can pay: with two cores or more for the build, and
not in a daemonic process (a pool's or Dask's worker), which may start none.

>>> from exports.landscape_tasks import laid_out, landscape_task
>>> from kg.analytics.toy import toy_graph
>>> from exports.view_landscape import named_entities
>>> graph = toy_graph()
>>> task = landscape_task(graph, named_entities(graph, None), max_entities=90)
>>> with VenueLayouts(fewest=1) as layouts:
...     layouts.start([("all", task)])
...     fitted = layouts.wait("all", timeout=60)
>>> fitted.entities == laid_out(task).entities
True
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
from collections.abc import Hashable, Sequence
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:  # the worker imports its tasks' modules (networkx, ...) once at the lowest priority
    from multiprocessing.sharedctypes import Synchronized

    from exports.landscape_tasks import LandscapeTask
    from exports.view_landscape import Landscape

__all__ = ["FEWEST", "VenueLayouts", "venue_layouts"]

#: Landscapes a worker is started for, at least: a one-page rebuild lays out ~30 (the venues its papers changed),
#: which its start (~0.5 CPU s of imports) and the tasks' pickling would not repay.
FEWEST = 256


def venue_layouts(workers: int) -> VenueLayouts | None:
    """A :class:`VenueLayouts` for a build of ``workers`` processes, where one can pay (else None): two or more
    of them and of this process's cores, and this process not daemonic."""
    if workers < 2 or _cores() < 2 or multiprocessing.current_process().daemon:
        return None
    return VenueLayouts()


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class VenueLayouts:
    """Landscapes laid out by one worker process, from the last task back, while the caller takes them in order.

    ``fewest``: tasks a worker is started for (default :data:`FEWEST`).  Use it as a context manager, or call
    :meth:`close`: the worker is killed there, whatever it was doing.
    """

    def __init__(self, *, fewest: int | None = None) -> None:
        self._fewest = FEWEST if fewest is None else fewest
        self._index: dict[Hashable, int] = {}  # each task's key -> its position in the caller's order
        self._done: dict[int, Landscape] = {}  # laid out by the worker, not yet taken
        self._arrived = threading.Condition()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._next = None  # shared with the worker: the first task the caller has not taken
        self._threads: list[threading.Thread] = []
        self._connection: Connection | None = None  # both threads use it: closed by close(), after them

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, tasks: Sequence[tuple[Hashable, LandscapeTask]]) -> None:
        """Begin laying out ``tasks`` in a worker (only from ``fewest`` tasks on; else nothing).  A helper started
        before is closed first: its tasks and landscapes are dropped (review 45)."""
        self.close()
        if len(tasks) < self._fewest:
            return
        from kg.worker_processes import worker_context

        try:
            payload = pickle.dumps([task for _, task in tasks], protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - a node id or name pickle cannot take (or nested too deep): laid out here
            return
        context = worker_context()
        try:
            self._next = context.Value("i", 0, lock=False)
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, self._next), name="venue-layouts", daemon=True)
            process.start()
        except (OSError, ValueError, ImportError):  # no worker: every landscape is laid out here
            return
        theirs.close()
        self._process = process
        self._connection = mine
        self._index = {key: i for i, (key, _) in enumerate(tasks)}
        sender = threading.Thread(target=_send, args=(mine, payload), name="venue-layouts-send", daemon=True)
        receiver = threading.Thread(target=self._receive, args=(mine,), name="venue-layouts-receive", daemon=True)
        self._threads = [sender, receiver]
        sender.start()
        receiver.start()

    def take(self, key: Hashable) -> Landscape | None:
        """The landscape of ``key``'s task if the worker has sent it, else None (the caller lays it out: from here
        on the worker stops at this task)."""
        return self._take(key)

    def _take(self, key: Hashable) -> Landscape | None:
        i = self._index.pop(key, None)
        if i is None:
            return None
        if self._next is not None:
            self._next.value = i + 1
        with self._arrived:
            return self._done.pop(i, None)

    def wait(self, key: Hashable, timeout: float) -> Landscape | None:
        """:meth:`take`, waiting up to ``timeout`` seconds for the worker to send it (for tests)."""
        i = self._index.get(key)
        with self._arrived:
            self._arrived.wait_for(lambda: i in self._done or not self._running(), timeout)
        return self._take(key)

    def close(self) -> None:
        """Kill the worker (its landscapes not taken are dropped) and let the threads go."""
        if self._process is not None:
            self._process.kill()
            self._process.join()
            self._process = None
        for thread in self._threads:
            thread.join()
        self._threads = []
        if self._connection is not None:  # not before both threads are done with it: a sender inside a write
            self._connection.close()  # would find it gone (review 45)
            self._connection = None
        self._done.clear()
        self._index.clear()

    def _running(self) -> bool:
        return any(thread.is_alive() for thread in self._threads[1:])

    def _receive(self, connection: Connection) -> None:
        """Take the worker's landscapes as they come (the pipe would hold only a few), until it ends."""
        try:
            while True:
                i, landscape = connection.recv()
                with self._arrived:
                    self._done[i] = landscape
                    self._arrived.notify_all()
        except (EOFError, OSError):  # the worker ended, died or was killed
            pass
        finally:
            with self._arrived:
                self._arrived.notify_all()


def _send(connection: Connection, payload: bytes) -> None:
    """Write the tasks to the worker (in a thread: the pipe takes them as fast as the worker reads)."""
    try:
        connection.send_bytes(payload)
    except OSError:  # the worker died or was killed: the receiver sees it
        pass


def _serve(connection: Connection, next_taken: Synchronized) -> None:
    """The worker: lowest priority, then each task from the last back to the caller's next, sent as laid out.  Any
    error ends it quietly: the caller lays out what it has not sent."""
    try:
        if hasattr(os, "nice"):  # not on Windows
            os.nice(19)
    except OSError:
        pass
    try:
        from exports.landscape_tasks import laid_out
        tasks: list[LandscapeTask] = pickle.loads(connection.recv_bytes())
        for i in range(len(tasks) - 1, -1, -1):
            if i < next_taken.value:  # the caller has taken it, or is laying it out
                break
            connection.send((i, laid_out(tasks[i])))
            tasks[i] = None  # type: ignore[call-overload]
    except Exception:  # noqa: BLE001, S110 - a task it cannot read (a class of the caller's __main__), the pipe
        pass  # gone: the caller lays out what was not sent, and a worker's traceback would only alarm
    finally:
        connection.close()
