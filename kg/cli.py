"""Command-line interface: parses arguments, calls the library, prints results.

All work happens in :mod:`kg.pipeline` and :mod:`exports`; this module only
turns library errors and input problems into messages and exit codes. Every
command runs inside :class:`KgGroup`, which turns any :class:`KgError` (the
base of every library error) and any ``OSError`` into one line on standard
error and exit status 1. The other commands live in ``kg/cli_*.py``; the
options they share in :mod:`kg.cli_options`.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from tqdm import tqdm

from exports.rdf_formats import FORMATS_HELP, RDF_FORMATS
from kg.build_state import BuildState, build_fingerprint, up_to_date, write_state
from kg.cache import usable_folder
from kg.cli_options import max_nodes_option, output_option, renamed_option
from kg.outputs import CACHE_FOLDER, graph_frozen, write_outputs
from kg.query_store import store_is_current, write_query_store
from ontology.errors import KgError
from ontology.text import escape_controls
from ontology.util.files import folder_lock
from ontology.util.memory import map_large_blocks, return_free_memory

if TYPE_CHECKING:
    from kg.pipeline import BuildResult

__all__ = ["main", "KgGroup", "os_error_message"]

_SUMMARY = (
    ("papers", "paper"),
    ("venues", "venue"),
    ("methods", "method"),
    ("datasets", "dataset"),
    ("models", "model"),
    ("tasks", "task"),
    ("metrics", "metric"),
    ("persons", "person"),
    ("proposes links", "proposes"),
    ("uses links", "uses"),
    ("presentedAt links", "presentedAt"),
    ("creator links", "creator"),
    ("nextInProgram links", "nextInProgram"),
    ("similarTo links", "similarTo"),
)


class KgGroup(click.Group):
    """The ``kg`` group: a :class:`KgError` or an ``OSError`` from any command becomes one line, not a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KgError as error:
            raise click.ClickException(escape_controls(str(error))) from error
        except OSError as error:
            raise click.ClickException(escape_controls(os_error_message(error))) from error


def os_error_message(error: OSError) -> str:
    """One line naming the path an ``OSError`` is about and what went wrong.

    >>> os_error_message(NotADirectoryError(20, "Not a directory", "/dev/null/out/graph.ttl"))
    'cannot use /dev/null/out/graph.ttl: Not a directory'
    >>> os_error_message(OSError(28, "No space left on device"))
    'No space left on device'
    """
    reason = error.strerror or str(error)
    if error.filename is None:
        return reason
    where = os.fsdecode(error.filename)
    if error.filename2 is not None:
        where += f" -> {os.fsdecode(error.filename2)}"
    return f"cannot use {where}: {reason}"


