"""A rebuild's graph tables made from the last ones (the rows of graph.json's unchanged runs copied) have a fresh
build's bytes, whatever the index holds."""
from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from index_damage import change_array

from exports import node_link, table_reuse, table_rows
from exports.graph_tables import TABLES_FOLDER, write_graph_tables
from exports.node_link import ItemRuns, item_runs, write_json
from exports.table_reuse import INDEX_FILES, last_tables
from exports.table_rows import EDGE_SCHEMA, NODE_SCHEMA, RowGroups, row_sizes
from kg import outputs
from kg.outputs import CACHE_FOLDER, write_outputs
from kg.pipeline import build
from ontology.util.files import output_transaction

FILES = ("nodes.parquet", "edges.parquet", "edges_in.parquet")


def _graph(papers: int, *, seed: int = 3, skip: int = -1, retitle: int = -1, extra: int = 0) -> nx.MultiDiGraph:
    """Papers using datasets, with mentions (a real graph's shapes); ``extra`` papers with long abstracts."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    for number in range(papers + extra):
        dataset = f"dataset/d{rng.randrange(40)}"
        if number == skip:
            continue
        paper = f"paper/{number % 3}-{number:04d}"
        title = f"Paper {number} “ü”" + (" again" if number == retitle else "")
        abstract = "We study 𝔄 and B. " * (200 if number >= papers else 1)
        graph.add_node(paper, kind="paper", label=title, title=title, year=2000 + number % 20, abstract=abstract,
                       sources=[f"f{number % 5}.xml"])
        graph.add_node(dataset, kind="dataset", label=None if number % 7 == 0 else dataset[-3:],
                       sources=[f"f{number % 5}.xml"])
        graph.add_edge(paper, dataset, key="uses", relation="uses", sources=[f"f{number % 5}.xml"],
                       mentions=[{"source": f"f{number % 5}.xml", "start": n, "end": n + 3, "name": dataset[-3:],
                                  "sentence": f"We use {dataset[-3:]} ({n})."} for n in range(3)])
        if number % 4 == 0:
            graph.add_edge(paper, dataset, key=number % 3, relation="uses")  # keys that are not strings
    return graph


@pytest.fixture(autouse=True)
def small_groups(monkeypatch):
    """Row groups of a few rows and a few kilobytes and runs of about 8 items, so that runs and groups cross."""
    monkeypatch.setattr(node_link, "_RUN_ITEMS", 8)
    monkeypatch.setattr(table_rows, "ROWS_PER_GROUP", 37)
    monkeypatch.setattr(table_rows, "GROUP_BYTES", 6_000)
    monkeypatch.setattr(table_rows, "_CHUNK_ROWS", 5)


def _tables(folder) -> dict[str, bytes]:
    return {name: (folder / TABLES_FOLDER / name).read_bytes() for name in FILES}


def _reusing(graph: nx.MultiDiGraph, folder, runs: ItemRuns | None = None) -> dict[str, bytes]:
    with output_transaction(folder):
        write_graph_tables(graph, folder, cache_dir=folder / CACHE_FOLDER, runs=runs)
    return _tables(folder)


def _fresh(graph: nx.MultiDiGraph, folder) -> dict[str, bytes]:
    write_graph_tables(graph, folder)
    return _tables(folder)


@pytest.mark.parametrize("change", [{"skip": 40}, {"retitle": 77}, {"extra": 3}, {"seed": 4}])
def test_a_rebuild_copies_the_unchanged_runs_and_writes_a_fresh_builds_bytes(tmp_path, change):
    out = tmp_path / "out"
    old = _graph(300, extra=2)
    assert _reusing(old, out) == _fresh(old, tmp_path / "fresh-old")
    assert [report.full for report in last_tables()] == ["no index", "no index"]
    assert _reusing(old, out) == _fresh(old, tmp_path / "fresh-old")  # nothing changed: every run copied
    assert all(report.reused == report.runs > 3 and report.full == "" for report in last_tables())
    new = _graph(300, **{"extra": 2, **change})
    assert _reusing(new, out) == _fresh(new, tmp_path / "fresh-new")
    reports = last_tables()
    assert all(report.full == "" for report in reports), reports
    if change != {"seed": 4}:  # a new seed changes every run's datasets
        assert all(report.reused > 0 for report in reports), reports
        assert any(report.reused < report.runs for report in reports), reports


def test_groups_end_at_their_rows_or_their_bytes(tmp_path):
    graph = _graph(300, extra=4)
    _fresh(graph, tmp_path)
    table = pq.ParquetFile(tmp_path / TABLES_FOLDER / "nodes.parquet")
    groups = [table.read_row_group(group) for group in range(table.num_row_groups)]
    assert sum(group.num_rows for group in groups) == graph.number_of_nodes()
    early = 0
    for group in groups[:-1]:
        sizes = row_sizes(pa.record_batch([column.combine_chunks() for column in group.columns], schema=NODE_SCHEMA))
        if group.num_rows < 37:  # ended at the row that brought it to GROUP_BYTES
            early += 1
            assert sizes.sum() >= 6_000 > sizes[:-1].sum()
        else:
            assert sizes[:-1].sum() < 6_000
    assert early > 0


def test_the_same_rows_in_any_pieces_give_the_same_bytes(tmp_path):
    rng = random.Random(5)
    rows = [(f"s{n:04d}", f"t{n % 17}", str(n % 3), None if n % 11 == 0 else "uses", "x" * rng.randrange(400))
            for n in range(500)]
    whole = tmp_path / "whole.parquet"
    with open(whole, "wb") as stream, RowGroups(stream, EDGE_SCHEMA) as groups:
        for row in rows:
            groups.add_row(row)
    table = pq.read_table(whole)
    pieces = tmp_path / "pieces.parquet"
    with open(pieces, "wb") as stream, RowGroups(stream, EDGE_SCHEMA) as groups:
        at = 0
        while at < len(rows):
            count = rng.randrange(1, 60)
            if rng.random() < 0.5:
                for row in rows[at:at + count]:
                    groups.add_row(row)
            else:
                batch = pa.record_batch([column.combine_chunks() for column in table.slice(at, count).columns],
                                        schema=EDGE_SCHEMA)
                groups.add_rows(batch)
            at += count
    assert pieces.read_bytes() == whole.read_bytes()
    assert pq.ParquetFile(whole).metadata.num_row_groups > 500 // 37 + 1  # some groups ended at their bytes


def test_graph_json_fills_the_runs_the_tables_use(tmp_path):
    graph = _graph(200, extra=1)
    runs = ItemRuns()
    with output_transaction(tmp_path):
        write_json(graph, tmp_path / "graph.json", index=tmp_path / CACHE_FOLDER / "json.npz", runs=runs)
    assert runs == item_runs(graph) and len(runs.nodes) > 1 and len(runs.edges) > 1
    assert _reusing(graph, tmp_path, runs) == _fresh(graph, tmp_path / "fresh")


def test_runs_of_another_graph_are_refused(tmp_path):
    runs = item_runs(_graph(100))
    for graph in (_graph(100, skip=5), _graph(100, extra=1)):
        with pytest.raises(ValueError, match="not those of this graph"):
            _reusing(graph, tmp_path, runs)


def _damaged(folder, name: str) -> None:
    index = folder / CACHE_FOLDER / INDEX_FILES[name]
    # a run that now starts a row later: its checksum no longer holds
    change_array(index, "starts", lambda starts: starts + (np.arange(len(starts)) == 1))


@pytest.mark.parametrize("spoil, why", [
    (lambda folder: _damaged(folder, "edges.parquet"), "damaged"),
    (lambda folder: (folder / CACHE_FOLDER / INDEX_FILES["edges.parquet"]).write_bytes(b"not an index"),
     "cannot be read"),
    (lambda folder: (folder / TABLES_FOLDER / "edges.parquet").write_bytes(
        (folder / TABLES_FOLDER / "edges.parquet").read_bytes()[:-1] + b"!"), "not the file"),
])
def test_a_damaged_index_or_an_edited_table_means_every_row_is_made(tmp_path, spoil, why):
    out = tmp_path / "out"
    _reusing(_graph(300), out)
    spoil(out)
    new = _graph(300, retitle=10)
    assert _reusing(new, out) == _fresh(new, tmp_path / "fresh")
    nodes, edges = last_tables()
    assert nodes.full == "" and why in edges.full and edges.reused == 0


def test_an_index_of_other_code_is_not_used(tmp_path, monkeypatch):
    out = tmp_path / "out"
    _reusing(_graph(300), out)
    monkeypatch.setattr(table_reuse, "table_key", lambda: "other code")
    new = _graph(300, retitle=10)
    assert _reusing(new, out) == _fresh(new, tmp_path / "fresh")
    assert all("other code" in report.full for report in last_tables())


# The sample pages, built for real: add, change and remove a page; a build killed before or during the swap.

def _built(inputs, out, *, cache: bool = True, views: bool = False) -> dict[str, bytes]:
    result = build([inputs], cache_dir=out / CACHE_FOLDER if cache else None, similarity=True)
    write_outputs(result.graph, out, views=views, cache_dir=out / CACHE_FOLDER if cache else None)
    return _tables(out)


def test_rebuilds_of_the_sample_pages_write_a_fresh_builds_tables(tmp_path, sample_page_inputs):
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    first = _built(inputs, out)
    assert _built(inputs, out) == first
    assert all(report.reused == report.runs > 1 for report in last_tables())
    for step, change in enumerate([sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]):
        change()
        rebuilt = _built(inputs, out)
        assert all(report.full == "" and report.reused > 0 for report in last_tables()), last_tables()
        assert rebuilt == _built(inputs, tmp_path / f"fresh{step}", cache=False), step


def test_a_build_killed_before_or_during_the_swap_then_run_again_writes_a_fresh_builds_tables(
        tmp_path, monkeypatch, sample_page_inputs):
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    old = _built(inputs, out)
    indexes = {name: (out / CACHE_FOLDER / name).read_bytes() for name in INDEX_FILES.values()}
    sample_page_inputs.add()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:  # killed after the tables and their indexes were written, before the swap
        patch.setattr(outputs, "write_views", killed)
        with pytest.raises(KeyboardInterrupt):
            _built(inputs, out, views=True)
    assert _tables(out) == old
    assert {name: (out / CACHE_FOLDER / name).read_bytes() for name in INDEX_FILES.values()} == indexes
    fresh = _built(inputs, tmp_path / "fresh", cache=False)
    assert _built(inputs, out) == fresh
    assert all(report.full == "" for report in last_tables()), last_tables()
    for name, data in old.items():  # killed half-way through the swap: the new indexes, the old tables
        (out / TABLES_FOLDER / name).write_bytes(data)
    assert _built(inputs, out) == fresh
    assert all("not the file" in report.full for report in last_tables()), last_tables()
