"""Round h15cr: task names the train slice writes inside task frames, found where an abstract writes them bare.

``extractors.entity_framed_names`` reads ``framed_task_names.txt`` (``scripts/build_task_names.py``): "reverse
dictionary", "definition modeling", "text-to-SQL" are called tasks by the train slice's frames often enough and are
matched with no frame; adjectives in frames ("the daunting task"), kinds of tasks ("on multiple downstream tasks"),
names another learned list owns ("word similarity") and a name before a noun it modifies are not. The sentences are
the read sets' (tune3, tune12), the train slice's (the round's design range) and made-up ones."""
from __future__ import annotations

from collections import Counter

import pytest
from script_modules import load_script

from extractors.entities import blank_pipeline
from extractors.entity_framed_names import learned_names, learned_task_names

_builder = load_script("scripts/build_task_names.py", "kg_build_task_names_h15cr")
framed_names, lexicon = _builder.framed_names, _builder.lexicon


def _tasks(entity_labels, text: str) -> list[str]:
    return [name for name, kind in entity_labels(text).items() if kind == "task"]


def test_learned_names_keep_tasks_and_leave_adjectives() -> None:
    names = learned_names()
    assert {"reverse dictionary", "definition modeling", "text-to-sql", "authorship verification"} <= names
    for junk in ("daunting", "second", "related downstream", "multiple downstream", "knowledge-intensive",
                 "word similarity", "reading comprehension", "classification", "solve complex reasoning"):
        assert junk not in names


def test_frames_of_one_abstract() -> None:
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp("Decipherment is the task of reading lost scripts. We report results on lemmatization tasks. "
              "The task of predicting the label is hard. It is a daunting task. "
              "We tackle the task of news recommendation.")
    found = framed_names([t.text for t in doc], [t.is_stop for t in doc], [bool(t.is_sent_start) for t in doc])
    assert ("subject", "decipherment") in found
    assert ("plural", "lemmatization") in found
    assert not any(name == "predicting" for _, name in found)  # a gerund with its object
    assert ("of", "news recommendation") in found and ("before", "daunting") in found


def test_lexicon_columns_and_share() -> None:
    framed = Counter({("subject", "zorb tagging"): 2, ("of", "zorb tagging"): 1, ("before", "daunting"): 6})
    lines = lexicon(framed, Counter({"zorb tagging": 10, "daunting": 400}))
    assert lines == ["zorb tagging\t3\t10\t0\t0\t1\t2"]


@pytest.mark.parametrize(("text", "task"), [
    # read sets (tune3 2022.semeval-1.4, tune12 2022.emnlp-main.222)
    (("This task aims at comparing two types of semantic descriptions and including two sub-tasks: the definition "
      "modeling and reverse dictionary track."), "definition modeling"),
    (("Experiments on few-shot classification and unsupervised text style transfer show superior performance over "
      "a wide range of existing fine-tuning or prompting methods."), "unsupervised text style transfer"),
    # train slice (the round's design range)
    (("In this work, we propose LogicalFactChecker, a neural network approach capable of leveraging logical "
     "operations for fact checking."), "fact checking"),
    (("The technology of text-to-SQL has significantly enhanced the efficiency of accessing and manipulating "
     "databases."), "text-to-SQL"),
    (("Visual dialog is a vision-language task where an agent needs to answer a series of questions grounded in an "
     "image."), "Visual dialog"),
    # made up
    ("We study authorship verification for Zorbish.", "authorship verification"),
    ("Zorbnet is evaluated on reverse dictionary.", "reverse dictionary"),
    ("We propose a style transfer model for Zorbish.", "style transfer"),  # "a" binds the model: still the task
])
def test_learned_name_is_a_task_without_a_frame(entity_labels, text: str, task: str) -> None:
    assert task in _tasks(entity_labels, text)


@pytest.mark.parametrize(("text", "word"), [
    ("Our reverse dictionary models beat Zorbnet.", "reverse dictionary"),  # a modifier of a noun
    ("Zorbnet improves cross-lingual reverse dictionary on Quux.", "reverse dictionary"),  # a longer phrase's tail
    ("We collect judgments of word similarity from annotators.", "word similarity"),  # task_phrases.txt's guards
    # review76: after "a" / "an" heading its noun phrase the name is one thing (train slice, outside both samples)
    (("This new kind of WAN is evaluated in two ways: i) learning word embeddings based on the node2vec algorithm "
      "and comparing them with human annotated benchmarks, and ii) performing a lexical search for a reverse "
      "dictionary."), "reverse dictionary"),
    (("In this work, we formulate a visual dialog as an information flow in which each piece of information is "
      "encoded with the joint visual-linguistic representation of a single dialog round."), "visual dialog"),
    ("The agent holds a visual dialog with the user.", "visual dialog"),
])
def test_not_a_learned_name_here(entity_labels, text: str, word: str) -> None:
    assert word not in _tasks(entity_labels, text)


def test_capitalised_name_inside_a_sentence_is_left() -> None:
    """Review76: the capital guard works below the pipeline (its later stages drop "Reverse Dictionary" as well, so
    only the matcher itself shows the guard)."""
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp("The Reverse Dictionary Zorb library is released. Reverse dictionary is hard.")
    assert [doc[s:e].text for s, e in learned_task_names(doc)] == ["Reverse dictionary"]
