"""Round h15ba: a list with a typed dataset speaks for its other members (``extractors/entity_dataset_members.py``).

Invented names throughout; CNN/Daily Mail, SQuAD, REVERIE, BioRelEx, CVSS and MeSH stand for the typed dataset
beside them. The invented "ZOC-ALDi" is given its train-slice uses by the ``uses`` fixture, not ``name_uses.txt``.
"""
from __future__ import annotations

import pytest

from extractors import entity_name_uses
from extractors.entity_candidates import Candidate
from extractors.entity_name_uses import NameUses
from ontology.kinds import EntityKind

#: What the train slice's uses would say of an invented name: 3 uses, 1 as data (MIN_USES; the rule's weakest case).
_USED_AS_DATA = NameUses(3, 0, 1, 0)


@pytest.fixture
def uses(monkeypatch: pytest.MonkeyPatch) -> None:
    """``name_uses.txt`` plus "ZOC-ALDi", used as data: the tests do not hang on one line of a generated file."""
    table = {**entity_name_uses.name_uses(), "ZOC-ALDi": _USED_AS_DATA}
    monkeypatch.setattr(entity_name_uses, "name_uses", lambda: table)


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
    (("Following the WordNet design developed at Zorbton (Miller and Fellbaum, 1998), WordNets for other languages "
      "were built."), "Zorbton"),  # the "and" of a citation between the members is not the list's (review 39)
])  # a comma without "and" / "or": no list
def test_no_list_member_where_a_head_is_shared_or_no_conjunction_joins(text: str, name: str, mode: str) -> None:
    """Guards (read on unannotated abstracts while the rule was written): a word that shares the dataset noun of the
    list's last member, and a comma that parts two clauses (a citation's "and" between them or not), make no list
    member a dataset."""
    assert (name, "dataset") not in _found(text, mode)


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_an_acronym_in_a_list_of_tasks_stays_a_task(mode: str) -> None:
    """Guard: "tasks" after the list says what it lists, whatever typed its other member."""
    found = _found("Experiments on CVSS show gains in both offline Z2Q and Simul-Z2Q tasks.", mode)
    assert ("Z2Q", "dataset") not in found


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_a_name_the_train_slice_uses_as_data_is_a_dataset_beside_one(mode: str, uses: None) -> None:
    """A single name the rules leave untyped, which ``name_uses.txt`` says the train slice uses as data, is a dataset
    where a rule typed a dataset in its sentence; alone it is still dropped (round h15at)."""
    assert ("ZOC-ALDi", "dataset") in _found(
        "We use ZOC-ALDi as well as MeSH, two specialized glossaries, in the evaluation.", mode)
    assert not {name for name, _ in _found("We use ZOC-ALDi in the evaluation.", mode)} & {"ZOC-ALDi"}
    assert ("ZOC-ALDi", "dataset") in _found(  # a noun naming data after it elsewhere says no more than that
        "We use ZOC-ALDi as well as MeSH, two specialized glossaries. The ZOC-ALDi corpus is large.", mode)
    assert ("ZOC-ALDi", "dataset") in _found(  # nor a verb, no determiner before the name (real: "where JFN defined")
        "We use ZOC-ALDi as well as MeSH, two specialized glossaries. Where ZOC-ALDi defined new terms, we keep them.",
        mode)


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize("text", [
    "We use ZOC-ALDi in the evaluation. Results on SQuAD are strong.",  # the typed dataset is in another sentence
    "We use ZOC-ALDi as well as MeSH, two specialized glossaries. The ZOC-ALDi interface is slow.",  # a tool
])
def test_no_dataset_by_corpus_evidence_without_a_dataset_in_its_sentence_or_where_the_abstract_says_what_it_is(
        text: str, mode: str, uses: None) -> None:
    """Guards (review 39): the evidence needs a dataset a rule typed in the name's own sentence, and the abstract
    writing the name before a noun that names no data elsewhere ("The TEITOK interface") says what it is."""
    assert ("ZOC-ALDi", "dataset") not in _found(text, mode)


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize("text", [
    "We use ZOC-ALDi symptoms as well as MeSH, two specialized glossaries, in the evaluation.",  # a modifier
    "We introduce a method called ZOC-ALDi. By leveraging ZOC-ALDi as well as MeSH, we improve the baseline.",
])  # the abstract's own method
def test_no_dataset_by_corpus_evidence_for_a_modifier_or_a_proposed_name(text: str, mode: str, uses: None) -> None:
    """Guards (read on unannotated abstracts): a lower-case noun after the name, or the abstract proposing it."""
    assert ("ZOC-ALDi", "dataset") not in _found(text, mode)


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


