"""The paper decisions as a table (kg.paper_decisions, docs/scaling.md round h14by): which records are one paper
(D2) and each paper node's id (D3), made from the records alone, are what build_graph assembles; the order
they depend on is the replay order (source, line, ref), never the order documents are given in."""
from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.graph import build_graph
from kg.paper_decisions import paper_table, replay_order
from ontology.ids import node_id, title_key
from ontology.records import DocumentRecords, Paper, Provenance


def _paper(ref: str, source: str, *, title: str | None = None, abstract: str | None = None,
           year: int | None = None, doi: str | None = None) -> Paper:
    return Paper(ref=ref, title=title, abstract=abstract, year=year, doi=doi, provenance=Provenance(source))


def _documents(papers: list[Paper]) -> list[DocumentRecords]:
    by_source: dict[str, list[Paper]] = {}
    for paper in papers:
        by_source.setdefault(paper.provenance.source, []).append(paper)
    return [DocumentRecords(source=source, papers=tuple(group)) for source, group in by_source.items()]


def _assembled(papers: list[Paper]) -> dict[str, str]:
    """build_graph's decision, read off the graph: every ref -> the paper node whose sources and year it gave."""
    graph = build_graph(_documents(papers))
    nodes = {node for node, kind in graph.nodes(data="kind") if kind == "paper"}
    table = paper_table(papers).node_map()
    assert nodes == set(table.values())
    for node in nodes:
        members = [p for p in papers if table[p.ref] == node]
        assert graph.nodes[node]["sources"] == sorted({p.provenance.source for p in members})
        assert graph.nodes[node]["year"] == next((p.year for p in replay_order(members) if p.year), None)
    return table


def _title_id(title: str, year: int | None = None) -> str:
    key = title_key(title)
    return node_id("paper", key if year is None else f"{key} ({year})")


def test_the_sample_papers_table_names_the_sample_graphs_paper_nodes(sample_build):
    papers = [p for d in sorted(sample_build.documents, key=lambda d: d.source) for p in d.papers]
    table = paper_table(papers)
    graph_papers = {node for node, kind in sample_build.graph.nodes(data="kind") if kind == "paper"}
    assert set(table.nodes) == graph_papers and len(table.nodes) == len(table.roots)
    assert table.refs == [p.ref for p in replay_order(papers)] and len(table.node_map()) == len(papers)
    assert table.roots == sorted(table.roots)


@pytest.mark.parametrize("sources", list(permutations(["1.txt", "2.txt", "3.txt"])))
def test_three_same_title_papers_of_three_years_in_every_order(sources):
    # refs sort before the title key: each paper's root is its ref, so a, b, c are named in that order
    papers = [_paper(ref, source, title="One Title", year=year)
              for ref, source, year in zip("abc", sources, (2019, 2020, 2021))]
    assert _assembled(papers) == {"a": _title_id("One Title"), "b": _title_id("One Title", 2020),
                                  "c": _title_id("One Title", 2021)}


@pytest.mark.parametrize("sources", list(permutations(["1.txt", "2.txt", "3.txt"])))
def test_with_refs_after_the_title_key_the_first_record_in_replay_order_takes_the_plain_id(sources):
    # refs sort after "title:...": the group joined to the title key (the first in replay order) is named first
    papers = [_paper(ref, source, title="One Title", year=year)
              for ref, source, year in zip(("x", "y", "z"), sources, (2019, 2020, 2021))]
    first = min(papers, key=lambda p: p.provenance.source)
    assert _assembled(papers) == {p.ref: _title_id("One Title", None if p is first else p.year) for p in papers}


def test_the_guard_refuses_a_join_on_conflicting_years_and_a_yearless_record_joins_the_first_in_replay_order():
    papers = [_paper("p2020", "a.txt", title="Same", year=2020), _paper("p2021", "b.txt", title="Same", year=2021),
              _paper("p-none", "c.txt", title="Same")]
    table = _assembled(papers)
    assert table["p2020"] != table["p2021"] and table["p-none"] == table["p2020"]
    swapped = [_paper("p2020", "b.txt", title="Same", year=2020), _paper("p2021", "a.txt", title="Same", year=2021),
               _paper("p-none", "c.txt", title="Same")]
    table = _assembled(swapped)
    assert table["p2020"] != table["p2021"] and table["p-none"] == table["p2021"]  # the serial replay order


def test_an_identifier_join_is_guarded_by_the_anthology_id_only_and_conflicting_dois_keep_one_title_apart():
    papers = [_paper("a", "1.txt", title="T", doi="10.1/x", year=2020), _paper("b", "2.txt", doi="10.1/X", year=2021),
              _paper("c", "3.txt", title="T", doi="10.1/y")]
    table = _assembled(papers)
    assert table["a"] == table["b"] == node_id("paper", "doi:10.1/x") and table["c"] == node_id("paper", "doi:10.1/y")


