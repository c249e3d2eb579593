"""What a version of kg is made of: its files' digests and the installed libraries' versions.

The fingerprints that say when kg's outputs must be made again (the build
record, the views' pages, the similarity state) are drawn from these.

>>> installed_versions(["numpy", "no-such-distribution-kg"], missing="-")[1]
('no-such-distribution-kg', '-')
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

__all__ = ["file_digests", "installed_versions"]


def installed_versions(names: Iterable[str], *, missing: str) -> list[tuple[str, str]]:
    """``(name, version)`` of each distribution in ``names``, in their order; ``missing`` where one is not installed."""
    found = []
    for name in names:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = missing
        found.append((name, version))
    return found


def file_digests(root: Path, folders: Iterable[str]) -> list[tuple[str, bytes]]:
    """``(path relative to root, SHA-256 digest)`` of every file under ``root / folder`` for each of ``folders``,
    sorted by path within each folder, without ``__pycache__`` and ``.pyc`` files.  A file that cannot be read
    (another user's editor swap file) counts by its name: its digest is ``b"unreadable"``.

    >>> names = [name for name, _ in file_digests(Path(__file__).parent.parent, ["util"])]
    >>> "util/versions.py" in names
    True
    """
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                try:
                    digest = hashlib.sha256(path.read_bytes()).digest()
                except OSError:
                    digest = b"unreadable"
                found.append((path.relative_to(root).as_posix(), digest))
    return found
