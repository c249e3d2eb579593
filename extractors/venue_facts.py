"""Conference facts (place, dates, edition, general chair) from a page's boilerplate.

A lecture page mixes the welcome messages, chair messages and "X will be held
in ... from ... to ..." notices of several conferences.  This module finds every
venue label ("SERIES YEAR") the blocks name, pulls out the facts stated in
them, and attributes each fact to a venue by the structure of the page:

1. a venue label in the fact's own sentence ("(ACL 2026), held in ...");
2. a bare series name in that sentence ("the 30th edition of EMNLP"), or
   a long name the page ties to a series ("Association for Computational
   Linguistics (ACL 2026)", or whose initials spell it);
3. a venue label, then a series name, elsewhere in the fact's block;
4. the nearest block that names a venue or a series, looking outward from
   the fact's block, the previous block before the next one.

A series name resolves to the page's venue of that series whose label is
nearest (in blocks) to the fact; several facts of one kind for a venue are
merged by preferring the most complete statement.

Examples
--------
>>> page = (
...     "COLING 2027\\n\\n"
...     "Welcome to COLING 2027 in Lisbon, Portugal (September 3–8, 2027)!\\n\\n"
...     "Message from the General Chair, Ana Sousa"
... )
>>> [venue] = extract_venue_facts(split_blocks(page), source="page.txt")
>>> venue.name, venue.location, venue.start_date, venue.end_date, venue.general_chair
('COLING 2027', 'Lisbon, Portugal', '2027-09-03', '2027-09-08', 'Ana Sousa')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Iterator, Sequence

from extractors.blocks import TextBlock, parse_venue_label, split_blocks  # split_blocks: doctests
from ontology.records import Provenance, Venue

__all__ = ["extract_venue_facts", "parse_date_range"]

EXTRACTOR = "venue_facts"

#: How many blocks away from a fact the neighbour rule still looks for a venue.
_MAX_NEIGHBOUR_DISTANCE = 3

# --------------------------------------------------------------------------
# Building blocks of the patterns (plain strings, combined into the compiled
# patterns below).
# --------------------------------------------------------------------------

_UPPER = "A-ZÀ-ÖØ-Þ"
_YEAR = r"(?:19|20)\d\d(?!\d)"
_MONTH_NUMBERS = MappingProxyType(
    {
        name: number
        for number, names in enumerate(
            (
                ("january", "jan"),
                ("february", "feb"),
                ("march", "mar"),
                ("april", "apr"),
                ("may",),
                ("june", "jun"),
                ("july", "jul"),
                ("august", "aug"),
                ("september", "sept", "sep"),
                ("october", "oct"),
                ("november", "nov"),
                ("december", "dec"),
            ),
            start=1,
        )
        for name in names
    }
)
#: Month names and abbreviations, longest first so "Sept" wins over "Sep".
_MONTH = "(?:" + "|".join(
    name.capitalize() for name in sorted(_MONTH_NUMBERS, key=len, reverse=True)
) + r")\b\.?"
_WEEKDAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b"
_DAY = r"(?<!\d)[0-3]?\d(?:st|nd|rd|th)?(?!\d)"
#: What joins the two ends of a range: "–", "-", "to", "until", "and" ("between ... and").
_RANGE_JOIN = r"\s*(?:[-–—]|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b|\band\b)\s*"

#: A series acronym: starts with a capital and has at least two ("ACL", "EMNLP",
#: "NeurIPS", "LREC-COLING"); "Singapore" or "Dec" are not series.
_ACRONYM = r"[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*"

#: A capitalised word, and a run of them joined by function words:
#: "Conference on Empirical Methods in Natural Language Processing".
_CAP_WORD = rf"[{_UPPER}][\w'’\-]*"
_CAP_RUN = rf"{_CAP_WORD}(?:[ \t]+(?:(?:of|the|for|on|in|and|&)[ \t]+)*{_CAP_WORD})*"

#: English ordinals as digits ("64th") or words ("thirtieth", "Sixty-Fourth").
_ORDINAL = (
    r"(?:\d{1,3}(?:st|nd|rd|th)"
    r"|(?i:(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ]?)?"
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth"
    r"|(?:twen|thir|for|fif|six|seven|eigh|nine)tieth))"
)

#: One component of a place name ("San Diego", "St. Julian's", "Rio de Janeiro",
#: "D.C."); never a month or weekday, so "USA, July 2–7" stops before "July".
_PLACE_WORD = (
    rf"(?:[{_UPPER}]\.(?:[{_UPPER}]\.)+|St\."
    rf"|(?!{_MONTH}|{_WEEKDAY})[{_UPPER}][\w'’\-]*)"
)
_PLACE_PART = (
    rf"{_PLACE_WORD}(?:[ \t]+(?:(?:de|del|da|do|di|la|le|el|am|an|upon|of)[ \t]+)?{_PLACE_WORD})*"
)
#: A place: comma-separated components, all capitalised ("San Diego, California, USA").
#: Lower-case words ("from", "on", "a vibrant hub") and dates end it.
_PLACE = rf"{_PLACE_PART}(?:,[ \t]*{_PLACE_PART})*"

#: A person's name: two to four capitalised words, maybe with initials and particles.
_NAME_WORD = rf"[{_UPPER}][^\W\d_]+(?:[-'’][{_UPPER}]?[^\W\d_]+)*"
_PERSON = (
    rf"{_NAME_WORD}(?:[ \t]+(?:(?:van|von|de|der|den|da|di|du|del|della|le|la|bin|ibn|al)[ \t]+)*"
    rf"(?:[{_UPPER}]\.[ \t]+)*{_NAME_WORD}){{1,3}}"
)

# --------------------------------------------------------------------------
# Compiled patterns.
# --------------------------------------------------------------------------

#: A venue label inside running text: "(ACL 2026)", "Welcome to EMNLP 2023!",
#: "EMNLP 2023 General Chair".  Not inside URLs ("acl2026", "2026.aclweb.org").
VENUE_MENTION = re.compile(
    rf"(?<![\w\-./])(?P<series>{_ACRONYM})[ \t]+(?P<year>{_YEAR})(?![\-–/]\d)"
)

#: A long name followed by its acronym in brackets ties the two together:
#: "Annual Meeting of the Association for Computational Linguistics (ACL 2026)",
#: "the 2023 Conference on Empirical Methods in Natural Language Processing (EMNLP)".
LONG_NAME_TIE = re.compile(
    rf"(?:(?P<year>{_YEAR})[ \t]+)?(?P<long>{_CAP_RUN})[ \t]*"
    rf"\([ \t]*(?P<acronym>{_ACRONYM})(?:[ \t]+(?P<acronym_year>{_YEAR}))?[ \t]*\)"
)

#: Any run of capitalised words, to find long names whose initials spell a series.
CAPITALISED_RUN = re.compile(_CAP_RUN)

#: Date ranges with the month first: "July 2–7, 2026", "July 2 - 7, 2026",
#: "November 5th to November 9th, 2025", "April 29 – May 4, 2025",
#: "December 30, 2026 – January 2, 2027".
DATE_RANGE_MONTH_FIRST = re.compile(
    rf"(?P<m1>{_MONTH})[ \t]+(?P<d1>{_DAY})(?:,?[ \t]+(?P<y1>{_YEAR}))?"
    rf"{_RANGE_JOIN}(?:(?P<m2>{_MONTH})[ \t]+)?(?P<d2>{_DAY}),?[ \t]+(?P<y2>{_YEAR})"
)

#: Date ranges with the day first: "3–8 September 2027", "29 April – 4 May 2025",
#: "30 December 2026 to 2 January 2027".
DATE_RANGE_DAY_FIRST = re.compile(
    rf"(?P<d1>{_DAY})(?:[ \t]+(?:of[ \t]+)?(?P<m1>{_MONTH})(?:,?[ \t]+(?P<y1>{_YEAR}))?)?"
    rf"{_RANGE_JOIN}(?P<d2>{_DAY})[ \t]+(?:of[ \t]+)?(?P<m2>{_MONTH}),?[ \t]+(?P<y2>{_YEAR})"
)

#: Words showing a sentence is about the event itself; a date range elsewhere
#: (a study period in an abstract) is not the conference's.
EVENT_CUE = re.compile(
    r"\b(?:held|host\w*|take|takes|took|taking|place|welcome\w*|conference|meeting|"
    r"convene\w*|gather\w*|event|edition|symposium|workshop|congress|summit|"
    r"runs?|ran|running|happen\w*|scheduled)\b",
    re.IGNORECASE,
)

#: Nouns naming an event: a place or date attributed only by the neighbour rule
#: must come from a sentence about an event ("The conference is held in ...").
EVENT_NOUN_CUE = re.compile(
    r"\b(?:conference|meeting|event|workshop|symposium|congress|summit|convention|"
    r"forum|colloquium|edition|welcome)\b",
    re.IGNORECASE,
)

#: Words showing a date range is a deadline or a registration window.
DEADLINE_CUE = re.compile(
    r"\b(?:regist\w*|deadline\w*|submi\w*|due|notification\w*|camera[- ]ready|"
    r"early[- ]bird|discount\w*|opens?|closes?|review\w*|rebuttal\w*)\b",
    re.IGNORECASE,
)

#: Words that may follow a place name in running text; a place followed by any
#: other lower-case word ("take place in Transformer layers") is no place.
_PLACE_END = (
    r"(?![\w'’\-])(?=[ \t]*(?:[^\w\s]|\n|\Z)|\s+(?:from|on|during|between|in|at|and|or|with"
    r"|for|to|this|next|last|until|till|through|since|by|which|where|when|as|is|was|were|will"
    r"|has|had|after|before|starting|beginning|running)\b)"
)

#: "held in PLACE", "will take place in PLACE", "took place in PLACE",
#: "we gather here in PLACE", "COLING 2027 in PLACE", also across "in person",
#: "at the X Centre", "by the University of Y" and a date range:
#: "held in person at the Resorts World Convention Centre in Singapore".
LOCATION_AFTER_TRIGGER = re.compile(
    rf"""
    (?:
        \b(?:held|hosted|located|convened|organi[sz]ed|happening)
      | \b(?:take|takes|took|taking|taken)\s+place
      | \bwill\s+be(?=\s+in\s)
      | \b(?:gather|gathers|gathered|gathering|meet|meets|met|convene|convenes)(?:\s+here)?
      | (?P<venue>(?<![\w\-./]){_ACRONYM}[ \t]+{_YEAR})
    )
    (?:\s+(?:in\s+person|on-?site|online|virtually|physically|annually|again|jointly
           |this\s+year|next\s+year|both))*
    (?:,?\s+(?:at|by)\s+(?:the\s+)?{_CAP_RUN},?)?
    (?:,?\s+(?:(?:on|from|between|during)\s+)?(?=[\d{_UPPER}])[^.!?;()\n]{{1,40}}?{_YEAR},?)?
    \s+in\s+(?P<location>{_PLACE}){_PLACE_END}
    """,
    re.VERBOSE,
)

#: "NAACL 2025 comes to PLACE", "the conference returns to PLACE".
LOCATION_AFTER_MOVE = re.compile(
    rf"\b(?:comes|come|came|returns|returned|heads|headed|moves|moved|goes|went)"
    rf"\s+(?:back\s+)?to\s+(?P<location>{_PLACE}){_PLACE_END}"
)

#: "Lisbon, Portugal will host COLING 2027", "Suzhou hosts EMNLP 2025".
LOCATION_BEFORE_HOST = re.compile(
    rf"(?P<location>{_PLACE})\s+(?:will\s+host|hosts|hosted|is\s+hosting|welcomes)\s+"
    rf"(?:the\s+)?(?={_ACRONYM}\b)"
)

_LOCATION_PATTERNS = (LOCATION_AFTER_TRIGGER, LOCATION_AFTER_MOVE, LOCATION_BEFORE_HOST)

#: "the 64th Annual Meeting of the Association for Computational Linguistics";
#: kept only when the run names an event (see ``_EVENT_NOUN``).
EDITION_LONG = re.compile(rf"(?<![\w\-])(?P<edition>{_ORDINAL}[ \t]+{_CAP_RUN})")
_EVENT_NOUN = re.compile(
    r"\b(?:Meeting|Conference|Workshop|Symposium|Congress|Summit|Forum|Colloquium|"
    r"Convention|Edition)\b"
)

#: "marks the 30th edition of EMNLP" gives "30th".
EDITION_SHORT = re.compile(
    rf"(?<![\w\-])(?P<edition>{_ORDINAL})[ \t]+(?:edition|iteration|installment|instalment)\b"
)

#: "General Chair Philipp Koehn", "General Chair, Dirk Hovy", "General Chairs: A and B".
CHAIR_AFTER_TITLE = re.compile(
    rf"\bGeneral[ \t]+(?:Co-?)?Chair(?P<plural>s)?\b(?:[ \t]*[,:][ \t]*|[ \t]+(?:is[ \t]+)?)"
    rf"(?:(?:Prof|Dr)\.?[ \t]+)?"
    rf"(?P<names>{_PERSON}(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]*&[ \t]*){_PERSON})*)"
)

#: "Yuji Matsumoto (RIKEN AIP) \\nEMNLP 2023 General Chair", "Jane Doe, General Chair".
CHAIR_BEFORE_TITLE = re.compile(
    rf"(?:^|(?<=[.!?*_]\s)|(?<=[*_]))(?:(?:Prof|Dr)\.?[ \t]+)?(?P<names>{_PERSON})"
    rf"[ \t]*(?:\([^()\n]{{1,80}}\))?[ \t]*(?:[,–—-][ \t]*|\n[ \t]*)?"
    rf"(?:(?:the[ \t]+)?{_ACRONYM}(?:[ \t]+{_YEAR})?[ \t]+)?General[ \t]+(?:Co-?)?Chair\b",
    re.MULTILINE,
)

_NAME_SPLIT = re.compile(r"[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]*&[ \t]*")
#: Words that end up next to a chair's name but are not part of it.
_NOT_NAME_WORDS = frozenset(
    {"General", "Chair", "Chairs", "Program", "Committee", "Conference", "Message",
     "Organizing", "Organising", "Local", "Welcome", "Full", "From", "The"}
)

#: Sentence ends: ".", "!" or "?" (maybe followed by closing quotes or markup),
#: then space and a capital; line breaks always end a sentence.
_SENTENCE_END = re.compile(rf"[.!?][\"”’'*_)\]]*[ \t]+(?=[\"“‘'*_(\[#]*[{_UPPER}])|\n")
#: Short capitalised abbreviations after which "." does not end a sentence.
_ABBREVIATION = re.compile(r"(?:\b[A-Z][a-z]{0,2}|\bSept|\b[A-Za-z](?:\.[A-Za-z])*)$")

#: How sure an attribution is, by the rule that made it.
_CONFIDENCE = MappingProxyType(
    {"sentence": 1.0, "sentence-series": 0.9, "block": 0.9, "block-series": 0.8, "neighbour": 0.6}
)


# --------------------------------------------------------------------------
# Internal records.
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Mention:
    """A venue label or a bare series name at ``start:end`` of block ``pos``."""

    pos: int
    start: int
    end: int
    series: str
    name: str | None = None  # "ACL 2026"; None for a series alone


@dataclass(frozen=True)
class _Fact:
    """One stated fact, where it was stated, and the venue it belongs to."""

    kind: str  # location | dates | edition | general_chair
    value: str | tuple[str, str]
    pos: int
    start: int  # character offsets of the sentence in the block
    end: int
    venue: str
    rule: str


# --------------------------------------------------------------------------
# Public API.
# --------------------------------------------------------------------------


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
    >>> parse_date_range("on July 2, 2026") is None
    True
    """
    for _, _, dates in _date_ranges(text):
        return dates
    return None


