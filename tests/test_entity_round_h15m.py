"""Round h15m: roles and kinds by sentence structure, each on invented sentences.

A proposal verb that takes the task itself proposes it, "new" or not ("we introduce the task of X"); an apposition
calling a name a task types it; a released model or an architecture written as a part of a new thing's noun phrase
is used ("we propose a BERT model with ...", "a CNN architecture"; not when called new: "a new BERT model"); a name after a use verb with a describing
apposition is used; ", named X" after a proposal verb's noun phrase takes that phrase's head noun's kind.
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities


def _facts(nlp, text: str) -> dict[str, tuple[str, str]]:
    return {e.span.text: (e.span.label_, e.span._.kg_relation) for e in iter_entities(nlp(text))}


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper we introduce the task of zorbic scenario detection, which is hard.", "zorbic scenario detection"),
    ("We propose and study the task of zorbic subject line generation: generating a line from a body.",
     "zorbic subject line generation"),
    ("We introduce the zorbic answer selection task for legal documents.", "zorbic answer selection"),
])
def test_a_task_the_proposal_verb_takes_is_proposed(rules, text, name):
    assert _facts(rules, text)[name] == ("task", "proposes")


@pytest.mark.parametrize(("text", "name"), [
    ("This paper describes our system for the task of zorbic scenario detection.", "zorbic scenario detection"),
    ("Moreover, we design an auxiliary zorbic relation extraction task to enhance the parser.",
     "zorbic relation extraction"),
    ("We present zorbic scenario detection results on three datasets.", "zorbic scenario detection"),
])
def test_a_task_the_verb_does_not_take_is_used(rules, text, name):
    facts = _facts(rules, text)
    assert facts.get(name, ("task", "uses"))[1] == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We introduce Zorbian Word Ordering (ZWO), a task that asks models to reorder words.", "ZWO"),
    ("We introduce ZorbWO, a task that asks models to reorder words.", "ZorbWO"),
])
def test_an_apposition_calling_a_name_a_task_types_and_proposes_it(rules, text, name):
    assert _facts(rules, text)[name] == ("task", "proposes")


@pytest.mark.parametrize(("text", "name"), [
    ("We present ZorbTest: A Novel Task Defying Common Sense.", "ZorbTest"),  # a title's capitals
    ("We introduce ZorbNet, a task-agnostic framework for parsing.", "ZorbNet"),
    ("We took part in ZorbEval, a shared task on parsing.", "ZorbEval"),
])
def test_a_title_a_hyphen_or_a_shared_task_is_no_task_apposition(rules, text, name):
    assert _facts(rules, text).get(name, ("method", ""))[0] != "task"


def test_a_capitalised_word_is_not_vouched_for_by_a_task_apposition(rules):
    assert _facts(rules, "This paper introduces Zorbic Frame Forecast, a task that predicts frames.") == {}


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper, we present an end-to-end attention-based Bi-LSTM neural network system for tagging.", "Bi-LSTM"),
    ("We propose a BERT model with a new loss for zorbic analysis.", "BERT"),
    ("We propose a transformer-based LSTM encoder for parsing.", "LSTM"),
    ("We propose a CNN architecture for parsing.", "CNN"),
    ("We also propose a graph attention network (GAT) based module to reason with subgraphs.", "GAT"),
])
def test_a_known_building_block_of_a_new_thing_is_used(rules, text, name):
    assert _facts(rules, text)[name][1] == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We present the ZorbNet model for parsing.", "ZorbNet"),
    ("We propose ZorbBERT, a variant of BERT for law.", "ZorbBERT"),
    ("We propose BERT-Zorb model for parsing.", "BERT-Zorb"),
])
def test_a_coined_name_before_its_head_noun_is_proposed(rules, text, name):
    assert _facts(rules, text)[name][1] == "proposes"


@pytest.mark.parametrize(("text", "name"), [
    ("In this work, we examine the potential of using GPT-4o, a large language model, to grade essays.", "GPT-4o"),
    ("Finally, we utilize ZorbCon, a technique that employs several agents, to reach consensus.", "ZorbCon"),
])
def test_a_name_after_a_use_verb_with_an_apposition_is_used(rules, text, name):
    assert _facts(rules, text)[name][1] == "uses"


def test_a_new_thing_a_task_is_the_modifier_of_leaves_the_task_used(combined):
    facts = _facts(combined, "We introduce Zorbic Reference Training (ZRT), a novel MT training method for speed.")
    assert facts.get("MT", ("task", "uses"))[1] == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We introduce a corpus of Zorbish manufacturing specifications, named ZS-NERC, with 4,424 sentences.", "ZS-NERC"),
    ("Based on survey insights, we introduce a zorbing interventions task and evaluation dataset, ZorbMender.",
     "ZorbMender"),
])
def test_a_name_after_a_proposed_phrase_takes_its_head_nouns_kind(rules, text, name):
    assert _facts(rules, text)[name] == ("dataset", "proposes")


@pytest.mark.parametrize("text", [
    "Based on this analysis, we develop an extended version of the system, which we name ZorbLa, for simplification.",
    "We propose a new decoding method, which we call ZorbDec, for translation.",
])
def test_a_name_the_authors_give_in_a_relative_clause_is_proposed(rules, text):
    name = next(word for word in text.replace(",", " ").split() if word.startswith("Zorb"))
    assert _facts(rules, text)[name][1] == "proposes"


def test_calling_a_known_model_something_proposes_nothing(rules):
    assert _facts(rules, "We call BERT a strong baseline.")["BERT"][1] == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We present various aspects of ZorbNet validation within the ZORB-112-SMS project.", "ZORB-112-SMS"),
    ("The corpus is released under the ZSD-2 license and free to use.", "ZSD-2"),
    ("The dataset annotation, based on the ZOB2 scheme, was carried out on news text.", "ZOB2"),
])
def test_a_project_license_or_scheme_is_no_entity(rules, text, name):
    assert name not in _facts(rules, text)


def test_a_known_method_before_scheme_stays(rules):
    assert "TF-IDF" in _facts(rules, "We applied word n-gram features using the TF-IDF scheme.")


def test_spelled_out_labels_listed_after_a_class_noun_are_no_names(rules):
    text = ("The corpus is annotated with four types of entities: Zorbatomy (ZA), Zorb and Drugs (ZD), "
            "and Zorb Procedure (ZP).")
    assert not {"ZA", "ZD", "ZP"} & set(_facts(rules, text))
