"""One kind per name in an abstract, and how papers say they make something (made-up sentences, rules only)."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline("rules")


def _found(nlp, text: str) -> list[tuple[str, str, str]]:
    doc = nlp(text)
    return [(s.text, s.label_, s._.kg_relation) for s in doc.spans["kg_entities"]]


def test_a_name_typed_once_keeps_that_kind_in_its_other_mentions(nlp):
    found = _found(nlp, "We use the new ZorbMed dataset to train a classifier. ZorbMed could help patients.")
    assert {kind for name, kind, _ in found if name == "ZorbMed"} == {"dataset"}


def test_a_name_in_parentheses_after_a_dataset_is_that_dataset(nlp):
    found = _found(nlp, "Finally, on ZNLI (Zorb-NLI) (Smith et al., 2018), we find little gain.")
    assert ("Zorb-NLI", "dataset", "uses") in found


def test_the_long_form_before_an_acronym_types_it_by_what_precedes_it(nlp):
    found = _found(nlp, "We get the best results on Tiered Zorbing for Intuitive Klaxes (TZIK).")
    assert ("TZIK", "dataset", "uses") in found


def test_a_noun_a_phrase_before_named_types_the_name(nlp):
    found = _found(nlp, "We propose a large conversational dataset in Hindi named ZorbInHindi for emotion recognition.")
    assert ("ZorbInHindi", "dataset", "proposes") in found


def test_an_acronym_spelled_out_as_a_language_stays_no_name_in_its_other_mentions(nlp):
    found = _found(nlp, "Systems trained on British English (BE) data fail. We build the BE pronunciation dictionary.")
    assert not [name for name, *_ in found if name == "BE"]


@pytest.mark.parametrize("text, name", [
    ("Two ASR systems are trained using the ZorbDict we construct in this study.", "ZorbDict"),
    ("We present an exploration-based approach, referred to as ZETO, for agents.", "ZETO"),
    ("This paper presents the results obtained by the ZORBI team for the three tasks.", "ZORBI"),
    ("The experiments use the new ZorbMed dataset to train a classifier.", "ZorbMed"),
    ("This paper describes ZChME (Zorb Change Detection with Model Ensemble), a method used in the task.", "ZChME"),
])
def test_what_follows_or_precedes_the_name_says_the_paper_makes_it(nlp, text, name):
    assert (name, "proposes") in {(n, relation) for n, _, relation in _found(nlp, text)}


@pytest.mark.parametrize("text, name", [
    ("We evaluate ZorbNet on Mr. TyDi, a high-quality multilingual retrieval dataset covering eleven languages.",
     "Mr. TyDi"),
    ("We compare with the approach referred to in ZorbRule.", "ZorbRule"),
    ("Prior work found that the ZORBI team did well; we beat it.", "ZORBI"),
    ("Our system outperforms the ZNTT team and the UEDIN submission in the shared task.", "ZNTT"),  # review
    ("We compare our approach with the ZorbNet submission of last year.", "ZorbNet"),
    ("Results on ZorbBench we present in Table 2 show gains.", "ZorbBench"),
])
def test_names_the_paper_only_uses_are_not_proposed(nlp, text, name):
    assert (name, "uses") in {(n, relation) for n, _, relation in _found(nlp, text)}


@pytest.mark.parametrize("text, name, kind", [
    ("Our system is the top-ranking system on the MT ZCC metric for English-German.", "ZCC", "metric"),
    ("The offline experiment keeps a >0.75 ZCC score.", "ZCC", "metric"),
    ("We then introduce Zigma, a Subtitle Segmentation Score derived from BLEU.", "Zigma", "metric"),
    ("A dataset sampled from corpora in argumentation (ChangeMyZorb and RegulationZorb) is annotated.",
     "ChangeMyZorb", "dataset"),
])
def test_the_noun_around_a_name_types_it(nlp, text, name, kind):
    assert name in {n for n, k, _ in _found(nlp, text) if k == kind}


def test_a_metric_introduced_by_a_proposal_verb_and_an_apposition_is_proposed(nlp):
    assert ("Zigma", "metric", "proposes") in _found(nlp, "We then introduce Zigma, a Subtitle Segmentation Score.")
    assert ("BLEU", "metric", "uses") in _found(nlp, "We present BLEU scores for ten systems.")


def test_a_capitalised_word_in_a_shared_task_name_is_no_metric_head(nlp):
    assert not [n for n, k, _ in _found(nlp, "This report details our submission to the WMT23 Metrics Shared Task.")
                if k == "metric" and n.startswith("WMT")]


@pytest.mark.parametrize("text", ["Les pièces du XVIe au XIXe siècle sont étudiées avec Word2Vec.",
                                  "We compare anRNN with the baseline."])
def test_centuries_and_glued_function_words_are_no_names(nlp, text):
    assert not [n for n, k, _ in _found(nlp, text) if n in {"XVIe", "XIXe", "anRNN"}]


def test_a_lower_case_method_the_corpus_spells_out_is_found_without_its_acronym(nlp):
    found = _found(nlp, "The models are fine-tuned with low rank adaptation on a graph convolutional network.")
    assert {("low rank adaptation", "method"), ("graph convolutional network", "method")} <= {(n, k) for n, k, _ in found}


def test_a_one_word_task_after_a_determiner_or_a_language_is_a_product_not_the_task():
    from extractors.entity_model import MODEL_DIR, has_weights

    if not has_weights(MODEL_DIR):
        pytest.skip("the trained tagger's weights are not installed")
    doc = build_pipeline()("Each tweet was supplemented by its English translation. We study the translation task.")
    tasks = [(s.text, s.start) for s in doc.spans["kg_entities"] if s.label_ == "task"]
    assert tasks == [("translation", 12)]


def test_a_citations_author_is_no_name():
    found = _found(build_pipeline(), "The compounds were identified in text using the Simple Compound Splitter (Weller-Di Marco, "
                        "2017); a subset was filtered.")
    assert not [n for n, *_ in found if "Marco" in n]


def test_a_one_word_task_before_task_stays_a_task_after_a_determiner():
    """"the translation task" names the task; "its English translation" is a product (the trained tagger)."""
    nlp = build_pipeline()
    assert ("translation", "task", "uses") in _found(nlp, "We evaluate our system on the translation task.")
    assert not [name for name, kind, _ in _found(nlp, "We release its English translation.") if kind == "task"]
