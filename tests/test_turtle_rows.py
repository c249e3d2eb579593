"""graph.ttl and graph.nt written from table rows, partition by partition, without the graph (exports.turtle_rows,
step S5 of docs/scaling.md; round h14cd): the same bytes as exports.rdf_formats.write_rdf of the graph, from the
sample build's tables and from kg.partition_rows' hashed partitions, however the subjects fall into spill files."""
from __future__ import annotations

import filecmp
from pathlib import Path

import networkx as nx
import pytest

from exports.graph_order import sorted_edges
from exports.graph_tables import TABLES_FOLDER, write_graph_tables
from exports.json_rows import parquet_rows
from exports.rdf_formats import write_rdf
from exports.rdf_terms import RdfExportError
from exports.table_rows import edge_row, node_row
from exports.turtle_rows import Spills, kind_by_prefix, spill_partition, write_turtle_rows
from kg.graph import build_graph
from kg.partition_rows import hashed_part, partition_rows
from tests.test_partition_rows import _entities, _made_up, _persons

FILES = {"ttl": "graph.ttl", "nt": "graph.nt"}


def _expected(graph: nx.MultiDiGraph, folder: Path) -> Path:
    folder.mkdir()
    write_rdf(graph, folder, ("ttl", "nt"))
    return folder


def _from_partitions(partitions, folder: Path, *, kind_of=kind_by_prefix, spill_bytes: int = 1 << 20,
                     fan_in: int = 64) -> Path:
    """``partitions`` (pairs of node rows and edge rows) spilled one at a time, merged into graph.ttl and graph.nt
    in ``folder``; the spill files are gone after."""
    folder.mkdir()
    agents: dict[str, str] = {}
    with Spills(folder) as spills:
        for nodes, edges in partitions:
            agents.update(spill_partition(spills, nodes=nodes, edges=edges, kind_of=kind_of, spill_bytes=spill_bytes))
        write_turtle_rows({name: folder / file for name, file in FILES.items()}, spills, agents, fan_in=fan_in)
    assert sorted(path.name for path in folder.iterdir()) == sorted(FILES.values())
    return folder


def _same(a: Path, b: Path) -> bool:
    return all(filecmp.cmp(a / file, b / file, shallow=False) for file in FILES.values())


def _hashed(rows: list[tuple], parts: int) -> list[list[tuple]]:
    return [[row for row in rows if hashed_part(part, parts)(row[0])] for part in range(parts)]


@pytest.mark.parametrize(("parts", "spill_bytes", "fan_in"), [(1, 1 << 30, 64), (3, 1 << 20, 64), (3, 1, 64),
                                                              (3, 1, 2)],
                         ids=["one-partition", "three-partitions", "every-block-spilled-alone", "merged-in-pairs"])
def test_the_sample_builds_rdf_from_its_tables(sample_build, tmp_path, parts, spill_bytes, fan_in):
    """spill_bytes=1 spills after each node's and each edge's triples, so a node's own lines and those its
    out-edges put on its resource are joined only by the merge; fan_in=2 merges the 1,012 files in pairs, in
    nine rounds, before the last merge."""
    graph = sample_build.graph
    write_graph_tables(graph, tmp_path)
    tables = tmp_path / TABLES_FOLDER
    nodes, edges = list(parquet_rows(tables / "nodes.parquet")), list(parquet_rows(tables / "edges.parquet"))
    made = _from_partitions(zip(_hashed(nodes, parts), _hashed(edges, parts)), tmp_path / "rows",
                            spill_bytes=spill_bytes, fan_in=fan_in)
    assert _same(made, _expected(graph, tmp_path / "graph"))
    assert (made / "graph.ttl").read_bytes().count(b"kg:Mention") > 100  # mentions, similarities, fields: all there


@pytest.mark.parametrize("parts", (1, 2, 7))
@pytest.mark.parametrize("documents", [_made_up, _persons, _entities],
                         ids=["papers-venues-links", "persons-creators", "entities-collisions"])
def test_partition_rows_give_the_assembled_graphs_rdf(documents, parts, tmp_path):
    """kg.partition_rows' hashed partitions, each spilled alone, merged = write_rdf of build_graph's graph."""
    graph = build_graph(documents())
    made = [partition_rows(documents(), in_part=hashed_part(part, parts)) for part in range(parts)]
    kinds = {node: data.get("kind") for node, data in graph.nodes(data=True)}  # a pass-1 table instead of the ids
    rows = _from_partitions([(part.nodes, part.edges) for part in made], tmp_path / "rows", kind_of=kinds.get,
                            spill_bytes=4096)
    assert _same(rows, _expected(graph, tmp_path / "graph"))


