"""Round h15bm: names the pipeline lost on tune10 that the sentence vouches for, in both modes. Invented names.

Capitals nothing explains ("IARPA", "PMID") are dropped (``extractors/entity_policy.py``, reason ``capitals``);
listed next to a model kg knows by name, or the object of "fine-tune", they name a model
(:func:`extractors.entity_policy.model_context`). A procedure named by capitalised steps joined by "then"
("Extract-then-Evaluate") is shaped like a name (:func:`extractors.entity_names.name_shape`).
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.entity_names import name_shape


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
