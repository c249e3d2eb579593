"""Round h15ab: lower-case names the authors propose without an article, fields spelled out before an acronym,
"-family" after a name, clinical terminologies as resources; on invented sentences.

* "we propose zorb-aware bootstrap learning, which ...": a bare noun phrase after the authors' proposal verb is a
  proposed method (``extractors/entity_bare_proposal.py``); descriptions with a dropped article, plural classes,
  gerunds, participles, paradigms and relative clauses are not;
* "Computer Vision (CV)": a field, no method (``paradigms.txt``);
* "ZorbBERT-family models": the model is ZorbBERT (``name_suffixes`` in ``entity_words.jsonl``);
* "SNOMED CT": a terminology, a dataset like UMLS (``known_resources.txt``).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import entities, names

# ----------------------------------------------------------------------------- bare proposals


@pytest.mark.parametrize(("text", "name"), [
    ("To mitigate such impact, we propose zorb-aware bootstrap learning, which is motivated by the intuition.",
     "zorb-aware bootstrap learning"),
    ("We introduce lattice zorb edit distance, which utilizes romanization lattices to compare strings.",
     "lattice zorb edit distance"),
    ("Second, we propose syntactic zorb augmentation to stimulate the model's intermediate thinking.",
     "syntactic zorb augmentation"),
    ("We propose contrastive zorb pairs (CZPs) for automatically evaluating responses from dialogue models.",
     "contrastive zorb pairs"),
    ("Furthermore, we also introduce token-level zorb training which assigns different weights to tokens.",
     "token-level zorb training"),
])
def test_a_bare_noun_phrase_the_authors_propose_is_a_proposed_method(both, text, name):
    assert (name, "method", "proposes") in entities(both, text)


@pytest.mark.parametrize(("text", "phrase"), [
    ("We propose comparatively fast approximation methods to find the set.", "fast approximation methods"),
    ("In this paper, we present prescription zorb system for online ordering.", "prescription zorb system"),
    ("We propose using zorb sampling to select the examples.", "zorb sampling"),
    ("We present empirical results showing that the pipeline is comparable.", "empirical results showing"),
    ("We introduce new monolingual corpora for four languages.", "new monolingual corpora"),
    ("The zorb mapping that we propose performs better for the positive category.", "performs better"),
    ("In this paper, we propose unsupervised domain adaptation for an unlabeled target domain.",
     "unsupervised domain adaptation"),
    ("We propose multi-objective zorb learning tailored to generate balanced summaries.",
     "multi-objective zorb learning tailored"),
    ("We introduce episodic zorb activation and reconsolidation to continual relation learning.",
     "episodic zorb activation"),
    ("To address this, we propose contextual zorb relevance, which we define as the probability of relevance.",
     "contextual zorb relevance"),
])
def test_descriptions_after_a_proposal_verb_are_no_names(both, text, phrase):
    assert phrase not in names(both, text)


# ----------------------------------------------------------------------------- fields, suffixes, resources


def test_a_field_spelled_out_before_its_acronym_is_no_method(both):
    found = names(both, "Zorbing works in both Natural Language Processing (NLP) and Computer Vision (CV).")
    assert "CV" not in found and "Computer Vision" not in found


def test_an_acronym_of_a_method_beside_the_field_stays(both):
    text = "We train a Convolutional Neural Network (CNN) for Computer Vision (CV) tasks on ZorbSet."
    assert "CNN" in names(both, text)


def test_family_after_a_model_name_is_not_part_of_it(both):
    found = entities(both, "We find struggles of GPT-family and Zorb-family models with physical goals.")
    assert ("GPT", "model", "uses") in found
    assert not any(name.endswith("-family") for name, _, _ in found)


def test_a_clinical_terminology_is_a_dataset(both):
    found = entities(both, "We present an approach for medical text coding with SNOMED CT codes.")
    assert any(name.startswith("SNOMED") and kind == "dataset" for name, kind, _ in found)


# ----------------------------------------------------------------------------- one kind per name: tasks vote too
# (PIPELINE_VERSION 48, the lead's change after round h15ab's list: "SP" kept a guessed method kind)


@pytest.mark.parametrize("text", [
    "We address zorbic mention disambiguation (ZMD), the task of linking mentions. We apply ZMD to news.",
    "The ZMD task links mentions to places. We study ZMD in Arabic tweets.",
])
def test_a_guessed_mention_of_a_name_typed_as_a_task_elsewhere_is_a_task(both, text):
    kinds = {kind for name, kind, _ in entities(both, text) if name == "ZMD"}
    assert kinds == {"task"}
