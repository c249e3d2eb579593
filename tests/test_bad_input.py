"""Broken, hostile and unrelated inputs: one clear message each, nothing else changes, nothing is lost.

``tests/data/bad/`` holds one file per kind of fault; the rest (a 50 MB file,
link loops) is made at test time.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import kg.outputs
from exports.node_link import to_json
from kg.cli import main
from kg.pipeline import build, sample_inputs

BAD = Path(__file__).parent / "data" / "bad"
BAD_FILES = sorted(p.name for p in BAD.iterdir())


@pytest.fixture(scope="module")
def sample_json() -> str:
    return to_json(build().graph)


def test_the_bad_corpus_leaves_the_sample_graph_unchanged_with_one_message_per_file(sample_json):
    result = build([*sample_inputs(), BAD])
    assert to_json(result.graph) == sample_json
    named = sorted(Path(problem.source).name for problem in result.problems)
    assert named == BAD_FILES  # exactly one message per bad file
    for problem in result.problems:
        assert "\n" not in str(problem) and str(problem).startswith("bad/")


@pytest.mark.parametrize(("name", "expected"), [
    ("empty.txt", "empty file"),
    ("blank_lines.jsonl", "empty file"),
    ("image.png", "binary file"),
    ("garbage.txt", "not UTF-8 text (byte 0)"),
    ("broken_utf16.txt", "not (byte 6)"),
    ("truncated.xml", "malformed XML"),
    ("not_json.jsonl", "not a JSON object"),
    ("no_title.jsonl", "no title and no abstract"),
    ("broken.bib", "entry 'broken-2020' does not parse"),
    ("unrelated.html", "not a format kg reads"),
    ("notes.md", "not a lecture page"),
    ("duplicate_of_a_sample_page.txt", "same content as underline/000_16934c490b00c391.txt"),
])
def test_each_fault_gets_a_message_that_says_what_is_wrong(name, expected):
    result = build([*sample_inputs(), BAD / name])
    (problem,) = result.problems
    assert problem.source == name and expected in problem.message


def test_line_numbers_where_a_line_is_known():
    result = build([BAD / "truncated.xml", BAD / "not_json.jsonl", BAD / "broken.bib"])
    assert {p.source: p.line for p in result.problems} == {"truncated.xml": 6, "not_json.jsonl": 1, "broken.bib": 1}


def test_a_50_mb_text_file_is_refused_quickly_and_the_rest_is_built(tmp_path, sample_json):
    big = tmp_path / "huge.txt"
    line = "All work and no play makes a very long page that is not a lecture page.\n"
    big.write_text(line * (50_000_000 // len(line) + 1), encoding="utf-8")
    result = build([*sample_inputs(), big])
    (problem,) = result.problems
    assert "too large for a lecture page" in problem.message
    assert to_json(result.graph) == sample_json


def test_symlink_loops_and_broken_links_do_not_trap_the_walk(tmp_path, sample_json):
    folder = tmp_path / "in"
    folder.mkdir()
    os.symlink(folder, folder / "loop")  # a folder that contains itself
    os.symlink(tmp_path / "missing.txt", folder / "dangling.txt")
    result = build([*sample_inputs(), folder])
    assert [(Path(p.source).name, p.message) for p in result.problems] == [
        ("dangling.txt", "a link to nothing (broken symbolic link)")]
    assert to_json(result.graph) == sample_json


@pytest.mark.parametrize(("encoding", "line_end"), [
    ("utf-8-sig", "\r\n"),  # saved on Windows
    ("utf-8", "\r"),  # classic Mac line ends
    ("utf-16", "\n"),  # with its byte-order mark
])
def test_a_lecture_page_reads_the_same_whatever_its_line_ends_and_byte_order_mark(tmp_path, encoding, line_end):
    page = next(sample_inputs()[0].glob("*.txt"))
    plain = tmp_path / "plain" / "underline" / page.name
    saved = tmp_path / "saved" / "underline" / page.name
    for path in (plain, saved):
        path.parent.mkdir(parents=True)
    text = page.read_text("utf-8")
    plain.write_text(text, "utf-8")
    saved.write_bytes(text.replace("\n", line_end).encode(encoding))
    expected, got = build([plain]), build([saved])
    assert not got.problems
    assert to_json(got.graph) == to_json(expected.graph)
    assert got.graph.number_of_nodes() > 10  # the page's paper, its listing, venue and entities


def test_a_legacy_encoded_file_is_read_and_the_encoding_is_named(tmp_path):
    record = tmp_path / "latin.jsonl"
    record.write_bytes('{"title": "Café reviews for naïve sentiment models", "year": 2021}\n'.encode("cp1252"))
    result = build([record])
    (problem,) = result.problems
    assert "not UTF-8 (byte 14); read as cp1252" in problem.message
    titles = [d["title"] for _, d in result.graph.nodes(data=True) if d["kind"] == "paper"]
    assert titles == ["Café reviews for naïve sentiment models"]


# ----------------------------------------------------------------------------- the command line


def test_kg_build_on_the_bad_corpus_never_shows_a_traceback(tmp_path):
    runner = CliRunner()
    sample = str(sample_inputs()[0])
    result = runner.invoke(main, ["build", "-q", sample, str(BAD), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == len(BAD_FILES)
    strict = runner.invoke(main, ["build", "-q", "--strict", sample, str(BAD), "-o", str(tmp_path / "strict")])
    assert strict.exit_code == 1 and "Traceback" not in strict.output


def test_an_interrupted_build_leaves_the_previous_outputs_intact(tmp_path, monkeypatch):
    runner = CliRunner()
    out = tmp_path / "out"
    assert runner.invoke(main, ["build", "-q", "-o", str(out)]).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(kg.outputs, "write_graph_tables", interrupted)  # late in the build's outputs
    result = runner.invoke(main, ["build", "-q", str(BAD / "duplicate_of_a_sample_page.txt"), "-o", str(out)])
    assert result.exit_code != 0 and "interrupted" in result.output
    after = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    assert after == before  # nothing lost, nothing half-written, no temporary files left
