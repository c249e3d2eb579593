"""The HTML views in headless Chromium: they draw, offline, without JavaScript errors, and show text as text."""
from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from browser import PageRun, chromium_path, open_page
from test_html import CODE_URL, PAPER_A, page_data, small_graph

from exports.html_view import write_html
from exports.views import find_node, write_ego_view, write_index, write_views
from ontology.kinds import ENTITY_KINDS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (shutil.which('chromium') is None)"),
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
WINDOW = (1280, 800)

#: Once the network is drawn, the share of the canvas that is not transparent (sampled), as data-kg-ink.
INK_PROBE = """<script>
(function check() {
  if (!document.body.dataset.kgDrawn) { setTimeout(check, 50); return; }
  var canvas = document.querySelector("#kg-canvas canvas");
  var pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  var ink = 0, samples = 0;
  for (var i = 3; i < pixels.length; i += 4 * 7) { samples++; if (pixels[i] > 0) { ink++; } }
  document.body.dataset.kgInk = String(ink / samples);
})();
</script>"""

#: Shows the tooltip and the details panel of the hostile paper, as hovering and clicking it would.
SHOW_HOSTILE = """<script>
setTimeout(function () {
  var i = kgView.nodeIndex("paper/img-1a2b3c4d5e");
  kgView.showNodeTooltip(i, 200, 150);
  kgView.showNodeDetails(i);
}, 100);
</script>"""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == PNG_SIGNATURE
    return struct.unpack(">II", header[16:24])


def add_script(page: Path, script: str) -> Path:
    """``page`` with ``script`` added at the end of its body (for interacting with the view)."""
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("</body>", script + "</body>"), encoding="utf-8")
    return page


def element(run: PageRun, element_id: str) -> str:
    """The outer HTML of the element with ``element_id`` in the dumped DOM (up to its first closing div)."""
    match = re.search(rf'<div id="{element_id}"[^>]*>.*?</div></div>', run.dom, re.DOTALL)
    assert match is not None, element_id
    return match.group(0)


