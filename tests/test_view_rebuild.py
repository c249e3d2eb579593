"""A rebuild's views: pages whose inputs did not change are kept, and the folder is the one a fresh build writes.

``write_views`` keeps a venue's page, an entity's page and a shard of the node view when the fingerprint of
what it draws (``exports.view_fingerprint``) is the one the last build recorded.  These
tests rebuild after adding, changing and removing inputs and compare every
file with a build into an empty folder, on made-up graphs, through
``kg build`` on the bundled sample pages and on volumes of ../shared's
Anthology (skipped where it is absent).
"""
from __future__ import annotations

import filecmp
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

import exports.views as views_module
from exports.view_fingerprint import PAGE_RECORD, PageRecord
from exports.views import write_views
from kg.cli import main
from kg.pipeline import build

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "kg" / "sample" / "underline"


# --- helpers ----------------------------------------------------------------------------------------------------


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too), by relative path."""
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def _assert_same_folder(rebuilt: Path, fresh: Path) -> None:
    left, right = _files(rebuilt), _files(fresh)
    assert sorted(left) == sorted(right)
    differing = [name for name in left if left[name] != right[name]]
    assert differing == []


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The titles of the landscape pages laid out and written while the test runs."""
    titles: list[str] = []
    render = views_module.render_landscape

    def spy(graph, **options):
        titles.append(options["title"])
        return render(graph, **options)

    monkeypatch.setattr(views_module, "render_landscape", spy)
    yield titles


def _venue_graph(papers: dict[str, tuple[str, list[str]]]) -> nx.MultiDiGraph:
    """Papers (id -> venue, entities), with their venues, entities (and a mention on each link) and similarTo
    links between papers that share an entity."""
    graph = nx.MultiDiGraph()
    for paper, (venue, entities) in sorted(papers.items()):
        graph.add_node(f"paper/{paper}", kind="paper", label=f"Paper {paper}", venue=venue, year=2026)
        graph.add_node(f"venue/{venue}", kind="venue", label=venue.upper())
        graph.add_edge(f"paper/{paper}", f"venue/{venue}", key="presentedAt", relation="presentedAt")
        graph.add_node(f"person/{paper}", kind="person", label=f"Author {paper}")
        graph.add_edge(f"paper/{paper}", f"person/{paper}", key="creator", relation="creator", position=1)
        for entity in entities:
            kind = entity.split("/")[0]
            graph.add_node(entity, kind=kind, label=entity.split("/")[1].upper())
            graph.add_edge(f"paper/{paper}", entity, key="uses", relation="uses",
                           mentions=[{"source": f"{paper}.txt", "sentence": f"{paper} uses {entity}."}])
    names = sorted(papers)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if set(papers[a][1]) & set(papers[b][1]):
                graph.add_edge(f"paper/{a}", f"paper/{b}", key="similarTo", relation="similarTo", score=0.5,
                               shared_terms=["common"])
    return graph


def _base() -> dict[str, tuple[str, list[str]]]:
    return {
        "a1": ("acl", ["method/bert", "dataset/squad", "task/qa"]),
        "a2": ("acl", ["method/bert", "dataset/glue"]),
        "a3": ("acl", ["method/gpt", "dataset/squad", "task/qa"]),
        "e1": ("emnlp", ["method/lstm", "dataset/ptb"]),
        "e2": ("emnlp", ["method/lstm", "dataset/ptb", "task/parsing"]),
        "n1": ("naacl", ["method/crf", "dataset/conll"]),
        "n2": ("naacl", ["method/crf", "dataset/conll", "task/ner"]),
        "c1": ("coling", ["method/hmm", "dataset/wsj"]),
    }


def _rebuild_matches_fresh(tmp_path: Path, before: nx.MultiDiGraph, after: nx.MultiDiGraph,
                           drawn: list[str]) -> list[str]:
    """Write ``before``'s views, then ``after``'s over them; check they equal ``after``'s written into an empty
    folder; return the titles of the landscape pages the rebuild laid out."""
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(fresh, ignore_errors=True)
    write_views(before, folder)
    drawn.clear()
    write_views(after, folder)
    redrawn = sorted(drawn)
    write_views(after, fresh)
    _assert_same_folder(folder, fresh)
    return redrawn


