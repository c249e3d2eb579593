"""Round h15be: more lower-case technique names (``lower_case_methods.txt``), and a listed name found in each of
its spellings, space or hyphen (``extractors.entity_lowercase.spellings``), in both modes. Invented sentences."""
from __future__ import annotations

import pytest

from extractors.entity_lowercase import lower_case_methods, spellings


@pytest.mark.parametrize(("text", "name"), [
    ("The Zorblat tagger reads each clause with a recurrent neural network.", "recurrent neural network"),
    ("We summarise the Zorblat reports with a pointer-generator network.", "pointer-generator network"),
    ("We summarise the Zorblat reports with a pointer generator network.", "pointer generator network"),
    ("Each head of the Zorb encoder computes dot product attention over the clauses.", "dot product attention"),
    ("Generation is sped up with structured attention on the Zorblat corpus.", "structured attention"),
    ("We train the Zorb encoder with negative sampling over the word pairs.", "negative sampling"),
    ("Only prefix tuning updates the Zorb prompts; the rest stays frozen.", "prefix tuning"),
    ("The Zorb parser applies max-pooling over the clause vectors.", "max-pooling"),
    ("Zorb words are grouped by spectral clustering into twelve classes.", "spectral clustering"),
    ("We compare two capsule networks on the Zorblat reviews.", "capsule networks"),
])
def test_lower_case_technique_is_a_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) == "method"


@pytest.mark.parametrize(("name", "form"), [
    ("dot-product attention", ("dot", "product", "attention")),
    ("prefix-tuning", ("prefix", "tuning")),
    ("max pooling", ("max-pooling",)),
    ("self-attention", ("self", "attention")),
    ("chain-of-thought prompting", ("chain-of-thought-prompting",)),
])
def test_spellings_cover_space_and_hyphen(name: str, form: tuple[str, ...]) -> None:
    assert form in spellings(name)


@pytest.mark.parametrize(("name", "form"), [
    ("wait-k", ("wait", "k")),
    ("co-attention", ("co", "attention")),
    ("chain-of-thought prompting", ("chain", "of", "thought", "prompting")),
])
def test_short_parts_keep_their_hyphen(name: str, form: tuple[str, ...]) -> None:
    assert form not in spellings(name)


def test_wait_k_is_not_wait_then_k() -> None:
    from extractors.entities import blank_pipeline
    doc = blank_pipeline()("The reader may wait k steps before the Zorb policy reads on.")
    assert lower_case_methods(doc) == []


def test_spelled_apart_name_is_one_span() -> None:
    from extractors.entities import blank_pipeline
    doc = blank_pipeline()("Scaled dot product attention and self attention differ from max-pooling.")
    assert [doc[s:e].text for s, e in lower_case_methods(doc)] == ["dot product attention", "self attention",
                                                                   "max-pooling"]


def test_a_listed_name_inside_the_titles_own_proposal_is_not_a_use() -> None:
    """Review 42: "copy mechanism" inside the proposed "delayed copy mechanism" of the title gave way to nothing,
    so the paper used a copy mechanism instead of proposing its delayed one."""
    from extractors.mentions import extract_mentions
    from ontology.records import Paper, Provenance
    paper = Paper("p", Provenance("x.txt"), title="Zorb Tagging Using Delayed Copy Mechanism",
                  abstract="We propose a delayed copy mechanism for zorb tagging. The delayed copy mechanism copies "
                           "zorbs late.")
    found = {(m.name, m.relation.value) for m in extract_mentions([paper])}
    assert found == {("delayed copy mechanism", "proposes")}


def test_a_listed_name_elsewhere_stays_a_use() -> None:
    from extractors.mentions import extract_mentions
    from ontology.records import Paper, Provenance
    paper = Paper("p", Provenance("x.txt"), title="Zorb Tagging Using Delayed Copy Mechanism",
                  abstract="We propose a delayed copy mechanism for zorb tagging. The delayed copy mechanism copies "
                           "zorbs late, unlike a copy mechanism.")
    found = {(m.name, m.relation.value) for m in extract_mentions([paper])}
    assert ("copy mechanism", "uses") in found and ("delayed copy mechanism", "proposes") in found


def test_an_embedding_name_has_no_plural_even_hyphenated() -> None:
    from extractors.entity_lowercase import _method_names
    forms = _method_names()["knowledge"]
    assert ("knowledge", "graph-embedding") in forms and ("knowledge", "graph-embeddings") not in forms
