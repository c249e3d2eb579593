"""Tests of the folder of views (exports/views.py), the graph loader and `kg view`; no browser needed."""
from __future__ import annotations

import itertools
import json
import math
import re
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape
from script_modules import load_script
from test_html import HOSTILE_TITLE, PAPER_A, page_data, small_graph

from exports.html_view import write_html
from exports.node_link import GraphFileError, read_json, to_json, write_json
from exports.view_kinds import ego_view_kind, venue_papers
from exports.view_landscape import LANDSCAPE_ENTITIES
from exports.views import (
    VIEW_KINDS,
    ViewError,
    ViewKind,
    ego_graph,
    find_node,
    find_nodes,
    kind_graph,
    venue_graph,
    view_file_name,
    write_ego_view,
    write_index,
    write_kind_view,
    write_view,
    write_views,
)
from kg.cli import main
from ontology.errors import KgError
from ontology.kinds import ENTITY_KINDS

ROOT = Path(__file__).resolve().parents[1]


def load_benchmark():
    """benchmarks/html.py, for its deterministic synthetic graphs (docs/graph-model.md shaped)."""
    return load_script("benchmarks/html.py", "kg_benchmark_html")


@pytest.fixture(scope="module")
def big_graph() -> nx.MultiDiGraph:
    return load_benchmark().synthetic_graph(5000)


def links_of(page: Path) -> list[str]:
    return re.findall(r'<(?:a|script|link)[^>]*\s(?:href|src)="([^"#]*)"', page.read_text(encoding="utf-8"))


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- the folder of views --------------------------------------------------------------------------


def test_write_views_writes_overview_venues_assets_and_index(tmp_path: Path) -> None:
    written = write_views(small_graph(), tmp_path)
    names = [p.relative_to(tmp_path).as_posix() for p in written]
    # the overview and venue views draw the entity landscape; each entity drawn gets its own view
    # (the two papers have a similarTo link, but no cluster of 3: the map has nothing to draw, yet says so);
    # then the generic node view and its data, which draw every node (one shard for 8 nodes)
    assert names == [
        "assets/vis-network.min.js", "assets/kg-view.js", "assets/kg-view.css", "assets/kg-node.js",
        "overview.html", "papermap.html", "venue-acl-2026.html", "dataset-mmlu.html", "method-clear.html",
        "model-gpt4o.html", "assets/nodes/000.js", "node.html", "assets/kg-search.js", ".kg-pages.json",
            "index.html",
    ]
    assert sorted(tree_bytes(tmp_path)) == sorted(names)  # no temporary files left behind
    without = [p.relative_to(tmp_path / "b").as_posix() for p in write_views(small_graph(), tmp_path / "b",
                                                                             nodes=False)]
    assert without == [n for n in names if "node" not in n or n == "assets/kg-node.js"]


def test_every_link_in_the_folder_resolves_and_stays_local(tmp_path: Path, sample_build) -> None:
    graph = sample_build.graph
    write_views(graph, tmp_path)
    paper = find_node(graph, "Does Self-Consistency Improve", kinds=["paper"])
    paper_view = write_ego_view(graph, tmp_path, paper).name
    assert paper_view not in links_of(tmp_path / "index.html")  # until the index is written again
    write_index(graph, tmp_path)
    for page in tmp_path.glob("*.html"):
        for link in links_of(page):
            assert not re.match(r"[a-z]+:", link), (page.name, link)  # relative, no scheme
            assert (tmp_path / link).is_file(), (page.name, link)
    index_links = links_of(tmp_path / "index.html")
    # venues with papers only: EMNLP 2023 is only mentioned in the sample's boilerplate
    venues = [n for n, k in graph.nodes(data="kind") if k == "venue" and venue_papers(graph, n)]
    assert len(venues) == 2 and "venue-emnlp-2023.html" not in index_links
    overview = page_data((tmp_path / "overview.html").read_text(encoding="utf-8"))
    drawn = {view_file_name(n["id"]) for n in overview["nodes"]}
    assert all(n["u"] == view_file_name(n["id"]) for n in overview["nodes"])  # every node links to its view
    assert {"overview.html", paper_view, *(view_file_name(v) for v in venues), *drawn} <= set(index_links)


def test_views_are_deterministic(tmp_path: Path, sample_build) -> None:
    write_views(sample_build.graph, tmp_path / "a")
    write_views(sample_build.graph, tmp_path / "b")
    assert tree_bytes(tmp_path / "a") == tree_bytes(tmp_path / "b")


def test_venue_view_shows_its_papers_entities_and_authors() -> None:
    g = small_graph()
    assert sorted(venue_graph(g, "venue/acl-2026")) == sorted([
        "venue/acl-2026", PAPER_A, "method/clear", "dataset/mmlu", "model/gpt4o", "person/ada", "person/alan",
    ])
    # paper B is not presented at ACL 2026, so neither it nor its links come in
    assert "paper/users-frequently-9f8e7d6c5b" not in venue_graph(g, "venue/acl-2026")


