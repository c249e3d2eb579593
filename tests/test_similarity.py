"""kg.similarity: computed similarTo edges on the sample build, on made-up graphs, and on the Anthology."""
from __future__ import annotations

import random
from collections import defaultdict

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.pipeline import build
from kg.similarity import (
    SIMILARITY_EXTRACTOR,
    add_similarity_edges,
    entity_vectors,
    nearest_neighbours,
    similar_pairs,
    text_vectors,
)

CLEAR = "CLEAR: Cross-Lingual Enhancement in Retrieval via Reverse-training"
AMORTIZED = "Amortized Bayesian Meta-Learning for Low-Rank Adaptation of Large Language Models"


def _title(graph: nx.MultiDiGraph, prefix: str) -> str:
    """The one paper node whose title starts with ``prefix``."""
    (node,) = [n for n, d in graph.nodes(data=True)
               if d["kind"] == "paper" and (d.get("title") or "").startswith(prefix)]
    return node


def _similar(graph: nx.MultiDiGraph) -> dict[tuple[str, str], dict]:
    return {(u, v): d for u, v, k, d in graph.edges(keys=True, data=True) if k == "similarTo"}


@pytest.fixture(scope="module")
def _sample_without_similarity() -> nx.MultiDiGraph:
    return build(similarity=False).graph


@pytest.fixture()
def sample_graph(_sample_without_similarity) -> nx.MultiDiGraph:
    """A copy of the sample graph as the sources state it, before any computed similarity."""
    return _sample_without_similarity.copy()


def test_build_adds_the_computed_links_by_default(sample_build):
    similar = [d for _, _, k, d in sample_build.graph.edges(keys=True, data=True) if k == "similarTo"]
    assert similar and all("basis" in d and "score" in d for d in similar)


# ----------------------------------------------------------------------------- the sample pages


def test_the_pages_own_similar_lecture_links_are_kept_with_basis_source(sample_graph):
    before = _similar(sample_graph)
    assert len(before) == 4 and all("basis" not in d for d in before.values())
    add_similarity_edges(sample_graph, min_score=0.1)
    after = _similar(sample_graph)
    for pair in before:  # same direction, same provenance
        assert after[pair]["basis"] == "source" and after[pair]["score"] == 1.0
        assert after[pair]["bases"][0] == "source"
        assert after[pair]["source"].startswith("underline/") and after[pair]["extractor"] == "lecture_page"
    assert sum(d["basis"] == "source" for d in after.values()) == 4


def test_a_source_link_that_text_also_finds_records_both_bases(sample_graph):
    add_similarity_edges(sample_graph)
    decoupling = _title(sample_graph, "Decoupling Generalization and Adaptation in Meta-Learning")
    edge = sample_graph.edges[decoupling, _title(sample_graph, AMORTIZED[:40]), "similarTo"]
    assert edge["basis"] == "source" and edge["bases"] == ["source", "text"]
    assert 0.3 <= edge["scores"]["text"] < 1.0


def test_nearest_text_neighbour_of_a_cross_lingual_retrieval_paper_is_about_cross_lingual_retrieval(sample_graph):
    clear = _title(sample_graph, CLEAR[:30])
    vectors = text_vectors(sample_graph)
    row = vectors.papers.index(clear)
    (rows, columns, scores), = nearest_neighbours(vectors.matrix, top_k=1, min_score=0.0)
    neighbour = vectors.papers[columns[list(rows).index(row)]]
    assert sample_graph.nodes[neighbour]["title"].startswith(
        "Leveraging High-Resource English Corpora for Cross-lingual")


def test_entity_neighbours_on_the_sample_share_a_benchmark(sample_graph):
    """Both reinforcement-learning papers evaluate on ALFWorld; entities find them as neighbours."""
    pairs = similar_pairs(entity_vectors(sample_graph), top_k=1, min_score=0.1)
    cache = _title(sample_graph, "Cache-Efficient Posterior Sampling")
    proximity = _title(sample_graph, "Proximity-Based Multi-Turn Optimization")
    assert tuple(sorted((cache, proximity))) in pairs
    assert sample_graph.has_edge(cache, "dataset/alfworld") and sample_graph.has_edge(proximity, "dataset/alfworld")


def test_computed_edges_carry_score_basis_and_no_source_file(sample_graph):
    added = add_similarity_edges(sample_graph, top_k=2, min_score=0.12)
    computed = {pair: d for pair, d in _similar(sample_graph).items() if d["basis"] != "source"}
    assert added == len(computed) > 0
    for (u, v), data in computed.items():
        assert u < v and data["relation"] == "similarTo" and data["extractor"] == SIMILARITY_EXTRACTOR
        assert data["source"] is None and data["sources"] == []
        assert data["basis"] in ("text", "entities") and data["bases"][0] == data["basis"]
        assert 0.12 <= data["score"] <= 1.0 and data["score"] == max(data["scores"].values())


