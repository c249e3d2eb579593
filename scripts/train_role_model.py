"""Train and cross-validate the learned proposes / uses decision (:mod:`extractors.entity_role_model`).

Each entity the pipeline keeps in an abstract of the tuning sets (:data:`TUNING_SETS`; its mentions grouped by
entity key, as the scorer merges them) is labelled by the gold role of the annotated entity it names:
``proposes`` when a required gold entity it names is proposed, else ``uses`` (an entity naming no gold entity, or a
used one, is wrong when proposed); an entity naming only an optional proposed one is left out (either role scores
the same).  A logistic regression (scikit-learn, L2, ``lbfgs`` on dense features: deterministic) is fitted on the
features of :func:`extractors.entity_role_model.entity_features`.

The role rules were fitted on these sets, so today's rules are right on ~97 % of what they propose there and a
model trained on their output learns to copy them.  The *replay* data is what the rules were on unseen abstracts:
each set's mentions as the code found them **before any rule was tuned on that set** (:data:`FIRST_SCORE_CODE`:
the commit that added the set, or the one its first score was measured with), made by ``replay-data`` (``git
archive`` of each commit into a temporary folder, ``scripts/dump_mentions.py`` run on it).  The shipped weights
are fitted on the replay data of the five read sets :data:`FIT_SETS` (round h15ce; from round h15ag to h15ce they
were fitted on these and the gate set tune7, and round h15bw measured eight sets, with tune10 and tune11, and kept
six: ``docs/extraction.md``).

    python scripts/train_role_model.py replay-data   # the sets as their first-score code saw them (~1 min)
    python scripts/train_role_model.py cv            # leave one set out on today's mentions: rules vs learned
    python scripts/train_role_model.py replay-cv     # leave one set out on the replay data: rules then vs learned
    python scripts/train_role_model.py fit           # fit on the five sets' replay data, write the shipped weights

``cv`` and ``replay-cv`` train on all sets but one and predict that one, for each, and score the rules'
roles and the learned roles on the held-out set with :func:`devset.score` (proposes P / R / F1 per fold and
pooled), with a paired bootstrap over abstracts of the pooled difference
(:func:`paired_extraction.paired_bootstrap`); ``replay-cv`` also scores the model fitted on all the replay sets on
today's mentions (where today's rules are in-sample).  ``--sets`` picks the sets: for ``cv`` and ``replay-cv`` the
scored folds (default :data:`READ_SETS`), for ``fit`` the training sets (default :data:`FIT_SETS`, which rebuilds
the shipped weights byte for byte).  ``replay-cv --train-sets`` trains each fold's model on other sets than the
folds (the fold left out), and ``--base-sets`` predicts each fold from a second list too and bootstraps the
difference on the same folds.  The held-out sets (dev, tune4, tune9), the gate set tune8, tune12 (drawn blind;
read since round h15by, its first score the record), tune13 (drawn blind by round h15cd, read since round h15cg,
likewise) and tune14 (drawn blind by round h15cf) are refused
(:data:`REFUSED_SETS`); the gate set tune7 (:data:`GATE_SETS`) is never a scored fold and is trained on only when
named (``fit --sets``, ``--train-sets``, ``--base-sets``), to compare with the weights shipped from round h15ag to
h15ce.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
_ROOT = Path(__file__).resolve().parent.parent
_BENCH = _ROOT / "benchmarks"
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _BENCH]  # benchmarks/html.py shadows html
sys.path.insert(0, str(_ROOT))
sys.path.append(str(_BENCH))

import argparse
import json
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

from devset import PRF, SETS, load_devset, score
from extraction import scored_mention

from extractors.entity_role_model import RoleModel, decide, entity_features, group_mentions
from extractors.mentions import extract_mentions
from extractors.role_weights import ROLE_WEIGHTS
from ontology.ids import entity_key
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation

#: The tuning sets with replay data (:data:`FIRST_SCORE_CODE`): the read sets and tune7 (trained on from round h15ag
#: to h15ce, before and after it became a gate set); tune10 and tune11 since round h15bw.
TUNING_SETS = ("tune", "tune2", "tune3", "tune5", "tune6", "tune7", "tune10", "tune11")
#: Gate sets with replay data: scored once at a round's end (counts only), never a cross-validation fold, trained on
#: only when named (``fit --sets``, ``replay-cv --train-sets`` / ``--base-sets``).
GATE_SETS = frozenset({"tune7"})
#: The read sets with replay data: the folds ``cv`` and ``replay-cv`` score by default.
READ_SETS = tuple(w for w in TUNING_SETS if w not in GATE_SETS)
#: The sets the shipped weights are fitted on (``fit``'s default): the six the model was fitted on from round h15ag
#: without the gate set tune7 (round h15ce); not tune10 and tune11 (round h15bw: a model trained on them too predicted
#: a left-out set no better).
FIT_SETS = ("tune", "tune2", "tune3", "tune5", "tune6")
#: Sets never trained or cross-validated on: held out (dev, tune4, tune9), the gate set tune8, tune12 (drawn blind,
#: read since round h15by; like the tagger's training, ``entity_training_data.REFUSED_SETS``, it stays out), tune13
#: (drawn blind by round h15cd, read since round h15cg; stays out as tune12 does: no shipped weights were refit) and
#: tune14 (drawn blind by round h15cf).
REFUSED_SETS = frozenset({"dev", "tune4", "tune8", "tune9", "tune12", "tune13", "tune14"})
#: Per tuning set, code no rule had been tuned on it with: the commit that added the set (tune: its first 40,
#: tune2, tune3) or the one its documented first score was measured with (tune5, tune6, tune7; tune10 and tune11
#: both at ef02ea7, PIPELINE_VERSION 80, whose mentions are dumped with the rules' roles, ``roles=None``).
FIRST_SCORE_CODE = {"tune": "1662c31", "tune2": "ab93f40", "tune3": "516d562", "tune5": "04c0430",
                    "tune6": "d0b71df", "tune7": "3e53e5d", "tune10": "ef02ea7", "tune11": "ef02ea7"}
_OUT = _ROOT / "extractors" / ROLE_WEIGHTS
_REPLAY = Path(tempfile.gettempdir()) / "kg-role-replay"


@dataclass
class Entity:
    """One entity the pipeline keeps in one abstract: its mentions' indices, features and gold label."""

    set_name: str
    paper: str
    members: list[int]
    features: list[str]
    label: int | None  # 1 proposes, 0 uses, None: left out (names only an optional proposed entity)
    in_title_only: bool


