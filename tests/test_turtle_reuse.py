"""A rebuild's graph.ttl made from the subject blocks of the last one has a fresh build's bytes, whatever the index holds."""
from __future__ import annotations

import random
from collections import Counter

import networkx as nx
import pytest
from index_damage import change_array, lie_about_the_file

from exports import rdf_reuse
from exports.rdf_formats import RdfSerialiser, write_rdf
from exports.rdf_mapping import rdf_triples
from exports.rdf_reuse import last_turtle, owner_triples
from kg.outputs import CACHE_FOLDER, TURTLE_INDEX_FILE, write_outputs
from ontology.util.files import output_transaction


def _graph(papers: int, *, seed: int = 5, skip: int = -1, retitle: int = -1, first: bool = False,
           last: bool = False) -> nx.MultiDiGraph:
    """Papers with authors, datasets (mentions), fields and similar papers: every kind of owned subject."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    for number in range(papers):
        dataset = f"dataset/d{rng.randrange(30)}"
        author = f"person/p{rng.randrange(50)}"
        other = rng.randrange(max(papers, 1))
        if number == skip:
            continue
        paper = f"paper/{rng.choice('abxy')}-{number:04d}"
        title = f"Paper {number} “ü” \\ \"q\"" + (" again" if number == retitle else "")
        source = f"f{number % 5}.xml"
        graph.add_node(paper, kind="paper", label=title, title=title, year=2000 + number % 20, sources=[source],
                       extra={"topic": f"t{number % 4}"} if number % 3 == 0 else {})
        graph.add_node(dataset, kind="dataset", label=dataset[-3:], sources=[source])
        graph.add_node(author, kind="person", label=author[-3:], sources=[source])
        graph.add_edge(paper, author, key="creator", relation="creator", position=1, sources=[source])
        graph.add_edge(paper, dataset, key="uses", relation="uses", sources=[source],
                       mentions=[{"source": source, "start": n, "end": n + 3, "relation": "uses",
                                  "name": dataset[-3:], "extractor": "gazetteer" if n else "papers-with-code",
                                  "confidence": 0.9, "sentence": f"We use {dataset[-3:]} ({n})."} for n in range(2)])
        if number % 4 == 0 and other != number and other != skip:
            target = next((node for node in graph if node.endswith(f"-{other:04d}")), None)
            if target is not None:
                graph.add_edge(paper, target, key="similarTo", relation="similarTo", basis="tfidf", score=0.5,
                               scores={"entities": 0.25}, shared_terms=["x"])
    if first:  # a subject before every other one, and one after
        graph.add_node("dataset/0-first", kind="dataset", label="First")
    if last:
        graph.add_node("venue/zz-last", kind="venue", label="Last", year=2020)
    return graph


def _write(graph: nx.MultiDiGraph, folder, formats=("ttl",)) -> bytes:
    with output_transaction(folder):
        write_rdf(graph, folder, formats, index=folder / CACHE_FOLDER / TURTLE_INDEX_FILE)
    return (folder / "graph.ttl").read_bytes()


def _plain(graph: nx.MultiDiGraph, folder) -> bytes:
    folder.mkdir(exist_ok=True)
    write_rdf(graph, folder, ("ttl",))
    return (folder / "graph.ttl").read_bytes()


def test_owner_triples_are_the_graphs_triples(sample_build):
    for graph in (_graph(300), sample_build.graph):
        agents: dict[str, str] = {}
        owned = Counter(triple for node in graph for triple in owner_triples(graph, node, agents))
        owned.update(triple for component, agent in sorted(agents.items())
                     for triple in rdf_reuse.agent_triples(component, agent))
        assert owned == Counter(rdf_triples(graph))
        subjects: dict[str, str] = {}
        for node in graph:  # every subject has one owner
            for subject in {triple[0] for triple in owner_triples(graph, node, {})}:
                assert subjects.setdefault(subject, node) == node


def test_blocks_from_the_index_give_the_bytes_of_sorting_everything(tmp_path):
    first = _graph(400)
    assert _write(first, tmp_path / "out") == _plain(first, tmp_path / "plain")
    assert last_turtle().full == "no index" and last_turtle().blocks > 1000
    before = first
    edits = [_graph(401), _graph(400, retitle=37), _graph(400, skip=200), _graph(400, first=True, last=True),
             _graph(400, seed=6), _graph(0), first, first]
    for step, edited in enumerate(edits):
        assert _write(edited, tmp_path / "out") == _plain(edited, tmp_path / f"plain{step}"), step
        report = last_turtle()
        if before and edited:
            assert report.full == "" or step == 4, report  # another seed changes most nodes: a full write
            if step != 4:
                assert report.reused > report.owners * 0.9, report
        before = edited
    assert last_turtle().full == "" and last_turtle().reused == last_turtle().owners


@pytest.mark.parametrize("spill_bytes", [300, 10 << 20])
def test_the_blocks_are_found_across_spills_and_runs(tmp_path, monkeypatch, spill_bytes):
    """The full write notes each block's place and node whatever runs Oxigraph is given."""
    from exports import rdf_stream

    monkeypatch.setattr(rdf_stream.SortedLines.__init__, "__kwdefaults__", {"spill_bytes": spill_bytes, "folder": None})
    monkeypatch.setattr(rdf_stream.SortedLines.runs, "__kwdefaults__", {"run_bytes": 500})
    graph = _graph(200)
    assert _write(graph, tmp_path / "out", ("ttl", "nt")) == RdfSerialiser(graph).serialise("ttl")
    assert (tmp_path / "out" / "graph.nt").read_bytes() == RdfSerialiser(graph).serialise("nt")
    edited = _graph(201, retitle=3)
    assert _write(edited, tmp_path / "out", ("ttl", "nt")) == RdfSerialiser(edited).serialise("ttl")
    assert last_turtle().full == "" and last_turtle().reused > 150
    assert (tmp_path / "out" / "graph.nt").read_bytes() == RdfSerialiser(edited).serialise("nt")