def test_adding_twice_adds_nothing_and_is_deterministic(sample_build):
    first, second = sample_build.graph.copy(), sample_build.graph.copy()
    assert add_similarity_edges(first, min_score=0.1) == add_similarity_edges(second, min_score=0.1) > 0
    assert _similar(first) == _similar(second)
    assert add_similarity_edges(first, min_score=0.1) == 0
    assert _similar(first) == _similar(second)


def test_the_sample_graph_with_similarity_still_exports(sample_graph, tmp_path):
    from exports.node_link import read_json, write_json
    from exports.rdf import to_rdf

    add_similarity_edges(sample_graph, min_score=0.1)
    back = read_json(write_json(sample_graph, tmp_path / "graph.json"))

    def without_source(edges):  # node-link JSON names edge ends "source"/"target": an edge's own "source" is lost
        return {pair: {k: v for k, v in data.items() if k != "source"} for pair, data in edges.items()}

    assert without_source(_similar(back)) == without_source(_similar(sample_graph))
    turtle = to_rdf(sample_graph).serialize(format="turtle")
    assert '"entities"' in turtle or '"text"' in turtle


# ----------------------------------------------------------------------------- made-up graphs


def _papers(*specs: tuple[str, str, list[str]]) -> nx.MultiDiGraph:
    """Papers ``(key, title, [entities])``; each entity is ``kind/name``."""
    graph = nx.MultiDiGraph()
    for key, title, entities in specs:
        graph.add_node(f"paper/{key}", kind="paper", label=title, title=title)
        for entity in entities:
            graph.add_node(entity, kind=entity.split("/")[0], label=entity)
            graph.add_edge(f"paper/{key}", entity, key="uses", relation="uses")
    return graph


def test_both_bases_combine_into_one_edge_with_the_better_score_first():
    graph = _papers(("a", "graph neural networks for molecules", ["dataset/qm9"]),
                    ("b", "graph neural networks for molecules", ["dataset/qm9", "method/gin"]),
                    ("c", "opinion mining in tweets", []))
    assert add_similarity_edges(graph, top_k=3, min_score=0.1) == 1
    edge = graph.edges["paper/a", "paper/b", "similarTo"]
    assert edge["basis"] == "text" and edge["score"] == 1.0
    assert edge["bases"] == ["text", "entities"] and 0.1 < edge["scores"]["entities"] < 1.0


def test_a_source_link_in_the_other_direction_is_not_doubled():
    graph = _papers(("a", "speech recognition for dialects", []), ("b", "dialect speech recognition", []))
    graph.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", source="p.txt")
    assert add_similarity_edges(graph, min_score=0.1) == 0
    assert list(_similar(graph)) == [("paper/b", "paper/a")]
    assert _similar(graph)[("paper/b", "paper/a")]["bases"] == ["source", "text"]


def test_sharing_a_rare_benchmark_counts_more_than_sharing_a_common_one():
    common = [(f"x{i}", f"paper {i}", ["method/bert"]) for i in range(8)]
    graph = _papers(("a", "a", ["method/bert", "dataset/rare"]), ("b", "b", ["dataset/rare", "method/t5"]),
                    ("c", "c", ["method/bert", "method/t5x"]), *common)
    vectors = entity_vectors(graph)
    pairs = similar_pairs(vectors, top_k=1, min_score=0.0)
    assert ("paper/a", "paper/b") in pairs and ("paper/a", "paper/c") not in pairs


def test_top_k_and_min_score_are_respected():
    rng = random.Random(7)
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    graph = _papers(*[(f"{i:02d}", " ".join(rng.choices(words, k=4)), []) for i in range(40)])
    vectors = text_vectors(graph)
    found = defaultdict(list)
    for rows, columns, scores in nearest_neighbours(vectors.matrix, top_k=3, min_score=0.4, block_cells=50):
        for row, column, score in zip(rows, columns, scores):
            found[row].append(score)
            assert row != column and score >= 0.4
    assert found and all(len(scores) <= 3 and scores == sorted(scores, reverse=True) for scores in found.values())


def test_papers_without_text_or_entities_are_left_out():
    graph = _papers(("a", "text", []))
    graph.add_node("paper/empty", kind="paper", label="?", title=None, abstract=None)
    graph.add_node("paper/stop", kind="paper", label="the", title="the of and")
    assert text_vectors(graph).papers == ("paper/a",)
    assert entity_vectors(graph).papers == ()
    assert add_similarity_edges(graph) == 0
    assert add_similarity_edges(nx.MultiDiGraph()) == 0


