"""The query store's loader frees memory between its steps (kg.store_steps): the C heap after each run's bulk
load, and the store itself, closed, after each reading step; the store it makes holds the same quads and text
index."""
from __future__ import annotations

import sqlite3

import pyoxigraph
import pytest

import kg.query_store
import kg.store_steps
from kg.query_store import fill_store
from kg.store_steps import in_session, load_runs
from kg.text_index import INDEX_NAME
from kg.turtle_runs import turtle_runs


def test_load_runs_gives_the_heap_back_after_each_run_and_loads_every_triple(sample_ttl, monkeypatch):
    given_back = []
    store = pyoxigraph.Store()
    monkeypatch.setattr(kg.store_steps, "return_free_memory", lambda: given_back.append(len(store)))
    runs = list(turtle_runs(sample_ttl, run_bytes=1 << 16))
    assert load_runs(store, runs, pyoxigraph.RdfFormat.TURTLE) == len(runs) > 5
    assert len(given_back) == len(runs) and given_back == sorted(given_back)  # after each run, as the store grew
    whole = pyoxigraph.Store()
    whole.bulk_load(path=str(sample_ttl), format=pyoxigraph.RdfFormat.TURTLE)
    assert {str(quad) for quad in store} == {str(quad) for quad in whole}


def test_a_session_closes_its_store(tmp_path):
    folder = tmp_path / "store"
    held = pyoxigraph.Store(str(folder))
    with pytest.raises(OSError):  # RocksDB's lock: one open store per folder
        pyoxigraph.Store(str(folder))
    del held
    assert in_session(folder, len) == 0
    pyoxigraph.Store(str(folder))  # closed when the step returned: it opens again


def test_fill_store_reads_the_store_in_two_sessions_after_closing_it(sample_ttl, tmp_path, monkeypatch):
    steps = []

    def recorded(folder, step):
        pyoxigraph.Store(str(folder))  # raises if the store the bulk loads used were still open
        steps.append(step)
        return in_session(folder, step)

    monkeypatch.setattr(kg.query_store, "in_session", recorded)
    fill_store(sample_ttl, tmp_path / "runs", run_bytes=1 << 16)
    assert len(steps) == 2 and steps[0] is kg.query_store._aggregates
    fill_store(sample_ttl, tmp_path / "whole", run_bytes=0)
    dumps = []
    for folder in ("runs", "whole"):
        with sqlite3.connect(tmp_path / folder / INDEX_NAME) as connection:
            dumps.append(list(connection.iterdump()))
        store = pyoxigraph.Store.read_only(str(tmp_path / folder))
        dumps.append({str(quad) for quad in store})
        del store
    assert dumps[0] == dumps[2] and dumps[1] == dumps[3]  # the same text index (results included) and quads
    assert any("INSERT INTO \"results\"" in line for line in dumps[0])
