"""Round h15bk: names of the parts the authors' method is made of, and a coined name's capitalised words before a
kind noun, on invented sentences.

Round h15bk's blind reading of 60 unseen abstracts found "Our framework consists of two modules: X and Y" (both used:
no proposal verb opens the list, and a single coined word before "and" was no item of a colon list) and "we then
propose the ZorbKG Walker model" (the candidate stopped after its shaped first word, so "ZorbKG" was proposed and
"ZorbKG Walker" missed). Now the parts of a method the authors own ("our", "the proposed", "This strategy" opening the
sentence) are listed after the colon as proposals, and a shaped word takes up to three capitalised words before a
lower-case kind noun after "propose the / a".
"""
from __future__ import annotations

import pytest
from entity_cases import entities


@pytest.mark.parametrize(("text", "expected"), [
    (("We present ZorbBlend, a framework for ranking. Our framework consists of two modules: FlimRanker and "
      "QuuxFuser, addressing the observation that inputs vary."),
     [("FlimRanker", "method", "proposes"), ("QuuxFuser", "method", "proposes")]),
    (("We propose a new approach to tagging. The proposed model comprises three key components: ZorbNet, "
      "FlimAttention and QuuxPool."),
     [("ZorbNet", "method", "proposes"), ("QuuxPool", "method", "proposes")]),
    (("We propose a new framework for flim essays. This strategy is composed of two stages: (1) Sketch zorbing, "
      "which drafts an outline, and (2) Dialectical zorbing, which refines it."),
     [("Sketch zorbing", "method", "proposes"), ("Dialectical zorbing", "method", "proposes")]),
    ("We then propose the ZorbKG Flimmer model that learns the transitions of dialog contexts.",
     [("ZorbKG Flimmer", "method", "proposes")]),
    ("We propose two methods: FlimRanker and QuuxFuser.",  # a single coined word before "and" is an item
     [("FlimRanker", "method", "proposes"), ("QuuxFuser", "method", "proposes")]),
])
def test_parts_of_our_method_and_coined_names_before_a_kind_noun_are_proposed(both, text, expected):
    found = entities(both, text)
    for entity in expected:
        assert entity in found


@pytest.mark.parametrize(("text", "not_proposed"), [
    ("ZorbNet consists of two modules: FlimRanker and QuuxFuser.", "FlimRanker"),  # no owner: another's method
    ("The baseline framework consists of two modules: FlimRanker and QuuxFuser.", "FlimRanker"),
    ("Our data consists of two parts: FlimRanker and QuuxFuser.", "FlimRanker"),  # the whole is no method
    ("Our framework consists of two modules for tagging: FlimRanker and QuuxFuser.", "FlimRanker"),  # noun not last
    ("In 2019 this framework consists of two modules: FlimRanker and QuuxFuser.", "FlimRanker"),  # "this" mid-sentence
    ("We use the ZorbKG Flimmer model for tagging.", "ZorbKG Flimmer"),  # no proposal
    ("We use the ZorbKG Flimmer model for tagging.", "ZorbKG"),
])
def test_no_proposal_where_the_structure_does_not_say_the_parts_are_ours(both, text, not_proposed):
    assert (not_proposed, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


def test_the_coined_name_stops_without_a_kind_noun(both):
    names = [name for name, _, _ in entities(both, "We propose the ZorbKG Walker for tagging and parsing.")]
    assert "ZorbKG Walker" not in names


def test_the_colon_list_reads_the_parts_of_our_method():
    from extractors.cue_matcher import CueMatcher
    from extractors.entities import blank_pipeline
    from extractors.entity_colon_list import colon_listed_names
    from extractors.entity_lexicon import cue_patterns
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")

    def listed(text: str) -> list[str]:
        doc = nlp(text)
        return [doc[s:e].text for s, e, _ in colon_listed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]

    assert listed("Our framework consists of two modules: FlimRanker and QuuxFuser.") == ["FlimRanker", "QuuxFuser"]
    assert listed("Our proposed system is made up of two key parts: Zorb Tagging and Flim Linking.") == [
        "Zorb Tagging", "Flim Linking"]
    assert listed("Our framework is composed of two stages: zorb flim tagging and quux linking.") == [
        "zorb flim tagging", "quux linking"]
    assert listed("Our framework consists of two modules: the first one tags zorbs.") == []  # a description
    assert listed("Our framework composed of two modules: FlimRanker and QuuxFuser.") == []  # no "is" / "are"
    assert listed("Our framework consists two modules: FlimRanker and QuuxFuser.") == []  # "of" missing
    assert listed("Our framework consists of two key neural modules: FlimRanker and QuuxFuser.") == [
        "FlimRanker", "QuuxFuser"]
    assert listed("Our framework consists of two key neural new modules: FlimRanker and QuuxFuser.") == []


@pytest.mark.parametrize(("text", "used"), [
    # review 48: a known method, a model or a task among the parts is used, not proposed
    ("Our model consists of three components: BiLSTM, CRF and ELMo.", "BiLSTM"),
    ("Our model consists of three components: BiLSTM, CRF and ELMo.", "CRF"),
    ("Our proposed method comprises three steps: machine translation, FlimRanking and QuuxFusing.",
     "machine translation"),
    # review 48: "proposed" owns the parts only after "the" or "our"
    ("The previously proposed model consists of two modules: FlimRanker and QuuxFuser.", "FlimRanker"),
    ("A recently proposed framework consists of two modules: FlimRanker and QuuxFuser.", "FlimRanker"),
])
def test_known_names_and_others_methods_in_a_parts_list_are_not_proposed(both, text, used):
    assert (used, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


@pytest.mark.parametrize(("text", "name"), [
    # review 48: a task head, "based" or a language before the kind noun ends the coined name
    ("We propose the ZorbNet Summarization model for news.", "ZorbNet"),
    ("We propose the ZorbNet English model for news.", "ZorbNet"),
])
def test_the_coined_name_stops_at_a_task_head_based_or_a_language(both, text, name):
    names = [found for found, _, _ in entities(both, text)]
    assert name in names and not any(found.startswith(name + " ") for found in names)


def test_the_coined_name_stops_at_based():
    # the rules' reading (the trained tagger alone reads "ZorbNet Based" as one name, as before round h15bk)
    from extractors.entities import build_pipeline
    names = [found for found, _, _ in entities(build_pipeline("rules"), "We propose a ZorbNet Based approach.")]
    assert names == ["ZorbNet"]


def test_a_listed_part_does_not_end_in_based():
    from extractors.cue_matcher import CueMatcher
    from extractors.entities import blank_pipeline
    from extractors.entity_colon_list import colon_listed_names
    from extractors.entity_lexicon import cue_patterns
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp("Our framework consists of two stages: zorb lexicon construction based on flims, and quux linking.")
    names = [doc[s:e].text for s, e, _ in colon_listed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]
    assert not any(name.endswith("based") for name in names)  # review 48: "... construction based" ran on
