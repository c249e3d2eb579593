"""Round h15as: one list of the verbs by which authors propose something (``PROPOSE`` in
``extractors/patterns/entity_cues.jsonl``), its forms made by :mod:`extractors.inflection`, read by the cue matcher
and by the three rules that used to hand-write their own verb regexes (title echoes, numbered items, role guard).
"""
from __future__ import annotations

import re

import pytest

from extractors.cue_matcher import CueMatcher
from extractors.entities import blank_pipeline
from extractors.entity_lexicon import cue_patterns, cue_words, verb_lemmas, verb_words
from extractors.entity_propose_items import numbered_item
from extractors.entity_propose_title import _PROPOSAL_VERB
from extractors.entity_role_guard import framed_proposal
from extractors.inflection import inflect, inflections
from ontology.records import EntityKind, Mention, Provenance, Relation

MADE = verb_lemmas("PROPOSE", "made")


@pytest.mark.parametrize(("lemma", "forms"), [
    ("propose", ["propose", "proposes", "proposing", "proposed"]),
    ("build", ["build", "builds", "building", "built"]),
    ("curate", ["curate", "curates", "curating", "curated"]),
    ("collect", ["collect", "collects", "collecting", "collected"]),
    ("dub", ["dub", "dubs", "dubbing", "dubbed"]),
    ("apply", ["apply", "applies", "applying", "applied"]),
])
def test_inflect_makes_the_regular_and_irregular_forms(lemma: str, forms: list[str]) -> None:
    assert list(inflect(lemma).values()) == forms


#: The forms of every lemma the verb lists hold, written out: a lemma added to ``entity_cues.jsonl`` fails here until
#: its forms are looked at (spelling rules cannot see stress or every irregular verb).
LISTED_FORMS = {
    "propose": "proposes proposing proposed", "introduce": "introduces introducing introduced",
    "present": "presents presenting presented", "contribute": "contributes contributing contributed",
    "develop": "develops developing developed", "construct": "constructs constructing constructed",
    "create": "creates creating created", "design": "designs designing designed",
    "devise": "devises devising devised", "release": "releases releasing released",
    "build": "builds building built", "curate": "curates curating curated",
    "collect": "collects collecting collected", "describe": "describes describing described",
    "formulate": "formulates formulating formulated", "frame": "frames framing framed",
    "name": "names naming named", "call": "calls calling called", "dub": "dubs dubbing dubbed",
    "term": "terms terming termed", "coin": "coins coining coined",
}


def test_every_listed_lemma_has_its_forms_pinned() -> None:
    listed = [*verb_lemmas("PROPOSE"), *verb_lemmas("NAME")]
    assert sorted(listed) == sorted(LISTED_FORMS)
    for lemma in listed:
        assert list(inflect(lemma).values()) == [lemma, *LISTED_FORMS[lemma].split()], lemma


def test_inflections_refuses_an_unknown_form() -> None:
    with pytest.raises(ValueError):
        inflections(["propose"], ["en"])


def test_an_unknown_verb_list_or_subset_is_an_error() -> None:
    with pytest.raises(KeyError):
        verb_lemmas("PROPOSE", "nonesuch")
    with pytest.raises(KeyError):
        verb_lemmas("NONESUCH")


def test_the_one_word_propose_cue_has_every_present_form_of_every_made_verb() -> None:
    """The hand-listed cue lacked "designing", "building", "releasing", "collecting" ..."""
    assert inflections(MADE, ("base", "s", "ing")) <= cue_words("PROPOSE")
    assert not {"proposed", "built"} & cue_words("PROPOSE")  # the past only after "we" (next test)


@pytest.mark.parametrize("verb", ["built", "developed", "curated", "devised"])
def test_the_cue_matcher_takes_the_past_after_we(verb: str) -> None:
    nlp = blank_pipeline()
    doc = nlp(f"In this work, we {verb} ZorbNet for ranking.")
    cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
    assert "PROPOSE" in cues.get(5, set())
    doc = nlp(f"The recently {verb} ZorbNet ranks.")
    assert "PROPOSE" not in CueMatcher(nlp.vocab, cue_patterns())(doc).get(2, set())


@pytest.mark.parametrize("verb", ["introduced", "contributed", "collected"])
def test_the_past_after_we_is_the_past_subset_only(verb: str) -> None:
    """"we introduced ZorbLoss to handle imbalanced data" is a use (round h15h's guard): those three verbs' past
    after "we" is no proposal cue, as before round h15as."""
    assert verb_lemmas("PROPOSE", "past") and verb not in verb_words("PROPOSE", "past", ("ed",))
    nlp = blank_pipeline()
    doc = nlp(f"In this work, we {verb} ZorbNet for ranking.")
    assert "PROPOSE" not in CueMatcher(nlp.vocab, cue_patterns())(doc).get(5, set())


def _mention(sentence: str) -> Mention:
    return Mention("p", "ZorbQA", EntityKind.DATASET, Relation.PROPOSES,
                   Provenance("x", extractor="kg_entities:proposal_verb+apposition", sentence=sentence))


@pytest.mark.parametrize("verb", ["developed", "built", "collected", "curated", "designed"])
def test_the_role_guard_reads_every_form_of_the_list(verb: str) -> None:
    """The guard's own regex took "proposed" and "released" but not "developed" or "built"."""
    assert framed_proposal([_mention(f"We {verb} ZorbQA, a dataset of questions.")])
    assert not framed_proposal([_mention(f"They evaluate ZorbQA, a dataset {verb} by others.")])


@pytest.mark.parametrize("verb", ["release", "collect", "curate"])
def test_numbered_items_read_the_list(verb: str) -> None:
    doc = blank_pipeline()(f"We {verb} a toolkit with (i) a Zorb Tracker which tracks states.")
    assert numbered_item(doc, 9, 11)


@pytest.mark.parametrize("word", ["framework", "namely", "proposal", "development", "terminology", "proposons"])
def test_the_title_rule_takes_no_noun_for_a_verb(word: str) -> None:
    """Its stems with any ending ("frame\\w*", "nam\\w*") took "framework" and "namely" for the authors' verb."""
    assert _PROPOSAL_VERB.fullmatch(word) is None


def test_the_title_rule_takes_every_form_of_both_lists() -> None:
    words = verb_words("PROPOSE") | verb_words("NAME")
    assert all(_PROPOSAL_VERB.fullmatch(word) for word in words)
    assert {"formulated", "framed", "described", "coined", "called"} <= words


def test_no_rule_module_writes_its_own_verb_stems() -> None:
    """The stems of the three old regexes are gone from the modules that had them."""
    from importlib import resources
    for module in ("entity_propose_title.py", "entity_propose_items.py", "entity_role_guard.py"):
        source = resources.files("extractors").joinpath(module).read_text("utf-8")
        assert not re.search(r"propos\|introduc|propose\|present", source), module
