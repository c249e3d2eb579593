"""Round h15bm: names the pipeline lost on tune10 that the sentence vouches for, in both modes. Invented names.

Capitals nothing explains ("IARPA", "PMID") are dropped (``extractors/entity_policy.py``, reason ``capitals``);
listed next to a model kg knows by name, or the object of "fine-tune", they name a model
(:func:`extractors.entity_policy.model_context`). A procedure named by capitalised steps joined by "then"
("Extract-then-Evaluate") is shaped like a name (:func:`extractors.entity_names.name_shape`).

Round h15ck: a lower-case model noun right after the capitals ("the baseline ZORBAX model") or the brackets right
after one ("a paraphrasing model (ZORBAX)") says it too (:func:`extractors.entity_policy.named_model_noun`).
"""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline, build_pipeline
from extractors.entity_names import name_shape
from extractors.entity_policy import named_model_noun


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):
    return build_pipeline(request.param)


def _kept(nlp, text: str) -> set[str]:
    return {s.text for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("The system consists of a pre-trained model (e.g., ZORBXLM and XLM-RoBERTa) to extract news features.",
     "ZORBXLM"),
    ("For two strong pre-trained models, QUIBEX and BART on two summarization datasets, we find a correlation.",
     "QUIBEX"),
    ("It boosts the zero-shot inference ability of CLIP, ZQLIP, and BLIP2 even without further training.", "ZQLIP"),
    ("We apply our loss to fine-tune ZORBITER and improve its group score by five points.", "ZORBITER"),
])
def test_capitals_the_sentence_makes_a_model_are_kept(nlp, text: str, name: str) -> None:
    assert name in _kept(nlp, text)


@pytest.mark.parametrize(("text", "name"), [
    ("The model performs better especially for ZARTIFACT and ORGANIZATION types in the data.", "ZARTIFACT"),
    ("The ZQARPA program funded the study of two treebanks.", "ZQARPA"),
    # review50: ordinary words in capitals for emphasis are no model, after "fine-tune" or in a list of models
    ("We fine-tune ALL layers of the network.", "ALL"),
    ("Instead of fine-tuning BOTH encoders, we freeze one.", "BOTH"),
    ("We found that fine-tuning ONLY the top layers suffices.", "ONLY"),
    ("We compare BERT, and OURS.", "OURS"),
])
def test_capitals_nothing_explains_are_still_dropped(nlp, text: str, name: str) -> None:
    assert name not in _kept(nlp, text)


@pytest.mark.parametrize(("name", "shape"), [("Extract-then-Evaluate", "weak"), ("Zorb-then-Rank-then-Fix", "weak"),
                                             ("Question-and-Answer", None), ("Plan-and-Solve", None),
                                             ("extract-then-evaluate", None)])
def test_capitalised_steps_joined_by_then_are_shaped_like_a_name(name: str, shape: str | None) -> None:
    """A procedure's steps joined by "then" are shaped like a name (weak: the tagger or a rule must vouch for it);
    words joined by "and" are not ("Question-and-Answer forums", "Vision-and-Language")."""
    assert name_shape(name) == shape


def test_a_procedure_named_by_its_steps_is_proposed_when_the_tagger_vouches() -> None:
    """tune10's 2024.eacl-short.29: the name was no candidate at all before round h15bm."""
    doc = build_pipeline("combined")(
        "To address these issues, this paper introduces a novel approach, Extract-then-Evaluate, which involves "
        "extracting key sentences from a long source document and then evaluating the summary by prompting LLMs.")
    assert {s.text: s._.kg_relation for s in doc.spans["kg_entities"]}.get("Extract-then-Evaluate") == "proposes"


# Round h15ck: capitals beside a lower-case model noun.

@pytest.mark.parametrize(("text", "name"), [
    ("We compare with the baseline QORBA model on the Zorb-Klax dataset.", "QORBA"),
    ("This paper presents a modified version of the sentence paraphrasing model (ZEPHAX) to handle long inputs.",
     "ZEPHAX"),
    ("Our tagger stacks a CRF layer on the ZQUIL encoder and is trained on the Klax corpus.", "ZQUIL"),
    ("We adapt the QUIBLE architecture to long documents.", "QUIBLE"),
])
def test_capitals_before_or_after_a_model_noun_are_kept(nlp, text: str, name: str) -> None:
    assert name in _kept(nlp, text)


#: Capitals with no model noun at all ("The ZQARPA program ...") are the guards above.
@pytest.mark.parametrize(("text", "name"), [
    ("The study was funded by the national agency (ZQAGY) over two years.", "ZQAGY"),  # brackets after no model noun
    ("The ZQUUX project trained a model for two years.", "ZQUUX"),  # a model noun, but not beside the name
    ("These instances are used to learn ZQ-NER models for new domains.", "ZQ-NER"),  # models of a task
    ("The gains are smaller on a Zorbformer XXL model than on the base one.", "XXL"),  # a size of the name before
])
def test_capitals_without_a_lower_case_model_noun_are_dropped(nlp, text: str, name: str) -> None:
    assert name not in _kept(nlp, text)


def test_named_model_noun_positions() -> None:
    doc = blank_pipeline()("The ZQAX model beat a paraphrasing model (ZQBX) and the ZQCX Model on ZQDX data.")
    assert [named_model_noun(doc, i, i + 1) for i in (1, 8, 12, 15)] == [True, True, False, False]
    doc = blank_pipeline()("We learn ZQ-NER models, tune a ZorbLM 13B CHAT model and jointly optimize ASR-MT models.")
    assert [named_model_noun(doc, i, i + 1) for i in (2, 9, 14)] == [False, False, False]
