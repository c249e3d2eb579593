"""The similarity search's state keeps the links' reasons as :class:`kg.similarity_incremental.Search` encodes them
a block of links at a time (not the reasons' tuples until the end): the links ordered by their rows, each link's
shared entities and terms as cells into the names, the names numbered as they first come in that order; with
links of papers without a row of the search (stop words only), several blocks of links, and links given out of
order."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from similarity_papers import random_papers

from kg import similarity_links
from kg.similarity_incremental import STATE_FILE, Search, _read, _State
from kg.similarity_links import links_and_reasons
from kg.similarity_vectors import PaperText


def _papers(seed: int, count: int = 200) -> list[PaperText]:
    papers = random_papers(seed, count)
    # titles of corpus stop words only: no row in the search, yet linked by the back-off
    papers += [PaperText(f"paper/stop{n}", "Translation") for n in range(3)]
    return sorted(papers, key=lambda paper: paper.id)


def _state_reasons(state: _State) -> dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]]:
    names, bounds, cells = state.names, state.bounds.tolist(), state.cells.tolist()
    found = {}
    for link, (low, high) in enumerate(zip(state.links[0].tolist(), state.links[1].tolist())):
        start, middle, end = bounds[2 * link:2 * link + 3]
        found[(state.papers[low], state.papers[high])] = (tuple(names[c] for c in cells[start:middle]),
                                                          tuple(names[c] for c in cells[middle:end]))
    return found


@pytest.mark.parametrize(("seed", "block"), [(0, 50_000), (1, 7), (2, 1)])
def test_the_state_holds_every_searched_links_reasons_in_order(tmp_path: Path, monkeypatch, seed: int,
                                                                block: int) -> None:
    monkeypatch.setattr(similarity_links, "_LINK_BLOCK", block)
    path = tmp_path / STATE_FILE
    links, _ = links_and_reasons(_papers(seed), k=3, state=path)
    links = list(links)
    state, why = _read(path, _key_of(path))
    assert state is not None, why
    rows = set(state.papers)
    stated = {(link.source, link.target): (link.shared_entities, link.shared_terms) for link in links
              if link.source in rows and link.target in rows}
    assert any(link.source not in rows or link.target not in rows for link in links)  # some not kept
    assert _state_reasons(state) == stated
    pairs = state.links[0] * len(state.papers) + state.links[1]
    assert np.all(np.diff(pairs) > 0) and np.all(state.links[0] < state.links[1])  # by rows, each once
    first = list(dict.fromkeys(state.cells.tolist()))  # the names in the order they first come
    assert first == list(range(len(state.names)))
    assert any(stated.values())


def _key_of(path: Path) -> str:
    from kg.cache_arrays import read_meta

    with np.load(path, allow_pickle=False) as data:
        return read_meta(data["meta"])["key"]


def test_links_kept_out_of_their_rows_order_are_saved_in_it(tmp_path: Path) -> None:
    papers = ("paper/a", "paper/b", "paper/c", "paper/d")
    empty = tuple(np.empty(0, np.int64) for _ in range(4))
    search = Search([], _State(papers, np.zeros((4, 16), np.uint8), empty), path=tmp_path / STATE_FILE, key="k")
    search.keep(papers, np.array([2, 0]), np.array([3, 1]), [(("dataset/x",), ("graph",)), (("dataset/y",), ())])
    search.keep(papers, np.array([0]), np.array([2]), [((), ("graph", "parsing"))])
    search.save()
    state, why = _read(tmp_path / STATE_FILE, "k")
    assert state is not None, why
    assert _state_reasons(state) == {("paper/a", "paper/b"): (("dataset/y",), ()),
                                     ("paper/a", "paper/c"): ((), ("graph", "parsing")),
                                     ("paper/c", "paper/d"): (("dataset/x",), ("graph",))}
    assert state.names == ("dataset/y", "graph", "parsing", "dataset/x")
