"""Round h15ai: names of several capitalised words after an article or possessive
(``extractors/entity_title_phrases.py``), in both modes, and the recall audit's loss classes
(``benchmarks/recall_audit.py``). Invented sentences and records."""
from __future__ import annotations

from pathlib import Path

import pytest
from script_modules import load_script

from ontology.kinds import EntityKind, Relation
from ontology.records import Mention, Provenance

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We probe the encoder using the Zorblat Content Model and report results.", "Zorblat Content Model", "method"),
    ("Compounds were split with the Quimby Compound Splitter (Arno, 2017) first.", "Quimby Compound Splitter",
     "method"),
    ("We add the code to Zorbco’s Evaluation Harness Runner for everyone.", "Evaluation Harness Runner", "method"),
    ("We train (i) a Bi-level Slot Tracker which tracks dialogue states.", "Bi-level Slot Tracker", "method"),
    ("It has a Joint Act and Reply Generator which writes replies.", "Joint Act and Reply Generator", "method"),
    ("Rewards come from the Zorbic Beauty Scores of each image.", "Zorbic Beauty Scores", "metric"),
    ("Results improve with the Quorb Span Reasoning framework in all settings.", "Quorb Span Reasoning", "method"),
])
def test_capitalised_phrase_is_a_name(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


@pytest.mark.parametrize(("text", "word"), [
    ("The corpus holds speeches of the Chamber of Deputies of the Czech Republic.", "Chamber"),
    ("Texts of the Late Modern Period were collected from archives.", "Period"),
    ("We train the Machine Learning models on the Zorb data.", "Learning"),
    ("We use a Large Language Model to label the data.", "Language"),
    ("A Reinforcement Learning-based agent picks the columns.", "Learning"),
    ("The talks of the Vice Chancellor were transcribed.", "Chancellor"),
])
def test_capitalised_description_is_no_name(entity_labels, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(word in name for name in entity_labels(text))


@pytest.fixture(scope="module")
def audit():
    """``benchmarks/recall_audit.py``, loaded from its file (``benchmarks/`` is not a package)."""
    return load_script("benchmarks/recall_audit.py", "kg_recall_audit")


def _mention(name: str, kind: EntityKind, relation: Relation, start: int) -> Mention:
    return Mention(paper_ref="p", name=name, kind=kind, relation=relation,
                   provenance=Provenance("x", start=start, end=start + len(name), extractor="kg_entities:default"))


GOLD = {"name": "Zorb Net", "kind": "METHOD", "role": "proposes", "forms": ["Zorb Net"], "optional": False,
        "spans": [(10, 18)]}


def test_audit_classes(audit) -> None:  # type: ignore[no-untyped-def]
    used = _mention("Zorb Net", EntityKind.METHOD, Relation.USES, 10)
    assert audit.classify(GOLD, "proposes", [used], [used], [used], [])[0] == "role"
    ruled = _mention("Zorb Net", EntityKind.METHOD, Relation.PROPOSES, 10)
    assert audit.classify(GOLD, "proposes", [used], [used], [ruled], [])[0] == "role_model"
    data = _mention("Zorb Net", EntityKind.DATASET, Relation.USES, 10)
    assert audit.classify(GOLD, "methods_models", [data], [data], [data], [])[0] == "kind"
    longer = _mention("Zorb Net v2", EntityKind.METHOD, Relation.USES, 10)
    assert audit.classify(GOLD, "entities", [longer], [longer], [longer], [])[0] == "boundaries"
    weak = {"text": "Zorb", "start_char": 10, "end_char": 14, "kind": "method", "reason": "weak"}
    assert audit.classify(GOLD, "entities", [], [], [], [weak])[0] == "dropped_overlap:weak"
    assert audit.classify(GOLD, "entities", [], [], [], [{**weak, "text": "Zorb Net"}])[0] == "dropped:weak"
    assert audit.classify(GOLD, "entities", [], [], [], [])[0] == "no_candidate"
    assert audit.classify(GOLD, "entities", [ruled], [], [ruled], [])[0] == "found_not_counted"


def test_audit_refuses_held_out_sets(audit) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        audit.audit(["tune", "dev"])


@pytest.mark.parametrize(("text", "name"), [
    ("The benchmark covers three tasks: sentiment analysis, zorbic similarity and reading comprehension.",
     "zorbic similarity"),
    ("We evaluate on named entity recognition, zorb sorting, and question answering.", "zorb sorting"),
    ("Our pipeline does named entity recognition, unsupervised zorb clustering, and zorb matching.",
     "unsupervised zorb clustering"),
    ("Embeddings help on emotion recognition and quuxing style detection, in speech.", "quuxing style detection"),
])
def test_task_listed_beside_a_task(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "word"), [
    ("It helps sentiment analysis, search engines and zorb datasets alike.", "engines"),
    ("We study cross-lingual emotion and trigger detection in tweets.", "emotion"),
    ("Results improve after adding zorb adapter layer, mean teacher loss and machine translation.", "adapter"),
    ("We report machine translation and translation performance of zorb models.", "performance"),
])
def test_listed_things_are_no_tasks(entity_labels, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(word in name for name in entity_labels(text))


@pytest.mark.parametrize(("text", "name"), [
    ("We assess the models on the clinical zorb generation tasks from chest images.", "clinical zorb generation"),
    ("To tackle this, we present Zorbo, an abductive zorb reasoning task in Q&A format.", "abductive zorb reasoning"),
    ("Results on a zorbic charge disambiguation task show gains.", "zorbic charge disambiguation"),
])
def test_task_framed_with_plural_or_article(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "task"


@pytest.mark.parametrize(("text", "word"), [
    ("We consider the world of the Zorby Potter fantasy novels in depth.", "Potter"),
    ("It ranked 4th on the Facebook and Twitter test sets, respectively.", "Twitter"),
    ("Modules were built with GATE (a General Architecture for Text Engineering).", "Architecture"),
    ("This is the Zorb Analysis competition of the workshop.", "Analysis"),
])
def test_capitalised_modifier_or_run_on_is_no_name(entity_labels, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert not any(word in name for name in entity_labels(text))


def test_a_problem_is_a_formulation_not_a_task(entity_labels) -> None:  # type: ignore[no-untyped-def]
    text = "Existing systems formulate the task as a multi-way zorb classification problem and train it."
    assert "multi-way zorb classification" not in entity_labels(text)
