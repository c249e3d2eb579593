"""Names coordinated before one plural dataset noun (round h15ca, issue 15): "the X, Y and Z datasets".

The shared plural noun says that every member of the list names a dataset. Round h15t's rule read only a list of
one-word names after a function word or punctuation, right before "datasets", "corpora", "benchmarks" or
"treebanks". Three shapes of the train slice were lost:

1. a lower-case modifier before the list ("the well-known X, Y and Z datasets", "on benchmark X and Y datasets");
2. a set noun as the shared head ("the X, Y, and Z test sets", "X and Y data sets", "X and Y test collections");
3. a capitalised phrase as a member ("the X Reviews and Y datasets"): its words stayed loose capitalised words.

In these three shapes one member must look like a name by itself (an acronym or another strong shape, a number, a
known dataset): plain capitalised words ("Oil and Gas corpora", "Evaluation and Challenge test sets", "Nordic and
Baltic treebanks") were the wrong changes on the train slice. A phrase that ends in a language ("Ancient Greek") is
no member. What the list holds is still decided by the later steps: languages, lower-case descriptions and tasks are
no names.
All names here are made up.
"""
from __future__ import annotations

from collections.abc import Callable

import pytest

#: The conftest fixture: ``{name: kind}`` of the entities found in a text.
Labels = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(("text", "names"), [
    ("Results on the well-known Zorbnews, Flimsum and KLQA datasets improve.", {"Zorbnews", "Flimsum", "KLQA"}),
    ("The model is compared on benchmark ZQIS and Flimsum datasets respectively.", {"ZQIS", "Flimsum"}),
    ("We extend the Zorbnews, Flimsum+, and Klaxbank 2 test sets and leverage them.",
     {"Zorbnews", "Flimsum+", "Klaxbank 2"}),
    ("Results on the Zorbnews and Flimsum 2 data sets improve.", {"Zorbnews", "Flimsum 2"}),
    ("Results on the Zorbnews and Flimsum 2 test collections improve.", {"Zorbnews", "Flimsum 2"}),
    # a phrase of plain words is vouched for by a known dataset in the list, not by another member's acronym or
    # number (review62: "the Stanford University and MIT corpora")
    ("These results hold for the Zorb Convention and CNN/Daily Mail datasets.", {"Zorb Convention", "CNN/Daily Mail"}),
    ("Results on the Zorb Reviews 2 and Klax News 2 corpora improve.", {"Zorb Reviews 2", "Klax News 2"}),
    ("We test on both Zorb York Times and CNN/Daily Mail datasets.", {"Zorb York Times", "CNN/Daily Mail"}),
])
def test_each_member_names_a_dataset(entity_labels: Labels, text: str, names: set[str]) -> None:
    labels = entity_labels(text)
    assert {name: labels.get(name) for name in names} == dict.fromkeys(names, "dataset")


@pytest.mark.parametrize("text", [
    "Results on the English and German corpora improve.",  # languages
    "Results on the widely used English and German test sets improve.",
    "Using English, Finnish, North Zorbic, and Turkish data sets, we show gains.",
    "We tag the ZORBEL Ancient Greek and Latin treebanks.",  # a qualified language is no dataset of its own
    "Results on the news and web corpora improve.",  # a lower-case description
    "We study public and internal conversational datasets.",
    "The model was fine-tuned with domain-specific Oil and Gas corpora.",  # plain capitalised words, no name
    "We reach the best score for both Evaluation and Challenge test sets.",
    "We discuss the harmonisation of multilingual Nordic and Baltic treebanks.",
])
def test_no_name_in_languages_or_descriptions(entity_labels: Labels, text: str) -> None:
    labels = entity_labels(text)
    assert not {name for name, kind in labels.items() if kind == "dataset" and name != "ZORBEL"}, labels


def test_task_acronyms_stay_tasks(entity_labels: Labels) -> None:
    labels = entity_labels("Results on the NER and POS datasets improve.")  # the tasks' data, not names
    assert "dataset" not in labels.values()


def test_task_phrases_stay_tasks(entity_labels: Labels) -> None:
    labels = entity_labels("Results on the Natural Language Inference and Question Answering datasets improve.")
    assert labels == {"Natural Language Inference": "task", "Question Answering": "task"}


def test_no_list_without_a_coordination(entity_labels: Labels) -> None:
    """A modifier before one capitalised word and a set noun: no list, so no rule of this round speaks."""
    assert entity_labels("We train on large Zorbish test sets.").get("Zorbish") != "dataset"
