"""kg.char_trigrams and kg.english_stop_words against scikit-learn: the same arrays, bit for bit, the same words."""
from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.char_trigrams import CharTrigramTfidf, char_wb_trigrams
from kg.english_stop_words import ENGLISH_STOP_WORDS

text = pytest.importorskip("sklearn.feature_extraction.text")


def _sklearn() -> object:
    return text.TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 3), dtype=np.float32)


def _assert_same(mine: sp.csr_matrix, theirs: sp.spmatrix) -> None:
    """The same matrix down to its arrays: values, column indices and row pointers, in order and of one type."""
    assert isinstance(mine, sp.csr_matrix) and theirs.format == "csr"
    assert mine.shape == theirs.shape
    for name in ("data", "indices", "indptr"):
        ours, other = getattr(mine, name), getattr(theirs, name)
        assert ours.dtype == other.dtype, name
        assert np.array_equal(ours, other), name


def _compare(words: list[str], queries: list[str]) -> None:
    ours, theirs = CharTrigramTfidf(), _sklearn()
    known, their_known = ours.fit_transform(words), theirs.fit_transform(words)
    _assert_same(known, their_known)
    assert ours.vocabulary_ == theirs.vocabulary_
    assert ours.idf_.dtype == theirs.idf_.dtype and np.array_equal(ours.idf_, theirs.idf_)
    asked, their_asked = ours.transform(queries), theirs.transform(queries)
    _assert_same(asked, their_asked)
    # what the back-off works out from them: the same floats
    assert np.array_equal((asked @ known.T).toarray(), (their_asked @ their_known.T).toarray())


def test_the_stop_list_is_scikit_learns_word_for_word():
    assert ENGLISH_STOP_WORDS == text.ENGLISH_STOP_WORDS
    assert isinstance(ENGLISH_STOP_WORDS, frozenset)


def test_trigrams_pad_each_word_and_fold_case_and_white_space():
    assert char_wb_trigrams("Ab  c\tdé") == [" ab", "ab ", " c ", " dé", "dé "]
    assert char_wb_trigrams("") == char_wb_trigrams(" \n ") == []
    analyzer = _sklearn().build_analyzer()
    for sample in ("Microsemantics of  WORDS", "a", "x\u00a0\u00a0y", "İstanbul ǅemal", "tab\t\tand\nline"):
        assert char_wb_trigrams(sample) == analyzer(sample)


def test_the_matrices_are_scikit_learns_on_words_whose_trigrams_first_occur_out_of_order():
    # "zeta" numbers its trigrams before "alpha"'s: the fitted rows keep that order, not the alphabetical one
    words = ["zeta", "alphabet", "alpha", "betazeta", "tabs", "a", "zz"]
    _compare(words, ["alphabets and zetas", "", "unknown", "zeta zeta zeta alpha", "Tab  STAB"])


def test_the_reference_vocabulary_gives_scikit_learns_matrices():
    """The words the back-off fits on (the shipped statistics' single words) and queries made of them."""
    from kg.similarity_stats import load_stats

    words = sorted(term for term in load_stats().terms if " " not in term)
    rng = np.random.default_rng(14)
    queries = [" ".join(rng.choice(words, size=int(rng.integers(0, 40)))) for _ in range(400)]
    queries += ["", "microsemantics", "transliteration of names", "Übersetzung  maschinelle"]
    _compare(words, queries)


_WORD = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(_WORD, min_size=1, max_size=30), st.lists(st.lists(_WORD, max_size=8).map(" ".join), max_size=10))
def test_any_words_give_scikit_learns_matrices(words, queries):
    if not any(char_wb_trigrams(word) for word in words):  # white space only: both refuse an empty vocabulary
        with pytest.raises(ValueError):
            CharTrigramTfidf().fit_transform(words)
        with pytest.raises(ValueError):
            _sklearn().fit_transform(words)
        return
    _compare(words, queries + words[:3])