def test_ego_view_of_an_entity_has_its_papers_and_their_other_entities() -> None:
    g = small_graph()
    assert sorted(ego_graph(g, "method/clear")) == sorted([
        "method/clear", PAPER_A, "dataset/mmlu", "model/gpt4o",
    ])
    # a person's view adds co-authors
    assert sorted(ego_graph(g, "person/ada")) == sorted([
        "person/ada", PAPER_A, "person/alan", "method/clear", "dataset/mmlu", "model/gpt4o",
    ])


def test_ego_view_of_a_paper_has_its_neighbours_and_papers_sharing_them() -> None:
    g = small_graph()
    g.add_node("paper/c", kind="paper", label="C")
    g.add_edge("paper/c", "dataset/mmlu", key="uses", relation="uses")
    g.add_node("paper/d", kind="paper", label="D")  # shares only the venue: not included
    g.add_edge("paper/d", "venue/acl-2026", key="presentedAt", relation="presentedAt")
    ego = ego_graph(g, PAPER_A)
    assert "paper/c" in ego and "paper/d" not in ego
    assert set(g.successors(PAPER_A)) <= set(ego)
    # edges between the nodes of a view are all kept
    assert ego.number_of_edges() == g.subgraph(ego.nodes).number_of_edges()


def test_kind_view_has_the_kind_and_the_papers_linked_to_it() -> None:
    assert sorted(kind_graph(small_graph(), "dataset")) == ["dataset/mmlu", PAPER_A]


def test_ego_view_marks_its_centre_and_says_what_it_shows(tmp_path: Path) -> None:
    page = write_ego_view(small_graph(), tmp_path, "model/gpt4o")
    text = page.read_text(encoding="utf-8")
    data = page_data(text)
    assert data["nodes"][data["center"]]["id"] == "model/gpt4o"
    assert "<title>GPT-4o (model)</title>" in text
    assert "the papers that propose or use it" in text
    assert '<a href="index.html">All views</a>' in text


def test_big_views_are_capped_and_say_so(tmp_path: Path, big_graph: nx.MultiDiGraph) -> None:
    top = 300
    written = write_views(big_graph, tmp_path, top=top)
    overview = (tmp_path / "overview.html").read_text(encoding="utf-8")
    # the overview is the landscape of the entities the most papers name, as many as stay legible
    data = page_data(overview)
    assert 20 <= len(data["nodes"]) <= LANDSCAPE_ENTITIES and {n["k"] for n in data["nodes"]} <= set(ENTITY_KINDS)
    assert "those named by the most" in overview and "Search finds the others." in overview
    assert data["edges"] and {e["r"] for e in data["edges"]} == {"usedWith"} and data["clusters"]
    venue_pages = [p for p in written if p.name.startswith("venue-")]
    assert len(venue_pages) == 20
    for page in venue_pages:
        text = page.read_text(encoding="utf-8")
        assert len(page_data(text)["nodes"]) <= LANDSCAPE_ENTITIES
    hub = max((n for n, k in big_graph.nodes(data="kind") if k == "dataset"), key=big_graph.degree)
    ego = write_ego_view(big_graph, tmp_path, hub, top=top).read_text(encoding="utf-8")
    data = page_data(ego)
    assert len(data["nodes"]) == top and data["nodes"][data["center"]]["id"] == hub
    assert f"(the {top} nearest to the centre; at equal distance, the most connected)" in ego
    # the hub's own papers (distance 1) come before their other entities (distance 2)
    kept = {n["id"] for n in data["nodes"]}
    papers = {p for p in big_graph.predecessors(hub)}
    assert papers <= kept or kept - {hub} <= papers


def test_index_lists_views_in_the_folder_and_escapes_labels(tmp_path: Path) -> None:
    g = small_graph()
    write_views(g, tmp_path)
    write_ego_view(g, tmp_path, PAPER_A)
    write_kind_view(g, tmp_path, "person")
    index = write_index(g, tmp_path).read_text(encoding="utf-8")
    assert HOSTILE_TITLE not in index
    assert "&lt;img src=x onerror=alert(1)&gt;" in index
    assert f'href="{view_file_name(PAPER_A)}"' in index and 'href="kind_person.html"' in index
    assert "2 papers · 1 venue · 1 method · 1 dataset · 1 model · 2 people · 9 links" in index
    # a view file whose node is gone from the graph is not listed
    (tmp_path / "method-gone.html").write_text("old", encoding="utf-8")
    assert "method-gone" not in write_index(g, tmp_path).read_text(encoding="utf-8")


def test_write_kind_view_rejects_unknown_kinds(tmp_path: Path) -> None:
    with pytest.raises(ViewError, match="kinds are: dataset, method, model, paper, person, venue"):
        write_kind_view(small_graph(), tmp_path, "benchmark")


def test_top_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(ViewError, match="at least 1"):
        write_views(small_graph(), tmp_path, top=0)


def test_view_error_is_a_kg_error_and_still_a_value_error(tmp_path: Path) -> None:
    assert issubclass(ViewError, KgError) and issubclass(ViewError, ValueError)
    with pytest.raises(KgError, match="not a node of the graph"):
        write_ego_view(small_graph(), tmp_path, "paper/missing")


