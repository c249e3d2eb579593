"""Round h15az: names the authors give a new thing, written in two or three capitalised words or hyphenated, or after a
comma, on invented sentences.

Round h15y's naming frame ("we propose a novel framework called flim rescaling", ``extractors/entity_named_new.py``)
took one capitalised word only, closed by punctuation, and a word joined by a hyphen not at all; round h15az's blind
reading of 60 unseen abstracts found "we propose a novel inference method named Attention Buckets." and "we propose a
novel and valuable method, Clean-Eval, which ..." missed (each a weak capitalised candidate nothing vouched for). Now
one to three Title-case words (hyphenated parts allowed) closed by punctuation are the name, a comma after the new
noun phrase links it to a capitalised name as a naming verb does, and "and" / "yet" may join the phrase's adjectives.
"""
from __future__ import annotations

import pytest
from entity_cases import entities


@pytest.mark.parametrize(("text", "expected"), [
    ("To address this issue, we propose a novel inference method named Zorb Buckets. It is fast.",
     ("Zorb Buckets", "method", "proposes")),
    ("In this paper, we propose a novel and valuable method, Flim-Eval, which mitigates contamination.",
     ("Flim-Eval", "method", "proposes")),
    ("We introduce a new benchmark, Zorbish Reading, for testing readers.",
     ("Zorbish Reading", "dataset", "proposes")),
    ("We propose a simple yet effective framework called Flim-Zorb Tuning.",
     ("Flim-Zorb Tuning", "method", "proposes")),
    ("We present a new corpus called Zorbcommon.", ("Zorbcommon", "dataset", "proposes")),  # h15y's case stays
])
def test_a_capitalised_name_the_authors_give_a_new_thing_is_proposed(both, text, expected):
    assert expected in entities(both, text)


@pytest.mark.parametrize(("text", "not_a_name"), [
    ("We propose a new game called Stroll with a Scroll to collect data.", "Stroll with a Scroll"),  # runs on
    ("We propose a novel model named Zorb Flim Blor Klax, for ranking.", "Zorb Flim Blor Klax"),  # four words
    ("Prior work used a new method, Zorb Buckets, for ranking.", "Zorb Buckets"),  # no proposal of the authors'
    ("We propose a new method, zorb bucketing, which is fast.", "zorb bucketing"),  # lower case after the comma
    ("We propose a method, Zorb Buckets, for ranking.", "Zorb Buckets"),  # no "new" word
    ("We propose a new method of ranking, Zorb Buckets, for search.", "Zorb Buckets"),  # a function word in it
])
def test_no_capitalised_name_where_the_structure_does_not_say_a_new_thing_is_named(both, text, not_a_name):
    assert not_a_name not in [name for name, _, _ in entities(both, text)]


def test_the_naming_frame_reads_capitalised_words_after_a_naming_verb_or_a_comma(named):
    assert named("We propose a novel method named Zorb Buckets.") == ["Zorb Buckets"]
    assert named("We propose a novel and valuable method, Flim-Eval, which works.") == ["Flim-Eval"]
    assert named("We propose a new method, zorb bucketing, which works.") == []  # lower case after a comma: no
    assert named("We propose a new model called BERT-Zorb.") == []  # an acronym opens it: other sources read those


def test_a_guessed_name_takes_the_kind_of_the_coined_acronym_a_rule_typed_after_it(combined):
    """"Room-Across-Room (RxR), a new ... dataset" (h15az's blind abstracts): the letters of RxR do not spell the
    name, so no acronym pair joins them; the tagger called the name a method while the apposition typed RxR a dataset.
    """
    found = entities(combined, "We introduce Zorb-Across-Zorb (ZxZ), a new dataset for navigation.")
    assert ("ZxZ", "dataset", "proposes") in found
    assert ("Zorb-Across-Zorb", "dataset", "proposes") in found


def test_a_name_a_rule_typed_keeps_its_kind_before_a_name_in_parentheses(both):
    """Only a guessed name takes the kind of the coined acronym after it: a gazetteer's dataset right before a
    bracketed method keeps its kind (review 38: the old case, "the ZorbCorp corpus (ZC)", could not fail, both names
    datasets and a noun between; this one fails if the rule reaches names a rule typed)."""
    found = entities(both, "We train on SQuAD (ZxQ), a new method for parsing.")
    assert ("ZxQ", "method", "proposes") in found
    assert [kind for name, kind, _ in found if name == "SQuAD"] == ["dataset"]