@dataclass
class Abstract:
    """One annotated abstract: its record, paper, the rules' mentions and its entities."""

    set_name: str
    record: dict
    paper: Paper
    mentions: list[Mention]
    entities: list[Entity]


def checked_sets(text: str | Sequence[str], *, scored: bool = False) -> tuple[str, ...]:
    """The tuning sets named by ``text`` (comma-separated or a sequence); a held-out, gate or blind set, or one
    with no first-score code, is refused, and when the sets are to be ``scored`` (cross-validation folds) a gate set
    of :data:`GATE_SETS` too.

    >>> checked_sets("tune,tune10")
    ('tune', 'tune10')
    >>> checked_sets("tune,tune8")
    Traceback (most recent call last):
    ...
    SystemExit: never trained on: tune8 (held out, gate or blind)
    >>> checked_sets("tune,tune7")
    ('tune', 'tune7')
    >>> checked_sets(["tune7"], scored=True)
    Traceback (most recent call last):
    ...
    SystemExit: never scored here: tune7 (a gate set: counts only, once, at a round's end)
    """
    sets = tuple(w.strip() for w in text.split(",") if w.strip()) if isinstance(text, str) else tuple(text)
    refused = [w for w in sets if w in REFUSED_SETS]
    if refused:
        raise SystemExit(f"never trained on: {', '.join(refused)} (held out, gate or blind)")
    unknown = [w for w in sets if w not in FIRST_SCORE_CODE]
    if unknown:
        raise SystemExit(f"no first-score code for {', '.join(unknown)} (FIRST_SCORE_CODE)")
    gates = [w for w in sets if w in GATE_SETS] if scored else []
    if gates:
        raise SystemExit(f"never scored here: {', '.join(gates)} (a gate set: counts only, once, at a round's end)")
    return sets


def gold_label(keys: set[str], gold: Sequence[dict]) -> int | None:
    """1 when ``keys`` name a required proposed gold entity, ``None`` when only an optional proposed one, else 0.

    >>> g = [{"forms": ["Zorb"], "role": "proposes", "optional": False},
    ...      {"forms": ["Quux"], "role": "proposes", "optional": True}, {"forms": ["BERT"], "role": "uses",
    ...      "optional": False}]
    >>> gold_label({"zorb"}, g), gold_label({"quux"}, g), gold_label({"bert"}, g), gold_label({"x"}, g)
    (1, None, 0, 0)
    """
    named = [e for e in gold if keys & {entity_key(f) for f in e["forms"]}]
    if any(e["role"] == "proposes" and not e["optional"] for e in named):
        return 1
    if any(e["role"] == "proposes" for e in named) and not any(not e["optional"] for e in named):
        return None
    return 0


