"""Round h14bu: the loader cuts and checks graph.ttl's runs with fewer copies and faster searches, the same runs.

The references below are the definitions before the round (``subject_runs`` reading, slicing and prefixing each
run as bytes; ``unsplittable`` with ``in`` and ``find``): the runs, their lines and every verdict must be theirs.
"""
from __future__ import annotations

import io
import random
import re
import threading
from pathlib import Path

import pytest

from kg import turtle_feed
from kg.turtle_feed import Feed, fed_runs
from kg.turtle_runs import _last_statement_end, read_header, subject_runs, turtle_runs, unsplittable

HEADER = b"@prefix ex: <http://e/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
_OTHER_LINE = re.compile(rb"\n[^<\t\n]")
_BEFORE_BLANK = frozenset(b" \t\n\r([,;>")


def reference_unsplittable(body: bytes) -> bool:
    if b'"""' in body or b"'''" in body or _OTHER_LINE.search(body):
        return True
    for mark, follows in ((b"_:", None), (b"[", b" \t\n\r]")):
        at = body.find(mark)
        while at >= 0:
            if (at == 0 or body[at - 1] in _BEFORE_BLANK) and (
                    follows is None or (at + 1 < len(body) and body[at + 1] in follows)):
                return True
            at = body.find(mark, at + 1)
    return False


def reference_subject_runs(file, first: bytes, run_bytes: int, *, first_line: int = 1):
    pending = first
    while True:
        block = file.read(run_bytes)
        data = pending + block
        if not block:
            if data.strip():
                yield data, first_line
            return
        cut = _last_statement_end(data)
        if cut == 0:
            pending = data
            continue
        yield data[:cut], first_line
        first_line += data.count(b"\n", 0, cut)
        pending = data[cut:]


#: Pieces of subject blocks: plain, long and short ones, objects on lines of their own, look-alikes of what makes a
#: run unsplittable inside strings, and (rarely) the real thing.
_OBJECTS = ['"x"', '"see [1] and (_en_: x)"', '"a \\"quoted\\" [ b ]"', "<http://e/o>", "ex:o", '"1"^^xsd:integer',
            '"long ' + "w" * 300 + '"', '"é ü 中"@en', '"x_:y"', '"[ ]"', "'one'"]
_RARE = ["_:b0", "[ ex:q \"x\" ]", '"""two\nlines"""', "'''x'''", "[]"]


def made_up_turtle(rng: random.Random, subjects: int, rare: bool) -> bytes:
    blocks = []
    for number in range(subjects):
        lines = [f"<http://e/s{number:05d}> ex:p{rng.randrange(3)} {rng.choice(_OBJECTS)}"]
        for _ in range(rng.randrange(4)):
            obj = rng.choice(_RARE) if rare and rng.random() < 0.02 else rng.choice(_OBJECTS)
            lines.append(f"\tex:q{rng.randrange(3)}" + ("\n<http://e/own-line> ," if rng.random() < 0.05 else "")
                         + f" {obj}")
        blocks.append(" ;\n".join(lines) + " .\n")
    text = "".join(blocks)
    if rare and rng.random() < 0.3:
        text += rng.choice(["  \n", "\n", "<http://e/last> ex:p \"no newline\" ."])
    return text.encode("utf-8")


@pytest.mark.parametrize("seed", range(40))
def test_runs_cut_with_a_header_are_the_runs_cut_before(seed):
    rng = random.Random(seed)
    body = made_up_turtle(rng, rng.randrange(1, 120), rare=seed % 2 == 1)
    run_bytes = rng.choice([1, 7, 64, 300, 1000, 4096, 1 << 20])
    first_line = rng.randrange(1, 5)
    file = io.BufferedReader(io.BytesIO(HEADER + body), buffer_size=rng.choice([8, 64, 8192]))
    header, first = read_header(file)
    assert header == HEADER
    made = list(subject_runs(file, first, run_bytes, first_line=first_line, header=header))
    file = io.BytesIO(HEADER + body)
    header, first = read_header(file)
    expected = list(reference_subject_runs(file, first, run_bytes, first_line=first_line))
    assert made == [(HEADER + data, line) for data, line in expected]
    assert [unsplittable(data, len(HEADER)) for data, _ in made] == [reference_unsplittable(data)
                                                                      for data, _ in expected]
    file = io.BytesIO(HEADER + body)  # no header: the bodies alone, as the whole-file check reads them
    header, first = read_header(file)
    assert list(subject_runs(file, first, run_bytes, first_line=first_line)) == expected


