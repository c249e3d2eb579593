"""graph.json written from table rows without the graph (exports.json_rows, step S5 of docs/scaling.md; round
h14cd): the same bytes as exports.node_link.write_json of the graph, from rows made of the graph, read from the
tables a build wrote, or made by kg.partition_rows for hashed partitions and merged."""
from __future__ import annotations

import filecmp
import math
from pathlib import Path
from zlib import crc32

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports import json_rows
from exports.graph_order import sorted_edges
from exports.graph_tables import TABLES_FOLDER, table_batches, write_graph_tables
from exports.json_rows import RowOrderError, merged_rows, parquet_rows, write_json_rows
from exports.node_link import to_json, write_json
from exports.table_rows import edge_row, node_row
from kg.graph import build_graph
from kg.partition_rows import hashed_part, partition_rows
from tests.test_partition_rows import _entities, _made_up


def _rows(graph: nx.MultiDiGraph) -> tuple[list[tuple], list[tuple]]:
    """``graph``'s edge rows and node rows, in the tables' order."""
    return ([edge_row(*edge) for edge in sorted_edges(graph)],
            [node_row(node, graph.nodes[node]) for node in sorted(graph.nodes)])


def _from_rows(graph: nx.MultiDiGraph, path: Path) -> str:
    edges, nodes = _rows(graph)
    write_json_rows(path, edges=edges, nodes=nodes, graph=graph.graph)
    return path.read_text(encoding="utf-8")


def _every_value_type() -> nx.MultiDiGraph:
    """Each kind of value a row's JSON columns carry: text with quotes, escapes, line breaks and non-ASCII (accents,
    CJK, an emoji, U+2028), ints beside equal floats, -0.0, huge and tiny floats, NaN and infinities, None, bools,
    empty and nested lists and dicts, a nested dict whose keys were ints (sorted as numbers, so "10" after "9"),
    attributes named as the ids and the edge ends ("id", "from", "to", "key": the line's own values win), a node
    with no attributes, nodes with no kind or label or an empty one, an edge with no relation, parallel edges and
    self-loops."""
    g = nx.MultiDiGraph(name="ünïcode graph", version=2)
    g.add_node("paper/a", kind="paper", label='Tab\t"quoted" \\ back', title="Größe — 日本語 😀", year=2020,
               score=1.0, count=1, zero=-0.0, big=1e300, small=5e-324, nan=math.nan, inf=-math.inf,
               abstract="line\nbreak\u2028sep", flags=[True, False, None], empty_list=[], empty_dict={},
               nested={"b": [1, {"z": 2.5, "a": None}], "a": {"y": [], "x": "é"}}, numbered={9: "nine", 10: "ten"},
               alt_labels=["α", "a"], name="Name", id="ignored: the node's id wins")
    g.add_node("paper/b")
    g.add_node("venue/ü-2026", kind="venue", label="Ü 2026", edition=None, location=None)
    g.add_node("method/ünï", label="no kind")
    g.add_node("dataset/d", kind="dataset", label="")
    g.add_edge("paper/a", "venue/ü-2026", key="presentedAt", relation="presentedAt", sources=["x.txt"])
    g.add_edge("paper/a", "method/ünï", key="uses", relation="uses", mentions=[{"start": 3, "end": 5.0,
                                                                                "sentence": "ä \"b\""}])
    g.add_edge("paper/a", "method/ünï", key="proposes", relation="proposes", confidence=0.9)
    g.add_edge("paper/b", "paper/b", key="similarTo", relation="similarTo", score=0.25, weak=False)
    g.add_edge("paper/b", "dataset/d", key="cites", **{"from": "x", "to": "y"})
    g.edges["paper/b", "dataset/d", "cites"]["key"] = "z"
    g.add_edge("dataset/d", "paper/a", key="plain")
    return g


def test_every_value_type_gives_write_jsons_bytes(tmp_path):
    graph = _every_value_type()
    write_json(graph, tmp_path / "graph.json")
    write_json_rows(tmp_path / "rows.json", edges=_rows(graph)[0], nodes=_rows(graph)[1], graph=graph.graph)
    assert filecmp.cmp(tmp_path / "rows.json", tmp_path / "graph.json", shallow=False)
    text = (tmp_path / "rows.json").read_text(encoding="utf-8")
    assert '"numbered": {"9": "nine", "10": "ten"}' in text and '"id": "paper/a"' in text and "NaN" in text


@pytest.mark.parametrize("graph", [nx.MultiDiGraph(), nx.MultiDiGraph([("a", "b")]), nx.MultiDiGraph(name="x")],
                         ids=["empty", "no-attributes", "graph-attribute"])
def test_small_graphs(graph, tmp_path):
    graph = nx.relabel_nodes(graph, str)
    graph = nx.MultiDiGraph([(u, v, str(k), d) for u, v, k, d in graph.edges(keys=True, data=True)], **graph.graph)
    assert _from_rows(graph, tmp_path / "rows.json") == to_json(graph)


