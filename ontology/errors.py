"""The one base class of every error kg raises on purpose.

A :class:`KgError` is a problem the user can fix (a bad argument, a missing
or unreadable file, a malformed query). The library raises a subclass of it;
only the command line turns it into one line on standard error and an exit
status. Subclasses that used to derive from ``ValueError`` still do, so
callers that catch ``ValueError`` keep working.

>>> class ToyError(KgError):
...     pass
>>> str(ToyError("no input files found"))
'no input files found'
>>> isinstance(ToyError("x"), Exception), issubclass(ToyError, KgError)
(True, True)
"""
from __future__ import annotations

__all__ = ["KgError"]


class KgError(Exception):
    """A problem the user can fix; the CLI prints its message as one line."""
