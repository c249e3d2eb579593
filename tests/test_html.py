"""Tests of one HTML view (exports/html_view.py): page text and data, no browser needed."""
from __future__ import annotations

import ast
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exports.html_view as html_export
from exports import view_data
from exports.html_view import (
    ASSET_FILES,
    KIND_STYLES,
    RELATION_STYLES,
    render_html,
    render_landscape,
    render_paper_map,
    write_assets,
    write_html,
)
from exports.view_details import ABSTRACT_CHARS
from exports.view_layout import RING_SPACING

HOSTILE_TITLE = "<img src=x onerror=alert(1)>"
HOSTILE_ABSTRACT_BIT = "</script><script>alert(1)</script>"
KINDS = ("paper", "venue", "method", "dataset", "model", "person")
CODE_URL = "https://github.com/example/clear"


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
    """Two papers, a venue, a method, a dataset, a model and two people, as docs/graph-model.md describes."""
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
        code_repositories=[CODE_URL, "javascript:alert(1)"],
        venue="ACL 2026",
        year=2026,
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
    g.add_node("person/ada", kind="person", label="Ada <Lovelace>", name="Ada <Lovelace>", sources=["a.xml"])
    g.add_node("person/alan", kind="person", label="Alan Turing", name="Alan Turing", sources=["a.xml"])
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
    g.add_edge(paper_a, paper_b, key="similarTo", relation="similarTo", source="pages/001.txt",
               basis="text", score=0.8125, strength=0.2, weak=True, shared_entities=["model/gpt4o", "task/gone"],
               shared_terms=["prompt", "gpt"])
    # author order is the ``position`` attribute, not the insertion order
    g.add_edge(paper_a, "person/alan", key="creator", relation="creator", source="a.xml", position=2)
    g.add_edge(paper_a, "person/ada", key="creator", relation="creator", source="a.xml", position=1)
    return g


PAPER_A = "paper/img-1a2b3c4d5e"


def similar_graph() -> nx.MultiDiGraph:
    """Eight papers in two groups of computed similarTo links (kg.similarity's attributes), one hostile title."""
    g = nx.MultiDiGraph()
    for i in range(8):
        title = HOSTILE_TITLE if i == 0 else f"Paper {i} on {'parsing' if i < 4 else 'speech'}"
        g.add_node(f"paper/p{i}", kind="paper", label=title, title=title, year=2026)
    g.add_node("dataset/ptb", kind="dataset", label="Penn Treebank")
    for i in range(4):
        g.add_edge(f"paper/p{i}", "dataset/ptb", key="uses", relation="uses")
    pairs = [(0, 1), (1, 2), (0, 2), (2, 3), (1, 3), (0, 3), (4, 5), (5, 6), (4, 6), (6, 7), (5, 7), (3, 4)]
    for n, (a, b) in enumerate(pairs):
        speech = a >= 4
        g.add_edge(f"paper/p{a}", f"paper/p{b}", key="similarTo", relation="similarTo", extractor="kg.similarity",
                   basis="combined", score=0.3 + 0.05 * n, strength=round((n + 1) / len(pairs), 3),
                   weak=n < 2, shared_entities=[] if speech or (a, b) == (3, 4) else ["dataset/ptb"],
                   shared_terms=["speech", "audio"] if speech else ["parsing", "syntax"])
    return g


@pytest.fixture(scope="module")
def page() -> str:
    return render_html(small_graph(), title="Test <graph>")


def page_data(text: str) -> dict:
    """The JSON data block of a rendered page."""
    match = re.search(r'<script id="kg-data" type="application/json">(.*?)</script>', text, re.DOTALL)
    assert match is not None
    return json.loads(match.group(1))


def nodes_by_id(text: str) -> dict[str, dict]:
    return {n["id"]: n for n in page_data(text)["nodes"]}


def edges_by_relation(text: str) -> dict[str, list[dict]]:
    data = page_data(text)
    found: dict[str, list[dict]] = {}
    for edge in data["edges"]:
        found.setdefault(edge["r"], []).append(edge)
    return found


def vis_bundle() -> str:
    return html_export._asset_texts()["vis-network.min.js"]


