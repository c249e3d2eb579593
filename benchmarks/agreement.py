"""How far two annotators agree: one hand-annotated set scored against another by the extraction benchmark's rules.

Two annotators who follow the same guidelines on the same abstracts bound what any extractor can score there:
no system agrees with annotator A better, in expectation, than another careful annotator does.  This module
scores annotator B's ``annotations.txt`` against annotator A's with :func:`devset.score` itself (the rules of
``benchmarks/extraction.py``: per paper, entity keys, optional gold neither right nor wrong, the scores of
:data:`devset.SCORES`), B's entities standing in for a system's predictions::

    python benchmarks/agreement.py    # tuneset7 (annotator A) against benchmarks/data/agreement/tuneset7_second (B)
    python benchmarks/agreement.py A/annotations.txt B/annotations.txt --samples 2000 --json

Each direction is reported (A as gold and B predicting, then B as gold and A predicting), each twice: with the
predicting side's required entities only (what a system that extracts exactly what its annotator requires would
output) and with its optional ones too.  A 95% percentile bootstrap interval over abstracts (papers resampled
with replacement, the counts of :func:`devset.score` summed) is given for every F1.
``--disagreements`` lists, per abstract, the entities one side has and the other lacks, and the entities both
have with a different kind or role (see :func:`disagreements`). ``--system tune7`` scores the combined pipeline's
predictions on the set's abstracts against A and against B, with the paired gap (:func:`system_gap`; it runs the
extraction, so take the heavy lock).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

_HERE = Path(__file__).resolve().parent
# Running this file puts benchmarks/ first on sys.path, where benchmarks/html.py would shadow the standard
# library's html; put it last instead (as benchmarks/extraction.py does), and the project root first.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
if str(_HERE.parent) not in sys.path:
    sys.path.insert(0, str(_HERE.parent))
sys.path.append(str(_HERE))

from devset import PRF, SCORES, SETS, GoldEntity, load_devset, parse_annotations, score

#: The second annotation of tuneset7 (round h15ap), made blind to the first.
SECOND_TUNE7 = _HERE / "data" / "agreement" / "tuneset7_second" / "annotations.txt"
#: ``(name, KIND, role, long form or None)``: one predicted mention, as :func:`devset.score` reads it.
Prediction = tuple[str, str, str, str | None]
_COUNTS = ("tp", "fp", "found", "fn")


def read(path: Path) -> dict[str, list[GoldEntity]]:
    """Anthology id → the entities one annotator wrote for it."""
    return parse_annotations(path.read_text("utf-8"))


def gold_records(papers: dict[str, list[GoldEntity]], ids: list[str]) -> list[dict]:
    """The records :func:`devset.score` reads as gold (no character spans: scoring does not use them)."""
    return [{"id": pid, "entities": [{"name": e.name, "kind": e.kind, "role": e.role, "forms": e.forms,
                                      "optional": e.optional} for e in papers.get(pid, [])]} for pid in ids]


def as_predictions(papers: dict[str, list[GoldEntity]], *, with_optional: bool) -> dict[str, list[Prediction]]:
    """One annotator's entities as a system's predictions: every form is the first form's long form, so that
    :func:`devset.score` merges them into one prediction matching on any of them.

    >>> one = parse_annotations("@ p\\nTASK uses machine translation | MT\\n?METRIC uses BLEU\\n")
    >>> as_predictions(one, with_optional=False)["p"]
    [('machine translation', 'TASK', 'uses', None), ('machine translation', 'TASK', 'uses', 'MT')]
    """
    out: dict[str, list[Prediction]] = {}
    for pid, entities in papers.items():
        out[pid] = [(e.forms[0], e.kind, e.role, form) for e in entities if with_optional or not e.optional
                    for form in [None, *e.forms[1:]]]
    return out


def per_paper_counts(records: list[dict], predictions: dict[str, list[Prediction]]) -> np.ndarray:
    """``(papers, scores, 4)`` counts: tp, fp, found, fn of each of :data:`devset.SCORES` for each paper."""
    counts = np.zeros((len(records), len(SCORES), len(_COUNTS)), dtype=np.int64)
    for i, record in enumerate(records):
        figures = score([record], {record["id"]: predictions.get(record["id"], [])})
        for j, name in enumerate(SCORES):
            counts[i, j] = [figures[name][c] for c in _COUNTS]
    return counts


def figures(counts: np.ndarray) -> dict[str, dict]:
    """P / R / F1 (and counts) of each score, summed over the papers of ``counts``."""
    total = counts.sum(axis=0)
    return {name: PRF(*(int(v) for v in total[j])).figures() for j, name in enumerate(SCORES)}


def bootstrap_f1(counts: np.ndarray, samples: int = 2000, seed: int = 0,
                 level: float = 0.95) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap interval of each score's F1, resampling the papers with replacement."""
    rng = np.random.default_rng(seed)
    n = counts.shape[0]
    f1s: dict[str, list[float]] = {name: [] for name in SCORES}
    for _ in range(samples):
        resampled = figures(counts[rng.integers(0, n, n)])
        for name in SCORES:
            f1s[name].append(resampled[name]["f1"])
    tail = (1 - level) / 2 * 100
    return {name: (round(float(np.percentile(v, tail)), 4), round(float(np.percentile(v, 100 - tail)), 4))
            for name, v in f1s.items()}


