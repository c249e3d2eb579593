"""Tests of the offline HTML view (exports/html_view.py); no browser needed."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import exports.html_view as html_export
from exports.html_view import render_html, write_html

HOSTILE_TITLE = "<img src=x onerror=alert(1)>"
HOSTILE_ABSTRACT_BIT = "</script><script>alert(1)</script>"
KINDS = ("paper", "venue", "method", "dataset", "model")


def _mention(source: str, sentence: str, start: int) -> dict[str, object]:
    return {
        "source": source,
        "start": start,
        "end": start + 5,
        "sentence": sentence,
        "extractor": "kg_roles",
        "confidence": 0.9,
    }


def small_graph() -> nx.MultiDiGraph:
    """Two papers, a venue, a method, a dataset and a model, as kg/graph.py builds them."""
    g = nx.MultiDiGraph()
    hostile_abstract = f"We propose CLEAR {HOSTILE_ABSTRACT_BIT} and test it on MMLU with GPT-4o."
    g.add_node(
        "paper/img-1a2b3c4d5e",
        kind="paper",
        label=HOSTILE_TITLE,
        title=HOSTILE_TITLE,
        abstract=hostile_abstract,
        presentation_type="Oral",
        country="Germany",
        keywords=["retrieval", "<b>bold</b>"],
        code_repositories=["https://github.com/example/clear", "javascript:alert(1)"],
        venue="ACL 2026",
        sources=["pages/001.txt"],
    )
    g.add_node(
        "paper/users-frequently-9f8e7d6c5b",
        kind="paper",
        label="Users frequently express their…",
        title=None,
        abstract="Users frequently express their beliefs in online forums.",
        keywords=[],
        code_repositories=[],
        venue=None,
        sources=["pages/002.txt"],
    )
    g.add_node(
        "venue/acl-2026",
        kind="venue",
        label="ACL 2026",
        name="ACL 2026",
        series="ACL",
        year=2026,
        location="San Diego",
        start_date="2026-07-02",
        end_date="2026-07-07",
        sources=["pages/001.txt"],
    )
    g.add_node("method/clear", kind="method", label="CLEAR", alt_labels=["Cross-Lingual Enhancement"],
               sources=["pages/001.txt"])
    g.add_node("dataset/mmlu", kind="dataset", label="MMLU", alt_labels=[], sources=["pages/001.txt"])
    g.add_node("model/gpt4o", kind="model", label="GPT-4o", alt_labels=["gpt4o"],
               sources=["pages/001.txt", "pages/002.txt"])
    paper_a, paper_b = "paper/img-1a2b3c4d5e", "paper/users-frequently-9f8e7d6c5b"
    g.add_edge(paper_a, "method/clear", key="proposes", relation="proposes", confidence=0.9,
               mentions=[_mention("pages/001.txt", f"We propose CLEAR {HOSTILE_ABSTRACT_BIT}.", 10)])
    g.add_edge(paper_a, "dataset/mmlu", key="uses", relation="uses", confidence=0.8,
               mentions=[_mention("pages/001.txt", "We test it on MMLU.", 40)])
    g.add_edge(paper_a, "model/gpt4o", key="uses", relation="uses", confidence=0.8,
               mentions=[_mention("pages/001.txt", "with GPT-4o", 60)])
    g.add_edge(paper_b, "model/gpt4o", key="uses", relation="uses", confidence=0.7,
               mentions=[_mention("pages/002.txt", "We prompt GPT-4o.", 5)])
    g.add_edge(paper_a, "venue/acl-2026", key="presentedAt", relation="presentedAt", source="pages/001.txt")
    g.add_edge(paper_a, paper_b, key="nextInProgram", relation="nextInProgram", source="pages/001.txt")
    g.add_edge(paper_a, paper_b, key="similarTo", relation="similarTo", source="pages/001.txt")
    return g


@pytest.fixture(scope="module")
def page() -> str:
    return render_html(small_graph(), title="Test <graph>")


def page_data(text: str) -> dict:
    """The JSON data block of a rendered page."""
    match = re.search(r'<script id="kg-data" type="application/json">(.*?)</script>', text, re.DOTALL)
    assert match is not None
    return json.loads(match.group(1))


def test_no_external_scripts_or_stylesheets(page: str) -> None:
    assert re.search(r"<script[^>]*\ssrc=", page, re.IGNORECASE) is None
    assert re.search(r"<link[^>]*\shref=", page, re.IGNORECASE) is None
    assert re.search(r"@import|url\(\s*['\"]?(https?:)?//", page, re.IGNORECASE) is None
    assert re.search(r"cdnjs|jsdelivr|unpkg|bootstrap|\bcdn\.", page, re.IGNORECASE) is None
    assert "sourceMappingURL" not in page


def test_hostile_text_is_escaped(page: str) -> None:
    assert HOSTILE_TITLE not in page
    assert HOSTILE_ABSTRACT_BIT not in page
    assert "<b>bold</b>" not in page
    # exactly three </script> closers: vis-network, data block, page script
    assert page.lower().count("</script") == 3
    # the hostile title survives as text: escaped in the tooltip HTML, raw in the JSON label
    nodes = {n["id"]: n for n in page_data(page)["nodes"]}
    paper = nodes["paper/img-1a2b3c4d5e"]
    assert paper["label"] == HOSTILE_TITLE
    assert "&lt;img src=x onerror=alert(1)&gt;" in paper["tip"]
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in paper["tip"]
    assert "<img" not in paper["tip"]
    assert 'href="javascript' not in paper["tip"]
    assert 'href="https://github.com/example/clear"' in paper["tip"]


def test_page_title_is_escaped(page: str) -> None:
    assert "<title>Test &lt;graph&gt;</title>" in page
    assert "Test <graph>" not in page


def test_legend_lists_kinds(page: str) -> None:
    legend = re.search(r'<fieldset id="kg-legend">(.*?)</fieldset>', page, re.DOTALL)
    assert legend is not None
    for kind in KINDS:
        assert f'value="{kind}" checked' in legend.group(1)
    assert "paper <span class=\"kg-count\">(2)</span>" in legend.group(1)


def test_nodes_styled_by_kind_and_sized_by_degree(page: str) -> None:
    nodes = {n["id"]: n for n in page_data(page)["nodes"]}
    assert {n["kind"] for n in nodes.values()} == set(KINDS)
    assert len({(n["shape"], n["color"]) for n in nodes.values()}) == len(KINDS)
    # the hostile paper touches every other node, so it is the largest
    assert max(nodes.values(), key=lambda n: n["size"])["id"] == "paper/img-1a2b3c4d5e"
    assert all(isinstance(n["x"], float) and isinstance(n["y"], float) for n in nodes.values())


def test_entity_tooltip_cites_source_and_sentence(page: str) -> None:
    nodes = {n["id"]: n for n in page_data(page)["nodes"]}
    tip = nodes["model/gpt4o"]["tip"]
    assert "gpt4o" in tip  # alt label
    assert "pages/001.txt" in tip and "with GPT-4o" in tip
    assert "pages/002.txt" in tip and "We prompt GPT-4o." in tip


def test_physics_off_and_drawn_marker(page: str) -> None:
    assert page_data(page)["options"]["physics"] == {"enabled": False}
    assert "document.body.dataset.kgDrawn" in page


def test_output_is_deterministic() -> None:
    first = render_html(small_graph())
    second = render_html(small_graph())
    assert first == second
    # insertion order of the graph does not matter either
    reordered = nx.MultiDiGraph()
    g = small_graph()
    reordered.add_nodes_from(reversed(list(g.nodes(data=True))))
    reordered.add_edges_from(reversed(list(g.edges(keys=True, data=True))))
    assert render_html(reordered) == first


_HASH_SEED_SCRIPT = """
import hashlib, sys
import networkx as nx
import exports.html_view as h
h.SPRING_LAYOUT_LIMIT = 40  # exercise the core + satellite layout on a small graph
g = nx.MultiDiGraph()
for i in range(300):
    g.add_node(f"paper/p{i}", kind="paper", label=f"P{i}", keywords={"x", "y", "z"})
    g.add_node(f"method/m{i % 30}", kind="method", label=f"M{i % 30}", alt_labels={"a", "b", "c"})
    g.add_edge(f"paper/p{i}", f"method/m{i % 30}", key="uses", relation="uses", confidence=0.5, mentions=[])
    g.add_edge(f"paper/p{i}", f"method/m{i * 7 % 30}", key="proposes", relation="proposes", confidence=0.5, mentions=[])
