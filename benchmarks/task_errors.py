"""Every task false positive and false negative of the hand-annotated tuning sets, classed, with its sentence.

Round h15ak's error list for the ``tasks`` score of :func:`devset.score` (titles read as ``kg build`` reads them,
:func:`extraction.scored_mention`). Each predicted task name that matches no annotated task (required or optional)
is a false positive, classed as

* ``FP-otherkind:<KIND>`` — the annotation has the name with another kind ("opt " when optional there);
* ``FP-boundary:<gold name>`` — it overlaps an annotated task's form with other boundaries (one holds the other);
* ``FP-none`` — nothing annotated: not a task at all (an activity, a field, a formulation) or a task left out;

and each required task no predicted task matches is a false negative, classed as

* ``FN-kind:<kind>`` — a mention names it with another kind;
* ``FN-boundary:<predicted name>`` — a predicted task overlaps one of its forms with other boundaries;
* ``FN-none`` — no predicted task touches it (no candidate, or a dropped one).

``--score methods_models`` lists the errors of the ``methods_models`` score the same way (a method and a model
are one kind there; round h15an read its false positives so); ``--score datasets`` lists those of ``datasets``.
``--score proposes`` lists those of ``proposes`` (every kind, the role proposed; round h15br): a predicted proposal
the annotation has as used is ``FP-role:uses``, and a required proposal found only as used is ``FN-role:uses``
(``FN-kind``/``FP-otherkind`` do not arise, the score ignores the kind).
``--score metrics`` lists those of ``metrics``, and ``--score entities`` those of ``entities`` (every kind, every
role, the kind ignored as the score ignores it, so ``FN-kind``/``FP-otherkind`` do not arise: an entity missed there
is found under no name at all, ``FN-none``, or only with other boundaries, ``FN-boundary``; round h15by).

Run from the project root (tuning sets only; the dev set, ``tune4`` and ``tune9`` are held out)::

    python benchmarks/task_errors.py --sets tune,tune2,tune3,tune5,tune6,tune7,tune8 [--list /tmp/task_errors.tsv]
    python benchmarks/task_errors.py --score methods_models --sets tune,tune2,tune3,tune5,tune6 --list /tmp/mm.tsv

It prints the counts by class; ``--list`` writes one tab-separated line per error (set, abstract, class, name,
extractor, sentence).
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
from collections import Counter
from collections.abc import Sequence

from devset import HELD_OUT, KINDS, SETS, load_devset
from extraction import scored_mention

from extractors.entities import build_pipeline
from extractors.mentions import extract_mentions
from ontology.ids import entity_key
from ontology.records import Mention, Paper, Provenance

_ALL_KINDS = frozenset(KINDS)  # the annotation's kinds
#: The scores the list reads: name → (annotated kinds, predicted kinds).
LISTED_SCORES = {"tasks": (frozenset({"TASK"}), frozenset({"task"})),
                 "methods_models": (frozenset({"METHOD", "MODEL"}), frozenset({"method", "model"})),
                 "datasets": (frozenset({"DATASET"}), frozenset({"dataset"})),
                 "metrics": (frozenset({"METRIC"}), frozenset({"metric"})),
                 "entities": (_ALL_KINDS, frozenset(kind.lower() for kind in _ALL_KINDS)),
                 "proposes": (_ALL_KINDS, frozenset(kind.lower() for kind in _ALL_KINDS))}
#: The scores that count one role only: name → the role (annotated and predicted).
LISTED_ROLES = {"proposes": "proposes"}
#: One error: set, abstract id, class, name, extractor, sentence.
Row = tuple[str, str, str, str, str, str]


def _forms(entity: dict) -> set[str]:
    return {entity_key(form) for form in entity["forms"]}


def _overlaps(name: str, forms: Sequence[str]) -> bool:
    lower = name.lower()
    return any(form.lower() in lower or lower in form.lower() for form in forms)


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` around ``start:end`` (cut at ". ")."""
    before, after = text.rfind(". ", 0, start), text.find(". ", end)
    return text[before + 2 if before >= 0 else 0 : after + 1 if after >= 0 else len(text)]


