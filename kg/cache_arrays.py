"""Numpy arrays kept in the document cache's folder between builds: checksummed ``.npz`` files, never pickles.

The similarity stage keeps two such files (the search's state,
:mod:`kg.similarity_incremental`, and the papers' term counts,
:mod:`kg.similarity_term_cache`).  Each holds its arrays and a ``meta``
array: a JSON object naming the file's format and key and the SHA-256 of
the arrays (:func:`checksum`).  :func:`write_arrays` writes one atomically;
reading is the caller's (``np.load(path, allow_pickle=False)``, then
:func:`read_meta` and a check of every array's shape and range).

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "state.npz"
>>> write_arrays(path, {"rows": np.arange(3)}, {"format": "1"})
>>> with np.load(path, allow_pickle=False) as data:
...     meta = read_meta(data["meta"])
...     meta["sha256"] == checksum({"rows": data["rows"]})
True
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ontology.util.files import open_atomic

__all__ = ["checksum", "encode_texts", "read_meta", "write_arrays"]


def encode_texts(texts: Iterable[str]) -> np.ndarray:
    """``texts`` as one uint8 array (their JSON list in UTF-8), which an ``.npz`` holds without pickling."""
    return np.frombuffer(json.dumps(list(texts), ensure_ascii=False).encode("utf-8"), dtype=np.uint8)


def checksum(arrays: Mapping[str, np.ndarray]) -> str:
    """The SHA-256 of the arrays' names and bytes, in name order (each array's own memory is digested, not a
    copy of its bytes)."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        digest.update(name.encode())
        digest.update(np.ascontiguousarray(arrays[name]).reshape(-1).view(np.uint8))
    return digest.hexdigest()


def write_arrays(path: Path, arrays: Mapping[str, np.ndarray], meta: Mapping[str, Any]) -> None:
    """Write ``arrays`` and ``meta`` (with the arrays' :func:`checksum` added) to ``path`` atomically: a killed
    build leaves the previous file whole.  An unwritable folder is let be: the next build computes everything.

    The file is written as it is made, never held whole: the full Anthology's search state (48 MB) was made in
    memory and copied once more to be written, 0.1 GB at the similarity stage's end, where the graph already
    holds every link."""
    described = encode_texts([json.dumps({**meta, "sha256": checksum(arrays)}, sort_keys=True)])
    try:
        with open_atomic(path, transactional=False) as stream:
            np.savez(stream, meta=described, **arrays)
    except OSError:
        pass


def read_meta(array: np.ndarray) -> dict:
    """The ``meta`` object :func:`write_arrays` stored (``ValueError`` or ``UnicodeDecodeError`` when damaged)."""
    meta = json.loads(json.loads(array.tobytes().decode("utf-8"))[0])
    if not isinstance(meta, dict):
        raise ValueError("the meta array holds no object")
    return meta
