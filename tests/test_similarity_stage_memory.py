"""What the similarity stage holds after its search (kg/similarity_links.py, kg/similarity_index.py): the search's
vectors are let go before the back-off and the links are made, and the candidate pools are int32; the links are
the same."""
from __future__ import annotations

import gc
import random
import weakref
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from kg import similarity_links
from kg.similarity_incremental import STATE_FILE
from kg.similarity_index import Rescoring, _pool, pool_search
from kg.similarity_links import links_and_reasons
from kg.similarity_vectors import PaperText

WORDS = ("neural", "machine", "translation", "parsing", "dependency", "graph", "network", "speech", "recognition",
         "sentiment", "analysis", "corpus", "annotation", "dialogue", "question", "answering", "retrieval")


def _papers(count: int = 120) -> list[PaperText]:
    rng = random.Random(7)
    return [PaperText(f"paper/{n:04d}", " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4))),
                      " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 25))),
                      ("dataset/squad",) if n % 3 == 0 else ()) for n in range(count)]


def _links(papers: list[PaperText], state: Path | None) -> list[tuple]:
    links, _ = links_and_reasons(papers, k=3, state=state)
    return [(link.source, link.target, link.score, link.strength, link.shared_entities, link.shared_terms)
            for link in links]


def test_the_search_vectors_are_gone_before_the_back_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[weakref.ref] = []
    alive_at_back_off: list[int] = []
    for name in ("document_vectors", "mapped_vectors"):
        real = getattr(similarity_links, name)

        def recording(*args, _real=real, **kwargs):
            vectors = _real(*args, **kwargs)
            made.append(weakref.ref(vectors))
            return vectors

        monkeypatch.setattr(similarity_links, name, recording)
    real_complete = similarity_links.complete

    def complete(*args, **kwargs):
        gc.collect()
        alive_at_back_off.append(sum(ref() is not None for ref in made))
        return real_complete(*args, **kwargs)

    monkeypatch.setattr(similarity_links, "complete", complete)
    papers = _papers()
    got = _links(papers, tmp_path / STATE_FILE)
    assert len(made) == 2 and alive_at_back_off == [0]
    monkeypatch.undo()
    assert got == _links(papers, None) and got


def test_pool_search_gives_int32_candidates_with_the_same_values() -> None:
    rng = np.random.default_rng(0)
    matrix = rng.random((60, 12)).astype(np.float32)
    matrix[matrix < 0.6] = 0
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-9)
    lsa = (matrix[:, :6] / np.maximum(np.linalg.norm(matrix[:, :6], axis=1, keepdims=True), 1e-9)).astype(np.float16)
    rescoring = Rescoring(lsa=lsa, blend=0.5)
    sparse = sp.csr_matrix(matrix)
    pools = list(pool_search(sparse, top_k=3, rescoring=rescoring, block_cells=120))
    assert len(pools) > 1 and all(part.dtype == np.int32 for pool in pools for part in pool)
    whole = _pool(sparse @ sparse.T.tocsr(), np.arange(60), np.arange(60), 3, rescoring)  # one block, int64
    for got, expected in zip((np.concatenate(parts) for parts in zip(*pools)), whole):
        assert np.array_equal(got, expected)
