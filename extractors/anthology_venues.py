"""Name the venue of an ACL Anthology volume the way people say it: "ACL 2020".

The Anthology files each event under a *collection* id, either new style
(``2020.acl``, ``2020.findings``, ``2021.wmt``) or old style (``P18``: a
letter for the event series and two digits for the year).  A volume inside
the collection is the main proceedings, a Findings volume, a workshop, demos
or a student research workshop.  Main-conference volumes (main, long, short,
demos, industry, SRW, tutorials) belong to one event, "ACL 2020"; Findings
and workshops are events of their own.

>>> volume_venue("2020.acl", "demos", year=2020).name
'ACL 2020'
>>> volume_venue("2020.findings", "emnlp", year=2020).name
'Findings of EMNLP 2020'
>>> volume_venue("P18", "1", year=None).name
'ACL 2018'
>>> volume_venue("W19", "35", year=2019, booktitle="Proceedings of the Third Workshop on Abusive Language Online").name
'Third Workshop on Abusive Language Online 2019'
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from extractors.venue_patterns import word_table

__all__ = ["VolumeVenue", "anthology_paper_id", "series_spelling", "volume_venue"]

#: Old-style collection letter → series (https://aclanthology.org/info/ids/).
_LETTERS_FILE = "venue_anthology_letters.txt"
#: Venue id → spelling, for series whose id is not simply its upper-case form.
_SPELLINGS_FILE = "venue_series_spellings.txt"
_OLD_STYLE = re.compile(r"^([A-Z])(\d{2})$")
_NEW_STYLE = re.compile(r"^(\d{4})\.([a-z0-9-]+)$")
_PROCEEDINGS_OF = re.compile(r"^proceedings\s+of\s+(the\s+)?", re.IGNORECASE)


@dataclass(frozen=True)
class VolumeVenue:
    """The event a volume belongs to: display name, series and year."""

    name: str
    series: str
    year: int | None


def series_spelling(venue_id: str) -> str:
    """How people spell the series with Anthology venue id ``venue_id``.

    Examples
    --------
    >>> series_spelling("emnlp"), series_spelling("conll"), series_spelling("StarSem")
    ('EMNLP', 'CoNLL', '*SEM')
    """
    return word_table(_SPELLINGS_FILE).get(venue_id.lower(), venue_id.upper())


def volume_venue(
    collection_id: str,
    volume_id: str,
    *,
    year: int | None,
    booktitle: str | None = None,
    venue_ids: tuple[str, ...] = (),
) -> VolumeVenue:
    """The venue of volume ``volume_id`` of collection ``collection_id``.

    Parameters
    ----------
    collection_id : str
        New style ("2020.acl", "2021.findings") or old style ("P18", "W19").
    volume_id : str
        The volume inside the collection ("main", "emnlp", "1", "35").
    year : int or None
        The event's year, when the metadata states it; else read from the id.
    booktitle : str, optional
        The volume's title, naming a workshop that has no series id.
    venue_ids : tuple of str
        The volume's Anthology venue ids ("repl4nlp"); "ws" is ignored.

    Examples
    --------
    >>> volume_venue("2021.ws", "1", year=None, venue_ids=("ws", "repl4nlp"))
    VolumeVenue(name='RepL4NLP 2021', series='RepL4NLP', year=2021)
    >>> volume_venue("D19", "1", year=None).name
    'EMNLP 2019'
    """
    venue_ids = tuple(v for v in venue_ids if v.lower() != "ws")  # "ws" says "a workshop", not which
    new_style = _NEW_STYLE.match(collection_id)
    if new_style:
        year = year or int(new_style.group(1))
        collection = new_style.group(2)
        if collection == "findings":
            series = f"Findings of {series_spelling(volume_id)}"
        elif collection != "ws":
            series = series_spelling(collection)
        elif venue_ids:
            series = series_spelling(venue_ids[0])
        else:
            return _named(_booktitle_name(booktitle) or "Workshop", year)
        return _named(series, year)
    old_style = _OLD_STYLE.match(collection_id)
    if old_style:
        letter, two_digits = old_style.groups()
        year = year or _century(int(two_digits))
        letters = word_table(_LETTERS_FILE)
        if letter != "W" and letter in letters:
            return _named(letters[letter], year)
    if venue_ids:
        return _named(series_spelling(venue_ids[0]), year)
    return _named(_booktitle_name(booktitle) or collection_id, year)


def _booktitle_name(booktitle: str | None) -> str | None:
    """ "Proceedings of the Third Workshop on X" → "Third Workshop on X"."""
    name = _PROCEEDINGS_OF.sub("", booktitle or "").strip()
    return name or None


def _named(series: str, year: int | None) -> VolumeVenue:
    if year is None or str(year) in series:
        return VolumeVenue(series, series, year)
    return VolumeVenue(f"{series} {year}", series, year)


def _century(two_digits: int) -> int:
    return 1900 + two_digits if two_digits >= 50 else 2000 + two_digits


def anthology_paper_id(collection_id: str, volume_id: str, paper_id: str) -> str:
    """The Anthology id of a paper ("2020.acl-main.3", "P18-1001", "W19-3504").

    >>> anthology_paper_id("2020.acl", "main", "3"), anthology_paper_id("P18", "1", "1")
    ('2020.acl-main.3', 'P18-1001')
    >>> anthology_paper_id("W19", "35", "4")
    'W19-3504'

    Old-style ids are numbers padded to a fixed width; a volume or paper id that is not a number (a hand-made or
    altered file) keeps its text in the new style's form instead of failing the whole file:

    >>> anthology_paper_id("D14", "1", "2r3")
    'D14-1.2r3'
    """
    if _NEW_STYLE.match(collection_id) or not (volume_id.isdigit() and paper_id.isdigit()):
        return f"{collection_id}-{volume_id}.{paper_id}"
    if collection_id.startswith("W") or len(volume_id) == 2:
        return f"{collection_id}-{int(volume_id):02d}{int(paper_id):02d}"
    return f"{collection_id}-{volume_id}{int(paper_id):03d}"