# --- made-up graphs ---------------------------------------------------------------------------------------------


def test_an_unchanged_graph_lays_out_no_venue_page_again(tmp_path: Path, drawn: list[str]) -> None:
    graph = _venue_graph(_base())
    folder = tmp_path / "views"
    write_views(graph, folder)
    assert sorted(drawn) == ["ACL (venue)", "COLING (venue)", "EMNLP (venue)", "NAACL (venue)"]
    inodes = {path.name: path.stat().st_ino for path in folder.glob("venue-*.html")}
    drawn.clear()
    write_views(graph, folder)
    assert drawn == []  # the overview is drawn from the landscape laid out for it, not through render_landscape
    assert {path.name: path.stat().st_ino for path in folder.glob("venue-*.html")} == inodes  # not rewritten


def test_adding_a_paper_redraws_its_venue_and_the_venues_sharing_its_entities(tmp_path: Path,
                                                                              drawn: list[str]) -> None:
    papers = _base()
    added = {**papers, "e3": ("emnlp", ["method/lstm", "dataset/squad"])}
    # SQuAD's tooltip counts its papers over the whole graph, but the pages load it from the node view's
    # shards: ACL's page, which draws SQuAD, is kept
    redrawn = _rebuild_matches_fresh(tmp_path, _venue_graph(papers), _venue_graph(added), drawn)
    assert redrawn == ["EMNLP (venue)"]


