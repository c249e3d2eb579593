"""Where the learned role decision's weights are, and their hash, without spaCy (the cache key needs only this).

>>> len(role_weights_hash()), '"threshold"' in role_weights_text()
(12, True)
"""
from __future__ import annotations

import hashlib
from functools import cache
from importlib import resources

__all__ = ["ROLE_WEIGHTS", "role_weights_hash", "role_weights_text"]

#: The shipped weights of :mod:`extractors.entity_role_model` (``scripts/train_role_model.py fit``), in the package.
ROLE_WEIGHTS = "model/role_model.json"


@cache
def role_weights_text() -> str:
    """The shipped weights file's text."""
    return resources.files("extractors").joinpath(ROLE_WEIGHTS).read_text("utf-8")


@cache
def role_weights_hash() -> str:
    """SHA-1 (12 hex digits) of the shipped weights, part of the extraction cache key."""
    return hashlib.sha1(role_weights_text().encode("utf-8")).hexdigest()[:12]
