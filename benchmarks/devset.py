"""The hand-annotated dev set: compile it from ``annotations.txt`` and score predictions against it.

``benchmarks/data/devset/annotations.txt`` is written by hand (guidelines in
``GUIDELINES.md`` beside it), one block per abstract::

    @ 2021.woah-1.6
    DATASET proposes Dutch Abusive Language Corpus | DALC v1.0
    ?TASK uses target classification

A line is ``[?]KIND ROLE NAME [| OTHER FORM ...]``: ``?`` marks an optional
entity (fine to extract or to miss), the other forms are how the abstract also
writes it (an acronym, a long form).  Every form must occur in the abstract;
:func:`compile_devset` finds each occurrence (case-sensitive, except forms with
a space or all in lower case) and writes ``devset.jsonl`` with character offsets:

    python benchmarks/devset.py          # annotations.txt + the Anthology -> devset.jsonl
    python benchmarks/devset.py --set tune   # the tuning set (benchmarks/data/tuneset) the same way
    python benchmarks/devset.py --set tune2  # the second tuning set (benchmarks/data/tuneset2)
    python benchmarks/devset.py --set tune3  # the third tuning set (benchmarks/data/tuneset3)
    python benchmarks/devset.py --set tune4  # the fourth tuning set (benchmarks/data/tuneset4), held out
    python benchmarks/devset.py --set tune5  # the fifth tuning set (benchmarks/data/tuneset5)
    python benchmarks/devset.py --set tune6  # the sixth tuning set (benchmarks/data/tuneset6)
    python benchmarks/devset.py --set tune7  # the seventh tuning set (benchmarks/data/tuneset7)
    python benchmarks/devset.py --set tune8  # the eighth tuning set (benchmarks/data/tuneset8)
    python benchmarks/devset.py --set tune9  # the ninth set (benchmarks/data/tuneset9), held out (the lead's)

The *tuning set* (``benchmarks/data/tuneset``, 100 abstracts of the ``"tune"``
slice, selected by ``python scripts/devset_select.py --set tune``, annotated by
the same guidelines) is where extraction rules may be tuned; the dev set is the
reported measure.  The *second tuning set* (``benchmarks/data/tuneset2``, 80 more abstracts of the
``"tune"`` slice, ``scripts/devset_select.py --set tune2``) was annotated before any prediction on it was
looked at, so its first score measured how rules tuned on the first set generalise; rules may be tuned
on both since.  The *third tuning set* (``benchmarks/data/tuneset3``, 80 more, ``--set tune3``) was drawn
and annotated the same way when rules tuned on the first two had moved the dev set little: it is the
held-out check for changes tuned on the first two (a tagger trained on their gold annotations among them).
The *fourth tuning set* (``benchmarks/data/tuneset4``, 60 more, ``--set tune4``) was drawn the same way
when all three had become tuning data: it is held out from everything tuned so far.
The *fifth tuning set* (``benchmarks/data/tuneset5``, 80 more, ``--set tune5``) was drawn the same way when the
first three were fitted (proposes ~0.89 there, ~0.64 on the dev set): it is tuning data from round h15r on.
The *sixth tuning set* (``benchmarks/data/tuneset6``, 80 more, ``--set tune6``) was drawn the same way when rules
tuned on the fifth did not carry to the dev set (round h15y): its first score estimates the code on unseen abstracts.
The *seventh tuning set* (``benchmarks/data/tuneset7``, 80 more, ``--set tune7``) was drawn the same way when tune5
and tune6 had been read and tuned on by three rounds (round h15ab): its first score estimates the code on unseen
abstracts.
The *eighth tuning set* (``benchmarks/data/tuneset8``, 80 more, ``--set tune8``) was drawn the same way when all six
open tuning sets had been tuned on by many rounds (round h15ah): its first score estimates the code on unseen
abstracts (a tuning set since the thirtieth session).
The *ninth set* (``benchmarks/data/tuneset9``, 80 more, ``--set tune9``) was drawn the same way (round h15am) as the
lead's third held-out set, with the dev set and tune4: no rule round reads it.
The *tenth* and *eleventh tuning sets* (``benchmarks/data/tuneset10``, ``tuneset11``, 60 each, ``--set tune10``,
``--set tune11``) were drawn together in the forty-second session, each annotated blind by one round: their first
scores estimate the code on unseen abstracts; after that they are tuning data.
The *twelfth tuning set* (``benchmarks/data/tuneset12``, 60 more, ``--set tune12``) was drawn by the same later rule
(after tune10 and tune11) when those two had been read by rounds, and annotated blind by round h15bv: its first score
estimates the code on unseen abstracts; after that it is tuning data.
The *thirteenth tuning set* (``benchmarks/data/tuneset13``, 60 more, ``--set tune13``) was drawn by the same later
rule (after tune10, tune11 and tune12) when all three had been read by rounds, and annotated blind by round h15cd:
its first score estimates the code on unseen abstracts; read by round h15cg, it is tuning data since (ten required
entities beyond the guidelines made optional then, listed in its README).
The *fourteenth tuning set* (``benchmarks/data/tuneset14``, 60 more, ``--set tune14``) was drawn by the same later
rule (after tune10 … tune13) when tune13 was being read, and annotated blind by round h15cf: its first score estimates
the code on unseen abstracts.
Each compiles to ``devset.jsonl`` in its folder and is scored by :func:`score`.

Scoring (:func:`score`) is per paper, like ``../shared/eval/score.py``: a
predicted entity matches a gold one when a predicted name or long form has the
entity key (:func:`ontology.ids.entity_key`) of one of the gold forms; a
prediction matching only an optional entity of the scored kinds (and role) is
neither right nor wrong; a missed optional entity is not counted.  A
prediction of the wrong kind (a task typed as a method) is wrong in the kind's
score, right in ``entities`` (which ignores kinds).
"""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from ontology.ids import entity_key  # noqa: E402

