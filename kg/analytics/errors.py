"""The one error class of :mod:`kg.analytics`.

>>> from ontology.errors import KgError
>>> issubclass(AnalyticsError, KgError)
True
"""
from __future__ import annotations

from ontology.errors import KgError

__all__ = ["AnalyticsError"]


class AnalyticsError(KgError):
    """A question kg cannot answer as asked (missing output, unknown option); the message says what to do."""
