"""Round h15aj: a phrase of the title that the abstract writes in running text where the authors propose it
(``extractors/entity_propose_title.py``, hooked in ``extractors.mentions.extract_mentions``), in both modes.
Invented titles and abstracts."""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _mentions(nlp, title: str, abstract: str, roles: object = None) -> dict[str, tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Name (lower-cased) → (kind, relation) of the abstract's mentions, with the role rules alone (``roles=None``:
    the learned role decision, fitted on real abstracts, is not what these invented sentences test)."""
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    return {m.name.lower(): (m.kind.value, m.relation.value) for m in extract_mentions([paper], nlp=nlp, roles=roles)
            if m.provenance.sentence != title}


@pytest.mark.parametrize(("title", "abstract", "name", "kind"), [
    ("Zorbic Event Classification with Glimmer-enhanced Quasi-training",
     "Second, we present a glimmer-enhanced quasi-training method that labels new phrases. It works well.",
     "glimmer-enhanced quasi-training", "method"),
    ("A Contextual Zorbic Attention Network with Adaptive Goals for State Tracking",
     ("In this paper, we propose to enhance tracking through employing a contextual zorbic attention network to "
      "not only discern turns but also learn representations."), "contextual zorbic attention network", "method"),
    ("Multi-choice Quorbal Reasoning for Reading Comprehension",
     "We propose a multi-choice quorbal reasoning (Mc-QR^2) model that reasons over candidates. It is fast.",
     "multi-choice quorbal reasoning", "method"),
    ("Hard Zorb Knowledge Distillation - Leverage Calibration for Robust Models",
     "This simple and yet novel view leads to a hard zorb knowledge distillation scheme that switches teachers.",
     "hard zorb knowledge distillation", "method"),
    ("In-sample Zorbic Curriculum Learning by Sequence Completion",
     "Inspired by intuition, we propose to do in-sample zorbic curriculum learning for generation tasks.",
     "in-sample zorbic curriculum learning", "method"),
    ("Zorbmix-Transformer: Dynamic Data Augmentation for NLP Tasks",
     "We incorporate zorbmix into pre-trained architectures, named “zorbmix-transformer”, for many tasks.",
     "zorbmix-transformer", "method"),
    ("Quorby Scene Captioning: Learning from Sparse Cues",
     "A new task termed Quorby Scene Captioning is proposed in this paper. It extends sketch classification.",
     "quorby scene captioning", "task"),
    ("Zorb-They-Won’t-They: A Large Dataset for Stance Detection",
     "We present a new stance detection dataset, called Zorb-They-Won’t-They, which contains many tweets.",
     "zorb-they-won’t-they", "dataset"),
])
def test_title_phrase_the_abstract_proposes(nlp, title: str, abstract: str, name: str,  # type: ignore[no-untyped-def]
                                            kind: str) -> None:
    assert _mentions(nlp, title, abstract).get(name) == (kind, "proposes")


@pytest.mark.parametrize(("title", "abstract", "name"), [
    # a description of the name the sentence gives
    ("Zorbing: A Parameter-efficient Quorb Framework for Dialogue",
     "In this paper, we propose ZORBI, a parameter-efficient quorb framework for dialogue.",
     "parameter-efficient quorb framework"),
    ("Zorbing Text with Graph-guided Quorb Attention Mechanism",
     "In this work, we propose a novel graph-guided quorb attention mechanism, ZorbSAME.",
     "graph-guided quorb attention mechanism"),
    ("Adaptive Zorbling: Unsupervised Quorb Adaptation for Documents",
     "We present adaptive zorbling, an unsupervised quorb adaptation framework for documents.",
     "unsupervised quorb adaptation"),
    # a description the title heads with a kind noun
    ("A Graph-based Zorb Approach for Hashtag Ranking",
     "We propose a graph-based zorb approach where nodes represent tweets.", "graph-based zorb approach"),
    # a task the method is for
    ("Joint Turn-level Zorb Satisfaction Estimation on Dialogues",
     "We propose a novel turn-level zorb satisfaction estimation approach which minimizes a loss.",
     "turn-level zorb satisfaction estimation"),
    # an event, a complement, a phrase that goes on, two plain words
    ("Zorbic Systems for the QuorbMT 2021 Shared Task",
     "We present our systems for the QuorbMT 2021 shared task on translation.", "quorbmt 2021"),
    ("Offensive Zorb Detection on Video Live Zorbing Chat",
     "This paper presents a prototype of a chat room that detects insults in a video live zorbing chat.",
     "video live zorbing chat"),
    ("ZorbSpeech: End-to-End Simultaneous Zorb to Text Translation",
     "We develop ZorbSpeech, an end-to-end simultaneous zorb to text translation system.",
     "end-to-end simultaneous zorb"),
    ("A Zorbing System for Assessing Activities",
     "We developed a zorbing system that simulates interactions.", "zorbing system"),
    ("Zorbic Features Boost Quorb Detection",
     "For the second subtask, we employ models boosted by named entity zorbic features.", "entity zorbic features"),
])
def test_title_phrase_not_proposed(nlp, title: str, abstract: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert name not in _mentions(nlp, title, abstract)


def test_no_title_no_change(nlp) -> None:  # type: ignore[no-untyped-def]
    abstract = "Second, we present a glimmer-enhanced quasi-training method that labels new phrases."
    assert "glimmer-enhanced quasi-training" not in _mentions(nlp, "", abstract)


def test_phrase_the_learned_decision_calls_used_is_dropped(nlp) -> None:  # type: ignore[no-untyped-def]
    """A title's phrase is a name only where it is proposed: where the learned role decision says "uses", the
    mention goes (it is kept, proposed, by the rules alone)."""
    title = "A Contextual Zorbic Attention Network with Adaptive Goals for State Tracking"
    abstract = ("We propose to improve tracking through employing a contextual zorbic attention network to not only "
                "read turns but also learn.")
    assert _mentions(nlp, title, abstract)["contextual zorbic attention network"] == ("method", "proposes")
    assert "contextual zorbic attention network" not in _mentions(nlp, title, abstract, roles="shipped")


_UNIZORB = ("We propose UniZorb, a novel unified architecture for dialogues, which is designed to jointly train (i) a "
            "Bi-level Zorb Tracker which tracks dialogue states, and (ii) a Joint Zorb Act and Reply Generator which "
            "writes replies.")


@pytest.mark.parametrize("name", ["bi-level zorb tracker", "joint zorb act and reply generator"])
def test_item_after_roman_numeral_and_article_is_proposed(nlp, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _mentions(nlp, "", _UNIZORB).get(name) == ("method", "proposes")


@pytest.mark.parametrize(("abstract", "name"), [
    ("We evaluate (i) a Bi-level Zorb Tracker which tracks dialogue states, and (ii) a baseline.",
     "bi-level zorb tracker"),  # no proposal of the authors before the list
    (("In this paper, we present a scalable solution which we solve using ZXT, that consists of three key "
      "components: (i) ZAG (Zorbic Adaptation Gate), (ii) Zorbception network, and (iii) a decoder."), "zag"),  # no article: only an Arabic numeral proposes
])
def test_item_not_proposed(nlp, abstract: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _mentions(nlp, "", abstract).get(name, ("", "uses"))[1] == "uses"
