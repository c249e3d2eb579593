"""Round h15ac: the nouns of appositions before a name, metrics named once by rule; on invented sentences.

* "a popular dataset for word math problems, ZorbQA,", "the first spoken medical drug prescriptions corpus, named
  ZorbNLU.", "a reference-free metric, denominated ZorbQE.", "a performance measure, the Zorb Weighted Value (ZWV),
  which": the noun of a noun phrase before the name types it when the name closes the apposition, across a
  prepositional phrase, a long row of modifiers or "the" (``entity_types.noun_before``), and a metric noun types a
  metric; so does a singular dataset noun right before a quoted name ("the open-source dataset ‘ZOCO’,"), and a
  plural one after an acronym modifier opens a list ("four widely-used MDS datasets – Zorbnews, ...",
  ``entity_data_lists``);
* "two health-focused WhatsApp groups", "message platforms such as WhatsApp or Telegram": an online platform is no
  method or model (``platforms.txt``, ``entity_policy``); typed as a dataset it stays one ("a Reddit corpus");
* "We (Team Zorbie) propose ...", "our submission (team ID: zorb_wat)": the authors' team named in an aside is a
  proposed method (``extractors/entity_teams.py``), not another team ("other teams (team Zorb)");
* "open relation extraction (OpenRE) methods", "other CRE baselines": a name the abstract spells out as a task,
  before a plural method head, is what the methods are for, not a method (``entity_kind_votes.one_kind_per_name``);
* "Zorbnews is a novel dataset of ...": a name opening the sentence that "is a new / novel / the first" thing is
  proposed (``entity_roles.novel_apposition``), not a known one ("Natural Questions is a new ... benchmark") nor
  one "is a simple, effective model";
* "outperforms Llama Guard", "the Simultaneous Translation Evaluation Campaign": a capitalised word the rules left
  over beside a name they took is no name because the tagger's longer span covers it (``entity_tagged.merge_tagged``;
  the tagger's, so the shipped pipeline only);
* "the Contrastive Zorbing paradigm", "we propose a Focus Zorbing method": a lower-case word after a tagged method
  name of two or more title-case words is no part of it (``entity_tagged.tagger_spans``; the shipped pipeline only);
* "adding few-shot examples consistently improves translation quality": a learned task phrase that opens with a
  verb's third person is no task (``entity_tasks.task_phrases``);
* "a new coefficient, Zorb's Distance Coefficient (ZDC) ... ZDC also indicated": a name a rule typed as a metric
  and as nothing else is a metric where the abstract writes it bare (``entity_kind_votes.one_kind_per_name``).

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


# ----------------------------------------------------------------------------- kind nouns before the name


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("For that, we fine-tune BERT on a popular dataset for word math problems, ZorbQA-RAT, and test it.",
     "ZorbQA-RAT", "dataset"),
    ("To help, we present, to our knowledge, the first spoken medical drug prescriptions corpus, named ZxNLU.",
     "ZxNLU", "dataset"),
    ("We compare it with an existing Japanese read speech corpus, ZNAS, which consists of adult speech.", "ZNAS",
     "dataset"),
    ("Our submission also includes a reference-free metric, denominated ZorbTESe-QE.", "ZorbTESe-QE", "metric"),
    ("In this work, we develop a new similarity measure, dubbed ContraZorb, based on contrastive learning.",
     "ContraZorb", "metric"),
    ("We study such a performance measure, the Average Zorb Weighted Value (AZWV), which combines miss rates.",
     "AZWV", "metric"),
])
def test_the_noun_of_a_phrase_apposed_before_a_name_types_it(both, text, name, kind):
    assert {k for n, k, _ in entities(both, text) if n == name} == {kind}


@pytest.mark.parametrize("text", [
    "To evaluate on a dataset of tweets, ZorbNet achieves the best results.",
    "On the first large spoken medical corpus, ZorbNet achieves the best results.",
])
def test_a_name_that_opens_a_clause_after_a_phrase_is_not_apposed(both, text):
    assert ("ZorbNet", "dataset") not in {(n, k) for n, k, _ in entities(both, text)}


# ----------------------------------------------------------------------------- platforms are no methods


@pytest.mark.parametrize("text", [
    "We analyse two health-focused WhatsApp groups in Kenya comprising of youth.",
    "More and more users are using message platforms such as WhatsApp or Telegram.",
    "We collect data from social networking services such as TikTok, Instagram, and YouTube.",
])
def test_an_online_platform_is_no_method(both, text):
    assert not [(n, k) for n, k, _ in entities(both, text) if k in {"method", "model"}]


def test_a_platform_a_dataset_noun_types_stays_a_dataset(both):
    found = entities(both, "We build a large-scale Weibo dataset and a Reddit corpus.")
    assert {(n, k) for n, k, _ in found} == {("Weibo", "dataset"), ("Reddit", "dataset")}


def test_a_team_named_after_a_platform_is_the_authors_method(both):
    found = entities(both, "This paper introduces WeChat's participation in the WMT 2022 shared task.")
    assert ("WeChat", "method", "proposes") in found


# ----------------------------------------------------------------------------- the authors' team in an aside


@pytest.mark.parametrize(("text", "name"), [
    ("We (Team Zorbie) propose a simple method to detect lexical semantic change.", "Zorbie"),
    ("This paper describes our (Team name: Zpyder) participation in the Shared Task.", "Zpyder"),
    ("We participated in the WAT 2021 shared translation tasks (team ID: zorbura).", "zorbura"),
    ("On the final leaderboard, our method (team name: qizhizorb) ranks first.", "qizhizorb"),
])
def test_the_authors_team_named_in_an_aside_is_a_proposed_method(both, text, name):
    found = entities(both, text)
    assert (name, "method", "proposes") in found
    assert not any(n == "Team" for n, _, _ in found)


@pytest.mark.parametrize("text", [
    "The results of other teams (team Zorbie) were low.",
    "Our results beat those of the organisers (team name: LU Zorb).",
])
def test_no_team_of_the_authors_no_team_name(both, text):
    assert not [n for n, _, r in entities(both, text) if r == "proposes"]


# ----------------------------------------------------------------------------- methods for a task


@pytest.mark.parametrize(("text", "name"), [
    ("Current clustering-based open zorb extraction (OpenZE) methods usually apply clustering.", "OpenZE"),
    ("Continual Zorb Extraction (CZE) aims to learn relations. Our model outperforms other CZE baselines.", "CZE"),
])
def test_a_task_before_a_plural_method_head_stays_a_task(both, text, name):
    kinds = {k for n, k, _ in entities(both, text) if n == name}
    assert kinds == {"task"}


def test_a_task_acronym_pair_before_a_framework_still_names_a_method(both):
    text = "We propose the Fuzzy Span Universal Zorb Extraction (FSUZE) framework for extraction."
    assert ("FSUZE", "method") in {(n, k) for n, k, _ in entities(both, text)}


# ----------------------------------------------------------------------------- quoted names, acronym modifiers


@pytest.mark.parametrize(("text", "name"), [
    ("In this research, we have taken the open-source dataset ‘ZOCO’, which contains two programming languages.",
     "ZOCO"),
    ("We benchmark FIBER over four widely-used MDS datasets – Zorbnews, CQASumm, DUC and Opinosis, and show gains.",
     "Zorbnews"),
    ("We have collected an ad-hoc dataset, ZeCo-600, containing 600 multi-domain queries.", "ZeCo-600"),
])
def test_a_dataset_noun_before_a_quoted_or_listed_name_types_it(both, text, name):
    assert (name, "dataset") in {(n, k) for n, k, _ in entities(both, text)}


# ----------------------------------------------------------------------------- "X is a novel dataset"


@pytest.mark.parametrize(("text", "name"), [
    ("Zorb Briefings is a novel dataset featuring 4.7 million news headlines from 2020.", "Zorb Briefings"),
    ("Munazorb is a novel specialized speech Arabic corpus consisting of diverse debating topics.", "Munazorb"),
    ("The Zotter Corpus is a new annotated corpus of social polling questions and answers.", "Zotter Corpus"),
])
def test_a_name_that_is_a_new_thing_is_proposed(both, text, name):
    assert (name, "proposes") in {(n, r) for n, _, r in entities(both, text)}


@pytest.mark.parametrize(("text", "name"), [
    ("Zorb-Gram is a simple, but effective, model to learn a word embedding mapping.", "Zorb-Gram"),
    ("Natural Questions is a new challenging machine reading comprehension benchmark. We use it.",
     "Natural Questions"),
])
def test_a_described_or_known_name_is_not_proposed(both, text, name):
    assert (name, "proposes") not in {(n, r) for n, _, r in entities(both, text)}


# ----------------------------------------------------------------------------- words left over from a tagged name


@pytest.mark.parametrize(("text", "word"), [
    ("We show that GradSafe, applied to Llama-2 without training, outperforms Llama Guard in detecting jailbreaks.",
     "Guard"),
    ("This paper describes the FBK’s participation in the Simultaneous Translation Evaluation Campaign at IWSLT.",
     "Campaign"),
    ("This new resource is called Named Entity WordNet.", "Named"),
])
def test_a_capitalised_word_left_over_beside_a_rule_name_is_no_name(combined, text, word):
    assert word not in {n for n, _, _ in entities(combined, text)}


def test_a_one_word_name_the_tagger_finds_alone_stays(combined):
    text = "We trained a deep LSTM network that outperforms the state of the art on the Switchboard corpus by 3.11%."
    assert "Switchboard" in {n for n, _, _ in entities(combined, text)}


# ----------------------------------------------------------------------------- lower-case words after a tagged name


@pytest.mark.parametrize(("text", "name"), [
    ("Further, we propose a Focus Sampling method to enable generation of diverse summaries.", "Focus Sampling"),
    ("We propose a novel Graph Neural News Recommendation model with unsupervised preference.",
     "Graph Neural News Recommendation"),
    ("Results show that GRU networks, with Latent Topic Clustering modules, are the most accurate.",
     "Latent Topic Clustering"),
])
def test_a_lower_case_word_after_a_tagged_title_case_name_is_cut(combined, text, name):
    found = {n for n, _, _ in entities(combined, text)}
    assert name in found and not any(n.startswith(name + " ") for n in found)


# ----------------------------------------------------------------------------- learned task phrases opening with a verb


@pytest.mark.parametrize("text", [
    "We find that adding few-shot examples consistently improves translation quality for zorbish.",
    "Overall this improves translation accuracy for low-resource languages.",
    "Our method not only gains diversity but also improves generation quality.",
])
def test_a_verb_and_its_object_are_no_task(both, text):
    assert not any(n.startswith("improves") for n, _, _ in entities(both, text))