def _abstract(which: str, record: dict, paper: Paper, mentions: list[Mention]) -> Abstract:
    entities = []
    for group in group_mentions(mentions):
        entity = [mentions[i] for i in group]
        keys = {entity_key(m.name) for m in entity} | {entity_key(m.long_form) for m in entity if m.long_form}
        title_only = all(m.provenance.sentence == paper.title and paper.title for m in entity)
        entities.append(Entity(which, record["id"], group, entity_features(paper, entity),
                               gold_label(keys, record["entities"]), title_only))
    return Abstract(which, record, paper, mentions, entities)


def _papers(which: str) -> tuple[list[dict], list[Paper]]:
    records = load_devset(SETS[which] / "devset.jsonl")
    return records, [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"], title=r.get("title"))
                     for r in records]


def collect(sets: Sequence[str]) -> list[Abstract]:
    """Every abstract of ``sets`` with today's rules' mentions (the default pipeline, no role model)."""
    abstracts = []
    for which in sets:
        records, papers = _papers(which)
        per_paper: dict[str, list[Mention]] = {r["id"]: [] for r in records}
        for mention in extract_mentions(papers, roles=None):
            per_paper[mention.paper_ref].append(mention)
        abstracts += [_abstract(which, r, p, per_paper[r["id"]]) for r, p in zip(records, papers)]
    return abstracts


