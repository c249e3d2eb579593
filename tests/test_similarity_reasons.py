"""The similarity stage's links, reasons and edges made a block at a time (kg.similarity_reasons, the blocks of
kg.similarity_links, kg.similarity's edges, kg.shared_keys.add_edges, Search.keep): the same as made one by one.

The references here are the one-by-one code the blocks replaced (round h14bm): each pair's shared columns ranked
by the product of the weights (6 places, ties to the smaller column), a term left out when a pair of words among
the first ten holds it, five kept; each edge's dict from ``edge_attributes`` and ``add_edge``; the state's names
numbered as they first come.
"""
from __future__ import annotations

import pickle
import random
import tracemalloc
import uuid
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from kg import similarity_links
from kg.pipeline import build
from kg.shared_keys import (
    TEMPLATE_COPIES_ARE_SMALL,
    add_edge,
    add_edges,
    shared_key_dict,
    shared_key_maker,
    shared_key_template,
)
from kg.shared_values import SharedValues
from kg.similarity import _SIMILAR, _merge, _SharedColumns, add_similarity_edges, edge_attributes
from kg.similarity_incremental import STATE_FILE, Search, _State
from kg.similarity_links import LinkBlock, link_blocks, links_and_reasons, shared_columns
from kg.similarity_reasons import Explainer, names_of, shared_cells, without_parts
from kg.similarity_vectors import PaperVectors, paper_texts

WORDS = ("low", "resource", "neural", "machine", "translation", "parsing", "graph", "speech", "corpus", "question",
         "answering", "pivot", "retrieval", "tagging")


def _shared_one_by_one(vectors: PaperVectors, first: int, second: int, top: int) -> list[str]:
    """The columns rows ``first`` and ``second`` both have, by the product of their weights, one pair alone."""
    if first < 0 or second < 0 or not vectors.columns:
        return []
    product = vectors.matrix[first].multiply(vectors.matrix[second]).tocoo()
    cells = sorted((-round(float(np.float32(value)), 6), int(column)) for column, value in zip(product.col, product.data)
                   if value != 0)
    return [vectors.columns[column] for _, column in cells[:top]]


def _without_parts_one_by_one(terms: list[str]) -> list[str]:
    inside = {word for term in terms if " " in term for word in term.split()}
    return [term for term in terms if " " in term or term not in inside]


def _vocabulary(rng: random.Random) -> tuple[str, ...]:
    singles = rng.sample(WORDS, rng.randint(1, len(WORDS)))
    pairs = {f"{rng.choice(singles)} {rng.choice(WORDS)}" for _ in range(rng.randint(0, 12))}  # some words unseen
    return tuple(sorted(set(singles) | pairs))


def _vectors(rng: random.Random, papers: tuple[str, ...], columns: tuple[str, ...]) -> PaperVectors:
    """Rows for some of ``papers`` (the rest have none), weights drawn from a few values: many ties."""
    mine = tuple(paper for paper in papers if rng.random() < 0.8)
    dense = np.zeros((len(mine), len(columns)), dtype=np.float32)
    density = rng.random()
    for row in range(len(mine)):
        for column in range(len(columns)):
            if rng.random() < density:
                dense[row, column] = rng.choice((0.1, 0.2, 0.25, 0.5, rng.random()))
    return PaperVectors(mine, sp.csr_matrix(dense), columns if rng.random() < 0.9 else ())


