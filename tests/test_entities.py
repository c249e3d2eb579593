"""Entity extraction: every cue pattern with its positive and negative sentence, each rule family, focused cases.

These test the rules for methods, datasets and models (``build_pipeline("rules")``, tasks and metrics
left out); tasks, metrics and the trained tagger are tested in ``test_extraction_tasks.py``.

Names in these sentences are invented (TinyRule, ZorbQA, ...) or well-known
model families; real dataset names appear only where the test is about the
gazetteer built from the Anthology corpus.
"""
from __future__ import annotations

from importlib import resources

import pytest
from spacy.matcher import Matcher

from extractors.acronyms import best_long_form
from extractors.entities import PIPELINE_VERSION, build_pipeline, iter_entities
from extractors.entity_lexicon import cue_patterns
from extractors.entity_names import model_family, name_shape
from extractors.mentions import title_kind, title_name

CUES = list(cue_patterns())  # the verb-list tokens expanded to spaCy's LOWER


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline("rules")


RULE_KINDS = {"method", "dataset", "model"}


def entities(nlp, text):
    """Name → (type, relation) of methods, datasets and models; a name proposed anywhere counts as proposed."""
    found: dict[str, tuple[str, str]] = {}
    for span, relation, *_ in iter_entities(nlp(text)):
        if span.label_ not in RULE_KINDS:
            continue
        if found.get(span.text, ("", ""))[1] != "proposes":
            found[span.text] = (span.label_, relation)
    return found


# ----------------------------------------------------------------------------- cue patterns (data-driven)


@pytest.mark.parametrize("cue", CUES, ids=lambda c: f"{c['label']}:{c['positive'][:30]}")
def test_cue_pattern_matches_its_positive_sentence_only(nlp, cue):
    matcher = Matcher(nlp.vocab)
    matcher.add(cue["label"], [cue["pattern"]])
    assert matcher(nlp.make_doc(cue["positive"])), cue["positive"]
    assert not matcher(nlp.make_doc(cue["negative"])), cue["negative"]


@pytest.mark.parametrize("cue", CUES, ids=lambda c: f"{c['label']}:{c['positive'][:30]}")
def test_cue_changes_what_is_extracted(nlp, cue):
    assert entities(nlp, cue["positive"]) != entities(nlp, cue["negative"]) or cue["label"] in {"BLOCK", "METHOD_HEAD"}


# ----------------------------------------------------------------------------- rule families
# Each family: a sentence where the rule fires (name → (type, relation)) and one where it must not.