def extract_venue_facts(
    blocks: Sequence[TextBlock], *, source: str, known_venues: Sequence[str] = ()
) -> list[Venue]:
    """One :class:`~ontology.records.Venue` per venue the blocks (or ``known_venues``) name.

    Parameters
    ----------
    blocks : sequence of TextBlock
        The page's boilerplate blocks (all blocks of a page work too: paper
        abstracts rarely state where and when a conference is held).
    source : str
        Name of the source file, copied into each venue's provenance.
    known_venues : sequence of str
        Venue labels the page names elsewhere ("ACL 2026" from a paper's
        venue line); they are returned even when no block states a fact.

    Returns
    -------
    list of Venue
        Sorted by name; ``provenance`` points at the sentence stating the
        venue's first fact (else its first mention), with the block's line.

    Examples
    --------
    >>> page = (
    ...     "EMNLP 2023 took place in Singapore from Dec 6th to Dec 10th, 2023.\\n\\n"
    ...     "Yuji Matsumoto (RIKEN AIP)\\nEMNLP 2023 General Chair"
    ... )
    >>> venues = extract_venue_facts(split_blocks(page), source="p.txt",
    ...                              known_venues=["ACL 2026"])
    >>> [(v.name, v.location, v.start_date, v.general_chair) for v in venues]
    [('ACL 2026', None, None, None), ('EMNLP 2023', 'Singapore', '2023-12-06', 'Yuji Matsumoto')]
    >>> venues[1].provenance.sentence
    'EMNLP 2023 took place in Singapore from Dec 6th to Dec 10th, 2023.'
    """
    ordered = sorted(blocks, key=lambda block: block.start)
    labels = [_venue_labels(block.text, pos) for pos, block in enumerate(ordered)]
    venues = _venues(labels, known_venues)
    long_names = _long_names(ordered, {series for series, _ in venues.values() if series})
    mentions = [
        sorted(
            labels[pos] + _series_mentions(block.text, pos, venues, long_names),
            key=lambda mention: (mention.start, mention.name is None),
        )
        for pos, block in enumerate(ordered)
    ]
    series = {series for series, _ in venues.values() if series}
    facts = [
        fact
        for pos, block in enumerate(ordered)
        for fact in _facts_in_block(block.text, pos, mentions, venues, series)
    ]
    return [
        _venue_record(name, venues[name], facts, mentions, ordered, source)
        for name in sorted(venues)
    ]


