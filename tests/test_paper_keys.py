"""The papers' text keys kept beside the document cache are those a build computes, and are used only where they are."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import kg.paper_keys
from kg.paper_keys import MEMO_FILE, PaperKeyMemo, PaperKeys, text_keys
from kg.pipeline import build
from ontology.records import DocumentRecords, Paper, Provenance

SAMPLE = Path(__file__).parent / "data" / "records"


def _document(source: str, *titles: str) -> DocumentRecords:
    papers = tuple(Paper(ref=f"title:{title}", provenance=Provenance(source, line=n), title=title,
                         abstract=f"An *abstract*\u2212of  {title}.") for n, title in enumerate(titles))
    return DocumentRecords(source=source, papers=papers)


def test_kept_keys_equal_computed_ones_and_are_read_back(tmp_path: Path) -> None:
    documents = [("k1", _document("a.txt", "One", "Two")), ("k2", _document("b.txt", "Three"))]
    first = PaperKeyMemo.read(tmp_path)
    computed = first.keys_of(documents)
    assert first.read_back == 0
    first.write(tmp_path)
    again = PaperKeyMemo.read(tmp_path)
    fresh = [("k1", _document("a.txt", "One", "Two")), ("k2", _document("b.txt", "Three"))]  # other objects
    kept = again.keys_of(fresh)
    assert again.read_back == 2
    assert [kept[id(p)] for _, d in fresh for p in d.papers] == [computed[id(p)] for _, d in documents
                                                                  for p in d.papers]
    assert [kept[id(p)] for _, d in fresh for p in d.papers] == [text_keys(p) for _, d in fresh for p in d.papers]
    before = (tmp_path / MEMO_FILE).stat().st_mtime_ns
    again.write(tmp_path)  # nothing changed: not written again
    assert (tmp_path / MEMO_FILE).stat().st_mtime_ns == before


@pytest.mark.parametrize("damage", ["other papers", "other code", "not json", "wrong shape", "a key changed"])
def test_keys_that_do_not_fit_are_computed(damage: str, tmp_path: Path, monkeypatch) -> None:
    memo = PaperKeyMemo.read(tmp_path)
    memo.keys_of([("k1", _document("a.txt", "One"))])
    memo.write(tmp_path)
    path = tmp_path / MEMO_FILE
    document = _document("a.txt", "One")
    if damage == "other papers":  # the same cache key, other records (cannot happen, but must not be trusted)
        document = _document("a.txt", "Uno")
    elif damage == "other code":
        monkeypatch.setattr(kg.paper_keys, "code_digest", lambda: "0" * 64)
    elif damage == "not json":
        path.write_bytes(b"\xff{")
    elif damage == "a key changed":  # still well formed, but not what was written: a flipped letter
        path.write_bytes(path.read_bytes().replace(b"title:one", b"title:onf"))
    else:  # a key of another type, under a header whose checksum fits: only the shape check can refuse it
        head, _, body = path.read_bytes().partition(b"\n")
        documents = json.loads(body)
        documents["k1"][0][1] = 7
        body = json.dumps(documents).encode("ascii")
        header = {**json.loads(head), "sha256": hashlib.sha256(body).hexdigest()}
        path.write_bytes(json.dumps(header).encode("ascii") + b"\n" + body)
    again = PaperKeyMemo.read(tmp_path)
    found = again.keys_of([("k1", document)])
    assert again.read_back == 0
    assert found == {id(document.papers[0]): text_keys(document.papers[0])}


def test_keys_given_are_the_keys_used() -> None:
    paper = _document("a.txt", "One").papers[0]
    assert PaperKeys.of(paper, text_keys(paper)) == PaperKeys.of(paper)
    assert PaperKeys.of(paper, ("title:given", None)).title == "title:given"


def test_a_rebuild_reads_the_keys_back_and_builds_the_same_graph(tmp_path: Path, monkeypatch) -> None:
    inputs = [SAMPLE / "papers.jsonl", SAMPLE / "refs.bib"]
    cache = tmp_path / "cache"
    first = build(inputs, cache_dir=cache, similarity=False)
    assert (cache / MEMO_FILE).is_file()
    computed = []
    real = kg.paper_keys.text_keys
    monkeypatch.setattr(kg.paper_keys, "text_keys", lambda paper: computed.append(paper) or real(paper))
    again = build(inputs, cache_dir=cache, similarity=False)
    assert computed == []  # every paper's keys read back
    uncached = build(inputs, similarity=False)
    for graph in (again.graph, uncached.graph):
        assert list(graph.nodes(data=True)) == list(first.graph.nodes(data=True))
        assert list(graph.edges(keys=True, data=True)) == list(first.graph.edges(keys=True, data=True))


def test_a_lone_surrogate_in_a_title_is_kept_and_read_back(tmp_path: Path) -> None:
    paper = Paper(ref="title:x", provenance=Provenance("a.txt"), title="One \ud800 two")  # JSON may escape one
    documents = [("k1", DocumentRecords(source="a.txt", papers=(paper,)))]
    memo = PaperKeyMemo.read(tmp_path)
    computed = memo.keys_of(documents)
    memo.write(tmp_path)
    again = PaperKeyMemo.read(tmp_path)
    assert again.keys_of(documents) == computed and again.read_back == 1
