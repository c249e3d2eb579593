"""benchmarks/similarity_rerank.py: the pools re-ranked by no factor give the links kg.similarity_links makes, and
the task factor re-orders them."""
from __future__ import annotations

from collections import defaultdict

import pytest
from script_modules import load_script

from kg.similarity_links import similar_links
from kg.similarity_vectors import PaperText
from tests.similarity_papers import random_papers

rerank = load_script("benchmarks/similarity_rerank.py", "kg_similarity_rerank_test")


def _top_links(papers: list[PaperText], top: int = 3) -> dict[str, list[str]]:
    """Each paper's ``top`` links of :func:`similar_links`, ordered as ``--judge-sample`` orders them."""
    found = defaultdict(list)
    for link in similar_links(papers):
        found[link.source].append((link.score, link.target))
        found[link.target].append((link.score, link.source))
    return {paper: [other for _, other in sorted(links, key=lambda item: (-item[0], item[1]))[:top]]
            for paper, links in found.items()}


@pytest.mark.parametrize("seed", [3, 11])
def test_pools_without_a_factor_give_the_package_links(seed):
    """Every link of each query, in order: its own k best and those only its neighbours' searches found (a
    harness taking each query's own candidates alone, or linking k - 1 per row, fails here)."""
    papers = random_papers(seed, 80)
    queries = [paper.id for paper in papers[::7]]
    pools = rerank.candidate_pools(papers, queries)
    expected = _top_links(papers, top=100)
    assert rerank.linked_top(pools, queries, top=100) == {q: expected[q] for q in queries}
    assert rerank.linked_top(pools, queries) == {q: expected[q][:3] for q in queries}


def test_the_task_factor_pushes_down_neighbours_on_other_tasks():
    papers = [PaperText("paper/q", "Neural parsing of dependency graphs", "dependency parsing with graph networks",
                        entities=("task/parsing",)),
              PaperText("paper/same", "Dependency parsing with graph networks", "graph networks for parsing",
                        entities=("task/parsing",)),
              PaperText("paper/other", "Neural parsing of dependency graphs", "dependency parsing graph networks",
                        entities=("task/translation",)),
              *random_papers(5, 30)]
    pools = rerank.candidate_pools(papers, ["paper/q"])
    before = rerank.linked_top(pools, ["paper/q"], top=1)
    assert before == {"paper/q": ["paper/other"]}  # the near copy of its text, on another task
    tasks = rerank.task_sets(papers)
    after = rerank.linked_top(pools, ["paper/q"], rerank.no_shared_task(tasks, 0.9), top=1)
    assert after == {"paper/q": ["paper/same"]}


def test_counts_split_by_query_kind():
    judged = {frozenset(("paper/a", "paper/b")): True, frozenset(("paper/c", "paper/d")): False}
    counts = rerank.count({"paper/a": ["paper/b", "paper/x"], "paper/c": ["paper/d"]}, judged, short={"paper/c"})
    assert (counts["related"], counts["judged"], counts["unjudged"]) == (1, 2, 1)
    assert (counts["related with abstract"], counts["related title-only"]) == (1, 0)
