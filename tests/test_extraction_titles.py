"""A title "NAME: ..." and the abstract agree: the abstract's mentions of NAME are proposed, the title's mention
takes the kind the abstract gave NAME; the benchmark reads titles as ``kg build`` does but scores the abstract."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_modules import load_script

from extractors.mentions import agree_with_titles, extract_mentions
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation

ROOT = Path(__file__).resolve().parents[1]
TUNE = ROOT / "benchmarks" / "data" / "tuneset" / "devset.jsonl"


def _paper(title: str, abstract: str) -> Paper:
    return Paper(ref="p", title=title, abstract=abstract, provenance=Provenance("x.txt"))


def _facts(mentions: list[Mention]) -> list[tuple[str, str, str]]:
    return [(m.name, m.kind.value, m.relation.value) for m in mentions]


def test_an_abstract_mention_of_the_titles_name_is_proposed():
    paper = _paper("KlaxNet: Fast Parsing of Zorbian", "Experiments show that KlaxNet outperforms BERT on ZorbBench.")
    facts = _facts(extract_mentions([paper]))
    assert ("KlaxNet", "method", "proposes") in facts
    assert ("KlaxNet", "method", "uses") not in facts
    assert ("BERT", "model", "uses") in facts  # names other than the title's keep their role
    rules = {m.provenance.extractor for m in extract_mentions([paper]) if m.name == "KlaxNet"}
    assert "kg_entities:title_name+default" in rules


def test_the_title_mention_takes_the_kind_the_abstract_gave_the_name():
    paper = _paper("ZorbSet: Bias Evaluation and Mitigation",
                   "We introduce a new Chinese dataset, ZorbSet, for bias evaluation. We evaluate BERT on ZorbSet.")
    mentions = extract_mentions([paper])
    assert {(m.kind.value, m.relation.value) for m in mentions if m.name == "ZorbSet"} == {("dataset", "proposes")}


def test_a_typed_subtitle_keeps_the_titles_kind():
    title = Mention("p", "ZorbBench", EntityKind.DATASET, Relation.PROPOSES,
                    Provenance("x", extractor="kg_entities:title_name+title_noun"))
    abstract = Mention("p", "ZorbBench", EntityKind.METHOD, Relation.USES,
                       Provenance("x", extractor="kg_entities:use+default"))
    out = agree_with_titles([title], [abstract])
    assert _facts(out) == [("ZorbBench", "dataset", "proposes"), ("ZorbBench", "method", "proposes")]


def test_another_papers_title_changes_nothing():
    title = Mention("q", "ZorbNet", EntityKind.METHOD, Relation.PROPOSES,
                    Provenance("x", extractor="kg_entities:title_name+default"))
    abstract = Mention("p", "ZorbNet", EntityKind.METHOD, Relation.USES,
                       Provenance("x", extractor="kg_entities:use+default"))
    assert _facts(agree_with_titles([title], [abstract]))[1] == ("ZorbNet", "method", "uses")


@pytest.mark.skipif(not TUNE.is_file(), reason="needs the tuning set")
def test_real_titles_of_the_tuning_set_type_their_name_as_the_abstract_does():
    rows = {r["id"]: r for r in map(json.loads, TUNE.read_text("utf-8").splitlines())}
    for paper_id in ("2023.emnlp-main.134", "2024.determit-1.14"):  # MAGNIFICo, LARGEMED: datasets
        row = rows[paper_id]
        paper = Paper(ref=paper_id, title=row["title"], abstract=row["text"], provenance=Provenance("tuneset"))
        mentions = extract_mentions([paper])
        title = next(m for m in mentions if m.provenance.extractor.startswith("kg_entities:title_name"))
        assert (title.kind, title.relation) == (EntityKind.DATASET, Relation.PROPOSES), paper_id


@pytest.fixture(scope="module")
def bench():
    return load_script("benchmarks/extraction.py", "kg_extraction_bench_titles")


def test_the_benchmark_scores_a_title_mention_only_when_the_abstract_writes_the_name(bench):
    def title_mention(name: str) -> Mention:
        return Mention("p", name, EntityKind.METHOD, Relation.PROPOSES,
                       Provenance("x", extractor="kg_entities:title_name+default"))

    assert bench.scored_mention(title_mention("ZorbNet"), "We show that ZorbNet (ours) is fast.")
    assert not bench.scored_mention(title_mention("ZorbNet"), "We show that our parser is fast.")
    assert not bench.scored_mention(title_mention("ZorbNet"), "We extend ZorbNet-2.")
    abstract_mention = Mention("p", "BERT", EntityKind.MODEL, Relation.USES,
                               Provenance("x", extractor="kg_entities:use+model_family"))
    assert bench.scored_mention(abstract_mention, "anything")


def test_a_shared_task_titles_teams_are_proposed_methods():
    paper = _paper("UMUTeam and SINAI at SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis",
                   "This work presents the participation of the UMUTeam and the SINAI research groups in the task.")
    facts = _facts(extract_mentions([paper]))
    assert ("UMUTeam", "method", "proposes") in facts and ("SINAI", "method", "proposes") in facts
    assert not [f for f in facts if f[2] == "uses"]


def test_a_team_named_by_the_title_is_a_method_in_the_abstract_whatever_its_long_form():
    title = Mention("p", "SChME", EntityKind.METHOD, Relation.PROPOSES,
                    Provenance("x", extractor="kg_entities:title_name+team"))
    abstract = Mention("p", "SChME", EntityKind.TASK, Relation.PROPOSES,
                       Provenance("x", extractor="kg_entities:apposition+long_form"))
    assert _facts(agree_with_titles([title], [abstract]))[1] == ("SChME", "method", "proposes")


@pytest.mark.parametrize("title", ["Machine Translation at the EPO: Concept, Status and Future Plans",
                                   "Learning at Scale: Notes on Training", "SMT of German patents at WIPO 2: X"])
def test_titles_that_only_look_like_shared_task_papers_name_no_team(title):
    assert not [m for m in extract_mentions([_paper(title, "We study things.")])
                if m.provenance.extractor == "kg_entities:title_name+team"]


@pytest.mark.parametrize("title", [
    "BERT at SemEval-2020 Task 8: Using BERT to Analyse Meme Emotions",
    "DeBERTa at SemEval-2024 Task 9: Using DeBERTa for Defying Common Sense",
    "Sentiment Analysis at SemEval-2016 Task 5: An Overview",
    "Question Answering at TREC-8: Lessons from the Track",
    "Transformers at SemEval-2022 Task 5: A Feature Extraction based Approach",
    "Multilingual Machine Translation Systems at WAT 2021: One-to-Many and Many-to-One",
])
def test_a_model_task_or_kind_of_system_before_at_is_no_team(title):
    """Real Anthology titles (review5a): the name before "at" is what the paper used or worked on, not its team."""
    assert not [m for m in extract_mentions([_paper(title, "We study things.")])
                if m.provenance.extractor == "kg_entities:title_name+team"]


def test_a_model_named_by_a_shared_task_title_stays_a_used_model_in_the_abstract():
    paper = _paper("BERT at SemEval-2020 Task 8: Using BERT to Analyse Meme Emotions",
                   "We fine-tune BERT on the memes and compare it with a logistic regression baseline.")
    facts = _facts(extract_mentions([paper]))
    assert ("BERT", "model", "uses") in facts and not [f for f in facts if f[0] == "BERT" and f != ("BERT", "model", "uses")]


def test_a_task_named_by_a_shared_task_overview_stays_a_task():
    paper = _paper("Sentiment Analysis at SemEval-2016 Task 5: An Overview",
                   "This paper describes the aspect-based sentiment analysis task and the sentiment analysis systems.")
    kinds = {(name.lower(), kind) for name, kind, _ in _facts(extract_mentions([paper]))}
    assert ("sentiment analysis", "method") not in kinds


def test_a_teams_own_system_named_after_a_model_is_still_its_team():
    paper = _paper("SST-BERT at SemEval-2020 Task 1: Semantic Shift Tracing by Clustering", "We present SST-BERT.")
    assert ("SST-BERT", "method", "proposes") in _facts(extract_mentions([paper]))


def test_the_benchmark_scores_the_abstracts_mentions_that_the_titles_name_made_proposed(bench):
    """Review5a's repro: the abstract's own "ZorbNet-based" mentions are proposed through the title, and scored."""
    title = "ZorbNet: Graph Networks for Parsing"
    abstract = "We propose ZorbNet-based parsing, and ZorbNet-style graphs help."
    paper = Paper(ref="p", title=title, abstract=abstract, provenance=Provenance("x.txt"))
    mentions = [m for m in extract_mentions([paper]) if m.name == "ZorbNet"]
    from_abstract = [m for m in mentions if m.provenance.sentence != title]
    assert from_abstract and all(m.provenance.extractor.startswith("kg_entities:title_name") for m in from_abstract)
    assert all(bench.scored_mention(m, abstract, title) for m in from_abstract)
    assert not [m for m in mentions if m.provenance.sentence == title and bench.scored_mention(m, abstract, title)]
