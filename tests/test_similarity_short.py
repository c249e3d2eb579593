"""Pairs with a title-only side (round h16l): the map's cosine weighs in full, and a title next to an abstract scores
more than its cosine says (kg.similarity_index.SHORT_MAP_BLEND, MIXED_BOOST; kg.similarity_vectors.short_rows)."""
import math
from functools import partial

import numpy as np
import pytest
import scipy.sparse as sp

import kg.similarity_links as links_module
from kg.similarity_index import _SCALE, MAP_BLEND, MIXED_BOOST, SHORT_MAP_BLEND, Rescoring, _select, blended, neighbours
from kg.similarity_links import similar_links
from kg.similarity_vectors import PaperText, PaperVectors, length_weights, short_rows, text_rows

_ABSTRACT = ("We train a neural machine translation model from weak reward signals given by users, a contextual "
             "bandit setting with partial feedback, using counterfactual estimators and policy gradients. Simulated "
             "ratings of German and French news translations show that the learner improves over the supervised "
             "baseline, and a human study confirms the gains in adequacy and fluency.")


def test_a_title_is_short_and_a_paper_with_an_abstract_is_not():
    papers = [PaperText("paper/title", "Bandit feedback for neural machine translation"),
              PaperText("paper/long-title", "A study of twelve different reward estimators for bandit feedback in "
                                            "interactive neural machine translation of patents and news"),
              PaperText("paper/abstract", "Learning translation from weak user rewards", _ABSTRACT),
              PaperText("paper/entities", entities=("dataset/wmt14",))]
    text = text_rows(papers)
    ids = tuple(paper.id for paper in papers)
    assert short_rows(length_weights(ids, text)).tolist() == [True, True, False, False]


def _unit(rng, n, width):
    x = rng.normal(size=(n, width))
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float16)


def test_a_pair_with_a_short_side_takes_the_short_blend_and_a_mixed_pair_the_boost_exactly():
    rng = np.random.default_rng(7)
    n = 12
    weights = np.where(np.arange(n) % 3 == 0, 0.7, 0.97).astype(np.float32)  # rows 0, 3, 6, 9 are titles
    lsa, dense, mapped = _unit(rng, n, 128), _unit(rng, n, 200), _unit(rng, n, 256)
    cosines = np.round(rng.uniform(0.05, 0.6, size=(n, n)), 4)
    rescoring = Rescoring(weights, lsa, 0.5, dense, 1.0, mapped, MAP_BLEND, SHORT_MAP_BLEND, MIXED_BOOST)
    short = weights < 0.9
    rows = columns = np.arange(n)
    found = 0
    for row, column, score in zip(*_select(cosines, rows, columns, 4, 0.0, rescoring)):
        exact = [math.fsum(float(a) * float(b) for a, b in zip(v[row], v[column])) for v in (lsa, dense, mapped)]
        beta = SHORT_MAP_BLEND if short[row] or short[column] else MAP_BLEND
        boost = MIXED_BOOST if short[row] != short[column] else 1.0
        expected = (cosines[row, column] * weights[row] * weights[column] * (0.5 + 0.5 * exact[0])
                    * max(exact[1], 0.0) * (1 - beta + beta * max(exact[2], 0.0)) * boost)
        assert score == pytest.approx(max(0.0, min(1.0, expected)), abs=2e-6)
        found += short[row] != short[column]
    assert found  # mixed pairs were among the chosen


def test_the_short_factors_depend_on_the_pair_not_on_its_order():
    rng = np.random.default_rng(3)
    weights = np.array([0.6, 0.97, 0.8, 1.0], dtype=np.float32)
    mapped = _unit(rng, 4, 256)
    rescoring = Rescoring(weights, mapped=mapped, mapped_blend=MAP_BLEND, short_map_blend=SHORT_MAP_BLEND,
                          mixed_boost=MIXED_BOOST)
    first, second = np.array([0, 0, 0, 1, 1, 2]), np.array([1, 2, 3, 2, 3, 3])
    cosines = np.full(6, 0.3)
    assert blended(first, second, cosines, rescoring).tolist() == blended(second, first, cosines, rescoring).tolist()


