"""``kg stats OUT``: the headline tables of a build in the terminal, and OUT/report.html.

This module parses arguments, calls :mod:`kg.analytics` and :mod:`kg.report`,
and lays the tables out as text (:func:`render_text`); it is registered on the
``kg`` group in :mod:`kg.cli`.
Those modules (pandas, matplotlib) are imported when the command runs, so
other ``kg`` commands do not pay for them.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kg.cli_options import build_folder, top_rows_option
from ontology.text import escape_controls

if TYPE_CHECKING:
    from kg.report import Report

__all__ = ["render_text", "stats_command"]

_TEXT_WIDTH = 48  # characters of a label shown in the terminal
_TREND_YEARS_SHOWN = 15  # rows of the benchmarks-by-year table printed in the terminal


@click.command("stats")
@build_folder
@top_rows_option("Rows per ranking table.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the HTML report  [default: OUT/report.html].")
@click.option("--no-report", is_flag=True, help="Only print the tables; write no HTML.")
def stats_command(out: Path, top: int, report_path: Path | None, no_report: bool) -> None:
    """Print the headline tables of the graph built in OUT (default: kg-out) and write OUT/report.html.

    Reads the columns of OUT's Parquet tables the report needs, without a graph of the whole
    corpus in memory (else the graph of its graph.json, with only the attributes the report
    reads), and prints the most used benchmarks, methods and models, the most addressed tasks, the most used
    metrics, the benchmarks of each task, benchmarks by year, communities, the
    most central papers and entities, the papers that bridge communities and
    the similar-paper links.  OUT/report.html holds the same tables with charts and
    works offline.
    """
    from kg.report import write_report

    report = _report(out, top=top)
    click.echo(render_text(report), nl=False)
    if not no_report:
        written = write_report(report, report_path or out / "report.html", title=f"kg report: {out}")
        click.echo(f"Wrote:\n  {written}")


def _report(out: Path, *, top: int) -> Report:
    """The report of the build in ``out``: from its graph tables without a networkx graph
    (:mod:`kg.report_tables`), else from the graph read back with the attributes the report reads."""
    from kg.analytics import load_graph
    from kg.analytics.table_columns import TablesNotReadable
    from kg.report import REPORT_EDGE_ATTRIBUTES, REPORT_NODE_ATTRIBUTES, build_report
    from kg.report_tables import report_from_tables
    from kg.table_files import has_tables

    if out.is_dir() and has_tables(out):
        try:
            return report_from_tables(out, top=top)
        except TablesNotReadable:
            pass  # tables kg did not write (an edge to a node without a row, an odd year): read the graph
    graph = load_graph(out, node_attributes=REPORT_NODE_ATTRIBUTES, edge_attributes=REPORT_EDGE_ATTRIBUTES)
    return build_report(graph, top=top)


def render_text(report: Report) -> str:
    """The report's tables as plain text for a terminal (long labels clipped).

    >>> from kg.analytics import toy_graph
    >>> from kg.report import build_report
    >>> print(render_text(build_report(toy_graph(), top=1)).splitlines()[0])
    Graph
    """
    from kg.report import clip_label  # with pandas and matplotlib: only when the command runs

    blocks = []
    for title, table in report.tables.items():
        shown = table
        caption = title
        if title == "Top benchmarks by year" and len(table) > _TREND_YEARS_SHOWN:
            shown = table.tail(_TREND_YEARS_SHOWN)
            caption = f"{title} (last {_TREND_YEARS_SHOWN} years; every year in report.html)"
        if shown.empty:
            body = "  (none)"
        else:
            clipped = shown.map(lambda value: clip_label(escape_controls(value), _TEXT_WIDTH) if isinstance(value, str)
                                else value)
            clipped.columns = [clip_label(str(column), _TEXT_WIDTH) for column in shown.columns]
            body = clipped.to_string(index=False)
        blocks.append(f"{caption}\n{'-' * len(caption)}\n{body}")
    return "\n\n".join(blocks + [" ".join(report.notes)]) + "\n"

