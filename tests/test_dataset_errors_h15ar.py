"""Round h15ar: ``benchmarks/task_errors.py --score datasets`` lists the errors of the ``datasets`` score."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from ontology.kinds import EntityKind, Relation
from ontology.records import Mention, Provenance


def _module():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "task_errors.py"
    spec = importlib.util.spec_from_file_location("kg_task_errors_h15ar", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _mention(name: str, kind: EntityKind) -> Mention:
    return Mention(paper_ref="p", name=name, kind=kind, relation=Relation.USES,
                   provenance=Provenance("x", extractor="kg_entities:use+head_noun", sentence="s"))


def test_dataset_errors_are_listed() -> None:
    """A dataset typed as a method, a dataset nothing annotates, a missed dataset and a wider name are each listed."""
    module = _module()
    record = {"id": "p", "text": "ZorbNet beats Quux on Blix and Flim Corpus.", "entities": [
        {"name": "ZorbNet", "kind": "METHOD", "role": "uses", "forms": ["ZorbNet"], "optional": False,
         "spans": [(0, 7)]},
        {"name": "Blix", "kind": "DATASET", "role": "uses", "forms": ["Blix"], "optional": False, "spans": [(22, 26)]},
        {"name": "Flim", "kind": "DATASET", "role": "uses", "forms": ["Flim"], "optional": False, "spans": [(31, 35)]},
    ]}
    mentions = [_mention("ZorbNet", EntityKind.DATASET), _mention("Quux", EntityKind.DATASET),
                _mention("Blix", EntityKind.METHOD), _mention("Flim Corpus", EntityKind.DATASET)]
    rows = {(row[2], row[3]) for row in module.record_errors("t", record, mentions, "datasets")}
    assert rows == {("FP-otherkind:METHOD", "ZorbNet"), ("FP-none", "Quux"), ("FN-kind:method", "Blix"),
                    ("FP-boundary:Flim", "Flim Corpus"), ("FN-boundary:Flim Corpus", "Flim")}

