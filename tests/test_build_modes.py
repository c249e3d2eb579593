"""Parallel, Dask and incremental builds give exactly the graph of a plain one-process build."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import kg.pipeline
from exports.node_link import to_json
from extractors.readers import LECTURE_PAGE, READERS
from kg.pipeline import build, sample_inputs

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """The sample pages, two Anthology volumes and the JSONL/BibTeX files, in one folder."""
    folder = tmp_path_factory.mktemp("inputs")
    shutil.copytree(sample_inputs()[0], folder / "underline")
    shutil.copytree(DATA / "anthology", folder / "anthology")
    shutil.copytree(DATA / "records", folder / "records")
    return folder


@pytest.fixture(scope="module")
def reference(inputs) -> str:
    return to_json(build([inputs]).graph)


def test_two_worker_processes_give_the_same_graph(inputs, reference):
    assert to_json(build([inputs], workers=2).graph) == reference


def test_a_local_dask_cluster_gives_the_same_graph(inputs, reference):
    pytest.importorskip("distributed")
    assert to_json(build([inputs], workers=2, dask="local").graph) == reference


def test_a_rebuild_reuses_the_cache_and_gives_the_same_graph(inputs, reference, tmp_path):
    first = build([inputs], cache_dir=tmp_path / "cache")
    assert len(first.extracted) == len(first.documents)
    second = build([inputs], cache_dir=tmp_path / "cache")
    assert second.extracted == ()
    assert to_json(second.graph) == reference


def test_a_changed_file_alone_is_extracted_again(inputs, tmp_path):
    folder = tmp_path / "in"
    shutil.copytree(inputs, folder)
    build([folder], cache_dir=tmp_path / "cache")
    records = folder / "records" / "papers.jsonl"
    records.write_text(records.read_text(encoding="utf-8") + '{"title": "A paper added later", "year": 2024}\n',
                       encoding="utf-8")
    rebuilt = build([folder], cache_dir=tmp_path / "cache")
    assert rebuilt.extracted == ("in/records/papers.jsonl",)
    assert any(d.get("title") == "A paper added later" for _, d in rebuilt.graph.nodes(data=True))
    assert to_json(rebuilt.graph) == to_json(build([folder]).graph)


def test_a_removed_file_disappears_from_the_graph_and_the_cache(inputs, tmp_path):
    folder = tmp_path / "in"
    shutil.copytree(inputs, folder)
    cache = tmp_path / "cache"
    before = build([folder], cache_dir=cache)
    (folder / "records" / "refs.bib").unlink()
    after = build([folder], cache_dir=cache)
    assert after.extracted == ()
    assert not any(d.get("title", "") and d["title"].startswith("TinyQA") for _, d in after.graph.nodes(data=True))
    assert len(list(cache.glob("*/*.json"))) == len(before.documents) - 1


def test_a_new_pipeline_version_extracts_everything_again(inputs, tmp_path, monkeypatch):
    build([inputs], cache_dir=tmp_path / "cache")
    monkeypatch.setattr(kg.pipeline, "PIPELINE_VERSION", kg.pipeline.PIPELINE_VERSION + "-changed")
    again = build([inputs], cache_dir=tmp_path / "cache")
    assert len(again.extracted) == len(again.documents)


def test_a_new_version_of_one_formats_reader_reads_only_that_formats_files_again(inputs, tmp_path, monkeypatch):
    first = build([inputs], cache_dir=tmp_path / "cache")
    versions = {**kg.pipeline.FORMAT_READER_VERSIONS, LECTURE_PAGE: "changed"}
    monkeypatch.setattr(kg.pipeline, "FORMAT_READER_VERSIONS", versions)
    again = build([inputs], cache_dir=tmp_path / "cache")
    pages = sorted(p.name for p in (inputs / "underline").glob("*.txt"))
    assert pages and sorted(Path(name).name for name in again.extracted) == pages
    assert len(again.documents) == len(first.documents) > len(pages)


def test_a_corrupt_cache_entry_is_extracted_again(inputs, tmp_path, reference):
    build([inputs], cache_dir=tmp_path / "cache")
    entry = next((tmp_path / "cache").glob("*/*.json"))
    entry.write_bytes(b"not an entry")
    again = build([inputs], cache_dir=tmp_path / "cache")
    assert len(again.extracted) == 1
    assert to_json(again.graph) == reference


def test_a_file_kg_failed_on_is_not_cached(inputs, tmp_path, monkeypatch, reference):
    real = READERS["bibtex"]

    def flaky(text, source, repeated):
        raise RuntimeError("a bug in a reader")

    monkeypatch.setitem(READERS, "bibtex", replace(real, read=flaky))
    first = build([inputs], cache_dir=tmp_path / "cache")
    assert [p.message.split(" (")[0] for p in first.problems] == ["kg failed on this file"] * 2  # both .bib files
    monkeypatch.setitem(READERS, "bibtex", real)
    again = build([inputs], cache_dir=tmp_path / "cache")
    assert sorted(Path(name).name for name in again.extracted) == ["anthology_refs.bib", "refs.bib"]
    assert to_json(again.graph) == reference
