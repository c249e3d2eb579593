"""The paper, venue and person node rows and the stated and creator edges' rows of a partition of node ids, made
without the graph (kg.partition_rows, step S4 of docs/scaling.md, rounds h14ca and h14cb): any partitions' rows,
concatenated and sorted, are those rows of the tables that exports.graph_tables writes for the same build."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from exports.graph_tables import read_edge_rows, read_node_rows, write_graph_tables
from kg.entity_decisions import entity_table
from kg.graph import ENTITY_KINDS, build_graph
from kg.paper_decisions import paper_table
from kg.partition_rows import PartitionRows, assembly_mentions, hashed_part, partition_rows
from kg.person_decisions import person_table
from kg.title_tasks import TITLE_TASK_EXTRACTOR
from kg.venue_decisions import venue_table
from ontology.kinds import PaperLinkKind
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, PaperLink, Provenance, Relation, Venue
from tests.test_entity_decisions_pinned import _documents as _pinned_entity_documents

KINDS = ("paper", "venue", "person", *ENTITY_KINDS)
STATED = ("creator", "presentedAt", "nextInProgram", "similarTo", "proposes", "uses")
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
    persons = person_table(records, papers)
    mentions, positions = assembly_mentions(ordered, papers)
    entities = entity_table(mentions, papers.node_map(), positions)
    nodes, edges = [], []
    for part in range(parts):
        in_part = hashed_part(part, parts)
        rows = partition_rows(documents, in_part=in_part, papers=papers, venues=venues, persons=persons,
                              entities=entities)
        assert all(in_part(row[0]) for row in rows.nodes + rows.edges)
        assert rows.nodes == sorted(rows.nodes) and rows.edges == sorted(rows.edges, key=lambda row: row[:3])
        nodes += rows.nodes
        edges += [row for row in rows.edges if row[3] in relations]
    return PartitionRows(nodes=sorted(nodes), edges=sorted(edges, key=lambda row: row[:3]))


@pytest.mark.parametrize("parts", PARTS)
def test_the_sample_builds_rows_but_the_scored_similar_links(sample_build, tmp_path, parts):
    relations = tuple(r for r in STATED if r != "similarTo")  # a stated similarTo link is scored by the search after
    table = _table_rows(sample_build.graph, tmp_path, relations)
    assert _partitioned(list(sample_build.documents), parts, relations) == table
    no_authors = {row[1] for row in table.nodes} == set(KINDS) - {"person"}  # the sample pages name no authors
    assert no_authors and {row[3] for row in table.edges} == set(relations) - {"creator"}


@pytest.mark.parametrize("parts", PARTS)
def test_the_sample_assemblys_rows_with_its_stated_similar_links(sample_build, tmp_path, parts):
    documents = list(sample_build.documents)
    table = _table_rows(build_graph(documents), tmp_path)  # the graph before the similarity search
    assert _partitioned(documents, parts) == table
    assert {row[3] for row in table.edges} == set(STATED) - {"creator"}  # the sample pages name no authors


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
    assert (nodes["person/ann-lee-99de144bc1"]["label"], nodes["person/ann-lee-99de144bc1"]["sources"]) == (
        "Ann Lee", ["b.txt"])
    edges = {(row[0].split("-")[1], row[1].split("/")[1].split("-")[0], row[2]): json.loads(row[4])
             for row in rows.edges}
    assert edges == {
        ("10", "title", "nextInProgram"): {"end": 20, "extractor": "underline", "source": "a.txt",
                                           "sources": ["a.txt", "b.txt"], "start": 10},
        ("10", "title", "similarTo"): {"end": 40, "extractor": "", "source": "a.txt", "sources": ["a.txt"],
                                       "start": 30},
        ("10", "acl", "presentedAt"): {"extractor": "underline", "source": "a.txt", "sources": ["a.txt", "b.txt"]},
        ("10", "ann", "creator"): {"position": 1, "source": "b.txt", "sources": ["b.txt"]},
        ("other", "doi", "similarTo"): {"end": 60, "extractor": "", "source": "b.txt", "sources": ["b.txt"],
                                        "start": 50},
        ("other", "acl", "presentedAt"): {"extractor": "", "source": "a.txt", "sources": ["a.txt"]},
        ("third", "emnlp", "presentedAt"): {"extractor": "", "source": "c.txt", "sources": ["c.txt"]}}



def _persons() -> list[DocumentRecords]:
    """Round h14cb's persons: one person spelled two ways in two paper groups (the group first in root order labels
    it), a group whose author list is the longer of its two records' (the second source's), a name given twice in
    one list (one ``creator`` edge, the first position), and a paper with no authors."""
    one = DocumentRecords(source="1.txt", papers=(
        Paper(ref="p1", title="Kernel Methods", authors=("ZOË KIM", "Al Li"), provenance=Provenance("1.txt", line=1)),
        Paper(ref="p2", title="Graph Search", authors=("Bo Chen",), provenance=Provenance("1.txt", line=2)),
        Paper(ref="p3", title="No Authors", provenance=Provenance("1.txt", line=3))))
    two = DocumentRecords(source="2.txt", papers=(
        Paper(ref="q1", title="Graph search", authors=("Bo Chen", "Zoë Kim", "Cy Ode"),
              provenance=Provenance("2.txt", line=1)),
        Paper(ref="q2", title="Twice Named", authors=("Al Li", "Dee Ep", "AL  LI"), provenance=Provenance("2.txt"))))
    return [two, one]


@pytest.mark.parametrize("parts", PARTS)
def test_persons_and_creator_edges_are_the_tables_rows(tmp_path, parts):
    documents = _persons()
    table = _table_rows(build_graph(documents), tmp_path)
    assert _partitioned(documents, parts) == table
    persons = {row[0].split("/")[1].rsplit("-", 1)[0]: (row[2], json.loads(row[4])) for row in table.nodes
               if row[1] == "person"}
    creators = sorted((row[0].split("/")[1].split("-")[1], row[1].split("/")[1].rsplit("-", 1)[0],
                       json.loads(row[4])["position"], json.loads(row[4])["source"])
                      for row in table.edges if row[3] == "creator")
    assert (persons, creators) == PINNED_PERSONS


PINNED_PERSONS = (  # from main at 48a47a0's build_graph
    {"al-li": ("Al Li", {"sources": ["1.txt", "2.txt"]}), "bo-chen": ("Bo Chen", {"sources": ["2.txt"]}),
     "cy-ode": ("Cy Ode", {"sources": ["2.txt"]}), "dee-ep": ("Dee Ep", {"sources": ["2.txt"]}),
     "zoe-kim": ("ZOË KIM", {"sources": ["1.txt", "2.txt"]})},
    [("graph", "bo-chen", 1, "2.txt"), ("graph", "cy-ode", 3, "2.txt"), ("graph", "zoe-kim", 2, "2.txt"),
     ("kernel", "al-li", 2, "1.txt"), ("kernel", "zoe-kim", 1, "1.txt"), ("twice", "al-li", 1, "2.txt"),
     ("twice", "dee-ep", 2, "2.txt")])


def _entities() -> list[DocumentRecords]:
    """Round h14cb's entities: the mentions of tests/test_entity_decisions_pinned.py (acronyms with two and three
    senses, a bare acronym of its own, two D21 collisions: "LM" and "CQA" parts folded to one id), and a paper two
    documents give (one with its abstract: the task its title gave is dropped; one mention proposes "LM", the more
    confident uses it), a paper with no abstract whose title task stays, and its bare "CQA", and a record of p30's
    paper with a bare "CQA" (p30 writes "ConvQA": two parts folded to one id, one edge with both parts' mentions)."""
    task = EntityKind.TASK
    title = TITLE_TASK_EXTRACTOR + "frame"
    q1 = DocumentRecords(source="q1.txt", papers=(Paper(ref="q1", title="Zorb Nets", provenance=Provenance("q1.txt")),),
                         mentions=(Mention("q1", "zorb parsing", task, Relation.USES,
                                           Provenance("q1.txt", start=0, extractor=title)),))
    q2 = DocumentRecords(source="q2.txt", papers=(
        Paper(ref="q2", title="Zorb nets", abstract="We propose LM for zorb parsing.", provenance=Provenance("q2.txt")),
        Paper(ref="q3", title="Quux Nets", provenance=Provenance("q2.txt", line=2)),
        Paper(ref="q4", title="Paper p30", provenance=Provenance("q2.txt", line=3))), mentions=(
        Mention("q2", "LM", EntityKind.METHOD, Relation.PROPOSES, Provenance("q2.txt", start=11, confidence=0.7)),
        Mention("q2", "LM", EntityKind.METHOD, Relation.USES, Provenance("q2.txt", start=30, confidence=0.9)),
        Mention("q2", "LM", EntityKind.METHOD, Relation.PROPOSES, Provenance("q2.txt", start=40, confidence=0.8)),
        Mention("q3", "quux tagging", task, Relation.USES, Provenance("q2.txt", start=0, extractor=title)),
        Mention("q3", "CQA", task, Relation.USES, Provenance("q2.txt", start=9)),
        Mention("q4", "CQA", task, Relation.USES, Provenance("q2.txt", start=20))))
    return [q2, *_pinned_entity_documents(), q1]


@pytest.mark.parametrize("parts", PARTS)
def test_entity_nodes_and_their_edges_are_the_tables_rows(tmp_path, parts):
    documents = _entities()
    table = _table_rows(build_graph(documents), tmp_path)
    assert _partitioned(documents, parts) == table
    nodes = {row[0]: (row[2], json.loads(row[3]), json.loads(row[4])) for row in table.nodes if row[1] in ENTITY_KINDS}
    edges = {(row[0].split("/")[1].rsplit("-", 1)[0], row[1], row[3]): json.loads(row[4]) for row in table.edges
             if row[3] in ("proposes", "uses")}
    mentions = {key: [(m["name"], m["source"], m["start"]) for m in edge.pop("mentions")]
                for key, edge in edges.items()}
    pinned = {node: nodes[node] for node in PINNED_ENTITY_NODES}, {key: (edges[key], mentions[key])
                                                                    for key in PINNED_ENTITY_EDGES}
    assert ((len(nodes), len(edges)), *pinned) == (PINNED_ENTITY_COUNTS, PINNED_ENTITY_NODES, PINNED_ENTITY_EDGES)
    assert not any("zorbparsing" in node for node in nodes)  # the title task of a paper with an abstract is dropped


# values from main at 48a47a0's build_graph (/tmp/h14cb/pin_entities.py)
PINNED_ENTITY_COUNTS = 31, 63
PINNED_ENTITY_NODES = {
    "task/cqa":
        ("CQA", {"alt_labels": ["CQAs", "ConvQA", "conversational question answering"]},
         {"acronyms": [{"acronym": "ConvQA",
                        "long_form": "conversational question answering",
                        "of": 2,
                        "papers": 2,
                        "status": "learned"}],
          "same_as": [],
          "sources": ["p28.txt", "p29.txt", "p30.txt", "p31.txt", "q2.txt"]}),
    "method/lm":
        ("LM", {"alt_labels": []}, {"same_as": [], "sources": ["p27.txt", "q2.txt"]}),
    "method/languagemodel":
        ("language model", {"alt_labels": ["LM"]}, {"same_as": [], "sources": ["p26.txt"]}),
    "task/argumentretrieval":
        ("argument retrieval", {"alt_labels": ["AR"]},
         {"acronyms": [{"acronym": "AR", "long_form": "argument retrieval", "of": 4, "papers": 1, "status": "split"}],
          "same_as": [],
          "sources": ["p04.txt"]}),
    "method/fastzorbtranslation":
        ("fast zorb translation", {"alt_labels": ["ZT"]},
         {"acronyms": [{"acronym": "ZT",
                        "long_form": "fast zorb translation",
                        "of": 2,
                        "papers": 1,
                        "status": "ambiguous"}],
          "same_as": [],
          "sources": ["p41.txt", "p42.txt"]}),
    "task/quuxtagging":
        ("quux tagging", {"alt_labels": []}, {"same_as": [], "sources": ["q2.txt"]}),
}
PINNED_ENTITY_EDGES = {
    ("title-paper-p27", "method/lm", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:use+evaluated_on",
          "sentence": None,
          "source": "p27.txt",
          "start": 0},
         [("LM", "p27.txt", 0)]),
    ("title-paper-p28", "task/cqa", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:use+gazetteer",
          "sentence": None,
          "source": "p28.txt",
          "start": 0},
         [("CQA", "p28.txt", 0), ("CQA", "p28.txt", 10)]),
    ("title-paper-p29", "task/cqa", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:use+gazetteer",
          "sentence": None,
          "source": "p29.txt",
          "start": 0},
         [("CQA", "p29.txt", 0), ("CQAs", "p29.txt", 10)]),
    ("title-paper-p30", "task/cqa", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:use+gazetteer",
          "sentence": None,
          "source": "p30.txt",
          "start": 0},
         [("ConvQA", "p30.txt", 0), ("CQA", "q2.txt", 20)]),
    ("title-paper-p31", "task/cqa", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:use+gazetteer",
          "sentence": None,
          "source": "p31.txt",
          "start": 0},
         [("ConvQA", "p31.txt", 0)]),
    ("title-quux-nets", "task/cqa", "uses"):
        ({"confidence": 1.0, "end": None, "extractor": "", "sentence": None, "source": "q2.txt", "start": 9},
         [("CQA", "q2.txt", 9)]),
    ("title-quux-nets", "task/quuxtagging", "uses"):
        ({"confidence": 1.0,
          "end": None,
          "extractor": "kg_entities:title_task+frame",
          "sentence": None,
          "source": "q2.txt",
          "start": 0},
         [("quux tagging", "q2.txt", 0)]),
    ("title-zorb-nets", "method/lm", "proposes"):
        ({"confidence": 0.8, "end": None, "extractor": "", "sentence": None, "source": "q2.txt", "start": 40},
         [("LM", "q2.txt", 11), ("LM", "q2.txt", 30), ("LM", "q2.txt", 40)]),
}


