"""Name the venue of a paper from the title of its proceedings or journal, the way the Anthology names it.

BibTeX ``booktitle``/``journal``, a CSL ``container-title``, an RIS ``T2``,
an OpenAlex source and a Semantic Scholar venue all give the long title of
the proceedings; kg's venue nodes are editions named "ACL 2023", "Findings of
ACL 2023", "EMNLP 2020" (:mod:`extractors.anthology_venues` names Anthology
volumes the same way), so a paper read from a bibliography meets the papers
of the same event read from anywhere else.

* "Findings of the Association for Computational Linguistics: ACL 2023" →
  "Findings of ACL 2023";
* a long series name of ``patterns/venue_long_names.txt`` ("Annual Meeting of
  the Association for Computational Linguistics") → its series and the year;
* a short name with or without a year ("EMNLP", "ACL 2020"), or an acronym in
  brackets at the end ("... Processing (EMNLP)") → that series;
* another journal → the journal's name as it is (a journal is no event);
* a preprint server ("arXiv preprint arXiv:2004.11727", "CoRR") → no venue;
* other proceedings → the title without "Proceedings of the" and without
  volume notes, plus the year ("Third Workshop on Abusive Language Online 2019").

>>> container_venue("Findings of the Association for Computational Linguistics: ACL 2023", 2023).name
'Findings of ACL 2023'
>>> container_venue("Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics "
...                 "(Volume 1: Long Papers)", 2023).name
'ACL 2023'
>>> container_venue("Journal of Examples", 2021, journal=True)
VolumeVenue(name='Journal of Examples', series='Journal of Examples', year=None)
"""
from __future__ import annotations

import re
from functools import cache
from importlib import resources

from extractors.anthology_venues import VolumeVenue, series_spelling
from ontology.records import Provenance, ReaderRecords, Venue

__all__ = ["container_venue", "record_venue"]

_LONG_NAMES_FILE = "patterns/venue_long_names.txt"
_FINDINGS = re.compile(r"^findings\s+of\s+(?:the\s+)?(?:association\s+for\s+computational\s+linguistics\s*:?\s*)?"
                       r"(?P<series>[A-Za-z][\w*-]*)(?:[\s-]+(?P<year>(?:19|20)\d\d))?\b", re.IGNORECASE)
_SHORT = re.compile(r"^(?P<series>\*?[A-Za-z][\w*/-]*?)(?:[\s-]*'?(?P<year>(?:19|20)\d\d))?$")
_BRACKETED = re.compile(r"\(\s*(?P<series>\*?[A-Z][A-Za-z*/-]*[A-Z])(?:[\s-]+(?P<year>(?:19|20)\d\d))?\s*\)\s*$")
_PROCEEDINGS_OF = re.compile(r"^(?:(?:the\s+)?proceedings\s+of\s+(?:the\s+)?|in\s+)", re.IGNORECASE)
_PREPRINT = re.compile(r"^(?:arxiv|corr|biorxiv|medrxiv|ssrn)\b", re.IGNORECASE)  # a server, not a venue
_VOLUME_NOTE = re.compile(r"\s*[(,:]\s*(?:volume|vol\.|part)\b.*$", re.IGNORECASE)
_LEADING_YEAR = re.compile(r"^(?:19|20)\d\d\s+")
_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")
_SPACES = re.compile(r"\s+")
_MAX_SHORT = 12  # a short name ("EMNLP", "SemEval") is one word of at most this many letters


@cache
def _long_names() -> tuple[tuple[re.Pattern[str], str, bool], ...]:
    """(pattern, series, whole title only) for every line of the long-names file."""
    text = resources.files("extractors").joinpath(_LONG_NAMES_FILE).read_text("utf-8")
    entries = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        exact = " = " in line
        series, _, name = line.partition(" = " if exact else " | ")
        words = r"\s+".join(re.escape(word) for word in name.split())
        entries.append((re.compile(rf"^{words}$" if exact else rf"\b{words}\b", re.IGNORECASE), series.strip(), exact))
    return tuple(entries)


