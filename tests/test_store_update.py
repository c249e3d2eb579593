"""A rebuild's query store updated from the previous one answers exactly as a store loaded in full from its graph.

Each rebuild's store (``kg-load.json`` says it was updated, not loaded) is
compared with a store loaded in full from the same ``graph.ttl``: every quad,
the text index's rows and the documents its full-text index holds, the
lookups of substrings and names, and the precomputed aggregates, byte for
byte.  Damaged or mismatched previous stores mean a full load; an update
killed midway leaves the old store as it was.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from exports.rdf_formats import write_rdf
from kg import store_update
from kg.analytics.toy import toy_graph
from kg.canned import Lookup
from kg.cli import main
from kg.query_store import (
    STAMP_NAME,
    STORE_DIR,
    fill_store,
    load_or_update,
    open_query_store,
    start_query_store,
    write_query_store,
)
from kg.store_update import UPDATE_NAME, NotIncremental, graph_diff
from kg.text_index import INDEX_NAME, INDEXED_CLASSES, TextIndex

ROOT = Path(__file__).resolve().parents[1]
UNDERLINE = ROOT.parent / "shared" / "corpus" / "underline"
KG = "https://w3id.org/paperkg/ontology#"
ID = "https://w3id.org/paperkg/id/"
#: Small volumes of several venues and years of the shared Anthology.


def _kg_build(inputs: Path, out: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q", "--no-views"])
    assert result.exit_code == 0, result.output


def _how(out: Path) -> dict:
    return json.loads((out / STORE_DIR / UPDATE_NAME).read_text("utf-8"))


def _state(store_dir: Path) -> dict:
    """Everything a query can see of a store: its quads, the index's rows and full-text documents, the aggregates,
    and what lookups of substrings and names of its texts resolve to."""
    import pyoxigraph

    store = pyoxigraph.Store.read_only(str(store_dir))
    quads = sorted(str(quad) for quad in store.quads_for_pattern(None, None, None, None))
    del store
    connection = sqlite3.connect(store_dir / INDEX_NAME)
    try:
        searchable = sorted(connection.execute("SELECT iri, cls, lowered FROM searchable").fetchall())
        names = sorted(connection.execute("SELECT iri, cls, lowered FROM names").fetchall())
        results = sorted(connection.execute("SELECT name, query_sha256, json FROM results").fetchall())
        documents = sorted(connection.execute("SELECT lowered FROM searchable_fts_docsize "
                                              "JOIN searchable ON searchable.rowid = searchable_fts_docsize.id"))
        (stale,) = connection.execute("SELECT COUNT(*) FROM searchable_fts_docsize WHERE id NOT IN "
                                      "(SELECT rowid FROM searchable)").fetchone()
    finally:
        connection.close()
    assert stale == 0 and len(documents) == len(searchable)  # one full-text document per row, none left over
    rng = random.Random(7)
    needles = sorted({text[start:start + size] for _, _, text in searchable for size in (2, 4, 7)
                      for start in [rng.randrange(max(1, len(text) - size))]} | {"the", "of", "x"})
    lookups = {}
    with TextIndex(store_dir / INDEX_NAME) as index:
        for cls in INDEXED_CLASSES:
            contains, named = Lookup("t", "contains", cls, "x"), Lookup("t", "is", cls, "x")
            lookups[cls] = ([index.resolve(contains, needle) for needle in needles],
                            [index.resolve(named, text) for _, _, text in names[:300]])
    assert any(hit for hits, _ in lookups.values() for hit in hits)
    return {"quads": quads, "searchable": searchable, "names": names, "results": results, "lookups": lookups}


def _assert_as_loaded_in_full(out: Path, tmp_path: Path) -> None:
    """The store of ``out`` answers as a store loaded in full from ``out/graph.ttl``."""
    fresh = tmp_path / "loaded-in-full"
    shutil.rmtree(fresh, ignore_errors=True)
    fill_store(out / "graph.ttl", fresh)
    got, want = _state(out / STORE_DIR), _state(fresh)
    assert len(got["quads"]) > 500 and got["results"]
    for key in want:
        assert got[key] == want[key], key
    assert open_query_store(out).index is not None and not open_query_store(out).built
    shutil.rmtree(fresh)


def _pages() -> list[Path]:
    if not UNDERLINE.is_dir():
        pytest.skip("../shared/corpus is not present")
    return sorted(UNDERLINE.glob("*.txt"))


def test_lecture_pages_added_changed_and_removed_update_the_store_as_a_full_load_makes_it(tmp_path: Path) -> None:
    pages = _pages()
    inputs, out = tmp_path / "inputs", tmp_path / "out"
    inputs.mkdir()
    for page in pages[1:4]:
        shutil.copy(page, inputs / page.name)
    _kg_build(inputs, out)
    # a fresh build's store is fed graph.ttl as it is written ("fed": runs loaded before it was whole, one run here)
    assert {**_how(out), "seconds": 0} == {"mode": "full", "why": "no previous store", "fed": 0, "seconds": 0}
    steps = [
        lambda: shutil.copy(pages[0], inputs / pages[0].name),
        lambda: (inputs / pages[1].name).write_text(
            pages[1].read_text(encoding="utf-8") + "\nWe also evaluate on SQuAD with BERT.\n", encoding="utf-8"),
        lambda: (inputs / pages[2].name).unlink(),
    ]
    for change in steps:
        change()
        _kg_build(inputs, out)
        how = _how(out)
        assert how["mode"] == "update" and how["removed"] + how["added"] > 0, how
        assert how["changed_blocks"] < how["blocks"]
        _assert_as_loaded_in_full(out, tmp_path)


def test_anthology_volumes_added_changed_and_removed_update_the_store_as_a_full_load_makes_it(
        tmp_path: Path, anthology_volume_inputs) -> None:
    pages = _pages()[:2]
    inputs, out = anthology_volume_inputs.folder, tmp_path / "out"
    anthology, volumes = anthology_volume_inputs.anthology, anthology_volume_inputs.volumes
    shutil.copy(pages[1], inputs / pages[1].name)
    _kg_build(inputs, out)
    steps = [
        lambda: shutil.copy(pages[0], inputs / pages[0].name),
        lambda: shutil.copy(anthology / volumes[3], inputs / volumes[3]),
        lambda: (inputs / pages[0].name).write_text(
            pages[0].read_text(encoding="utf-8").replace("the", "a", 5), encoding="utf-8"),
        lambda: (inputs / volumes[0]).write_text((anthology / volumes[0]).read_text(encoding="utf-8").replace(
            "Helps Neural Machine Translation<", "Helps Neural Machine Translation Twice<"), encoding="utf-8"),
        lambda: (inputs / volumes[1]).unlink(),
    ]
    assert "Helps Neural Machine Translation<" in (anthology / volumes[0]).read_text(encoding="utf-8")
    for step, change in enumerate(steps):
        change()
        _kg_build(inputs, out)
        how = _how(out)
        assert how["mode"] == "update", (step, how)
        if step == 0:  # one page among three volumes: most subject blocks are the same bytes
            assert how["changed_blocks"] < how["blocks"] // 2, how
        if step == 3:  # a title (and so the label) changed
            assert how["reindexed"] >= 1, how
        _assert_as_loaded_in_full(out, tmp_path)


def test_a_title_that_changes_alone_is_found_by_the_updated_index(tmp_path: Path) -> None:
    """A paper whose label is not its title (the toy graph's p1) gets a new title only: its searchable row, the
    title, is made again; other papers get or lose a name only, a type only."""
    graph = toy_graph()
    graph.nodes["paper/p1"].update(label="Reading comprehension…", title="Reading comprehension with BERT, at length")
    old = tmp_path / "old"
    write_rdf(graph, old)
    write_query_store(old)
    graph.nodes["paper/p1"]["title"] = "Reading comprehension with RoBERTa, at length"
    graph.nodes["paper/p2"]["label"] = graph.nodes["paper/p2"]["label"] + " (renamed)"
    new = tmp_path / "new"
    write_rdf(graph, new)
    sha256 = json.loads((old / STORE_DIR / STAMP_NAME).read_text())["sha256"]
    how = load_or_update(new / "graph.ttl", tmp_path / "fresh", new / "graph.ttl",
                         (old / STORE_DIR, old / "graph.ttl", sha256))
    assert how["mode"] == "update" and how["reindexed"] == 2, how
    fill_store(new / "graph.ttl", tmp_path / "reference")
    assert _state(tmp_path / "fresh") == _state(tmp_path / "reference")
    with TextIndex(tmp_path / "fresh" / INDEX_NAME) as index:
        paper = Lookup("title", "contains", f"{KG}Paper", "paper")
        assert index.resolve(paper, "roberta") == [f"{ID}paper/p1"] and index.resolve(paper, "with bert, at") == []


# --- the previous store damaged, mismatched or of another layout: a full load --------------------------------------


def _two_graphs(tmp_path: Path) -> tuple[Path, Path]:
    """A build folder of the sample pages 1-3 with its store, and the graph.ttl of pages 0-3 beside it."""
    pages = _pages()
    inputs, out, other = tmp_path / "inputs", tmp_path / "out", tmp_path / "other"
    inputs.mkdir()
    for page in pages[1:4]:
        shutil.copy(page, inputs / page.name)
    _kg_build(inputs, out)
    shutil.copy(pages[0], inputs / pages[0].name)
    _kg_build(inputs, other)
    return out, other / "graph.ttl"


def _corrupt_sst(store: Path, new_graph: Path) -> None:
    for path in store.glob("*.sst"):
        path.write_bytes(b"not a table")


def _corrupt_current(store: Path, new_graph: Path) -> None:
    (store / "CURRENT").write_text("MANIFEST-999999\n")


def _corrupt_index(store: Path, new_graph: Path) -> None:
    (store / INDEX_NAME).write_bytes(b"not a database" * 100)


def _index_of_another_layout(store: Path, new_graph: Path) -> None:
    with sqlite3.connect(store / INDEX_NAME) as connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'layout'")
    connection.close()


def _store_of_another_graph(store: Path, new_graph: Path) -> None:
    """The new graph's store under the stamp of the old graph: the added triples are in it already."""
    stamp = (store / STAMP_NAME).read_bytes()
    shutil.rmtree(store)
    fill_store(new_graph, store)
    (store / STAMP_NAME).write_bytes(stamp)


@pytest.mark.parametrize("damage", [_corrupt_sst, _corrupt_current, _corrupt_index, _index_of_another_layout,
                                    _store_of_another_graph])
def test_a_damaged_or_mismatched_previous_store_means_a_full_load(tmp_path: Path, damage) -> None:
    out, new_graph = _two_graphs(tmp_path)
    damage(out / STORE_DIR, new_graph)
    fresh = tmp_path / "fresh"
    how = load_or_update(new_graph, fresh, new_graph, (out / STORE_DIR, out / "graph.ttl",
                                                       json.loads((out / STORE_DIR / STAMP_NAME).read_text())["sha256"]))
    assert how["mode"] == "full" and how["why"] != "no previous store", how
    reference = tmp_path / "reference"
    fill_store(new_graph, reference)
    assert _state(fresh) == _state(reference)


def test_an_update_that_fails_unforeseen_means_a_full_load(tmp_path: Path, monkeypatch) -> None:
    out, new_graph = _two_graphs(tmp_path)

    def fails(*args, **kwargs):
        raise RuntimeError("no space left")

    monkeypatch.setattr(store_update, "update_text_index", fails)
    sha256 = json.loads((out / STORE_DIR / STAMP_NAME).read_text())["sha256"]
    how = load_or_update(new_graph, tmp_path / "fresh", new_graph, (out / STORE_DIR, out / "graph.ttl", sha256))
    assert how["mode"] == "full" and "no space left" in how["why"], how
    fill_store(new_graph, tmp_path / "reference")
    assert _state(tmp_path / "fresh") == _state(tmp_path / "reference")


def test_a_store_replaced_while_it_was_copied_means_a_full_load(tmp_path: Path) -> None:
    out, new_graph = _two_graphs(tmp_path)
    how = load_or_update(new_graph, tmp_path / "fresh", new_graph, (out / STORE_DIR, out / "graph.ttl", "0" * 64))
    assert how["mode"] == "full" and how["why"] == "the old store was replaced while it was copied", how


@pytest.mark.parametrize("edit", [
    lambda text: text.replace(b"@prefix kg:", b"@prefix kgo:").replace(b"\tkg:", b"\tkgo:").replace(b" kg:", b" kgo:"),
    lambda text: b"\n<".join([text.split(b"\n<")[0], *reversed(text.rstrip().split(b"\n<")[1:])]) + b"\n",
    lambda text: text.replace(b"\n\trdfs:label", b'\n\t<urn:p> _:b0 ;\n\trdfs:label', 1),  # a blank node
])
def test_graphs_not_laid_out_as_kg_writes_them_are_not_diffed(tmp_path: Path, edit) -> None:
    out, new_graph = _two_graphs(tmp_path)
    edited = tmp_path / "edited.ttl"
    edited.write_bytes(edit(new_graph.read_bytes()))
    with pytest.raises(NotIncremental):
        graph_diff(out / "graph.ttl", edited)


def test_a_diff_past_its_limit_is_not_made(tmp_path: Path) -> None:
    out, new_graph = _two_graphs(tmp_path)
    changed = graph_diff(out / "graph.ttl", new_graph).changed_blocks
    assert graph_diff(out / "graph.ttl", new_graph, max_changed=changed).changed_blocks == changed
    with pytest.raises(NotIncremental, match="subject blocks changed"):
        graph_diff(out / "graph.ttl", new_graph, max_changed=changed - 1)


def test_a_kg_build_whose_previous_graph_is_not_kgs_loads_in_full(tmp_path: Path) -> None:
    """A graph.ttl that kg did not write (here one line per triple: N-Triples) with its store from ``kg query``:
    the next build's store is loaded in full, and right."""
    import pyoxigraph

    pages = _pages()
    inputs, out = tmp_path / "inputs", tmp_path / "out"
    inputs.mkdir()
    shutil.copy(pages[1], inputs / pages[1].name)
    _kg_build(inputs, out)
    graph = out / "graph.ttl"
    quads = list(pyoxigraph.parse(path=str(graph), format=pyoxigraph.RdfFormat.TURTLE))
    graph.write_bytes(b"".join(f"{quad.triple} .\n".encode() for quad in quads))
    assert open_query_store(out).built  # kg query made the store of this graph
    shutil.copy(pages[0], inputs / pages[0].name)
    _kg_build(inputs, out)
    assert _how(out)["mode"] == "full", _how(out)
    _assert_as_loaded_in_full(out, tmp_path)


# --- killed ---------------------------------------------------------------------------------------------------------


def _files(folder: Path) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir())}