@pytest.mark.parametrize("options, message", [
    ({"bases": ("text", "citations")}, "unknown similarity basis 'citations'"),
    ({"min_score": 1.5}, "min_score for 'text' must lie in"),
    ({"min_score": {"text": 0.3}}, "min_score for 'entities' must lie in"),
    ({"top_k": 0}, "top_k must be at least 1"),
])
def test_bad_options_say_what_is_allowed(options, message):
    with pytest.raises(ValueError, match=message):
        add_similarity_edges(_papers(("a", "one topic", []), ("b", "one topic", [])), **options)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(st.lists(st.integers(0, 2), min_size=4, max_size=4), min_size=2, max_size=25),
    top_k=st.integers(1, 4),
    min_score=st.sampled_from([0.0, 0.3, 0.7]),
    block_cells=st.sampled_from([1, 7, 1 << 20]),
)
def test_blocked_neighbours_equal_brute_force(rows, top_k, min_score, block_cells):
    """Whatever the block size, the result is the dense N×N answer (ties to the smaller column)."""
    matrix = np.array([r for r in rows if any(r)], dtype=np.float64)
    if len(matrix) < 2:
        return
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    dense = matrix @ matrix.T
    expected = []
    for i in range(len(matrix)):
        candidates = sorted((-round(dense[i, j], 6), j) for j in range(len(matrix))
                            if j != i and dense[i, j] > 0 and round(dense[i, j], 6) >= min_score)
        expected += [(i, j) for _, j in candidates[:top_k]]
    got = [(int(r), int(c)) for rows_, columns, _ in nearest_neighbours(
        sp.csr_matrix(matrix.astype(np.float32)), top_k=top_k, min_score=min_score, block_cells=block_cells)
        for r, c in zip(rows_, columns)]
    assert got == expected


# ----------------------------------------------------------------------------- the ACL Anthology


def test_anthology_text_neighbours_share_datasets_far_more_than_random_pairs(shared_dir):
    """On ACL and EMNLP 2020 (1,658 papers), text neighbours share a Papers-with-Code dataset far above chance.

    (Venue is no signal here: the same topics go to both conferences; the
    benchmark measures it on the whole corpus.)
    """
    from kg.pipeline import build

    volumes = [shared_dir / "corpus" / "anthology" / name for name in ("2020.acl.xml", "2020.emnlp.xml")]
    if not all(volume.exists() for volume in volumes):
        pytest.skip("the 2020 ACL and EMNLP volumes are not in ../shared/corpus/anthology")
    graph = build(volumes).graph
    datasets = defaultdict(set)
    for paper, dataset, data in graph.edges(data=True):
        if data.get("extractor") == "papers-with-code":
            datasets[paper].add(dataset)
    pairs = list(similar_pairs(text_vectors(graph), top_k=5, min_score=0.15))
    papers = sorted(n for n, d in graph.nodes(data=True) if d["kind"] == "paper")
    rng = random.Random(0)
    random_pairs = [tuple(rng.sample(papers, 2)) for _ in range(20_000)]

    def shared_dataset(pairs_):
        both = [(a, b) for a, b in pairs_ if datasets[a] and datasets[b]]
        assert len(both) > 100
        return sum(bool(datasets[a] & datasets[b]) for a, b in both) / len(both)

    assert shared_dataset(pairs) > 4 * shared_dataset(random_pairs)


def test_thresholds_can_differ_per_basis():
    graph = _papers(("a", "graph neural networks for molecules", ["dataset/qm9"]),
                    ("b", "graph networks for molecules", ["dataset/qm9"]))
    assert add_similarity_edges(graph, min_score={"text": 0.99, "entities": 0.5}) == 1
    assert graph.edges["paper/a", "paper/b", "similarTo"]["bases"] == ["entities"]


def test_memory_follows_the_block_not_the_square_of_the_papers():
    """4,000 papers: a dense float32 similarity matrix takes 64 MB; the blocked product stays far below."""
    import tracemalloc

    rng = np.random.default_rng(0)
    n, words = 4_000, 500
    matrix = sp.random(n, words, density=0.02, format="csr", dtype=np.float32, random_state=rng)
    matrix = sp.diags(1 / np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel() + 1e-12)) @ matrix
    tracemalloc.start()
    try:
        found = sum(len(rows) for rows, _, _ in nearest_neighbours(matrix, top_k=5, min_score=0.1,
                                                                   block_cells=50 * n))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found > n  # real work was done
    assert peak < (n * n * 4) / 8
