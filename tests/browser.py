"""Open a local HTML page in headless Chromium and report what happened (test helper).

Tests import it as ``from browser import ...``: pytest puts ``tests/`` on
``sys.path`` because the folder has no ``__init__.py``.

JavaScript errors are caught two ways:

* a probe script is injected at the very top of the page's ``<head>``; it
  records uncaught exceptions, unhandled promise rejections, failed resource
  loads (scripts, stylesheets, images), ``console.error`` calls and
  ``alert`` calls into the ``data-kg-errors`` attribute of ``<html>``, which
  ``--dump-dom`` then shows;
* Chromium's own log (``--enable-logging=stderr``) is scanned for console
  messages that start with ``Uncaught``.

The browser can reach no host (``--host-resolver-rules``), so a page that
needs the network shows failed loads instead of silently fetching them.
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PROBE", "PageRun", "chromium_path", "inject_probe", "open_page"]

#: Flags every run uses: headless, no sandbox (containers), no network, fresh profile added per run.
BASE_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--enable-logging=stderr",
    "--v=0",
)

#: Records page errors into <html data-kg-errors="[...]"> (JSON list of strings).
PROBE = """<script>(function () {
  var root = document.documentElement, errors = [];
  function record(kind, text) {
    errors.push(kind + ": " + text);
    root.setAttribute("data-kg-errors", JSON.stringify(errors));
  }
  root.setAttribute("data-kg-errors", "[]");
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      record("resource", (target.tagName || "?") + " " + (target.src || target.href));
    } else {
      record("uncaught", (event.message || "error") + " at " + event.filename + ":" + event.lineno);
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    record("unhandledrejection", String(event.reason));
  });
  var consoleError = console.error;
  console.error = function () {
    record("console.error", Array.prototype.map.call(arguments, String).join(" "));
    return consoleError.apply(console, arguments);
  };
  window.alert = function (message) { record("alert", String(message)); };
})();</script>"""

_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)
_CONSOLE_LINE = re.compile(r'CONSOLE[(:]?\d*\)?\] "(?P<message>.*)", source: (?P<source>.*)$')
_ERRORS_ATTR = re.compile(r'<html[^>]*\sdata-kg-errors="(?P<value>[^"]*)"', re.IGNORECASE)


def chromium_path() -> str | None:
    """The Chromium executable on PATH, or None."""
    return shutil.which("chromium")


def inject_probe(page: str) -> str:
    """``page`` with :data:`PROBE` inserted right after ``<head>`` (so it runs first)."""
    match = _HEAD.search(page)
    if match is None:
        raise ValueError("page has no <head> element to put the error probe in")
    return page[: match.end()] + PROBE + page[match.end():]


@dataclass(frozen=True)
class PageRun:
    """What one headless Chromium run of a page produced."""

    dom: str
    stderr: str
    returncode: int
    screenshot: Path | None
    errors: list[str] = field(default_factory=list)

    def body_data(self, name: str) -> str | None:
        """Value of ``data-<name>`` on ``<body>`` in the dumped DOM (``name`` in kebab-case)."""
        body = re.search(r"<body[^>]*>", self.dom, re.IGNORECASE)
        if body is None:
            return None
        value = re.search(rf'\sdata-{re.escape(name)}="([^"]*)"', body.group(0))
        return html.unescape(value.group(1)) if value else None


def _probe_errors(dom: str) -> list[str]:
    """Errors the probe recorded; a DOM without the probe's attribute counts as an error."""
    match = _ERRORS_ATTR.search(dom)
    if match is None:
        return ["probe: no data-kg-errors attribute in the dumped DOM (probe did not run?)"]
    return [str(e) for e in json.loads(html.unescape(match.group("value")))]


def _log_errors(stderr: str) -> list[str]:
    """Uncaught exceptions Chromium logged as console messages."""
    errors = []
    for line in stderr.splitlines():
        match = _CONSOLE_LINE.search(line)
        if match and match.group("message").startswith("Uncaught"):
            errors.append(f"log: {match.group('message')} ({match.group('source')})")
    return errors


def _run(command: list[str], timeout_s: float) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in its own process group; kill the whole group on timeout."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def open_page(
    page: Path,
    workdir: Path,
    *,
    screenshot: bool = True,
    budget_ms: int = 5000,
    timeout_s: float = 60.0,
    window: tuple[int, int] = (1280, 800),
    fragment: str = "",
) -> PageRun:
    """Load ``page`` (with the error probe injected) in headless Chromium.

    The probed copy is written beside ``page`` (so relative links to
    scripts and styles resolve) and removed afterwards; the fresh profile
    (also removed) and the screenshot go under ``workdir``. ``budget_ms`` is virtual time: timers and animation frames
    run until the page has been idle that long, without waiting in real time. ``fragment`` (without ``#``) is
    added to the page's URL (the generic node view reads its node from it).
    Raises :class:`FileNotFoundError` when Chromium is missing and
    :class:`subprocess.TimeoutExpired` after ``timeout_s`` seconds.
    """
    executable = chromium_path()
    if executable is None:
        raise FileNotFoundError("chromium is not on PATH")
    # the probed copy goes beside the page, so relative links to shared assets still resolve
    probed = page.parent / f".probed-{page.name}"
    probed.write_text(inject_probe(page.read_text(encoding="utf-8")), encoding="utf-8")
    profile = tempfile.mkdtemp(prefix="chromium-profile-", dir=workdir)
    shot = workdir / f"{page.stem}.png" if screenshot else None
    command = [
        executable,
        *BASE_FLAGS,
        f"--user-data-dir={profile}",
        f"--window-size={window[0]},{window[1]}",
        f"--virtual-time-budget={budget_ms}",
        "--dump-dom",
    ]
    if shot is not None:
        command.append(f"--screenshot={shot}")
    command.append(probed.resolve().as_uri() + (f"#{fragment}" if fragment else ""))
    try:
        result = _run(command, timeout_s)
    finally:
        probed.unlink(missing_ok=True)
        shutil.rmtree(profile, ignore_errors=True)
    errors = _probe_errors(result.stdout) + _log_errors(result.stderr)
    return PageRun(dom=result.stdout, stderr=result.stderr, returncode=result.returncode,
                   screenshot=shot, errors=errors)
