"""Round h15bg: a lower-case long form opening its sentence ("Recurrent neural network (RNN) reads ...") pairs with
its acronym as it does mid-sentence ("we use a recurrent neural network (RNN)"): the acronym is the entity and the
long form its alias (``extractors.entity_candidates._lower_named_pair``). Invented sentences, both pipelines."""
from __future__ import annotations

import pytest


def _entities(nlp, text: str) -> list[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    doc = nlp(text)
    return [(span.text, doc[slice(*span._.kg_long_form)].text if span._.kg_long_form else None)
            for span in doc.spans["kg_entities"]]


@pytest.mark.parametrize(("text", "short", "long_form"), [
    ("Recurrent neural network (RNN) reads zorbs.", "RNN", "Recurrent neural network"),
    ("Low-rank adaptation (LoRA) tunes zorbs.", "LoRA", "Low-rank adaptation"),
    ("Retrieval-augmented generation (RAG) helps zorbs.", "RAG", "Retrieval-augmented generation"),
    ("Dense passage retrieval (DPR) retrieves zorbs well.", "DPR", "Dense passage retrieval"),
    ("Zorb lattice decoding (ZLD) reads the Quux reports.", "ZLD", "Zorb lattice decoding"),
    ("Frobbed gloat attention (FGA) weighs each zorb.", "FGA", "Frobbed gloat attention"),
    ("We read zorbs. Blorp-guided quux sampling (BQS) then ranks them.", "BQS", "Blorp-guided quux sampling"),
])
def test_sentence_opening_long_form_gives_its_acronym(both, text: str, short: str, long_form: str) -> None:  # type: ignore[no-untyped-def]
    assert (short, long_form) in _entities(both, text)
    assert long_form not in [name for name, _ in _entities(both, text)]


@pytest.mark.parametrize(("opening", "inside"), [
    ("Zorb lattice decoding (ZLD) reads the Quux reports.", "We use zorb lattice decoding (ZLD) on the Quux reports."),
    ("Recurrent neural network (RNN) reads zorbs.", "We use a recurrent neural network (RNN) on zorbs."),
])
def test_same_pair_as_mid_sentence(both, opening: str, inside: str) -> None:  # type: ignore[no-untyped-def]
    first, second = _entities(both, opening), _entities(both, inside)
    assert [(name, (lf or "").lower()) for name, lf in first] == [(name, (lf or "").lower()) for name, lf in second]


@pytest.mark.parametrize("text", [
    "Reinforcement learning (RL) trains the Zorb agent.",  # a generic field term stays no name
    "Large language models (LLMs) read zorbs.",  # a plural kind of thing
])
def test_generic_pairs_stay_generic(both, text: str) -> None:  # type: ignore[no-untyped-def]
    short = text[text.index("(") + 1:text.index(")")]
    assert short not in [name for name, _ in _entities(both, text)]


def test_capitalised_long_form_unchanged(both) -> None:  # type: ignore[no-untyped-def]
    """A long form capitalised in every word was already a name ("Sparse Gated Quux Adapters (SGQA)")."""
    assert ("SGQA", "Sparse Gated Quux Adapters") in _entities(both, "Sparse Gated Quux Adapters (SGQA) tune zorbs.")


@pytest.mark.parametrize("text", [
    "Dataset distillation (DD) — a method for shrinking a corpus — is cheap. We study how DD changes the Zorb bias.",
    "We study dataset distillation (DD), a method for shrinking a corpus. We study how DD changes the Zorb bias.",
])
def test_defined_acronym_keeps_its_kind_over_the_slice(both, text: str) -> None:  # type: ignore[no-untyped-def]
    """The train slice also names a task "DD"; here its definition calls it a method, and every DD stays one
    (``extractors.entity_kind_votes._defined_kind``)."""
    doc = both(text)
    assert [(span.text, span.label_) for span in doc.spans["kg_entities"]] == [("DD", "method"), ("DD", "method")]


def test_definition_before_a_plural_head_decides_nothing(both) -> None:  # type: ignore[no-untyped-def]
    """"Emotion Recognition in Conversations (ERC) datasets" are datasets for ERC: the slice's task stays."""
    doc = both("Biases exist in existing Emotion Recognition in Conversations (ERC) datasets. "
               "However, previous studies in ERC focus on context.")
    assert [(span.text, span.label_) for span in doc.spans["kg_entities"] if span.text == "ERC"][-1] == ("ERC", "task")
