"""Proposals the role layer missed on the read sets (round h15ci, issue 15). All names here are made up.

1. A variant the authors name of their own system is theirs: "We have participated with two variants of ZORVIS,
   ZORVIS-multi and ZORVIS-mono" — STEM-SUFFIX is proposed where STEM is proposed in the same paper
   (:func:`extractors.entity_role_guard.proposed_variants`), not "ZorbNet-based" nor a variant of a used name.
2. The present passive of a making verb after the name that opens its clause: "Second, Hyperbolic Zorb Routing (HZR)
   is introduced to aggregate ..." (:func:`extractors.entity_passive.proposed_passive`), not "was introduced" (earlier
   work), "is introduced by Lee", "is introduced as a baseline", nor a known name.
3. A model the authors train and present in apposition: "we use the corpus to pretrain ZorbBERT, a transformer-based
   language model" (:func:`extractors.entity_role_guard.trained_apposition`), not one they fine-tune ("we fine-tune
   ZorbBERT, a ...": someone else's), nor a released model ("we train BERT-base, a ...").

Review66 added guards, tested last: the passive dated to earlier work ("Recently, X is proposed", "In [12], ...",
"X is proposed [12]"), a listed method the authors train ("we train word2vec, a ..."), a shared task named like the
paper's team and an edition of a listed resource ("SQuAD-2.0") as variants.
"""
from __future__ import annotations

import pytest

from extractors.entity_role_guard import proposed_variants
from extractors.mentions import extract_mentions
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation


def _roles(title: str | None, abstract: str, *, learned: bool = True) -> dict[str, set[str]]:
    """Each name's roles: the learned decision's (the default), or with ``learned=False`` the role rules' alone."""
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    roles: dict[str, set[str]] = {}
    for m in extract_mentions([paper], **({} if learned else {"roles": None})):
        roles.setdefault(m.name, set()).add(m.relation.value)
    return roles


def test_variants_of_the_papers_own_system_are_proposed():
    roles = _roles("ZORVIS at the Zorb Shared Task 2020: How good is BERT at seeing the unseen?",
                   "We describe ZORVIS. We have participated with two variants of ZORVIS, ZORVIS-multi and "
                   "ZORVIS-mono, where the former employs multilingual contextual embeddings.")
    assert roles["ZORVIS-multi"] == roles["ZORVIS-mono"] == {"proposes"}


def test_a_variant_of_a_title_only_name_is_proposed():
    entity = [Mention("p", "ZORVIS-mono", EntityKind.METHOD, Relation.USES,
                      Provenance("x", extractor="kg_entities:use+default"))]
    assert proposed_variants([entity], [False], ["ZORVIS"]) == [True]


@pytest.mark.parametrize("abstract", [
    # the stem is used, not proposed: its variants are used too
    "We fine-tune ZorbBERT-large and ZorbBERT-base from the Zorb library on our new corpus of questions.",
])
def test_variants_of_a_used_name_stay_used(abstract):
    roles = _roles("Questions about Questions", abstract)
    assert roles.get("ZorbBERT-large", {"uses"}) == {"uses"}
    assert roles.get("ZorbBERT-base", {"uses"}) == {"uses"}


@pytest.mark.parametrize(("suffix", "proposed"), [
    ("multi", True), ("7B", True), ("v2", True), ("based", False), ("style", False), ("aware", False)])
def test_a_variant_is_one_segment_not_an_adjective(suffix, proposed):
    def entity(name):
        return [Mention("p", name, EntityKind.METHOD, Relation.USES, Provenance("x", extractor="kg_entities:x"))]
    assert proposed_variants([entity("Zorbix"), entity(f"Zorbix-{suffix}")], [True, False]) == [True, proposed]


@pytest.mark.parametrize("sentence", [
    "Second, Hyperbolic Zorb Routing (HZR) is introduced to aggregate capsules in a label-aware manner.",
    "Then, a Zorbed Flim Encoder (ZFE) is proposed to encode the graph.",
    "Finally, Zorb Dynamic Pooling is also presented to aggregate the nodes.",
])
def test_a_name_opening_its_clause_in_the_present_passive_is_proposed_by_the_rules(sentence):
    roles = _roles("Zorb Capsule Networks for Classification", "We study capsules. " + sentence, learned=False)
    names = [n for n in roles if n in sentence]
    assert names and all(roles[n] == {"proposes"} for n in names)


def test_the_learned_decision_keeps_the_passive_proposal_of_an_acronym():
    roles = _roles("Zorb Capsule Networks for Multi-Label Classification",
                   "First, we build zorb capsules. Second, Hyperbolic Zorb Routing (HZR) is introduced to aggregate "
                   "capsules in a label-aware manner. Experiments on three datasets show gains.")
    assert roles["HZR"] == {"proposes"}


@pytest.mark.parametrize("sentence", [
    "Hyperbolic Zorb Routing (HZR) was introduced to aggregate capsules.",  # earlier work
    "Hyperbolic Zorb Routing (HZR) is introduced by Lee to aggregate capsules.",  # someone else's
    "Hyperbolic Zorb Routing (HZR) is introduced as a baseline.",  # a use
    "We compare with Hyperbolic Zorb Routing (HZR), which is introduced to aggregate capsules.",  # not the subject
    # dated to earlier work (review66): the clause opener after a comma let these through
    "Recently, Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules, but it is slow.",
    "In [12], Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules.",
    "In 2019, Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules.",
    "Hyperbolic Zorb Routing (HZR) is proposed [12] to aggregate capsules.",
    "Traditionally, Hyperbolic Zorb Routing (HZR) is designed to aggregate capsules.",
])
def test_the_passive_of_other_work_stays_used(sentence):
    roles = _roles("Zorb Capsule Networks for Classification", "We study capsules. " + sentence, learned=False)
    assert roles.get("HZR", {"uses"}) == {"uses"}


def test_a_model_the_authors_pretrain_and_present_in_apposition_is_proposed():
    roles = _roles("Privacy at Scale: Introducing the Zorbseer Corpus of Web Privacy Policies",
                   "We build a corpus of privacy policies. Finally, we use the corpus to pretrain ZorbBERT, a "
                   "transformer-based privacy policy language model, and obtain state of the art results.")
    assert roles["ZorbBERT"] == {"proposes"}


@pytest.mark.parametrize("sentence", [
    "Finally, we fine-tune ZorbBERT, a transformer-based privacy policy language model, on the corpus.",
    "Finally, we pretrain BERT-base, a transformer-based language model, on the corpus.",
])
def test_a_model_the_authors_fine_tune_or_a_released_one_stays_used(sentence):
    roles = _roles("Privacy at Scale", "We build a corpus of privacy policies. " + sentence)
    name = "ZorbBERT" if "ZorbBERT" in sentence else "BERT-base"
    assert roles.get(name, {"uses"}) == {"uses"}


# Review66's guards on the three rules: shapes the round's tests missed.
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
