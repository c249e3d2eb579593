"""The HTML view in headless Chromium: it draws, offline, without JavaScript errors."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from browser import chromium_path, open_page
from exports.html_view import write_html
from test_html import small_graph

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (shutil.which('chromium') is None)"),
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
WINDOW = (1280, 800)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == PNG_SIGNATURE
    return struct.unpack(">II", header[16:24])


def test_page_draws_all_nodes_without_errors(tmp_path: Path) -> None:
    graph = small_graph()
    page = write_html(graph, tmp_path / "graph.html", title="Browser test")
    run = open_page(page, tmp_path, window=WINDOW, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == str(graph.number_of_nodes())
    assert run.screenshot is not None and run.screenshot.exists()
    assert png_size(run.screenshot) == WINDOW
    # a blank canvas compresses to a few kB; legend, text and nodes make it larger
    assert run.screenshot.stat().st_size > 10_000


def test_truncated_page_draws_the_kept_nodes(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html", max_nodes=3)
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == "3"


def test_error_detector_catches_broken_script(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html")
    text = page.read_text(encoding="utf-8")
    broken = "<script>undefinedFunction();</script><script>console.error('boom');</script></body>"
    page.write_text(text.replace("</body>", broken), encoding="utf-8")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert any("undefinedFunction" in e for e in run.errors if e.startswith("uncaught"))
    assert any("undefinedFunction" in e for e in run.errors if e.startswith("log"))
    assert any(e == "console.error: boom" for e in run.errors)
    # the page itself still drew
    assert run.body_data("kg-drawn") == "6"


def test_error_detector_catches_external_resource(tmp_path: Path) -> None:
    page = tmp_path / "external.html"
    page.write_text(
        '<!DOCTYPE html><html><head><script src="https://cdn.example.invalid/x.js"></script></head>'
        "<body></body></html>",
        encoding="utf-8",
    )
    run = open_page(page, tmp_path, screenshot=False, budget_ms=1000, timeout_s=60)
    assert any(e.startswith("resource: SCRIPT https://cdn.example.invalid/x.js") for e in run.errors)


def test_error_detector_catches_unescaped_tooltip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import exports.html_view as html_export

    # simulate a renderer that forgets to escape: the hostile title's onerror handler must be caught
    monkeypatch.setattr(html_export.html, "escape", lambda text, quote=True: text)
    page = write_html(small_graph(), tmp_path / "graph.html")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert "alert: 1" in run.errors


def test_search_and_kind_filter(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html")
    interact = """<script>
setTimeout(function () {
  var search = document.getElementById("kg-search");
  search.value = "gpt4";  // matches the alt label "gpt4o" of GPT-4o
  search.dispatchEvent(new Event("input"));
  var paper = document.querySelector('#kg-legend input[value="paper"]');
  paper.checked = false;
  paper.dispatchEvent(new Event("change"));
}, 200);
</script></body>"""
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", interact), encoding="utf-8")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == "6"
    assert run.body_data("kg-visible") == "4"  # the two papers are filtered out
    assert '<p id="kg-search-status" aria-live="polite">1 match (Enter to zoom)</p>' in run.dom
