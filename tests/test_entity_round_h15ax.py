"""Round h15ax: tasks recall by structure, in both modes: a sentence's subject past its acronym, a clause between
commas or a second subject (``extractors/entity_task_subjects.py``); a noun of work on a task ("progress in X",
``entity_task_purposes.work_tasks``); a list after "including" and past a member that names no task
(``entity_task_lists``); hyphenated heads in the task frames; "X (A) and Y (B) are both important tasks"
(``entity_task_bounds``). Invented sentences ("zorb" and "quux" are no known words, so the learned phrases and the
tagger's lists do not know the names) and sentences of real abstracts of the read sets."""
from __future__ import annotations

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_task_lists import MAX_WORD_TOKENS, listed_tasks, spaced_words
from extractors.entity_task_purposes import WORK_TASK_RULE, work_tasks
from extractors.entity_task_subjects import SUBJECT_TASK_RULE, subject_tasks


@pytest.mark.parametrize(("text", "names"), [
    ("Zorb sorting (ZS) is a hard task for quux texts.", ["Zorb sorting"]),
    ("Quux detection, a recent topic, is very challenging.", ["Quux detection"]),
    ("Zorb reasoning, crucial to quux cognition, remains a challenging, yet understudied task.", ["Zorb reasoning"]),
    ("Zorb parsing (ZP) and quux normalization (QN) are both important tasks for Zorbish.",
     ["Zorb parsing", "quux normalization"]),
    ("Zorb retrieval, which aims to find zorbs, is studied here.", ["Zorb retrieval"]),
    ("Zorb detection (ZD) has attracted much attention in recent years.", ["Zorb detection"]),
    ("Automatic zorb tagging (AZT) is an important task.", ["zorb tagging"]),  # the opener is left out
    ("Zorb detection, a recent topic, is a very challenging task.", ["Zorb detection"]),  # a degree word (review)
])
def test_subject_past_what_stands_between(text: str, names: list[str]) -> None:
    doc = blank_pipeline()(text)
    assert [doc[s:e].text for s, e in subject_tasks(doc, set())] == names


def test_a_second_head_shares_the_modifiers_with_a_singular_verb() -> None:
    doc = blank_pipeline()("Zorb keyphrase identification and classification is the task of finding zorbs.")
    # no acronym or clause, but the older frames cannot read a coordination
    assert [doc[s:e].text for s, e in subject_tasks(doc, set())] == ["Zorb keyphrase identification and classification"]


@pytest.mark.parametrize("text", [
    "Zorb sorting is a task.",  # the verb follows at once: the older subject frames' case
    "Zorb quux (ZQ) is a hard problem.",  # a problem needs a task head
    "Building zorbs (BZ) is a hard task.",  # a gerund: an activity
    "Data sparsity (DS) is a main problem.",  # "Data ..."
    "Zorb analysis (ZA) is a challenging problem.",  # a study's head, and no "task"
    "Zorb detection (ZD) is important for many tasks.",  # "for many tasks": no adjective before the noun
    "Zorb detection, quux tagging and zorb linking are tasks.",  # a list, not a clause between commas
    "Zorb detection (ZD) is a library for quux.",  # nothing that says task or problem
    "Zorb detection (ZD) are hard tasks.",  # one subject, a plural verb
    "Zorb distillation, a recent idea, is a task transfer method.",  # "task" says what kind of method (review)
    "Prompt zorbing (PZ) is a task adaptation technique.",
    "Zorb detection (ZD) is a task force.",
])
def test_no_subject_task(text: str) -> None:
    doc = blank_pipeline()(text)
    assert subject_tasks(doc, set()) == []


def test_no_subject_task_over_taken_tokens() -> None:
    assert subject_tasks(blank_pipeline()("Zorb sorting (ZS) is a hard task."), set(range(9))) == []


