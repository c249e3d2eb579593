"""Round h15bb: names the authors list after a counted "new" noun phrase, and a metric set off by a comma after the
authors' "a metric", on invented sentences.

Round h15bb's blind reading of 80 unseen abstracts found "we propose two new approaches, X and Y, to ..." (both weak
capitalised candidates nothing vouched for: the naming frame took one name after "a new NOUN," only) and "we design a
metric, X, which ..." (found, but used: a metric is proposed only when called new or right after the verb). Now a count
word may open the "new" noun phrase when its noun is plural, the comma then links it to two or more capitalised names,
and a metric set off by a comma after the authors' proposal verb's "a metric" is proposed.
"""
from __future__ import annotations

import pytest
from entity_cases import entities


@pytest.mark.parametrize(("text", "expected"), [
    ("In light of this, we propose two new approaches, Zorb Prompting and Flim-All, to augment readers.",
     [("Zorb Prompting", "method", "proposes"), ("Flim-All", "method", "proposes")]),
    ("We introduce three novel benchmarks, Zorbish Reading, Flim Tests and Blor-Bench, for testing readers.",
     [("Zorbish Reading", "dataset", "proposes"), ("Flim Tests", "dataset", "proposes"),
      ("Blor-Bench", "dataset", "proposes")]),
    ("We design a metric, ZorbGain, which shows a strong correlation with the gains.",
     [("ZorbGain", "metric", "proposes")]),
])
def test_names_listed_after_a_counted_new_phrase_and_a_metric_after_a_metric_are_proposed(both, text, expected):
    found = entities(both, text)
    for entity in expected:
        assert entity in found


@pytest.mark.parametrize(("text", "not_proposed"), [
    ("We propose two new approaches, Zorb Prompting, to augment readers.", "Zorb Prompting"),  # one name is no list
    ("Prior work used two new approaches, Zorb Prompting and Flim-All, for reading.", "Zorb Prompting"),  # not ours
    ("We propose two approaches, Zorb Prompting and Flim-All, for reading.", "Zorb Prompting"),  # no "new" word
    ("Earlier work presents a metric, ZorbGain, which tracks the gains.", "ZorbGain"),  # not the authors' (review 40)
    ("Smith et al. introduce a metric, ZorbGain, which tracks the gains.", "ZorbGain"),  # not the authors'
    ("We evaluate a metric, ZorbGain, which tracks the gains.", "ZorbGain"),  # no proposal verb
    ("We present a metric, ROUGE, which correlates with judgements.", "ROUGE"),  # a known metric stays used
    ("We design a metric, BLEU, which tracks the gains.", "BLEU"),
    ("We propose a metric, BERTScore, which tracks the gains.", "BERTScore"),
    ("We propose a method, Zorb Buckets, for ranking.", "Zorb Buckets"),  # h15az's case stays: no "new" word
])
def test_no_proposal_where_the_structure_does_not_say_the_authors_name_new_things(both, text, not_proposed):
    assert (not_proposed, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


def test_the_naming_frame_reads_a_list_after_a_counted_new_phrase(named):
    assert named("We propose two new methods, Zorb Buckets and Flim-Eval, which work.") == ["Zorb Buckets",
                                                                                             "Flim-Eval"]
    assert named("We propose two new methods, Zorb Buckets, Flim-Eval and Blor, which work.") == []  # more than two
    assert named("We propose two new methods, Zorb Buckets and flim eval, which work.") == []  # lower case
    assert named("We introduce two new languages, Zorbish and Flimmish, to the benchmark.") == []  # a setting


@pytest.mark.parametrize(("text", "expected"), [
    (("To test it, we develop a dialogue act-aided multi-modal zorb network for flim identification (MM-ZORBAC), "
      "leveraging both tasks."), ("MM-ZORBAC", "method", "proposes")),
    ("We propose a novel framework for flim ranking (ZORBIT) which is fast.", ("ZORBIT", "method", "proposes")),
    ("We propose a new corpus of zorb tweets (ZTC).", ("ZTC", "dataset", "proposes")),
])
def test_a_coined_short_name_closing_the_phrase_the_authors_propose_is_proposed(both, text, expected):
    """Round h15bb: the letters of the short name spell no long form, so no acronym pair carries the proposal."""
    assert expected in entities(both, text)


@pytest.mark.parametrize(("text", "not_proposed"), [
    ("We use a multi-modal zorb network for flim identification (MM-ZORBAC).", "MM-ZORBAC"),  # not a proposal
    ("We propose a new approach for ranking with a zorb network (BERT).", "BERT"),  # a known model stays used
    ("We propose a novel framework for the flim ranking (ZORBIT) which is fast.", "ZORBIT"),  # "the": no one phrase
    ("We propose a model based on a graph network (GNNZ) to rank.", "GNNZ"),  # another phrase before it
])
def test_no_unpaired_short_name_is_proposed_outside_the_phrase_the_authors_propose(both, text, not_proposed):
    assert (not_proposed, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


def test_the_counted_list_is_closed_by_and_by_the_count_and_by_a_plural_noun(named):
    """Review 40's test gaps: a list of two needs "and" ("most - 1" names before the comma), a name the list closes
    is no name when a dash or a parenthesis follows it (an acronym or an aside of the last name), and the count word
    opens the phrase only before a plural noun."""
    assert named("We propose two new methods, Zorb Buckets, Flim-Eval, which work.") == []  # two names, no "and"
    assert named("We propose two new methods, Zorb Buckets and Flim-Eval (ZF), which work.") == []
    assert named("We propose two new methods, Zorb Buckets and Flim-Eval - which work.") == []
    assert named("We propose two new approach, Zorb Buckets and Flim-Eval, to rank.") == []  # no plural noun


@pytest.mark.parametrize(("text", "not_proposed"), [
    ("We build a model for translation (En-De).", "En-De"),  # a language pair (review 40's L2)
    ("We present a system for sentiment classification (SemEval-2017).", "SemEval-2017"),  # an edition
    ("We present a new corpus of speech (LDC).", "LDC"),  # a source the corpus knows
    ("We propose an approach for tagging (BIO).", "BIO"),  # a tag scheme the corpus knows
    ("We present a corpus of tweets (COVID-19).", "COVID-19"),
    ("We propose a model for translation (NLLB-200).", "NLLB-200"),  # a known model and its size
    ("We propose a network for tagging (ZNET) model to rank.", "ZNET"),  # the noun phrase goes on
    ("We propose a simple trick for tagging (ZNET).", "ZNET"),  # "trick" is no noun of a kind of thing
    ("We propose a model for tagging (SMALL-TASK1).", "SMALL-TASK1"),  # the policy dropped it for what it is
    ("We propose a novel network for tagging (BERT).", "BERT"),  # kept as a known model: no guess to re-role
    ("We propose a novel framework for flim ranking (Zorbnet).", "Zorbnet"),  # not shaped like a coined name
])
def test_no_unpaired_short_name_that_kg_knows_or_that_no_coined_name_shape_has(both, text, not_proposed):
    assert (not_proposed, "proposes") not in [(name, role) for name, _, role in entities(both, text)]


def test_a_known_model_in_the_parentheses_stays_used(both):
    assert ("BERT", "model", "uses") in entities(both, "We propose a novel network for tagging (BERT).")


def test_known_name_says_what_no_paper_coins():
    from extractors.entity_proposed_pairs import known_name

    assert [known_name(t) for t in ("En-De", "SemEval-2017", "LDC", "NLLB-200", "SQuAD")] == [True] * 5
    assert [known_name(t) for t in ("MM-ZORBAC", "ZTC", "ZorbNet-2")] == [False] * 3
