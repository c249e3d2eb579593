"""What a rebuild's similarity search holds (round h14ay): the old state's candidates go once the search has used
them, the new candidates are int32 in the order the state keeps them, and the blocks the work is cut into (kept
rows scored against the changed papers, candidates chosen from, links' reasons read from the state) change
nothing in the links or the state's bytes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from similarity_papers import random_papers

from kg import similarity_incremental, similarity_links
from kg.similarity_incremental import STATE_FILE, pool_order
from kg.similarity_links import links_and_reasons
from kg.similarity_vectors import PaperText


def _papers(seed: int, count: int = 160) -> list[PaperText]:
    return random_papers(seed, count)


def _changed(papers: list[PaperText]) -> list[PaperText]:
    """One paper's abstract changed, one paper gone, one added."""
    changed = list(papers)
    changed[7] = PaperText(changed[7].id, changed[7].title, "graph parsing of dialogue corpus annotation",
                           changed[7].entities)
    del changed[20]
    changed.append(PaperText("paper/9999", "Neural dependency parsing", "parsing with neural graph networks"))
    return changed


def _links(papers: list[PaperText], state: Path | None) -> list[tuple]:
    links, _ = links_and_reasons(papers, k=3, state=state)
    return [(link.source, link.target, link.score, link.strength, link.shared_entities, link.shared_terms)
            for link in links]


def test_a_rebuild_lets_the_old_candidates_go_and_keeps_the_new_ones_as_int32_in_order(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    path = tmp_path / STATE_FILE
    _links(_papers(3), path)
    searches = []
    real = similarity_links.incremental_search

    def noting(*args, **kwargs):
        searches.append(real(*args, **kwargs))
        return searches[-1]

    monkeypatch.setattr(similarity_links, "incremental_search", noting)
    links, _ = links_and_reasons(_changed(_papers(3)), k=3, state=path)
    (search,) = searches
    assert search.old is not None and len(search.old.links[0])  # its links' reasons are still read
    assert all(len(part) == 0 for part in search.old.pool) and not len(search.old.prints)
    rows, columns, cosines, _scores = search.state.pool
    assert len(rows) and all(part.dtype == np.int32 for part in search.state.pool)
    assert np.array_equal(pool_order(rows, columns, cosines), np.arange(len(rows)))
    list(links)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_rebuilds_blocks_change_no_link_and_no_byte_of_the_state(tmp_path: Path, monkeypatch, seed: int) -> None:
    first, again = _papers(seed), _changed(_papers(seed))
    plain = tmp_path / "plain" / STATE_FILE
    plain.parent.mkdir()
    _links(first, plain)
    expected = _links(again, plain)
    assert expected == _links(again, None)
    monkeypatch.setattr(similarity_incremental, "_KEPT_ROWS", 5)
    monkeypatch.setattr(similarity_incremental, "_CHOOSE_BLOCK", 16)
    monkeypatch.setattr(similarity_links, "_LINK_BLOCK", 9)
    blocked = tmp_path / "blocked" / STATE_FILE
    blocked.parent.mkdir()
    _links(first, blocked)
    assert _links(again, blocked) == expected
    assert similarity_incremental.last_search().kept  # the rebuild used the state
    assert blocked.read_bytes() == plain.read_bytes()
