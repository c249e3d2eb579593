"""Round h15ao: proposals the pipeline lost on abstracts no rule was tuned on, in both modes. Invented sentences.

* an acronym pair the authors' verb takes whole (``extractors/entity_proposed_pairs.py``, role rule
  ``proposed_pair``), and a shaped name after the verb in apposition to a kind noun (``proposed_shape``);
* "devise" as a proposal verb (``extractors/patterns/entity_cues.jsonl``);
* a coined name in apposition that the learned role decision may not demote (``extractors/entity_role_guard.py``);
* the abstract's occurrences of a title's NAME (``extractors/entity_title_names.py``, hooked in
  ``extractors.mentions.extract_mentions``).
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.entity_role_guard import framed_proposal
from extractors.entity_role_model import RoleModel
from extractors.mentions import extract_mentions
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _spans(nlp, text: str) -> dict[str, tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Name → (relation, role rule) of the entities ``kg_entities`` keeps in ``text``."""
    return {s.text: (s._.kg_relation, s._.kg_role_rule) for s in nlp(text).spans["kg_entities"]}


@pytest.mark.parametrize(("text", "name"), [
    ("We introduce Semantic Planning in Contextual Environments (SPICE), a task designed to ground agents.", "SPICE"),
    (("We combine two signals with a zorb-based score we named Mapped Zorbhood Distance (MAP), and a frequency "
     "differential."), "MAP"),  # a short form that names a known metric elsewhere
    ("In this work, we introduce Language-Specific Zorb Layers (LSZLs), which allow us to grow capacity.", "LSZLs"),
    ("Accordingly, we devise a Multi-Resolution Zorb Representation (MulZR), which allows many views.", "MulZR"),
])
def test_pair_the_authors_verb_takes_is_proposed(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _spans(nlp, text).get(name, ("", ""))[0] == "proposes"


def test_parts_of_a_proposed_long_form_go(nlp) -> None:  # type: ignore[no-untyped-def]
    found = _spans(nlp, "In this work, we introduce Language-Specific Transformer Layers (LSTLs), which allow us to "
                        "increase model capacity.")
    assert found.get("LSTLs", ("", ""))[0] == "proposes" and "Transformer" not in found


@pytest.mark.parametrize("text", [
    "We present a new parallel part-of-speech (POS) evaluation dataset for Zorbic.",  # the pair modifies the noun
    "We present a graph-based Tree Adjoining Zorbgrammar (TAZ) parser that uses BiLSTMs.",
    "We explore potentials of developing conversational zorbic intelligence (ZI) for a coaching programme.",
    "Previous work proposed Sparse Zorbed Attention (SZA) for this.",  # not the authors'
    "A popular metric called Bilingual Zorb Understudy (BZU) is used.",  # a naming verb without "we" or "new"
])
def test_pair_not_proposed(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert all(relation != "proposes" or rule != "proposed_pair" for relation, rule in _spans(nlp, text).values())


@pytest.mark.parametrize(("text", "name"), [
    ("We propose Chain-of-Zorbs, a framework that trains a model to answer multistep questions.", "Chain-of-Zorbs"),
    ("In this paper we introduce ZorbNorm_es, an annotated corpus of tweets in Spanish.", "ZorbNorm_es"),
    ("We present UDzorb, a multilingual multi-task model capable of predicting treebanks.", "UDzorb"),
    ("We propose PHASE, a phase-aware framework that learns features.", "PHASE"),  # a word in capitals
])
def test_shaped_name_in_apposition_is_proposed(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _spans(nlp, text).get(name) == ("proposes", "proposed_shape")


def test_task_acronym_in_apposition_is_the_proposed_thing(nlp) -> None:  # type: ignore[no-untyped-def]
    found = {s.text: (s.label_, s._.kg_relation) for s in nlp("To this end, we propose MT, a morphologically-aware "
                                                               "framework for behavioral testing of models.").spans[
        "kg_entities"]}
    assert found.get("MT") == ("method", "proposes")


@pytest.mark.parametrize("text", [
    "We evaluate Chain-of-Zorbs, a framework that trains a model to answer questions.",  # no proposal verb
    "We propose Chain-of-Zorbs for multistep questions, which is fast.",  # no apposition
    "We propose ZORBQA, a framework for questions.",  # all capitals: the acronym rules judge it
])
def test_shaped_name_not_proposed(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert all(rule != "proposed_shape" for _, rule in _spans(nlp, text).values())


@pytest.mark.parametrize(("text", "name"), [
    ("To this end, we devise a reconstructed zorbic encoding (RZE) to alleviate the order biases.", "RZE"),
    ("In this work, we devise the ZorbBench benchmark, comparing our system to debate outcomes.", "ZorbBench"),
])
def test_devise_is_a_proposal_verb(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _spans(nlp, text).get(name, ("", ""))[0] == "proposes"


def _m(name: str, sentence: str, rule: str = "proposal_verb+apposition",
       relation: Relation = Relation.PROPOSES) -> Mention:
    return Mention("p", name, EntityKind.DATASET, relation, Provenance("x", extractor="kg_entities:" + rule,
                                                                         sentence=sentence))


@pytest.mark.parametrize("sentence", [
    "We introduce ZORBQUEST, a dataset of 19K questions elicited while reading.",
    "This paper presents ZORBINE, an opinion mining system which aims to find concepts.",
    "To address this gap, we introduce a new benchmark, ZORBINE, designed for relation graphs.",
    "Our dataset, ZORBINE, consists of 113 meetings.",
    "ZORBINE is a novel dataset featuring 4.7 million headlines.",
    "In this work we introduce a ZORBINE task.",
])
def test_guard_keeps_framed_proposals(sentence: str) -> None:
    name = "ZORBQUEST" if "ZORBQUEST" in sentence else "ZORBINE"
    assert framed_proposal([_m(name, sentence)])


def test_guard_keeps_a_new_model_of_a_family() -> None:
    assert framed_proposal([_m("ZorbBERT", "We present ZorbBERT, a lightweight and efficient BERT model.",
                               "proposal_verb+model_family")])


@pytest.mark.parametrize(("sentence", "rule", "relation"), [
    ("We extend ZORBINE, a statistical scoring method.", "proposal_verb+apposition", Relation.PROPOSES),
    ("We introduce ZORBINE, a dataset of questions.", "proposal_verb+gazetteer", Relation.PROPOSES),  # known
    ("Our model, ZORBINE, wins.", "our+model_family", Relation.PROPOSES),  # a model family: only the first frame
    ("We introduce ZORBINE, a dataset of questions.", "use+apposition", Relation.USES),  # the rules used it
    ("After applying our approach, ZORBINE has scored 0.65.", "our+default", Relation.PROPOSES),
    ("We design a ZORBINE task pipeline.", "proposal_verb+task_frame", Relation.PROPOSES),
])
def test_guard_leaves_the_rest_to_the_model(sentence: str, rule: str, relation: Relation) -> None:
    assert not framed_proposal([_m("ZORBINE", sentence, rule, relation)])


def test_guard_overrules_a_demoting_model(nlp) -> None:  # type: ignore[no-untyped-def]
    """A model that demotes everything still leaves "We introduce ZORBQUEST, a dataset ..." proposed."""
    demote = RoleModel({"intercept": -10.0, "weights": {}, "threshold": 0.5, "keep": 0.4})
    paper = Paper(ref="p", provenance=Provenance("x"), title="Reading Questions",
                  abstract="We introduce ZORBQUEST, a dataset of questions elicited while reading. It is large.")
    roles = {m.name: m.relation for m in extract_mentions([paper], nlp=nlp, roles=demote)}
    assert roles.get("ZORBQUEST") is Relation.PROPOSES


def _abstract_mentions(nlp, title: str, abstract: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    return {m.name: m.relation.value for m in extract_mentions([paper], nlp=nlp, roles=None)
            if m.provenance.sentence != title}


def test_title_name_in_the_abstract_is_a_proposed_mention(nlp) -> None:  # type: ignore[no-untyped-def]
    found = _abstract_mentions(nlp, "Zorbman: An Open-Source Library and Tool for Graphs",
                               "The open-source Python library Zorbman provides a robust parser for graphs.")
    assert found.get("Zorbman") == "proposes"
    found = _abstract_mentions(nlp, "Zorbani: A Lightweight Framework for Building Agents",
                               "In this paper, we introduce Zorbani - a toolkit to ease building agents.")
    assert found.get("Zorbani") == "proposes"


def test_title_name_in_a_web_address_is_no_mention(nlp) -> None:  # type: ignore[no-untyped-def]
    found = _abstract_mentions(nlp, "Zorbman: Location Mentions in Tweets",
                               "We study location mentions in tweets. Code: https://github.com/zorb/Zorbman.")
    assert "Zorbman" not in found
