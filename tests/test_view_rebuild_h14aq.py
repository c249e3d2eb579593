"""Round h14aq: the entity landscape of every paper laid out once for graph.html and the views' overview.

``kg build`` drew the same landscape twice, in graph.html and in ``views/overview.html``
(``fitted_landscape`` of every paper with ``min(max_nodes, LANDSCAPE_ENTITIES)`` entities).
:func:`exports.views.overview_landscape` makes it once and both take it; the pages must be the bytes each
writer makes on its own.
"""
from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

import exports.views as views_module
from exports import html_view
from exports.html_view import write_html
from exports.view_landscape import fitted_landscape
from exports.views import overview_landscape, write_views
from kg.outputs import CACHE_FOLDER, write_outputs


def _files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture()
def laid_out(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many papers each landscape laid out while the test runs had (venues' and the overview's)."""
    sizes: list[int] = []

    def spy(graph, papers=None, **options):
        every = sum(1 for _, kind in graph.nodes(data="kind") if kind == "paper")
        sizes.append(len(options["named"]) if options.get("named") is not None
                     else every if papers is None else len(papers))
        return fitted_landscape(graph, papers, **options)

    monkeypatch.setattr(views_module, "fitted_landscape", spy)
    monkeypatch.setattr(html_view, "fitted_landscape", spy)  # graph.html's, where it lays one out itself
    return sizes


@pytest.mark.parametrize("max_nodes", [3, 40, 1000])
def test_kg_outputs_lay_the_overview_out_once_with_the_bytes_of_each_writer_alone(
        tmp_path: Path, sample_build, laid_out: list[int], max_nodes: int) -> None:
    graph = sample_build.graph
    papers = sum(1 for _, kind in graph.nodes(data="kind") if kind == "paper")
    write_outputs(graph, tmp_path / "out", max_nodes=max_nodes, cache_dir=tmp_path / "out" / CACHE_FOLDER)
    assert laid_out.count(papers) == 1  # the overview; each venue's landscape has fewer papers than the sample
    write_html(graph, tmp_path / "alone.html", landscape=True, max_nodes=max_nodes)
    assert (tmp_path / "out" / "graph.html").read_bytes() == (tmp_path / "alone.html").read_bytes()
    write_views(graph, tmp_path / "views", top=max_nodes)
    assert _files(tmp_path / "out" / "views") == _files(tmp_path / "views")


def test_an_overview_handed_to_write_views_is_drawn_as_its_own(tmp_path: Path, sample_build) -> None:
    graph = sample_build.graph
    write_views(graph, tmp_path / "given", top=30, overview=overview_landscape(graph, top=30))
    write_views(graph, tmp_path / "own", top=30)
    assert _files(tmp_path / "given") == _files(tmp_path / "own")


def test_the_overview_reads_every_paper_in_id_order() -> None:
    g = nx.MultiDiGraph()
    for paper, entity in [("paper/b", "method/x"), ("paper/a", "dataset/y"), ("paper/c", "method/x")]:
        g.add_edge(paper, entity, key="uses", relation="uses")
    g.add_node("venue/v")
    for node in g:
        g.nodes[node]["kind"] = node.split("/")[0]
    overview = overview_landscape(g, top=10)
    assert list(overview.named) == ["paper/a", "paper/b", "paper/c"]
    assert overview.fitted.papers == {"dataset/y": 1, "method/x": 2}
    with pytest.raises(views_module.ViewError):
        overview_landscape(g, top=0)
