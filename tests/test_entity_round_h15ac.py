"""Round h15ac: metrics named once by rule type the name's other mentions; on invented sentences.

* "a new coefficient, Zorb's Distance Coefficient (ZDC) ... ZDC also indicated": a name a rule typed as a metric
  and as nothing else is a metric where the abstract writes it bare (``entities.one_kind_per_name``).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import entities

# ----------------------------------------------------------------------------- one kind per name: metrics vote too


@pytest.mark.parametrize("text", [
    ("We derive a new coefficient, Zorb's Geographical Distance Coefficient (ZGDC) which selects languages. "
     "ZGDC also indicated that Zulu should be selected."),
    "We propose Zorbic Topic Coherence (ZTC). Our ZTC metrics simulate human evaluation. ZTC correlates with humans.",
])
def test_a_guessed_mention_of_a_name_typed_as_a_metric_elsewhere_is_a_metric(both, text):
    kinds = {kind for name, kind, _ in entities(both, text) if name in {"ZGDC", "ZTC"}}
    assert kinds == {"metric"}


def test_a_name_typed_as_a_task_and_a_metric_stays_a_task(both):
    text = ("The ZMD task links mentions to places. The ZMD metric is low. We study ZMD in Arabic tweets.")
    found = [(name, kind) for name, kind, _ in entities(both, text) if name == "ZMD"]
    assert found[-1] == ("ZMD", "task")
