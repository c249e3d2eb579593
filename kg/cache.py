"""A per-document cache of extracted records, kept inside the output folder.

Each document's records are stored under a key made of the SHA-256 of its
bytes, its name, the extraction pipeline version and anything else its
records depend on (for lecture pages: the boilerplate shared with other
pages).  Rebuilding after one file changed therefore re-extracts only that
file; a new pipeline version invalidates everything.  Entries not used by a
build are removed at its end, so the cache never outgrows the inputs.

>>> import tempfile
>>> from ontology.records import DocumentRecords
>>> cache = DocumentCache(Path(tempfile.mkdtemp()))
>>> key = cache_key("sha-of-bytes", "page.txt", "pipeline-3")
>>> cache.get(key) is None
True
>>> cache.put(key, DocumentRecords(source="page.txt"))
>>> cache.get(key).source
'page.txt'
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from ontology.records import DocumentRecords
from ontology.util.files import write_bytes_atomic

__all__ = ["DocumentCache", "cache_key", "CACHE_FORMAT"]

#: Bumped whenever the pickled record classes change shape.
CACHE_FORMAT = "4"  # 4: the record classes moved to ontology.records


def cache_key(*parts: str) -> str:
    """A file-name-safe key for the records that ``parts`` determine."""
    return hashlib.sha256("\x1f".join((CACHE_FORMAT, *parts)).encode("utf-8")).hexdigest()


class DocumentCache:
    """Records of documents already extracted, one pickle file per document under ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.used: set[str] = set()
        self.hits = 0
        self.misses = 0

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.pickle"

    def get(self, key: str) -> DocumentRecords | None:
        """The cached records for ``key``, or None (an unreadable entry counts as missing)."""
        self.used.add(key)
        try:
            with self._path(key).open("rb") as handle:
                records = pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError):
            self.misses += 1
            return None
        if not isinstance(records, DocumentRecords):
            self.misses += 1
            return None
        self.hits += 1
        return records

    def put(self, key: str, records: DocumentRecords) -> None:
        """Store ``records`` under ``key`` (atomically: a crash never leaves half an entry)."""
        self.used.add(key)
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL))

    def prune(self) -> int:
        """Delete the entries this build did not use (inputs removed or changed); return how many."""
        removed = 0
        for path in self.folder.glob("*/*.pickle"):
            if path.stem not in self.used:
                path.unlink(missing_ok=True)
                removed += 1
        return removed
