"""Dense document vectors from word vectors shipped with kg, for :mod:`kg.similarity`'s score.

A paper's dense vector is the mean of the vectors of the words of its title
and abstract, each weighted by its sublinear term frequency times its IDF in
the training corpus, normalised to unit length.  The word vectors
(``kg/model/word_vectors/``, about 18,000 words × 200 dimensions, float16)
were trained by ``scripts/train_word_vectors.py`` on the titles and
abstracts of the ACL Anthology's ``train`` split (PPMI + truncated SVD of
word co-occurrences; sources and licences in the folder's README.md), so
they know that "rumour" is near "veracity" and "stance", and "autism" near
"asd" and "autistic", which two short titles sharing no word cannot show.

The vectors do not depend on the rest of the corpus: a paper's dense vector
is a function of its own words, up to float rounding (an LSA reduction
changes with every paper added).  :func:`document_vectors` makes them from the text rows the search
already has, so the texts are read once.

>>> from kg.similarity_vectors import PaperText, text_rows
>>> text = text_rows([PaperText("paper/a", "Rumour stance detection"), PaperText("paper/b", "Veracity of rumours"),
...                   PaperText("paper/c", "Dependency parsing of Hindi")])
>>> dense = document_vectors(text, text.papers).astype(float)
>>> bool(dense[0] @ dense[1] > dense[0] @ dense[2])
True
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from kg.similarity_vectors import PaperVectors
from ontology.errors import KgError

__all__ = ["MAP_DIR", "MODEL_DIR", "VECTORS_FILE", "WORDS_FILE", "WordVectors", "WordVectorsMissingError",
           "document_vectors", "load_word_vectors", "mapped_vectors"]

#: Where the shipped word vectors live.
MODEL_DIR = Path(__file__).resolve().parent / "model" / "word_vectors"
#: Unit word vectors, float16, one row per word of :data:`WORDS_FILE` (numpy ``.npy``).
VECTORS_FILE = "vectors.npy"
#: ``word<TAB>training papers with it``, one line per row of :data:`VECTORS_FILE`, in alphabetical order.
WORDS_FILE = "words.tsv"
#: Where the title-to-abstract map lives (round h16k; ``scripts/train_paper_vectors.py``): a linear map of a paper's
#: words to 256 dimensions, trained so that a title lands near its own abstract, in the word vectors' format.
MAP_DIR = Path(__file__).resolve().parent / "model" / "paper_map"
_ROWS = 1 << 13  # papers whose vectors are made together (temporary arrays follow it)


class WordVectorsMissingError(KgError, FileNotFoundError):
    """The shipped word vectors are not where kg expects them."""


@dataclass(frozen=True)
class WordVectors:
    """Word vectors (unit rows, float16), their words (row order) and each word's IDF in the training corpus."""

    words: tuple[str, ...]
    vectors: np.ndarray
    idf: np.ndarray

    def row(self) -> dict[str, int]:
        """Each word's row."""
        return {word: index for index, word in enumerate(self.words)}


@lru_cache(maxsize=2)
def load_word_vectors(folder: Path = MODEL_DIR) -> WordVectors:
    """The word vectors in ``folder`` (default: the ones shipped with kg), read once per process.

    The IDF is scikit-learn's smooth IDF over the training papers,
    ``log((1 + papers) / (1 + papers with the word)) + 1``.

    >>> model = load_word_vectors()
    >>> model.vectors.dtype, model.vectors.shape[0] == len(model.words) == len(model.idf)
    (dtype('float16'), True)
    """
    folder = Path(folder)
    try:
        vectors = np.load(folder / VECTORS_FILE)
        lines = (folder / WORDS_FILE).read_text(encoding="utf-8").splitlines()
        papers = json.loads((folder / "training.json").read_text(encoding="utf-8"))["papers"]
    except FileNotFoundError as error:
        raise WordVectorsMissingError(
            f"no word vectors in {folder} ({error.filename} is missing); reinstall kg or run "
            "scripts/train_word_vectors.py") from error
    words, counts = zip(*(line.split("\t") for line in lines)) if lines else ((), ())
    frequency = np.array([int(count) for count in counts], dtype=np.float64)
    idf = np.log((1 + papers) / (1 + frequency)) + 1
    if vectors.shape[0] != len(words):
        raise WordVectorsMissingError(f"{folder}: {vectors.shape[0]} vectors for {len(words)} words; retrain them")
    return WordVectors(tuple(words), vectors, idf)


