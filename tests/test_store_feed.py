"""A fresh build's query store loaded while graph.ttl is written: the same store, the same refusals, the same ends."""
from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pyoxigraph
import pytest

import kg.outputs
from kg.canned import QueryError
from kg.outputs import write_outputs
from kg.query_store import STAMP_NAME, STORE_DIR, fill_store, loads_in_full, open_query_store, store_is_current
from kg.store_feed import StoreFeed, store_feed
from kg.store_update import UPDATE_NAME
from kg.text_index import INDEX_NAME
from kg.turtle_feed import Feed, fed_runs
from kg.turtle_runs import turtle_runs
from ontology.util.files import open_atomic, output_transaction

HEADER = b"@prefix ex: <http://e/> .\n"


def _quads(folder: Path) -> set[str]:
    """The store's quads (a blank node's label, local to a load, left out)."""
    store = pyoxigraph.Store.read_only(str(folder))
    return {re.sub(r"_:\w+", "_:", str(quad)) for quad in store}


def _index(folder: Path) -> list[str]:
    with sqlite3.connect(folder / INDEX_NAME) as connection:
        return sorted(connection.iterdump())


def _record(folder: Path) -> dict:
    return json.loads((folder / UPDATE_NAME).read_text("utf-8"))


def _write_in_pieces(data: bytes, path: Path, feed: Feed, pieces: int) -> threading.Thread:
    """A thread writing ``data`` to ``path`` in ``pieces`` cut anywhere (mid-line too), telling ``feed`` after each."""
    file = path.open("wb")  # there before the reader opens it, as the build's temporary file is

    def write() -> None:
        with file:
            for number in range(pieces):
                file.write(data[len(data) * number // pieces: len(data) * (number + 1) // pieces])
                file.flush()
                feed.tell(b"%d" % file.tell())
                time.sleep(0.01)
        feed.tell(b"end %d" % len(data))

    thread = threading.Thread(target=write)
    thread.start()
    return thread


def test_runs_read_as_the_file_is_written_are_the_runs_of_the_whole_file(sample_ttl, tmp_path):
    feed = Feed(run_bytes=8192)
    writer = _write_in_pieces(sample_ttl.read_bytes(), tmp_path / "graph.ttl", feed, 37)
    fed = [(run.data, run.first_line) for run in fed_runs(tmp_path / "graph.ttl", feed)]
    writer.join()
    whole = [(run.data, run.first_line) for run in turtle_runs(sample_ttl, run_bytes=8192)]
    assert fed == whole and len(whole) > 10
    assert feed.runs == len(whole) and 0 < feed.early <= feed.runs


def test_a_store_fed_as_the_file_is_written_equals_the_store_of_the_whole_file(sample_ttl, tmp_path):
    feed = Feed(run_bytes=8192)
    writer = _write_in_pieces(sample_ttl.read_bytes(), tmp_path / "graph.ttl", feed, 23)
    fill_store(tmp_path / "graph.ttl", tmp_path / "fed", feed=feed)
    writer.join()
    fill_store(sample_ttl, tmp_path / "whole")
    assert _quads(tmp_path / "fed") == _quads(tmp_path / "whole")
    assert _index(tmp_path / "fed") == _index(tmp_path / "whole")


@pytest.mark.parametrize("late", [
    b'<http://e/z> ex:p "unterminated .\n',  # not valid Turtle
    b'<http://e/z> ex:p ex:q .\n<http://e/z2> ex:p ex:q ;\nex:r "a line that starts otherwise" .\n',  # layout
    b'<http://e/z> ex:p _:b0 .\n',  # a blank node: its label is local to one load
], ids=["invalid", "other-layout", "blank-node"])
def test_a_late_run_that_cannot_be_loaded_alone_means_the_whole_file_once_written(tmp_path, late):
    text = HEADER + b"".join(b'<http://e/s%d> ex:p "%d" .\n' % (n, n) for n in range(2000)) + late
    (tmp_path / "whole.ttl").write_bytes(text)
    feed = Feed(run_bytes=4096)
    writer = _write_in_pieces(text, tmp_path / "graph.ttl", feed, 9)
    try:
        fill_store(tmp_path / "graph.ttl", tmp_path / "fed", feed=feed)
    except QueryError as error:  # refused, as a load of the whole file is, with its line
        writer.join()
        with pytest.raises(QueryError) as whole:
            fill_store(tmp_path / "whole.ttl", tmp_path / "whole")
        assert str(error).replace("graph.ttl", "whole.ttl") == str(whole.value)
        assert b"unterminated" in late and "line 2002" in str(error)
        return
    writer.join()
    assert feed.whole and feed.early == 0  # what was fed was dropped: the whole file was loaded
    fill_store(tmp_path / "whole.ttl", tmp_path / "whole")
    assert _quads(tmp_path / "fed") == _quads(tmp_path / "whole") and len(_quads(tmp_path / "whole")) > 2000


def test_a_fresh_builds_loader_starts_while_graph_ttl_is_written(tmp_path, monkeypatch, sample_build):
    """The loader is running when the Turtle stage ends (before, it started after it), and loaded a run then."""
    real = kg.outputs.write_rdf
    running = []

    def write_rdf_then_look(*args, **kwargs):
        written = real(*args, **kwargs)
        running.extend(child.cmdline() for child in psutil.Process().children()
                       if "kg.store_loader" in child.cmdline())
        return written

    monkeypatch.setattr(kg.outputs, "write_rdf", write_rdf_then_look)
    monkeypatch.setattr(kg.outputs, "store_feed", lambda output: store_feed(output, run_bytes=1 << 16))
    out = tmp_path / "out"
    write_outputs(sample_build.graph, out, views=False, cache_dir=out / ".kg-cache")
    assert len(running) == 1 and "--fed" in running[0]
    record = _record(out / STORE_DIR)
    assert record["mode"] == "full" and record["fed"] >= 0
    assert store_is_current(out)
    fill_store(out / "graph.ttl", tmp_path / "reference")
    assert _quads(out / STORE_DIR) == _quads(tmp_path / "reference")
    assert _index(out / STORE_DIR) == _index(tmp_path / "reference")
    assert not list(out.glob(f"{STORE_DIR}.*"))


def test_runs_are_loaded_before_the_file_is_whole(sample_ttl, tmp_path):
    data = sample_ttl.read_bytes()
    cut = data.index(b"\n<", len(data) // 2) + 1
    with output_transaction(tmp_path):
        feed = StoreFeed(tmp_path, tmp_path / "graph.ttl", run_bytes=4096)
        with open_atomic(tmp_path / "graph.ttl") as stream:
            stream.write(data[:cut])
            stream.flush()
            feed(cut)
            fresh = tmp_path / f"{STORE_DIR}.{os.getpid()}.tmp"
            for _ in range(300):  # the loader's first runs reach the store while the rest is not written
                if list(fresh.glob("*.sst")):
                    break
                time.sleep(0.1)
            else:
                pytest.fail("no run was loaded before the file was whole")
            stream.write(data[cut:])
            stream.flush()
            feed(len(data))
        store = feed.store()
    assert store.finish() == [tmp_path / STORE_DIR]
    assert _record(tmp_path / STORE_DIR)["fed"] > 0
    fill_store(sample_ttl, tmp_path / "reference")
    assert _quads(tmp_path / STORE_DIR) == _quads(tmp_path / "reference")


def test_a_fed_invalid_graph_is_refused_and_no_store_is_installed(tmp_path):
    text = HEADER + b"".join(b'<http://e/s%d> ex:p "%d" .\n' % (n, n) for n in range(2000)) + b"<http://e/z> ex:p .\n"
    with output_transaction(tmp_path):
        feed = StoreFeed(tmp_path, tmp_path / "graph.ttl", run_bytes=4096)
        with open_atomic(tmp_path / "graph.ttl") as stream:
            for start in range(0, len(text), 5000):
                stream.write(text[start:start + 5000])
                stream.flush()
                feed(stream.tell())
        store = feed.store()
    with pytest.raises(QueryError, match="not valid RDF.*line 2002"):
        store.finish()
    assert not (tmp_path / STORE_DIR).exists() and not list(tmp_path.glob(f"{STORE_DIR}.*"))


def test_only_builds_that_load_the_store_in_full_are_fed(tmp_path, sample_build):
    out = tmp_path / "out"
    assert loads_in_full(out)  # nothing there yet
    write_outputs(sample_build.graph, out, views=False, cache_dir=out / ".kg-cache")
    assert "fed" in _record(out / STORE_DIR)
    assert not loads_in_full(out) and store_feed(out) is None  # the next store is made from this one
    (out / STORE_DIR).rename(tmp_path / "elsewhere")
    (out / STORE_DIR).symlink_to(tmp_path / "elsewhere")
    assert not loads_in_full(out)  # a linked store folder is never followed


def test_a_fed_load_of_the_graph_the_store_already_holds_is_stopped_and_the_store_kept(tmp_path, sample_build):
    out = tmp_path / "out"
    write_outputs(sample_build.graph, out, views=False)
    made = (out / STORE_DIR / INDEX_NAME).stat().st_mtime_ns
    (out / "graph.ttl").unlink()  # the store's graph file gone: it can be updated from nothing, so a full load
    assert loads_in_full(out)
    write_outputs(sample_build.graph, out, views=False)  # ... that turns out to be the store's own graph
    assert (out / STORE_DIR / INDEX_NAME).stat().st_mtime_ns == made
    assert store_is_current(out) and json.loads((out / STORE_DIR / STAMP_NAME).read_text())["file"] == "graph.ttl"
    assert not list(out.glob(f"{STORE_DIR}.*")) and open_query_store(out).built is False


def test_a_build_killed_while_its_loader_is_fed_leaves_nothing_that_the_next_build_keeps(tmp_path, sample_build):
    out = tmp_path / "out"
    script = tmp_path / "killed.py"
    script.write_text(
        "import os, sys\nfrom pathlib import Path\nimport kg.store_feed as feeding\nfrom kg.pipeline import build\n"
        "from kg.outputs import write_outputs\nreal = feeding.StoreFeed.__call__\n"
        "def fed_then_killed(self, size):\n    real(self, size)\n"
        "    print(self._maker._process.pid, flush=True)\n    os._exit(9)\n"
        "feeding.StoreFeed.__call__ = fed_then_killed\n"
        f"write_outputs(build().graph, Path({str(out)!r}), views=False)\n", "utf-8")
    done = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 9, done.stderr
    loader = int(done.stdout.split()[0])
    for _ in range(100):
        if not psutil.pid_exists(loader) or psutil.Process(loader).status() == psutil.STATUS_ZOMBIE:
            break
        time.sleep(0.1)
    else:
        os.kill(loader, 9)
        pytest.fail("the fed loader outlived the build that started it")
    assert list(out.glob(f"{STORE_DIR}.*")) and not (out / "graph.ttl").exists()  # what the kill left
    write_outputs(sample_build.graph, out, views=False)
    reference = tmp_path / "reference"
    write_outputs(sample_build.graph, reference, views=False)
    assert not list(out.glob(f"{STORE_DIR}.*")) and not list(out.glob("*.kg-tmp"))
    assert (out / "graph.ttl").read_bytes() == (reference / "graph.ttl").read_bytes()
    assert _quads(out / STORE_DIR) == _quads(reference / STORE_DIR)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs CPU affinity and two cores")
def test_a_fed_loader_leaves_the_builds_main_process_a_core(sample_ttl, tmp_path):
    data = sample_ttl.read_bytes()
    cores = os.sched_getaffinity(0)
    with output_transaction(tmp_path):
        feed = StoreFeed(tmp_path, tmp_path / "graph.ttl", run_bytes=4096)
        with open_atomic(tmp_path / "graph.ttl") as stream:
            stream.write(data)
            stream.flush()
            feed(len(data))
            loader = psutil.Process(feed._maker._process.pid)
            for _ in range(100):  # it keeps off a core from its start, before Oxigraph starts its threads
                allowed = set(loader.cpu_affinity())
                if allowed != cores:
                    break
                time.sleep(0.05)
        store = feed.store()
    assert allowed < cores and len(allowed) == len(cores) - 1
    assert store.finish() == [tmp_path / STORE_DIR]
