"""Round h15z: names a noun phrase calls new, languages paired with a known language, hashtags and web addresses,
on invented sentences.

* "... resources: a new annotated corpus, ZorbPos, ...; a tagger, ZorbTag, ..." and "Zorb Prompt as a new scheme"
  propose their names with no proposal verb in reach (``extractors/entity_new_apposition.py``);
* "an English-isiZulu framework ... languages such as isiZulu": a word paired with a listed language is a language,
  no method (``extractors/entity_pair_languages.py``);
* "#MeToo", "://anonymous.4open.science/r/Zorb-530C": a hashtag or a part of a web address is no name
  (``extractors/entity_context.hashtag_or_link``).

Each behaviour case failed before the round; each guard passed before and after it.
"""
from __future__ import annotations

import pytest
from entity_cases import entities, names

# ----------------------------------------------------------------------------- names a noun phrase calls new

_RESOURCES = ("It includes resources: a new UPOS-annotated corpus, ZorbPos, with 675K tokens and a new UD treebank, "
              "Zorb-UDep Treebank, with 38K sentences; a UPOS tagger, ZX-Tagger, and a UD parser, ZX-Parser, trained "
              "on these corpora.")


@pytest.mark.parametrize(("text", "expected"), [
    ("The collection includes resources: a new annotated corpus, ZorbPos, with 675K tokens.",
     ("ZorbPos", "dataset", "proposes")),
    (_RESOURCES, ("ZX-Parser", "method", "proposes")),
    (_RESOURCES, ("Zorb-UDep Treebank", "dataset", "proposes")),
    ("We also derived a new coefficient, Flim’s Zorb Distance Coefficient (FZDC) which selects languages.",
     ("FZDC", "metric", "proposes")),
    (("We propose ZorbVLM, which incorporates instruction tuning with Zorb Prompt as a new visual prompt tuning "
      "scheme based on color maps."), ("Zorb Prompt", "method", "proposes")),
])
def test_a_name_a_noun_phrase_calls_new_is_proposed(both, text, expected):
    assert expected in entities(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We evaluate on a popular corpus, ZorbPos, and a tagger, ZorbTag, for Zulu.", "ZorbPos"),
    ("We evaluate on a popular corpus, ZorbPos, and a tagger, ZorbTag, for Zulu.", "ZorbTag"),
    ("We fine-tune on a large corpus, ZorbPos, with 675K tokens.", "ZorbPos"),
    ("Our system uses BERT as a new baseline for ranking.", "BERT"),
    ("We compare with a strong baseline, ZorbNet, on three tasks.", "ZorbNet"),
])
def test_a_name_no_new_phrase_calls_new_stays_used(both, text, name):
    found = [e for e in entities(both, text) if e[0] == name]
    assert found and all(relation == "uses" for _, _, relation in found)


# ----------------------------------------------------------------------------- languages paired with a known one


@pytest.mark.parametrize("name", ["isiZulu", "isiXhosa", "English-isiZulu", "isiXhosa-isiZulu"])
def test_a_word_paired_with_a_listed_language_is_no_name(both, name):
    text = ("Low-resource languages such as isiZulu need help. This study explores transfer learning in an "
            "English-isiZulu translation framework. We saw that isiXhosa-isiZulu outperformed all languages, and "
            "isiXhosa should be selected.")
    assert name not in names(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We fine-tune Chinese-Vicuna on our data and compare it with ZorbNet.", "ZorbNet"),
    ("We fine-tune English-BERT on our data and compare it with Zorblingo.", "English-BERT"),
    ("We release Zorblingo, a new corpus for English-German translation.", "Zorblingo"),
    ("We propose SL-Zorbent, a novel self-learning framework for task bots.", "SL-Zorbent"),  # "sl": a language code
])
def test_a_name_beside_a_language_pair_stays(both, text, name):
    assert name in names(both, text)


# ----------------------------------------------------------------------------- hashtags and web addresses


@pytest.mark.parametrize(("text", "name"), [
    ("In the wake of recent #ZorbToo and #FlimsUp movements, awareness of harassment grew.", "ZorbToo"),
    ("In the wake of recent #ZorbToo and #FlimsUp movements, awareness of harassment grew.", "FlimsUp"),
    (("This paper introduces a strategy for hate speech. The source code is available at "
      "://anonymous.4open.science/r/Zorbment-530C."), "Zorbment-530C"),
])
def test_a_hashtag_or_a_part_of_a_web_address_is_no_name(both, text, name):
    assert name not in names(both, text)


@pytest.mark.parametrize(("text", "name"), [
    ("We compare BERT/ZorbBERTa with our ZorbNet model.", "ZorbNet"),
    ("We train ZorbNet with the C# library and release it.", "ZorbNet"),
    ("We release ZorbNet at https://github.com/zorb/ZorbNet today.", "ZorbNet"),
])
def test_names_beside_a_slash_or_a_hash_stay(both, text, name):
    assert name in names(both, text)
