"""The name a "NAME: ..." title announces, where no name shape vouches for it (round h15ct, issue 15).

Of the 11 required proposals main (PIPELINE_VERSION 93) missed on 80 fresh train-slice abstracts, three are the
title's NAME, written in the abstract, that the title rules refused: "Unicoder: A Universal Language Encoder ..."
(one capitalised word; "encoder" is no kind noun), "Zara: A Virtual Interactive Dialogue System Incorporating
Emotion, ..." (the subtitle's first phrase runs to "Emotion"), "ferret: a Framework for ..." (lower case). Now one
capitalised word needs no kind noun in the subtitle, and a lower-case NAME is read where the subtitle has one
(:func:`extractors.entity_title_names.word_named_by_subtitle`); a NAME the subtitle does not type is a dataset
where the abstract calls it one (:func:`extractors.entity_title_names.abstract_says_dataset`). The first three
cases are those abstracts' sentences, the Flames and Wojood ones train-slice sentences; the rest are made up.
"""
from __future__ import annotations

import pytest

from extractors.entity_title_names import abstract_says_dataset, word_named_by_subtitle
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


def _mentions(title: str, abstract: str) -> dict[str, set[tuple[str, str]]]:
    """Each name's (kind, role) pairs, as ``kg build`` decides them."""
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    out: dict[str, set[tuple[str, str]]] = {}
    for m in extract_mentions([paper]):
        out.setdefault(m.name, set()).add((m.kind.value, m.relation.value))
    return out


@pytest.mark.parametrize(("title", "abstract", "name"), [
    ("Unicoder: A Universal Language Encoder by Pre-training with Multiple Cross-lingual Tasks",
     "We present Unicoder, a universal language encoder that is insensitive to different languages.", "Unicoder"),
    ("Zara: A Virtual Interactive Dialogue System Incorporating Emotion, Sentiment and Personality Recognition",
     ("Zara, or ‘Zara the Supergirl’ is a virtual robot, that can exhibit empathy while interacting with an user. "
      "At the end of the 5-10 minute conversation, Zara can give a personality analysis of the user."), "Zara"),
    ("ferret: a Framework for Benchmarking Explainers on Transformers",
     "We introduce ferret, a Python library to simplify the use and comparisons of XAI methods.", "ferret"),
    ("Zorbix: Mitigating Drift in Dialogue", "We present Zorbix, which mitigates drift. Zorbix wins.", "Zorbix"),
], ids=["unicoder", "zara", "ferret-lower-case", "made-up-one-word"])
def test_the_title_name_is_proposed(title, abstract, name):
    assert {role for _, role in _mentions(title, abstract)[name]} == {"proposes"}


@pytest.mark.parametrize(("title", "abstract"), [
    ("Large Language Models: The Need for Nuance in Current Debates",
     "We argue that debates about Large Language Models need nuance."),  # two words, no kind noun: a phrase
    ("Prosody: Models, Methods, and Applications", "We survey prosody. Prosody matters to speech."),  # lower case
    ("Zorbix: Mitigating Drift", "Zorbix is ours."),  # only at a sentence's start
    ("zorbit: Notes on Parsing", "We present zorbit, a parser."),  # lower case without a kind noun
    ("zorbit: a Toolkit for Parsing", "Zorbit parses."),  # the abstract does not write it as the title does
])
def test_no_title_name(title, abstract):
    assert word_named_by_subtitle(title, abstract) is None


@pytest.mark.parametrize(("title", "abstract", "name", "kind"), [
    ("Flames: Benchmarking Value Alignment of LLMs in Chinese",
     ("To this end, this paper proposes a value alignment benchmark named Flames, which encompasses both common "
      "harmlessness principles and a unique morality dimension."), "Flames", "dataset"),
    ("Wojood: Nested Arabic Named Entity Recognition",
     "This paper presents Wojood, a corpus for Arabic nested Named Entity Recognition (NER).", "Wojood", "dataset"),
    ("Zorbix: Mitigating Drift", "We present Zorbix, a system that reads a corpus.", "Zorbix", "method"),
], ids=["benchmark-named", "a-corpus", "a-system-reading-a-corpus"])
def test_the_abstract_types_an_untyped_title_name(title, abstract, name, kind):
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    of_title = [m for m in extract_mentions([paper]) if m.provenance.sentence == title and m.name == name]
    assert [(m.kind.value, m.relation.value) for m in of_title] == [(kind, "proposes")]


def test_the_dataset_noun_heads_the_phrase_after_the_name():
    assert abstract_says_dataset("Zorb", "Zorb is a large dictionary of verbs.")
    assert not abstract_says_dataset("Zorb", "Zorb is a tool for a dictionary.")
    assert not abstract_says_dataset("Zorb", "We train Zorb on a corpus.")
    assert not abstract_says_dataset("SetExpander", "We present SetExpander, a corpus-based system for expanding ...")


@pytest.mark.parametrize(("title", "abstract"), [
    ("Guarani: A Case Study in Resource Development for Quick Ramp-Up MT",
     ("In this paper we describe a set of processes for the acquisition of re\u00adsources for quick ramp\u00adup "
      "machine translation (MT) from any language lacking significant machine tracta\u00adble resources into "
      "English, using the Paraguayan indigenous lan\u00adguage Guarani as well as Amharic and Chechen, as examples.")),
    ("Reddit: A Gold Mine for Personality Prediction",
     ("We address this problem by introducing a large-scale dataset derived from Reddit, a source so far "
      "overlooked for personality prediction.")),
    ("Jujeop: Korean Puns for K-pop Stars on Social Media",
     ("Jujeop is a type of pun and a unique way for fans to express their love for the K-pop stars they follow "
      "using Korean. One of the unique characteristics of Jujeop is its use of exaggerated expressions.")),
    ("Medefaidrin: Resources Documenting the Birth and Death Language Life-cycle",
     ("The present case study concerns the documentation both of the birth and of the endangerment within a "
      "rather short space of time of a \x91spirit language\x92, Medefaidrin, created and used as a vehicular "
      "language by a religious community in South-Eastern Nigeria.")),
], ids=["a-language", "a-data-source", "a-kind-of-pun", "a-language-in-cp1252-quotes"])
def test_a_language_or_a_source_named_by_the_title_is_not_proposed(title, abstract):
    # Review review78: the four wrong proposals of round h15ct's change on the train slice (judged in their
    # abstracts: what the paper studies or draws its data from, not its artefact).
    assert word_named_by_subtitle(title, abstract) is None
    assert title.split(":")[0] not in _mentions(title, abstract)


@pytest.mark.parametrize(("title", "abstract"), [
    ("Zorbix: Mitigating Drift", "We present Zorbix, a language model for the Wolof language."),
    ("Zorbix: Mitigating Drift", "We release the open source Zorbix, a toolkit."),
    ("Zorbix: Mitigating Drift", "We present Zorbix, a source code tagger."),
    ("Zorbix: Mitigating Drift", "We show that Zorbix is a new type of attention."),
])
def test_a_name_near_language_or_source_words_is_still_read(title, abstract):
    assert word_named_by_subtitle(title, abstract) == "Zorbix"



@pytest.mark.parametrize(("title", "abstract"), [
    ("Weibo: Mining Opinions at Scale", "We collect posts on Weibo, then cluster them."),  # platforms.txt
    ("Amharic: Notes from the Field", "We study Amharic, then parse it."),  # languages.txt
])
def test_a_listed_platform_or_language_named_by_the_title_is_not_proposed(title, abstract):
    assert word_named_by_subtitle(title, abstract) is None