# --------------------------------------------------------------------------
# Venues and their mentions.
# --------------------------------------------------------------------------


def _venue_labels(text: str, pos: int) -> list[_Mention]:
    """Venue labels in a block: acronym labels in text, and whole-line labels."""
    found = [
        _Mention(pos, m.start(), m.end(), m.group("series"), f"{m.group('series')} {m.group('year')}")
        for m in VENUE_MENTION.finditer(text)
    ]
    for match in LONG_NAME_TIE.finditer(text):
        year = match.group("year")
        if year and not match.group("acronym_year"):
            # "the 2023 Conference on ... (EMNLP)" names EMNLP 2023
            series = match.group("acronym")
            found.append(_Mention(pos, match.start(), match.end(), series, f"{series} {year}"))
    offset = 0
    for line in text.split("\n"):
        label = parse_venue_label(line)
        stripped = line.strip()
        if label and not VENUE_MENTION.search(stripped):
            # a label with a multi-word series on its own line ("Machine Translation Summit 2025")
            start = offset + line.index(stripped)
            found.append(_Mention(pos, start, start + len(stripped), label[0], f"{label[0]} {label[1]}"))
        offset += len(line) + 1
    return found


def _venues(
    labels: Sequence[Sequence[_Mention]], known_venues: Sequence[str]
) -> dict[str, tuple[str | None, int | None]]:
    """Every venue named by a label in the blocks or in ``known_venues``: name → (series, year)."""
    venues: dict[str, tuple[str | None, int | None]] = {}
    for block_labels in labels:
        for mention in block_labels:
            assert mention.name is not None
            venues.setdefault(mention.name, (mention.series, int(mention.name.rsplit(" ", 1)[1])))
    for label in known_venues:
        label = " ".join(label.split())
        parsed = parse_venue_label(label)
        inline = VENUE_MENTION.fullmatch(label)
        if inline:
            venues.setdefault(label, (inline.group("series"), int(inline.group("year"))))
        elif parsed:
            venues.setdefault(label, (parsed[0], parsed[1]))
        elif label:
            venues.setdefault(label, (None, None))
    return venues