def _anthology_paper(ref: str, source: str, acl: str, doi: str, title: str) -> Paper:
    return Paper(ref=ref, title=title, doi=doi, anthology_id=acl, year=2010, provenance=Provenance(source))


def test_two_anthology_papers_the_xml_gives_one_doi_stay_two_papers():
    # J10-1006 (a book review) and J10-1008 (a "Last Words" column) carry one <doi> in the Anthology's J10.xml
    papers = [_anthology_paper("J10-1006", "J10.xml", "J10-1006", "10.1162/coli.2010.36.1.36101",
                               "Book review: Linguistic Structure Prediction"),
              _anthology_paper("J10-1008", "J10.xml", "J10-1008", "10.1162/coli.2010.36.1.36101",
                               "Last Words: Computational Linguistics and Deep Learning"),
              _paper("s2", "s2.jsonl", title="Book review: Linguistic Structure Prediction",
                     doi="10.1162/coli.2010.36.1.36101")]
    table = _assembled(papers)
    assert table["J10-1006"] == node_id("paper", "acl:j10-1006")
    assert table["J10-1008"] == node_id("paper", "acl:j10-1008")
    assert table["s2"] == table["J10-1006"]  # a record with the DOI and no Anthology id joins the first in replay order


def test_one_anthology_paper_with_two_dois_is_still_one_paper():
    papers = [_anthology_paper("a", "a.xml", "P99-1001", "10.1/one", "A Title"),
              _anthology_paper("b", "b.xml", "P99-1001", "10.1/two", "A Title")]
    assert set(_assembled(papers).values()) == {node_id("paper", "acl:p99-1001")}


@pytest.mark.parametrize("order", list(permutations(range(3))))
def test_a_record_whose_keys_bridge_two_groups_joins_them(order):
    papers = [_paper("a", "1.txt", title="First Title", abstract="A shared abstract."),
              _paper("b", "2.txt", title="Second Title"),
              _paper("c", "3.txt", title="Second Title", abstract="A shared abstract.")]
    assert len(set(_assembled(papers[:2]).values())) == 2
    table = _assembled([papers[i] for i in order])
    assert set(table.values()) == {_title_id("First Title")}  # the group's smallest title key names it


def test_a_table_of_other_records_is_refused():
    table = paper_table([_paper("a", "1.txt", title="A")])
    with pytest.raises(ValueError, match="other paper records"):
        table.check([_paper("b", "1.txt", title="B")])


_TITLES = st.sampled_from(["Alpha", "Beta", "Gamma", None])
_ABSTRACTS = st.sampled_from(["One abstract.", "Two abstract.", None])
_RECORDS = st.lists(st.tuples(st.sampled_from("abcd"), _TITLES, _ABSTRACTS, st.sampled_from([None, 2020, 2021]),
                              st.sampled_from([None, "10.1/a", "10.1/b"])), min_size=1, max_size=8)


def _records(rows, *, with_ids: bool = True) -> list[Paper]:
    return [_paper(f"r{n}", f"{source}.txt", title=title or (None if abstract else "Untitled"), abstract=abstract,
                   year=year if with_ids else None, doi=doi if with_ids else None)
            for n, (source, title, abstract, year, doi) in enumerate(rows)]


@settings(max_examples=60, deadline=None)
@given(_RECORDS, st.randoms(use_true_random=False))
def test_the_order_documents_come_in_changes_nothing(rows, random):
    papers = _records(rows)
    documents = _documents(papers)
    expected = paper_table(papers)
    random.shuffle(documents)
    shuffled = paper_table([p for d in documents for p in d.papers])
    assert (shuffled.refs, shuffled.groups.tolist(), shuffled.roots, shuffled.nodes) == \
        (expected.refs, expected.groups.tolist(), expected.roots, expected.nodes)
    assert _assembled([p for d in documents for p in d.papers]) == expected.node_map()


@settings(max_examples=60, deadline=None)
@given(_RECORDS, st.permutations("abcd"))
def test_without_years_or_identifiers_the_replay_order_changes_nothing(rows, renamed):
    # no guard can refuse a join, so the union-find is order-free: which papers are one, and every id
    papers = _records(rows, with_ids=False)
    moved = [_paper(p.ref, f"{renamed['abcd'.index(p.provenance.source[0])]}.txt", title=p.title,
                    abstract=p.abstract) for p in papers]
    assert paper_table(moved).node_map() == paper_table(papers).node_map()