@pytest.mark.parametrize(("text", "name"), [
    (("Nonmonotonic reasoning, crucial to human cognition for navigating the real world, remains a challenging, "
      "yet understudied task."), "Nonmonotonic reasoning"),  # tune3, 2024.acl-short.51
])
def test_subject_tasks_in_the_pipeline(both, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    doc = both(text)
    found = {span.text: (span.label_, span._.kg_type_rule) for span in doc.spans["kg_entities"]}
    assert found.get(name) == ("task", SUBJECT_TASK_RULE)


def test_two_pairs_called_tasks(entity_labels) -> None:  # type: ignore[no-untyped-def]
    # each pair is a task whether a subject frame or the acronym's candidate names it
    labels = entity_labels("Zorb sorting (ZS) and quux normalization (QN) are both important tasks for Zorbish.")
    assert labels.get("ZS", labels.get("Zorb sorting")) == "task"
    assert labels.get("QN", labels.get("quux normalization")) == "task"


def test_both_important_tasks_retypes_an_acronym_pair(entity_labels) -> None:  # type: ignore[no-untyped-def]
    # tune, 2021.naacl-main.438: "LN" was typed method
    labels = entity_labels("Morphological analysis (MA) and lexical normalization (LN) are both important tasks for "
                           "Japanese user-generated text (UGT).")
    assert labels.get("MA", labels.get("Morphological analysis")) == "task"  # one mention with its long form since
    # round h15bi (a long form opening its sentence pairs with its acronym)
    assert labels.get("LN", labels.get("lexical normalization")) == "task"


@pytest.mark.parametrize(("text", "names"), [
    ("We report progress in zorb retrieval and results for quux tagging.", ["zorb retrieval", "quux tagging"]),
    ("Classic approaches to zorb detection are rule-based.", ["zorb detection"]),
    ("It achieves strong performance in zorb keyphrase identification and classification compared to baselines.",
     ["zorb keyphrase identification and classification"]),
    ("We describe improvements in lemmatization and tagging.", ["lemmatization"]),
])
def test_work_on_a_task(text: str, names: list[str]) -> None:
    doc = blank_pipeline()(text)
    assert [doc[s:e].text for s, e in work_tasks(doc, set())] == names


@pytest.mark.parametrize("text", [
    "We report progress in the zorb retrieval.",  # a determiner: no name right after the preposition
    "We report performance on zorb datasets.",  # no task head
    "We report results for automatic generation of zorb reports.",  # cut short before "of"
    "Our work on zorb selection is new.",  # a step of the work (h15aq's generic heads)
    "We give a dataset for zorb retrieval.",  # a thing's purpose: purpose_tasks' frame, not this one
    "We report accuracy in terms of zorb detection.",  # "in terms": no name
])
def test_no_work_task(text: str) -> None:
    doc = blank_pipeline()(text)
    assert work_tasks(doc, set()) == []


def test_work_task_type_rule(both) -> None:  # type: ignore[no-untyped-def]
    doc = both("We report recent progress in zorb retrieval.")
    rules = {span.text: (span.label_, span._.kg_type_rule) for span in doc.spans["kg_entities"]}
    assert rules.get("zorb retrieval") == ("task", WORK_TASK_RULE)


def test_a_list_after_including_goes_past_a_member_that_names_no_task() -> None:
    nlp = blank_pipeline()
    # tune, 2024.lrec-main.1242: "common" is a generic opener, so "common sense reasoning" is no member, but the list
    # goes on to "numerical reasoning", which "including" opens
    doc = nlp("We conducted comprehensive experiments on various datasets, including numerical reasoning, common "
              "sense reasoning, logical reasoning, and reading comprehension.")
    assert [doc[s:e].text for s, e in listed_tasks(doc, [(16, 18), (20, 22)], set())] == ["numerical reasoning"]
    # past one member only: two members that name no task end the list
    doc = nlp("We test on zorb reasoning, common quux reasoning, common zorb reasoning, and quux comprehension.")
    assert doc[15:17].text == "quux comprehension"
    assert [doc[s:e].text for s, e in listed_tasks(doc, [(15, 17)], set())] == []
    # a member whose first word the corpus uses as a verb ("test") is no member: the list is not passed twice
    doc = nlp("We test zorb parsing, common sense reasoning, and reading comprehension.")
    assert doc[10:12].text == "reading comprehension"
    assert listed_tasks(doc, [(10, 12)], set()) == []


def test_hyphenated_head_in_a_task_frame(entity_labels) -> None:  # type: ignore[no-untyped-def]
    # tune5, 2022.mia-1.9
    labels = entity_labels("In this paper, we present our approach for this task of cross-lingual open-domain "
                           "question-answering.")
    assert labels.get("cross-lingual open-domain question-answering") == "task"


def test_a_member_refused_from_one_side_is_still_taken_from_the_other(entity_labels) -> None:  # type: ignore[no-untyped-def]
    # read on the unannotated abstracts (2022.emnlp-main.488): "visual grounding" is refused as the shared-head
    # member of "visual grounding and visual question answering" but taken as the member after "image-text retrieval"
    labels = entity_labels("It achieves state-of-the-art results on many tasks, including image captioning, image-text "
                           "retrieval, visual grounding and visual question answering.")
    assert labels.get("visual grounding") == "task"


@pytest.mark.parametrize("text", [
    "Zorbformer (ZF) and Quuxformer (QF) are evaluated on two tasks.",  # a passive, not what they are (review)
    "Sparse Gated Adapters (SGA) and Dense Zorb Adapters (DZA) are applied to downstream tasks.",
    "ZorbNet (ZN) and QuuxNet (QN) are used in many tasks.",
    "Zorb Adapters (ZA) and its variants are compared across tasks.",  # no second named subject
])
def test_are_tasks_needs_what_they_are(entity_labels, text: str) -> None:  # type: ignore[no-untyped-def]
    labels = entity_labels(text)
    assert not [name for name, kind in labels.items() if kind == "task"], labels


def test_a_member_after_a_passed_one_needs_a_task_head(entity_labels) -> None:  # type: ignore[no-untyped-def]
    # review: "frozen embeddings" is passed, and "gradient clipping" is only an activity, no task head
    labels = entity_labels("Our ablations cover sentiment analysis, frozen embeddings, and gradient clipping.")
    assert "gradient clipping" not in labels
    assert labels.get("sentiment analysis") == "task"


@pytest.mark.parametrize(("text", "names"), [
    ("We report progress in zorb retrieval and summarization, and more.", ["zorb retrieval"]),  # two tasks
    ("We report progress in zorb identification and classification.", ["zorb identification and classification"]),
])
def test_a_second_head_joins_only_if_it_is_no_task_alone(text: str, names: list[str]) -> None:
    doc = blank_pipeline()(text)
    assert [doc[s:e].text for s, e in work_tasks(doc, set())] == names


def test_a_long_run_glued_by_hyphens_is_no_word() -> None:
    """A run of "Zorb-" made one word of every token, walked whole for each of the run's sentences (quadratic: 38 s
    for 80,000 in subject_tasks alone; review)."""
    doc = blank_pipeline()("We train ZorbNet on ToyQA " + "Zorb-" * 2_000 + " and report BLEU.")
    words = spaced_words(doc, 5, 6, 1)
    assert words == []  # the run is longer than a word may be
    assert all(b - a <= MAX_WORD_TOKENS for a, b in spaced_words(doc, 0, 1, 1))
    short = blank_pipeline()("a state-of-the-art zorb")
    assert [short[a:b].text for a, b in spaced_words(short, 1, 2, 1)] == ["state-of-the-art", "zorb"]
