"""A venue named only by its papers (no facts about it) gets its series and year from its name, whatever its shape."""
from __future__ import annotations

import pytest

from kg.graph import build_graph
from ontology.records import DocumentRecords, Paper, Provenance


@pytest.mark.parametrize(("name", "series", "year"), [
    ("ACL 2027", "ACL", 2027),
    ("Findings of NAACL 2027", "Findings of NAACL", 2027),
    ("EMNLP 2027 Findings", "EMNLP Findings", 2027),
    ("SemEval-2027", "SemEval", 2027),
    ("WMT27", "WMT", 2027),
    ("ACL Rolling Review", "ACL Rolling Review", None),
])
def test_a_venue_named_only_by_a_paper_is_split_into_series_and_year(name, series, year):
    paper = Paper(ref="title:first", title="First", venue=name, provenance=Provenance("a.txt", extractor="rules"))
    graph = build_graph([DocumentRecords(source="a.txt", papers=(paper,))])
    (venue,) = [data for _, data in graph.nodes(data=True) if data["kind"] == "venue"]
    assert (venue["name"], venue["series"], venue["year"]) == (name, series, year)
