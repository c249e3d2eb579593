"""Step S0 of the partitioned assembly (docs/scaling.md, rounds h14bw and h14bx): every file a build writes, but
the caches ``.kg*``, depends on the graph's content only, not on the order its nodes and edges were inserted in.

A graph read back from partition rows comes in id order, not in the order assembly inserted it; so each graph here
is written as built, copied in id order and copied reversed (:mod:`graph_orders`), and every output file compared.
The size-dependent branches of the views, the exports and the report are exercised by lowering their limits, so
that these small graphs take the paths the full Anthology takes.
"""
from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from graph_orders import ORDERS, copied_in_order, output_digests
from script_modules import ROOT

import exports.view_clusters
import exports.view_details
import exports.view_layout
import exports.view_nodes
import kg.analytics.community
from exports.rdf_formats import RDF_FORMATS
from exports.view_clusters import paper_links
from kg.outputs import write_outputs
from kg.pipeline import build
from kg.report import build_report, write_report
from kg.similarity import add_similarity_edges

#: The size-dependent branches, each lowered so that a graph of a few dozen papers takes the large graphs' path:
#: the paper clusters' label propagation (above LOUVAIN_LIMIT linked papers), the layouts' spring core (above
#: SPRING_LAYOUT_LIMIT nodes) and networkx's layout (FORCE_LAYOUT_LIMIT nodes or more), a hub's first neighbours
#: (MAX_NEIGHBOURS), the details' first authors and mentions, the report's communities above LOUVAIN_MAX_NODES.
SMALL_LIMITS = ((exports.view_clusters, "LOUVAIN_LIMIT", 0), (exports.view_layout, "SPRING_LAYOUT_LIMIT", 5),
                (exports.view_layout, "FORCE_LAYOUT_LIMIT", 3), (exports.view_nodes, "MAX_NEIGHBOURS", 3),
                (exports.view_details, "MAX_AUTHORS", 1), (exports.view_details, "MAX_MENTIONS", 1),
                (kg.analytics.community, "LOUVAIN_MAX_NODES", 0))
#: With SMALL_LIMITS, the landscapes and the paper map hold this many nodes at most (``max_nodes``), not 2,000.
SMALL_TOP = 12

_MADE_UP = [
    ("ZetaNet: sparse retrieval for question answering", ("We propose ZetaNet, a sparse retriever trained with "
     "contrastive learning. ZetaNet improves accuracy on SQuAD and Natural Questions over BM25 and BERT."),
     ["Ann Example", "Bo Sample"], "ACL 2024"),
    ("Dense retrieval revisited", ("We compare BM25 with dense retrieval using BERT on SQuAD and MS MARCO and "
     "report recall and accuracy for question answering."), ["Bo Sample", "Cy Test"], "ACL 2024"),
    ("Machine translation of low-resource languages", ("We train a Transformer for machine translation on WMT14 "
     "and FLORES and report BLEU; back-translation helps low-resource languages."), ["Di Made", "Ann Example"],
     "EMNLP 2023"),
    ("Back-translation for neural machine translation", ("Back-translation with a Transformer improves BLEU on "
     "WMT14 English-German machine translation."), ["Di Made"], "EMNLP 2023"),
    ("Named entity recognition with BERT", ("We fine-tune BERT for named entity recognition on CoNLL-2003 and "
     "OntoNotes and report F1."), ["Ed Person", "Cy Test"], "NAACL 2022"),
    ("Sequence labelling with CRFs", ("A BiLSTM-CRF tagger for named entity recognition and part-of-speech "
     "tagging on CoNLL-2003 and the Penn Treebank, evaluated by F1 and accuracy."), ["Ed Person"], "NAACL 2022"),
]


@pytest.fixture(scope="module")
def sample_graph() -> nx.MultiDiGraph:
    """The graph of ../shared's sample pages (``corpus/underline``); skips cleanly without ../shared."""
    corpus = ROOT.parent / "shared" / "corpus" / "underline"
    if not corpus.is_dir():
        pytest.skip("../shared/corpus/underline is not present")
    return build([corpus]).graph


@pytest.fixture(scope="module")
def made_up_graph(tmp_path_factory) -> nx.MultiDiGraph:
    """A small made-up JSON Lines corpus: six papers of three venues, shared authors, datasets and methods."""
    path = tmp_path_factory.mktemp("made-up") / "papers.jsonl"
    path.write_text("".join(json.dumps({"id": f"p{i}", "title": title, "abstract": abstract, "authors": authors,
                                        "venue": venue, "year": int(venue[-4:])}) + "\n"
                            for i, (title, abstract, authors, venue) in enumerate(_MADE_UP)), encoding="utf-8")
    return build([path]).graph