class _Text(str):
    """A subclass of ``str``: RDF writes it as a string, marshal does not write it."""


def test_a_node_marshal_cannot_write_is_made_again_every_time(tmp_path):
    graph = _graph(100)
    node = next(node for node in graph if node.startswith("paper/"))
    graph.nodes[node]["title"] = _Text("x")
    for _ in range(2):
        assert _write(graph, tmp_path / "out") == _plain(graph, tmp_path / "plain")
    assert last_turtle().full == "" and last_turtle().reused == last_turtle().owners - 1


def test_more_than_a_share_of_nodes_changed_is_a_full_write(tmp_path):
    _write(_graph(100), tmp_path / "out")
    edited = _graph(100)
    for node, data in edited.nodes(data=True):
        data["label"] += "!"
    assert _write(edited, tmp_path / "out") == _plain(edited, tmp_path / "plain")
    assert "nodes changed" in last_turtle().full


def test_a_subject_two_nodes_make_means_no_index(tmp_path, monkeypatch):
    """Were a subject's triples made by two nodes, a block could not be kept for one: the index is not written."""
    made = rdf_reuse.owner_triples

    def shared(graph, node, agents):
        return [*made(graph, node, agents), ("https://w3id.org/paperkg/id/shared/x", "http://p", node)]

    monkeypatch.setattr(rdf_reuse, "owner_triples", shared)
    # a full write makes the lines from owner_triples where it cannot order the subjects up front (the ordered
    # writer's own case is in test_rdf_ordered.py)
    monkeypatch.setattr(rdf_reuse, "plan_subjects", lambda graph: None)
    graph = _graph(50)
    _write(graph, tmp_path / "out")
    assert not (tmp_path / "out" / CACHE_FOLDER / TURTLE_INDEX_FILE).exists()
    monkeypatch.setattr(rdf_reuse, "owner_triples", made)
    monkeypatch.undo()
    _write(graph, tmp_path / "out")
    assert last_turtle().full == "no index"
    # the index exists now; an edit whose changed nodes share a subject is written in full
    edited = _graph(50, retitle=1)
    changed = [node for node in edited if node.endswith(("-0001", "-0002"))]

    def shared_by_changed(graph, node, agents):
        extra = [("https://w3id.org/paperkg/id/shared/y", "http://p", node)] if node in changed else []
        return [*made(graph, node, agents), *extra]

    edited.nodes[changed[1]]["label"] += "!"
    monkeypatch.setattr(rdf_reuse, "owner_triples", shared_by_changed)
    _write(edited, tmp_path / "out")
    assert last_turtle().full == "two nodes make triples of one subject"