def replay_data(folder: Path = _REPLAY, sets: Sequence[str] = TUNING_SETS) -> None:
    """Write ``folder/<set>.json``: each tuning set's mentions as :data:`FIRST_SCORE_CODE` found them."""
    folder.mkdir(parents=True, exist_ok=True)
    for which in checked_sets(sets):
        commit = FIRST_SCORE_CODE[which]
        with tempfile.TemporaryDirectory() as code:
            archive = subprocess.run(["git", "-C", str(_ROOT), "archive", commit, "extractors", "ontology"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", code], input=archive, check=True)
            env = {**os.environ, "PYTHONPATH": code}
            subprocess.run([sys.executable, str(_ROOT / "scripts" / "dump_mentions.py"),
                            str(SETS[which] / "devset.jsonl"), str(folder / f"{which}.json")],
                           check=True, env=env, cwd=tempfile.gettempdir())
        print(f"{which}: mentions of the code at {commit} -> {folder / which}.json")


def replayed(sets: Sequence[str], folder: Path = _REPLAY) -> list[Abstract]:
    """Every abstract of ``sets`` with the mentions :func:`replay_data` wrote (its first-score code's)."""
    abstracts = []
    for which in checked_sets(sets):
        path = folder / f"{which}.json"
        if not path.exists():
            raise SystemExit(f"{path} is missing: run `python scripts/train_role_model.py replay-data` first")
        dumped = json.loads(path.read_text("utf-8"))
        records, papers = _papers(which)
        for record, paper in zip(records, papers):
            mentions = [Mention(paper.ref, d["name"], EntityKind(d["kind"]), Relation(d["relation"]), Provenance(
                "devset", start=d["start"], end=d["end"], extractor=d["extractor"], confidence=d["confidence"],
                sentence=d["sentence"]), long_form=d["long_form"]) for d in dumped[record["id"]]]
            abstracts.append(_abstract(which, record, paper, mentions))
    return abstracts


def fit(entities: Sequence[Entity], *, c: float, threshold: float, keep: float | None = None) -> RoleModel:
    """A role model fitted on the labelled ``entities`` (inverse regularisation ``c``)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    rows = [e for e in entities if e.label is not None and not e.in_title_only]
    vectorizer = DictVectorizer(sparse=False)
    x = vectorizer.fit_transform([dict.fromkeys(e.features, 1) for e in rows])
    y = [e.label for e in rows]
    clf = LogisticRegression(C=c, solver="lbfgs", max_iter=5000).fit(x, y)
    weights = {name: round(float(w), 5) for name, w in zip(vectorizer.get_feature_names_out(), clf.coef_[0])
               if abs(w) >= 1e-5}
    return RoleModel({"intercept": round(float(clf.intercept_[0]), 5), "weights": dict(sorted(weights.items())),
                      "threshold": threshold, "keep": threshold if keep is None else keep})


def _verdicts(abstract: Abstract, model: RoleModel) -> list[tuple[Entity, bool]]:
    """Each entity the model decides (not one the title alone names) with its verdict (:func:`decide`)."""
    decided = [e for e in abstract.entities if not e.in_title_only]
    verdicts = decide(model, [([abstract.mentions[i] for i in e.members], e.features) for e in decided])
    return list(zip(decided, verdicts))


def roles(abstract: Abstract, model: RoleModel | None) -> list[Relation]:
    """Each mention's role: the rules' (``model`` ``None``) or the model's for each entity it decides."""
    relations = [m.relation for m in abstract.mentions]
    if model is None:
        return relations
    for entity, proposed in _verdicts(abstract, model):
        for i in entity.members:
            relations[i] = Relation.PROPOSES if proposed else Relation.USES
    return relations


def counts(abstracts: Sequence[Abstract], model: RoleModel | None) -> dict[str, dict[str, list[int]]]:
    """Per abstract (``set/id``), per score, ``[tp, fp, found, fn]`` with the rules' or the model's roles."""
    out = {}
    for abstract in abstracts:
        record = abstract.record
        predicted = [(m.name, m.kind.value.upper(), relation.value, m.long_form)
                     for m, relation in zip(abstract.mentions, roles(abstract, model))
                     if scored_mention(m, record["text"], record.get("title"))]
        figures = score([record], {record["id"]: predicted})
        out[f"{abstract.set_name}/{record['id']}"] = {n: [f["tp"], f["fp"], f["found"], f["fn"]]
                                                      for n, f in figures.items()}
    return out


def prf(table: dict[str, dict[str, list[int]]], name: str = "proposes") -> tuple[float, float, float]:
    """Pooled precision, recall and F1 of score ``name``."""
    figures = PRF(*(sum(row[name][k] for row in table.values()) for k in range(4))).figures()
    return figures["precision"], figures["recall"], figures["f1"]


def changed(abstracts: Sequence[Abstract], model: RoleModel) -> tuple[int, int]:
    """(entities whose role the model changes, entities it decides)."""
    flips = decided = 0
    for abstract in abstracts:
        for entity, proposed in _verdicts(abstract, model):
            decided += 1
            flips += any(abstract.mentions[i].relation is Relation.PROPOSES for i in entity.members) != proposed
    return flips, decided


def cross_validate(abstracts: Sequence[Abstract], *, c: float, threshold: float, keep: float | None = None,
                   folds: Sequence[str] = READ_SETS, train_sets: Sequence[str] | None = None) -> dict:
    """Leave-one-set-out over ``abstracts``: per fold and pooled proposes P / R / F1, their rules vs learned, and
    the paired bootstrap of the pooled difference.  Each fold (a set of ``folds``, never a gate set) is predicted by
    a model fitted on the other sets of ``train_sets`` (default: ``folds``); a fold or training set none of
    ``abstracts`` is from is refused, not left out."""
    from paired_extraction import paired_bootstrap

    checked_sets(folds, scored=True)
    train_sets = folds if train_sets is None else train_sets
    loaded = {a.set_name for a in abstracts}
    missing = [w for w in dict.fromkeys([*folds, *train_sets]) if w not in loaded]
    if missing:
        raise ValueError(f"no abstracts of {', '.join(missing)} to cross-validate with: load them (replayed / collect)")
    rules_all, learned_all, per_fold = {}, {}, {}
    for held in folds:
        train = [e for a in abstracts if a.set_name != held and a.set_name in train_sets for e in a.entities]
        test = [a for a in abstracts if a.set_name == held]
        model = fit(train, c=c, threshold=threshold, keep=keep)
        rules_counts, learned_counts = counts(test, None), counts(test, model)
        rules_all.update(rules_counts)
        learned_all.update(learned_counts)
        per_fold[held] = {"rules": prf(rules_counts), "learned": prf(learned_counts), "changed": changed(test, model)}
    return {"folds": per_fold, "rules": prf(rules_all), "learned": prf(learned_all),
            "entities": (prf(rules_all, "entities"), prf(learned_all, "entities")),
            "bootstrap": paired_bootstrap(rules_all, learned_all, resamples=2000)["proposes"],
            "counts": (rules_all, learned_all)}


def _report(result: dict) -> None:
    print(f"{'fold':<8}{'rules P/R/F1':>24}{'learned P/R/F1':>24}  changed")
    for held, fold in result["folds"].items():
        r, learned = fold["rules"], fold["learned"]
        print(f"{held:<8}{r[0]:>8.3f}{r[1]:>8.3f}{r[2]:>8.3f}{learned[0]:>8.3f}{learned[1]:>8.3f}{learned[2]:>8.3f}"
              f"  {fold['changed'][0]} of {fold['changed'][1]}")
    r, learned, b = result["rules"], result["learned"], result["bootstrap"]
    print(f"{'pooled':<8}{r[0]:>8.3f}{r[1]:>8.3f}{r[2]:>8.3f}{learned[0]:>8.3f}{learned[1]:>8.3f}{learned[2]:>8.3f}")
    print(f"proposes F1 learned - rules: {b['diff']:+.4f} [{b['low']:+.4f}, {b['high']:+.4f}] (paired bootstrap, "
          f"2,000 resamples of the abstracts); entities F1 {result['entities'][0][2]:.4f} -> "
          f"{result['entities'][1][2]:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("replay-data", "cv", "replay-cv", "fit"))
    parser.add_argument("--C", type=float, default=1.0, dest="c", help="inverse L2 regularisation")
    parser.add_argument("--threshold", type=float, default=0.5, help="least probability of proposes")
    parser.add_argument("--keep", type=float, default=0.4,
                        help="least probability for a name the rules propose to stay proposed")
    parser.add_argument("--replay", type=Path, default=_REPLAY, help="the replay data's folder")
    parser.add_argument("--out", type=Path, default=_OUT, help="where `fit` writes the weights")
    parser.add_argument("--sets", type=checked_sets, default=None,
                        help="comma-separated tuning sets: cv / replay-cv's scored folds (default: READ_SETS, never "
                             "a gate set), fit's training sets (default: FIT_SETS), replay-data's (TUNING_SETS)")
    parser.add_argument("--train-sets", type=checked_sets, default=None,
                        help="replay-cv: train each fold's model on these sets (the fold left out; default: --sets)")
    parser.add_argument("--base-sets", type=checked_sets, default=None,
                        help="replay-cv: also predict each fold from these sets (the fold left out) and compare")
    args = parser.parse_args(argv)
    for option, given in (("--train-sets", args.train_sets), ("--base-sets", args.base_sets)):
        if given is not None and args.command != "replay-cv":  # else ignored, or (fit) trained on unrecorded
            parser.error(f"{option} is for replay-cv only; {args.command} takes its sets from --sets")
    default = {"fit": FIT_SETS, "replay-data": TUNING_SETS}.get(args.command, READ_SETS)
    sets = args.sets or default
    if args.command in ("cv", "replay-cv"):
        checked_sets(sets, scored=True)
    if args.command == "replay-data":
        replay_data(args.replay, sets)
        return 0
    if args.command == "cv":
        _report(cross_validate(collect(sets), c=args.c, threshold=args.threshold, keep=args.keep, folds=sets))
        return 0
    train_sets = (args.train_sets or sets) if args.command == "replay-cv" else sets
    wanted = [*sets, *train_sets, *(args.base_sets or ())]
    replay = replayed(list(dict.fromkeys(wanted)), args.replay)
    if args.command == "replay-cv":
        result = cross_validate(replay, c=args.c, threshold=args.threshold, keep=args.keep, folds=sets,
                                train_sets=train_sets)
        if train_sets != sets:
            print(f"(each fold predicted from {','.join(train_sets)}, the fold left out)")
        _report(result)
        from paired_extraction import paired_bootstrap

        if args.base_sets is not None:
            base = cross_validate(replay, c=args.c, threshold=args.threshold, keep=args.keep, folds=sets,
                                  train_sets=args.base_sets)
            print(f"the same folds predicted from {','.join(args.base_sets)} (the fold left out):")
            _report(base)
            b = paired_bootstrap(base["counts"][1], result["counts"][1], resamples=2000)["proposes"]
            print(f"proposes F1 learned from {','.join(train_sets)} - learned from {','.join(args.base_sets)}: "
                  f"{b['diff']:+.4f} [{b['low']:+.4f}, {b['high']:+.4f}]")
        today = collect(sets)
        model = fit([e for a in replay if a.set_name in train_sets for e in a.entities], c=args.c,
                    threshold=args.threshold, keep=args.keep)
        rules, learned = counts(today, None), counts(today, model)
        b = paired_bootstrap(rules, learned, resamples=2000)["proposes"]
        print(f"fitted on the replay data of {','.join(train_sets)}, on today's mentions (today's rules in-sample): "
              "rules {:.3f} {:.3f} {:.3f}, learned {:.3f} {:.3f} {:.3f}, ".format(*prf(rules), *prf(learned))
              + f"{b['diff']:+.4f} [{b['low']:+.4f}, {b['high']:+.4f}]; {changed(today, model)[0]} entities changed")
        return 0
    model = fit([e for a in replay if a.set_name in sets for e in a.entities], c=args.c, threshold=args.threshold,
                keep=args.keep)
    data = {"intercept": model.intercept, "threshold": model.threshold, "keep": model.keep, "weights": model.weights,
            "trained_on": {which: FIRST_SCORE_CODE[which] for which in sets}, "C": args.c}
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(model.weights)} weights -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
