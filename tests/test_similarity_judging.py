"""benchmarks/similarity_judging.py: blind judge files (shuffled, nothing but the papers' texts) and the tally."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from similarity_judging import (
    JUDGED,
    earlier_pairs,
    judge_file,
    main,
    read_verdicts,
    sample_pairs,
    tally,
)


def _paper(node: str, title: str, abstract: str | None, neighbours: list[dict] = ()) -> dict:
    return {"id": node, "title": title, "year": 2020, "abstract": abstract, "neighbours": list(neighbours)}


def _neighbour(node: str, title: str, *, weak: bool = False, score: float = 0.5) -> dict:
    return {**_paper(node, title, f"We study {title.lower()}."), "score": score, "weak": weak,
            "terms": ["secret term"], "entities": []}


SAMPLE = [
    _paper("p1", "Parsing with Zorb grammars", "We parse with Zorb grammars.",
           [_neighbour("q1", "Zorb grammar induction"), _neighbour("q2", "Quux tagging", weak=True, score=0.123)]),
    _paper("p2", "Machine translation of Klingon", None, [_neighbour("q3", "Klingon MT evaluation")]),
]


def test_every_pair_is_shown_once_with_texts_only() -> None:
    text, key = judge_file(sample_pairs(SAMPLE), seed=3)
    assert [entry["n"] for entry in key] == [1, 2, 3]
    assert sorted((entry["paper"], entry["neighbour"]) for entry in key) == [("p1", "q1"), ("p1", "q2"), ("p2", "q3")]
    assert len(re.findall(r"^## Pair \d+$", text, flags=re.MULTILINE)) == 3
    assert "(no abstract)" in text and "Zorb grammar induction" in text
    for hidden in ("0.123", "0.5", "weak", "secret term", "p1", "q2"):  # no score, mark, reason or id
        assert hidden not in text


def test_the_shuffle_is_fixed_by_the_seed_and_changes_with_it() -> None:
    pairs = sample_pairs(SAMPLE * 5)
    assert judge_file(pairs, seed=1) == judge_file(pairs, seed=1)
    assert judge_file(pairs, seed=1)[1] != judge_file(pairs, seed=2)[1]


def test_tally_counts_by_query_rank_and_weak_mark() -> None:
    verdicts = {("p1", "q1", "new"): {"related": True}, ("p1", "q2", "new"): {"related": False},
                ("p2", "q3", "new"): {"related": True}}
    counts = tally(SAMPLE, verdicts, [])
    assert counts["all"] == (2, 3)
    assert counts["with an abstract"] == (1, 2) and counts["title only"] == (1, 1)
    assert counts["rank 1"] == (2, 2) and counts["rank 2"] == (0, 1)
    assert counts["weak"] == (0, 1) and counts["not weak"] == (2, 2)


@pytest.mark.parametrize(("lines", "message"), [
    ('{"n": 1, "related": true}\n{"n": 2, "related": false}\n', r"verdicts1\.jsonl: no verdict for pairs \[3\]"),
    ('{"n": 1, "related": true}\n{"n": 1, "related": false}\n', r"verdicts1\.jsonl:2: pair 1 is unknown, repeated"),
    ('{"n": 1, "related": "yes"}\n', r"verdicts1\.jsonl:1: .*true/false"),
    ("n=1 related\n", r"verdicts1\.jsonl:1: not a verdict line"),
])
def test_verdicts_must_cover_every_pair_once(tmp_path: Path, lines: str, message: str) -> None:
    _, key = judge_file(sample_pairs(SAMPLE), seed=3)
    path = tmp_path / "verdicts1.jsonl"
    path.write_text(lines, "utf-8")
    with pytest.raises(ValueError, match=message):
        read_verdicts(path, key)


def test_earlier_blind_pairs_keep_their_verdicts_on_the_repositorys_judged_pairs() -> None:
    lines = [json.loads(line) for line in JUDGED.read_text("utf-8").splitlines() if line.strip()]
    draw = [line for line in lines if line.get("draw") == 2719]
    texts = {node: {"title": node, "year": 2000, "abstract": None}
             for line in draw for node in (line["paper"], line["neighbour"])}
    chosen = earlier_pairs(lines, 2719, texts, count=50, seed=4)
    verdict = {(line["paper"], line["neighbour"]): line["related"] for line in draw}
    assert len(chosen) == 50 and len({(pair.paper, pair.neighbour) for pair in chosen}) == 50
    assert all(pair.source == "2719" and pair.earlier == verdict[(pair.paper, pair.neighbour)] for pair in chosen)
    with pytest.raises(ValueError, match="fewer than 500"):
        earlier_pairs(lines, 2719, texts, count=500, seed=4)


def test_the_command_line_writes_both_files_and_tallies_them(tmp_path: Path, capsys) -> None:
    sample_path = tmp_path / "sample.json"
    sample_path.write_text(json.dumps(SAMPLE), "utf-8")
    graph = {"nodes": [{"id": node, "kind": "paper", "title": f"Old paper {node}", "year": 1999, "abstract": None}
                       for node in ("o1", "o2", "o3", "o4")]}
    (tmp_path / "graph.json").write_text(json.dumps(graph), "utf-8")
    judged = tmp_path / "pairs.jsonl"
    judged.write_text("\n".join(json.dumps({"paper": a, "neighbour": b, "related": related, "draw": 77,
                                            "judged_by": "blind judge, seed-77 draw"})
                                for a, b, related in (("o1", "o2", True), ("o3", "o4", False))), "utf-8")
    main(["files", str(sample_path), "--out", str(tmp_path), "--mix-draw", "77", "--mix-count", "2",
          "--graph", str(tmp_path / "graph.json"), "--judged", str(judged)])
    key1 = json.loads((tmp_path / "key1.json").read_text("utf-8"))
    key2 = json.loads((tmp_path / "key2.json").read_text("utf-8"))
    assert len(key1) == 3 and len(key2) == 5 and sorted(entry["source"] for entry in key2) == ["77", "77"] + ["new"] * 3
    assert "Old paper o1" in (tmp_path / "judge2.md").read_text("utf-8")
    for number, key in ((1, key1), (2, key2)):  # a judge who calls every pair related
        (tmp_path / f"verdicts{number}.jsonl").write_text(
            "\n".join(json.dumps({"n": entry["n"], "related": True}) for entry in key), "utf-8")
    main(["tally", str(sample_path), "--out", str(tmp_path)])
    printed = capsys.readouterr().out
    assert re.search(r"judge 2:\n  all +3 of 3", printed)
    assert re.search(r"earlier draw: agreement +1 of 2", printed)
    assert printed.index("title only") < printed.index("rank 1") < printed.index("not weak")