FAMILIES = [
    # proposal
    ("proposal verb", "We propose TinyRule for ranking.", {"TinyRule": ("method", "proposes")},
     "We evaluate TinyRule on ranking.", {"TinyRule": ("method", "uses")}),
    ("our", "Our ZorbNet beats the baseline.", {"ZorbNet": ("method", "proposes")},
     "Their ZorbNet beats the baseline.", {"ZorbNet": ("method", "uses")}),
    ("novel apposition", "Prior work shows that TinyRule, a novel loss, helps.", {"TinyRule": ("method", "proposes")},
     "Prior work shows that TinyRule, a ranking loss, helps.", {"TinyRule": ("method", "uses")}),
    ("contribution list", "Our contributions: (1) TinyScorer, which scores outputs.", {"TinyScorer": ("method", "proposes")},
     "Scores come from TinyScorer, which scores outputs.", {"TinyScorer": ("method", "uses")}),
    ("preposition blocks a proposal", "We propose a new reward within the ZorbRL framework.",
     {"ZorbRL": ("method", "uses")},
     "We propose ZorbRL, a new reward framework.", {"ZorbRL": ("method", "proposes")}),
    # use and dataset typing
    ("on X", "Accuracy rises by 5% on ZorbQA.", {"ZorbQA": ("dataset", "uses")},
     "Accuracy rises by 5% with ZorbQA.", {"ZorbQA": ("dataset", "uses")}),
    ("on X (not a QA suffix)", "Accuracy rises by 5% on ZorbMix.", {"ZorbMix": ("dataset", "uses")},
     "Accuracy rises by 5% with ZorbMix.", {"ZorbMix": ("method", "uses")}),
    ("X benchmark", "Results on the ZorbMix benchmark improve.", {"ZorbMix": ("dataset", "uses")},
     "Results with the ZorbMix method improve.", {"ZorbMix": ("method", "uses")}),
    ("X dataset after an acronym", "We use the Zorb Mixed Reviews (ZMR) dataset.", {"ZMR": ("dataset", "uses")},
     "We use the Zorb Mixed Reviews (ZMR) framework.", {"ZMR": ("method", "uses")}),
    ("experiments on X and Y", "Experiments on ZorbMix and KlaxSet show gains.",
     {"ZorbMix": ("dataset", "uses"), "KlaxSet": ("dataset", "uses")},
     "Experiments with ZorbMix and KlaxNet show gains.", {"ZorbMix": ("method", "uses"), "KlaxNet": ("method", "uses")}),
    ("e.g., X, Y", "It works on text games (e.g., ZorbQuest, HouseWorld).",
     {"ZorbQuest": ("dataset", "uses"), "HouseWorld": ("dataset", "uses")},
     "It works on text (e.g., ZorbQuest, HouseWorld).", {"ZorbQuest": ("method", "uses"), "HouseWorld": ("method", "uses")}),
    ("models such as X", "Embedding models such as ZorbEmbed are strong.", {"ZorbEmbed": ("model", "uses")},
     "Embedding methods such as ZorbEmbed are strong.", {"ZorbEmbed": ("method", "uses")}),
    ("compared with X", "Compared with ZorbNet, our model is faster.", {"ZorbNet": ("method", "uses")},
     "Compared with the baseline, our model is faster.", {}),
    ("apposition types", "We release ZorbSum, a large corpus of news.", {"ZorbSum": ("dataset", "proposes")},
     "We release ZorbSum, a large framework for news.", {"ZorbSum": ("method", "proposes")}),
    ("capitalised dataset phrase", "We parse the Zorb Legal Treebank today.", {"Zorb Legal Treebank": ("dataset", "uses")},
     "We parse the zorb legal treebank today.", {}),
    ("long form head", "We build the Zorb News Corpus (ZNC) for tests.", {"ZNC": ("dataset", "proposes")},
     "We build the Zorb News Parser (ZNP) for tests.", {"ZNP": ("method", "proposes")}),
    ("source of a corpus", "We train on sentences sampled from ZorbWeb.", {"ZorbWeb": ("dataset", "uses")},
     "We train on sentences written for ZorbWeb.", {"ZorbWeb": ("method", "uses")}),
    ("one capitalised word before a dataset noun", "We tag the Klaxon corpus by hand.", {"Klaxon": ("dataset", "uses")},
     "We tag the Klaxon outputs by hand.", {}),
    ("list takes the type of its typed members", "Scores mirror those of ZB8K and ZorbQA, respectively.",
     {"ZB8K": ("dataset", "uses"), "ZorbQA": ("dataset", "uses")},
     "Scores mirror those of ZB8K, respectively.", {"ZB8K": ("method", "uses")}),
    # models
    ("model family", "We fine-tune Llama-3-8B on our data.", {"Llama-3-8B": ("model", "uses")},
     "We fine-tune Zlama-3 on our data.", {"Zlama-3": ("method", "uses")}),
    ("model family suffix", "We fine-tune ZorbBERT on our data.", {"ZorbBERT": ("model", "uses")},
     "We fine-tune ZorbBART on our data.", {"ZorbBART": ("method", "uses")}),
    # known dataset names (gazetteer built from the Anthology corpus)
    ("gazetteer", "We also report results for MultiWOZ.", {"MultiWOZ": ("dataset", "uses")},
     "We also report results for MultiZorb.", {"MultiZorb": ("method", "uses")}),
    # not entities
    ("metrics and language pairs", "We report BLEU-4 and ROUGE-L on En-De with ZorbMT.", {"ZorbMT": ("method", "uses")},
     "We report ZorbScore-4 with ZorbMT.", {"ZorbScore-4": ("method", "uses"), "ZorbMT": ("method", "uses")}),
    ("generic acronyms and plurals", "Large language models (LLMs) and reinforcement learning (RL) help NLP.", {},
     "Zorb language models (ZLMs) and Zorb Reinforcement Learning (ZRL) help.", {"ZRL": ("method", "uses")}),
]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f[0])
def test_rule_family_positive_and_negative(nlp, family):
    _, positive, expected, negative, expected_negative = family
    found = entities(nlp, positive)
    assert {name: found.get(name) for name in expected} == expected, found
    assert entities(nlp, negative) == expected_negative


# ----------------------------------------------------------------------------- focused cases


def test_acronym_with_capitalised_long_form_is_one_entity(nlp):
    doc = nlp("Methods like Sparse Gated Adapters (SGA) are cheap.")
    [(span, relation, _, _, long_form)] = list(iter_entities(doc))
    assert span.text == "SGA" and long_form.text == "Sparse Gated Adapters" and relation == "uses"


