"""kg.similarity: k nearest papers as similarTo edges, on the sample build, on made-up graphs and on the Anthology."""
from __future__ import annotations

import pickle
import random
from collections import Counter, defaultdict
from functools import partial

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import kg.similarity_links as links_module
from kg.pipeline import build
from kg.similarity import (
    DEFAULT_K,
    SIMILARITY_EXTRACTOR,
    WEAK_BELOW,
    add_similarity_edges,
    entity_vectors,
    nearest_neighbours,
    similar_pairs,
    text_vectors,
)
from kg.similarity_index import MAP_BLEND, approximate_neighbours, neighbours, reduce
from kg.similarity_links import PaperText, SimilarLink, similar_links
from kg.similarity_stats import load_stats
from kg.similarity_vectors import paper_texts, text_rows

CLEAR = "CLEAR: Cross-Lingual Enhancement in Retrieval via Reverse-training"
AMORTIZED = "Amortized Bayesian Meta-Learning for Low-Rank Adaptation of Large Language Models"


def _title(graph: nx.MultiDiGraph, prefix: str) -> str:
    """The one paper node whose title starts with ``prefix``."""
    (node,) = [n for n, d in graph.nodes(data=True)
               if d["kind"] == "paper" and (d.get("title") or "").startswith(prefix)]
    return node


def _similar(graph: nx.MultiDiGraph) -> dict[tuple[str, str], dict]:
    return {(u, v): d for u, v, k, d in graph.edges(keys=True, data=True) if k == "similarTo"}


def _degrees(graph: nx.MultiDiGraph) -> Counter:
    degree = Counter()
    for u, v in _similar(graph):
        degree[u] += 1
        degree[v] += 1
    return degree


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


def test_every_sample_paper_with_text_gets_k_neighbours(sample_graph):
    """The 4 "Similar lecture" links alone left most papers without a neighbour; now each has its k."""
    papers = [n for n, d in sample_graph.nodes(data=True) if d["kind"] == "paper" and (d.get("title") or d.get("abstract"))]
    add_similarity_edges(sample_graph)
    degree = _degrees(sample_graph)
    assert papers and all(degree[paper] >= DEFAULT_K for paper in papers)


def test_the_pages_own_similar_lecture_links_are_kept_with_basis_source(sample_graph):
    before = _similar(sample_graph)
    assert len(before) == 4 and all("basis" not in d for d in before.values())
    add_similarity_edges(sample_graph)
    after = _similar(sample_graph)
    for pair in before:  # same direction, same provenance
        assert after[pair]["basis"] == "source" and after[pair]["score"] == 1.0
        assert after[pair]["bases"][0] == "source"
        assert after[pair]["source"].startswith("underline/") and after[pair]["extractor"] == "lecture_page"
    assert sum(d["basis"] == "source" for d in after.values()) == 4


def test_a_source_link_that_the_search_also_finds_records_both_bases_and_why(sample_graph):
    add_similarity_edges(sample_graph)
    decoupling = _title(sample_graph, "Decoupling Generalization and Adaptation in Meta-Learning")
    edge = sample_graph.edges[decoupling, _title(sample_graph, AMORTIZED[:40]), "similarTo"]
    assert edge["basis"] == "source" and edge["bases"] == ["source", "combined"]
    assert 0 < edge["scores"]["combined"] < 1.0
    assert {"meta learning", "adaptation"} <= set(edge["shared_terms"])  # a pair of title words shown whole


def test_nearest_neighbour_of_a_cross_lingual_retrieval_paper_is_about_cross_lingual_retrieval(sample_graph):
    add_similarity_edges(sample_graph)
    clear = _title(sample_graph, CLEAR[:30])
    computed = sorted(((d["score"], v if u == clear else u) for (u, v), d in _similar(sample_graph).items()
                       if clear in (u, v) and d["basis"] == "combined"), reverse=True)
    assert sample_graph.nodes[computed[0][1]]["title"].startswith(
        "Leveraging High-Resource English Corpora for Cross-lingual")


def test_entity_neighbours_on_the_sample_share_a_benchmark(sample_graph):
    """Both reinforcement-learning papers evaluate on ALFWorld; entities alone find them as neighbours."""
    add_similarity_edges(sample_graph, bases=("entities",), k=1)
    cache = _title(sample_graph, "Cache-Efficient Posterior Sampling")
    proximity = _title(sample_graph, "Proximity-Based Multi-Turn Optimization")
    edge = _similar(sample_graph)[tuple(sorted((cache, proximity)))]
    assert edge["basis"] == "entities" and "dataset/alfworld" in edge["shared_entities"]


def test_computed_edges_carry_score_strength_reasons_and_no_source_file(sample_graph):
    added = add_similarity_edges(sample_graph, k=2)
    computed = {pair: d for pair, d in _similar(sample_graph).items() if d["basis"] != "source"}
    assert added == len(computed) > 0
    strengths = sorted(d["strength"] for d in computed.values())
    for (u, v), data in computed.items():
        assert u < v and data["relation"] == "similarTo" and data["extractor"] == SIMILARITY_EXTRACTOR
        assert "source" not in data and "sources" not in data  # no input file states a computed link
        assert data["bases"] == [data["basis"]] == ["combined"] and data["scores"] == {"combined": data["score"]}
        assert 0 < data["score"] <= 1.0 and 0 < data["strength"] <= 1.0
        assert data["weak"] == (data["strength"] < WEAK_BELOW)
        assert data["shared_terms"] and len(data["shared_terms"]) <= 5
    # strengths are percentiles among the reference corpus's links (kg.similarity_stats), so comparable across corpora
    reference = load_stats()
    assert all(d["strength"] == reference.strength(np.array([d["score"]]))[0] for d in computed.values())
    assert strengths[-1] > strengths[0] and 0 < sum(d["weak"] for d in computed.values()) < len(computed)


def test_a_stronger_score_never_has_a_lower_strength(sample_graph):
    add_similarity_edges(sample_graph)
    computed = sorted((d["score"], d["strength"]) for d in _similar(sample_graph).values() if "strength" in d)
    assert [s for _, s in computed] == sorted(s for _, s in computed)


def test_adding_twice_adds_nothing_and_is_deterministic(sample_build):
    first, second = sample_build.graph.copy(), sample_build.graph.copy()
    for graph in (first, second):  # start from the links the sources state
        graph.remove_edges_from([(u, v, "similarTo") for (u, v), d in _similar(graph).items() if d["basis"] != "source"])
    assert add_similarity_edges(first) == add_similarity_edges(second) > 0
    assert _similar(first) == _similar(second)
    assert add_similarity_edges(first) == 0
    assert _similar(first) == _similar(second)


def test_the_sample_graph_with_similarity_still_exports(sample_graph, tmp_path):
    from exports.node_link import read_json, write_json
    from exports.rdf import to_rdf

    add_similarity_edges(sample_graph)
    back = read_json(write_json(sample_graph, tmp_path / "graph.json"))

    def without_source(edges):  # node-link JSON names edge ends "source"/"target": an edge's own "source" is lost
        return {pair: {k: v for k, v in data.items() if k != "source"} for pair, data in edges.items()}

    assert without_source(_similar(back)) == without_source(_similar(sample_graph))
    rdf = to_rdf(sample_graph)
    rows = rdf.query("""PREFIX kg: <https://w3id.org/paperkg/ontology#>
        SELECT ?s ?strength ?weak ?term ?entity WHERE {
          ?s kg:basis "combined" ; kg:strength ?strength ; kg:weak ?weak ; kg:sharedTerm ?term .
          OPTIONAL { ?s kg:sharedEntity ?entity } }""")
    assert len({row.s for row in rows}) == sum(d["basis"] == "combined" for d in _similar(sample_graph).values())
    assert any(row.entity is not None for row in rows)


# ----------------------------------------------------------------------------- without a graph


def _links_in(graph: nx.MultiDiGraph) -> list[SimilarLink]:
    """The computed similarTo edges of ``graph`` as links, in (source, target) order."""
    return sorted((SimilarLink(u, v, d["score"], d["strength"], d["weak"], tuple(d["shared_entities"]),
                               tuple(d["shared_terms"]), d["basis"])
                   for (u, v), d in _similar(graph).items() if d.get("extractor") == SIMILARITY_EXTRACTOR),
                  key=lambda link: (link.source, link.target))


