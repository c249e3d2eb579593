"""The query store made ahead of time (Oxigraph store, text index, precomputed aggregates): same answers, faster."""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from exports.rdf_formats import write_rdf
from kg.analytics.toy import toy_graph
from kg.canned import Lookup, QueryError, canned_queries, parse_canned
from kg.cli import main
from kg.outputs import write_outputs
from kg.query import run_canned, run_query
from kg.query_store import (
    STAMP_NAME,
    STORE_DIR,
    open_query_store,
    start_query_store,
    store_is_current,
    write_query_store,
)
from kg.text_index import INDEX_NAME, TextIndex
from ontology.util.files import output_transaction, pending_file, write_text_atomic

KG = "https://w3id.org/paperkg/ontology#"
PAPER = Lookup("title", "contains", f"{KG}Paper", "paper")
LONG_TITLE = ("Reading comprehension with BERT: a very long title that goes on well past the sixty characters "
              "of a label, with \"quotes\" and braces { } in it")


@pytest.fixture(scope="module")
def out(tmp_path_factory, sample_build) -> Path:
    """The sample build's graph.ttl with its query store, as kg build leaves it."""
    folder = tmp_path_factory.mktemp("kg-out")
    write_rdf(sample_build.graph, folder)
    assert [path.name for path in write_query_store(folder)] == [STORE_DIR]
    return folder


@pytest.fixture()
def toy_out(tmp_path) -> Path:
    """A toy build whose paper p1 has a label that is not its title: the title is what a title parameter matches."""
    graph = toy_graph()
    graph.nodes["paper/p1"].update(label=LONG_TITLE[:40] + "…", title=LONG_TITLE)
    write_rdf(graph, tmp_path)
    write_query_store(tmp_path)
    return tmp_path


def rows(result) -> list[tuple[str | None, ...]]:
    """The rows as text; a GROUP_CONCAT cell (``shared...``) as its sorted items: SPARQL leaves their order open."""
    concat = {i for i, name in enumerate(result.variables) if name.startswith("shared")}
    return [tuple(None if term is None else ", ".join(sorted(str(term).split(", "))) if i in concat else str(term)
                  for i, term in enumerate(row)) for row in result.rows]


def test_the_store_is_made_once_and_kept_while_graph_ttl_is_the_same(out):
    made = (out / STORE_DIR / STAMP_NAME).stat().st_mtime_ns
    assert write_query_store(out) == [out / STORE_DIR]  # same content: nothing to do
    assert (out / STORE_DIR / STAMP_NAME).stat().st_mtime_ns == made
    assert store_is_current(out)
    opened = open_query_store(out)
    assert opened.index is not None and opened.folder == out / STORE_DIR and not opened.built
    stamp = json.loads((out / STORE_DIR / STAMP_NAME).read_text())
    assert stamp["file"] == "graph.ttl" and len(stamp["sha256"]) == 64


def test_every_canned_query_answers_the_same_with_and_without_the_index(out):
    values = {"title": ["CLEAR: Cross-Lingual Enhancement", "clear: cross-lingual", "Are Knowledge and Reference",
                        "reranking", "LLM", "x", "", "No such title at all", 'a "quoted" } DROP ALL {'],
              "dataset": ["BEIR", "beir", "BRIGHT", "No Such Benchmark"],
              "venue": ["ACL 2026", "acl 2026", "EMNLP 2025", "ACL"]}
    checked = 0
    for query in canned_queries().values():
        names = [p.name for p in query.parameters]
        for value in (values[names[0]] if names else [None]):
            params = {names[0]: value} if names else {}
            fast, plain = run_canned(out, query.name, params), run_canned(out, query.name, params, use_index=False)
            assert fast.variables == plain.variables, query.name
            assert rows(fast) == rows(plain), (query.name, value)
            checked += bool(fast.rows)
    assert checked >= 12  # most of the values above name something


def test_index_steps_are_timed(out):
    steps = [step for step, _ in run_canned(out, "paper-facts", {"title": "CLEAR"}).timings]
    assert steps == ["store", "text index", "SPARQL"]
    aggregate = run_canned(out, "top-datasets-by-venue")
    assert [step for step, _ in aggregate.timings] == ["store", "precomputed at build time"]
    assert aggregate.seconds == sum(seconds for _, seconds in aggregate.timings)