def _written(graph: nx.MultiDiGraph, folder: Path, *, top: int | None, cached: bool) -> dict[str, str]:
    """The digests of every output file of ``graph`` written into ``folder``: every RDF format, graph.html,
    graph.json, the tables, the views, and report.html made from the graph itself.  ``cached``: with a (new)
    document cache folder, as ``kg build`` writes, whose indexes take other paths (graph.json and the tables in
    runs by owner digest, graph.ttl's blocks, the views' in-link memo), else without, as ``kg.outputs`` does."""
    options = {} if top is None else {"max_nodes": top}
    if cached:
        (folder / ".kg-cache").mkdir(parents=True)
        options["cache_dir"] = folder / ".kg-cache"
    write_outputs(graph, folder, rdf_formats=RDF_FORMATS, **options)
    write_report(build_report(graph), folder / "report.html", title="kg report")
    return output_digests(folder)


def _check_orders(graph: nx.MultiDiGraph, root: Path, *, top: int | None = None, cached: bool) -> None:
    built = _written(graph, root / "built", top=top, cached=cached)
    assert len(built) > 10 and {"graph.json", "graph.ttl", "graph.nt", "report.html", "views/index.html"} <= set(built)
    for name, sorted_keys in (("by id", False), ("reversed", False), ("by id", True)):
        copy = copied_in_order(graph, ORDERS[name], sorted_keys=sorted_keys)
        assert list(copy.nodes) != list(graph.nodes)  # another order indeed
        name += ", attributes by name" if sorted_keys else ""
        written = _written(copy, root / name.replace(" ", "-").replace(",", ""), top=top, cached=cached)
        differs = sorted(path for path in built.keys() | written.keys() if built.get(path) != written.get(path))
        assert differs == [], f"{name}: these outputs depend on the graph's insertion order"


@pytest.mark.parametrize("cached", [False, True], ids=["no cache", "cache"])
@pytest.mark.parametrize("corpus", ["sample_graph", "made_up_graph"])
def test_outputs_do_not_depend_on_insertion_order(corpus, cached, request, tmp_path):
    """The same bytes, file for file, whether the graph is written as built, in id order or reversed."""
    _check_orders(request.getfixturevalue(corpus), tmp_path, cached=cached)


@pytest.mark.parametrize("cached", [False, True], ids=["no cache", "cache"])
@pytest.mark.parametrize("corpus", ["sample_graph", "made_up_graph"])
def test_outputs_do_not_depend_on_insertion_order_on_large_graphs_paths(corpus, cached, request, tmp_path,
                                                                         monkeypatch):
    """As above, with the limits of :data:`SMALL_LIMITS` lowered so that the large graphs' branches run."""
    for module, name, value in SMALL_LIMITS:
        monkeypatch.setattr(module, name, value)
    _check_orders(request.getfixturevalue(corpus), tmp_path, top=SMALL_TOP, cached=cached)


@pytest.mark.parametrize("name", ["built", "reversed"])
def test_a_link_stated_both_ways_gets_its_scores_on_one_edge_in_any_order(name):
    """Two lecture pages that list each other as similar: the computed scores and shared terms go on the edge
    from the smaller id, not on whichever edge the graph happens to hold last (h14bx: the one order-dependent
    step found after assembly)."""
    graph = nx.MultiDiGraph()
    for paper in ("paper/a", "paper/b"):
        graph.add_node(paper, kind="paper", title="Question answering over tables")
    graph.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo", source="a.txt")
    graph.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", source="b.txt")
    graph = copied_in_order(graph, ORDERS[name])
    add_similarity_edges(graph)
    assert graph.edges["paper/a", "paper/b", "similarTo"]["shared_terms"] == ["answering tables", "question answering"]
    assert graph.edges["paper/a", "paper/b", "similarTo"]["scores"] == {"source": 1.0, "combined": 0.4286}
    assert graph.edges["paper/b", "paper/a", "similarTo"]["scores"] == {"source": 1.0}
    assert "shared_terms" not in graph.edges["paper/b", "paper/a", "similarTo"]


@pytest.mark.parametrize("name", ["built", "reversed"])
def test_a_paper_link_joined_both_ways_takes_one_edge_in_any_order(name):
    """Two papers linked both ways with equal scores (two lecture pages listing each other): the paper map's link
    takes the shared terms of the edge from the smaller id, not of whichever edge the graph iterates first."""
    graph = nx.MultiDiGraph()
    for paper in ("paper/a", "paper/b"):
        graph.add_node(paper, kind="paper")
    graph.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo", score=1.0, shared_terms=["tables"])
    graph.add_edge("paper/b", "paper/a", key="similarTo", relation="similarTo", score=1.0)
    links = paper_links(copied_in_order(graph, ORDERS[name]))
    assert [(a, b, w, terms) for a, b, w, terms in links.pairs()] == [("paper/a", "paper/b", 1.0, ("tables",))]
