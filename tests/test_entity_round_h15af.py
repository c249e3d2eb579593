"""Round h15af: datasets. Invented sentences, in both modes.

* A preposition's dataset ("performance on ZPA") is no dataset when the text spells the name out as a concept
  (``extractors/entity_concepts.py``); a named benchmark after "on" stays one.
* A learned task phrase before a dataset noun is the task the data is for ("the Named Entity Recognition
  dataset"; ``entity_types.entity_kind``, type rule ``task_before_data``), not a dataset.
* "the MQM data" is data scored by a metric, not a dataset named MQM (``entity_types.head_after``).
* "BWS annotation tasks": "tasks" after a word saying what they are names no benchmark (``head_after``).
* "the FLAN collection": a model family's name right before a lower-case dataset noun names data
  (``entity_types.entity_kind``).
* "a new NER dataset called Wojoodfine": one capitalised word a dataset noun names with "called" / "named" is a
  dataset (``entities``), not a language ("a language called Manipuri") nor a piece of a longer name.
* "a TimeML annotated corpus": a name before a past participle and a dataset noun is what the data was made with,
  not its name (``head_after``); "RTE3-derived datasets" keep their name.
* "Yupik, an endangered language of ...": a name set in apposition to "language" / "dialect" is a language, no
  entity (``entity_pair_languages.apposed_languages``, read by the drop policy).
* "we proposeLILA, a ... benchmark": a proposal verb glued to the name after it is split off (``entities``).
* "the DISTEMIST gazetteer": a gazetteer is a dataset noun, like "lexicon" (``patterns/entity_cues.jsonl``).
* "the Japanese wordnet": a language's wordnet written as a common noun is a dataset
  (``entity_dataset_phrases.language_wordnets``), not "a freely available French wordnet".
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _kinds(nlp, text: str) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    found: dict[str, set[str]] = {}
    for span in nlp(text).spans["kg_entities"]:
        found.setdefault(span.text, set()).add(span.label_)
    return found


@pytest.mark.parametrize(("text", "name"), [
    ("Recent work on zorbic plan acquisition (ZPA) has used dialogue. We show that performance on ZPA doubles.",
     "ZPA"),
    ("We study quorbish sentence selection (QSS) in news. Existing work on QSS includes many solutions.", "QSS"),
    ("Taxonomies matter, yet most studies on automatic zorb construction (AZC) resort to manual evaluation.", "AZC"),
    ("We consider four variations on pointwise zorbic information (PZI), each for another relation.", "PZI"),
])
def test_concept_after_on_is_no_dataset(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "dataset" not in _kinds(nlp, text).get(name, set())


@pytest.mark.parametrize(("text", "name"), [
    ("Recent work on zorbic plan acquisition (ZPA) has used dialogue. We show that performance on ZPA doubles.",
     "ZPA"),
    ("We study quorbish sentence selection (QSS) in news. Existing work on QSS includes many solutions.", "QSS"),
])
def test_process_concept_after_on_is_a_task(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"task"}


@pytest.mark.parametrize(("text", "name"), [
    ("We release the Zorbic Plan Corpus (ZPC). Performance on ZPC doubles with our parser.", "ZPC"),
    ("We report results on the Quorbish Treebank (QTB) and on QTB-2.", "QTB"),
    ("Experiments on ZorbQA show that our reader improves accuracy.", "ZorbQA"),
])
def test_named_data_after_on_stays_a_dataset(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "dataset" in _kinds(nlp, text).get(name, set())


@pytest.mark.parametrize(("text", "name"), [
    ("This paper introduces a new Zorbian Twitter Named Entity Recognition dataset.", "Named Entity Recognition"),
    ("We obtain the best results on two News Summarization benchmarks, ZorbNews and QuorbSum.", "News Summarization"),
    ("We evaluate the parser on several Grammar Correction corpora of learner essays.", "Grammar Correction"),
])
def test_task_before_a_dataset_noun_is_a_task(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"task"}


@pytest.mark.parametrize(("text", "name"), [
    ("We evaluate on the Zorbian Question Answering Dataset and improve F1.", "Zorbian Question Answering Dataset"),
    ("Results on the ZorbNER dataset improve by two points.", "ZorbNER"),
])
def test_named_dataset_with_a_task_word_stays(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"dataset"}


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We generate pseudo MQM data using parallel data from the Zorbian news.", "MQM", "metric"),
    ("Our tagger improves accuracy on the THYME data by two points.", "THYME", "dataset"),
])
def test_data_after_metric_is_no_dataset(nlp, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {kind}


@pytest.mark.parametrize("text", [
    "We present Zorbscale, a free library to create and manage ZWS annotation tasks.",
    "Transformers lack strong structural biases for zorb2zorb NLP tasks on their own.",
])
def test_tasks_of_a_kind_are_no_dataset(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert not any("dataset" in kinds for kinds in _kinds(nlp, text).values())


@pytest.mark.parametrize(("text", "name"), [
    ("Our reader solves all of the ZorbI tasks with few examples.", "ZorbI"),
    ("We describe our submission to the ZorbNLP 2021 shared tasks one and two.", "ZorbNLP 2021"),
])
def test_benchmark_tasks_stay_datasets(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "dataset" in _kinds(nlp, text).get(name, set())


@pytest.mark.parametrize(("text", "name"), [
    ("We augment the existing FLAN collection by paraphrasing its zorbic instructions.", "FLAN"),
    ("We fine-tune a tagger on the Alpaca dataset and a zorbic corpus.", "Alpaca"),
])
def test_model_family_before_a_dataset_noun_is_data(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"dataset"}


@pytest.mark.parametrize(("text", "name"), [
    ("We label the zorbic tweets with GPT-4 data and BERT embeddings.", "GPT-4"),
    ("We fine-tune BERT models on the Zorbic dataset.", "BERT"),
])
def test_model_family_stays_a_model(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"model"}


@pytest.mark.parametrize(("text", "name"), [
    ("We provide a new Arabic fine-grained NER dataset called Zorbfine, annotated with subtypes.", "Zorbfine"),
    ("This work expands a large Persian corpus called Quorbare (or Textual Corpus of Persian).", "Quorbare"),
])
def test_one_word_called_by_a_dataset_noun(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == {"dataset"}


@pytest.mark.parametrize(("text", "word"), [
    ("We propose a dataset called All Zorbnews extracted from many publishers.", "All"),
    ("We study a language called Manipuri with a small tagger.", "Manipuri"),
])
def test_called_word_that_is_no_whole_name(nlp, text: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert word not in _kinds(nlp, text)


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper, we introduce ZorbBankPT, a ZorbML annotated corpus of Portuguese.", "ZorbML"),
    ("Our goal is to compile the protocols into a ZorbCLARIN TEI encoded corpus and to search it.", "ZorbCLARIN"),
])
def test_name_before_a_participle_is_no_dataset(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "dataset" not in _kinds(nlp, text).get(name, set())


@pytest.mark.parametrize(("text", "name"), [
    ("We report accuracy over the ZorbTE3-derived datasets.", "ZorbTE3"),
    ("We report results on the ZorbNLP shared task data.", "ZorbNLP"),
])
def test_name_glued_to_a_participle_stays(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "dataset" in _kinds(nlp, text).get(name, set())


def test_apposed_language_is_no_entity(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "The parser has high coverage on different Western Zorbian corpora. Western Zorbian, a dialect of the " \
           "Caucasus, is spoken widely."
    assert "Western Zorbian" not in _kinds(nlp, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We use BERT, a language model, on the ZorbQA dataset.", "BERT"),
    ("We build a dictionary for Quorbish, an endangered language of Alaska, and the QuorbDict lexicon.", "QuorbDict"),
])
def test_names_beside_a_language_apposition_stay(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert name in _kinds(nlp, text)


def test_proposal_verb_glued_to_a_name(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "Towards evaluating AI systems, we proposeZILA, a unified mathematical reasoning benchmark of 23 tasks."
    kinds = _kinds(nlp, text)
    assert kinds.get("ZILA") == {"dataset"} and "proposeZILA" not in kinds


def test_word_opening_with_a_verb_stays_whole(nlp) -> None:  # type: ignore[no-untyped-def]
    assert "ZorbPresentNet" in _kinds(nlp, "We evaluate ZorbPresentNet, a parser, on the ZorbQA dataset.")


def test_gazetteer_is_a_dataset_noun(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "We use features from a multilingual encoder, the UMLS gazetteer, and the ZORBMIST gazetteer, among others."
    assert _kinds(nlp, text).get("ZORBMIST") == {"dataset"}


@pytest.mark.parametrize("text", [
    "This paper describes a new release of the Japanese wordnet. It uses the new global wordnet formats.",
    "We extend the original Danish wordnet in several ways.",
])
def test_language_wordnet_is_a_dataset(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    kinds = _kinds(nlp, text)
    assert {"dataset"} in [kinds.get("Japanese wordnet"), kinds.get("Danish wordnet")]


def test_described_wordnet_is_no_name(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "We extend ZOLF, a freely available French wordnet, with new synsets."
    assert "French wordnet" not in _kinds(nlp, text)


def test_wordnet_in_parentheses_keeps_the_list(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "We used Princeton WordNet 3.1, ZarsNet 3.0 (the Persian wordnet), Zoot09 and EVALution as gold standards."
    kinds = _kinds(nlp, text)  # EVALution, a known dataset, types the list
    assert kinds.get("ZarsNet 3.0") == {"dataset"} and "Persian wordnet" not in kinds
