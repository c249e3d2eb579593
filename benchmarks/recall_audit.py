"""Where each missed gold entity of the hand-annotated sets is lost: a recall audit of the extraction pipeline.

For every required gold entity that a score misses (a false negative of :func:`devset.score`), the audit says at
which step of ``kg_entities`` it was lost, in this order of precedence:

* ``found_not_counted`` (e): a mention the pipeline wrote names it, but :func:`extraction.scored_mention` leaves it
  out (a title's name not written in the abstract);
* ``role`` (proposes only): found, with the role ``uses``; ``role_model`` when the rules proposed it and the learned
  role decision (:mod:`extractors.entity_role_model`) did not;
* ``kind`` (c, kind scores only): found, typed as another kind;
* ``dropped:<reason>`` (b): a candidate with one of the gold entity's names that the hand policy
  (:func:`extractors.entity_policy.drop_reason`) dropped, ``weak`` included (a capitalised word no rule accepted);
* ``boundaries`` (d): a kept mention overlaps one of the gold entity's spans, with other boundaries;
* ``dropped_overlap:<reason>``: only a dropped candidate with other boundaries overlaps it;
* ``no_candidate`` (a): no candidate of the pipeline touches any of its spans.

Run from the project root (tuning sets only; the dev set, ``tune4`` and ``tune9`` are held out)::

    python benchmarks/recall_audit.py --sets tune,tune2,tune3,tune5,tune6,tune7,tune8 [--list /tmp/fn.tsv]

It prints counts by class for each score, and by class × gold kind and gold role for ``entities``; ``--list``
writes one line per false negative (set, abstract, score, class, kind, role, name, the overlapping names).
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
from dataclasses import dataclass

from devset import HELD_OUT, SCORES, SETS, load_devset
from extraction import scored_mention

from extractors.entities import build_pipeline
from extractors.mentions import extract_mentions
from ontology.ids import entity_key
from ontology.records import Mention, Paper, Provenance


@dataclass(frozen=True)
class Loss:
    """One false negative: which gold entity, under which score, lost where."""

    set_name: str
    paper: str
    score: str
    loss: str
    kind: str
    role: str
    name: str
    near: str  # the names of overlapping mentions or candidates


def _keys(mention_name: str, long_form: str | None) -> set[str]:
    return {entity_key(mention_name)} | ({entity_key(long_form)} if long_form else set())


def _overlaps(start: int | None, end: int | None, spans: Sequence[Sequence[int]]) -> bool:
    return start is not None and end is not None and any(start < e and s < end for s, e in spans)


def classify(gold: dict, score: str, mentions: list[Mention], scored: list[Mention], rules_roles: list[Mention],
             candidates: list[dict]) -> tuple[str, str]:
    """The loss class of ``gold`` (a required entity missed under ``score``) and the names near it.

    ``mentions``: every mention the pipeline wrote for the abstract; ``scored``: those the scorer reads;
    ``rules_roles``: the mentions with the role rules alone; ``candidates``: the abstract's candidates, each a dict
    with ``text``, ``start_char``, ``end_char``, ``kind`` and the policy's ``reason``.
    """
    _, predicted_kinds, role = SCORES[score]
    keys = {entity_key(form) for form in gold["forms"]}
    spans = gold["spans"]
    named = [m for m in mentions if _keys(m.name, m.long_form) & keys]
    if named and not any(m in scored for m in named):
        return "found_not_counted", ";".join(sorted({m.name for m in named}))
    named = [m for m in named if m in scored]
    of_kind = [m for m in named if m.kind.value.upper() in predicted_kinds]
    if role is not None and of_kind:
        ruled = [m for m in rules_roles if _keys(m.name, m.long_form) & keys
                 and m.kind.value.upper() in predicted_kinds and m.relation.value == role]
        return ("role_model" if ruled else "role"), ";".join(sorted({m.name for m in of_kind}))
    if named and not of_kind:
        return "kind", ";".join(sorted({f"{m.name}/{m.kind.value}" for m in named}))
    dropped = [c for c in candidates if c["reason"] and entity_key(c["text"]) in keys]
    if dropped:
        return "dropped:" + dropped[0]["reason"], ";".join(sorted({c["text"] for c in dropped}))
    near = [m for m in scored if _overlaps(m.provenance.start, m.provenance.end, spans)]
    if near:
        return "boundaries", ";".join(sorted({f"{m.name}/{m.kind.value}" for m in near}))
    near_dropped = [c for c in candidates if c["reason"] and _overlaps(c["start_char"], c["end_char"], spans)]
    if near_dropped:
        return "dropped_overlap:" + near_dropped[0]["reason"], ";".join(sorted({c["text"] for c in near_dropped}))
    return "no_candidate", ""


def audit(sets: Sequence[str]) -> list[Loss]:
    """Every false negative of every score on ``sets``, classified by :func:`classify`."""
    refused = set(sets) & HELD_OUT
    if refused:
        raise SystemExit(f"recall_audit: {', '.join(sorted(refused))} is held out")
    nlp = build_pipeline(collect=True)
    losses: list[Loss] = []
    for which in sets:
        records = load_devset(SETS[which] / "devset.jsonl")
        papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"], title=r.get("title"))
                  for r in records]
        by_paper: dict[str, list[Mention]] = {r["id"]: [] for r in records}
        for mention in extract_mentions(papers, nlp=nlp):
            by_paper[mention.paper_ref].append(mention)
        rules: dict[str, list[Mention]] = {r["id"]: [] for r in records}
        for mention in extract_mentions(papers, nlp=nlp, roles=None):
            rules[mention.paper_ref].append(mention)
        for record, doc in zip(records, nlp.pipe(r["text"] for r in records)):
            candidates = [{"text": doc[c["start"]:c["end"]].text, "start_char": doc[c["start"]].idx,
                           "end_char": doc[c["end"] - 1].idx + len(doc[c["end"] - 1]), "kind": c["kind"],
                           "reason": c["reason"]} for c in doc.user_data.get("kg_candidates", [])]
            mentions = by_paper[record["id"]]
            scored = [m for m in mentions if scored_mention(m, record["text"], record.get("title"))]
            losses.extend(_paper_losses(which, record, mentions, scored, rules[record["id"]], candidates))
    return losses


def _paper_losses(which: str, record: dict, mentions: list[Mention], scored: list[Mention],
                  rules_roles: list[Mention], candidates: list[dict]) -> list[Loss]:
    losses = []
    for score, (gold_kinds, predicted_kinds, role) in SCORES.items():
        found_keys = [_keys(m.name, m.long_form) for m in scored
                      if m.kind.value.upper() in predicted_kinds and (role is None or m.relation.value == role)]
        for gold in record["entities"]:
            if gold["optional"] or gold["kind"] not in gold_kinds or (role is not None and gold["role"] != role):
                continue
            keys = {entity_key(form) for form in gold["forms"]}
            if any(keys & found for found in found_keys):
                continue
            loss, near = classify(gold, score, mentions, scored, rules_roles, candidates)
            losses.append(Loss(which, record["id"], score, loss, gold["kind"], gold["role"], gold["name"], near))
    return losses


def _table(rows: Counter, columns: Sequence[str]) -> str:
    classes = sorted({c for c, _ in rows}, key=lambda c: -sum(v for (k, _), v in rows.items() if k == c))
    lines = ["| class | " + " | ".join(columns) + " | all |", "|---" * (len(columns) + 2) + "|"]
    for cls in classes:
        cells = [rows[(cls, col)] for col in columns]
        lines.append(f"| {cls} | " + " | ".join(str(c) for c in cells) + f" | {sum(cells)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="tune,tune2,tune3,tune5,tune6,tune7,tune8")
    parser.add_argument("--list", type=Path, default=None, help="write every false negative here (TSV)")
    args = parser.parse_args(argv)
    losses = audit([s for s in args.sets.split(",") if s])
    print(_table(Counter((loss.loss, loss.score) for loss in losses), list(SCORES)))
    entities = [loss for loss in losses if loss.score == "entities"]
    print("\nentities, by gold kind")
    kinds = ["METHOD", "MODEL", "DATASET", "TASK", "METRIC"]
    print(_table(Counter((loss.loss, loss.kind) for loss in entities), kinds))
    print("\nentities, by gold role")
    print(_table(Counter((loss.loss, loss.role) for loss in entities), ["proposes", "uses"]))
    if args.list:
        fields = ("set_name", "paper", "score", "loss", "kind", "role", "name", "near")
        args.list.write_text("".join("\t".join(getattr(x, f) for f in fields) + "\n" for x in losses), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
