"""An F-measure however the abstract spells its index (round h15cg): "f1-scores", "F_1 score", "weighted F_1-score",
"F_{0.5}" are metrics as "F1 score" is; "F0" and "F3" (a speech paper's fundamental frequency, formants) are not."""
from __future__ import annotations

import pytest

from extractors.entity_task_metric_names import is_metric_name


@pytest.mark.parametrize("text", ["f1", "F_1", "F-1", "F0.5", "F_{0.5", "F_1-score", "f1-scores", "f1_score",
                                  "F_0.5-score", "F2"])
def test_f_measure_spellings_are_metric_names(text: str) -> None:
    assert is_metric_name(text)


@pytest.mark.parametrize("text", ["F0", "f0", "F_0", "F3", "F_4", "F-16", "F10", "Fig", "F", "FB15k"])
def test_other_letter_digit_words_are_not(text: str) -> None:
    assert not is_metric_name(text)


def _metrics(nlp, text: str) -> list[str]:
    doc = nlp(text)
    return [span.text for span in doc.spans["kg_entities"] if span.label_ == "metric"]


@pytest.mark.parametrize(("text", "metric"), [
    ("The Zorbtagger reaches f1-scores of 0.91 and 0.88 on the Klax corpus.", "f1-scores"),
    ("We obtain an F_1 score of 0.77 with the Zorb parser.", "F_1 score"),
    ("Our Zorb system obtains a weighted F_1-score of 0.81 on the Klax test set.", "weighted F_1-score"),
    ("We report an F1 measure of 84.3 for the Zorb tagger.", "F1 measure"),
])
def test_spelled_f_measures_are_found(rules, text: str, metric: str) -> None:
    assert metric in _metrics(rules, text)


def test_fundamental_frequency_is_no_metric(rules) -> None:
    text = "We model F0 contours, MFCC features and the formants F3 and F4 of Zorb speakers for prosody transfer."
    assert not {"F0", "MFCC", "F3", "F4"} & set(_metrics(rules, text))
