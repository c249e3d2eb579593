"""Blind judging of a similar-paper sample (docs/analytics.md, "Judged sample"): the files judges read, and the tally.

Run from the project root, after ``similarity.py`` drew the sample::

    python benchmarks/similarity.py --graph G.json --judge-sample 5903 --judge-json /tmp/j/sample.json
    python benchmarks/similarity_judging.py files /tmp/j/sample.json --out /tmp/j \\
        --mix-draw 2719 --graph G.json        # judge2.md: the same pairs with 50 of draw 2719's mixed in
    # a separate session per file reads /tmp/j/judgeN.md only and writes /tmp/j/verdictsN.jsonl,
    # one line per pair: {"n": 1, "related": true, "reason": "both on X"}
    python benchmarks/similarity_judging.py tally /tmp/j/sample.json --out /tmp/j

``files`` writes ``judge1.md`` (the sample's pairs) and, with ``--mix-draw``, ``judge2.md`` (the same pairs
shuffled again, with pairs of an earlier blind draw of ``pairs.jsonl`` mixed in, so that a second judge can be
checked against the first draw's), each with its key (``keyN.json``). A judge sees numbered pairs, each paper's
title, year and abstract, the two papers in random order: no score, no rank, nothing that says which system or
draw a pair comes from. ``tally`` prints each judge's counts (all pairs, queries with an abstract or a title only,
by rank, weak links or not) and, for a mixed file, the agreement with the earlier judges.
"""
from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

JUDGED = Path(__file__).resolve().parent / "data" / "similarity_judged" / "pairs.jsonl"


@dataclass(frozen=True)
class Pair:
    """One pair to judge: the query paper, its neighbour and their texts; ``source`` "new", or the earlier draw's
    seed with ``earlier`` its verdict."""

    paper: str
    neighbour: str
    texts: tuple[dict, dict]
    source: str = "new"
    earlier: bool | None = None


def sample_pairs(sample: Sequence[Mapping]) -> list[Pair]:
    """The pairs of a ``--judge-json`` sample, query by query, best neighbour first.

    >>> paper = {"id": "p", "title": "T", "year": 2020, "abstract": None,
    ...          "neighbours": [{"id": "q", "title": "U", "year": 2021, "abstract": "A."}]}
    >>> [(pair.paper, pair.neighbour) for pair in sample_pairs([paper])]
    [('p', 'q')]
    """
    return [Pair(item["id"], other["id"], (_text(item), _text(other)))
            for item in sample for other in item["neighbours"]]


def _text(item: Mapping) -> dict:
    return {"title": item.get("title") or "", "year": item.get("year"), "abstract": item.get("abstract")}


def earlier_pairs(judged: Iterable[Mapping], draw: int, texts: Mapping[str, Mapping], *, count: int,
                  seed: int) -> list[Pair]:
    """``count`` pairs of the blind ``draw`` in ``judged`` (lines of ``pairs.jsonl``) whose two papers ``texts``
    holds (node id -> title, year, abstract), drawn by ``seed``, with their verdicts."""
    pool = [line for line in judged if line.get("draw") == draw and line["paper"] in texts
            and line["neighbour"] in texts and str(line.get("judged_by", "")).startswith("blind")]
    if len(pool) < count:
        raise ValueError(f"draw {draw} has {len(pool)} blind pairs whose papers the graph holds, fewer than {count}: "
                         "pass a smaller --mix-count or another --mix-draw")
    chosen = random.Random(seed).sample(pool, count)
    return [Pair(line["paper"], line["neighbour"], (_text(texts[line["paper"]]), _text(texts[line["neighbour"]])),
                 source=str(draw), earlier=bool(line["related"])) for line in chosen]


def judge_file(pairs: Sequence[Pair], *, seed: int) -> tuple[str, list[dict]]:
    """The Markdown a judge reads (pairs shuffled by ``seed``, each pair's papers in random order) and its key.

    >>> pair = Pair("p", "q", ({"title": "On X", "year": 2020, "abstract": None},
    ...                        {"title": "X again", "year": 2021, "abstract": "We study X."}))
    >>> text, key = judge_file([pair], seed=1)
    >>> "## Pair 1" in text and "(no abstract)" in text, key[0]["paper"], key[0]["source"]
    (True, 'p', 'new')
    """
    rng = random.Random(seed)
    order = list(pairs)
    rng.shuffle(order)
    blocks, key = [], []
    for number, pair in enumerate(order, 1):
        first, second = pair.texts if rng.random() < 0.5 else pair.texts[::-1]
        blocks.append(f"## Pair {number}\n")
        for letter, text in (("A", first), ("B", second)):
            blocks.append(f"**{letter}.** {text['title']} ({text['year']})\n\n{text['abstract'] or '(no abstract)'}\n")
        key.append({"n": number, "paper": pair.paper, "neighbour": pair.neighbour, "source": pair.source,
                    "earlier": pair.earlier})
    return "\n".join(blocks), key


def read_verdicts(path: Path, key: Sequence[Mapping]) -> dict[tuple[str, str, str], Mapping]:
    """A judge's verdicts by (paper, neighbour, source); every numbered pair of ``key`` exactly once."""
    by_number = {entry["n"]: entry for entry in key}
    verdicts: dict[int, Mapping] = {}
    for line_number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            verdict = json.loads(line)
            number, related = verdict["n"], verdict["related"]
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            raise ValueError(f"{path}:{line_number}: not a verdict line ({error}); "
                             'write {"n": N, "related": true|false, "reason": "..."}') from None
        if number not in by_number or number in verdicts or not isinstance(related, bool):
            raise ValueError(f"{path}:{line_number}: pair {number!r} is unknown, repeated or has no true/false verdict")
        verdicts[number] = verdict
    missing = sorted(set(by_number) - set(verdicts))
    if missing:
        raise ValueError(f"{path}: no verdict for pairs {missing[:10]}{' ...' if len(missing) > 10 else ''}")
    return {(by_number[n]["paper"], by_number[n]["neighbour"], by_number[n]["source"]): v for n, v in verdicts.items()}


