"""The paper and venue node rows and the stated edges' rows of a partition of node ids, made without the graph
(kg.partition_rows, step S4 of docs/scaling.md, round h14ca): any partitions' rows, concatenated and sorted, are
those rows of the tables that exports.graph_tables writes for the same build."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from exports.graph_tables import read_edge_rows, read_node_rows, write_graph_tables
from kg.graph import build_graph
from kg.paper_decisions import paper_table
from kg.partition_rows import PartitionRows, hashed_part, partition_rows
from kg.venue_decisions import venue_table
from ontology.kinds import PaperLinkKind
from ontology.records import DocumentRecords, Paper, PaperLink, Provenance, Venue

KINDS = ("paper", "venue")
STATED = ("presentedAt", "nextInProgram", "similarTo")
NEXT, SIMILAR = PaperLinkKind.NEXT_IN_PROGRAM, PaperLinkKind.SIMILAR_TO
PARTS = (1, 2, 7)


def _made_up() -> list[DocumentRecords]:
    """One paper from two sources (a DOI in two cases; a listed record and a main one), a paper joined by title,
    a venue stated by two records (the first by source labels it, the most complete location wins) and named
    by papers in two spellings, one named by a paper only, a link stated twice by two sources and a ``similarTo``
    link stated each way."""
    a = DocumentRecords(source="a.txt", papers=(
        Paper(ref="a1", title="Graph Parsing", doi="10.1/X", venue="ACL 2026", role="listed", keywords=("parsing",),
              extra=(("track", "short"),), provenance=Provenance("a.txt", line=2, extractor="underline")),
        Paper(ref="a2", title="Other Work", venue="ACL 2026", provenance=Provenance("a.txt", line=3))),
        links=(PaperLink("a1", "a2", NEXT, Provenance("a.txt", start=10, end=20, extractor="underline")),
               PaperLink("a1", "a2", SIMILAR, Provenance("a.txt", start=30, end=40))),
        venues=(Venue(name="ACL  2026", location="San Diego", provenance=Provenance("a.txt", start=1)),))
    b = DocumentRecords(source="b.txt", papers=(
        Paper(ref="b1", title="Graph parsing", abstract="We parse graphs with a new method.", doi="10.1/x",
              venue="ACL  2026", keywords=("graphs", "parsing"), authors=("Ann Lee",), extra=(("track", "long"),),
              code_repositories=("https://github.com/x/y",), arxiv_id="2601.00001",
              provenance=Provenance("b.txt", line=1)),
        Paper(ref="b2", title="Other Work", provenance=Provenance("b.txt", line=2))),
        links=(PaperLink("b1", "b2", NEXT, Provenance("b.txt", start=5, end=9, extractor="underline")),
               PaperLink("b2", "b1", SIMILAR, Provenance("b.txt", start=50, end=60))))
    c = DocumentRecords(source="c.txt", papers=(
        Paper(ref="c1", title="Third", venue="EMNLP 2025", year=2025, provenance=Provenance("c.txt")),),
        venues=(Venue(name="ACL 2026", location="San Diego, CA, USA", provenance=Provenance("c.txt", start=3)),))
    return [b, c, a]


def _table_rows(graph, folder: Path, relations=STATED) -> PartitionRows:
    """The rows of ``graph``'s tables (written as a build writes them) of the paper and venue nodes and of
    ``relations``' edges."""
    write_graph_tables(graph, folder)
    nodes = read_node_rows(folder, kinds=KINDS)
    edges = read_edge_rows(folder, relations=relations)
    return PartitionRows(nodes=[tuple(row.values()) for row in nodes.to_pylist()],
                         edges=[tuple(row.values()) for row in edges.to_pylist()])


def _partitioned(documents: list[DocumentRecords], parts: int, relations=STATED) -> PartitionRows:
    """Every partition's rows (from one paper and one venue table), concatenated and sorted; each partition's rows
    checked to be its own."""
    ordered = sorted(documents, key=lambda d: d.source)
    records = [p for d in ordered for p in d.papers]
    papers, venues = paper_table(records), venue_table([v for d in ordered for v in d.venues], records)
    nodes, edges = [], []
    for part in range(parts):
        in_part = hashed_part(part, parts)
        rows = partition_rows(documents, in_part=in_part, papers=papers, venues=venues)
        assert all(in_part(row[0]) for row in rows.nodes + rows.edges)
        assert rows.nodes == sorted(rows.nodes) and rows.edges == sorted(rows.edges, key=lambda row: row[:3])
        nodes += rows.nodes
        edges += [row for row in rows.edges if row[3] in relations]
    return PartitionRows(nodes=sorted(nodes), edges=sorted(edges, key=lambda row: row[:3]))


