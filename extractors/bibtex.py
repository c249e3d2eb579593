"""Read BibTeX entries (with ``abstract`` fields) into paper records, via bibtexparser 2.

LaTeX braces and common accent commands are removed from titles and
abstracts; ``author`` is split on " and " and "Last, First" turned into
"First Last".  An entry bibtexparser cannot parse, or one with neither a
title nor an abstract, becomes a problem naming its line (and key).

>>> text = '''@inproceedings{lee-2020-qa,
...   title = {Better {QA} with {SQuAD}},
...   author = {Lee, Ann and Bo Chen},
...   booktitle = {Proceedings of ACL}, year = {2020},
...   doi = {10.18653/v1/2020.acl-main.1},
...   abstract = {We evaluate on {SQuAD}.}
... }'''
>>> paper = read_bibtex(text, source="refs.bib").papers[0]
>>> paper.title, paper.authors, paper.year, paper.doi
('Better QA with SQuAD', ('Ann Lee', 'Bo Chen'), 2020, '10.18653/v1/2020.acl-main.1')
"""
from __future__ import annotations

import logging
import re
import unicodedata

import bibtexparser
from bibtexparser.model import Entry

from ontology.ids import bare_doi
from ontology.records import InputProblem, Paper, Provenance, ReaderRecords

__all__ = ["read_bibtex", "looks_like_bibtex"]

_READER = "bibtex"
_FAILED_KEY = re.compile(r"\s*@\s*\w+\s*[{(]\s*([^,\s{}()]+)\s*,")
_ENTRY_START = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "c": "\u0327", "=": "\u0304"}
_ACCENT_COMMAND = re.compile(r"\\([`'^\"~=c])\s*\{?\s*([A-Za-z])\}?")
_COMMAND = re.compile(r"\\[A-Za-z]+\s*")
_SPACES = re.compile(r"\s+")
_KNOWN = {"title", "abstract", "author", "year", "doi", "url", "booktitle", "journal", "venue"}
# bibtexparser logs each failed block itself; kg reports them once, as input problems.
logging.getLogger("bibtexparser").addHandler(logging.NullHandler())
logging.getLogger("bibtexparser").propagate = False



def looks_like_bibtex(text: str) -> bool:
    """True when ``text`` has at least one line starting a BibTeX entry ("@article{")."""
    return bool(_ENTRY_START.search(text[:20000]))


def read_bibtex(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per usable entry of ``text``."""
    records = ReaderRecords()
    library = bibtexparser.parse_string(text)
    for failed in library.failed_blocks:
        key = _FAILED_KEY.match(failed.raw or "")
        label = f"entry {key.group(1)!r}" if key else "an entry"
        records.problems.append(InputProblem(source, f"{label} does not parse as BibTeX; skipped", failed.start_line + 1))
    for entry in library.entries:
        paper = _paper(entry, source)
        if paper is None:
            records.problems.append(InputProblem(source, f"entry {entry.key!r} has no title and no abstract; skipped",
                                                 entry.start_line + 1))
        else:
            records.papers.append(paper)
    return records


def _paper(entry: Entry, source: str) -> Paper | None:
    fields = {key.lower(): value for key, value in entry.fields_dict.items()}

    def value(name: str) -> str | None:
        field_ = fields.get(name)
        return detex(str(field_.value)) if field_ is not None and str(field_.value).strip() else None

    title, abstract = value("title"), value("abstract")
    if not title and not abstract:
        return None
    year = value("year")
    doi = value("doi")
    return Paper(
        ref=f"bibtex:{entry.key}",
        provenance=Provenance(source, extractor=_READER, line=entry.start_line + 1),
        title=title,
        abstract=abstract,
        venue=value("venue"),
        booktitle=value("booktitle") or value("journal"),
        year=int(year) if year and year.isdigit() else None,
        authors=tuple(_person(name) for name in re.split(r"\s+and\s+", value("author") or "") if name.strip()),
        doi=bare_doi(doi),
        url=value("url"),
        extra=tuple(sorted([("bibtex_key", entry.key), ("bibtex_type", entry.entry_type)]
                           + [(k, detex(str(f.value))) for k, f in fields.items() if k not in _KNOWN])),
    )


def detex(text: str) -> str:
    """Text of a BibTeX value: accents composed, commands and braces dropped, spaces collapsed.

    >>> detex(r"Caf\\'{e} {BERT} \\emph{rocks}")
    'Café BERT rocks'
    """
    text = _ACCENT_COMMAND.sub(lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), text)
    text = _COMMAND.sub("", text).replace("{", "").replace("}", "").replace("~", " ")
    return _SPACES.sub(" ", text).strip()


def _person(name: str) -> str:
    last, comma, first = name.partition(",")
    return f"{first.strip()} {last.strip()}" if comma else name.strip()

