"""Dataset names whose shape opened no candidate (round h15bq, issue 15).

1. (Reverted by review54: a capital X before a title-case word, "XZorbagrad", is a shouted word again, no name; on
   the train slice the shape named query languages, a project and platforms as often as datasets. See
   tests/test_review54.py.)
2. A benchmark's name ending in "-bench" after a field term ("MT-bench"): before, the hyphenated descriptor test
   ("LLM-generated", "human-AI") took it for a descriptor, so no candidate opened.
3. "the recently introduced ZorbCoDe data-set (...)": the tokenizer keeps "data-set" one token before a bracket, which
   was no dataset noun, so the name was typed a method; "data-set(s)" is a dataset noun now.
4. "the first multilingual safety benchmark for LLMs, ZorbSafe, in response to ...": the noun before an apposed
   name may stand before a short prepositional phrase of lower-case words; a plural acronym ("LLMs") in the phrase
   broke it, so the name was typed a method.
"""
from __future__ import annotations

import pytest

from extractors.entity_names import _descriptor, name_shape


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):  # type: ignore[no-untyped-def]
    from extractors.entities import build_pipeline
    return build_pipeline(request.param)


def _datasets(nlp, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    from extractors.entities import iter_entities
    return [e.span.text for e in iter_entities(nlp(text)) if e.span.label_ == "dataset"]


def test_shapes() -> None:
    assert name_shape("RObust") is None and name_shape("LAnguage") is None  # shouted words stay no name
    assert name_shape("MT-bench") == "strong"
    assert not _descriptor("MT-bench") and _descriptor("LLM-generated") and _descriptor("top-2")


def test_a_bench_name_after_a_field_term(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "Results on Zorbuna Benchmark and MT-bench show that our model answers better."
    assert "MT-bench" in _datasets(nlp, text)


def test_a_shouted_long_form_stays_no_name(nlp) -> None:  # type: ignore[no-untyped-def]
    from extractors.entities import iter_entities
    doc = nlp("We propose RObust Zorb Tuning (ROZT), which improves robustness.")
    assert not any(e.span.text == "RObust" for e in iter_entities(doc))


def test_a_name_before_data_set_written_with_a_hyphen(nlp) -> None:  # type: ignore[no-untyped-def]
    text = "We conduct this comparison on the recently introduced ZorbCoDe data-set (Zorbel et al., 2022)."
    assert _datasets(nlp, text) == ["ZorbCoDe"]


def test_a_benchmark_for_plural_acronyms_before_its_name(nlp) -> None:  # type: ignore[no-untyped-def]
    text = ("In this work, we build the first multilingual safety benchmark for LLMs, ZorbSafe, in response to the "
            "global deployment of LLMs in practice.")
    assert _datasets(nlp, text) == ["ZorbSafe"]


def test_a_fronted_phrase_with_a_plural_acronym_is_no_apposition(nlp) -> None:  # type: ignore[no-untyped-def]
    assert _datasets(nlp, "On the benchmark for LLMs, ZorbNet achieves large gains.") == []