def record_errors(which: str, record: dict, mentions: Sequence[Mention], score: str = "tasks") -> list[Row]:
    """The errors of one abstract under ``score`` (one of :data:`LISTED_SCORES`), given the mentions scored on it
    (all kinds)."""
    gold_kinds, kinds = LISTED_SCORES[score]
    role = LISTED_ROLES.get(score)
    tasks: dict[str, tuple[set[str], Mention]] = {}
    for mention in mentions:
        if mention.kind.value in kinds and (role is None or mention.relation.value == role):
            keys = {entity_key(mention.name)} | ({entity_key(mention.long_form)} if mention.long_form else set())
            tasks.setdefault(entity_key(mention.name), (set(), mention))[0].update(keys)
    gold = [e for e in record["entities"] if e["kind"] in gold_kinds and (role is None or e["role"] == role)]
    rows: list[Row] = []
    for keys, mention in tasks.values():
        if any(keys & _forms(e) for e in gold):
            continue
        other = [e for e in record["entities"] if keys & _forms(e)]
        longer = [e for e in gold if _overlaps(mention.name, e["forms"])]
        if other and role is not None:
            label = "FP-role:" + ("opt " if other[0]["optional"] else "") + other[0]["role"]
        elif other:
            label = "FP-otherkind:" + ("opt " if other[0]["optional"] else "") + other[0]["kind"]
        elif longer:
            label = "FP-boundary:" + ("opt " if longer[0]["optional"] else "") + longer[0]["name"]
        else:
            label = "FP-none"
        rows.append((which, record["id"], label, mention.name, mention.provenance.extractor,
                     mention.provenance.sentence or ""))
    for entity in (e for e in gold if not e["optional"]):
        forms = _forms(entity)
        if any(forms & keys for keys, _ in tasks.values()):
            continue
        named = [m for m in mentions
                 if entity_key(m.name) in forms or (m.long_form and entity_key(m.long_form) in forms)]
        near = [m for _, m in tasks.values() if _overlaps(m.name, entity["forms"])]
        if named and role is not None:
            label, extractor = "FN-role:" + named[0].relation.value, named[0].provenance.extractor
        elif named:
            label, extractor = "FN-kind:" + named[0].kind.value, named[0].provenance.extractor
        elif near:
            label, extractor = "FN-boundary:" + near[0].name, near[0].provenance.extractor
        else:
            label, extractor = "FN-none", ""
        start, end = entity["spans"][0] if entity["spans"] else (0, 0)
        rows.append((which, record["id"], label, entity["name"], extractor, _sentence_of(record["text"], start, end)))
    return rows


def task_errors(sets: Sequence[str], mode: str = "combined", score: str = "tasks") -> list[Row]:
    """Every error of ``score`` on the tuning ``sets`` (names of :data:`devset.SETS`; :data:`HELD_OUT` refused)."""
    refused = set(sets) & HELD_OUT
    if refused:
        raise SystemExit(f"task_errors: {', '.join(sorted(refused))} is held out")
    nlp = build_pipeline(mode)
    rows: list[Row] = []
    for which in sets:
        records = load_devset(SETS[which] / "devset.jsonl")
        papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"], title=r.get("title"))
                  for r in records]
        by_id = {r["id"]: r for r in records}
        scored: dict[str, list[Mention]] = {r["id"]: [] for r in records}
        for mention in extract_mentions(papers, nlp=nlp):
            record = by_id[mention.paper_ref]
            if scored_mention(mention, record["text"], record.get("title")):
                scored[mention.paper_ref].append(mention)
        for record in records:
            rows.extend(record_errors(which, record, scored[record["id"]], score))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="tune,tune2,tune3,tune5,tune6,tune7,tune8")
    parser.add_argument("--mode", default="combined", choices=("combined", "rules"))
    parser.add_argument("--score", default="tasks", choices=sorted(LISTED_SCORES))
    parser.add_argument("--list", type=Path, help="write one tab-separated line per error here")
    args = parser.parse_args(argv)
    rows = task_errors(args.sets.split(","), args.mode, args.score)
    for label, count in sorted(Counter(row[2].split(":")[0] for row in rows).items()):
        print(f"{label:14} {count}")
    if args.list:
        args.list.write_text("".join("\t".join(cell.replace("\t", " ") for cell in row) + "\n" for row in rows),
                             "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
