"""Round h15ak: the last word on kept tasks (``extractors/entity_task_bounds.py``), in both modes. Invented
sentences around task names the learned lists know."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "name"), [
    ("Document-level relation extraction aims to find relations across many zorb sentences.",
     "Document-level relation extraction"),
    ("Aspect-based sentiment analysis aims to find the polarity of each zorb aspect.",
     "Aspect-based sentiment analysis"),
    ("Code clone detection is hard when zorb programs differ.", "Code clone detection"),
    ("We address the task of counter narrative generation for zorb posts.", "counter narrative generation"),
])
def test_setting_that_opens_a_definition_is_part_of_the_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "word"), [
    ("Recent relation extraction systems rely on zorb encoders.", "Recent"),
    ("Classical sentiment analysis methods use zorb lexicons.", "Classical"),
    ("In machine translation, zorb models dominate.", "In"),
    ("Automatic claim detection is hard for zorb texts.", "Automatic"),
    ("We study the task of building supervised event trigger identification systems.", "building"),
])
def test_generic_opener_stays_out_of_the_task(entity_labels, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(name.startswith(word) or f" {word} " in name
                   for name, kind in entity_labels(text).items() if kind == "task")


@pytest.mark.parametrize(("text", "name"), [
    ("We collect zorb question-answer (QA) pairs from forums.", "QA"),
    ("The zorb model resists membership inference attacks well.", "membership inference"),
    ("Scholars of Translation Studies wrote the zorb essays.", "Translation"),
    ("We describe a synthetic data generation pipeline for zorb texts.", "synthetic data generation"),
    ("We describe our data extraction steps for the zorb corpus.", "data extraction"),
    ("The zorb agent lacks language understanding and semantic understanding.", "language understanding"),
    ("The zorb agent lacks language understanding and semantic understanding.", "semantic understanding"),
    ("Despite strong results in many translation tasks, zorb models underperform.", "translation"),
    ("She works at the Department of Interpretation and Translation at Zorb University.", "Translation"),
])
def test_name_of_a_thing_or_activity_is_no_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) != "task"


@pytest.mark.parametrize(("text", "name"), [
    ("We study spoken language understanding for zorb assistants.", "spoken language understanding"),
    ("We evaluate zorb systems on natural language understanding (NLU) benchmarks.", "NLU"),
])
def test_named_understanding_stays_a_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We pre-train Zorb with an auxiliary masked language modeling objective.", "masked language modeling", "method"),
    ("We use pre-trained machine translation models for zorb texts.", "machine translation", "task"),
    ("This work introduces the task of Adaptive Zorb Assessment (AZA), which orders questions.", "AZA", "task"),
])
def test_kind_and_name_where_the_text_says(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


@pytest.mark.parametrize(("text", "name"), [
    ("We show ZORBLITE, an intelligent task automation agent for phones.", "ZORBLITE"),
    ("We extract features for the zorb relation (ZR) task of BioZorb V. Our method works.", "BioZorb"),
    ("This paper describes our system submitted to ZEST 2018, a shared task on emotions.", "ZEST 2018"),
])
def test_name_beside_task_is_not_called_a_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) != "task"


@pytest.fixture(scope="module")
def task_errors():
    """``benchmarks/task_errors.py``, loaded from its file (``benchmarks/`` is not a package)."""
    from script_modules import load_script

    return load_script("benchmarks/task_errors.py", "kg_task_errors")


def test_task_error_classes(task_errors) -> None:  # type: ignore[no-untyped-def]
    from ontology.kinds import EntityKind, Relation
    from ontology.records import Mention, Provenance

    def task(name: str, kind: EntityKind = EntityKind.TASK) -> Mention:
        return Mention(paper_ref="p", name=name, kind=kind, relation=Relation.USES,
                       provenance=Provenance("x", extractor="kg_entities:use+tagger", sentence="s"))

    text = "Zorb relation extraction and zorb parsing help. We study zorb tagging, zorb linking and Quux."
    record = {"id": "p", "text": text, "entities": [
        {"name": "zorb relation extraction", "kind": "TASK", "role": "uses", "forms": ["zorb relation extraction"],
         "optional": False, "spans": [(0, 24)]},
        {"name": "zorb tagging", "kind": "TASK", "role": "uses", "forms": ["zorb tagging"], "optional": False,
         "spans": [(58, 70)]},
        {"name": "zorb linking", "kind": "TASK", "role": "uses", "forms": ["zorb linking"], "optional": False,
         "spans": [(72, 84)]},
        {"name": "Quux", "kind": "DATASET", "role": "uses", "forms": ["Quux"], "optional": False, "spans": [(89, 93)]},
    ]}
    mentions = [task("relation extraction"), task("zorb parsing"), task("Quux"),
                task("zorb tagging", EntityKind.METHOD)]
    rows = {(row[2], row[3]) for row in task_errors.record_errors("t", record, mentions)}
    assert rows == {("FP-boundary:zorb relation extraction", "relation extraction"), ("FP-none", "zorb parsing"),
                    ("FP-otherkind:DATASET", "Quux"), ("FN-kind:method", "zorb tagging"),
                    ("FN-boundary:relation extraction", "zorb relation extraction"), ("FN-none", "zorb linking")}


def test_task_errors_refuse_held_out_sets(task_errors) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        task_errors.task_errors(["tune", "tune4"])