# --- offline and safe ---------------------------------------------------------------------------


def test_no_external_scripts_or_stylesheets(page: str) -> None:
    assert re.search(r"<script[^>]*\ssrc=", page, re.IGNORECASE) is None
    assert re.search(r"<link[^>]*\shref=", page, re.IGNORECASE) is None
    assert re.search(r"@import|url\(\s*['\"]?(https?:)?//", page, re.IGNORECASE) is None
    assert re.search(r"cdnjs|jsdelivr|unpkg|bootstrap|\bcdn\.", page, re.IGNORECASE) is None
    assert "sourceMappingURL" not in page


def test_only_http_urls_are_the_bundles_licence_notes_and_the_code_link(page: str) -> None:
    """Outside vis-network's licence header and SVG namespace strings, the only URL is the user's code link."""
    assert vis_bundle() in page
    rest = page.replace(vis_bundle(), "")
    assert re.findall(r"https?://[^\s\"'<>\\]+", rest) == [CODE_URL]


def test_asset_mode_loads_only_files_written_beside_the_page(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "view.html", asset_url="assets/")
    written = write_assets(tmp_path / "assets")
    text = page.read_text(encoding="utf-8")
    loaded = re.findall(r'<(?:script|link)[^>]*\s(?:src|href)="([^"]*)"', text)
    # every asset but the node view's script, which only node.html loads
    assert sorted(loaded) == sorted(f"assets/{name}" for name in ASSET_FILES if name != "kg-node.js")
    assert [p.name for p in written] == list(ASSET_FILES)
    assert all((tmp_path / url).is_file() for url in loaded)
    assert vis_bundle() not in text and len(text) < 20_000


def test_hostile_text_never_appears_as_markup(page: str) -> None:
    assert HOSTILE_TITLE not in page
    assert HOSTILE_ABSTRACT_BIT not in page
    assert "<b>bold</b>" not in page and "<Lovelace>" not in page
    # exactly three </script> closers: vis-network, data block, page script
    assert page.lower().count("</script") == 3
    # in the data the text survives unchanged, for the page script to show as text
    nodes = nodes_by_id(page)
    paper = nodes[PAPER_A]
    assert paper["n"] == paper["l"] == HOSTILE_TITLE
    assert HOSTILE_ABSTRACT_BIT in paper["d"]["ab"]


def test_page_script_shows_graph_text_as_text_only() -> None:
    """The page script must never parse graph data as HTML (tests/test_browser.py checks it in Chromium)."""
    script = html_export._asset_texts()["kg-view.js"]
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "document.write" not in script
    assert "el.textContent = text" in script


def test_links_only_for_http_urls(page: str) -> None:
    details = nodes_by_id(page)[PAPER_A]["d"]
    assert details["links"] == [["Code", CODE_URL]]
    assert ["Code", "javascript:alert(1)"] in details["rows"]  # shown as text


def test_page_title_intro_and_links_are_escaped() -> None:
    text = render_html(small_graph(), title="Test <graph>", intro="Intro <i>x</i>",
                       links=[("<b>back</b>", 'index.html" onclick="alert(1)')])
    assert "<title>Test &lt;graph&gt;</title>" in text
    assert "Intro &lt;i&gt;x&lt;/i&gt;" in text
    assert '<a href="index.html&#34; onclick=&#34;alert(1)">&lt;b&gt;back&lt;/b&gt;</a>' in text
    assert "Test <graph>" not in text


# --- what the page shows ------------------------------------------------------------------------


def test_legend_lists_the_kinds_and_relations_drawn(page: str) -> None:
    legend = re.search(r'<fieldset id="kg-legend">(.*?)</fieldset>', page, re.DOTALL)
    assert legend is not None
    for kind in KINDS:
        assert f'value="{kind}" checked' in legend.group(1)
    assert 'paper <span class="kg-count">(2)</span>' in legend.group(1)
    assert 'person <span class="kg-count">(2)</span>' in legend.group(1)
    relations = re.search(r'<fieldset id="kg-relations">(.*?)</fieldset>', page, re.DOTALL)
    assert relations is not None
    for relation in ("proposes", "uses", "presentedAt", "creator", "nextInProgram", "similarTo"):
        assert f"</span>{relation} <span" in relations.group(1)


