"""The extraction cache holds data only: planted, damaged, foreign or linked entries never run code or change a graph."""
from __future__ import annotations

import hashlib
import os
import pickle
import random
from pathlib import Path

import pytest

from exports.node_link import to_json
from kg.cache import CACHE_FORMAT, DocumentCache, cache_key
from kg.pipeline import build, sample_inputs
from ontology.records import DocumentRecords

PAGE = sample_inputs()[0] / "001_402f8b867fae7175.txt"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One sample page built with a cache; the reference graph and the cache folder."""
    folder = tmp_path_factory.mktemp("cached")
    cache = folder / "cache"
    result = build([PAGE], cache_dir=cache, similarity=False)
    (entry,) = cache.glob("*/*.json")
    return to_json(result.graph), cache, entry


class _Planted:
    """A pickle that would create a file when unpickled."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_planted_pickle_is_never_run(built, tmp_path):
    reference, cache, entry = built
    marker = tmp_path / "code-ran"
    original = entry.read_bytes()
    try:
        entry.write_bytes(pickle.dumps(_Planted(marker)))
        again = build([PAGE], cache_dir=cache, similarity=False)
        assert not marker.exists()
        assert to_json(again.graph) == reference and again.extracted  # extracted again, same graph
        assert len(again.warnings) == 1 and "is not a kg cache entry" in again.warnings[0]
        assert str(entry) in again.warnings[0]
    finally:
        entry.write_bytes(original)


def test_400_random_bit_flips_give_no_crash_and_no_silent_change(built):
    _, cache, entry = built
    key = entry.stem
    original = entry.read_bytes()
    expected = DocumentCache(cache).get(key)
    assert expected is not None
    flips = random.Random(17)
    outcomes = {"miss with a warning": 0, "same records": 0}
    try:
        for _ in range(400):
            damaged = bytearray(original)
            position = flips.randrange(len(damaged))
            damaged[position] ^= 1 << flips.randrange(8)
            entry.write_bytes(bytes(damaged))
            reader = DocumentCache(cache)
            records = reader.get(key)
            if records is None:
                assert len(reader.warnings) == 1 and str(entry) in reader.warnings[0]
                outcomes["miss with a warning"] += 1
            else:
                assert records == expected  # anything read back is exactly what was written
                outcomes["same records"] += 1
    finally:
        entry.write_bytes(original)
    assert outcomes["miss with a warning"] == 400  # every byte is covered by the header check or the checksum


def test_an_entry_copied_under_another_key_is_a_miss(built, tmp_path):
    _, _, entry = built
    cache = DocumentCache(tmp_path / "c")
    other = cache_key("another document")
    target = tmp_path / "c" / other[:2] / f"{other}.json"
    target.parent.mkdir(parents=True)
    target.write_bytes(entry.read_bytes())
    assert cache.get(other) is None and "belongs to another document" in cache.warnings[0]


def test_links_in_the_cache_are_never_followed(built, tmp_path):
    reference, _, _ = built
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me", encoding="utf-8")
    linked = tmp_path / "out-cache"
    linked.symlink_to(elsewhere, target_is_directory=True)
    result = build([PAGE], cache_dir=linked, similarity=False)
    assert to_json(result.graph) == reference
    assert [p.name for p in elsewhere.iterdir()] == ["precious.txt"]  # nothing written or deleted there
    assert "is a link or not a folder" in result.warnings[0]


def test_a_linked_entry_group_is_replaced_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cache = DocumentCache(tmp_path / "c")
    key = cache_key("doc")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / key[:2]).symlink_to(elsewhere, target_is_directory=True)
    assert cache.get(key) is None
    from ontology.records import DocumentRecords

    cache.put(key, DocumentRecords(source="doc"))
    assert list(elsewhere.iterdir()) == [] and not (tmp_path / "c" / key[:2]).is_symlink()
    assert cache.get(key).source == "doc"


def test_a_regular_file_where_the_cache_folder_should_be(tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder", encoding="utf-8")
    result = build([PAGE], cache_dir=blocker, similarity=False)
    assert result.graph.number_of_nodes() > 0 and "building without the cache" in result.warnings[0]
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_entry_does_not_hang(tmp_path):
    cache = DocumentCache(tmp_path / "c")
    key = cache_key("doc")
    (tmp_path / "c" / key[:2]).mkdir(parents=True)
    os.mkfifo(tmp_path / "c" / key[:2] / f"{key}.json")
    assert cache.get(key) is None


def test_entries_share_one_string_per_distinct_text(tmp_path):
    # A corpus's records repeat sources, extractor names, sentences and authors; read back from JSON each
    # would be a string of its own (a tenth of a large graph's memory), so the cache hands out one per text.
    from ontology.records import EntityKind, Mention, Provenance, Relation

    sentence = "We evaluate on SQuAD and on Natural Questions."
    mentions = tuple(Mention("p1", name, EntityKind.DATASET, Relation.USES, Provenance("page.txt", extractor="rules",
                                                                               sentence=sentence))
                     for name in ("SQuAD", "Natural Questions"))
    cache = DocumentCache(tmp_path)
    cache.put("k1", DocumentRecords(source="page.txt", mentions=mentions))
    cache.put("k2", DocumentRecords(source="page.txt", mentions=mentions[:1]))
    first, second = cache.get("k1"), cache.get("k2")
    assert first.mentions == mentions
    sentences = [m.provenance.sentence for m in first.mentions + second.mentions]
    assert all(text is sentences[0] for text in sentences)
    assert first.mentions[0].provenance.source is second.mentions[0].provenance.source is second.source


@pytest.mark.parametrize("body", [
    b'{"source":"a","papers":[{"ref":"t","provenance":{"source":"a","confidence":' + b"9" * 400 + b"}}]}",
    b'{"source":"a","complete":' + b"9" * 5000 + b"}",  # more digits than Python turns into an int
    b'{"source":"a","papers":[{"ref":"t","provenance":{"source":"a","confidence":1e400}}]}',  # read as inf
    b'{"source":"a","papers":[{"ref":"t","provenance":{"source":"a","confidence":NaN}}]}',
], ids=["an int too large for a float", "an int longer than Python converts", "1e400", "NaN"])
def test_a_hostile_entry_with_a_true_checksum_is_a_miss_not_a_crash(tmp_path, body):
    """The checksum finds damage, not an entry written to harm: such an entry is a miss with a warning."""
    cache = DocumentCache(tmp_path)
    key = cache_key("sha-of-bytes", "page.txt", "pipeline")
    path = cache.folder / key[:2] / f"{key}.json"
    path.parent.mkdir()
    header = b" ".join((b"kg-cache", CACHE_FORMAT.encode(), key.encode(), hashlib.sha256(body).hexdigest().encode()))
    path.write_bytes(header + b"\n" + body)
    assert cache.get(key) is None and cache.misses == 1
    assert "extracting its document again" in cache.warnings[-1]
