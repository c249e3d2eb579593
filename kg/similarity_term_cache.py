"""The term counts of a build's papers, kept for the next build: a rebuild analyses only new or changed texts.

Before its TF-IDF rows are weighted (:func:`kg.similarity_terms.weigh`),
each paper's title and abstract are cut into words, stop words and title
pairs (:func:`kg.similarity_vectors.tfidf`'s analyser) and counted: on the
full Anthology about 13 s of every build, for 90,000 texts of which a
one-page rebuild changes a handful.  :func:`counted_terms` counts the texts
this file (:data:`TERMS_FILE`, beside the document cache's other files, an
``.npz`` read without pickles, checksummed, written atomically) does not
already hold, takes the others' counts from it, and writes the counts of
this build for the next one.  The counts, vocabulary and order are exactly
those :func:`kg.similarity_terms.term_counts` gives, so the weights are the
same bits.  A missing, damaged or mismatched file (another kg, spaCy or
scikit-learn), or more than :data:`MOST_PAPERS` texts, means every text is
analysed, as without it.

>>> import tempfile
>>> from kg.similarity_terms import term_counts
>>> path = Path(tempfile.mkdtemp()) / TERMS_FILE
>>> def analyse(document):
...     return " ".join(document).lower().split()
>>> documents = [("Graph parsing", "We parse graphs."), ("Speech", "")]
>>> counts, vocabulary, empty = counted_terms(documents, analyse, path)
>>> counts, vocabulary, empty = counted_terms([*documents, ("New title", "")], analyse, path)
>>> expected, words = term_counts(analyse(d) for d in [*documents, ("New title", "")])
>>> vocabulary.tolist() == words.tolist(), (counts != expected).nnz, last_count()
(True, 0, (1, 2))
"""
from __future__ import annotations

import hashlib
import json
import unicodedata
import zipfile
from array import array
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from kg.cache_arrays import checksum, encode_texts, read_meta, write_arrays
from kg.similarity_term_split import analysed_counts
from kg.similarity_words import Analyser
from ontology.util.versions import installed_versions

__all__ = ["MOST_PAPERS", "TERMS_FILE", "counted_terms", "last_count"]

#: The file's name, in the document cache's folder (``OUT/.kg-cache``).
TERMS_FILE = "similarity-terms.npz"
#: Bumped whenever the file's layout or meaning changes.
TERMS_FORMAT = "1"
#: Above this many texts no file is kept: the search's state stops there too (kg.similarity_index.EXACT_LIMIT, which
#: imports this module's callers, so it is not imported here; a test checks the two agree), and a million papers'
#: counts are hundreds of MB.
MOST_PAPERS = 100_000
_DIGEST = 16  # bytes of a text's digest
_ARRAYS = ("meta", "prints", "indptr", "indices", "counts", "vocabulary")
_KG = Path(__file__).resolve().parent
#: What the counts are made by: the analyser's code (words, stop words, title pairs) and the stop lists' libraries.
_CODE = ("english_stop_words.py", "similarity_vectors.py", "similarity_words.py", "similarity_terms.py",
         "similarity_term_split.py", "similarity_term_cache.py")
_LIBRARIES = ("scikit-learn", "spacy")

_LAST: list[tuple[int, int]] = []


def last_count() -> tuple[int, int] | None:
    """``(analysed, reused)``: how many texts this process's last :func:`counted_terms` analysed and took from the
    file (for tests and benchmarks)."""
    return _LAST[-1] if _LAST else None


