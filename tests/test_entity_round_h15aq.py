"""Round h15aq: tasks named as the purpose of a thing ("a dataset for zorb retrieval",
``extractors/entity_task_purposes.py``), in both modes. Invented sentences; "zorb" and "quux" are no known words,
so the learned phrases and the tagger's lists do not know the names."""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_task_purposes import PURPOSE_TASK_RULE, purpose_tasks


@pytest.mark.parametrize(("text", "name"), [
    ("We release a multilingual dataset for zorb retrieval across many languages.", "zorb retrieval"),
    ("We propose two approaches for quux zorb segmentation, both simple.", "quux zorb segmentation"),
    ("Existing metrics for evaluating zorb summarization are weak.", "zorb summarization"),
    ("We build tools for automatic zorb tagging in old letters.", "zorb tagging"),
    ("We train a classifier for zorb detection.", "zorb detection"),
])
def test_a_things_purpose_is_a_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


def test_a_purpose_seeds_a_list(entity_labels) -> None:  # type: ignore[no-untyped-def]
    labels = entity_labels("We report results on benchmark datasets for zorb similarity and quux categorization tasks.")
    assert labels.get("zorb similarity") == "task"
    assert labels.get("quux categorization") == "task"


@pytest.mark.parametrize(("text", "name"), [
    ("We ask for zorb identification in the survey.", "zorb identification"),  # no thing before "for"
    ("We train a model for zorb identification Zorbnet style.", "zorb identification"),  # the name runs on
    ("We describe methods for automatic generation of zorb reports.", "generation"),  # cut short before "of"
    ("We describe a method for measuring zorb similarity in texts.", "zorb similarity"),  # a quantity measured
    ("We describe an approach for zorb selection in our pipeline.", "zorb selection"),  # a step of the work
    ("We describe a framework for formal zorb inference over texts.", "formal zorb inference"),
    ("They made a tool for studying zorb comprehension in children.", "zorb comprehension"),  # a human faculty
    ("We use off-the-shelf tools for translation of zorb texts.", "translation"),
])
def test_no_task_where_the_frame_does_not_name_one(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) != "task"


def test_purpose_tasks_alone() -> None:
    doc = blank_pipeline()("A corpus for zorb linking, and a model for zorb feature. Algorithms for parsing.")
    assert [doc[s:e].text for s, e in purpose_tasks(doc, set())] == ["zorb linking"]
    assert purpose_tasks(doc, set(range(len(doc)))) == []  # tokens another candidate covers are not taken


def test_type_rule(both) -> None:  # type: ignore[no-untyped-def]
    doc = both("We release a multilingual dataset for zorb retrieval across many languages.")
    rules = {span.text: span._.kg_type_rule for span in doc.spans["kg_entities"]}
    assert rules.get("zorb retrieval") == PURPOSE_TASK_RULE


@pytest.mark.parametrize(("text", "name"), [
    ("Zorb quuxing is the task of adding quux to zorbs.", "Zorb quuxing"),
    ("Quux phrase grouping is an important task in zorb analysis.", "Quux phrase grouping"),
    ("Automatic zorb checking is a challenging task for quux texts.", "zorb checking"),
])
def test_a_subject_the_sentence_defines_as_a_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "name"), [
    ("Building zorb systems is a hard task for quux teams.", "Building zorb systems"),  # a gerund: an activity
    ("Succinctly summarizing zorbs is a task of growing interest.", "Succinctly summarizing zorbs"),  # an adverb
    ("Data sparsity is a main problem for zorb models.", "Data sparsity"),  # "Data ...", and a problem is no task
    ("Zorb quuxing is a library for quux texts.", "Zorb quuxing"),  # no task noun in the definition
])
def test_no_subject_task_where_the_sentence_does_not_define_one(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) != "task"