def container_venue(title: str | None, year: int | None, *, journal: bool = False) -> VolumeVenue | None:
    """The venue of a paper whose proceedings or journal is called ``title``; None without a title.

    ``year`` is the paper's year; a year inside the title wins for Findings and
    short names ("ACL 2020").  ``journal`` says the title names a journal.

    >>> container_venue("Proceedings of the 2020 Conference on Empirical Methods in Natural Language Processing (EMNLP)",
    ...                 2020).name
    'EMNLP 2020'
    >>> container_venue("Transactions of the Association for Computational Linguistics", 2021, journal=True).name
    'TACL 2021'
    >>> container_venue("Proceedings of the Third Workshop on Abusive Language Online", 2019).name
    'Third Workshop on Abusive Language Online 2019'
    >>> container_venue("EMNLP", 2019).name, container_venue("conll", 2018).name
    ('EMNLP 2019', 'CoNLL 2018')
    >>> container_venue("arXiv preprint arXiv:2004.11727", 2020, journal=True) is None
    True
    """
    title = _SPACES.sub(" ", (title or "").replace("{", "").replace("}", "")).strip(" .,;")
    if not title:
        return None
    named = _PROCEEDINGS_OF.sub("", title)
    if _PREPRINT.match(named):
        return None
    findings = _FINDINGS.match(named)
    if findings and (findings.group("year") or year):
        return _named(f"Findings of {_series(findings.group('series'))}", _year(findings.group("year"), year))
    matches = [(found.start(), series) for pattern, series, _ in _long_names() if (found := pattern.search(named))]
    if matches:
        return _named(min(matches)[1], _year(None, year))
    if journal:
        return VolumeVenue(title, title, None)
    short = _SHORT.match(named)
    if short and len(short.group("series")) <= _MAX_SHORT and (
            not named.islower() or series_spelling(short.group("series")) != short.group("series").upper()):
        return _named(_series(short.group("series")), _year(short.group("year"), year))
    bracketed = _BRACKETED.search(named)
    if bracketed:
        return _named(_series(bracketed.group("series")), _year(bracketed.group("year"), year))
    name = _LEADING_YEAR.sub("", _VOLUME_NOTE.sub("", named)).strip(" .,;") or named
    return _named(name, year if not _YEAR.search(name) else None)


def _series(spelled: str) -> str:
    """A series as people spell it: "emnlp" → "EMNLP", "CoNLL" kept."""
    return series_spelling(spelled) if spelled.islower() or spelled.isupper() else spelled


def _year(in_title: str | None, given: int | None) -> int | None:
    return int(in_title) if in_title else given


def _named(series: str, year: int | None) -> VolumeVenue:
    if year is None:
        return VolumeVenue(series, series, None)
    return VolumeVenue(f"{series} {year}", series, year)


def record_venue(records: ReaderRecords, title: str | None, year: int | None, provenance: Provenance, *,
                 journal: bool = False) -> str | None:
    """The venue name for a paper whose proceedings or journal is ``title``; its first paper adds the venue's record.

    The record gives the venue node its series and year ("Journal of Examples"
    is a series of its own, not "Journal of" + "Examples") and, for proceedings,
    the booktitle.

    >>> from ontology.records import ReaderRecords, Provenance
    >>> records = ReaderRecords()
    >>> record_venue(records, "Journal of Examples", 2020, Provenance("refs.bib"), journal=True)
    'Journal of Examples'
    >>> [(v.name, v.series, v.year, v.booktitle) for v in records.venues]
    [('Journal of Examples', 'Journal of Examples', None, None)]
    """
    named = container_venue(title, year, journal=journal)
    if named is None:
        return None
    if all(venue.name != named.name for venue in records.venues):
        records.venues.append(Venue(named.name, provenance, series=named.series, year=named.year,
                                    booktitle=None if journal else _SPACES.sub(" ", title or "").strip()))
    return named.name
