"""Round h15j: dataset names in full-paper sentences, by structure, each on invented sentences.

Evaluation campaigns' sets named by series, edition and language pair ("the NIST 2003 MT evaluation set"); names
typed by "X as test sets", "the test sets of X", "the X data" and by a list after "datasets:" that goes on past
parentheses; "the ZR dataset" with a two-letter name; a listed resource however it is written; and, with the
trained tagger, its dataset label for a name no rule typed ("a Chinese ontology HowNet"), in a sentence that speaks
of data and with no method noun beside the name.
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline, iter_entities


def _datasets(nlp, text: str) -> list[str]:
    return [e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "dataset"]


def _kinds(nlp, text: str) -> dict[str, str]:
    return {e.span.text: e.span.label_ for e in iter_entities(nlp(text))}


@pytest.mark.parametrize(("text", "names"), [
    ("We used the NIST 2003 MT evaluation set as our development set.", ["NIST 2003 MT evaluation set"]),
    ("Table 3: BLEU scores on NIST Chinese-English test sets.", ["NIST Chinese-English test sets"]),
    ("Experiments using four NIST MT test sets show gains.", ["NIST MT test sets"]),
    ("We report results on the ASR test set and the BLEU test data.", []),  # a field and a metric: no campaign
    ("NIST scores and MT quality are reported.", []),  # no set noun: the campaign or a metric, no data
])
def test_a_campaigns_set_is_named_with_its_edition_and_set_noun(rules, text, names):
    assert _datasets(rules, text) == names


def test_names_before_as_test_sets_are_datasets(rules):
    text = "We use ZB04 as the development set, and ZB05, ZB06 and ZB08 as test sets."
    assert _datasets(rules, text) == ["ZB04", "ZB05", "ZB06", "ZB08"]


def test_names_after_the_test_sets_of_are_datasets(rules):
    text = "The results on the test data sets of ZQUIX and KLT4 are reported."
    assert _datasets(rules, text) == ["ZQUIX", "KLT4"]
    assert "ZorbNet" not in _datasets(rules, "The best set of ZorbNet layers is small.")  # no dataset's set


def test_a_clause_after_a_name_does_not_type_it(rules):
    # before: "dataset" four tokens on made ZORBA4 and ZorbNet datasets
    kinds = _kinds(rules, "We compare ZORBA4 and ZorbNet show that the dataset is hard.")
    assert kinds.get("ZorbNet") != "dataset" and kinds.get("ZORBA4") != "dataset"


def test_a_name_in_parentheses_after_a_set_noun_is_a_dataset(rules):
    text = "We show BLEU scores on the official development test set (zorb-dev2009b) for the task."
    assert _datasets(rules, text) == ["zorb-dev2009b"]


@pytest.mark.parametrize(("text", "names"), [
    (("We evaluate on two publicly available datasets that are annotated with gold labels for fine typing: "
      "ZFT (Zorb Fine Types;) and KLXR ()."), ["ZFT", "KLXR"]),
    (("We use four genre-annotated corpora for genre classification: the Zorb Corpus (Smith, 2001), KLX (Jones and "
      "Brown, 2007) and Quixote (Lee, 2010)."), ["Zorb Corpus", "KLX", "Quixote"]),
    ("We train on three datasets and compare two models: ZorbNet and QuixNet.", []),  # the nearest noun: models
    ("We evaluated the models on two tasks: ZorbEnglish word alignment and parsing.", []),  # tasks hold no data
])
def test_a_list_after_a_plural_dataset_noun_and_a_colon_names_datasets(rules, text, names):
    assert _datasets(rules, text) == names


def test_no_long_form_runs_over_a_closing_parenthesis(rules):
    doc = rules("Two datasets: ZFT (Zorb Fine Types;) and KLXR ().")
    assert not any(")" in span.text or "(" in span.text for span in doc.spans["kg_acronyms"])


def test_two_capitals_before_a_dataset_noun_name_it(rules):
    text = "We use 10-fold cross validation for the ZR dataset and 3-fold for the QM dataset."
    assert _datasets(rules, text) == ["ZR", "QM"]
    assert "FS" not in _datasets(rules, "The best system other than the FS CORPUS upper bound is in bold.")
    assert _datasets(rules, "We plot the AR values of the dataset.") == []  # not right before the noun


@pytest.mark.parametrize(("text", "names"), [
    ("Full frame-structure prediction results for Propbank.", ["Propbank"]),
    ("Propbank was started to build a representative resource.", ["Propbank"]),
    ("Ted was started to build a representative resource.", []),  # short words of the list: only as written there
])
def test_a_listed_resource_is_a_dataset_however_capitalised(rules, text, names):
    assert _datasets(rules, text) == names


def test_a_name_before_data_is_a_dataset(rules):
    assert _datasets(rules, "We used the standard ACE data for the experiments.") == ["ACE"]
    assert _datasets(rules, "Adding CFG data helps the parser.") == []  # a formalism: the corpus says it is none


@pytest.mark.parametrize(("text", "name"), [
    ("We predict word senses from a Chinese ontology HowNet and project them to the English corpus.", "HowNet"),
    ("Usages of each noun were sampled from each of Twitter and ukWaC, after language identification.", "ukWaC"),
])
def test_the_taggers_dataset_label_types_a_name_no_rule_typed(text, name):
    combined = build_pipeline("combined")
    assert name in _datasets(combined, text)
    assert _kinds(build_pipeline("rules"), text).get(name) == "method"  # the rules alone only guess a method


def test_capitalised_treebanks_end_a_name(rules):
    assert _datasets(rules, "Parsing results on the Zorbic Universal Treebanks are shown.") == ["Zorbic Universal Treebanks"]
    assert _datasets(rules, "We parse the zorbic universal treebanks.") == []


@pytest.mark.parametrize(("text", "names"), [
    ("Temporal ordering differs relative to Zorbbank, implying more work.", ["Zorbbank"]),
    ("Temporal ordering differs relative to Treebank, implying more work.", []),  # the kind alone
    ("Temporal ordering differs relative to Zorbic, implying more work.", []),  # a capitalised word alone
])
def test_a_capitalised_word_ending_in_bank_names_a_resource(rules, text, names):
    assert _datasets(rules, text) == names


def test_a_long_form_naming_a_dataset_stays_when_its_acronym_is_no_name(rules):
    text = "We align words with the Basic Zorbic Expression Corpus (BZ EC) () and report results."
    assert _datasets(rules, text) == ["Basic Zorbic Expression Corpus"]


@pytest.mark.parametrize("text", [
    "When evaluated on our blind Test set, ZorbLID achieves 95.89 F1.",
    "We introduce ZEVA (Extensive training set and Video-helpful evaluation set for subtitles), an MT corpus.",
])
def test_a_capitalised_word_before_a_set_noun_is_no_name(rules, text):
    assert not {"Test", "Extensive"} & set(_datasets(rules, text))


@pytest.mark.parametrize("text", [
    "Our approach is based on the ZORBLASER toolkit, which uses an encoder trained on a parallel corpus.",
    "Like ZORBKEW, our system uses random walks over the corpus to generate entity embeddings.",
])
def test_the_tagger_does_not_retype_a_name_beside_a_method_noun_or_without_data(text):
    name = next(word.strip(",") for word in text.split() if word.startswith("ZORB"))
    assert name not in _datasets(build_pipeline("combined"), text)
