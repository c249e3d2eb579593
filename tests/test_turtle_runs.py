"""The query store loads kg's Turtle a run at a time: same triples as one load, bounded memory, exact error lines."""
from __future__ import annotations

from pathlib import Path

import pyoxigraph
import pytest

from kg.canned import QueryError
from kg.query_store import fill_store
from kg.turtle_runs import turtle_runs

HEADER = "@prefix ex: <http://e/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"


def quads(store: pyoxigraph.Store) -> set[str]:
    return {str(quad) for quad in store}


def whole_load(path: Path) -> pyoxigraph.Store:
    store = pyoxigraph.Store()
    store.bulk_load(path=str(path), format=pyoxigraph.RdfFormat.TURTLE)
    return store


def test_the_sample_graph_in_small_runs_holds_the_same_triples_as_loaded_whole(sample_ttl):
    runs = list(turtle_runs(sample_ttl, run_bytes=4096))
    assert len(runs) > 50  # the sample's graph.ttl is about a megabyte
    store = pyoxigraph.Store()
    for run in runs:
        assert run.data.startswith(b"@prefix")
        store.bulk_load(input=run.data, format=pyoxigraph.RdfFormat.TURTLE)
    assert quads(store) == quads(whole_load(sample_ttl))


def test_fill_store_loads_kg_turtle_in_runs_with_the_same_triples(sample_ttl, tmp_path):
    fill_store(sample_ttl, tmp_path / "store", run_bytes=1 << 16)
    store = pyoxigraph.Store.read_only(str(tmp_path / "store"))
    assert quads(store) == quads(whole_load(sample_ttl))


def test_a_subject_bigger_than_a_run_stays_whole(tmp_path):
    path = tmp_path / "g.ttl"
    objects = " ;\n".join(f'\tex:p{i} "{i}"' for i in range(200))
    path.write_text(HEADER + f"<http://e/big> a ex:Thing ;\n{objects} .\n<http://e/small> ex:p \"x\" .\n", "utf-8")
    runs = list(turtle_runs(path, run_bytes=64))
    assert [run.data.count(b"\n<http") for run in runs] == [1, 1]
    assert [run.first_line for run in runs] == [3, 204]


@pytest.mark.parametrize("body", [
    '<http://e/a> ex:p _:b0 .\n',                        # a blank node: its label is local to one load
    '_:b0 ex:p "x" .\n',
    '<http://e/a> ex:p [ ex:q "x" ] .\n',                # an anonymous one
    '<http://e/a> <http://e/p>_:b0 .\n',                 # a label right after an IRI
    'prefix:x prefix:p "1" .\n<http://e/a> ex:p "x" .\n',  # a triple, not a header: its prefix is "prefix"
    '<http://e/a> ex:p """two\nlines""" .\n',            # a string that spans lines
    '<http://e/a> ex:p "x" .\n# a comment\n<http://e/b> ex:p "y" .\n',
    '<http://e/a> ex:p "x" .\n@prefix ex2: <http://f/> .\n<http://e/b> ex2:p "y" .\n',
])
def test_files_not_laid_out_as_kg_writes_them_are_loaded_whole(tmp_path, body):
    path = tmp_path / "g.ttl"
    path.write_text(HEADER + body, "utf-8")
    assert turtle_runs(path, run_bytes=8) is None


def test_brackets_and_blank_node_look_alikes_inside_strings_still_split(tmp_path):
    path = tmp_path / "g.ttl"
    path.write_text(HEADER + '<http://e/a> ex:p "see [1] and (_en_: x)" .\n<http://e/b> ex:p "y" .\n', "utf-8")
    assert len(list(turtle_runs(path, run_bytes=8))) == 2


@pytest.mark.parametrize("text", [
    HEADER + '<http://e/s0> ex:p\n<http://e/o0> .\n<http://e/s1> ex:p "1" .\n',  # an object on a line of its own
    '@prefix ex:\n<http://e/> .\n<http://e/s0> ex:p "0" .\n<http://e/s1> ex:p "1" .\n',  # a header on two lines
])
def test_valid_turtle_laid_out_otherwise_loads_with_the_same_triples(tmp_path, text):
    path = tmp_path / "graph.ttl"
    path.write_text(text, "utf-8")
    fill_store(path, tmp_path / "store", run_bytes=8)
    assert quads(pyoxigraph.Store.read_only(str(tmp_path / "store"))) == quads(whole_load(path))


def test_a_file_of_prefixes_with_an_error_is_not_an_empty_store(tmp_path):
    path = tmp_path / "graph.ttl"
    path.write_text("@prefix ex <http://e/> .\n", "utf-8")
    with pytest.raises(QueryError, match="not valid RDF"):
        fill_store(path, tmp_path / "store")


def test_a_syntax_error_names_its_line_in_the_file(tmp_path):
    path = tmp_path / "graph.ttl"
    good = "".join(f'<http://e/s{i}> ex:p "{i}" .\n' for i in range(100))
    path.write_text(HEADER + good + '<http://e/bad> ex:p "x .\n', "utf-8")
    assert len(list(turtle_runs(path, run_bytes=256))) > 5
    with pytest.raises(QueryError, match=r"graph.ttl is not valid RDF \(.*line 103\b"):
        fill_store(path, tmp_path / "store", run_bytes=256)