def test_every_kind_and_relation_of_the_graph_model_has_its_own_style() -> None:
    from ontology.kinds import ENTITY_KINDS, NODE_KINDS

    assert set(KIND_STYLES) == {*NODE_KINDS, *ENTITY_KINDS}  # tasks and metrics too, before any build has them
    assert len({(s.color, s.shape) for s in KIND_STYLES.values()}) == len(KIND_STYLES)
    assert len({s.color for s in KIND_STYLES.values()}) == len(KIND_STYLES)
    # and the entity landscape's co-usage edges, which are not a relation of the graph
    assert set(RELATION_STYLES) == {"proposes", "uses", "presentedAt", "creator", "nextInProgram", "similarTo",
                                    "usedWith"}
    assert len({(s.color, s.dashes) for s in RELATION_STYLES.values()}) == len(RELATION_STYLES)


def test_nodes_styled_by_kind_and_sized_by_degree(page: str) -> None:
    data = page_data(page)
    nodes = {n["id"]: n for n in data["nodes"]}
    assert {n["k"] for n in nodes.values()} == set(KINDS)
    groups = data["options"]["groups"]
    assert groups == {k: {"shape": KIND_STYLES[k].shape, "color": KIND_STYLES[k].color} for k in KINDS}
    # paper A touches every other node, so it is the largest; the people (degree 1) are the smallest
    assert max(nodes.values(), key=lambda n: n["s"])["id"] == PAPER_A
    assert nodes["person/ada"]["s"] < nodes["model/gpt4o"]["s"] < nodes[PAPER_A]["s"]
    assert all(isinstance(n["x"], float) and isinstance(n["y"], float) for n in nodes.values())


def test_paper_details_have_venue_authors_abstract_and_sources(page: str) -> None:
    details = nodes_by_id(page)[PAPER_A]["d"]
    rows = dict(map(tuple, details["rows"]))
    assert rows["Venue"] == "ACL 2026" and rows["Year"] == "2026"
    assert rows["Authors"] == "Ada <Lovelace>, Alan Turing"  # by position
    assert details["ab"].startswith("We propose CLEAR")
    sources = page_data(page)["sources"]
    assert [sources[i] for i in details["src"]] == ["pages/001.txt"]


def test_long_abstract_is_clipped() -> None:
    g = small_graph()
    g.nodes[PAPER_A]["abstract"] = "word " * 500
    details = nodes_by_id(render_html(g))[PAPER_A]["d"]
    assert len(details["ab"]) <= ABSTRACT_CHARS + 1 and details["ab"].endswith("\u2026")


def test_entity_details_cite_source_and_sentence(page: str) -> None:
    data = page_data(page)
    details = nodes_by_id(page)["model/gpt4o"]["d"]
    assert dict(map(tuple, details["rows"]))["Papers"] == "uses 2"
    assert [[data["sources"][s], q] for s, q in details["m"]] == [
        ["pages/001.txt", "with GPT-4o"],
        ["pages/002.txt", "We prompt GPT-4o."],
    ]
    assert details["mt"] == 2


def test_edges_carry_provenance_basis_score_and_author_position(page: str) -> None:
    data = page_data(page)
    edges = edges_by_relation(page)
    (similar,) = edges["similarTo"]
    assert similar["b"] == "text" and similar["sc"] == 0.812
    assert sorted(e["p"] for e in edges["creator"]) == [1, 2]
    proposes = edges["proposes"][0]
    assert proposes["c"] == 0.9 and data["sources"][proposes["m"][0]] == "pages/001.txt"
    # nextInProgram and similarTo join the same two papers: the second is bent so both stay visible
    assert [("cv" in e) for e in edges["nextInProgram"] + edges["similarTo"]] == [False, True]
    assert data["relations"]["similarTo"] == {"color": "#76b7b2", "dashes": True, "arrows": ""}
    # why the two papers are similar (kg.similarity): strength, weak flag, shared entities by name, terms
    assert (similar["st"], similar["wk"], similar["se"], similar["tm"]) == (0.2, 1, ["GPT-4o", "task/gone"],
                                                                            ["prompt", "gpt"])
    assert data["weak"] == {"opacity": 0.35, "dashes": [2, 6]}
    assert '<input type="checkbox" id="kg-weak" checked>' in page and "weak similarTo" in page


