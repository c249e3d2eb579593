"""Turtle and N-Triples written in bounded memory are byte for byte what the in-memory serialiser makes."""
from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports.rdf_formats import RdfSerialiser, write_rdf, write_rdf_file
from exports.rdf_ntriples import ntriples_line
from exports.rdf_stream import SortedLines, bucket_key
from exports.rdf_terms import Lit
from ontology.ids import RESOURCE_BASE


def _graph(papers: int, seed: int = 7) -> nx.MultiDiGraph:
    """Papers using datasets, with mentions (hashed subjects) and odd characters in labels."""
    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    for number in range(papers):
        paper = f"paper/{rng.choice('abcxyz')}{number:04d}"
        graph.add_node(paper, kind="paper", label=f"Paper {number} — “ü” \\ \"q\"", title=f"Paper {number}",
                       year=2000 + number % 20, sources=[f"f{number % 3}.xml"])
        dataset = f"dataset/d{number % 7}"
        graph.add_node(dataset, kind="dataset", label=f"D{number % 7}", sources=[f"f{number % 3}.xml"])
        graph.add_edge(paper, dataset, key="uses", relation="uses", sources=[f"f{number % 3}.xml"],
                       mentions=[{"source": f"f{number % 3}.xml", "start": 1, "end": 3, "relation": "uses",
                                  "name": f"D{number % 7}", "extractor": "gazetteer", "confidence": 0.9,
                                  "sentence": "We use D."}])
    return graph


@pytest.mark.parametrize("spill_bytes", [200, 10 << 20])
def test_streamed_turtle_and_ntriples_equal_the_in_memory_bytes(tmp_path, monkeypatch, spill_bytes):
    """Spilling to disk after every few lines, or never, gives the bytes of sorting everything in memory."""
    import exports.rdf_stream as rdf_stream

    monkeypatch.setattr(rdf_stream, "SPILL_BYTES", spill_bytes)
    monkeypatch.setattr(rdf_stream.SortedLines.__init__, "__kwdefaults__", {"spill_bytes": spill_bytes, "folder": None})
    monkeypatch.setattr(rdf_stream.SortedLines.runs, "__kwdefaults__", {"run_bytes": 300})
    graph = _graph(60)
    write_rdf(graph, tmp_path, ("ttl", "nt"))
    expected = RdfSerialiser(graph)
    assert (tmp_path / "graph.ttl").read_bytes() == expected.serialise("ttl")
    assert (tmp_path / "graph.nt").read_bytes() == expected.serialise("nt")


def test_the_sample_build_streams_to_the_same_turtle(tmp_path, sample_build):
    path = write_rdf_file(sample_build.graph, tmp_path / "g.ttl", "ttl")
    assert path.read_bytes() == RdfSerialiser(sample_build.graph).serialise("ttl")


def test_an_empty_graph_is_the_prefix_header_alone(tmp_path):
    path = write_rdf_file(nx.MultiDiGraph(), tmp_path / "g.ttl", "ttl")
    assert path.read_bytes() == RdfSerialiser(nx.MultiDiGraph()).serialise("ttl")


def test_a_bucket_bigger_than_the_budget_is_merged_from_disk_in_order(tmp_path):
    """Every paper id starting alike puts them all in one bucket; it is sorted by an external merge."""
    triples = [(f"{RESOURCE_BASE}paper/acl-{n:05d}", "http://p", Lit(f"title {n % 37}")) for n in range(3000)]
    triples += triples[:100]  # repeats are dropped
    with SortedLines(spill_bytes=2000, folder=tmp_path) as lines:
        lines.add_triples(reversed(triples))
        runs = list(lines.runs(run_bytes=5000))
    assert b"".join(runs).decode() == "".join(sorted({ntriples_line(triple) for triple in triples}))
    assert len(runs) > 10
    starts = [run.split(b"> ", 1)[0] for run in runs[1:]]
    ends = [run.rstrip(b"\n").rsplit(b"\n", 1)[-1].split(b"> ", 1)[0] for run in runs[:-1]]
    assert all(start != end for start, end in zip(starts, ends)), "a subject never spans two runs"


def test_spill_files_are_removed(tmp_path):
    with SortedLines(spill_bytes=10, folder=tmp_path) as lines:
        lines.add_triples([(f"{RESOURCE_BASE}paper/{n}", "http://p", Lit(str(n))) for n in range(50)])
        assert any(tmp_path.iterdir())
        assert len(b"".join(lines.runs()).splitlines()) == 50
    assert not any(tmp_path.iterdir())


_SEGMENT = st.text(alphabet="ab/-.#>~", max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.builds(lambda s: RESOURCE_BASE + s, _SEGMENT),
                          st.builds(lambda s: "https://w3id.org/paperkg/" + s, _SEGMENT),
                          st.builds(lambda s: "http://e.org/" + s, _SEGMENT)), min_size=2, max_size=12))
def test_bucket_keys_order_lines_as_sorting_them_does(subjects):
    """Whenever two lines' keys differ, the keys order them as the lines sort (so buckets concatenate)."""
    lines = sorted({f"<{s}> <http://p> <http://o> .\n" for s in subjects})
    keys = [bucket_key(line[1:line.index("> ")]) for line in lines]
    for earlier, later in zip(keys, keys[1:]):
        assert earlier <= later


@pytest.mark.parametrize("fan_in", [2, 3, 64])
def test_a_merge_of_many_parts_goes_in_passes_with_few_files_open(tmp_path, monkeypatch, fan_in):
    """More sorted parts than MERGE_FAN_IN are merged in groups first: the same lines, repeats dropped across groups."""
    import exports.rdf_stream as rdf_stream

    monkeypatch.setattr(rdf_stream, "MERGE_FAN_IN", fan_in)
    opened: list[int] = []
    real_distinct = rdf_stream._distinct_merge

    def counting(parts):
        opened.append(len(parts))
        return real_distinct(parts)

    monkeypatch.setattr(rdf_stream, "_distinct_merge", counting)
    triples = [(f"{RESOURCE_BASE}paper/acl-{n:05d}", "http://p", Lit(f"title {n % 37}")) for n in range(3000)]
    triples += triples[::7]  # repeats, which land in other spills than their first copies
    ordered = triples[::-1]
    with SortedLines(spill_bytes=2000, folder=tmp_path) as lines:
        for start in range(0, len(ordered), 50):  # a spill check after each block, as write_rdf adds them
            lines.add_triples(ordered[start:start + 50])
        text = b"".join(lines.runs(run_bytes=5000)).decode()
    assert text == "".join(sorted({ntriples_line(triple) for triple in triples}))
    assert opened and max(opened) <= fan_in and (fan_in == 64 or len(opened) > 1)
    assert not [path for path in tmp_path.rglob("merge-*")], "every part file is removed"