def test_similar_links_from_a_stream_are_the_edges_add_similarity_edges_adds_on_the_sample(sample_graph):
    sample_graph.remove_edges_from([(u, v, "similarTo") for u, v in _similar(sample_graph)])  # no stated links
    papers = list(paper_texts(sample_graph))
    links = list(similar_links(reversed(papers)))  # any order of the stream
    assert add_similarity_edges(sample_graph) == len(links) > 100
    assert links == _links_in(sample_graph)
    assert [(link.source, link.target) for link in links] == sorted((link.source, link.target) for link in links)


def test_similar_links_from_made_up_records_are_the_edges_of_the_same_papers_as_a_graph():
    rng = random.Random(3)
    words = ["parsing", "tagging", "speech", "translation", "retrieval", "summarization", "dialogue", "grammar",
             "lexicon", "corpus"]
    entities = ["dataset/penn-treebank", "dataset/wmt14", "method/crf", "method/transformer", "model/bert"]
    records = [PaperText(f"paper/{i:02d}", " ".join(rng.sample(words, 3)), " ".join(rng.choices(words, k=8)) or None,
                         tuple(rng.sample(entities, rng.randint(0, 2)))) for i in range(30)]
    records.append(PaperText("paper/entities-only", entities=("dataset/wmt14", "method/transformer")))
    records.append(PaperText("paper/nothing"))
    graph = nx.MultiDiGraph()
    for record in records:
        graph.add_node(record.id, kind="paper", title=record.title, abstract=record.abstract)
        for entity in record.entities:
            graph.add_node(entity, kind=entity.split("/")[0])
            graph.add_edge(record.id, entity, key="uses", relation="uses")
    rng.shuffle(records)
    links = list(similar_links(iter(records), k=3))
    add_similarity_edges(graph, k=3)
    assert links == _links_in(graph)
    assert any(link.shared_entities for link in links)
    assert all(link.weak == (link.strength < WEAK_BELOW) for link in links)
    assert "paper/nothing" not in {end for link in links for end in (link.source, link.target)}
    assert any("paper/entities-only" in (link.source, link.target) for link in links)


def test_papers_of_common_or_unique_words_or_stop_words_only_still_get_k_neighbours():
    """A title of corpus stop words, of a word no other paper has, or of English stop words only is text too."""
    rng = random.Random(5)
    topics = ["parsing", "tagging", "speech", "retrieval", "summarization", "dialogue", "grammar", "lexicon",
              "semantics"]
    records = [PaperText(f"paper/{i:03d}", f"translation {rng.choice(topics)} {rng.choice(topics)}") for i in range(150)]
    records += [PaperText("paper/names", "Transliteration of person names"), PaperText("paper/named", "Named entities"),
                PaperText("paper/places", "Place names"), PaperText("paper/entity", "Entity names"),
                PaperText("paper/common", "Translation"), PaperText("paper/unique", "Microsemantics"),
                PaperText("paper/stop", "What is in a name?")]
    links = list(similar_links(records, k=3))
    degree = Counter(end for link in links for end in (link.source, link.target))
    assert all(degree[record.id] >= 3 for record in records)
    titles = {record.id: record.title for record in records}

    def neighbours(paper):
        return [titles[link.target if link.source == paper else link.source] for link in links
                if paper in (link.source, link.target)]

    # "translation" is a corpus stop word of the reference statistics: found through the full vocabulary
    assert sum("translation" in title.lower() for title in neighbours("paper/common")) >= 3
    assert all("semantics" in title for title in neighbours("paper/unique"))
    assert all("name" in title.lower() for title in neighbours("paper/stop"))
    assert max(link.score for link in links if "paper/names" in (link.source, link.target)) < 1  # discounted


def test_a_paper_given_twice_is_an_error():
    with pytest.raises(ValueError, match="given twice"):
        similar_links([PaperText("paper/a", "one"), PaperText("paper/a", "two")])


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


def test_two_papers_are_enough():
    graph = _papers(("a", "graph neural networks for molecules", ["dataset/qm9"]),
                    ("b", "graph networks for proteins", ["dataset/qm9", "method/gin"]))
    assert add_similarity_edges(graph) == 1
    edge = graph.edges["paper/a", "paper/b", "similarTo"]
    assert edge["shared_entities"] == ["dataset/qm9"] and set(edge["shared_terms"]) == {"graph", "networks"}
    # the strength is the score's percentile among the reference corpus's links, not among this graph's one link;
    # two short titles on different molecules weigh little since round h16l (the map's cosine in full): weak
    strength = load_stats().strength(np.array([edge["score"]]))[0]
    assert edge["strength"] == strength > 0.1 and edge["weak"] is bool(strength < WEAK_BELOW) is True


def test_papers_with_entities_but_no_text_still_get_neighbours():
    graph = _papers(("a", "", ["dataset/qm9", "method/gin"]), ("b", "", ["dataset/qm9"]), ("c", "", ["method/x"]))
    add_similarity_edges(graph, k=1)
    assert ("paper/a", "paper/b") in _similar(graph)


def test_a_source_link_in_the_other_direction_is_not_doubled():
    graph = _papers(("a", "speech recognition for dialects", []), ("b", "dialect speech recognition", []))
    graph.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", source="p.txt")
    assert add_similarity_edges(graph) == 0
    assert list(_similar(graph)) == [("paper/b", "paper/a")]
    assert _similar(graph)[("paper/b", "paper/a")]["bases"] == ["source", "combined"]


def test_sharing_a_rare_benchmark_counts_more_than_sharing_a_common_one():
    common = [(f"x{i}", f"paper {i}", ["method/bert"]) for i in range(8)]
    graph = _papers(("a", "a", ["method/bert", "dataset/rare"]), ("b", "b", ["dataset/rare", "method/t5"]),
                    ("c", "c", ["method/bert", "method/t5x"]), *common)
    pairs = similar_pairs(entity_vectors(graph), k=1)
    assert ("paper/a", "paper/b") in pairs and ("paper/a", "paper/c") not in pairs


def _calibration_papers() -> list[PaperText]:
    """A query, a paper on its task sharing no model, and a paper sharing only its models and two generic words."""
    rng = random.Random(3)
    filler = ["corpus", "annotation", "lexicon", "morphology", "speech", "phonetics", "treebank", "grammar",
              "semantics", "discourse", "summarization", "translation", "retrieval", "dialogue", "parsing", "tagging"]
    return [
        PaperText("paper/query", "Are large language models calibrated when they answer questions?",
                  entities=("model/gpt35", "dataset/triviaqa")),
        PaperText("paper/same-task", "Calibrated neural readers",
                  "We study when a neural reader's confidence in its answer can be trusted and calibrate it."),
        PaperText("paper/same-models", "Prompting large models for code-switched translation",
                  entities=("model/gpt35", "dataset/triviaqa")),
        *(PaperText(f"paper/other-{i}", " ".join(rng.sample(filler, 4)), " ".join(rng.choices(filler, k=12)),
                    entities=("model/gpt35",) if i % 3 == 0 else ()) for i in range(12)),
    ]


def test_a_paper_on_the_same_task_outranks_one_sharing_only_the_models_used():
    def scores(**options):
        papers = _calibration_papers()
        links = similar_links(papers, k=len(papers) - 1, **options)  # every pair
        return {link.target if link.source == "paper/query" else link.source: link.score
                for link in links if "paper/query" in (link.source, link.target)}

    found = scores()  # the default entity part (0.25 of the text, each entity weighted by its kind)
    assert found["paper/same-task"] > found["paper/same-models"]
    # with the corpus's own IDF, an entity part of 0.5 let the shared GPT-3.5 and TriviaQA win; with the reference
    # IDF the text part is stronger, but the entities alone still prefer the paper sharing the models
    entities = scores(bases=("entities",))
    assert entities["paper/same-models"] > entities.get("paper/same-task", 0.0)


