"""Read CSL-JSON, the bibliography format Zotero, Mendeley and pandoc export: a JSON array of items.

What becomes what (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html):

* ``title``, ``abstract`` (rich-text tags such as ``<i>`` removed);
* ``author`` ([{given, family, …} or {literal}]) → authors, in order;
* ``issued`` (``date-parts``, else ``raw``/``literal``) → year;
* ``container-title`` (else ``event-title``/``event``) → booktitle and venue
  via :func:`extractors.venue_names.container_venue` (a journal for the
  ``article-journal`` type and its kin);
* ``DOI``, ``URL`` → DOI, URL, and the Anthology or arXiv id they (or
  ``number``, as Zotero stores arXiv ids) name; ``keyword`` → keywords;
* ``id`` and ``type`` → ``extra`` (``csl_id``, ``csl_type``).

>>> items = ('[{"id": "garcia2023", "type": "paper-conference", "title": "Toy <i>QA</i>", '
...          '"author": [{"family": "García", "given": "María"}], "issued": {"date-parts": [[2023, 7]]}, '
...          '"container-title": "Findings of the Association for Computational Linguistics: ACL 2023"}]')
>>> paper = read_csl_json(items, source="refs.json").papers[0]
>>> paper.title, paper.authors, paper.year, paper.venue
('Toy QA', ('María García',), 2023, 'Findings of ACL 2023')
"""
from __future__ import annotations

import re

from extractors.paper_fields import (
    anthology_id_in,
    authors_of,
    bare_arxiv_id,
    first_json_record,
    nested,
    read_json_papers,
    text_of,
    year_in,
)
from extractors.venue_names import record_venue
from ontology.ids import bare_doi
from ontology.records import Paper, Provenance, ReaderRecords

__all__ = ["CSL_TYPES", "looks_like_csl_json", "read_csl_json"]

_READER = "csl_json"
#: The item types of CSL 1.0.2 (https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types).
CSL_TYPES = frozenset(["article", "article-journal", "article-magazine", "article-newspaper", "bill", "book", "broadcast", "chapter", "classic", "collection", "dataset", "document", "entry", "entry-dictionary", "entry-encyclopedia", "event", "figure", "graphic", "hearing", "interview", "legal_case", "legislation", "manuscript", "map", "motion_picture", "musical_score", "pamphlet", "paper-conference", "patent", "performance", "periodical", "personal_communication", "post", "post-weblog", "regulation", "report", "review", "review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage"])
_JOURNAL_TYPES = frozenset({"article-journal", "article-magazine", "article-newspaper", "periodical"})
_CSL_KEYS = ("issued", "container-title", "citation-key", "event-title", "DOI", "URL")
_TAGS = re.compile(r"</?(?:i|b|sup|sub|sc|span)\b[^>]*>", re.IGNORECASE)
_ARXIV_NUMBER = re.compile(r"arxiv[:\s]*(\S+)", re.IGNORECASE)


def looks_like_csl_json(text: str) -> bool:
    """True when the first record of ``text`` is a CSL item: a CSL ``type`` and a CSL-only field or CSL names."""
    record = first_json_record(text)
    if record is None or record.get("type") not in CSL_TYPES:
        return False
    people = record.get("author")
    return any(key in record for key in _CSL_KEYS) or (
        isinstance(people, list) and any(isinstance(p, dict) and ("family" in p or "literal" in p) for p in people))


def read_csl_json(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per CSL item in ``text``; bad items become problems."""
    return read_json_papers(text, source=source, paper_of=_paper)


def _rich(value: object) -> str | None:
    text = text_of(value)
    return text_of(_TAGS.sub("", text)) if text else None


def _paper(record: dict, where: Provenance, records: ReaderRecords) -> Paper:
    title, abstract = _rich(record.get("title")), _rich(record.get("abstract"))
    if not title and not abstract:
        raise ValueError("a CSL item with no title and no abstract")
    item_id, item_type = text_of(record.get("id")), text_of(record.get("type"))
    year = _year(record.get("issued"))
    doi, url = bare_doi(text_of(record.get("DOI"))), text_of(record.get("URL"))
    provenance = Provenance(where.source, where.start, where.end, extractor=_READER, line=where.line)
    container = _rich(record.get("container-title")) or _rich(record.get("event-title")) or _rich(record.get("event"))
    number = _ARXIV_NUMBER.search(text_of(record.get("number")) or "")
    keywords = [text_of(k) for k in (text_of(record.get("keyword")) or "").split(",")]
    return Paper(
        ref=f"csl:{where.source}:{item_id or where.line}",
        provenance=provenance,
        title=title,
        abstract=abstract,
        authors=authors_of(record.get("author"), _name),
        year=year,
        doi=doi,
        url=url,
        venue=record_venue(records, container, year, provenance, journal=item_type in _JOURNAL_TYPES),
        booktitle=container,
        anthology_id=anthology_id_in(url) or anthology_id_in(doi),
        arxiv_id=bare_arxiv_id(number.group(1) if number else None) or bare_arxiv_id(doi) or bare_arxiv_id(url),
        keywords=tuple(k for k in keywords if k),
        extra=tuple((key, value) for key, value in (("csl_id", item_id), ("csl_type", item_type)) if value),
    )


def _name(person: dict) -> str | None:
    """"Given non-dropping-particle Family, Suffix" or the literal name."""
    parts = [text_of(person.get(key)) for key in ("given", "dropping-particle", "non-dropping-particle", "family")]
    name = " ".join(part for part in parts if part) or text_of(person.get("literal"))
    suffix = text_of(person.get("suffix"))
    return f"{name} {suffix}" if name and suffix else name


def _year(issued: object) -> int | None:
    parts = nested(issued, "date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        return year_in(parts[0][0])
    return year_in(nested(issued, "raw") or nested(issued, "literal"))
