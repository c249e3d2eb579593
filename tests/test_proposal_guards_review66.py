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


# 2. "we (pre)train NAME, a ..." checked only the type rule, so a listed method the apposition typed ("we train
#    word2vec, a ...", "we train LSTM, a ...") was proposed (:func:`extractors.entity_role_guard.trained_apposition`).
@pytest.mark.parametrize("name", ["word2vec", "LSTM", "CRF"])
def test_a_listed_method_the_authors_train_stays_used(name):
    roles = _roles("Zorb Tagging", f"We build a corpus of zorbs. We train {name}, a standard model, on the corpus.")
    assert roles.get(name, {"uses"}) == {"uses"}


def test_a_coined_model_the_authors_train_is_still_proposed():
    roles = _roles("Zorb Tagging", "We build a corpus of zorbs. We train ZorbTagger, a standard model, on the corpus.")
    assert roles["ZorbTagger"] == {"proposes"}


# 3. A variant inherits its stem's proposal; not a shared task named like the paper's team, nor an edition of a
#    listed resource the paper evaluates on (:func:`extractors.entity_role_guard.proposed_variants`).
def test_a_shared_task_named_like_the_team_is_no_variant():
    roles = _roles("ZORB@Zorbville at SemEval-2021 Task 9: Multilingual and Cross-lingual Zorb-in-Context "
                   "Disambiguation using Augmented Data",
                   "In this work, we present our approach for solving the SemEval 2021 Task 9: Multilingual and "
                   "Cross-lingual Zorb-in-Context Disambiguation (ZORB-ZiC). The task is a sentence pair "
                   "classification problem. We submit systems for both settings.")
    assert roles.get("ZORB-ZiC", {"uses"}) == {"uses"}


def test_runs_of_the_team_are_still_variants():
    roles = _roles("ZORB at SemEval-2021 Task 9: Zorb Runs",
                   "We present ZORB, a zorb tagger. We submitted two systems, ZORB-1 and ZORB-2, for the shared task.")
    assert roles["ZORB-1"] == roles["ZORB-2"] == {"proposes"}


@pytest.mark.parametrize(("abstract", "name"), [
    ("In this paper, we propose SQuAD, a dataset. We also evaluate on SQuAD-2.0.", "SQuAD-2.0"),
    ("We present WordNet, a lexicon. We link it to WordNet-Affect.", "WordNet-Affect"),
])
def test_an_edition_of_a_listed_resource_is_no_variant(abstract, name):
    assert _roles(None, abstract).get(name, {"uses"}) == {"uses"}
