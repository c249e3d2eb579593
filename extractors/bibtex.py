"""Read BibTeX entries (with ``abstract`` fields) into paper records, via bibtexparser 2.

LaTeX in every value is decoded by pylatexenc (accents such as ``{\\'\\i}``
and ``{\\v{r}}``, escapes such as ``\\%``, braces, commands, math as text);
``author`` is split by bibtexparser's name rules (an ``and`` inside braces
is part of a name) and "Last, First" turned into "First Last".  The venue
comes from ``venue``, else from ``booktitle``/``journal`` via
:func:`extractors.venue_names.container_venue` ("Proceedings of the 61st
Annual Meeting of the ACL" → "ACL 2023"); the Anthology id from an Anthology
``url`` or DOI, the arXiv id from ``eprint`` (``archiveprefix = arXiv``) or an
arXiv ``journal``/``url``.  An entry bibtexparser cannot parse, or one with
neither a title nor an abstract, becomes a problem naming its line (and key).

>>> text = '''@inproceedings{garcia-2023-qa,
...   title = {Better {QA} with {SQuAD}},
...   author = {Garc{\\\\'\\\\i}a, Mar{\\\\'\\\\i}a and Dvo{\\\\v{r}}{\\\\'a}k, Ji{\\\\v{r}}{\\\\'\\\\i}},
...   booktitle = {Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics},
...   year = {2023}, doi = {10.18653/v1/2023.acl-long.1},
...   abstract = {We evaluate on {SQuAD}.}
... }'''
>>> paper = read_bibtex(text, source="refs.bib").papers[0]
>>> paper.title, paper.authors, paper.year, paper.venue, paper.anthology_id
('Better QA with SQuAD', ('María García', 'Jiří Dvořák'), 2023, 'ACL 2023', '2023.acl-long.1')
"""
from __future__ import annotations

import logging
import re
import unicodedata

import bibtexparser
from bibtexparser.middlewares.names import parse_single_name_into_parts, split_multiple_persons_names
from bibtexparser.model import Entry
from pylatexenc.latex2text import LatexNodes2Text

from extractors.paper_fields import anthology_id_in, bare_arxiv_id, year_in
from extractors.venue_names import record_venue
from ontology.ids import bare_doi
from ontology.records import InputProblem, Paper, Provenance, ReaderRecords

__all__ = ["detex", "looks_like_bibtex", "read_bibtex"]

_READER = "bibtex"
_FAILED_KEY = re.compile(r"\s*@\s*\w+\s*[{(]\s*([^,\s{}()]+)\s*,")
_ENTRY_START = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_BARE_PERCENT = re.compile(r"(?<!\\)%")  # a "%" in a value is a per cent sign, not a LaTeX comment
_SPACES = re.compile(r"\s+")
_ARXIV_IN_TEXT = re.compile(r"arxiv[:\s/]+(?:abs/)?(\d{4}\.\d{4,5}|[a-z][a-z.-]*/\d{7})", re.IGNORECASE)
_KNOWN = {"title", "abstract", "author", "year", "doi", "url", "booktitle", "journal", "venue"}
_LATEX = LatexNodes2Text(math_mode="text")
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
        paper = _paper(entry, source, records)
        if paper is None:
            records.problems.append(InputProblem(source, f"entry {entry.key!r} has no title and no abstract; skipped",
                                                 entry.start_line + 1))
        else:
            records.papers.append(paper)
    return records


def _paper(entry: Entry, source: str, records: ReaderRecords) -> Paper | None:
    fields = {key.lower(): str(value.value) for key, value in entry.fields_dict.items()}

    def value(name: str) -> str | None:
        raw = fields.get(name)
        return (detex(raw) or None) if raw and raw.strip() else None

    title, abstract = value("title"), value("abstract")
    if not title and not abstract:
        return None
    year = year_in(value("year")) if (value("year") or "").strip().isdigit() else None
    doi, url, journal = bare_doi(value("doi")), value("url"), value("journal")
    provenance = Provenance(source, extractor=_READER, line=entry.start_line + 1)
    container = value("booktitle") or journal
    venue = value("venue") or record_venue(records, container, year, provenance,
                                           journal=journal is not None and not value("booktitle"))
    return Paper(
        ref=f"bibtex:{entry.key}",
        provenance=provenance,
        title=title,
        abstract=abstract,
        venue=venue,
        booktitle=container,
        year=year,
        authors=_authors(fields.get("author") or ""),
        doi=doi,
        anthology_id=anthology_id_in(url) or anthology_id_in(doi),
        arxiv_id=_arxiv_id(fields, value),
        url=url,
        extra=tuple(sorted([("bibtex_key", entry.key), ("bibtex_type", entry.entry_type)]
                           + [(k, detex(v)) for k, v in fields.items() if k not in _KNOWN])),
    )


def _arxiv_id(fields: dict[str, str], value) -> str | None:
    """The arXiv id of an entry: ``eprint`` of an arXiv entry, else one named in ``journal``, ``url`` or ``doi``."""
    eprint = value("eprint")
    if eprint and (value("archiveprefix") or value("eprinttype") or "arxiv").lower() == "arxiv":
        found = bare_arxiv_id(eprint)
        if found:
            return found
    for name in ("journal", "url", "doi", "volume"):
        text = value(name) or ""
        found = bare_arxiv_id(text) or bare_arxiv_id(text.removeprefix("abs/"))
        in_text = _ARXIV_IN_TEXT.search(text)
        if found or in_text:
            return found or in_text.group(1).lower()
    return None


def detex(text: str) -> str:
    """Text of a BibTeX value: LaTeX decoded (accents composed, commands and braces dropped), spaces collapsed.

    >>> detex(r"Caf\\'{e} {BERT} \\emph{rocks} by 5% on $n$-grams")
    'Café BERT rocks by 5% on n-grams'
    >>> detex(r"Dvo{\\v{r}}{\\'a}k, Ji{\\v{r}}{\\'\\i} and M{\\"u}ller")
    'Dvořák, Jiří and Müller'
    """
    try:
        decoded = _LATEX.latex_to_text(_BARE_PERCENT.sub(r"\\%", text))
    except Exception:  # noqa: BLE001 - pylatexenc is lenient; keep the raw text if it ever gives up
        decoded = text.replace("{", "").replace("}", "")
    return _SPACES.sub(" ", unicodedata.normalize("NFC", decoded)).strip()


def _authors(raw: str) -> tuple[str, ...]:
    """The names of an ``author`` value in order, each "First von Last, Jr." and LaTeX-decoded."""
    names = []
    for name in split_multiple_persons_names(raw):
        try:
            full = parse_single_name_into_parts(name, strict=False).merge_first_name_first
        except Exception:  # noqa: BLE001 - a name bibtexparser cannot split is kept as written
            full = name
        decoded = detex(full)
        if decoded and decoded.lower() != "others":
            names.append(decoded)
    return tuple(names)
