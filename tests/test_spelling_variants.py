"""British and American spellings of one name are one entity node; the node keeps the spelling written most."""
from __future__ import annotations

import pytest

from kg.spelling_variants import american_spelling, spelling_joins, spelling_key
from ontology.records import EntityKind
from tests.test_aliases_h15p import _mention, _nodes


@pytest.mark.parametrize(("british", "american"), [
    ("language modelling", "language modeling"),
    ("Sequence Labelling", "sequence labeling"),
    ("abstractive summarisation", "abstractive summarization"),
    ("Dialogue State Tracking", "dialog state tracking"),
    ("DailyDialogue", "DailyDialog"),
    ("rumour detection", "rumor detection"),
    ("k-nearest neighbours", "k-nearest neighbors"),
    ("Legal Judgement Prediction", "legal judgment prediction"),
    ("tokenised text normaliser", "tokenized text normalizer"),
    ("analysed corpora", "analyzed corpora"),
    ("data centres", "data centers"),
])
def test_british_and_american_spellings_share_a_key(british, american):
    assert spelling_key(british) == spelling_key(american)


@pytest.mark.parametrize(("one", "other"), [
    ("noise", "nozie"), ("rise", "rize"), ("wise", "wize"), ("acre", "acer"), ("four", "for"),
    ("hour", "hor"), ("machine translated", "machine translation"),
])
def test_words_outside_the_rules_keep_their_spelling(one, other):
    assert spelling_key(one) != spelling_key(other)
    assert american_spelling(other) == other.lower()


def test_names_spelled_one_way_form_no_join():
    names = {"paradise": ["Paradise"], "noise": ["noise"], "languagemodeling": ["language modeling"]}
    assert spelling_joins(names) == []


def test_the_graph_has_one_node_for_both_spellings_labelled_as_written_most():
    nodes = _nodes(_mention("p1", "language modelling"), _mention("p2", "language modeling"),
                   _mention("p3", "language modeling"), _mention("p4", "dialogue generation"),
                   _mention("p5", "Paradise", kind=EntityKind.DATASET))
    assert nodes["task/languagemodeling"][0] == "language modeling"
    assert nodes["task/languagemodeling"][2] == ["p1", "p2", "p3"]
    assert "language modelling" in nodes["task/languagemodeling"][1]
    # a name written one way keeps its own key and spelling, whatever the rules would write
    assert set(nodes) == {"task/languagemodeling", "task/dialoguegeneration", "dataset/paradise"}


def test_a_sense_named_by_its_long_form_takes_the_spelling_its_mentions_write_most():
    mentions = [_mention(f"p{n}", "SRL", long_form="semantic role labeling") for n in range(3)]
    mentions += [_mention("p3", "SRL", long_form="semantic role labelling"), _mention("p4", "semantic role labelling")]
    nodes = _nodes(*mentions, _mention("p5", "SRL", long_form="statistical relational learning"),
                   _mention("p6", "SRL", long_form="statistical relational learning"))
    (labelling,) = [node for node, (label, _, _) in nodes.items() if "role" in label]
    assert nodes[labelling][0] == "semantic role labeling" and nodes[labelling][2] == ["p0", "p1", "p2", "p3", "p4"]


def test_an_acronyms_senses_are_not_joined_through_its_spelling():
    mentions = [_mention("p1", "DM", long_form="dialogue manager"), _mention("p2", "DM", long_form="dialogue manager"),
                _mention("p3", "DM", long_form="data mining"), _mention("p4", "DM", long_form="data mining"),
                _mention("p5", "dialog manager", kind=EntityKind.METHOD)]
    nodes = _nodes(*mentions)
    senses = {label: papers for label, _, papers in nodes.values()}
    assert any("data mining" in label.lower() for label in senses)
    assert not any(set(papers) >= {"p1", "p3"} for papers in senses.values())
