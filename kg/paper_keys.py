"""The keys a paper record is matched on, and a memo of its text keys kept beside the document cache.

:class:`PaperKeys` holds what :mod:`kg.graph` joins paper records on: identifiers, the normalised title, a
digest of the normalised abstract and the year.  The title and abstract keys are the costly ones
(normalising the full Anthology's 45 MB of abstracts takes most of a second), and they depend on a record
alone, so a rebuild reads them back from :data:`MEMO_FILE` in the document cache's folder instead of
normalising every cached record again: :class:`PaperKeyMemo`, plain JSON (never a pickle), keyed by each
document's cache key, each paper's keys checked against its ``ref``, the whole memo against the code that
makes the keys (:func:`code_digest`) and its body against a SHA-256, so that a memo from other code or other
records, or one damaged where it still parses, is not used.

>>> import tempfile
>>> from ontology.records import DocumentRecords, Paper, Provenance
>>> folder = Path(tempfile.mkdtemp())
>>> paper = Paper(ref="title:a", provenance=Provenance("a.txt"), title="A  Study", abstract="We study.")
>>> document = DocumentRecords(source="a.txt", papers=(paper,))
>>> memo = PaperKeyMemo.read(folder)
>>> computed = memo.keys_of([("key-a", document)])
>>> memo.write(folder).name
'paper-keys.json'
>>> again = PaperKeyMemo.read(folder)
>>> again.keys_of([("key-a", document)]) == computed, again.read_back
(True, 1)
>>> computed[id(paper)][0]
'title:a study'
"""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ontology import ids
from ontology.ids import abstract_key, short_hash, title_key
from ontology.records import DocumentRecords, Paper
from ontology.util.files import write_bytes_atomic

__all__ = ["MEMO_FILE", "PaperKeyMemo", "PaperKeys", "TextKeys", "code_digest", "paper_year", "text_keys"]

#: The memo's file, in the document cache's folder.
MEMO_FILE = "paper-keys.json"
#: Bumped when the memo's layout changes; a memo of another format is not used.
_FORMAT = 2
#: A paper's title key and abstract key (:func:`text_keys`).
TextKeys = tuple[str | None, str | None]

_YEAR_AT_END = re.compile(r"\b(1[89]\d\d|2\d\d\d)$")


def paper_year(paper: Paper) -> int | None:
    """The year a source gives for ``paper``, else the year ending its venue label ("ACL 2026").

    >>> from ontology.records import Provenance
    >>> paper_year(Paper(ref="title:a", provenance=Provenance("p.txt"), venue="EMNLP 2025"))
    2025
    """
    if paper.year:
        return paper.year
    match = _YEAR_AT_END.search(paper.venue or "")
    return int(match.group(1)) if match else None


def text_keys(paper: Paper) -> TextKeys:
    """``paper``'s title key and abstract key (:func:`~ontology.ids.title_key`, :func:`~ontology.ids.abstract_key`)."""
    return title_key(paper.title), abstract_key(paper.abstract)


@dataclass(frozen=True)
class PaperKeys:
    """The keys one paper record can be matched on."""

    acl: str | None
    doi: str | None
    title: str | None
    abstract: str | None
    year: int | None
    arxiv: str | None = None
    openalex: str | None = None
    s2: str | None = None
    #: A digest of the raw title and abstract, for a paper whose title and abstract normalise to nothing ("."):
    #: the last resort of its node id, never a key to merge on.
    text: str | None = None

    #: The keys that name one paper wherever it is read (joined first, unless kg.paper_decisions.ONE_PAPER_IDS differ).
    IDENTIFIERS = ("doi", "acl", "arxiv", "openalex", "s2")

    @classmethod
    def of(cls, paper: Paper, texts: TextKeys | None = None) -> PaperKeys:
        """The keys of ``paper``; ``texts``, its :func:`text_keys` where the caller has them (:class:`PaperKeyMemo`)."""
        title, abstract = text_keys(paper) if texts is None else texts
        raw = None if title or abstract else "text:" + short_hash(f"{paper.title or ''}\n{paper.abstract or ''}", 16)
        return cls(
            acl=f"acl:{paper.anthology_id.lower()}" if paper.anthology_id else None,
            doi=f"doi:{paper.doi.lower()}" if paper.doi else None,
            arxiv=f"arxiv:{paper.arxiv_id.lower()}" if paper.arxiv_id else None,
            openalex=f"openalex:{paper.openalex_id.upper()}" if paper.openalex_id else None,
            s2=f"s2:{paper.semantic_scholar_id.lower()}" if paper.semantic_scholar_id else None,
            title=title,
            abstract=abstract,
            year=paper_year(paper),
            text=raw,
        )