@pytest.mark.parametrize("damage, why", [
    (lambda index, out: index.write_bytes(b"not an index"), "cannot be read"),
    (lambda index, out: index.write_bytes(b"PK\x03\x04 not a zip"), "cannot be read"),
    (lambda index, out: index.write_bytes(index.read_bytes()[:200]), "cannot be read"),
    (lambda index, out: change_array(index, "offsets", lambda offsets: offsets + 1), "damaged"),
    (lambda index, out: change_array(index, "owners", lambda owners: owners[::-1].copy()), "damaged"),
    (lambda index, out: lie_about_the_file(index), "not the file"),
    (lambda index, out: out.write_bytes(out.read_bytes().replace(b'"Paper 1 ', b'"Paper 2 ')), "not the file"),
    (lambda index, out: out.write_bytes(out.read_bytes() + b"\n"), "not the file"),
    (lambda index, out: out.unlink(), "cannot be read"),
    (lambda index, out: index.unlink(), "no index"),
], ids=["garbage", "not-a-zip", "cut", "offsets", "owners", "lying", "ttl-edited", "ttl-longer", "ttl-gone",
        "index-gone"])
def test_a_damaged_or_mismatched_index_means_a_full_write(tmp_path, damage, why):
    graph = _graph(150)
    expected = _plain(graph, tmp_path / "plain")
    _write(graph, tmp_path / "out")
    damage(tmp_path / "out" / CACHE_FOLDER / TURTLE_INDEX_FILE, tmp_path / "out" / "graph.ttl")
    assert _write(graph, tmp_path / "out") == expected
    assert last_turtle().reused == 0 and why in last_turtle().full, last_turtle()
    assert _write(graph, tmp_path / "out") == expected  # the index written then is used next
    assert last_turtle().reused == last_turtle().owners


def test_an_index_of_other_code_is_not_used(tmp_path, monkeypatch):
    graph = _graph(80)
    _write(graph, tmp_path / "out")
    monkeypatch.setattr(rdf_reuse, "turtle_key", lambda: "another kg")
    assert _write(graph, tmp_path / "out") == _plain(graph, tmp_path / "plain")
    assert last_turtle().reused == 0 and "other code" in last_turtle().full


def test_write_outputs_reuses_the_blocks_with_a_cache_folder_only(tmp_path):
    graph = _graph(120)
    for _ in range(2):
        write_outputs(graph, tmp_path / "a", views=False, cache_dir=tmp_path / "a" / CACHE_FOLDER)
    assert last_turtle().full == "" and last_turtle().reused == last_turtle().owners
    write_outputs(graph, tmp_path / "b", views=False)  # no cache folder (kg build --no-cache): the full path
    assert not (tmp_path / "b" / CACHE_FOLDER).exists()
    assert (tmp_path / "a" / "graph.ttl").read_bytes() == (tmp_path / "b" / "graph.ttl").read_bytes()
    write_outputs(graph, tmp_path / "a", rdf_formats=("ttl", "nt", "void"), views=False,
                  cache_dir=tmp_path / "a" / CACHE_FOLDER)
    write_outputs(graph, tmp_path / "b", rdf_formats=("ttl", "nt", "void"), views=False)
    assert last_turtle().full == "" and last_turtle().reused == last_turtle().owners
    for name in ("graph.ttl", "graph.nt", "void.ttl"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_owner_digests_of_every_write_are_handed_on(tmp_path):
    """A full write, a write from the index and a full write after too many changes each fill ``owners`` with
    every node's owner digest (what the views' shard fingerprints take), including the one marshal cannot write."""
    from exports.rdf_owners import NO_DIGEST, owner_digest

    graph = _graph(150)
    odd = next(node for node in graph if node.startswith("paper/"))
    graph.nodes[odd]["title"] = _Text("x")
    changed = _graph(150)
    for _, data in changed.nodes(data=True):
        data["label"] += "!"
    for step, (written, why) in enumerate([(graph, "no index"), (_graph(150, retitle=3), ""),
                                           (changed, "nodes changed")]):
        owners: dict = {}
        with output_transaction(tmp_path / "out"):
            write_rdf(written, tmp_path / "out", index=tmp_path / "out" / CACHE_FOLDER / TURTLE_INDEX_FILE,
                      owners=owners)
        assert why in last_turtle().full and (why or last_turtle().full == ""), (step, last_turtle())
        assert owners == {node: owner_digest(written, node) for node in written}, step
    assert owner_digest(graph, odd) == NO_DIGEST
