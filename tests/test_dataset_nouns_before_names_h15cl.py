"""A name right after a singular lexicon, database, collection or test-set noun (round h15cl, issue 15).

Round h15ar typed a name right after a singular dataset noun ("the MWP benchmark ZB8K") a dataset, for "benchmark",
"dataset", "corpus", "treebank", "testbed" and "suite". The same shape after "lexicon", "database", "collection" or
a "test / evaluation / ... set" left the name a method by default ("the German connective lexicon ZorbLex", "a new
test set ZorbCAT"); a capitalised phrase after "lexicon" / "database" closed by punctuation opened no candidate.
Review71's guards are at the end. Names are made up.
"""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):  # type: ignore[no-untyped-def]
    from extractors.entities import build_pipeline
    return build_pipeline(request.param)


def _kinds(nlp, text: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    from extractors.entities import iter_entities
    return {e.span.text: e.span.label_ for e in iter_entities(nlp(text))}


@pytest.mark.parametrize(("text", "name"), [
    ("We follow the format of the German connective lexicon ZorbLex.", "ZorbLex"),
    ("Each word is an entry in the lexicon KlaxDic.", "KlaxDic"),
    ("We introduce a new large-scale data collection ZorbMovie.", "ZorbMovie"),
    ("We release a new template test set ZorbCAT to probe models.", "ZorbCAT"),
    ("We query the biological database ZORB-RK for the entries.", "ZORB-RK"),
    ("We map semantic roles from the valency lexicon Zorbenty onto the wordnet structure.", "Zorbenty"),
    ("We evaluate the summaries with the dataset Zorbich that is created with strict constraints.", "Zorbich"),
])
def test_a_name_after_a_singular_resource_noun_is_a_dataset(  # type: ignore[no-untyped-def]
        nlp, text: str, name: str) -> None:
    assert _kinds(nlp, text).get(name) == "dataset"


@pytest.mark.parametrize("text", [
    "We store the lexicon in a database. ZorbNet then reads it.",  # a sentence break: no apposition
    "The lexicon Zorbel built is small.",  # a person after the noun, no name shape: no dataset
])
def test_guards(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    kinds = _kinds(nlp, text)
    assert kinds.get("Zorbel") != "dataset"
    assert kinds.get("ZorbNet") != "dataset"


@pytest.mark.parametrize(("text", "name"), [
    ("In this paper, we introduce the first public Arabic patent dataset called ZorbPat and test twelve classifiers.",
     "ZorbPat"),
    ("We focus on factuality during the extraction of an OpenZE corpus named ZorbFact, which holds 12 million triples.",
     "ZorbFact"),
    ("This curated dataset, termed ZorbTES, encompasses a broad spectrum of scenarios.", "ZorbTES"),
    ("In this study, we first collect a large-scale Chinese medical QA corpus called ZorbMed; second we annotate it.",
     "ZorbMed"),
    ("We present a corpus called ZEQA (zorb-driven and experience-based question answering) for household tasks.",
     "ZEQA"),
])
def test_a_name_a_naming_word_gives_a_dataset_noun(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == "dataset"


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("We propose a new method called ZorbNet for parsing.", "ZorbNet", "method"),
    ("We study zorb question answering (ZQA), a task that asks for answers.", "ZQA", "task"),
])
def test_other_kinds_stay(nlp, text: str, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == kind


# Review71's guards on the round's resource nouns: a dataset noun that only opens a hyphenated modifier ("Zorbwic
# is a lexicon-based analyzer": a tool), and one part of a longer all-capital name right after the noun ("the Italian
# lexicon ZAROLE SIMPLE KLIPS": ZAROLE alone was typed a dataset).


@pytest.mark.parametrize(("text", "name"), [
    ("Zorbwic is a lexicon-based sentiment analyzer for short social media texts in German.", "Zorbwic"),
    ("Klaxwic is a corpus-based spelling checker for learners of Danish and Swedish.", "Klaxwic"),
    ("Zorbase is a database-backed annotation tool for linguists.", "Zorbase"),
    # a part of a longer all-capital name right after the noun is not typed by it
    ("The Italian lexicon ZAROLE SIMPLE KLIPS provides semantic information for nouns and verbs.", "ZAROLE"),
    ("We query the lexical database ZORB NET for synonyms of each verb.", "ZORB"),
])
def test_a_hyphenated_modifier_or_a_part_of_a_longer_name_announces_no_dataset(  # type: ignore[no-untyped-def]
        nlp, text: str, name: str) -> None:
    assert _kinds(nlp, text).get(name) != "dataset"


@pytest.mark.parametrize(("text", "name"), [
    ("Zorbalex is a lexicon of German discourse connectives with their senses.", "Zorbalex"),
    # (ZorbLex and Zorbenty after "lexicon" are the first test's)
    ("We evaluate on the benchmark ZB8K and report accuracy.", "ZB8K"),
    # the guard takes only a run of all-capital words: a capitalised word after the name may be its rest, and the
    # part is still a dataset, not a false method
    ("The papers were found in the academic database ZiNii Articles.", "ZiNii"),
])
def test_the_round_cases_stay_datasets(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == "dataset"
