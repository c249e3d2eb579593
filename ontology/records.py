"""The records passed between stages: readers → extractors → records → graph → exports.

Every stage hands the next one these frozen dataclasses and nothing else, so a
stage can be tested (and replaced) on its own.  Offsets are character offsets
into the *source file's text* (after decoding), so any fact can be traced back
to the exact characters it came from.

Examples
--------
>>> where = Provenance(source="page.txt", start=10, end=15, extractor="kg_roles")
>>> Mention(paper_ref="title:tinyrule", name="TinyRule", kind=EntityKind.METHOD,
...         relation=Relation.PROPOSES, provenance=where).kind.value
'method'
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ontology.kinds import EntityKind, PaperLinkKind, Relation

__all__ = [
    "EntityKind",
    "Relation",
    "PaperLinkKind",
    "Provenance",
    "Paper",
    "Venue",
    "PaperLink",
    "Mention",
    "DocumentRecords",
    "InputProblem",
    "ReaderRecords",
]


@dataclass(frozen=True)
class Provenance:
    """Where a fact came from.

    ``start``/``end`` are character offsets into the source file's text;
    ``sentence`` is the sentence (or line) that states the fact.
    """

    source: str
    start: int | None = None
    end: int | None = None
    extractor: str = ""
    confidence: float = 1.0
    sentence: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Paper:
    """One paper as one source describes it.

    ``ref`` is the key other records of the same document use to point at
    this paper (see :func:`ontology.ids.paper_ref`).  A paper known only from a
    "Similar lecture" link has a title and nothing else.
    """

    ref: str
    provenance: Provenance
    title: str | None = None
    abstract: str | None = None
    abstract_span: tuple[int, int] | None = None  # offsets of the raw abstract in the source text
    title_span: tuple[int, int] | None = None  # offsets of the raw title in the source text
    venue: str | None = None
    presentation_type: str | None = None
    country: str | None = None
    keywords: tuple[str, ...] = ()
    code_repositories: tuple[str, ...] = ()
    role: str = "main"  # main | listed | linked
    authors: tuple[str, ...] = ()  # in author order
    year: int | None = None
    doi: str | None = None  # bare DOI ("10.18653/v1/2020.acl-main.3"), no resolver prefix
    anthology_id: str | None = None  # ACL Anthology id ("2020.acl-main.3", "P18-1001")
    url: str | None = None
    booktitle: str | None = None
    extra: tuple[tuple[str, str], ...] = ()  # fields a source gives that kg has no attribute for
    arxiv_id: str | None = None  # bare arXiv id ("2004.11727", "hep-th/9901001"), no version
    openalex_id: str | None = None  # OpenAlex work id ("W2741809807")
    semantic_scholar_id: str | None = None  # Semantic Scholar paper id (40 hex digits)


@dataclass(frozen=True)
class Venue:
    """A conference edition ("ACL 2026") with whatever facts a source states."""

    name: str
    provenance: Provenance
    series: str | None = None
    year: int | None = None
    location: str | None = None
    start_date: str | None = None  # ISO 8601
    end_date: str | None = None  # ISO 8601
    edition: str | None = None
    general_chair: str | None = None
    booktitle: str | None = None


@dataclass(frozen=True)
class PaperLink:
    """A link from one paper to another stated by the source (program order, similarity)."""

    source_ref: str
    target_ref: str
    kind: PaperLinkKind
    provenance: Provenance


@dataclass(frozen=True)
class Mention:
    """A method, dataset or model named in a paper's text, with its role."""

    paper_ref: str
    name: str
    kind: EntityKind
    relation: Relation
    provenance: Provenance
    long_form: str | None = None  # the expansion of an acronym, when the text gives one
    same_as: str | None = None  # a page about the entity elsewhere (e.g. its Papers-with-Code page)


@dataclass(frozen=True)
class InputProblem:
    """Something wrong with an input, reported to the user; the build goes on."""

    source: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line else self.source
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class DocumentRecords:
    """Everything extracted from one input document."""

    source: str
    papers: tuple[Paper, ...] = ()
    venues: tuple[Venue, ...] = ()
    links: tuple[PaperLink, ...] = ()
    mentions: tuple[Mention, ...] = ()
    problems: tuple[InputProblem, ...] = field(default=())
    complete: bool = True  # False when kg itself failed on the document: never cached


@dataclass
class ReaderRecords:
    """What a format reader collects from one file, before entity extraction (mutable while reading)."""

    papers: list[Paper] = field(default_factory=list)
    venues: list[Venue] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)  # curated ones, e.g. Papers-with-Code tags
    problems: list[InputProblem] = field(default_factory=list)
