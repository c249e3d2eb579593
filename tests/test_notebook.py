"""kg from Python (kg/notebook.py, kg/build_files.py) and the example notebook run by a real Jupyter kernel."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest
from browser import chromium_path, open_page
from rdflib import URIRef

import kg
import kg.notebook
from exports.node_link import write_json
from exports.view_kinds import ego_graph
from exports.view_lookup import ViewError
from kg.analytics import top_entities
from kg.build_files import SEARCH_ATTRIBUTES, BuildFolderError, NodeLinkFiles
from kg.outputs import write_outputs
from kg.pipeline import BuildResult
from kg.query import QueryError, QueryRefused

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "docs" / "examples" / "kg-in-a-notebook.ipynb"
CLEAR = "paper/title-clear-cross-lingual-enhancement-in-retrieval-via-rever-ed8613f718"


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory, sample_build: BuildResult) -> Path:
    """A build folder of the sample pages, written as `kg build -o` writes it (without views)."""
    folder = tmp_path_factory.mktemp("kg-out")
    write_outputs(sample_build.graph, folder, views=False)
    return folder


@pytest.fixture(params=["whole", "in part"])
def opened(request: pytest.FixtureRequest, out: Path, monkeypatch: pytest.MonkeyPatch) -> kg.Build:
    """The build opened; "in part" reads subgraphs without ever reading the whole graph."""
    if request.param == "in part":
        monkeypatch.setattr(kg.notebook, "SMALL_BUILD_BYTES", -1)

        def refuse(self: NodeLinkFiles) -> nx.MultiDiGraph:
            raise AssertionError("the whole graph was read")

        monkeypatch.setattr(NodeLinkFiles, "whole", refuse)
    return kg.open_build(out)


# --- the package top ---------------------------------------------------------------------------


def test_import_kg_loads_nothing_heavy() -> None:
    code = "import kg, sys; print(sorted(m for m in ('pandas', 'networkx', 'spacy', 'pyvis') if m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_public_names_resolve() -> None:
    for name in kg.__all__:
        assert getattr(kg, name) is not None
    assert kg.build is __import__("kg.pipeline").pipeline.build
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        kg.nothing  # noqa: B018


# --- graphs and subgraphs ----------------------------------------------------------------------


def test_graph_is_the_built_graph(out: Path, sample_build: BuildResult) -> None:
    assert nx.utils.graphs_equal(kg.open_build(out).graph(), nx.MultiDiGraph(sample_build.graph))


def test_around_a_paper_is_its_view_neighbourhood(opened: kg.Build, sample_build: BuildResult) -> None:
    whole = sample_build.graph
    sub = opened.around("CLEAR: Cross-Lingual Enhancement", kind="paper")
    assert set(sub) == set(ego_graph(whole, CLEAR))
    assert nx.utils.graphs_equal(sub, nx.MultiDiGraph(whole.subgraph(sub)))  # every attribute and edge between them


def test_around_by_id_with_hops(opened: kg.Build, sample_build: BuildResult) -> None:
    whole = sample_build.graph
    sub = opened.around("venue/acl-2026", hops=1)
    assert set(sub) == {"venue/acl-2026", *whole.pred["venue/acl-2026"], *whole.succ["venue/acl-2026"]}
    assert opened.around("venue/acl-2026", hops=0).number_of_nodes() == 1


def test_around_an_entity_and_analytics_on_the_subgraph(opened: kg.Build) -> None:
    sub = opened.around("BEIR", kind="entity")
    assert sub.nodes["dataset/beir"]["kind"] == "dataset"
    papers = top_entities(sub, kind="dataset")
    assert papers.set_index("entity").loc["dataset/beir", "papers"] == sum(
        1 for _, _, key in sub.in_edges("dataset/beir", keys=True) if key == "uses")


def test_names_that_match_nothing_or_several_say_so(opened: kg.Build) -> None:
    with pytest.raises(ViewError, match="did you mean"):
        opened.around("BEIRR", kind="dataset")
    with pytest.raises(ViewError, match="match 'cross-lingual'"):
        opened.around("cross-lingual", kind="paper")
    with pytest.raises(ViewError, match='pass kind="paper", "entity", ... to choose'):
        opened.around("retrieval")  # papers and methods


def test_subgraph_of_ids(opened: kg.Build, sample_build: BuildResult) -> None:
    sub = opened.subgraph(["dataset/beir", "no/such-node"], hops=1)
    assert set(sub) == {"dataset/beir", *sample_build.graph.pred["dataset/beir"]}


def test_query_graph_holds_the_nodes_a_result_names(opened: kg.Build) -> None:
    sub = opened.query_graph("SELECT ?p ?d ?name WHERE { ?p kg:uses ?d . ?d rdfs:label ?name }", {"name": "BEIR"})
    assert "dataset/beir" in sub and all(kind in ("paper", "dataset") for _, kind in sub.nodes(data="kind"))


def test_skeleton_keeps_only_what_finds_a_node(out: Path) -> None:
    skeleton = NodeLinkFiles(out).skeleton()
    assert all(set(attrs) <= set(SEARCH_ATTRIBUTES) for _, attrs in skeleton.nodes(data=True))
    assert all(attrs == {} for *_, attrs in skeleton.edges(data=True))


def test_a_folder_without_a_build_says_what_to_run(tmp_path: Path) -> None:
    with pytest.raises(BuildFolderError, match="kg build -o"):
        kg.open_build(tmp_path)
    (tmp_path / "graph.json").write_text('{"nodes": 3}', encoding="utf-8")
    with pytest.raises(BuildFolderError, match="not node-link JSON"):
        NodeLinkFiles(tmp_path).skeleton()


def test_made_up_graph_in_part_equals_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kg.analytics import toy_graph

    write_json(toy_graph(), tmp_path / "graph.json")
    whole = kg.open_build(tmp_path).around("SQuAD", hops=2)
    monkeypatch.setattr(kg.notebook, "SMALL_BUILD_BYTES", -1)
    assert nx.utils.graphs_equal(kg.open_build(tmp_path).around("SQuAD", hops=2), whole)


# --- SPARQL as DataFrames ----------------------------------------------------------------------


def test_sparql_gives_a_dataframe_of_python_values(out: Path) -> None:
    frame = kg.sparql(out, "SELECT ?v ?label WHERE { ?v a kg:Venue ; rdfs:label ?label } ORDER BY ?label")
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == ["v", "label"]
    assert frame["label"].tolist() == ["ACL 2026", "EMNLP 2023", "EMNLP 2025"]
    assert frame["v"].iloc[0] == "https://w3id.org/paperkg/id/venue/acl-2026"
    counted = kg.sparql(out, "SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }")
    assert counted["n"].tolist() == [59] and isinstance(counted["n"].iloc[0].item(), int)


def test_parameters_are_bound_as_rdf_terms(out: Path) -> None:
    query = "SELECT ?label ?v WHERE { ?v rdfs:label ?label }"
    assert kg.sparql(out, query, {"label": "ACL 2026"})["v"].str.endswith("venue/acl-2026").all()
    assert kg.sparql(out, query, {"label": 'x" } ; DROP ALL { "'}).empty  # only ever a string
    year = kg.sparql(out, "SELECT ?year ?v WHERE { ?v a kg:Venue ; kg:year ?year }", {"year": 2025})
    assert year["v"].str.endswith("venue/emnlp-2025").all() and len(year) == 1
    iri = URIRef("https://w3id.org/paperkg/id/venue/acl-2026")
    assert kg.sparql(out, "SELECT ?v ?label WHERE { ?v rdfs:label ?label }", {"v": iri})["label"].tolist() == [
        "ACL 2026"]
    with pytest.raises(QueryError, match="give a str"):
        kg.sparql(out, query, {"label": 2.5})


def test_updates_are_refused_and_other_kinds_of_result(out: Path) -> None:
    with pytest.raises(QueryRefused):
        kg.sparql(out, "DROP ALL")
    assert kg.sparql(out, "ASK { ?p a kg:Paper }")["result"].tolist() == [True]
    triples = kg.sparql(out, "CONSTRUCT { ?v rdfs:label ?l } WHERE { ?v a kg:Venue ; rdfs:label ?l }")
    assert list(triples.columns) == ["subject", "predicate", "object"] and len(triples) == 3


def test_canned_query(out: Path) -> None:
    frame = kg.open_build(out).canned("venue-facts", venue="ACL 2026")
    assert frame["location"].tolist()[0] == "San Diego, California, USA"


# --- the example notebook ----------------------------------------------------------------------


def test_notebook_is_committed_without_outputs() -> None:
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code and all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    """The example notebook run top to bottom by an ipykernel of this Python, in a fresh folder."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from ipykernel.kernelspec import install
    from jupyter_client.kernelspec import KernelSpecManager

    # a kernel spec for this very interpreter, in a temporary folder (no network, no user folders touched)
    kernels = tmp_path_factory.mktemp("jupyter")
    install(prefix=str(kernels), kernel_name="python3")
    specs = KernelSpecManager(kernel_dirs=[str(kernels / "share" / "jupyter" / "kernels")])
    folder = tmp_path_factory.mktemp("notebook")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(folder)}})
    client.km = client.kernel_manager_class(kernel_name="python3", kernel_spec_manager=specs, parent=client)
    client.execute()
    return notebook, folder


