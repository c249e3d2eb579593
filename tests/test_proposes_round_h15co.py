"""The shared task an overview paper presents is the paper's own (round h15co, issue 15).

Of the read sets' 17 required proposals found only as used at PIPELINE_VERSION 92, five are shared tasks their
organisers' paper presents; the pipeline typed them a used task or method. Now an entity named as the shared task
in "This paper outlines the X shared task", "The paper describes the SemEval-2022 Task 5: TITLE (ACR)", "We present
the X shared task", "the shared task X was organized" is proposed
(:func:`extractors.entity_organised_tasks.organised_shared_task`, applied after the learned decision), not in a
participant's abstract ("our system", "our submission", "we ranked"), not the series before a year, not an edition.
The first three cases are the read sets' sentences (tune3, tune12, tune13); the rest are made up.

Also: "we introduce the new task of X", "we propose the novel task of X (ACR)", "we propose the post-processing task
of X (ACR)" — "new" / "novel" and one hyphenated modifier between the article and "task of" no longer hide the
authors' verb from :func:`extractors.entity_roles.task_introduced` (it read "the task of X" only).
"""
from __future__ import annotations

import pytest

from extractors.entity_organised_tasks import organised_shared_task
from extractors.mentions import extract_mentions
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation


def _roles(title: str | None, abstract: str) -> dict[str, set[str]]:
    """Each name's roles, as ``kg build`` decides them (rules, then the learned decision and its guards)."""
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    roles: dict[str, set[str]] = {}
    for m in extract_mentions([paper]):
        roles.setdefault(m.name, set()).add(m.relation.value)
    return roles


@pytest.mark.parametrize(("title", "abstract", "name"), [
    ("Multimodal Hate Speech Event Detection - Shared Task 4, CASE 2023",
     ("Ensuring the moderation of hate speech and its targets emerges as a critical imperative within contemporary "
     "digital discourse. To facilitate this imperative, the shared task Multimodal Hate Speech Event Detection was "
     "organized in the sixth CASE workshop co-located at RANLP 2023. The shared task has two subtasks. This paper "
     "provides a comprehensive overview of the performance of 13 teams that submitted the results in Subtask A."),
     "Multimodal Hate Speech Event Detection"),
    ("SemEval-2022 Task 5: Multimedia Automatic Misogyny Identification",
     ("The paper describes the SemEval-2022 Task 5: Multimedia Automatic Misogyny Identification (MAMI),which "
     "explores the detection of misogynous memes on the web by taking advantage of available texts and images. "
     "MAMI has been one of the most popular tasks at SemEval-2022 with more than 400 participants."),
     "Multimedia Automatic Misogyny Identification"),
    ("KSAA-RD Shared Task: Arabic Reverse Dictionary",
     ("This paper outlines the KSAA-RD shared task, which aims to develop a Reverse Dictionary (RD) system for the "
     "Arabic language. This shared task, KSAA-RD, includes two subtasks: Arabic RD and cross-lingual reverse "
     "dictionaries (CLRD). In this paper, we describe the methods employed by the participating teams and offer an "
     "outlook for KSAA-RD."),
     "KSAA-RD"),
    ("The Zorbish Sense Matching Shared Task",
     "We present the Zorbish Sense Matching shared task held within ZorbEval-2031. Eleven teams took part.",
     "Zorbish Sense Matching"),
], ids=["tune3-organized", "tune12-task-title", "tune13-outlines", "we-present"])
def test_the_shared_task_an_overview_presents_is_proposed(title, abstract, name):
    assert _roles(title, abstract)[name] == {"proposes"}


@pytest.mark.parametrize(("abstract", "name"), [
    # a participant's paper: the shared task is used
    ("This paper describes our system for the Zorbish Sense Matching shared task. Our system ranked third.",
     "Zorbish Sense Matching"),
    (("This paper presents the Zorbish Sense Matching shared task submission of team Zorb. We participated in both "
     "tracks with a BERT model."), "Zorbish Sense Matching"),
    ("This paper presents the Zorbish Sense Matching shared task submission of team Zorb, a BERT model.",
     "Zorbish Sense Matching"),  # the entry named right after the task, nothing else says "our"
    # not the verb's own object: the shared task is where the system ran
    ("We describe a tagger trained for the Zorbish Sense Matching shared task.", "Zorbish Sense Matching"),
    # the entry after the task's short name or title: the match must not back off them to pass (review74)
    ("This paper presents the Zorbish Sense Matching shared task (ZSM) submission of team Zorb, a BERT model.",
     "Zorbish Sense Matching"),
    ("This paper presents the ZorbEval 2031 Task 9: Zorbish Meme Detection (ZMD) system of team Zorb, a BERT model.",
     "Zorbish Meme Detection"),
    # the frame is an overview's, but the abstract speaks of its own entry (review74: no case tested this guard)
    ("This paper presents the Zorbish Sense Matching shared task. Our system, a BERT model, ranked third.",
     "Zorbish Sense Matching"),
], ids=["our-system", "submission", "submission-alone", "for-the-task", "submission-after-short-name",
        "system-after-title", "our-system-later"])
