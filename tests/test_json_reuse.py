"""A rebuild's graph.json made from the runs of the last one has a fresh build's bytes, whatever the index holds."""
from __future__ import annotations

import random
from itertools import accumulate

import networkx as nx
import pytest
from index_damage import change_array, lie_about_the_file

from exports import node_link
from exports.graph_order import sorted_edges
from exports.node_link import ItemRuns, item_runs, last_json, to_json, write_json
from exports.rdf_owners import owner_digest
from kg.outputs import CACHE_FOLDER, JSON_INDEX_FILE, write_outputs
from ontology.util.files import output_transaction


def _graph(papers: int, *, seed: int = 3, skip: int = -1, retitle: int = -1) -> nx.MultiDiGraph:
    """Papers using datasets, with mentions: nodes and edges of a real graph's shapes."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    for number in range(papers):
        dataset = f"dataset/d{rng.randrange(40)}"
        if number == skip:
            continue
        paper = f"paper/{number % 3}-{number:04d}"
        title = f"Paper {number} “ü”" + (" again" if number == retitle else "")
        graph.add_node(paper, kind="paper", label=title, title=title, year=2000 + number % 20,
                       sources=[f"f{number % 5}.xml"])
        graph.add_node(dataset, kind="dataset", label=dataset[-3:], sources=[f"f{number % 5}.xml"])
        graph.add_edge(paper, dataset, key="uses", relation="uses", sources=[f"f{number % 5}.xml"],
                       mentions=[{"source": f"f{number % 5}.xml", "start": n, "end": n + 3, "relation": "uses",
                                  "name": dataset[-3:], "extractor": "gazetteer", "confidence": 0.9,
                                  "sentence": f"We use {dataset[-3:]} ({n})."} for n in range(3)])
    return graph


def _write_json(graph: nx.MultiDiGraph, folder) -> bytes:
    with output_transaction(folder):
        path = write_json(graph, folder / "graph.json", index=folder / CACHE_FOLDER / JSON_INDEX_FILE)
    return path.read_bytes()


def test_json_runs_from_the_index_give_the_bytes_of_encoding_everything(tmp_path):
    first = _graph(600)
    first.graph["name"] = "test"
    assert _write_json(first, tmp_path) == to_json(first).encode("utf-8")
    assert last_json().full == "no index" and last_json().runs > 10
    before = first
    for edited in (_graph(601), _graph(600, retitle=37), _graph(600, skip=200), _graph(0), first, first):
        assert _write_json(edited, tmp_path) == to_json(edited).encode("utf-8")
        report = last_json()
        assert report.full == "", report  # an empty graph's graph.json is its frame: no run, yet a file
        if before and edited:  # one paper more or less leaves most runs as they were
            assert report.reused > report.runs // 2, report
        before = edited
    assert last_json().reused == last_json().runs


class _Text(str):
    """A subclass of ``str``: json writes it as a string, marshal does not write it."""


@pytest.mark.parametrize("where", ["node", "edge"])
def test_a_value_marshal_cannot_write_makes_its_owners_runs_encoded_every_time(tmp_path, where):
    """An attribute of a node or of one of its out-edges that marshal cannot write gives the node no owner digest:
    its run of nodes and the run of edges holding its out-edges are encoded every time, the rest copied."""
    graph = _graph(300)
    if where == "node":
        graph.nodes["paper/0-0000"]["note"] = _Text("x")  # a string to JSON, not to marshal
    else:
        next(iter(graph.succ["paper/0-0000"].values()))["uses"]["note"] = _Text("x")
    for _ in range(2):
        assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    assert 0 < last_json().reused == last_json().runs - 2


def test_runs_are_named_by_the_owner_digests_handed_on(tmp_path, monkeypatch):
    """With every node's owner digest handed on, write_json digests no node itself, and cuts the runs it cuts
    without them."""
    graph = _graph(300)
    owners = {node: owner_digest(graph, node) for node in graph}
    expected = item_runs(graph)

    def refused(graph: nx.MultiDiGraph, node: str) -> bytes:
        raise AssertionError(f"{node} digested again")

    monkeypatch.setattr(node_link, "owner_digest", refused)
    runs = ItemRuns()
    with output_transaction(tmp_path):
        write_json(graph, tmp_path / "graph.json", index=tmp_path / CACHE_FOLDER / JSON_INDEX_FILE, runs=runs,
                   owners=owners)
    assert (tmp_path / "graph.json").read_bytes() == to_json(graph).encode("utf-8")
    assert runs == expected and len(runs.nodes) > 2 and len(runs.edges) > 2
    with pytest.raises(AssertionError, match="digested again"):
        item_runs(graph)


def test_a_run_of_edges_holds_every_out_edge_of_its_sources_and_a_changed_edge_changes_its_own_runs(tmp_path):
    graph = _graph(600)
    for number in range(0, 600, 7):  # sources of several edges, so that runs could end inside one
        graph.add_edge(f"paper/{number % 3}-{number:04d}", "dataset/d1", key="cites", relation="cites")
    sources = [source for source, _, _, _ in sorted_edges(graph)]  # an edge's source, in graph.json's order
    between = {n for n in range(1, len(sources) + 1) if n == len(sources) or sources[n] != sources[n - 1]}
    cuts = list(accumulate(count for _, count in item_runs(graph).edges))
    assert cuts[-1] == len(sources) and set(cuts) <= between and len(cuts) > 5
    _write_json(graph, tmp_path)
    next(iter(graph.succ["paper/1-0301"].values()))["uses"]["confidence"] = 0.5
    assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    report = last_json()
    assert report.runs - 4 <= report.reused < report.runs, report  # its node's and its edges' runs, and the next


def test_a_run_of_nodes_and_a_run_of_edges_of_the_same_owners_have_other_digests():
    graph = nx.MultiDiGraph()
    graph.add_edge("paper/a", "paper/a", key="similarTo", relation="similarTo")
    runs = item_runs(graph)
    assert [count for _, count in runs.nodes] == [count for _, count in runs.edges] == [1]
    assert runs.nodes[0][0] != runs.edges[0][0]


@pytest.mark.parametrize("damage, why", [
    (lambda index, out: index.write_bytes(b"not an index"), "cannot be read"),
    (lambda index, out: index.write_bytes(b"PK\x03\x04 not a zip"), "cannot be read"),
    (lambda index, out: index.write_bytes(index.read_bytes()[:200]), "cannot be read"),
    (lambda index, out: change_array(index, "offsets", lambda offsets: offsets + 1), "damaged"),
    (lambda index, out: lie_about_the_file(index), "not the file"),
    (lambda index, out: out.write_bytes(out.read_bytes().replace(b'"Paper 1 ', b'"Paper 2 ')), "not the file"),
    (lambda index, out: out.write_bytes(out.read_bytes() + b"\n"), "not the file"),
    (lambda index, out: out.unlink(), "cannot be read"),
    (lambda index, out: index.unlink(), "no index"),
], ids=["garbage", "not-a-zip", "cut", "arrays", "lying", "json-edited", "json-longer", "json-gone", "index-gone"])
def test_a_damaged_or_mismatched_index_means_encoding_every_run(tmp_path, damage, why):
    graph = _graph(300)
    _write_json(graph, tmp_path)
    damage(tmp_path / CACHE_FOLDER / JSON_INDEX_FILE, tmp_path / "graph.json")
    assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    assert last_json().reused == 0 and why in last_json().full, last_json()
    assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")  # the index written then is used next
    assert last_json().reused == last_json().runs


def test_an_index_of_other_code_is_not_used(tmp_path, monkeypatch):
    from exports import node_link

    graph = _graph(100)
    _write_json(graph, tmp_path)
    monkeypatch.setattr(node_link, "json_key", lambda: "another kg")
    assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    assert last_json().reused == 0 and "other code" in last_json().full


def test_write_outputs_reuses_the_runs_with_a_cache_folder_only(tmp_path):
    graph = _graph(200)
    for _ in range(2):
        write_outputs(graph, tmp_path / "a", views=False, cache_dir=tmp_path / "a" / CACHE_FOLDER)
    assert last_json().reused == last_json().runs
    write_outputs(graph, tmp_path / "b", views=False)  # no cache folder (kg build --no-cache): the full path
    assert not (tmp_path / "b" / CACHE_FOLDER).exists()
    for name in ("graph.ttl", "graph.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_write_outputs_hands_the_turtle_stages_owner_digests_to_graph_json(tmp_path, monkeypatch):
    """With a cache folder graph.json digests no owner again (graph.ttl's writer made every digest), and a
    rebuild after a changed title and a new edge writes a fresh build's graph.json and tables."""
    def refused(graph: nx.MultiDiGraph, node: str) -> bytes:
        raise AssertionError(f"{node} digested again")

    monkeypatch.setattr(node_link, "owner_digest", refused)
    before, out = _graph(200), tmp_path / "out"
    write_outputs(before, out, views=False, cache_dir=out / CACHE_FOLDER)
    after = before.copy()
    after.nodes["paper/1-0004"]["title"] = "A changed title"
    after.add_edge("paper/1-0004", "paper/2-0005", key="similarTo", relation="similarTo", score=0.5)
    write_outputs(after, out, views=False, cache_dir=out / CACHE_FOLDER)
    assert 0 < last_json().reused < last_json().runs
    write_outputs(after, tmp_path / "fresh", views=False)
    for name in ("graph.json", "tables/nodes.parquet", "tables/edges.parquet"):
        assert (out / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes(), name
