"""Review66 of round h15ci's proposal rules: shapes its tests missed (all names made up).

1. The present passive dated to earlier work: "Recently, X is proposed to ...", "In [12], X is proposed",
   "In 2019, X is proposed", "X is proposed [12]" report someone else's X
   (:func:`extractors.entity_passive.proposed_passive`).
"""
from __future__ import annotations

import pytest

from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


def _roles(title: str | None, abstract: str, *, learned: bool = True) -> dict[str, set[str]]:
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    roles: dict[str, set[str]] = {}
    for m in extract_mentions([paper], **({} if learned else {"roles": None})):
        roles.setdefault(m.name, set()).add(m.relation.value)
    return roles


@pytest.mark.parametrize("sentence", [
    "Recently, Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules, but it is slow.",
    "In [12], Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules.",
    "In 2019, Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules.",
    "Hyperbolic Zorb Routing (HZR) is proposed [12] to aggregate capsules.",
    "Traditionally, Hyperbolic Zorb Routing (HZR) is designed to aggregate capsules.",
])
def test_the_passive_of_earlier_work_stays_used(sentence):
    roles = _roles("Zorb Capsule Networks for Classification", "We study capsules. " + sentence, learned=False)
    assert roles.get("HZR", {"uses"}) == {"uses"}


def test_the_passive_after_an_own_opener_is_still_proposed():
    roles = _roles("Zorb Capsule Networks for Classification",
                   "We study capsules. To address this issue, Hyperbolic Zorb Routing (HZR) is proposed to aggregate "
                   "capsules.", learned=False)
    assert roles["HZR"] == {"proposes"}