def test_hyphenated_and_versioned_names_stay_whole(nlp):
    found = entities(nlp, "We compare KLX-Bench, ZorbTuning V2 and Qwen-1.5-4B with ZB8K.")
    assert {"KLX-Bench", "ZorbTuning V2", "Qwen-1.5-4B", "ZB8K"} <= set(found)
    assert found["KLX-Bench"][0] == "dataset" and found["Qwen-1.5-4B"][0] == "model"


def test_known_name_with_a_version_is_one_dataset(nlp):
    found = entities(nlp, "We report results on SQuAD 2.0 only.")
    assert found == {"SQuAD 2.0": ("dataset", "uses")}


def test_rules_are_recorded_as_role_plus_type(nlp):
    [(_, relation, rule, confidence, _)] = [e for e in iter_entities(nlp("Accuracy rises on ZorbQA.")) if e.span.text == "ZorbQA"]
    assert (relation, rule) == ("uses", "use+evaluated_on") and 0 < confidence <= 1


def test_a_modifier_phrase_after_by_is_not_a_name(nlp):
    assert entities(nlp, "It adapts by Sparse LAyer Gating layers only.") == {}


def test_name_shapes():
    assert name_shape("ZorbProtector") == "strong"
    assert name_shape("SotA") is None and name_shape("24B") is None and name_shape("v1.0") is None
    assert model_family("Llama-3") and not model_family("Zlama-3")


def test_title_names_and_their_kind():
    assert title_name("ZorbReasoner: Improving Memory") == "ZorbReasoner"
    assert title_name("Structure Trumps Size: Rethinking Data") is None
    assert title_kind("ZorbBench", " A New Benchmark for Ranking") == ("dataset", "title_noun")
    assert title_kind("ZorbReasoner", " Improving Memory") == ("method", "default")


def test_schwartz_hearst_needs_word_initial_first_letter():
    assert best_long_form("ABC", "a big cat") == "a big cat"
    assert best_long_form("XY", "we saw nothing") is None


def test_pipeline_version_names_the_rules_and_the_weights():
    from extractors.entity_model import weights_hash
    from extractors.role_weights import role_weights_hash

    rules, weights, roles = PIPELINE_VERSION.split("-")
    assert rules.isdigit() and int(rules) >= 5 and weights == weights_hash() and roles == role_weights_hash()


# ----------------------------------------------------------------------------- results on the span, settings, data


def test_results_are_typed_span_attributes_that_survive_serialisation(nlp):
    from spacy.tokens import Doc

    doc = nlp("We propose Sparse Gated Adapters (SGA), a novel method. It beats Llama-3 on ZorbQA.")
    copy = Doc(nlp.vocab).from_bytes(doc.to_bytes())  # what nlp.pipe(..., n_process=N) does to every doc
    for found in (doc, copy):
        spans = [s for s in found.spans["kg_entities"] if s.label_ in RULE_KINDS]
        assert [(s.text, s._.kg_relation, s._.kg_role_rule, s._.kg_type_rule, s._.kg_confidence) for s in spans] == [
            ("SGA", "proposes", "proposal_verb", "apposition", 0.85),
            ("Llama-3", "uses", "use", "model_family", 0.8),
            ("ZorbQA", "uses", "use", "evaluated_on", 0.8),
        ]
        assert [s.id_ for s in spans] == ["", "", ""]  # nothing packed into the span id
        [sga] = [e for e in iter_entities(found) if e.span.text == "SGA"]
        assert sga.long_form.text == "Sparse Gated Adapters" and sga.rule == "proposal_verb+apposition"


def test_settings_come_from_the_component_config():
    from extractors.entities import blank_pipeline

    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_gazetteer")
    nlp.add_pipe("kg_entities", config={"proposal_window": 1, "confidence": {"typed": 0.7}})
    [(_, relation, _, _, _)] = list(iter_entities(nlp("We propose the TinyRule method.")))
    assert relation == "uses"  # the proposal verb is two tokens back, beyond the window of one
    [(_, _, rule, confidence, _)] = [e for e in iter_entities(nlp("Accuracy rises on ZorbQA.")) if e.span.text == "ZorbQA"]
    assert (rule, confidence) == ("use+evaluated_on", 0.7)


def test_every_word_list_is_used_and_says_how_it_matches():
    from pathlib import Path

    from extractors.entity_lexicon import word_lists

    source = "".join(p.read_text("utf-8") for p in Path(resources.files("extractors")).glob("entit*.py"))
    for name, words in word_lists().items():
        assert f'"{name}"' in source, f"{name} is not used by any entity module"
        assert (words.text or words.lower or words.counts) and words.note, name