@pytest.mark.parametrize("seed", range(60))
def test_the_explainers_reasons_are_those_worked_out_pair_by_pair(seed: int) -> None:
    rng = random.Random(seed)
    papers = tuple(f"paper/{n:02d}" for n in range(rng.randint(1, 14)))
    text = _vectors(rng, papers, _vocabulary(rng))
    entities = _vectors(rng, papers, tuple(f"dataset/{n}" for n in range(rng.randint(0, 8))))
    a = np.array([rng.randrange(len(papers)) for _ in range(40)], dtype=np.int64)
    b = np.array([rng.randrange(len(papers)) for _ in range(40)], dtype=np.int64)
    named, terms = Explainer(papers, text, entities).rows(a, b)
    text_row = {paper: row for row, paper in enumerate(text.papers)}
    entity_row = {paper: row for row, paper in enumerate(entities.papers)}
    for i, (first, second) in enumerate(zip(a.tolist(), b.tolist())):
        p, q = papers[first], papers[second]
        expected_named = _shared_one_by_one(entities, entity_row.get(p, -1), entity_row.get(q, -1), 5)
        shown = _shared_one_by_one(text, text_row.get(p, -1), text_row.get(q, -1), 10)
        assert named[i] == tuple(expected_named)
        assert terms[i] == tuple(_without_parts_one_by_one(shown)[:5])
    pairs = [(papers[x], papers[y]) for x, y in zip(a.tolist(), b.tolist())] + [("paper/none", papers[0])]
    by_id = Explainer(papers, text, entities).ids(pairs)
    assert by_id[-1] == ([], []) and by_id[:-1] == [(list(x), list(y)) for x, y in zip(named, terms)]
    assert shared_columns(text, pairs) == [_shared_one_by_one(text, text_row.get(p, -1), text_row.get(q, -1), 5)
                                           for p, q in pairs]


def test_a_word_is_left_out_whether_its_pair_of_words_comes_before_or_after_it() -> None:
    assert without_parts(("low", "pivot", "low resource")) == ("pivot", "low resource")
    assert without_parts(("neural", "resource")) == ("neural", "resource")
    assert without_parts(()) == ()
    assert without_parts(("resource low", "low", "resource", "neural"), 1) == ("resource low",)  # kept: after drops
    assert without_parts(("a", "b", "c", "d", "e", "f", "a b")) == ("c", "d", "e", "f", "a b")


def test_pairs_without_rows_or_shared_cells_get_empty_reasons() -> None:
    matrix = sp.csr_matrix(np.array([[1, 0], [0, 1]], dtype=np.float32))
    counts, cells = shared_cells(matrix, np.array([0, -1, 0]), np.array([1, 1, -1]), 5)
    assert counts.tolist() == [0, 0, 0] and not len(cells)
    assert names_of(("x", "y"), counts, cells) == [(), (), ()]


def _graph(seed: int) -> nx.MultiDiGraph:
    """Made-up papers: ties (the same title), papers without text, with entities only, or with nothing; links a
    page states (some the search finds too), citations between papers the search links."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    count = rng.randint(2, 70)
    for n in range(count):
        paper = f"paper/{n:03d}"
        kind = rng.random()
        title = "neural machine translation" if kind < 0.1 else " ".join(rng.sample(WORDS, rng.randint(0, 4)))
        abstract = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 25))) if kind > 0.4 else None
        graph.add_node(paper, kind="paper", title=title or None, abstract=abstract)
        for entity in rng.sample(("dataset/squad", "task/parsing", "model/bert", "method/lstm"), rng.randint(0, 2)):
            graph.add_node(entity, kind=entity.split("/")[0])
            graph.add_edge(paper, entity, key="uses", relation="uses")
    for _ in range(rng.randint(0, 6)):
        u, v = rng.sample(range(count), 2)
        graph.add_edge(f"paper/{u:03d}", f"paper/{v:03d}", key=rng.choice(("similarTo", "cites")),
                       relation="similarTo", source="page.txt")
    return graph


def _added_one_by_one(graph: nx.MultiDiGraph, **options) -> int:
    """add_similarity_edges as it was before the blocks: each link's edge_attributes, then add_edge."""
    existing = {}
    for u, v, data in [(u, v, d) for u, v, key, d in graph.edges(keys=True, data=True) if key == _SIMILAR]:
        if not data.get("basis"):
            data["basis"], data["score"] = "source", 1.0
        data.setdefault("bases", [data["basis"]])
        data.setdefault("scores", {data["basis"]: data["score"]})
        existing[(u, v) if u < v else (v, u)] = (u, v)
    links, reasons = links_and_reasons(paper_texts(graph), explain=existing,
                                       state_options={"exclude_extractors": []}, **options)
    for pair, (named, terms) in reasons.items():
        graph.edges[(*existing[pair], _SIMILAR)].update(shared_entities=named, shared_terms=terms)
    shared, added = SharedValues(), 0
    for link in links:
        if (link.source, link.target) in existing:
            _merge(graph.edges[(*existing[link.source, link.target], _SIMILAR)], {link.basis: link.score})
            continue
        add_edge(graph, link.source, link.target, _SIMILAR, edge_attributes(link, shared))
        added += 1
    return added