def _outputs(notebook: dict) -> list[dict]:
    return [output for cell in notebook["cells"] if cell["cell_type"] == "code" for output in cell["outputs"]]


def test_notebook_runs_clean(executed: tuple[dict, Path]) -> None:
    notebook, folder = executed
    outputs = _outputs(notebook)
    assert not [o for o in outputs if o["output_type"] == "error" or o.get("name") == "stderr"]
    tables = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {}) and "<table" in
              o["data"]["text/html"]]
    assert len(tables) == 5  # datasets per venue, similar papers, two SPARQL results, centrality
    assert "BEIR" in tables[0] and "ACL 2026" in tables[2]
    shown = outputs[-1]["data"]["text/html"]
    assert re.search(r'<iframe[^>]*src="clear.html"', shown)
    assert (folder / "kg-out" / "graph.json").is_file() and (folder / "clear.html").is_file()


def test_notebook_view_is_offline(executed: tuple[dict, Path]) -> None:
    page = (executed[1] / "clear.html").read_text(encoding="utf-8")
    assert re.search(r"<script[^>]*\ssrc=|<link[^>]*\shref=", page, re.IGNORECASE) is None
    assert re.search(r"cdnjs|jsdelivr|unpkg|bootstrap", page, re.IGNORECASE) is None