def agreement(a: dict[str, list[GoldEntity]], b: dict[str, list[GoldEntity]], *, samples: int = 2000,
              seed: int = 0) -> dict[str, dict]:
    """Both directions, required-only and with optional predictions: ``{"A gold, B required": {score: figures
    with "f1_interval"}, ...}``.  Papers are those of ``a`` then those only ``b`` has."""
    ids = list(a) + [pid for pid in b if pid not in a]
    out: dict[str, dict] = {}
    for gold_name, gold, other_name, other in (("A", a, "B", b), ("B", b, "A", a)):
        records = gold_records(gold, ids)
        for with_optional in (False, True):
            counts = per_paper_counts(records, as_predictions(other, with_optional=with_optional))
            result = figures(counts)
            for name, interval in bootstrap_f1(counts, samples, seed).items():
                result[name]["f1_interval"] = interval
            out[f"{gold_name} gold, {other_name} {'all' if with_optional else 'required'}"] = result
    return out


def disagreements(a: dict[str, list[GoldEntity]], b: dict[str, list[GoldEntity]]) -> list[dict]:
    """Where the two annotations differ, one row per entity, by the keys :func:`devset.score` matches on.

    ``what`` is "A only" / "B only" (a required entity whose keys the other side has on no entity; "A only
    (optional)" / "B only (optional)" for an optional one, which no score counts), "A required, other optional" /
    "B required, other optional" (the other side has it, optional only), or "kind" / "role" (both have it,
    required on at least one side, with another kind or role: ``other``).

    >>> a = parse_annotations("@ p\\nMODEL uses BERT\\nTASK uses NER\\n?METRIC uses F1\\n?TASK uses QA\\n")
    >>> b = parse_annotations("@ p\\nMETHOD uses BERT\\nMETRIC uses F1\\nDATASET uses CoNLL\\n")
    >>> [(r["what"], r["name"]) for r in disagreements(a, b)]  # doctest: +NORMALIZE_WHITESPACE
    [('kind', 'BERT'), ('A only', 'NER'), ('A only (optional)', 'QA'), ('B required, other optional', 'F1'),
     ('B only', 'CoNLL')]
    """
    rows: list[dict] = []
    for pid in list(a) + [p for p in b if p not in a]:
        for side, mine, theirs in (("A", a.get(pid, []), b.get(pid, [])), ("B", b.get(pid, []), a.get(pid, []))):
            for entity in mine:
                match = [t for t in theirs if t.keys() & entity.keys()]
                row = {"paper": pid, "name": entity.name, "kind": entity.kind, "role": entity.role,
                       "optional": entity.optional}
                if not match:
                    rows.append({**row, "what": f"{side} only" + (" (optional)" if entity.optional else "")})
                    continue
                if not entity.optional and all(t.optional for t in match):
                    rows.append({**row, "what": f"{side} required, other optional"})
                if side == "A" and not (entity.optional and all(t.optional for t in match)):
                    other = match[0]
                    if other.kind != entity.kind:
                        rows.append({**row, "what": "kind", "other": other.kind})
                    if other.role != entity.role:
                        rows.append({**row, "what": "role", "other": other.role})
    return rows


