"""``kg build --partitions N`` (kg.partitioned_build, round h14cj): the same files as the default graph path — on
the sample pages, on made-up corpora, after a changed input — a killed build leaves the last outputs whole, and the
options it does not serve are refused with what to do."""
from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg import outputs, streamed_outputs
from kg.cli import main
from kg.graph import build_graph
from kg.outputs import write_outputs
from kg.partitioned_build import table_counts, write_partitioned_outputs
from kg.pipeline import BuildResult
from kg.similarity import add_similarity_edges
from tests.test_partition_rows import _entities, _made_up, _persons

FILES = ("graph.ttl", "graph.json", "graph.html", "tables/nodes.parquet", "tables/edges.parquet",
         "tables/edges_in.parquet")


def _files(folder: Path) -> list[str]:
    """The compared outputs: the six files and every file under views/ but the pages' record."""
    views = sorted(str(path.relative_to(folder)) for path in (folder / "views").rglob("*")
                   if path.is_file() and path.name != ".kg-pages.json") if (folder / "views").is_dir() else []
    return [*FILES, *views]


def _differing(one: Path, other: Path) -> list[str]:
    assert _files(one) == _files(other)
    return [name for name in _files(one) if not filecmp.cmp(one / name, other / name, shallow=False)]


def _kg_build(*args: str) -> str:
    result = CliRunner().invoke(main, ["build", "-q", *args])
    assert result.exit_code == 0, result.output
    return result.output


def _summary(output: str) -> str:
    """The printed summary without the list of files written (which names the folder)."""
    return output.partition("Wrote:")[0]


@pytest.mark.parametrize("views", ["--views", "--no-views"])
def test_the_sample_pages_with_partitions_are_the_default_builds_bytes(tmp_path, views):
    default = _kg_build("-o", str(tmp_path / "default"), views)
    partitioned = _kg_build("-o", str(tmp_path / "parts"), "--partitions", "2", views)
    if views == "--views":
        assert len(_files(tmp_path / "parts")) > 40
    else:
        assert not (tmp_path / "parts" / "views").exists()
    assert _differing(tmp_path / "default", tmp_path / "parts") == []
    assert _summary(partitioned) == _summary(default)
    assert (tmp_path / "parts" / ".kg-store").is_dir()


def test_nothing_changed_keeps_the_outputs_whichever_path_wrote_them(tmp_path):
    """The option is not part of what the outputs depend on (they are the same bytes): no rebuild for it."""
    out = str(tmp_path / "out")
    _kg_build("-o", out)
    assert "Nothing changed" in _kg_build("-o", out, "--partitions", "3")
    assert "Nothing changed" in _kg_build("-o", out)


@pytest.mark.parametrize("documents", [_made_up, _persons, _entities], ids=["papers", "persons", "entities"])
@pytest.mark.parametrize("similarity", [False, True], ids=["stated", "searched"])
@pytest.mark.parametrize("parts", [1, 2, 5])
def test_made_up_corpora_partitioned_are_the_graph_paths_bytes(tmp_path, documents, similarity, parts):
    """Made-up records (paper merges across documents, persons, D21 collisions), none in the cache (held): the
    files and pages of write_outputs of their graph, and the summary's counts of the graph."""
    made = documents()
    graph = build_graph(documents())
    if similarity:
        add_similarity_edges(graph, k=2)
    write_outputs(graph, tmp_path / "graph", max_nodes=50)
    held = {f"key{n}": document for n, document in enumerate(made)}
    write_partitioned_outputs(list(held), held, tmp_path / "parts", cache_dir=tmp_path / "parts" / ".kg-cache",
                              parts=parts, similarity=similarity, similar_k=2, max_nodes=50)
    assert _differing(tmp_path / "graph", tmp_path / "parts") == []
    assert table_counts(tmp_path / "parts") == BuildResult(graph, (), ()).counts()


def test_a_rebuild_after_a_changed_input_is_a_fresh_builds_bytes(tmp_path, sample_page_inputs):
    inputs, out = str(sample_page_inputs.folder), str(tmp_path / "out")
    _kg_build(inputs, "-o", out, "--partitions", "2")
    for step, change in enumerate([sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]):
        change()
        _kg_build(inputs, "-o", out, "--partitions", "2")
        _kg_build(inputs, "-o", str(tmp_path / f"fresh{step}"), "--no-cache")
        assert _differing(tmp_path / f"fresh{step}", Path(out)) == [], step


@pytest.mark.parametrize("module, stage", [(streamed_outputs, "streamed_part_rows"), (outputs, "_write_views")],
                         ids=["pass-2", "views"])
def test_a_build_killed_mid_way_leaves_the_last_outputs(tmp_path, monkeypatch, sample_page_inputs, module, stage):
    """Ctrl-C in pass 2 or in the views, after a page changed: the last build's files, no spill or temporary file
    left, the last build's record; run again, a fresh build's bytes."""
    inputs, out = str(sample_page_inputs.folder), tmp_path / "out"
    _kg_build(inputs, "-o", str(out), "--partitions", "2")
    shutil.copytree(out, tmp_path / "last", ignore=shutil.ignore_patterns(".kg-*"))
    record = (out / ".kg-build.json").read_bytes()
    sample_page_inputs.change()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(module, stage, killed)
        result = CliRunner().invoke(main, ["build", "-q", inputs, "-o", str(out), "--partitions", "2"])
    assert result.exit_code == 1 and "interrupted: the previous outputs" in result.output
    assert _differing(tmp_path / "last", out) == []
    assert (out / ".kg-build.json").read_bytes() == record
    assert not [path for path in out.rglob("*") if ".kg-tmp" in path.name or path.name.startswith(".kg-rows")]
    _kg_build(inputs, "-o", str(out), "--partitions", "2")
    _kg_build(inputs, "-o", str(tmp_path / "fresh"), "--no-cache")
    assert _differing(tmp_path / "fresh", out) == []


@pytest.mark.parametrize("options, message", [
    (["--partitions", "0"], "0 is not in the range x>=1"),
    (["--partitions", "2", "--no-cache"], "--partitions reads each document from the build's cache"),
    (["--partitions", "2", "--dask", "local"], "--partitions extracts in local processes"),
    (["--partitions", "2", "--rdf-format", "nt"], "--partitions writes graph.ttl only"),
], ids=["zero", "no-cache", "dask", "rdf-format"])
def test_options_partitions_does_not_serve_are_refused(tmp_path, options, message):
    result = CliRunner().invoke(main, ["build", "-q", "-o", str(tmp_path / "out"), *options])
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "out").exists()
