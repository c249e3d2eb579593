"""Each cached document's summary: the few columns of its records that the decision tables read, kept beside the
document cache as plain JSON (step S2 of docs/scaling.md's partitioned assembly, round h14cc).

The four decision tables (:func:`~kg.paper_decisions.paper_table`, :func:`~kg.person_decisions.person_table`,
:func:`~kg.venue_decisions.venue_table`, :func:`~kg.entity_decisions.entity_table`) read little of the records: a
paper's ref, line, role, authors, venue, year, identifiers and text keys (:func:`~kg.paper_keys.text_keys`, the
costly ones), and whether it has an abstract; the venue records; a mention's paper ref, name, kind, relation,
start, extractor (its type evidence, and whether it is a title task), long form and ``same_as``.  A
:class:`DocumentSummary` holds just those, so the tables are made without decoding the records' abstracts, titles
and sentences: :func:`summary_tables` rebuilds slim records from the summaries (every other field left at its
default) and hands them to the tables' own functions, so no rule is written twice.

A summary is stored under its document's cache key (:class:`SummaryStore`), its header naming this layout and the
code that makes the text keys (:func:`summary_code`), its body checked by a SHA-256: a summary of other records,
other code or damaged bytes is not used.  Never a pickle (kg/cache.py's rules): reading one cannot run code.

>>> from ontology.records import EntityKind, Mention, Paper, Provenance, Relation
>>> paper = Paper(ref="a", title="A  Study", abstract="We parse.", provenance=Provenance("a.txt", line=1))
>>> mention = Mention("a", "parsing", EntityKind.TASK, Relation.USES,
...                   Provenance("a.txt", start=3, extractor="kg_entities:use+head", sentence="We parse."))
>>> summary = summarize(DocumentRecords(source="a.txt", papers=(paper,), mentions=(mention,)))
>>> summary.papers[0][:3], summary.mentions, summary.extractors
(['a', 1, 'main'], [[0, 'parsing', 'task', 'uses', 3, 0, None, None, None]], ['kg_entities:use+head'])
>>> tables = summary_tables([summary])
>>> tables.papers.nodes, tables.entities.ids
(['paper/title-a-study-9660219d7f'], ['task/parsing'])
"""
from __future__ import annotations

import hashlib
import json
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from kg.cache import framed, prune_shards, shard_path, store_file
from kg.entity_decisions import EntityTable, entity_table
from kg.paper_decisions import PaperTable, paper_table
from kg.paper_keys import TextKeys, code_digest, text_keys
from kg.partition_rows import assembly_mentions
from kg.person_decisions import PersonTable, person_table
from kg.venue_decisions import VENUE_FIELDS, VenueTable, venue_table
from ontology.errors import KgError
from ontology.kinds import EntityKind, Relation
from ontology.records import DocumentRecords, Mention, Paper, Provenance, Venue
from ontology.util.files import read_regular_file

__all__ = ["SUMMARY_FOLDER", "DecisionTables", "DocumentSummary", "SummaryError", "SummaryStore", "summarize",
           "summary_code", "summary_tables"]

#: The summaries' folder, in the document cache's folder.
SUMMARY_FOLDER = "summaries"
#: Bumped when a summary's layout changes; a summary of another format is not used.
_FORMAT = 2  # 2: a mention's paper as its row index, its extractor from the document's list
_MAGIC = b"kg-summary"
#: A summary larger than this is not one kg wrote (the full Anthology's largest is far below it).
_MAX_BYTES = 1 << 28
#: A paper row: what :func:`summarize` keeps of a :class:`~ontology.records.Paper`, in order.
PAPER_COLUMNS = ("ref", "line", "role", "authors", "venue", "year", "doi", "anthology_id", "arxiv_id", "openalex_id",
                 "semantic_scholar_id", "title_key", "abstract_key", "has_abstract", "title", "abstract", "source")
#: A venue row: a :class:`~ontology.records.Venue`'s name, start, fields and source.
VENUE_COLUMNS = ("name", "start", *VENUE_FIELDS, "source")
#: A mention row: what the entity table and the title-task rule read of a :class:`~ontology.records.Mention`.
MENTION_COLUMNS = ("paper", "name", "kind", "relation", "start", "extractor", "long_form", "same_as", "source")
_TEXT, _NUMBER = frozenset({str, type(None)}), frozenset({int, type(None)})
#: Each column's JSON types (``"names"``: a list of str; a set of str: the values allowed), checked on reading: a
#: checksum-true summary of other types would crash the tables or make wrong ones (review88).
_PAPER_TYPES: tuple[Any, ...] = (frozenset({str}), _NUMBER, frozenset({str}), "names", _TEXT, _NUMBER,
                                 *[_TEXT] * 7, frozenset({bool}), _TEXT, _TEXT, _TEXT)
