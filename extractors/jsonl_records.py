"""Read paper records from JSON Lines: one JSON object per line.

Known fields: ``title``, ``abstract`` (at least one of the two), ``id``,
``venue``, ``year``, ``authors`` (a list of names, or one string with names
separated by " and " or ";"), ``url``, ``doi``, ``anthology_id``,
``code`` (a URL or a list of URLs), ``arxiv_id``, ``openalex_id``,
``semantic_scholar_id``.  The record's ``id`` names the paper's reference in
the file and is kept in ``extra`` (as ``id``); every other field is kept, as
text, in the paper's ``extra`` attributes too.

>>> text = '{"id": "a1", "title": "A", "abstract": "We use SQuAD.", "year": 2020, "authors": ["Ann Lee"], "topic": "QA"}\\n'
>>> records = read_jsonl(text, source="papers.jsonl")
>>> paper = records.papers[0]
>>> paper.title, paper.year, paper.authors, paper.extra
('A', 2020, ('Ann Lee',), (('id', 'a1'), ('topic', 'QA')))
>>> read_jsonl('{"title": "A"\\n', source="bad.jsonl").problems[0].line
1
"""
from __future__ import annotations

import json
import re

from extractors.paper_fields import (
    JSON_LINE,
    SURROGATES_REPLACED,
    bare_arxiv_id,
    bare_openalex_id,
    bare_s2_id,
    json_lines,
    with_surrogates_replaced,
)
from ontology.ids import bare_doi, paper_ref
from ontology.records import InputProblem, Paper, Provenance, ReaderRecords

__all__ = ["KNOWN_FIELDS", "looks_like_jsonl", "read_jsonl"]

KNOWN_FIELDS = ("id", "title", "abstract", "venue", "year", "authors", "url", "doi", "anthology_id", "code",
                "arxiv_id", "openalex_id", "semantic_scholar_id")
_READER = "jsonl"
_AUTHOR_SEPARATOR = re.compile(r"\s+and\s+|\s*;\s*")



def looks_like_jsonl(text: str) -> bool:
    """True when the first non-blank line is a JSON object."""
    for match in JSON_LINE.finditer(text):
        line = match.group()
        if line.strip():
            try:
                return isinstance(json.loads(line), dict)
            except ValueError:
                return False
    return False


def read_jsonl(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per valid line of ``text``; bad lines become problems."""
    records = ReaderRecords()
    offset = 0
    for number, line in enumerate(json_lines(text), start=1):
        start, offset = offset, offset + len(line)
        if not line.strip():
            continue
        try:
            record = json.loads(line.rstrip("\r\n"))
        except json.JSONDecodeError as error:
            records.problems.append(InputProblem(
                source, f"not a JSON object: {error.msg} (column {error.colno}); line skipped", number))
            continue
        if not isinstance(record, dict):
            records.problems.append(InputProblem(source, "a JSON value that is not an object; line skipped", number))
            continue
        record, replaced = with_surrogates_replaced(record, line)
        if replaced:
            records.problems.append(InputProblem(source, SURROGATES_REPLACED, number))
        try:
            records.papers.append(_paper(record, source, number, start, line))
        except ValueError as error:
            records.problems.append(InputProblem(source, f"{error}; line skipped", number))
    return records


def _paper(record: dict, source: str, number: int, start: int, line: str) -> Paper:
    title, abstract = _string(record.get("title")), _string(record.get("abstract"))
    if not title and not abstract:
        raise ValueError("a record with no title and no abstract")
    year = record.get("year")
    if year is not None and not (isinstance(year, int) or (isinstance(year, str) and year.strip().isdigit())):
        raise ValueError(f"'year' must be a number, not {year!r}")
    doi = _string(record.get("doi"))
    code = record.get("code") or ()
    record_id = _string(record.get("id"))
    return Paper(
        ref=f"jsonl:{record_id}" if record_id else f"line:{number}:{paper_ref(title, abstract)}",
        provenance=Provenance(source, start=start, end=start + len(line.rstrip("\n")), extractor=_READER, line=number),
        title=title,
        abstract=abstract,
        venue=_string(record.get("venue")),
        year=int(year) if year is not None else None,
        authors=_authors(record.get("authors")),
        url=_string(record.get("url")),
        doi=bare_doi(doi),
        anthology_id=_string(record.get("anthology_id")),
        code_repositories=tuple(_string(c) for c in ([code] if isinstance(code, str) else code) if _string(c)),
        arxiv_id=bare_arxiv_id(record.get("arxiv_id")),
        openalex_id=bare_openalex_id(record.get("openalex_id")),
        semantic_scholar_id=bare_s2_id(record.get("semantic_scholar_id")),
        extra=tuple(sorted([("id", record_id)] * bool(record_id) + [
            (key, _as_text(value)) for key, value in record.items() if key not in KNOWN_FIELDS and value is not None])),
    )


def _string(value: object) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _as_text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _authors(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        names = _AUTHOR_SEPARATOR.split(value)
    elif isinstance(value, list):
        names = [name if isinstance(name, str) else (name or {}).get("name", "") for name in value]
    else:
        names = []
    return tuple(name.strip() for name in names if name and name.strip())
