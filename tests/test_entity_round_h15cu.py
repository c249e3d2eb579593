"""Round h15cu: a meeting's edition written inside the event's own name is no dataset (train-slice sentences of the
round's 80 fresh abstracts, and invented guards).

* "the LT-EDI RANLP 2023 Hope Speech Detection shared task", "the AmericasNLP 2023 low-resource machine translation
  shared task": a series word closes the noun phrase the edition opens, after a description of the event;
* "the Second Arabic Natural Language Processing Conference (ArabicNLP 2024)": the edition in parentheses after a
  capitalised meeting noun is the meeting's short name (``extractors/entity_corpus._the_event``).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import entities, names


@pytest.mark.parametrize(("text", "name"), [
    ("The dataset used in this paper is a part of the LT-EDI RANLP 2023 Hope Speech Detection shared task.",
     "RANLP 2023"),
    ("We present the LCT-EHU submission to the AmericasNLP 2023 low-resource machine translation shared task.",
     "AmericasNLP 2023"),
    (("This paper presents our results for the Arabic Financial NLP (AraFinNLP) shared task at the Second Arabic "
      "Natural Language Processing Conference (ArabicNLP 2024)."), "ArabicNLP 2024"),
])
def test_an_edition_inside_the_events_name_is_no_dataset(both, text, name):
    assert name not in names(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We train on the WMT19 English-German data of the shared task.", "WMT19"),
    ("Results on IWSLT 2017 and WMT 2014 show that the shared task baseline is weak.", "IWSLT 2017"),
    ("We evaluate on the SemEval 2014 dataset that the shared task released.", "SemEval 2014"),
    (("We compare our CRNN model with several baselines on two biomedical datasets, namely the i2b2-2010 clinical "
      "relation extraction challenge dataset, and the SemEval-2013 DDI extraction dataset."), "i2b2-2010"),
])
def test_an_edition_whose_phrase_ends_before_a_series_word_stays_a_dataset(both, text, name):
    assert (name, "dataset", "uses") in entities(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("AmericasNLP 2023 results show our system wins every competition.", "AmericasNLP 2023"),
    ("RANLP 2023 Tamil comments show it helps each evaluation.", "RANLP 2023"),
])
def test_a_clause_after_the_edition_is_no_description_of_the_event(both, text, name):
    """Review79: a pronoun or determiner between the edition and a series word opens a new phrase; the edition keeps
    its dataset reading (these failed on the round's branch before the review's mend)."""
    assert name in names(both, text)