# --- the table of view kinds --------------------------------------------------------------------


def test_every_ego_view_comes_from_the_table(tmp_path: Path) -> None:
    g = small_graph()
    expected = {"paper": "paper", "venue": "venue", "person": "person",
                "method": "entity", "dataset": "entity", "model": "entity"}
    for node, kind in g.nodes(data="kind"):
        name = ego_view_kind(g, node)
        assert name == expected[kind]
        view = VIEW_KINDS[name]
        assert view.centred and sorted(ego_graph(g, node)) == sorted(view.select(g, node))
        page = write_ego_view(g, tmp_path, node).read_text(encoding="utf-8")
        assert f"<title>{escape(view.title(g, node))}</title>" in page
        assert f'<p id="kg-intro">{escape(view.intro(g, node))}</p>' in page


def test_write_view_by_name_matches_the_named_writers(tmp_path: Path) -> None:
    g = small_graph()
    by_name = write_view(g, tmp_path / "a", "kind", "dataset")
    named = write_kind_view(g, tmp_path / "b", "dataset")
    assert by_name.name == named.name == "kind_dataset.html"
    assert by_name.read_bytes() == named.read_bytes()
    written = write_views(g, tmp_path / "c")
    overview = written[4].read_bytes()
    assert write_view(g, tmp_path / "c", "overview").read_bytes() == overview
    with pytest.raises(ViewError, match="no view kind is called 'timeline'"):
        write_view(g, tmp_path, "timeline")
    with pytest.raises(ViewError, match="not a node of the graph"):
        write_view(g, tmp_path, "venue", "venue/missing")