@click.group(cls=KgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """kg: build a knowledge graph of research papers, their methods, datasets, models and venues."""


@main.command("build")
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@output_option("Folder to write graph.ttl, graph.html, graph.json and views/ to.")
@click.option("--strict", is_flag=True, help="Exit with status 1 when any input has a problem.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes extracting documents in parallel (the result is the same).")
@click.option("--dask", "dask", metavar="ADDRESS",
              help="Extract on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a "
                   "local cluster of --workers processes.")
@click.option("--no-cache", is_flag=True,
              help="Re-extract every document instead of reusing OUTPUT/.kg-cache from earlier builds.")
@click.option("--rdf-format", "formats", multiple=True, type=click.Choice(RDF_FORMATS), default=("ttl",),
              show_default=True, help=FORMATS_HELP)
@click.option("--format", "old_formats", multiple=True, type=click.Choice(RDF_FORMATS), hidden=True,
              callback=renamed_option("--rdf-format", "--format is the result format of kg query"))
@click.option("--similarity/--no-similarity", default=True, show_default=True,
              help="Add similarTo links computed from text and shared entities (kg.similarity).")
@click.option("--similar-k", type=click.IntRange(min=1), default=5, show_default=True,
              help="Nearest papers linked to each paper by computed similarTo links.")
@click.option("--views/--no-views", default=True, show_default=True,
              help="Also write OUTPUT/views/: an overview, a paper map, one view per venue, a view of any node "
                   "and an index (see `kg view`).")
@max_nodes_option("Most nodes one HTML view shows; larger views keep the most connected and say so.")
def build_command(inputs: tuple[Path, ...], output: Path, strict: bool, quiet: bool, workers: int,
                  dask: str | None, no_cache: bool, formats: tuple[str, ...], old_formats: tuple[str, ...],
                  similarity: bool, similar_k: int, views: bool, max_nodes: int) -> None:
    """Build the graph from INPUTS (files or folders; default: the bundled sample pages).

    INPUTS may mix Underline lecture pages, ACL Anthology XML volumes, JSON
    Lines, BibTeX, CSL-JSON, RIS, OpenAlex, Semantic Scholar and arXiv
    metadata files; the format is detected from each file's content.
    Writes OUTPUT/graph.ttl (RDF Turtle; --rdf-format adds other serialisations),
    OUTPUT/graph.html (an interactive view that works offline),
    OUTPUT/graph.json (node-link JSON of the networkx graph),
    OUTPUT/tables/ (the graph as Parquet tables, read in part by kg.open_build)
    and OUTPUT/views/ (linked views; --no-views skips them), then makes the
    SPARQL store (OUTPUT/.kg-store) and prints what it made.  Unreadable or malformed
    inputs are reported one per line and skipped; the rest is built.  A
    rebuild re-extracts only the inputs that changed (cache in
    OUTPUT/.kg-cache), and when nothing changed (the same inputs, options
    and kg, and the outputs as the last build left them) it keeps the
    outputs and writes nothing (--no-cache builds anyway).
    """
    from kg.pipeline import build, read_inputs  # here: loading spaCy is slow, and other commands never need it

    map_large_blocks()  # freed arrays of a MiB and up go back to the system, not into holes every stage refills

    def progress(items, total):
        return tqdm(items, total=total, desc="extracting", unit="file", disable=quiet, file=sys.stderr, leave=False)

    rdf_formats = tuple(dict.fromkeys(("ttl", *formats, *old_formats)))  # kg query reads the ttl
    shape = {"similarity": similarity, "similar_k": similar_k if similarity else None,  # what the outputs depend
             "rdf_formats": sorted(rdf_formats), "views": views, "max_nodes": max_nodes}  # on besides inputs and code
    with folder_lock(output):  # one build at a time per output folder: the cache and the outputs are shared
        read = read_inputs(list(inputs) or None, exclude=(output,))  # read once: for the check, then the build
        keys = read.keys
        fingerprint = build_fingerprint(keys, [str(problem) for problem in read.problems], shape)
        kept = None if no_cache else up_to_date(output, fingerprint)
        if kept is not None:
            if not store_is_current(output):  # removed, or left by an older kg: made again, as a build makes it
                write_query_store(output)
            _print_kept(kept, output)
            problems = kept.problems
            del read
        else:
            result = build(list(inputs) or None, progress=progress, workers=workers, dask=dask,
                           cache_dir=None if no_cache else output / CACHE_FOLDER, similarity=similarity,
                           similar_k=similar_k, exclude=(output,), keep_documents=False, inputs=read)
            for problem in (*result.warnings, *result.problems):
                click.echo(f"warning: {escape_controls(str(problem))}", err=True)
            return_free_memory()  # what assembly and the similarity search dropped, not carried through the exports
            with graph_frozen():  # the graph out of the collector's passes through the exports and the record
                try:
                    cache_folder = output / CACHE_FOLDER
                    written = write_outputs(result.graph, output, rdf_formats=rdf_formats, views=views,
                                            max_nodes=max_nodes, workers=workers if dask is None else 1,
                                            # graph.json reuses the runs that did not change
                                            cache_dir=None if no_cache or not usable_folder(cache_folder)
                                            else cache_folder)
                except KeyboardInterrupt:
                    raise click.ClickException(f"interrupted: the previous outputs in {output} are left as they "
                                               "were") from None
                counts = result.counts()  # one pass over the graph's nodes and edges, for the summary and the record
                _print_summary(result, counts, written)
                # Only a whole build of the inputs read before it can stand for them: not one that met an unusable
                # cache entry or a document kg failed on part-way (to be extracted again).  It built the texts read
                # for the check, so an input edited since is seen by the next build.
                if result.input_keys == keys and not result.warnings and not result.incomplete:
                    _record_state(output, result, counts, fingerprint)
            problems = tuple(str(problem) for problem in result.problems)
    if strict and problems:
        raise click.ClickException(f"{len(problems)} input problem(s) and --strict was given")


def _record_state(output: Path, result: BuildResult, counts: Mapping[str, int], fingerprint: str) -> None:
    """Note what this build was made from (``OUT/.kg-build.json``), so that a rebuild can skip when nothing changed.

    The outputs are in place by now: a failure here is a warning (the next
    build then runs in full), not a failed build.
    """
    try:
        write_state(output, BuildState.of(output, fingerprint, summary=counts,
                                          problems=[str(problem) for problem in result.problems],
                                          document_count=result.document_count))
    except OSError as error:
        click.echo(f"warning: could not note what this build was made from ({escape_controls(str(error))}); "
                   "the next build will run in full", err=True)


def _print_kept(state: BuildState, output: Path) -> None:
    for problem in state.problems:
        click.echo(f"warning: {escape_controls(problem)}", err=True)
    click.echo(f"Nothing changed since the last build into {escape_controls(str(output))} (the same inputs, "
               "options and kg): its outputs are kept as they are.")
    _print_counts(f"Its graph, from {state.document_count} document(s):", state.summary)


def _print_summary(result: BuildResult, counts: Mapping[str, int], written: list[Path]) -> None:
    reused = result.document_count - len(result.extracted)
    cached = f" ({reused} unchanged, taken from the cache)" if reused else ""
    _print_counts(f"Built a graph from {result.document_count} document(s){cached}:", counts)
    click.echo("Wrote:")
    for path in written:
        click.echo(f"  {escape_controls(str(path))}")


def _print_counts(heading: str, counts: Mapping[str, int]) -> None:
    click.echo(heading)
    for label, key in _SUMMARY:
        click.echo(f"  {label:<22}{counts.get(key, 0):>6}")


from kg.cli_view import view_command  # noqa: E402

main.add_command(view_command, "view")

from kg.cli_query import query_command  # noqa: E402

main.add_command(query_command, "query")

from kg.cli_stats import stats_command  # noqa: E402

main.add_command(stats_command, "stats")

from kg.cli_similar import similar_command  # noqa: E402

main.add_command(similar_command, "similar")

from kg.cli_serve import serve_command  # noqa: E402

main.add_command(serve_command, "serve")

if __name__ == "__main__":  # pragma: no cover
    main()