def _untried() -> list[DocumentRecords]:
    """Cases review84 added: a ``nextInProgram`` link stated by two sources in opposite directions, one stated
    twice by one source, a ``similarTo`` link whose ends merge (a loop); a paper group spanning twelve documents
    (its members' refs and sources hash to any partition, its node to one); a venue only papers name, in two
    spellings (the first paper in document order labels it); papers with no venue, one with no title; a venue two
    documents state with different fields."""
    a = DocumentRecords(source="a.txt", papers=(
        Paper(ref="a1", title="Alpha Paper", doi="10.5/A", venue="ACL 2026", provenance=Provenance("a.txt", line=1)),
        Paper(ref="a2", title="Beta Paper", provenance=Provenance("a.txt", line=2)),
        Paper(ref="a3", title="Alpha paper", provenance=Provenance("a.txt", line=3))),
        links=(PaperLink("a1", "a2", NEXT, Provenance("a.txt", start=1, end=2)),
               PaperLink("a1", "a2", NEXT, Provenance("a.txt", start=7, end=8)),
               PaperLink("a1", "a3", SIMILAR, Provenance("a.txt"))))
    b = DocumentRecords(source="b.txt", papers=(
        Paper(ref="b1", title="Alpha Paper", provenance=Provenance("b.txt", line=1)),
        Paper(ref="b2", title="Beta Paper", venue="ACL 2026", provenance=Provenance("b.txt", line=2))),
        links=(PaperLink("b2", "b1", NEXT, Provenance("b.txt", start=3, end=4, extractor="x")),))
    spanning = [DocumentRecords(source=f"d{k:02d}.txt", papers=tuple(
        Paper(ref=f"d{k}:{j}", title=f"Shared Title {j % 5}", venue=f"V{j % 3} 2024" if (j + k) % 2 else None,
              keywords=(f"k{k}",), provenance=Provenance(f"d{k:02d}.txt", line=j)) for j in range(6)),
        links=tuple(PaperLink(f"d{k}:{j}", f"d{k}:{(j + 1) % 6}", NEXT, Provenance(f"d{k:02d}.txt", start=j))
                    for j in range(6))) for k in range(12)]
    c = DocumentRecords(source="c.txt", papers=(
        Paper(ref="c1", title="Gamma", venue="NAACL  2025", provenance=Provenance("c.txt")),
        Paper(ref="c2", title="Delta", provenance=Provenance("c.txt")),
        Paper(ref="c3", abstract="Only an abstract here, no title at all in this record.",
              provenance=Provenance("c.txt"))))
    named_first = DocumentRecords(source="b0.txt", papers=(
        Paper(ref="e0", title="Epsilon", venue="naacl 2025", provenance=Provenance("b0.txt")),))
    e = DocumentRecords(source="e.txt", papers=(
        Paper(ref="e1", title="Zeta", venue="COLING 2024", provenance=Provenance("e.txt")),),
        venues=(Venue(name="COLING 2024", series="COLING", year=2024, start_date="2024-05-20",
                      provenance=Provenance("e.txt", start=9)),))
    f = DocumentRecords(source="f.txt", venues=(
        Venue(name="Coling  2024", location="Torino, Italy", edition="30th", general_chair="X",
              start_date="2024-05-21", booktitle="Proc. COLING", provenance=Provenance("f.txt", start=0)),
        Venue(name="COLING 2024", location="Torino", provenance=Provenance("f.txt", start=1))))
    return [f, *reversed(spanning), b, c, a, named_first, e]


