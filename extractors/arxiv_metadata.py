"""Read the arXiv metadata snapshot (Kaggle's ``arxiv-metadata-oai-snapshot.json``): one JSON object a line.

What becomes what:

* ``id`` → the arXiv id (and ``https://arxiv.org/abs/<id>`` as URL);
* ``title``, ``abstract`` → LaTeX decoded (:func:`extractors.bibtex.detex`),
  line breaks and indentation collapsed;
* ``authors_parsed`` ([last, first, suffix] lists) → authors, else the
  ``authors`` string split on commas and "and";
* the first entry of ``versions`` (its ``created`` date) → year, else ``update_date``;
* ``doi``; ``categories``, ``journal-ref`` and ``comments`` → ``extra``
  (``arxiv_categories``, ``journal_ref``, ``comments``).

>>> line = ('{"id": "2301.00001", "authors": "Mar\\\\\\\\\\'ia Garc\\\\\\\\\\'ia and J. Dvo\\\\\\\\v{r}\\\\\\\\\\'ak", '
...         '"title": "Toy\\\\n  QA", "abstract": "  We use SQuAD.\\\\n", "categories": "cs.CL cs.LG", '
...         '"versions": [{"version": "v1", "created": "Mon, 2 Jan 2023 10:00:00 GMT"}]}')
>>> paper = read_arxiv_metadata(line, source="arxiv.jsonl").papers[0]
>>> paper.arxiv_id, paper.title, paper.authors, paper.year, dict(paper.extra)["arxiv_categories"]
('2301.00001', 'Toy QA', ('María García', 'J. Dvořák'), 2023, 'cs.CL cs.LG')
"""
from __future__ import annotations

import re

from extractors.bibtex import detex
from extractors.paper_fields import bare_arxiv_id, first_json_record, read_json_papers, text_of, year_in
from ontology.ids import bare_doi
from ontology.records import Paper, Provenance, ReaderRecords

__all__ = ["looks_like_arxiv_metadata", "read_arxiv_metadata"]

_READER = "arxiv_metadata"
_AUTHOR_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_EXTRA = (("categories", "arxiv_categories"), ("journal-ref", "journal_ref"), ("comments", "comments"))


def looks_like_arxiv_metadata(text: str) -> bool:
    """True when the first record of ``text`` is an arXiv snapshot line (an arXiv id with ``versions``)."""
    record = first_json_record(text)
    return (record is not None and isinstance(record.get("versions"), list)
            and bool(bare_arxiv_id(record.get("id"))) and ("categories" in record or "authors_parsed" in record))


def read_arxiv_metadata(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per snapshot line; bad lines become problems."""
    return read_json_papers(text, source=source, paper_of=_paper)


def _decoded(value: object) -> str | None:
    text = text_of(value)
    return (detex(text) or None) if text else None


def _paper(record: dict, where: Provenance, records: ReaderRecords) -> Paper:
    title, abstract = _decoded(record.get("title")), _decoded(record.get("abstract"))
    if not title and not abstract:
        raise ValueError("an arXiv record with no title and no abstract")
    arxiv_id = bare_arxiv_id(record.get("id"))
    if not arxiv_id:
        raise ValueError(f"'id' is not an arXiv id: {record.get('id')!r}")
    versions = record.get("versions") or []
    first = versions[0] if versions and isinstance(versions[0], dict) else {}
    return Paper(
        ref=f"arxiv:{arxiv_id}",
        provenance=Provenance(where.source, where.start, where.end, extractor=_READER, line=where.line),
        title=title,
        abstract=abstract,
        authors=_authors(record),
        year=year_in(first.get("created")) or year_in(record.get("update_date")),
        doi=bare_doi(text_of(record.get("doi"))),
        arxiv_id=arxiv_id,
        url=f"https://arxiv.org/abs/{arxiv_id}",
        extra=tuple((name, text) for key, name in _EXTRA if (text := _decoded(record.get(key)))),
    )


def _authors(record: dict) -> tuple[str, ...]:
    parsed = record.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        names = (" ".join(part for part in (_decoded(p) for p in (parts[1:2] + parts[:1] + parts[2:3])) if part)
                 for parts in parsed if isinstance(parts, list))
    else:
        names = (_decoded(name) for name in _AUTHOR_SEPARATOR.split(text_of(record.get("authors")) or ""))
    return tuple(name for name in names if name)
