"""scripts/train_paper_vectors.py: the vocabulary's rows and the title-to-abstract map's training."""
from __future__ import annotations

import numpy as np
import pytest
from script_modules import load_script


@pytest.fixture(scope="module")
def tpv():
    return load_script("scripts/train_paper_vectors.py", "train_paper_vectors")


TOPICS = {
    "translation": ["translation", "bleu", "nmt", "bilingual", "decoder", "alignment", "parallel", "target"],
    "parsing": ["parsing", "treebank", "dependency", "parser", "grammar", "constituency", "head", "arcs"],
    "sentiment": ["sentiment", "polarity", "opinion", "reviews", "aspect", "positive", "negative", "emotion"],
    "speech": ["speech", "acoustic", "asr", "recognition", "audio", "phoneme", "spoken", "prosody"],
}


def corpus(papers: int, seed: int) -> list[tuple[str, str]]:
    """Synthetic papers: a title of 2 topic words, an abstract of 12 other words of the same topic plus noise."""
    rng = np.random.default_rng(seed)
    noise = [f"filler{i}" for i in range(40)]
    out = []
    for i in range(papers):
        topic = list(TOPICS.values())[i % len(TOPICS)]
        title = " ".join(rng.choice(topic[:4], 2, replace=False))
        abstract = " ".join(list(rng.choice(topic[4:], 6)) + list(rng.choice(noise, 6)))
        out.append((title, abstract))
    return out


def test_rows_are_sublinear_tfidf_of_unit_length(tpv):
    vocabulary = tpv.Vocabulary(["dense retrieval", "dense passage retrieval", "sparse retrieval", "parsing trees",
                                 "dense parsing", "tagging", "chunking"], min_papers=2)
    assert vocabulary.words == ["dense", "parsing", "retrieval"]
    rows = vocabulary.rows(["dense dense retrieval", "unknown words", "the"]).toarray()
    assert np.allclose(np.linalg.norm(rows[0]), 1.0) and not rows[1].any() and not rows[2].any()
    # two occurrences weigh 1 + log 2 times one, times the IDF
    expected = (1 + np.log(2)) * vocabulary.idf[0] / vocabulary.idf[2]
    assert rows[0][0] / rows[0][2] == pytest.approx(expected, rel=1e-5)


def test_words_in_more_than_half_the_papers_are_left_out(tpv):
    vocabulary = tpv.Vocabulary(["model a1", "model b1", "model a1", "model b1"], min_papers=2)
    assert "model" not in vocabulary.words and vocabulary.words == ["a1", "b1"]


def test_training_brings_titles_to_their_abstracts(tpv):
    papers = corpus(400, seed=1)
    vocabulary = tpv.Vocabulary([f"{t} {a}" for t, a in papers], min_papers=2)
    titles = vocabulary.rows([t for t, _ in papers])
    abstracts = vocabulary.rows([a for _, a in papers])
    start = np.random.default_rng(0).standard_normal((len(vocabulary.words), 8)).astype(np.float32)
    weights = tpv.train_map(titles, abstracts, start, epochs=30, batch=64, temperature=0.1, learning_rate=1e-2)
    held = corpus(80, seed=2)
    ht, ha = vocabulary.rows([t for t, _ in held]), vocabulary.rows([a for _, a in held])

    def same_topic(weights):
        q, _, _ = tpv._unit(ht, weights)
        k, _, _ = tpv._unit(ha, weights)
        nearest = (q @ k.T).argmax(axis=1)
        return float(np.mean(nearest % len(TOPICS) == np.arange(len(held)) % len(TOPICS)))

    # title and abstract share no word: a random map puts a title near any topic's abstracts, the trained one near its own
    assert same_topic(start) < 0.6
    assert same_topic(weights) > 0.95
    again = tpv.train_map(titles, abstracts, start, epochs=30, batch=64, temperature=0.1, learning_rate=1e-2)
    assert np.array_equal(weights, again)


def test_retrieval_accuracy_counts_own_abstract_first(tpv):
    import scipy.sparse as sp

    titles = sp.csr_matrix(np.eye(3, dtype=np.float32))
    abstracts = sp.csr_matrix(np.eye(3, dtype=np.float32)[[0, 2, 1]])
    assert tpv.retrieval_accuracy(titles, abstracts, np.eye(3, dtype=np.float32)) == pytest.approx(1 / 3)
