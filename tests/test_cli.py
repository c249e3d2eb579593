"""The command line, run in-process with click's CliRunner."""
from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import click
import pytest
import rdflib
from click.testing import CliRunner

from kg.cli import main

SAMPLE_DIR = Path(str(resources.files("kg").joinpath("sample/underline")))
README = Path(__file__).resolve().parents[1] / "README.md"


def test_build_without_arguments_builds_the_sample(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "--quiet"])
    assert result.exit_code == 0, result.output
    for name in ("graph.ttl", "graph.html", "graph.json"):
        assert (tmp_path / "kg-out" / name).stat().st_size > 0
    assert "papers" in result.output and "59" in result.output and "kg-out/graph.ttl" in result.output
    assert len(rdflib.Graph().parse(tmp_path / "kg-out" / "graph.ttl")) > 1000


def test_two_builds_give_identical_bytes(tmp_path):
    runner = CliRunner()
    for out in ("a", "b"):
        assert runner.invoke(main, ["build", "-q", str(SAMPLE_DIR), "-o", str(tmp_path / out)]).exit_code == 0
    for name in ("graph.ttl", "graph.html", "graph.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_bad_file_is_one_warning_and_strict_fails(tmp_path):
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(SAMPLE_DIR / "001_402f8b867fae7175.txt", inputs)
    (inputs / "bad.txt").write_bytes(b"\x80\x81\x82")
    runner = CliRunner()
    result = runner.invoke(main, ["build", "-q", str(inputs), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: in/bad.txt:1: not UTF-8 text (byte 0) and no other encoding fits; skipped"]
    assert (tmp_path / "out" / "graph.ttl").exists()
    strict = runner.invoke(main, ["build", "-q", "--strict", str(inputs), "-o", str(tmp_path / "strict")])
    assert strict.exit_code == 1 and "--strict" in strict.output


def test_output_folder_with_spaces_and_unicode(tmp_path):
    out = tmp_path / "résultats du graphe"
    result = CliRunner().invoke(main, ["build", "-q", str(SAMPLE_DIR / "000_16934c490b00c391.txt"), "-o", str(out)])
    assert result.exit_code == 0 and (out / "graph.html").exists()


def test_every_command_has_help_and_is_in_the_readme():
    readme = README.read_text(encoding="utf-8")
    assert isinstance(main, click.Group)
    for name, command in main.commands.items():
        assert command.help, name
        assert f"kg {name}" in readme, name


# ----------------------------------------------------------------------------- errors and shared options


def _one_error_line(result) -> str:
    """The whole output of a failed command, which must be one ``Error: ...`` line."""
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


def test_an_output_folder_that_cannot_exist_is_one_line_naming_it():
    line = _one_error_line(CliRunner().invoke(main, ["build", "-q", str(SAMPLE_DIR), "-o", "/dev/null/out"]))
    assert "/dev/null/out" in line and "Not a directory" in line


def test_an_unwritable_output_folder_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    line = _one_error_line(CliRunner().invoke(main, ["build", "-q", "--no-cache", str(SAMPLE_DIR), "-o",
                                                     str(blocker / "out")]))
    assert str(blocker) in line


def test_a_library_error_is_one_line():
    line = _one_error_line(CliRunner().invoke(main, ["query", "/no/such/build", "SELECT * { ?s ?p ?o }"]))
    assert "/no/such/build" in line


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("cli") / "out"
    assert CliRunner().invoke(main, ["build", "-q", "--no-views", str(SAMPLE_DIR), "-o", str(out)]).exit_code == 0
    return out


@pytest.mark.parametrize("command", [["stats", "--no-report"], ["view", "--venue", "ACL 2026"]])
def test_the_output_folder_is_named_the_same_way_in_every_command(built, command):
    runner = CliRunner()
    positional = runner.invoke(main, [command[0], str(built), *command[1:]])
    option = runner.invoke(main, [command[0], "-o", str(built), *command[1:]])
    assert positional.exit_code == option.exit_code == 0, (positional.output, option.output)
    assert positional.output == option.output
    clash = runner.invoke(main, [command[0], str(built), "-o", str(built / "other"), *command[1:]])
    assert clash.exit_code == 2 and "name different folders" in clash.output


def test_query_takes_the_folder_as_target_or_as_option(built):
    runner = CliRunner()
    sparql = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"
    as_target = runner.invoke(main, ["query", str(built), sparql, "--format", "csv"])
    as_option = runner.invoke(main, ["query", "-o", str(built), sparql, "--format", "csv"])
    assert as_target.exit_code == as_option.exit_code == 0
    assert as_target.output == as_option.output and as_target.output.split() == ["n", "59"]


def test_old_option_spellings_still_work_with_a_warning(tmp_path):
    result = CliRunner().invoke(main, ["build", "-q", "--no-views", str(SAMPLE_DIR / "000_16934c490b00c391.txt"),
                                       "-o", str(tmp_path), "--format", "nt", "--top", "50"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "graph.nt").exists()
    assert "warning: --format is deprecated here, use --rdf-format" in result.output
    assert "warning: --top is deprecated here, use --max-nodes" in result.output


def test_each_option_name_has_one_meaning_across_commands():
    meanings: dict[str, set[str]] = {}
    for command in main.commands.values():
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                for opt in param.opts:
                    meanings.setdefault(opt, set()).add(" ".join((param.help or "").split()[:3]).rstrip(".,:;"))
    assert meanings["-o"] == meanings["--output"] and len(meanings["--top"]) == 1
    assert "--max-nodes" in meanings and "--rdf-format" in meanings


def test_similar_k_sets_how_many_neighbours_each_paper_gets(tmp_path):
    import json

    counts = {}
    for k in (1, 3):
        out = tmp_path / f"k{k}"
        assert CliRunner().invoke(main, ["build", "-q", "--no-views", str(SAMPLE_DIR), "-o", str(out),
                                         "--similar-k", str(k)]).exit_code == 0
        data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
        links = data.get("edges", data.get("links"))
        counts[k] = sum(1 for e in links if e.get("relation") == "similarTo" and e.get("extractor") == "kg.similarity")
    assert 0 < counts[1] < counts[3]
