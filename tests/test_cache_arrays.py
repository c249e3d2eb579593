"""The cache's array files (kg/cache_arrays.py): written as they are made, and the same file and checksum."""
from __future__ import annotations

import hashlib
import io
import json
import tracemalloc
from pathlib import Path

import numpy as np

from kg.cache_arrays import checksum, encode_texts, read_meta, write_arrays


def _arrays() -> dict[str, np.ndarray]:
    return {"rows": np.arange(8_000_000, dtype=np.int64), "names": encode_texts(["graph", "é"]),
            "strided": np.arange(12, dtype=np.int32).reshape(3, 4).T, "none": np.empty(0, np.int64)}


def test_a_file_is_written_without_being_held_whole(tmp_path: Path) -> None:
    """A 64 MB state once took twice its size in memory (made in a buffer, then copied to be written)."""
    arrays = _arrays()
    size = sum(array.nbytes for array in arrays.values())
    tracemalloc.start()
    try:
        write_arrays(tmp_path / "state.npz", arrays, {"format": "1"})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < size / 2


def test_the_file_and_checksum_are_those_of_the_arrays_bytes(tmp_path: Path) -> None:
    arrays = _arrays()
    expected = hashlib.sha256()
    for name in sorted(arrays):
        expected.update(name.encode() + np.ascontiguousarray(arrays[name]).tobytes())
    assert checksum(arrays) == expected.hexdigest()
    path = tmp_path / "state.npz"
    write_arrays(path, arrays, {"format": "1", "key": "k"})
    buffer = io.BytesIO()
    np.savez(buffer, meta=encode_texts([json.dumps({"format": "1", "key": "k", "sha256": checksum(arrays)},
                                                   sort_keys=True)]), **arrays)
    assert path.read_bytes() == buffer.getvalue()
    with np.load(path, allow_pickle=False) as data:
        assert read_meta(data["meta"])["sha256"] == checksum({name: data[name] for name in arrays})
        assert all(np.array_equal(data[name], array) for name, array in arrays.items())
    assert [p.name for p in tmp_path.iterdir()] == ["state.npz"]  # no temporary file left


def test_an_unwritable_folder_is_let_be(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    write_arrays(blocked / "state.npz", {"rows": np.arange(3)}, {"format": "1"})
    assert blocked.read_text() == "not a folder"
