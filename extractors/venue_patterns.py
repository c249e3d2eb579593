"""The venue-fact patterns, read once from the data files in ``extractors/patterns/``.

``venue_patterns.jsonl`` holds one regular expression a line: ``name``,
``regex``, optional ``flags`` (names of :mod:`re` flags), a ``note``, and a
``positive`` sentence the pattern finds and a ``negative`` one it does not
(``tests/test_venue_facts.py`` checks both, and the groups in ``expect``).
Names in capitals (``YEAR``, ``PLACE``) are *fragments*: pieces spliced into
later entries wherever ``{NAME}`` appears.  Lower-case names are the patterns
the venue extractor compiles and uses.

Four fragments come from word lists instead: ``MONTH`` from
``venue_months.txt`` (one month a line, January first), and
``PLACE_PARTICLE``, ``NAME_PARTICLE`` and ``PLACE_FOLLOWER`` from the
``venue_*.txt`` lists of those names, joined as alternatives in file order.

Nothing is read at import time; each file is read on first use and kept.

Examples
--------
>>> pattern("venue_mention").search("Welcome to EMNLP 2023!").group("series", "year")
('EMNLP', '2023')
>>> month_numbers()["sept"], fragment("YEAR")
(9, '(?:19|20)\\\\d\\\\d(?!\\\\d)')
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, reduce
from importlib import resources
from operator import or_
from types import MappingProxyType

from ontology.errors import KgError

__all__ = [
    "PatternEntry",
    "VenuePatternError",
    "fragment",
    "month_numbers",
    "not_name_words",
    "pattern",
    "pattern_entries",
    "splice",
    "word_table",
]

_PATTERN_FILE = "patterns/venue_patterns.jsonl"
#: Fragments made from word lists: fragment name → file in ``extractors/patterns/``.
_WORD_LIST_FRAGMENTS = MappingProxyType(
    {
        "PLACE_PARTICLE": "venue_place_particles.txt",
        "NAME_PARTICLE": "venue_name_particles.txt",
        "PLACE_FOLLOWER": "venue_place_followers.txt",
    }
)
#: ``{NAME}`` in a regex: a fragment to splice in.  Regex repetition counts
#: (``{1,3}``) hold digits only, so they never look like one.
_PLACEHOLDER = re.compile(r"\{([A-Z][A-Z_]*)\}")


class VenuePatternError(KgError, ValueError):
    """A venue pattern file names an unknown fragment, flag or pattern."""


@dataclass(frozen=True)
class PatternEntry:
    """One line of ``venue_patterns.jsonl``, before its fragments are spliced in."""

    name: str
    regex: str
    flags: tuple[str, ...] = ()
    note: str = ""
    positive: str | None = None
    negative: str | None = None
    expect: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def is_fragment(self) -> bool:
        """Fragments (capitalised names) are spliced into other entries, not used alone."""
        return self.name.isupper()


def splice(regex: str, fragments: Mapping[str, str]) -> str:
    """``regex`` with each ``{NAME}`` replaced by ``fragments[NAME]``.

    Examples
    --------
    >>> splice(r"(?P<year>{YEAR})\\d{1,3}", {"YEAR": "20\\\\d\\\\d"})
    '(?P<year>20\\\\d\\\\d)\\\\d{1,3}'
    >>> splice("{NOPE}", {})
    Traceback (most recent call last):
    ...
    extractors.venue_patterns.VenuePatternError: unknown venue pattern fragment {NOPE}
    """

    def replace(match: re.Match[str]) -> str:
        try:
            return fragments[match.group(1)]
        except KeyError:
            raise VenuePatternError(f"unknown venue pattern fragment {match.group()}") from None

    return _PLACEHOLDER.sub(replace, regex)


def pattern_entries() -> tuple[PatternEntry, ...]:
    """Every entry of ``venue_patterns.jsonl``, in file order.

    Examples
    --------
    >>> [entry.name for entry in pattern_entries()][:2]
    ['UPPER', 'YEAR']
    """
    return _entries()


def fragment(name: str) -> str:
    """The regex text of fragment ``name`` with its own fragments spliced in.

    Examples
    --------
    >>> re.fullmatch(fragment("ORDINAL"), "Sixty-Fourth") is not None
    True
    """
    try:
        return _fragments()[name]
    except KeyError:
        raise VenuePatternError(f"unknown venue pattern fragment {name!r}") from None


def pattern(name: str) -> re.Pattern[str]:
    """The compiled venue pattern ``name`` (a lower-case entry of ``venue_patterns.jsonl``).

    Examples
    --------
    >>> pattern("edition_short").search("It marks the 30th edition of ACL.").group("edition")
    '30th'
    >>> pattern("no_such_pattern")
    Traceback (most recent call last):
    ...
    extractors.venue_patterns.VenuePatternError: unknown venue pattern 'no_such_pattern'
    """
    try:
        return _patterns()[name]
    except KeyError:
        raise VenuePatternError(f"unknown venue pattern {name!r}") from None


@cache
def month_numbers() -> Mapping[str, int]:
    """Lower-case month names and abbreviations → month number, from ``venue_months.txt``.

    Examples
    --------
    >>> month_numbers()["january"], month_numbers()["dec"]
    (1, 12)
    """
    months = _lines("venue_months.txt")
    return MappingProxyType(
        {name: number for number, line in enumerate(months, start=1) for name in line.split()}
    )


@cache
def not_name_words() -> frozenset[str]:
    """Capitalised words next to a chair's name that are not part of it ("General", "Message").

    Examples
    --------
    >>> "Message" in not_name_words(), "Smith" in not_name_words()
    (True, False)
    """
    return frozenset(_lines("venue_not_name_words.txt"))


@cache
def word_table(file_name: str) -> Mapping[str, str]:
    """A two-column list in ``extractors/patterns/``: first word of each line → second.

    Examples
    --------
    >>> word_table("venue_series_spellings.txt")["conll"]
    'CoNLL'
    """
    table: dict[str, str] = {}
    for line in _lines(file_name):
        key, value = line.split()
        table[key] = value
    return MappingProxyType(table)


# --------------------------------------------------------------------------
# Reading and building, once per process.
# --------------------------------------------------------------------------


def _lines(file_name: str) -> tuple[str, ...]:
    """The non-blank, non-comment lines of a word list, stripped, in file order."""
    text = resources.files("extractors").joinpath(f"patterns/{file_name}").read_text("utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@cache
def _entries() -> tuple[PatternEntry, ...]:
    text = resources.files("extractors").joinpath(_PATTERN_FILE).read_text("utf-8")
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        entries.append(
            PatternEntry(
                name=data["name"],
                regex=data["regex"],
                flags=tuple(data.get("flags", ())),
                note=data.get("note", ""),
                positive=data.get("positive"),
                negative=data.get("negative"),
                expect=MappingProxyType(dict(data.get("expect", {}))),
            )
        )
    return tuple(entries)


def _month_fragment() -> str:
    """Month names and abbreviations, capitalised, longest first so "Sept" wins over "Sep"."""
    names = sorted(month_numbers(), key=len, reverse=True)
    return "(?:" + "|".join(name.capitalize() for name in names) + r")\b\.?"


@cache
def _fragments() -> Mapping[str, str]:
    fragments = {"MONTH": _month_fragment()}
    for name, file_name in _WORD_LIST_FRAGMENTS.items():
        fragments[name] = "|".join(re.escape(word) for word in _lines(file_name))
    for entry in _entries():
        if entry.is_fragment:
            fragments[entry.name] = splice(entry.regex, fragments)
    return MappingProxyType(fragments)


@cache
def _patterns() -> Mapping[str, re.Pattern[str]]:
    fragments = _fragments()
    compiled: dict[str, re.Pattern[str]] = {}
    for entry in _entries():
        if entry.is_fragment:
            continue
        try:
            flags = reduce(or_, (re.RegexFlag[flag] for flag in entry.flags), re.RegexFlag(0))
        except KeyError as error:
            raise VenuePatternError(f"venue pattern {entry.name!r}: unknown flag {error}") from None
        compiled[entry.name] = re.compile(splice(entry.regex, fragments), flags)
    return MappingProxyType(compiled)