def test_a_new_view_kind_is_one_table_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dataset-only ego view: one entry in VIEW_KINDS, and ego views and the index use it."""
    g = small_graph()
    dataset_view = ViewKind(
        select=lambda graph, node: graph.subgraph([node, *graph.pred[node]]).copy(),
        file_name=lambda node: "data-" + view_file_name(node),
        title=lambda graph, node: f"Dataset {node}",
        intro=lambda graph, node: "Who uses it.",
        centred=True,
        node_kinds=("dataset",),
    )
    monkeypatch.setitem(VIEW_KINDS, "dataset", dataset_view)
    node = find_node(g, "MMLU")
    assert ego_view_kind(g, node) == "dataset"
    path = write_ego_view(g, tmp_path, node)
    assert path.name == "data-dataset-mmlu.html"
    page = path.read_text(encoding="utf-8")
    assert "<title>Dataset dataset/mmlu</title>" in page and "Who uses it." in page
    data = page_data(page)
    assert data["nodes"][data["center"]]["id"] == node
    assert sorted(n["id"] for n in data["nodes"]) == sorted([node, *g.pred[node]])
    assert 'href="data-dataset-mmlu.html"' in write_index(g, tmp_path).read_text(encoding="utf-8")
    assert ego_view_kind(g, "model/gpt4o") == "entity"  # other kinds keep their view


# --- names --------------------------------------------------------------------------------------


def test_find_nodes_matches_labels_titles_and_alt_labels_exactly_first() -> None:
    g = small_graph()
    assert find_nodes(g, "cross-lingual ENHANCEMENT") == ["method/clear"]
    assert find_nodes(g, "gpt4o") == ["model/gpt4o"]  # alt label
    assert find_nodes(g, "ACL") == ["venue/acl-2026"]  # part of a name
    assert find_nodes(g, "users frequently", kinds=["paper"]) == ["paper/users-frequently-9f8e7d6c5b"]
    assert find_nodes(g, "users frequently", kinds=["model"]) == []
    assert find_nodes(g, "   ") == []


def test_find_node_says_what_to_do_when_a_name_is_ambiguous_or_unknown() -> None:
    g = small_graph()
    g.add_node("method/gpt4o", kind="method", label="GPT-4o")
    with pytest.raises(ViewError, match=r"2 entities match 'GPT-4o'.*add --kind to choose"):
        find_node(g, "GPT-4o", what="entity")
    assert find_node(g, "GPT-4o", kinds=["model"]) == "model/gpt4o"
    with pytest.raises(ViewError, match="did you mean: MMLU"):
        find_node(g, "MMLV", what="dataset")
    with pytest.raises(ViewError, match=r"2 people match 'a'.*give more of the name"):
        find_node(g, "a", kinds=["person"], what="person")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=30), min_size=2, max_size=2, unique=True))
def test_distinct_nodes_get_distinct_safe_file_names(ids: list[str]) -> None:
    names = [view_file_name(i) for i in ids]
    assert names[0] != names[1]
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9-]*-[a-z0-9-]*\.html", n) for n in names)  # never index/overview/kind_
    assert all(len(n) <= 100 for n in names)


# --- loading graph.json -------------------------------------------------------------------------


def test_read_json_gives_back_the_graph_written(tmp_path: Path) -> None:
    g = small_graph()
    loaded = read_json(write_json(g, tmp_path / "graph.json"))
    assert isinstance(loaded, nx.MultiDiGraph)
    assert to_json(loaded) == to_json(g)
    assert loaded.edges[PAPER_A, "person/ada", "creator"]["position"] == 1


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not JSON"),
    ('{"nodes": 3}', "expected an object with 'nodes' and 'edges' lists"),
    ('{"nodes": [{"label": "no id"}], "edges": []}', "a node has no 'id'"),
    ('{"nodes": [{"id": "a"}], "edges": [{"source": "a"}]}', "not node-link JSON of a graph"),
])
def test_read_json_names_the_file_and_the_fix(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "graph.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GraphFileError, match=message) as caught:
        read_json(path)
    assert str(path) in str(caught.value) and "kg build -o" in str(caught.value)


# --- kg view ------------------------------------------------------------------------------------


@pytest.fixture()
def built(tmp_path: Path, sample_build) -> Path:
    out = tmp_path / "out"
    write_json(sample_build.graph, out / "graph.json")
    return out


def test_kg_view_writes_the_views_of_a_build(built: Path) -> None:
    result = CliRunner().invoke(main, ["view", str(built)])
    assert result.exit_code == 0, result.output
    views = built / "views"
    assert (views / "index.html").is_file() and (views / "overview.html").is_file()
    assert f"Open {views / 'index.html'}" in result.output
    # EMNLP 2023 is only mentioned in boilerplate: no paper, no view
    assert sorted(p.name for p in views.glob("venue-*.html")) == ["venue-acl-2026.html", "venue-emnlp-2025.html"]


def test_kg_view_max_nodes_rewrites_graph_html(built: Path) -> None:
    """graph.html names --max-nodes in its banner, so `kg view --max-nodes N` rewrites it with N."""
    write_html(read_json(built / "graph.json"), built / "graph.html", landscape=True)  # as `kg build` does
    before = (built / "graph.html").read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["view", str(built), "--max-nodes", "10"])
    assert result.exit_code == 0, result.output
    after = (built / "graph.html").read_text(encoding="utf-8")
    assert len(page_data(after)["nodes"]) == 10 < len(page_data(before)["nodes"])
    assert len(page_data((built / "views" / "overview.html").read_text(encoding="utf-8"))["nodes"]) == 10


def test_a_venue_with_no_papers_has_no_view(built: Path) -> None:
    result = CliRunner().invoke(main, ["view", str(built), "--venue", "EMNLP 2023"])
    assert result.exit_code != 0 and "it is only mentioned, so it has no view" in result.output


def test_kg_view_options_add_views_and_list_them_in_the_index(built: Path) -> None:
    runner = CliRunner()
    commands = [
        ["--entity", "gpt-4o"],
        ["--entity", "mmlu", "--kind", "dataset"],
        ["--paper", "Does Self-Consistency Improve"],
        ["--venue", "acl 2026"],
        ["--kind", "model", "--max-nodes", "10"],
    ]
    for options in commands:
        result = runner.invoke(main, ["view", str(built), *options])
        assert result.exit_code == 0, (options, result.output)
    names = {p.name for p in (built / "views").glob("*.html")}
    assert {"model-gpt4o.html", "dataset-mmlu.html", "venue-acl-2026.html", "kind_model.html"} <= names
    assert any(n.startswith("paper-title-does-self-consistency") for n in names)
    kind_page = (built / "views" / "kind_model.html").read_text(encoding="utf-8")
    assert len(page_data(kind_page)["nodes"]) == 10 and "Raise --max-nodes" in kind_page
    index = (built / "views" / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{n}"' in index for n in names - {"index.html"})


@pytest.mark.parametrize(("options", "message"), [
    (["--entity", "zzzz-no-such-thing"], "no entity is called 'zzzz-no-such-thing'"),
    (["--paper", "the"], "papers match 'the'"),
    (["--kind", "benchmark"], "the graph has no 'benchmark' nodes"),
    (["--max-nodes", "0"], "0 is not in the range x>=1"),
])
def test_kg_view_errors_say_what_to_do(built: Path, options: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["view", str(built), *options])
    assert result.exit_code != 0
    assert message in result.output


def test_kg_view_without_a_build_says_to_build_first(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["view", str(tmp_path / "nothing")])
    assert result.exit_code == 1
    assert "graph.json not found: build the graph first with `kg build -o" in result.output


def test_kg_view_reports_a_broken_graph_file(tmp_path: Path) -> None:
    (tmp_path / "graph.json").write_text(json.dumps({"nodes": "x"}), encoding="utf-8")
    result = CliRunner().invoke(main, ["view", str(tmp_path)])
    assert result.exit_code == 1 and "not node-link JSON" in result.output


# --- the paper map and the generic node view ------------------------------------------------------


def _shard_entries(folder: Path) -> dict[str, dict]:
    entries: dict[str, dict] = {}
    for shard in sorted((folder / "assets" / "nodes").glob("*.js")):
        text = shard.read_text(encoding="utf-8")
        assert text.startswith(f"kgNodeShard({int(shard.stem)}, ") and text.endswith(");\n")
        entries.update(json.loads(text[text.index("{"):-3])["nodes"])
    return entries


def _search_entries(folder: Path) -> list[list]:
    text = (folder / "assets" / "kg-search.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("{"):text.rindex("}") + 1])["nodes"]


def test_paper_map_clusters_papers_and_labels_them_by_what_they_share(tmp_path: Path) -> None:
    from test_html import similar_graph

    from exports.view_papermap import fitted_paper_map

    pmap = fitted_paper_map(similar_graph())
    assert [sorted(c.members) for c in pmap.clusters] == [[f"paper/p{i}" for i in range(4)],
                                                         [f"paper/p{i}" for i in range(4, 8)]]
    # the parsing papers share the terms "parsing" and "syntax" and name Penn Treebank; the others share speech
    assert "Penn Treebank" in pmap.clusters[0].label and "parsing" in pmap.clusters[0].label
    assert "speech" in pmap.clusters[1].label and "Penn" not in pmap.clusters[1].label
    page = write_views(similar_graph(), tmp_path)[5]
    assert page.name == "papermap.html"
    data = page_data(page.read_text(encoding="utf-8"))
    assert len(data["nodes"]) == 8 and {n["l"] for n in data["nodes"]} == {""}  # dots; titles in the tooltips
    assert len({n["co"] for n in data["nodes"]}) == 2  # coloured by cluster
    assert all(n["u"].startswith("node.html#paper%2Fp") for n in data["nodes"])  # each opens its view
    assert len(data["edges"]) == 11  # inside the clusters only: not the link between them
    assert '<a href="papermap.html">The paper map</a>' in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<a href="papermap.html">Paper map</a>' in (tmp_path / "overview.html").read_text(encoding="utf-8")


def test_paper_map_of_many_papers_draws_a_bounded_part_and_says_so() -> None:
    from exports.html_view import render_paper_map
    from exports.view_papermap import fitted_paper_map

    g = nx.MultiDiGraph()
    for group in range(40):  # 40 groups of 25 papers, each paper linked to its next 3 in the group
        for i in range(25):
            g.add_node(f"paper/g{group}-{i}", kind="paper", label=f"Paper {group}-{i}")
            for j in (1, 2, 3):
                g.add_edge(f"paper/g{group}-{i}", f"paper/g{group}-{(i + j) % 25}", key="similarTo",
                           relation="similarTo", score=0.5, shared_terms=[f"topic{group}", "common"])
    g.add_node("paper/alone", kind="paper", label="No similar paper")
    pmap = fitted_paper_map(g, max_papers=300)
    assert len(pmap.clusters) == 40 and pmap.shown <= 20 and len(pmap.drawn) <= 300
    assert (pmap.papers, pmap.linked) == (1001, 1000)
    assert all(c.label.startswith(f"topic{c.members[0].split('-')[0][7:]}") for c in pmap.clusters)
    page = render_paper_map(g, max_nodes=300)
    assert f"{len(pmap.drawn)} of 1,001 papers, in the {pmap.shown} largest of 40 clusters" in page
    assert "1 paper with no similar paper. Search finds the others." in page
    assert "and 20 smaller clusters (500 papers)" in page or pmap.shown != 20


def test_a_graph_without_similar_papers_has_no_paper_map(tmp_path: Path) -> None:
    g = small_graph()
    g.remove_edge("paper/img-1a2b3c4d5e", "paper/users-frequently-9f8e7d6c5b", "similarTo")
    names = [p.name for p in write_views(g, tmp_path)]
    assert "papermap.html" not in names and "Paper map" not in (tmp_path / "overview.html").read_text()
    with pytest.raises(ViewError, match="no two papers of the graph are linked by similarTo"):
        write_view(g, tmp_path, "papermap")


def test_node_data_holds_every_node_with_its_links_and_why_papers_are_similar(tmp_path: Path) -> None:
    from exports.view_nodes import MAX_NEIGHBOURS, shard_count, shard_of

    graph = small_graph()
    write_views(graph, tmp_path)
    entries = _shard_entries(tmp_path)
    search = _search_entries(tmp_path)
    assert set(entries) == {str(n) for n in graph} == {e[4] for e in search}
    assert shard_count(len(graph)) == 1 and all(shard_of(n, 1) == 0 for n in graph)
    paper = entries[PAPER_A]
    names = {link[0]: link for link in paper["nb"]}  # neighbours by id (the search script names them)
    assert set(names) <= {e[4] for e in search}
    assert [link[0] for link in paper["nb"]] == sorted(link[0] for link in paper["nb"])
    assert paper["nt"] == 7 == len({link[0] for link in paper["nb"]}) <= MAX_NEIGHBOURS
    similar = [link for link in paper["nb"] if link[1] == "similarTo"][0]
    assert similar[2] == 1 and similar[3] == {"b": "text", "sc": 0.812, "se": ["GPT-4o", "task/gone"],
                                               "st": 0.2, "tm": ["prompt", "gpt"], "wk": 1}
    assert names["person/ada"][1:3] == ["creator", 1] and names["person/ada"][3] == {"p": 1}
    assert paper["d"]["rows"][0] == ["Venue", "ACL 2026"]  # the tooltip fields of the other views
    # every node of the search script links to a view: its page, else its node view
    files = {e[4]: e[2] for e in search}
    assert files["venue/acl-2026"] == "venue-acl-2026.html" and files["person/ada"] == "node.html#person%2Fada"
    ego = page_data(write_ego_view(graph, tmp_path, "person/alan").read_text(encoding="utf-8"))
    assert all(n.get("u") for n in ego["nodes"] if n["id"] != "person/alan")


def test_node_page_is_local_and_safe(tmp_path: Path) -> None:
    write_views(small_graph(), tmp_path)
    page = (tmp_path / "node.html").read_text(encoding="utf-8")
    assert links_of(tmp_path / "node.html") == ["assets/kg-view.css", "assets/vis-network.min.js", "index.html",
                                                "overview.html", "papermap.html", "assets/kg-view.js",
                                                "assets/kg-node.js"]
    script = (tmp_path / "assets" / "kg-node.js").read_text(encoding="utf-8")
    assert "http" not in page and "http" not in script and "innerHTML" not in script
    assert HOSTILE_TITLE not in (tmp_path / "assets" / "nodes" / "000.js").read_text(encoding="utf-8")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(5, 400), min_size=1, max_size=12))
def test_packed_clusters_never_overlap(radii):
    from exports.view_landscape import CLUSTER_GAP, _pack

    spots = _pack(radii)
    assert len(spots) == len(radii) and spots[0] == (0.0, 0.0)
    for i, (a, r) in enumerate(zip(spots, radii)):
        for b, q in zip(spots[i + 1:], radii[i + 1:]):
            assert math.dist(a, b) >= (r + q + CLUSTER_GAP) * (1 - 1e-9)


def test_packing_follows_the_screen_shape():
    """Eight equal clusters are packed about as tightly for the screen as rows of a honeycomb would be."""
    from exports.view_landscape import SCREEN, _pack

    spots = _pack([100.0] * 8)
    width = max(x for x, _ in spots) - min(x for x, _ in spots) + 200
    height = max(y for _, y in spots) - min(y for _, y in spots) + 200
    # how much of SCREEN the drawing needs: a row 1.5, the spiral it replaces 0.81, honeycomb rows of 3-3-2 0.73
    assert max(width / SCREEN[0], height / SCREEN[1]) < 0.77


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(-500, 500), st.floats(-500, 500), st.floats(4, 130), st.floats(8, 40),
                          st.floats(18, 60)), min_size=1, max_size=30))
def test_a_cluster_circle_holds_its_labels_and_is_small(nodes):
    """Every corner of every label box lies in the circle, and the circle is small (never more than 2/sqrt(3)
    half diameters of the corners, the bound of the smallest one)."""
    from exports.view_landscape import _enclosing_circle

    pos = {i: (x, y) for i, (x, y, *_) in enumerate(nodes)}
    boxes = {i: box for i, (_, _, *box) in enumerate(nodes)}
    cx, cy, r = _enclosing_circle(pos, boxes)
    corners = [(x + dx, y + dy) for i, (x, y) in pos.items()
               for dx in (-boxes[i][0], boxes[i][0]) for dy in (-boxes[i][1], boxes[i][2])]
    assert all(math.dist((cx, cy), c) <= r - 8 + 1e-6 for c in corners)
    diameter = max(math.dist(a, b) for a in corners for b in corners)
    assert r - 8 <= 2 / math.sqrt(3) * diameter / 2 + 1e-6


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(-500, 500), st.floats(-500, 500)), min_size=2, max_size=12))
def test_the_cluster_circle_is_the_smallest_of_all_circles_through_two_or_three_points(points):
    """The smallest circle holding points passes through two of them (a diameter) or three: no such circle
    that holds every point is smaller."""
    from exports.view_circles import circle_on, circle_through, smallest_circle

    x, y, r = smallest_circle(points)
    assert all(math.dist((x, y), p) <= r + 1e-6 for p in points)
    candidates = [circle_on(a, b) for a, b in itertools.combinations(points, 2)]
    candidates += [circle_through(a, b, c) for a, b, c in itertools.combinations(points, 3)]
    holding = [c for c in candidates if all(math.dist(c[:2], p) <= c[2] * (1 + 1e-9) + 1e-6 for p in points)]
    assert r <= min(c[2] for c in holding) * (1 + 1e-9) + 1e-6


def test_a_long_label_on_one_side_does_not_double_the_circle():
    """The circle around the nodes' centroid had to reach the far end of the long label on one side."""
    from exports.view_landscape import _box, _enclosing_circle

    pos = {"QA": (0.0, 0.0), "NLI": (60.0, 0.0), "nlu": (-150.0, 40.0)}
    boxes = {"QA": _box("QA", 22, 30.0), "NLI": _box("NLI", 18, 12.0), "nlu": _box("natural language understandi…", 16, 12.0)}
    _, _, r = _enclosing_circle(pos, boxes)
    left = min(x - boxes[n][0] for n, (x, _) in pos.items())
    right = max(x + boxes[n][0] for n, (x, _) in pos.items())
    centroid_x = sum(x for x, _ in pos.values()) / 3
    around_centroid = max(centroid_x - left, right - centroid_x)
    assert (right - left) / 2 <= r - 8 < 0.85 * around_centroid


