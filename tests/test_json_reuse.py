"""A rebuild's graph.json made from the runs of the last one has a fresh build's bytes, whatever the index holds."""
from __future__ import annotations

import json
import random

import networkx as nx
import numpy as np
import pytest

from exports.node_link import last_json, to_json, write_json
from kg import outputs
from kg.outputs import CACHE_FOLDER, JSON_INDEX_FILE, write_outputs
from kg.pipeline import build
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


def test_an_attribute_marshal_cannot_write_makes_its_run_encoded_every_time(tmp_path):
    graph = _graph(300)
    graph.nodes["paper/0-0000"]["note"] = _Text("x")  # a string to JSON, not to marshal
    for _ in range(2):
        assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    assert 0 < last_json().reused == last_json().runs - 1


def _damage_arrays(index):
    data = dict(np.load(index))
    data["offsets"] = data["offsets"] + 1
    np.savez(index, **data)


def _lie_about_the_file(index):
    data = dict(np.load(index))
    meta = json.loads(data["meta"].tobytes())
    data["meta"] = np.frombuffer(json.dumps({**meta, "sha256": "0" * 64}).encode(), dtype=np.uint8)
    np.savez(index, **data)


@pytest.mark.parametrize("damage, why", [
    (lambda index, out: index.write_bytes(b"not an index"), "cannot be read"),
    (lambda index, out: index.write_bytes(b"PK\x03\x04 not a zip"), "cannot be read"),
    (lambda index, out: index.write_bytes(index.read_bytes()[:200]), "cannot be read"),
    (lambda index, out: _damage_arrays(index), "damaged"),
    (lambda index, out: _lie_about_the_file(index), "not the file"),
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


def _built(inputs, out, *, cache: bool = True) -> bytes:
    result = build([inputs], cache_dir=out / CACHE_FOLDER if cache else None, similarity=True)
    write_outputs(result.graph, out, views=False, cache_dir=out / CACHE_FOLDER if cache else None)
    return (out / "graph.json").read_bytes()


def test_rebuilds_of_the_sample_pages_write_a_fresh_builds_json(tmp_path, sample_page_inputs):
    """Add a page, change one, remove one: each rebuild's graph.json equals a build into an empty folder's."""
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    first = _built(inputs, out)
    assert _built(inputs, out) == first  # nothing changed: every run copied
    assert last_json().reused == last_json().runs > 1
    for step, change in enumerate([sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]):
        change()
        rebuilt = _built(inputs, out)
        assert last_json().full == "", last_json()  # the sample's few runs: a page may touch every one
        assert rebuilt == _built(inputs, tmp_path / f"fresh{step}", cache=False), step


def test_a_build_killed_before_or_during_the_swap_then_run_again_writes_a_fresh_builds_json(
        tmp_path, monkeypatch, sample_page_inputs):
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    _built(inputs, out)
    old = [(out / name).read_bytes() for name in ("graph.json", f"{CACHE_FOLDER}/{JSON_INDEX_FILE}")]
    sample_page_inputs.add()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:  # killed after graph.json and its index were written, before the swap
        patch.setattr(outputs, "write_graph_tables", killed)
        with pytest.raises(KeyboardInterrupt):
            _built(inputs, out)
    assert [(out / name).read_bytes() for name in ("graph.json", f"{CACHE_FOLDER}/{JSON_INDEX_FILE}")] == old
    fresh = _built(inputs, tmp_path / "fresh", cache=False)
    assert _built(inputs, out) == fresh
    assert last_json().full == ""
    # killed half-way through the swap: the index in place, graph.json still the old one (the next build
    # completes the swap from its journal; without the journal the pair does not match and is not used)
    (out / "graph.json").write_bytes(old[0])
    assert _built(inputs, out) == fresh
    assert "not the file" in last_json().full


def test_kg_build_reuses_the_runs_and_never_writes_through_a_linked_cache(tmp_path, sample_page_inputs):
    from click.testing import CliRunner

    from kg.cli import main

    inputs, out = sample_page_inputs.folder, tmp_path / "out"

    def kg_build(*options: str) -> None:
        result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q", "--no-views", *options])
        assert result.exit_code == 0, result.output

    kg_build()
    assert (out / CACHE_FOLDER / JSON_INDEX_FILE).is_file()
    sample_page_inputs.add()
    kg_build()
    assert last_json().full == ""  # the index was read and matched (the sample's few runs may all change)
    sample_page_inputs.change()
    index = (out / CACHE_FOLDER / JSON_INDEX_FILE).read_bytes()
    kg_build("--no-cache")  # neither read nor written
    assert (out / CACHE_FOLDER / JSON_INDEX_FILE).read_bytes() == index
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / CACHE_FOLDER).rename(tmp_path / "old-cache")
    (out / CACHE_FOLDER).symlink_to(elsewhere, target_is_directory=True)
    sample_page_inputs.remove()
    kg_build()
    assert list(elsewhere.iterdir()) == []
