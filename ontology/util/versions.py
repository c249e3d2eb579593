"""The installed versions of libraries, for the fingerprints that say when kg's outputs must be made again.

>>> installed_versions(["numpy", "no-such-distribution-kg"], missing="-")[1]
('no-such-distribution-kg', '-')
"""
from __future__ import annotations

from collections.abc import Iterable
from importlib import metadata

__all__ = ["installed_versions"]


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