@pytest.mark.parametrize("hub_first", [True, False])
def test_node_data_keeps_no_edge_fields_once_both_ends_are_written(tmp_path, monkeypatch, hub_first):
    # Each edge's fields are made at each of its ends (round h14ax: no memo carries them from one end's entry to
    # the other's); what the entries share (_Shown: the names of similarTo links' shared entities and terms)
    # holds nothing for links that share no entity, whatever the order, also round a hub whose entry draws only
    # MAX_NEIGHBOURS of its links.
    import exports.view_nodes as view_nodes

    hub = "a-venue/hub" if hub_first else "z-venue/hub"  # entries are written in sorted order
    graph = nx.MultiDiGraph()
    graph.add_node(hub, kind="venue", label="Hub")
    for n in range(view_nodes.MAX_NEIGHBOURS + 10):
        paper = f"paper/{n:03d}"
        graph.add_node(paper, kind="paper", title=f"Paper {n}")
        graph.add_edge(paper, hub, key="presentedAt", relation="presentedAt", sources=["s.xml"])
    graph.add_edge("paper/000", "paper/001", key="similarTo", relation="similarTo", score=0.5, sources=[])
    memos = []
    real_entry = view_nodes._entry

    def recording_entry(*arguments):
        memos.append(arguments[5])
        return real_entry(*arguments)

    monkeypatch.setattr(view_nodes, "shard_count", lambda nodes: 1)  # one shard: entries in sorted order
    monkeypatch.setattr(view_nodes, "_entry", recording_entry)
    order = sorted(graph, key=str)
    view_nodes.write_node_data(graph, tmp_path, order)
    assert memos and not memos[-1].entities
    (shard,) = tmp_path.glob("*.js")
    entries = json.loads(shard.read_text().split(", ", 1)[1].rsplit(");", 1)[0])["nodes"]
    assert len(entries[hub]["nb"]) == view_nodes.MAX_NEIGHBOURS and entries[hub]["nt"] == len(graph) - 1


