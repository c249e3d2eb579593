"""Read RIS, the tagged bibliography format Zotero, Mendeley, EndNote and publishers export.

Each record starts with a ``TY  - `` line and ends with ``ER  -``; every line
in between is a two-character tag, two spaces, a hyphen and the value; a
line without a tag continues the value before it.  What becomes what:

* ``TI``/``T1`` → title; ``AB``/``N2`` → abstract; ``AU``/``A1`` → authors
  ("Last, First" turned into "First Last"); ``PY``/``Y1``/``DA`` → year;
* ``T2``/``BT``/``C3`` (``T2``/``JF``/``JO``/``JA`` for journal types) →
  booktitle and venue via :func:`extractors.venue_names.container_venue`;
* ``DO`` → DOI; ``UR`` → URL; the Anthology or arXiv id they name; ``KW`` → keywords;
* ``TY`` and ``ID`` → ``extra`` (``ris_type``, ``ris_id``).

A record with no title and no abstract, or a file that ends inside a
record, is reported with the line of its ``TY``.

>>> text = '''TY  - CPAPER
... AU  - García, María
... TI  - Toy QA
... T2  - Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics
... PY  - 2023
... ER  - '''
>>> paper = read_ris(text, source="refs.ris").papers[0]
>>> paper.title, paper.authors, paper.year, paper.venue
('Toy QA', ('María García',), 2023, 'ACL 2023')
"""
from __future__ import annotations

import re
from collections import defaultdict

from extractors.paper_fields import anthology_id_in, bare_arxiv_id, text_of, year_in
from extractors.venue_names import record_venue
from ontology.ids import bare_doi
from ontology.records import InputProblem, Paper, Provenance, ReaderRecords

__all__ = ["looks_like_ris", "read_ris"]

_READER = "ris"
_TAG = re.compile(r"^([A-Z][A-Z0-9])  -(?: (.*))?$")
_FIRST_TAG = re.compile(r"^\ufeff?\s*TY  - \S")
_JOURNAL_TYPES = frozenset({"JOUR", "JFULL", "EJOUR", "MGZN", "NEWS"})
_CONTAINER = ("T2", "BT", "C3", "JO", "JF", "JA", "J2")
_JOURNAL_CONTAINER = ("T2", "JF", "JO", "JA", "J2")  # full names first (JO is an abbreviation in most exports)


def looks_like_ris(text: str) -> bool:
    """True when the first non-blank line of ``text`` starts an RIS record ("TY  - JOUR")."""
    first = next((line for line in text[:2000].splitlines() if line.strip()), "")
    return bool(_FIRST_TAG.match(first))


def read_ris(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per usable record of ``text``."""
    records = ReaderRecords()
    fields: dict[str, list[str]] | None = None
    last, start = "", 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip("\ufeff").rstrip()
        tagged = _TAG.match(line)
        if tagged and tagged.group(1) == "TY":
            if fields is not None:
                records.problems.append(InputProblem(source, "a record without its ER line; read up to the next TY",
                                                     start))
                _add(fields, start, source, records)
            fields, last, start = defaultdict(list), "TY", number
            fields["TY"].append(text_of(tagged.group(2)) or "")
        elif fields is None:
            continue  # text between records (a header, blank lines)
        elif tagged and tagged.group(1) == "ER":
            _add(fields, start, source, records)
            fields = None
        elif tagged:
            last = tagged.group(1)
            fields[last].append(tagged.group(2) or "")
        elif line.strip() and fields.get(last):
            fields[last][-1] += " " + line.strip()
    if fields is not None:
        records.problems.append(InputProblem(source, "the file ends inside a record (no ER line); read anyway", start))
        _add(fields, start, source, records)
    return records


def _add(fields: dict[str, list[str]], line: int, source: str, records: ReaderRecords) -> None:
    def first(*tags: str) -> str | None:
        return next((text for tag in tags for text in map(text_of, fields.get(tag, ())) if text), None)

    title, abstract = first("TI", "T1"), first("AB", "N2")
    if not title and not abstract:
        records.problems.append(InputProblem(source, "a record with no title and no abstract; skipped", line))
        return
    kind = first("TY") or ""
    journal = kind in _JOURNAL_TYPES
    container = first(*(_JOURNAL_CONTAINER if journal else _CONTAINER))
    year = year_in(first("PY", "Y1", "DA"))
    doi, url = bare_doi(first("DO")), first("UR")
    provenance = Provenance(source, extractor=_READER, line=line)
    records.papers.append(Paper(
        ref=f"ris:{source}:{line}",
        provenance=provenance,
        title=title,
        abstract=abstract,
        authors=tuple(_person(name) for name in (*fields.get("AU", ()), *fields.get("A1", ())) if text_of(name)),
        year=year,
        doi=doi,
        url=url,
        venue=record_venue(records, container, year, provenance, journal=journal),
        booktitle=container,
        anthology_id=anthology_id_in(url) or anthology_id_in(doi),
        arxiv_id=bare_arxiv_id(doi) or bare_arxiv_id(url),
        keywords=tuple(k for k in map(text_of, fields.get("KW", ())) if k),
        extra=tuple((key, value) for key, value in (("ris_id", first("ID")), ("ris_type", kind)) if value),
    ))


def _person(name: str) -> str:
    last, comma, given = (text_of(name) or "").partition(",")
    given, _, suffix = given.partition(",")
    return " ".join(part for part in (given.strip(), last.strip(), suffix.strip()) if part) if comma else last.strip()
