"""The text index of a query store: full titles, labels, aliases (SQLite FTS5 trigrams) and precomputed results.

``kg query --name paper-facts --param title=...`` used to scan every label
of the graph with ``CONTAINS(LCASE(...))``.  The text index answers such a
parameter first: :meth:`TextIndex.resolve` turns it into the IRIs it names,
which :mod:`kg.query` binds into the SPARQL with ``VALUES``.

What is indexed, for papers, venues, methods, datasets, models and persons:

* **searchable text** (``contains`` lookups): a paper's whole
  ``dcterms:title``, or its ``rdfs:label`` when it has no title (the first
  words of its abstract); other resources' labels.  The text is
  lower-cased as SPARQL's ``LCASE`` does and indexed by an FTS5 table with the
  ``trigram`` tokenizer, so any substring of three or more characters is
  found through the index, not only whole words; shorter values are scanned.
* **names** (``is`` lookups): every ``rdfs:label`` and ``skos:altLabel``,
  lower-cased, with a B-tree index.

A lookup only narrows: its IRIs are exactly those whose text passes the
canned query's own ``FILTER``, and the filter still runs, so a query gives the
same rows with or without the index (tests compare both).  A value that
names more than :data:`MAX_BOUND` resources is not resolved (``None``): the
query then runs as written.

The same SQLite file keeps the results of the canned queries without
parameters (the aggregates: uses per dataset per venue and year, co-usage
counts), computed once when the store is made, as SPARQL 1.1 JSON results.

>>> import pyoxigraph, tempfile, pathlib
>>> from kg.canned import Lookup
>>> store = pyoxigraph.Store()
>>> store.load(input=b'<urn:p> a <https://w3id.org/paperkg/ontology#Paper> ; '
...            b'<http://www.w3.org/2000/01/rdf-schema#label> "Attention Is All\\xe2\\x80\\xa6" ; '
...            b'<http://purl.org/dc/terms/title> "Attention Is All You Need" .', format=pyoxigraph.RdfFormat.TURTLE)
>>> path = write_text_index(store, pathlib.Path(tempfile.mkdtemp()) / "index.sqlite")
>>> paper = Lookup("title", "contains", "https://w3id.org/paperkg/ontology#Paper", "paper")
>>> with TextIndex(path) as index:
...     index.resolve(paper, "all you need"), index.resolve(paper, "Nothing like it")
(['urn:p'], [])
"""
from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self

from kg.canned import Lookup

if TYPE_CHECKING:  # pragma: no cover
    import pyoxigraph

__all__ = [
    "INDEXED_CLASSES",
    "INDEX_NAME",
    "MAX_BOUND",
    "PairSource",
    "TextIndex",
    "query_digest",
    "update_text_index",
    "write_text_index",
]

#: File name of the index inside the query store folder.
INDEX_NAME = "kg-index.sqlite"
#: A lookup naming more resources than this is not bound (the query runs as written).
MAX_BOUND = 10_000
_KG = "https://w3id.org/paperkg/ontology#"
#: Classes whose resources are indexed.
INDEXED_CLASSES = (f"{_KG}Paper", f"{_KG}Venue", f"{_KG}Method", f"{_KG}Dataset", f"{_KG}Model",
                   "https://schema.org/Person")
_LAYOUT = "1"

