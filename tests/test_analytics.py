"""kg.analytics: concrete answers on the sample build and on made-up graphs."""
from __future__ import annotations

import sys

import networkx as nx
import pytest

from exports.node_link import write_json
from exports.rdf import write_turtle
from kg import analytics
from kg.analytics import (
    AnalyticsError,
    benchmarks_by_task,
    bridging_papers,
    centrality,
    co_usage_graph,
    communities,
    community,
    entity_trends,
    load_graph,
    load_rdf,
    paper_entity_graph,
    paper_entity_pairs,
    similar_papers,
    to_pandas,
    top_entities,
    toy_graph,
)
from ontology.errors import KgError
from ontology.kinds import EntityKind, Relation

CACHE = "Cache-Efficient Posterior Sampling for Reinforcement Learning"
PROXIMITY = "Proximity-Based Multi-Turn Optimization"
SELF_CONSISTENCY = "Does Self-Consistency Improve the Recall of Encyclopedic Knowledge?"


@pytest.fixture(scope="module")
def sample(sample_build) -> nx.MultiDiGraph:
    return sample_build.graph


def _titles(graph: nx.MultiDiGraph, papers) -> list[str]:
    return sorted(graph.nodes[paper]["title"] for paper in papers)


# ----------------------------------------------------------------------------- the sample pages


def test_which_sample_papers_use_which_benchmark(sample):
    facts = to_pandas(sample).facts
    alfworld = facts.query("label == 'ALFWorld' and relation == 'uses'")["paper"]
    titles = _titles(sample, alfworld)
    assert len(titles) == 2 and titles[0].startswith(CACHE) and titles[1].startswith(PROXIMITY)
    for benchmark in ("MMLU", "MedMCQA"):
        (paper,) = facts.query("label == @benchmark and relation == 'uses'")["paper"]
        assert sample.nodes[paper]["title"] == SELF_CONSISTENCY


def test_the_most_used_sample_benchmark_is_alfworld(sample):
    ranked = top_entities(sample, kind="dataset", top=3)
    assert ranked.iloc[0].to_dict() == {"entity": "dataset/alfworld", "label": "ALFWorld", "papers": 2}
    assert list(ranked["papers"])[1:] == [1, 1]


def test_benchmarks_by_venue_and_year_split_alfworld_between_acl_2026_and_emnlp_2025(sample):
    by_venue = top_entities(sample, kind="dataset", by="venue", top=50)
    alfworld = by_venue.query("label == 'ALFWorld'")
    assert alfworld[["venue", "papers"]].to_dict("records") == [{"venue": "ACL 2026", "papers": 1},
                                                                {"venue": "EMNLP 2025", "papers": 1}]
    by_series = top_entities(sample, kind="dataset", by="series", top=1)
    assert by_series[["series", "label", "papers"]].to_dict("records") == [
        {"series": "ACL", "label": "ALFWorld", "papers": 1}, {"series": "EMNLP", "label": "ALFWorld", "papers": 1}]
    trends = entity_trends(sample, kind="dataset", top=1)
    assert trends.to_dict("index") == {2025: {"ALFWorld": 1}, 2026: {"ALFWorld": 1}}


def test_benchmarks_used_together_on_the_sample(sample):
    co = co_usage_graph(sample, kind="dataset")
    labels = {frozenset((co.nodes[u]["label"], co.nodes[v]["label"])) for u, v in co.edges}
    assert {frozenset(("ALFWorld", "WebShop")), frozenset(("ALFWorld", "TextWorld")),
            frozenset(("MMLU", "MedMCQA")), frozenset(("BEIR", "BRIGHT"))} <= labels
    assert co.nodes["dataset/alfworld"]["papers"] == 2
    assert not co_usage_graph(sample, kind="dataset", min_weight=2).edges