def test_search_index_written_an_entry_at_a_time_is_the_escaped_json_of_all_entries(tmp_path: Path) -> None:
    from exports.view_index import _search_entry, write_search_index
    from exports.view_nodes import search_order
    from exports.view_text import script_json

    graph = nx.MultiDiGraph()
    graph.add_node("paper/a", kind="paper", title="</script><b>&amp; \u2028 line \u2029 Ünïcode 文")
    graph.add_node("method/b", kind="method", label="BERT", alt_labels=["Bidirectional Encoder <Representations>"])
    graph.add_node("dataset/c", kind="dataset", label="SQuAD")
    graph.add_edge("paper/a", "method/b", key="uses", relation="uses")
    path = write_search_index(graph, tmp_path)
    whole = script_json({"nodes": [_search_entry(graph.nodes[node], node, "", graph.degree(node))
                                   for node in search_order(graph)]})
    assert path.read_bytes() == f"window.KG_SEARCH = {whole};\n".encode()
    text = path.read_text(encoding="utf-8")
    assert "</script" not in text and "\u2028" not in text and "<Representations>" not in text
    assert [entry[4] for entry in _search_entries(tmp_path)] == [node for node in search_order(graph)]

    empty = tmp_path / "empty"
    write_search_index(nx.MultiDiGraph(), empty)
    assert (empty / "assets" / "kg-search.js").read_text(encoding="utf-8") == 'window.KG_SEARCH = {"nodes":[]};\n'