@pytest.mark.parametrize("body", [
    b"", b"_:b0 ex:p \"x\" .\n", b"[] ex:p \"x\" .\n", b"[ ex:q 1 ] .\n", b"<a> ex:p _:b0 .\n",
    b"<a> ex:p [ ex:q 1 ] .\n",
    b"<a> ex:p \"[1]\" .\n", b"<a> ex:p (_:x) .\n", b"<a> ex:p \"x\" .\n@prefix ex2: <http://f/> .\n", b"<a>[",
    b"<a> ex:p \"\"\"x\"\"\" .\n", b"<a> ex:p '''x''' .\n", b"<a> ex:p \"x\" .\n\n<b> ex:p \"y\" .\n", b"[", b"_:",
    b"<a> ex:p \"x\" .\r\n<b> ex:p \"y\" .\n", b"<a>\t_:b .\n", b"<a>\n[ ] .\n", b"<a> ex:p \"x_:\" .\n",
])
def test_a_run_is_unsplittable_after_its_header_as_its_body_alone_was(body):
    assert unsplittable(HEADER + body, len(HEADER)) == reference_unsplittable(body)
    assert unsplittable(body) == reference_unsplittable(body)


def test_unsplittable_agrees_on_made_up_bodies_with_every_mark_in_every_place():
    rng = random.Random(14)
    pieces = [b"<a>", b" ", b"\t", b"\n", b"\r", b"_:", b"_", b":", b"[", b"]", b"(", b",", b";", b">", b"\"", b"'",
              b"\"\"\"", b"'''", b"x", b"@", b"\n<", b"\n\t"]
    for _ in range(5000):
        body = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
        assert unsplittable(body) == reference_unsplittable(body), body
        assert unsplittable(b"H\n" + body, 2) == reference_unsplittable(body), body