def _acronym_suffix(run: str) -> Iterator[tuple[int, str]]:
    """``(offset, initials)`` of each suffix of a run of capitalised words.

    >>> dict(_acronym_suffix("Conference on Empirical Methods in Natural Language Processing"))[14]
    'EMNLP'
    """
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", run)]
    capitalised = [(start, word) for start, word in words if word[0].isupper()]
    for index, (start, _) in enumerate(capitalised):
        yield start, "".join(word[0] for _, word in capitalised[index:])


def _long_names(blocks: Sequence[TextBlock], series: set[str]) -> dict[str, str]:
    """Long names the page ties to one of its series: long name → series.

    Both the whole bracketed run ("Annual Meeting of the Association for
    Computational Linguistics") and its suffix whose initials spell the
    acronym ("Association for Computational Linguistics") are kept.
    """
    names: dict[str, str] = {}
    for block in blocks:
        for match in LONG_NAME_TIE.finditer(block.text):
            acronym, run = match.group("acronym"), match.group("long")
            if acronym not in series:
                continue
            names.setdefault(run, acronym)
            for offset, initials in _acronym_suffix(run):
                if initials == acronym.upper() and len(initials) > 1:
                    names.setdefault(run[offset:], acronym)
    return names


def _series_mentions(
    text: str,
    pos: int,
    venues: dict[str, tuple[str | None, int | None]],
    long_names: dict[str, str],
) -> list[_Mention]:
    """Bare series names in a block: "30th edition of EMNLP", a tied long name,
    or a capitalised run whose initials spell a series of the page."""
    series_set = {series for series, _ in venues.values() if series}
    found: list[_Mention] = []
    for series in sorted(series_set):
        bare = re.compile(rf"(?<![\w\-]){re.escape(series)}(?![\w\-])(?![ \t]+{_YEAR})")
        found.extend(_Mention(pos, m.start(), m.end(), series) for m in bare.finditer(text))
    for long_name, series in long_names.items():
        start = text.find(long_name)
        while start >= 0:
            found.append(_Mention(pos, start, start + len(long_name), series))
            start = text.find(long_name, start + 1)
    acronyms = {series.upper(): series for series in series_set if series.isalpha()}
    for run in CAPITALISED_RUN.finditer(text):
        for offset, initials in _acronym_suffix(run.group()):
            if len(initials) > 1 and initials in acronyms and " " in run.group()[offset:]:
                found.append(_Mention(pos, run.start() + offset, run.end(), acronyms[initials]))
                break
    return found