def system_predictions(which: str = "tune7", mode: str = "combined") -> dict[str, list[Prediction]]:
    """The pipeline's scored mentions on an annotated set's abstracts, read as ``benchmarks/extraction.py``
    reads them (:func:`extraction.devset_scores`: title and abstract, :func:`extraction.scored_mention`)."""
    from extraction import scored_mention

    from extractors.entities import build_pipeline
    from extractors.mentions import extract_mentions
    from ontology.records import Paper, Provenance

    rows = load_devset(SETS[which] / "devset.jsonl")
    texts = {r["id"]: r["text"] for r in rows}
    titles = {r["id"]: r.get("title") for r in rows}
    papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"], title=r.get("title"))
              for r in rows]
    predicted: dict[str, list[Prediction]] = {r["id"]: [] for r in rows}
    for mention in extract_mentions(papers, nlp=build_pipeline(mode)):
        if scored_mention(mention, texts[mention.paper_ref], titles[mention.paper_ref]):
            predicted[mention.paper_ref].append((mention.name, mention.kind.value.upper(), mention.relation.value,
                                                 mention.long_form))
    return predicted


def system_gap(a: dict[str, list[GoldEntity]], b: dict[str, list[GoldEntity]],
               predictions: dict[str, list[Prediction]], *, samples: int = 2000, seed: int = 0) -> dict[str, dict]:
    """The same predictions scored against A and against B: both figures, and F1 against A minus F1 against B
    with a paired 95 % bootstrap interval (the same abstracts resampled for both)."""
    ids = list(a) + [pid for pid in b if pid not in a]
    counts_a = per_paper_counts(gold_records(a, ids), predictions)
    counts_b = per_paper_counts(gold_records(b, ids), predictions)
    rng = np.random.default_rng(seed)
    diffs: dict[str, list[float]] = {name: [] for name in SCORES}
    for _ in range(samples):
        pick = rng.integers(0, len(ids), len(ids))
        against_a, against_b = figures(counts_a[pick]), figures(counts_b[pick])
        for name in SCORES:
            diffs[name].append(against_a[name]["f1"] - against_b[name]["f1"])
    fig_a, fig_b = figures(counts_a), figures(counts_b)
    return {name: {"against A": fig_a[name], "against B": fig_b[name],
                   "diff": round(fig_a[name]["f1"] - fig_b[name]["f1"], 4),
                   "diff_interval": (round(float(np.percentile(diffs[name], 2.5)), 4),
                                     round(float(np.percentile(diffs[name], 97.5)), 4))} for name in SCORES}


def _print(results: dict[str, dict]) -> None:
    names = list(SCORES)
    print("| direction | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for direction, result in results.items():
        cells = [f"{result[n]['f1']:.3f} ({result[n]['precision']:.2f} / {result[n]['recall']:.2f}) "
                 f"[{result[n]['f1_interval'][0]:.2f}–{result[n]['f1_interval'][1]:.2f}]" for n in names]
        print(f"| {direction} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Agreement between two annotations of the same abstracts.")
    parser.add_argument("a", nargs="?", type=Path, default=SETS["tune7"] / "annotations.txt",
                        help="annotator A's annotations.txt (default: tuneset7's)")
    parser.add_argument("b", nargs="?", type=Path, default=SECOND_TUNE7,
                        help="annotator B's annotations.txt (default: the second annotation of tuneset7)")
    parser.add_argument("--samples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--disagreements", action="store_true", help="list the entities the two do not share")
    parser.add_argument("--system", metavar="SET", default=None,
                        help="also score the combined pipeline on SET's abstracts (e.g. tune7) against A and B, "
                             "with the paired gap (runs the extraction: take the heavy lock)")
    args = parser.parse_args(argv)
    a, b = read(args.a), read(args.b)
    if args.system:
        gap = system_gap(a, b, system_predictions(args.system), samples=args.samples, seed=args.seed)
        print(json.dumps(gap, indent=1))
        return 0
    if args.disagreements:
        for row in disagreements(a, b):
            print(json.dumps(row, ensure_ascii=False))
        return 0
    results = agreement(a, b, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        _print(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
