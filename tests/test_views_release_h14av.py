"""The views let go of the overview's per-paper entities before the node view's shards (round h14av).

``kg build`` holds the overview it laid out for graph.html while :func:`exports.views.write_views` runs; on the
full Anthology its ~90,000 per-paper sets would otherwise stay through the node view's shards, the build's peak.
"""
from __future__ import annotations

import weakref
from pathlib import Path

import pytest

from exports import views
from exports.views import overview_landscape, write_views
from kg.analytics.toy import toy_graph


def test_named_sets_are_gone_when_the_node_shards_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = toy_graph()
    overview = overview_landscape(graph)  # held here, as kg.outputs holds it, through the call
    sets = [weakref.ref(entities) for entities in overview.named.values()]
    assert sets
    alive: list[int] = []
    real = views.write_node_data

    def spy(*args: object, **kwargs: object) -> list[Path]:
        alive.append(sum(ref() is not None for ref in sets))
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "write_node_data", spy)
    given = write_views(graph, tmp_path / "given", overview=overview)
    assert alive == [0]
    assert not overview.named and overview.fitted.entities  # the layout stays
    fresh = write_views(graph, tmp_path / "fresh")  # the same pages as a call that lays the overview out itself
    assert [p.relative_to(tmp_path / "given") for p in given] == [p.relative_to(tmp_path / "fresh") for p in fresh]
    for a, b in zip(given, fresh):
        if a.is_file():
            assert a.read_bytes() == b.read_bytes(), a.name


def test_a_used_overview_draws_the_same_pages_again(tmp_path: Path) -> None:
    """A second call with a released overview draws the same pages (each venue reads its papers' entities)."""
    graph = toy_graph()
    overview = overview_landscape(graph)
    first = write_views(graph, tmp_path / "a", overview=overview)
    assert not overview.named
    second = write_views(graph, tmp_path / "b", overview=overview)
    assert [p.relative_to(tmp_path / "a") for p in first] == [p.relative_to(tmp_path / "b") for p in second]
    for a, b in zip(first, second):
        if a.is_file():
            assert a.read_bytes() == b.read_bytes(), a.name