@pytest.mark.parametrize("parts", (1, 2, 3, 7))
def test_cases_the_round_did_not_try_give_the_tables_rows(tmp_path, parts):
    documents = _untried()
    table = _table_rows(build_graph(documents), tmp_path)
    assert _partitioned(documents, parts) == table
    nodes = {row[0]: {**json.loads(row[4]), "label": row[2]} for row in table.nodes}
    # values from main at a56833d's build_graph
    coling = nodes["venue/coling-2024"]
    assert {key: coling[key] for key in ("label", "location", "start_date", "edition", "sources")} == {
        "label": "COLING 2024", "location": "Torino, Italy", "start_date": "2024-05-20", "edition": "30th",
        "sources": ["e.txt", "f.txt"]}
    assert (nodes["venue/naacl-2025"]["label"], nodes["venue/naacl-2025"]["sources"]) == ("naacl 2025", [])
    edges = {row[:3]: json.loads(row[4]) for row in table.edges}
    alpha, beta = "paper/doi-10-5-a-840df70b4b", "paper/title-beta-paper-212541845c"
    assert (edges[alpha, beta, "nextInProgram"], edges[beta, alpha, "nextInProgram"],
            edges[alpha, alpha, "similarTo"]) == (
        {"end": 2, "extractor": "", "source": "a.txt", "sources": ["a.txt"], "start": 1},
        {"end": 4, "extractor": "x", "source": "b.txt", "sources": ["b.txt"], "start": 3},
        {"end": None, "extractor": "", "source": "a.txt", "sources": ["a.txt"], "start": None})
    assert len(table.edges) == len(edges)


