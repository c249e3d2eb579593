"""Lines made in the order of their subjects (exports/rdf_ordered.py) are the bytes of sorting every line."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from exports import rdf_formats, rdf_ordered, rdf_reuse
from exports.rdf_formats import write_rdf, write_rdf_file
from exports.rdf_mapping import rdf_triples
from exports.rdf_ordered import AGENTS, SubjectPlan, ordered_runs, plan_subjects
from exports.rdf_reuse import last_turtle, owner_triples
from exports.rdf_stream import SortedLines
from kg.outputs import CACHE_FOLDER, TURTLE_INDEX_FILE
from ontology.util.files import output_transaction


def _sorted(graph: nx.MultiDiGraph) -> bytes:
    """What the lines are when every one is made first and sorted after."""
    with SortedLines() as lines:
        lines.add_triples(rdf_triples(graph))
        return b"".join(lines.runs())


def _planned(graph: nx.MultiDiGraph) -> SubjectPlan:
    plan = plan_subjects(graph)
    assert plan is not None
    return plan


def _ordered(graph: nx.MultiDiGraph, run_bytes: int = 1 << 20) -> bytes:
    return b"".join(run for run, _ in ordered_runs(graph, _planned(graph), run_bytes=run_bytes))


def _graph(papers: int, *, seed: int = 3, near: tuple[str, ...] = ()) -> nx.MultiDiGraph:
    """Papers with every kind of subject a node owns: fields, authorships, similarities of several bases,
    mentions of two extractors (one stated twice on parallel edges), entities of kinds with their own predicates;
    ``near`` adds method nodes with those ids (ids that sort next to the dependants' kinds)."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    graph.add_node("venue/acl-2020", kind="venue", label="ACL 2020", year=2020, location="Online")
    for number in range(papers):
        paper = f"paper/{rng.choice(['a', 'ab', 'b', 'x-1', 'é'])}{number:03d}"
        source = f"f{number % 3}.xml"
        graph.add_node(paper, kind="paper", label=f"Paper {number} “ü” \\ \"q\"", year=2000 + number % 5,
                       sources=[source], extra={"topic": f"t{number % 4}", "id": number} if number % 3 == 0 else {})
        graph.add_edge(paper, "venue/acl-2020", relation="presentedAt", sources=[source])
        for position in range(1, rng.randrange(1, 4) + 1):
            person = f"person/p{rng.randrange(12)}"
            graph.add_node(person, kind="person", label=person[-3:], sources=[source])
            graph.add_edge(paper, person, relation="creator", position=position, sources=[source])
        entity = rng.choice(["dataset/squad", "task/ner", "metric/f1", "method/bert"])
        graph.add_node(entity, kind=entity.split("/")[0], label=entity[-4:], alt_labels=["x"])
        mention = {"source": source, "start": 3, "end": 8, "relation": "uses", "name": entity[-4:],
                   "extractor": rng.choice(["gazetteer:names", "kg_entities", "papers-with-code"]),
                   "confidence": 0.75, "sentence": f"We use {entity[-4:]}."}
        for _ in range(2 if number % 5 == 0 else 1):  # parallel edges stating the same mention
            graph.add_edge(paper, entity, relation="uses", sources=[source], mentions=[mention])
        if number:
            other = rng.choice([node for node in graph if node.startswith("paper/") and node != paper])
            data = {"basis": "tfidf", "score": 0.5, "scores": {"entities": 0.25}, "shared_terms": ["x"],
                    "shared_entities": [entity], "strength": 0.4, "weak": True} if number % 2 else {"sources": [source]}
            graph.add_edge(paper, other, relation="similarTo", **data)
    for node in near:
        graph.add_node(node, kind="method", label=node)
    return graph


@pytest.mark.parametrize("graph", [
    _graph(0), _graph(1), _graph(40),
    _graph(30, near=("mention", "mention-x", "field", "similarity0", "authorshi/p", "agent", "agent/zz", "a", "zzz")),
], ids=["empty", "one", "forty", "near the kinds"])
def test_lines_in_subject_order_are_the_sorted_lines(graph):
    assert _ordered(graph) == _sorted(graph)


def test_runs_hold_whole_subjects_with_their_owners():
    graph = _graph(25)
    plan = _planned(graph)
    nodes = list(graph)
    subjects = 0
    for run, owners in ordered_runs(graph, plan, run_bytes=1):  # one subject a run
        assert len(owners) == 1
        subject = run[1:run.index(b">")].decode()
        assert all(line.startswith(f"<{subject}> ".encode()) for line in run.splitlines())
        if owners[0] == AGENTS:
            assert subject.rsplit("/", 2)[-2] == "agent"
        else:
            assert subject in {triple[0] for triple in owner_triples(graph, nodes[owners[0]], {})}
        subjects += 1
    assert subjects == plan.subjects == len({triple[0] for triple in rdf_triples(graph)})
    assert plan.distinct
    assert plan.agents[nodes.index("venue/acl-2020")] == frozenset()
    assert set().union(*plan.agents) == {"gazetteer", "kg_entities", "papers-with-code"} == set(plan.components)


@pytest.mark.parametrize("node, indexed", [("mention/x", True), ("field/0123456789abcdef", True),
                                           ("agent/gazetteer", False)])  # an agent's subject made by a node too
def test_a_layout_it_cannot_order_falls_back_to_sorting(tmp_path, node, indexed):
    graph = _graph(12, seed=4)
    graph.add_node(node, kind="method", label="Odd")
    assert plan_subjects(graph) is None
    (tmp_path / "plain").mkdir()
    write_rdf(graph, tmp_path / "plain", ("ttl",))  # no index: always sorted
    for _ in range(2):  # sorted, with the index of its blocks; then copied from the last one by that index
        with output_transaction(tmp_path / "indexed"):
            write_rdf(graph, tmp_path / "indexed", ("ttl",),
                      index=tmp_path / "indexed" / CACHE_FOLDER / TURTLE_INDEX_FILE)
        assert (tmp_path / "indexed" / "graph.ttl").read_bytes() == (tmp_path / "plain" / "graph.ttl").read_bytes()
    assert last_turtle().full == ("" if indexed else "no index")
    assert last_turtle().reused == (len(graph) if indexed else 0)


def test_an_id_holding_the_end_of_an_iri_is_not_ordered():
    graph = _graph(3)
    graph.add_node("a>b", kind="method", label="Odd")  # "<a>b> ..." does not sort as "a>b" + ">"
    assert plan_subjects(graph) is None


def test_a_hash_of_another_shape_falls_back(monkeypatch):
    graph = _graph(5)
    monkeypatch.setattr("exports.rdf_ordered.authorship_iri", lambda paper, person: paper + "/ABCDEF0123456789")
    assert plan_subjects(graph) is None


def test_a_dependant_two_owners_name_is_made_once_and_no_block_has_an_owner(monkeypatch, tmp_path):
    graph = nx.MultiDiGraph()
    for paper in ("paper/a", "paper/b"):
        graph.add_node(paper, kind="paper", label=paper)
        graph.add_edge(paper, "person/c", relation="creator", position=1)
    graph.add_node("person/c", kind="person", label="C")
    shared = "https://w3id.org/paperkg/id/authorship/00000000000000ab"
    monkeypatch.setattr("exports.rdf_ordered.authorship_iri", lambda paper, person: shared)
    plan = _planned(graph)
    assert not plan.distinct
    runs = list(ordered_runs(graph, plan))
    text = b"".join(run for run, _ in runs)
    assert text.count(f"<{shared}> ".encode()) == 3  # type, author, position: each once
    assert sum(len(owners) for _, owners in runs) == plan.subjects == 4
    index = tmp_path / CACHE_FOLDER / TURTLE_INDEX_FILE
    with output_transaction(tmp_path):
        write_rdf(graph, tmp_path, ("ttl",), index=index)
    assert not index.exists()  # no block has one owner: no index


def test_the_turtle_of_a_fresh_build_is_the_sorted_turtle_with_the_same_index(sample_build, tmp_path, monkeypatch):
    """On the bundled sample pages: graph.ttl and graph.nt from the lines in order, and the index that records
    its blocks' owners, are those of sorting every line."""
    graph = sample_build.graph
    assert _ordered(graph, run_bytes=4096) == _sorted(graph)
    written = {}
    for name, plan in (("ordered", plan_subjects), ("sorted", lambda graph: None)):
        monkeypatch.setattr(rdf_reuse, "plan_subjects", plan)
        folder = tmp_path / name
        owners = {}
        with output_transaction(folder):
            write_rdf(graph, folder, ("ttl", "nt"), index=folder / CACHE_FOLDER / TURTLE_INDEX_FILE, owners=owners)
        index = folder / CACHE_FOLDER / TURTLE_INDEX_FILE
        written[name] = ((folder / "graph.ttl").read_bytes(), (folder / "graph.nt").read_bytes(), owners,
                         last_turtle(), index.read_bytes())
    assert written["ordered"] == written["sorted"]
    assert written["ordered"][3].blocks == len({triple[0] for triple in rdf_triples(graph)})


def test_dependants_sharing_a_number_across_slices_are_one_subject(monkeypatch):
    """The sorted dependants are taken a slice at a time: a group of equal numbers cut by a slice's end stays one
    subject (parallel edges stating the same mention, in slices of two)."""
    monkeypatch.setattr(rdf_ordered, "_SLICE", 2)
    graph = _graph(40)
    assert _ordered(graph) == _sorted(graph)


def test_without_an_index_the_ordered_runs_write_the_sorted_files(tmp_path, monkeypatch):
    """``write_rdf`` with no index (``kg build --no-cache``) and ``write_rdf_file`` write graph.ttl and graph.nt from
    the ordered runs, cut small here so that the Turtle is made from many runs: the bytes of sorting every line."""
    graph = _graph(40, near=("mention", "agent", "zzz"))
    monkeypatch.setitem(rdf_ordered.ordered_runs.__kwdefaults__, "run_bytes", 300)
    written = {}
    for name, plan in (("ordered", plan_subjects), ("sorted", lambda graph: None)):
        monkeypatch.setattr(rdf_formats, "plan_subjects", plan)
        folder = tmp_path / name
        with output_transaction(folder):
            write_rdf(graph, folder, ("ttl", "nt"))
        single = write_rdf_file(graph, tmp_path / f"{name}-alone.ttl", "ttl")
        written[name] = ((folder / "graph.ttl").read_bytes(), (folder / "graph.nt").read_bytes(), single.read_bytes())
    assert written["ordered"] == written["sorted"]
    assert written["ordered"][1] == _sorted(graph)