def test_rows_from_the_tables_in_batches_and_merged_partitions(tmp_path):
    """The rows as the tables hold them (record batches; read a group at a time) and as hashed partitions'
    files merged into order."""
    graph = _every_value_type()
    write_graph_tables(graph, tmp_path)
    expected = to_json(graph)
    tables = tmp_path / TABLES_FOLDER
    write_json_rows(tmp_path / "a.json", edges=table_batches(tmp_path, "edges.parquet"),
                    nodes=table_batches(tmp_path, "nodes.parquet"), graph=graph.graph)
    write_json_rows(tmp_path / "b.json", edges=parquet_rows(tables / "edges.parquet"),
                    nodes=parquet_rows(tables / "nodes.parquet"), graph=graph.graph)
    edges, nodes = _rows(graph)
    parts = [hashed_part(part, 3) for part in range(3)]
    write_json_rows(tmp_path / "c.json", graph=graph.graph,
                    edges=merged_rows([[row for row in edges if part(row[0])] for part in parts], width=3),
                    nodes=merged_rows([[row for row in nodes if part(row[0])] for part in parts], width=1))
    assert [(tmp_path / name).read_text(encoding="utf-8") for name in ("a.json", "b.json", "c.json")] == [expected] * 3


def test_record_batches_longer_than_a_slice(tmp_path, monkeypatch):
    """rows_of makes a batch's rows Python values a slice at a time: with slices of 2 and 3 rows, batches of 5 and 6
    rows (slices that end inside and at a batch's end) give every row once, in order (review87: the made-up and sample
    tables' batches are shorter than one slice of 4,096, so a slice that lost or repeated rows went unseen)."""
    graph = _every_value_type()
    write_graph_tables(graph, tmp_path)
    edges, nodes = _rows(graph)
    assert (len(edges), len(nodes)) == (6, 5)
    for size in (2, 3):
        monkeypatch.setattr(json_rows, "_SLICE_ROWS", size)
        assert list(json_rows.rows_of(table_batches(tmp_path, "nodes.parquet"))) == nodes
        assert list(json_rows.rows_of(table_batches(tmp_path, "edges.parquet"))) == edges
        write_json_rows(tmp_path / "rows.json", edges=table_batches(tmp_path, "edges.parquet"),
                        nodes=table_batches(tmp_path, "nodes.parquet"), graph=graph.graph)
        assert (tmp_path / "rows.json").read_text(encoding="utf-8") == to_json(graph)


def test_rows_out_of_order_are_refused(tmp_path):
    edges, nodes = _rows(_every_value_type())
    with pytest.raises(RowOrderError, match="merged_rows"):
        write_json_rows(tmp_path / "x.json", edges=edges, nodes=nodes[::-1])
    with pytest.raises(RowOrderError, match="edge row"):
        write_json_rows(tmp_path / "x.json", edges=edges + edges[-1:], nodes=nodes)
    assert not (tmp_path / "x.json").exists()  # written atomically: nothing is left


@pytest.mark.parametrize("parts", (1, 2, 7))
@pytest.mark.parametrize("documents", [_made_up, _entities], ids=["papers-venues-links", "entities-collisions"])
def test_partition_rows_merged_give_the_assembled_graphs_json(documents, parts, tmp_path):
    """kg.partition_rows' rows of hashed partitions, merged, written without the graph = graph.json of
    build_graph's graph of the same records (assembly, before the similarity search)."""
    graph = build_graph(documents())
    write_json(graph, tmp_path / "graph.json")
    made = [partition_rows(documents(), in_part=hashed_part(part, parts)) for part in range(parts)]
    write_json_rows(tmp_path / "rows.json", edges=merged_rows([rows.edges for rows in made], width=3),
                    nodes=merged_rows([rows.nodes for rows in made], width=1))
    assert filecmp.cmp(tmp_path / "rows.json", tmp_path / "graph.json", shallow=False)


def test_the_sample_builds_graph_json_from_its_tables_and_its_assembly(sample_build, tmp_path):
    """The sample's tables (with the search's similarTo links) give its graph.json; its records' partition rows
    give graph.json of its assembled graph."""
    graph = sample_build.graph
    write_json(graph, tmp_path / "graph.json")
    write_graph_tables(graph, tmp_path)
    write_json_rows(tmp_path / "rows.json", edges=parquet_rows(tmp_path / TABLES_FOLDER / "edges.parquet"),
                    nodes=parquet_rows(tmp_path / TABLES_FOLDER / "nodes.parquet"))
    assert filecmp.cmp(tmp_path / "rows.json", tmp_path / "graph.json", shallow=False)
    documents = list(sample_build.documents)
    made = [partition_rows(documents, in_part=lambda node, p=p: crc32(node.encode()) % 3 == p) for p in range(3)]
    write_json_rows(tmp_path / "assembly.json", edges=merged_rows([rows.edges for rows in made], width=3),
                    nodes=merged_rows([rows.nodes for rows in made], width=1))
    assert (tmp_path / "assembly.json").read_text(encoding="utf-8") == to_json(build_graph(documents))


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | _TEXT,
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
                       max_leaves=8)
_ATTRIBUTES = st.dictionaries(_TEXT, _VALUES, max_size=4)


@settings(max_examples=150, deadline=None)
@given(nodes=st.dictionaries(_TEXT, _ATTRIBUTES, max_size=5),
       edges=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), _TEXT, _ATTRIBUTES), max_size=6))
def test_any_graph_of_json_values_gives_write_jsons_text(tmp_path_factory, nodes, edges):
    graph = nx.MultiDiGraph()
    for node, attributes in nodes.items():
        graph.add_node(node, **{key: value for key, value in attributes.items()
                                if not (key in ("kind", "label") and value is None)})  # a row's None: no attribute
    ids = sorted(graph.nodes) or ["only"]
    for u, v, key, attributes in edges:
        graph.add_edge(ids[u % len(ids)], ids[v % len(ids)], key=key,
                       **{name: value for name, value in attributes.items()
                          if not (name == "relation" and value is None)})
    assert _from_rows(graph, tmp_path_factory.mktemp("rows") / "rows.json") == to_json(graph)