def test_sources_stated_out_of_their_order_are_sorted(tmp_path):
    """Statements come in document order; a document's records may name another source (the records' API allows
    it, the readers do not), so a later statement's source can sort first: ``sources`` is still sorted, the first
    statement still gives ``source``.  Values from main at a56833d's build_graph.  (review84: the round's one
    mutation that passed, sources left unsorted, fails here.)"""
    g = DocumentRecords(source="a.txt", papers=(
        Paper(ref="g1", title="Eta", venue="ACL 2026", provenance=Provenance("z.txt")),
        Paper(ref="g2", title="Theta", provenance=Provenance("z.txt"))),
        links=(PaperLink("g1", "g2", NEXT, Provenance("z.txt")),))
    h = DocumentRecords(source="b.txt", papers=(
        Paper(ref="h1", title="Eta", venue="ACL 2026", provenance=Provenance("b.txt")),
        Paper(ref="h2", title="Theta", provenance=Provenance("b.txt"))),
        links=(PaperLink("h1", "h2", NEXT, Provenance("b.txt")),))
    table = _table_rows(build_graph([h, g]), tmp_path)
    assert _partitioned([h, g], 2) == table
    assert {row[2]: json.loads(row[4]) for row in table.edges} == {
        "nextInProgram": {"end": None, "extractor": "", "source": "z.txt", "sources": ["b.txt", "z.txt"],
                          "start": None},
        "presentedAt": {"extractor": "", "source": "z.txt", "sources": ["b.txt", "z.txt"]}}

