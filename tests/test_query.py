"""kg query: canned queries on the sample build, output formats, update refusal, binding safety, the store."""
from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from exports.rdf_formats import write_rdf
from kg.cli import main
from kg.cli_results import format_result
from kg.query import (
    STORE_DIR,
    QueryError,
    QueryRefused,
    canned_queries,
    open_store,
    parse_canned,
    run_canned,
    run_query,
)

CLEAR = "CLEAR: Cross-Lingual Enhancement in Retrieval via Reverse-training"
RERANKING = "Contextual Relevance and Adaptive Sampling for LLM-Based Document Reranking"


@pytest.fixture(scope="module")
def out(tmp_path_factory, sample_build) -> Path:
    """A build output folder of the sample (graph.ttl, as `kg build` writes it)."""
    folder = tmp_path_factory.mktemp("kg-out")
    write_rdf(sample_build.graph, folder, formats=("ttl", "nt"))
    return folder


def records(result) -> list[dict[str, str | None]]:
    return [{var: None if term is None else str(term) for var, term in zip(result.variables, row)}
            for row in result.rows]


def count_triples(target: Path) -> int:
    return int(str(run_query(target, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows[0][0]))


# ----------------------------------------------------------------------------- canned queries on the sample


def test_papers_using_a_dataset(out):
    found = records(run_canned(out, "papers-using-dataset", {"dataset": "beir"}))  # case is ignored
    assert [(r["datasetLabel"], r["paperLabel"]) for r in found] == [("BEIR", RERANKING)]
    assert run_canned(out, "papers-using-dataset", {"dataset": "No Such Benchmark"}).rows == ()


def test_most_used_datasets_per_venue_and_year(out):
    found = records(run_canned(out, "top-datasets-by-venue"))
    assert {"venue": "ACL 2026", "year": "2026", "dataset": "BEIR", "papers": "1"} in found
    assert {"venue": "ACL 2026", "year": "2026", "dataset": "BRIGHT", "papers": "1"} in found
    keys = [(r["venue"], r["year"], -int(r["papers"])) for r in found]
    assert keys == sorted(keys)  # grouped by venue and year, most used first


def test_methods_proposed_at_a_venue(out):
    found = records(run_canned(out, "methods-proposed-at-venue", {"venue": "ACL 2026"}))
    assert {r["venue"] for r in found} == {"ACL 2026"}
    pairs = {(r["methodLabel"], r["paperLabel"]) for r in found}
    assert ("CLEAR", CLEAR) in pairs and ("TS-SetRank", RERANKING) in pairs
    emnlp = {r["paperLabel"] for r in records(run_canned(out, "methods-proposed-at-venue", {"venue": "EMNLP 2025"}))}
    assert CLEAR not in emnlp and RERANKING not in emnlp


def test_datasets_used_together(out):
    found = records(run_canned(out, "datasets-used-together"))
    pairs = {(r["dataset1"], r["dataset2"]) for r in found}
    assert ("BEIR", "BRIGHT") in pairs and ("ALFWorld", "TextWorld") in pairs
    assert all(r["dataset1"] != r["dataset2"] for r in found)
    assert not pairs & {(b, a) for a, b in pairs}  # each pair once


def test_papers_similar_to_a_title(out):
    found = records(run_canned(out, "similar-papers", {"title": "clear: cross-lingual"}))
    assert [(r["paperLabel"], r["similarLabel"], r["basis"], r["score"]) for r in found][0] == (
        CLEAR, "Are Knowledge and Reference in Multilingual Language Models Cross-Lingually Consistent?", "source", "1")
    computed = [r for r in found if r["basis"] == "combined"]  # kg.similarity's k nearest, with strength and why
    assert sum(bool(r["strength"]) and r["weak"] in ("true", "false") for r in computed) >= 5
    assert computed[0]["similarLabel"].startswith("Leveraging High-Resource English") and computed[0]["sharedTerms"]
    # the link is found from its other end too
    back = records(run_canned(out, "similar-papers", {"title": "Are Knowledge and Reference in Multilingual"}))
    assert CLEAR in [r["similarLabel"] for r in back if r["basis"] == "source"]


def test_venue_facts(out):
    (acl,) = records(run_canned(out, "venue-facts", {"venue": "acl 2026"}))
    assert {k: acl[k] for k in ("label", "series", "year", "location", "startDate", "endDate", "generalChair")} == {
        "label": "ACL 2026", "series": "ACL", "year": "2026", "location": "San Diego, California, USA",
        "startDate": "2026-07-02", "endDate": "2026-07-07", "generalChair": "Philipp Koehn"}
    assert int(acl["papers"]) > 0
    (emnlp,) = records(run_canned(out, "venue-facts", {"venue": "EMNLP 2025"}))
    assert (emnlp["location"], emnlp["startDate"], emnlp["edition"]) == ("Suzhou, China", "2025-11-05", "30th")


def test_facts_of_one_paper_with_their_provenance(out, sample_build):
    found = records(run_canned(out, "paper-facts", {"title": "CLEAR: Cross-Lingual Enhancement"}))
    proposed = [r for r in found if r["relation"] == "proposes" and r["entityLabel"] == "CLEAR"]
    assert proposed and all(r["kind"] == "method" and r["attributedTo"] == "kg_entities" for r in proposed)
    texts = {doc.source: None for doc in sample_build.documents}
    assert all(r["sourceFile"] in texts for r in found)
    page = Path(__file__).resolve().parents[1] / "kg" / "sample" / found[0]["sourceFile"]
    text = page.read_text("utf-8-sig").replace("\r\n", "\n")
    for r in found:  # every offset points at the surface form in the source file
        if r["start"] is not None:
            assert text[int(r["start"]):int(r["end"])] == r["surfaceForm"], r


def test_every_canned_query_is_documented_and_runs_with_its_example(out):
    queries = canned_queries()
    assert set(queries) == {"papers-using-dataset", "top-datasets-by-venue", "methods-proposed-at-venue",
                            "datasets-used-together", "similar-papers", "venue-facts", "paper-facts"}
    for query in queries.values():
        assert query.summary, query.name
        select = query.text[query.text.index("SELECT"):query.text.index("WHERE")]
        for parameter in query.parameters:
            assert parameter.description and f"?{parameter.name}" in select, (query.name, parameter.name)
        assert set(query.example_params()) == {p.name for p in query.parameters}, query.name
        assert run_canned(out, query.name, query.example_params()).rows, query.name


# ----------------------------------------------------------------------------- formats


def test_table_csv_and_json(out):
    result = run_canned(out, "venue-facts", {"venue": "ACL 2026"})
    table = format_result(result, "table").splitlines()
    assert table[0].split()[:3] == ["venue", "label", "series"] and set(table[1]) == {"-", " "}
    assert "San Diego, California, USA" in table[2] and table[-1] == "(1 row)"
    rows = list(csv.DictReader(io.StringIO(format_result(result, "csv"))))
    assert rows[0]["startDate"] == "2026-07-02" and rows[0]["edition"].startswith("64th Annual Meeting")
    document = json.loads(format_result(result, "json"))
    assert document["head"]["vars"] == list(result.variables)
    (binding,) = document["results"]["bindings"]
    assert binding["startDate"] == {"type": "literal", "value": "2026-07-02",
                                    "datatype": "http://www.w3.org/2001/XMLSchema#date"}
    assert binding["location"] == {"type": "literal", "value": "San Diego, California, USA"}


def test_table_shortens_iris_and_long_cells(out):
    result = run_query(out, "SELECT ?p ?a WHERE { ?p <http://purl.org/dc/terms/abstract> ?a } LIMIT 1")
    line = format_result(result, "table").splitlines()[2]
    assert line.startswith("kgid:paper/") and line.endswith("…")
    (row,) = csv.reader(io.StringIO(format_result(result, "csv").split("\r\n", 1)[1]))
    assert row[1] == str(result.rows[0][1])  # csv keeps the whole value


def test_ask_and_construct(out):
    ask = run_query(out, "ASK { ?v <http://www.w3.org/2000/01/rdf-schema#label> 'ACL 2026' }")
    assert ask.boolean is True and format_result(ask) == "true\n"
    assert json.loads(format_result(ask, "json")) == {"head": {}, "boolean": True}
    graph = run_query(out, "CONSTRUCT { ?v <urn:named> ?l } WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ;"
                           " <http://www.w3.org/2000/01/rdf-schema#label> ?l }")
    lines = format_result(graph).splitlines()
    assert len(lines) == 3 and lines == sorted(lines) and all(line.endswith(" .") for line in lines)


# ----------------------------------------------------------------------------- safety


@pytest.mark.parametrize("update", [
    "INSERT DATA { <urn:a> <urn:b> <urn:c> }",
    "DELETE WHERE { ?s ?p ?o }",
    "PREFIX kg: <https://w3id.org/paperkg/ontology#>\n# a comment\nDELETE { ?p a kg:Paper } WHERE { ?p a kg:Paper }",
    "LOAD <http://localhost:1/nothing.ttl>",
    "CLEAR ALL",
    "DROP GRAPH <urn:g>",
    "CREATE GRAPH <urn:g>",
    "ADD DEFAULT TO <urn:g>",
    "MOVE DEFAULT TO <urn:g>",
    "COPY DEFAULT TO <urn:g>",
    "insert data { <urn:a> <urn:b> 'select' }",
])
def test_updates_are_refused_and_change_nothing(out, update):
    before = count_triples(out)
    with pytest.raises(QueryRefused, match="kg query only reads"):
        run_query(out, update)
    assert count_triples(out) == before


def test_invalid_sparql_is_a_query_error_not_a_refusal(out):
    with pytest.raises(QueryError, match="invalid SPARQL") as raised:
        run_query(out, "SELECT ?x WHERE { ?x ")
    assert not isinstance(raised.value, QueryRefused)


@pytest.mark.parametrize("value", ['x" } ; DROP ALL { "', "'} UNION { ?s ?p ?o } #", "\\\" . } <urn:x> {"])
def test_parameters_are_bound_as_terms_never_pasted(out, value):
    before = count_triples(out)
    result = run_canned(out, "venue-facts", {"venue": value})
    assert result.rows == ()  # the whole value is one string that names no venue
    assert count_triples(out) == before


def test_a_value_with_quotes_and_braces_matches_exactly(tmp_path):
    label = 'ACL "2026" {x} } ; DROP ALL'
    graph = nx.MultiDiGraph()
    graph.add_node("venue/odd", kind="venue", label=label, location="Nowhere", sources=["odd.txt"])
    write_rdf(graph, tmp_path)
    (row,) = records(run_canned(tmp_path, "venue-facts", {"venue": label}))
    assert row["label"] == label and row["location"] == "Nowhere"


def test_typed_parameters(out):
    query = parse_canned("venues-of-year", "# Venues of a year.\n# @param year integer  the year\n"
                         "SELECT ?year ?venue WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ;"
                         " <https://w3id.org/paperkg/ontology#year> ?year ;"
                         " <http://www.w3.org/2000/01/rdf-schema#label> ?venue }")
    found = run_query(out, query.text, {"year": "2026"}, parameters=query.parameters)
    assert [str(row[1]) for row in found.rows] == ["ACL 2026"]
    assert run_query(out, query.text, {"year": "2026"}).rows == ()  # as a string it matches no integer
    with pytest.raises(QueryError, match="whole number"):
        run_query(out, query.text, {"year": "2026; DROP"}, parameters=query.parameters)


def test_parameter_errors_say_what_to_do(out):
    with pytest.raises(QueryError, match="--param venue=VALUE"):
        run_canned(out, "venue-facts", {})
    with pytest.raises(QueryError, match="has no parameter colour"):
        run_canned(out, "venue-facts", {"venue": "ACL 2026", "colour": "red"})
    with pytest.raises(QueryError, match="kg query --list"):
        run_canned(out, "no-such-query")
    with pytest.raises(QueryError, match="SELECT clause"):
        run_query(out, "SELECT ?s WHERE { ?s ?p ?v }", {"v": "x"})


# ----------------------------------------------------------------------------- the store


def test_the_store_persists_and_follows_graph_ttl(tmp_path, sample_build):
    write_rdf(sample_build.graph, tmp_path)
    papers = "SELECT (COUNT(?p) AS ?n) WHERE { ?p a <https://w3id.org/paperkg/ontology#Paper> }"
    first = run_query(tmp_path, papers).rows[0][0]
    stamp = tmp_path / STORE_DIR / "kg-source.json"
    built = stamp.stat().st_mtime_ns
    assert run_query(tmp_path, papers).rows[0][0] == first
    assert stamp.stat().st_mtime_ns == built  # reused, not rebuilt
    small = nx.MultiDiGraph()
    small.add_node("paper/only", kind="paper", label="Only", title="Only", sources=["x.txt"])
    write_rdf(small, tmp_path)
    os.utime(tmp_path / "graph.ttl", ns=(built + 10**9, built + 10**9))
    assert str(run_query(tmp_path, papers).rows[0][0]) == "1"  # rebuilt from the new graph.ttl
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(STORE_DIR)] == [STORE_DIR]  # no leftovers