def _everything(graph: nx.MultiDiGraph) -> list:
    """Every node, pair and edge with its attributes, in every order the graph keeps, and which values are one
    object (equal lists, dicts and numbers of the similarTo edges)."""
    seen: dict[int, int] = {}
    found = []
    for u, targets in graph.succ.items():
        for v, keyed in targets.items():
            found.append((u, v, list(keyed)))
            for key, data in keyed.items():
                found.append((key, [(name, value, type(value).__name__, seen.setdefault(id(value), len(seen)))
                                    if key == _SIMILAR and not isinstance(value, (bool, str)) else (name, value)
                                    for name, value in data.items()]))
    return [list(graph.nodes(data=True)), [(v, list(graph.pred[v])) for v in graph], found]


@pytest.mark.parametrize("seed", range(16))
def test_the_edges_are_those_added_one_by_one(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds 12-15 ask more neighbours than there are papers: links scored 0.0, whose ``scores`` dicts are each
    edge's own, as one by one (review 46: they were one shared dict)."""
    options = {"k": 100 if seed >= 12 else 1 + seed % 4, "min_score": 0.05 if seed % 5 == 4 else 0.0}
    monkeypatch.setattr(similarity_links, "_LINK_BLOCK", (7, 50_000)[seed % 2])  # many blocks and one
    expected_graph, graph = _graph(seed), _graph(seed)
    expected = _added_one_by_one(expected_graph, **options)
    assert add_similarity_edges(graph, **options) == expected
    assert _everything(graph) == _everything(expected_graph)
    assert add_similarity_edges(graph, **options) == 0


def test_the_sample_pages_edges_are_those_added_one_by_one(tmp_path: Path) -> None:
    graph = build(similarity=False).graph
    expected_graph = pickle.loads(pickle.dumps(graph))  # every order kept (a copy() orders predecessors anew)
    expected = _added_one_by_one(expected_graph)
    assert add_similarity_edges(graph, state=tmp_path / STATE_FILE) == expected > 0
    assert _everything(graph) == _everything(expected_graph)


def test_equal_values_are_one_object_and_zeros_keep_their_sign() -> None:
    values = _SharedColumns()
    first = values.numbers(np.array([0.5, -0.0, 0.0, 0.5, 0.25]))
    again = values.numbers(np.array([0.25, 0.5]))
    assert first[0] is first[3] is again[1] and first[4] is again[0]
    assert [str(number) for number in first] == ["0.5", "-0.0", "0.0", "0.5", "0.25"]
    dicts = values.score_dicts("combined", np.array([0.5, 0.25, 0.5]), [first[0], first[4], first[0]])
    assert dicts[0] is dicts[2] and dicts[0] == {"combined": 0.5} and dicts[1]["combined"] is first[4]
    lists = values.lists([("a", "b"), (), ("a", "b")]) + values.lists([(), ("a", "b")])
    assert lists[0] is lists[2] is lists[4] and lists[1] is lists[3] == []


def test_a_blocks_links_are_its_columns() -> None:
    block = LinkBlock(["paper/a", "paper/b"], ["paper/c", "paper/c"], np.array([0.5, 0.1]), np.array([0.9, 0.2]),
                      [("dataset/x",), ()], [("graph",), ()], "combined")
    assert [(link.source, link.target, link.score, link.strength, link.weak, link.shared_entities,
             link.shared_terms, link.basis) for link in block.links()] == [
        ("paper/a", "paper/c", 0.5, 0.9, False, ("dataset/x",), ("graph",), "combined"),
        ("paper/b", "paper/c", 0.1, 0.2, True, (), (), "combined")]


def test_link_blocks_and_links_and_reasons_give_the_same_links() -> None:
    papers = list(paper_texts(_graph(3)))
    blocks, _ = link_blocks(papers, k=2)
    links, _ = links_and_reasons(papers, k=2)
    assert [vars(link) for block in blocks for link in block.links()] == [vars(link) for link in links]


def test_add_edges_makes_the_graph_add_edge_makes_and_keeps_the_dicts_it_is_given() -> None:
    rng = random.Random(0)
    plain, bulk = nx.MultiDiGraph(), nx.MultiDiGraph()
    for graph in (plain, bulk):
        graph.add_nodes_from(f"n{i}" for i in range(25))
        graph.add_edge("n1", "n2", key="cites")
    template = shared_key_dict({"relation": "similarTo", "score": 0.0})
    edges = []
    for step in range(300):
        u, v = f"n{rng.randrange(30)}", f"n{rng.randrange(30)}"  # nodes not in the graph, pairs linked already
        attributes = template.copy()
        attributes["score"] = step
        edges.append((u, v, attributes))
    expected = 0
    for u, v, attributes in edges:
        expected += not plain.has_edge(u, v, "similarTo")
        add_edge(plain, u, v, "similarTo", dict(attributes))
    plain_orders = ([(u, list(t.items())) for u, t in plain.succ.items()],
                    [(v, list(s.items())) for v, s in plain.pred.items()])
    assert add_edges(bulk, "similarTo", iter(edges)) == expected
    assert ([(u, list(t.items())) for u, t in bulk.succ.items()],
            [(v, list(s.items())) for v, s in bulk.pred.items()]) == plain_orders
    fresh = [(u, v, attributes) for u, v, attributes in edges if bulk.edges[u, v, "similarTo"] is attributes]
    assert fresh and all(bulk._pred[v][u] is bulk._succ[u][v] for u, v, _ in edges)


def test_add_edges_drops_networkxs_cached_conversions_and_a_frozen_graph_refuses() -> None:
    graph = nx.MultiDiGraph()
    graph.add_nodes_from("ab")
    graph.__networkx_cache__["converted"] = "stale"
    assert add_edges(graph, "similarTo", [("a", "b", {"relation": "similarTo"})]) == 1
    assert graph.__networkx_cache__ == {}
    frozen = nx.freeze(nx.MultiDiGraph([("a", "b")]))
    with pytest.raises(nx.NetworkXError):
        add_edges(frozen, "similarTo", [("b", "a", {"relation": "similarTo"})])


def test_the_states_names_cells_and_bounds_are_those_kept_one_by_one(tmp_path: Path) -> None:
    rng = random.Random(4)
    papers = tuple(f"paper/{n}" for n in range(12))
    rows = papers[:10]  # the last two have no row of the search: their links are not kept
    empty = tuple(np.empty(0, np.int64) for _ in range(4))
    search = Search([], _State(rows, np.zeros((10, 16), np.uint8), empty), path=tmp_path / STATE_FILE, key="k")
    names, bounds, cells = {}, [0], []
    for _ in range(4):
        a = np.array(sorted(rng.sample(range(11), 6)), dtype=np.int64)
        b = a + 1
        reasons = [(tuple(rng.sample(("dataset/x", "dataset/y", "task/z"), rng.randint(0, 2))),
                    tuple(rng.sample(("graph", "parsing", "pivot", "low resource"), rng.randint(0, 3)))) for _ in a]
        search.keep(papers, a, b, reasons)
        for first, second, (named, terms) in zip(a.tolist(), b.tolist(), reasons):
            if second < len(rows):  # the one-by-one reference
                cells.extend(names.setdefault(name, len(names)) for name in named)
                bounds.append(len(cells))
                cells.extend(names.setdefault(term, len(names)) for term in terms)
                bounds.append(len(cells))
    assert search._kept_names == names and list(search._kept_bounds) == bounds and list(search._kept_cells) == cells
    assert cells and len(bounds) < 1 + 2 * 4 * 6


def test_the_search_states_key_digests_the_code_that_works_out_the_reasons() -> None:
    """The state keeps the links' reasons: a changed explainer must not reuse them (its module is new in round
    h14bm)."""
    import subprocess
    import sys

    from kg import similarity_incremental

    code = "import sys, kg.similarity; print(' '.join(m for m in sys.modules if m.startswith('kg.similarity')))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True,
                         cwd=Path(similarity_incremental.__file__).parents[1])
    loaded = {name.split(".", 1)[1] + ".py" for name in run.stdout.split()}
    assert "similarity_reasons.py" in loaded and loaded <= set(similarity_incremental._CODE)


