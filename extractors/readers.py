"""The input formats kg reads: one table, one entry per format.

Each :class:`Reader` says how to recognise a file of its format from the
file's content (the name is only a tie-breaker) and how to turn the text into
:class:`~ontology.records.DocumentRecords`, entity mentions included.
:data:`READERS` lists them in detection order: the first reader whose
``detect`` accepts a file reads it, and a *fallback* reader (lecture pages,
which are plain text) is tried only after every other. Adding a format is one
entry here plus the module that parses it.

>>> detect_format("volume.xml", '<?xml version="1.0"?>\\n<collection id="2020.acl">')
'anthology-xml'
>>> detect_format("papers.txt", '{"title": "A"}\\n')
'jsonl'
>>> detect_format("refs", "@article{key,\\n title={A}}")
'bibtex'
>>> detect_format("works.json", '{"id": "https://openalex.org/W42", "display_name": "A"}')
'openalex'
>>> detect_format("refs.ris", "TY  - JOUR\\nTI  - A\\nER  - \\n")
'ris'
>>> detect_format("page.txt", "Germany\\nWe study retrieval.\\nACL 2026\\n")
'lecture-page'
>>> detect_format("notes.xml", "<html><body/></html>") is None
True
>>> records = read_records('{"title": "Toy Ranking", "venue": "ACL 2026"}\\n', source="toy.jsonl", format="jsonl")
>>> [paper.title for paper in records.papers], records.problems
(['Toy Ranking'], ())
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace

from extractors.anthology_xml import looks_like_anthology_xml, read_anthology_xml
from extractors.arxiv_metadata import looks_like_arxiv_metadata, read_arxiv_metadata
from extractors.bibtex import looks_like_bibtex, read_bibtex
from extractors.csl_json import looks_like_csl_json, read_csl_json
from extractors.jsonl_records import looks_like_jsonl, read_jsonl
from extractors.lecture_pages import read_lecture_page
from extractors.openalex import looks_like_openalex, read_openalex
from extractors.ris import looks_like_ris, read_ris
from extractors.semantic_scholar import looks_like_semantic_scholar, read_semantic_scholar
from extractors.venue_facts import extract_venue_facts
from extractors.web_urls import not_web_url
from ontology.records import DocumentRecords, InputProblem, Mention, Paper, ReaderRecords

__all__ = ["FORMATS", "LECTURE_PAGE", "READERS", "Reader", "detect_format", "read_records"]

#: The format whose records depend on the other files of the same format (their shared boilerplate).
LECTURE_PAGE = "lecture-page"

_JSONL_SUFFIXES = (".jsonl", ".ndjson", ".json")


@dataclass(frozen=True)
class Reader:
    """One input format.

    ``detect(name, text)`` tells whether a file called ``name`` with content
    ``text`` is of this format; ``read(text, source, repeated)`` returns its
    records, where ``source`` is the name facts cite and ``repeated`` the
    lecture-page blocks seen on several pages (conference boilerplate).
    A ``fallback`` reader is asked only when no other reader takes the file.
    """

    name: str
    description: str
    detect: Callable[[str, str], bool]
    read: Callable[[str, str, Collection[str]], DocumentRecords]
    fallback: bool = False


def _head(text: str) -> str:
    return text.lstrip()[:1]


def _is_jsonl(name: str, text: str) -> bool:
    # a first line that is not valid JSON in a .jsonl file is still read: the reader reports it
    return _head(text) == "{" and (looks_like_jsonl(text) or name.lower().endswith(_JSONL_SUFFIXES))


def _json_detector(looks_like: Callable[[str], bool]) -> Callable[[str, str], bool]:
    """A detector for a JSON format: a JSON object or array first, then what ``looks_like`` says of its first record."""
    return lambda name, text: _head(text) in ("{", "[") and looks_like(text)


def _json_reader(read: Callable[..., ReaderRecords]) -> Callable[[str, str, Collection[str]], DocumentRecords]:
    return lambda text, source, repeated: _with_mentions(source, read(text, source=source))


def _is_bibtex(name: str, text: str) -> bool:
    head = _head(text)
    return (head in ("@", "%") or (head != "<" and name.lower().endswith(".bib"))) and looks_like_bibtex(text)


def _is_plain_text(name: str, text: str) -> bool:
    # markup that is not an Anthology volume (HTML, other XML) is not read: its tags would be taken for text
    return _head(text) != "<"


def _mentions(papers: Iterable[Paper], *, source_texts: Mapping[str, str] | None = None) -> list[Mention]:
    """:func:`extractors.mentions.extract_mentions`, imported when a first text is read: it loads spaCy, which the
    main process of a build whose worker processes extract never needs (it would hold about 50 MB there through
    every later stage: docs/scaling.md, "Peak memory, twenty-sixth session")."""
    from extractors.mentions import extract_mentions as extract

    return extract(papers, source_texts=source_texts)


def _with_mentions(source: str, read: ReaderRecords, *, may_be_empty: bool = False) -> DocumentRecords:
    """A reader's records, web addresses checked, plus what the entity extractor finds in every abstract."""
    problems = list(read.problems)
    papers = [_web_urls_only(paper, source, problems) for paper in read.papers]
    if not papers and not problems and not may_be_empty:
        problems.append(InputProblem(source, "no papers found; skipped", 1))
    return DocumentRecords(source=source, papers=tuple(papers), venues=tuple(read.venues),
                           mentions=(*read.mentions, *_mentions(papers)), problems=tuple(problems))


