"""Review82 of round h15cx: the mends to its two rules, in both modes.

* A quoted team name keeps the ``own_entry`` role only as a whole ("the team “ODIAGEN’s” translation system"), not
  its first word ("our team “IISERB Brains”": "IISERB" alone was a new proposed method in round h15cx).
* The one capitalised word after "our team" is no team name when kg knows the word (a language, an event's edition).
* The singular "metric" types the name after it only when no metric's own name stands before the noun ("On the BLEU
  metric ZorbMT achieves ...": the name opens a clause).
* A metric named right after "our ... metric" is the authors' own: proposed ("We call our metric SERA"), as the
  method main typed it was (round h15cx typed it a metric and dropped the role: a metric is proposed only when new).

The quoted names are train-slice sentences (review82 listed every change of the round on the whole slice); the
known words after "our team" and the named metric noun are made up (neither shape occurs in the slice). Each guard
case failed on round h15cx's code (c87d4da); ODIAGEN failed on main; SERA and RunQA (a sentence of the round's 80
and one of the slice) failed on both.
"""
from __future__ import annotations

import pytest
from entity_cases import entities


@pytest.mark.parametrize(("text", "mention"), [
    (("This paper offers an in-depth overview of the team “ODIAGEN’s” translation system submitted to the Workshop "
      "on Asian Translation (WAT2023)."), ("ODIAGEN", "method", "proposes")),
    (("We show that our metric RunQA, Review Summary Evaluation via Question Answering, correlates well with human "
      "judgments in terms of coverage and focus of information."), ("RunQA", "metric", "proposes")),
    ("We call our metric SERA (Summarization Evaluation by Relevance Analysis).", ("SERA", "metric", "proposes")),
])
def test_a_whole_quoted_team_name_and_our_own_metric_are_proposed(both, text, mention):
    assert mention in entities(both, text)


@pytest.mark.parametrize(("text", "word"), [
    (("This paper describes the system architectures and the models submitted by our team “IISERB Brains” to "
      "SemEval 2022 Task 6 competition."), "IISERB"),
    ("In our team SemEval-2020 submission we used a fine-tuned encoder.", "SemEval-2020"),
    ("In this work, our team Arabic system uses a fine-tuned encoder.", "Arabic"),
    ("We describe how our team English and Hindi systems were built.", "English"),
])
def test_a_quoted_names_first_word_or_a_known_word_after_our_team_is_no_team(both, text, word):
    assert (word, "method", "proposes") not in entities(both, text)


def test_a_name_after_a_named_metric_noun_is_not_typed_a_metric(entity_labels):
    assert entity_labels("On the BLEU metric ZorbMT achieves 35.2 points.").get("ZorbMT") != "metric"