DEVSET_DIR = _HERE / "data" / "devset"
TUNESET_DIR = _HERE / "data" / "tuneset"
TUNESET2_DIR = _HERE / "data" / "tuneset2"
TUNESET3_DIR = _HERE / "data" / "tuneset3"
TUNESET4_DIR = _HERE / "data" / "tuneset4"
TUNESET5_DIR = _HERE / "data" / "tuneset5"
TUNESET6_DIR = _HERE / "data" / "tuneset6"
TUNESET7_DIR = _HERE / "data" / "tuneset7"
TUNESET8_DIR = _HERE / "data" / "tuneset8"
TUNESET9_DIR = _HERE / "data" / "tuneset9"
TUNESET10_DIR = _HERE / "data" / "tuneset10"
TUNESET11_DIR = _HERE / "data" / "tuneset11"
TUNESET12_DIR = _HERE / "data" / "tuneset12"
TUNESET13_DIR = _HERE / "data" / "tuneset13"
TUNESET14_DIR = _HERE / "data" / "tuneset14"
#: The annotated sets by name: the dev set (reported) and the tuning sets (the fourth and the ninth are held out
#: from everything tuned on the others; see the READMEs).
SETS = {"dev": DEVSET_DIR, "tune": TUNESET_DIR, "tune2": TUNESET2_DIR, "tune3": TUNESET3_DIR,
        "tune4": TUNESET4_DIR, "tune5": TUNESET5_DIR, "tune6": TUNESET6_DIR,
        "tune7": TUNESET7_DIR, "tune8": TUNESET8_DIR, "tune9": TUNESET9_DIR,
        "tune10": TUNESET10_DIR, "tune11": TUNESET11_DIR, "tune12": TUNESET12_DIR,
        "tune13": TUNESET13_DIR, "tune14": TUNESET14_DIR}