def _web_urls_only(paper: Paper, source: str, problems: list[InputProblem]) -> Paper:
    """``paper`` without a ``url`` or code repository that is not a web address, each reported with its line.

    One rule for every format (:func:`extractors.web_urls.not_web_url`): a
    ``javascript:`` or ``data:`` URL never becomes a link or an IRI.
    """
    line = paper.provenance.line
    url = paper.url
    if url and (why := not_web_url(url)):
        problems.append(InputProblem(source, f"the paper's url is {why}; left out", line))
        url = None
    code = []
    for repository in paper.code_repositories:
        if why := not_web_url(repository):
            problems.append(InputProblem(source, f"a code repository is {why}; left out", line))
        else:
            code.append(repository)
    if url == paper.url and len(code) == len(paper.code_repositories):
        return paper
    return replace(paper, url=url, code_repositories=tuple(code))


def _anthology_xml_records(text: str, source: str, repeated: Collection[str]) -> DocumentRecords:
    # a volume file may hold only event metadata (no papers): that is not a problem
    return _with_mentions(source, read_anthology_xml(text.encode("utf-8"), source=source), may_be_empty=True)


def _jsonl_records(text: str, source: str, repeated: Collection[str]) -> DocumentRecords:
    return _with_mentions(source, read_jsonl(text, source=source))


def _bibtex_records(text: str, source: str, repeated: Collection[str]) -> DocumentRecords:
    return _with_mentions(source, read_bibtex(text, source=source))


def _ris_records(text: str, source: str, repeated: Collection[str]) -> DocumentRecords:
    return _with_mentions(source, read_ris(text, source=source))


def _lecture_page_records(text: str, source: str, repeated: Collection[str]) -> DocumentRecords:
    page = read_lecture_page(text, source=source, repeated=repeated)
    if page.main is None and not page.listed:
        problem = InputProblem(source, "not a lecture page (no abstract, venue or listing found); skipped", 1)
        return DocumentRecords(source=source, problems=(problem,))
    venues = extract_venue_facts(page.boilerplate, source=source, known_venues=page.venue_labels)
    mentions = _mentions(page.papers, source_texts={source: page.text})  # unwrapped, as the page was read
    return DocumentRecords(source=source, papers=page.papers, venues=tuple(venues), links=page.links,
                           mentions=tuple(mentions), problems=page.problems)


#: Every input format kg reads, in detection order.
READERS: dict[str, Reader] = {
    reader.name: reader
    for reader in (
        Reader("anthology-xml", "ACL Anthology XML volume files",
               lambda name, text: looks_like_anthology_xml(text), _anthology_xml_records),
        # the specific JSON formats before the generic JSON Lines reader, which would take them all
        Reader("openalex", "OpenAlex works: one work, an API result page or snapshot JSON Lines",
               _json_detector(looks_like_openalex), _json_reader(read_openalex)),
        Reader("semantic-scholar", "Semantic Scholar Graph API papers: one paper, a batch, a search page or JSON Lines",
               _json_detector(looks_like_semantic_scholar), _json_reader(read_semantic_scholar)),
        Reader("arxiv-metadata", "arXiv metadata snapshot lines (Kaggle's arxiv-metadata-oai-snapshot.json)",
               _json_detector(looks_like_arxiv_metadata), _json_reader(read_arxiv_metadata)),
        Reader("csl-json", "CSL-JSON bibliographies, as Zotero, Mendeley and pandoc export them",
               _json_detector(looks_like_csl_json), _json_reader(read_csl_json)),
        Reader("jsonl", "JSON Lines, one paper record per line", _is_jsonl, _jsonl_records),
        Reader("ris", "RIS bibliographies (TY ... ER records), as Zotero, Mendeley and EndNote export them",
               lambda name, text: looks_like_ris(text), _ris_records),
        Reader("bibtex", "BibTeX entries with abstract fields", _is_bibtex, _bibtex_records),
        Reader(LECTURE_PAGE, "the text of an Underline conference lecture page", _is_plain_text,
               _lecture_page_records, fallback=True),
    )
}

#: The names of every input format kg reads.
FORMATS = tuple(READERS)


def detect_format(name: str, text: str) -> str | None:
    """The format of a file called ``name`` with content ``text``, or None when kg does not read it."""
    in_order = sorted(READERS.values(), key=lambda reader: reader.fallback)  # stable: table order otherwise
    return next((reader.name for reader in in_order if reader.detect(name, text)), None)


def read_records(text: str, *, source: str, format: str, repeated: Collection[str] = frozenset()) -> DocumentRecords:
    """Every record of one input of ``format``: its reader's records, entity mentions included.

    A format kg does not read gives a document whose only record is the problem.
    """
    reader = READERS.get(format)
    if reader is None:
        problem = InputProblem(source, "not a format kg reads (markup that is not an ACL Anthology volume); skipped", 1)
        return DocumentRecords(source=source, problems=(problem,))
    return reader.read(text, source, repeated)
