"""Round h15y: names the authors give a new thing with "called" / "named", and acronyms before a colon, on invented
sentences.

"We propose a new objective called the zorb loss" names the paper's own method in lower case, which no other source
proposes (a lower-case phrase is a candidate only when the corpus or a head word vouches for it), and "a new corpus
called Zorbcommon" names a dataset with one capitalised word, which alone is no name: the sentence's structure (an
article, a "new" word, a noun, the naming verb, the authors' proposal verb before) vouches for both
(``extractors/entity_named_new.py``). spaCy's tokenizer kept the emoticon "):" as one token, so "Zorb By Flims
(ZBF): a novel approach" had no acronym pair; the bracket-and-colon emoticons are gone from kg's tokenizer.
"""
from __future__ import annotations

import pytest
from entity_cases import entities

from extractors.entities import blank_pipeline, iter_entities


@pytest.mark.parametrize(("text", "expected"), [
    ("To alleviate this, we propose a new objective called the zorb loss which is more efficient.",
     ("zorb loss", "method", "proposes")),
    ("To address this challenge, we propose a novel framework called flim rescaling.",
     ("flim rescaling", "method", "proposes")),
    ("We introduce a novel concept named zorb boundary to encompass both kinds of knowledge.",
     ("zorb boundary", "method", "proposes")),
    ("In this work, we design a novel structure named event zorbruple which contains the arguments.",
     ("event zorbruple", "method", "proposes")),
    ("We propose a new problem called coordinated zorb modeling that imitates human behavior.",
     ("coordinated zorb modeling", "task", "proposes")),
    ("To this end, we curate and release a new English language corpus called Zorbcommon.",
     ("Zorbcommon", "dataset", "proposes")),
    ("We propose a novel metric called flim overlap, which correlates with human judgements.",
     ("flim overlap", "metric", "proposes")),
])
def test_a_name_the_authors_give_a_new_thing_is_proposed(both, text, expected):
    assert expected in entities(both, text)


@pytest.mark.parametrize(("text", "not_a_name"), [
    ("Informed responses, called counter zorbatives, can fight hate speech.", "counter zorbatives"),
    ("Cooking recipes name zorb techniques (also called flimsies), and utensils.", "flimsies"),
    ("We use a method called replaced zorb detection to pretrain the encoder.", "replaced zorb detection"),
    ("We propose a new method to recognize not only outermost named entities but also nested ones.", "entities"),
    ("We introduce a new corpus of 4000 annotated legal named entities mapped to 14 types.", "entities mapped"),
    ("We design a new fine-tuning procedure named masked last action task to encourage it.", "masked"),
    ("We present a new learning strategy called zorb warm-up tasks for dialogue models (ZWT-DM).",
     "zorb warm-up tasks"),
    ("We propose a novel model called “zorb attention model for citation recommendation (ZAMCR)” here.",
     "zorb attention model"),
    ("We propose a new game called Stroll with a Scroll to collect data.", "Stroll"),
    ("We propose a novel model named zorb flim blor klax mung encoders, for ranking.",
     "zorb flim blor klax mung encoders"),
])
def test_no_name_where_the_structure_does_not_say_a_new_thing_is_named(both, text, not_a_name):
    assert not_a_name not in [name for name, _, _ in entities(both, text)]


def test_a_lower_case_name_without_the_authors_proposal_is_no_candidate(rules):
    doc = rules("Prior work used a new objective called the zorb loss which is fast.")
    assert "zorb loss" not in [e.span.text for e in iter_entities(doc)]


def test_an_acronym_before_a_colon_is_read_with_its_long_form(both):
    doc = both("In this paper, we present Zorb By Flims (ZBF): a novel exemplar-based approach for learning.")
    found = [(e.span.text, e.span.label_, e.relation, e.long_form.text if e.long_form is not None else None)
             for e in iter_entities(doc)]
    assert ("ZBF", "method", "proposes", "Zorb By Flims") in found


def test_the_tokenizer_splits_a_closing_parenthesis_from_a_colon():
    tokens = [t.text for t in blank_pipeline()("We present Zorb (ZBF): a model (see Table 2): it :( fails")]
    assert tokens[3:7] == ["(", "ZBF", ")", ":"]
    assert tokens[13:15] == [")", ":"]
    assert ":(" not in tokens
