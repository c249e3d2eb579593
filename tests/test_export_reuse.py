"""A rebuild's graph.ttl and graph.json made from the pieces of the last ones have a fresh build's bytes, whatever
the indexes hold."""
from __future__ import annotations

import itertools
import json
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports import turtle_reuse
from exports.node_link import last_json, to_json, write_json
from exports.rdf_formats import RdfSerialiser
from exports.rdf_mapping import rdf_blocks
from exports.rdf_stream import SortedLines, content_chunks
from exports.rdf_terms import Lit
from exports.turtle_reuse import INDEX_FILE, last_turtle, write_turtle
from kg import outputs
from kg.outputs import CACHE_FOLDER, JSON_INDEX_FILE, write_outputs
from kg.pipeline import build
from ontology.ids import RESOURCE_BASE
from ontology.util.files import output_transaction


def _graph(papers: int, *, seed: int = 3, skip: int = -1, retitle: int = -1) -> nx.MultiDiGraph:
    """Papers (ids ending in 00 among them) using datasets, with mentions: the hashed subjects of a real graph."""
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


def _write(graph: nx.MultiDiGraph, folder, *, index: bool = True):
    with output_transaction(folder):
        path = write_turtle(graph, folder / "graph.ttl", index=folder / CACHE_FOLDER / INDEX_FILE if index else None)
    return path.read_bytes()


def _expected(graph: nx.MultiDiGraph) -> bytes:
    return RdfSerialiser(graph).serialise("ttl")


def test_chunks_from_the_index_give_the_bytes_of_serialising_everything(tmp_path):
    first = _graph(600)
    assert _write(first, tmp_path) == _expected(first)
    assert last_turtle().full == "no index" and last_turtle().chunks > 20
    for edited in (_graph(601), _graph(600, retitle=37), _graph(600, skip=200), first):
        assert _write(edited, tmp_path) == _expected(edited)
        report = last_turtle()
        assert report.full == "" and 0 < report.reused <= report.chunks, report
        assert report.reused > report.chunks // 2  # one paper more or less leaves most chunks as they were
    assert _write(first, tmp_path) == _expected(first)
    assert last_turtle().reused == last_turtle().chunks  # the same graph again: every chunk copied


def test_spilled_and_merged_buckets_give_the_same_chunks(tmp_path, monkeypatch):
    """A bucket merged from disk is cut where the in-memory one is, so its chunks are found again (pieces of a
    merged bucket end only before a subject that starts a chunk, unless one grows past 4 x ``run_bytes``)."""
    from exports import rdf_stream

    graph = _graph(800)
    _write(graph, tmp_path)
    monkeypatch.setattr(rdf_stream.SortedLines.__init__, "__kwdefaults__", {"spill_bytes": 4000, "folder": None})
    monkeypatch.setattr(rdf_stream.SortedLines.pieces, "__kwdefaults__", {"run_bytes": 30_000})
    with SortedLines(spill_bytes=4000, folder=tmp_path) as lines:  # the paper buckets are merged from disk
        lines.add_triples(triple for block in rdf_blocks(graph) for triple in block.triples)
        assert len(lines._segments) > 3
    assert _write(graph, tmp_path) == _expected(graph)
    assert last_turtle().reused == last_turtle().chunks


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
    (lambda index, ttl: index.write_bytes(b"not an index"), "cannot be read"),
    (lambda index, ttl: index.write_bytes(index.read_bytes()[:200]), "cannot be read"),
    (lambda index, ttl: _damage_arrays(index), "damaged"),
    (lambda index, ttl: _lie_about_the_file(index), "not the file"),
    (lambda index, ttl: ttl.write_bytes(ttl.read_bytes().replace(b"Paper 1 ", b"Paper 2 ")), "not the file"),
    (lambda index, ttl: ttl.write_bytes(ttl.read_bytes() + b"\n"), "not the file"),
    (lambda index, ttl: ttl.unlink(), "cannot be read"),
    (lambda index, ttl: index.unlink(), "no index"),
], ids=["garbage", "cut", "arrays", "lying", "ttl-edited", "ttl-longer", "ttl-gone", "index-gone"])
def test_a_damaged_or_mismatched_index_means_serialising_every_chunk(tmp_path, damage, why):
    graph = _graph(300)
    _write(graph, tmp_path)
    damage(tmp_path / CACHE_FOLDER / INDEX_FILE, tmp_path / "graph.ttl")
    assert _write(graph, tmp_path) == _expected(graph)
    assert last_turtle().reused == 0 and why in last_turtle().full, last_turtle()
    assert _write(graph, tmp_path) == _expected(graph)  # and the index written then is used next time
    assert last_turtle().reused == last_turtle().chunks


def test_an_index_of_other_code_or_oxigraph_is_not_used(tmp_path, monkeypatch):
    graph = _graph(100)
    _write(graph, tmp_path)
    monkeypatch.setattr(turtle_reuse, "index_key", lambda: "another kg")
    assert _write(graph, tmp_path) == _expected(graph)
    assert last_turtle().reused == 0 and "other code" in last_turtle().full


def test_without_an_index_nothing_is_read_or_written(tmp_path):
    graph = _graph(50)
    assert _write(graph, tmp_path, index=False) == _expected(graph)
    assert last_turtle().full == "no index asked for" and not (tmp_path / CACHE_FOLDER).exists()


def test_an_empty_graph_writes_an_empty_file_and_an_empty_index(tmp_path):
    assert _write(nx.MultiDiGraph(), tmp_path) == _expected(nx.MultiDiGraph()) == b""
    graph = _graph(20)
    assert _write(graph, tmp_path) == _expected(graph)
    assert last_turtle().full == "the last graph.ttl is empty"


