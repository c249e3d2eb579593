"""Read Semantic Scholar Graph API papers: one paper, a batch (a JSON array), a search page or JSON Lines.

What becomes what (https://api.semanticscholar.org/api-docs/graph, the Paper object):

* ``paperId`` → the Semantic Scholar id; ``externalIds`` → DOI, arXiv id
  (``ArXiv``), Anthology id (``ACL``);
* ``title``, ``abstract``, ``year`` (else ``publicationDate``), ``url``;
* ``authors[].name`` → authors, in order;
* ``publicationVenue.name``, else ``venue``, else ``journal.name`` → booktitle
  and venue (via :func:`extractors.venue_names.container_venue`; arXiv.org is
  no venue; a ``journal.name`` that says "Findings of …" wins, since Semantic
  Scholar files Findings papers under the main conference); a venue of type
  "journal" is named as a journal;
* ``fieldsOfStudy`` → keywords; ``corpusId``, ``citationCount`` and
  ``publicationTypes`` → ``extra``.

>>> paper = read_semantic_scholar('{"paperId": "' + "ab" * 20 + '", "title": "Toy QA", "year": 2020, '
...     '"externalIds": {"ArXiv": "2004.00001", "ACL": "2020.acl-main.9"}, "authors": [{"name": "Ann Lee"}], '
...     '"venue": "Annual Meeting of the Association for Computational Linguistics"}', source="s2.json").papers[0]
>>> paper.semantic_scholar_id[:6], paper.arxiv_id, paper.anthology_id, paper.venue
('ababab', '2004.00001', '2020.acl-main.9', 'ACL 2020')
"""
from __future__ import annotations

from extractors.paper_fields import (
    authors_of,
    bare_arxiv_id,
    bare_s2_id,
    first_json_record,
    nested,
    read_json_papers,
    text_of,
    year_in,
)
from extractors.venue_names import record_venue
from ontology.ids import bare_doi
from ontology.records import Paper, Provenance, ReaderRecords

__all__ = ["looks_like_semantic_scholar", "read_semantic_scholar"]

_READER = "semantic_scholar"
_EXTRA = ("corpusId", "citationCount", "publicationTypes")


def looks_like_semantic_scholar(text: str) -> bool:
    """True when the first record of a JSON or JSON Lines ``text`` is a Semantic Scholar paper."""
    record = first_json_record(text)
    return record is not None and bool(bare_s2_id(record.get("paperId")))


def read_semantic_scholar(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per paper in ``text``; bad items become problems."""
    return read_json_papers(text, source=source, paper_of=_paper)


def _paper(record: dict, where: Provenance, records: ReaderRecords) -> Paper:
    title, abstract = text_of(record.get("title")), text_of(record.get("abstract"))
    if not title and not abstract:
        raise ValueError("a Semantic Scholar paper with no title and no abstract")
    s2_id = bare_s2_id(record.get("paperId"))
    if not s2_id:
        raise ValueError(f"'paperId' must be 40 hexadecimal digits, not {record.get('paperId')!r}")
    external = record.get("externalIds") if isinstance(record.get("externalIds"), dict) else {}
    year = year_in(record.get("year")) or year_in(record.get("publicationDate"))
    provenance = Provenance(where.source, where.start, where.end, extractor=_READER, line=where.line)
    journal_name = text_of(nested(record, "journal", "name"))
    # Semantic Scholar files a Findings paper under the main conference; its journal name says Findings
    container = (journal_name if (journal_name or "").lower().startswith("findings") else None) or (
        text_of(nested(record, "publicationVenue", "name")) or text_of(record.get("venue")) or journal_name)
    journal = nested(record, "publicationVenue", "type") == "journal" or (
        not nested(record, "publicationVenue", "type") and not text_of(record.get("venue"))
        and bool(journal_name)) and not container.lower().startswith("findings")
    fields = record.get("fieldsOfStudy") if isinstance(record.get("fieldsOfStudy"), list) else []
    return Paper(
        ref=f"s2:{s2_id}",
        provenance=provenance,
        title=title,
        abstract=abstract,
        authors=authors_of(record.get("authors"), lambda author: text_of(author.get("name"))),
        year=year,
        doi=bare_doi(text_of(external.get("DOI"))),
        arxiv_id=bare_arxiv_id(external.get("ArXiv")),
        anthology_id=text_of(external.get("ACL")),
        semantic_scholar_id=s2_id,
        venue=record_venue(records, container, year, provenance, journal=journal),
        booktitle=container,
        url=text_of(record.get("url")),
        keywords=tuple(name for name in map(text_of, fields) if name),
        extra=tuple((key, value if isinstance(value, str) else ", ".join(map(str, value))
                     if isinstance(value, list) else str(value))
                    for key, value in ((key, record.get(key)) for key in _EXTRA) if value not in (None, [])),
    )
