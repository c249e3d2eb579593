"""The headline tables and charts of a built graph, as data and as one offline HTML page.

:func:`build_report` asks :mod:`kg.analytics` the usual questions once;
:func:`render_html` lays the answers out as a self-contained page (``kg stats``
prints them as text, see :mod:`kg.cli_stats`): charts are drawn with matplotlib (no GUI backend)
as SVG and inlined as ``data:`` URIs, so the page needs no network and no
other file.  Every text from the graph is HTML-escaped by jinja2's
autoescape, and SVG images cannot run scripts.  The same graph gives the same
bytes.

>>> report = build_report(__import__("kg.analytics").analytics.toy_graph(), top=3)
>>> list(report.tables)[:3]
['Graph', 'Most used benchmarks', 'Most used methods']
>>> "<svg" in render_html(report) or "data:image/svg+xml;base64," in render_html(report)
True
"""
from __future__ import annotations

import base64
import io
import numbers
import sys
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import networkx as nx
import pandas as pd

from kg import analytics
from ontology.util.files import write_text_atomic

__all__ = ["COMMUNITY_COLUMNS", "REPORT_EDGE_ATTRIBUTES", "REPORT_NODE_ATTRIBUTES", "GraphSource", "Report",
           "ReportSource", "build_report", "clip_label", "render_html", "report_from", "write_report"]

_TREND_ENTITIES = 5
_BENCHMARKS_PER_TASK = 3
_COMMUNITY_BARS = 20


#: What :func:`build_report` reads of a graph besides node kinds and labels and edge relations (and the
#: graph's structure): ``kg stats`` on a build without graph tables loads only these attributes
#: (:func:`kg.analytics.load_graph`), and tests/test_stats.py checks that the report is the same as from the
#: whole graph.  With tables it reads columns, not a graph (:mod:`kg.report_tables`).
REPORT_NODE_ATTRIBUTES = ("year",)
REPORT_EDGE_ATTRIBUTES = ("basis", "score")


