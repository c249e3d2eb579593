"""Entity extraction: every cue pattern with its positive and negative sentence, and focused cases."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from extractors.acronyms import best_long_form
from extractors.entities import build_pipeline, iter_entities, name_shape
from extractors.mentions import title_name

CUES = [
    json.loads(line)
    for line in resources.files("extractors").joinpath("patterns/entity_cues.jsonl").read_text("utf-8").splitlines()
    if line.strip()
]


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline()


def entities(nlp, text):
    """Name → (type, relation); a name proposed anywhere counts as proposed."""
    found: dict[str, tuple[str, str]] = {}
    for span, relation, *_ in iter_entities(nlp(text)):
        if found.get(span.text, ("", ""))[1] != "proposes":
            found[span.text] = (span.label_, relation)
    return found


@pytest.mark.parametrize("cue", CUES, ids=lambda c: f"{c['label']}:{c['positive'][:30]}")
def test_cue_pattern_matches_its_positive_sentence_only(nlp, cue):
    from spacy.matcher import Matcher

    matcher = Matcher(nlp.vocab)
    matcher.add(cue["label"], [cue["pattern"]])
    assert matcher(nlp.make_doc(cue["positive"])), cue["positive"]
    negative = {t.lower_ for t in nlp.make_doc(cue["negative"])}
    positive = {t.lower_ for t in nlp.make_doc(cue["positive"])}
    assert positive - negative, "the negative sentence must lack the cue word"


@pytest.mark.parametrize("cue", CUES, ids=lambda c: f"{c['label']}:{c['positive'][:30]}")
def test_cue_changes_what_is_extracted(nlp, cue):
    assert entities(nlp, cue["positive"]) != entities(nlp, cue["negative"]) or cue["label"] in {"BLOCK", "METHOD_HEAD"}


def test_proposal_verb_and_apposition(nlp):
    found = entities(nlp, "We propose TinyRule, a novel loss. TinyRule beats GPT-4o on MMLU.")
    assert found["TinyRule"] == ("method", "proposes")
    assert found["GPT-4o"] == ("model", "uses")
    assert found["MMLU"] == ("dataset", "uses")


def test_preposition_blocks_a_proposal(nlp):
    found = entities(nlp, "We propose a new reward within the GRPO framework.")
    assert found["GRPO"][1] == "uses"


def test_examples_list_takes_the_type_of_its_head(nlp):
    found = entities(nlp, "It works on text games (e.g., TextQuest, HouseWorld) and with embedding models (e.g., VecLM, Wanda).")
    assert found["TextQuest"][0] == found["HouseWorld"][0] == "dataset"
    assert found["VecLM"][0] == "model" and found["Wanda"][0] == "model"


def test_generic_acronyms_and_plurals_are_not_entities(nlp):
    found = entities(nlp, "Large language models (LLMs) and reinforcement learning (RL) help NLP. LLMs are big.")
    assert found == {}


def test_acronym_with_capitalised_long_form_is_one_entity(nlp):
    doc = nlp("Methods like Low-Rank Adaptation (LoRA) are cheap.")
    [(span, relation, _, _, long_form)] = list(iter_entities(doc))
    assert span.text == "LoRA" and long_form.text == "Low-Rank Adaptation" and relation == "uses"


def test_hyphenated_and_versioned_names_stay_whole(nlp):
    found = entities(nlp, "We compare CRust-Bench, P-Tuning V2 and Qwen-2.5-3B with GSM8K.")
    assert {"CRust-Bench", "P-Tuning V2", "Qwen-2.5-3B", "GSM8K"} <= set(found)
    assert found["CRust-Bench"][0] == "dataset" and found["Qwen-2.5-3B"][0] == "model"


def test_contribution_list_items_are_proposed(nlp):
    found = entities(nlp, "We make two contributions: (1) TinyEval, which scores outputs; (2) TinyData, a corpus of notes.")
    assert found["TinyEval"][1] == "proposes" and found["TinyData"][1] == "proposes"


def test_name_shapes():
    assert name_shape("ImageProtector") == "strong"
    assert name_shape("SotA") is None and name_shape("24B") is None


def test_title_names():
    assert title_name("ImReasoner: Improving Memory") == "ImReasoner"
    assert title_name("Structure Trumps Size: Rethinking Data") is None


def test_schwartz_hearst_needs_word_initial_first_letter():
    assert best_long_form("ABC", "a big cat") == "a big cat"
    assert best_long_form("XY", "we saw nothing") is None
