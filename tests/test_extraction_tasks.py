"""Tasks, metrics, name hygiene and the trained tagger's place in ``kg_entities``.

Names are invented (ZorbNet, ZorbQA) or standard task and metric names; the
dev-set tests read ``benchmarks/data/devset`` and, where they need the
Anthology, skip cleanly without ``../shared``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Span

from extractors.entities import MODES, blank_pipeline, build_pipeline, iter_entities, merge_tagged, tagger_spans
from extractors.entity_candidates import Candidate
from extractors.entity_model import EntityModelMissingError, add_entity_tagger, has_weights, weights_hash
from extractors.entity_names import name_shape, not_a_name
from extractors.entity_task_metric_names import is_metric_name
from extractors.entity_tasks import is_task_acronym, task_long_form
from extractors.gazetteer_build import is_dev_volume, split_of
from ontology.ids import entity_key
from ontology.kinds import EntityKind

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEVSET = ROOT / "benchmarks" / "data" / "devset"


def found(nlp, text):
    """Name → (kind, relation, long form) of every entity."""
    return {e.span.text: (e.span.label_, e.relation, e.long_form.text if e.long_form is not None else None)
            for e in iter_entities(nlp(text))}


# ----------------------------------------------------------------------------- tasks and metrics by rule


def test_task_acronyms_are_tasks_never_methods(rules):
    got = found(rules, "We tackle multimodal NER (MNER) and KGQA with ZorbNet.")
    assert got["MNER"] == ("task", "uses", "multimodal NER")
    assert got["KGQA"][0] == "task" and got["ZorbNet"][0] == "method"


def test_an_acronym_whose_long_form_ends_in_a_task_word_is_a_task(rules):
    got = found(rules, "Zorbic Span Identification (ZSI) is hard; we use Zorbic Span Tagger (ZST).")
    assert got["ZSI"] == ("task", "uses", "Zorbic Span Identification")
    assert got["ZST"][0] == "method"


def test_metrics_by_name_with_variants_and_modifiers(rules):
    got = found(rules, "ZorbNet improves macro F1, ROUGE-L, nDCG@10 and accuracy, with a map of results.")
    assert {name: kind for name, (kind, _, _) in got.items() if kind == "metric"} == {
        "macro F1": "metric", "ROUGE-L": "metric", "nDCG@10": "metric", "accuracy": "metric"}


@pytest.mark.parametrize("text,expected", [("NER", True), ("ner", False), ("QAs", False), ("LLM", False)])
def test_task_acronym_needs_the_upper_case_listed_form(text, expected):
    assert is_task_acronym(text) is expected


@pytest.mark.parametrize("mode", ["rules", "combined"])
def test_an_acronym_that_takes_its_task_head_overlaps_no_other_task(mode):
    """'ICD diagnosis' (an acronym before a task head) and a learned phrase starting at that head never both."""
    doc = build_pipeline(mode)("We study ICD diagnosis prediction on clinical notes.")
    spans = sorted((s.start, s.end) for s in doc.spans["kg_entities"])
    assert all(end <= start for (_, end), (start, _) in zip(spans, spans[1:])), spans


def test_task_heads_and_metric_names():
    assert task_long_form("hate speech detection") and not task_long_form("dense passage retrieval")
    assert is_metric_name("micro-F1") and is_metric_name("Recall@5") and not is_metric_name("ZorbNet")


# ----------------------------------------------------------------------------- names


def test_a_lower_case_long_form_with_a_name_like_acronym_is_one_entity(rules):
    got = found(rules, "We rerank with dense passage retrieval (DPR) and reinforcement learning (RL).")
    assert got == {"DPR": ("method", "uses", "dense passage retrieval")}


def test_no_name_runs_over_a_sentence_end():
    assert [t.text for t in blank_pipeline()("on Alpaca-13B.Our results")] == ["on", "Alpaca-13B", ".", "Our",
                                                                                 "results"]


@pytest.mark.parametrize("text", ["A100", "GB", "48kHz", "PhD", "EOS", "KV", "L2", "F_1", "top-2", "human-AI",
                                  "LLM-generated", "OpenAI", "n_1+n_2", "RObust"])
def test_corpus_scale_noise_is_no_name(text):
    assert name_shape(text) is None, text


def test_descriptors_are_not_names_but_coined_hyphenated_names_are():
    assert not_a_name("human-AI") and not not_a_name("e-SNLI") and not not_a_name("Zorb-Bench")


def test_a_company_is_no_model_but_its_model_is(rules):
    got = found(rules, "OpenAI released it; we compare with OpenAI o1 and ZorbNet.")
    assert "OpenAI" not in got and got["o1"][0] == "model"


def test_two_letter_abbreviations_need_their_long_form(rules):
    assert "CD" not in found(rules, "We measure CD on ZorbNet outputs.")
    assert found(rules, "We propose Zorbic Dropout (ZD). ZD helps.")["ZD"][0] == "method"


@pytest.mark.parametrize("one,other", [("LoRA", "LoRAs"), ("Transformer", "Transformers"), ("accuracy", "accuracies"),
                                        ("CNN", "CNNs"), ("F1 score", "F1-scores"), ("F-measure", "F-measures"),
                                        ("Bi-LSTM", "Bi-LSTMs"), ("back-translation", "back-translations"),
                                        ("skip-gram", "skip-grams"), ("self-attention", "self-attentions"),
                                        ("Gaussian Process", "Gaussian Processes"), ("approach", "approaches"),
                                        ("KV cache", "KV caches"), ("niche", "niches"), ("mesh", "meshes")])
def test_singular_and_plural_share_a_key(one, other):
    assert entity_key(one) == entity_key(other)


def test_plural_folding_leaves_other_names_alone_and_ignores_case():
    assert entity_key("corpus") == "corpus" and entity_key("ATIS") == "atis"
    assert entity_key("news") == "news" and entity_key("Multi-News") == "multinews"
    assert entity_key("Multi-Corpus") == "multicorpus" and entity_key("Multi-ATIS") == "multiatis"
    assert entity_key("SNIPS") == entity_key("Snips") == entity_key("snips")


# ----------------------------------------------------------------------------- the tagger in kg_entities


def _doc_with(text, ents):
    nlp = build_pipeline("rules")
    doc = nlp(text)
    doc.ents = [Span(doc, s, e, label=label) for s, e, label in ents]
    return doc


def test_tagger_spans_keep_tasks_and_drop_method_names_the_rules_know_are_no_names():
    doc = _doc_with("LLM and NER help ZorbNet.", [(0, 1, "METHOD"), (2, 3, "TASK"), (4, 5, "METHOD")])
    assert [(s.text, s.label_) for s in tagger_spans(doc)] == [("NER", "TASK"), ("ZorbNet", "METHOD")]


def test_a_tagged_long_form_brings_its_acronym():
    doc = _doc_with("We use dense passage retrieval ( DPR ) here.", [(2, 5, "METHOD")])
    short, long_ = doc[6:7], doc[2:5]
    candidates: list[Candidate] = []
    labels = merge_tagged(candidates, list(doc.ents), [short, long_])
    assert [(c.start, c.end, c.strength, c.long_span) for c in candidates] == [(6, 7, "tagged_acronym", (2, 5))]
    assert labels == {6: EntityKind.METHOD}


def test_a_candidate_the_tagger_also_found_keeps_its_bounds():
    doc = _doc_with("We use ZorbNet-7B here.", [(2, 3, "MODEL")])
    candidates = [Candidate(2, 3, "strong")]
    assert merge_tagged(candidates, list(doc.ents)) == {2: EntityKind.MODEL} and len(candidates) == 1


def test_modes():
    assert MODES == ("combined", "rules", "model")
    assert "ner" not in build_pipeline("rules").pipe_names
    with pytest.raises(ValueError, match="mode"):
        build_pipeline("both")


def test_missing_weights_say_what_to_do(tmp_path):
    with pytest.raises(EntityModelMissingError, match="train_entity_model"):
        add_entity_tagger(spacy.blank("en"), folder=tmp_path)
    assert weights_hash(tmp_path) == "none"


@pytest.mark.skipif(not has_weights(), reason="no trained weights in extractors/model/entity_ner")
def test_the_shipped_tagger_loads_offline_and_tags_all_five_kinds():
    nlp = build_pipeline()
    assert nlp.pipe_names[-2:] == ["ner", "kg_entities"]
    assert set(nlp.get_pipe("ner").labels) == {"METHOD", "DATASET", "MODEL", "TASK", "METRIC"}
    assert len(weights_hash()) == 12
    doc = nlp("We evaluate BERT on SQuAD for question answering and report F1.")
    assert {"model", "dataset", "metric"} <= {s.label_ for s in doc.spans["kg_entities"]}


# ----------------------------------------------------------------------------- the dev set


def test_dev_volumes_are_their_own_split():
    assert is_dev_volume("2021.woah") and split_of("2021.woah-1.6") == "dev"
    assert not is_dev_volume("2021.acl") and split_of("2021.acl-long.1") != "dev"


def test_the_dev_set_is_compiled_from_its_annotations():
    sys.path.append(str(ROOT / "benchmarks"))
    from devset import parse_annotations

    records = [json.loads(line) for line in (DEVSET / "devset.jsonl").read_text("utf-8").splitlines()]
    gold = parse_annotations((DEVSET / "annotations.txt").read_text("utf-8"))
    assert len(records) >= 100 and [r["id"] for r in records] == list(gold)
    for record in records:
        assert split_of(record["id"]) == "dev"
        for entity in record["entities"]:
            assert entity["kind"] in {"METHOD", "DATASET", "MODEL", "TASK", "METRIC"}
            assert entity["spans"] and all(record["text"][s:e].lower() in {f.lower() for f in entity["forms"]}
                                           for s, e in entity["spans"])
