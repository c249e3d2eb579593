"""``kg stats OUT``: the headline tables of a build in the terminal, and OUT/report.html.

This module only parses arguments and calls :mod:`kg.analytics` and
:mod:`kg.report`; it is registered on the ``kg`` group in :mod:`kg.cli`.
Those modules (pandas, matplotlib) are imported when the command runs, so
other ``kg`` commands do not pay for them.
"""
from __future__ import annotations

from pathlib import Path

import click

__all__ = ["stats_command"]


@click.command("stats")
@click.argument("out", type=click.Path(file_okay=False, path_type=Path), default=Path("kg-out"))
@click.option("--top", type=click.IntRange(min=1), default=10, show_default=True,
              help="Rows per ranking table.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the HTML report  [default: OUT/report.html].")
@click.option("--no-report", is_flag=True, help="Only print the tables; write no HTML.")
def stats_command(out: Path, top: int, report_path: Path | None, no_report: bool) -> None:
    """Print the headline tables of the graph built in OUT (default: kg-out) and write OUT/report.html.

    Reads OUT/graph.json (written by `kg build -o OUT`) and prints the most used
    benchmarks, methods and models, benchmarks by year, communities, the most
    central papers and entities, the papers that bridge communities and the
    similar-paper links.  OUT/report.html holds the same tables with charts and
    works offline.
    """
    from kg.analytics import AnalyticsError, load_graph
    from kg.report import build_report, render_text, write_report

    try:
        graph = load_graph(out)
        report = build_report(graph, top=top)
    except AnalyticsError as error:
        raise click.ClickException(str(error)) from error
    click.echo(render_text(report), nl=False)
    if not no_report:
        written = write_report(report, report_path or out / "report.html", title=f"kg report: {out}")
        click.echo(f"Wrote:\n  {written}")