@pytest.mark.parametrize("parts", PARTS)
def test_the_sample_builds_rows_but_the_scored_similar_links(sample_build, tmp_path, parts):
    relations = ("presentedAt", "nextInProgram")  # a stated similarTo link is scored by the search afterwards
    table = _table_rows(sample_build.graph, tmp_path, relations)
    assert _partitioned(list(sample_build.documents), parts, relations) == table
    assert {row[1] for row in table.nodes} == set(KINDS) and {row[3] for row in table.edges} == set(relations)


@pytest.mark.parametrize("parts", PARTS)
def test_the_sample_assemblys_rows_with_its_stated_similar_links(sample_build, tmp_path, parts):
    documents = list(sample_build.documents)
    table = _table_rows(build_graph(documents), tmp_path)  # the graph before the similarity search
    assert _partitioned(documents, parts) == table
    assert {row[3] for row in table.edges} == set(STATED)


@pytest.mark.parametrize("parts", PARTS)
def test_a_made_up_corpus_rows_are_its_tables_rows(tmp_path, parts):
    assert _partitioned(_made_up(), parts) == _table_rows(build_graph(_made_up()), tmp_path)


def test_the_made_up_corpus_rows_hold_the_merge_rules_values():
    """Values from main at a56833d's build_graph: a rule changed in both assembly and the row maker fails here."""
    rows = partition_rows(_made_up(), in_part=lambda node: True)
    nodes = {row[0]: {**json.loads(row[3]), **json.loads(row[4]), "label": row[2]} for row in rows.nodes}
    merged = nodes["paper/doi-10-1-x-19b8c2e03f"]
    assert (merged["label"], merged["venue"], merged["sources"], merged["extra"], merged["keywords"], merged["year"],
            merged["arxiv_id"], merged["authors"]) == (
        "Graph parsing", "ACL  2026", ["a.txt", "b.txt"], {"track": "long"}, ["graphs", "parsing"], 2026,
        "2601.00001", ["Ann Lee"])
    assert "arxiv_id" not in nodes["paper/title-other-work-85321445cd"]
    venue = nodes["venue/acl-2026"]
    assert (venue["label"], venue["location"], venue["sources"], venue["series"]) == (
        "ACL  2026", "San Diego, CA, USA", ["a.txt", "c.txt"], "ACL")
    assert nodes["venue/emnlp-2025"]["sources"] == []
    edges = {(row[0].split("-")[1], row[1].split("/")[1].split("-")[0], row[2]): json.loads(row[4])
             for row in rows.edges}
    assert edges == {
        ("10", "title", "nextInProgram"): {"end": 20, "extractor": "underline", "source": "a.txt",
                                           "sources": ["a.txt", "b.txt"], "start": 10},
        ("10", "title", "similarTo"): {"end": 40, "extractor": "", "source": "a.txt", "sources": ["a.txt"],
                                       "start": 30},
        ("10", "acl", "presentedAt"): {"extractor": "underline", "source": "a.txt", "sources": ["a.txt", "b.txt"]},
        ("other", "doi", "similarTo"): {"end": 60, "extractor": "", "source": "b.txt", "sources": ["b.txt"],
                                        "start": 50},
        ("other", "acl", "presentedAt"): {"extractor": "", "source": "a.txt", "sources": ["a.txt"]},
        ("third", "emnlp", "presentedAt"): {"extractor": "", "source": "c.txt", "sources": ["c.txt"]}}


def _first_abstract(members, shared):
    from kg.paper_attributes import merge_papers

    data = merge_papers(members, shared)
    return {**data, "abstract": next((p.abstract for p in members if p.abstract), None)}


def _last_source(found, relation, attributes, shared):
    from kg.stated_edges import merged_edge

    made = merged_edge(found, relation, attributes, shared)
    if found is not None:
        found["source"] = attributes["source"]
    return made


@pytest.mark.parametrize(("name", "mutated"), [("merge_papers", _first_abstract), ("merged_edge", _last_source)])
def test_a_rule_changed_in_the_row_maker_alone_shows(monkeypatch, tmp_path, name, mutated):
    """The equality above is not one that cannot fail: the row maker with one rule of its own differs."""
    import kg.partition_rows

    documents = _made_up()
    shorter = Paper(ref="b3", title="Graph parsing", abstract="Short.", provenance=Provenance("b.txt", line=0))
    documents[0] = DocumentRecords(source="b.txt", papers=(*documents[0].papers, shorter), links=documents[0].links)
    table = _table_rows(build_graph(documents), tmp_path)
    assert _partitioned(documents, 2) == table
    monkeypatch.setattr(kg.partition_rows, name, mutated)
    assert _partitioned(documents, 2) != table
