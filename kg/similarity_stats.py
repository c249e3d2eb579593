"""Corpus statistics shipped with kg, so that a similarity score depends only on the two papers it links.

:mod:`kg.similarity` weighs words and entities by how rare they are, leaves
out words that most papers use, moderates scores by an LSA projection and
turns a score into a ``strength`` (its percentile among links).  If all of
these were worked out over the corpus being built, adding one paper would
change the score of nearly every link (one lecture page added to the ACL
Anthology changed 95 % of the links' attributes, docs/scaling.md), and no
rebuild could reuse earlier links.  They are therefore fixed, measured once
on a reference corpus by ``scripts/train_similarity_stats.py`` and shipped in
``kg/model/similarity_stats/`` (sources, licence and size in its README.md):

* the number of reference papers each word, pair of adjacent title words and
  entity occurs in (those in at least two), giving scikit-learn's smooth IDF
  ``log((1 + papers) / (1 + df)) + 1``; a word or entity the table does not
  know weighs as one found in a single paper (the largest IDF), a pair of
  title words it does not know is left out (as a pair found in one paper
  only was before);
* the corpus stop words: words in more than :data:`COMMON_SHARE` of the
  reference papers (and in more than :data:`COMMON_FLOOR`);
* an LSA projection (the top singular vectors of the reference papers'
  rows, restricted to their most frequent terms and entities);
* the distribution of the reference build's link scores (at each 1e-4),
  from which a score's ``strength`` is read.

>>> stats = SimilarityStats.from_counts(10, {"graph": 3, "the": 9, "graph networks": 2}, 4, {"dataset/x": 2})
>>> stats.term_idf(np.array(["graph", "zzz"], dtype=object)).astype(float).round(3).tolist()
[2.012, 2.705]
>>> stats.common(np.array(["graph", "the"], dtype=object)).tolist(), stats.known(np.array(["graph networks", "a b"], dtype=object)).tolist()
([False, False], [True, False])
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from ontology.errors import KgError

__all__ = ["COMMON_FLOOR", "COMMON_SHARE", "MODEL_DIR", "STATS_FILE", "SimilarityStats", "SimilarityStatsMissingError",
           "load_stats"]

#: Where the shipped statistics live.
MODEL_DIR = Path(__file__).resolve().parent / "model" / "similarity_stats"
#: The statistics (numpy ``.npz``, no pickles): see :meth:`SimilarityStats.save`.
STATS_FILE = "stats.npz"
#: Words in more than this share of the reference papers (and in more than :data:`COMMON_FLOOR`) are corpus stop
#: words: they weigh little (low IDF) yet dominate the cost of the product, which grows with the square of their count.
COMMON_SHARE = 0.05
COMMON_FLOOR = 100
#: Scores are rounded to 4 decimals: the strength table has one entry per 1e-4.
_STEPS = 10_000


class SimilarityStatsMissingError(KgError, FileNotFoundError):
    """The shipped similarity statistics are not where kg expects them."""


@dataclass(frozen=True, eq=False)
class SimilarityStats:
    """Reference counts of terms and entities, an LSA projection and a score distribution (see the module docstring).

    ``terms`` and ``entities`` map a term (entity id) to the number of
    reference papers with it; ``lsa_columns`` maps a term or entity id to its
    row of ``lsa`` (float16, one column per LSA dimension); ``strengths``
    (``_STEPS + 1`` values or empty) is the share of reference links whose
    score is at most ``i / 10,000``.
    """

    papers: int
    terms: Mapping[str, int]
    entity_papers: int
    entities: Mapping[str, int]
    lsa_columns: Mapping[str, int] = field(default_factory=dict)
    lsa: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float16))
    strengths: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @classmethod
    def from_counts(cls, papers: int, terms: Mapping[str, int], entity_papers: int,
                    entities: Mapping[str, int]) -> SimilarityStats:
        """Statistics from document frequencies alone (no LSA, no strength table); counts below 2 are dropped."""
        return cls(papers, {t: n for t, n in terms.items() if n >= 2}, entity_papers,
                   {e: n for e, n in entities.items() if n >= 2})

    def _idf(self, frequency: np.ndarray, papers: int) -> np.ndarray:
        return (np.log((1 + papers) / (1 + np.maximum(frequency, 1))) + 1).astype(np.float32)

    def term_idf(self, terms: np.ndarray) -> np.ndarray:
        """The IDF (float32) of each of ``terms``; a term not in the table weighs as one found in a single paper."""
        return self._idf(np.fromiter((self.terms.get(t, 1) for t in terms), dtype=np.float64, count=len(terms)),
                         self.papers)

    def entity_idf(self, entities: Sequence[str]) -> np.ndarray:
        """The IDF (float32) of each entity id; one not in the table weighs as one named by a single paper."""
        frequency = np.fromiter((self.entities.get(e, 1) for e in entities), dtype=np.float64, count=len(entities))
        return self._idf(frequency, self.entity_papers)

    def common(self, terms: np.ndarray) -> np.ndarray:
        """Whether each of ``terms`` is a corpus stop word (in more than 5 % of the reference papers, and 100)."""
        limit = max(int(COMMON_SHARE * self.papers), COMMON_FLOOR)
        return np.fromiter((self.terms.get(t, 0) > limit for t in terms), dtype=bool, count=len(terms))

    def known(self, terms: np.ndarray) -> np.ndarray:
        """Whether each of ``terms`` is in the table (found in at least two reference papers)."""
        return np.fromiter((t in self.terms for t in terms), dtype=bool, count=len(terms))

    def project(self, matrix: sp.csr_matrix, columns: Sequence[str]) -> np.ndarray | None:
        """Unit LSA rows (float16) of ``matrix``, whose columns are ``columns``; zeros where no column is known.

        Each row is projected from its own cells (in its stored order), so it
        does not depend on the other rows.  ``None`` when the statistics have
        no projection.
        """
        if not len(self.lsa):
            return None
        place = np.fromiter((self.lsa_columns.get(c, -1) for c in columns), dtype=np.int64, count=len(columns))
        projection = np.zeros((len(columns), self.lsa.shape[1]), dtype=np.float32)
        known = place >= 0
        projection[known] = self.lsa[place[known]]
        matrix = sp.csr_matrix(matrix, dtype=np.float32)
        result = np.zeros((matrix.shape[0], self.lsa.shape[1]), dtype=np.float16)
        step = max(1, (1 << 20) // self.lsa.shape[1])
        for start in range(0, matrix.shape[0], step):
            block = np.asarray(matrix[start:start + step] @ projection, dtype=np.float32)
            norms = np.linalg.norm(block, axis=1)
            block /= np.where(norms > 0, norms, 1)[:, None]
            result[start:start + step] = block
        return result

    def strength(self, scores: np.ndarray) -> np.ndarray | None:
        """Each score's strength: the share of reference links scoring at most as much; ``None`` without a table.

        Rounded to 3 decimals and at least 0.001, so that it lies in (0, 1]
        like a percentile among the build's own links.

        >>> stats = SimilarityStats(1, {}, 1, {}, strengths=np.linspace(0, 1, _STEPS + 1))
        >>> stats.strength(np.array([0.0, 0.25, 1.0])).tolist()
        [0.001, 0.25, 1.0]
        """
        if not len(self.strengths):
            return None
        steps = np.clip(np.rint(np.asarray(scores, dtype=np.float64) * _STEPS), 0, _STEPS).astype(np.int64)
        return np.maximum(np.round(self.strengths[steps], 3), 0.001)

    @staticmethod
    def strength_table(scores: np.ndarray) -> np.ndarray:
        """The strength table of reference link ``scores``: share of scores at most ``i / 10,000`` for each ``i``.

        >>> SimilarityStats.strength_table(np.array([0.0, 0.5, 0.5, 1.0]))[[0, 4999, 5000, 10000]].tolist()
        [0.25, 0.25, 0.75, 1.0]
        """
        steps = np.clip(np.rint(np.asarray(scores, dtype=np.float64) * _STEPS), 0, _STEPS).astype(np.int64)
        return np.cumsum(np.bincount(steps, minlength=_STEPS + 1)) / max(len(steps), 1)

    def save(self, folder: Path, *, about: dict) -> Path:
        """Write :data:`STATS_FILE` (and ``training.json`` with ``about``) into ``folder``; return the file."""
        folder.mkdir(parents=True, exist_ok=True)
        terms, entities = sorted(self.terms), sorted(self.entities)
        lsa_names = sorted(self.lsa_columns, key=self.lsa_columns.__getitem__)
        path = folder / STATS_FILE
        np.savez_compressed(
            path, papers=np.int64(self.papers), entity_papers=np.int64(self.entity_papers),
            terms=_encode(terms), term_df=np.array([self.terms[t] for t in terms], dtype=np.uint32),
            entities=_encode(entities), entity_df=np.array([self.entities[e] for e in entities], dtype=np.uint32),
            lsa_columns=_encode(lsa_names), lsa=np.asarray(self.lsa, dtype=np.float16),
            strengths=np.asarray(self.strengths, dtype=np.float64))
        (folder / "training.json").write_text(json.dumps(about, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return path


def _encode(names: Sequence[str]) -> np.ndarray:
    """Strings as the bytes of their newline-joined UTF-8 (compact in an ``.npz``, read back without pickles)."""
    return np.frombuffer("\n".join(names).encode("utf-8"), dtype=np.uint8)


def _decode(data: np.ndarray) -> list[str]:
    text = data.tobytes().decode("utf-8")
    return text.split("\n") if text else []


@lru_cache(maxsize=2)
def load_stats(folder: Path = MODEL_DIR) -> SimilarityStats:
    """The statistics in ``folder`` (default: the ones shipped with kg), read once per process.

    >>> stats = load_stats()
    >>> stats.papers > 10_000, stats.lsa.dtype, len(stats.strengths)
    (True, dtype('float16'), 10001)
    """
    path = Path(folder) / STATS_FILE
    try:
        data = np.load(path, allow_pickle=False)
    except FileNotFoundError as error:
        raise SimilarityStatsMissingError(
            f"no similarity statistics at {path}; reinstall kg or run scripts/train_similarity_stats.py") from error
    with data:
        terms, entities = _decode(data["terms"]), _decode(data["entities"])
        lsa_names = _decode(data["lsa_columns"])
        return SimilarityStats(
            int(data["papers"]), dict(zip(terms, data["term_df"].tolist())), int(data["entity_papers"]),
            dict(zip(entities, data["entity_df"].tolist())), {name: i for i, name in enumerate(lsa_names)},
            data["lsa"], data["strengths"])