def tally(sample: Sequence[Mapping], verdicts: Mapping[tuple[str, str, str], Mapping],
          key: Sequence[Mapping]) -> dict[str, tuple[int, int]]:
    """(related, pairs) of the sample's pairs, all and by kind of query, rank and weak mark; and, for pairs of an
    earlier draw mixed in, this judge's related count and its agreement with the earlier verdicts.

    >>> sample = [{"id": "p", "abstract": None, "neighbours": [{"id": "q", "weak": False}, {"id": "r", "weak": True}]}]
    >>> verdicts = {("p", "q", "new"): {"related": True}, ("p", "r", "new"): {"related": False}}
    >>> counts = tally(sample, verdicts, [])
    >>> counts["all"], counts["title only"], counts["rank 2"], counts["weak"]
    ((1, 2), (1, 2), (0, 1), (0, 1))
    """
    counts: dict[str, list[int]] = {}

    def add(name: str, related: bool) -> None:
        entry = counts.setdefault(name, [0, 0])
        entry[0] += related
        entry[1] += 1

    for item in sample:
        for rank, other in enumerate(item["neighbours"], 1):
            related = bool(verdicts[(item["id"], other["id"], "new")]["related"])
            add("all", related)
            add("with an abstract" if item.get("abstract") else "title only", related)
            add(f"rank {rank}", related)
            add("weak" if other.get("weak") else "not weak", related)
    for entry in key:
        if entry["source"] != "new":
            related = bool(verdicts[(entry["paper"], entry["neighbour"], entry["source"])]["related"])
            add("earlier draw: this judge", related)
            add("earlier draw: earlier judges", bool(entry["earlier"]))
            add("earlier draw: agreement", related == entry["earlier"])
    return {name: (related, total) for name, (related, total) in counts.items()}


#: The order ``tally``'s counts are printed in, by the part of their name before a rank's number or a colon.
_ORDER = ["all", "with an abstract", "title only", "rank", "not weak", "weak", "earlier draw"]


def _printed_order(name: str) -> tuple[int, int, str]:
    return _ORDER.index(name.split(":")[0].rstrip("0123456789 ")), len(name), name


def _graph_texts(path: Path) -> dict[str, dict]:
    """Paper id -> title, year, abstract, from a node-link graph.json."""
    graph = json.loads(path.read_text("utf-8"))
    return {node["id"]: _text(node) for node in graph["nodes"] if node.get("kind") == "paper"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    files = sub.add_parser("files", help="write the judges' files and their keys")
    files.add_argument("sample", type=Path, help="the --judge-json file of benchmarks/similarity.py")
    files.add_argument("--out", type=Path, required=True)
    files.add_argument("--seed", type=int, default=11, help="the shuffle of judge1.md (judge2.md: seed + 11)")
    files.add_argument("--mix-draw", type=int, help="also write judge2.md with pairs of this earlier blind draw")
    files.add_argument("--mix-count", type=int, default=50)
    files.add_argument("--graph", type=Path, help="graph.json holding the earlier pairs' texts (with --mix-draw)")
    files.add_argument("--judged", type=Path, default=JUDGED)
    counted = sub.add_parser("tally", help="print each judge's counts")
    counted.add_argument("sample", type=Path)
    counted.add_argument("--out", type=Path, required=True, help="the folder of the files, keys and verdicts")
    args = parser.parse_args(argv)
    sample = json.loads(args.sample.read_text("utf-8"))
    if args.command == "files":
        args.out.mkdir(parents=True, exist_ok=True)
        pairs = sample_pairs(sample)
        mixes = [pairs]
        if args.mix_draw is not None:
            if args.graph is None:
                parser.error("--mix-draw needs --graph (the earlier pairs' titles and abstracts)")
            judged = [json.loads(line) for line in args.judged.read_text("utf-8").splitlines() if line.strip()]
            mixes.append(pairs + earlier_pairs(judged, args.mix_draw, _graph_texts(args.graph),
                                               count=args.mix_count, seed=args.seed))
        for number, chosen in enumerate(mixes, 1):
            text, key = judge_file(chosen, seed=args.seed + 11 * (number - 1))
            (args.out / f"judge{number}.md").write_text(text, "utf-8")
            (args.out / f"key{number}.json").write_text(json.dumps(key, indent=0), "utf-8")
            print(f"{args.out / f'judge{number}.md'}: {len(chosen)} pairs")
        return
    for number in (1, 2):
        key_path, verdict_path = args.out / f"key{number}.json", args.out / f"verdicts{number}.jsonl"
        if not key_path.exists() or not verdict_path.exists():
            continue
        key = json.loads(key_path.read_text("utf-8"))
        counts = tally(sample, read_verdicts(verdict_path, key), key)
        print(f"judge {number}:")
        for name, (related, total) in sorted(counts.items(), key=lambda item: _printed_order(item[0])):
            print(f"  {name:<30} {related:>4} of {total:<4} ({100 * related / total:.1f} %)")


if __name__ == "__main__":
    main()