_VENUE_TYPES: tuple[Any, ...] = (frozenset({str}), _NUMBER, *(frozenset(typing.get_args(hint) or (hint,)) for hint in
                                 map(typing.get_type_hints(Venue).get, VENUE_FIELDS)), _TEXT)
_MENTION_TYPES: tuple[Any, ...] = (frozenset({str, int}), frozenset({str}), {kind.value for kind in EntityKind},
                                   {relation.value for relation in Relation}, _NUMBER, frozenset({int}), _TEXT, _TEXT,
                                   _TEXT)


class SummaryError(KgError, ValueError):
    """Data that is not a document summary's (a stored one of other code, or damaged where it parses)."""


@dataclass(frozen=True)
class DocumentSummary:
    """One document's rows (:data:`PAPER_COLUMNS`, :data:`VENUE_COLUMNS`, :data:`MENTION_COLUMNS`), in its
    records' order; a row's ``source`` is None where it is the document's own.  A paper keeps its raw title and
    abstract only where both normalise to nothing (its node id is then a digest of them); else None.  A mention's
    ``paper`` is the index of the first paper row of its ref (its ref where the document has none), its
    ``extractor`` an index into ``extractors`` (a paper's ref and the extractor names were a quarter of the bytes)."""

    source: str
    papers: list[list[Any]] = field(default_factory=list)
    venues: list[list[Any]] = field(default_factory=list)
    mentions: list[list[Any]] = field(default_factory=list)
    extractors: list[str] = field(default_factory=list)

    def records(self) -> tuple[DocumentRecords, dict[int, TextKeys], set[int]]:
        """Slim records the tables read as they read the document's (every unkept field at its default), each
        slim paper's text keys by ``id(paper)``, and the ids of the papers that have an abstract."""
        keys: dict[int, TextKeys] = {}
        with_abstract: set[int] = set()
        papers = []
        own = self.source

        def of(source: str | None) -> str:  # None: the document's own ("" is a source of its own, not None)
            return own if source is None else source

        for row in self.papers:
            (ref, line, role, authors, venue, year, doi, anthology, arxiv, openalex, s2, title_key, abstract_key,
             has_abstract, title, abstract, source) = row
            paper = Paper(ref=ref, provenance=Provenance(of(source), line=line), role=role,
                          authors=tuple(authors), venue=venue, year=year, doi=doi, anthology_id=anthology,
                          arxiv_id=arxiv, openalex_id=openalex, semantic_scholar_id=s2, title=title, abstract=abstract)
            keys[id(paper)] = (title_key, abstract_key)
            if has_abstract:
                with_abstract.add(id(paper))
            papers.append(paper)
        venues = tuple(Venue(name=row[0], provenance=Provenance(of(row[-1]), start=row[1]),
                             **dict(zip(VENUE_FIELDS, row[2:-1]))) for row in self.venues)
        mentions = tuple(Mention(self.papers[paper][0] if type(paper) is int else paper, name, EntityKind(kind),
                                 Relation(relation),
                                 Provenance(of(source), start=start, extractor=self.extractors[extractor]),
                                 long_form=long_form, same_as=same_as)
                         for paper, name, kind, relation, start, extractor, long_form, same_as, source in self.mentions)
        return DocumentRecords(source=self.source, papers=tuple(papers), venues=venues, mentions=mentions), keys, \
            with_abstract

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        return {"source": self.source, "papers": self.papers, "venues": self.venues, "mentions": self.mentions,
                "extractors": self.extractors}

    @classmethod
    def from_data(cls, data: Any) -> DocumentSummary:
        """The summary ``data`` describes; :class:`SummaryError` where its shape is not a summary's."""
        if not isinstance(data, dict) or not isinstance(data.get("source"), str):
            raise SummaryError("is not a document summary")
        rows = {}
        for name, columns, types in (("papers", PAPER_COLUMNS, _PAPER_TYPES), ("venues", VENUE_COLUMNS, _VENUE_TYPES),
                                     ("mentions", MENTION_COLUMNS, _MENTION_TYPES)):
            found = data.get(name)
            if not isinstance(found, list) or not all(isinstance(r, list) and len(r) == len(columns) for r in found):
                raise SummaryError(f"its {name} are not rows of {len(columns)} columns")
            _check_columns(name, columns, types, found)
            rows[name] = found
        extractors = data.get("extractors")
        if not isinstance(extractors, list) or not all(isinstance(e, str) for e in extractors):
            raise SummaryError("its extractors are not a list of names")
        papers, named = len(rows["papers"]), len(extractors)
        if not all((type(m[0]) is str or (type(m[0]) is int and 0 <= m[0] < papers))
                   and type(m[5]) is int and 0 <= m[5] < named for m in rows["mentions"]):
            raise SummaryError("a mention's paper or extractor is not one of its rows or names")
        return cls(data["source"], extractors=extractors, **rows)