def test_frames_match_the_graph(sample):
    frames = to_pandas(sample)
    kinds = [kind for _, kind in sample.nodes(data="kind")]
    assert len(frames.papers) == kinds.count("paper")
    assert len(frames.entities) == sum(kinds.count(k) for k in analytics.ENTITY_KINDS)
    assert len(frames.facts) == sum(1 for *_, r in sample.edges(keys=True) if r in ("uses", "proposes"))
    assert set(frames.papers["venue"].dropna()) == {"ACL 2026", "EMNLP 2025"}
    alfworld = frames.entities.set_index("entity").loc["dataset/alfworld"]
    assert (alfworld["papers"], alfworld["used_by"], alfworld["proposed_by"]) == (2, 2, 0)


def test_communities_on_the_sample_cover_the_paper_entity_graph_once(sample):
    found = communities(sample)
    projected = paper_entity_graph(sample)
    assert sorted(node for members in found for node in members) == sorted(projected)
    assert [len(c) for c in found] == sorted((len(c) for c in found), reverse=True)
    assert found == communities(sample)  # seeded: the same answer every time
    alfworld = next(c for c in found if "dataset/alfworld" in c)
    assert {"dataset/webshop", "dataset/textworld"} & alfworld


def test_sample_bridges_name_entities_of_several_communities(sample):
    """Which sample paper bridges depends on what extraction finds; that each named bridge really spans
    communities (as :func:`communities` draws them) does not."""
    bridging = bridging_papers(sample, top=5)
    assert len(bridging) >= 1
    community_of = {node: index for index, members in enumerate(communities(sample)) for node in members}
    for row in bridging.itertuples():
        spanned = {community_of[n] for n in sample.successors(row.paper) if n in community_of}
        assert row.communities >= 2 and len(spanned) >= 2 and row.participation > 0


def test_similar_papers_of_a_sample_paper_include_its_similar_lecture(sample):
    clear = "CLEAR: Cross-Lingual Enhancement in Retrieval via Reverse-training"
    found = similar_papers(sample, clear.upper())
    assert found.iloc[0]["label"].startswith("Are Knowledge and Reference in Multilingual Language Models")
    assert (found.iloc[0]["basis"], found.iloc[0]["score"]) == ("source", 1.0)


def test_load_a_built_output_back_into_networkx_and_rdflib(sample, tmp_path):
    write_json(sample, tmp_path / "graph.json")
    write_turtle(sample, tmp_path / "graph.ttl")
    graph = load_graph(tmp_path)
    assert sorted(graph.nodes) == sorted(sample.nodes)
    assert top_entities(graph, kind="dataset", top=1)["label"].tolist() == ["ALFWorld"]
    rdf = load_rdf(tmp_path)
    query = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a <https://w3id.org/paperkg/ontology#Paper> }"
    assert int(next(iter(rdf.query(query)))[0]) == len(to_pandas(sample).papers)


# ----------------------------------------------------------------------------- errors


def test_loading_a_folder_without_a_build_says_to_run_kg_build(tmp_path):
    with pytest.raises(AnalyticsError, match="run `kg build -o"):
        load_graph(tmp_path)
    with pytest.raises(AnalyticsError, match="run `kg build -o"):
        load_rdf(tmp_path)