def test_an_unwritable_folder_is_queried_from_memory(tmp_path, sample_build, monkeypatch):
    import kg.query_store

    write_rdf(sample_build.graph, tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError("read-only file system")

    monkeypatch.setattr(kg.query_store, "_make_store", refuse)
    assert len(run_query(tmp_path, "SELECT ?v WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> }").rows) == 3
    assert not (tmp_path / STORE_DIR).exists()


def test_files_and_missing_targets(out, tmp_path, sample_build):
    venues = "SELECT ?l WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l }"
    assert len(run_query(out / "graph.nt", venues).rows) == len(run_query(out / "graph.ttl", venues).rows) == 3
    assert not (out.parent / STORE_DIR).exists()  # a file is loaded into memory, nothing is written beside it
    (quads,) = write_rdf(sample_build.graph, tmp_path / "quads", formats=("nq",))
    assert len(run_query(quads, "SELECT DISTINCT ?l WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ;"
                                " <http://www.w3.org/2000/01/rdf-schema#label> ?l }").rows) == 3
    with pytest.raises(QueryError, match="kg build -o"):
        open_store(tmp_path)
    with pytest.raises(QueryError, match="no such folder or file"):
        open_store(tmp_path / "missing")


# ----------------------------------------------------------------------------- the command


def test_cli_list_names_every_canned_query():
    result = CliRunner().invoke(main, ["query", "--list"])
    assert result.exit_code == 0
    for name, query in canned_queries().items():
        assert name in result.output
        for parameter in query.parameters:
            assert f"--param {parameter.name}=" in result.output


def test_cli_runs_a_canned_query_as_csv(out):
    result = CliRunner().invoke(main, ["query", str(out), "--name", "papers-using-dataset", "--param", "dataset=BEIR",
                                       "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert list(csv.DictReader(io.StringIO(result.output)))[0]["paperLabel"] == RERANKING


def test_cli_sparql_with_kg_prefixes_declared_for_you(out, tmp_path):
    result = CliRunner().invoke(main, ["query", str(out), "SELECT ?l WHERE { ?v a kg:Venue ; rdfs:label ?l } ORDER BY ?l",
                                       "-f", "json"])
    assert result.exit_code == 0, result.output
    labels = [b["l"]["value"] for b in json.loads(result.output)["results"]["bindings"]]
    assert labels == ["ACL 2026", "EMNLP 2023", "EMNLP 2025"]
    rq = tmp_path / "venues.rq"
    rq.write_text("SELECT ?l WHERE { ?v a kg:Venue ; rdfs:label ?l } ORDER BY ?l", encoding="utf-8")
    assert CliRunner().invoke(main, ["query", str(out), str(rq)]).output.splitlines()[2] == "ACL 2026"


@pytest.mark.parametrize("args, code, message", [
    (["DROP ALL"], 1, "kg query only reads"),
    (["--name", "venue-facts"], 1, "--param venue=VALUE"),
    (["--name", "venue-facts", "--param", "venue"], 2, "is not KEY=VALUE"),
    (["SELECT * WHERE { ?s ?p ?o }", "--name", "venue-facts"], 2, "not both"),
    ([], 2, "give either SPARQL"),
])
def test_cli_errors(out, args, code, message):
    result = CliRunner().invoke(main, ["query", str(out), *args])
    assert result.exit_code == code and message in result.output, result.output


@pytest.mark.parametrize(("sparql", "position"), [
    ("SELECT ?x WHERE { ?x a kg:Paper . FILTER( }", "error at 1:44"),
    ("SELECT ?x WHERE { ?x a kg:Paper .\n ?x ?y }", "error at 2:9"),
    ("PREFIX kg: <https://w3id.org/paperkg/ontology#>\nSELECT ?x WHERE { ?x a kg:Paper . FILTER( }", "error at 2:44"),
])
def test_error_positions_count_the_users_own_lines(out, sparql, position):
    """kg query declares kg's usual prefixes for the user; the error still points into what the user wrote."""
    result = CliRunner().invoke(main, ["query", str(out), sparql])
    assert result.exit_code == 1 and position in result.output, result.output