# --------------------------------------------------------------------------
# Facts.
# --------------------------------------------------------------------------


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence (or line) of a block, stripped.

    >>> text = "Held in St. Julian's, Malta. Welcome!\\nNext line"
    >>> [text[s:e] for s, e in _sentence_spans(text)]
    ["Held in St. Julian's, Malta.", 'Welcome!', 'Next line']
    """
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match.group() != "\n" and _ABBREVIATION.search(text[start : match.start()]):
            continue
        is_line_break = match.group() == "\n"
        spans.append((start, match.start() if is_line_break else match.start() + len(match.group().rstrip())))
        start = match.end()
    spans.append((start, len(text)))
    stripped: list[tuple[int, int]] = []
    for begin, end in spans:
        piece = text[begin:end]
        if piece.strip():
            left = begin + len(piece) - len(piece.lstrip())
            stripped.append((left, begin + len(piece.rstrip())))
    return stripped


def _sentence_around(spans: Sequence[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The span of the sentences a match at ``start:end`` overlaps."""
    touched = [(s, e) for s, e in spans if s < max(end, start + 1) and e > start]
    if not touched:
        return start, end
    return min(s for s, _ in touched), max(e for _, e in touched)


def _date_ranges(text: str) -> Iterator[tuple[int, int, tuple[str, str]]]:
    """``(start, end, (iso_start, iso_end))`` of each valid date range, in order."""
    matches = sorted(
        list(DATE_RANGE_MONTH_FIRST.finditer(text)) + list(DATE_RANGE_DAY_FIRST.finditer(text)),
        key=lambda m: (m.start(), -m.end()),
    )
    last_end = -1
    for match in matches:
        if match.start() < last_end:
            continue
        dates = _iso_range(match)
        if dates:
            last_end = match.end()
            yield match.start(), match.end(), dates


