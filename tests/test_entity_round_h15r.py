"""Round h15r: proposes or uses, each rule on invented sentences (read off the fifth tuning set's errors).

A naming verb ("called", "named") proposes only what the authors name; a name inside the apposition "NAME, a/an X
method" says what kind of thing NAME is; "devise", "invent", "compile" and "we derived" propose; "... are proposed:"
announces the names after the colon; "our team, X" is the authors' entry; a known resource opening a new dataset's
noun phrase is used; a title "Two Words: A Dataset ..." names what the abstract writes in those words.
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


def _facts(nlp, text: str) -> dict[str, tuple[str, str]]:
    """Name -> (kind, relation); a name proposed anywhere counts as proposed."""
    facts: dict[str, tuple[str, str]] = {}
    for e in iter_entities(nlp(text)):
        if facts.get(e.span.text, ("", ""))[1] != "proposes":
            facts[e.span.text] = (e.span.label_, e.span._.kg_relation)
    return facts


@pytest.mark.parametrize(("text", "name"), [
    ("The ZorbLM model replaces token masking with a method called ZorbSwap, which is faster.", "ZorbSwap"),
    ("Earlier models like ZorbA and ZorbB, which is called ZorbAB, were used for Task A.", "ZorbAB"),
    ("Recently, a company has developed a system called ZorbGen that writes texts.", "ZorbGen"),
])
def test_a_naming_verb_said_of_someone_else_proposes_nothing(rules, text, name):
    assert _facts(rules, text)[name][1] == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We train a variant called ZorbVar on the data.", "ZorbVar"),
    ("The resulting system is called ZorbSys, which is the first of its kind.", "ZorbSys"),
    ("Below are the two systems, called ZorbA and ZorbB, which we built for the challenge.", "ZorbB"),
    ("This defense, named ZorbShield, works by randomizing the input.", "ZorbShield"),
])
def test_a_naming_verb_said_of_the_authors_work_proposes(rules, text, name):
    assert _facts(rules, text)[name][1] == "proposes"


def test_a_name_that_says_what_kind_of_thing_the_new_one_is_is_used(rules):
    facts = _facts(rules, "We propose ZorbNet, an XLQ method that can be applied to any reader.")
    assert facts["ZorbNet"][1] == "proposes" and facts["XLQ"][1] == "uses"


def test_an_apposition_spelling_the_name_out_stays_proposed(rules):
    facts = _facts(rules, "We present ZBleT, a large-scale Zorbic Blessing Text dataset of 293K sentences.")
    assert facts.get("Zorbic Blessing Text", ("dataset", "proposes"))[1] == "proposes"


def test_names_listed_with_their_appositions_stay_proposed(rules):
    facts = _facts(rules, "We introduce ZorbQA, a benchmark, and ZorbNet, a model for it.")
    assert facts["ZorbQA"][1] == facts["ZorbNet"][1] == "proposes"


@pytest.mark.parametrize(("text", "name"), [
    ("Then we devise a ZorbCode model to generate the codes.", "ZorbCode"),
    ("No automaton fits, so we invent one and call it a Zorbic Adjoining Automaton (ZAA).", "ZAA"),
    ("We also derived a new coefficient, the Zorbic Distance Coefficient (ZDC), for choosing languages.", "ZDC"),
    ("To this end, we compile the ZorbSet corpus of tweets.", "ZorbSet"),
])
def test_devise_invent_compile_and_derived_propose(rules, text, name):
    assert _facts(rules, text)[name][1] == "proposes"


def test_names_after_are_proposed_and_a_colon_are_proposed(rules):
    facts = _facts(rules, "Two systems are proposed: ZorbA, a general model, and ZorbB for the legal domain.")
    assert facts["ZorbA"][1] == "proposes" and facts["ZorbB"][1] == "proposes"


def test_a_task_after_are_proposed_and_a_colon_stays_used(rules):
    facts = _facts(rules, "Two sub-tasks are proposed: a zorbic relation extraction task and a ranking task.")
    assert facts.get("zorbic relation extraction", ("task", "uses"))[1] == "uses"


def test_our_team_comma_name_is_the_authors_entry(rules):
    assert _facts(rules, "Our team, ZorbMQA’s submission in the shared task ranked first.")["ZorbMQA"][1] == "proposes"


def test_a_known_resource_opening_a_new_datasets_phrase_is_used(rules):
    facts = _facts(rules, "We introduce the Wiktionary bilingual lexicon collection, which covers 298 languages.")
    assert facts["Wiktionary"][1] == "uses"


def _mentions(title: str, abstract: str) -> dict[str, set[str]]:
    paper = Paper(ref="p", provenance=Provenance("t"), title=title, abstract=abstract)
    found: dict[str, set[str]] = {}
    for m in extract_mentions([paper]):
        found.setdefault(m.name, set()).add(m.relation.value)
    return found


def test_a_title_of_two_capitalised_words_names_what_the_abstract_writes():
    found = _mentions("Zorbic Speakers: a Dataset of TV Series",
                      "Zorbic Speakers holds 155 episodes of three TV serials. Scene boundaries are annotated too.")
    assert found.get("Zorbic Speakers") == {"proposes"}


def test_a_title_whose_words_the_abstract_writes_in_lower_case_names_nothing():
    found = _mentions("Zorbic Parsing: A Method for Trees", "Zorbic Parsing is hard, and zorbic parsing is old.")
    assert "proposes" not in found.get("Zorbic Parsing", set())
