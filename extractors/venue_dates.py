"""Conference date ranges in running text, as ISO dates.

Three patterns of ``venue_patterns.jsonl`` find the ranges: month first
("July 2–7, 2026", "December 30, 2026 – January 2, 2027"), day first
("3–8 September 2027", "29 April – 4 May 2025") and ISO ("2025-11-05 to
2025-11-09").  A match counts only when both ends are real dates, in order,
at most 31 days apart.

Examples
--------
>>> list(date_ranges("From 3–8 September 2027 in Lisbon."))
[(5, 23, ('2027-09-03', '2027-09-08'))]
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date

from extractors.venue_patterns import month_numbers, pattern

__all__ = ["date_ranges", "parse_date_range"]

#: The patterns of ``venue_patterns.jsonl`` that find date ranges.
_RANGE_PATTERNS = ("date_range_month_first", "date_range_day_first", "date_range_iso")

#: The longest a conference runs, in days from its first to its last.
_MAX_DAYS = 31


def parse_date_range(text: str) -> tuple[str, str] | None:
    """The first date range in ``text`` as ISO dates ``(start, end)``, else ``None``.

    Parameters
    ----------
    text : str
        Running text such as "held July 2–7, 2026" or "from Dec 6th to Dec 10th, 2023".

    Returns
    -------
    tuple of str or None
        Start and end as ``YYYY-MM-DD``; ``None`` when no valid range is stated.

    Examples
    --------
    >>> parse_date_range("San Diego, California, from July 2 - 7, 2026.")
    ('2026-07-02', '2026-07-07')
    >>> parse_date_range("from November 5th to November 9th, 2025")
    ('2025-11-05', '2025-11-09')
    >>> parse_date_range("30 December 2026 – 2 January 2027")
    ('2026-12-30', '2027-01-02')
    >>> parse_date_range("EMNLP 2025: 2025-11-05 to 2025-11-09, Suzhou"), parse_date_range("2025-13-05 – 2025-13-09")
    (('2025-11-05', '2025-11-09'), None)
    >>> parse_date_range("on July 2, 2026") is None
    True
    """
    for _, _, dates in date_ranges(text):
        return dates
    return None


def date_ranges(
    text: str, year_at: Callable[[int], int | None] | None = None
) -> Iterator[tuple[int, int, tuple[str, str]]]:
    """``(start, end, (iso_start, iso_end))`` of each valid date range in ``text``, in order.

    Where a month-first and a day-first match overlap, the one that starts
    first (then the longer) wins. A range that writes no year ("June 3-5")
    takes the year ``year_at(start)`` gives; without one it is no range.

    Examples
    --------
    >>> text = "Registration: March 1 to May 15, 2026. Conference: 2–7 July 2026."
    >>> [dates for _, _, dates in date_ranges(text)]
    [('2026-07-02', '2026-07-07')]
    >>> [dates for _, _, dates in date_ranges("It runs June 3-5.", lambda start: 2027)]
    [('2027-06-03', '2027-06-05')]
    """
    matches = sorted(
        (match for name in _RANGE_PATTERNS for match in pattern(name).finditer(text)),
        key=lambda m: (m.start(), -m.end()),
    )
    last_end = -1
    for match in matches:
        if match.start() < last_end:
            continue
        dates = _iso_range(match, year_at(match.start()) if year_at and not match.group("y2") else None)
        if dates:
            last_end = match.end()
            yield match.start(), match.end(), dates


def _iso_range(match: re.Match[str], year: int | None = None) -> tuple[str, str] | None:
    """ISO start and end of a date-range match (``year``: the last date's, where the match writes none);
    ``None`` when it is no valid range."""
    months = month_numbers()

    def month(name: str | None) -> int | None:
        """A month's number from its name ("Sept.") or, in an ISO date, its digits ("09")."""
        if not name:
            return None
        return int(name) if name.isdigit() else months.get(name.rstrip(".").lower())

    def day(text: str) -> int:
        return int(re.match(r"\d+", text).group())  # type: ignore[union-attr]

    first_month = month(match.group("m1")) or month(match.group("m2"))
    last_month = month(match.group("m2")) or first_month
    if first_month is None or last_month is None:
        return None
    first_day, last_day = day(match.group("d1")), day(match.group("d2"))
    if match.group("y2"):
        last_year = int(match.group("y2"))
    elif year is not None:
        last_year = year
    else:
        return None
    if match.group("y1"):
        first_year = int(match.group("y1"))
    else:
        first_year = last_year if (first_month, first_day) <= (last_month, last_day) else last_year - 1
    try:
        first, last = date(first_year, first_month, first_day), date(last_year, last_month, last_day)
    except ValueError:
        return None
    if not first <= last or (last - first).days > _MAX_DAYS:
        return None
    return first.isoformat(), last.isoformat()
