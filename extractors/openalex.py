"""Read OpenAlex works: one work (the API's ``/works/W…``), an API result page, or snapshot JSON Lines.

What becomes what (https://docs.openalex.org/api-entities/works/work-object):

* ``id`` → the OpenAlex id ("W2741809807"); ``doi`` (and ``ids.doi``) → the bare DOI;
* ``display_name`` (or ``title``) → title; ``abstract_inverted_index`` → the
  abstract, rebuilt word by word from the positions;
* ``authorships[].author.display_name`` → authors, in order;
* ``publication_year`` → year; ``primary_location.source.display_name`` →
  booktitle and venue (via :func:`extractors.venue_names.container_venue`; a
  repository such as arXiv is no venue);
* an arXiv landing page or arXiv DOI among the locations → the arXiv id; an
  Anthology DOI or page → the Anthology id; ``keywords`` → keywords;
* ``type``, ``language`` and ``cited_by_count`` → ``extra``.

>>> work = ('{"id": "https://openalex.org/W42", "display_name": "Toy QA", "publication_year": 2023, '
...         '"abstract_inverted_index": {"We": [0], "use": [1], "SQuAD.": [2]}, '
...         '"authorships": [{"author": {"display_name": "María García"}}]}')
>>> paper = read_openalex(work, source="works.json").papers[0]
>>> paper.openalex_id, paper.title, paper.abstract, paper.authors, paper.year
('W42', 'Toy QA', 'We use SQuAD.', ('María García',), 2023)
"""
from __future__ import annotations

from extractors.paper_fields import (
    anthology_id_in,
    authors_of,
    bare_arxiv_id,
    bare_openalex_id,
    first_json_record,
    nested,
    read_json_papers,
    text_of,
    year_in,
)
from extractors.venue_names import record_venue
from ontology.ids import bare_doi, paper_ref
from ontology.records import Paper, Provenance, ReaderRecords

__all__ = ["abstract_from_inverted_index", "looks_like_openalex", "read_openalex"]

_READER = "openalex"
_EXTRA = ("type", "language", "cited_by_count")


def looks_like_openalex(text: str) -> bool:
    """True when the first record of a JSON or JSON Lines ``text`` is an OpenAlex work."""
    record = first_json_record(text)
    return record is not None and (
        bool(bare_openalex_id(record.get("id")))
        or ("authorships" in record and ("display_name" in record or "abstract_inverted_index" in record)))


def read_openalex(text: str, *, source: str) -> ReaderRecords:
    """One :class:`~ontology.records.Paper` per work in ``text``; bad items become problems."""
    return read_json_papers(text, source=source, paper_of=_paper)


def abstract_from_inverted_index(index: object) -> str | None:
    """The abstract text an ``abstract_inverted_index`` ({word: [positions]}) encodes.

    >>> abstract_from_inverted_index({"ranking": [1, 3], "Better": [0], "by": [2]})
    'Better ranking by ranking'
    """
    if not isinstance(index, dict):
        return None
    words = {position: word for word, positions in index.items() if isinstance(positions, list)
             for position in positions if isinstance(position, int)}
    return text_of(" ".join(words[position] for position in sorted(words))) if words else None


def _paper(record: dict, where: Provenance, records: ReaderRecords) -> Paper:
    title = text_of(record.get("display_name")) or text_of(record.get("title"))
    abstract = abstract_from_inverted_index(record.get("abstract_inverted_index"))
    if not title and not abstract:
        raise ValueError("an OpenAlex work with no title and no abstract")
    openalex_id = bare_openalex_id(record.get("id")) or bare_openalex_id(nested(record, "ids", "openalex"))
    year = year_in(record.get("publication_year")) or year_in(record.get("publication_date"))
    doi = bare_doi(text_of(record.get("doi")) or text_of(nested(record, "ids", "doi")))
    provenance = Provenance(where.source, where.start, where.end, extractor=_READER, line=where.line)
    source = nested(record, "primary_location", "source")
    container = text_of(nested(source, "display_name")) if nested(source, "type") != "repository" else None
    locations = [loc for loc in (record.get("primary_location"), *_list(record.get("locations")))
                 if isinstance(loc, dict)]
    urls = [text_of(loc.get(key)) for loc in locations for key in ("landing_page_url", "pdf_url")]
    return Paper(
        ref=f"openalex:{openalex_id}" if openalex_id else f"openalex:{where.source}:{paper_ref(title, abstract)}",
        provenance=provenance,
        title=title,
        abstract=abstract,
        authors=authors_of(record.get("authorships"), _author),
        year=year,
        doi=doi,
        venue=record_venue(records, container, year, provenance, journal=nested(source, "type") == "journal"),
        booktitle=container,
        openalex_id=openalex_id,
        arxiv_id=next((found for found in map(bare_arxiv_id, [doi, *urls]) if found), None),
        anthology_id=next((found for found in map(anthology_id_in, [doi, *urls]) if found), None),
        url=next((url for url in urls if url), None) or (f"https://doi.org/{doi}" if doi else None),
        keywords=tuple(name for name in (text_of(nested(k, "display_name")) if isinstance(k, dict) else text_of(k)
                                         for k in _list(record.get("keywords"))) if name),
        extra=tuple((key, str(record[key])) for key in _EXTRA if record.get(key) is not None),
    )


def _author(authorship: dict) -> str | None:
    return text_of(nested(authorship, "author", "display_name")) or text_of(authorship.get("raw_author_name"))


def _list(value: object) -> list:
    return value if isinstance(value, list) else []
