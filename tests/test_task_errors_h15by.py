"""Round h15by: ``benchmarks/task_errors.py --score metrics`` and ``--score entities`` list those scores' errors, so
every false negative of a set can be classed (not found at all / found with other boundaries / another kind)."""
from __future__ import annotations

from script_modules import load_script

from ontology.kinds import EntityKind, Relation
from ontology.records import Mention, Provenance


def _module():
    return load_script("benchmarks/task_errors.py", "kg_task_errors_h15by")


def _mention(name: str, kind: EntityKind) -> Mention:
    return Mention(paper_ref="p", name=name, kind=kind, relation=Relation.USES,
                   provenance=Provenance("x", extractor="kg_entities:use+default", sentence="s"))


_RECORD = {"id": "p", "text": "ZorbNet gets a Flim score and a quux-blix loss on Klaxbank.", "entities": [
    {"name": "ZorbNet", "kind": "METHOD", "role": "uses", "forms": ["ZorbNet"], "optional": False, "spans": [(0, 7)]},
    {"name": "Flim score", "kind": "METRIC", "role": "uses", "forms": ["Flim score"], "optional": False,
     "spans": [(15, 25)]},
    {"name": "quux-blix loss", "kind": "METRIC", "role": "uses", "forms": ["quux-blix loss"], "optional": False,
     "spans": [(32, 46)]},
    {"name": "Klaxbank", "kind": "DATASET", "role": "uses", "forms": ["Klaxbank"], "optional": False,
     "spans": [(50, 58)]},
]}
_MENTIONS = [_mention("ZorbNet", EntityKind.METRIC), _mention("Flim", EntityKind.METRIC),
             _mention("Klaxbank", EntityKind.DATASET)]


def test_metric_errors_are_listed() -> None:
    """A method typed metric, a metric cut short, a metric not found at all."""
    rows = {(row[2], row[3]) for row in _module().record_errors("t", _RECORD, _MENTIONS, "metrics")}
    assert rows == {("FP-otherkind:METHOD", "ZorbNet"), ("FP-boundary:Flim score", "Flim"),
                    ("FN-boundary:Flim", "Flim score"), ("FN-none", "quux-blix loss")}


def test_entity_errors_ignore_the_kind() -> None:
    """The entities score ignores the kind: the method typed metric is right there; what is left is the span and
    the name found under no form."""
    rows = {(row[2], row[3]) for row in _module().record_errors("t", _RECORD, _MENTIONS, "entities")}
    assert rows == {("FP-boundary:Flim score", "Flim"), ("FN-boundary:Flim", "Flim score"),
                    ("FN-none", "quux-blix loss")}