def test_a_participants_shared_task_stays_used(abstract, name):
    assert _roles(None, abstract).get(name, {"uses"}) == {"uses"}


def _mention(name: str, sentence: str, rule: str = "use+default") -> Mention:
    return Mention("p", name, EntityKind.TASK, Relation.USES,
                   Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))


@pytest.mark.parametrize(("name", "rule", "proposed"), [
    ("Zorbish Meme Detection", "use+default", True),   # the title after "Task N:"
    ("ZMD", "use+corpus", True),                         # its short name in parentheses
    ("ZorbEval", "use+default", False),                  # the series before its year
    ("ZorbEval 2031", "use+default", False),             # the edition
    ("ZorbEval-2031", "use+edition", False),             # typed an edition
    ("memes", "use+default", False),                     # outside the task's name
])
def test_which_names_in_the_frame_are_the_task(name, rule, proposed):
    abstract = ("We describe the ZorbEval 2031 Task 9: Zorbish Meme Detection (ZMD), which explores memes. The "
                "ZorbEval-2031 event drew 40 teams.")
    assert organised_shared_task([_mention(name, abstract, rule)], abstract) is proposed


@pytest.mark.parametrize("rule", ["model_family", "known_method", "metric_name"])
def test_a_name_typed_a_model_method_or_metric_is_no_task(rule):
    """In the stretch, but typed a known model, method or metric: not the shared task (review74: untested guard)."""
    abstract = "We describe the ZorbNet Probing shared task."
    assert not organised_shared_task([_mention("ZorbNet", abstract, "use+" + rule)], abstract)
    assert organised_shared_task([_mention("ZorbNet Probing", abstract)], abstract)


def test_a_lower_case_description_after_shared_task_colon_is_no_title():
    abstract = "We describe the ZorbEval 2031 shared task: efficient tagging on the ZorbGLUE benchmark."
    assert not organised_shared_task([_mention("ZorbGLUE", abstract, "use+gazetteer")], abstract)
    assert not organised_shared_task([_mention("efficient tagging", abstract)], abstract)


@pytest.mark.parametrize("abstract", [
    "We introduce the new task of zorbic scenario detection, which is hard.",
    "We propose the novel task of Zorbic Scenario Detection (ZSD).",
    ("In this paper, we propose the post-processing task of Zorbic Scenario Detection (ZSD) which aims to remove "
    "corrections."),
], ids=["new", "novel-acronym", "hyphenated-modifier"])
def test_a_task_introduced_with_new_or_a_compound_modifier_is_proposed(abstract):
    roles = _roles(None, abstract)
    assert roles[next(n for n in roles if n in {"zorbic scenario detection", "ZSD"})] == {"proposes"}


@pytest.mark.parametrize("abstract", [
    "We propose the auxiliary task of zorbic scenario detection to help the model.",  # a plain modifier
    "This paper describes our system for the new task of zorbic scenario detection.",  # the verb takes the system
    "We propose new task of zorbic scenario detection.",  # a modifier skipped needs an article before it
], ids=["plain-modifier", "our-system", "no-article"])
def test_a_task_frame_the_authors_do_not_introduce_stays_used(abstract):
    assert _roles(None, abstract).get("zorbic scenario detection", {"uses"}) == {"uses"}


@pytest.mark.parametrize("modifier", ["well-known", "long-standing", "so-called"])
def test_a_task_frame_that_says_the_task_is_known_stays_used(modifier):
    """A hyphenated modifier is walked over ("the post-processing task of X"), not one that says the task is an old
    one (review74): "we present the well-known task of X" presents no new task."""
    roles = _roles(None, f"We present the {modifier} task of Zorbic Scenario Detection (ZSD), which is hard.")
    assert roles["ZSD"] == {"uses"}
