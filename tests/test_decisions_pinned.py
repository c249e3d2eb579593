"""Assembly's paper, person and venue decisions (docs/scaling.md D2, D3, D6, D7) pinned on one made-up record set,
with the values main's assembly gave before the decision tables (kg/graph.py at 851fbd9: ``_add_papers``,
``_add_authors``, ``_add_venues``; review80).

The round's own tests mostly compare a table with a graph built from that same table; these compare both with
fixed values, so a changed rule fails here: the guard's replay order (source, line, then ref), abstracts joined
before titles, identifiers joined unguarded, the Anthology id before the DOI, " (year)" from a group's first
record in replay order and then " #n", a person's label from the first group in root order and its sources,
a venue's label and fields from its first stated record by (source, start), its most complete location, its
series split from its name, and an unstated venue labelled by the first paper naming it.
"""
from __future__ import annotations

import random

import pytest

from kg.graph import build_graph
from kg.paper_decisions import paper_table
from kg.person_decisions import PersonTable, person_table
from kg.venue_decisions import venue_table
from ontology.records import DocumentRecords, Paper, Provenance, Venue


def _paper(ref: str, source: str, line: int | None = None, **fields) -> Paper:
    return Paper(ref=ref, provenance=Provenance(source, line=line), **fields)


PAPERS = (
    # one title, years 2020 / 2021 / none / 2021: the guard replays in (source, line, ref) order
    _paper("x1", "a.xml", 2, title="One Title", year=2020, authors=("Zoë Kim", "Al Li"), venue="ACL 2020"),
    _paper("x2", "b.bib", title="one  title", year=2021, authors=("ZOË KIM",), venue="ACL  2020"),
    _paper("x3", "c.txt", title="One  title", authors=("Zoe Kim", "Al Li"), role="listed"),
    _paper("x4", "d.txt", title="One Title", year=2021, authors=("Bo Wu",), venue="acl 2020"),
    # an arXiv id joins two years unguarded; the plain title id is taken, so the group is told apart by its year
    _paper("y1", "a.xml", 1, title="One Title", year=2019, arxiv_id="2001.1", authors=("Cy Ng",)),
    _paper("y2", "d.txt", title="Other", year=2022, arxiv_id="2001.1", authors=("Cy Ng", "Bo Wu")),
    # DOIs in two cases, an Anthology id beside one: the Anthology id names the group
    _paper("z1", "b.bib", title="Third", doi="10.1/D", year=2018, authors=("Al Li",), venue="EMNLP 2018"),
    _paper("z2", "c.txt", title="Third paper", doi="10.1/d", anthology_id="D18-1", authors=("AL LI", "Cy Ng"),
           venue="EMNLP  2018"),
    # a ref sorting before every key: its group is named first and takes the plain title id
    _paper("a-first", "e.txt", title="One Title", year=2017, authors=("Dee Po",)),
    # a shared abstract and a title: abstracts are joined before titles
    _paper("r1", "e.txt", title="Four", abstract="A shared abstract.", authors=("Al Li", "Bo Wu")),
    _paper("r2", "a.xml", 5, title="Five", abstract="A shared abstract.", year=2020, authors=("al li", "bo wu")),
    _paper("r3", "b.bib", title="Four", year=2021),
    # one source, no lines: ties go by ref, whatever the document's order
    _paper("m2", "f.txt", title="Six", year=2021, authors=("Eve Ra",)),
    _paper("m1", "f.txt", title="Six", year=2020, authors=("Eve Ra",)),
    _paper("n0", "g.txt", title="Six", authors=("Eve Ra",)),
)
VENUES = (
    Venue(name="ACL  2020", provenance=Provenance("d.txt", start=3), location="Seattle, WA, USA", edition="59th"),
    Venue(name="ACL 2020", provenance=Provenance("a.xml", start=9), location="Seattle", edition="58th"),
    Venue(name="acl 2020", provenance=Provenance("a.xml", start=2), general_chair="Dan J"),
    Venue(name="Workshop 2019", provenance=Provenance("b.bib"), series="WS"),
)