_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
_FIELDS = {"label": "http://www.w3.org/2000/01/rdf-schema#label",
           "altLabel": "http://www.w3.org/2004/02/skos/core#altLabel",
           "title": "http://purl.org/dc/terms/title"}

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE searchable(rowid INTEGER PRIMARY KEY, iri TEXT NOT NULL, cls TEXT NOT NULL, lowered TEXT NOT NULL);
CREATE VIRTUAL TABLE searchable_fts USING fts5(lowered, content='', tokenize='trigram case_sensitive 1');
CREATE TABLE names(iri TEXT NOT NULL, cls TEXT NOT NULL, lowered TEXT NOT NULL);
CREATE TABLE results(name TEXT PRIMARY KEY, query_sha256 TEXT NOT NULL, json BLOB NOT NULL);
"""


class PairSource(Protocol):
    """What the index can be read from besides a ``pyoxigraph.Store``: a :class:`kg.store_steps.SessionReader`."""

    def pairs(self, subject: pyoxigraph.NamedNode | None, predicate: pyoxigraph.NamedNode,
              object: pyoxigraph.NamedNode | pyoxigraph.Literal | None,
              ) -> Iterator[tuple[pyoxigraph.NamedNode | pyoxigraph.BlankNode, pyoxigraph.Term]]:
        """The subject and object of every quad of every graph matching the pattern (``None``: any)."""


class _StorePairs:
    """:class:`PairSource` of a store: its quads for the pattern, in every graph."""

    def __init__(self, store: pyoxigraph.Store) -> None:
        self.store = store

    def pairs(self, subject: pyoxigraph.NamedNode | None, predicate: pyoxigraph.NamedNode,
              object: pyoxigraph.NamedNode | pyoxigraph.Literal | None,
              ) -> Iterator[tuple[pyoxigraph.NamedNode | pyoxigraph.BlankNode, pyoxigraph.Term]]:
        return ((quad.subject, quad.object) for quad in self.store.quads_for_pattern(subject, predicate, object, None))


def query_digest(text: str) -> str:
    """The SHA-256 of a query's text: a precomputed result is used only for the very text it was computed from.

    >>> len(query_digest("SELECT * {}"))
    64
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fill_texts(connection: sqlite3.Connection, store: PairSource, classes: Iterable[str],
                iris: Sequence[str] | None = None) -> None:
    """Fill the ``searchable`` and ``names`` tables from the store (all its graphs), through temporary tables.

    The triples are streamed into SQLite and joined there, so memory stays
    flat however many resources the store holds (holding every title and
    label in Python sets took 0.2 GB on the full Anthology).  With ``iris``,
    only the rows of those resources are made (their triples read one
    resource at a time), as a full fill makes them.
    """
    import pyoxigraph

    connection.execute("CREATE TEMP TABLE typed(iri TEXT NOT NULL, cls TEXT NOT NULL)")
    connection.execute("CREATE TEMP TABLE texts(iri TEXT NOT NULL, field TEXT NOT NULL, lowered TEXT NOT NULL)")
    subjects = [None] if iris is None else [pyoxigraph.NamedNode(iri) for iri in iris]
    for cls in classes:
        connection.executemany("INSERT INTO typed VALUES (?, ?)", (
            (found.value, cls) for subject in subjects
            for found, _ in store.pairs(subject, pyoxigraph.NamedNode(_RDF_TYPE), pyoxigraph.NamedNode(cls))
            if isinstance(found, pyoxigraph.NamedNode)))
    for name, predicate in _FIELDS.items():
        connection.executemany("INSERT INTO texts VALUES (?, ?, ?)", (
            (found.value, name, value.value.lower()) for subject in subjects
            for found, value in store.pairs(subject, pyoxigraph.NamedNode(predicate), None)
            if isinstance(found, pyoxigraph.NamedNode) and isinstance(value, pyoxigraph.Literal)))
    connection.execute("CREATE INDEX temp.texts_by_iri ON texts(iri, field)")
    # searchable: COALESCE(dcterms:title, rdfs:label), as the canned queries' FILTERs read a resource's text
    connection.execute("""
        INSERT INTO searchable(iri, cls, lowered)
        SELECT DISTINCT typed.iri, typed.cls, texts.lowered FROM typed JOIN texts ON texts.iri = typed.iri
        WHERE texts.field = CASE WHEN EXISTS (SELECT 1 FROM texts AS titled WHERE titled.iri = typed.iri
                                                AND titled.field = 'title') THEN 'title' ELSE 'label' END
        ORDER BY typed.iri, typed.cls, texts.lowered""")
    connection.execute("""
        INSERT INTO names(iri, cls, lowered)
        SELECT DISTINCT typed.iri, typed.cls, texts.lowered FROM typed JOIN texts ON texts.iri = typed.iri
        WHERE texts.field IN ('label', 'altLabel')
        ORDER BY typed.iri, typed.cls, texts.lowered""")
    connection.execute("DROP TABLE temp.typed")
    connection.execute("DROP TABLE temp.texts")


def write_text_index(store: pyoxigraph.Store | PairSource, path: Path, *, classes: Iterable[str] = INDEXED_CLASSES,
                     results: Mapping[str, tuple[str, bytes]] | None = None) -> Path:
    """Write the text index of ``store`` to a new SQLite file ``path``; return ``path``.

    ``store`` is a store, or what reads one a session at a time (:class:`kg.store_steps.SessionReader`, as
    :func:`kg.query_store.fill_store` does: the same index in less memory).

    ``results`` maps a canned query's name to ``(text digest, SPARQL JSON
    results)`` to keep beside the index (see :func:`query_digest`).
    """
    path = Path(path)
    path.unlink(missing_ok=True)
    connection = sqlite3.connect(path)
    try:
        with connection:
            connection.executescript(_SCHEMA)
            connection.execute("INSERT INTO meta VALUES ('layout', ?)", (_LAYOUT,))
            _fill_texts(connection, store if hasattr(store, "pairs") else _StorePairs(store), classes)
            connection.execute("INSERT INTO searchable_fts(rowid, lowered) SELECT rowid, lowered FROM searchable")
            connection.execute("CREATE INDEX names_by_text ON names(cls, lowered)")
            connection.executemany("INSERT INTO results VALUES (?, ?, ?)",
                                   [(name, digest, data) for name, (digest, data) in (results or {}).items()])
    finally:
        connection.close()
    return path


