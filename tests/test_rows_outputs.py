"""graph.json, graph.ttl and the tables written from partition rows (kg.rows_outputs, round h14cg): the same bytes
as the graph path's writers, on the sample build and on made-up corpora, with and without the similarity search,
in 1, 3 and 7 hashed partitions; a run killed part-way and run again gives the same files."""
from __future__ import annotations

import filecmp
from collections.abc import Callable
from pathlib import Path

import pytest

from exports.graph_tables import write_graph_tables
from exports.node_link import write_json
from exports.rdf_formats import write_rdf
from kg.document_summary import summarize
from kg.graph import build_graph
from kg.rows_outputs import all_rows, write_row_outputs
from kg.similarity import add_similarity_edges
from tests.test_partition_rows import _entities, _made_up, _persons

FILES = ("graph.ttl", "graph.json", "tables/nodes.parquet", "tables/edges.parquet", "tables/edges_in.parquet")


def _graph_files(graph, folder: Path) -> Path:
    folder.mkdir()
    write_rdf(graph, folder, ("ttl",))
    write_json(graph, folder / "graph.json")
    write_graph_tables(graph, folder)
    return folder


def _differing(one: Path, other: Path) -> list[str]:
    return [name for name in FILES if not filecmp.cmp(one / name, other / name, shallow=False)]


def stopped_in(monkeypatch: pytest.MonkeyPatch, module: object, stage: str, run: Callable[[], object]) -> None:
    """``run()`` with ``module``'s function ``stage`` raising KeyboardInterrupt (a Ctrl-C there)."""
    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(module, stage, killed)
        with pytest.raises(KeyboardInterrupt):
            run()


def assert_left_as(last: Path, folder: Path) -> None:
    """``folder`` holds ``last``'s five files, the same bytes, and nothing else (no temporary file or spill)."""
    assert _differing(last, folder) == []
    assert sorted(p.name for p in folder.iterdir()) == ["graph.json", "graph.ttl", "tables"]
    assert sorted(p.name for p in (folder / "tables").iterdir()) == sorted(
        name.split("/")[1] for name in FILES if name.startswith("tables/"))


@pytest.mark.parametrize("parts", (1, 3, 7))
def test_the_sample_builds_outputs_from_rows(sample_build, tmp_path, parts):
    """The sample build (similarity on, k=5): every file the same bytes as the graph's writers give."""
    documents = sample_build.documents
    rows = all_rows(documents, [summarize(d) for d in documents], parts=parts)
    write_row_outputs(rows, tmp_path / "rows", parts=parts)
    assert _differing(_graph_files(sample_build.graph, tmp_path / "graph"), tmp_path / "rows") == []


@pytest.mark.parametrize("similarity", (False, True))
@pytest.mark.parametrize("parts", (1, 2, 7))
@pytest.mark.parametrize("documents", [_made_up, _persons, _entities],
                         ids=["papers-venues-links", "persons-creators", "entities-collisions"])
def test_made_up_corpora_from_rows(documents, parts, similarity, tmp_path):
    """build_graph (+ the search, k=2) of made-up corpora against the rows of hashed partitions: the same files;
    the corpus with stated ``similarTo`` links each way has them scored by the search in the rows too."""
    graph = build_graph(documents())
    if similarity:
        add_similarity_edges(graph, k=2)
    made = documents()
    rows = all_rows(made, [summarize(d) for d in made], parts=parts, similarity=similarity, similar_k=2)
    write_row_outputs(rows, tmp_path / "rows", parts=parts)
    assert _differing(_graph_files(graph, tmp_path / "graph"), tmp_path / "rows") == []


@pytest.mark.parametrize("stage", ("spill_partition", "write_json_rows"))
def test_a_killed_run_leaves_the_last_outputs_and_run_again_gives_the_same_files(sample_build, tmp_path,
                                                                                   monkeypatch, stage):
    """A run stopped while spilling graph.ttl's partitions, or while writing graph.json (graph.ttl already in its
    temporary file), replaces none of the last run's five files and leaves no temporary file or spill folder; run
    again into the same folder, it gives the same bytes as a clean run."""
    import kg.rows_outputs as module

    documents = sample_build.documents
    summaries = [summarize(d) for d in documents]
    rows = all_rows(documents, summaries, parts=3)
    write_row_outputs(rows, tmp_path / "clean", parts=3)
    last = all_rows(documents, summaries, parts=3, similarity=False)  # the last run: other bytes
    write_row_outputs(last, tmp_path / "last", parts=3)
    write_row_outputs(last, tmp_path / "again", parts=3)
    assert _differing(tmp_path / "clean", tmp_path / "again") != []

    stopped_in(monkeypatch, module, stage, lambda: write_row_outputs(rows, tmp_path / "again", parts=3))
    assert_left_as(tmp_path / "last", tmp_path / "again")
    write_row_outputs(rows, tmp_path / "again", parts=3)
    assert _differing(tmp_path / "clean", tmp_path / "again") == []
    assert sorted(p.name for p in (tmp_path / "again").iterdir()) == ["graph.json", "graph.ttl", "tables"]


def test_no_partitions_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        all_rows([], [], parts=0)
