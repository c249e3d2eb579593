"""The venues a page names, and where each block mentions a venue or a bare series.

A *venue label* is "SERIES YEAR" ("ACL 2026") in running text, on a line of
its own ("Machine Translation Summit 2025"), or a long name with a year and
its acronym ("the 2023 Conference on ... (EMNLP)").  A *series mention* names
a series without a year: the acronym alone ("the 30th edition of EMNLP"), a
long name the page ties to it ("Association for Computational Linguistics
(ACL 2026)"), or a capitalised run whose initials spell it.

Examples
--------
>>> labels = [venue_labels("Welcome to EMNLP 2023 and the EMNLP community!", 0)]
>>> venues = venues_named(labels, ["ACL 2026"])
>>> venues
{'EMNLP 2023': ('EMNLP', 2023), 'ACL 2026': ('ACL', 2026)}
>>> [(m.series, m.name) for m in series_mentions("the EMNLP community", 0, venues, {})]
[('EMNLP', None)]
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from extractors.blocks import TextBlock, parse_venue_label, split_venue_name
from extractors.venue_patterns import fragment, pattern

__all__ = [
    "VenueMention",
    "VenueTable",
    "acronym_suffix",
    "long_names",
    "series_mentions",
    "venue_labels",
    "venues_named",
]

#: Every venue of a page: label ("ACL 2026") → (series, year); both ``None``
#: for a known venue whose label does not parse.
VenueTable = dict[str, tuple[str | None, int | None]]


@dataclass(frozen=True)
class VenueMention:
    """A venue label or a bare series name at ``start:end`` of block ``pos``."""

    pos: int
    start: int
    end: int
    series: str
    name: str | None = None  # "ACL 2026"; None for a series alone


def venue_labels(text: str, pos: int, known: Sequence[str] = ()) -> list[VenueMention]:
    """Venue labels in block ``pos``: acronym labels in text, tied long names, whole-line labels, and the
    ``known`` labels the page gave elsewhere wherever the text writes them ("Interspeech 2028 will be held…").

    Examples
    --------
    >>> [m.name for m in venue_labels("Welcome to (ACL 2026)!\\nMachine Translation Summit 2025", 0)]
    ['ACL 2026', 'Machine Translation Summit 2025']
    >>> [(m.series, m.name) for m in venue_labels("Interspeech 2028 will be held in Oslo.", 0, ["Interspeech 2028"])]
    [('Interspeech', 'Interspeech 2028')]
    """
    found = [
        VenueMention(pos, m.start(), m.end(), m.group("series"), f"{m.group('series')} {m.group('year')}")
        for m in pattern("venue_mention").finditer(text)
    ]
    for match in pattern("long_name_tie").finditer(text):
        year = match.group("year")
        if year and not match.group("acronym_year"):
            # "the 2023 Conference on ... (EMNLP)" names EMNLP 2023
            series = match.group("acronym")
            found.append(VenueMention(pos, match.start(), match.end(), series, f"{series} {year}"))
    offset = 0
    for line in text.split("\n"):
        label = parse_venue_label(line)
        stripped = line.strip()
        if label and not pattern("venue_mention").search(stripped):
            # a label with a multi-word series on its own line ("Machine Translation Summit 2025")
            start = offset + line.index(stripped)
            found.append(VenueMention(pos, start, start + len(stripped), label[0], f"{label[0]} {label[1]}"))
        offset += len(line) + 1
    starts = {mention.start for mention in found}
    for label in dict.fromkeys(" ".join(k.split()) for k in known):
        series, year = split_venue_name(label)
        if not label or year is None:
            continue
        for match in re.finditer(rf"(?<![\w\-./]){re.escape(label)}(?![\w\-])", text):
            if match.start() not in starts:  # and it replaces a shorter label inside it ("SEM 2025" in "*SEM 2025")
                found = [m for m in found if not match.start() <= m.start < m.end <= match.end()]
                found.append(VenueMention(pos, match.start(), match.end(), series, label))
    return found


def venues_named(labels: Sequence[Sequence[VenueMention]], known_venues: Sequence[str]) -> VenueTable:
    """Every venue named by a label in the blocks or in ``known_venues``: name → (series, year).

    Examples
    --------
    >>> venues_named([], ["ACL  2026", "Findings of NAACL 2025", "Somewhere"])
    {'ACL 2026': ('ACL', 2026), 'Findings of NAACL 2025': ('Findings of NAACL', 2025), 'Somewhere': (None, None)}
    >>> venues_named([], ["WMT25", "Interspeech 2028"])
    {'WMT25': ('WMT', 2025), 'Interspeech 2028': ('Interspeech', 2028)}
    """
    venues: VenueTable = {}
    for block_labels in labels:
        for mention in block_labels:
            assert mention.name is not None
            venues.setdefault(mention.name, (mention.series, split_venue_name(mention.name)[1]))
    for label in known_venues:
        label = " ".join(label.split())
        parsed = parse_venue_label(label)
        inline = pattern("venue_mention").fullmatch(label)
        if inline:
            venues.setdefault(label, (inline.group("series"), int(inline.group("year"))))
        elif parsed:
            venues.setdefault(label, (parsed[0], parsed[1]))
        elif label:  # a label of another shape the page gave ("Interspeech 2028", "WMT25"): split all the same
            series, year = split_venue_name(label)
            venues.setdefault(label, (series, year) if year else (None, None))
    return venues


def acronym_suffix(run: str) -> Iterator[tuple[int, str]]:
    """``(offset, initials)`` of each suffix of a run of capitalised words.

    Examples
    --------
    >>> dict(acronym_suffix("Conference on Empirical Methods in Natural Language Processing"))[14]
    'EMNLP'
    """
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", run)]
    capitalised = [(start, word) for start, word in words if word[0].isupper()]
    for index, (start, _) in enumerate(capitalised):
        yield start, "".join(word[0] for _, word in capitalised[index:])


def long_names(blocks: Sequence[TextBlock], series: set[str]) -> dict[str, str]:
    """Long names the page ties to one of its series: long name → series.

    Both the whole bracketed run ("Annual Meeting of the Association for
    Computational Linguistics") and its suffix whose initials spell the
    acronym ("Association for Computational Linguistics") are kept.

    Examples
    --------
    >>> block = TextBlock("the Annual Meeting of the Association for Computational Linguistics (ACL)", 0, 73, 1, 0)
    >>> long_names([block], {"ACL"})
    {'Annual Meeting of the Association for Computational Linguistics': 'ACL', \
'Association for Computational Linguistics': 'ACL'}
    """
    names: dict[str, str] = {}
    for block in blocks:
        for match in pattern("long_name_tie").finditer(block.text):
            acronym, run = match.group("acronym"), match.group("long")
            if acronym not in series:
                continue
            names.setdefault(run, acronym)
            for offset, initials in acronym_suffix(run):
                if initials == acronym.upper() and len(initials) > 1:
                    names.setdefault(run[offset:], acronym)
    return names


def series_mentions(text: str, pos: int, venues: VenueTable, tied_names: dict[str, str]) -> list[VenueMention]:
    """Bare series names in block ``pos``: "30th edition of EMNLP", a tied long name,
    or a capitalised run whose initials spell a series of the page.

    ``tied_names`` maps long names to their series (see :func:`long_names`).

    Examples
    --------
    >>> venues = {"EMNLP 2025": ("EMNLP", 2025)}
    >>> text = "The Empirical Methods in Natural Language Processing meeting, EMNLP 2025"
    >>> [(m.start, m.end, m.series) for m in series_mentions(text, 0, venues, {})]
    [(4, 52, 'EMNLP')]
    """
    series_set = {series for series, _ in venues.values() if series}
    year = fragment("YEAR")
    found: list[VenueMention] = []
    for series in sorted(series_set):
        bare = re.compile(rf"(?<![\w\-]){re.escape(series)}(?![\w\-])(?![ \t]+{year})")
        found.extend(VenueMention(pos, m.start(), m.end(), series) for m in bare.finditer(text))
    for long_name, series in tied_names.items():
        start = text.find(long_name)
        while start >= 0:
            found.append(VenueMention(pos, start, start + len(long_name), series))
            start = text.find(long_name, start + 1)
    acronyms = {series.upper(): series for series in series_set if series.isalpha()}
    for run in pattern("capitalised_run").finditer(text):
        for offset, initials in acronym_suffix(run.group()):
            if len(initials) > 1 and initials in acronyms and " " in run.group()[offset:]:
                found.append(VenueMention(pos, run.start() + offset, run.end(), acronyms[initials]))
                break
    return found