_ONE_TITLE = "paper/title-one-title-"
NODE_OF = {
    "a-first": _ONE_TITLE + "6da2786f99", "m1": "paper/title-six-6048922111", "m2": "paper/title-six-2021-b7c69e89f4",
    "n0": "paper/title-six-6048922111", "r1": "paper/title-five-ecdf96d7bf", "r2": "paper/title-five-ecdf96d7bf",
    "r3": "paper/title-four-1a3ac2ef5d", "x1": _ONE_TITLE + "2020-1e317565df", "x2": _ONE_TITLE + "2021-b0219cff55",
    "x3": _ONE_TITLE + "2019-924b05d22a", "x4": _ONE_TITLE + "2021-2-2d4552e542", "y1": _ONE_TITLE + "2019-924b05d22a",
    "y2": _ONE_TITLE + "2019-924b05d22a", "z1": "paper/acl-d18-1-b5db75f2ed", "z2": "paper/acl-d18-1-b5db75f2ed",
}
PAPER_NODES = [  # in the graph's order (root order): id, year, sources
    (_ONE_TITLE + "6da2786f99", 2017, ["e.txt"]),
    ("paper/title-five-ecdf96d7bf", 2020, ["a.xml", "e.txt"]),
    ("paper/acl-d18-1-b5db75f2ed", 2018, ["b.bib", "c.txt"]),
    (_ONE_TITLE + "2019-924b05d22a", 2019, ["a.xml", "c.txt", "d.txt"]),
    ("paper/title-six-6048922111", 2020, ["f.txt", "g.txt"]),
    ("paper/title-six-2021-b7c69e89f4", 2021, ["f.txt"]),
    ("paper/title-four-1a3ac2ef5d", 2021, ["b.bib"]),
    (_ONE_TITLE + "2020-1e317565df", 2020, ["a.xml"]),
    (_ONE_TITLE + "2021-b0219cff55", 2021, ["b.bib"]),
    (_ONE_TITLE + "2021-2-2d4552e542", 2021, ["d.txt"]),
]
PERSONS = PersonTable(
    ids=["person/dee-po-d5c8180ac3", "person/al-li-4406aa0fc0", "person/bo-wu-1db3e9af75", "person/cy-ng-4b3a734bca",
         "person/eve-ra-a9750d5df2", "person/zoe-kim-540e184484"],
    labels=["Dee Po", "al li", "bo wu", "Cy Ng", "Eve Ra", "Zoë Kim"],
    sources=[("e.txt",), ("a.xml", "c.txt"), ("a.xml", "d.txt"), ("c.txt", "d.txt"), ("f.txt",), ("a.xml", "b.bib")],
)
VENUE_NODES = [  # id, the attributes that are not None
    ("venue/acl-2020", {"label": "acl 2020", "name": "acl 2020", "series": "acl", "year": 2020,
                        "location": "Seattle, WA, USA", "edition": "58th", "general_chair": "Dan J",
                        "sources": ["a.xml", "d.txt"]}),
    ("venue/emnlp-2018", {"label": "EMNLP 2018", "name": "EMNLP 2018", "series": "EMNLP", "year": 2018,
                          "sources": []}),
    ("venue/workshop-2019", {"label": "Workshop 2019", "name": "Workshop 2019", "series": "WS", "sources": ["b.bib"]}),
]


def _documents(seed: int) -> list[DocumentRecords]:
    """The records as one document per source, the documents in an order of their own (``seed``)."""
    by_source: dict[str, tuple[list[Paper], list[Venue]]] = {}
    for paper in PAPERS:
        by_source.setdefault(paper.provenance.source, ([], []))[0].append(paper)
    for venue in VENUES:
        by_source.setdefault(venue.provenance.source, ([], []))[1].append(venue)
    documents = [DocumentRecords(source=source, papers=tuple(papers), venues=tuple(venues))
                 for source, (papers, venues) in by_source.items()]
    random.Random(seed).shuffle(documents)
    return documents


@pytest.mark.parametrize("seed", range(3))
def test_the_paper_table_and_the_graphs_paper_nodes_are_mains(seed):
    documents = _documents(seed)
    assert paper_table([p for d in documents for p in d.papers]).node_map() == NODE_OF
    graph = build_graph(documents)
    assert [(node, data["year"], data["sources"]) for node, data in graph.nodes(data=True)
            if data["kind"] == "paper"] == PAPER_NODES


@pytest.mark.parametrize("seed", range(3))
def test_the_person_table_and_the_graphs_persons_are_mains(seed):
    papers = [p for d in _documents(seed) for p in d.papers]
    assert person_table(papers, paper_table(papers)) == PERSONS
    graph = build_graph(_documents(seed))
    persons = [(node, data) for node, data in graph.nodes(data=True) if data["kind"] == "person"]
    assert PersonTable(ids=[node for node, _ in persons], labels=[data["label"] for _, data in persons],
                       sources=[tuple(data["sources"]) for _, data in persons]) == PERSONS


def test_the_venue_table_and_the_graphs_venues_are_mains():
    documents = sorted(_documents(0), key=lambda d: d.source)  # document order: the papers' venue spellings
    table = venue_table([v for d in documents for v in d.venues], [p for d in documents for p in d.papers])
    assert [(node, {k: v for k, v in row.items() if v is not None and k != "kind"})
            for node, row in zip(table.ids, table.rows)] == VENUE_NODES
    graph = build_graph(_documents(1))
    assert [(node, {k: v for k, v in data.items() if v is not None and k != "kind"})
            for node, data in graph.nodes(data=True) if data["kind"] == "venue"] == VENUE_NODES