def counted_terms(documents: Iterable[tuple[str, str]], analyse: Analyser, path: Path | None, *,
                  processes: int = 1) -> tuple[sp.csr_matrix, np.ndarray, dict[int, tuple[str, str]]]:
    """:func:`kg.similarity_terms.term_counts` of ``analyse(document)`` for each ``(title, abstract)``.

    Returns the counts, the vocabulary and, by row, the documents that left
    no term (``analyse`` gave none): texts found in the file at ``path`` are
    not analysed again.  With ``path`` ``None`` every text is analysed and
    nothing is kept.  With ``processes`` of 2 or more the texts to analyse
    are shared with a helper process (:mod:`kg.similarity_term_split`).
    """
    old = _read(path, _key()) if path is not None else None
    where = {bytes(digest): row for row, digest in enumerate(old.prints)} if old is not None else {}
    prints: list[bytes] = []
    source = array("q")  # each document's row in ``old``, or -1 when it is analysed now
    empty: dict[int, tuple[str, str]] = {}
    old_empty = np.diff(old.counts.indptr) == 0 if old is not None else np.empty(0, dtype=bool)
    hashing = path is not None  # past MOST_PAPERS texts with nothing to look up, no digest is needed any more

    def analysed() -> Iterator[tuple[str, str]]:
        """Each text not found in ``old``, to be analysed and counted as it comes (:func:`analysed_counts` reads
        them once): the full Anthology's 90,000 lists of terms, held together until counted, were about 0.3 GB of
        short strings, whose freed arenas the vocabulary's strings kept (one in every few dozen) long after."""
        nonlocal hashing, prints
        for title, abstract in documents:
            if hashing and old is None and len(source) >= MOST_PAPERS:
                hashing, prints = False, []
            digest = _digest(title, abstract) if hashing else b""
            row = where.get(digest, -1) if hashing else -1
            if hashing:
                prints.append(digest)
            if row < 0:
                source.append(row)
                yield title, abstract
                continue
            if old_empty[row]:
                empty[len(source)] = (title, abstract)
            source.append(row)

    fresh_empty: dict[int, tuple[str, str]] = {}  # the texts analysed now that left no term, by their number
    new_counts, new_vocabulary = analysed_counts(analysed(), analyse, processes=processes, empty=fresh_empty)
    where.clear()  # the generator is done with it
    rows = np.frombuffer(source, dtype=np.int64) if len(source) else np.empty(0, np.int64)
    positions = np.flatnonzero(rows < 0)
    for row, text in fresh_empty.items():
        empty[int(positions[row])] = text
    empty = dict(sorted(empty.items()))  # by row, as they came
    if old is None or not np.any(rows >= 0):
        counts, vocabulary = new_counts, new_vocabulary
    else:
        counts, vocabulary = _merged(old, rows, new_counts, new_vocabulary)
    _LAST[:] = [(int(np.sum(rows < 0)), int(np.sum(rows >= 0)))]
    unchanged = old is not None and len(rows) == len(old.prints) and np.array_equal(rows, np.arange(len(rows)))
    if path is not None and len(rows) <= MOST_PAPERS and not unchanged:  # the same texts in order: the same file
        _write(path, _key(), _Counts(np.frombuffer(b"".join(prints), dtype=np.uint8).reshape(len(prints), _DIGEST),
                                     counts, vocabulary))
    elif path is not None and len(rows) > MOST_PAPERS and path.is_file() and not path.is_symlink():
        path.unlink(missing_ok=True)  # an older, smaller corpus's counts: of no more use
    return counts, vocabulary, empty


class _Counts:
    """A build's texts' digests (one row each, in order) and their term counts over a sorted vocabulary."""

    def __init__(self, prints: np.ndarray, counts: sp.csr_matrix, vocabulary: np.ndarray) -> None:
        self.prints, self.counts, self.vocabulary = prints, counts, vocabulary


def _merged(old: _Counts, rows: np.ndarray, new_counts: sp.csr_matrix,
            new_vocabulary: np.ndarray) -> tuple[sp.csr_matrix, np.ndarray]:
    """The counts of every document: row ``rows[i]`` of ``old`` where it is ``>= 0``, else the next row of
    ``new_counts``; over the sorted vocabulary of the terms they hold, as :func:`term_counts` would make it."""
    reused = old.counts[rows[rows >= 0]]
    seen = np.zeros(len(old.vocabulary), dtype=bool)
    seen[reused.indices] = True
    used = np.flatnonzero(seen)  # the columns the kept rows hold, in order: np.unique's, without sorting 4M cells
    vocabulary, old_places, new_places = _union(old.vocabulary[used], new_vocabulary)
    # both vocabularies are sorted, so the renumbering keeps each row's indices sorted
    old_column = np.full(len(old.vocabulary), -1, dtype=np.int32)
    old_column[used] = old_places
    reused.indices = old_column[reused.indices]
    new_part = new_counts.copy()
    new_part.indices = new_places.astype(np.int32)[new_part.indices]
    width = len(vocabulary)
    stacked = sp.vstack([sp.csr_matrix((reused.data, reused.indices, reused.indptr), shape=(reused.shape[0], width)),
                         sp.csr_matrix((new_part.data, new_part.indices, new_part.indptr),
                                       shape=(new_part.shape[0], width))], format="csr")
    reused_at = np.cumsum(rows >= 0) - 1
    new_at = reused.shape[0] + np.cumsum(rows < 0) - 1
    counts = stacked[np.where(rows >= 0, reused_at, new_at)]
    counts.sort_indices()
    counts.data = counts.data.astype(np.float32, copy=False)
    return counts, vocabulary