def _check_columns(name: str, columns: Sequence[str], types: Sequence[Any], rows: list[list[Any]]) -> None:
    """:class:`SummaryError` where a column of ``rows`` holds a value of a type (or a value) ``types`` does not allow
    (each column checked whole, in C: a corpus's summaries hold millions of values)."""
    for column, allowed, values in zip(columns, types, zip(*rows)):
        if allowed == "names":
            ok = set(map(type, values)) <= {list} and set(map(type, chain.from_iterable(values))) <= {str}
        elif all(type(member) is type for member in allowed):
            ok = set(map(type, values)) <= allowed
        else:
            ok = set(map(type, values)) <= {str} and set(values) <= allowed
        if not ok:
            raise SummaryError(f"its {name}' {column} column holds a value a summary never has")


def summarize(records: DocumentRecords, texts: Sequence[TextKeys] | None = None) -> DocumentSummary:
    """``records``' summary; ``texts``, its papers' :func:`~kg.paper_keys.text_keys` in order, where the caller has
    them (:class:`~kg.paper_keys.PaperKeyMemo`), else computed."""
    texts = [text_keys(p) for p in records.papers] if texts is None else texts
    if len(texts) != len(records.papers):
        raise ValueError(f"{len(texts)} text keys for {len(records.papers)} papers: pass one per paper, in order")

    def own(source: str) -> str | None:
        return None if source == records.source else source

    papers = [[p.ref, p.provenance.line, p.role, list(p.authors), p.venue, p.year, p.doi, p.anthology_id, p.arxiv_id,
               p.openalex_id, p.semantic_scholar_id, title, abstract, bool(p.abstract),
               None if title or abstract else p.title, None if title or abstract else p.abstract,
               own(p.provenance.source)] for p, (title, abstract) in zip(records.papers, texts)]
    venues = [[v.name, v.provenance.start, *(getattr(v, name) for name in VENUE_FIELDS), own(v.provenance.source)]
              for v in records.venues]
    rows: dict[str, int] = {}
    for index, paper in enumerate(records.papers):
        rows.setdefault(paper.ref, index)
    extractors: dict[str, int] = {}
    mentions = [[rows.get(m.paper_ref, m.paper_ref), m.name, m.kind.value, m.relation.value, m.provenance.start,
                 extractors.setdefault(m.provenance.extractor, len(extractors)), m.long_form, m.same_as,
                 own(m.provenance.source)] for m in records.mentions]
    return DocumentSummary(records.source, papers, venues, mentions, list(extractors))


@dataclass(frozen=True)
class DecisionTables:
    """The four decision tables of one corpus (step S1's), as :func:`kg.partition_rows.partition_rows` takes them."""

    papers: PaperTable
    venues: VenueTable
    persons: PersonTable
    entities: EntityTable
    #: The paper nodes whose merged record has an abstract (D4): whose title tasks :func:`assembly_mentions`
    #: drops, so that a reader of one document at a time drops the same (:mod:`kg.streamed_rows`).
    abstracts: frozenset[str] = frozenset()


def summary_tables(summaries: Iterable[DocumentSummary]) -> DecisionTables:
    """The decision tables of the documents ``summaries`` stand for (any order), made as
    :func:`kg.partition_rows.partition_rows` makes them from the records: documents by source, the tables' own
    functions over the slim records."""
    ordered, keys, with_abstract = [], {}, set()
    for summary in summaries:  # each summary's rows may go once its slim records are made
        document, found, abstracts = summary.records()
        ordered.append(document)
        keys.update(found)
        with_abstract |= abstracts
    ordered.sort(key=lambda d: d.source)
    records = [paper for doc in ordered for paper in doc.papers]
    papers = paper_table(records, keys)
    venues = venue_table(chain.from_iterable(doc.venues for doc in ordered), records)
    persons = person_table(records, papers)
    members = papers.members(records)

    def has_abstract(group: list[Paper]) -> bool:
        return any(id(p) in with_abstract for p in group)

    mentions, positions = assembly_mentions(ordered, papers, members, has_abstract=has_abstract)
    abstracts = frozenset(node for node, group in zip(papers.nodes, members) if has_abstract(group))
    return DecisionTables(papers, venues, persons, entity_table(mentions, papers.node_map(), positions), abstracts)