def _lines(subjects: list[str]) -> bytes:
    with SortedLines() as lines:
        lines.add_triples((f"{RESOURCE_BASE}paper/{s}", "http://p", Lit(f"v{n % 3}")) for n, s in enumerate(subjects)
                          for _ in range(2))
        return b"".join(lines.runs())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("0a1", min_size=1, max_size=4), min_size=1, max_size=60),
       st.lists(st.text("0a1", min_size=1, max_size=4), max_size=5))
def test_a_chunk_is_cut_by_its_subjects_alone(subjects, added):
    """Chunks join to the lines; each starts at a subject ending in 00 (or at the start); and adding subjects
    changes only the chunks they fall into."""
    data = _lines(subjects)
    chunks = list(content_chunks(data))
    assert b"".join(chunks) == data
    for chunk in chunks[1:]:
        assert chunk.split(b"> ", 1)[0].endswith(b"00")
    for before, after in itertools.pairwise(chunks):
        assert before.rstrip(b"\n").rsplit(b"\n", 1)[-1].split(b"> ")[0] != after.split(b"> ")[0]
    if not any(s.endswith("00") for s in added):  # no new cut: each added subject changes one chunk at most
        again = list(content_chunks(_lines(subjects + added)))
        assert len(set(again) - set(chunks)) <= len(set(added))
        assert len(set(chunks) - set(again)) <= len(set(added))


def test_write_outputs_reuses_the_pieces_with_a_cache_folder_only(tmp_path):
    graph = _graph(200)
    for _ in range(2):
        write_outputs(graph, tmp_path / "a", views=False, cache_dir=tmp_path / "a" / CACHE_FOLDER)
    assert last_turtle().reused == last_turtle().chunks and last_json().reused == last_json().runs
    write_outputs(graph, tmp_path / "b", views=False)  # no cache folder (kg build --no-cache): the full path
    assert not (tmp_path / "b" / CACHE_FOLDER).exists()
    for name in ("graph.ttl", "graph.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def _built(inputs, out, *, cache: bool = True):
    result = build([inputs], cache_dir=out / CACHE_FOLDER if cache else None, similarity=True)
    write_outputs(result.graph, out, views=False, cache_dir=out / CACHE_FOLDER if cache else None)
    return (out / "graph.ttl").read_bytes(), (out / "graph.json").read_bytes()


def test_rebuilds_of_the_sample_pages_write_a_fresh_builds_turtle(tmp_path, sample_page_inputs):
    """Add a page, change one, remove one: each rebuild's graph.ttl equals a build into an empty folder's."""
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    first = _built(inputs, out)
    assert _built(inputs, out) == first  # nothing changed: every piece copied
    assert last_turtle().reused == last_turtle().chunks > 1 and last_json().reused == last_json().runs > 1
    for step, change in enumerate([sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]):
        change()
        rebuilt = _built(inputs, out)
        assert last_turtle().full == "" and 0 < last_turtle().reused < last_turtle().chunks, last_turtle()
        assert last_json().full == "", last_json()  # the sample's few runs: a page may touch every one
        assert rebuilt == _built(inputs, tmp_path / f"fresh{step}", cache=False), step


def test_a_build_killed_before_or_during_the_swap_then_run_again_writes_a_fresh_builds_turtle(
        tmp_path, monkeypatch, sample_page_inputs):
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    _built(inputs, out)
    old = [(out / name).read_bytes() for name in ("graph.ttl", "graph.json", f"{CACHE_FOLDER}/{INDEX_FILE}",
                                                  f"{CACHE_FOLDER}/{JSON_INDEX_FILE}")]
    sample_page_inputs.add()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:  # killed after graph.ttl and its index were written, before the swap
        patch.setattr(outputs, "write_html", killed)
        with pytest.raises(KeyboardInterrupt):
            _built(inputs, out)
    assert [(out / name).read_bytes() for name in ("graph.ttl", "graph.json", f"{CACHE_FOLDER}/{INDEX_FILE}",
                                                   f"{CACHE_FOLDER}/{JSON_INDEX_FILE}")] == old
    fresh = _built(inputs, tmp_path / "fresh", cache=False)
    assert _built(inputs, out) == fresh
    assert last_turtle().full == last_json().full == "" and last_turtle().reused > 0
    # killed half-way through the swap: the indexes in place, the files still the old ones (the next build
    # completes the swap from its journal; without the journal the pairs do not match and are not used)
    (out / "graph.ttl").write_bytes(old[0])
    (out / "graph.json").write_bytes(old[1])
    assert _built(inputs, out) == fresh
    assert "not the file" in last_turtle().full and "not the file" in last_json().full


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


@pytest.mark.parametrize("damage, why", [
    (lambda index, out: index.write_bytes(b"PK\x03\x04 not a zip"), "cannot be read"),
    (lambda index, out: _damage_arrays(index), "damaged"),
    (lambda index, out: out.write_bytes(out.read_bytes().replace(b'"Paper 1 ', b'"Paper 2 ')), "not the file"),
    (lambda index, out: index.unlink(), "no index"),
], ids=["garbage", "arrays", "json-edited", "index-gone"])
def test_a_damaged_or_mismatched_json_index_means_encoding_every_run(tmp_path, damage, why):
    graph = _graph(300)
    _write_json(graph, tmp_path)
    damage(tmp_path / CACHE_FOLDER / JSON_INDEX_FILE, tmp_path / "graph.json")
    assert _write_json(graph, tmp_path) == to_json(graph).encode("utf-8")
    assert last_json().reused == 0 and why in last_json().full, last_json()
