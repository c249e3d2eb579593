"""Every RDF serialisation round-trips, is deterministic, and TriG/N-Quads keep provenance per source document."""
from __future__ import annotations

import json

import networkx as nx
import pyoxigraph
import pytest
import rdflib
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib.compare import isomorphic
from test_rdf_export import JSONL, PAGE, full_graph

from exports.node_link import GraphFileError
from exports.rdf import Lit, RdfExportError, source_descriptions, to_dataset, to_rdf, write_turtle
from exports.rdf_formats import (
    FILE_NAMES,
    FORMATS_HELP,
    RDF_FORMATS,
    SERIALISATIONS,
    RdfFormatError,
    RdfSerialiser,
    Serialisation,
    write_rdf,
)
from exports.rdf_jsonld import jsonld_context
from exports.rdf_ntriples import ntriples_line, sorted_lines
from exports.void import DATASET_IRI
from kg.pipeline import build
from ontology import CONTEXT_PATH
from ontology.errors import KgError

RDFLIB_FORMATS = {"ttl": "turtle", "nt": "nt", "jsonld": "json-ld", "trig": "trig", "nq": "nquads"}


@pytest.fixture(scope="module", params=["sample", "full"])
def graph(request, sample_build) -> nx.MultiDiGraph:
    return sample_build.graph if request.param == "sample" else full_graph()


@pytest.mark.parametrize("fmt", ["ttl", "nt", "jsonld"])
def test_triple_formats_round_trip(graph, fmt, tmp_path):
    (path,) = write_rdf(graph, tmp_path, formats=(fmt,))
    parsed = rdflib.Graph().parse(path, format=RDFLIB_FORMATS[fmt])
    expected = to_rdf(graph)
    assert len(parsed) == len(expected) and isomorphic(parsed, expected)


@pytest.mark.parametrize("fmt", ["trig", "nq"])
def test_quad_formats_round_trip_with_one_graph_per_source(graph, fmt, tmp_path):
    (path,) = write_rdf(graph, tmp_path, formats=(fmt,))
    parsed = rdflib.Dataset().parse(path, format=RDFLIB_FORMATS[fmt])
    expected = to_dataset(graph)
    names = {g.identifier for g in expected.graphs()}
    assert {g.identifier for g in parsed.graphs()} == names
    for name in names:
        assert isomorphic(parsed.graph(name), expected.graph(name)), name
    sources = sorted({s for _, data in graph.nodes(data=True) for s in data.get("sources", ())})
    assert len(names) == len(sources) + 1  # one named graph per source file, plus the default graph
    union = rdflib.Graph()
    for quad in parsed.quads((None, None, None, None)):
        union.add(quad[:3])
    for s, p, o in source_descriptions(sources):
        union.remove((rdflib.URIRef(s), rdflib.URIRef(p), rdflib.Literal(o.lexical) if isinstance(o, Lit)
                      else rdflib.URIRef(o)))
    assert isomorphic(union, to_rdf(graph))  # the graphs together are the whole graph


def test_provenance_is_queryable_with_graph(tmp_path):
    (path,) = write_rdf(full_graph(), tmp_path, formats=("nq",))
    store = pyoxigraph.Store()
    store.load(path=str(path), format=pyoxigraph.RdfFormat.N_QUADS)
    query = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
        SELECT ?file WHERE { GRAPH ?g { ?paper kg:uses ?dataset . ?dataset a kg:Dataset }
                             ?g kg:sourceFile ?file }"""
    assert [s["file"].value for s in store.query(query)] == [JSONL]
    stated = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
        SELECT DISTINCT ?file WHERE { GRAPH ?g { ?venue a kg:Venue } ?g kg:sourceFile ?file }"""
    assert [s["file"].value for s in store.query(stated)] == [PAGE]


def test_same_input_same_bytes(tmp_path):
    first, second = build(), build()
    a = write_rdf(first.graph, tmp_path / "a", formats=RDF_FORMATS)
    b = write_rdf(second.graph, tmp_path / "b", formats=RDF_FORMATS)
    assert [p.name for p in a] == [FILE_NAMES[f] for f in RDF_FORMATS]
    for x, y in zip(a, b):
        assert x.read_bytes() == y.read_bytes(), x.name


def test_bytes_do_not_depend_on_insertion_order():
    graph = full_graph()
    reordered = nx.MultiDiGraph()
    reordered.add_nodes_from(reversed(list(graph.nodes(data=True))))
    reordered.add_edges_from(reversed(list(graph.edges(keys=True, data=True))))
    for fmt in RDF_FORMATS:
        assert RdfSerialiser(graph).serialise(fmt) == RdfSerialiser(reordered).serialise(fmt), fmt


def test_n_triples_lines_are_sorted_and_distinct(graph):
    lines = RdfSerialiser(graph).serialise("nt").decode("utf-8").splitlines(keepends=True)
    assert lines == sorted(set(lines))


def test_write_turtle_is_the_turtle_of_write_rdf(tmp_path):
    graph = full_graph()
    assert write_turtle(graph, tmp_path / "t.ttl").read_bytes() == write_rdf(graph, tmp_path)[0].read_bytes()


def test_unknown_format_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(RdfFormatError, match="choose from ttl, nt, jsonld, trig, nq, void"):
        write_rdf(full_graph(), tmp_path / "out", formats=("ttl", "rdfxml"))
    assert not (tmp_path / "out").exists()