def _union(kept: np.ndarray, added: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique`` of two sorted arrays of distinct terms, and where each term of either lies in it.

    A rebuild adds the terms of a few texts to a vocabulary of hundreds of thousands: they are put in their
    places (``np.searchsorted``) instead of sorting every term again (on the full Anthology 0.5-1 s of
    Python string comparisons).

    >>> union, first, second = _union(np.array(["b", "d"], dtype=object), np.array(["a", "d", "e"], dtype=object))
    >>> union.tolist(), first.tolist(), second.tolist()
    (['a', 'b', 'd', 'e'], [1, 2], [0, 2, 3])
    """
    kept, added = np.asarray(kept, dtype=object), np.asarray(added, dtype=object)
    at = np.searchsorted(kept, added)
    known = at < len(kept)
    known[known] = kept[at[known]] == added[known]
    inserted = at[~known]
    union = np.insert(kept, inserted, added[~known])  # equal places keep the order given: sorted
    first = np.arange(len(kept)) + np.searchsorted(inserted, np.arange(len(kept)), side="right")
    second = np.searchsorted(union, added) if len(added) else np.empty(0, dtype=np.int64)
    return union, first, second


def _digest(title: str, abstract: str) -> bytes:
    """A text's digest; a lone surrogate (a ``str`` from the Python API may hold one) is digested as it is."""
    text = json.dumps([title, abstract], ensure_ascii=False).encode("utf-8", "surrogatepass")
    return hashlib.sha256(text).digest()[:_DIGEST]


def _key() -> str:
    digest = hashlib.sha256(TERMS_FORMAT.encode())
    for name in _CODE:  # files, read one by one (file_digests reads folders: it found nothing in these names)
        digest.update(name.encode() + b"\0" + hashlib.sha256((_KG / name).read_bytes()).digest())
    for library, version in installed_versions(_LIBRARIES, missing="-"):
        digest.update(f"{library}={version}".encode())
    digest.update(f"unicode={unicodedata.unidata_version}".encode())  # what \w and str.lower() take as letters (review 43)
    return digest.hexdigest()


def _arrays(counts: _Counts) -> dict[str, np.ndarray]:
    matrix = counts.counts
    return {"prints": counts.prints, "indptr": matrix.indptr.astype(np.int64),
            "indices": matrix.indices.astype(np.int32),
            "counts": matrix.data.astype(np.float32), "vocabulary": encode_texts(counts.vocabulary.tolist())}


def _write(path: Path, key: str, counts: _Counts) -> None:
    """Write ``counts`` atomically; an unwritable folder is let be (the next build analyses every text)."""
    write_arrays(path, _arrays(counts), {"format": TERMS_FORMAT, "key": key})


def _read(path: Path, key: str) -> _Counts | None:
    """The counts at ``path`` if they are whole and made with ``key``; else ``None``."""
    if path.is_symlink() or not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _ARRAYS}
        meta = read_meta(arrays.pop("meta"))
        if meta.get("format") != TERMS_FORMAT or meta.get("key") != key or meta.get("sha256") != checksum(arrays):
            return None
        vocabulary = json.loads(arrays["vocabulary"].tobytes().decode("utf-8"))
        prints, indptr, indices, data = arrays["prints"], arrays["indptr"], arrays["indices"], arrays["counts"]
        n = len(prints)
        if (prints.dtype != np.uint8 or prints.ndim != 2 or prints.shape[1] != _DIGEST
                or not all(isinstance(term, str) for term in vocabulary) or vocabulary != sorted(set(vocabulary))
                or indptr.dtype != np.int64 or len(indptr) != n + 1 or indptr[0] != 0 or np.any(np.diff(indptr) < 0)
                or indptr[-1] != len(indices) or len(indices) != len(data) or data.dtype != np.float32
                or (len(indices) and (indices.min() < 0 or indices.max() >= len(vocabulary)))):
            return None
    except (OSError, ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError, zipfile.BadZipFile, EOFError):
        return None
    matrix = sp.csr_matrix((data, indices, indptr), shape=(n, len(vocabulary)))
    if not matrix.has_sorted_indices or np.any(matrix.data <= 0):
        return None
    return _Counts(prints, matrix, np.array(vocabulary, dtype=object))
