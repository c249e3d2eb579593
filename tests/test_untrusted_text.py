"""Titles, abstracts and venue names are hostile text: property tests over arbitrary Unicode.

Whatever a source says, the Turtle export parses back to the same graph, the
HTML view shows markup from the input as text, and every IRI kg mints is a
valid IRI (no spaces, quotes, angle brackets or newlines).
"""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Graph, URIRef
from rdflib.compare import isomorphic

from exports.html_view import render_html
from exports.rdf import to_rdf
from kg.graph import build_graph
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation

TEXT = st.text(st.characters(codec="utf-8"), min_size=1, max_size=60)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# RFC 3987 forbids these in an IRI; a minted IRI must never contain them
_IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|\\^`\x7f]')


def _graph(title: str, abstract: str, venue: str, name: str, url: str = "https://github.com/a/b"):
    paper = Paper(ref="jsonl:1", provenance=Provenance("in.jsonl", line=1), title=title, abstract=abstract,
                  venue=venue, authors=(title[:20] or "x",), code_repositories=(url,), extra=(("note", abstract),))
    mention = Mention(paper_ref="jsonl:1", name=name, kind=EntityKind.DATASET, relation=Relation.USES,
                      provenance=Provenance("in.jsonl", start=0, end=1, extractor="test", sentence=abstract, line=1))
    return build_graph([DocumentRecords(source="in.jsonl", papers=(paper,), mentions=(mention,))])


def _has_text(value: str) -> bool:
    return bool(value.strip())


def test_a_paper_whose_title_and_abstract_are_only_punctuation_still_gets_a_node():
    """Nothing is left of "." once normalised: the paper's id falls back to a digest of its raw text."""
    first, second = _graph(".", ".", "0", "0"), _graph(".", "..", "0", "0")
    [paper] = [node for node, kind in first.nodes(data="kind") if kind == "paper"]
    assert paper.startswith("paper/text-") and first.nodes[paper]["title"] == "."
    assert paper not in second and paper in _graph(".", ".", "1", "1")  # the same text, the same id


@SETTINGS
@given(title=TEXT.filter(_has_text), abstract=TEXT.filter(_has_text), venue=TEXT.filter(_has_text),
       name=TEXT.filter(_has_text))
def test_turtle_parses_back_isomorphic(title, abstract, venue, name):
    rdf = to_rdf(_graph(title, abstract, venue, name))
    back = Graph().parse(data=rdf.serialize(format="turtle"), format="turtle")
    assert isomorphic(rdf, back)


@SETTINGS
@given(title=TEXT.filter(_has_text), abstract=TEXT.filter(_has_text), venue=TEXT.filter(_has_text),
       name=TEXT.filter(_has_text))
def test_minted_iris_are_valid(title, abstract, venue, name):
    rdf = to_rdf(_graph(title, abstract, venue, name))
    for term in {t for triple in rdf for t in triple if isinstance(t, URIRef)}:
        assert not _IRI_FORBIDDEN.search(str(term)), str(term)


@SETTINGS
@given(text=TEXT)
def test_markup_in_the_input_is_shown_as_text_in_html(text):
    hostile = f"<kgx-evil onload=alert(1)>{text}</kgx-evil>"
    html = render_html(_graph(hostile, hostile, hostile, hostile))
    assert "<kgx-evil" not in html and "</kgx-evil" not in html


def test_a_hostile_code_url_never_becomes_a_broken_iri():
    rdf = to_rdf(_graph("T", "A", "ACL 2020", "X", url='https://github.com/a/b" onclick="x <script>'))
    for term in {t for triple in rdf for t in triple if isinstance(t, URIRef)}:
        assert not _IRI_FORBIDDEN.search(str(term)), str(term)