def _declared(typed: type) -> set[str]:
    return set(typed.__required_keys__) | set(typed.__optional_keys__)  # type: ignore[attr-defined]


def test_page_data_keys_are_the_documented_ones(page: str) -> None:
    """Every key of the page JSON is a key of the TypedDicts in exports/view_data.py, required ones present."""
    graph = small_graph()
    ego = render_html(graph, center="dataset/mmlu", view_files={"model/gpt4o": "model-gpt4o.html"}, search="s.js")
    checks = []
    pages = (page, ego, render_landscape(graph), render_paper_map(similar_graph()))
    for data in map(page_data, pages):
        checks += [(data, view_data.PageData)]
        checks += [(node, view_data.NodeRecord) for node in data["nodes"]]
        checks += [(node["d"], view_data.NodeDetails) for node in data["nodes"] if "d" in node]
        checks += [(edge, view_data.EdgeRecord) for edge in data["edges"]]
        checks += [(style, view_data.EdgeStyleData) for style in data["relations"].values()]
        checks += [(cluster, view_data.ClusterData) for cluster in data.get("clusters", [])]
    for record, typed in checks:
        assert set(record) <= _declared(typed), (typed.__name__, set(record) - _declared(typed))
        assert set(typed.__required_keys__) <= set(record), typed.__name__  # type: ignore[attr-defined]
    # the four pages use every key of the records, so the TypedDicts hold no stale ones
    used = {typed: set() for typed in (view_data.NodeRecord, view_data.NodeDetails, view_data.EdgeRecord)}
    for record, typed in checks:
        if typed in used:
            used[typed] |= set(record)
    assert {t.__name__: _declared(t) - keys for t, keys in used.items()} == {
        "NodeRecord": set(), "NodeDetails": set(), "EdgeRecord": set(),
    }


def test_every_page_data_key_has_a_docstring() -> None:
    """Each field of the TypedDicts is followed by a string saying what it holds (kg-view.js points there)."""
    tree = ast.parse(Path(view_data.__file__).read_text(encoding="utf-8"))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert {c.name for c in classes} == set(view_data.__all__)
    for cls in classes:
        body = cls.body
        fields = [(i, n.target.id) for i, n in enumerate(body)
                  if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
        assert fields, cls.name
        for i, name in fields:
            following = body[i + 1] if i + 1 < len(body) else None
            assert isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant), (cls.name, name)
            assert isinstance(following.value.value, str) and following.value.value.strip(), (cls.name, name)
    assert "exports/view_data.py" in html_export._asset_texts()["kg-view.js"]


def test_physics_off_and_drawn_marker(page: str) -> None:
    assert page_data(page)["options"]["physics"] == {"enabled": False}
    assert "body.dataset.kgDrawn" in html_export._asset_texts()["kg-view.js"]


def test_empty_graph_renders() -> None:
    text = render_html(nx.MultiDiGraph())
    assert page_data(text)["nodes"] == []
    assert "0 nodes, 0 edges." in text


# --- determinism --------------------------------------------------------------------------------


def test_output_is_deterministic() -> None:
    first = render_html(small_graph())
    assert render_html(small_graph()) == first
    # insertion order of the graph does not matter either
    reordered = nx.MultiDiGraph()
    g = small_graph()
    reordered.add_nodes_from(reversed(list(g.nodes(data=True))))
    reordered.add_edges_from(reversed(list(g.edges(keys=True, data=True))))
    assert render_html(reordered) == first


def test_cache_gives_the_same_page() -> None:
    cache: dict = {}
    assert render_html(small_graph(), cache=cache) == render_html(small_graph())
    assert PAPER_A in cache
    assert render_html(small_graph(), cache=cache) == render_html(small_graph())


