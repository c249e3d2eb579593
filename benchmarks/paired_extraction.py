"""Paired comparison of two extraction pipelines on the hand-annotated sets, abstract by abstract.

``benchmarks/extraction.py`` prints pooled figures; whether a candidate (another tagger, another setting of
``kg_entities``) is better than the shipped pipeline *beyond noise* needs the counts of each abstract, so that
the same abstracts can be resampled for both (a paired bootstrap over abstracts). Run from the project root::

    python benchmarks/paired_extraction.py counts --sets tune,tune2,tune3,tune5 --out /tmp/a.json
    python benchmarks/paired_extraction.py counts --sets tune,tune2,tune3,tune5 --weights /tmp/t \\
        --option new_names=shaped --out /tmp/b.json
    python benchmarks/paired_extraction.py compare /tmp/a.json /tmp/b.json     # b − a, 95 % intervals

``counts`` scores each abstract as ``benchmarks/extraction.py`` does (titles read as ``kg build`` reads them,
:func:`extraction.scored_mention`; :func:`devset.score` on one record at a time) and writes, for each abstract,
``[tp, fp, found, fn]`` of each score of :data:`devset.SCORES`. ``--option KEY=VALUE`` sets an attribute of the
``kg_entities`` component (``new_names``, ``retype``). ``compare`` pools the counts into micro F1 (as
:class:`devset.PRF` does) for each of ``--resamples`` resamples of the abstracts both files share, with
replacement, and reports the difference with its 2.5 and 97.5 percentiles.

``counts`` measures the code of the checkout this script sits in: its root goes first on ``sys.path``, ahead of
``PYTHONPATH``. To count another version (an old commit's ``git archive``, another worktree), run that version's own
copy of the script (``python /tmp/old/benchmarks/paired_extraction.py counts ...``), not this one with ``PYTHONPATH``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]  # benchmarks/html.py shadows html
for _path in (_ROOT, _ROOT / "scripts"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
sys.path.append(str(_HERE))

import argparse
import json
from collections.abc import Mapping, Sequence

import numpy as np
from devset import SCORES, SETS, load_devset, score
from extraction import scored_mention
from spacy.language import Language

from extractors.entities import build_pipeline
from extractors.entity_model import MODEL_DIR
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance

#: Per abstract ("set/id"), per score name: [tp, fp, found, fn].
Counts = dict[str, dict[str, list[int]]]


def abstract_counts(nlp: Language, sets: Sequence[str], *, titles: bool = True) -> Counts:
    """Each abstract's counts under ``nlp`` on the hand-annotated ``sets`` (keys ``"<set>/<id>"``).

    ``sets`` are names of :data:`devset.SETS`; the dev set, ``tune4`` and ``tune9`` are held out: score them once.
    """
    counts: Counts = {}
    for which in sets:
        records = load_devset(SETS[which] / "devset.jsonl")
        papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"],
                        title=r.get("title") if titles else None) for r in records]
        predicted: dict[str, list] = {r["id"]: [] for r in records}
        by_id = {r["id"]: r for r in records}
        for mention in extract_mentions(papers, nlp=nlp):
            record = by_id[mention.paper_ref]
            if scored_mention(mention, record["text"], record.get("title") if titles else None):
                predicted[mention.paper_ref].append((mention.name, mention.kind.value.upper(),
                                                     mention.relation.value, mention.long_form))
        for record in records:
            figures = score([record], {record["id"]: predicted[record["id"]]})
            counts[f"{which}/{record['id']}"] = {name: [f["tp"], f["fp"], f["found"], f["fn"]]
                                                 for name, f in figures.items()}
    return counts


def micro_f1(totals: np.ndarray) -> np.ndarray:
    """F1 from summed ``[tp, fp, found, fn]`` (last axis), as :class:`devset.PRF` computes it."""
    tp, fp, found, fn = (totals[..., k].astype(float) for k in range(4))
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(tp + fp > 0, tp / (tp + fp), 1.0)
        r = np.where(found + fn > 0, found / (found + fn), 1.0)
        f = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
    return f


def paired_bootstrap(base: Counts, other: Counts, *, resamples: int = 1000, seed: int = 0) -> dict[str, dict]:
    """``other`` − ``base`` in micro F1 of each score over the abstracts both have, with a 95 % interval.

    >>> a = {"x": {"entities": [1, 1, 1, 1]}, "y": {"entities": [1, 0, 1, 0]}}
    >>> b = {"x": {"entities": [2, 0, 2, 0]}, "y": {"entities": [1, 0, 1, 0]}}
    >>> paired_bootstrap(a, b, resamples=200)["entities"]["diff"]
    0.3333
    """
    keys = sorted(set(base) & set(other))
    if not keys:
        raise ValueError("the two count files share no abstract: were they made on the same --sets?")
    names = [n for n in SCORES if all(n in base[k] and n in other[k] for k in keys)]
    a = np.array([[base[k][n] for n in names] for k in keys])  # abstracts × scores × 4
    b = np.array([[other[k][n] for n in names] for k in keys])
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(keys), size=(resamples, len(keys)))
    diffs = micro_f1(b[picks].sum(axis=1)) - micro_f1(a[picks].sum(axis=1))  # resamples × scores
    f_a, f_b = micro_f1(a.sum(axis=0)), micro_f1(b.sum(axis=0))
    return {name: {"base": round(float(f_a[j]), 4), "other": round(float(f_b[j]), 4),
                   "diff": round(float(f_b[j] - f_a[j]), 4),
                   "low": round(float(np.percentile(diffs[:, j], 2.5)), 4),
                   "high": round(float(np.percentile(diffs[:, j], 97.5)), 4)}
            for j, name in enumerate(names)}


def configure(nlp: Language, options: Mapping[str, str]) -> Language:
    """Set attributes of ``nlp``'s ``kg_entities`` component (``"true"``/``"false"`` become booleans)."""
    component = nlp.get_pipe("kg_entities")
    for key, value in options.items():
        if not hasattr(component, key):
            raise ValueError(f"kg_entities has no setting {key!r}; try new_names or retype")
        setattr(component, key, {"true": True, "false": False}.get(value.lower(), value))
    return nlp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("counts", help="score each abstract of --sets and write the counts as JSON")
    run.add_argument("--sets", default="tune,tune2,tune3,tune5", help="names of the hand-annotated sets")
    run.add_argument("--mode", default="combined", help="combined, rules or model")
    run.add_argument("--weights", type=Path, default=MODEL_DIR, help="the tagger's folder (default: shipped)")
    run.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a kg_entities setting, e.g. new_names=shaped or retype=true (repeatable)")
    run.add_argument("--out", type=Path, required=True)
    cmp = sub.add_parser("compare", help="paired bootstrap of OTHER − BASE over the abstracts")
    cmp.add_argument("base", type=Path)
    cmp.add_argument("other", type=Path)
    cmp.add_argument("--resamples", type=int, default=1000)
    cmp.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "counts":
        unknown = sorted(set(args.sets.split(",")) - set(SETS))
        if unknown:
            parser.error(f"--sets: unknown set(s) {', '.join(unknown)}; choose from {', '.join(sorted(SETS))}")
        options = dict(o.split("=", 1) for o in args.option)
        nlp = configure(build_pipeline(args.mode, weights=args.weights), options)
        counts = abstract_counts(nlp, args.sets.split(","))
        args.out.write_text(json.dumps(counts))
        return 0
    result = paired_bootstrap(json.loads(args.base.read_text()), json.loads(args.other.read_text()),
                              resamples=args.resamples, seed=args.seed)
    print(f"{'score':<16}{'base':>8}{'other':>8}{'diff':>8}  95 % interval")
    for name, r in result.items():
        print(f"{name:<16}{r['base']:>8.3f}{r['other']:>8.3f}{r['diff']:>+8.3f}  [{r['low']:+.3f}, {r['high']:+.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