#: The held-out sets: scored by the lead, never read; the scripts that list errors refuse them.
HELD_OUT = frozenset({"dev", "tune4", "tune9"})
KINDS = ("METHOD", "DATASET", "MODEL", "TASK", "METRIC")
ROLES = ("proposes", "uses")
_LINE = re.compile(r"^(?P<optional>\?)?(?P<kind>[A-Z]+) (?P<role>proposes|uses) (?P<forms>.+)$")


class DevsetError(ValueError):
    """A line of annotations.txt is malformed or names a form the abstract does not contain."""


@dataclass
class GoldEntity:
    """One annotated entity of one abstract."""

    name: str
    kind: str
    role: str
    forms: list[str]
    optional: bool = False
    spans: list[tuple[int, int]] = field(default_factory=list)

    def keys(self) -> set[str]:
        return {entity_key(form) for form in self.forms}


def parse_annotations(text: str) -> dict[str, list[GoldEntity]]:
    """Anthology id → its annotated entities.

    >>> parse_annotations("@ X-1\\nTASK uses machine translation | MT\\n?METRIC uses BLEU\\n")["X-1"][0].forms
    ['machine translation', 'MT']
    """
    papers: dict[str, list[GoldEntity]] = {}
    current: list[GoldEntity] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("@"):
            current = papers.setdefault(line[1:].strip(), [])
            continue
        match = _LINE.match(line)
        if current is None or not match or match["kind"] not in KINDS:
            raise DevsetError(f"annotations line {number}: cannot read {line!r} (expected '[?]KIND ROLE NAME | FORM')")
        forms = [f.strip() for f in match["forms"].split(" | ") if f.strip()]
        current.append(GoldEntity(forms[0], match["kind"], match["role"], forms, bool(match["optional"])))
    return papers


def form_spans(form: str, text: str) -> list[tuple[int, int]]:
    """Where ``form`` occurs in ``text`` as a whole word sequence.

    >>> form_spans("BERT", "BERT-based mBERT and BERT."), form_spans("text classification", "Text classification")
    ([(0, 4), (21, 25)], [(0, 19)])
    """
    flags = re.IGNORECASE if (" " in form or form.islower()) else 0
    pattern = re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)", flags)
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def compile_devset(annotations: Path, abstracts: Iterable[dict]) -> list[dict]:
    """Records of ``devset.jsonl``: each annotated abstract with its entities and their character spans."""
    gold = parse_annotations(annotations.read_text("utf-8"))
    by_id = {row["id"]: row for row in abstracts}
    records, missing = [], []
    for paper_id, entities in gold.items():
        row = by_id.get(paper_id)
        if row is None:
            raise DevsetError(f"{paper_id} is not among the selected abstracts (see scripts/devset_select.py)")
        for entity in entities:
            for form in entity.forms:
                spans = form_spans(form, row["text"])
                if not spans:
                    missing.append(f"{paper_id}: {form!r}")
                entity.spans.extend(spans)
        records.append({**row, "entities": [
            {"name": e.name, "kind": e.kind, "role": e.role, "forms": e.forms, "optional": e.optional,
             "spans": sorted(set(e.spans))} for e in entities]})
    if missing:
        raise DevsetError("forms that do not occur in their abstract: " + "; ".join(missing))
    return records


def load_devset(path: Path = DEVSET_DIR / "devset.jsonl") -> list[dict]:
    """The compiled dev set (one dict per abstract)."""
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


# ----------------------------------------------------------------------------- scoring


@dataclass
class PRF:
    """Predictions right (``tp``) and wrong (``fp``); gold entities found and missed (``fn``)."""

    tp: int = 0
    fp: int = 0
    found: int = 0
    fn: int = 0

    def figures(self) -> dict:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        r = self.found / (self.found + self.fn) if self.found + self.fn else 1.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4),
                "tp": self.tp, "fp": self.fp, "found": self.found, "fn": self.fn}


