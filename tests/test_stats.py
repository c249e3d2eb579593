"""`kg stats OUT` and kg.report: terminal tables and an offline, escaped, deterministic report.html."""
from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from exports.graph_tables import write_graph_tables
from exports.node_link import write_json
from kg import analytics
from kg.analytics import load_graph, toy_graph
from kg.cli import main
from kg.cli_stats import render_text
from kg.report import REPORT_EDGE_ATTRIBUTES, REPORT_NODE_ATTRIBUTES, build_report, render_html, write_report

_DATA_URI = re.compile(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


@pytest.fixture(scope="module")
def sample_out(sample_build, tmp_path_factory) -> Path:
    """A build output folder holding the sample graph.json."""
    out = tmp_path_factory.mktemp("kg-out")
    write_json(sample_build.graph, out / "graph.json")
    return out


@pytest.fixture(scope="module")
def stats_run(sample_out):
    return CliRunner().invoke(main, ["stats", str(sample_out), "--top", "5"])


def test_kg_stats_prints_the_headline_tables_of_the_sample(stats_run):
    assert stats_run.exit_code == 0, stats_run.output
    output = stats_run.output
    for title in ("Most used benchmarks", "Most used methods", "Most used models", "Most addressed tasks",
                  "Most used metrics", "Benchmarks by task", "Top benchmarks by year",
                  "Communities", "Most central papers", "Most central entities", "Papers bridging communities",
                  "Similar-paper links"):
        assert f"\n{title}" in output or output.startswith(title), title
    benchmarks = output.split("Most used benchmarks", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"ALFWorld\s+2\n", benchmarks)
    # 2: the one paper that defines GRPO keeps its own "Group Relative Policy Optimization" node (kg.aliases)
    assert re.search(r"GRPO\s+2\n", output.split("Most used methods", 1)[1])
    assert re.search(r"source\s+4\n", output.split("Similar-paper links", 1)[1])


def test_kg_stats_writes_an_offline_report_with_three_charts(stats_run, sample_out):
    assert stats_run.output.rstrip().endswith(str(sample_out / "report.html"))
    page = (sample_out / "report.html").read_text(encoding="utf-8")
    assert "ALFWorld" in page and "<h2>Most used benchmarks</h2>" in page
    assert not re.search(r'(src|href)="(https?:)?//', page) and "<script" not in page and "<link" not in page
    charts = _DATA_URI.findall(page)
    assert len(charts) == 3
    svgs = [base64.b64decode(chart).decode("utf-8") for chart in charts]
    for svg in svgs:
        assert ElementTree.fromstring(svg).tag.endswith("svg")
        assert "<script" not in svg and "xlink:href=\"http" not in svg
    assert "ALFWorld" in svgs[0] and "GRPO" in svgs[1]


def test_the_report_is_the_same_bytes_every_time(sample_build):
    first = render_html(build_report(sample_build.graph, top=5))
    second = render_html(build_report(sample_build.graph, top=5))
    assert first == second


@pytest.mark.parametrize("tables", [True, False], ids=["tables", "graph.json"])
def test_the_attributes_kg_stats_loads_give_the_report_of_the_whole_graph(sample_build, tmp_path, tables):
    if tables:
        write_graph_tables(sample_build.graph, tmp_path)
    else:
        write_json(sample_build.graph, tmp_path / "graph.json")
    slim = load_graph(tmp_path, node_attributes=REPORT_NODE_ATTRIBUTES, edge_attributes=REPORT_EDGE_ATTRIBUTES)
    assert not any("abstract" in data for _, data in slim.nodes(data=True))
    assert not any("sentence" in data for _, _, data in slim.edges(data=True))
    for top in (3, 10):
        assert render_html(build_report(slim, top=top)) == render_html(build_report(sample_build.graph, top=top))


@pytest.mark.parametrize("graph", ["toy", "sample"])
def test_the_central_papers_and_entities_are_the_rankings_of_each_kind(sample_build, graph):
    graph = toy_graph() if graph == "toy" else sample_build.graph
    report = build_report(graph, top=4)
    for title, kind in (("Most central papers", "paper"), ("Most central entities", "entity")):
        ranked = analytics.centrality(graph, kind=kind, top=4)[["label", "kind", "score"]]
        expected = ranked.assign(score=[float(f"{score:.3g}") for score in ranked["score"]])
        assert report.tables[title].equals(expected), title


def test_text_from_the_input_is_escaped_and_never_read_as_maths(tmp_path):
    graph = toy_graph()
    graph.nodes["dataset/squad"]["label"] = '<img src=x onerror="alert(1)"> $x^2$ & co'
    graph.nodes["method/bert"]["label"] = "$5 & $10 </table>"
    report = build_report(graph, top=5)
    page = render_html(report, title="<b>title</b>")
    assert "<img src=x" not in page and "</table>\n" not in page.split("Most used methods")[1][:60]
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt; $x^2$ &amp; co" in page
    assert "<title>&lt;b&gt;title&lt;/b&gt;</title>" in page
    svgs = [base64.b64decode(chart).decode("utf-8") for chart in _DATA_URI.findall(page)]
    assert any("$5 &amp; $10 &lt;/table&gt;" in svg for svg in svgs)  # the label, verbatim, as SVG text
    written = write_report(report, tmp_path / "sub" / "report.html")
    assert written.read_text(encoding="utf-8") == render_html(report)


def test_render_text_clips_long_labels_and_shows_recent_years():
    graph = toy_graph()
    graph.nodes["dataset/squad"]["label"] = "A" * 200
    text = render_text(build_report(graph, top=3))
    assert "A" * 47 + "…" in text and "A" * 49 not in text


def test_an_empty_graph_reports_none_without_charts(tmp_path):
    report = build_report(nx.MultiDiGraph(), top=3)
    assert report.charts == {} and "(none)" in render_text(report)
    assert "<p>(none)</p>" in render_html(report)


def test_kg_stats_without_a_build_says_to_run_kg_build(tmp_path):
    result = CliRunner().invoke(main, ["stats", str(tmp_path / "missing")])
    assert result.exit_code == 1
    assert "run `kg build -o" in result.output and "Traceback" not in result.output


def test_kg_stats_no_report_and_report_path(sample_out, tmp_path):
    elsewhere = tmp_path / "elsewhere.html"
    quiet = CliRunner().invoke(main, ["stats", str(sample_out), "--no-report", "--report", str(elsewhere)])
    assert quiet.exit_code == 0 and "Wrote" not in quiet.output and not elsewhere.exists()
    loud = CliRunner().invoke(main, ["stats", str(sample_out), "--report", str(elsewhere), "--top", "2"])
    assert loud.exit_code == 0 and elsewhere.exists()


def test_kg_stats_shows_tasks_metrics_and_the_benchmarks_of_each_task(tmp_path):
    write_json(toy_graph(tasks=True), tmp_path / "graph.json")
    result = CliRunner().invoke(main, ["stats", str(tmp_path), "--top", "2", "--no-report"])
    assert result.exit_code == 0, result.output
    section = {title: result.output.split(f"{title}\n", 1)[1].split("\n\n", 1)[0]
               for title in ("Most addressed tasks", "Most used metrics", "Benchmarks by task")}
    assert re.search(r"question answering\s+3\n.*machine translation\s+2$", section["Most addressed tasks"], re.S)
    assert re.search(r"BLEU\s+2\n\s*F1\s+2$", section["Most used metrics"])
    rows = [line.split() for line in section["Benchmarks by task"].splitlines()[2:]]
    assert rows == [["question", "answering", "3", "SQuAD", "3"], ["question", "answering", "3", "WMT14", "1"],
                    ["machine", "translation", "2", "WMT14", "2"], ["machine", "translation", "2", "SQuAD", "1"]]
    assert "(none)" in render_text(build_report(toy_graph(), top=2)).split("Benchmarks by task", 1)[1][:60]


def test_kg_stats_has_help():
    result = CliRunner().invoke(main, ["stats", "--help"])
    assert result.exit_code == 0 and "report.html" in result.output and "--top" in result.output
