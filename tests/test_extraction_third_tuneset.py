"""Error classes read on the third tuning set (``benchmarks/data/tuneset3``), each on invented or short sentences."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline, iter_entities


def _found(nlp, text: str) -> list[tuple[str, str, str]]:
    return [(e.span.text, e.span.label_, e.relation) for e in iter_entities(nlp(text))]


@pytest.mark.parametrize(("text", "metric"), [
    ("The system reaches an F1 score of 0.77.", "F1 score"),  # the name as written, like "F1-score"
    ("We report F1 scores on ZorbQA.", "F1 scores"),
    ("We obtain a micro F1 score of 0.61.", "micro F1"),  # a modifier keeps the short name
    ("The ensemble achieves an over-all Pearson Coefficient of 0.58.", "Pearson Coefficient"),
])
def test_metric_names_as_written(rules, text, metric):
    assert (metric, "metric", "uses") in _found(rules, text)


@pytest.mark.parametrize(("text", "method"), [
    ("It performs better than the vanilla Transformer based model.", "Transformer"),
    ("Unlike sparse vectors that are term-frequency-based (e.g., tf-idf) or learned.", "tf-idf"),
    ("A genetic algorithm is used to select the senses.", "genetic algorithm"),
    ("Stabilized pruning performs similar to magnitude pruning at 85% sparsity.", "magnitude pruning"),
])
def test_textbook_methods(rules, text, method):
    assert (method, "method", "uses") in _found(rules, text)


def test_transformer_as_a_common_noun_is_no_name(rules):
    assert not _found(rules, "We combine transformer networks with feature analysis.")


@pytest.mark.parametrize("text", ["These models achieve faster inference on devices.",
                                  "We propose leveraging diverse generation objectives."])
def test_descriptive_openers_make_no_task(rules, text):
    assert not [f for f in _found(rules, text) if f[1] == "task"]


def test_multilingual_bert_is_a_model_used_after_a_participle(rules):
    found = _found(rules, "Further, we propose baseline models employing multilingual BERT and other classifiers.")
    assert found == [("multilingual BERT", "model", "uses")]


def test_a_task_is_not_extended_over_a_verb(rules):
    found = _found(rules, "We add a reward that uses natural language inference to check the entities.")
    assert ("natural language inference", "task", "uses") in found
    assert not [f for f in found if f[0].startswith("uses")]


def test_a_narrative_citation_names_no_method():
    nlp = build_pipeline("combined")
    found = _found(nlp, "We follow the natural logic treatment by Zorbington Klaxon (1991a) and extend it.")
    assert not [f for f in found if "Zorbington" in f[0]]


@pytest.mark.parametrize(("text", "name"), [
    ("We train on Europarl (2012) with a larger model.", "Europarl"),
    ("Results on Switchboard (1997) improve.", "Switchboard"),
    ("We evaluate on the Penn Treebank (1993).", "Penn Treebank"),
])
def test_a_resource_with_its_year_is_no_citation(text, name):
    """Review5a: one capitalised word and a year is a cited author only after "by", "following", "see"."""
    assert name in [f[0] for f in _found(build_pipeline("combined"), text)]


def test_a_one_word_narrative_citation_after_by_names_nothing():
    found = _found(build_pipeline("combined"), "We adopt the analysis by Zorbington (2019) of negation.")
    assert not [f for f in found if "Zorbington" in f[0]]


@pytest.mark.parametrize("text", ["We follow Bloom et al. (2020) in this.", "As shown before (Falcon, 2019), it works."])
def test_a_known_name_as_a_cited_author_is_still_a_citation(text):
    """Review5b: the known-name exemption is for "Name (YEAR)" only; "et al." and "(Name, YEAR)" stay citations."""
    assert not [f for f in _found(build_pipeline("combined"), text) if f[0] in {"Bloom", "Falcon"}]


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper, we introduce a new Chinese dataset, ZorbBias, for bias evaluation.", "ZorbBias"),
    ("We construct a new benchmark, dubbed ZorbEdit, for editing models.", "ZorbEdit"),
])
def test_a_dataset_noun_before_the_name_types_it(rules, text, name):
    assert (name, "dataset", "proposes") in _found(rules, text)


def test_a_singular_dataset_noun_right_before_a_name_shaped_like_one(rules):
    found = _found(rules, "For example, on the MWP benchmark ZB8K, the accuracy of GPT-4 reaches 80%.")
    assert ("ZB8K", "dataset", "uses") in found


def test_a_tagged_dataset_loses_its_lower_case_noun():
    found = _found(build_pipeline("combined"),
                   "Our approach achieves state-of-the-art performance on the Compmix dataset, the largest one.")
    assert ("Compmix", "dataset", "uses") in found and not [f for f in found if f[0] == "Compmix dataset"]


def test_a_known_dataset_keeps_its_capitalised_noun_and_its_link():
    from extractors.mentions import extract_mentions
    from ontology.records import Paper, Provenance

    paper = Paper(ref="p", provenance=Provenance("x"),
                  abstract="We examine BM25 and RM3 on the CodeSearchNet Corpus, which pairs queries with code.")
    datasets = [(m.name, m.same_as) for m in extract_mentions([paper]) if m.kind.value == "dataset"]
    assert datasets == [("CodeSearchNet Corpus", "https://paperswithcode.com/dataset/codesearchnet")]


def test_a_long_form_ending_in_a_task_head_names_a_method_before_framework(rules):
    found = _found(rules, "To address this, we propose the Zorb Span Universal Information Extraction (ZSUIE) "
                          "framework.")
    assert ("ZSUIE", "method", "proposes") in found