# ---------------------------------------------------------------------------
# The fast paths of the views (docs/scaling.md, "Views, faster"): the same bytes as the plain ways
# ---------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.lists(st.tuples(st.integers(0, 39), st.integers(0, 39), st.integers(1, 30)),
                                    max_size=120), st.floats(0.05, 2.0), st.sampled_from([42, 7]),
       st.sampled_from([50, 60, 3]))
def test_force_layout_gives_networkx_spring_layout_bit_for_bit(size: int, pairs: list[tuple[int, int, int]],
                                                               k: float, seed: int, iterations: int) -> None:
    from exports.view_layout import force_layout

    nodes = [f"method/{i:02d}" for i in reversed(range(size))]  # not sorted: networkx's node order is kept
    edges = {}
    for a, b, weight in pairs:
        if a < size and b < size and a != b and (nodes[b], nodes[a]) not in edges:
            edges[(nodes[a], nodes[b])] = weight
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in edges.items())
    expected = {n: (float(x), float(y)) for n, (x, y) in
                nx.spring_layout(graph, k=k, seed=seed, weight="weight", iterations=iterations).items()}
    got = force_layout(nodes, [(a, b, w) for (a, b), w in edges.items()], k=k, seed=seed, iterations=iterations)
    assert list(got) == nodes
    assert got == expected  # exact floats: the pages hold them (rounded) and must not change by a bit
    renamed = {n: f"dataset/{n}" for n in nodes}  # the same shape again (remembered up to 32 nodes): the same places
    again = force_layout([renamed[n] for n in nodes], [(renamed[a], renamed[b], w) for (a, b), w in edges.items()],
                         k=k, seed=seed, iterations=iterations)
    assert again == {renamed[n]: xy for n, xy in expected.items()}


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.from_regex(r"[a-z]{1,8}/[A-Za-z0-9_.~-]{0,20}", fullmatch=True)))
def test_node_link_percent_encodes_every_id_as_quote_does(node: str) -> None:
    from urllib.parse import quote

    from exports.view_nodes import NODE_PAGE, node_link

    assert node_link(node) == f"{NODE_PAGE}#{quote(node, safe='')}"  # the fast path for plain ids too