def test_loading_a_broken_graph_json_is_an_analytics_error(tmp_path):
    (tmp_path / "graph.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(AnalyticsError, match="graph.json"):
        load_graph(tmp_path)


@pytest.mark.parametrize("call, message", [
    (lambda g: top_entities(g, kind="benchmark"), "unknown entity kind 'benchmark'"),
    (lambda g: top_entities(g, by="country"), "cannot group by 'country'"),
    (lambda g: top_entities(g, relations=("cites",)), "unknown relation 'cites'"),
    (lambda g: top_entities(g, top=0), "top must be at least 1"),
    (lambda g: communities(g, method="girvan-newman"), "unknown community method"),
    (lambda g: centrality(g, measure="closeness"), "unknown centrality measure"),
    (lambda g: similar_papers(g, "No Such Paper"), "no paper with id or title"),
    (lambda g: similar_papers(g, "translation"), "2 papers match 'translation'"),
    (lambda g: similar_papers(g, "  "), "not an empty string"),
    (lambda g: paper_entity_graph(g, kinds=("venue",)), "unknown entity kind 'venue'"),
])
def test_bad_questions_say_what_is_allowed(call, message):
    with pytest.raises(AnalyticsError, match=message):
        call(toy_graph())


# ----------------------------------------------------------------------------- made-up graphs


def test_top_entities_counts_papers_not_edges_and_can_include_proposals():
    graph = toy_graph()
    assert top_entities(graph, kind="method", top=1)[["label", "papers"]].to_dict("records") == [
        {"label": "BERT", "papers": 3}]
    both = top_entities(graph, kind="method", relations=("uses", "proposes"), top=1)
    assert both[["label", "papers"]].to_dict("records") == [{"label": "BERT", "papers": 4}]
    everything = top_entities(graph, kind=None, top=20)
    assert "dataset/unused" not in set(everything["entity"]) and len(everything) == 6


def test_trend_shares_are_fractions_of_that_years_papers():
    shares = entity_trends(toy_graph(), kind="method", top=2, share=True)
    assert shares.loc[2019].to_dict() == pytest.approx({"BERT": 2 / 3, "Transformer": 1 / 3})
    assert shares.loc[2020].to_dict() == pytest.approx({"BERT": 1 / 3, "Transformer": 1 / 3})


def test_a_graph_without_papers_gives_empty_answers():
    empty = nx.MultiDiGraph()
    assert top_entities(empty).empty and entity_trends(empty).empty
    assert communities(empty) == [] and centrality(empty).empty and bridging_papers(empty).empty
    assert co_usage_graph(empty).number_of_nodes() == 0


@pytest.mark.parametrize("method", ["louvain", "leiden", "label-propagation"])
def test_every_community_method_partitions_the_toy_graph(method):
    found = communities(toy_graph(), method=method)
    nodes = [node for members in found for node in members]
    assert sorted(nodes) == sorted(paper_entity_graph(toy_graph())) and len(nodes) == len(set(nodes))
    if method != "label-propagation":
        assert {"paper/p5", "dataset/wmt14", "method/transformer"} <= next(c for c in found if "paper/p5" in c)


def test_leiden_without_its_packages_says_how_to_install_them(monkeypatch):
    monkeypatch.setitem(sys.modules, "leidenalg", None)
    with pytest.raises(AnalyticsError, match=r"pip install 'kg\[communities\]'"):
        communities(toy_graph(), method="leiden")


def test_large_graphs_use_leiden_and_fall_back_to_label_propagation_with_a_warning(monkeypatch):
    monkeypatch.setattr(community, "LOUVAIN_MAX_NODES", 3)
    assert analytics.choose_community_method(4) == "leiden"
    monkeypatch.setitem(sys.modules, "leidenalg", None)
    assert analytics.choose_community_method(4) == "label-propagation"
    with pytest.warns(RuntimeWarning, match="label propagation"):
        found = communities(toy_graph())
    assert sum(len(c) for c in found) == paper_entity_graph(toy_graph()).number_of_nodes()


@pytest.mark.parametrize("measure", ["pagerank", "degree", "betweenness"])
def test_bert_is_the_most_central_entity_of_the_toy_graph(measure):
    ranked = centrality(toy_graph(), kind="entity", measure=measure, top=3)
    assert ranked.iloc[0]["label"] == "BERT"
    assert set(ranked["kind"]) <= {"method", "dataset", "model"}
    assert list(ranked["score"]) == sorted(ranked["score"], reverse=True)


def test_centrality_of_papers_only_ranks_papers():
    ranked = centrality(toy_graph(), kind="paper", top=10)
    assert set(ranked["kind"]) == {"paper"} and len(ranked) == 6


def test_bridging_scores_follow_the_participation_formula():
    found = [{"paper/p6", "dataset/wmt14", "method/transformer", "paper/p5"},
             {"dataset/squad", "paper/p1", "paper/p2", "method/bert"},
             {"paper/p3", "paper/p4", "dataset/mnli", "dataset/glue"}]
    table = bridging_papers(toy_graph(), found=found, top=10).set_index("paper")
    assert table.loc["paper/p6", "participation"] == pytest.approx(1 - (2 / 3) ** 2 - (1 / 3) ** 2, abs=1e-4)
    assert table.loc["paper/p3", "participation"] == pytest.approx(1 - (2 / 3) ** 2 - (1 / 3) ** 2, abs=1e-4)
    assert "paper/p1" not in table.index  # all its neighbours are in one community: it bridges nothing


def test_similar_papers_reads_links_in_both_directions_best_first():
    graph = toy_graph()
    graph.add_edge("paper/p3", "paper/p1", key="similarTo", relation="similarTo", basis="text", score=0.4)
    assert similar_papers(graph, "paper/p2")["paper"].tolist() == ["paper/p1"]
    found = similar_papers(graph, "paper/p1")
    assert found[["paper", "basis", "score"]].to_dict("records") == [
        {"paper": "paper/p2", "basis": "source", "score": 1.0}, {"paper": "paper/p3", "basis": "text", "score": 0.4}]


def test_similar_papers_finds_a_paper_by_part_of_its_title_and_can_hide_weak_links():
    graph = toy_graph()
    graph.add_edge("paper/p1", "paper/p3", key="similarTo", relation="similarTo", basis="combined", score=0.2,
                   strength=0.1, weak=True, shared_entities=["method/bert"], shared_terms=["bert"])
    found = similar_papers(graph, "comprehension with bert")  # part of "Reading comprehension with BERT"
    weak = found.set_index("paper").loc["paper/p3"]
    assert bool(weak["weak"]) and weak["strength"] == 0.1
    assert weak["shared_entities"] == ["BERT"] and weak["shared_terms"] == ["bert"]  # entities by label
    assert similar_papers(graph, "comprehension with bert", weak=False)["paper"].tolist() == ["paper/p2"]


def test_an_ambiguous_title_lists_the_candidates_with_their_ids():
    with pytest.raises(AnalyticsError) as error:
        similar_papers(toy_graph(), "reading comprehension")
    message = str(error.value)
    assert "paper/p1  Reading comprehension with BERT" in message
    assert "paper/p6  Low-resource translation with reading comprehension" in message


def test_analytics_errors_are_kg_errors():
    with pytest.raises(KgError, match="top must be at least 1"):
        top_entities(toy_graph(), top=0)


def test_the_ontology_enums_are_accepted_where_strings_are():
    graph = toy_graph()
    assert top_entities(graph, kind=EntityKind.METHOD, relations=(Relation.USES, Relation.PROPOSES)).equals(
        top_entities(graph, kind="method", relations=("uses", "proposes")))


def test_paper_entity_pairs_has_one_row_per_pair_whatever_the_relations():
    graph = toy_graph()
    both = paper_entity_pairs(graph, kind="method")
    assert both.query("paper == 'paper/p4'")["label"].tolist() == ["BERT"]  # proposes it, no uses edge
    assert len(both) == len(both.drop_duplicates(["paper", "entity"])) == 6
    assert paper_entity_pairs(graph, relations=("proposes",))[["paper", "entity"]].values.tolist() == [
        ["paper/p4", "method/bert"]]


# ----------------------------------------------------------------------------- tasks and metrics


def test_benchmarks_by_task_lists_the_datasets_of_the_papers_on_each_task():
    table = benchmarks_by_task(toy_graph(tasks=True), tasks=None)
    assert table[["task_label", "task_papers", "label", "papers", "share"]].values.tolist() == [
        ["question answering", 3, "SQuAD", 3, 1.0],  # p1, p2, p6
        ["question answering", 3, "WMT14", 1, 0.3333],  # p6 works on translation too
        ["machine translation", 2, "WMT14", 2, 1.0],
        ["machine translation", 2, "SQuAD", 1, 0.5],
        ["natural language inference", 2, "GLUE", 2, 1.0],
        ["natural language inference", 2, "MNLI", 2, 1.0],
        ["low-resource machine translation", 1, "SQuAD", 1, 1.0],  # p6 introduces the task
        ["low-resource machine translation", 1, "WMT14", 1, 1.0],
    ]


def test_benchmarks_by_task_keeps_the_top_tasks_and_rows_and_counts_only_the_asked_relations():
    graph = toy_graph(tasks=True)
    assert benchmarks_by_task(graph, top=1, tasks=1)[["task", "entity"]].values.tolist() == [
        ["task/qa", "dataset/squad"]]
    introduced_only = benchmarks_by_task(graph, relations=("proposes",))
    assert introduced_only.empty  # no paper both introduces a task and introduces a dataset
    used_only = benchmarks_by_task(graph, relations=("uses",))
    assert "task/lrmt" not in set(used_only["task"])  # p6 only introduces it


def test_the_top_tasks_are_chosen_among_tasks_with_benchmarks():
    graph = toy_graph(tasks=True)
    graph.add_node("task/sa", kind="task", label="sentiment analysis", alt_labels=[], same_as=[], sources=["toy"])
    for key in range(7, 11):  # four more papers: the most addressed task, but no paper of it names a dataset
        graph.add_node(f"paper/p{key}", kind="paper", label=f"Sentiment {key}", title=f"Sentiment {key}", year=2020)
        graph.add_edge(f"paper/p{key}", "task/sa", key="uses", relation="uses", confidence=0.8, mentions=[])
    assert top_entities(graph, kind="task", top=1)["label"].tolist() == ["sentiment analysis"]
    assert benchmarks_by_task(graph, tasks=1)["task_label"].unique().tolist() == ["question answering"]


def test_metrics_by_task_and_the_most_used_tasks_and_metrics():
    graph = toy_graph(tasks=True)
    metrics = benchmarks_by_task(graph, kind="metric", tasks=None)
    by_task = {task: list(rows["label"]) for task, rows in metrics.groupby("task_label", sort=False)}
    assert by_task == {"question answering": ["F1", "BLEU", "exact match"], "machine translation": ["BLEU"],
                       "natural language inference": ["accuracy"], "low-resource machine translation": ["BLEU"]}
    tasks = top_entities(graph, kind="task", relations=("uses", "proposes"), top=10)
    assert tasks[["label", "papers"]].values.tolist() == [
        ["question answering", 3], ["machine translation", 2], ["natural language inference", 2],
        ["low-resource machine translation", 1]]
    assert top_entities(graph, kind="metric", top=2)[["label", "papers"]].values.tolist() == [
        ["BLEU", 2], ["F1", 2]]


@pytest.mark.parametrize("call, message", [
    (lambda g: benchmarks_by_task(g, kind="task"), "not task"),
    (lambda g: benchmarks_by_task(g, kind="venue"), "unknown entity kind 'venue'"),
    (lambda g: benchmarks_by_task(g, top=0), "at least 1"),
    (lambda g: benchmarks_by_task(g, tasks=0), "at least 1"),
    (lambda g: benchmarks_by_task(g, relations=("cites",)), "unknown relation 'cites'"),
])
def test_bad_task_questions_say_what_is_allowed(call, message):
    with pytest.raises(AnalyticsError, match=message):
        call(toy_graph(tasks=True))


def test_a_graph_without_tasks_has_no_benchmarks_by_task(sample):
    assert benchmarks_by_task(toy_graph()).empty and benchmarks_by_task(nx.MultiDiGraph()).empty
    assert benchmarks_by_task(sample).empty == (not any(k == "task" for _, k in sample.nodes(data="kind")))


def test_metrics_stay_out_of_communities_and_centrality_but_tasks_join_them():
    graph = toy_graph(tasks=True)
    projected = paper_entity_graph(graph)
    assert "metric/f1" not in projected and "task/qa" in projected
    assert "metric/f1" in paper_entity_graph(graph, kinds=analytics.ENTITY_KINDS)
    found = communities(graph)
    assert not any(node.startswith("metric/") for members in found for node in members)
    qa = next(members for members in found if "task/qa" in members)
    assert {"paper/p1", "paper/p2"} <= qa  # the question-answering papers stay together
    assert set(centrality(graph, kind="entity", top=50)["kind"]) == {"dataset", "method", "task"}


def test_every_public_name_of_the_package_is_importable():
    for name in analytics.__all__:
        assert getattr(analytics, name) is not None, name
