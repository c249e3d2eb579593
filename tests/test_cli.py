"""The command line, run in-process with click's CliRunner."""
from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import click
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
