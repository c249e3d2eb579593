"""The Turtle stage's shortcuts give what the plain definitions give: literal escaping by one regex search
(exports/rdf_ntriples.py) and the similarity scores of a one-basis edge (exports/rdf_edges.py)."""
from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports.rdf_edges import similarity_scores
from exports.rdf_ntriples import _ESCAPES, escaped, ntriples_line, term_nt
from exports.rdf_terms import XSD_IRI, Lit

_ODD = '"\\\n\r\t\b\f\x00\x1f\x7f\x80\u2028\u2029\ud800\udfff\ufeff “ü” é 𝔘'


def _similarity_scores(data) -> list[tuple[str, object]]:
    """The definition before the one-basis shortcut: a dict of every basis, sorted."""
    basis = str(data.get("basis") or "source")
    scores = {basis: 1.0 if data.get("score") is None else data["score"]}
    scores.update({str(key): value for key, value in (data.get("scores") or {}).items() if key != basis})
    return sorted(scores.items())


def test_every_character_is_escaped_as_translating_it_does():
    for first in range(0, sys.maxunicode + 1, 4096):
        text = "".join(map(chr, range(first, min(first + 4096, sys.maxunicode + 1))))
        assert escaped(text) == text.translate(_ESCAPES), hex(first)
    for code in range(0x100):
        assert escaped(chr(code)) == chr(code).translate(_ESCAPES), code


def test_the_escaped_characters_are_n_triples_escapes():
    assert escaped(_ODD) == ('\\"\\\\\\n\\r\\t\\b\\f\\u0000\\u001F\\u007F\x80\u2028\u2029\ud800\udfff\ufeff'
                             ' “ü” é 𝔘')
    assert escaped("plain text, no escapes") == "plain text, no escapes"
    assert term_nt(Lit('a "b"\n', XSD_IRI.integer)) == f'"a \\"b\\"\\n"^^<{XSD_IRI.integer}>'
    assert ntriples_line(("http://a.org/s", "http://a.org/p", Lit(_ODD[:8]))) == \
        '<http://a.org/s> <http://a.org/p> "\\"\\\\\\n\\r\\t\\b\\f\\u0000" .\n'


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(_ODD) + list("abc \\\"")), max_size=40) | st.text(max_size=40))
def test_any_text_is_escaped_as_translating_it_does(text):
    assert escaped(text) == text.translate(_ESCAPES)


_BASES = st.sampled_from(["combined", "tfidf", "entities", "source", "", None, 1])


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional={
    "basis": _BASES,
    "score": st.none() | st.floats(allow_nan=False) | st.integers(),
    "scores": st.none() | st.dictionaries(_BASES.filter(lambda basis: basis is not None), st.floats(allow_nan=False),
                                          max_size=3),
}))
def test_similarity_scores_are_the_sorted_scores_of_every_basis(data):
    assert similarity_scores(data) == _similarity_scores(data)


@pytest.mark.parametrize("data, scores", [
    ({"basis": "combined", "score": 0.1286, "scores": {"combined": 0.1286}}, [("combined", 0.1286)]),  # kg's own
    ({"basis": "combined", "score": 0.5, "scores": {"combined": 0.25}}, [("combined", 0.5)]),  # the edge's score wins
    ({"basis": "tfidf", "score": 0.5, "scores": {"entities": 0.25}}, [("entities", 0.25), ("tfidf", 0.5)]),
    ({"basis": "1", "score": 0.5, "scores": {1: 0.25}}, [("1", 0.25)]),  # a key that is not the basis, named alike
    ({"sources": ["a.xml"]}, [("source", 1.0)]),
])
def test_similarity_scores_of_made_up_edges(data, scores):
    assert similarity_scores(data) == scores == _similarity_scores(data)