def update_text_index(store: pyoxigraph.Store, path: Path, iris: Sequence[str], *,
                      classes: Iterable[str] = INDEXED_CLASSES,
                      results: Mapping[str, tuple[str, bytes]] | None = None) -> Path:
    """Bring the text index ``path`` of an older graph up to date with ``store``, in one SQLite transaction.

    ``iris``: every resource whose type, title, label or alternative label
    differs between the two graphs; their rows are made again from ``store``
    as :func:`write_text_index` makes them (the rows of any other resource
    are the same in both graphs).  ``results`` replaces every kept aggregate.
    The rows' order in the file differs from a fresh index's, which no
    lookup reads: they answer the same.  Raises ``sqlite3.DatabaseError``
    when ``path`` is not a text index of this layout.
    """
    path = Path(path)
    connection = sqlite3.connect(path)
    try:
        (layout,) = connection.execute("SELECT value FROM meta WHERE key = 'layout'").fetchone()
        if layout != _LAYOUT:
            raise sqlite3.DatabaseError(f"{path}: text index layout {layout}, this kg writes {_LAYOUT}")
        with connection:
            connection.execute("CREATE TEMP TABLE touched(iri TEXT PRIMARY KEY)")
            connection.executemany("INSERT OR IGNORE INTO touched VALUES (?)", ((iri,) for iri in iris))
            # a contentless FTS5 table forgets a row only when told the text it indexed
            connection.execute("INSERT INTO searchable_fts(searchable_fts, rowid, lowered) "
                               "SELECT 'delete', rowid, lowered FROM searchable WHERE iri IN temp.touched")
            connection.execute("DELETE FROM searchable WHERE iri IN temp.touched")
            connection.execute("DELETE FROM names WHERE iri IN temp.touched")
            (last,) = connection.execute("SELECT COALESCE(MAX(rowid), 0) FROM searchable").fetchone()
            _fill_texts(connection, _StorePairs(store), classes, sorted(set(iris)))
            connection.execute("INSERT INTO searchable_fts(rowid, lowered) SELECT rowid, lowered FROM searchable "
                               "WHERE rowid > ?", (last,))
            connection.execute("DROP TABLE temp.touched")
            if results is not None:
                connection.execute("DELETE FROM results")
                connection.executemany("INSERT INTO results VALUES (?, ?, ?)",
                                       [(name, digest, data) for name, (digest, data) in results.items()])
    except TypeError as error:  # no layout row
        raise sqlite3.DatabaseError(f"{path}: not a kg text index ({error})") from error
    finally:
        connection.close()
    return path


class TextIndex:
    """The text index of a query store, opened read-only (a damaged file raises ``sqlite3.DatabaseError``)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise sqlite3.DatabaseError(f"{self.path}: no text index")
        self._connection = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                           check_same_thread=False)
        try:
            (layout,) = self._connection.execute("SELECT value FROM meta WHERE key = 'layout'").fetchone()
        except (sqlite3.DatabaseError, TypeError) as error:
            self._connection.close()
            raise sqlite3.DatabaseError(f"{self.path}: not a kg text index ({error})") from error
        if layout != _LAYOUT:
            self._connection.close()
            raise sqlite3.DatabaseError(f"{self.path}: text index layout {layout}, this kg reads {_LAYOUT}")

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the SQLite connection."""
        self._connection.close()

    def resolve(self, lookup: Lookup, value: str) -> list[str] | None:
        """The IRIs (sorted) of class ``lookup.cls`` that ``value`` names, or ``None`` when more than :data:`MAX_BOUND`.

        ``contains``: the searchable text contains ``value``, ignoring case;
        ``is``: a label or alternative label equals ``value``, ignoring case.
        """
        needle = value.lower()
        if lookup.mode == "is":
            rows = self._connection.execute(
                "SELECT DISTINCT iri FROM names WHERE cls = ? AND lowered = ? LIMIT ?",
                (lookup.cls, needle, MAX_BOUND + 1)).fetchall()
            found = {iri for (iri,) in rows}
        else:
            found = self._containing(lookup.cls, needle)
        return None if found is None or len(found) > MAX_BOUND else sorted(found)

    def _containing(self, cls: str, needle: str) -> set[str] | None:
        if len(needle) < 3:  # below one trigram: scan (such a value names many papers anyway)
            rows = self._connection.execute(
                "SELECT DISTINCT iri FROM searchable WHERE cls = ? AND instr(lowered, ?) > 0 LIMIT ?",
                (cls, needle, MAX_BOUND + 1)).fetchall()
            return {iri for (iri,) in rows}
        phrase = '"' + needle.replace('"', '""') + '"'
        found: set[str] = set()
        for iri, lowered in self._connection.execute(
                "SELECT s.iri, s.lowered FROM searchable_fts JOIN searchable AS s ON s.rowid = searchable_fts.rowid "
                "WHERE searchable_fts MATCH ? AND s.cls = ?", (phrase, cls)):
            if needle in lowered:  # what the phrase of trigrams found, checked as the FILTER will
                found.add(iri)
                if len(found) > MAX_BOUND:
                    return None
        return found

    def precomputed(self, name: str, text: str) -> bytes | None:
        """The SPARQL JSON results of canned query ``name`` computed with this very ``text``, if kept."""
        row = self._connection.execute("SELECT query_sha256, json FROM results WHERE name = ?", (name,)).fetchone()
        return row[1] if row and row[0] == query_digest(text) else None