@pytest.mark.parametrize("mode", ["rules", "combined"])
@pytest.mark.parametrize(("text", "name"), [
    ("We create a Language and Vision dataset for Mandarin Chinese.", "Language"),  # read on the train slice
    ("The material comes from a Fictional and Emotional database of films.", "Fictional"),
    ("We compare against the systems of SQuAD and Miller (1995) on this data.", "Miller"),  # a citation's author
])
def test_no_list_end_after_a_singular_article_or_before_a_citation(text: str, name: str, mode: str) -> None:
    """Guards (review 39): two listed names take no "a" / "an" (one thing with a shared lower-case head), and a
    narrative citation after the last word makes it an author."""
    assert (name, "dataset") not in _found(text, mode)


@pytest.mark.parametrize(("text", "name"), [
    ("Experiments on CNN/Daily Mail and Zorbroom", "Zorbroom"),  # the list ends the text: no token after it
    ("Zorbroom and CNN/Daily Mail show gains.", "CNN/Daily Mail"),  # the list starts the text: none before it
])
def test_a_list_at_the_texts_edge(text: str, name: str) -> None:
    """The list's outside words at the text's edges (review 39: without the bounds, the first raised IndexError)."""
    assert (name, "dataset") in _found(text, "rules")


def test_the_taggers_names_vouch_for_no_list() -> None:
    """The unit: a dataset the tagger labelled (its kind set after the list is typed) types no list end."""
    from extractors.entities import blank_pipeline
    from extractors.entity_dataset_members import ends_a_data_list, vouching_members

    doc = blank_pipeline()("on Zorb , Quux and Blix with care")
    tagged = Candidate(3, 4, "tagged", kind=EntityKind.DATASET, type_rule="apposition")  # its label sets it later
    ruled = Candidate(3, 4, "strong", kind=EntityKind.DATASET, type_rule="apposition")
    first, last = Candidate(1, 2, "weak"), Candidate(5, 6, "weak")
    assert not ends_a_data_list(doc, last, [first, tagged, last], {})
    assert ends_a_data_list(doc, last, [first, ruled, last], {})
    assert vouching_members([first, tagged, ruled, last]) == [ruled]


def test_data_by_evidence_types_only_a_single_used_name_beside_a_dataset_in_its_sentence() -> None:
    """The unit, on a table of uses: each of the docstring's conditions taken away once (review 39's survivors)."""
    from extractors.entities import blank_pipeline
    from extractors.entity_corpus import corpus_class
    from extractors.entity_dataset_members import data_by_evidence

    def typed(name: str, cand: Candidate, uses: dict[str, NameUses] | None = None) -> bool:
        doc = blank_pipeline()(f"We use {name} as well as MeSH . We use Quuxdat too .")
        data = Candidate(6, 7, "strong", kind=EntityKind.DATASET, type_rule="known_resource")
        data_by_evidence(doc, [cand, data], {name: _USED_AS_DATA, "Quuxdat": _USED_AS_DATA} if uses is None else uses)
        return cand.kind is EntityKind.DATASET and cand.type_rule == "corpus_data"

    assert corpus_class("CoLA") is not None
    assert typed("Zorbdat", Candidate(2, 3, "strong"))
    assert not typed("Zorbdat", Candidate(2, 3, "strong"), uses={})  # no uses as data
    assert not typed("Zorbdat", Candidate(11, 12, "strong"))  # the dataset is in another sentence
    assert not typed("Zorbdat", Candidate(2, 4, "strong"), uses={"Zorbdat as": _USED_AS_DATA})  # two tokens
    assert not typed("Zorbdat", Candidate(2, 3, "weak"))  # a capitalised word nothing accepted
    assert not typed("Zorbdat", Candidate(2, 3, "strong", long_span=(0, 1)))  # spelled out
    assert not typed("CoLA", Candidate(2, 3, "strong"))  # corpus_kinds.txt settles it
    assert not typed("transformer", Candidate(2, 3, "strong"))  # known_methods.txt settles it
