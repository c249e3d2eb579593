"""The similarity search from table rows (round h14ce): its inputs read from node and edge rows are those
:func:`kg.similarity_vectors.paper_texts` and the stated ``similarTo`` edges give off the graph, and its rows are
the ``similarTo`` rows the tables hold after :func:`kg.similarity.add_similarity_edges` — on made-up graphs (stated
links one way, both ways, scored and not; entity edges with excluded extractors; other kinds and relations) and on
the bundled sample pages, rows given as tuples in any order or as the tables' record batches."""
from __future__ import annotations

import copy
import random

import networkx as nx
import pytest
from similarity_papers import ENTITIES, random_papers

from exports.graph_order import sorted_edges
from exports.graph_tables import table_batches, write_graph_tables
from exports.table_rows import edge_row, node_row
from kg.graph import build_graph
from kg.similarity import SIMILARITY_EXTRACTOR, add_similarity_edges
from kg.similarity_incremental import STATE_FILE, last_search
from kg.similarity_rows import search_inputs, similarity_rows
from kg.similarity_vectors import paper_texts
from tests.test_partition_rows import STATED, _partitioned


def _node_rows(graph: nx.MultiDiGraph) -> list[tuple]:
    return [node_row(node, graph.nodes[node]) for node in sorted(graph)]


def _edge_rows(graph: nx.MultiDiGraph) -> list[tuple]:
    return [edge_row(*edge) for edge in sorted_edges(graph)]


def _similar_rows(graph: nx.MultiDiGraph) -> list[tuple]:
    return [row for row in _edge_rows(graph) if row[2] == "similarTo"]


