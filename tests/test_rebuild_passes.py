"""Whole-graph passes that every rebuild makes, done in C: the same results as the loops they replaced."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from exports.view_clusters import cluster_labels, paper_clusters, paper_links
from exports.view_papermap import MIN_CLUSTER, paper_map
from kg.pipeline import BuildResult


def _random_similar_graph(seed: int, papers: int = 400, links: int = 1500) -> nx.MultiDiGraph:
    """Papers linked by ``similarTo`` with scores of many bits, a few entities, and papers without links."""
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    for i in range(papers):
        g.add_node(f"paper/{i:04d}", kind="paper", title=f"Paper {i}")
    for i in range(20):
        g.add_node(f"method/{i}", kind="method", label=f"Method {i}")
    for _ in range(links):
        a, b = rng.sample(range(papers - 30), 2)  # the last 30 papers stay unlinked
        g.add_edge(f"paper/{a:04d}", f"paper/{b:04d}", key="similarTo", relation="similarTo",
                   score=rng.random() * rng.choice([1, 1e-3, 1e3]), shared_terms=[f"term{rng.randrange(9)}"])
    for i in range(papers):
        for j in rng.sample(range(20), 2):
            g.add_edge(f"paper/{i:04d}", f"method/{j}", key="uses", relation="uses")
    return g


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_inner_weights_are_the_sums_one_paper_at_a_time(seed: int) -> None:
    links = paper_links(_random_similar_graph(seed))
    parts = paper_clusters(links, louvain_limit=0 if seed == 2 else None)
    parts = [part for part in parts if len(part) >= MIN_CLUSTER] + [
        [paper for part in parts if len(part) < MIN_CLUSTER for paper in part]]  # and the pool, as paper_map does
    weights = links.inner_weights(parts)
    for part in parts:
        inside = set(part)
        for paper in part:  # to the last bit: the order of the additions is the same
            assert weights[links._index[paper]] == sum(w for m, w in links.neighbours(paper) if m in inside)
    in_none = [i for i, paper in enumerate(links.papers) if not any(paper in part for part in parts)]
    assert in_none and all(weights[i] == 0.0 for i in in_none)  # the unlinked papers


def test_a_paper_map_orders_each_cluster_by_its_inner_weight() -> None:
    g = _random_similar_graph(3)
    pmap = paper_map(g)
    links = pmap.similarity
    for cluster in pmap.clusters:
        inside = set(cluster.members)
        weight = {n: sum(w for m, w in links.neighbours(n) if m in inside) for n in cluster.members}
        assert cluster.members == sorted(cluster.members, key=lambda n: (-weight[n], str(n)))


def test_cluster_labels_name_the_entities_of_the_papers() -> None:
    g = nx.MultiDiGraph()
    for i in range(6):
        g.add_node(f"paper/{i}", kind="paper")
    g.add_node("method/m", kind="method", label="Beam search")
    g.add_node("venue/v", kind="venue", label="A venue")
    for a, b in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]:
        g.add_edge(f"paper/{a}", f"paper/{b}", key="similarTo", relation="similarTo", score=0.5)
    for i in range(3):
        g.add_edge(f"paper/{i}", "method/m", key="uses", relation="uses")
        g.add_edge(f"paper/{i}", "venue/v", key="presentedAt", relation="presentedAt")  # not an entity's link
        g.add_edge(f"paper/{i + 3}", "venue/v", key="uses", relation="uses")  # a venue is no entity
    links = paper_links(g)
    parts = paper_clusters(links)
    assert cluster_labels(g, links, parts) == ["Beam search", "3 papers"]


def test_cluster_labels_leave_out_what_links_show_for_papers_sharing_no_word() -> None:
    """Review 70: a small cluster whose links share only "translation (frequent word)" or two words spelled alike was
    labelled by that stand-in; a title label is named without its mark."""
    g = nx.MultiDiGraph()
    for i in range(9):
        g.add_node(f"paper/{i}", kind="paper")
    shown = {0: ["translation (frequent word)", "alis ~ alison (spelled alike)", "no shared word"],
             3: ["book reviews (title label)", "title labels only"],
             6: ["graph parsing", "translation (frequent word)"]}
    for first, terms in shown.items():
        for a, b in [(0, 1), (1, 2), (0, 2)]:
            g.add_edge(f"paper/{first + a}", f"paper/{first + b}", key="similarTo", relation="similarTo", score=0.5,
                       shared_terms=terms)
    links = paper_links(g)
    parts = sorted(paper_clusters(links), key=min)
    assert [sorted(part) for part in parts] == [[f"paper/{first + i}" for i in range(3)] for first in shown]
    assert cluster_labels(g, links, parts) == ["3 papers", "book reviews", "graph parsing"]


def test_counts_are_those_of_every_node_and_edge_in_order() -> None:
    g = _random_similar_graph(4, papers=60, links=100)
    g.add_node("venue/uses", kind="uses")  # a kind spelled like a relation: one count for both
    g.add_edge("paper/0001", "paper/0002", key="other", relation="other")
    g.add_node("loose")  # no kind
    expected: dict = {}
    for _, kind in g.nodes(data="kind"):
        expected[kind] = expected.get(kind, 0) + 1
    for _, _, relation in g.edges(keys=True):
        expected[relation] = expected.get(relation, 0) + 1
    counts = BuildResult(g, (), ()).counts()
    assert type(counts) is dict and list(counts.items()) == list(expected.items())
    assert counts["uses"] == 1 + 60 * 2 and counts[None] == 1


def test_what_a_paused_block_made_goes_to_the_oldest_generation_unless_something_is_frozen() -> None:
    import gc

    from kg.outputs import graph_frozen
    from ontology.util.memory import paused_gc

    def oldest(thing: object) -> bool:
        return any(other is thing for other in gc.get_objects(generation=2))

    with paused_gc():
        made = [[] for _ in range(10_000)]
    assert gc.isenabled() and oldest(made[0]) and oldest(made[-1])  # no young pass walks them
    with graph_frozen():
        with paused_gc():
            later = [[] for _ in range(100)]
        assert gc.get_freeze_count() and not oldest(later[0])  # the graph stays frozen
        assert not oldest(made[0])  # it is frozen with the rest
    assert oldest(made[0]) and gc.get_freeze_count() == 0