def test_full_titles_are_searched_not_cut_labels(toy_out):
    fragment = "past the sixty characters"  # in the title, not in the label
    found = run_canned(toy_out, "similar-papers", {"title": fragment})
    assert [str(row[found.variables.index("similarLabel")]) for row in found.rows] == ["Question answering at scale"]
    assert rows(found) == rows(run_canned(toy_out, "similar-papers", {"title": fragment}, use_index=False))
    with TextIndex(toy_out / STORE_DIR / INDEX_NAME) as index:
        assert index.resolve(PAPER, LONG_TITLE.upper()) == ["https://w3id.org/paperkg/id/paper/p1"]
        assert index.resolve(PAPER, 'with "quotes" and braces { }') == ["https://w3id.org/paperkg/id/paper/p1"]
        dataset = Lookup("dataset", "is", f"{KG}Dataset", "entity")
        assert index.resolve(dataset, "squad") == ["https://w3id.org/paperkg/id/dataset/squad"]
        assert index.resolve(dataset, "SQu") == []  # a name is matched whole


def test_trigram_lookups_equal_a_scan_of_every_title(out):
    titles = {str(iri): str(title).lower() for iri, title in run_query(
        out, "SELECT ?p (COALESCE(?t, ?l) AS ?title) WHERE { ?p a kg:Paper ; rdfs:label ?l "
             "OPTIONAL { ?p dcterms:title ?t } }", usual_prefixes=True).rows}
    chooser = random.Random(20)
    with TextIndex(out / STORE_DIR / INDEX_NAME) as index:
        for _ in range(200):
            title = chooser.choice(sorted(titles.values()))
            start = chooser.randrange(len(title))
            fragment = title[start:start + chooser.randrange(1, 30)]
            expected = sorted(iri for iri, text in titles.items() if fragment in text)
            assert index.resolve(PAPER, fragment.upper()) == expected, fragment


def test_a_precomputed_result_serves_only_the_text_it_was_computed_from(out):
    query = canned_queries()["datasets-used-together"]
    with TextIndex(out / STORE_DIR / INDEX_NAME) as index:
        assert index.precomputed(query.name, query.text) is not None
        assert index.precomputed(query.name, query.text + "\n# changed") is None


def test_an_older_build_gets_its_store_at_the_first_query_with_a_note(tmp_path, sample_build):
    write_rdf(sample_build.graph, tmp_path)
    notes: list[str] = []
    first = run_canned(tmp_path, "venue-facts", {"venue": "ACL 2026"}, on_build=notes.append)
    assert len(notes) == 1 and "no query store" in notes[0] and "kg build" in notes[0]
    run_canned(tmp_path, "venue-facts", {"venue": "ACL 2026"}, on_build=notes.append)
    assert len(notes) == 1 and open_query_store(tmp_path).index is not None and first.rows
    # a store of kg before the text index (its stamp has no layout) is made again, with the note
    stamp = tmp_path / STORE_DIR / STAMP_NAME
    old = json.loads(stamp.read_text())
    stamp.write_text(json.dumps({key: old[key] for key in ("file", "size", "sha256")}))
    (tmp_path / STORE_DIR / INDEX_NAME).unlink()
    assert rows(run_canned(tmp_path, "venue-facts", {"venue": "ACL 2026"}, on_build=notes.append)) == rows(first)
    assert len(notes) == 2 and (tmp_path / STORE_DIR / INDEX_NAME).is_file()


def test_a_touched_graph_keeps_its_store_and_a_changed_one_gets_a_new_one(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    write_query_store(tmp_path)
    index = (tmp_path / STORE_DIR / INDEX_NAME).stat().st_ino
    later = (tmp_path / "graph.ttl").stat().st_mtime_ns + 10**9
    os.utime(tmp_path / "graph.ttl", ns=(later, later))
    assert store_is_current(tmp_path) and write_query_store(tmp_path) == [tmp_path / STORE_DIR]
    assert (tmp_path / STORE_DIR / INDEX_NAME).stat().st_ino == index
    graph = toy_graph()
    graph.remove_node("paper/p6")
    write_rdf(graph, tmp_path)
    assert not store_is_current(tmp_path)
    papers = "SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }"
    assert str(run_query(tmp_path, papers, usual_prefixes=True).rows[0][0]) == "5"
    assert store_is_current(tmp_path)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(STORE_DIR)] == [STORE_DIR]  # no leftovers


