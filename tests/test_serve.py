"""kg serve: Oxigraph's read-only SPARQL 1.1 endpoint over a build, asked over HTTP with the SPARQL protocol.

The client is plain ``urllib`` speaking the SPARQL 1.1 Protocol (a POSTed
form, results as SPARQL JSON), so the tests need no extra package; one test
uses SPARQLWrapper when it is installed.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from exports.rdf_formats import write_rdf
from kg.canned import canned_queries
from kg.cli_serve import serve_command
from kg.query import bind_values, run_canned
from kg.query_store import write_query_store
from kg.serve import ServeError, free_port, start_server

_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture(scope="module")
def out(tmp_path_factory, sample_build) -> Path:
    folder = tmp_path_factory.mktemp("kg-out")
    write_rdf(sample_build.graph, folder)
    write_query_store(folder)
    return folder


@pytest.fixture(scope="module")
def server(out):
    with start_server(out, port=free_port()) as running:
        yield running


def post(url: str, data: dict[str, str] | bytes, content_type: str = "application/x-www-form-urlencoded",
         accept: str = "application/sparql-results+json") -> tuple[int, bytes]:
    body = data if isinstance(data, bytes) else urllib.parse.urlencode(data).encode()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": content_type, "Accept": accept})
    try:
        with _DIRECT.open(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def select(endpoint: str, query: str) -> list[dict[str, str]]:
    status, body = post(endpoint, {"query": query})
    assert status == 200, body
    return [{name: cell["value"] for name, cell in binding.items()}
            for binding in json.loads(body)["results"]["bindings"]]


def with_parameters(text: str, params: dict[str, str]) -> str:
    """The canned query with its parameters bound as a SPARQL client would: ``VALUES`` with escaped literals."""
    for name, value in params.items():
        text = text.replace("WHERE {", f"WHERE {{ VALUES ?{name} {{ {pyoxigraph.Literal(value)} }}", 1)
    return text


def count(endpoint: str) -> str:
    return select(endpoint, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]


def test_every_canned_query_over_http_answers_as_kg_query(out, server):
    for query in canned_queries().values():
        params = query.example_params()
        over_http = select(server.endpoint, with_parameters(query.text, params))
        local = run_canned(out, query.name, params)
        assert over_http, query.name
        expected = [{name: str(term) for name, term in zip(local.variables, row) if term is not None}
                    for row in local.rows]
        if any(name.startswith("shared") for name in local.variables):  # GROUP_CONCAT order is the engine's
            assert len(over_http) == len(expected), query.name
        else:
            assert over_http == expected, query.name


def test_a_hostile_value_stays_a_string_over_http(server):
    text = with_parameters(canned_queries()["venue-facts"].text, {"venue": 'x" } ; DROP ALL { "'})
    assert select(server.endpoint, text) == []


def test_updates_are_refused_and_change_nothing(server):
    before = count(server.endpoint)
    update = server.endpoint.removesuffix("query") + "update"
    for status, _ in (post(update, {"update": "DROP ALL"}),
                      post(update, b"INSERT DATA { <urn:a> <urn:b> <urn:c> }", "application/sparql-update"),
                      post(server.endpoint.removesuffix("query") + "store?default", b"<urn:a> <urn:b> <urn:c> .",
                           "text/turtle")):
        assert status == 403
    status, _ = post(server.endpoint, {"query": "CLEAR ALL"})  # an update sent as a query is not a query
    assert status == 400
    assert count(server.endpoint) == before


def test_results_in_csv_by_content_negotiation(server):
    status, body = post(server.endpoint, {"query": "SELECT ?l WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ;"
                                                   " <http://www.w3.org/2000/01/rdf-schema#label> ?l } ORDER BY ?l"},
                        accept="text/csv")
    assert status == 200 and body.decode().splitlines() == ["l", "ACL 2026", "EMNLP 2023", "EMNLP 2025"]


def test_sparqlwrapper_client(server):
    sparqlwrapper = pytest.importorskip("SPARQLWrapper")
    client = sparqlwrapper.SPARQLWrapper(server.endpoint)
    client.setReturnFormat(sparqlwrapper.JSON)
    client.setQuery("SELECT ?l WHERE { ?v a <https://w3id.org/paperkg/ontology#Venue> ;"
                    " <http://www.w3.org/2000/01/rdf-schema#label> ?l } ORDER BY ?l")
    labels = [b["l"]["value"] for b in client.queryAndConvert()["results"]["bindings"]]
    assert labels == ["ACL 2026", "EMNLP 2023", "EMNLP 2025"]


def test_the_server_stops_and_frees_its_port(out):
    port = free_port()
    running = start_server(out, port=port)
    assert count(running.endpoint)
    running.stop()
    assert running.poll() is not None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def cors_header(endpoint: str) -> str | None:
    request = urllib.request.Request(endpoint + "?" + urllib.parse.urlencode({"query": "ASK {}"}),
                                     headers={"Origin": "http://elsewhere.example"})
    with _DIRECT.open(request, timeout=30) as answer:
        return answer.headers.get("Access-Control-Allow-Origin")


def test_cors_only_when_asked(out, server):
    assert cors_header(server.endpoint) is None
    with start_server(out, port=free_port(), cors=True) as open_to_pages:
        assert cors_header(open_to_pages.endpoint) == "*"


def test_a_taken_port_is_one_clear_error(out):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(ServeError, match="another --port"):
            start_server(out, port=taken.getsockname()[1], ready_within=20)


def test_kg_serve_prints_the_endpoint_and_stops_on_ctrl_c(out):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from kg.cli_serve import serve_command; serve_command()",
                                str(out), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=Path(__file__).resolve().parents[1], env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        first = process.stdout.readline()
        assert first.strip() == f"SPARQL endpoint (read-only): http://127.0.0.1:{port}/query"
        printed = [process.stdout.readline() for _ in range(5)]
        assert any(line.strip().startswith("curl -s http://127.0.0.1:") for line in printed)
        assert any("SPARQLWrapper" in line for line in printed)
        assert count(f"http://127.0.0.1:{port}/query")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
        assert "Stopped." in process.stderr.read()
        with pytest.raises(OSError):  # the oxigraph server stopped with it
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_binding_beyond_localhost_and_cors_are_warned_about(out, monkeypatch):
    import kg.cli_serve

    def refuse(*args, **kwargs):
        raise ServeError("not started in this test")

    monkeypatch.setattr(kg.cli_serve, "start_server", refuse)
    result = CliRunner().invoke(serve_command, [str(out), "--bind", "0.0.0.0", "--cors"])
    assert result.exit_code != 0
    assert "every machine that can reach it can read the whole graph" in result.stderr
    assert "SERVICE" in result.stderr and "any web page" in result.stderr
    quiet = CliRunner().invoke(serve_command, [str(out)])
    assert "warning" not in quiet.stderr


def test_a_folder_without_a_graph_is_refused(tmp_path):
    with pytest.raises(Exception, match="kg build"):
        start_server(tmp_path, port=free_port())


def test_values_binding_for_http_clients_matches_bind_values():
    text = "SELECT ?v WHERE { ?v ?p ?o }"
    assert with_parameters(text, {"v": "x"}).startswith("SELECT ?v WHERE { VALUES ?v { \"x\" }")
    assert bind_values(text, "v", ["urn:x"]).startswith("SELECT ?v WHERE { VALUES ?v { <urn:x> }")
