"""Round h15cx: a name written right after the singular noun "metric" is a metric, not a method
(``extractors/entity_types.noun_before``).

The behaviour cases are sentences of the round's 80 fresh abstracts and of train-slice abstracts read while designing
(places 19,000 and later of the round's order, outside its precision-bar range), and one invented; each failed before
the round. The guards passed before and after it: a plural "metrics" before a comma opens a new clause, and a
metric name stays a metric.
"""
from __future__ import annotations

import pytest


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
