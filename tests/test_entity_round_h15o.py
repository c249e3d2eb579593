"""Round h15o: fewer wrong methods at corpus scale, by structure, on invented sentences.

Untyped names that the text itself calls an event ("the ZorbEval shared task"), a project, standard or community
("the ZorbLex project aims ..."), an organisation by its long form ("the National Zorb Foundation (NZF)"), or that
are two words run together ("theZorbian"), are no methods; names listed with metrics or in parentheses after a metric
noun are metrics; "a new dataset which we call X" types X a dataset; a fronted "On the X corpus, Y ..." types no Y;
a bare "set" after lower-case words types no dataset.
"""
from __future__ import annotations

import pytest

from extractors.entities import iter_entities


def _found(nlp, text: str) -> dict[str, str]:
    return {e.span.text: e.span.label_ for e in iter_entities(nlp(text))}


@pytest.mark.parametrize(("text", "name"), [
    ("This paper describes our submission to the ZorbAll Shared Task in unsupervised translation.", "ZorbAll"),
    ("This paper outlines our approach to the ZorbDial 2023 shared task.", "ZorbDial 2023"),
    ("The ZORB-M3 2024 challenge necessitates novel solutions for answer generation.", "ZORB-M3 2024"),
    ("We participated in ZE-oc, ZE-reg and Z-c subtasks for English.", "ZE-oc"),
    ("We participated in ZE-oc, ZE-reg and Z-c subtasks for English.", "ZE-reg"),
    ("The shared task was hosted at the Third Zorb Processing (ZP) Workshop at COLING.", "ZP"),
])
def test_an_event_is_no_method(rules, text, name):
    assert name not in _found(rules, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We release the ZorbEval challenge dataset with 5k questions.", "ZorbEval"),  # the noun goes on: its data
    ("We train ZorbNet with a shared encoder.", "ZorbNet"),  # "shared" only before "task"
])
def test_an_event_word_that_does_not_end_the_phrase_drops_nothing(rules, text, name):
    assert name in _found(rules, text)


@pytest.mark.parametrize(("text", "name"), [
    ("The ZorbLex project aims at compiling lexical resources.", "ZorbLex"),  # a verb after the head noun
    ("The annotation follows the ZorbML standard.", "ZorbML"),
    ("We study hate speech aimed at the ZorbTag community within the platform.", "ZorbTag"),
])
def test_a_project_standard_or_community_is_no_method(rules, text, name):
    assert name not in _found(rules, text)


def test_a_project_head_before_a_noun_keeps_the_name(rules):
    assert "ZorbLex" in _found(rules, "We build on the ZorbLex project corpus.")


@pytest.mark.parametrize(("text", "name"), [
    ("This work is funded by the Korea Zorbological Administration (KZA) and uses ZorbNet.", "KZA"),
    ("The UN Office for the Coordination of Zorbian Affairs (OCZA) publishes reports we parse with ZorbNet.", "OCZA"),
    ("The National Zorb Foundation (NZF) supported the ZorbNet experiments.", "NZF"),
])
def test_an_organisation_spelled_out_is_no_method(rules, text, name):
    found = _found(rules, text)
    assert name not in found and "ZorbNet" in found


def test_an_organisation_presenting_its_own_system_is_a_team(rules):
    text = "This paper presents Huawei Zorb Service Center (HW-ZSC)’s submission on the formality control task."
    assert _found(rules, text).get("HW-ZSC") == "method"


@pytest.mark.parametrize(("text", "name"), [
    ("Our initial experiments show thatZMTL models outperform the baselines.", "thatZMTL"),
    ("Terms are enriched from resources in theZorbian Linked Open Data cloud.", "theZorbian"),
    ("We add annotation tools to the Zorb Grid andComputational Zorb Services.", "andComputational"),
])
def test_a_word_run_into_a_name_is_no_name(rules, text, name):
    assert name not in _found(rules, text)


@pytest.mark.parametrize(("text", "names"), [
    ("We computed five baseline metrics, including sentZLEU, BLEU, TER and ZorbScore.", ["sentZLEU", "ZorbScore"]),
    ("We report results for metrics (zDTW, ZTC, rPOZ, and PZC).", ["zDTW", "ZTC", "rPOZ", "PZC"]),
    ("We evaluate with ROUGE and ZorbScore.", ["ZorbScore"]),
    ("There is a focus on dialog evaluation metrics such as ZADEM and ZRUBER.", ["ZADEM", "ZRUBER"]),
])
def test_names_listed_as_metrics_are_metrics(rules, text, names):
    found = _found(rules, text)
    assert [found.get(name) for name in names] == ["metric"] * len(names)


@pytest.mark.parametrize("text", [
    "Our model reaches 85 F1 and ZorbNet reaches 80.",  # a clause after the list
    "Notably, ZorbTree (accuracy: 0.99, F1 score: 0.39), ZorbNet (accuracy: 0.78, F1 score: 0.68) do well.",
])
def test_a_name_beside_a_metric_in_a_clause_stays_a_method(rules, text):
    assert _found(rules, text).get("ZorbNet") == "method"


def test_which_we_call_names_the_noun_before_it(rules):
    doc = rules("We introduce a new dataset which we call ZorbSpot, with 5k questions.")
    assert [(s.text, s.label_, s._.kg_relation) for s in doc.spans["kg_entities"]] == [
        ("ZorbSpot", "dataset", "proposes")]


def test_a_fronted_phrase_is_no_apposition(rules):
    assert _found(rules, "On the ZIST corpus, ZLT-10 again achieves the best scores.").get("ZLT-10") != "dataset"
    # an apposition after a proposal verb still types the name
    assert _found(rules, "We introduce a new corpus, ZorbDial, for dialogue.").get("ZorbDial") == "dataset"


@pytest.mark.parametrize(("text", "kind"), [
    ("We compare the ZorbMT feature set with ours.", "method"),  # a set of features, not data
    ("Scores on the ZorbMT test set rise.", "dataset"),  # "test" says the set is data
])
def test_a_bare_set_after_other_words_types_no_dataset(rules, text, kind):
    assert _found(rules, text).get("ZorbMT") == kind