def test_half_made_stores_of_killed_processes_are_removed(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    leftover = tmp_path / f"{STORE_DIR}.{int(dead.stdout)}.tmp"
    leftover.mkdir()
    (leftover / "000001.sst").write_bytes(b"half")
    held = tmp_path / f"{STORE_DIR}.{int(dead.stdout)}.source"  # the graph a killed loader read
    os.link(tmp_path / "graph.ttl", held)
    base = tmp_path / f"{STORE_DIR}.{int(dead.stdout)}.base"  # the previous graph a killed update read
    os.link(tmp_path / "graph.ttl", base)
    live = tmp_path / f"{STORE_DIR}.{os.getppid()}.tmp"  # a live process's (the test runner's parent): kept
    live.mkdir()
    write_query_store(tmp_path)
    assert not leftover.exists() and not held.exists() and not base.exists() and live.exists()


def test_a_damaged_index_or_store_is_made_again(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    write_query_store(tmp_path)
    expected = rows(run_canned(tmp_path, "papers-using-dataset", {"dataset": "SQuAD"}))
    for victim in (INDEX_NAME, "CURRENT"):
        (tmp_path / STORE_DIR / victim).write_bytes(b"\x00" * 64)
        assert rows(run_canned(tmp_path, "papers-using-dataset", {"dataset": "SQuAD"})) == expected, victim
        assert open_query_store(tmp_path).index is not None


def test_a_linked_store_folder_is_never_followed(tmp_path):
    write_rdf(toy_graph(), tmp_path / "out")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "out" / STORE_DIR).symlink_to(elsewhere, target_is_directory=True)
    assert write_query_store(tmp_path / "out") == []
    assert rows(run_canned(tmp_path / "out", "papers-using-dataset", {"dataset": "SQuAD"}))  # from memory
    assert list(elsewhere.iterdir()) == []


def test_lookup_headers_are_checked():
    query = parse_canned("q", "# @param t string  a title\n# @lookup t contains kg:Paper ?p\n"
                              "SELECT ?t WHERE { ?p ?x ?t }")
    assert query.lookups == (Lookup("t", "contains", f"{KG}Paper", "p"),)
    with pytest.raises(QueryError, match="names no @param"):
        parse_canned("q", "# @lookup t contains kg:Paper ?p\nSELECT * {}")
    with pytest.raises(QueryError, match="mode 'near'"):
        parse_canned("q", "# @param t string  x\n# @lookup t near kg:Paper ?p\nSELECT * {}")


def test_cli_timing_and_the_note_go_to_standard_error(tmp_path, sample_build):
    write_rdf(sample_build.graph, tmp_path)
    result = CliRunner().invoke(main, ["query", str(tmp_path), "--name", "venue-facts", "--param", "venue=ACL 2026",
                                       "--format", "csv", "--timing"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("venue,label,") and "query took" not in result.stdout
    lines = result.stderr.splitlines()
    assert "no query store" in lines[0] and lines[-1].startswith("query took ") and "text index" in lines[-1]
    again = CliRunner().invoke(main, ["query", str(tmp_path), "ASK { ?s ?p ?o }", "--timing"])
    assert again.stdout == "true\n" and again.stderr.startswith("query took ")


def test_the_store_copied_with_its_folder_still_serves(out, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)  # new modification times, same bytes: the SHA-256 decides
    assert store_is_current(copy)
    assert rows(run_canned(copy, "venue-facts", {"venue": "ACL 2026"})) == rows(
        run_canned(out, "venue-facts", {"venue": "ACL 2026"}))


# ----------------------------------------------------------------------------- made beside the other outputs


def test_a_store_made_beside_the_outputs_is_stamped_for_the_graph_file_after_the_swap(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    turtle = tmp_path / "graph.ttl"
    with output_transaction(tmp_path):
        write_text_atomic(turtle, turtle.read_text("utf-8").replace("Paper one", "Paper number one"))
        maker = start_query_store(tmp_path, pending_file(turtle), turtle)
        assert maker is not None and pending_file(turtle) != turtle
    assert maker.finish() == [tmp_path / STORE_DIR]
    assert store_is_current(tmp_path)
    assert not list(tmp_path.glob(f"{STORE_DIR}.*"))  # no half-made folder left
    made = (tmp_path / STORE_DIR / "kg-index.sqlite").stat().st_mtime_ns
    assert start_query_store(tmp_path, turtle).finish() == [tmp_path / STORE_DIR]  # the same content: kept
    assert (tmp_path / STORE_DIR / "kg-index.sqlite").stat().st_mtime_ns == made


def test_a_cancelled_store_leaves_the_old_one_as_it_was(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    write_query_store(tmp_path)
    stamp = (tmp_path / STORE_DIR / STAMP_NAME).read_bytes()
    changed = tmp_path / "changed.ttl"
    changed.write_text((tmp_path / "graph.ttl").read_text("utf-8") + "\n<urn:x> <urn:y> <urn:z> .\n", "utf-8")
    maker = start_query_store(tmp_path, changed, tmp_path / "graph.ttl")
    maker.cancel()
    assert (tmp_path / STORE_DIR / STAMP_NAME).read_bytes() == stamp
    assert not list(tmp_path.glob(f"{STORE_DIR}.*"))


def test_invalid_rdf_is_a_query_error_from_the_store_process(tmp_path):
    (tmp_path / "graph.ttl").write_text("<urn:a> <urn:b> .\n", "utf-8")
    maker = start_query_store(tmp_path, tmp_path / "graph.ttl")
    with pytest.raises(QueryError, match="not valid RDF"):
        maker.finish()
    assert not (tmp_path / STORE_DIR).exists() and not list(tmp_path.glob(f"{STORE_DIR}.*"))


def test_failed_outputs_stop_the_store_and_keep_the_old_outputs(tmp_path, monkeypatch):
    import kg.outputs

    write_outputs(toy_graph(), tmp_path, views=False)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    stamp = (tmp_path / STORE_DIR / STAMP_NAME).read_bytes()
    graph = toy_graph()
    graph.nodes["paper/p1"]["label"] = "A label that changes graph.ttl"

    def fail(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(kg.outputs, "write_graph_tables", fail)
    with pytest.raises(KeyboardInterrupt):
        write_outputs(graph, tmp_path, views=False)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()} == before
    assert (tmp_path / STORE_DIR / STAMP_NAME).read_bytes() == stamp
    assert not list(tmp_path.glob(f"{STORE_DIR}.*"))


def _ended(pid: int) -> bool:
    """Whether process ``pid`` is gone (or a zombie nobody reaped: ended all the same)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/status")
    return status.is_file() and "\nState:\tZ" in status.read_text()


def _never_ending_source(folder: Path) -> Path:
    """A named pipe nobody writes: a load from it waits until the loader is killed."""
    fifo = folder / "never-written.ttl"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_store_process_ends_when_its_build_is_killed(tmp_path):
    fifo = _never_ending_source(tmp_path)
    script = ("import os; from pathlib import Path; import kg.query_store as q\n"
              "q._sha256 = lambda path: 'x'  # hashing a pipe would wait too\n"
              f"maker = q.start_query_store(Path({str(tmp_path)!r}), Path({str(fifo)!r}))\n"
              "print(maker._process.pid, flush=True); os._exit(9)\n")
    done = subprocess.run([sys.executable, "-c", script], check=False, stdout=subprocess.PIPE, text=True, timeout=60)
    pid = int(done.stdout.split()[0])
    for _ in range(100):
        if _ended(pid):
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        pytest.fail("the store process outlived the build that started it")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_store_process_ends_when_its_input_closes(tmp_path, monkeypatch):
    """Where the kernel cannot end it with its parent (not Linux), the end of its input does: here the parent
    lives on, so only the closed pipe can end the loader."""
    import kg.query_store

    monkeypatch.setattr(kg.query_store, "_sha256", lambda path: "x")
    maker = start_query_store(tmp_path, _never_ending_source(tmp_path), tmp_path / "graph.ttl")
    maker._process.stdin.close()  # what the parent's death does to it
    try:
        assert maker._process.wait(timeout=20) == 1
    finally:
        maker.cancel()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_loader_killed_from_outside_is_an_error_that_says_so(tmp_path, monkeypatch):
    import kg.query_store

    monkeypatch.setattr(kg.query_store, "_sha256", lambda path: "x")
    write_rdf(toy_graph(), tmp_path)
    maker = start_query_store(tmp_path, _never_ending_source(tmp_path), tmp_path / "graph.ttl")
    maker._process.kill()  # as the out-of-memory killer would
    with pytest.raises(OSError, match="exit status -9"):
        maker.finish()
    assert not list(tmp_path.glob(f"{STORE_DIR}.*"))


def test_a_loader_that_cannot_start_leaves_nothing_behind(tmp_path, monkeypatch):
    write_rdf(toy_graph(), tmp_path)

    def no_process(*args, **kwargs):
        raise OSError("no more processes")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    with pytest.raises(OSError, match="no more processes"):
        start_query_store(tmp_path, tmp_path / "graph.ttl")
    assert not list(tmp_path.glob(f"{STORE_DIR}*"))


def test_a_build_of_the_same_graph_removes_what_a_killed_build_left(tmp_path):
    write_rdf(toy_graph(), tmp_path)
    write_query_store(tmp_path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    held = tmp_path / f"{STORE_DIR}.{int(dead.stdout)}.source"
    os.link(tmp_path / "graph.ttl", held)
    start_query_store(tmp_path, tmp_path / "graph.ttl").finish()  # nothing to load: the store is current
    assert not held.exists()


def test_an_unguarded_script_writes_its_outputs_once(tmp_path):
    """The loader is a fresh interpreter: a script without ``if __name__ == "__main__"`` is not run again."""
    out = tmp_path / "out"
    script = tmp_path / "unguarded.py"
    script.write_text("from pathlib import Path\nfrom kg.analytics.toy import toy_graph\nfrom kg.outputs import write_outputs\n"
                      f"print('run'); write_outputs(toy_graph(), Path({str(out)!r}), views=False)\n", "utf-8")
    done = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["run"]
    assert store_is_current(out)


def _index_rows(path: Path) -> tuple[set, set]:
    import sqlite3

    with sqlite3.connect(path) as connection:
        return (set(connection.execute("SELECT iri, cls, lowered FROM searchable")),
                set(connection.execute("SELECT iri, cls, lowered FROM names")))


def test_the_text_index_holds_each_resources_title_else_label_and_every_name(tmp_path):
    # The rows are joined inside SQLite: check them against what the canned FILTERs read, on the cases that
    # matter (a title beside a label, only a label, alternative labels, a class a resource has twice, the same
    # triple in two graphs, blank nodes and IRIs where a text should be, lower-casing beyond ASCII).
    import pyoxigraph

    from kg.text_index import write_text_index

    kg_, rdfs, dct, skos = ("https://w3id.org/paperkg/ontology#", "http://www.w3.org/2000/01/rdf-schema#",
                            "http://purl.org/dc/terms/", "http://www.w3.org/2004/02/skos/core#")
    store = pyoxigraph.Store()
    store.load(input=f"""
        <urn:p1> a <{kg_}Paper> ; <{rdfs}label> "Attention Is All…" ; <{dct}title> "Attention Is All You Need" .
        <urn:p2> a <{kg_}Paper> ; <{rdfs}label> "Über Sätze ohne Titel" .
        <urn:m1> a <{kg_}Method>, <{kg_}Model> ; <{rdfs}label> "BERT" ; <{skos}altLabel> "Bert", "BiDirectional Encoder" .
        <urn:x> a <{kg_}Task> ; <{rdfs}label> "Not Indexed" .
        <urn:d1> a <{kg_}Dataset> ; <{rdfs}label> <urn:not-a-text> .
        _:b a <{kg_}Paper> ; <{rdfs}label> "A Blank Paper" .
    """.encode(), format=pyoxigraph.RdfFormat.TURTLE)
    store.add(pyoxigraph.Quad(pyoxigraph.NamedNode("urn:p2"), pyoxigraph.NamedNode(f"{rdfs}label"),
                              pyoxigraph.Literal("Über Sätze ohne Titel"), pyoxigraph.NamedNode("urn:graph")))
    searchable, names = _index_rows(write_text_index(store, tmp_path / "index.sqlite"))
    assert searchable == {("urn:p1", f"{kg_}Paper", "attention is all you need"),
                          ("urn:p2", f"{kg_}Paper", "über sätze ohne titel"),
                          ("urn:m1", f"{kg_}Method", "bert"), ("urn:m1", f"{kg_}Model", "bert")}
    assert names == {("urn:p1", f"{kg_}Paper", "attention is all…"), ("urn:p2", f"{kg_}Paper", "über sätze ohne titel"),
                     *((("urn:m1", cls, text) for cls in (f"{kg_}Method", f"{kg_}Model")
                        for text in ("bert", "bidirectional encoder")))}
