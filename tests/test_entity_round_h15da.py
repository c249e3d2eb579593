"""Round h15da: a task the abstract writes with setting words before it that the title writes too takes the words
(``extractors/entity_title_widen.py``, hooked in ``extractors.mentions.extract_mentions``), in both modes.

The behaviour cases are sentences and titles of the round's 80 fresh abstracts (``benchmarks/data/tasks_h15da``) and
two invented; each failed before the round. The guards passed before and after it: a title that does not write the
words, a gerund or generic word the two share ("improving", "robust"), a shared run with a word that cannot open a
task's name ("general domain ASR"), a method's noun after the task ("... model"), a word of quality ("coherent"),
no title.
"""
from __future__ import annotations

import pytest

from extractors.entities import build_pipeline
from extractors.mentions import extract_mentions
from ontology.kinds import EntityKind
from ontology.records import Paper, Provenance


@pytest.fixture(scope="module", params=["combined", "rules"])
def nlp(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return build_pipeline(request.param)


def _tasks(nlp, title: str | None, abstract: str) -> set[str]:  # type: ignore[no-untyped-def]
    """The abstract's task names (the title's own mentions left out)."""
    paper = Paper(ref="p", provenance=Provenance("x"), title=title, abstract=abstract)
    return {m.name for m in extract_mentions([paper], nlp=nlp, roles=None)
            if m.kind == EntityKind.TASK and m.provenance.sentence != title}


@pytest.mark.parametrize(("title", "abstract", "task", "head"), [
    ("RepoCoder: Repository-Level Code Completion Through Iterative Retrieval and Generation",
     ("The task of repository-level code completion is to continue writing the unfinished code based on a broader "
      "context of the repository."), "repository-level code completion", "code completion"),
    ("Uncertainty Guided Label Denoising for Document-level Distant Relation Extraction",
     ("Therefore, how to select effective pseudo labels to denoise DS data is still a challenge in document-level "
      "distant relation extraction."), "document-level distant relation extraction", "relation extraction"),
    ("Seen to Unseen: Exploring Compositional Generalization of Multi-Attribute Controllable Dialogue Generation",
     ("Existing controllable dialogue generation work focuses on the single-attribute control and lacks "
      "generalization capability to out-of-distribution multiple attribute combinations."),
     "controllable dialogue generation", "dialogue generation"),
    ("A Hybrid Approach to Aspect Based Sentiment Analysis Using Transfer Learning",
     "We propose a hybrid approach for Aspect Based Sentiment Analysis using transfer learning.",
     "Aspect Based Sentiment Analysis", "Sentiment Analysis"),
    ("Zorbic Transfer for Quorbal Hope Speech Detection", "We study quorbal hope speech detection in three languages.",
     "quorbal hope speech detection", "speech detection"),
    ("Zorb: Document-level Zorbic Event Extraction", "The task of document-level zorbic event extraction is hard.",
     "document-level zorbic event extraction", "event extraction"),
])
def test_a_task_takes_the_setting_words_the_title_writes_before_it(nlp, title, abstract, task, head):
    found = _tasks(nlp, title, abstract)
    assert task in found
    assert head not in found


@pytest.mark.parametrize(("title", "abstract", "task"), [
    ("RepoZorb: Code Completion Through Iterative Retrieval",
     "The task of repository-level code completion is to continue writing the unfinished code.", "code completion"),
    (None, "The task of repository-level code completion is to continue writing the unfinished code.",
     "code completion"),
    ("Improving Machine Translation with Zorb Lattices", "We study improving machine translation with lattices.",
     "machine translation"),
    ("Identifying Spurious Correlations for Robust Text Classification",
     "Feature selection leads to robust text classification on four datasets.", "text classification"),
    ("ZorbSpeech: A Dataset for Clinical and General Domain ASR",
     "The recent performance of general domain ASR is approaching human accuracy.", "ASR"),
    ("Zorb: End-to-End Semantic Role Labeling with Quorbs",
     "We propose a novel end-to-end semantic role labeling model with quorbs.", "semantic role labeling"),
    ("Zorb: Coherent Story Generation with Quorbs", "We use quorbs to guide coherent story generation.",
     "story generation"),
    # review86: a verb after "to", a coordination the title shares, a language (train slice, tune5)
    ("LagunTest: A NLP Based Application to Enhance Reading Comprehension",
     ("However, language technologies can facilitate the laborious adaptation of materials in order to enhance "
      "reading comprehension."), "reading comprehension"),
    ("Algorithm Alliance@LT-EDI-2024: Caste and Migration Hate Speech Detection",
     ("To detect this hate in the speech, our task on Caste and Migration Hate Speech Detection has been created "
      "which classifies human speech into genuine or stimulate categories."), "Hate Speech Detection"),
    ("Multitask Learning for Grapheme-to-Phoneme Conversion of Anglicisms in German Speech Recognition",
     "Anglicisms are a challenge in German speech recognition.", "speech recognition"),
    ("Input Normalization for an English-to-Chinese SMS Translation System",
     ("Experiment results show that with normalization before translation, the rejection rate of our "
      "English-to-Chinese SMS translation for broadcasting purpose is reduced by 15.5%."), "SMS translation"),
    # review86: the "shared" of a shared task, a method's noun ("scheme") after the task (train slice)
    ("PROMT Systems for WMT 2020 Shared News Translation Task",
     "This paper describes the PROMT submissions for the WMT 2020 Shared News Translation Task.", "News Translation"),
    ("Neural-Driven Search-Based Paraphrase Generation",
     ("We study a search-based paraphrase generation scheme where candidate paraphrases are generated by iterated "
      "transformations from the original sentence."), "paraphrase generation"),
])
def test_a_task_keeps_its_bounds_where_the_title_gives_no_whole_setting(nlp, title, abstract, task):
    assert task in _tasks(nlp, title, abstract)

