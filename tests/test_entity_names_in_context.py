"""Names typed by the words around them: building blocks, datasets named after their noun, tasks named by a head,
model sizes, and what "X-based" says of the role."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):
    return build_pipeline(request.param)


def _found(nlp, text: str) -> dict[str, tuple[str, str]]:
    doc = nlp(text)
    return {span.text: (span.label_, span._.kg_relation) for span in doc.spans["kg_entities"]}


@pytest.mark.parametrize(("text", "expected"), [
    # a capitalised building block before an architecture noun, or ending in a capitalised one
    ("Our tagger stacks a Zorbformer encoder on the input.", {"Zorbformer": ("method", "uses")}),
    ("The decoder is a Klax Pointer Network over spans.", {"Klax Pointer Network": ("method", "uses")}),
    # "a new dataset, NAME": the noun before the name types it; not "(SL) corpora, SL lexicography"
    ("We present a new dataset, ZorbDial, of dialogues.", {"ZorbDial": ("dataset", "proposes")}),
    ("We evaluate on two benchmarks: ZorbQA and KlaxEval.",
     {"ZorbQA": ("dataset", "uses"), "KlaxEval": ("dataset", "uses")}),
    # an acronym before a task head names the task
    ("We evaluate on ZKG completion and report results.", {"ZKG completion": ("task", "uses")}),
    # a model's size written as a word is part of its name
    ("We fine-tune XLM-RoBERTa large on the data.", {"XLM-RoBERTa large": ("model", "uses")}),
    # "our X-based model" uses X
    ("Our ZorbNet-based model wins.", {"ZorbNet": ("method", "uses")}),
    # a footnote mark glued to a word is no name
    ("Such models.1 are strong.", {}),
    # roles: a task is proposed only when called new; what the work is based on is used
    ("We present an evaluation of casing for ZKG completion.", {"ZKG completion": ("task", "uses")}),
    ("We introduce a new task, ZKG completion, here.", {"ZKG completion": ("task", "proposes")}),
    ("We built a system based on an ensemble of ZorbNet, a multilingual model.", {"ZorbNet": ("method", "uses")}),
    ("This paper describes the deployment of Zorbot, a community platform.", {"Zorbot": ("method", "proposes")}),
    ("Prior work shows that Zorbot, a community platform, helps.", {}),
])
def test_names_typed_by_context(nlp, text, expected):
    assert _found(nlp, text) == expected