def _task_graph() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    g.add_node("paper/a", kind="paper", label="A", sources=["a.txt"])
    g.add_node("task/ner", kind="task", label="NER")
    g.add_edge("paper/a", "task/ner", key="uses", relation="uses", sources=["a.txt"])
    return g


def _rows(graph: nx.MultiDiGraph) -> tuple[list[tuple], list[tuple]]:
    return [node_row(node, graph.nodes[node]) for node in sorted(graph)], [edge_row(*e) for e in sorted_edges(graph)]


def test_the_targets_kind_chooses_the_predicate(tmp_path):
    """An edge to a task takes the task's predicate: the kind comes from ``kind_of``, not from the edge's row."""
    graph = _task_graph()
    expected = _expected(graph, tmp_path / "graph")
    assert _same(_from_partitions([_rows(graph)], tmp_path / "rows"), expected)
    assert b"kg:addressesTask" in (expected / "graph.ttl").read_bytes()
    with pytest.raises(RdfExportError, match="kind_of gives None"):  # a kind_of that knows nothing is refused
        _from_partitions([_rows(graph)], tmp_path / "no-kinds", kind_of=lambda node: None)


def test_an_id_whose_prefix_is_not_its_kind(tmp_path):
    """A task node whose id says "method": kind_by_prefix would give the edge to it kg:usesMethod, write_rdf gives
    kg:addressesTask; so kind_by_prefix is refused where the node's row is spilled (even in another partition than
    the edge's), and a table of the kinds gives write_rdf's bytes (review87)."""
    graph = nx.relabel_nodes(_task_graph(), {"task/ner": "method/ner"})
    nodes, edges = _rows(graph)
    with pytest.raises(RdfExportError, match="'method/ner' has kind 'task' but kind_of gives 'method'"):
        _from_partitions([([], edges), (nodes, [])], tmp_path / "prefix")
    kinds = {node: data["kind"] for node, data in graph.nodes(data=True)}
    made = _from_partitions([([], edges), (nodes, [])], tmp_path / "table", kind_of=kinds.get)
    assert _same(made, _expected(graph, tmp_path / "graph"))
    assert b"kg:addressesTask" in (made / "graph.ttl").read_bytes()


def test_an_empty_graph_and_refusals(tmp_path):
    assert _same(_from_partitions([([], [])], tmp_path / "rows"), _expected(nx.MultiDiGraph(), tmp_path / "graph"))
    graph = _task_graph()
    graph.add_node("task/a>b", kind="task", label="odd")
    with Spills(tmp_path) as spills, pytest.raises(RdfExportError, match="write_rdf"):
        spill_partition(spills, nodes=_rows(graph)[0], edges=[], kind_of=kind_by_prefix)
    with Spills(tmp_path) as spills, pytest.raises(ValueError, match="'jsonld'"):
        write_turtle_rows({"jsonld": tmp_path / "graph.jsonld"}, spills, {})
    with Spills(tmp_path) as spills, pytest.raises(ValueError, match="at least 2"):
        spills.merge_down(1)
    with pytest.raises(RdfExportError, match="context manager"):  # outside a with block: no folder to spill in
        spill_partition(Spills(tmp_path), nodes=_rows(graph)[0][:1], edges=[], kind_of=kind_by_prefix)


def test_a_triple_made_twice_in_one_record_is_written_once(tmp_path):
    """Two parallel ``uses`` edges (keys "uses" and "uses-2") each put the same own triple on the paper: write_rdf's
    lines are distinct, so the spill must drop the repeat within one subject's record too, not only where records are
    joined (review87: a spill keeping repeats passed every test — no made-up or sample graph repeats a triple)."""
    graph = _task_graph()
    graph.add_edge("paper/a", "task/ner", key="uses-2", relation="uses", sources=["a.txt"])
    expected = _expected(graph, tmp_path / "graph")
    assert (expected / "graph.nt").read_bytes().count(b"addressesTask") == 1
    assert _same(_from_partitions([_rows(graph)], tmp_path / "rows", spill_bytes=1 << 30), expected)
