"""Names on the graph (round h15bo, issue 15): a proposed name of several words and its first word written alone are
one thing; an acronym spelled out as a system, a tool or an interface is no dataset.

1. "We present GAIA Search - a search engine ..." ... "GAIA serves a dual purpose": the short mentions take the full
   name as their long form (:mod:`extractors.entity_short_names`), so the scorer counts one prediction and the graph
   makes one node for the paper. Not a version ("MultiWOZ 2.2" ... "MultiWOZ"), not a name kg knows ("LSTM" of "LSTM
   Noisy Channel Model"), not another kind.
2. "Conversational recommender systems (CRS) aim to ...": the corpus classes "CRS" a dataset, which typed the bare
   mentions and, by one kind per name, the pair; "A natural language interface to databases (NLIDB)": the long form's
   last word typed the pair, and the acronym's ending ("DB"). The long form's head decides.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from mention_graphs import mention_graph, method_mention

from extractors.entity_short_names import with_full_names
from ontology.ids import entity_key
from ontology.kinds import ENTITY_KINDS, EntityKind, Relation
from ontology.records import Mention, Paper, Provenance


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):  # type: ignore[no-untyped-def]
    from extractors.entities import build_pipeline
    return build_pipeline(request.param)


def _mentions(nlp, text: str) -> list[Mention]:  # type: ignore[no-untyped-def]
    from extractors.mentions import extract_mentions
    return extract_mentions([Paper(ref="p", provenance=Provenance("x"), abstract=text)], nlp=nlp)


def _predictions(mentions: list[Mention]) -> list[set[str]]:
    """What the read sets' scorer counts: names sharing a key with a long form are one prediction."""
    groups: list[set[str]] = []
    for mention in mentions:
        keys = {entity_key(mention.name)} | ({entity_key(mention.long_form)} if mention.long_form else set())
        joined = [g for g in groups if g & keys]
        for group in joined:
            keys |= group
            groups.remove(group)
        groups.append(keys)
    return groups


# 1. a proposed name of several words, then its first word alone

def test_a_coined_names_first_word_alone_is_the_proposal(nlp) -> None:  # type: ignore[no-untyped-def]
    mentions = _mentions(nlp, "We study graph reasoning. We then propose the ZorbKG Walker model that learns symbolic "
                              "transitions over the graph. ZorbKG outperforms strong baselines on two benchmarks.")
    short = [m for m in mentions if m.name == "ZorbKG"]
    assert short and all(m.long_form == "ZorbKG Walker" for m in short)
    assert any(m.name == "ZorbKG Walker" and m.relation is Relation.PROPOSES for m in mentions)
    assert sum(1 for g in _predictions(mentions) if "zorbkg" in g) == 1  # one prediction: {zorbkg, zorbkgwalker}