@pytest.mark.parametrize("change", ["nothing", "a label", "an edge", "no paper map"])
def test_the_index_and_search_script_are_kept_while_nothing_they_read_changes(tmp_path: Path, change: str,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import exports.view_index as view_index

    written: list[Path] = []
    real = view_index._write_index
    monkeypatch.setattr(view_index, "_write_index", lambda graph, folder, *rest: written.append(folder)
                        or real(graph, folder, *rest))
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    write_views(_venue_graph(_base()), folder)
    inodes = _page_inodes(folder, "**/*.[hj][ts]*")
    graph, options = _venue_graph(_base()), {}
    if change == "a label":  # a person no page draws: only the search script names them
        graph.nodes["person/c1"]["label"] = "Author C. One"
    elif change == "an edge":  # a degree, and the index's count of links
        graph.add_edge("person/c1", "venue/coling", key="attended", relation="attended")
    elif change == "no paper map":  # a page less: the index lists it no more
        options = {"paper_map": False}
    written.clear()
    write_views(graph, folder, **options)
    kept = {name for name, inode in _page_inodes(folder, "**/*.[hj][ts]*").items() if inodes.get(name) == inode}
    if change == "nothing":
        assert written == [] and {"index.html", "kg-search.js"} <= kept
    else:
        assert written == [folder] and not {"index.html", "kg-search.js"} & kept
    write_views(graph, fresh, **options)
    _assert_same_folder(folder, fresh)


def _page_inodes(folder: Path, pattern: str) -> dict[str, int]:
    return {path.name: path.stat().st_ino for path in folder.glob(pattern)}


@pytest.mark.parametrize("added", [("e3", ("emnlp", ["method/lstm", "dataset/squad"])),
                                   ("w1", ("wmt", ["method/lstm", "dataset/wmt14"]))])
def test_adding_a_paper_rewrites_only_the_entity_pages_of_what_it_names(tmp_path: Path, drawn: list[str],
                                                                        added: tuple) -> None:
    """An entity's page draws its papers and their entities, each entity's paper counts being read from the
    node view's shards on hover: a new paper rewrites the pages of the entities it names (their subgraphs
    gained it) and keeps the others, whose drawn entities' counts it changed (BERT's page draws SQuAD)."""
    def with_sources(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:  # as kg builds them: an entity lists its files
        for node, kind in graph.nodes(data="kind"):
            if kind in ("method", "dataset", "task"):
                graph.nodes[node]["sources"] = sorted(f"{paper.split('/')[1]}.txt" for paper in graph.pred[node])
        return graph

    papers = _base()
    folder = tmp_path / "views"
    write_views(with_sources(_venue_graph(papers)), folder)
    before = _page_inodes(folder, "*.html")
    _rebuild_matches_fresh_over(tmp_path, folder, with_sources(_venue_graph({**papers, added[0]: added[1]})), drawn)
    after = _page_inodes(folder, "*.html")
    entity_pages = {name for name in after if name.split("-")[0] in ("method", "dataset", "task")}
    assert len(entity_pages) == 13 + (added[0] == "w1")
    rewritten = {name for name in entity_pages if before.get(name) != after[name]}
    named = {entity.replace("/", "-") + ".html" for entity in added[1][1]}
    assert rewritten == named
    venues = {name for name, inode in after.items() if name.startswith("venue-") and before.get(name) != inode}
    assert venues == {f"venue-{added[1][0]}.html"}


def test_a_new_venue_is_drawn_and_others_kept(tmp_path: Path, drawn: list[str]) -> None:
    papers = _base()
    added = {**papers, "w1": ("wmt", ["method/transformer", "dataset/wmt14"])}
    redrawn = _rebuild_matches_fresh(tmp_path, _venue_graph(papers), _venue_graph(added), drawn)
    assert redrawn == ["WMT (venue)"]


def test_changing_an_entity_redraws_the_pages_that_draw_it(tmp_path: Path, drawn: list[str]) -> None:
    before = _venue_graph(_base())
    after = _venue_graph(_base())
    after.nodes["method/crf"]["label"] = "Conditional random field"
    after.nodes["method/crf"]["alt_labels"] = ["CRF"]
    assert _rebuild_matches_fresh(tmp_path, before, after, drawn) == ["NAACL (venue)"]


def test_removing_a_venue_removes_its_page_and_redraws_only_what_it_touched(tmp_path: Path,
                                                                            drawn: list[str]) -> None:
    papers = _base()
    removed = {name: value for name, value in papers.items() if value[0] != "coling"}
    assert _rebuild_matches_fresh(tmp_path, _venue_graph(papers), _venue_graph(removed), drawn) == []
    assert not (tmp_path / "views" / "venue-coling.html").exists()
    record = PageRecord.read(tmp_path / "views")
    assert sorted(name for name in record.pages if name.startswith("venue-")) == [
        "venue-acl.html", "venue-emnlp.html", "venue-naacl.html"]  # and the entities' pages, the node view's shards
    assert "method-hmm.html" not in record.pages and "method-crf.html" in record.pages


def test_removing_a_paper_redraws_its_venue(tmp_path: Path, drawn: list[str]) -> None:
    papers = _base()
    removed = {name: value for name, value in papers.items() if name != "n2"}
    assert _rebuild_matches_fresh(tmp_path, _venue_graph(papers), _venue_graph(removed), drawn) == ["NAACL (venue)"]


def test_the_paper_map_appearing_or_going_changes_every_pages_links(tmp_path: Path, drawn: list[str]) -> None:
    with_map = _venue_graph(_base())
    without = with_map.copy()
    without.remove_edges_from([(u, v, k) for u, v, k in with_map.edges(keys=True) if k == "similarTo"])
    assert len(_rebuild_matches_fresh(tmp_path, with_map, without, drawn)) == 4  # the nav bar lost "Paper map"
    assert len(_rebuild_matches_fresh(tmp_path, without, with_map, drawn)) == 4


def test_other_max_nodes_redraws_every_venue(tmp_path: Path, drawn: list[str]) -> None:
    graph = _venue_graph(_base())
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    write_views(graph, folder)
    drawn.clear()
    write_views(graph, folder, top=3)
    assert len(drawn) == 4
    write_views(graph, fresh, top=3)
    _assert_same_folder(folder, fresh)


def test_a_page_changed_since_is_written_again(tmp_path: Path, drawn: list[str]) -> None:
    """A page rewritten by `kg view --venue` (another --max-nodes) or by hand no longer has its recorded bytes."""
    graph = _venue_graph(_base())
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    write_views(graph, folder)
    views_module.write_ego_view(graph, folder, "venue/acl", top=2)
    (folder / "venue-naacl.html").write_text("edited", encoding="utf-8")
    (folder / "venue-emnlp.html").unlink()
    drawn.clear()
    write_views(graph, folder)
    assert sorted(drawn) == ["ACL (venue)", "EMNLP (venue)", "NAACL (venue)"]
    write_views(graph, fresh)
    _assert_same_folder(folder, fresh)


@pytest.mark.parametrize("record", ["not json", '{"format": 0, "pages": {}}', '{"format": 1, "pages": 3}'])
def test_an_unreadable_record_means_every_page_is_written(tmp_path: Path, drawn: list[str], record: str) -> None:
    graph = _venue_graph(_base())
    folder, fresh = tmp_path / "views", tmp_path / "fresh"
    write_views(graph, folder)
    (folder / PAGE_RECORD).write_text(record, encoding="utf-8")
    inodes = _shard_inodes(folder)
    drawn.clear()
    write_views(graph, folder)
    assert len(drawn) == 4
    assert all(_shard_inodes(folder)[name] != inode for name, inode in inodes.items())  # every shard written
    write_views(graph, fresh)
    _assert_same_folder(folder, fresh)


# --- the node view's shards ------------------------------------------------------------------------------------


@pytest.fixture()
def one_node_a_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shards of one node each (on average), so that an entry missed by a fingerprint shows as a changed shard."""
    import exports.view_nodes as view_nodes

    monkeypatch.setattr(view_nodes, "SHARD_NODES", 1)


def _shard_inodes(folder: Path) -> dict[str, int]:
    return {path.name: path.stat().st_ino for path in (folder / "assets" / "nodes").glob("*.js")}


def _shards_rewritten(tmp_path: Path, before: nx.MultiDiGraph, after: nx.MultiDiGraph, drawn: list[str]) -> set[str]:
    """Rebuild ``before``'s views with ``after`` (checked against a fresh build); the shards written again."""
    folder = tmp_path / "views"
    shutil.rmtree(folder, ignore_errors=True)
    write_views(before, folder)
    inodes = _shard_inodes(folder)
    _rebuild_matches_fresh_over(tmp_path, folder, after, drawn)
    return {name for name, inode in _shard_inodes(folder).items() if inodes.get(name) != inode}


def _rebuild_matches_fresh_over(tmp_path: Path, folder: Path, after: nx.MultiDiGraph, drawn: list[str]) -> None:
    fresh = tmp_path / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    write_views(after, folder)
    write_views(after, fresh)
    _assert_same_folder(folder, fresh)


def _shard_names(graph: nx.MultiDiGraph, nodes: list[str]) -> set[str]:
    from exports.view_nodes import shard_count, shard_of

    shards = shard_count(graph.number_of_nodes())
    return {f"{shard_of(node, shards):03d}.js" for node in nodes}


def test_an_unchanged_graph_keeps_every_shard(tmp_path: Path, drawn: list[str], one_node_a_shard: None) -> None:
    graph = _venue_graph(_base())
    assert _shards_rewritten(tmp_path, graph, graph, drawn) == set()
    assert len(_shard_inodes(tmp_path / "views")) > 16


def test_a_new_paper_rewrites_the_shards_of_the_nodes_it_touches(tmp_path: Path, drawn: list[str],
                                                                 one_node_a_shard: None) -> None:
    papers = _base()
    # 35 nodes before, 39 after (the paper, its author, and ACL's and SQuAD's counts change): 64 shards both times
    before, after = _venue_graph(papers), _venue_graph({**papers, "a4": ("acl", ["dataset/squad"])})
    touched = ["paper/a4", "person/a4", "venue/acl", "dataset/squad", "paper/a1", "paper/a3"]  # + similarTo
    rewritten = _shards_rewritten(tmp_path, before, after, drawn)
    assert rewritten == _shard_names(after, touched)
    assert len(rewritten) < len(_shard_inodes(tmp_path / "views")) / 4


@pytest.mark.parametrize("change", ["author", "shared entity", "link score", "hub's neighbour ranks", "paper title"])
def test_what_an_entry_reads_from_other_nodes_rewrites_its_shard(tmp_path: Path, drawn: list[str],
                                                                 one_node_a_shard: None,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 change: str) -> None:
    """A paper's entry names its authors and the entities its similarTo links share (other nodes' names); a
    hub's entry draws its best-placed neighbours, which other nodes' links rank: each change rewrites it.
    No entry names the nodes its in-links come from: a paper's new title rewrites its own shard and those of
    the nodes linking to it (a1's similarTo link to a2), not its venue's, authors' or entities'."""
    import exports.view_nodes as view_nodes

    before = _venue_graph(_base())
    for a, b in (("a1", "a2"), ("a1", "a3")):
        before.edges[f"paper/{a}", f"paper/{b}", "similarTo"]["shared_entities"] = ["method/bert", "task/qa"]
    after = before.copy()
    after.graph = {}
    if change == "author":
        after.nodes["person/a1"]["label"] = "Ada Lovelace"
        expected = ["person/a1", "paper/a1"]
    elif change == "shared entity":
        after.nodes["task/qa"]["label"] = "Question answering"
        expected = ["task/qa", "paper/a1", "paper/a2", "paper/a3"]
    elif change == "link score":
        after.edges["paper/a1", "paper/a2", "similarTo"]["score"] = 0.75
        expected = ["paper/a1", "paper/a2"]
    elif change == "paper title":
        after.nodes["paper/a2"]["label"] = "Paper two"
        expected = ["paper/a2", "paper/a1"]
    else:  # venue/acl draws 2 of its 3 papers: those first in the search order (a1 and a3: most links)
        monkeypatch.setattr(view_nodes, "MAX_NEIGHBOURS", 2)
        for entity in ("method/extra", "dataset/extra"):  # a2 now has more links than a3: ACL draws a1 and a2
            after.add_edge("paper/a2", entity, key="uses", relation="uses")
        expected = ["venue/acl", "paper/a2", "method/extra", "dataset/extra"]
    assert _shards_rewritten(tmp_path, before, after, drawn) == _shard_names(after, expected)


def test_a_shard_changed_since_is_written_again(tmp_path: Path, drawn: list[str], one_node_a_shard: None) -> None:
    graph = _venue_graph(_base())
    folder = tmp_path / "views"
    write_views(graph, folder)
    (shard,) = _shard_names(graph, ["paper/a1"])
    (folder / "assets" / "nodes" / shard).write_text("kgNodeShard(0, {});", encoding="utf-8")
    (other,) = _shard_names(graph, ["paper/e1"])
    (folder / "assets" / "nodes" / other).unlink()
    _rebuild_matches_fresh_over(tmp_path, folder, graph, drawn)


@pytest.mark.parametrize("change", ["none", "title", "link score", "new paper", "kind of a target"])
def test_owner_digests_handed_on_give_the_fingerprints_made_here(change: str) -> None:
    """Given each node's owner digest (graph.ttl's writer's, in ``kg build``), the shards' fingerprints are
    those made from the graph alone, before and after a change."""
    from exports.rdf_owners import owner_digest
    from exports.view_nodes import search_order, shard_count, shard_fingerprints, shard_of

    graph = _venue_graph(_base())
    if change == "title":
        graph.nodes["paper/a2"]["label"] = "Paper two"
    elif change == "link score":
        graph.edges["paper/a1", "paper/a2", "similarTo"]["score"] = 0.75
    elif change == "new paper":
        graph = _venue_graph({**_base(), "a4": ("acl", ["dataset/squad"])})
    elif change == "kind of a target":
        graph.nodes["dataset/squad"]["kind"] = "method"
    shards = shard_count(graph.number_of_nodes())
    members: list[list] = [[] for _ in range(shards)]
    for node in sorted(graph, key=str):
        members[shard_of(node, shards)].append(node)
    position = {node: i for i, node in enumerate(search_order(graph))}
    owners = {node: owner_digest(graph, node) for node in graph}
    assert shard_fingerprints(graph, members, position, owners) == shard_fingerprints(graph, members, position)


def test_kg_outputs_views_take_the_turtle_stages_owner_digests(tmp_path: Path, drawn: list[str], sample_build,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """write_outputs with a cache folder: the views' fingerprints digest no owner again, and a rebuild after a
    changed title and a new link writes a fresh build's views; without one (``--no-cache``) the views digest the
    owners themselves."""
    from exports import view_nodes
    from kg.outputs import CACHE_FOLDER, write_outputs

    def refused(graph: nx.MultiDiGraph, nodes: list[str]) -> list[bytes]:
        if nodes:
            raise AssertionError(f"{nodes[0]} digested again")
        return []

    monkeypatch.setattr(view_nodes, "owner_digests", refused)
    out, before = tmp_path / "out", sample_build.graph
    write_outputs(before, out, cache_dir=out / CACHE_FOLDER)
    after = before.copy()
    first, second = sorted(node for node, kind in after.nodes(data="kind") if kind == "paper")[:2]
    after.nodes[first]["title"] = after.nodes[first]["label"] = "A changed title"
    after.add_edge(first, second, key="similarTo", relation="similarTo", extractor="kg.similarity", basis="combined",
                   score=0.5, bases=["combined"], scores={"combined": 0.5}, strength=0.6, weak=True,
                   shared_entities=[], shared_terms=["graph"])
    write_outputs(after, out, cache_dir=out / CACHE_FOLDER)
    with pytest.raises(AssertionError, match="digested again"):
        write_outputs(after, tmp_path / "fresh")
    monkeypatch.undo()
    write_outputs(after, tmp_path / "fresh")
    _assert_same_folder(out / "views", tmp_path / "fresh" / "views")


# --- kg build, end to end ---------------------------------------------------------------------------------------


def _kg_build(inputs: Path, out: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output


def test_kg_build_rebuilds_give_the_views_of_a_fresh_build(tmp_path: Path, drawn: list[str],
                                                            sample_page_inputs) -> None:
    """The bundled sample pages: add one, change one, remove one; each rebuild's views/ equal a fresh build's."""
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    _kg_build(inputs, out)
    steps = [("add", sample_page_inputs.add), ("change", sample_page_inputs.change),
             ("remove", sample_page_inputs.remove)]
    for step, (name, change) in enumerate(steps):
        change()
        _kg_build(inputs, out)
        fresh = tmp_path / f"fresh{step}"
        _kg_build(inputs, fresh)
        _assert_same_folder(out / "views", fresh / "views")
    assert PageRecord.read(out / "views").pages  # the venue pages were recorded


# --- the Anthology (../shared) ----------------------------------------------------------------------------------

#: Small volumes of several venues, and years, of the shared Anthology.
def test_anthology_volumes_rebuilt_keep_the_untouched_venue_pages(tmp_path: Path, drawn: list[str],
                                                                  anthology_volume_inputs) -> None:
    """Volumes of ../shared's Anthology and a lecture page: adding, changing and removing inputs gives the views of
    a fresh build, and venues no input touched are not laid out again."""
    inputs, cache = anthology_volume_inputs.folder, tmp_path / "cache"
    anthology, volumes = anthology_volume_inputs.anthology, anthology_volume_inputs.volumes
    pages = sorted(SAMPLE.glob("*.txt"))

    def graph() -> nx.MultiDiGraph:
        return build([inputs], cache_dir=cache).graph

    folder = tmp_path / "views"
    first = graph()
    write_views(first, folder)
    venues = len(list(folder.glob("venue-*.html")))
    assert venues >= 3
    steps = [
        lambda: shutil.copy(pages[0], inputs / pages[0].name),  # a lecture page: a venue of its own
        lambda: shutil.copy(anthology / volumes[3], inputs / volumes[3]),  # a volume
        lambda: (inputs / pages[0].name).write_text(pages[0].read_text(encoding="utf-8").replace(
            "the", "a", 3), encoding="utf-8"),  # a changed page
        lambda: (inputs / volumes[1]).unlink(),  # a volume removed: its venue's page goes
    ]
    kept_any = False
    for step, change in enumerate(steps):
        change()
        now = graph()
        drawn.clear()
        write_views(now, folder)
        total = len(list(folder.glob("venue-*.html")))
        kept_any = kept_any or len(drawn) < total
        if step == 2:  # the lecture page's text changed (mentions quoted in tooltips), not what its papers name
            assert "ACL 2026 (venue)" not in drawn and len(drawn) < total
        fresh = tmp_path / f"fresh{step}"
        write_views(now, fresh)
        _assert_same_folder(folder, fresh)
    assert kept_any  # some venue page was kept as it was
    assert os.listdir(folder)  # and the folder is whole


def test_the_record_is_the_same_for_the_same_graph(tmp_path: Path) -> None:
    graph = _venue_graph(_base())
    write_views(graph, tmp_path / "a")
    write_views(graph, tmp_path / "b")
    assert filecmp.cmp(tmp_path / "a" / PAGE_RECORD, tmp_path / "b" / PAGE_RECORD, shallow=False)