def test_a_fed_file_gives_the_runs_of_the_whole_file_without_preadv(tmp_path, monkeypatch):
    path = tmp_path / "g.ttl"
    path.write_bytes(HEADER + made_up_turtle(random.Random(3), 200, rare=False).replace(b"[ b ]", b"b"))
    whole = [(run.data, run.first_line) for run in turtle_runs(path, run_bytes=512)]
    assert len(whole) > 10
    for without in (False, True):
        if without:
            monkeypatch.delattr(turtle_feed.os, "preadv")
        feed = Feed(run_bytes=512)
        size = path.stat().st_size
        feed.tell(b"%d" % (size // 3))
        threading.Timer(0.05, feed.tell, args=(b"end %d" % size,)).start()
        assert [(run.data, run.first_line) for run in fed_runs(path, feed)] == whole


def test_the_sample_graphs_runs_are_the_runs_cut_before(sample_ttl: Path):
    with open(sample_ttl, "rb") as file:
        header, first = read_header(file)
        expected = [(header + data, line) for data, line in reference_subject_runs(
            file, first, 4096, first_line=header.count(b"\n") + 1)]
    assert [(run.data, run.first_line) for run in turtle_runs(sample_ttl, run_bytes=4096)] == expected


# Review review64: odd shapes (CRLF, no final newline, blank nodes and other lines at a run's start, subjects many
# runs long, runs of 1-64 bytes), and a subject bigger than a run read in linear time, not quadratic.

_ODD_OBJECTS = ['"x"', '"[ ]"', '"x_:y"', "_:b0", "[]", "[ ex:q 1 ]", '"""a\nb"""', "'''q'''", '"' + "w" * 200 + '"',
                "<http://e/o>", "(_:x)", '"a [b"', "ex:o"]
_ODD_HEADERS = [b"", HEADER, b"# c\n\n@prefix ex: <http://e/> .\r\n", b"@base <http://e/> .\n   \n"]


def odd_turtle(rng: random.Random) -> bytes:
    newline = rng.choice(["\n", "\r\n"])
    blocks = []
    for number in range(rng.randrange(0, 30)):
        subject = rng.choice([f"<http://e/s{number}>", "_:b1", "[]", f"<s{number}>"])
        lines = [f"{subject} ex:p {rng.choice(_ODD_OBJECTS)}"]
        for _ in range(rng.choice([0, 0, 1, 3, 40])):
            lines[-1] += rng.choice([" ;", " ,"])
            lines.append(rng.choice(["\t", "\t", "<http://e/own> ", " ", ""]) + f"ex:q {rng.choice(_ODD_OBJECTS)}")
        blocks.append(newline.join(lines) + " ." + newline)
        if rng.random() < 0.05:
            blocks.append(rng.choice([newline, " " + newline, "# comment" + newline]))
    text = "".join(blocks)
    if text and rng.random() < 0.3:
        text = text.rstrip("\r\n")
    if rng.random() < 0.1:
        text += rng.choice(["  ", "\n\n", '<http://e/t> ex:p "q"'])
    return rng.choice(_ODD_HEADERS) + text.encode()


@pytest.mark.parametrize("seed", range(20))
def test_odd_shapes_in_tiny_runs_are_cut_and_judged_as_before(seed):
    rng = random.Random(seed)
    for _ in range(50):
        text, run_bytes = odd_turtle(rng), rng.randrange(1, 65)
        file = io.BufferedReader(io.BytesIO(text), buffer_size=rng.choice([8, 64, 8192]))
        header, first = read_header(file)
        if header is None:
            continue
        made = list(subject_runs(file, first, run_bytes, first_line=3, header=header))
        file = io.BytesIO(text)
        header, first = read_header(file)
        expected = list(reference_subject_runs(file, first, run_bytes, first_line=3))
        assert made == [(header + data, line) for data, line in expected], (text, run_bytes)
        assert [unsplittable(data, len(header)) for data, _ in made] == [
            reference_unsplittable(data) for data, _ in expected], (text, run_bytes)


def test_a_first_piece_of_many_lines_is_searched_for_cuts_as_before():
    text = b'<a> <p> "1" .\n<b> <p> "2" ;\n\t<q> "3" .\n<c> <p> "4" .\n<d> <p> "5" .\n'
    for split in range(1, len(text)):
        for run_bytes in (1, 5, 30, 100):
            made = list(subject_runs(io.BytesIO(text[split:]), text[:split], run_bytes))
            assert made == list(reference_subject_runs(io.BytesIO(text[split:]), text[:split], run_bytes))


def test_a_subject_many_runs_long_is_read_in_linear_time_and_the_buffer_shrinks_after_it(monkeypatch):
    from kg import turtle_runs as module
    sizes = []
    grown = module._grown
    monkeypatch.setattr(module, "_grown", lambda buffer, held, size: sizes.append(size) or grown(buffer, held, size))
    line = b'\tex:q "' + b"w" * 90 + b'" ;\n'
    big = b'<http://e/big> ex:p "x" ;\n' + line * 3_000 + b'\tex:q "end" .\n'  # 0.3 MB: 4,700 runs of 64 bytes
    small = b"".join(b'<http://e/s%d> ex:p "x" .\n' % number for number in range(200))
    text = small + big + small
    made = list(subject_runs(io.BytesIO(text[25:]), text[:25], 64))
    assert made == list(reference_subject_runs(io.BytesIO(text[25:]), text[:25], 64))
    assert any(run.startswith(big) for run, _ in made)
    # The buffer grew by half at least each time (a few dozen copies, not one a run: a copy of all that was held
    # each 64 bytes read, ~0.7 GB here), and went back to two runs' size after the subject.
    assert len(sizes) < 40 and max(sizes) >= len(big) and sizes[-1] == 2 * 64


def test_a_growing_file_reads_no_further_than_written_into_a_buffer_of_wider_items(tmp_path, monkeypatch):
    import array
    path = tmp_path / "g.ttl"
    path.write_bytes(bytes(range(64)))
    for without in (False, True):
        if without:
            monkeypatch.delattr(turtle_feed.os, "preadv")
        feed = Feed()
        feed.tell(b"end 6")
        with turtle_feed.GrowingFile(path, feed) as file:
            items = array.array("i", [0] * 4)  # 16 bytes
            assert file.readinto(items) == 6
            assert items.tobytes() == bytes(range(6)) + bytes(10)
            assert file.readinto(items) == 0


@pytest.mark.parametrize("text", [b"", HEADER, HEADER.rstrip(b"\n"), HEADER + b"\n  \r\n", b"\n"])
def test_an_empty_or_header_only_file_has_no_runs_fed_or_whole(tmp_path, text):
    path = tmp_path / "g.ttl"
    path.write_bytes(text)
    assert list(turtle_runs(path, run_bytes=8)) == []
    feed = Feed(run_bytes=8)
    feed.tell(b"end %d" % len(text))
    assert list(fed_runs(path, feed)) == []


def test_runs_given_stay_whole_when_the_reader_stops_early_or_reads_on(tmp_path):
    path = tmp_path / "g.ttl"
    path.write_bytes(HEADER + made_up_turtle(random.Random(8), 300, rare=False).replace(b"[ b ]", b"b"))
    whole = [run.data for run in turtle_runs(path, run_bytes=256)]
    runs = turtle_runs(path, run_bytes=256)
    kept = [next(runs).data, next(runs).data]
    runs.close()  # the buffer's view released while the runs given are held
    assert kept == whole[:2]
    held = []
    for run in turtle_runs(path, run_bytes=256):  # each run its own bytes: the buffer's next reads leave it as it was
        held.append(run.data)
    assert held == whole and all(type(data) is bytes for data in held)