@pytest.mark.browser
@pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed")
def test_notebook_view_draws_in_chromium(executed: tuple[dict, Path], sample_build: BuildResult) -> None:
    folder = executed[1]
    run = open_page(folder / "clear.html", folder, timeout_s=60)
    assert run.errors == []  # no console errors, and no load of anything (the browser can reach no host)
    assert run.body_data("kg-drawn") == str(ego_graph(sample_build.graph, CLEAR).number_of_nodes())
    assert run.screenshot is not None and run.screenshot.stat().st_size > 10_000


# --- the documentation's code runs ----------------------------------------------------------------


def _python_block(text: str, heading: str) -> str:
    """The first ```python block after ``heading``."""
    match = re.search(re.escape(heading) + r".*?```python\n(.*?)```", text, re.DOTALL)
    assert match is not None, heading
    return match.group(1)


@pytest.mark.parametrize(("document", "heading"), [("README.md", "## From Python"),
                                                   ("docs/notebook.md", "# kg in Python and Jupyter")])
def test_documented_python_runs(document: str, heading: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(_python_block((ROOT / document).read_text(encoding="utf-8"), heading), document, "exec"), namespace)
    assert (tmp_path / "kg-out" / "graph.json").is_file() and (tmp_path / "clear.html").is_file()
    assert isinstance(namespace["sub"], nx.MultiDiGraph) and namespace["sub"].number_of_nodes() > 1


def test_build_network_is_a_pyvis_view_of_a_subgraph(opened: kg.Build) -> None:
    sub = opened.around("BEIR", kind="dataset")
    net = opened.network(sub)
    assert sorted(net.node_ids) == sorted(sub) and all(isinstance(n["title"], str) for n in net.nodes)