def _kind_papers() -> list[PaperText]:
    """A query naming a task, a model and a metric; one paper on its task, one with only its model and metric.

    The two candidates' texts are alike to the query (two shared words, one word no other paper has, unknown to
    the word vectors), so only their entities can part them.
    """
    rng = random.Random(5)
    filler = ["corpus", "lexicon", "morphology", "speech", "treebank", "grammar", "discourse", "parsing", "tagging"]
    return [
        PaperText("paper/query", "Answer extraction with zorblaxian encoders",
                  entities=("task/extractiveqa", "model/bert", "metric/f1")),
        PaperText("paper/same-task", "Answer extraction from quintorian", entities=("task/extractiveqa",)),
        PaperText("paper/same-model-and-metric", "Answer extraction from vembrolian", entities=("model/bert", "metric/f1")),
        *(PaperText(f"paper/other-{i}", " ".join(rng.sample(filler, 4)), entities=("task/parsing",) if i % 2 else ())
          for i in range(10)),
    ]


def test_a_paper_on_the_same_task_outranks_one_sharing_the_model_and_metric(monkeypatch):
    import functools

    import kg.similarity_links as links_module

    def scores(**options):
        papers = _kind_papers()
        links = similar_links(papers, k=len(papers) - 1, **options)  # every pair
        return {link.target if link.source == "paper/query" else link.source: link.score
                for link in links if "paper/query" in (link.source, link.target)}

    found = scores()  # tasks weigh 1.5, models 0.5, metrics nothing
    assert found["paper/same-task"] > found["paper/same-model-and-metric"]
    from kg.similarity_vectors import ENTITY_KIND_WEIGHTS, entity_rows

    assert ENTITY_KIND_WEIGHTS["task"] > ENTITY_KIND_WEIGHTS["model"] and ENTITY_KIND_WEIGHTS["metric"] == 0
    # every kind weighing alike, as before (entity part 0.2): two shared entities beat one
    monkeypatch.setattr(links_module, "entity_rows", functools.partial(entity_rows, kind_weights={}))
    before = scores(entity_weight=0.2)
    assert before["paper/same-task"] < before["paper/same-model-and-metric"]


def test_every_entity_kind_has_a_weight_and_a_metric_alone_gives_no_entity_row():
    from kg.similarity_vectors import ENTITY_KIND_WEIGHTS, entity_rows
    from ontology.kinds import ENTITY_KINDS

    assert set(ENTITY_KIND_WEIGHTS) == set(ENTITY_KINDS)
    rows = entity_rows([PaperText("paper/a", entities=("metric/bleu",)),
                        PaperText("paper/b", entities=("metric/bleu", "dataset/wmt14"))])
    assert rows.papers == ("paper/b",) and rows.columns == ("dataset/wmt14",)
    assert entity_rows([PaperText("paper/a", entities=("metric/bleu",))], kind_weights={}).columns == ("metric/bleu",)


def test_curated_entity_links_can_be_left_out():
    graph = _papers(("a", "", ["dataset/qm9"]), ("b", "", []))
    graph.add_node("dataset/zinc", kind="dataset", label="ZINC")
    graph.add_edge("paper/b", "dataset/zinc", key="uses", relation="uses", extractor="papers-with-code",
                   mentions=[{"extractor": "papers-with-code"}])
    assert entity_vectors(graph).papers == ("paper/a", "paper/b")
    assert entity_vectors(graph, exclude_extractors={"papers-with-code"}).papers == ("paper/a",)


def test_k_and_min_score_are_respected():
    rng = random.Random(7)
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
    graph = _papers(*[(f"{i:02d}", " ".join(rng.choices(words, k=4)), []) for i in range(40)])
    vectors = text_vectors(graph)
    found = defaultdict(list)
    for rows, columns, scores in nearest_neighbours(vectors.matrix, top_k=3, min_score=0.4, block_cells=50):
        for row, column, score in zip(rows, columns, scores):
            found[row].append(score)
            assert row != column and score >= 0.4
    assert found and all(len(scores) <= 3 and scores == sorted(scores, reverse=True) for scores in found.values())


def test_papers_without_text_or_entities_are_left_out():
    graph = _papers(("a", "treebanks", []))
    graph.add_node("paper/empty", kind="paper", label="?", title=None, abstract=None)
    graph.add_node("paper/stop", kind="paper", label="the", title="the of and")
    assert text_vectors(graph).papers == ("paper/a",)
    assert entity_vectors(graph).papers == ()
    assert add_similarity_edges(graph) == 0
    assert add_similarity_edges(nx.MultiDiGraph()) == 0


@pytest.mark.parametrize("options, message", [
    ({"bases": ("text", "citations")}, "unknown similarity basis 'citations'"),
    ({"bases": ()}, "unknown similarity basis"),
    ({"min_score": 1.5}, "min_score must lie in"),
    ({"k": 0}, "k must be at least 1"),
])
def test_bad_options_say_what_is_allowed(options, message):
    with pytest.raises(ValueError, match=message):
        add_similarity_edges(_papers(("a", "one topic", []), ("b", "one topic", [])), **options)


def _unit_rows(n: int, width: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((20, width))
    matrix = centres[rng.integers(0, 20, n)] + 0.5 * rng.standard_normal((n, width))
    return (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)).astype(np.float32)


def test_the_approximate_index_gives_every_row_k_neighbours_and_finds_most_exact_ones():
    matrix = _unit_rows(3_000, 32, seed=1)
    exact = {(int(r), int(c)) for rows, cols, _ in nearest_neighbours(matrix, top_k=5) for r, c in zip(rows, cols)}
    found = defaultdict(set)
    for rows, cols, _ in approximate_neighbours(matrix, top_k=5, probes=4):
        for r, c in zip(rows.tolist(), cols.tolist()):
            found[r].add(c)
    assert len(found) == 3_000 and all(len(cols) >= 5 for cols in found.values())
    recall = sum((r, c) in exact for r, cols in found.items() for c in cols) / len(exact)
    assert recall > 0.9


def test_the_index_on_a_float16_lsa_reduction_gives_every_paper_k_neighbours_scored_on_the_sparse_rows():
    from kg.similarity_index import neighbours

    rng = random.Random(11)
    words = [f"w{i}" for i in range(300)]
    vectors = text_rows([PaperText(f"paper/{i:04d}", " ".join(rng.sample(words, 6))) for i in range(900)])
    found = defaultdict(set)
    for rows, cols, scores in neighbours(vectors, top_k=3, exact_limit=0, dimensions=16):
        for r, c, score in zip(rows.tolist(), cols.tolist(), scores.tolist()):
            found[r].add(c)
            assert 0 < score <= 1
    assert len(found) == 900 and all(len(cols) >= 3 for cols in found.values())


def test_the_index_is_let_go_once_the_rows_are_placed_when_other_rows_are_scored():
    """At a million papers the float16 index is 0.25 GB, which the clustered search does not need."""
    import weakref

    index = _unit_rows(600, 16, seed=3)
    scoring = sp.csr_matrix(index)  # the rows scored: the same values in another array
    kept = [np.concatenate(parts) for parts in zip(*approximate_neighbours(index, top_k=3, clusters=6,
                                                                           scoring=scoring))]
    gone = weakref.ref(index)
    search = approximate_neighbours(index, top_k=3, clusters=6, scoring=scoring)
    del index
    found = [next(search)]  # the rows are placed in clusters and the first cluster searched
    assert gone() is None
    found.extend(search)
    assert all(np.array_equal(a, b) for a, b in zip(kept, (np.concatenate(parts) for parts in zip(*found))))


def test_the_approximate_index_runs_its_tasks_through_the_map_it_is_given():
    matrix = _unit_rows(400, 16, seed=2)
    calls = []

    def counting_map(function, tasks):
        tasks = list(tasks)
        calls.append(len(tasks))
        return [function(task) for task in tasks]

    list(approximate_neighbours(matrix, top_k=3, clusters=8, map=counting_map))
    assert calls and 1 <= calls[0] <= 8


