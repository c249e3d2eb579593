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
from kg.store_steps import SessionReader, in_session, load_runs
from kg.text_index import INDEX_NAME, write_text_index
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


def test_fill_store_reads_the_store_in_sessions_after_closing_it(sample_ttl, tmp_path, monkeypatch):
    steps = []

    def recorded(folder, step):
        pyoxigraph.Store(str(folder))  # raises if the store the bulk loads used were still open
        steps.append(step)
        return in_session(folder, step)

    monkeypatch.setattr(kg.store_steps, "in_session", recorded)
    fill_store(sample_ttl, tmp_path / "runs", run_bytes=1 << 16)
    assert len(steps) == len(kg.store_steps.aggregate_queries()) == 2  # each aggregate on the store opened for it
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


def test_a_session_reader_gives_every_quad_once_in_sessions_of_at_most_its_rows(sample_ttl, tmp_path):
    """Read in sessions of 7 quads, each pattern gives the subjects and objects ``quads_for_pattern`` gives, in
    the same order (one query read whole), and opens the store once per 7 quads."""
    folder = tmp_path / "store"
    in_session(folder, lambda store: store.bulk_load(path=str(sample_ttl), format=pyoxigraph.RdfFormat.TURTLE))
    label = pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
    kind = pyoxigraph.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
    paper = pyoxigraph.NamedNode("https://w3id.org/paperkg/ontology#Paper")
    for pattern in ((None, label, None), (None, kind, paper)):
        store = pyoxigraph.Store.read_only(str(folder))
        whole = [(quad.subject, quad.object) for quad in store.quads_for_pattern(*pattern, None)]
        del store
        reader = SessionReader(folder, rows=7)
        assert list(reader.pairs(*pattern)) == whole and len(whole) > 14
        assert reader.sessions == len(whole) // 7 + 1
    with pytest.raises(ValueError):
        list(SessionReader(folder).pairs(pyoxigraph.BlankNode("b"), label, None))


def test_fill_store_reads_the_text_index_a_few_quads_a_session(sample_ttl, tmp_path, monkeypatch):
    """The text index decodes at most ``SESSION_ROWS`` quads with the store open (RocksDB caches a block for
    each string it decodes: on the full Anthology 0.21 GB in one session, 0.12 in sessions of 8,192), and is the
    same file as one written from the store open once."""
    readers = []

    class Recorded(SessionReader):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            readers.append(self)

    monkeypatch.setattr(kg.store_steps, "SESSION_ROWS", 40)
    monkeypatch.setattr(kg.query_store, "SessionReader", Recorded)
    fresh = tmp_path / "fresh"
    fill_store(sample_ttl, fresh, run_bytes=1 << 16)
    assert len(readers) == 1 and readers[0].rows == 40 and readers[0].sessions > 10
    with sqlite3.connect(fresh / INDEX_NAME) as connection:
        (kept,) = connection.execute("SELECT COUNT(*) FROM results").fetchone()
        results = {name: (digest, data) for name, digest, data in connection.execute("SELECT * FROM results")}
    assert kept == 2
    store = pyoxigraph.Store.read_only(str(fresh))
    once = write_text_index(store, tmp_path / "once.sqlite", results=results)
    del store
    assert (fresh / INDEX_NAME).read_bytes() == once.read_bytes()
