"""Round h15ba: a list with a typed dataset speaks for its other members (``extractors/entity_dataset_members.py``).

Invented names throughout; CNN/Daily Mail, REVERIE and BioRelEx stand for the typed dataset beside them.
"""
from __future__ import annotations

import pytest

from extractors.entity_candidates import Candidate
from ontology.kinds import EntityKind


def _found(text: str, mode: str) -> set[tuple[str, str]]:
    from extractors.entities import build_pipeline

    return {(span.text, span.label_) for span in build_pipeline(mode)(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("Experiments on Zorbroom and CNN/Daily Mail show that our metric correlates better with human judgements.",
     "Zorbroom"),  # a preposition before the list's first member
    ("The lexicon was based on three existing lexicons: Zorblex, Quuxlex and Blingo with additional corrections.",
     "Blingo"),  # a preposition after its last
    ("The lexicon was based on three existing lexicons: Zorblex, Quuxlex and Blingo with additional corrections.",
     "Zorblex"),  # the first member, before the member that types the list
])
def test_a_capitalised_word_ending_a_list_of_datasets_is_a_dataset(text: str, name: str) -> None:
    """A capitalised word at a list's end, a function word or punctuation outside it, is a dataset when another
    member is one (rules mode: the trained tagger may call an invented word a method)."""
    assert (name, "dataset") in _found(text, "rules")


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize(("text", "name"), [
    ("Our agent achieves state-of-the-art zero-shot performance on the Z2Q and REVERIE simultaneously.", "Z2Q"),
    (("The framework achieves new state-of-the-art results in two benchmark datasets: BioRelEx (binding interaction "
      "detection) and QDE (quux drug event extraction)."), "QDE"),
])
def test_an_acronym_a_task_only_by_its_form_is_a_dataset_in_a_list_of_datasets(text: str, name: str,
                                                                                 mode: str) -> None:
    """A conversion-shaped acronym ("Z2Q") or one whose long form ends in a task head, listed with a dataset, is a
    dataset named after its task."""
    found = _found(text, mode)
    assert (name, "dataset") in found and (name, "task") not in found


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_a_listed_task_acronym_stays_a_task(mode: str) -> None:
    """Guard: an acronym ``task_acronyms.txt`` lists is a task beside a dataset too."""
    found = _found("We evaluate our parser on SQuAD and NER.", mode)
    assert ("NER", "task") in found and ("NER", "dataset") not in found


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize("text", [
    "We train on CNN/Daily Mail and Zorbroom embeddings.",  # a lower-case noun after: a modifier
    "We report results on CNN/Daily Mail and Zorbroom of the university.",  # the name goes on with "of"
])
def test_a_capitalised_word_whose_name_goes_on_is_not_taken(text: str, mode: str) -> None:
    """Guard: a capitalised word followed by a lower-case noun or "of" is no list member of its own."""
    assert ("Zorbroom", "dataset") not in _found(text, mode)


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize(("text", "name"), [
    ("The material comes from the Zorb Database (Situation Analysis in a Zorbal and Emotional Database) of films.",
     "Zorbal"),  # the capitalised noun after is shared: one name
    ("Following the WordNet design developed at Zorbton, WordNets for other languages were built.", "Zorbton"),
])  # a comma without "and" / "or": no list
def test_no_list_member_where_a_head_is_shared_or_no_conjunction_joins(text: str, name: str, mode: str) -> None:
    """Guards (read on unannotated abstracts while the rule was written): a word that shares the dataset noun of the
    list's last member, and a comma that parts two clauses, make no list member a dataset."""
    assert (name, "dataset") not in _found(text, mode)


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_an_acronym_in_a_list_of_tasks_stays_a_task(mode: str) -> None:
    """Guard: "tasks" after the list says what it lists, whatever typed its other member."""
    found = _found("Experiments on CVSS show gains in both offline Z2Q and Simul-Z2Q tasks.", mode)
    assert ("Z2Q", "dataset") not in found


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_a_name_the_train_slice_uses_as_data_is_a_dataset_beside_one(mode: str) -> None:
    """A single name the rules leave untyped, which ``name_uses.txt`` says the train slice uses as data, is a dataset
    where a rule typed a dataset in its sentence; alone it is still dropped (round h15at)."""
    assert ("AOC-ALDi", "dataset") in _found(
        "We use AOC-ALDi as well as MeSH, two specialized glossaries, in the evaluation.", mode)
    assert not {name for name, _ in _found("We use AOC-ALDi in the evaluation.", mode)} & {"AOC-ALDi"}


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize("text", [
    "We use AOC-ALDi symptoms as well as MeSH, two specialized glossaries, in the evaluation.",  # a modifier
    "We introduce a method called AOC-ALDi. By leveraging AOC-ALDi as well as MeSH, we improve the baseline.",
])  # the abstract's own method
def test_no_dataset_by_corpus_evidence_for_a_modifier_or_a_proposed_name(text: str, mode: str) -> None:
    """Guards (read on unannotated abstracts): a lower-case noun after the name, or the abstract proposing it."""
    assert ("AOC-ALDi", "dataset") not in _found(text, mode)


def test_ends_a_data_list_needs_a_typed_dataset_and_a_list_end() -> None:
    """The unit: an end member, a typed dataset among the others, a function word or punctuation outside."""
    from extractors.entities import blank_pipeline
    from extractors.entity_dataset_members import ends_a_data_list

    doc = blank_pipeline()("on Zorb , Quux and Blix with care")
    data = Candidate(3, 4, "strong", kind=EntityKind.DATASET, type_rule="gazetteer")
    method = Candidate(3, 4, "strong", kind=EntityKind.METHOD, type_rule="model_family")
    first, last = Candidate(1, 2, "weak"), Candidate(5, 6, "weak")
    assert ends_a_data_list(doc, first, [first, data, last], {}) \
        and ends_a_data_list(doc, last, [first, data, last], {})
    assert not ends_a_data_list(doc, last, [first, method, last], {})  # no dataset types the list
    assert not ends_a_data_list(doc, last, [last], {})  # no list
    middle = Candidate(3, 4, "weak")
    assert not ends_a_data_list(doc, middle, [first, middle, last], {})  # delimited() speaks for middle members
    doc = blank_pipeline()("on Zorb , Quux and Blix ( ZQB ) with care")
    assert not ends_a_data_list(doc, last, [first, data, last], {})  # the list spells out an acronym


def test_task_typed_data_needs_a_task_by_form_and_a_typed_dataset() -> None:
    """The unit: a task by shape or long form, a dataset typed by a rule that vouches for it, a list."""
    from extractors.entities import blank_pipeline
    from extractors.entity_dataset_members import task_typed_data

    doc = blank_pipeline()("on the Z2Q and REVERIE")
    data = Candidate(4, 5, "strong", kind=EntityKind.DATASET, type_rule="evaluated_on")
    guessed = Candidate(4, 5, "strong", kind=EntityKind.DATASET, type_rule="default")
    by_shape = Candidate(2, 3, "strong", kind=EntityKind.TASK, type_rule="task_acronym")
    by_tagger = Candidate(2, 3, "strong", kind=EntityKind.TASK, type_rule="tagger")
    assert task_typed_data(doc, by_shape, [by_shape, data])
    assert not task_typed_data(doc, by_shape, [by_shape, guessed])  # a guessed dataset types no list
    assert not task_typed_data(doc, by_tagger, [by_tagger, data])  # the tagger's task is not by form
    assert not task_typed_data(doc, by_shape, [by_shape])