def test_the_exact_search_runs_its_tasks_through_the_map_it_is_given_with_the_same_results():
    """Tasks pickled as a Dask worker gets them give the same neighbours, in the same order, as one process."""
    from kg.similarity_index import Rescoring, neighbours, reduce

    rng = random.Random(13)
    words = [f"w{i}" for i in range(300)]
    vectors = text_rows([PaperText(f"paper/{i:04d}", " ".join(rng.sample(words, rng.randint(1, 6))))
                         for i in range(900)])
    weights = np.random.default_rng(1).uniform(0.3, 1, 900).astype(np.float32)
    rescoring = Rescoring(weights, reduce(vectors, dimensions=16, dtype=np.float16).matrix, 0.5)
    calls = []

    def pickling_map(function, tasks):
        tasks = [pickle.loads(pickle.dumps(task)) for task in tasks]
        calls.append(len(tasks))
        return [function(task) for task in tasks]

    def run(map_):  # 20 rows a block, 160 a task: 6 tasks
        found = nearest_neighbours(vectors.matrix, top_k=3, block_cells=900 * 20, rescoring=rescoring, map=map_)
        return [np.concatenate(parts).tolist() for parts in zip(*found)]

    local = run(map)
    assert run(pickling_map) == local and calls == [6] and len(set(local[0])) == 900
    list(neighbours(vectors, top_k=3, exact_limit=10_000, dimensions=16, weights=weights, map=pickling_map))
    assert calls == [6, 1]  # the build's search hands its exact tasks to the map too


def test_lsa_keeps_small_corpora_exact_and_reduces_large_ones():
    graph = _papers(*[(f"{i:03d}", f"topic {i % 7} word{i % 5} word{i % 3}", []) for i in range(30)])
    vectors = text_vectors(graph)
    assert reduce(vectors, dimensions=16) is vectors  # 30 rows: not enough to learn a space from
    big = text_vectors(_papers(*[(f"{i:04d}", f"topic{i % 70} w{i % 50} v{i % 30} u{i % 11}", []) for i in range(600)]))
    reduced = reduce(big, dimensions=16)
    assert reduced.matrix.shape == (600, 16) and isinstance(reduced.matrix, np.ndarray)


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


@settings(max_examples=80, deadline=None)
@given(
    rows=st.lists(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]), min_size=5, max_size=5), min_size=2, max_size=30),
    top_k=st.integers(1, 6),
    min_score=st.sampled_from([0.0, 0.2, 0.6]),
    weighted=st.booleans(),
    offset=st.integers(0, 3),
)
def test_ranking_a_wide_block_by_its_stored_cells_equals_ranking_it_dense(rows, top_k, min_score, weighted, offset):
    """The exact search ranks wide blocks from their stored cells (top_stored): same rows, columns and scores,
    in the same order, as the dense ranking, ties (equal rows) to the smaller column, with weights and a cut."""
    from kg.similarity_index import _top
    from kg.similarity_ranking import top_stored

    matrix = sp.csr_matrix(np.array(rows, dtype=np.float32))
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    matrix = sp.csr_matrix(sp.diags(1 / np.where(norms > 0, norms, 1)) @ matrix, dtype=np.float32)
    n = matrix.shape[0]
    columns = np.arange(n) + offset  # row numbers of the whole matrix the block's columns stand for
    weights = np.random.default_rng(n).uniform(0.4, 1.0, n + offset).astype(np.float32) if weighted else None
    product = matrix @ matrix.T
    queries = columns[::2]
    dense = _top(product[::2], queries, columns, top_k, min_score, weights)
    stored = top_stored(sp.csr_matrix(product[::2]), queries, columns, top_k, min_score, weights)
    for expected, got in zip(dense, stored):
        assert got.tolist() == expected.tolist()


@settings(max_examples=40, deadline=None)
@given(documents=st.lists(st.lists(st.sampled_from(["ab", "cd", "ef", "gh", "ij", "kl", "mn"]), max_size=9),
                          min_size=1, max_size=30),
       keep=st.lists(st.booleans(), min_size=7, max_size=7))
def test_lean_term_weights_equal_scikit_learns_and_split_columns_equals_slicing(documents, keep):
    from sklearn.feature_extraction.text import TfidfVectorizer

    from kg.similarity_terms import split_columns, term_weights

    if not any(documents):
        return
    weights, vocabulary, _ = term_weights(iter(documents))
    reference = TfidfVectorizer(analyzer=lambda terms: terms, sublinear_tf=True, norm=None, dtype=np.float32)
    expected = reference.fit_transform(documents).toarray()
    assert vocabulary.tolist() == reference.get_feature_names_out().tolist()
    assert np.allclose(weights.toarray(), expected, atol=1e-5)
    mask = np.array(keep[:weights.shape[1]])
    kept, other = split_columns(weights.copy(), mask)
    assert np.array_equal(kept.toarray(), weights.toarray()[:, mask])
    assert np.array_equal(other.toarray(), weights.toarray()[:, ~mask])


# ----------------------------------------------------------------------------- the ACL Anthology


def test_anthology_neighbours_cover_every_paper_and_share_datasets_far_more_than_random_pairs(shared_dir):
    """ACL and EMNLP 2020 (1,658 papers), similarity built without the Papers-with-Code tags it is judged by.

    Every paper gets its k neighbours, and neighbours share a PwC dataset
    (among pairs where both papers have one) far more often than random pairs.
    """
    volumes = [shared_dir / "corpus" / "anthology" / name for name in ("2020.acl.xml", "2020.emnlp.xml")]
    if not all(volume.exists() for volume in volumes):
        pytest.skip("the 2020 ACL and EMNLP volumes are not in ../shared/corpus/anthology")
    graph = build(volumes, similarity=False).graph
    add_similarity_edges(graph, exclude_extractors={"papers-with-code"})
    datasets = defaultdict(set)
    for paper, dataset, data in graph.edges(data=True):
        if data.get("extractor") == "papers-with-code":
            datasets[paper].add(dataset)
    papers = sorted(n for n, d in graph.nodes(data=True) if d["kind"] == "paper")
    degree = _degrees(graph)
    assert all(degree[paper] >= DEFAULT_K for paper in papers)
    pairs = [pair for pair, d in _similar(graph).items() if d["basis"] == "combined"]
    rng = random.Random(0)
    random_pairs = [tuple(rng.sample(papers, 2)) for _ in range(20_000)]

    def shared_dataset(pairs_):
        both = [(a, b) for a, b in pairs_ if datasets[a] and datasets[b]]
        assert len(both) > 100
        return sum(bool(datasets[a] & datasets[b]) for a, b in both) / len(both)

    assert shared_dataset(pairs) > 5 * shared_dataset(random_pairs)  # 7.9x here; random pairs of two 2020 volumes share more than the whole Anthology's


def test_min_score_drops_links_below_it():
    graph = _papers(("a", "graph neural networks for molecules", []), ("b", "graph networks for molecules", []),
                    ("c", "graph coloring", []))
    add_similarity_edges(graph, min_score=0.5)
    assert list(_similar(graph)) == [("paper/a", "paper/b")]


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


# ----------------------------------------------------------------------------- kg similar