def _iso_range(match: re.Match[str]) -> tuple[str, str] | None:
    """ISO start and end of a date-range match; ``None`` when it is no valid range."""

    def month(name: str | None) -> int | None:
        return _MONTH_NUMBERS.get(name.rstrip(".").lower()) if name else None

    def day(text: str) -> int:
        return int(re.match(r"\d+", text).group())  # type: ignore[union-attr]

    first_month = month(match.group("m1")) or month(match.group("m2"))
    last_month = month(match.group("m2")) or first_month
    if first_month is None or last_month is None:
        return None
    first_day, last_day = day(match.group("d1")), day(match.group("d2"))
    last_year = int(match.group("y2"))
    if match.group("y1"):
        first_year = int(match.group("y1"))
    else:
        first_year = last_year if (first_month, first_day) <= (last_month, last_day) else last_year - 1
    try:
        first, last = date(first_year, first_month, first_day), date(last_year, last_month, last_day)
    except ValueError:
        return None
    if not first <= last or (last - first).days > 31:
        return None
    return first.isoformat(), last.isoformat()


def _clean_location(text: str, series: set[str]) -> str | None:
    """A place name without trailing punctuation; ``None`` when it is a series name."""
    text = text.strip().rstrip(",")
    if text.endswith(".") and not re.search(r"(?:\b[A-Z]\.){2,}$|\bSt\.$", text):
        text = text[:-1]
    first_word = text.split(",")[0].split()[0] if text else ""
    if not text or first_word in series or VENUE_MENTION.match(text):
        return None
    return text