def test_the_search_states_key_digests_the_marks_the_reasons_show(tmp_path, monkeypatch) -> None:
    """The stand-ins' and labels' marks live in the data model (ontology.shared_terms, which the views read too): a
    changed mark must not reuse reasons kept with the old one."""
    from kg import similarity_incremental
    from ontology import shared_terms

    assert similarity_incremental._DATA_MODEL == (Path(shared_terms.__file__).resolve(),)
    before = similarity_incremental.state_key({"k": 5})
    changed = tmp_path / "shared_terms.py"
    changed.write_text(Path(shared_terms.__file__).read_text("utf-8").replace('" (frequent word)"', '" (common)"'),
                       "utf-8")
    monkeypatch.setattr(similarity_incremental, "_DATA_MODEL", (changed,))
    assert similarity_incremental.state_key({"k": 5}) != before


def _bytes_per_dict(make: Callable[[], dict]) -> float:
    """The memory 2,000 dicts made by ``make`` take, per dict (tracemalloc)."""
    tracemalloc.start()
    made = [make() for _ in range(2_000)]
    size = tracemalloc.get_traced_memory()[0] / len(made)
    tracemalloc.stop()
    return size


def _new_layout(count: int) -> list[str]:
    """``count`` keys no dict has had, so a split dict of them starts a layout of its own."""
    return [f"key_{uuid.uuid4().hex}_{n}" for n in range(count)]