def code_digest() -> str:
    """SHA-256 of what makes the text keys: this module, :mod:`ontology.ids` and the Unicode data NFKC folds by.

    >>> len(code_digest())
    64
    """
    sha = hashlib.sha256(f"{_FORMAT}\0{unicodedata.unidata_version}".encode())
    for module in (Path(__file__), Path(ids.__file__)):
        sha.update(b"\0" + hashlib.sha256(module.read_bytes()).digest())
    return sha.hexdigest()


class PaperKeyMemo:
    """Each cached document's papers' text keys: those the last build noted, and those of this one.

    :meth:`keys_of` looks a document's keys up by its cache key (each paper's checked against its ``ref``,
    in order) or computes them; :meth:`write` keeps this build's for the next, where they changed.
    """

    def __init__(self, last: Mapping[str, object] | None = None) -> None:
        self._last: Mapping[str, object] = last or {}
        #: Cache key -> [[ref, title key, abstract key], ...] of this build's documents.
        self.documents: dict[str, list[list[str | None]]] = {}
        #: Documents whose keys were read back rather than computed.
        self.read_back = 0

    @classmethod
    def read(cls, folder: Path) -> PaperKeyMemo:
        """The memo in ``folder``; an empty one where there is none, or it is unreadable, damaged or from other
        code.  The file is a header line (format, code, SHA-256 of the rest) and the documents' JSON, so its body
        is checked by hashing its bytes as read, before it is parsed."""
        try:
            head, _, body = (Path(folder) / MEMO_FILE).read_bytes().partition(b"\n")
            header = json.loads(head)
            if (header.get("format") != _FORMAT or header.get("code") != code_digest()
                    or header.get("sha256") != hashlib.sha256(body).hexdigest()):
                return cls()  # other code, or damaged where it would still parse (a flipped letter in a key)
            documents = json.loads(body)
            return cls(documents if isinstance(documents, dict) else None)
        except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return cls()

    def keys_of(self, documents: Iterable[tuple[str | None, DocumentRecords]]) -> dict[int, TextKeys]:
        """``id(paper)`` -> :func:`text_keys` of every paper of ``documents`` (``(cache key, records)``, the key
        ``None`` for a document not cached), read back where the last build noted them for that key and
        those papers, else computed; each cached document's are noted for :meth:`write`."""
        found: dict[int, TextKeys] = {}
        for key, document in documents:
            noted = self._noted(key, document) if key is not None else None
            if noted is None:
                noted = [[paper.ref, *text_keys(paper)] for paper in document.papers]
            else:
                self.read_back += 1
            if key is not None:
                self.documents[key] = noted
            for paper, (_, title, abstract) in zip(document.papers, noted):
                found[id(paper)] = (title, abstract)
        return found

    def _noted(self, key: str, document: DocumentRecords) -> list[list[str | None]] | None:
        """The keys noted for ``key``, where they are well formed and name ``document``'s papers in order."""
        entry = self._last.get(key)
        if not isinstance(entry, list) or len(entry) != len(document.papers):
            return None
        for paper, item in zip(document.papers, entry):
            if (not isinstance(item, list) or len(item) != 3 or item[0] != paper.ref
                    or not all(value is None or isinstance(value, str) for value in item[1:])):
                return None
        return entry

    def write(self, folder: Path) -> Path:
        """Write this build's keys into ``folder`` unless they are those read; return the memo's path."""
        path = Path(folder) / MEMO_FILE
        if self.documents.keys() == self._last.keys() and self.read_back == len(self.documents):
            return path  # every document's keys were read back: the same memo
        documents = {key: self.documents[key] for key in sorted(self.documents)}
        # ASCII JSON: a lone surrogate in a key is escaped, not an encoding error
        body = json.dumps(documents, separators=(",", ":")).encode("ascii")
        header = {"format": _FORMAT, "code": code_digest(), "sha256": hashlib.sha256(body).hexdigest()}
        return write_bytes_atomic(path, json.dumps(header).encode("ascii") + b"\n" + body)
