"""Single names the train slice's strong rules type a method or model: ``extractors/patterns/name_table.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; the dev volumes, the tuning
slice and the held-out ``test`` slice are never read)::

    python scripts/build_name_table.py

Runs the entity pipeline (hand policy, every candidate kept with its verdict) over every train abstract and counts,
for each single token name case folded, the abstracts where it was kept by a strong type rule (anything but the
``default`` and ``tagger`` fall-backs and this table's own rule; an acronym spelled out in its abstract does not
count: its long form speaks for that abstract only) and the kinds it got there; and how often the slice's text
writes the word all in lower case. A name is listed (:func:`table_lines`) when strong rules kept it in at least
:data:`MIN_ABSTRACTS` abstracts, at least :data:`MIN_SHARE` of those mentions typed it a method or model, and at
most :data:`MAX_LOWER_SHARE` of its uses are in lower case. Deterministic; no name is typed by hand
(docs/extraction.md, "Round h15cs").
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from unittest.mock import patch

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors import entity_name_table
from extractors.entities import build_pipeline
from extractors.entity_name_table import NAME_TABLE_RULE
from extractors.gazetteer_build import train_abstracts

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "name_table.txt"
#: Abstracts in which a strong rule kept the name.
MIN_ABSTRACTS = 3
#: Share of those mentions typed a method or model.
MIN_SHARE = 0.8
#: Largest share of the name's uses written all in lower case ("use", "if": common words).
MAX_LOWER_SHARE = 0.1
#: Type rules that are no evidence: the fall-backs, and the table's own rule.
_WEAK_RULES = frozenset({"default", "tagger", NAME_TABLE_RULE})
_NAMED = ("method", "model")


def collect(texts: Iterable[str]) -> tuple[dict[str, Counter], Counter, Counter]:
    """Name → kinds of its strong mentions (and ``"abstracts"``), plus every token's uses and lower-case uses.

    The pipeline runs without the table (:func:`~extractors.entity_name_table.name_table` empty), so that what the
    table vouched for is no evidence and the table does not depend on an earlier version of itself.

    >>> strong, uses, lower = collect(["We compare Zorbix with Quuxle, a parsing model, and with Zorbix again."])
    >>> strong["quuxle"]["abstracts"], "zorbix" in strong, uses["zorbix"], lower["zorbix"]
    (1, False, 2, 0)
    """
    with patch.object(entity_name_table, "name_table", dict):
        return _collect(texts)


def _collect(texts: Iterable[str]) -> tuple[dict[str, Counter], Counter, Counter]:
    nlp = build_pipeline(collect=True)
    strong: dict[str, Counter] = {}
    uses: Counter = Counter()
    lower: Counter = Counter()
    for doc in nlp.pipe(texts, batch_size=64):
        for token in doc:
            uses[token.lower_] += 1
            lower[token.lower_] += token.is_lower
        seen: set[str] = set()
        for cand in doc.user_data["kg_candidates"]:
            rule = next(f.split("=", 1)[1] for f in cand["features"] if f.startswith("type_rule="))
            if cand["end"] - cand["start"] != 1 or cand["reason"] is not None or rule in _WEAK_RULES \
                    or cand["long_span"] is not None:
                continue
            name = doc[cand["start"]].lower_
            entry = strong.setdefault(name, Counter())
            entry[cand["kind"]] += 1
            if name not in seen:
                entry["abstracts"] += 1
                seen.add(name)
    return strong, uses, lower


def table_lines(strong: dict[str, Counter], uses: Counter, lower: Counter) -> list[str]:
    """The table's lines: name, kind, abstracts, method and model mentions, other mentions, uses, lower-case uses.

    >>> strong = {"zorb": Counter(abstracts=3, model=3), "quux": Counter(abstracts=3, dataset=3),
    ...           "blip": Counter(abstracts=2, method=2), "wug": Counter(abstracts=4, method=4)}
    >>> table_lines(strong, Counter(zorb=9, quux=9, blip=9, wug=9), Counter(wug=5))
    ['zorb\\tmodel\\t3\\t0\\t3\\t0\\t9\\t0']
    """
    lines = []
    for name, c in sorted(strong.items()):
        named = c["method"] + c["model"]
        total = sum(n for kind, n in c.items() if kind != "abstracts")
        if c["abstracts"] < MIN_ABSTRACTS or named < MIN_SHARE * total or lower[name] > MAX_LOWER_SHARE * uses[name] \
                or not any(ch.isalpha() for ch in name):
            continue
        kind = "model" if c["model"] > c["method"] else "method"
        lines.append(f"{name}\t{kind}\t{c['abstracts']}\t{c['method']}\t{c['model']}\t{total - named}\t{uses[name]}"
                     f"\t{lower[name]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    texts = train_abstracts(args.corpus)
    lines = table_lines(*collect(texts))
    header = ["# Single names the train slice's strong rules type a method or model (scripts/build_name_table.py;",
              f"# {len(texts)} abstracts; extractors/entity_name_table.py reads it). name (case folded)<TAB>kind<TAB>",
              "# abstracts kept by a strong rule<TAB>as a method<TAB>as a model<TAB>as another kind<TAB>uses<TAB>",
              "# uses in lower case. Generated: do not edit."]
    args.out.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{len(texts)} train abstracts -> {len(lines)} names -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