def test_page_draws_all_nodes_without_errors(tmp_path: Path) -> None:
    graph = small_graph()
    page = add_script(write_html(graph, tmp_path / "graph.html", title="Browser test"), INK_PROBE)
    run = open_page(page, tmp_path, window=WINDOW, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == str(graph.number_of_nodes())
    assert 0 < float(run.body_data("kg-drawn-ms") or 0) < 60_000
    # nodes, edges and labels cover part of the canvas (an empty one scores 0)
    assert float(run.body_data("kg-ink") or 0) > 0.002
    assert run.screenshot is not None and png_size(run.screenshot) == WINDOW
    assert run.screenshot.stat().st_size > 10_000


def test_every_page_of_a_views_folder_draws(tmp_path: Path, sample_build) -> None:
    graph = sample_build.graph
    out = tmp_path / "views"
    write_views(graph, out)
    write_ego_view(graph, out, find_node(graph, "GPT-4o"))
    write_ego_view(graph, out, find_node(graph, "Does Self-Consistency Improve", kinds=["paper"]))
    write_index(graph, out)
    pages = sorted(p for p in out.glob("*.html") if p.name not in ("index.html", "node.html"))
    # overview, paper map, two venues (EMNLP 2023 has no paper), the paper's view, one view per entity the
    # landscapes draw (GPT-4o's among them); node.html draws a node named in its URL (tests below)
    entity_pages = [p for p in pages if p.name.split("-")[0] in ENTITY_KINDS]
    assert len(pages) == 5 + len(entity_pages) and len(entity_pages) >= 20
    for page in [p for p in pages if p not in entity_pages] + entity_pages[::10]:
        expected = len(page_data(page.read_text(encoding="utf-8"))["nodes"])
        run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
        assert run.errors == [], page.name
        assert run.body_data("kg-drawn") == str(expected), page.name
    index = open_page(out / "index.html", tmp_path, screenshot=False, timeout_s=60)
    assert index.errors == []


#: Once drawn, shows the tooltip and the details of the node data-kg-node names (set before the page loads).
SHOW_NODE = """<script>
(function check() {
  if (!document.body.dataset.kgDrawn) { setTimeout(check, 50); return; }
  var i = kgView.nodeIndex(document.body.dataset.kgNode);
  kgView.showNodeTooltip(i, 200, 150);
  kgView.showNodeDetails(i);
})();
</script>"""


def test_views_load_graph_wide_details_from_the_node_views_shards(tmp_path: Path) -> None:
    """The pages of a views folder leave an entity's paper counts and first mentions (and a venue's and a person's
    paper counts) to the node view's shards, so that a rebuild can keep a page whose own subgraph did not change;
    the page script loads the shard with a script element (from file://) when the pointer reaches the node."""
    out = tmp_path / "views"
    write_views(small_graph(), out)
    overview = page_data((out / "overview.html").read_text(encoding="utf-8"))
    assert overview["nd"] == {"url": "assets/nodes/", "shards": 1}
    assert overview["nodes"] and all("d" not in node for node in overview["nodes"])  # entities only
    ego = {node["id"]: node for node in page_data((out / "model-gpt4o.html").read_text(encoding="utf-8"))["nodes"]}
    assert "d" not in ego["model/gpt4o"] and ego[PAPER_A]["d"]["rows"][0] == ["Venue", "ACL 2026"]  # its own
    for page, node, expected in (
        ("overview.html", "method/clear", ["Papers: </span><span>proposes 1</span>",
                                           '<span class="kg-source">pages/001.txt</span>',
                                           "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"]),
        ("model-gpt4o.html", "model/gpt4o", ["Papers: </span><span>uses 2</span>", "Found in:",
                                             '<span class="kg-source">pages/002.txt</span>']),
        ("venue-acl-2026.html", "model/gpt4o", ["Papers: </span><span>uses 2</span>"]),
    ):
        text = (out / page).read_text(encoding="utf-8").replace("<body>", f'<body data-kg-node="{node}">')
        probed = out / f"probed-{page}"
        probed.write_text(text, encoding="utf-8")
        run = open_page(add_script(probed, SHOW_NODE), tmp_path, screenshot=False, timeout_s=60)
        assert run.errors == [], page  # no failed load, no alert
        for box in (element(run, "kg-tooltip"), element(run, "kg-details")):
            assert all(bit in box for bit in expected), (page, box)
            assert "Loading its details" not in box and "<script" not in box


def test_hostile_title_shows_as_text(tmp_path: Path) -> None:
    page = add_script(write_html(small_graph(), tmp_path / "graph.html"), SHOW_HOSTILE)
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []  # in particular no "alert: 1"
    for box in (element(run, "kg-tooltip"), element(run, "kg-details")):
        assert '<div class="kg-heading">&lt;img src=x onerror=alert(1)&gt;</div>' in box
        assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in box
        assert "<img" not in box and "<script" not in box and "<b>" not in box
        assert f'<a href="{CODE_URL}" target="_blank" rel="noopener noreferrer">' in box
        assert "<span>javascript:alert(1)</span>" in box and 'href="javascript' not in box


def test_error_detector_catches_html_injection(tmp_path: Path) -> None:
    """If the page script ever parsed graph text as HTML, the hostile title's onerror handler would run."""
    page = write_html(small_graph(), tmp_path / "graph.html")
    text = page.read_text(encoding="utf-8")
    assert "el.textContent = text" in text
    page.write_text(text.replace("el.textContent = text", "el.innerHTML = text"), encoding="utf-8")
    run = open_page(add_script(page, SHOW_HOSTILE), tmp_path, screenshot=False, timeout_s=60)
    assert "alert: 1" in run.errors


def test_error_detector_catches_broken_script(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html")
    add_script(page, "<script>undefinedFunction();</script><script>console.error('boom');</script>")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert any("undefinedFunction" in e for e in run.errors if e.startswith("uncaught"))
    assert any("undefinedFunction" in e for e in run.errors if e.startswith("log"))
    assert any(e == "console.error: boom" for e in run.errors)
    # the page itself still drew
    assert run.body_data("kg-drawn") == "8"


def test_error_detector_catches_external_resource(tmp_path: Path) -> None:
    page = tmp_path / "external.html"
    page.write_text(
        '<!DOCTYPE html><html><head><script src="https://cdn.example.invalid/x.js"></script></head>'
        "<body></body></html>",
        encoding="utf-8",
    )
    run = open_page(page, tmp_path, screenshot=False, budget_ms=1000, timeout_s=60)
    assert any(e.startswith("resource: SCRIPT https://cdn.example.invalid/x.js") for e in run.errors)


def test_missing_assets_are_reported(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "view.html", asset_url="assets/")  # assets never written
    run = open_page(page, tmp_path, screenshot=False, budget_ms=1000, timeout_s=60)
    assert any(e.startswith("resource: SCRIPT file://") and e.endswith("assets/vis-network.min.js")
               for e in run.errors)
    assert run.body_data("kg-drawn") is None


def test_search_and_kind_filter(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html")
    add_script(page, """<script>
setTimeout(function () {
  var search = document.getElementById("kg-search");
  search.value = "gpt4";  // matches the alt label "gpt4o" of GPT-4o
  search.dispatchEvent(new Event("input"));
  var paper = document.querySelector('#kg-legend input[value="paper"]');
  paper.checked = false;
  paper.dispatchEvent(new Event("change"));
}, 200);
</script>""")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == "8"
    assert run.body_data("kg-visible") == "6"  # the two papers are filtered out
    assert '<p id="kg-search-status" aria-live="polite">1 match (Enter to zoom)</p>' in run.dom


def test_truncated_page_draws_the_kept_nodes(tmp_path: Path) -> None:
    page = write_html(small_graph(), tmp_path / "graph.html", max_nodes=3)
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    assert run.body_data("kg-drawn") == "3"
    assert "Showing 3 of 8 nodes" in run.dom


def test_five_thousand_node_view_draws(tmp_path: Path) -> None:
    """The benchmark's 5,000-node graph, every node drawn (benchmarks/html.py times it)."""
    from test_views import load_benchmark

    graph = load_benchmark().synthetic_graph(5000)
    page = write_html(graph, tmp_path / "full.html", max_nodes=graph.number_of_nodes())
    run = open_page(add_script(page, INK_PROBE), tmp_path, screenshot=False, timeout_s=120)
    assert run.errors == []
    assert run.body_data("kg-drawn") == "5000"
    assert float(run.body_data("kg-ink") or 0) > 0.01
    # generous: the benchmark measures ~1.3 s here; this only catches an order-of-magnitude regression
    assert float(run.body_data("kg-drawn-ms") or 0) < 20_000


def test_hostile_label_node_page_is_safe_in_a_views_folder(tmp_path: Path) -> None:
    out = tmp_path / "views"
    write_views(small_graph(), out)
    page = add_script(write_ego_view(small_graph(), out, PAPER_A), SHOW_HOSTILE)
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    assert "<img" not in element(run, "kg-tooltip")


# ---------------------------------------------------------------------------
# Legibility of the first screen at 1400x900 (issue 18)
# ---------------------------------------------------------------------------

SCREEN = (1400, 900)
#: Smallest label, in screen pixels, that the largest nodes of a first screen may have.
READABLE_PX = 12.0

#: Once the page has framed its view, measures what a reader sees first (data-kg-legibility, JSON):
#: the screen size of the 10 largest nodes' labels, pairs of drawn nodes whose boxes (node and label,
#: as vis-network measures them) overlap, and nodes whose centre lies off the canvas.
LEGIBILITY_PROBE = """<script>
(function check() {
  if (!document.body.dataset.kgDrawn) { setTimeout(check, 50); return; }
  setTimeout(function () {
    var v = kgView, net = v.network, data = v.data, scale = net.getScale();
    var ids = data.nodes.map(function (n, i) { return i; });
    var largest = ids.slice().sort(function (a, b) { return data.nodes[b].s - data.nodes[a].s || a - b; }).slice(0, 10);
    var labelPx = largest.map(function (i) { return (data.nodes[i].fs || 12) * scale; });
    var boxes = ids.map(function (i) { return net.getBoundingBox(i); });
    var overlaps = 0, discs = 0, shrink = 1;
    for (var a = 0; a < ids.length; a++) {
      for (var b = a + 1; b < ids.length; b++) {
        var p = boxes[a], q = boxes[b];
        if (p.left + shrink < q.right - shrink && q.left + shrink < p.right - shrink &&
            p.top + shrink < q.bottom - shrink && q.top + shrink < p.bottom - shrink) { overlaps++; }
        var pa = net.getPosition(a), pb = net.getPosition(b);
        if (Math.hypot(pa.x - pb.x, pa.y - pb.y) < data.nodes[a].s + data.nodes[b].s) { discs++; }
      }
    }
    var canvas = document.getElementById("kg-canvas"), off = 0;
    ids.forEach(function (i) {
      var d = net.canvasToDOM(net.getPosition(i));
      if (d.x < 0 || d.y < 0 || d.x > canvas.clientWidth || d.y > canvas.clientHeight) { off++; }
    });
    document.body.dataset.kgLegibility = JSON.stringify({
      nodes: ids.length, scale: scale, minLabelPx: Math.min.apply(null, labelPx), overlaps: overlaps,
      centerPx: data.center === undefined ? null : Math.max(16, data.nodes[data.center].fs || 0) * scale,
      discOverlaps: discs, offscreen: off});
  }, 300);
})();
</script>"""


def legibility(page: Path, workdir: Path) -> tuple[dict, Path]:
    """What the first screen of ``page`` shows at 1400x900 (LEGIBILITY_PROBE), and its screenshot."""
    probed = page.parent / f"legible-{page.name}"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", LEGIBILITY_PROBE + "</body>"),
                      encoding="utf-8")
    run = open_page(probed, workdir, window=SCREEN, timeout_s=90)
    probed.unlink()
    assert run.errors == [], page.name
    measured = run.body_data("kg-legibility")
    assert measured is not None, page.name
    assert run.screenshot is not None and png_size(run.screenshot) == SCREEN
    return json.loads(measured), run.screenshot


def assert_legible(measured: dict, name: str, *, ego: bool = False) -> None:
    """A landscape: the 10 largest nodes' labels readable, no two boxes overlapping.  An ego view
    (``ego``): the centre's label readable and no two nodes overlapping (ring labels may need a zoom)."""
    labels_may_touch = ego
    assert measured["nodes"] >= 10, (name, measured)
    smallest = measured["centerPx"] if ego else measured["minLabelPx"]
    assert smallest >= READABLE_PX, (name, json.dumps(measured))  # the largest nodes' labels are readable
    assert measured["discOverlaps"] == 0, (name, measured)  # no node covers another
    if not labels_may_touch:
        assert measured["overlaps"] == 0, (name, measured)  # no label covers another label or a node
    assert measured["offscreen"] == 0, (name, measured)  # the first screen holds the whole view


@pytest.fixture(scope="module")
def acl2024(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The views of ACL 2024 (933 papers) from ../shared, built once; skipped when the corpus is absent."""
    volume = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "anthology" / "2024.acl.xml"
    if not volume.is_file():
        pytest.skip("../shared/corpus/anthology/2024.acl.xml is not present")
    from kg.pipeline import build

    out = tmp_path_factory.mktemp("acl2024") / "views"
    write_views(build([volume]).graph, out)
    return out


def test_sample_first_screens_are_legible(tmp_path: Path, sample_build) -> None:
    out = tmp_path / "views"
    write_views(sample_build.graph, out)
    for name in ("overview.html", "venue-acl-2026.html", "venue-emnlp-2025.html"):
        measured, _ = legibility(out / name, tmp_path)
        assert_legible(measured, name)
    measured, _ = map_legibility(out / "papermap.html", tmp_path)
    assert measured["nodes"] >= 50 and measured["clusters"] >= 4, measured
    assert_map_legible(measured)


def test_acl2024_first_screens_are_legible(tmp_path: Path, acl2024: Path) -> None:
    for name in ("overview.html", "venue-acl-2024.html"):
        measured, _ = legibility(acl2024 / name, tmp_path)
        assert_legible(measured, name)
        # a landscape, not a handful of nodes (54 before tasks were extracted; 32 with tasks, 20 once lower-case
        # task names were learned, while clusters were circles around their centroids on a spiral; 54 with
        # circles that just hold their labels, packed to the screen's shape; 27 with "Transformer", a method
        # hundreds of ACL 2024 papers use, whose circle takes the room of a few small ones)
        assert measured["nodes"] >= 25, measured
    # an ego view: rings around the dataset; its label is readable, labels of far nodes may touch,
    # nodes never pile up
    measured, _ = legibility(acl2024 / "dataset-gsm8k.html", tmp_path)
    assert_legible(measured, "dataset-gsm8k.html", ego=True)


def test_legibility_probe_catches_a_hairball(tmp_path: Path, sample_build) -> None:
    """The raw paper-entity graph of the sample (the old overview) fails the same checks."""
    page = write_html(sample_build.graph, tmp_path / "raw.html")
    measured, _ = legibility(page, tmp_path)
    assert measured["overlaps"] > 0 or measured["minLabelPx"] < READABLE_PX


def test_search_finds_nodes_the_page_does_not_draw(tmp_path: Path, sample_build) -> None:
    graph = sample_build.graph
    out = tmp_path / "views"
    write_views(graph, out)
    drawn = {n["id"] for n in page_data((out / "overview.html").read_text(encoding="utf-8"))["nodes"]}
    paper = find_node(graph, "Does Self-Consistency Improve", kinds=["paper"])
    assert paper not in drawn
    view = write_ego_view(graph, out, paper).name
    write_index(graph, out)  # lists the new view in the search script too
    page = add_script(out / "overview.html", """<script>
setTimeout(function () {
  var search = document.getElementById("kg-search");
  search.value = "self-consistency improve";
  search.dispatchEvent(new Event("input"));
}, 200);
</script>""")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    results = re.search(r'<ul id="kg-search-results">(.*?)</ul>', run.dom, re.DOTALL)
    assert results is not None and f'<a href="{view}">' in results.group(1)


# ---------------------------------------------------------------------------
# The paper map and the generic node view (issues 18 and 16)
# ---------------------------------------------------------------------------

#: Once a paper map is framed, measures its first screen (data-kg-map, JSON): the screen size of the cluster
#: labels, label boxes (as the page's font measures them) overlapping each other or a dot, dots overlapping,
#: and labels or dots off the canvas.
MAP_PROBE = """<script>
(function check() {
  if (!document.body.dataset.kgDrawn) { setTimeout(check, 50); return; }
  setTimeout(function () {
    var net = kgView.network, data = kgView.data, scale = net.getScale();
    var ctx = document.createElement("canvas").getContext("2d");
    var labels = data.clusters.map(function (c) {
      var fs = c.fs || 17, lines = c.l.split("\\n");
      ctx.font = "bold " + fs + "px sans-serif";
      var w = Math.max.apply(null, lines.map(function (l) { return ctx.measureText(l).width; }));
      return {left: c.x - w / 2, right: c.x + w / 2, bottom: c.y - c.r - 2,
              top: c.y - c.r - 6 - (lines.length - 1) * (fs + 3) - fs, px: fs * scale};
    });
    function hit(p, q) { return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom; }
    var labelOverlaps = 0, labelOnDot = 0, discs = 0, off = 0, canvas = document.getElementById("kg-canvas");
    labels.forEach(function (p, i) { labels.forEach(function (q, j) { if (i < j && hit(p, q)) { labelOverlaps++; } }); });
    var dots = data.nodes.map(function (n, i) { var p = net.getPosition(i); return {x: p.x, y: p.y, s: n.s}; });
    dots.forEach(function (d, i) {
      var box = {left: d.x - d.s, right: d.x + d.s, top: d.y - d.s, bottom: d.y + d.s};
      labels.forEach(function (p) { if (hit(p, box)) { labelOnDot++; } });
      for (var j = i + 1; j < dots.length; j++) {
        if (Math.hypot(d.x - dots[j].x, d.y - dots[j].y) < d.s + dots[j].s) { discs++; }
      }
      var at = net.canvasToDOM({x: d.x, y: d.y});
      if (at.x < 0 || at.y < 0 || at.x > canvas.clientWidth || at.y > canvas.clientHeight) { off++; }
    });
    labels.forEach(function (p) {
      var a = net.canvasToDOM({x: p.left, y: p.top}), b = net.canvasToDOM({x: p.right, y: p.bottom});
      if (a.x < 0 || a.y < 0 || b.x > canvas.clientWidth || b.y > canvas.clientHeight) { off++; }
    });
    document.body.dataset.kgMap = JSON.stringify({nodes: dots.length, clusters: labels.length, scale: scale,
      minLabelPx: Math.min.apply(null, labels.map(function (p) { return p.px; })), labelOverlaps: labelOverlaps,
      labelOnDot: labelOnDot, discOverlaps: discs, offscreen: off});
  }, 300);
})();
</script>"""

#: Once drawn, the view links of the nodes (data-kg-links) and the edges left after unticking "weak similarTo"
#: (data-kg-edges-visible, set by the page); the tooltip of the first weak link (else of the first node) and
#: the details of the first node.
UNTICK_WEAK = """<script>
(function check() {
  if (!document.body.dataset.kgDrawn) { setTimeout(check, 50); return; }
  document.body.dataset.kgLinks = JSON.stringify(kgView.data.nodes.map(function (n) { return n.u || ""; }));
  document.body.dataset.kgEdges = String(kgView.visibleEdges());
  var weak = document.getElementById("kg-weak");
  if (weak) { weak.checked = false; weak.dispatchEvent(new Event("change")); }
  kgView.showNodeTooltip(0, 300, 300);
  var similar = kgView.data.edges.findIndex(function (e) { return e.wk; });
  if (similar >= 0) { kgView.showEdgeTooltip(similar, 100, 100); }  // instead of the node's
  kgView.showNodeDetails(0);
})();
</script>"""


def map_legibility(page: Path, workdir: Path) -> tuple[dict, Path]:
    """What the first screen of a paper map shows at 1400x900 (MAP_PROBE), and its screenshot."""
    probed = page.parent / f"legible-{page.name}"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", MAP_PROBE + "</body>"), encoding="utf-8")
    run = open_page(probed, workdir, window=SCREEN, timeout_s=120)
    probed.unlink()
    assert run.errors == [], page.name
    measured = run.body_data("kg-map")
    assert measured is not None, page.name
    return json.loads(measured), run.screenshot


def assert_map_legible(measured: dict) -> None:
    assert measured["minLabelPx"] >= READABLE_PX, measured  # every cluster label readable
    assert measured["labelOverlaps"] == 0 and measured["labelOnDot"] == 0, measured  # labels stand free
    assert measured["discOverlaps"] == 0, measured  # no paper covers another
    assert measured["offscreen"] == 0, measured  # the first screen holds the whole map


def test_paper_map_draws_clusters_and_why_papers_are_similar(tmp_path: Path) -> None:
    from test_html import similar_graph

    out = tmp_path / "views"
    write_views(similar_graph(), out)
    measured, _ = map_legibility(out / "papermap.html", tmp_path)
    assert (measured["nodes"], measured["clusters"]) == (8, 2), measured
    assert_map_legible(measured)
    run = open_page(add_script(out / "papermap.html", UNTICK_WEAK), tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    # the similarTo links inside the two clusters (not the one between them); the two weak ones hidden by the box
    assert (run.body_data("kg-edges"), run.body_data("kg-edges-visible")) == ("11", "9")
    tooltip = element(run, "kg-tooltip")
    assert "a weak link" in tooltip and "Shared entities: </span><span>Penn Treebank" in tooltip
    assert "Shared terms: </span><span>parsing, syntax" in tooltip
    assert "<img" not in element(run, "kg-details")  # the hostile title, as text


def test_acl2024_paper_map_is_legible(tmp_path: Path, acl2024: Path) -> None:
    measured, shot = map_legibility(acl2024 / "papermap.html", tmp_path)
    assert measured["clusters"] >= 10 and measured["nodes"] >= 300, measured
    assert_map_legible(measured)


def test_node_view_draws_any_node_and_links_on(tmp_path: Path) -> None:
    out = tmp_path / "views"
    write_views(small_graph(), out)
    page = add_script(out / "node.html", UNTICK_WEAK)
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60, fragment="person%2Fada")
    assert run.errors == []
    assert run.body_data("kg-drawn") == "2"  # Ada and her paper
    assert '<h1 id="kg-title">Ada &lt;Lovelace&gt; (person)</h1>' in run.dom
    # the paper has no page of its own: it links to its node view; Ada's details say how many papers she has
    assert json.loads(run.body_data("kg-links") or "[]") == ["", "node.html#paper%2Fimg-1a2b3c4d5e"]
    assert "Papers: </span><span>1</span>" in element(run, "kg-details")
    hostile = open_page(page, tmp_path, screenshot=False, timeout_s=60, fragment="paper%2Fimg-1a2b3c4d5e")
    assert hostile.errors == []
    assert hostile.body_data("kg-drawn") == "8"  # and its venue, 3 entities, 2 people and the other paper
    details, tooltip = element(hostile, "kg-details"), element(hostile, "kg-tooltip")
    assert '<div class="kg-heading">&lt;img src=x onerror=alert(1)&gt;</div>' in details and "<img" not in details
    assert "&lt;img src=x onerror=alert(1)&gt; → Users frequently" in tooltip and "<img" not in tooltip
    assert "Shared entities: </span><span>GPT-4o, task/gone" in tooltip
    # its similarTo link is weak: unticking "weak similarTo" hides it
    assert int(hostile.body_data("kg-edges-visible") or 0) == int(hostile.body_data("kg-edges") or 0) - 1


def test_node_view_says_when_there_is_no_such_node(tmp_path: Path) -> None:
    out = tmp_path / "views"
    write_views(small_graph(), out)
    run = open_page(out / "node.html", tmp_path, screenshot=False, timeout_s=60, fragment="paper%2Fnone")
    assert run.errors == []
    assert run.body_data("kg-node-error") == 'There is no node "paper/none" in this build.'
    assert run.body_data("kg-drawn") is None
    first = open_page(out / "node.html", tmp_path, screenshot=False, timeout_s=60)  # no id: the most connected
    assert first.errors == [] and '<h1 id="kg-title">&lt;img src=x onerror=alert(1)&gt; (paper)</h1>' in first.dom


def test_search_opens_the_view_of_any_node(tmp_path: Path) -> None:
    graph = small_graph()
    out = tmp_path / "views"
    write_views(graph, out)
    assert "person/ada" not in {n["id"] for n in page_data((out / "overview.html").read_text())["nodes"]}
    page = add_script(out / "overview.html", """<script>
setTimeout(function () {
  var search = document.getElementById("kg-search");
  search.value = "lovelace";
  search.dispatchEvent(new Event("input"));
}, 200);
</script>""")
    run = open_page(page, tmp_path, screenshot=False, timeout_s=60)
    assert run.errors == []
    results = re.search(r'<ul id="kg-search-results">(.*?)</ul>', run.dom, re.DOTALL)
    assert results is not None and '<a href="node.html#person%2Fada">Ada &lt;Lovelace&gt;</a>' in results.group(1)


def test_acl2024_node_view_is_legible(tmp_path: Path, acl2024: Path) -> None:
    """The generic view of ACL 2024's most connected paper (it has no page of its own)."""
    search = (acl2024 / "assets" / "kg-search.js").read_text(encoding="utf-8")
    entries = json.loads(search[search.index("{"):search.rindex("}") + 1])["nodes"]
    paper = next(e for e in entries if e[1] == "paper")
    assert paper[2].startswith("node.html#")
    probed = acl2024 / "legible-node.html"
    probed.write_text((acl2024 / "node.html").read_text(encoding="utf-8").replace(
        "</body>", LEGIBILITY_PROBE + "</body>"), encoding="utf-8")
    run = open_page(probed, tmp_path, window=SCREEN, timeout_s=90, fragment=paper[2].split("#", 1)[1])
    probed.unlink()
    assert run.errors == []
    measured = json.loads(run.body_data("kg-legibility") or "{}")
    assert measured["nodes"] == min(paper[5], 150) + 1, measured  # the paper and each of its neighbours
    assert_legible(measured, "node.html", ego=True)