def _first_abstract(members, authors, shared):
    from kg.paper_attributes import merge_papers

    data = merge_papers(members, authors, shared)
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


def _first_source_only(persons, at, shared):
    from kg.person_decisions import person_attributes

    return {**person_attributes(persons, at, shared), "sources": list(persons.sources[at][:1])}


def _from_zero(paper, authors, source):
    from kg.person_decisions import creator_edges

    return ((u, v, relation, {**data, "position": data["position"] - 1})
            for u, v, relation, data in creator_edges(paper, authors, source))


def _first_list(members):
    from kg.person_decisions import authors_source

    return members[0].authors, authors_source(members, members[0].authors)


@pytest.mark.parametrize(("name", "mutated"), [
    ("person_attributes", _first_source_only), ("creator_edges", _from_zero), ("group_authors", _first_list)])
def test_a_person_rule_changed_in_the_row_maker_alone_shows(monkeypatch, tmp_path, name, mutated):
    """Round h14cb's rules the same way: D6's attributes, the creator statements, the group's author list."""
    import kg.partition_rows

    documents = _persons()
    table = _table_rows(build_graph(documents), tmp_path)
    assert _partitioned(documents, 2) == table
    monkeypatch.setattr(kg.partition_rows, name, mutated)
    assert _partitioned(documents, 2) != table