@dataclass
class Report:
    """Titled tables and charts (SVG text) about one graph, plus notes on how they were computed."""

    tables: dict[str, pd.DataFrame]
    charts: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class ReportSource(Protocol):
    """The answers :func:`report_from` asks for: from a networkx graph (:class:`GraphSource`) or from a build's
    tables without one (:class:`kg.report_tables.TableSource`); both give the same report."""

    def counts(self) -> tuple[Counter, Counter]:
        """Nodes by kind and edges by relation."""

    def top_entities(self, *, kind: str, top: int, relations: tuple[str, ...]) -> pd.DataFrame:
        """:func:`kg.analytics.top_entities`."""

    def benchmarks_by_task(self, *, top: int, tasks: int) -> pd.DataFrame:
        """:func:`kg.analytics.benchmarks_by_task`."""

    def entity_trends(self, *, kind: str, top: int) -> pd.DataFrame:
        """:func:`kg.analytics.entity_trends`."""

    def projected_nodes(self) -> int:
        """Nodes of the paper–entity graph (:func:`kg.analytics.paper_entity_graph`)."""

    def communities(self, method: str) -> Sequence[Collection]:
        """:func:`kg.analytics.communities` with ``method``: node collections, largest first."""

    def community_rows(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        """The "Communities" table of the first ``top`` of ``found``."""

    def central(self, kinds: Collection[str], *, top: int) -> pd.DataFrame:
        """The ``top`` rows of ``kinds`` of :func:`kg.analytics.centrality` over every node."""

    def bridging_papers(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        """:func:`kg.analytics.bridging_papers` with ``found``."""

    def similar_counts(self) -> Counter:
        """``similarTo`` edges by basis (``"source"`` when they have none)."""


def build_report(graph: nx.MultiDiGraph, *, top: int = 10) -> Report:
    """Answer the headline questions about ``graph``: usage, tasks, trends, communities, centrality, similarity.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    top : int
        Rows per ranking table.

    Examples
    --------
    >>> report = build_report(analytics.toy_graph(), top=2)
    >>> report.tables["Most used benchmarks"].to_dict("records")
    [{'benchmark': 'SQuAD', 'papers': 3}, {'benchmark': 'GLUE', 'papers': 2}]
    """
    return report_from(GraphSource(graph), top=top)


def report_from(source: ReportSource, *, top: int = 10) -> Report:
    """The report of :func:`build_report` from the answers of ``source``."""
    tables: dict[str, pd.DataFrame] = {"Graph": _summary(*source.counts())}
    for title, kind, column, relations in (("Most used benchmarks", "dataset", "benchmark", ("uses",)),
                                           ("Most used methods", "method", "method", ("uses",)),
                                           ("Most used models", "model", "model", ("uses",)),
                                           ("Most addressed tasks", "task", "task", ("uses", "proposes")),
                                           ("Most used metrics", "metric", "metric", ("uses",))):
        ranked = source.top_entities(kind=kind, top=top, relations=relations)
        tables[title] = ranked[["label", "papers"]].rename(columns={"label": column})
    by_task = source.benchmarks_by_task(top=_BENCHMARKS_PER_TASK, tasks=top)
    tables["Benchmarks by task"] = by_task[["task_label", "task_papers", "label", "papers"]].rename(
        columns={"task_label": "task", "task_papers": "papers on task", "label": "benchmark"})
    trends = source.entity_trends(kind="dataset", top=_TREND_ENTITIES)
    tables["Top benchmarks by year"] = trends.reset_index()

    projected_nodes = source.projected_nodes()
    method = analytics.choose_community_method(projected_nodes)
    found = source.communities(method) if projected_nodes else []
    notes = [f"Communities: {method} on the paper–entity graph ({projected_nodes} nodes), seed 0."]
    tables["Communities"] = source.community_rows(found, top=top)
    for title, kinds in (("Most central papers", {"paper"}), ("Most central entities", set(analytics.ENTITY_KINDS))):
        ranked = source.central(kinds, top=top)[["label", "kind", "score"]]
        tables[title] = ranked.assign(score=[float(f"{score:.3g}") for score in ranked["score"]])
    notes.append("Centrality: PageRank on papers, their entities and their similarTo links.")
    bridging = source.bridging_papers(found, top=top)
    tables["Papers bridging communities"] = bridging[["label", "neighbours", "communities", "participation"]]
    counts = source.similar_counts()
    tables["Similar-paper links"] = pd.DataFrame(sorted(counts.items(), key=lambda bc: (-bc[1], bc[0])),
                                                 columns=["basis", "links"])

    charts = {
        "Benchmarks by year": _trend_chart(trends),
        "Most used methods": _bar_chart(tables["Most used methods"], "method", "papers"),
        "Community sizes": _community_chart([len(members) for members in found]),
    }
    return Report(tables, {title: svg for title, svg in charts.items() if svg}, notes)


class GraphSource:
    """The report's answers from a networkx graph (the :mod:`kg.analytics` functions)."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph
        self._central: pd.DataFrame | None = None

    def counts(self) -> tuple[Counter, Counter]:
        return (Counter(kind for _, kind in self.graph.nodes(data="kind")),
                Counter(relation for _, _, relation in self.graph.edges(keys=True)))

    def top_entities(self, *, kind: str, top: int, relations: tuple[str, ...]) -> pd.DataFrame:
        return analytics.top_entities(self.graph, kind=kind, top=top, relations=relations)

    def benchmarks_by_task(self, *, top: int, tasks: int) -> pd.DataFrame:
        return analytics.benchmarks_by_task(self.graph, top=top, tasks=tasks)

    def entity_trends(self, *, kind: str, top: int) -> pd.DataFrame:
        return analytics.entity_trends(self.graph, kind=kind, top=top)

    def projected_nodes(self) -> int:
        return analytics.paper_entity_graph(self.graph).number_of_nodes()

    def communities(self, method: str) -> list[set[str]]:
        return analytics.communities(self.graph, method=method)

    def community_rows(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        """Size, papers, entities and the entities most papers in it name, per community (largest first)."""
        graph = self.graph
        rows = []
        for rank, members in enumerate(found[:top], start=1):
            entities = [node for node in members if graph.nodes[node].get("kind") in analytics.ENTITY_KINDS]
            leaders = sorted(entities,
                             key=lambda node: (-graph.in_degree(node), str(graph.nodes[node].get("label")), node))
            rows.append((rank, len(members), len(members) - len(entities), len(entities),
                         ", ".join(str(graph.nodes[node].get("label")) for node in leaders[:3])))
        return pd.DataFrame(rows, columns=COMMUNITY_COLUMNS)

    def central(self, kinds: Collection[str], *, top: int) -> pd.DataFrame:
        if self._central is None:  # one PageRank for both tables, then split by kind
            self._central = analytics.centrality(self.graph, top=sys.maxsize)
        everything = self._central
        return everything[everything["kind"].isin(kinds)].head(top).reset_index(drop=True)

    def bridging_papers(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        return analytics.bridging_papers(self.graph, found=found, top=top)

    def similar_counts(self) -> Counter:
        return Counter(data.get("basis") or "source" for _, _, relation, data in self.graph.edges(keys=True, data=True)
                       if relation == "similarTo")


#: The columns of the "Communities" table.
COMMUNITY_COLUMNS = ["community", "size", "papers", "entities", "leading entities"]


def _summary(kinds: Counter, relations: Counter) -> pd.DataFrame:
    rows = [(f"{kind} nodes", count) for kind, count in sorted(kinds.items(), key=lambda kc: (-kc[1], str(kc[0])))]
    rows += [(f"{relation} edges", count)
             for relation, count in sorted(relations.items(), key=lambda rc: (-rc[1], rc[0]))]
    return pd.DataFrame(rows, columns=["what", "count"])


# ----------------------------------------------------------------------------- charts


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _svg(figure) -> str:
    """The figure as SVG text with no date and stable ids, so the same figure gives the same bytes."""
    import matplotlib

    with matplotlib.rc_context({"svg.hashsalt": "kg", "svg.fonttype": "none"}):
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _trend_chart(trends: pd.DataFrame) -> str:
    if trends.empty or trends.columns.empty or not trends.to_numpy().any():
        return ""
    used = trends.index[trends.to_numpy().any(axis=1)]
    trends = trends.loc[used.min():]  # from the first year any of them is used
    figure = _figure(7, 3.6)
    axes = figure.subplots()
    for label in trends.columns:
        axes.plot(trends.index, trends[label], marker="o", markersize=3, label=clip_label(str(label), 40))
    axes.set_xlabel("year")
    axes.set_ylabel("papers using it")
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.legend(fontsize="small", frameon=False)
    _plain_text(axes)
    return _svg(figure)


def _bar_chart(table: pd.DataFrame, label: str, value: str) -> str:
    if table.empty:
        return ""
    figure = _figure(7, 0.6 + 0.3 * len(table))
    axes = figure.subplots()
    axes.barh([clip_label(str(text), 40) for text in table[label]][::-1], list(table[value])[::-1], color="#4e79a7")
    axes.set_xlabel(value)
    _plain_text(axes)
    return _svg(figure)


def _community_chart(all_sizes: list[int]) -> str:
    if not all_sizes:
        return ""
    sizes = all_sizes[:_COMMUNITY_BARS]
    figure = _figure(7, 3)
    axes = figure.subplots()
    axes.bar([str(rank) for rank in range(1, len(sizes) + 1)], sizes, color="#59a14f")
    axes.set_xlabel(f"community (largest {len(sizes)} of {len(all_sizes)})")
    axes.set_ylabel("nodes")
    _plain_text(axes)
    return _svg(figure)


def _plain_text(axes) -> None:
    """Labels come from input files: never read ``$...$`` in them as mathematics."""
    for text in [*axes.get_xticklabels(), *axes.get_yticklabels(), axes.xaxis.label, axes.yaxis.label]:
        text.set_parse_math(False)
    legend = axes.get_legend()
    for text in legend.get_texts() if legend else ():
        text.set_parse_math(False)


def clip_label(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, the last one "…" when cut.

    >>> clip_label("abcdef", 4), clip_label("abc", 4)
    ('abc…', 'abc')
    """
    return text if len(text) <= width else text[: width - 1] + "…"


# ----------------------------------------------------------------------------- output


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 0.9rem; } th, td { padding: 0.2rem 0.6rem; text-align: left; }
th { background: #f3f3f3; } tr:nth-child(even) td { background: #fafafa; } td.number { text-align: right; }
figure { margin: 1rem 0; } figcaption { font-weight: 600; margin-bottom: 0.3rem; }
img { max-width: 100%; height: auto; } .notes { color: #555; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>{{ title }}</h1>
{% if charts %}<h2>Charts</h2>{% endif %}
{% for chart_title, uri in charts %}
<figure><figcaption>{{ chart_title }}</figcaption><img src="{{ uri }}" alt="{{ chart_title }}"></figure>
{% endfor %}
{% for table_title, columns, rows in tables %}
<h2>{{ table_title }}</h2>
{% if rows %}
<table>
<thead><tr>{% for column in columns %}<th>{{ column }}</th>{% endfor %}</tr></thead>
<tbody>
{% for row in rows %}<tr>
{%- for value, numeric in row %}<td{% if numeric %} class="number"{% endif %}>{{ value }}</td>{% endfor -%}
</tr>
{% endfor %}</tbody>
</table>
{% else %}
<p>(none)</p>
{% endif %}
{% endfor %}
<p class="notes">{% for note in notes %}{{ note }} {% endfor %}</p>
</body>
</html>
"""


def render_html(report: Report, *, title: str = "kg report") -> str:
    """One self-contained HTML page: every chart inlined, every text escaped.

    >>> from kg.analytics import toy_graph
    >>> graph = toy_graph()
    >>> graph.nodes["method/bert"]["label"] = "<script>alert(1)</script>"
    >>> page = render_html(build_report(graph, top=3))
    >>> "<script>" in page, "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    (False, True)
    """
    from jinja2 import Environment

    environment = Environment(autoescape=True, keep_trailing_newline=True)
    charts = [(name, "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii"))
              for name, svg in report.charts.items()]
    tables = [(name, [str(column) for column in table.columns],
               [[(_cell(value), _is_number(value)) for value in row] for row in table.itertuples(index=False)])
              for name, table in report.tables.items()]
    return environment.from_string(_TEMPLATE).render(title=title, charts=charts, tables=tables, notes=report.notes)


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and value != value) or value is pd.NA:
        return ""
    return str(value)


def _is_number(value) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def write_report(report: Report, path: Path, *, title: str = "kg report") -> Path:
    """Write :func:`render_html` of ``report`` to ``path`` atomically; return ``path``."""
    return write_text_atomic(Path(path), render_html(report, title=title))
