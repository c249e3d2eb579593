"""One object per equal attribute value while a graph is assembled: numbers, lists and dicts of plain values.

Most of a built graph's small containers repeat: on the full Anthology every computed ``similarTo`` edge has
``bases == ["combined"]`` and one of a few thousand ``scores`` dicts, each ``creator`` edge's ``sources`` is one
of about 1,300 lists of one file, and most papers' ``keywords`` and ``extra`` are empty.  Made once per value
instead of once per node or edge, they take about 0.17 GB less of the build's memory (docs/scaling.md, "Peak
memory, twenty-fourth session").

A value made here may be the same object as another node's or edge's attribute, as the values of a graph's
shallow ``copy()`` are: kg's own code never changes one in place (it puts a new value instead), and code that
changes a built graph should do the same.  Only values whose items are strings, ``None``, booleans or numbers
are shared, keyed by every item's type and value, so a shared value is always equal, item by item and type by
type, to what it stands for (``[1]``, ``[1.0]`` and ``[True]`` stay three lists; a float zero or a NaN is never
shared, since ``0.0 == -0.0`` and ``nan != nan``).

>>> shared = SharedValues()
>>> a, b = shared.list(["x.xml"]), shared.list(("x.xml",))
>>> a is b, a
(True, ['x.xml'])
>>> shared.list([1]) is shared.list([1.0]), shared.dict({"combined": 0.5}) is shared.dict({"combined": 0.5})
(False, True)
>>> shared.list([0.0]) is shared.list([0.0]), shared.list([[1]]) is shared.list([[1]])
(False, False)
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from math import isnan
from typing import Any

__all__ = ["SharedValues", "shareable_float"]

_PLAIN = (str, bool, type(None))


class SharedValues:
    """A memo of equal values for one graph's assembly: :meth:`number`, :meth:`list` and :meth:`dict`."""

    def __init__(self) -> None:
        self._numbers: dict[tuple[type, int | float], int | float] = {}
        self._lists: dict[tuple[Hashable, ...], list] = {}
        self._dicts: dict[tuple[Hashable, ...], dict] = {}

    def number(self, value: Any) -> Any:
        """``value``, as the first equal int or float of the same type given here (anything else as it is).

        Records decoded from JSON hold one int or float per occurrence (offsets, lines, confidences, years):
        650,000 objects on the full Anthology for 13,000 values.

        >>> shared = SharedValues()
        >>> shared.number(int("7")) is shared.number(int("7")), shared.number(1) is shared.number(True)
        (True, False)
        """
        kind = type(value)
        if kind is int or kind is float and shareable_float(value):
            return self._numbers.setdefault((kind, value), value)
        return value

    def list(self, items: Iterable[Any]) -> list:
        """A list of ``items`` in their order: one object per equal list of plain items, a new one otherwise."""
        items = tuple(items)
        key = _key(items)
        if key is None:
            return list(items)
        found = self._lists.get(key)
        if found is None:
            found = self._lists[key] = list(items)
        return found

    def dict(self, mapping: Mapping[str, Any]) -> dict:
        """A dict of ``mapping``'s items in their order: one object per equal dict of plain values."""
        items = tuple(mapping.items())
        key = _key(tuple(part for item in items for part in item))
        if key is None:
            return dict(items)
        found = self._dicts.get(key)
        if found is None:
            found = self._dicts[key] = dict(items)
        return found


def _key(items: tuple[Any, ...]) -> tuple[Hashable, ...] | None:
    """Every item's type and value, or None when an item is not plain (a container, a float zero, a NaN)."""
    key: list[Hashable] = []
    for item in items:
        kind = type(item)
        if kind in _PLAIN or kind is int or kind is float and shareable_float(item):
            key += (kind, item)
        else:
            return None
    return tuple(key)


def shareable_float(value: float) -> bool:
    """Whether one object may stand for every float equal to ``value``: not a zero (``0.0 == -0.0``, and a dict
    holding a zero score is common enough to be changed in place by accident) and not a NaN (equal to nothing).

    >>> shareable_float(0.5), shareable_float(0.0), shareable_float(float("nan"))
    (True, False, False)
    """
    return bool(value) and not isnan(value)
