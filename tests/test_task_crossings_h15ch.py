"""Round h15ch: a task named "A-to-B" and a task head ("grapheme-to-phoneme conversion", "text-to-speech synthesis",
"SQL-to-text generation"), which no learned list holds when the train slice writes it fewer than three times
(``extractors.entity_tasks.crossing_task_phrases``, added last in ``entity_task_purposes.task_candidates_beside``).
Invented names ("zorb", "quux" are no known words), in both modes."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from extractors.entities import blank_pipeline
from extractors.entity_tasks import crossing_task_phrases

Labels = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(("text", "names"), [
    ("We study zorb-to-quux conversion for Zorbish.", ["zorb-to-quux conversion"]),
    ("Results in text-to-zorb synthesis improved.", ["text-to-zorb synthesis"]),
    ("Experiments on quux-to-text generation and zorb-to-text retrieval.",
     ["quux-to-text generation", "zorb-to-text retrieval"]),
    ("Previous work approaches the ZQL-to-text generation task.", ["ZQL-to-text generation"]),  # an acronym end
    ("Zorb-to-quux conversion is hard.", ["Zorb-to-quux conversion"]),  # a sentence's first word
])
def test_crossing_names(text: str, names: list[str]) -> None:
    doc = blank_pipeline()(text)
    assert [doc[s:e].text for s, e in crossing_task_phrases(doc)] == names


@pytest.mark.parametrize("text", [
    "We train an end-to-end generation model.",  # a set-up
    "a sequence-to-sequence translation model",
    "a coarse-to-fine retrieval step and one-to-many alignment",  # a shape
    "We report English-to-Zorbish translation results.",  # a language pair: a direction of the task
    "a zorb-to-quux mapping and zorb-to-quux learning",  # no task head
    "our zorb-to-quux parsers",  # a thing, not the task
    "the Zorb Financial Text-to-Quux extraction task",  # the end of a longer capitalised name
    "zorb-to-quux Conversion",  # a capitalised head
    "jointly optimizing zorb-to-quux matching tasks",  # "matching": a model's objective or step on the train slice
    # "alignment": a mechanism, an objective or a corpus's annotation as often as a task (review 65)
    "The Zorbnet framework mitigates this gap through quux-to-action alignment.",
    "a spoken corpus of Zorbish with text-to-sound alignment and transcripts",
    "we add a zorb-to-text alignment auxiliary task",
    # one unit of text at both ends: the size a text is handled at, not a task (review 65)
    "we present a paragraph-to-paragraph translation mode for Zorbish",
    "Zorbnet implements decoding in Doc-to-Doc translation manner",
    "we train prefix-to-prefix translation models with wait-k",
    "in a morpheme-to-morpheme alignment some information is lost",
])
def test_no_crossing_name(text: str) -> None:
    assert crossing_task_phrases(blank_pipeline()(text)) == []


@pytest.mark.parametrize(("text", "names"), [
    # the same kind of thing at both ends is still a task; a unit of text at one end only too (review 65)
    ("We study zorb-to-zorb translation and speech-to-speech translation.",
     ["zorb-to-zorb translation", "speech-to-speech translation"]),
    ("Results on document-to-quux generation improved.", ["document-to-quux generation"]),
])
def test_same_ends_and_text_units(text: str, names: list[str]) -> None:
    doc = blank_pipeline()(text)
    assert [doc[s:e].text for s, e in crossing_task_phrases(doc)] == names


@pytest.mark.parametrize(("text", "name"), [
    ("We propose a multitask approach for zorb-to-quux conversion to improve the quuxing of loanwords.",
     "zorb-to-quux conversion"),
    ("Recently, diffusion-based models have shown impressive results in text-to-zorb synthesis.",
     "text-to-zorb synthesis"),
    ("To address challenges in zorb-to-text retrieval, we introduce a dataset of medical images.",
     "zorb-to-text retrieval"),
])
def test_crossing_tasks_in_the_pipeline(entity_labels: Labels, text: str, name: str) -> None:
    assert entity_labels(text).get(name) == "task"


def test_settings_before_are_left_out(entity_labels: Labels) -> None:
    # "in-domain" and "end-to-end" are settings, not the task's name
    labels = entity_labels("We train generation for in-domain quux-to-zorb generation and end-to-end raw-to-zorb "
                           "parsing.")
    assert labels.get("quux-to-zorb generation") == "task"
    assert labels.get("raw-to-zorb parsing") == "task"
    assert "in-domain quux-to-zorb generation" not in labels and "end-to-end raw-to-zorb parsing" not in labels


def test_a_list_takes_the_longer_name_first(entity_labels: Labels) -> None:
    # the list walk from "quux state tracking" names the member with its modifier; the crossing does not cut it
    labels = entity_labels("We evaluate on intent detection, quux state tracking and dialogue zorb-to-text generation.")
    assert "zorb-to-text generation" not in labels


def test_no_list_walked_from_a_crossing(entity_labels: Labels) -> None:
    # an apposition, not a list: "the opposite direction" is no task
    labels = entity_labels("We additionally create examples for the opposite direction, zorb-to-quux conversion (Z2Q).")
    assert "opposite direction" not in labels
