"""Each person's id, label and sources as a table (kg.person_decisions, docs/scaling.md D6, round h14by): the
persons build_graph makes, decided from the records and the paper table alone."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kg.graph import build_graph
from kg.paper_decisions import paper_table
from kg.person_decisions import PersonTable, person_id, person_table
from ontology.records import DocumentRecords, Paper, Provenance


def _documents(papers: list[Paper]) -> list[DocumentRecords]:
    by_source: dict[str, list[Paper]] = {}
    for paper in papers:
        by_source.setdefault(paper.provenance.source, []).append(paper)
    return [DocumentRecords(source=source, papers=tuple(group)) for source, group in by_source.items()]


def _graph_persons(documents: list[DocumentRecords]) -> PersonTable:
    graph = build_graph(documents)
    persons = [(node, data) for node, data in graph.nodes(data=True) if data["kind"] == "person"]
    return PersonTable(ids=[node for node, _ in persons], labels=[data["label"] for _, data in persons],
                       sources=[tuple(data["sources"]) for _, data in persons])


def _table(papers: list[Paper]) -> PersonTable:
    return person_table(papers, paper_table(papers))


def test_the_sample_persons_table_is_the_sample_graphs_persons(sample_build):
    papers = [p for d in sample_build.documents for p in d.papers]
    assert _table(papers) == _graph_persons(list(sample_build.documents))


def test_two_spellings_in_two_groups_take_the_label_of_the_first_group_in_root_order():
    # "a" is the smaller root, so its spelling labels the person although its source sorts after "b"'s
    papers = [Paper(ref="b", title="B", authors=("ZOË KIM", "Al Li"), provenance=Provenance("1.txt")),
              Paper(ref="a", title="A", authors=("Zoë Kim",), provenance=Provenance("2.txt"))]
    table = _table(papers)
    assert table == PersonTable(ids=[person_id("Zoë Kim"), person_id("Al Li")], labels=["Zoë Kim", "Al Li"],
                                sources=[("1.txt", "2.txt"), ("1.txt",)])
    assert table == _graph_persons(_documents(papers))


def test_a_merged_paper_names_its_longest_author_list_and_that_records_source():
    papers = [Paper(ref="x", title="Same", authors=("Al Li",), provenance=Provenance("1.txt")),
              Paper(ref="y", title="Same", authors=("Al Li", "Bo Wu"), provenance=Provenance("2.txt"))]
    table = _table(papers)
    assert table.sources == [("2.txt",), ("2.txt",)]  # the shorter list of 1.txt is not the paper's
    assert table == _graph_persons(_documents(papers))


_NAMES = st.sampled_from(["Al Li", "AL LI", "Bo Wu", "Cy Ng", "bo wu"])
_RECORDS = st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from(["Alpha", "Beta", "Gamma"]),
                              st.sampled_from([None, 2020, 2021]), st.lists(_NAMES, max_size=3)),
                    min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(_RECORDS, st.randoms(use_true_random=False))
def test_in_any_document_order_the_table_is_the_graphs_persons(rows, random):
    papers = [Paper(ref=f"r{n}", title=title, year=year, authors=tuple(names), provenance=Provenance(f"{source}.txt"))
              for n, (source, title, year, names) in enumerate(rows)]
    documents = _documents(papers)
    expected = _table(papers)
    random.shuffle(documents)
    assert _table([p for d in documents for p in d.papers]) == expected == _graph_persons(documents)
