"""``kg view``: write the interactive HTML views of a built graph (library: :mod:`exports.views`).

This module only parses arguments, calls the library and prints what it
wrote; library errors become one line in :class:`kg.cli.KgGroup`.
:func:`view_command` is registered on the ``kg`` group in :mod:`kg.cli`.
"""
from __future__ import annotations

from pathlib import Path

import click

from exports.html_view import write_html
from exports.node_link import read_json
from exports.views import find_node, write_ego_view, write_index, write_kind_view, write_views
from kg.cli_options import build_folder, max_nodes_option
from ontology.kinds import ENTITY_KINDS
from ontology.util.files import folder_lock

__all__ = ["view_command", "VIEWS_DIR"]

#: Where the views go inside a build's output folder.
VIEWS_DIR = "views"


@click.command("view")
@build_folder
@click.option("--venue", metavar="V", help="Write the view of venue V: its papers and their entities and authors.")
@click.option("--entity", metavar="NAME",
              help="Write the view around the method, dataset, model or person NAME: its papers and their "
                   "other entities.")
@click.option("--paper", metavar="TITLE",
              help="Write the view around the paper TITLE: its venue, authors and entities, and related papers.")
@click.option("--kind", metavar="KIND",
              help="With --entity: look NAME up among KIND nodes only. Alone: write the view of all KIND nodes "
                   "(e.g. dataset) and the papers linked to them.")
@max_nodes_option("Most nodes one view shows; a larger view keeps its hubs and the nodes that link them "
                  "(around a venue, paper or entity: the nearest) and says what it left out.")
def view_command(out: Path, venue: str | None, entity: str | None, paper: str | None, kind: str | None,
                 max_nodes: int) -> None:
    """Write interactive HTML views of the graph built in OUT (by `kg build -o OUT`; default kg-out).

    Reads OUT/graph.json and writes OUT/views/: with no option, an overview,
    a paper map (papers placed by similarity, in labelled clusters), one view
    per venue, one per entity the overview draws, node.html (the view of any
    other node) and index.html (and rewrites OUT/graph.html with the same --max-nodes); with --venue, --entity, --paper or
    --kind, just those views (and index.html again, listing them).  Open
    OUT/views/index.html in a browser; the pages work offline.
    """
    source = out / "graph.json"
    if not source.is_file():
        raise click.ClickException(f"{source} not found: build the graph first with `kg build -o {out}`")
    with folder_lock(out):  # the files kg build writes: never beside a build, whose record would take them in
        try:
            graph = read_json(source)
        except FileNotFoundError as error:
            raise click.ClickException(f"{source} not found: build the graph first with `kg build -o {out}`") \
                from error
        target = out / VIEWS_DIR
        if not (venue or entity or paper or kind):
            written = write_views(graph, target, top=max_nodes)
            # graph.html names --max-nodes too: rewrite it with the same value, as `kg build` wrote it
            written.append(write_html(graph, out / "graph.html", landscape=True, max_nodes=max_nodes))
        else:
            written = []
            if venue:
                node = find_node(graph, venue, kinds=["venue"], what="venue")
                written.append(write_ego_view(graph, target, node, top=max_nodes))
            if entity:
                kinds = [kind] if kind else [*ENTITY_KINDS, "person"]
                node = find_node(graph, entity, kinds=kinds, what=kind or "entity")
                written.append(write_ego_view(graph, target, node, top=max_nodes))
            if paper:
                node = find_node(graph, paper, kinds=["paper"], what="paper")
                written.append(write_ego_view(graph, target, node, top=max_nodes))
            if kind and not entity:
                written.append(write_kind_view(graph, target, kind, top=max_nodes))
            written.append(write_index(graph, target))
    pages = [p for p in written if p.suffix == ".html"]
    click.echo(f"Wrote {len(pages)} page(s) to {target}:")
    for path in pages[:20]:
        click.echo(f"  {path}")
    if len(pages) > 20:
        click.echo(f"  ... and {len(pages) - 20} more")
    click.echo(f"Open {target / 'index.html'} in a browser.")
