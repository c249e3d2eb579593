"""``kg serve``: a read-only SPARQL 1.1 endpoint over a build for any SPARQL client (library: :mod:`kg.serve`)."""
from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import click

from kg.cli_options import build_folder
from kg.serve import is_loopback, start_server
from ontology.text import escape_controls

__all__ = ["serve_command", "usage_examples"]


def usage_examples(endpoint: str) -> str:
    """How to ask the endpoint: a ``curl`` command and a SPARQLWrapper snippet.

    >>> print(usage_examples("http://127.0.0.1:7878/query").splitlines()[1])
      curl -s http://127.0.0.1:7878/query -H 'Accept: text/csv' --data-urlencode 'query=SELECT ?venue (COUNT(?paper) AS ?papers) WHERE { ?paper <https://w3id.org/paperkg/ontology#presentedAt>/<http://www.w3.org/2000/01/rdf-schema#label> ?venue } GROUP BY ?venue ORDER BY DESC(?papers) LIMIT 5'
    """
    query = ("SELECT ?venue (COUNT(?paper) AS ?papers) WHERE { ?paper <https://w3id.org/paperkg/ontology#presentedAt>"
             "/<http://www.w3.org/2000/01/rdf-schema#label> ?venue } GROUP BY ?venue ORDER BY DESC(?papers) LIMIT 5")
    return "\n".join([
        "Ask it with curl:",
        f"  curl -s {endpoint} -H 'Accept: text/csv' --data-urlencode 'query={query}'",
        "or from Python (pip install sparqlwrapper):",
        "  from SPARQLWrapper import SPARQLWrapper, JSON",
        f"  sparql = SPARQLWrapper({endpoint!r}); sparql.setReturnFormat(JSON)",
        "  sparql.setQuery('SELECT ?label WHERE { ?d a <https://w3id.org/paperkg/ontology#Dataset> ;"
        " <http://www.w3.org/2000/01/rdf-schema#label> ?label } LIMIT 10')",
        "  print(sparql.queryAndConvert()['results']['bindings'])",
    ])


@click.command("serve")
@build_folder
@click.option("--port", type=click.IntRange(0, 65535), default=7878, show_default=True,
              help="TCP port to listen on (0: any free port).")
@click.option("--bind", "host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="Address to listen on. Anything but 127.0.0.1/localhost lets other machines query the "
                   "graph and make the server send requests (SERVICE clauses): see docs/query.md.")
@click.option("--cors", is_flag=True,
              help="Let web pages from any site read the answers (CORS). Any page you open in a browser "
                   "can then read the graph through this server: see docs/query.md.")
@click.option("--timeout", "timeout_s", type=click.FloatRange(1, None), default=60, show_default=True,
              metavar="SECONDS", help="Stop a query that runs longer than this.")
def serve_command(out: Path, port: int, host: str, cors: bool, timeout_s: float) -> None:
    """Serve the graph of OUT as a read-only SPARQL 1.1 endpoint until Ctrl-C.

    Runs Oxigraph's SPARQL server (the oxigraph package) on the query store
    kg build makes in OUT/.kg-store (made now for an older build), on
    127.0.0.1 only unless --bind says otherwise. Any SPARQL 1.1 client can
    ask it: YASGUI, SPARQLWrapper, Protégé, curl. Updates are refused
    (403 Forbidden); kg serve never changes the graph.

    \b
    Examples:
      kg serve kg-out
      kg serve kg-out --port 8890 --cors
    """
    def note(text: str) -> None:
        click.echo(escape_controls(text), err=True)

    if not is_loopback(host):
        note(f"warning: listening on {host}: every machine that can reach it can read the whole graph and make "
             "this server send requests to other addresses (SPARQL SERVICE); there is no password and no TLS")
    if cors:
        note("warning: --cors lets any web page open in your browser read the graph through this server")
    server = start_server(out, host=host, port=port, cors=cors, timeout_s=timeout_s, on_build=note)
    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    for number in previous:  # Ctrl-C, and a plain kill, stop the server too (even where SIGINT was ignored)
        signal.signal(number, stop)
    try:
        click.echo(f"SPARQL endpoint (read-only): {server.endpoint}")
        click.echo(f"Query page: {server.endpoint.removesuffix('query')}")
        click.echo(usage_examples(server.endpoint))
        click.echo("Press Ctrl-C to stop.", err=True)
        status = server.process.wait()
        raise click.ClickException(f"the SPARQL server stopped by itself (exit status {status})")
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    click.echo("Stopped.", err=True)
