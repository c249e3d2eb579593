"""The title-to-abstract map's factor in the similarity score (kg.similarity_dense.mapped_vectors, round h16k)."""
import json
import math
from functools import partial

import numpy as np
import pytest

import kg.similarity_links as links_module
from kg.similarity_dense import MAP_DIR, load_word_vectors, mapped_vectors
from kg.similarity_index import _SCALE, MAP_BLEND, MIXED_BOOST, Rescoring, _select, neighbours
from kg.similarity_links import similar_links
from kg.similarity_vectors import PaperText, text_rows

_BANDIT = PaperText("paper/bandit", "Bandit learning for machine translation")
_FEEDBACK = PaperText("paper/feedback", "Learning from user feedback for neural machine translation",
                      "We train a translation model from weak reward signals given by users, a contextual bandit "
                      "setting, with counterfactual estimators.")
_POETRY = PaperText("paper/poetry", "Machine translation of Welsh poetry",
                    "We translate medieval Welsh poems into English with a neural machine translation system and "
                    "study metre and rhyme.")


def test_the_shipped_map_is_float16_rows_in_word_order_trained_on_the_train_split():
    model = load_word_vectors(MAP_DIR)
    assert model.vectors.dtype == np.float16 and model.vectors.shape == (len(model.words), 256)
    assert list(model.words) == sorted(model.words) and (model.idf >= 1).all()
    about = json.loads((MAP_DIR / "training.json").read_text(encoding="utf-8"))
    assert about["split"] == "train" and about["words"] == len(model.words)


def test_a_title_alone_is_mapped_near_the_abstract_of_its_topic_not_one_sharing_its_words():
    text = text_rows([_BANDIT, _FEEDBACK, _POETRY])
    ids = ("paper/bandit", "paper/feedback", "paper/poetry")
    rows = mapped_vectors(text, ids).astype(float)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1, atol=2e-3)
    assert rows[0] @ rows[1] > 0.4 and rows[0] @ rows[2] < 0.1  # bandit feedback, not Welsh poems


def test_the_mapped_cosine_is_a_third_factor_and_a_missing_vector_keeps_the_score():
    product = np.array([[0.0, 0.40, 0.40, 0.40]], dtype=np.float32)
    rows, columns = np.array([0]), np.arange(4)
    mapped = np.array([[1, 0], [0, 1], [1, 0], [0, 0]], dtype=np.float16)
    _, found, scores = _select(product, rows, columns, 3, 0.0, Rescoring(mapped=mapped, mapped_blend=0.5))
    assert found.tolist() == [2, 3, 1]  # mapped cosine 1, none (kept), 0
    assert scores.tolist() == pytest.approx([0.40, 0.40, 0.20], abs=1e-3)
    mapped[1] = [-1, 0]  # a negative cosine counts as 0
    assert _select(product, rows, columns, 3, 0.0, Rescoring(mapped=mapped, mapped_blend=0.5))[2][2] == 0.2


def test_the_mapped_factor_is_computed_exactly_beside_lsa_and_the_word_vectors():
    rng = np.random.default_rng(5)

    def unit(width):
        x = rng.normal(size=(20, width))
        return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float16)

    lsa, dense, mapped = unit(128), unit(200), unit(256)
    cosines = np.round(rng.uniform(0.05, 0.9, size=(20, 20)), 4)
    rows = columns = np.arange(20)
    rescoring = Rescoring(None, lsa, 0.5, dense, 1.0, mapped, MAP_BLEND)
    for row, column, score in zip(*_select(cosines, rows, columns, 3, 0.0, rescoring)):
        exact = [math.fsum(float(a) * float(b) for a, b in zip(v[row], v[column])) for v in (lsa, dense, mapped)]
        expected = cosines[row, column] * (0.5 + 0.5 * exact[0]) * max(exact[1], 0.0) * (
            1 - MAP_BLEND + MAP_BLEND * max(exact[2], 0.0))
        assert score == np.rint(max(0.0, min(1.0, expected)) * _SCALE) / _SCALE


def test_similar_links_score_down_a_pair_that_shares_a_word_but_not_the_topic(monkeypatch):
    papers = [PaperText("paper/query", "Bandit feedback in neural translation"),  # a title only
              PaperText("paper/feedback", "Learning from weak user rewards for machine translation",
                        "We train a translation model from weak reward signals given by users, a contextual bandit "
                        "setting with partial feedback, using counterfactual estimators."),
              PaperText("paper/bandits", "Armed bandits in the history of Welsh poetry",
                        "Medieval Welsh poems tell of bandits and outlaws; we study how bandit figures are named in "
                        "neural readings of the manuscripts."),
              PaperText("paper/hindi", "Dependency parsing of Hindi", "A parser for Hindi treebanks.")]
    now = {(link.source, link.target): link.score for link in similar_links(papers, k=2)}
    # round h16k's factor alone: pairs with a title-only side as every other pair (round h16l's settings off)
    monkeypatch.setattr(links_module, "neighbours", partial(neighbours, short_map_blend=MAP_BLEND, mixed_boost=1.0))
    scores = {(link.source, link.target): link.score for link in similar_links(papers, k=2)}
    monkeypatch.setattr(links_module, "mapped_vectors", lambda text, papers: None)  # main's score before h16k
    without = {(link.source, link.target): link.score for link in similar_links(papers, k=2)}
    assert scores.keys() == without.keys() == now.keys()
    topic = scores[("paper/feedback", "paper/query")] / without[("paper/feedback", "paper/query")]
    word = scores[("paper/bandits", "paper/query")] / without[("paper/bandits", "paper/query")]
    assert 0.5 <= word < 0.7 < topic <= 1.0  # the factor lies in [1 - MAP_BLEND, 1]
    # with round h16l's (a title next to an abstract: MIXED_BOOST x the cosine) the word-only neighbour falls further
    topic_now = now[("paper/feedback", "paper/query")] / without[("paper/feedback", "paper/query")]
    word_now = now[("paper/bandits", "paper/query")] / without[("paper/bandits", "paper/query")]
    assert 0 <= word_now < topic_now <= MIXED_BOOST and topic_now / word_now > topic / word
