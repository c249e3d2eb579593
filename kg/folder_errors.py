"""The error of a build folder kg cannot read, shared by its readers (:mod:`kg.build_files`, :mod:`kg.table_files`)."""
from __future__ import annotations

from ontology.errors import KgError

__all__ = ["BuildFolderError"]


class BuildFolderError(KgError, ValueError):
    """A folder that is not a kg build (or not a readable one); the message says what to run."""
