"""Round h15cx: a name written right after the singular noun "metric" is a metric, not a method
(``extractors/entity_types.noun_before``); the authors' team named right after "our team", with no aside, is their
proposed method (``extractors/entity_teams``).

The behaviour cases are sentences of the round's 80 fresh abstracts and of train-slice abstracts read while designing
(places 19,000 and later of the round's order, outside its precision-bar range), and one invented; each failed before
the round. The guards passed before and after it: a plural "metrics" before a comma opens a new clause, a
metric name stays a metric; "our team" before a verb, a preposition or a title-case verb names no team.
"""
from __future__ import annotations

import pytest
from entity_cases import entities


@pytest.mark.parametrize(("text", "name"), [
    ("We call our metric SERA (Summarization Evaluation by Relevance Analysis).", "SERA"),
    (("Capitalized on the topic-level dialogue graph, we propose a new evaluation metric GRADE, which stands for "
      "Graph-enhanced Representations for Automatic Dialogue Evaluation."), "GRADE"),
    (("As a proof-of-concept, we provide a contextual version of the referenceless metric CLIPScore which begins to "
      "address the disconnect to the BLV data."), "CLIPScore"),
    ("We demonstrate the usefulness of CheckList by designing a new metric GraCo that computes lexical cohesion.",
     "GraCo"),
    ("We report the metric ZorbScore on three sets.", "ZorbScore"),
])
def test_a_name_right_after_the_singular_metric_noun_is_a_metric(entity_labels, text, name):
    assert entity_labels(text).get(name) == "metric"


@pytest.mark.parametrize(("text", "name", "kind"), [
    (("Experimental results show that compared with previous automatic metrics, ChatGPT achieves state-of-the-art "
      "or competitive correlation with human judgments in most cases."), "ChatGPT", "model"),
    ("To avoid the unreliable evaluation caused by similarity-based metrics, ZorbIS adopts a single-choice format.",
     "ZorbIS", "method"),
    ("We evaluate the outputs with the metric BLEU and with human judges.", "BLEU", "metric"),
])
def test_a_plural_metrics_noun_types_no_clause_subject(entity_labels, text, name, kind):
    assert entity_labels(text).get(name) == kind


@pytest.mark.parametrize(("text", "name"), [
    ("Finally, our team Ferryman ranked the 8th place in the sub-task 1 of this competition.", "Ferryman"),
    (("We present our team ‘3Idiots’ (referred as ‘sdhanshu’ in the official rankings) approach for the Trolling, "
      "Aggression and Cyberbullying (TRAC) 2020 shared tasks."), "3Idiots"),
    ("We present our team Scubed’s approach in the ‘3C’ Citation Context Classification Task.", "Scubed"),
    (("In this paper, we describe solutions from our team “Upaya” to ESG impact and length prediction tasks on one "
      "such dataset."), "Upaya"),
    ("This report describes the system of our team Zorbix for the shared task.", "Zorbix"),
])
def test_the_name_right_after_our_team_is_the_authors_proposed_method(both, text, name):
    assert (name, "method", "proposes") in entities(both, text)


@pytest.mark.parametrize(("text", "word"), [
    ("Our Team Participated in the shared task and secured 4th rank in the task.", "Participated"),
    ("Our team came second in English sub-task A, a close fourth in the English sub-task B.", "English"),
    ("We describe the system developed by our team for Zorbeval-2020 Task 8.", "Zorbeval-2020"),
    ("The winning team Zorbix ranked first, and our system ranked second.", "Zorbix"),
])
def test_our_team_before_a_verb_or_preposition_names_no_team(both, text, word):
    assert (word, "method", "proposes") not in entities(both, text)
