"""``kg similar "TITLE or id" [OUT]``: a paper's nearest papers in a build, with why they are near.

This module parses arguments and lays out :func:`kg.analytics.similar.similar_papers`;
it is registered on the ``kg`` group in :mod:`kg.cli`.
"""
from __future__ import annotations

from pathlib import Path

import click

from kg.cli_options import build_folder, top_rows_option
from ontology.text import escape_controls

__all__ = ["similar_command"]

_TITLE_WIDTH = 70  # characters of a title shown in the terminal


@click.command("similar")
@click.argument("paper")
@build_folder
@top_rows_option("Rows per ranking (neighbours shown).")
@click.option("--no-weak", is_flag=True,
              help="Hide links marked weak (strength below 0.25: weaker than three quarters of a reference build's "
                   "links, in a small corpus most are; only title labels shared, or no shared entity nor term).")
def similar_command(paper: str, out: Path, top: int, no_weak: bool) -> None:
    """List the papers most similar to PAPER (a paper id, its title or part of it) in the graph built in OUT.

    Reads OUT/graph.json (default: kg-out).  Each neighbour comes with its
    score, its strength (percentile among a reference build's links), the
    entities both papers use and the words that weigh most in both.  When
    PAPER matches several titles, the candidates are listed with their ids.

    \b
    Examples:
      kg similar "CLEAR: Cross-Lingual Enhancement"
      kg similar paper/2020-acl-main-3 -o kg-out --top 10 --no-weak
    """
    from kg.analytics import load_graph
    from kg.analytics.errors import AnalyticsError
    from kg.analytics.similar import find_paper, similar_papers

    graph = load_graph(out)
    try:
        node = find_paper(graph, paper)
        found = similar_papers(graph, node, top=top, weak=not no_weak)
    except AnalyticsError as error:
        raise click.ClickException("\n".join(escape_controls(line) for line in str(error).splitlines())) from error
    click.echo(f"{node}  {_clip(graph.nodes[node].get('title') or graph.nodes[node].get('label'))}")
    if found.empty:
        click.echo("  no similarTo links (was the build made with --no-similarity?)")
        return
    for rank, row in enumerate(found.itertuples(index=False), start=1):
        strength = "" if row.strength is None or row.strength != row.strength else f"  strength {row.strength:.2f}"
        flag = "  (weak)" if row.weak else ""
        click.echo(f"{rank:>3}. {row.score:.3f} {row.basis}{strength}{flag}  {row.paper}")
        click.echo(f"     {_clip(row.label)}")
        why = [part for part in (", ".join(map(str, row.shared_entities)), ", ".join(row.shared_terms)) if part]
        if why:
            click.echo(f"     shared: {escape_controls(' | '.join(why))}")


def _clip(text: object) -> str:
    text = escape_controls(str(text or ""))
    return text if len(text) <= _TITLE_WIDTH else text[: _TITLE_WIDTH - 1] + "…"
