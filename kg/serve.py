"""A read-only SPARQL 1.1 Protocol endpoint over a build: Oxigraph's own HTTP server on the build's query store.

:func:`start_server` runs ``oxigraph serve-read-only`` (the ``oxigraph``
package on PyPI, installed with kg) on ``OUT/.kg-store`` (made by
``kg build``, or now for an older build), waits until it answers a query,
and returns a :class:`Server` whose :meth:`Server.stop` ends it.  The
server is Oxigraph's: standard SPARQL 1.1 Protocol at ``/query`` (GET or
POST), SPARQL results as JSON, XML, CSV or TSV by content negotiation, the
Graph Store Protocol read-only at ``/store``, and a YASGUI query page at ``/``.
Updates (``/update``, writes to ``/store``) are answered ``403 Forbidden``:
the store is opened read-only.

What the server does **not** do, which ``kg query`` does: it has no text
index (a canned query sent over HTTP runs as written, with its ``FILTER``
over every label), and it runs ``SERVICE`` clauses, so whoever can reach it
can make it send requests to any address the machine can reach and read
the error text that comes back.  That is why it listens on 127.0.0.1 only
unless told otherwise (see docs/query.md).

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
(True, True, False)
"""
from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import subprocess
import sysconfig
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

from kg.canned import QueryError
from kg.query_store import open_query_store

__all__ = ["ServeError", "Server", "free_port", "is_loopback", "oxigraph_executable", "start_server"]


class ServeError(QueryError):
    """The SPARQL server could not start (no oxigraph program, the port is taken, no store); the message says why."""


def oxigraph_executable() -> str:
    """The ``oxigraph`` program installed beside this Python (the PyPI package), else the one on PATH."""
    beside = Path(sysconfig.get_path("scripts")) / ("oxigraph.exe" if os.name == "nt" else "oxigraph")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("oxigraph")
    if found is None:
        raise ServeError("the oxigraph program is not installed; `pip install oxigraph` (kg depends on it) "
                         "installs the SPARQL server kg serve runs")
    return found


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address of this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` right now (the system's choice)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host.strip("[]"), 0))
        return int(probe.getsockname()[1])


def _authority(host: str, port: int) -> str:
    host = host.strip("[]")
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class Server:
    """A running ``oxigraph serve-read-only`` process; ``endpoint`` is its SPARQL query URL."""

    process: subprocess.Popen
    endpoint: str
    store: Path
    log: Path
    _stopped: bool = field(default=False, repr=False)

    def poll(self) -> int | None:
        """The server's exit status if it has stopped, else None."""
        return self.process.poll()

    def stop(self, timeout: float = 10.0) -> int:
        """Stop the server (SIGTERM, then SIGKILL after ``timeout`` seconds); return its exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not self._stopped:
            self._stopped = True
            Path(self.log).unlink(missing_ok=True)
        return int(self.process.returncode)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_server(output: Path, *, host: str = "127.0.0.1", port: int = 7878, cors: bool = False,
                 timeout_s: float = 60.0, ready_within: float = 60.0,
                 on_build: Callable[[str], None] | None = None) -> Server:
    """Start Oxigraph's read-only SPARQL server on the query store of the build folder ``output``.

    ``port`` 0 picks a free port.  ``cors`` lets web pages of any origin
    read the answers (Oxigraph's ``--cors``); ``timeout_s`` stops a query
    that runs longer.  Returns once the server answers ``ASK {}``; raises
    :class:`ServeError` when it stops first or does not answer within
    ``ready_within`` seconds.
    """
    output = Path(output)
    if not output.is_dir():
        raise ServeError(f"{output} is not a folder; give the output folder of `kg build`")
    opened = open_query_store(output, on_build=on_build)
    if opened.folder is None:
        raise ServeError(f"{output / '.kg-store'} cannot be used (a link, or the folder is not writable); "
                         f"run `kg build -o {output}` where you can write, then serve it")
    port = port or free_port(host)
    log_handle, log_name = tempfile.mkstemp(prefix="kg-serve-", suffix=".log")
    command = [oxigraph_executable(), "serve-read-only", "--location", str(opened.folder),
               "--bind", _authority(host, port), "--timeout-s", str(max(1, round(timeout_s)))]
    if cors:
        command.append("--cors")
    with os.fdopen(log_handle, "wb") as log:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    endpoint = f"http://{_authority('127.0.0.1' if host in ('0.0.0.0', '::', '[::]') else host, port)}/query"
    server = Server(process, endpoint, opened.folder, Path(log_name))
    try:
        _wait_ready(server, ready_within)
    except BaseException:
        server.stop()
        raise
    return server


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy: the server is local


def _wait_ready(server: Server, within: float) -> None:
    deadline = time.monotonic() + within
    probe = server.endpoint + "?" + urllib.parse.urlencode({"query": "ASK {}"})
    while True:
        if server.poll() is not None:
            said = [line.strip() for line in server.log.read_text("utf-8", "replace").splitlines() if line.strip()]
            errors = [line for line in said if line.startswith("Error")]  # then a Rust backtrace
            reason = (errors or said or [f"exit status {server.poll()}"])[0]
            raise ServeError(f"the SPARQL server stopped at once: {reason}"
                             + (" (choose another --port)" if "in use" in reason.lower() else ""))
        try:
            request = urllib.request.Request(probe, headers={"Accept": "application/sparql-results+json"})
            with _DIRECT.open(request, timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise ServeError(f"the SPARQL server did not answer at {server.endpoint} within {within:.0f} s")
        time.sleep(0.1)
