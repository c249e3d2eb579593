"""Round h15an: names shaped like no method or model (``extractors/entity_not_names.py``) and acronyms whose
capitalised long form describes a thing, in both modes; names of methods that look alike stay. Invented sentences."""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_not_names import (
    affixed,
    document_part,
    edition,
    kind_noun_near,
    shaped_non_name,
    titled_description,
    website,
)

_MM = {"method", "model"}


@pytest.mark.parametrize(("text", "name"), [
    ("Our Zorbix models reach the accuracy of several non-ZorbNet models.", "non-ZorbNet"),
    ("We find that both keyword methods outperform several pre-BERT neural models.", "pre-BERT"),
    ("We detect GPT-generated essays with a small classifier.", "GPT-generated"),
    ("This paper presents our system for the ZORBI 2021 Subtask 1 on dialect identification.", "ZORBI 2021"),
    ("We describe the participation of our team in ZorbHack 2022, whose aim is to rate jokes.", "ZorbHack 2022"),
    ("The official scores are shown in Figure-2, where we rank first on Zh-En.", "Figure-2"),
    ("We employ a state-of-the-art open-source LLM.We investigate an attack on it.", "LLM.We"),
])
def test_shaped_non_name_is_no_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) not in _MM


@pytest.mark.parametrize(("text", "name"), [
    ("The obstetric Zorbian Medical Record (ZMR) contains a large amount of data. ZMR notes are long.", "ZMR"),
    ("The objective of the Cross-Zorb Evaluation Forum (CZEF) is to promote research in retrieval.", "CZEF"),
    ("Companies report on their Corporate Zorb Responsibility (CZR) every year.", "CZR"),
])
def test_described_acronym_is_no_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) not in _MM


def test_website_is_no_method(combined) -> None:  # type: ignore[no-untyped-def]
    """The tagger takes a web domain for a method (the rules alone never find it)."""
    doc = combined("Zorbnews.com provides a large collection of subtitles. We crawl Zorbnews.com every day.")
    assert [span.text for span in doc.spans["kg_entities"] if span.label_ in _MM] == []


def test_sentence_end_without_space_is_split(entity_labels) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels("We compare XLM-R and mBERT.We use both.").get("mBERT") == "model"


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We evaluate rationale extraction methods of Local Zorbable Model Explanations (LZME) on the data.", "LZME",
     "method"),
    ("We use COALS (Correlated Occurrence Analogue to Lexical Semantic) algorithm to build a semantic space.",
     "COALS", "method"),
    ("We align the recordings with the Zorbic Forced Aligner (ZFA) before training.", "ZFA", "method"),
    ("We propose Heterogeneous Zorb History (HZH) graph networks for recommendation.", "HZH", "method"),
    ("We fine-tune Llama 2 and GPT-4 on the Zorbian data.", "Llama 2", "model"),
    ("We train a ZorbNet-2020 tagger and compare it with BERT.", "BERT", "model"),
    ("We adopt Zorbic Sparse Adapters (ZSA) here.", "ZSA", "method"),  # adapters are modules, not things described
    ("We insert sparse zorbic adapters (SZA) into each layer.", "SZA", "method"),
])
def test_method_names_stay(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


def test_form_checks() -> None:
    assert [affixed(t) for t in ("non-BERT", "post-COVID-19", "ChatGPT-annotated", "Pre-LN", "Post-Editing")] \
        == [True, True, True, False, False]
    assert [edition(t) for t in ("NADI 2020", "Evalita-2018", "GPT-2", "Llama 2", "ResNet-1001")] \
        == [True, True, False, False, False]
    assert [document_part(t) for t in ("Table 3", "section3.5", "Tableau")] == [True, True, False]
    assert [website(t) for t in ("Snopes.com", "OpenSubtitles.org", "Node.js")] == [True, True, False]


def test_shaped_non_name_rules() -> None:
    assert shaped_non_name("non-BERT", type_rule="model_family", proposed=False) == "affixed"
    assert shaped_non_name("NADI 2020", type_rule="default", proposed=False) == "edition"
    assert shaped_non_name("NADI 2020", type_rule="apposition", proposed=False) is None  # a rule typed it
    assert shaped_non_name("Zorbteam.com", type_rule="default", proposed=True) is None  # the team's name
    assert shaped_non_name("ZorbNet", type_rule="default", proposed=False) is None


def test_titled_description() -> None:
    assert titled_description("EMR", "Electronic Medical Record")
    assert not titled_description("EMR", "electronic medical record")  # lower case: described_pair's
    assert not titled_description("XLMR", "XLM-RoBERTa")  # a name inside
    assert not titled_description("TLNN", "Trigger-aware Lattice Neural Net- work")  # a head broken at a line end
    assert not titled_description("SAICL", "Self-Adaptive In-Context Learning")  # "in" is no preposition here


def test_kind_noun_near() -> None:
    doc = blank_pipeline()("Apply the Zorb Medical Record (ZMR) method to the data.")
    assert kind_noun_near(doc, 2, 7)
    doc = blank_pipeline()("The objective of the Zorb Medical Record (ZMR) is to keep the data.")
    assert not kind_noun_near(doc, 4, 9)


def test_method_model_errors_are_listed() -> None:
    """``benchmarks/task_errors.py --score methods_models``: the list round h15an read its false positives from."""
    from script_modules import load_script

    from ontology.kinds import EntityKind, Relation
    from ontology.records import Mention, Provenance

    module = load_script("benchmarks/task_errors.py", "kg_task_errors_h15an")

    def mention(name: str, kind: EntityKind) -> Mention:
        return Mention(paper_ref="p", name=name, kind=kind, relation=Relation.USES,
                       provenance=Provenance("x", extractor="kg_entities:use+default", sentence="s"))

    record = {"id": "p", "text": "ZorbNet and ZorbLM beat Quux on Blix.", "entities": [
        {"name": "ZorbNet", "kind": "METHOD", "role": "uses", "forms": ["ZorbNet"], "optional": False,
         "spans": [(0, 7)]},
        {"name": "ZorbLM", "kind": "MODEL", "role": "uses", "forms": ["ZorbLM"], "optional": False,
         "spans": [(12, 18)]},
        {"name": "Blix", "kind": "DATASET", "role": "uses", "forms": ["Blix"], "optional": False, "spans": [(32, 36)]},
    ]}
    mentions = [mention("ZorbNet", EntityKind.MODEL), mention("Quux", EntityKind.METHOD),
                mention("Blix", EntityKind.METHOD)]
    rows = {(row[2], row[3]) for row in module.record_errors("t", record, mentions, "methods_models")}
    assert rows == {("FP-none", "Quux"), ("FP-otherkind:DATASET", "Blix"), ("FN-none", "ZorbLM")}
    with pytest.raises(SystemExit):
        module.task_errors(["tune", "tune9"], score="methods_models")


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("Howl supports open speech datasets such as Zorbian Common Voice (ZCV). We train on the ZCV dataset.", "ZCV",
     "dataset"),
    ("We experiment with the ZAD (Zorb Audio Descriptions) dataset, which contains movie transcripts.", "ZAD",
     "method"),  # not dropped: the noun after it says what it is (the kind is the typing rules' business)
])
def test_described_pair_a_noun_types_stays(entity_labels, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == kind


def test_spelled_out_acronym_is_no_affix(entity_labels) -> None:  # type: ignore[no-untyped-def]
    text = "Then, we Pre-train a basic COntext-Dependent Zorb Encoder (Pre-CODZE) on the Zorblat task."
    assert entity_labels(text).get("Pre-CODZE") == "method"
