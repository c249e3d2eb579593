"""A rebuild with nothing changed keeps the outputs; any change to the inputs, options or outputs builds again."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.build_state import STATE_FILE, BuildState, build_fingerprint, read_state, up_to_date, write_state
from kg.cli import main

RECORDS = Path(__file__).parent / "data" / "records"
KEPT = "Nothing changed since the last build"


def _build(inputs: Path, out: Path, *options: str):
    result = CliRunner().invoke(main, ["build", "-q", "--no-views", str(inputs), "-o", str(out), *options])
    assert result.exit_code in (0, 1), result.output
    return result


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.relative_to(folder).parts[0].startswith(".kg-")}


@pytest.fixture()
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("papers.jsonl", "refs.bib"):
        shutil.copy(RECORDS / name, folder / name)
    return folder


def test_a_rebuild_with_nothing_changed_writes_nothing_and_says_so(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _build(inputs, out)
    assert KEPT not in first.output and (out / STATE_FILE).exists()
    before = _snapshot(out)
    again = _build(inputs, out)
    assert KEPT in again.output and "Wrote:" not in again.output
    assert _snapshot(out) == before  # the same bytes, not even rewritten
    counts = [line for line in first.output.splitlines() if line.startswith("  ") and "/" not in line]
    assert counts and counts == [line for line in again.output.splitlines() if line.startswith("  ")]


@pytest.mark.parametrize("change", ["edit an output", "remove an output", "add a file", "change an input",
                                    "another option", "no cache"])
def test_any_change_builds_again_and_gives_a_fresh_builds_bytes(change: str, inputs: Path, tmp_path: Path) -> None:
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    _build(inputs, out)
    options: tuple[str, ...] = ()
    if change == "edit an output":
        (out / "graph.json").write_text("{}", encoding="utf-8")
    elif change == "remove an output":
        (out / "tables" / "edges.parquet").unlink()
    elif change == "add a file":
        (out / "notes.txt").write_text("mine", encoding="utf-8")
    elif change == "change an input":
        shutil.copy(RECORDS / "anthology_refs.bib", inputs / "more.bib")
    elif change == "another option":
        options = ("--similar-k", "2")
    else:
        options = ("--no-cache",)
    again = _build(inputs, out, *options)
    assert KEPT not in again.output and "Wrote:" in again.output
    _build(inputs, fresh, "--no-cache", *options)
    rebuilt, clean = _snapshot(out), _snapshot(fresh)
    rebuilt.pop("notes.txt", None)
    assert {k: v[0] for k, v in rebuilt.items()} == {k: v[0] for k, v in clean.items()}
    same = () if change == "no cache" else options  # --no-cache always builds
    assert KEPT in _build(inputs, out, *same).output  # and then it is up to date again


def test_input_problems_are_reported_again_and_strict_still_fails(inputs: Path, tmp_path: Path) -> None:
    (inputs / "bad.txt").write_bytes(b"\x80\x81\x82")
    out = tmp_path / "out"
    first = _build(inputs, out, "--strict")
    again = _build(inputs, out, "--strict")
    assert KEPT in again.output
    warnings = [line for line in again.output.splitlines() if line.startswith("warning:")]
    assert warnings == [line for line in first.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "bad.txt" in warnings[0]
    assert first.exit_code == again.exit_code == 1 and "--strict" in again.output


def test_a_damaged_or_foreign_record_means_build(tmp_path: Path) -> None:
    (tmp_path / "graph.ttl").write_text("<a> <b> <c> .\n", encoding="utf-8")
    state = BuildState.of(tmp_path, "a" * 64, summary={"paper": 2})
    write_state(tmp_path, state)
    assert read_state(tmp_path) == state and up_to_date(tmp_path, "a" * 64) == state
    (tmp_path / STATE_FILE).write_text('{"format": 1, "fingerprint": "', encoding="utf-8")
    assert read_state(tmp_path) is None and up_to_date(tmp_path, "a" * 64) is None
    (tmp_path / STATE_FILE).write_text('{"format": 99}', encoding="utf-8")
    assert read_state(tmp_path) is None


def test_the_fingerprint_covers_keys_problems_and_options() -> None:
    base = build_fingerprint(["k1"], [], {"views": True})
    assert base == build_fingerprint(["k1"], [], {"views": True})
    others = [build_fingerprint(["k2"], [], {"views": True}), build_fingerprint(["k1"], ["bad"], {"views": True}),
              build_fingerprint(["k1"], [], {"views": False})]
    assert len({base, *others}) == 4


def test_a_document_kg_failed_on_is_extracted_again_not_kept(inputs: Path, tmp_path: Path, monkeypatch) -> None:
    """A failure part-way (here a transient MemoryError) is not cached; the next build must retry it."""
    import kg.execution

    real = kg.execution.read_records

    def flaky(text, *, source, **options):
        if source.endswith("refs.bib"):
            raise MemoryError("transient")
        return real(text, source=source, **options)

    out = tmp_path / "out"
    monkeypatch.setattr(kg.execution, "read_records", flaky)
    _build(inputs, out)
    monkeypatch.setattr(kg.execution, "read_records", real)
    again = _build(inputs, out)
    assert KEPT not in again.output
    _build(inputs, tmp_path / "fresh", "--no-cache")
    assert (out / "graph.ttl").read_bytes() == (tmp_path / "fresh" / "graph.ttl").read_bytes()


def test_an_input_edited_after_it_was_read_is_built_by_the_next_build(inputs: Path, tmp_path: Path,
                                                                      monkeypatch) -> None:
    import kg.pipeline

    real = kg.pipeline.read_inputs

    def then_edit(*args, **kwargs):
        read = real(*args, **kwargs)
        shutil.copy(RECORDS / "anthology_refs.bib", inputs / "refs.bib")  # after the inputs were read
        return read

    out = tmp_path / "out"
    monkeypatch.setattr(kg.pipeline, "read_inputs", then_edit)
    _build(inputs, out)  # builds the texts it read, and notes their keys
    monkeypatch.setattr(kg.pipeline, "read_inputs", real)
    assert KEPT not in _build(inputs, out).output  # built again from the inputs as they are now
    assert KEPT in _build(inputs, out).output
    _build(inputs, tmp_path / "fresh", "--no-cache")
    assert (out / "graph.ttl").read_bytes() == (tmp_path / "fresh" / "graph.ttl").read_bytes()


def test_kg_build_reads_its_inputs_once(inputs: Path, tmp_path: Path, monkeypatch) -> None:
    import kg.pipeline

    real, calls = kg.pipeline.read_sources, []

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(kg.pipeline, "read_sources", counted)
    out = tmp_path / "out"
    assert KEPT not in _build(inputs, out).output and len(calls) == 1  # for the check and the build
    assert KEPT in _build(inputs, out).output and len(calls) == 2  # for the check alone


def test_a_killed_builds_leftovers_and_a_restored_file_mean_build(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(inputs, out)
    sort_folder = out / ".kg-sort-abc.kg-tmp"  # what a build killed in the Turtle sort leaves
    sort_folder.mkdir()
    (sort_folder / "0").write_bytes(b"x" * 100)
    assert KEPT not in _build(inputs, out).output and not sort_folder.exists()  # built, and cleared up
    assert KEPT in _build(inputs, out).output
    graph_json = out / "graph.json"
    before = graph_json.stat()
    graph_json.write_bytes(graph_json.read_bytes().replace(b'"paper"', b'"PAPER"', 1))  # the same size...
    os.utime(graph_json, ns=(before.st_atime_ns, before.st_mtime_ns))  # ...and its old time put back (cp -p)
    assert graph_json.stat().st_size == before.st_size and graph_json.stat().st_mtime_ns == before.st_mtime_ns
    assert KEPT not in _build(inputs, out).output
    assert b'"PAPER"' not in graph_json.read_bytes()


def test_a_kept_build_makes_a_missing_query_store_again(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(inputs, out)
    shutil.rmtree(out / ".kg-store")
    assert KEPT in _build(inputs, out).output
    assert (out / ".kg-store").is_dir()
