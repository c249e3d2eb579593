"""Train (and cross-validate) the learned keep / kind decision of ``kg_entities`` on the hand-annotated tuning sets.

Every candidate the rules, the gazetteer and the tagger propose in a tuning set's abstracts is described by
:func:`extractors.entity_decision.candidate_features` and labelled from the set's gold annotation: the kind of
the required gold entity whose forms share its name's (or long form's) entity key, ``none`` when no gold entity
does, left out when only an optional one does.  A multinomial logistic regression (scikit-learn) is fitted and
written as plain JSON (:class:`extractors.entity_decision.Decider` reads it without scikit-learn)::

    python scripts/train_entity_decision.py cv                  # train on two tuning sets, score the third (x3)
    python scripts/train_entity_decision.py cv --role           # ... the role model instead (hand keep policy)
    python scripts/train_entity_decision.py coverage            # what any decision over the candidates can reach
    python scripts/train_entity_decision.py fit --out DIR       # train on all three, write DIR/weights.json

``cv`` prints, for each rotation, the default pipeline's scores with the hand policy and with the decision
trained without that set (at each threshold pair of :data:`DEFAULT_GRID`), in the same run, and their means.
The dev set is never read here.  December 2026 (h15f): no setting beat the hand policy (``docs/extraction.md``,
"A learned merge decision"), so no weights ship and ``kg_entities`` runs the hand policy.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))
sys.path.append(str(_ROOT / "benchmarks"))  # last: benchmarks/html.py must not shadow the standard library

from devset import SETS, load_devset  # noqa: E402

from extractors.entities import build_pipeline  # noqa: E402
from extractors.entity_decision import CLASSES  # noqa: E402
from extractors.entity_model import MODEL_DIR  # noqa: E402
from ontology.ids import entity_key  # noqa: E402

#: The sets a decision may be trained on: the tuning sets, never the dev set (the reported measure).
TUNING_SETS = ("tune", "tune2", "tune3")
SCORED = ("entities", "methods_models", "datasets", "proposes", "tasks", "metrics")


def candidate_rows(which: str, weights: Path = MODEL_DIR) -> list[tuple[list[str], str, str | None, str, str]]:
    """``(features, label, hand verdict, gold role, rules' role)`` of every candidate in one tuning set's abstracts.

    The label is the kind of the required gold entity the candidate names (``none``: it names none, and its
    gold role is ``""``); a candidate naming only an optional entity is left out.  The hand verdict is the drop
    reason (``None``: kept).
    """
    if which not in TUNING_SETS:
        raise ValueError(f"{which!r} is no tuning set; the decision is trained on {', '.join(TUNING_SETS)} only")
    records = load_devset(SETS[which] / "devset.jsonl")
    nlp = build_pipeline("combined", weights=weights, collect=True)
    rows = []
    for record, doc in zip(records, nlp.pipe(r["text"] for r in records)):
        gold = [(e, {entity_key(f) for f in e["forms"]}) for e in record["entities"]]
        for cand in doc.user_data.get("kg_candidates", []):
            keys = {entity_key(doc[cand["start"] : cand["end"]].text)}
            if cand["long_span"]:
                keys.add(entity_key(doc[cand["long_span"][0] : cand["long_span"][1]].text))
            required = [e for e, forms in gold if not e["optional"] and forms & keys]
            optional = [e for e, forms in gold if e["optional"] and forms & keys]
            if required:
                label, role = required[0]["kind"].lower(), required[0]["role"]
                if any(e["role"] == "proposes" for e in required):
                    role = "proposes"  # the paper proposes the thing one of its names names
            elif optional:
                continue
            else:
                label, role = "none", ""
            rows.append((cand["features"], label, cand["reason"], role, cand["relation"]))
    return rows


def fit(rows: list[tuple], *, c: float = 1.0, drop_above: float = 0.5,
        add_below: float = 0.5, use_kind: bool = False, min_count: int = 2) -> dict:
    """Fit the multinomial logistic regression; return the JSON the decider reads.

    Features seen in fewer than ``min_count`` candidates are left out (they would only memorise one abstract).
    """
    from collections import Counter

    import numpy as np
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for features, *_ in rows for f in set(features))
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([{f: 1 for f in features if counts[f] >= min_count} for features, *_ in rows])
    y = [row[1] for row in rows]
    model = LogisticRegression(C=c, max_iter=5000)
    model.fit(x, y)
    learned = list(model.classes_)
    coef = np.zeros((len(CLASSES), x.shape[1]))
    intercept = np.full(len(CLASSES), -20.0)  # a class never seen in training is never predicted
    if len(learned) == 2:  # binary: scikit-learn keeps one row, for the second class
        order = [CLASSES.index(name) for name in learned]
        coef[order[1]] = model.coef_[0]
        intercept[order[0]], intercept[order[1]] = 0.0, model.intercept_[0]
    else:
        for row, name in enumerate(learned):
            coef[CLASSES.index(name)] = model.coef_[row]
            intercept[CLASSES.index(name)] = model.intercept_[row]
    names = vectorizer.get_feature_names_out()
    weights = {str(name): [round(float(w), 4) for w in coef[:, j]] for j, name in enumerate(names)
               if np.abs(coef[:, j]).max() >= 1e-4}
    return {"classes": list(CLASSES), "intercept": [round(float(b), 4) for b in intercept], "weights": weights,
            "drop_above": drop_above, "add_below": add_below, "use_kind": use_kind,
            "trained_on": {"candidates": len(rows), "features": len(weights), "C": c, "min_count": min_count}}


def fit_role(rows: list[tuple], *, c: float = 1.0, min_count: int = 2) -> dict:
    """Fit the binary role model (proposes or uses) on the candidates the hand policy keeps that name a required
    gold entity; return the ``role`` part of the decider's JSON (its thresholds left to the caller)."""
    from collections import Counter

    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    named = [row for row in rows if row[2] is None and row[1] != "none"]
    counts = Counter(f for features, *_ in named for f in set(features))
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([{f: 1 for f in row[0] if counts[f] >= min_count} for row in named])
    y = [row[3] == "proposes" for row in named]
    model = LogisticRegression(C=c, max_iter=5000).fit(x, y)
    weights = {str(name): round(float(w), 4) for name, w in zip(vectorizer.get_feature_names_out(), model.coef_[0])
               if abs(w) >= 1e-4}
    return {"intercept": round(float(model.intercept_[0]), 4), "weights": weights, "candidates": len(named)}


#: The thresholds ``cv`` compares by default: (drop a hand-kept candidate at P(none) >= x, add a hand-dropped
#: one at P(none) < y).
DEFAULT_GRID = ((1.0, 0.0), (0.5, 0.5), (0.7, 0.3), (0.9, 0.1), (1.0, 0.3), (0.7, 0.0), (0.9, 0.0))
#: The role thresholds ``cv --role`` compares (propose a used name at P(proposes) >= x, use a proposed one below
#: y), with the hand policy's keep decision.
ROLE_GRID = ((0.5, 0.5), (0.6, 0.2), (0.7, 0.1), (0.8, 0.0), (0.6, 0.0), (0.5, 0.0))


def cross_validate(*, c: float, use_kind: bool, min_count: int, grid=DEFAULT_GRID, role: bool = False,
                   weights: Path = MODEL_DIR) -> dict:
    """Train on two tuning sets, score the default pipeline on the third with the hand policy and with the
    decision at each threshold pair of ``grid``, for each rotation; the means of each."""
    from extraction import devset_scores

    rows = {which: candidate_rows(which, weights) for which in TUNING_SETS}
    result: dict = {"settings": {"C": c, "use_kind": use_kind, "min_count": min_count}, "rotations": {}}
    grid = ROLE_GRID if role else grid
    policies = ["hand"] + [f"{'prop>=' if role else 'drop>='}{d}/{'use<' if role else 'add<'}{a}" for d, a in grid]
    with tempfile.TemporaryDirectory() as tmp:
        for held in TUNING_SETS:
            train = [row for which in TUNING_SETS if which != held for row in rows[which]]
            data = fit(train, c=c, use_kind=use_kind, min_count=min_count)
            if role:
                data["role"] = fit_role(train, c=c, min_count=min_count)
            hand = devset_scores("combined", held, weights=weights)
            scores = {"hand": {k: hand[k] for k in SCORED}}
            for (drop, add), policy in zip(grid, policies[1:]):
                path = Path(tmp) / f"without_{held}.json"
                if role:  # the hand policy keeps and types; the role model may change roles
                    setting = {**data, "drop_above": 1.0, "add_below": 0.0,
                               "role": {**data["role"], "propose_above": drop, "use_below": add}}
                else:
                    setting = {**data, "drop_above": drop, "add_below": add}
                path.write_text(json.dumps(setting), encoding="utf-8")
                learned = devset_scores("combined", held, weights=weights, decision=path)
                scores[policy] = {k: learned[k] for k in SCORED}
            result["rotations"][held] = scores
    result["mean"] = {
        policy: {k: round(sum(result["rotations"][h][policy][k]["f1"] for h in TUNING_SETS) / len(TUNING_SETS), 4)
                 for k in SCORED}
        for policy in policies}
    return result


def coverage(weights: Path = MODEL_DIR) -> dict:
    """What any keep / kind decision over the candidates can reach, per tuning set: the required gold entities
    some candidate names (the recall ceiling) and those none does, and the hand policy's candidate-level errors
    (kept but naming no gold entity; dropped but naming one; kept with another kind than the gold one)."""
    result = {}
    for which in TUNING_SETS:
        records = load_devset(SETS[which] / "devset.jsonl")
        nlp = build_pipeline("combined", weights=weights, collect=True)
        named = missed = 0
        for record, doc in zip(records, nlp.pipe(r["text"] for r in records)):
            keys = set()
            for cand in doc.user_data.get("kg_candidates", []):
                keys.add(entity_key(doc[cand["start"] : cand["end"]].text))
                if cand["long_span"]:
                    keys.add(entity_key(doc[cand["long_span"][0] : cand["long_span"][1]].text))
            for entity in record["entities"]:
                if not entity["optional"]:
                    hit = bool({entity_key(f) for f in entity["forms"]} & keys)
                    named, missed = named + hit, missed + (not hit)
        rows = candidate_rows(which, weights)
        result[which] = {
            "required": named + missed, "named_by_a_candidate": named,
            "ceiling_recall": round(named / (named + missed), 4),
            "candidates": len(rows),
            "kept_naming_nothing": sum(1 for row in rows if row[2] is None and row[1] == "none"),
            "dropped_naming_gold": sum(1 for row in rows if row[2] is not None and row[1] != "none"),
            "kept_other_kind": sum(1 for row in rows if row[2] is None and row[1] != "none"
                                   and f"kind={row[1]}" not in row[0]),
        }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("cv", "fit", "coverage"))
    parser.add_argument("--C", type=float, default=1.0, dest="c", help="inverse L2 strength (default %(default)s)")
    parser.add_argument("--drop-above", type=float, default=0.5,
                        help="fit: drop a candidate the hand policy keeps when P(none) is at least this")
    parser.add_argument("--add-below", type=float, default=0.5,
                        help="fit: add a candidate the hand policy drops when P(none) is below this")
    parser.add_argument("--use-kind", action="store_true", help="the decision also picks the kind")
    parser.add_argument("--role", action="store_true", help="cv: the role model's thresholds (hand keep policy)")
    parser.add_argument("--min-count", type=int, default=2, help="least candidates a feature must be seen in")
    parser.add_argument("--sets", default=",".join(TUNING_SETS), help="fit: the tuning sets to train on")
    parser.add_argument("--out", type=Path, help="fit: folder for weights.json")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "coverage":
        print(json.dumps(coverage(), indent=1))
        return 0
    if args.command == "cv":
        result = cross_validate(c=args.c, use_kind=args.use_kind, min_count=args.min_count, role=args.role)
        if args.json:
            print(json.dumps(result, indent=1))
        else:
            print(f"settings {result['settings']}  (F1; {', '.join(SCORED)})")
            for held, scores in result["rotations"].items():
                for policy, figures in scores.items():
                    print(f"  {held:6s} {policy:18s} " + " ".join(f"{figures[k]['f1']:.3f}" for k in SCORED))
            for policy, figures in result["mean"].items():
                print(f"  {'mean':6s} {policy:18s} " + " ".join(f"{v:.3f}" for v in figures.values()))
        return 0
    if args.out is None:
        parser.error("fit needs --out DIR")
    sets = [s for s in args.sets.split(",") if s]
    rows = [row for which in sets for row in candidate_rows(which)]
    data = fit(rows, c=args.c, drop_above=args.drop_above, add_below=args.add_below, use_kind=args.use_kind,
               min_count=args.min_count)
    data["trained_on"]["sets"] = sets
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "weights.json").write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(rows)} candidates of {', '.join(sets)}; {len(data['weights'])} features "
          f"-> {args.out / 'weights.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