def test_venue_papers_entities_looked_up_are_those_read_anew() -> None:
    from exports.view_kinds import all_papers, venue_papers
    from exports.view_landscape import named_entities
    from exports.views import _named_by

    graph = small_graph()
    graph.add_node("poster/p", kind="poster", label="A poster")  # presented at a venue, not a paper
    graph.add_edge("poster/p", "venue/acl-2026", key="presentedAt", relation="presentedAt")
    graph.add_edge("poster/p", "method/bert", key="uses", relation="uses")
    named_all = named_entities(graph, all_papers(graph))
    for venue in [n for n, k in graph.nodes(data="kind") if k == "venue"]:
        papers = venue_papers(graph, venue)
        looked_up = _named_by(graph, papers, named_all)
        assert looked_up == named_entities(graph, papers) and list(looked_up) == sorted(papers, key=str)
    assert "poster/p" in _named_by(graph, venue_papers(graph, "venue/acl-2026"), named_all)


def test_view_files_of_every_node_match_their_view_kinds(tmp_path: Path) -> None:
    from exports.view_index import _ego_files
    from exports.view_kinds import VIEW_KINDS

    graph = nx.MultiDiGraph()
    for node, kind in [("venue/v", "venue"), ("paper/p", "paper"), ("person/x", "person"),
                       ("dataset/Ünï code", "dataset"), ("thing/t", None), ("poster/q", "poster"), ("x/y", "")]:
        graph.add_node(node, **({"kind": kind} if kind is not None else {}))
    graph.add_node(7, kind="paper")
    expected = {node: VIEW_KINDS[ego_view_kind(graph, node)].file_name(node) for node in graph}
    assert _ego_files(graph) == expected and list(_ego_files(graph)) == list(graph)


def test_node_view_links_of_parallel_and_opposite_edges_keep_their_order(tmp_path: Path) -> None:
    """The node data reads the adjacency directly: the same links, in the order of out_edges then in_edges."""
    from exports.view_nodes import write_node_data

    graph = nx.MultiDiGraph()
    for node in ("paper/a", "paper/b", "person/c", "dataset/d"):
        graph.add_node(node, kind=node.split("/")[0])
    graph.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", score=0.5)
    graph.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo", score=0.25)
    graph.add_edge("paper/a", "paper/b", key="cites", relation="cites")
    graph.add_edge("paper/a", "person/c", key="creator", relation="creator", position=1)
    graph.add_edge("paper/a", "dataset/d", key="uses", relation="uses", confidence=0.9)
    graph.add_edge("paper/a", "paper/a", key="cites", relation="cites")  # a loop is no neighbour
    order = sorted(graph, key=str)
    (shard,) = write_node_data(graph, tmp_path, order)
    entries = json.loads(shard.read_text().split(", ", 1)[1].rsplit(");", 1)[0])["nodes"]
    expected = []  # the plain way: edge views, by neighbour id, outgoing first, then by key
    for other in sorted({v for _, v in graph.out_edges("paper/a")} | {u for u, _ in graph.in_edges("paper/a")},
                        key=str):
        if other == "paper/a":
            continue
        edges = [(True, k) for _, v, k in graph.out_edges("paper/a", keys=True) if v == other]
        edges += [(False, k) for u, _, k in graph.in_edges("paper/a", keys=True) if u == other]
        for outgoing, key in sorted(edges, key=lambda e: (not e[0], str(e[1]))):
            expected.append([other, key, int(outgoing)])
    assert [link[:3] for link in entries["paper/a"]["nb"]] == expected
    assert entries["paper/a"]["nt"] == 3


def test_write_views_leaves_the_garbage_collector_as_it_found_it(tmp_path: Path) -> None:
    import gc

    graph = small_graph()
    assert gc.isenabled()
    write_views(graph, tmp_path / "on")
    assert gc.isenabled()
    gc.disable()
    try:
        write_views(graph, tmp_path / "off")
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert _tree(tmp_path / "on") == _tree(tmp_path / "off")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