#: Scores reported: name → (gold kinds, predicted kinds, role or None).  "entities" ignores the kind.
SCORES: dict[str, tuple[frozenset, frozenset, str | None]] = {
    "entities": (frozenset(KINDS), frozenset(KINDS), None),
    "methods_models": (frozenset({"METHOD", "MODEL"}), frozenset({"METHOD", "MODEL"}), None),
    "datasets": (frozenset({"DATASET"}), frozenset({"DATASET"}), None),
    "tasks": (frozenset({"TASK"}), frozenset({"TASK"}), None),
    "metrics": (frozenset({"METRIC"}), frozenset({"METRIC"}), None),
    "proposes": (frozenset(KINDS), frozenset(KINDS), "proposes"),
}


def score(records: list[dict], predictions: dict[str, list[tuple[str, str, str, str | None]]]) -> dict:
    """Per-paper precision / recall / F1 for each of :data:`SCORES`.

    ``predictions``: Anthology id → ``(name, KIND, role, long form or None)`` of each predicted mention.

    >>> rec = [{"id": "p", "entities": [{"name": "BLEU", "kind": "METRIC", "role": "uses", "forms": ["BLEU"],
    ...         "optional": False}]}]
    >>> score(rec, {"p": [("BLEU", "METRIC", "uses", None), ("Zorb", "METHOD", "uses", None)]})["entities"]["f1"]
    0.6667
    """
    counts = {name: PRF() for name in SCORES}
    for record in records:
        predicted = predictions.get(record["id"], [])
        for name, (gold_kinds, predicted_kinds, role) in SCORES.items():
            gold = [e for e in record["entities"] if e["kind"] in gold_kinds and (role is None or e["role"] == role)]
            optional = [e for e in gold if e["optional"]]  # right kind and role: neither right nor wrong
            mine: dict[str, set[str]] = {}
            for pname, kind, prole, long_form in predicted:
                if kind in predicted_kinds and (role is None or prole == role):
                    keys = {entity_key(pname)} | ({entity_key(long_form)} if long_form else set())
                    mine.setdefault(entity_key(pname), set()).update(keys)
            merged = _merge(mine.values())
            required = [e for e in gold if not e["optional"]]
            counted = counts[name]
            for keys in merged:
                if any(keys & _keys(e) for e in required):
                    counted.tp += 1
                elif not any(keys & _keys(e) for e in optional):
                    counted.fp += 1
            hits = [any(_keys(e) & keys for keys in merged) for e in required]
            counted.found += sum(hits)
            counted.fn += len(hits) - sum(hits)
    return {name: c.figures() for name, c in counts.items()}


def _keys(entity: dict) -> set[str]:
    return {entity_key(form) for form in entity["forms"]}


def _merge(groups: Iterable[set[str]]) -> list[set[str]]:
    """Predicted names that share a key (an acronym and its long form) are one prediction."""
    merged: list[set[str]] = []
    for group in groups:
        group = set(group)
        for other in [m for m in merged if m & group]:
            group |= other
            merged.remove(other)
        merged.append(group)
    return merged


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Compile an annotated set's annotations.txt to devset.jsonl.")
    parser.add_argument("candidates", nargs="?", type=Path, default=None,
                        help="abstracts from scripts/devset_select.py (default /tmp/<set>set_candidates.jsonl)")
    parser.add_argument("--set", choices=sorted(SETS), default="dev", dest="which")
    args = parser.parse_args(argv)
    candidates = args.candidates or Path(f"/tmp/{args.which}set_candidates.jsonl")
    if not candidates.exists():
        print(f"devset: run `python scripts/devset_select.py --set {args.which} --out {candidates}` first",
              file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in candidates.read_text("utf-8").splitlines() if line.strip()]
    folder = SETS[args.which]
    records = compile_devset(folder / "annotations.txt", rows)
    out = folder / "devset.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    entities = [e for r in records for e in r["entities"]]
    print(f"{len(records)} abstracts, {len(entities)} entities "
          f"({sum(not e['optional'] for e in entities)} required) -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
