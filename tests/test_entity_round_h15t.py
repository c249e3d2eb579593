"""Round h15t: dataset names a dataset noun introduces, and languages around dataset names, on invented sentences.

Plain capitalised words ("Zorbnews", "Flimsum") are names when a dataset noun says so: a list apposed to a plural
dataset noun (after a comma, colon, dash or parenthesis), coordinated names before one ("the Zorbus and Klaxon
datasets"), a phrase after "a new dataset," and a sentence that opens with the words and calls them a dataset. A
language's edition of a known resource is named with the language ("the Klingon WordNet"); a language variety before
a lower-case dataset noun describes the data and names none ("the first European Portuguese corpus").
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities


def _datasets(nlp, text: str) -> list[str]:
    return [e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "dataset"]


@pytest.mark.parametrize(("text", "names"), [
    ("We evaluate on the Zorbus and Klaxon datasets.", ["Zorbus", "Klaxon"]),
    ("We evaluate our model on four widely-used datasets – Zorbnews, KLQA, Flimsum and Barbus.",
     ["Zorbnews", "KLQA", "Flimsum", "Barbus"]),
    ("We evaluate our model on three datasets: Zorbnews, Flimsum and Barbus.", ["Zorbnews", "Flimsum", "Barbus"]),
    ("Experiments on two benchmark datasets (Flimsum and Barbus) show the effectiveness.", ["Flimsum", "Barbus"]),
    ("Experiments on two benchmark datasets, Flimsum and Barbus, show the effectiveness.", ["Flimsum", "Barbus"]),
    ("We introduce a new dataset, Zorb Klaxon, for argument mining.", ["Zorb Klaxon"]),
    ("We present a new corpus, Flimsum, of annotated tweets.", ["Flimsum"]),
    ("Babel Zorbings is a novel dataset featuring 4.7 million news headlines.", ["Babel Zorbings"]),
    ("Flimsum is a new corpus of legal texts.", ["Flimsum"]),
    ("The Zorb Klaxon is a new dataset of tweets.", ["Zorb Klaxon"]),
    ("We collect a dataset called Zorbish Tweets for stance detection.", ["Zorbish Tweets"]),
    ("We collect a dataset named Flimsum for stance detection.", ["Flimsum"]),
    ("We evaluate on several datasets including Flimsum and Barbus.", ["Flimsum", "Barbus"]),
    ("We evaluate on benchmarks like Flimsum and Barbus.", ["Flimsum", "Barbus"]),
    ("We evaluate on three datasets, namely Flimsum, Barbus and Zorbus.", ["Flimsum", "Barbus", "Zorbus"]),
    ("We conduct experiments on two public datasets: Flimsum Reviews and Barbus News.",
     ["Flimsum Reviews", "Barbus News"]),
])
def test_a_dataset_noun_introduces_plain_capitalised_names(both, text, names):
    assert _datasets(both, text) == names


@pytest.mark.parametrize("text", [
    "On the two datasets, Zorbus and Klaxon differ most.",  # a fronted phrase: the names are the subject
    "We built translation models for four Zorbic dialects—Flimsish, Barbish and Klaxish—by fine-tuning.",
    "Zorbus is a popular platform for sharing photos.",  # no dataset noun calls it one
    "Flimsum is a tool for building corpora.",  # the noun after a preposition is not what the name is
    "Arabic is a language with a rich corpus tradition.",
])
def test_no_dataset_without_the_introducing_noun(rules, text):
    assert _datasets(rules, text) == []


def test_a_dash_opens_a_list_only_right_after_its_noun(rules):
    text = "We developed translation models between four Zorbic dialects—Flimsish, Barbish and Klaxish—by tuning."
    assert [e.span.text for e in iter_entities(rules(text)) if e.span.label_ == "model"] == []


@pytest.mark.parametrize(("text", "names"), [
    ("In this work, we enrich the Basque WordNet, focusing on the adjectives.", ["Basque WordNet"]),
    ("It embeds definitions from English WordNet into the same space.", ["English WordNet"]),
    ("We link the senses of the Open English Wordnet to each other.", ["English Wordnet"]),
])
def test_a_languages_edition_of_a_known_resource_is_named_with_it(rules, text, names):
    assert _datasets(rules, text) == names


def test_coordinated_languages_share_the_resources_name(rules):
    text = "Results on the English and Japanese FrameNet datasets improve."
    assert _datasets(rules, text) == ["FrameNet"]


@pytest.mark.parametrize("text", [
    "This paper describes the first European Portuguese corpus for the study of psychosis.",
    "An Acadian French corpus could improve models for this dialect.",
])
def test_a_language_variety_before_a_lower_case_dataset_noun_names_nothing(both, text):
    assert _datasets(both, text) == []


def test_a_name_before_a_language_keeps_its_phrase(rules):
    # "Zorbword" is no variety of English: the older rule still names the phrase
    assert _datasets(rules, "A subset of the Zorbword English corpus was used.") == ["Zorbword English"]


def test_a_capitalised_dataset_noun_keeps_the_language_in_the_name(rules):
    # the older named-phrase rule: a capitalised noun makes the whole phrase a name
    assert _datasets(rules, "We parse the Zorbic Portuguese Treebank.") == ["Zorbic Portuguese Treebank"]


def test_a_quantifier_run_into_a_field_term_is_no_name(both):
    # "many NLP tasks" with the space lost (PDF extraction): not a dataset named by "tasks"
    assert _datasets(both, "These resources are useful for manyNLP tasks, such as text classification.") == []


@pytest.mark.parametrize(("text", "names"), [
    ("We compile the Visuo-Zorbic Question Answering (VZQA) challenge corpus for a new task.", ["VZQA"]),
    ("We release the Zorbish Question Answering (ZQA) dataset.", ["ZQA"]),
])
def test_a_task_named_pair_before_a_dataset_noun_names_the_dataset(both, text, names):
    assert _datasets(both, text) == names


@pytest.mark.parametrize("text", [
    "We release the Named Entity Recognition (NER) dataset for Zorbish.",  # NER is a task's acronym
    "We test on Recognizing Zorbic Entailment (RZE) tasks.",  # "tasks" names no data
])
def test_a_task_acronym_before_a_dataset_noun_stays_a_task(rules, text):
    assert _datasets(rules, text) == []
