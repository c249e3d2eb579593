"""The acronym alias table on a corpus: how many acronyms, the thresholds by leave-one-out, and the judged samples.

    python benchmarks/aliases.py [CORPUS ...] [--cache DIR] [--seed 15]

Reads the corpus (default: the shared Anthology) with ``kg.pipeline.build``
(``--cache`` keeps the extracted records between runs) and prints:

* the counts docs/extraction.md reports (definitions, acronyms, learned pairs,
  acronyms split into senses);
* leave-one-out over the defining papers: hide one paper's definition and ask
  whether the sense the other papers make dominant is that paper's sense, for
  several ``min_papers`` / ``min_share`` settings (precision and coverage);
* the samples docs/extraction.md judges: ``--learned`` acronyms with a learned
  sense and then ``--split`` acronyms with two or more senses, drawn with
  ``random.Random(seed)`` from the entries sorted by key.

Paper identity is the record's ``paper_ref`` (graph assembly uses merged paper
nodes; on the Anthology they are the same).
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
# Running this file puts benchmarks/ first on sys.path, where benchmarks/html.py would shadow the
# standard library's html; take that folder off and put the project root on instead.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
if str(_HERE.parent) not in sys.path:
    sys.path.insert(0, str(_HERE.parent))

import argparse
import random
from collections import Counter
from collections.abc import Iterable

from kg.aliases import MIN_PAPERS, MIN_SHARE, AliasTable, learn_aliases

ANTHOLOGY = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "anthology"
SETTINGS = ((1, 2 / 3), (2, 1 / 2), (2, 2 / 3), (2, 3 / 4), (2, 0.9), (3, 2 / 3))


def definitions(paths: list[Path], cache: Path | None) -> list[tuple[str, str, str]]:
    """``(paper, short form, long form)`` of every mention that carries a long form."""
    from kg.pipeline import build

    result = build(paths, similarity=False, cache_dir=cache)
    return [(m.paper_ref, m.name, m.long_form) for doc in result.documents for m in doc.mentions if m.long_form]


def counts(table: AliasTable) -> dict[str, int]:
    """Acronyms by status, and the learned pairs and split acronyms docs/extraction.md reports."""
    status = Counter(entry.status for entry in table.entries.values())
    return {"acronyms": len(table.entries), **status,
            "learned pairs": sum(e.dominant is not None for e in table.entries.values()),
            "split into senses": sum(len(e.senses) > 1 for e in table.entries.values())}


def leave_one_out(found: Iterable[tuple[str, str, str]]) -> list[tuple[int, float, float, float]]:
    """``(min_papers, min_share, precision, coverage)`` of predicting a defining paper's sense from the others."""
    everything = learn_aliases(found, min_share=0.0, min_papers=1)  # every paper's sense, and each sense's papers
    senses = {key: Counter({s.key: s.papers for s in entry.senses}) for key, entry in everything.entries.items()}
    rows = []
    for min_papers, min_share in SETTINGS:
        predicted = correct = total = 0
        for (key, _), sense in everything.paper_sense.items():
            rest = senses[key].copy()
            rest[sense] -= 1
            rest = +rest
            if not rest:
                continue
            total += 1
            top, papers = min(rest.items(), key=lambda item: (-item[1], item[0]))
            if papers >= min_papers and papers >= min_share * sum(rest.values()):
                predicted += 1
                correct += top == sense
        rows.append((min_papers, min_share, correct / max(predicted, 1), predicted / max(total, 1)))
    return rows


def samples(table: AliasTable, seed: int, learned: int, split: int) -> tuple[list[str], list[str]]:
    """The judged samples as lines: learned pairs, then acronyms split into senses."""
    entries = sorted(table.entries.values(), key=lambda e: e.key)
    rng = random.Random(seed)
    with_sense = rng.sample([e for e in entries if e.dominant is not None], learned)
    several = rng.sample([e for e in entries if len(e.senses) > 1], split)
    return ([f"{e.short_form} = {e.dominant.long_form} ({e.dominant.papers}/{e.papers})" for e in with_sense],
            [f"{e.short_form} [{e.status}] " + " | ".join(f"{s.long_form} ({s.papers})" for s in e.senses[:6])
             for e in several])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="*", type=Path, default=[ANTHOLOGY])
    parser.add_argument("--cache", type=Path, default=None, help="a kg record cache folder to reuse")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--learned", type=int, default=50)
    parser.add_argument("--split", type=int, default=30)
    args = parser.parse_args(argv)
    if not all(path.exists() for path in args.corpus):
        print(f"no corpus at {', '.join(map(str, args.corpus))}", file=sys.stderr)
        return 2
    found = definitions(args.corpus, args.cache)
    table = learn_aliases(found)
    print(f"{len(found)} definitions; thresholds: >= {MIN_PAPERS} papers, >= {MIN_SHARE:.2f} of them")
    for name, value in counts(table).items():
        print(f"  {name:<18} {value}")
    print("leave-one-out: min papers, min share, precision, coverage")
    for min_papers, min_share, precision, coverage in leave_one_out(found):
        print(f"  {min_papers} {min_share:.2f} {precision:.3f} {coverage:.3f}")
    learned, split = samples(table, args.seed, min(args.learned, counts(table)["learned pairs"]),
                             min(args.split, counts(table)["split into senses"]))
    print(f"learned pairs (seed {args.seed}):", *(f"  {n}. {line}" for n, line in enumerate(learned, 1)), sep="\n")
    print("split acronyms:", *(f"  {n}. {line}" for n, line in enumerate(split, 1)), sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
