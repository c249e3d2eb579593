"""Each venue's id and attributes as a table (kg.venue_decisions, docs/scaling.md D7, round h14by): the venue nodes
build_graph makes, decided from the venue records and the papers naming venues alone."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kg.graph import build_graph
from kg.venue_decisions import venue_table
from ontology.records import DocumentRecords, Paper, Provenance, Venue


def _graph_venues(documents: list[DocumentRecords]) -> list[tuple[str, dict]]:
    graph = build_graph(documents)
    return [(node, dict(data)) for node, data in graph.nodes(data=True) if data["kind"] == "venue"]


def _rows(stated: list[Venue], papers: list[Paper]) -> list[tuple[str, dict]]:
    table = venue_table(stated, papers)
    return list(zip(table.ids, table.rows))


def test_the_sample_venue_table_is_the_sample_graphs_venues(sample_build):
    documents = sorted(sample_build.documents, key=lambda d: d.source)
    stated = [v for d in documents for v in d.venues]
    papers = [p for d in documents for p in d.papers]
    assert _rows(stated, papers) == _graph_venues(documents) and stated


def test_a_stated_record_labels_its_venue_and_the_first_paper_in_document_order_labels_the_others():
    papers = (Paper(ref="a", title="A", venue="ACL  2026", provenance=Provenance("1.txt")),
              Paper(ref="b", title="B", venue="EMNLP  2025", provenance=Provenance("1.txt")),
              Paper(ref="c", title="C", venue="EMNLP 2025", provenance=Provenance("2.txt")))
    venues = (Venue(name="ACL 2026", location="San Diego", provenance=Provenance("2.txt", start=9)),
              Venue(name="ACL  2026", location="San Diego, CA, USA", provenance=Provenance("2.txt", start=40)))
    documents = [DocumentRecords(source="1.txt", papers=papers[:2]),
                 DocumentRecords(source="2.txt", papers=papers[2:], venues=venues)]
    rows = _rows(list(venues), list(papers))
    assert [(row["label"], row["location"], row["sources"]) for _, row in rows] == [
        ("ACL 2026", "San Diego, CA, USA", ["2.txt"]), ("EMNLP  2025", None, [])]
    assert rows == _graph_venues(documents)


_NAMES = st.sampled_from(["ACL 2026", "ACL  2026", "EMNLP 2025", "Findings of ACL 2023"])
_LOCATIONS = st.sampled_from([None, "Vienna", "Vienna, Austria"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_NAMES, _LOCATIONS, st.integers(0, 3)), max_size=6, unique_by=lambda row: row[2]),
       st.lists(_NAMES, max_size=4), st.randoms(use_true_random=False))
def test_stated_records_in_any_order_give_the_graphs_venues(stated_rows, paper_venues, random):
    # distinct (source, start): the stated records' order is theirs; papers keep document order
    stated = [Venue(name=name, location=location, provenance=Provenance("v.txt", start=start))
              for name, location, start in stated_rows]
    papers = [Paper(ref=f"p{n}", title=f"T{n}", venue=venue, provenance=Provenance("p.txt"))
              for n, venue in enumerate(paper_venues)]
    expected = _rows(stated, papers)
    shuffled = list(stated)
    random.shuffle(shuffled)
    assert _rows(shuffled, papers) == expected
    documents = [DocumentRecords(source="p.txt", papers=tuple(papers)), DocumentRecords(source="v.txt",
                                                                                         venues=tuple(shuffled))]
    assert expected == _graph_venues(documents)