def summary_code() -> str:
    """SHA-256 of what a summary depends on beyond its document's records: its layout (this module, and its
    columns: :data:`~kg.venue_decisions.VENUE_FIELDS` lives elsewhere) and the code that makes the text keys
    (:func:`~kg.paper_keys.code_digest`)."""
    sha = hashlib.sha256(f"{_FORMAT}\0{code_digest()}\0{PAPER_COLUMNS}{VENUE_COLUMNS}{MENTION_COLUMNS}".encode())
    sha.update(hashlib.sha256(Path(__file__).read_bytes()).digest())
    return sha.hexdigest()


class SummaryStore:
    """Document summaries under ``folder`` (the document cache's :data:`SUMMARY_FOLDER`), one JSON file per cache
    key and :func:`summary_code`: the file's name is their digest, so a summary of other code is not found.  A
    missing, linked or damaged summary (or one of other types, :meth:`DocumentSummary.from_data`) reads as None: the
    caller summarises the document's records again, and :meth:`note` does so for one whose checksum fails.

    >>> import tempfile
    >>> store = SummaryStore(Path(tempfile.mkdtemp()))
    >>> store.put("key", DocumentSummary("a.txt", extractors=["x"]))
    >>> store.get("key"), store.get("another key")
    (DocumentSummary(source='a.txt', papers=[], venues=[], mentions=[], extractors=['x']), None)
    >>> store.prune(["another key"])
    1
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._code = summary_code().encode()

    def _name(self, key: str) -> str:
        return hashlib.sha256(key.encode() + b"\0" + self._code).hexdigest()

    def _path(self, key: str) -> Path:
        return shard_path(self.folder, self._name(key))

    def note(self, documents: Iterable[tuple[str, DocumentRecords]],
             texts: Mapping[int, TextKeys] | None = None) -> int:
        """Store the summary of each ``(cache key, records)`` that has no intact one stored; return how many were
        stored.  ``texts``: ``id(paper)`` -> its text keys, where known (:class:`~kg.paper_keys.PaperKeyMemo`)."""
        stored = 0
        if self.folder.is_symlink():  # nothing is written through a link (put): none stored
            return stored
        for key, records in documents:  # a damaged one is made again (its checksum: 0.1 s on the full Anthology)
            if self._body(key) is not None:
                continue
            self.put(key, _summary_of(records, texts))
            stored += 1
        return stored

    def get(self, key: str) -> DocumentSummary | None:
        """The summary stored under ``key``, or None."""
        body = self._body(key)
        if body is None:
            return None
        try:
            return DocumentSummary.from_data(json.loads(body))
        except (ValueError, RecursionError):
            return None

    def _body(self, key: str) -> bytes | None:
        """The JSON of the summary stored under ``key`` where its file is there, no link, and its header and
        checksum are this key's and code's; else None."""
        path = self._path(key)
        if self.folder.is_symlink() or path.parent.is_symlink():
            return None
        try:
            data = read_regular_file(path, max_bytes=_MAX_BYTES, follow_links=False)
        except OSError:
            return None
        body = data.partition(b"\n")[2]
        return body if data == framed(_MAGIC, self._code, key, body) else None

    def put(self, key: str, summary: DocumentSummary) -> None:
        """Store ``summary`` under ``key`` (atomically); nothing where the folder is a link."""
        if self.folder.is_symlink():
            return
        # ASCII JSON: a lone surrogate in a name is escaped, not an encoding error
        body = json.dumps(summary.to_data(), separators=(",", ":")).encode("ascii")
        store_file(self._path(key), framed(_MAGIC, self._code, key, body))

    def summaries(self, documents: Iterable[tuple[str, DocumentRecords | None]],
                  texts: Mapping[int, TextKeys] | None = None) -> list[DocumentSummary]:
        """The summary of each ``(cache key, records)``: stored, else made from the records (None: the document
        must have been summarised before) and stored.  ``texts``: ``id(paper)`` -> its text keys, where known."""
        found = []
        for key, records in documents:
            summary = self.get(key)
            if summary is None:
                if records is None:
                    raise ValueError(f"no summary of cache entry {key} is stored: pass its records to make one")
                summary = _summary_of(records, texts)
                self.put(key, summary)
            found.append(summary)
        return found

    def prune(self, used: Iterable[str]) -> int:
        """Delete the summaries whose keys are not in ``used`` (or that other code wrote); return how many (links
        removed as links)."""
        return prune_shards(self.folder, {self._name(key) for key in used})


def _summary_of(records: DocumentRecords, texts: Mapping[int, TextKeys] | None) -> DocumentSummary:
    """:func:`summarize` of ``records``, with their papers' text keys from ``texts`` where it has them all."""
    known = [texts.get(id(p)) for p in records.papers] if texts else []
    return summarize(records, known if known and None not in known else None)
