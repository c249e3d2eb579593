"""kg's graph as a pyvis Network (exports/pyvis_network.py): styles, bulk lists, plain-text tooltips, offline pages."""
from __future__ import annotations

import json
import re
from pathlib import Path

import networkx as nx
import pytest
from browser import chromium_path, open_page
from pyvis.network import Network
from test_html import CODE_URL, HOSTILE_ABSTRACT_BIT, HOSTILE_TITLE, small_graph

import kg
from exports.pyvis_network import _vis_js, offline_html, to_network, write_network
from exports.view_styles import KIND_STYLES, RELATION_STYLES

browser = pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed")


def page_data(page: str, name: str) -> object:
    """The JSON the page carries in ``<script id="kg-pyvis-NAME">``."""
    match = re.search(rf'<script id="kg-pyvis-{name}" type="application/json">(.*?)</script>', page, re.DOTALL)
    assert match is not None, name
    return json.loads(match.group(1))


def test_nodes_and_edges_carry_kg_styles_groups_and_positions() -> None:
    graph = small_graph()
    net = to_network(graph)
    assert isinstance(net, Network)
    assert len(net.nodes) == graph.number_of_nodes() and len(net.edges) == graph.number_of_edges()
    for node in net.nodes:
        kind = graph.nodes[node["id"]]["kind"]
        style = KIND_STYLES[kind]
        assert (node["group"], node["shape"], node["color"]) == (kind, style.shape, style.color)
        assert isinstance(node["x"], float) and isinstance(node["y"], float)
    assert len({(n["x"], n["y"]) for n in net.nodes}) == len(net.nodes)  # nobody on top of anybody
    for edge in net.edges:
        style = RELATION_STYLES[edge["relation"]]
        assert (edge["color"], edge["dashes"], edge["arrows"]) == (style.color, style.dashes, style.arrows)
        assert graph.has_edge(edge["from"], edge["to"], key=edge["relation"])
    options = json.loads(net.options.to_json())
    assert options["physics"]["enabled"] is False
    drawn = {n["group"] for n in net.nodes}
    assert options["groups"] == {k: {"shape": KIND_STYLES[k].shape, "color": KIND_STYLES[k].color} for k in drawn}
    assert net.node_ids == [n["id"] for n in net.nodes] and set(net.node_map) == set(net.node_ids)


def test_built_by_assignment_never_add_node(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("add_node/add_edge called: quadratic in pyvis")

    monkeypatch.setattr(Network, "add_node", refuse)
    monkeypatch.setattr(Network, "add_edge", refuse)
    assert len(to_network(small_graph()).nodes) == small_graph().number_of_nodes()


def test_tooltips_are_plain_text_and_hostile_text_stays_text() -> None:
    net = to_network(small_graph())
    paper = net.node_map["paper/img-1a2b3c4d5e"]
    assert paper["title"].startswith(HOSTILE_TITLE + "\npaper\n")  # the text as it is: vis-network shows it as text
    assert all(isinstance(n["title"], str) for n in net.nodes)
    page = offline_html(net)
    assert HOSTILE_TITLE not in page and HOSTILE_ABSTRACT_BIT not in page  # escaped inside the JSON blocks
    assert page_data(page, "nodes") == net.nodes


def test_offline_page_links_nothing_from_the_network() -> None:
    page = offline_html(to_network(small_graph(), title="Offline"))
    assert re.search(r"<script[^>]*\ssrc=|<link[^>]*\shref=|@import|url\(\s*['\"]?(https?:)?//", page, re.IGNORECASE) is None
    assert re.search(r"cdnjs|jsdelivr|unpkg|bootstrap|\bcdn\.", page, re.IGNORECASE) is None
    assert "sourceMappingURL" not in page
    rest = page.replace(_vis_js(), "")
    assert set(re.findall(r"https?://[^\s\"'<>\\]+", rest)) == {CODE_URL}  # only the data's own link, as text


def test_any_pyvis_network_renders_offline() -> None:
    net = Network()
    net.add_node(1, label="one")
    net.add_node(2, label="two")
    net.add_edge(1, 2)
    page = offline_html(net)
    assert [n["id"] for n in page_data(page, "nodes")] == [1, 2]
    assert "cdn" not in page.lower() and "<script src" not in page


def test_show_writes_one_offline_file_and_returns_an_iframe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shown = to_network(small_graph()).show("view.html")
    assert type(shown).__name__ == "IFrame" and shown.src == "view.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["view.html"]  # no lib/ folder copied in
    assert "<script src" not in (tmp_path / "view.html").read_text(encoding="utf-8")


def test_pyvis_methods_still_work_on_the_network() -> None:
    net = to_network(small_graph())
    net.toggle_physics(True)
    assert json.loads(net.options.to_json())["physics"]["enabled"] is True
    assert set(net.get_adj_list()["paper/img-1a2b3c4d5e"]) >= {"dataset/mmlu"}


def test_max_nodes_and_center_choose_as_the_views_do() -> None:
    graph = small_graph()
    net = to_network(graph, max_nodes=3, center="dataset/mmlu")
    assert len(net.nodes) == 3 and "dataset/mmlu" in net.node_ids
    assert net.node_map["dataset/mmlu"]["x"] == 0.0 and net.node_map["dataset/mmlu"]["y"] == 0.0
    assert all(e["from"] in net.node_ids and e["to"] in net.node_ids for e in net.edges)
    with pytest.raises(ValueError, match="not in the graph"):
        to_network(graph, center="dataset/nothing")


def test_same_graph_same_page() -> None:
    assert offline_html(to_network(small_graph())) == offline_html(to_network(small_graph()))


def test_kg_to_pyvis_is_the_same_network() -> None:
    assert kg.to_pyvis(small_graph()).nodes == to_network(small_graph()).nodes


def test_a_graph_without_kinds_is_drawn_as_other() -> None:
    net = to_network(nx.MultiDiGraph([("a", "b")]))
    assert {n["group"] for n in net.nodes} == {"other"}


@pytest.mark.browser
@browser
def test_page_draws_in_chromium_without_errors(tmp_path: Path) -> None:
    graph = small_graph()
    page = write_network(to_network(graph, title="pyvis in Chromium"), tmp_path / "net.html")
    run = open_page(page, tmp_path, timeout_s=60)
    assert run.errors == []  # includes failed loads: the browser can reach no host
    assert run.body_data("kg-drawn") == str(graph.number_of_nodes())
    legend = re.findall(r'<span class="kg-entry"><span[^>]*>.</span> (\w+) \((\d+)\)</span>', run.dom)
    assert legend == [(k, str(sum(1 for _, kind in graph.nodes(data="kind") if kind == k)))
                      for k in KIND_STYLES if k in dict(graph.nodes(data="kind")).values()]  # kg's legend order
    assert run.screenshot is not None and run.screenshot.stat().st_size > 10_000
