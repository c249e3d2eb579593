"""Rebuilds of the sample pages that copy what did not change (graph.json's runs, graph.ttl's subject blocks) write
a fresh build's bytes: after an added, changed or removed page, after a killed build, and through ``kg build``.

The pieces of each output are tested on made-up graphs in ``tests/test_json_reuse.py`` and
``tests/test_turtle_reuse.py``; these tests build real pages once for both outputs.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from exports.node_link import last_json
from exports.rdf_reuse import last_turtle
from kg import outputs
from kg.outputs import CACHE_FOLDER, JSON_INDEX_FILE, TURTLE_INDEX_FILE, write_outputs
from kg.pipeline import build


@dataclass(frozen=True)
class Reused:
    """One output a rebuild makes from the last one: its file, its index and the writer's last report."""

    file: str
    index: str
    report: Callable
    fair_full_write: str = ""  # why the writer may rightly write everything although the index matched

    def used_index(self) -> bool:
        """The index was read and matched (a page may still change every run)."""
        full = self.report().full
        return full == "" or bool(self.fair_full_write and self.fair_full_write in full)


#: Turtle writes everything when too many nodes changed, which one page of the sample's few papers can do.
OUTPUTS = (Reused("graph.json", JSON_INDEX_FILE, last_json),
           Reused("graph.ttl", TURTLE_INDEX_FILE, last_turtle, fair_full_write="nodes changed"))


def _built(inputs, out, *, cache: bool = True) -> dict[str, bytes]:
    result = build([inputs], cache_dir=out / CACHE_FOLDER if cache else None, similarity=True)
    write_outputs(result.graph, out, views=False, cache_dir=out / CACHE_FOLDER if cache else None)
    return {output.file: (out / output.file).read_bytes() for output in OUTPUTS}


def test_rebuilds_of_the_sample_pages_write_a_fresh_builds_bytes(tmp_path, sample_page_inputs):
    """Add a page, change one, remove one: each rebuild's outputs equal a build into an empty folder's."""
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    first = _built(inputs, out)
    assert _built(inputs, out) == first  # nothing changed: every run and block copied
    assert last_json().reused == last_json().runs > 1
    assert last_turtle().full == "" and last_turtle().reused == last_turtle().owners > 1
    for step, change in enumerate([sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]):
        change()
        rebuilt = _built(inputs, out)
        for output in OUTPUTS:
            assert output.used_index(), output.report()
        assert rebuilt == _built(inputs, tmp_path / f"fresh{step}", cache=False), step


@pytest.mark.parametrize("change", ["add", "change"])
def test_a_build_killed_before_or_during_the_swap_then_run_again_writes_a_fresh_builds_bytes(
        tmp_path, monkeypatch, sample_page_inputs, change):
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    _built(inputs, out)
    names = [name for output in OUTPUTS for name in (output.file, f"{CACHE_FOLDER}/{output.index}")]
    old = {name: (out / name).read_bytes() for name in names}
    getattr(sample_page_inputs, change)()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:  # killed after the outputs and their indexes were written, before the swap
        patch.setattr(outputs, "write_graph_tables", killed)
        with pytest.raises(KeyboardInterrupt):
            _built(inputs, out)
    assert {name: (out / name).read_bytes() for name in names} == old
    fresh = _built(inputs, tmp_path / "fresh", cache=False)
    assert _built(inputs, out) == fresh
    for output in OUTPUTS:
        assert output.used_index(), output.report()
    # killed half-way through the swap: the indexes in place, the outputs still the old ones (the next build
    # completes the swap from its journal; without the journal a pair does not match and is not used)
    for output in OUTPUTS:
        (out / output.file).write_bytes(old[output.file])
    assert _built(inputs, out) == fresh
    for output in OUTPUTS:
        assert "not the file" in output.report().full, output.report()


def test_kg_build_reuses_the_outputs_and_never_writes_through_a_linked_cache(tmp_path, sample_page_inputs):
    from click.testing import CliRunner

    from kg.cli import main

    inputs, out = sample_page_inputs.folder, tmp_path / "out"

    def kg_build(*options: str) -> None:
        result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q", "--no-views", *options])
        assert result.exit_code == 0, result.output

    kg_build()
    assert all((out / CACHE_FOLDER / output.index).is_file() for output in OUTPUTS)
    sample_page_inputs.add()
    kg_build()
    for output in OUTPUTS:
        assert output.used_index(), output.report()
    sample_page_inputs.change()
    indexes = {output.index: (out / CACHE_FOLDER / output.index).read_bytes() for output in OUTPUTS}
    kg_build("--no-cache")  # neither read nor written
    assert {name: (out / CACHE_FOLDER / name).read_bytes() for name in indexes} == indexes
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / CACHE_FOLDER).rename(tmp_path / "old-cache")
    (out / CACHE_FOLDER).symlink_to(elsewhere, target_is_directory=True)
    sample_page_inputs.remove()
    kg_build()
    assert list(elsewhere.iterdir()) == []
