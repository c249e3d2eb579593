"""kg.similarity_dense: the shipped word vectors, papers' dense vectors, and how they moderate the similarity score."""
from __future__ import annotations

import math

import numpy as np
import pytest

from kg.similarity_dense import MODEL_DIR, WordVectorsMissingError, document_vectors, load_word_vectors
from kg.similarity_index import _SCALE, Rescoring, _select
from kg.similarity_links import PaperText, similar_links
from kg.similarity_vectors import text_rows


def _cosine(model, a: str, b: str) -> float:
    row = model.row()
    return float(model.vectors[row[a]].astype(float) @ model.vectors[row[b]].astype(float))


def test_the_shipped_model_is_small_unit_float16_rows_in_word_order():
    model = load_word_vectors()
    assert model.vectors.dtype == np.float16 and model.vectors.shape == (len(model.words), 200)
    assert list(model.words) == sorted(model.words) and len(set(model.words)) == len(model.words)
    assert np.allclose(np.linalg.norm(model.vectors.astype(float), axis=1), 1, atol=2e-3)
    assert (model.idf >= 1).all()
    assert sum(path.stat().st_size for path in MODEL_DIR.iterdir()) < 15_000_000


def test_words_of_one_task_are_nearer_each_other_than_a_task_and_a_setting():
    model = load_word_vectors()
    assert _cosine(model, "rumour", "veracity") > _cosine(model, "rumour", "tweets") > _cosine(model, "rumour", "parsing")
    assert _cosine(model, "summarization", "abstractive") > _cosine(model, "summarization", "japanese")
    assert _cosine(model, "autism", "asd") > _cosine(model, "autism", "corpus")


def test_a_missing_model_says_how_to_get_it(tmp_path):
    with pytest.raises(WordVectorsMissingError, match="train_word_vectors"):
        load_word_vectors(tmp_path)


def _papers() -> list[PaperText]:
    return [
        PaperText("paper/rumour", "Rumour veracity classification on Twitter"),
        PaperText("paper/stance", "Stance detection for claims in tweets", "We detect the stance of replies to "
                  "rumours and verify claims."),
        PaperText("paper/hindi", "Dependency parsing of Hindi", "A parser for Hindi treebanks."),
        PaperText("paper/entities", entities=("dataset/x",)),
        PaperText("paper/unknown", "Zzyzx qwv"),
    ]


def test_a_papers_dense_vector_is_the_same_whatever_order_the_papers_come_in():
    papers = _papers()
    first = text_rows(papers)
    second = text_rows(list(reversed(papers)))
    ids = tuple(sorted(p.id for p in papers))
    one, two = document_vectors(first, ids), document_vectors(second, ids)
    assert one.dtype == np.float16 and one.tobytes() == two.tobytes()
    norms = dict(zip(ids, np.linalg.norm(one.astype(float), axis=1).round(2).tolist()))
    assert norms == {"paper/entities": 0.0, "paper/hindi": 1.0, "paper/rumour": 1.0, "paper/stance": 1.0,
                     "paper/unknown": 0.0}  # no text, or no word the model knows: zeros


def test_a_papers_dense_vector_hardly_depends_on_the_rest_of_the_corpus():
    """The corpus IDF is divided out: only float rounding differs between corpora."""
    papers = _papers()
    alone = document_vectors(text_rows(papers[:1]), ("paper/rumour",))
    among = document_vectors(text_rows(papers), ("paper/rumour",))
    assert np.allclose(alone.astype(float), among.astype(float), atol=2e-3)


def test_dense_vectors_include_the_corpus_stop_words_the_search_leaves_out():
    """Words in more than 5% of papers (corpus stop words for the sparse rows) still make the dense vector."""
    papers = [PaperText(f"paper/{i:03d}", "Machine translation") for i in range(150)]
    text = text_rows(papers)
    assert {"machine", "translation"} <= set(text.backoff.common_terms) and not text.papers  # no sparse row left
    model = load_word_vectors()
    row = model.row()
    expected = sum(model.idf[row[w]] * model.vectors[row[w]].astype(float) for w in ("machine", "translation"))
    found = document_vectors(text, ("paper/000",)).astype(float)[0]
    assert np.allclose(found, expected / np.linalg.norm(expected), atol=2e-3)


def test_the_dense_cosine_reorders_equal_candidates_and_a_missing_vector_keeps_the_score():
    product = np.array([[0.0, 0.40, 0.40, 0.40]], dtype=np.float32)
    rows, columns = np.array([0]), np.arange(4)
    dense = np.array([[1, 0], [0.6, 0.8], [1, 0], [0, 0]], dtype=np.float16)
    _, found, scores = _select(product, rows, columns, 3, 0.0, Rescoring(dense=dense, dense_blend=1.0))
    assert found.tolist() == [2, 3, 1]  # dense cosine 1, none (kept), 0.6
    assert scores.tolist() == pytest.approx([0.40, 0.40, 0.24], abs=1e-3)
    half = _select(product, rows, columns, 3, 0.0, Rescoring(dense=dense, dense_blend=0.5))
    assert half[2].tolist() == pytest.approx([0.40, 0.40, 0.32], abs=1e-3)
    dense[1] = [-1, 0]  # a negative cosine counts as 0, never below
    assert _select(product, rows, columns, 3, 0.0, Rescoring(dense=dense, dense_blend=1.0))[1].tolist() == [2, 3]


