"""A JSON input may escape half of a UTF-16 surrogate pair ("\\ud800" alone): json decodes it into a character no
UTF-8 text can hold, which crashed the document cache's writer. It is read as U+FFFD with one warning naming
the file and line, and the rest of the batch is built."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kg.cli import main
from kg.pipeline import build

LONE = "\\ud800"  # as written in the file: a backslash escape of half a pair
PAIR = "\\ud83d\\ude00"  # a whole pair: one character (U+1F600)


def _titles(result) -> set[str]:
    return {data.get("title") for _, data in result.graph.nodes(data=True) if data.get("kind") == "paper"}


def test_json_lines_with_a_lone_surrogate_are_read_with_a_warning_on_their_line(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_text('{"id": "a", "title": "Plain Title"}\n'
                    f'{{"id": "b", "title": "Broken {LONE} Title"}}\n'
                    f'{{"id": "c", "title": "Smiling {PAIR} Title"}}\n', encoding="utf-8")
    result = build([path], cache_dir=tmp_path / "cache", similarity=False)
    assert _titles(result) == {"Plain Title", "Broken \ufffd Title", "Smiling \U0001f600 Title"}
    (problem,) = result.problems
    assert (problem.source, problem.line) == ("papers.jsonl", 2) and "surrogate" in problem.message


def test_a_json_array_item_with_a_lone_surrogate_is_read_with_a_warning(tmp_path: Path) -> None:
    items = [{"id": "x1", "type": "paper-conference", "title": "First Paper", "event-title": "ACL 2023"},
             {"id": "x2", "type": "paper-conference", "title": "Second Paper", "event-title": "ACL 2023"}]
    text = json.dumps(items, indent=2).replace("Second Paper", f"Second {LONE} Paper")
    path = tmp_path / "items.csl.json"
    path.write_text(text, encoding="utf-8")
    result = build([path], cache_dir=tmp_path / "cache", similarity=False)
    assert _titles(result) == {"First Paper", "Second \ufffd Paper"}
    (problem,) = result.problems
    assert problem.source == "items.csl.json" and problem.line == 8 and "surrogate" in problem.message


def test_kg_build_writes_its_outputs_and_one_warning_line(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_text(f'{{"id": "b", "title": "Broken {LONE} Title", "abstract": "We study parsing."}}\n',
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(path), "-o", str(tmp_path / "out"), "-q", "--no-views"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "papers.jsonl:1: a lone UTF-16 surrogate" in result.output
    assert "Broken \ufffd Title" in (tmp_path / "out" / "graph.ttl").read_text(encoding="utf-8")