def _clean_names(names: str, plural: bool) -> str | None:
    """Chair name(s) without role words around them ("General", "Message", ...)."""
    people = []
    for person in _NAME_SPLIT.split(names):
        words = person.split()
        while words and words[0] in _NOT_NAME_WORDS:
            words.pop(0)
        while words and words[-1] in _NOT_NAME_WORDS:
            words.pop()
        if len(words) >= 2 and not any(len(w) > 1 and w.isupper() for w in words):
            people.append(" ".join(words))
        if not plural:
            break
    return " and ".join(people) or None


def _raw_facts(text: str, series: set[str]) -> Iterator[tuple[str, str | tuple[str, str], int, int]]:
    """``(kind, value, start, end)`` of each fact stated in a block, before attribution."""
    spans = _sentence_spans(text)
    for pattern in _LOCATION_PATTERNS:
        for match in pattern.finditer(text):
            location = _clean_location(match.group("location"), series)
            if location:
                yield "location", location, match.start(), match.end()
    for start, end, dates in _date_ranges(text):
        sentence = text[slice(*_sentence_around(spans, start, end))]
        if (EVENT_CUE.search(sentence) or VENUE_MENTION.search(sentence)) and not DEADLINE_CUE.search(
            sentence
        ):
            yield "dates", dates, start, end
    for match in EDITION_LONG.finditer(text):
        if _EVENT_NOUN.search(match.group("edition")):
            yield "edition", match.group("edition"), match.start(), match.end()
    for match in EDITION_SHORT.finditer(text):
        yield "edition", match.group("edition"), match.start(), match.end()
    for pattern in (CHAIR_AFTER_TITLE, CHAIR_BEFORE_TITLE):
        for match in pattern.finditer(text):
            plural = bool(match.groupdict().get("plural"))
            names = _clean_names(match.group("names"), plural)
            if names:
                yield "general_chair", names, match.start(), match.end()


def _facts_in_block(
    text: str,
    pos: int,
    mentions: Sequence[Sequence[_Mention]],
    venues: dict[str, tuple[str | None, int | None]],
    series: set[str],
) -> Iterator[_Fact]:
    """The facts stated in block ``pos``, each attributed to a venue (or dropped)."""
    spans = _sentence_spans(text)
    for kind, value, start, end in _raw_facts(text, series):
        sentence = _sentence_around(spans, start, end)
        attributed = _attribute(pos, start, end, sentence, mentions, venues)
        if attributed is None:
            continue
        venue, rule = attributed
        if rule == "neighbour" and kind in ("location", "dates"):
            if not EVENT_NOUN_CUE.search(text[sentence[0] : sentence[1]]):
                continue  # e.g. an abstract's "take place in ..." next to a venue line
        year = venues[venue][1]
        if kind == "dates" and year is not None:
            assert isinstance(value, tuple)
            if year not in (int(value[0][:4]), int(value[1][:4])):
                continue  # a range in another year is not this edition's
        yield _Fact(kind, value, pos, sentence[0], sentence[1], venue, rule)


def _closest(candidates: Sequence[_Mention], start: int, end: int) -> _Mention | None:
    """The mention inside ``start:end``, else the nearest before it, else the nearest after."""

    def key(mention: _Mention) -> tuple[int, int, bool]:
        if mention.start >= start and mention.end <= end:
            return (0, mention.start - start, mention.name is None)
        if mention.end <= start:
            return (1, start - mention.end, mention.name is None)
        return (2, mention.start - end, mention.name is None)

    return min(candidates, key=key, default=None)


def _attribute(
    pos: int,
    start: int,
    end: int,
    sentence: tuple[int, int],
    mentions: Sequence[Sequence[_Mention]],
    venues: dict[str, tuple[str | None, int | None]],
) -> tuple[str, str] | None:
    """The venue a fact at ``start:end`` of block ``pos`` belongs to, and the rule used."""
    here = mentions[pos]
    in_sentence = [m for m in here if m.start >= sentence[0] and m.end <= sentence[1]]
    for pool, rule in (
        ([m for m in in_sentence if m.name], "sentence"),
        (in_sentence, "sentence-series"),
        ([m for m in here if m.name], "block"),
        (here, "block-series"),
    ):
        mention = _closest(pool, start, end)
        if mention:
            return _resolve(mention, pos, mentions, venues), rule
    for distance in range(1, _MAX_NEIGHBOUR_DISTANCE + 1):
        for other, pick_last in ((pos - distance, True), (pos + distance, False)):
            if not 0 <= other < len(mentions) or not mentions[other]:
                continue
            named = [m for m in mentions[other] if m.name] or list(mentions[other])
            mention = named[-1] if pick_last else named[0]
            return _resolve(mention, other, mentions, venues), "neighbour"
    return None