def test_kg_similar_lists_neighbours_with_why_and_candidates_when_ambiguous(sample_build, tmp_path):
    from click.testing import CliRunner

    from exports.node_link import write_json
    from kg.cli import main

    write_json(sample_build.graph, tmp_path / "graph.json")
    runner = CliRunner()
    result = runner.invoke(main, ["similar", "cross-lingual enhancement", "-o", str(tmp_path), "--top", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(CLEAR) and "1. 1.000 source" in lines[1]
    assert "combined" in lines[4] and "Leveraging High-Resource English" in lines[5]
    assert lines[6].startswith("     shared:") and "lingual" in lines[6]
    ambiguous = runner.invoke(main, ["similar", "learning", str(tmp_path)])
    assert ambiguous.exit_code == 1 and "papers match 'learning'" in ambiguous.output
    assert "paper/title-logicol-logically-informed" in ambiguous.output
    missing = runner.invoke(main, ["similar", "no such title at all", str(tmp_path)])
    assert missing.exit_code == 1 and "no paper with id or title" in missing.output


# ----------------------------------------------------------------------------- what a neighbour must share


def test_a_french_paper_does_not_look_like_another_for_its_function_words(monkeypatch):
    """French abstracts share "le", "la", "des", "une", "est": dropped for a paper written in French."""
    import kg.similarity_words as terms  # where the analyser (kg.similarity_words.Terms) finds it

    grammar = "Dans cet article nous avons les et des une est sur le pour de la"
    papers = [PaperText("paper/mt", "Traduction automatique neuronale", f"{grammar} traduction automatique neuronale."),
              PaperText("paper/speech", "Reconnaissance de la parole", f"{grammar} reconnaissance de la parole."),
              PaperText("paper/mt2", "Évaluation de la traduction automatique",
                        "Nous évaluons la traduction automatique neuronale des systèmes.")]

    def scores():
        return {(link.source, link.target): link for link in similar_links(papers, k=2)}

    found = scores()
    assert not {"le", "la", "des", "une", "est", "nous", "les", "dans", "cet"} & set(text_rows(papers).columns)
    assert found["paper/mt", "paper/mt2"].score > 5 * found["paper/mt", "paper/speech"].score
    assert found["paper/mt", "paper/mt2"].shared_terms == ("neuronale", "traduction automatique")
    english = terms.stop_words([])
    monkeypatch.setattr(terms, "stop_words", lambda words: english)  # English stop words only, as before
    # and every row as long as the others (with English stop words only, one abstract would be short, another not)
    monkeypatch.setattr(links_module, "neighbours", partial(neighbours, short_map_blend=MAP_BLEND, mixed_boost=1.0))
    plain = scores()
    assert plain["paper/mt", "paper/speech"].score > plain["paper/mt", "paper/mt2"].score  # grammar won


def test_english_papers_keep_words_that_only_another_language_lists_as_stop_words():
    from kg.similarity_terms import stop_words

    english = stop_words([])
    assert stop_words(["die", "casting", "con", "artists", "via", "la", "carte", "menus"]) == english
    assert {"le", "des", "est"} <= stop_words(["le", "modèle", "des", "langues", "est", "appris", "sur", "le"]) - english
    assert {"und", "der", "die"} <= stop_words(["die", "grammatik", "und", "der", "parser", "für", "das", "deutsche"])


def test_a_title_genre_word_alone_makes_no_neighbour():
    """Round h16t: "Book Reviews: ...", "Invited Talk: ..." and "Overview ..." titles met on the genre label alone."""
    from kg.similarity_words import Terms

    assert Terms()(("Invited Keynote: Talking Robots for Ferret Care", "")) == [
        "talking", "robots", "ferret", "care", "talking robots", "robots ferret", "ferret care"]
    assert Terms()(("Book Reviews", "")) == ["genre_book_review", "genre_~"]  # a label alone: one term (review 59)
    # "review" and "abstract" alone are topics ("product reviews", "Abstract Meaning Representation"): kept
    assert Terms()(("Abstract Meaning Parsing of Product Reviews", "")) == [
        "abstract", "meaning", "parsing", "product", "reviews", "abstract meaning", "meaning parsing",
        "parsing product", "product reviews"]
    papers = [PaperText("paper/review-zorb", "Book Reviews: Zorbian Morphology Handbook"),
              PaperText("paper/review-qua", "Book Reviews: Quaffle Dialogue Pragmatics"),
              PaperText("paper/zorb", "Zorbian Morphology Analysers for Lexicons"),
              PaperText("paper/talk", "Invited Talk: Quaffle Dialogue Pragmatics Today")]
    links = {(link.source, link.target) for link in similar_links(papers, k=1)}
    assert ("paper/review-zorb", "paper/zorb") in links or ("paper/zorb", "paper/review-zorb") in links
    assert ("paper/review-qua", "paper/talk") in links or ("paper/talk", "paper/review-qua") in links
    rows = text_rows(papers)
    assert not {"book", "reviews", "book reviews", "invited", "talk"} & set(rows.columns)


@pytest.mark.parametrize(("title", "label"), [
    # a topic: the words stay
    ("Zorbian Book Reviews: A Sentiment Dataset", None),
    ("Section Recognition in Obituaries of Quaffle Newspapers", None),
    ("Dialogue Acts in Spoken Tutorial Dialogue", None),
    ("Zorbian Tutorial Videos for Question Answering", None),
    ("A Tutorial-based Quaffle Trainer", None),
    ("Generating Lines in Four-Panel Zorb Comics", None),
    ("A Zorbian Panel and Trend Study", None),
    # a label: the words go
    ("Book Reviews: Zorbian Morphology", "book reviews"),
    ("Book-Review: Zorbian Morphology", "book-review"),
    ("Obituaries: Quaffle Zorb", "obituaries"),
    ("Tutorial: Zorbian Morphology", "tutorial"),
    ("A Tutorial on Zorbian Morphology", "tutorial"),
    ("Zorbian Morphology Tutorial", "tutorial"),
    ("Zorbian Morphology (Introductory Tutorial)", "tutorial"),
    ("Panel 2: Zorbian Views of Quaffle", "panel"),
    ("Session 9: Zorbian Panel", "panel"),
    ("Discussion Panel on Zorbian Evaluation", "panel"),
    ("Keynote Lecture 1: Zorbian Morphology", "keynote lecture"),
    ("Squibs and Discussions: Zorbian Morphology", "squibs and discussions"),
    ("PRÉFACE [Zorbian Issue]", "préface"),
    ("Errata", "errata"),
])
def test_a_title_genre_word_that_is_also_a_topic_is_dropped_only_as_a_label(title, label):
    """Review 59: "book reviews", "obituary", "tutorial" and "panel" name topics in some Anthology titles
    ("LABR: A Large Scale Arabic Book Reviews Dataset", "Tutorial Dialogue", "Four-Panel Manga"): the label is
    dropped only where it stands as one (first words, or before the end or a punctuation mark); hyphens, plurals,
    capitals and the French "préface" are the same label."""
    from kg.similarity_words import TITLE_GENRE

    found = [match.group(0).strip() for match in TITLE_GENRE.finditer(title.lower())]  # matched lower-cased
    assert found == ([] if label is None else [label] if isinstance(label, str) else label)


def test_genre_labels_in_capitals_are_dropped_as_in_lower_case():
    """Review 59: the pattern is lower-case and matched on the lower-cased title (half the time of re.IGNORECASE)."""
    from kg.similarity_words import Terms

    labels = {"book", "reviews", "invited", "talk", "squibs", "discussions", "préface", "tutorial", "overview"}
    for title in ["BOOK REVIEWS: ZORBIAN MORPHOLOGY", "Invited TALK: Zorbian Morphology",
                  "SQUIBS AND DISCUSSIONS: Zorb Lexicons", "PRÉFACE: Zorbian Morphology",
                  "Zorbian Morphology (TUTORIAL)", "OVERVIEW of the Zorb Task"]:
        terms = Terms()((title, ""))
        assert terms == Terms()((title.lower(), "")) and terms and not labels & set(terms)


def test_a_title_that_is_only_a_genre_label_keeps_it():
    """Review 59: "Erratum", "Briefly Noted" (no abstract) had no term left once the label was dropped: their
    neighbours came from words spelled like the label's ("errant", "error"), or none (on the Anthology some such
    papers had fewer than k).  Such a title's label is one term of its own, so papers of that label alone meet, and
    never papers whose topic has the label's words ("book reviews")."""
    from kg.similarity_words import Terms

    assert Terms()(("Erratum", "")) == ["genre_erratum", "genre_~"]
    assert Terms()(("Préface [Foreword]", "")) == ["genre_preface", "genre_foreword", "genre_~"]  # a term each (h16u)
    assert Terms()(("The Panels", "")) == ["genre_panel", "genre_~"]
    assert Terms()(("Erratum", "We correct a table of our zorbian parser.")) == ["correct", "table", "zorbian",
                                                                                 "parser"]
    labels = ["Erratum", "Erratum", "Briefly Noted", "Briefly Noted", "Book Reviews", "Book Reviews"]
    topics = ["Errant Quaffle Detection", "Error Analysis of Zorbian Parsers", "Zorbian Morphology Analysers",
              "Quaffle Dialogue Pragmatics", "Notes on Zorbian Lexicons", "Zorbian Morphology Treebanks",
              "A Dataset of Zorbian Book Reviews", "Sentiment of Quaffle Book Reviews"]
    papers = [PaperText(f"paper/label-{i}", title) for i, title in enumerate(labels)]
    papers += [PaperText(f"paper/topic-{i}", title) for i, title in enumerate(topics)]
    found = list(similar_links(papers, k=3))
    links = {(link.source, link.target) for link in found}
    assert {("paper/label-0", "paper/label-1"), ("paper/label-2", "paper/label-3"), ("paper/label-4", "paper/label-5"),
            ("paper/topic-6", "paper/topic-7")} <= links  # the book-review datasets meet each other, not the labels
    strongest = {}
    for link in sorted(found, key=lambda link: link.strength):
        strongest[link.source], strongest[link.target] = link, link
    assert strongest["paper/topic-6"].shared_terms == ("book reviews",)
    for label in range(0, 6, 2):  # a label's best neighbour is its twin, for the label's own term
        assert strongest[f"paper/label-{label}"].target == f"paper/label-{label + 1}"
        assert strongest[f"paper/label-{label}"].shared_terms[0].endswith(" (title label)")  # read plainly (h16u)


@pytest.mark.parametrize(("title", "label"), [
    # round h16u: more labels the Anthology's titles repeat (front matter of journals and newsletters)
    ("Publications Received", "publications received"),
    ("Briefly Noted/Publications Received", ["briefly noted", "publications received"]),
    ("Books Received", "books received"),
    ("Préface [Editorial]", ["préface", "editorial"]),
    ("Introduction [Préface]", ["introduction", "préface"]),  # the TAL journal's bilingual titles (review 61)
    ("Préface [Introduction]", ["préface", "introduction"]),
    ("Introduction [Introduction]", ["introduction", "introduction"]),
    ("Editorial", "editorial"),
    ("Introduction to the Special Issue on Zorbian Morphology", "introduction to the special issue"),
    ("Zorbian Morphology: An Introduction to the Special Issue", "introduction to the special issue"),
    ("Introduction", "introduction"),
    ("Advertisements", "advertisements"),
    ("Announcements", "announcements"),
    ("Conference Announcements", "announcements"),
    ("Author Index: Volumes 6-12", "author index"),
    ("TITLE INDEX Volumes 6 - 10", "title index"),
    ("Author and Subject Index", "author and subject index"),
    ("Abstracts of Current Literature", "abstracts of current literature"),
    ("Guidelines for Submissions", "guidelines for submissions"),
    ("Letter to the Editor: Zorbian Depth Revisited", "letter to the editor"),
    ("Calls for Papers", "calls for papers"),
    ("Last Words: Zorbian Morphology Is Not Dead", "last words"),
    ("ACL Lifetime Achievement Award: A Life of Zorbs", "acl lifetime achievement award"),
    ("Questions and Discussion 6", "questions and discussion"),
    ("Session 9: Zorbian Morphology", None),  # tried and left (round h16u): the session pages then met topical papers
    ("Appendix B: Zorb Test Procedures", "appendix b"),
    ("The FINITE STRING Newsletter: Calendar of Meetings", None),  # a newsletter's pages meet each other, as before
    # the same words as a topic: kept
    ("Zorbian Editorials and Their Persuasion", None),
    ("Argument Mining in News Editorial Corpora", None),
    ("An Introduction to Zorbian Morphology", None),
    ("Airport Announcement System for the Deaf", None),
    ("Automatic Compilation of Printed Subject Indexes", None),
    ("Detecting False Online Advertisements", None),
    ("Appendix Generation for Zorbian Reports", None),
    ("The Last Words of a Zorbian Dialogue", None),
    ("An Introduction [Zorbian Draft]", None),
    ("Zorbian Morphology [Introduction to Zorbs]", None),
])
def test_more_front_matter_labels_are_dropped_only_as_labels(title, label):
    """Round h16u: the labels the Anthology's 90,477 titles repeat beyond round h16t's list ("Advertisements" 59,
    "Author Index" 56, "Publications Received" 42, "Abstracts of Current Literature" 36, "Books Received" 31, ...;
    docs/analytics.md), each only where it stands as a label: a whole title, a title's first words, or a title's
    end; not "editorial", "introduction", "advertisements" or "appendix" as topics."""
    from kg.similarity_words import TITLE_GENRE

    found = [match.group(0).strip() for match in TITLE_GENRE.finditer(title.lower())]
    assert found == ([] if label is None else [label] if isinstance(label, str) else label)


def test_front_matter_labels_leave_a_titles_topic_or_one_term():
    """Round h16u: a labelled title keeps its topic's words; a title of labels only has one term of its own."""
    from kg.similarity_words import Terms

    assert Terms()(("Publications Received", "")) == ["genre_publications_received", "genre_~"]
    assert Terms()(("Briefly Noted/Publications Received", "")) == [
        "genre_briefly_noted", "genre_publications_received", "genre_~"]  # a term a label, and the one of all
    assert Terms()(("Préface [Editorial]", "")) == ["genre_preface", "genre_editorial", "genre_~"]  # no accent (h16w)
    assert Terms()(("Questions and Discussion 6", "")) == ["genre_questions_and_discussion", "genre_~"]
    assert Terms()(("Letters to the Editor", "")) == ["genre_letter_to_the_editor", "genre_~"]  # stop words kept
    assert Terms()(("Last Words: Zorbian Morphology", "")) == ["zorbian", "morphology", "zorbian morphology"]
    assert Terms()(("Introduction to the Special Issue on Zorbian Morphology", "")) == [
        "zorbian", "morphology", "zorbian morphology"]


def test_a_title_of_labels_and_a_number_is_only_labels():
    """Review 61: "Questions and Discussion 10" kept the number alone as its term (one digit is no word, two are), so
    it met papers with "11" or "10" ("WMT'11", "SemEval-2022 Task 11") instead of the other "Questions and
    Discussion" pages; "Introduction [Préface]" (the TAL journal's bilingual titles) kept "introduction" and met
    "An Introduction to MT" and book reviews of introductions."""
    from kg.similarity_words import Terms

    assert Terms()(("Questions and Discussion 10", "")) == ["genre_questions_and_discussion", "genre_~"]
    assert Terms()(("Introduction [Préface]", "")) == ["genre_introduction", "genre_preface", "genre_~"]
    assert Terms()(("Questions and Discussion 10", "We discuss zorbs.")) == ["10", "discuss", "zorbs"]  # a text
    assert Terms()(("Author Index: Volume 26", "")) == ["volume", "26", "volume 26"]  # a word besides the number
    assert Terms()(("2011", "")) == ["2011"]  # no label
    titles = [f"Questions and Discussion {n}" for n in (1, 2, 10, 11)] + [
        "Zorb Improvements for WMT'11", "Quaffle at SemEval-2022 Task 11: Zorbian Parsing", "Top 10 Zorbian Parsers",
        "An Introduction to Zorbian Parsing", "Introduction [Préface]", "Préface [Introduction]"]
    papers = [PaperText(f"paper/{i:02d}", title) for i, title in enumerate(titles)]
    labels = {"paper/00", "paper/01", "paper/02", "paper/03", "paper/08", "paper/09"}
    for link in similar_links(papers, k=3):
        assert (link.source in labels) == (link.target in labels), link


def test_a_label_few_pages_have_meets_other_label_pages_not_words_spelled_like_its_term():
    """Round h16u: a label-only page whose label fewer than k other pages have ("Call for Papers", "Keynote address")
    was completed by the back-off from words spelled like its term ``genre_call_papers``: on the Anthology "Genres in
    the Prague Discourse Treebank" at strength 0.91, in that paper's own top 3.  Every label-only page has one term
    in common with the others, so such a page meets label pages, and no paper about genres meets a label."""
    labels = ["Call for Papers", "Keynote address", "Briefly Noted", "Briefly Noted", "Préface [Foreword]",
              "Préface [Editorial]"]
    topics = ["Genres in the Zorbian Discourse Treebank", "Interpreting Genre Evolution on the Zorb Web",
              "Calling Zorbian Papers", "Parsing Quaffle Addresses", "Zorbian Genre Classification",
              "Quaffle Address Normalisation"]
    papers = [PaperText(f"paper/label-{i}", title) for i, title in enumerate(labels)]
    papers += [PaperText(f"paper/topic-{i}", title) for i, title in enumerate(topics)]
    for link in similar_links(papers, k=3):
        assert link.source.startswith("paper/label") == link.target.startswith("paper/label"), link
        if link.source.startswith("paper/label"):
            assert link.shared_terms[-1] == "title labels only"  # after the labels' own (shown first)
        if {link.source, link.target} == {"paper/label-4", "paper/label-5"}:
            assert link.shared_terms == ("preface (title label)", "title labels only")  # one term (h16w)


@pytest.mark.parametrize(("one", "other", "term"), [
    ("Guidelines for Submission", "Guidelines for Submissions", "genre_guidelines_for_submission"),
    ("Letter to the Editor", "Letters to the Editor", "genre_letter_to_the_editor"),
    ("Call for Papers", "Calls for Papers", "genre_call_for_papers"),
    ("Erratum", "Errata", "genre_erratum"),
    ("Obituary", "Obituaries", "genre_obituary"),
    ("Book Review", "Book Reviews", "genre_book_review"),
    ("Questions and Discussion 3", "Questions and Discussions", "genre_questions_and_discussion"),
])
def test_a_labels_singular_and_plural_make_one_term(one, other, term):
    """Round h16v: "Guidelines for Submission" (5 Anthology pages) and "Guidelines for Submissions" (9) were two
    terms, so a page of one spelling filled its top k with any label page rather than the other spelling's."""
    from kg.similarity_words import Terms

    assert Terms()((one, "")) == Terms()((other, "")) == [term, "genre_~"]


def test_a_labels_plural_stays_where_the_label_has_no_singular():
    """Round h16v: a word is put in the singular only where the pattern takes the label so spelt ("Last Words",
    "Publications Received", the "papers" of "Calls for Papers" keep their plurals)."""
    from kg.similarity_words import Terms, shown_term

    assert Terms()(("Last Words", "")) == ["genre_last_words", "genre_~"]
    assert Terms()(("Publications Received", "")) == ["genre_publications_received", "genre_~"]
    assert shown_term(Terms()(("Calls for Papers", ""))[0]) == "call for papers (title label)"


def test_both_spellings_of_a_label_meet_each_other_first():
    """Round h16v: with one term, a "Guidelines for Submission" page meets the "Guidelines for Submissions" pages
    before other label pages (it met them no more than an "Introduction" page, at the same strength)."""
    titles = ["Guidelines for Submission", "Introduction", "Keynote address", "Briefly Noted", "Briefly Noted",
              "Guidelines for Submissions", "Guidelines for Submissions"]  # after the others by id: ties go to them
    papers = [PaperText(f"paper/{i}", title) for i, title in enumerate(titles)]
    papers += [PaperText("paper/z", "Zorbian Morphology Analysers"),
               PaperText("paper/y", "Zorbian Morphology Lexicons")]
    near = defaultdict(list)
    for link in similar_links(papers, k=2):
        near[link.source].append((-link.score, link.target))
        near[link.target].append((-link.score, link.source))
    assert [paper for _, paper in sorted(near["paper/0"])[:2]] == ["paper/5", "paper/6"]


def test_a_link_whose_only_evidence_is_title_labels_is_weak():
    """Round h16v: two label-only pages ("Introduction" and "Keynote address", no abstract) share only
    ``genre_~``; the cosine of two such rows gave strength 0.935 and the link was not weak, so it read as a strong
    link in the views and queries and stayed when weak links were hidden.  Such a link is weak whatever its
    strength (the strength stays the score's percentile); a topical link of the same build is not made weak."""
    titles = ["Introduction", "Keynote address", "Guidelines for Submissions", "Guidelines for Submissions",
              "Zorbian morphology analysers for quaffle languages",
              "Zorbian morphology analysers for low-resource quaffle languages"]
    papers = [PaperText(f"paper/{i}", title) for i, title in enumerate(titles)]
    found = {frozenset((link.source, link.target)): link for link in similar_links(papers, k=2)}
    labels = [link for pair, link in found.items() if pair <= {"paper/0", "paper/1", "paper/2", "paper/3"}]
    assert labels and all(link.weak for link in labels)
    assert any(link.strength >= WEAK_BELOW for link in labels)  # weak for its evidence, not its strength
    topical = found[frozenset(("paper/4", "paper/5"))]
    assert topical.strength >= WEAK_BELOW and not topical.weak
    assert all(link.weak == (link.strength < WEAK_BELOW) for pair, link in found.items() if link not in labels)


def test_a_label_only_pages_link_is_not_weak_for_its_labels_when_it_shares_an_entity():
    """Round h16v: the rule is on what the two papers share, not on the pages: a label-only page that shares an
    entity with another shares more than labels."""
    from kg.similarity_links import link_blocks

    papers = [PaperText("paper/a", "Introduction", entities=("dataset/zorbbank",)),
              PaperText("paper/b", "Keynote address", entities=("dataset/zorbbank",)),
              PaperText("paper/c", "Briefly Noted"), PaperText("paper/d", "Briefly Noted")]
    blocks, _ = link_blocks(papers, k=1)
    flags = {(source, target): bool(only) for block in blocks
             for source, target, only in zip(block.sources, block.targets, block.labels_only)}
    assert flags[("paper/a", "paper/b")] is False and flags[("paper/c", "paper/d")] is True


def test_shared_columns_names_labels_as_the_reasons_do():
    """Round h16v: ``kg.similarity.shared_columns`` (public) returned the raw ``genre_...`` columns that the links'
    reasons show in plain words."""
    from kg.similarity import shared_columns
    from kg.similarity_links import paper_vectors

    papers = [PaperText("paper/a", "Briefly Noted"), PaperText("paper/b", "Briefly Noted"),
              PaperText("paper/c", "Zorbian morphology"), PaperText("paper/d", "Zorbian morphology analysers")]
    _, text, _ = paper_vectors(papers)
    assert shared_columns(text, [("paper/a", "paper/b"), ("paper/c", "paper/d")]) == [
        ["briefly noted (title label)", "title labels only"], ["zorbian", "morphology"]]  # other columns as they are


def test_a_title_labels_term_reads_plainly_wherever_a_links_reasons_are_shown():
    """Round h16u: two pages that are only a label ("Briefly Noted", no abstract) are neighbours for the label's
    own term (review 59); the link's shared terms said ``genre_briefly_noted``.  They say "briefly noted (title
    label)" in the edge's attributes and so in everything that shows them: ``kg similar``'s rows, the RDF's
    ``kg:sharedTerm``, the views' tooltips."""
    from exports.rdf_edges import similarity_triples
    from exports.view_details import edge_records
    from kg.analytics.similar import similar_papers

    graph = nx.MultiDiGraph()
    titles = ["Briefly Noted", "Briefly Noted", "Publications Received", "Publications Received",
              "Zorbian Morphology Analysers", "Zorbian Morphology Lexicons", "Quaffle Dialogue Pragmatics",
              "Quaffle Dialogue Acts"]
    for i, title in enumerate(titles):
        graph.add_node(f"paper/p{i}", kind="paper", title=title, label=title)
    add_similarity_edges(graph, k=1)
    terms = {frozenset((u, v)): data.get("shared_terms") or [] for u, v, key, data in graph.edges(keys=True, data=True)
             if key == "similarTo"}
    assert terms[frozenset(("paper/p0", "paper/p1"))] == ["briefly noted (title label)", "title labels only"]
    assert terms[frozenset(("paper/p2", "paper/p3"))] == ["publications received (title label)", "title labels only"]
    assert not any(term.startswith("genre_") for shown in terms.values() for term in shown)
    assert "morphology" in terms[frozenset(("paper/p4", "paper/p5"))]  # other terms as they were
    assert similar_papers(graph, "paper/p0")["shared_terms"].tolist()[0] == ["briefly noted (title label)",
                                                                              "title labels only"]
    _, v, data = next((u, v, data) for u, v, key, data in graph.edges(keys=True, data=True)
                      if key == "similarTo" and {u, v} == {"paper/p0", "paper/p1"})
    triples = similarity_triples("urn:x", v, str(data["basis"]), data["score"], data, ())
    assert [o.lexical for _, p, o in triples if str(p).endswith("sharedTerm")] == ["briefly noted (title label)",
                                                                                 "title labels only"]
    index = {node: i for i, node in enumerate(graph)}
    records = [record for record in edge_records(graph, index, ()) if record["r"] == "similarTo"]
    assert ["briefly noted (title label)", "title labels only"] in [record.get("tm") for record in records]


def _bootstrapping_papers() -> list[PaperText]:
    rng = random.Random(5)
    filler = ["corpus", "annotation", "evaluation", "baseline", "model", "treebank", "lexicon", "speech", "dialogue"]
    return [
        PaperText("paper/query", "Incremental Bootstrapping for Low-Resource Translation",
                  "Bootstrapping helps when parallel data are scarce: each bootstrapping round adds pseudo-parallel "
                  "sentences."),
        PaperText("paper/one-word", "Bootstrapping"),  # a title of one word: the cosine is that word's weight
        PaperText("paper/low-resource", "Data Augmentation for Low-Resource Translation",
                  "Parallel sentences are scarce for many languages; we propose data augmentation with synthetic "
                  "pairs, back-translation, word replacement and noise, and improve quality on eight language "
                  "directions."),
        *(PaperText(f"paper/other-{i}", " ".join(rng.sample(filler, 3)), " ".join(rng.choices(filler, k=12)))
          for i in range(6)),
    ]


def test_a_one_word_title_does_not_outrank_a_paper_on_the_same_task(monkeypatch):
    import kg.similarity_links as links_module

    def scores(papers):
        links = similar_links(papers, k=len(papers) - 1)  # every pair
        return {link.target if link.source == "paper/query" else link.source: link.score
                for link in links if "paper/query" in (link.source, link.target)}

    found = scores(_bootstrapping_papers())
    assert found["paper/low-resource"] > found["paper/one-word"]
    # the length weight alone does it: without the dense vectors (which also prefer the paper on the task) ...
    monkeypatch.setattr(links_module, "document_vectors", lambda text, papers: None)
    assert scores(_bootstrapping_papers())["paper/low-resource"] > scores(_bootstrapping_papers())["paper/one-word"]
    monkeypatch.setattr(links_module, "length_weights", lambda papers, text: np.ones(len(papers), dtype=np.float32))
    plain = scores(_bootstrapping_papers())
    assert plain["paper/low-resource"] < plain["paper/one-word"]  # ... and the plain cosine prefers the one-word title


def test_short_texts_weigh_less_and_pairs_of_title_words_are_not_counted():
    from kg.similarity_vectors import length_weights

    text = text_rows([PaperText("paper/a", "Slot Grammars"), PaperText("paper/b", "Slot grammars for parsing",
                                                                        "A parser of slot grammars in the lexicon.")])
    weights = length_weights(("paper/a", "paper/b", "paper/entities-only"), text, short=4)
    assert weights.tolist() == pytest.approx([np.sqrt(2 / 6), np.sqrt(5 / 9), 1.0])


def test_the_lsa_cosine_moderates_the_best_candidates_and_keeps_k():
    from kg.similarity_index import Rescoring, _select

    product = np.array([[0.0, 0.50, 0.48, 0.30]], dtype=np.float32)
    rows, columns = np.array([0]), np.arange(4)
    lsa = np.array([[1, 0], [0, 1], [1, 0], [1, 0]], dtype=np.float32)
    plain = _select(product, rows, columns, 1, 0.0, None)
    assert plain[1].tolist() == [1] and plain[2].tolist() == [0.5]
    blended = _select(product, rows, columns, 2, 0.0, Rescoring(None, lsa, 0.5))
    assert blended[1].tolist() == [2, 3]  # LSA agrees with 2 and 3, not with 1: 1 is halved
    assert blended[2].tolist() == pytest.approx([0.48, 0.30])
    lsa[3] = [0, 1]  # a weak cosine never rises above itself, whatever LSA says
    assert _select(product, rows, columns, 3, 0.0, Rescoring(None, lsa, 0.5))[2].tolist() == pytest.approx(
        [0.48, 0.25, 0.15])
    weighted = _select(product, rows, columns, 1, 0.0, Rescoring(np.array([1, 0.5, 1, 1], dtype=np.float32)))
    assert weighted[1].tolist() == [2]  # row 1's weight halves its cosine


def test_the_blended_index_still_gives_every_paper_k_neighbours():
    from kg.similarity_index import neighbours

    rng = random.Random(12)
    words = [f"w{i}" for i in range(300)]
    vectors = text_rows([PaperText(f"paper/{i:04d}", " ".join(rng.sample(words, rng.randint(1, 6))))
                         for i in range(900)])
    weights = rng_weights = np.random.default_rng(0).uniform(0.3, 1, 900).astype(np.float32)
    for limit in (0, 10_000):  # approximate, then exact with its own LSA
        found = defaultdict(set)
        for rows, cols, scores in neighbours(vectors, top_k=3, exact_limit=limit, dimensions=16, weights=rng_weights):
            for r, c, score in zip(rows.tolist(), cols.tolist(), scores.tolist()):
                found[r].add(c)
                assert 0 < score <= 1
        assert len(found) == len(vectors.papers) and all(len(cols) >= 3 for cols in found.values())
    assert weights is rng_weights


def test_the_lsa_factor_is_computed_exactly_so_every_process_gets_the_same_scores():
    """Local and Dask builds must agree to the byte: the LSA cosines of float16 rows are exact sums (math.fsum)."""
    import math

    from kg.similarity_index import _SCALE, Rescoring, _select

    rng = np.random.default_rng(7)
    lsa = rng.normal(size=(40, 128))
    lsa = (lsa / np.linalg.norm(lsa, axis=1, keepdims=True)).astype(np.float16)
    cosines = np.round(rng.uniform(0.05, 0.9, size=(40, 40)), 4)
    rows = columns = np.arange(40)
    found_rows, found, scores = _select(cosines, rows, columns, 3, 0.0, Rescoring(None, lsa, 0.5))
    for row, column, score in zip(found_rows, found, scores):
        exact = math.fsum(float(a) * float(b) for a, b in zip(lsa[row], lsa[column]))
        expected = max(0.0, min(1.0, cosines[row, column] * (0.5 + 0.5 * exact)))
        assert score == np.rint(expected * _SCALE) / _SCALE


def test_the_pairs_do_not_depend_on_the_callers_blas_threads():
    """A Dask worker runs BLAS on one thread, the build's own process on several: the LSA and k-means must not care."""
    from threadpoolctl import threadpool_limits

    from kg.similarity_links import pair_arrays
    from kg.similarity_vectors import text_rows

    rng = np.random.default_rng(3)
    words = [f"w{i}" for i in range(3000)]
    vectors = text_rows([PaperText(f"paper/{i:04d}", " ".join(rng.choice(words, size=40))) for i in range(1500)])
    found = []
    for threads in (1, 2):
        with threadpool_limits(limits=threads, user_api="blas"):
            found.append(pair_arrays(vectors, k=5))
    assert all(np.array_equal(one, two) for one, two in zip(*found))


@pytest.mark.parametrize("code", ["fr", "de", "es", "pt", "it", "nl"])
def test_stop_lists_read_from_spacys_files_are_its_own(code):
    # The stop lists are read from spaCy's files without importing each language (seconds of regex compiling);
    # they are exactly what importing the language's stop_words module gives.
    from importlib import import_module

    from kg.similarity_terms import STOP_LANGUAGES, spacy_stop_words

    assert code in STOP_LANGUAGES
    assert spacy_stop_words(code) == frozenset(import_module(f"spacy.lang.{code}.stop_words").STOP_WORDS)
