"""Spoil an output index the way a disk, a tool or a person might (test helper for the reuse tests).

The indexes beside graph.json, graph.ttl and the graph tables are numpy ``.npz``
files written by :func:`exports.piece_index.save_index`: arrays, a JSON ``meta``
array naming the file they describe, and a checksum over the arrays. Tests import
this module as ``from index_damage import ...`` (``tests/`` is on ``sys.path``).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

__all__ = ["change_array", "lie_about_the_file"]


def change_array(index: Path, name: str, change: Callable[[np.ndarray], np.ndarray]) -> None:
    """Replace the array ``name`` of ``index`` by ``change(array)``, keeping the old checksum (so: damaged)."""
    with np.load(index, allow_pickle=False) as data:
        arrays = {key: data[key].copy() for key in data.files}
    arrays[name] = change(arrays[name])
    np.savez(index, **arrays)


def lie_about_the_file(index: Path) -> None:
    """Make ``index`` name another file: a SHA-256 of zeros in its ``meta``, its arrays intact."""
    def zero_digest(meta: np.ndarray) -> np.ndarray:
        described = json.loads(meta.tobytes())
        return np.frombuffer(json.dumps({**described, "sha256": "0" * 64}).encode(), dtype=np.uint8)

    change_array(index, "meta", zero_digest)