def test_without_the_short_settings_a_rescoring_scores_as_before():
    rng = np.random.default_rng(11)
    weights = np.array([0.6, 0.97, 0.8, 1.0], dtype=np.float32)
    mapped = _unit(rng, 4, 256)
    first, second = np.array([0, 0, 0, 1, 1, 2]), np.array([1, 2, 3, 2, 3, 3])
    cosines = np.full(6, 0.3)
    plain = Rescoring(weights, mapped=mapped, mapped_blend=MAP_BLEND)
    assert not plain.shortens
    agreement = np.array([math.fsum(float(a) * float(b) for a, b in zip(mapped[r], mapped[c]))
                          for r, c in zip(first, second)])
    expected = np.rint(0.3 * (1 - MAP_BLEND + MAP_BLEND * np.maximum(agreement, 0)) * _SCALE)
    assert blended(first, second, cosines, plain).tolist() == expected.astype(int).tolist()
    with_short = Rescoring(weights, mapped=mapped, mapped_blend=MAP_BLEND, short_map_blend=SHORT_MAP_BLEND,
                           mixed_boost=MIXED_BOOST)
    assert with_short.shortens
    changed = blended(first, second, cosines, with_short) != expected
    assert changed.tolist() == [True, True, True, True, False, True]  # every pair with a short side (rows 0 and 2)


def test_neighbours_apply_the_short_settings_only_with_mapped_vectors_and_never_above_the_exact_limit():
    rng = np.random.default_rng(2)
    n = 40
    matrix = sp.random(n, 60, density=0.2, random_state=4, format="csr", dtype=np.float32)
    matrix = sp.csr_matrix(matrix.multiply(1 / np.maximum(sp.linalg.norm(matrix, axis=1), 1e-9)[:, None]))
    vectors = PaperVectors(tuple(f"paper/{i:02d}" for i in range(n)), matrix, tuple(f"w{i}" for i in range(60)))
    weights = np.where(np.arange(n) % 2 == 0, 0.7, 0.97).astype(np.float32)
    lsa, mapped = _unit(rng, n, 16), _unit(rng, n, 32)

    def search(**options):
        found = neighbours(vectors, top_k=3, weights=weights, lsa=lsa, **options)
        return sorted(zip(*(np.concatenate(part).tolist() for part in zip(*found))))

    plain = search()
    assert search(mixed_boost=3.0, short_map_blend=0.0) == plain  # no mapped vectors: nothing changes
    with_map = search(mapped=mapped)
    assert with_map != search(mapped=mapped, mixed_boost=1.0, short_map_blend=MAP_BLEND)
    above = search(mapped=mapped, exact_limit=10)  # the approximate index: no mapped vectors, no short factors
    assert above == search(exact_limit=10)


def test_similar_links_weigh_a_title_only_pair_by_the_map_in_full_and_boost_a_title_next_to_an_abstract(
        monkeypatch):
    papers = [PaperText("paper/query", "Bandit feedback in neural translation"),  # a title only
              PaperText("paper/title", "Feedback for neural translation systems"),  # a title only
              PaperText("paper/feedback", "Learning from weak user rewards for machine translation", _ABSTRACT),
              PaperText("paper/hindi", "Dependency parsing of Hindi", "A parser for Hindi treebanks with arc-eager "
                                                                     "transitions and a new Hindi treebank.")]
    scores = {(link.source, link.target): link.score for link in similar_links(papers, k=3)}
    monkeypatch.setattr(links_module, "neighbours", partial(neighbours, short_map_blend=MAP_BLEND, mixed_boost=1.0))
    before = {(link.source, link.target): link.score for link in similar_links(papers, k=3)}
    monkeypatch.setattr(links_module, "mapped_vectors", lambda text, papers: None)  # and without the map
    bare = {(link.source, link.target): link.score for link in similar_links(papers, k=3)}
    mixed, titles = ("paper/feedback", "paper/query"), ("paper/query", "paper/title")
    # before: times (1 - MAP_BLEND + MAP_BLEND cosine); now: times cosine (in full), and 1.5 for the mixed pair
    title_cosine = (before[titles] / bare[titles] - (1 - MAP_BLEND)) / MAP_BLEND
    assert scores[titles] == pytest.approx(bare[titles] * title_cosine, abs=2e-4)
    mixed_cosine = (before[mixed] / bare[mixed] - (1 - MAP_BLEND)) / MAP_BLEND
    assert scores[mixed] == pytest.approx(bare[mixed] * mixed_cosine * MIXED_BOOST, abs=2e-4)
    both = ("paper/feedback", "paper/hindi")  # two abstracts: unchanged
    assert scores.get(both) == before.get(both)
