"""The graph tables give back the graph, or any part of it, exactly as it was built."""
from __future__ import annotations

import networkx as nx
import pytest

from exports.graph_tables import TABLES_FOLDER, write_graph_tables
from kg.table_files import TableFiles, TableFilesError, has_tables


@pytest.fixture(scope="module")
def tables(sample_build, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tables")
    write_graph_tables(sample_build.graph, folder)
    return folder


def test_the_whole_sample_graph_comes_back_equal(sample_build, tables):
    assert has_tables(tables)
    assert nx.utils.graphs_equal(TableFiles(tables).whole(), sample_build.graph)


def test_a_part_comes_back_as_the_induced_subgraph(sample_build, tables):
    graph = sample_build.graph
    paper = next(node for node, kind in sorted(graph.nodes(data="kind")) if kind == "paper" and graph.degree(node) > 3)
    part = [paper, *sorted(graph.successors(paper))[:3]]
    expected = graph.subgraph(part)
    got = TableFiles(tables).induced(part)
    assert nx.utils.graphs_equal(got, nx.MultiDiGraph(expected))


def test_some_attributes_only_keeps_every_node_and_edge_with_those(sample_build, tables):
    graph = sample_build.graph
    slim = TableFiles(tables).whole(node_attributes={"year"}, edge_attributes=("score", "basis"))
    assert sorted(slim.nodes) == sorted(graph.nodes)
    assert sorted(slim.edges(keys=True)) == sorted(graph.edges(keys=True))
    for node, data in graph.nodes(data=True):
        wanted = {key: value for key, value in data.items() if key in {"kind", "label", "year"}}
        assert slim.nodes[node] == wanted, node
    for u, v, key, data in graph.edges(keys=True, data=True):
        assert slim.edges[u, v, key] == {k: value for k, value in data.items() if k in {"relation", "score", "basis"}}
    assert any("score" in data for _, _, data in slim.edges(data=True))  # the sample has computed links


def test_an_attribute_name_inside_a_text_is_not_taken_for_the_attribute(tmp_path):
    graph = nx.MultiDiGraph()
    graph.add_node("paper/a", kind="paper", label="A", abstract='We report the "year" and the \"score\": 1.')
    graph.add_node("paper/b", kind="paper", label="B", year=2020, title='"year"')
    graph.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo", sentence='a "score" of 2', score=0.5)
    graph.add_edge("paper/b", "paper/a", key="cites", relation="cites", sentence='its "score" was high')
    write_graph_tables(graph, tmp_path)
    slim = TableFiles(tmp_path).whole(node_attributes=["year"], edge_attributes=["score"])
    assert dict(slim.nodes(data=True)) == {"paper/a": {"kind": "paper", "label": "A"},
                                           "paper/b": {"kind": "paper", "label": "B", "year": 2020}}
    assert sorted(slim.edges(keys=True, data=True)) == [
        ("paper/a", "paper/b", "similarTo", {"relation": "similarTo", "score": 0.5}),
        ("paper/b", "paper/a", "cites", {"relation": "cites"})]


@pytest.mark.parametrize("names", ["year", ['"year"'], ["year", 3]])
def test_attribute_names_that_could_not_be_found_are_refused_before_reading(tables, names):
    with pytest.raises((TypeError, ValueError)) as raised:
        TableFiles(tables).whole(node_attributes=names)
    assert not isinstance(raised.value, TableFilesError)  # the caller's mistake, not a damaged table


def test_the_skeleton_has_every_node_and_edge_with_their_names_only(sample_build, tables):
    skeleton = TableFiles(tables).skeleton()
    graph = sample_build.graph
    assert set(skeleton.nodes) == set(graph.nodes)
    assert sorted(skeleton.edges(keys=True)) == sorted(graph.edges(keys=True))
    paper = next(node for node, kind in graph.nodes(data="kind") if kind == "paper")
    assert set(skeleton.nodes[paper]) <= {"kind", "label", "title", "name", "alt_labels"}
    assert skeleton.nodes[paper]["label"] == graph.nodes[paper]["label"]


def test_the_same_graph_writes_the_same_bytes(sample_build, tables, tmp_path):
    write_graph_tables(sample_build.graph, tmp_path)
    for name in ("nodes.parquet", "edges.parquet", "edges_in.parquet"):
        assert (tmp_path / TABLES_FOLDER / name).read_bytes() == (tables / TABLES_FOLDER / name).read_bytes()


def test_damaged_or_missing_tables_say_to_build_again(sample_build, tmp_path):
    write_graph_tables(sample_build.graph, tmp_path)
    (tmp_path / TABLES_FOLDER / "edges.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(TableFilesError, match="kg build -o"):
        TableFiles(tmp_path).whole()
    (tmp_path / TABLES_FOLDER / "nodes.parquet").unlink()
    assert not has_tables(tmp_path)
    with pytest.raises(TableFilesError, match="kg build -o"):
        TableFiles(tmp_path).skeleton()


def test_an_empty_graph_round_trips(tmp_path):
    write_graph_tables(nx.MultiDiGraph(), tmp_path)
    assert TableFiles(tmp_path).whole().number_of_nodes() == 0


def test_asking_for_no_nodes_gives_nothing(tables):
    from exports.graph_tables import read_edge_rows, read_node_rows

    assert TableFiles(tables).induced([]).number_of_nodes() == 0
    assert read_node_rows(tables, ids=[]).num_rows == 0
    assert read_edge_rows(tables, touching=[]).num_rows == 0


def test_table_errors_are_build_folder_errors():
    from kg.build_files import BuildFolderError

    assert issubclass(TableFilesError, BuildFolderError)
