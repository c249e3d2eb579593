"""``kg query``: read-only SPARQL over a built graph, with canned queries (the library is :mod:`kg.query`)."""
from __future__ import annotations

from pathlib import Path

import click

from kg.cli_options import DEFAULT_OUTPUT
from kg.cli_results import RESULT_FORMATS, format_result
from kg.query import QueryResult, canned_queries, run_canned, run_query
from ontology.text import escape_controls

__all__ = ["query_command", "timing_line"]


def _parse_params(values: tuple[str, ...]) -> dict[str, str]:
    params: dict[str, str] = {}
    for value in values:
        key, equals, text = value.partition("=")
        if not equals or not key.strip():
            raise click.BadParameter(f"{value!r} is not KEY=VALUE", param_hint="--param")
        params[key.strip()] = text
    return params


def _listing() -> str:
    lines = []
    for query in canned_queries().values():
        lines.append(query.name)
        lines.append(f"    {query.summary}")
        for parameter in query.parameters:
            example = query.examples.get(parameter.name)
            hint = f" (e.g. --param {parameter.name}={example!r})" if example else ""
            lines.append(f"    --param {parameter.name}=<{parameter.type}>  {parameter.description}{hint}")
    return "\n".join(lines)


@click.command("query")
@click.argument("target", required=False, type=click.Path(path_type=Path))
@click.argument("sparql", required=False)
@click.option("-o", "--output", "output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"Output folder of `kg build` to query (instead of TARGET)  [default: {DEFAULT_OUTPUT}]")
@click.option("--format", "-f", "fmt", type=click.Choice(RESULT_FORMATS), default="table", show_default=True,
              help="table (aligned, long cells cut), csv or json (SPARQL 1.1 results formats).")
@click.option("--name", "-n", metavar="NAME", help="Run the canned query NAME instead of SPARQL (see --list).")
@click.option("--param", "-p", "params", multiple=True, metavar="KEY=VALUE",
              help="Bind the variable ?KEY to VALUE (repeatable); the value is never pasted into the query.")
@click.option("--list", "list_queries", is_flag=True, help="List the canned queries and their parameters.")
@click.option("--allow-service", is_flag=True,
              help="Let SERVICE clauses query other SPARQL endpoints over the network (refused by default).")
@click.option("--timing", is_flag=True,
              help="Print on standard error the time the query took, step by step (store, text index, SPARQL).")
def query_command(target: Path | None, sparql: str | None, output: Path | None, fmt: str, name: str | None,
                  params: tuple[str, ...], list_queries: bool, allow_service: bool, timing: bool) -> None:
    """Run a read-only SPARQL query over a built graph and print the answer.

    TARGET is an output folder of `kg build` (queried through the store and
    text index kg build makes in TARGET/.kg-store/; a folder of an older
    build gets them at its first query) or an RDF file (.ttl, .nt, .nq, .trig,
    .jsonld); -o/--output DIR names the folder as every kg command
    does, and with neither the folder is kg-out.  SPARQL is the query text, or
    a path to a .rq file.  Updates (INSERT, DELETE, LOAD, CLEAR, DROP, ...) are
    refused, and so are SERVICE clauses unless --allow-service is given.

    \b
    Examples:
      kg query --list
      kg query kg-out 'SELECT ?t WHERE { ?p a kg:Paper ; dcterms:title ?t }'
      kg query kg-out --name papers-using-dataset --param dataset=SQuAD --format csv
      kg query -o kg-out 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }'
      kg query kg-out --name paper-facts --param 'title=Attention Is All' --timing
    """
    if list_queries:
        click.echo(_listing())
        return
    target, sparql = _target_and_query(target, sparql, output, name)
    if (sparql is None) == (name is None):
        raise click.UsageError("give either SPARQL text or --name NAME (see `kg query --list`), not both")
    def note(text: str) -> None:
        click.echo(escape_controls(text), err=True)

    if name is not None:
        result = run_canned(target, name, _parse_params(params), on_build=note)
    else:
        result = run_query(target, _query_text(sparql), _parse_params(params), usual_prefixes=True,
                           allow_service=allow_service, on_build=note)
    click.echo(format_result(result, fmt), nl=False)
    if timing:
        click.echo(timing_line(result), err=True)


def timing_line(result: QueryResult) -> str:
    """One line: the time a query took in all and per step.

    >>> print(timing_line(QueryResult("ask", boolean=True, timings=(("store", 0.0123), ("SPARQL", 0.2)))))
    query took 0.212 s (store 0.012 s, SPARQL 0.200 s)
    """
    steps = ", ".join(f"{step} {seconds:.3f} s" for step, seconds in result.timings)
    return f"query took {result.seconds:.3f} s ({steps})"


def _target_and_query(target: Path | None, sparql: str | None, output: Path | None,
                      name: str | None) -> tuple[Path, str | None]:
    """What to query and the query text, from ``[TARGET] [SPARQL]`` and ``-o``.

    With ``-o DIR`` the one argument is the query; with one argument that is
    no file or folder and no ``--name``, the argument is the query and the
    folder is kg-out.
    """
    if output is not None:
        if sparql is not None:
            raise click.UsageError("with -o/--output give only the SPARQL text, not TARGET as well")
        return output, None if target is None else str(target)
    if target is None:
        return DEFAULT_OUTPUT, None
    if sparql is None and name is None and not target.exists():
        return DEFAULT_OUTPUT, str(target)
    return target, sparql


def _query_text(sparql: str) -> str:
    if sparql.endswith(".rq") and Path(sparql).is_file():
        return Path(sparql).read_text("utf-8")
    return sparql