def _collision_keeps_first_alt(found, kind, members, *, label, alt, acronyms=(), shared):
    from kg.entity_nodes import entity_attributes

    return entity_attributes(found, kind, members, label=label, alt=alt if found is None else [], acronyms=acronyms,
                             shared=shared)


def _collision_replaces_mentions(found, relation, facts, shared):
    from kg.entity_nodes import entity_edge

    return entity_edge(None, relation, facts, shared)


def _least_confident(found, relation, facts, shared):
    from kg.entity_nodes import entity_edge

    made = entity_edge(found, relation, facts, shared)
    if made is not None:
        worst = min((m for m in facts if m.relation.value == relation), key=lambda m: m.provenance.confidence)
        made["start"] = worst.provenance.start
    return made


def _uses_unless_all_propose(members, paper_nodes):
    from kg.entity_nodes import entity_edges

    return [(paper, "proposes" if all(m.relation is Relation.PROPOSES for m in facts) else "uses", facts)
            for paper, _, facts in entity_edges(members, paper_nodes)]


def _no_title_drop(mentions, paper_nodes, has_abstract, positions=None):
    return None


@pytest.mark.parametrize(("name", "mutated"), [
    ("entity_attributes", _collision_keeps_first_alt), ("entity_edge", _collision_replaces_mentions),
    ("entity_edge", _least_confident), ("entity_edges", _uses_unless_all_propose),
    ("drop_title_tasks", _no_title_drop)])
def test_an_entity_rule_changed_in_the_row_maker_alone_shows(monkeypatch, tmp_path, name, mutated):
    """Round h14cb's entity rules the same way: D21's merged names and mentions, an edge's provenance and relation,
    the title tasks a merged abstract drops (the entity table made here, after the mutation)."""
    import kg.partition_rows

    documents = _entities()
    table = _table_rows(build_graph(documents), tmp_path)
    papers = paper_table([p for d in sorted(documents, key=lambda d: d.source) for p in d.papers])

    def rows() -> PartitionRows:
        made = [partition_rows(documents, in_part=hashed_part(part, 2), papers=papers) for part in range(2)]
        return PartitionRows(nodes=sorted(row for rows in made for row in rows.nodes),
                             edges=sorted((row for rows in made for row in rows.edges), key=lambda row: row[:3]))

    assert rows() == table
    monkeypatch.setattr(kg.partition_rows, name, mutated)
    assert rows() != table