def test_an_update_killed_midway_leaves_the_old_store_as_it_was(tmp_path: Path, monkeypatch) -> None:
    out, new_graph = _two_graphs(tmp_path)
    before, files = _state(out / STORE_DIR), _files(out / STORE_DIR)
    sha256 = json.loads((out / STORE_DIR / STAMP_NAME).read_text())["sha256"]

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    for module, name in [(store_update, "update_text_index"), (store_update.shutil, "copyfile")]:
        with monkeypatch.context() as patch:
            patch.setattr(module, name, killed)
            with pytest.raises(KeyboardInterrupt):
                load_or_update(new_graph, tmp_path / "fresh", new_graph, (out / STORE_DIR, out / "graph.ttl", sha256))
        shutil.rmtree(tmp_path / "fresh", ignore_errors=True)
    assert _files(out / STORE_DIR) == files and _state(out / STORE_DIR) == before


def test_a_loader_process_killed_during_an_update_leaves_the_old_store_usable(tmp_path: Path) -> None:
    out, new_graph = _two_graphs(tmp_path)
    before, files = _state(out / STORE_DIR), _files(out / STORE_DIR)
    (out / "graph.ttl.new").write_bytes(new_graph.read_bytes())
    for delay in (0.0, 0.3, 0.8):
        maker = start_query_store(out, out / "graph.ttl.new", out / "graph.ttl")
        assert (out / f"{STORE_DIR}.{os.getpid()}.base").is_file()  # the old graph, held
        time.sleep(delay)
        maker._process.send_signal(signal.SIGKILL)
        maker.cancel()
        assert _files(out / STORE_DIR) == files and _state(out / STORE_DIR) == before
        assert sorted(path.name for path in out.iterdir() if path.name.startswith(STORE_DIR)) == [STORE_DIR]
    maker = start_query_store(out, out / "graph.ttl.new", out / "graph.ttl")
    maker._process.wait()
    (out / "graph.ttl.new").replace(out / "graph.ttl")
    maker.finish()
    assert _how(out)["mode"] == "update"
    _assert_as_loaded_in_full(out, tmp_path)
