"""The learned proposes / uses decision (round h15ag): one role per entity, the shipped weights on by default."""
from __future__ import annotations

import json

import pytest

from extractors.entity_role_model import RoleModel, apply_role_model, decide, entity_features, group_mentions
from extractors.mentions import extract_mentions
from extractors.role_weights import role_weights_text
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation

ABSTRACT = "Zorb (ZN) is used widely. We evaluate ZN on ZorbBench. Team Quux won."
TITLE = "Quux: A Study"


def _mention(name: str, relation: str, rule: str, sentence: str, long_form: str | None = None) -> Mention:
    return Mention("p", name, EntityKind.METHOD, Relation(relation),
                   Provenance("x", extractor=f"kg_entities:{rule}", sentence=sentence), long_form=long_form)


def _paper() -> Paper:
    return Paper(ref="p", provenance=Provenance("x"), abstract=ABSTRACT, title=TITLE)


def test_an_entity_is_the_mentions_whose_names_or_long_forms_share_a_key():
    mentions = [_mention("ZN", "uses", "use+default", "Zorb (ZN) is used widely.", long_form="Zorb"),
                _mention("ZorbBench", "uses", "use+default", "We evaluate ZN on ZorbBench."),
                _mention("zorb", "proposes", "our+default", "We evaluate ZN on ZorbBench.")]
    assert group_mentions(mentions) == [[0, 2], [1]]


def test_the_model_gives_every_mention_of_an_entity_one_role_and_names_itself_the_rule():
    mentions = [_mention("ZN", "proposes", "proposal_verb+default", "Zorb (ZN) is used widely.", long_form="Zorb"),
                _mention("ZN", "uses", "use+head_noun", "We evaluate ZN on ZorbBench."),
                _mention("ZorbBench", "uses", "use+default", "We evaluate ZN on ZorbBench.")]
    never = RoleModel({"intercept": -9.0, "weights": {}})
    out = apply_role_model([_paper()], mentions, never)
    assert [(m.relation.value, m.provenance.extractor) for m in out] == [
        ("uses", "kg_entities:learned+default"), ("uses", "kg_entities:use+head_noun"),
        ("uses", "kg_entities:use+default")]
    spelled_out = RoleModel({"intercept": -9.0, "weights": {"long_form": 20.0}})  # ZN (Zorb), not ZorbBench
    out = apply_role_model([_paper()], mentions, spelled_out)
    assert [(m.relation.value, m.provenance.extractor) for m in out] == [
        ("proposes", "kg_entities:proposal_verb+default"), ("proposes", "kg_entities:learned+head_noun"),
        ("uses", "kg_entities:use+default")]


def test_an_entity_only_the_title_names_keeps_the_title_rule():
    title = _mention("Quux", "proposes", "title_name+default", TITLE)
    out = apply_role_model([_paper()], [title], RoleModel({"intercept": -9.0, "weights": {}}))
    assert out == [title]


def test_features_read_the_rules_the_title_and_the_words_before_the_name():
    paper = Paper(ref="p", provenance=Provenance("x"), title="ZorbNet: Graphs",
                  abstract="Parsing is hard. We propose ZorbNet, a novel parser.")
    features = entity_features(paper, [_mention("ZorbNet", "proposes", "proposal_verb+default",
                                                 "We propose ZorbNet, a novel parser.")])
    assert {"rules=proposes", "role_family=proposal", "role_rule=proposal_verb", "in_title", "title_head",
            "first_sentence=1", "first_before=self", "first_before=propose", "first_after=new",
            "first_word_before=propose", "shape=strong"} <= set(features)


def test_refuses_weights_it_cannot_read(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {}}), "utf-8")
    with pytest.raises(ValueError, match="retrain"):
        RoleModel.load(path)


def test_shipped_weights_read_and_are_trained_on_the_replayed_read_sets_not_the_gate_set():
    data = json.loads(role_weights_text())
    assert set(data["trained_on"]) == {"tune", "tune2", "tune3", "tune5", "tune6"}  # no tune7 since round h15ce
    assert 0 < data["threshold"] < 1 and len(data["weights"]) > 100


@pytest.mark.parametrize(("title", "abstract", "name"), [
    ("Insertion-based Decoding with Automatically Inferred Generation Order",
     ("We extend Transformer, a state-of-the-art sequence generation model, to efficiently implement the proposed "
     "approach."), "Transformer"),
    ("Controllable Sentence Simplification",
     ("Recently, a large pre-trained language model called T5 has achieved state-of-the-art performance in many NLP "
     "tasks. In this paper, we explore the use of T5 fine-tuning on Text Simplification."), "T5"),
])
def test_by_default_a_known_model_the_rules_proposed_is_used(title, abstract, name):
    paper = Paper(ref="p", provenance=Provenance("x"), abstract=abstract, title=title)
    rules = {m.relation for m in extract_mentions([paper], roles=None) if m.name == name}
    learned = [m for m in extract_mentions([paper]) if m.name == name]
    assert Relation.PROPOSES in rules
    assert learned and {m.relation for m in learned} == {Relation.USES}


def test_by_default_a_name_the_authors_propose_stays_proposed():
    paper = Paper(ref="p", provenance=Provenance("x"), title="ZorbNet: Parsing Graphs",
                  abstract="We propose ZorbNet, a novel graph parser. ZorbNet outperforms BERT on ZorbBench.")
    roles = {(m.name, m.relation.value) for m in extract_mentions([paper])}
    assert ("ZorbNet", "proposes") in roles and ("BERT", "uses") in roles


def test_names_one_rule_proposes_in_one_sentence_share_the_most_probable_verdict():
    sentence = "Our resulting models, Zorb-8B and Zorb-14B, beat BERT."
    mentions = [Mention("p", name, EntityKind.MODEL, Relation(role), Provenance(
        "x", extractor=f"kg_entities:{rule}", sentence=sentence)) for name, role, rule in (
        ("Zorb-8B", "proposes", "our+model_family"), ("Zorb-14B", "proposes", "our+model_family"),
        ("BERT", "uses", "use+model_family"))]
    paper = Paper(ref="p", provenance=Provenance("x"), abstract=sentence, title=None)
    model = RoleModel({"intercept": -1.0, "weights": {"first_word_before=models": 1.5}, "threshold": 0.5,
                       "keep": 0.5})
    assert [m.relation.value for m in apply_role_model([paper], mentions, model)] == ["proposes", "proposes", "uses"]


def test_a_name_the_rules_propose_stays_proposed_down_to_keep():
    mention = _mention("ZN", "proposes", "proposal_verb+default", "We evaluate ZN on ZorbBench.")
    half = {"intercept": 0.0, "weights": {}}  # probability 0.5
    assert decide(RoleModel({**half, "threshold": 0.6, "keep": 0.4}), [([mention], [])]) == [True]
    assert decide(RoleModel({**half, "threshold": 0.4, "keep": 0.6}), [([mention], [])]) == [False]
    used = _mention("ZN", "uses", "use+default", "We evaluate ZN on ZorbBench.")
    assert decide(RoleModel({**half, "threshold": 0.6, "keep": 0.4}), [([used], [])]) == [False]
