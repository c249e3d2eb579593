"""Hostile and clumsy use of input and output folders (issue 17): one line each, nothing outside OUT touched.

Special files (devices, FIFOs) and links are made at test time.
"""
from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.pipeline import sample_inputs
from ontology.util.files import JOURNAL_NAME, folder_lock, output_transaction, recover, write_text_atomic

SAMPLE = sample_inputs()[0]
PAGE = SAMPLE / "001_402f8b867fae7175.txt"


def _build(*args: str):
    return CliRunner().invoke(main, ["build", "-q", "--no-views", *args])


def _one_line_error(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


@pytest.fixture()
def inputs(tmp_path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(PAGE, folder)
    return folder


# ----------------------------------------------------------------------------- inputs


def test_links_to_devices_and_fifos_are_skipped_with_one_warning_each(inputs, tmp_path):
    (inputs / "zero.txt").symlink_to("/dev/zero")
    (inputs / "random.txt").symlink_to("/dev/urandom")
    os.mkfifo(inputs / "pipe.txt")
    run = subprocess.run([sys.executable, "-m", "kg.cli", "build", "-q", "--no-views", str(inputs), "-o",
                          str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    warnings = sorted(line for line in run.stderr.splitlines() if line.startswith("warning:"))
    assert warnings == [f"warning: in/{name}: not a regular file (a device, FIFO, socket or folder); skipped"
                        for name in ("pipe.txt", "random.txt", "zero.txt")]


def test_an_output_folder_inside_the_input_folder_is_never_read(inputs):
    first = _build(str(inputs), "-o", str(inputs / "out"))
    again = _build(str(inputs), "-o", str(inputs / "out"))
    assert first.exit_code == again.exit_code == 0
    counts = [re.findall(r"^  ([a-zA-Z][a-zA-Z ]*?) +(\d+)$", output, re.MULTILINE) for output in (first.output, again.output)]
    assert counts[0] and counts[0] == counts[1]  # the same graph
    assert "Nothing changed" in again.output  # the outputs were not read as new inputs: nothing to build again
    assert "warning" not in again.output
    other = _build(str(inputs), "-o", str(inputs / "elsewhere"))  # the earlier output folder is a kg output folder
    assert "in/out: a kg output folder; its files are not read as input" in other.output


def test_file_names_that_are_not_utf8_or_hold_control_characters(inputs, tmp_path):
    shutil.copy(PAGE, os.fsencode(inputs) + b"/\xe9\xff.txt")
    (inputs / "bad\nwarning: forged.txt").write_bytes(b"\x00binary")
    result = _build("--no-cache", str(inputs), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: in/bad\\nwarning: forged.txt: a binary file, not text; skipped",
                        "warning: in/\\xe9\\xff.txt: same content as in/001_402f8b867fae7175.txt; skipped"]


# ----------------------------------------------------------------------------- the output folder


def test_a_linked_folder_inside_the_output_is_refused_and_never_written_through(inputs, tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    (out / "views").symlink_to(elsewhere, target_is_directory=True)
    result = CliRunner().invoke(main, ["build", "-q", str(inputs), "-o", str(out)])
    line = _one_line_error(result)
    assert f"{out / 'views'} is a link" in line
    assert list(elsewhere.iterdir()) == [] and not (out / "graph.ttl").exists()  # all or nothing


def test_a_replaced_output_that_was_a_link_keeps_kgs_own_mode_and_the_target_is_untouched(inputs, tmp_path):
    out, secret = tmp_path / "out", tmp_path / "secret.ttl"
    secret.write_text("mine", encoding="utf-8")
    secret.chmod(0o600)
    out.mkdir()
    (out / "graph.ttl").symlink_to(secret)
    assert _build(str(inputs), "-o", str(out)).exit_code == 0
    assert secret.read_text(encoding="utf-8") == "mine" and stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert not (out / "graph.ttl").is_symlink() and stat.S_IMODE((out / "graph.ttl").stat().st_mode) == 0o644


def test_an_output_folder_that_is_a_file_and_a_cache_that_is_a_file(inputs, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    refused = _build(str(inputs), "-o", str(blocker))
    assert refused.exit_code == 2 and f"Directory '{blocker}' is a file" in refused.output  # click's usage error
    assert str(blocker) in _one_line_error(_build(str(inputs), "-o", str(blocker / "out")))
    out = tmp_path / "out"
    out.mkdir()
    (out / ".kg-cache").write_text("x", encoding="utf-8")
    result = _build(str(inputs), "-o", str(out))
    assert result.exit_code == 0 and "building without the cache" in result.output


def test_a_second_build_into_the_same_folder_waits_its_turn(inputs, tmp_path):
    out = tmp_path / "out"
    with folder_lock(out):
        line = _one_line_error(_build(str(inputs), "-o", str(out)))
    assert "another kg process is writing" in line and "wait for it" in line
    assert _build(str(inputs), "-o", str(out)).exit_code == 0


def test_an_interrupted_swap_is_finished_by_the_next_transaction(tmp_path, monkeypatch):
    out = tmp_path / "out"
    for name in ("a.txt", "b.txt", "c.txt"):
        write_text_atomic(out / name, "old")
    real_replace, calls = os.replace, []

    def dies_after_one(source, target):
        calls.append(target)
        if len(calls) == 3:  # the journal, then a.txt: then the process "dies"
            raise SystemExit("killed")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", dies_after_one)
    with pytest.raises(SystemExit):
        with output_transaction(out):
            for name in ("a.txt", "b.txt", "c.txt"):
                write_text_atomic(out / name, "new")
    monkeypatch.setattr(os, "replace", real_replace)
    assert [(out / n).read_text() for n in ("a.txt", "b.txt", "c.txt")] == ["new", "old", "old"]  # half swapped
    recover(out)
    assert [(out / n).read_text() for n in ("a.txt", "b.txt", "c.txt")] == ["new", "new", "new"]
    assert sorted(p.name for p in out.iterdir()) == ["a.txt", "b.txt", "c.txt"]  # no journal, no .kg-tmp left


def test_a_build_killed_while_swapping_is_all_new_after_the_next_run(inputs, tmp_path):
    """os._exit in the middle of the swap behaves like kill -9: no finally blocks, no cleanup."""
    out = tmp_path / "out"
    assert _build(str(inputs), "-o", str(out)).exit_code == 0
    shutil.copy(SAMPLE / "000_16934c490b00c391.txt", inputs)
    killer = ("import os, sys; from kg.cli import main; real = os.replace\n"
              "def replace(a, b):\n"
              "    if os.path.basename(b) == 'graph.html': os._exit(9)  # after the journal and graph.ttl\n"
              "    real(a, b)\n"
              "os.replace = replace\n"
              f"main(['build', '-q', '--no-views', {str(inputs)!r}, '-o', {str(out)!r}])\n")
    assert subprocess.run([sys.executable, "-c", killer], timeout=300).returncode == 9
    assert (out / JOURNAL_NAME).exists()
    assert _build(str(inputs), "-o", str(tmp_path / "reference")).exit_code == 0
    assert _build(str(inputs), "-o", str(out)).exit_code == 0
    for name in ("graph.ttl", "graph.json", "graph.html"):
        assert (out / name).read_bytes() == (tmp_path / "reference" / name).read_bytes(), name
    leftovers = [p for p in out.rglob("*") if p.name.endswith(".kg-tmp") or p.name == JOURNAL_NAME]
    assert leftovers == []


# ----------------------------------------------------------------------------- kg query


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("q") / "out"
    assert CliRunner().invoke(main, ["build", "-q", "--no-views", str(PAGE), "-o", str(out)]).exit_code == 0
    return out


class _Counter(http.server.BaseHTTPRequestHandler):
    requests = 0

    def do_GET(self):  # noqa: N802 - the http.server API
        type(self).requests += 1
        self.send_error(500)

    do_POST = do_GET

    def log_message(self, *args):
        pass


def test_service_clauses_are_refused_and_reach_no_server(built):
    server = http.server.HTTPServer(("127.0.0.1", 0), _Counter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        endpoint = f"http://127.0.0.1:{server.server_address[1]}/sparql"
        for clause in ("SERVICE", "SERVICE SILENT", "service"):
            result = CliRunner().invoke(main, ["query", str(built), f"SELECT * {{ {clause} <{endpoint}> {{ ?s ?p ?o }} }}"])
            assert "SERVICE clause" in _one_line_error(result) and "--allow-service" in result.output
    finally:
        server.shutdown()
        server.server_close()
    assert _Counter.requests == 0


def test_a_foreign_or_damaged_store_is_not_trusted(built, tmp_path):
    count = ["query", str(built), "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "--format", "csv"]
    expected = CliRunner().invoke(main, count).output
    other = tmp_path / "other"
    assert CliRunner().invoke(main, ["build", "-q", "--no-views", str(SAMPLE), "-o", str(other)]).exit_code == 0
    assert CliRunner().invoke(main, ["query", str(other), "ASK {}"]).exit_code == 0  # makes other/.kg-store
    store = built / ".kg-store"
    shutil.rmtree(store)
    shutil.copytree(other / ".kg-store", store)  # another build's store, stamp and all
    stamp = json.loads((store / "kg-source.json").read_text())
    stamp["size"] = (built / "graph.ttl").stat().st_size  # even with a forged size
    (store / "kg-source.json").write_text(json.dumps(stamp))
    assert CliRunner().invoke(main, count).output == expected
    for path in store.iterdir():  # damage every file of the store
        if path.is_file() and path.name != "kg-source.json":
            path.write_bytes(b"\x00" * 64)
    assert CliRunner().invoke(main, count).output == expected


def test_terminal_escapes_from_the_data_are_shown_not_run(tmp_path):
    records = tmp_path / "in" / "records.jsonl"
    records.parent.mkdir()
    records.write_text(json.dumps({"title": "Evil \u009b31m title", "abstract": "We use \x1b[2J SQuAD."}) + "\n",
                       encoding="utf-8")
    out = tmp_path / "out"
    assert _build(str(records.parent), "-o", str(out)).exit_code == 0
    for fmt in ("table", "csv", "json"):
        shown = CliRunner().invoke(main, ["query", str(out), "SELECT ?t ?a WHERE { ?p dcterms:title ?t ; "
                                          "dcterms:abstract ?a }", "--format", fmt]).output
        assert "\x1b" not in shown and "\x9b" not in shown, fmt
        if fmt == "json":
            assert json.loads(shown)["results"]["bindings"][0]["t"]["value"] == "Evil \u009b31m title"


# ----------------------------------------------------------------------------- XML entity tricks

_VOLUME = """<?xml version="1.0"?>
<!DOCTYPE collection [{entities}]>
<collection id="2099.toy"><volume id="1"><meta><booktitle>Proceedings of Toy 2099</booktitle><year>2099</year></meta>
<paper id="1"><title>Zorb Entities at Scale</title><abstract>We study &payload; retrieval with ZorbNet.</abstract></paper>
</volume></collection>
"""


@pytest.mark.parametrize(("name", "entities"), [
    ("file", '<!ENTITY payload SYSTEM "file:///etc/hostname">'),
    ("network", '<!ENTITY payload SYSTEM "http://127.0.0.1:9/secret">'),
    ("laughs", '<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">'
               '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">'
               '<!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">'
               '<!ENTITY payload "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">'),
])
def test_xml_entities_are_never_expanded_or_fetched(tmp_path, name, entities):
    volume = tmp_path / "in" / "2099.toy.xml"
    volume.parent.mkdir()
    volume.write_text(_VOLUME.format(entities=entities), encoding="utf-8")
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "kg.cli", "build", "-q", "--no-views", str(volume.parent), "-o",
                          str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    graph = (out / "graph.ttl").read_text(encoding="utf-8")
    hostname = Path("/etc/hostname").read_text(encoding="utf-8").strip() if Path("/etc/hostname").exists() else ""
    if name == "laughs":  # libxml2 refuses the amplification: the file is reported, the build goes on
        assert "2099.toy.xml" in run.stderr and "warning:" in run.stderr
    else:  # the paper is read; its entity reference is neither expanded nor fetched
        assert "Zorb Entities at Scale" in graph
    assert "lollol" not in graph and (not hostname or hostname not in graph)
    assert (out / "graph.ttl").stat().st_size < 200_000


def test_a_read_only_or_immutable_output_folder_is_one_line(inputs, tmp_path, monkeypatch):
    """Root ignores permission bits, so the refusal the file system would give is simulated."""
    import ontology.util.files as files

    def refused(*args, dir=None, **kwargs):
        raise PermissionError(13, "Permission denied", str(Path(dir) / "graph.ttl"))

    monkeypatch.setattr(files.tempfile, "mkstemp", refused)
    line = _one_line_error(_build("--no-cache", str(inputs), "-o", str(tmp_path / "out")))
    assert line == f"Error: cannot use {tmp_path / 'out' / 'graph.ttl'}: Permission denied"


def test_json_lines_split_on_newline_only(tmp_path):
    """U+2028 and U+0085 are line breaks to str.splitlines, but text inside a JSON string."""
    records = tmp_path / "in" / "records.jsonl"
    records.parent.mkdir()
    lines = [{"title": "Zorb\u2028Retrieval at Scale", "abstract": "We study\u0085ZorbNet on ToyQA."},
             {"title": "Blorp Parsing", "abstract": "We parse with BlorpNet."}, "not json"]
    records.write_text("\n".join(json.dumps(line, ensure_ascii=False) if isinstance(line, dict) else line
                                 for line in lines) + "\n", encoding="utf-8")
    result = _build(str(records.parent), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0
    assert [line for line in result.output.splitlines() if line.startswith("warning:")] == [
        "warning: in/records.jsonl:3: not a JSON object: Expecting value (column 1); line skipped"]
    assert "papers                     2" in result.output


def test_the_first_builds_index_lists_the_views_it_wrote(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "-q", str(SAMPLE), "-o", str(out)])
    assert result.exit_code == 0
    index = (out / "views" / "index.html").read_text(encoding="utf-8")
    pages = sorted(p.name for p in (out / "views").glob("*.html") if p.name != "index.html")
    linked = [name for name in pages if f'href="{name}"' in index]
    assert pages and linked == pages  # every page of the first build is in its index


def test_urls_that_are_not_web_addresses_are_left_out_of_every_format(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "records.jsonl").write_text(json.dumps({
        "title": "Zorb Links", "abstract": "We study ZorbNet.", "url": "javascript:alert(1)",
        "code": ["https://github.com/zorb/zorb", "data:text/html,<script>alert(1)</script>"]}) + "\n",
        encoding="utf-8")
    (folder / "refs.bib").write_text("@inproceedings{blorp,\n  title = {Blorp Links},\n"
                                     "  abstract = {We study BlorpNet.},\n  url = {JaVaScRiPt:alert(1)}\n}\n",
                                     encoding="utf-8")
    out = tmp_path / "out"
    result = _build(str(folder), "-o", str(out))
    assert result.exit_code == 0
    warnings = sorted(line for line in result.output.splitlines() if line.startswith("warning:"))
    assert warnings == [
        "warning: in/records.jsonl:1: a code repository is a 'data:' URL, not a web address; left out",
        "warning: in/records.jsonl:1: the paper's url is a 'javascript:' URL, not a web address; left out",
        "warning: in/refs.bib:1: the paper's url is a 'javascript:' URL, not a web address; left out"]
    for name in ("graph.json", "graph.ttl", "graph.html"):  # (graph.html inlines vis-network, which says "javascript:")
        text = (out / name).read_text(encoding="utf-8").lower()
        assert "alert(1)" not in text and "data:text" not in text, name
    assert "https://github.com/zorb/zorb" in (out / "graph.ttl").read_text(encoding="utf-8")