def test_the_table_names_every_format_once():
    assert RDF_FORMATS == tuple(SERIALISATIONS) == ("ttl", "nt", "jsonld", "trig", "nq", "void")
    assert len({entry.file_name for entry in SERIALISATIONS.values()}) == len(SERIALISATIONS)
    for name, entry in SERIALISATIONS.items():
        assert entry.name == name and FILE_NAMES[name] == entry.file_name
        assert f"{name} ({entry.description})" in FORMATS_HELP
        # the media type is one Oxigraph knows, and its file extension is the one the file gets
        assert pyoxigraph.RdfFormat.from_media_type(entry.media_type).file_extension == entry.file_name.rsplit(".")[-1]


@pytest.mark.parametrize("error", [RdfExportError, RdfFormatError, GraphFileError])
def test_export_errors_are_kg_errors_and_still_value_errors(error):
    assert issubclass(error, KgError) and issubclass(error, ValueError)


def test_a_new_serialisation_is_one_table_entry(tmp_path, monkeypatch):
    def shouting(rdf: RdfSerialiser, written) -> bytes:
        return rdf.ntriples.upper()

    monkeypatch.setitem(SERIALISATIONS, "loud", Serialisation("loud", "graph.loud", "text/plain", "shouted", shouting))
    graph = full_graph()
    paths = write_rdf(graph, tmp_path, formats=("nt", "loud"))
    assert [p.name for p in paths] == ["graph.nt", "graph.loud"]
    assert paths[1].read_bytes() == paths[0].read_bytes().upper()
    void = RdfSerialiser(graph).serialise("void", written=("nt", "loud")).decode("utf-8")
    assert "formats/N-Triples" in void and "loud" not in void.lower()  # no format IRI: not listed as a dump


def test_jsonld_uses_the_shipped_context(tmp_path):
    (path,) = write_rdf(full_graph(), tmp_path, formats=("jsonld",))
    document = json.loads(path.read_text("utf-8"))
    assert document["@context"] == json.loads(CONTEXT_PATH.read_text("utf-8"))["@context"] == jsonld_context()
    paper = next(node for node in document["@graph"] if node["@id"] == "kgid:paper/a")
    assert paper["@type"] == ["ConferencePoster", "Paper"]
    assert paper["year"] == "2026" and paper["proposes"] == "kgid:method/clear"
    assert paper["creator"] == ["kgid:person/ada", "kgid:person/bo"]


def test_void_describes_the_graph(graph):
    serialiser = RdfSerialiser(graph)
    void = rdflib.Graph().parse(data=serialiser.serialise("void", written=("ttl", "nq")), format="turtle")
    void_ns = rdflib.Namespace("http://rdfs.org/ns/void#")
    dataset = rdflib.URIRef(DATASET_IRI)
    rdf = to_rdf(graph)
    assert int(void.value(dataset, void_ns.triples)) == len(rdf)
    assert int(void.value(dataset, void_ns.properties)) == len(set(rdf.predicates()))
    paper_class = rdflib.URIRef("https://w3id.org/paperkg/ontology#Paper")
    partition = next(p for p in void.objects(dataset, void_ns.classPartition) if void.value(p, void_ns["class"]) == paper_class)
    assert int(void.value(partition, void_ns.entities)) == len(set(rdf.subjects(rdflib.RDF.type, paper_class)))
    assert rdflib.URIRef("https://w3id.org/paperkg/ontology#") in set(void.objects(dataset, void_ns.vocabulary))
    examples = set(void.objects(dataset, void_ns.exampleResource))
    assert examples and all((example, rdflib.RDF.type, None) in rdf for example in examples)
    assert {str(f).rsplit("/", 1)[-1] for f in void.objects(dataset, void_ns.feature)} == {"Turtle", "N-Quads"}


# subjects that are prefixes of one another ("a", "a-b", "a/b") test the per-subject sort
_iri_text = st.text(alphabet="ab/-.", min_size=1, max_size=6).map(lambda t: "https://w3id.org/x/" + t)
_literal = st.builds(Lit, st.text(max_size=12), st.sampled_from(["http://www.w3.org/2001/XMLSchema#string",
                                                                  "http://www.w3.org/2001/XMLSchema#token"]))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_iri_text, _iri_text, st.one_of(_iri_text, _literal)), max_size=12))
def test_sorted_lines_are_the_plain_sort_and_parse_back(triples):
    lines = sorted_lines(triples)
    assert lines == sorted({ntriples_line(t) for t in triples})
    parsed = list(pyoxigraph.parse("".join(lines).encode("utf-8"), pyoxigraph.RdfFormat.N_TRIPLES))
    assert len(parsed) == len(lines)
    by_line = {ntriples_line(t): t for t in triples}
    for line, triple in zip(lines, parsed):
        obj = by_line[line][2]
        assert (triple.object.value == obj.lexical) if isinstance(obj, Lit) else (triple.object.value == obj)


def test_awkward_text_survives_every_format(tmp_path):
    graph = nx.MultiDiGraph()
    title = 'Tabs\tquotes "x" \\ back\nslash {braces} <angle> \u0007 bell, ünïcödé, 🙂'
    graph.add_node("paper/x", kind="paper", label=title, title=title, sources=["we ird/fi\"le.txt"])
    for fmt in ("ttl", "nt", "jsonld"):
        parsed = rdflib.Graph().parse(data=RdfSerialiser(graph).serialise(fmt), format=RDFLIB_FORMATS[fmt])
        assert str(parsed.value(rdflib.URIRef("https://w3id.org/paperkg/id/paper/x"), rdflib.RDFS.label)) == title
