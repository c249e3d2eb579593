"""``paper_texts`` reads each paper's entities from the adjacency's own dicts (round h14bj): the same papers, texts
and entities as a reading through ``graph.out_edges`` views, on the bundled sample pages and on made-up graphs with
every case its filter has (both entity relations to one target, other relations and kinds, ``similarTo`` links,
nodes without a kind, excluded extractors)."""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import networkx as nx
import pytest

from kg.pipeline import build
from kg.similarity_links import PaperText
from kg.similarity_vectors import paper_texts
from ontology.kinds import ENTITY_KINDS


def _through_edge_views(graph: nx.MultiDiGraph, exclude_extractors: Iterable[str] = ()) -> Iterator[PaperText]:
    """What ``paper_texts`` gave before round h14bj, read through networkx's edge views: the reference."""
    excluded = frozenset(exclude_extractors)
    for node in sorted(node for node, kind in graph.nodes(data="kind") if kind == "paper"):
        data = graph.nodes[node]
        named = set()
        for _, target, relation, edge in graph.out_edges(node, keys=True, data=True):
            if relation not in ("uses", "proposes") or graph.nodes[target].get("kind") not in ENTITY_KINDS:
                continue
            extractors = {m.get("extractor") for m in edge.get("mentions") or ()} or {edge.get("extractor")}
            if not (excluded and extractors <= excluded):
                named.add(target)
        yield PaperText(node, data.get("title") or None, data.get("abstract") or None, tuple(sorted(named)))


def _made_up(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    entities = [f"{kind}/{kind}-{i}" for kind in ("method", "dataset", "task", "metric", "model") for i in range(4)]
    for entity in entities:
        graph.add_node(entity, kind=entity.split("/")[0], label=entity)
    graph.add_node("venue/acl", kind="venue")
    graph.add_node("person/someone", kind="person")
    graph.add_node("thing/kindless")  # no kind: never an entity
    papers = [f"paper/{i:02d}" for i in range(40)]
    for i, paper in enumerate(papers):
        graph.add_node(paper, kind="paper", title=rng.choice(["", f"Title {i}", None]),
                       abstract=rng.choice(["", None, f"We study {i}."]))
    for paper in papers:
        for target in rng.sample([*entities, "venue/acl", "person/someone", "thing/kindless", *papers], 8):
            for relation in rng.sample(["uses", "proposes", "presentedAt", "creator", "similarTo"], 2):
                extractor = rng.choice(["rules", "papers-with-code", None])
                mentions = rng.choice([None, [], [{"extractor": "rules"}], [{"extractor": "papers-with-code"}],
                                       [{"extractor": "papers-with-code"}, {"extractor": "rules"}]])
                attributes = {"relation": relation, **({"extractor": extractor} if extractor else {}),
                              **({"mentions": mentions} if mentions is not None else {})}
                graph.add_edge(paper, target, key=relation, **attributes)
    return graph


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("excluded", [(), ("papers-with-code",), ("rules", "papers-with-code")])
def test_paper_texts_are_those_read_through_edge_views_on_made_up_graphs(seed, excluded):
    graph = _made_up(seed)
    expected = list(_through_edge_views(graph, excluded))
    assert list(paper_texts(graph, exclude_extractors=excluded)) == expected
    assert any(paper.entities for paper in expected) and any(not paper.entities for paper in expected)


def test_paper_texts_are_those_read_through_edge_views_on_the_sample_pages():
    graph = build().graph  # the bundled sample pages, with their similarTo links
    expected = list(_through_edge_views(graph))
    assert len(expected) > 50 and sum(bool(paper.entities) for paper in expected) > 20
    assert list(paper_texts(graph)) == expected
