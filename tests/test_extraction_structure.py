"""Round h15i: structural rules, each on invented sentences.

An acronym the authors coin with its long form after their proposal verb is theirs, across a preposition; plural
acronyms of methods the corpus knows ("LSTMs") are names; a learned task phrase whose head names no activity
("semantic similarity") is a task only where a task noun follows it.
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities
from extractors.entity_candidates import plural_of_a_method
from extractors.entity_tasks import measured_quantity


def _found(nlp, text: str) -> list[tuple[str, str, str]]:
    return [(e.span.text, e.span.label_, e.relation) for e in iter_entities(nlp(text))]


@pytest.mark.parametrize("text", [
    "In this paper, we propose a global alignment model with gated zorbic neighbourhood aggregation (ZorbEA).",
    "We present a novel framework of Shared-Zorbic Representation Model (SZRM) with a coarse-to-fine algorithm.",
])
def test_an_acronym_coined_after_the_proposal_verb_is_proposed(rules, text):
    name = text.split("(")[-1].split(")")[0]
    assert (name, "method", "proposes") in _found(rules, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We present a parser for zorbic context-free rewriting systems (ZCFRS).", "ZCFRS"),  # what it is for
    ("We propose to incorporate attention into a Variational Zorbic Neural Network (VZNN) model.", "VZNN"),
    ("We propose a method using gated zorbic neighbourhood aggregation (ZorbEA) on graphs.", "ZorbEA"),
    ("We propose a novel reward within the Zorbic Relative Policy Optimization (ZRPO) framework.", "ZRPO"),
    ("Prior work proposed a model with gated zorbic neighbourhood aggregation (ZorbEA).", "ZorbEA"),  # not the authors
    ("We propose a model with latent Dirichlet allocation (LDA) topics.", "LDA"),  # the corpus knows LDA
])
def test_an_acronym_used_or_known_is_not_coined(rules, text, name):
    assert all(not (found == name and relation == "proposes") for found, _, relation in _found(rules, text))


def test_plural_method_acronyms_are_names(rules):
    found = _found(rules, "We compare LSTMs, CNNs and CRFs with LLMs and PLMs on the data.")
    assert {("LSTMs", "method", "uses"), ("CNNs", "method", "uses"), ("CRFs", "method", "uses")} <= set(found)
    assert not {name for name, _, _ in found} & {"LLMs", "PLMs"}  # generic field terms stay kinds of things
    assert plural_of_a_method("GRUs") and not plural_of_a_method("NERs") and not plural_of_a_method("ZQXWs")


@pytest.mark.parametrize(("text", "task"), [
    ("We compute the semantic similarity between two sentences.", None),
    ("Examples are selected according to semantic similarity.", None),
    ("We evaluate on semantic similarity tasks.", "semantic similarity"),
    ("Existing semantic textual similarity methods fail on patents.", "semantic textual similarity"),
    ("We study machine translation between English and German.", "machine translation"),  # an activity head
    ("It helps on tasks such as text classification and semantic similarity.", "semantic similarity"),
])
def test_a_learned_phrase_without_an_activity_head_needs_a_task_noun(rules, text, task):
    tasks = [name for name, kind, _ in _found(rules, text) if kind == "task"]
    assert (task in tasks) if task else not [t for t in tasks if "similarity" in t]


def test_measured_quantity_reads_the_head_and_the_next_word(rules):
    doc = rules.make_doc("the word similarity of pairs , word similarity benchmarks and word alignment here")
    assert measured_quantity(doc, 3) and not measured_quantity(doc, 8) and not measured_quantity(doc, 12)


@pytest.mark.parametrize(("text", "used", "proposed"), [
    ("We propose a new ZQGA dataset, ZorbTQ, which contains questions.", "ZQGA", "ZorbTQ"),
    ("In this paper, we introduce a novel Llama-2 based model, fine-tuned on puzzles.", "Llama-2", None),
    ("We propose a ZorbNet-TabZorb based multimodal architecture for text.", None, "ZorbNet-TabZorb"),  # coined
])
def test_what_a_new_thing_is_built_on_or_for_is_used(rules, text, used, proposed):
    found = {(name, relation) for name, _, relation in _found(rules, text)}
    assert used is None or ((used, "uses") in found and (used, "proposes") not in found)
    assert proposed is None or (proposed, "proposes") in found


def test_a_list_of_new_datasets_after_a_comma_is_still_proposed(rules):
    found = _found(rules, "We release the ZorbA dataset, ZorbB dataset and ZorbC dataset.")
    assert {("ZorbA", "proposes"), ("ZorbB", "proposes"), ("ZorbC", "proposes")} <= {(n, r) for n, _, r in found}


@pytest.mark.parametrize(("text", "gone"), [
    ("An adverse zorb effect (AZE) is any harm from treatment. We detect AZE mentions in posts.", "AZE"),
    ("We create zorbic ground truth (ZGT) data and evaluate on ZGT.", "ZGT"),
    ("Parsing zorbic user text (ZUT) is hard. We build a Japanese ZUT corpus.", "ZUT"),  # a described corpus
])
def test_an_acronym_a_lower_case_long_form_describes_is_no_name(rules, text, gone):
    assert gone not in {name for name, _, _ in _found(rules, text)}


@pytest.mark.parametrize(("text", "kept"), [
    ("We add a zorbic attention mechanism (ZAM) that filters nodes.", "ZAM"),  # a method head
    ("We retrieve with dense zorbic retrieval (DZR) first.", "DZR"),  # a process may be a method
    ("We train a zorbic passage retriever (ZPR) on questions.", "ZPR"),  # an instrument noun
    ("We propose a novel word-zorb LSTM (WZ-LSTM) model for tagging.", "WZ-LSTM"),  # the head is a name
    ("We propose zorbic chain-of-thought (ZoT) prompting for reasoning.", "ZoT"),  # a coined mixed-case acronym
])
def test_an_acronym_a_long_form_names_as_a_method_stays(rules, text, kept):
    assert kept in {name for name, _, _ in _found(rules, text)}


@pytest.mark.parametrize(("text", "name", "relation"), [
    ("This paper describes the ZORBIT system for the 2020 shared task on parsing.", "ZORBIT", "proposes"),
    ("In this paper, we describe a structured Zorbic Fusion GNN (ZorbGraph) for reading.", "ZorbGraph", "proposes"),
    ("Prior work describes the ZorbIT system for parsing.", "ZorbIT", "uses"),  # not the authors
    ("This paper describes a corpus collected at the ZorbaCorp company.", "ZorbaCorp", "uses"),  # "at" blocks
    ("We describe a framework built around ZorbCurator and cloud machines.", "ZorbCurator", "uses"),
])
def test_the_authors_describe_what_they_made(rules, text, name, relation):
    assert (name, relation) in {(n, r) for n, _, r in _found(rules, text)}
