"""Review 60: a capitalised "Named" inside a name ("the Zorbian Named Entities (ZorNE) and ... Corpus (ZCRC)") is no
naming verb: the naming participles ("called", "named", "dubbed", "termed") are proposal cues in lower case only.

Round h15bz's dataset long form kept its kind against the tagger's task, and the role the rules had given it then
stood: "proposes", from the "Named" of the name before it (the train slice's NARC). Invented names, both modes.
"""
from __future__ import annotations

import pytest


def _roles(nlp, text: str) -> dict[str, str]:
    return {s.text: s._.kg_relation for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    (("The aligned and converted corpora are the Zorbian Named Entities (ZorNE) and Zorbian Coreference Resolution "
      "Corpus (ZCRC)."), "ZCRC"),
    ("We use the Zorbian Named Entities and the Quux Coreference Resolution Corpus (QCRC).", "QCRC"),
])
def test_a_capitalised_named_inside_a_name_proposes_nothing(both, text: str, name: str) -> None:
    assert _roles(both, text).get(name) == "uses"


@pytest.mark.parametrize(("text", "name"), [
    ("We build a new corpus named ZorbCorp for quux parsing.", "ZorbCorp"),
])
def test_a_lower_case_naming_participle_still_proposes(both, text: str, name: str) -> None:
    assert _roles(both, text).get(name) == "proposes"