def _made_up(seed: int) -> nx.MultiDiGraph:
    """Random papers with titles, abstracts and entities, entity edges with mentions by two extractors, venues and
    persons, and stated ``similarTo`` links: one way, both ways, some already scored as a search leaves them."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    for entity in ENTITIES:
        graph.add_node(entity, kind=entity.split("/")[0], label=entity)
    graph.add_node("venue/acl", kind="venue", label="ACL")
    graph.add_node("person/someone", kind="person", label="Someone")
    papers = random_papers(seed, 60)
    for paper in papers:
        graph.add_node(paper.id, kind="paper", label=paper.title, title=rng.choice([paper.title, "", None]),
                       abstract=rng.choice([paper.abstract, paper.abstract, "", None]))
        graph.add_edge(paper.id, "venue/acl", key="presentedAt", relation="presentedAt")
        graph.add_edge(paper.id, "person/someone", key="creator", relation="creator")
        for entity in paper.entities:
            relation = rng.choice(["uses", "proposes"])
            mentions = rng.choice([[{"extractor": "rules"}], [{"extractor": "papers-with-code"}],
                                   [{"extractor": "papers-with-code"}, {"extractor": "rules"}], []])
            graph.add_edge(paper.id, entity, key=relation, relation=relation, mentions=mentions)
        graph.add_edge(paper.id, "venue/acl", key="uses", relation="uses")  # not an entity: never counted
    ids = [paper.id for paper in papers]
    for _ in range(12):
        u, v = rng.sample(ids, 2)
        graph.add_edge(u, v, key="similarTo", relation="similarTo", source="page.txt")
        if rng.random() < 0.3:
            graph.add_edge(v, u, key="similarTo", relation="similarTo", source="other.txt")
        if rng.random() < 0.3:
            graph.edges[u, v, "similarTo"].update(basis="source", score=1.0)
    return graph


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("excluded", [(), ("papers-with-code",)])
def test_the_inputs_from_rows_are_those_read_off_the_graph(seed, excluded):
    graph = _made_up(seed)
    rows = (_node_rows(graph), _edge_rows(graph))
    inputs = search_inputs(*rows, exclude_extractors=excluded)
    assert inputs.papers == list(paper_texts(graph, exclude_extractors=excluded))
    stated = sorted((u, v, data) for u, v, key, data in graph.edges(keys=True, data=True) if key == "similarTo")
    assert inputs.stated == stated and len(stated) >= 12
    assert any(paper.entities for paper in inputs.papers)
    assert search_inputs(rows[0][::-1], rows[1][::-1], exclude_extractors=excluded) == inputs  # any order


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("options", [{}, {"k": 2, "exclude_extractors": ("papers-with-code",)},
                                     {"bases": ("text",)}])
def test_the_rows_are_those_of_the_graph_after_the_search(seed, options):
    graph = _made_up(seed)
    rows = similarity_rows(_node_rows(graph), _edge_rows(graph)[::-1], **options)
    searched = copy.deepcopy(graph)
    assert add_similarity_edges(searched, **options) > 0
    assert rows == _similar_rows(searched)
    scored = [row for row in rows if '"basis": "source"' in row[4]]
    assert scored and any('"shared_terms": ["' in row[4] for row in scored)  # reasons (review89: not a missing key)


@pytest.mark.parametrize("excluded", [(), ("papers-with-code", "rules", "papers-with-code")])
def test_the_rows_path_reads_and_writes_the_graph_paths_search_state(tmp_path, excluded):
    """``state=`` (a rebuild's search state beside the cache) is shared by both paths, the excluded extractors
    taken as a set in its key: the rows path reuses the state the graph path left and the other way round, and a
    rebuild after one paper changed searches only what it reaches, with the rows of a search from nothing
    (review89: no test gave the rows path a state)."""
    graph, state = _made_up(1), tmp_path / STATE_FILE
    rows = (_node_rows(graph), _edge_rows(graph))
    searched = copy.deepcopy(graph)
    add_similarity_edges(searched, state=state, exclude_extractors=excluded[::-1])
    assert last_search().full  # no state yet
    assert similarity_rows(*rows, state=state, exclude_extractors=excluded) == _similar_rows(searched)
    assert (last_search().full, last_search().searched) == ("", 0)
    changed = copy.deepcopy(graph)
    changed.nodes["paper/0007"]["abstract"] = "speech recognition for dialogue corpus annotation"
    rows = (_node_rows(changed), _edge_rows(changed))
    expected = similarity_rows(*rows, exclude_extractors=excluded)
    assert similarity_rows(*rows, state=state, exclude_extractors=excluded) == expected
    assert last_search().full == "" and 0 < last_search().searched < last_search().rows
    add_similarity_edges(changed, state=state, exclude_extractors=excluded)
    assert (last_search().full, last_search().searched) == ("", 0) and _similar_rows(changed) == expected


def test_the_rows_are_the_sample_builds_and_a_searched_graph_gives_them_again(sample_build, tmp_path):
    before = build_graph(list(sample_build.documents))  # assembly's graph, before the search
    after = sample_build.graph
    expected = _similar_rows(after)
    assert len(expected) > 200 and any(SIMILARITY_EXTRACTOR not in row[4] for row in expected)
    assert search_inputs(_node_rows(before), _edge_rows(before)).papers == list(paper_texts(before))
    assert similarity_rows(_node_rows(before), _edge_rows(before)) == expected
    # the tables as written (record batches), the computed rows stripped: the stated ones as the search left them
    write_graph_tables(after, tmp_path)
    edges = [batch.filter([SIMILARITY_EXTRACTOR not in data for data in batch.column("data").to_pylist()])
             for batch in table_batches(tmp_path, "edges.parquet")]
    assert similarity_rows(table_batches(tmp_path, "nodes.parquet"), edges) == expected


@pytest.mark.parametrize("parts", [1, 3])
def test_the_rows_from_the_sample_records_partitions_are_the_sample_builds(sample_build, parts):
    """From :func:`kg.partition_rows.partition_rows`' rows (every relation assembly makes): no graph."""
    partitioned = _partitioned(list(sample_build.documents), parts, relations=STATED)
    assert {row[3] for row in partitioned.edges} >= {"uses", "proposes", "similarTo"}
    nodes, edges = partitioned.nodes[::-1], partitioned.edges[::-1]
    assert similarity_rows(nodes, edges) == _similar_rows(sample_build.graph)