def _resolve(
    mention: _Mention,
    pos: int,
    mentions: Sequence[Sequence[_Mention]],
    venues: dict[str, tuple[str | None, int | None]],
) -> str:
    """The venue a mention stands for: its label, or for a bare series the page's
    venue of that series whose label is nearest to block ``pos`` (earlier first)."""
    if mention.name:
        return mention.name
    where: dict[str, list[int]] = {}
    for block_mentions in mentions:
        for other in block_mentions:
            if other.name and other.series == mention.series:
                where.setdefault(other.name, []).append(other.pos)

    def key(name: str) -> tuple[float, int, int]:
        positions = where.get(name, [])
        if not positions:
            return (float("inf"), 0, -(venues[name][1] or 0))
        nearest = min(positions, key=lambda p: (abs(p - pos), p > pos))
        return (abs(nearest - pos), int(nearest > pos), -(venues[name][1] or 0))

    candidates = [name for name, (series, _) in venues.items() if series == mention.series]
    return min(candidates, key=key)


# --------------------------------------------------------------------------
# Merging the facts of one venue.
# --------------------------------------------------------------------------


def _best(facts: Sequence[_Fact], kind: str) -> _Fact | None:
    """The fact of ``kind`` to keep: the most complete statement, then the surest, then the first."""

    def completeness(fact: _Fact) -> int:
        if kind == "location":
            return str(fact.value).count(",")
        if kind == "edition":
            return len(str(fact.value).split())
        return 0

    chosen = [fact for fact in facts if fact.kind == kind]
    return min(
        chosen,
        key=lambda f: (-completeness(f), -_CONFIDENCE[f.rule], f.pos, f.start),
        default=None,
    )


def _venue_record(
    name: str,
    series_year: tuple[str | None, int | None],
    facts: Sequence[_Fact],
    mentions: Sequence[Sequence[_Mention]],
    blocks: Sequence[TextBlock],
    source: str,
) -> Venue:
    """The :class:`Venue` for ``name`` from the facts attributed to it."""
    own = [fact for fact in facts if fact.venue == name]
    chosen = {kind: _best(own, kind) for kind in ("location", "dates", "edition", "general_chair")}
    used = [fact for fact in chosen.values() if fact is not None]
    if used:
        first = min(used, key=lambda f: (f.pos, f.start))
        block = blocks[first.pos]
        provenance = Provenance(
            source=source,
            start=block.start + first.start,
            end=block.start + first.end,
            extractor=EXTRACTOR,
            confidence=min(_CONFIDENCE[f.rule] for f in used),
            sentence=block.text[first.start : first.end],
            line=block.line,
        )
    else:
        provenance = _mention_provenance(name, mentions, blocks, source)
    dates = chosen["dates"].value if chosen["dates"] else (None, None)
    series, year = series_year
    return Venue(
        name=name,
        provenance=provenance,
        series=series,
        year=year,
        location=str(chosen["location"].value) if chosen["location"] else None,
        start_date=dates[0],
        end_date=dates[1],
        edition=str(chosen["edition"].value) if chosen["edition"] else None,
        general_chair=str(chosen["general_chair"].value) if chosen["general_chair"] else None,
    )


def _mention_provenance(
    name: str, mentions: Sequence[Sequence[_Mention]], blocks: Sequence[TextBlock], source: str
) -> Provenance:
    """Provenance of a venue with no facts: the sentence of its first label, if any."""
    for pos, block_mentions in enumerate(mentions):
        for mention in block_mentions:
            if mention.name == name:
                block = blocks[pos]
                start, end = _sentence_around(_sentence_spans(block.text), mention.start, mention.end)
                return Provenance(
                    source=source,
                    start=block.start + start,
                    end=block.start + end,
                    extractor=EXTRACTOR,
                    sentence=block.text[start:end],
                    line=block.line,
                )
    return Provenance(source=source, extractor=EXTRACTOR)
