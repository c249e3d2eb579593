"""The exact search's ranking of wide blocks (kg.similarity_ranking.top_stored): each row's k best stored cells, ties
to the smaller column, the same as ranking every cell; and the same links when the search ranks that way."""
from __future__ import annotations

import random

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from kg import similarity_index
from kg.similarity_links import PaperText, similar_links
from kg.similarity_ranking import SCALE, top_stored


def _ranked_one_by_one(product: sp.csr_matrix, rows: np.ndarray, columns: np.ndarray, k: int, min_score: float,
                       weights: np.ndarray | None) -> list[tuple[int, int, float]]:
    """Each row's cells as keys (score in millionths, then the smaller column), sorted: the ranking spelled out."""
    found = []
    for local, row in enumerate(rows.tolist()):
        cells = []
        for position in range(product.indptr[local], product.indptr[local + 1]):
            column = int(columns[product.indices[position]])
            value = product.data[position]
            if weights is not None:
                value = value * weights[row] * weights[column]
            micro = int(np.clip(np.rint(np.asarray(value, dtype=product.data.dtype) * SCALE), 0, SCALE))
            if column == row or product.data[position] == 0 or micro < round(min_score * SCALE):
                continue
            cells.append((-micro, column))
        found += [(row, column, -negative / SCALE) for negative, column in sorted(cells)[:k]]
    return found


@settings(max_examples=150, deadline=None)
@given(cells=st.lists(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.5, 1.0]), min_size=8, max_size=8), min_size=1,
                      max_size=12),
       k=st.integers(1, 9), min_score=st.sampled_from([0.0, 0.3]), weighted=st.booleans(), offset=st.integers(0, 2),
       zeros=st.booleans())
def test_each_rows_best_cells_are_those_of_ranking_every_cell(cells, k, min_score, weighted, offset, zeros):
    """Many equal scores (ties to the smaller column), rows with fewer than k cells, stored zeros, a cut, weights,
    and block columns standing for other row numbers: the same rows, columns and scores in the same order."""
    product = sp.csr_matrix(np.array(cells, dtype=np.float32))
    if zeros and product.nnz:
        product.data[::3] = 0  # stored, but no cell
    rows = np.arange(len(cells)) * 2 // 3 + offset  # some rows are among the block's columns, some not
    columns = np.arange(8) + offset
    weights = np.random.default_rng(len(cells)).uniform(0.4, 1.0, 8 + offset + len(cells)).astype(np.float32) \
        if weighted else None
    got = top_stored(product, rows, columns, k, min_score, weights)
    assert [part.dtype for part in got] == [np.int64, np.int64, np.float64]
    assert list(zip(*(part.tolist() for part in got))) == _ranked_one_by_one(product, rows, columns, k, min_score,
                                                                              weights)


def test_an_empty_block_has_no_neighbours():
    empty = sp.csr_matrix((0, 3), dtype=np.float32)
    assert [part.tolist() for part in top_stored(empty, np.arange(0), np.arange(3), 2, 0.0)] == [[], [], []]


@pytest.mark.parametrize("seed", [1, 2])
def test_links_are_the_same_when_every_block_is_ranked_from_its_stored_cells(monkeypatch, seed):
    """A made-up corpus full of ties (repeated titles, titles sharing one word): the links of the exact search whose
    blocks are ranked from their stored cells are those of ranking them dense, as small corpora are."""
    rng = random.Random(seed)
    words = ["parsing", "tagging", "speech", "translation", "retrieval", "summarization", "dialogue", "lexicon"]
    titles = [" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(12)]  # each one many papers' title
    abstracts = [" ".join(rng.choices(words, k=12)) for _ in range(3)] + [None] * 3
    papers = [PaperText(f"paper/{i:03d}", rng.choice(titles), rng.choice(abstracts),
                        ("dataset/wmt14",) if i % 7 == 0 else ()) for i in range(300)]
    dense = list(similar_links(papers, k=5))
    monkeypatch.setattr(similarity_index, "_STORED_WIDTH", 1)
    stored = list(similar_links(papers, k=5))
    assert stored == dense
    assert len({link.score for link in dense}) < len(dense) / 4  # ties are common
