"""A per-document cache of extracted records, kept inside the output folder, that holds data only.

Each document's records are stored under a key made of the SHA-256 of its
bytes, its name, the extraction pipeline version and anything else its
records depend on (for lecture pages: the boilerplate shared with other
pages).  Rebuilding after one file changed therefore re-extracts only that
file; a new pipeline version invalidates everything.  Entries not used by a
build are removed at its end, so the cache never outgrows the inputs.

An entry is JSON (:mod:`ontology.records_data`), never a pickle: reading one
cannot run code.  Its first line names the format, the key it was written
under and the SHA-256 of the JSON that follows, so an entry that was
corrupted, copied from another key or written by another kg version is a
miss with one warning, and its document is extracted again.  The cache never
follows a link: a linked entry or folder is treated as not there.

>>> import tempfile
>>> from ontology.records import DocumentRecords
>>> cache = DocumentCache(Path(tempfile.mkdtemp()))
>>> key = cache_key("sha-of-bytes", "page.txt", "pipeline-3")
>>> cache.get(key) is None
True
>>> cache.put(key, DocumentRecords(source="page.txt"))
>>> cache.get(key).source
'page.txt'
>>> _ = cache.folder.joinpath(key[:2], key + ".json").write_bytes(b"not an entry")
>>> cache.get(key) is None, cache.warnings[-1].endswith(".json: is not a kg cache entry; extracting its document again")
(True, True)
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from pathlib import Path

from ontology.records import DocumentRecords
from ontology.records_data import RecordsDataError, from_data, to_data
from ontology.util.files import read_regular_file, write_bytes_atomic

__all__ = ["CACHE_FORMAT", "MAX_ENTRY_BYTES", "DocumentCache", "cache_key", "framed", "prune_shards", "shard_path",
           "store_file", "usable_folder"]

#: Bumped whenever the stored form of the records changes shape.
CACHE_FORMAT = "5"  # 5: JSON with a checksum instead of pickles
_MAGIC = b"kg-cache"
#: An entry larger than this is not one kg wrote (records of a 200 MB volume stay far below it).
MAX_ENTRY_BYTES = 1 << 30


def cache_key(*parts: str) -> str:
    """A file-name-safe key for the records that ``parts`` determine."""
    return hashlib.sha256("\x1f".join((CACHE_FORMAT, *parts)).encode("utf-8")).hexdigest()


class DocumentCache:
    """Records of documents already extracted, one JSON entry per document under ``folder``.

    Problems met while reading entries are collected in :attr:`warnings`
    (one line each); they never stop a build.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.used: set[str] = set()
        self.hits = 0
        self.misses = 0
        self.warnings: list[str] = []
        #: False when the folder is a link or not a folder: then nothing is read, written or deleted.
        self.usable = usable_folder(self.folder)
        if not self.usable:
            self.warnings.append(f"{self.folder} is a link or not a folder; building without the cache "
                                 "(remove it to cache again)")

    def _path(self, key: str) -> Path:
        return shard_path(self.folder, key)

    def get(self, key: str) -> DocumentRecords | None:
        """The cached records for ``key``, or None (a missing, linked or damaged entry counts as missing)."""
        self.used.add(key)
        path = self._path(key)
        data = _read_entry(path) if self.usable else None
        if data is None:
            self.misses += 1
            return None
        try:
            records = _decode(data, key)
        except RecordsDataError as error:
            self.warnings.append(f"{path}: {error}; extracting its document again")
            self.misses += 1
            return None
        self.hits += 1
        return records

    def put(self, key: str, records: DocumentRecords) -> None:
        """Store ``records`` under ``key`` (atomically: a crash never leaves half an entry)."""
        self.used.add(key)
        if not self.usable:
            return
        store_file(self._path(key), _encode(records, key))

    def prune(self) -> int:
        """Delete the entries this build did not use (inputs removed or changed); return how many.

        Links are removed as links: nothing outside the cache folder is touched.
        """
        return prune_shards(self.folder, self.used) if self.usable else 0


def usable_folder(folder: Path) -> bool:
    """Whether kg may keep files in the cache folder ``folder``: it is a folder, or not there yet, and not a link
    (what a link points to lies outside the output folder, which kg never writes).

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp())
    >>> usable_folder(out / ".kg-cache"), usable_folder(out)
    (True, True)
    >>> (out / "elsewhere").symlink_to(out)
    >>> usable_folder(out / "elsewhere")
    False
    """
    return not folder.is_symlink() and (folder.is_dir() or not folder.exists())


def shard_path(folder: Path, name: str) -> Path:
    """Where a file store under ``folder`` keeps the JSON file ``name`` (a hex digest): in a folder named by its
    first two characters, so that no folder holds more than a few thousand files."""
    return folder / name[:2] / f"{name}.json"


def framed(magic: bytes, code: bytes, key: str, body: bytes) -> bytes:
    """``body`` behind the header line a cached file starts with: ``magic``, the ``code`` (format) that wrote it,
    the ``key`` it was stored under and the SHA-256 of ``body``; what a reader checks before it trusts the body.

    >>> framed(b"kg-x", b"1", "k", b"{}")
    b'kg-x 1 k 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\\n{}'
    """
    return b" ".join((magic, code, key.encode(), hashlib.sha256(body).hexdigest().encode())) + b"\n" + body


def store_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (a :func:`shard_path`) atomically, making its shard folder, and replacing a link
    planted where that folder goes: kg writes only inside its cache folder."""
    if path.parent.is_symlink():
        path.parent.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, data)


def prune_shards(folder: Path, keep: Collection[str]) -> int:
    """Delete the files of the file store under ``folder`` whose names (less ``.json``) are not in ``keep``; return
    how many.  Links are removed as links, nothing outside ``folder`` is touched, and a folder inside a shard (not
    kg's) is left alone; a ``folder`` that is a link is not read."""
    removed = 0
    if folder.is_symlink() or not folder.is_dir():
        return removed
    for group in folder.iterdir():
        if group.is_symlink() or not group.is_dir():
            continue
        for path in group.iterdir():
            kept = path.suffix == ".json" and path.stem in keep and not path.is_symlink()
            if kept or (path.is_dir() and not path.is_symlink()):
                continue
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def _encode(records: DocumentRecords, key: str) -> bytes:
    body = json.dumps(to_data(records), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return framed(_MAGIC, CACHE_FORMAT.encode(), key, body)


def _decode(data: bytes, key: str) -> DocumentRecords:
    header, newline, body = data.partition(b"\n")
    parts = header.split(b" ")
    if not newline or len(parts) != 4 or parts[0] != _MAGIC:
        raise RecordsDataError("is not a kg cache entry")
    if parts[1] != CACHE_FORMAT.encode():
        raise RecordsDataError(f"was written by another kg version (cache format {parts[1][:8]!r})")
    if parts[2] != key.encode():
        raise RecordsDataError("belongs to another document (its key differs from its file name)")
    if hashlib.sha256(body).hexdigest().encode() != parts[3]:
        raise RecordsDataError("is damaged (its checksum does not match)")
    try:
        data = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, or an int longer than Python converts
        raise RecordsDataError(f"is damaged ({type(error).__name__})") from None
    try:
        return from_data(data)
    except (RecordsDataError, RecursionError) as error:
        raise RecordsDataError(f"does not hold kg records ({error})") from None


def _read_entry(path: Path) -> bytes | None:
    """The bytes of the entry at ``path``: a regular file of sane size reached without links, else None."""
    if path.parent.is_symlink():
        return None
    try:
        return read_regular_file(path, max_bytes=MAX_ENTRY_BYTES, follow_links=False)
    except OSError:
        return None