def document_vectors(text: PaperVectors, papers: Sequence[str], *, model: WordVectors | None = None) -> np.ndarray:
    """Unit dense vectors (float16) of ``papers`` from their text rows: one row per paper, zeros for none.

    ``text`` is :func:`kg.similarity_vectors.text_rows`' result (with its
    ``backoff``, which holds the corpus stop words' weights and the corpus
    IDF).  A word's weight is its sublinear term frequency times its IDF in
    the model's training corpus; pairs of title words and words the model
    does not know are left out.  A paper with no known word (or no text) gets
    a row of zeros.  Each row is summed in column order from that paper's
    words, so it is the same whatever order the papers come in; the corpus IDF
    of the text rows is divided out, so other papers change it only by float
    rounding.

    Examples
    --------
    >>> from kg.similarity_vectors import PaperText, text_rows
    >>> text = text_rows([PaperText("paper/a", "Machine translation"), PaperText("paper/b", "Zzyzx qwv")])
    >>> rows = document_vectors(text, ("paper/a", "paper/b", "paper/c"))
    >>> rows.shape[0], np.round(np.linalg.norm(rows.astype(float), axis=1), 2).tolist()
    (3, [1.0, 0.0, 0.0])
    """
    model = model or load_word_vectors()
    width = model.vectors.shape[1]
    result = np.zeros((len(papers), width), dtype=np.float16)
    backoff = text.backoff
    if backoff is None or not len(backoff.papers):
        return result
    row = model.row()
    kept_columns = len(text.columns)
    terms = (*text.columns, *backoff.common_terms)
    known = np.fromiter((row.get(term, -1) for term in terms), dtype=np.int64, count=len(terms))
    # a cell of the text rows is sublinear tf * corpus IDF (the kept part divided by its norm): the model's IDF instead.
    # Only the columns the model knows are kept (the others would add zeros), so the arrays follow the model's size.
    kept_known, common_known = np.flatnonzero(known[:kept_columns] >= 0), np.flatnonzero(known[kept_columns:] >= 0)

    def vectors(columns: np.ndarray) -> np.ndarray:
        words = known[columns]
        return model.vectors[words].astype(np.float64) * (model.idf[words] / backoff.idf[columns])[:, None]

    kept_vectors, common_vectors = vectors(kept_known), vectors(kept_columns + common_known)
    matrix = sp.csr_matrix(text.matrix)
    target = _positions(papers, backoff.papers)  # each text paper's place among ``papers``
    for start in range(0, len(backoff.papers), _ROWS):
        stop = min(start + _ROWS, len(backoff.papers))
        rows = backoff.rows[start:stop]
        kept = sp.csr_matrix((stop - start, len(kept_known)), dtype=np.float64)
        has_row = np.flatnonzero(rows >= 0)
        if len(has_row):
            picked = matrix[rows[has_row]][:, kept_known].astype(np.float64)
            picked = sp.diags(backoff.kept_norm[start:stop][has_row].astype(np.float64)) @ picked
            scatter = sp.csr_matrix((np.ones(len(has_row)), (has_row, np.arange(len(has_row)))),
                                    shape=(stop - start, len(has_row)))
            kept = scatter @ picked
        kept.sort_indices()
        common = sp.csr_matrix(backoff.common[start:stop][:, common_known], dtype=np.float64)
        common.sort_indices()
        dense = np.asarray(kept @ kept_vectors) + np.asarray(common @ common_vectors)
        norms = np.linalg.norm(dense, axis=1)
        places = target[start:stop]
        keep = (norms > 0) & (places >= 0)
        result[places[keep]] = (dense[keep] / norms[keep, None]).astype(np.float16)
    return result


def _positions(papers: Sequence[str], wanted: Sequence[str]) -> np.ndarray:
    """For each of ``wanted``, its index in ``papers`` (-1 when absent)."""
    where = {paper: index for index, paper in enumerate(papers)}
    return np.fromiter((where.get(paper, -1) for paper in wanted), dtype=np.int64, count=len(wanted))


def mapped_vectors(text: PaperVectors, papers: Sequence[str]) -> np.ndarray:
    """Unit vectors (float16) of ``papers`` by the title-to-abstract map (:data:`MAP_DIR`), zeros for none.

    The map's rows stand for words as the word vectors' do (:func:`document_vectors`: sublinear term frequency ×
    the training corpus's IDF); it was trained so that a paper's title lands near its own abstract, so a title
    alone is mapped near the abstracts of its topic, which its few words cannot show.

    >>> from kg.similarity_vectors import PaperText, text_rows
    >>> text = text_rows([PaperText("paper/a", "Rumour stance detection"), PaperText("paper/b", "Veracity of rumours"),
    ...                   PaperText("paper/c", "Dependency parsing of Hindi")])
    >>> rows = mapped_vectors(text, text.papers).astype(float)
    >>> rows.shape[1], bool(rows[0] @ rows[1] > rows[0] @ rows[2])
    (256, True)
    """
    return document_vectors(text, papers, model=load_word_vectors(MAP_DIR))