sys.stdout.write(hashlib.sha256(h.render_html(g, max_nodes=250).encode()).hexdigest())
"""


def test_output_does_not_depend_on_hash_seed() -> None:
    """Set iteration order changes with PYTHONHASHSEED; the page must not."""
    root = Path(html_export.__file__).resolve().parents[1]
    digests = {
        subprocess.run(
            [sys.executable, "-c", _HASH_SEED_SCRIPT],
            cwd=root, env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


def test_max_nodes_truncation_is_stated(page: str) -> None:
    g = small_graph()
    text = render_html(g, max_nodes=3)
    assert "Showing 3 of 6 nodes" in text
    data = page_data(text)
    assert len(data["nodes"]) == 3
    # the most connected nodes are kept: paper A (degree 6), paper B (3), the model (2)
    assert {n["id"] for n in data["nodes"]} == {
        "paper/img-1a2b3c4d5e", "model/gpt4o", "paper/users-frequently-9f8e7d6c5b"
    }
    kept = {n["id"] for n in data["nodes"]}
    assert all(e["from"] in kept and e["to"] in kept for e in data["edges"])
    assert "Showing" not in page


def test_negative_max_nodes_rejected() -> None:
    with pytest.raises(ValueError):
        render_html(small_graph(), max_nodes=-1)


def test_large_graph_uses_cheap_layout() -> None:
    g = nx.MultiDiGraph()
    for i in range(1200):
        g.add_node(f"paper/p{i}", kind="paper", label=f"Paper {i}")
        g.add_node(f"method/m{i % 50}", kind="method", label=f"M{i % 50}")
        g.add_edge(f"paper/p{i}", f"method/m{i % 50}", key="uses", relation="uses", confidence=1.0, mentions=[])
    text = render_html(g, max_nodes=1000)
    data = page_data(text)
    assert len(data["nodes"]) == 1000
    assert "Showing 1000 of 1250 nodes" in text
    positions = {(n["x"], n["y"]) for n in data["nodes"]}
    assert len(positions) == 1000  # no two nodes stacked on the same spot


def test_empty_graph_renders() -> None:
    text = render_html(nx.MultiDiGraph())
    assert page_data(text)["nodes"] == []
    assert "0 nodes, 0 edges." in text


def test_write_html_writes_page(tmp_path: Path) -> None:
    target = tmp_path / "out" / "graph.html"
    assert write_html(small_graph(), target) == target
    assert target.read_text(encoding="utf-8") == render_html(small_graph())
    assert sorted(p.name for p in target.parent.iterdir()) == ["graph.html"]


def test_write_html_keeps_old_file_when_rendering_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "graph.html"
    target.write_text("old page", encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("renderer broke")

    monkeypatch.setattr(html_export, "render_html", broken)
    with pytest.raises(RuntimeError, match="renderer broke"):
        write_html(small_graph(), target)
    assert target.read_text(encoding="utf-8") == "old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]


def test_write_html_keeps_old_file_when_replace_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "graph.html"
    target.write_text("old page", encoding="utf-8")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    import exports.files

    monkeypatch.setattr(exports.files.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_html(small_graph(), target)
    assert target.read_text(encoding="utf-8") == "old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]


def test_exports_never_imports_spacy() -> None:
    code = "import sys, exports.html_view; sys.exit('spacy' in sys.modules)"
    root = Path(html_export.__file__).resolve().parents[1]
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0
