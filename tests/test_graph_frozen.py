"""kg build keeps the graph out of the cyclic collector's passes from the exports through the build's record, and
gives every object back to the collector when it ends (kg.outputs.graph_frozen)."""
from __future__ import annotations

import gc
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg import cli
from kg.build_state import STATE_FILE
from kg.outputs import graph_frozen

RECORDS = Path(__file__).parent / "data" / "records"


def _in_the_collectors_generations(obj: object) -> bool:
    """Whether the cyclic collector can see ``obj``: frozen objects sit in the permanent generation, which
    :func:`gc.get_objects` leaves out. Asked of the objects themselves, not of :func:`gc.get_freeze_count`, which
    falls whenever some other frozen object is freed by its reference count (CI saw 999 of 1,000)."""
    return any(seen is obj for seen in gc.get_objects())


def test_nested_blocks_give_the_objects_back_only_when_the_outermost_ends() -> None:
    before = gc.get_freeze_count()
    with pytest.raises(RuntimeError, match="inner"), graph_frozen():
        kept = [[n] for n in range(1000)]  # tracked objects made between the two blocks
        assert _in_the_collectors_generations(kept) and _in_the_collectors_generations(kept[500])
        with graph_frozen():
            assert not _in_the_collectors_generations(kept)  # the inner block freezes them too
            assert not _in_the_collectors_generations(kept[500])
        assert not _in_the_collectors_generations(kept)  # and its end gives nothing back
        raise RuntimeError("inner")
    assert _in_the_collectors_generations(kept) and _in_the_collectors_generations(kept[500])
    assert gc.get_freeze_count() == before


def test_kg_build_records_the_build_with_the_graph_still_frozen(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's allocations woke a full pass over the whole graph after write_outputs gave it back (1.8 s
    of a one-page rebuild of the full Anthology): the record is made inside the frozen block now."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(RECORDS / "papers.jsonl", inputs / "papers.jsonl")
    frozen_while_recording: list[int] = []
    record = cli._record_state

    def recording(*args, **kwargs) -> None:
        frozen_while_recording.append(gc.get_freeze_count())
        record(*args, **kwargs)

    monkeypatch.setattr(cli, "_record_state", recording)
    before = gc.get_freeze_count()
    result = CliRunner().invoke(cli.main, ["build", "-q", "--no-views", str(inputs), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / STATE_FILE).is_file()
    assert len(frozen_while_recording) == 1 and frozen_while_recording[0] > before
    assert gc.get_freeze_count() == before
