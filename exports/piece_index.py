"""An index of the pieces of an output file, so that the next build copies the pieces that did not change.

A streamed output (``graph.json``) is written as pieces in a fixed order,
each made from some part of the graph (a run of nodes or edges).  Its index, kept beside the document cache,
holds for each piece a digest of what it was made from and where its bytes
lie in the file, and names the file by its size and SHA-256.  The next
build looks each piece's digest up (:meth:`Previous.get`) and copies the
bytes instead of making them again.

The index is data only: a numpy ``.npz`` read with ``allow_pickle=False``
(digests, offsets, lengths) and a JSON header with the index's format, a key
of the code and libraries the pieces depend on, the file's size and SHA-256
and a SHA-256 of the arrays.  One that is missing, damaged or made by other
code, or whose file is not the one it was made with (edited, replaced, or
left by a build killed between the two), gives no :class:`Previous`, and
every piece is made again.  It is written in the output transaction of its
file, so the two are replaced together.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> pieces = Pieces()
>>> pieces.add(b"digest-of-piece1", b"hello ")
>>> pieces.add(b"digest-of-piece2", b"world")
>>> _ = (folder / "out.txt").write_bytes(b"hello world")
>>> pieces.save(folder / "out.npz", "key")
>>> with ExitStack() as stack:
...     previous, why = Previous.load(folder / "out.npz", folder / "out.txt", "key", stack)
...     previous.get(b"digest-of-piece2"), Previous.load(folder / "out.npz", folder / "out.txt", "other", stack)[1]
(b'world', 'the index was made by other code or libraries')
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from contextlib import ExitStack
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ontology.util.files import write_bytes_atomic

__all__ = ["DIGEST", "Pieces", "Previous", "load_index", "open_described", "save_index"]

#: Bytes of a piece's digest.
DIGEST = 16
#: Bumped whenever the index's layout or meaning changes.
_FORMAT = "1"
_ARRAYS = ("digests", "offsets", "lengths")


class Pieces:
    """The pieces of a file as it is written: each one's digest and place, and the file's SHA-256."""

    def __init__(self) -> None:
        self._digests: list[bytes] = []
        self._offsets: list[int] = []
        self._lengths: list[int] = []
        self._whole = hashlib.sha256()
        self.size = 0

    def __len__(self) -> int:
        return len(self._digests)

    def add(self, digest: bytes | None, data: bytes) -> None:
        """Note ``data`` written next, made from what ``digest`` names (``None``: not to be reused)."""
        self._whole.update(data)
        if digest is not None:
            self._digests.append(digest[:DIGEST].ljust(DIGEST, b"\0"))
            self._offsets.append(self.size)
            self._lengths.append(len(data))
        self.size += len(data)

    def save(self, index: Path, key: str) -> None:
        """Write the index (atomically; inside an output transaction, with the file)."""
        arrays = {"digests": np.frombuffer(b"".join(self._digests), dtype=np.uint8).reshape(-1, DIGEST),
                  "offsets": np.array(self._offsets, dtype=np.int64),
                  "lengths": np.array(self._lengths, dtype=np.int64)}
        save_index(index, arrays, names=_ARRAYS, format=_FORMAT, key=key, size=self.size,
                   sha256=self._whole.hexdigest())


class Previous:
    """The pieces of the last build's file, by digest, each read from that file when asked for.

    Read with ``os.pread``, not mapped: a map of the whole file would count
    in the process's resident memory (0.5 GB for the full Anthology's
    graph.ttl) for as long as it is open.
    """

    def __init__(self, places: dict[bytes, tuple[int, int]], descriptor: int) -> None:
        self._places = places
        self._descriptor = descriptor

    def get(self, digest: bytes) -> bytes | None:
        """The bytes of the piece made from what ``digest`` names, or ``None`` (also when the file, checked when
        it was opened, has since become shorter: the piece is then made again)."""
        place = self._places.get(digest[:DIGEST].ljust(DIGEST, b"\0"))
        if place is None:
            return None
        data = os.pread(self._descriptor, place[1], place[0])
        return data if len(data) == place[1] else None

    @classmethod
    def load(cls, index: Path, target: Path, key: str, stack: ExitStack) -> tuple[Previous | None, str]:
        """The pieces of ``target`` that ``index`` describes, or ``None`` and why not (``stack`` holds the file open)."""
        arrays, meta, why = load_index(index, names=_ARRAYS, format=_FORMAT, key=key)
        if arrays is None:
            return None, why
        digests, offsets, lengths = arrays["digests"], arrays["offsets"], arrays["lengths"]
        size = meta["size"]
        if (digests.dtype != np.uint8 or digests.ndim != 2
                or digests.shape[1] != DIGEST or offsets.dtype != np.int64 or lengths.dtype != np.int64
                or not len(digests) == len(offsets) == len(lengths)
                or (len(offsets) and (offsets.min() < 0 or lengths.min() < 0
                                      or int((offsets + lengths).max()) > size))):
            return None, "the index is damaged"
        file, why = open_described(target, meta, stack)
        if file is None:
            return None, why
        places = dict(zip(map(bytes, digests), zip(offsets.tolist(), lengths.tolist())))
        return cls(places, file.fileno()), ""


def save_index(index: Path, arrays: dict[str, np.ndarray], *, names: tuple[str, ...], format: str, key: str,
               size: int, sha256: str, **meta: object) -> None:
    """Write a data-only index of the file of ``size`` bytes and SHA-256 ``sha256``: ``arrays`` (in the order of
    ``names``), a JSON header with ``format``, ``key``, the arrays' SHA-256 and any other ``meta`` (atomically;
    inside an output transaction, with the file it describes)."""
    header = {**meta, "format": format, "key": key, "size": size, "sha256": sha256,
              "arrays": _checksum(arrays, names)}
    buffer = io.BytesIO()
    np.savez(buffer, meta=np.frombuffer(json.dumps(header).encode("utf-8"), dtype=np.uint8),
             **{name: arrays[name] for name in names})
    write_bytes_atomic(Path(index), buffer.getvalue())


def load_index(index: Path, *, names: tuple[str, ...], format: str,
               key: str) -> tuple[dict[str, np.ndarray] | None, dict, str]:
    """The arrays and header :func:`save_index` wrote, or ``None`` and why not (missing, unreadable, of another
    format or key, or arrays that are not those it wrote).  The file it describes is not checked here: see
    :func:`open_described`."""
    try:
        with np.load(index, allow_pickle=False) as data:
            if set(data.files) != {"meta", *names}:
                return None, {}, "the index holds other arrays"
            meta = json.loads(data["meta"].tobytes().decode("utf-8"))
            arrays = {name: data[name] for name in names}
    except FileNotFoundError:
        return None, {}, "no index"
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, UnicodeDecodeError) as error:
        return None, {}, f"the index cannot be read ({error.__class__.__name__})"
    if not isinstance(meta, dict) or meta.get("format") != format or meta.get("key") != key:
        return None, {}, "the index was made by other code or libraries"
    if meta.get("arrays") != _checksum(arrays, names) or not isinstance(meta.get("size"), int):
        return None, {}, "the index is damaged"
    return arrays, meta, ""


def open_described(target: Path, meta: dict, stack: ExitStack) -> tuple[BinaryIO | None, str]:
    """``target`` opened for reading (held open by ``stack``) when it is the file an index's header ``meta``
    describes (its size and SHA-256), else ``None`` and why not."""
    try:
        if target.is_symlink():
            return None, f"{target.name} is not the file the index describes"
        file = stack.enter_context(open(target, "rb"))  # noqa: SIM115 - closed by the caller's stack
        if os.fstat(file.fileno()).st_size != meta["size"]:
            return None, f"{target.name} is not the file the index describes"
        if meta["size"] == 0:
            return None, f"the last {target.name} is empty"
        whole = hashlib.file_digest(file, "sha256").hexdigest()
    except OSError as error:
        return None, f"{target.name} cannot be read ({error.__class__.__name__})"
    if whole != meta.get("sha256"):
        return None, f"{target.name} is not the file the index describes"
    return file, ""


def _checksum(arrays: dict[str, np.ndarray], names: tuple[str, ...] = _ARRAYS) -> str:
    digest = hashlib.sha256()
    for name in names:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()
