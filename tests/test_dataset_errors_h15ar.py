"""Round h15ar: ``benchmarks/task_errors.py --score datasets`` lists the errors of the ``datasets`` score."""
from __future__ import annotations

import pytest
from script_modules import load_script

from ontology.kinds import EntityKind, Relation
from ontology.records import Mention, Provenance


def _module():
    return load_script("benchmarks/task_errors.py", "kg_task_errors_h15ar")


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



@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize(("text", "name"), [
    ("We set a new record on the data-to-text benchmark Klaxwire (18.93 BLEU).", "Klaxwire"),
    ("We evaluate results on the structure-controlled dataset Zorbed. Experiments show gains.", "Zorbed"),
    ("Finally, the paper introduces a multimodal form-filling dataset Zorbal Forms (zForms), as well as more.",
     "zForms"),
])
def test_dataset_named_right_after_a_singular_noun(text: str, name: str, mode: str) -> None:
    """A capitalised name right after "the / a ... dataset / corpus / benchmark", closed by punctuation, is a
    dataset (round h15ar), as "a new dataset, X," is."""
    from extractors.entities import build_pipeline

    doc = build_pipeline(mode)(text)
    assert (name, "dataset") in {(span.text, span.label_) for span in doc.spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("It improves over the benchmark Zorb Span Localization model.", "Zorb Span Localization"),
    ("We use the benchmark Klaxon paraphrase data.", "Klaxon"),
])
def test_name_before_another_noun_is_not_named_by_the_noun(text: str, name: str) -> None:
    """Guard: a name followed by another noun modifies that noun; the dataset noun before does not name it."""
    from extractors.entities import build_pipeline

    doc = build_pipeline("rules")(text)
    assert (name, "dataset") not in {(span.text, span.label_) for span in doc.spans["kg_entities"]}