@pytest.mark.skipif(not TEMPLATE_COPIES_ARE_SMALL, reason="CPython 3.13 keeps a layout's room in every copy")
def test_a_templates_copies_are_as_small_as_the_dicts_shared_key_dict_makes() -> None:
    """A copy of a split dict gets as many value slots as its keys have room for; a layout that has made one dict
    has room for 29 (336 bytes a dict of ten keys, against 176): the full Anthology's edges took 0.1 GB more."""
    keys = _new_layout(10)
    template = shared_key_template(dict.fromkeys(keys, 0))
    copied = _bytes_per_dict(template.copy)
    assert copied <= _bytes_per_dict(lambda: shared_key_dict(dict.fromkeys(keys, 1))) + 1
    assert list(template.copy()) == keys


def test_a_makers_dicts_are_as_small_as_the_dicts_shared_key_dict_makes_on_any_python() -> None:
    """What the similarity's edges and add_edges' pairs are made by: a template's copies only where those are small
    (review 46 measured 344 bytes a copy on CPython 3.13 against 184 by shared_key_dict)."""
    for count in (1, 10):
        keys = _new_layout(count)
        make = shared_key_maker(dict.fromkeys(keys, 0))
        assert _bytes_per_dict(make) <= _bytes_per_dict(lambda keys=keys: shared_key_dict(dict.fromkeys(keys, 1))) + 1
        made = make()
        made[keys[0]] = 5
        assert list(made) == keys and make()[keys[0]] == 0


def test_searching_a_searched_graph_again_changes_nothing() -> None:
    """A second search keeps the reasons the first gave its links: a weak link's "what they do share" (h16w) is not
    re-explained as a source's own link would be (``[]``), which changed some links' ``shared_terms`` before."""
    backed_off = 0
    for seed in range(40):
        graph = _graph(seed)
        add_similarity_edges(graph, min_score=0.2)
        backed_off += sum(any(term.endswith("(frequent word)") for term in data.get("shared_terms", ()))
                          for _, _, data in graph.edges(data=True))
        searched = repr(list(graph.edges(keys=True, data=True)))
        assert add_similarity_edges(graph, min_score=0.2) == 0
        assert repr(list(graph.edges(keys=True, data=True))) == searched, seed
    assert backed_off  # the made-up corpora do hold links whose reasons were backed off