def test_the_dense_factor_is_computed_exactly_so_every_process_gets_the_same_scores():
    rng = np.random.default_rng(11)
    lsa = rng.normal(size=(30, 128))
    lsa = (lsa / np.linalg.norm(lsa, axis=1, keepdims=True)).astype(np.float16)
    dense = rng.normal(size=(30, 200))
    dense = (dense / np.linalg.norm(dense, axis=1, keepdims=True)).astype(np.float16)
    cosines = np.round(rng.uniform(0.05, 0.9, size=(30, 30)), 4)
    rows = columns = np.arange(30)
    for found_row, column, score in zip(*_select(cosines, rows, columns, 3, 0.0, Rescoring(None, lsa, 0.5, dense, 1.0))):
        l_exact = math.fsum(float(a) * float(b) for a, b in zip(lsa[found_row], lsa[column]))
        d_exact = math.fsum(float(a) * float(b) for a, b in zip(dense[found_row], dense[column]))
        expected = max(0.0, min(1.0, cosines[found_row, column] * (0.5 + 0.5 * l_exact) * max(d_exact, 0.0)))
        assert score == np.rint(expected * _SCALE) / _SCALE


def test_similar_links_prefer_the_paper_on_the_same_task_when_words_tie():
    """Two candidates share one title word with the query, with the same weight; the one on the same task wins."""
    papers = [
        PaperText("paper/query", "Rumour veracity"),
        PaperText("paper/setting", "Veracity in Welsh poetry"),
        PaperText("paper/task", "Veracity, stance and claims"),
        PaperText("paper/other", "Speech synthesis for Welsh"),
    ]
    scores = {link.target if link.source == "paper/query" else link.source: link.score
              for link in similar_links(papers, k=3) if "paper/query" in (link.source, link.target)}
    assert scores["paper/task"] > scores["paper/setting"]


def test_links_with_dense_vectors_are_the_same_whatever_map_runs_the_search():
    """The dense rows travel with the search's tasks; tasks run on threads (as with -j N) give the same links."""
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(5)
    vocabulary = ["translation", "parsing", "rumour", "stance", "summarization", "speech", "dialogue", "treebank",
                  "sentiment", "tweets", "neural", "corpus", "annotation", "veracity", "abstractive", "japanese"]
    papers = [PaperText(f"paper/{i:03d}", " ".join(rng.choice(vocabulary, size=3)), " ".join(rng.choice(vocabulary, 12)))
              for i in range(300)]
    local = list(similar_links(papers, k=3))
    with ThreadPoolExecutor(2) as pool:
        threaded = list(similar_links(papers, k=3, map=pool.map))
    assert local == threaded and len(local) >= 300


def test_the_dense_vectors_read_no_title_label():
    """Round h16u: the word vectors of a paper (and the title-to-abstract map's) are made from its text rows, which
    have no genre label of the title (kg.similarity_words.TITLE_GENRE): "Book Reviews: X" and "X" have one dense
    vector, and "overview", "keynote" or "publications" add nothing to a title's meaning.  A title that is only a
    label has the label's own term, which no word vector knows: a row of zeros (its score is the TF-IDF's)."""
    from kg.similarity_dense import mapped_vectors

    topics = ["Dependency Parsing of Hindi", "Rumour Stance Detection", "Machine Translation of Arabic Dialects",
              "Neural Morphology Analysers"]
    labels = ["Book Reviews: {}", "Invited Talk: {}", "{}: An Overview", "{} (Tutorial)",
              "Last Words: {}", "Introduction to the Special Issue on {}"]
    papers = [PaperText(f"paper/t{i}", topic) for i, topic in enumerate(topics)]
    papers += [PaperText(f"paper/l{i}-{j}", label.format(topic)) for i, topic in enumerate(topics)
               for j, label in enumerate(labels)]
    papers += [PaperText("paper/only", "Publications Received"), PaperText("paper/only2", "Briefly Noted")]
    text = text_rows(papers)
    for make in (document_vectors, mapped_vectors):
        rows = dict(zip(text.papers, make(text, text.papers).astype(np.float64)))
        for i in range(len(topics)):
            for j in range(len(labels)):
                assert np.allclose(rows[f"paper/l{i}-{j}"], rows[f"paper/t{i}"], atol=2e-3), (make, i, j)
        assert not rows["paper/only"].any() and not rows["paper/only2"].any()