@pytest.mark.parametrize("text", [
    # a version: the paper names the older thing too
    "This paper presents ZorbSet 2.0, a new version of the ZorbSet corpus with more annotations.",
    # a name kg knows by itself
    "We then propose the LSTM Zorbic model for tagging. The LSTM encoder reads each sentence.",
])
def test_a_version_or_a_known_name_stays_apart(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    first = {"ZorbSet", "LSTM"}
    assert not [m for m in _mentions(nlp, text) if m.name in first and m.long_form]


def _m(name: str, relation: str = "uses", kind: EntityKind = EntityKind.METHOD, rule: str = "default",
       paper: str = "p") -> Mention:
    return Mention(paper, name, kind, Relation(relation), Provenance("x", extractor=f"kg_entities:use+{rule}"))


def test_only_the_same_kind_in_the_same_paper_and_unknown_names_take_the_full_name() -> None:
    out = with_full_names([
        _m("ZorbFind Dataset", "proposes", EntityKind.DATASET), _m("ZorbFind"),  # another kind: the paper's system
        _m("ZorbGaia Search", "proposes"), _m("ZorbGaia"), _m("ZorbGaia", paper="q"),  # another paper
        _m("ZorbNet Quux", "proposes"), _m("ZorbNet", rule="gazetteer"), _m("ZorbNet"),  # a list knows ZorbNet
        _m("ZorbA Flim", "proposes"), _m("ZorbA Blim", "proposes"), _m("ZorbA"),  # two full names: which?
        _m("ZorbB Flim", "uses"), _m("ZorbB"),  # the full name is not proposed
    ])
    assert [(m.name, m.paper_ref, m.long_form) for m in out if m.long_form] == [("ZorbGaia", "p", "ZorbGaia Search")]


def test_a_run_on_span_or_another_name_in_the_sentence_is_no_full_name() -> None:
    def sentenced(mention: Mention, sentence: str) -> Mention:
        return replace(mention, provenance=replace(mention.provenance, sentence=sentence))
    out = with_full_names([
        _m("ZorbGATs surpass baselines", "proposes"), _m("ZorbGATs"),  # a span run on past the name
        _m("Zya Dataset", "proposes", EntityKind.DATASET),
        sentenced(_m("Zya", kind=EntityKind.DATASET), "We release the Zya Dataset and the Zya Collection."),
        _m("Zerception Collection", "proposes", EntityKind.DATASET),
        sentenced(_m("Zerception", kind=EntityKind.DATASET), "Using the Zerception Collection, we train a model."),
    ])
    assert [(m.name, m.long_form) for m in out if m.long_form] == [("Zerception", "Zerception Collection")]



def test_a_first_word_told_apart_from_the_full_name_is_another_thing(nlp) -> None:  # type: ignore[no-untyped-def]
    """review51: "the MedZorb Summarizer model, built on top of MedZorb": the bare word is the model the proposal is
    built on, in every sentence of the paper (base: each "MedZorb" took "MedZorb Summarizer" as its long form)."""
    mentions = _mentions(nlp, "We introduce the MedZorb Summarizer model, built on top of MedZorb. MedZorb outperforms "
                              "BioBERT on NER, and the MedZorb Summarizer model outperforms BART on summarization.")
    short = [m for m in mentions if m.name == "MedZorb"]
    assert short and not [m for m in short if m.long_form]
    def sentenced(mention: Mention, sentence: str) -> Mention:
        return replace(mention, provenance=replace(mention.provenance, sentence=sentence))
    out = with_full_names([_m("Qarnet Adapter", "proposes"),
                           sentenced(_m("Qarnet"), "Qarnet Adapter matches full fine-tuning of Qarnet."),
                           sentenced(_m("Qarnet"), "Qarnet is an encoder."),
                           _m("ZorbGaia Search", "proposes"),
                           sentenced(_m("ZorbGaia"), "ZorbGaia is hosted online.")])
    assert [(m.name, m.long_form) for m in out if m.long_form] == [("ZorbGaia", "ZorbGaia Search")]

def test_the_short_mentions_are_the_proposals_node() -> None:
    proposed = replace(method_mention("a", "ZorbGaia Search"), relation=Relation.PROPOSES)
    graph = mention_graph(*with_full_names([proposed, method_mention("a", "ZorbGaia"), method_mention("a", "ZorbGaia"),
                                            method_mention("b", "ZorbGaia")]))
    nodes = {node: data for node, data in graph.nodes(data=True) if data["kind"] in ENTITY_KINDS}
    assert nodes["method/zorbgaiasearch"]["alt_labels"] == ["ZorbGaia"]
    relations = {(paper.split("-")[2], node, key) for paper, node, key in graph.edges(keys=True) if node in nodes}
    assert relations == {("a", "method/zorbgaiasearch", "proposes"), ("b", "method/zorbgaia", "uses")}


def test_an_acronym_full_name_lends_its_definition_so_the_graph_makes_one_node() -> None:
    proposed = replace(method_mention("a", "NZL DSI", long_form="Neural Zorbic Logic Dialogue Structure Induction"),
                       relation=Relation.PROPOSES)
    mentions = with_full_names([proposed, method_mention("a", "NZL"), method_mention("a", "NZL")])
    assert {m.long_form for m in mentions} == {"Neural Zorbic Logic Dialogue Structure Induction"}
    graph = mention_graph(*mentions)
    assert len([n for n, kind in graph.nodes(data="kind") if kind in ENTITY_KINDS]) == 1


# 2. an acronym spelled out as a system, a tool or an interface is no dataset

def test_datasets_for_a_system_class_do_not_make_it_a_dataset(nlp) -> None:  # type: ignore[no-untyped-def]
    text = ("Conversational recommender systems (CRS) aim to recommend items to users through dialogue. To develop an "
            "effective CRS, the support of high-quality datasets is essential. Existing CRS datasets mainly focus on "
            "immediate requests from users.")
    assert not [m for m in _mentions(nlp, text) if m.name == "CRS" and m.kind is EntityKind.DATASET]


@pytest.mark.parametrize(("text", "name"), [
    ("Conversational recommender systems (CRS) aim to recommend items to users through dialogue. We test CRS twice.",
     "CRS"),
    ("We describe the Document Zorb Model (DZM). Our model outperforms DZM.", "DZM"),  # the corpus classes CRS a dataset
    ("Finally, we use an auxiliary parser (AP) to filter the generated utterances. The AP guarantees their quality.",
     "AP"),
    ("A natural language interface to databases (NLIDB) lets users query relational data. We compare NLIDB systems.",
     "NLIDB"),  # "databases" ends the long form, "DB" the acronym; "interface" is its head
])
def test_a_system_or_a_tool_is_no_dataset(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert not [m for m in _mentions(nlp, text) if m.name == name and m.kind is EntityKind.DATASET]


@pytest.mark.parametrize(("text", "name"), [
    ("We train on the Corpus of Zorbic English (CZE), a large collection of essays.", "CZE"),
    ("We collect a goal-driven recommendation dialogue dataset (ZoRecDial) of 9,125 dialogue games.", "ZoRecDial"),
    ("We release the Zorbic Treebank (ZTB). Parsers trained on ZTB improve.", "ZTB"),
])
def test_a_dataset_spelled_out_stays_a_dataset(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    kinds = {m.kind for m in _mentions(nlp, text) if m.name == name}
    assert kinds == {EntityKind.DATASET}


#: P19-1334 (train slice), whose HANS is "a controlled evaluation set called HANS (Heuristic Analysis for NLI Systems)".
_HANS = (
    'A machine learning system can score well on a given test set by relying on heuristics that are '
    'effective for frequent example types but break down in more challenging cases. We study this issue '
    'within natural language inference (NLI), the task of determining whether one sentence entails '
    'another. We hypothesize that statistical NLI models may adopt three fallible syntactic heuristics: '
    'the lexical overlap heuristic, the subsequence heuristic, and the constituent heuristic. To '
    'determine whether models have adopted these heuristics, we introduce a controlled evaluation set '
    'called HANS (Heuristic Analysis for NLI Systems), which contains many examples where the heuristics '
    'fail. We find that models trained on MNLI, including BERT, a state-of-the-art model, perform very '
    'poorly on HANS, suggesting that they have indeed adopted these heuristics. We conclude that there is '
    'substantial room for improvement in NLI systems, and that the HANS dataset can motivate and measure '
    'progress in this area.'
)


def test_an_analysis_is_no_tool_so_a_datasets_name_stays_a_dataset(nlp) -> None:  # type: ignore[no-untyped-def]
    # the head of "Heuristic Analysis for NLI Systems" is a process: the bare "HANS" the tagger typed stays a dataset
    assert {m.kind for m in _mentions(nlp, _HANS) if m.name == "HANS" and m.long_form is None} <= {EntityKind.DATASET}