_HASH_SEED_SCRIPT = """
import hashlib, sys
import networkx as nx
import exports.html_view as h
import exports.view_layout
exports.view_layout.SPRING_LAYOUT_LIMIT = 40  # exercise the core + satellite layout on a small graph
g = nx.MultiDiGraph()
for i in range(300):
    g.add_node(f"paper/p{i}", kind="paper", label=f"P{i}", keywords={"x", "y", "z"}, sources={"a", "b"})
    g.add_node(f"method/m{i % 30}", kind="method", label=f"M{i % 30}", alt_labels={"a", "b", "c"})
    g.add_edge(f"paper/p{i}", f"method/m{i % 30}", key="uses", relation="uses", confidence=0.5, mentions=[])
    g.add_edge(f"paper/p{i}", f"method/m{i * 7 % 30}", key="proposes", relation="proposes", confidence=0.5, mentions=[])
digest = hashlib.sha256()
digest.update(h.render_html(g, max_nodes=250).encode())
digest.update(h.render_html(g, max_nodes=250, center="method/m3").encode())
for i in range(300):  # a paper map: every paper's nearest papers, in 10 groups (one clustering above 150 papers)
    for j in (1, 2, 3):
        other = i - i % 30 + (i + j) % 30
        g.add_edge(f"paper/p{i}", f"paper/p{other}", key="similarTo", relation="similarTo", score=0.3 + j / 10,
                   shared_terms=[f"t{i % 30 // 3}", "x"], shared_entities=[f"method/m{i % 30}"])
import exports.view_clusters
exports.view_clusters.LOUVAIN_LIMIT = 150
digest.update(h.render_paper_map(g, max_nodes=120).encode())
sys.stdout.write(digest.hexdigest())
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


# --- big graphs: the cut and the layouts ----------------------------------------------------------


def test_max_nodes_truncation_is_stated() -> None:
    text = render_html(small_graph(), max_nodes=3)
    assert "Showing 3 of 8 nodes (the 2 most connected and the 1 with the most links to them)" in text
    assert 'class="kg-truncated"' in text and "Raise --max-nodes" in text
    nodes = nodes_by_id(text)
    # the two most connected, paper A (degree 8) and paper B (3), and the model linked to both
    assert set(nodes) == {PAPER_A, "model/gpt4o", "paper/users-frequently-9f8e7d6c5b"}
    # every edge between kept nodes is drawn: A-B twice, A-model, B-model
    assert len(page_data(text)["edges"]) == 4
    assert "Showing" not in render_html(small_graph())


@st.composite
def random_graphs(draw: st.DrawFn) -> nx.MultiDiGraph:
    size = draw(st.integers(min_value=1, max_value=25))
    g = nx.MultiDiGraph()
    for i in range(size):
        g.add_node(f"n/{i}", kind=draw(st.sampled_from(KINDS)), label=f"N{i}")
    pairs = draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1),
                                    st.sampled_from(sorted(RELATION_STYLES))), max_size=60))
    for u, v, relation in pairs:
        g.add_edge(f"n/{u}", f"n/{v}", key=relation, relation=relation)
    return g


@settings(max_examples=80, deadline=None)
@given(graph=random_graphs(), cut=st.integers(min_value=0, max_value=30))
def test_cut_keeps_hubs_and_their_best_links_and_every_edge_between_them(graph: nx.MultiDiGraph, cut: int) -> None:
    data = page_data(render_html(graph, max_nodes=cut))
    kept = [n["id"] for n in data["nodes"]]
    assert len(kept) == min(cut, graph.number_of_nodes())
    by_degree = sorted(graph, key=lambda n: (-graph.degree(n), n))
    if cut < graph.number_of_nodes():
        hubs = set(by_degree[: (cut + 1) // 2])
        assert hubs <= set(kept)

        def links(n: str) -> int:
            return sum(1 for m in (*graph.succ[n], *graph.pred[n]) if m in hubs)

        # no node left out has more links to the hubs than a kept non-hub node
        left_out = set(graph) - set(kept)
        if left_out and len(kept) > len(hubs):
            assert max(map(links, left_out)) <= min(links(n) for n in set(kept) - hubs)
    index = {node: i for i, node in enumerate(kept)}
    drawn = sorted((kept[e["f"]], kept[e["t"]], e["r"]) for e in data["edges"])
    between = sorted((u, v, k) for u, v, k in graph.edges(keys=True) if u in index and v in index)
    assert drawn == between


@settings(max_examples=40, deadline=None)
@given(graph=random_graphs(), cut=st.integers(min_value=1, max_value=30))
def test_centred_cut_keeps_nearest_nodes_first(graph: nx.MultiDiGraph, cut: int) -> None:
    center = "n/0"
    data = page_data(render_html(graph, max_nodes=cut, center=center))
    kept = {n["id"] for n in data["nodes"]}
    distance = nx.single_source_shortest_path_length(graph.to_undirected(as_view=True), center)
    assert center in kept
    far = len(graph) + 1
    worst_kept = max(distance.get(n, far) for n in kept)
    assert all(distance.get(n, far) >= worst_kept for n in set(graph) - kept)


def test_large_graph_uses_cheap_layout_without_stacking_nodes() -> None:
    g = nx.MultiDiGraph()
    for i in range(1200):
        g.add_node(f"paper/p{i}", kind="paper", label=f"Paper {i}")
        g.add_node(f"method/m{i % 50}", kind="method", label=f"M{i % 50}")
        g.add_edge(f"paper/p{i}", f"method/m{i % 50}", key="uses", relation="uses", confidence=1.0, mentions=[])
    text = render_html(g, max_nodes=1000)
    data = page_data(text)
    assert len(data["nodes"]) == 1000
    assert "Showing 1,000 of 1,250 nodes (the 500 most connected and the 500 with the most links" in text
    positions = {(n["x"], n["y"]) for n in data["nodes"]}
    assert len(positions) == 1000  # no two nodes stacked on the same spot


def test_radial_layout_puts_rings_around_the_centre() -> None:
    """An entity, its 30 papers (ring 1) and their 3 authors each (ring 2); one isolated node."""
    g = nx.MultiDiGraph()
    g.add_node("dataset/d", kind="dataset", label="D")
    g.add_node("person/lonely", kind="person", label="Lonely")
    for i in range(30):
        g.add_node(f"paper/{i:02}", kind="paper", label=f"P{i}")
        g.add_edge(f"paper/{i:02}", "dataset/d", key="uses", relation="uses")
        for j in range(3):
            g.add_node(f"person/{i:02}-{j}", kind="person", label=f"A{i}.{j}")
            g.add_edge(f"paper/{i:02}", f"person/{i:02}-{j}", key="creator", relation="creator", position=j + 1)
    data = page_data(render_html(g, center="dataset/d"))
    assert data["nodes"][data["center"]]["id"] == "dataset/d"
    radius = {n["id"]: math.hypot(n["x"], n["y"]) for n in data["nodes"]}
    assert radius["dataset/d"] == 0.0
    papers = [r for n, r in radius.items() if n.startswith("paper/")]
    authors = [r for n, r in radius.items() if n.startswith("person/") and n != "person/lonely"]
    assert max(papers) < min(authors) < max(authors) < radius["person/lonely"]
    points = [(n["x"], n["y"]) for n in data["nodes"]]
    closest = min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1:])
    assert closest >= RING_SPACING  # nodes on a ring never overlap


def test_centre_must_be_in_the_graph_and_max_nodes_not_negative() -> None:
    with pytest.raises(ValueError, match="not in the graph"):
        render_html(small_graph(), center="paper/missing")
    with pytest.raises(ValueError, match="max_nodes"):
        render_html(small_graph(), max_nodes=-1)


# --- writing ------------------------------------------------------------------------------------


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

    import ontology.util.files

    monkeypatch.setattr(ontology.util.files.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_html(small_graph(), target)
    assert target.read_text(encoding="utf-8") == "old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]


def test_exports_never_imports_spacy() -> None:
    code = "import sys, exports.html_view, exports.views, exports.node_link; sys.exit('spacy' in sys.modules)"
    root = Path(html_export.__file__).resolve().parents[1]
    assert subprocess.run([sys.executable, "-c", code], check=False, cwd=root).returncode == 0
