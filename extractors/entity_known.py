"""Names kg knows before reading an abstract: :func:`known_name` (moved here from
:mod:`extractors.entity_proposed_pairs` by review82, so that :mod:`extractors.entity_teams`, which
:mod:`extractors.entity_roles` imports, can ask it too without an import cycle).

A known name in a frame that would make it the authors' coinage says what the frame works on or with: "a model
for translation (SQuAD)" (:mod:`extractors.entity_proposed_pairs`), "our team English system"
(:mod:`extractors.entity_teams`).
"""
from __future__ import annotations

import re

from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import word_list
from extractors.entity_names import model_family, not_a_name
from extractors.entity_not_names import edition
from extractors.gazetteer import load_gazetteer

__all__ = ["known_name"]


def known_name(text: str) -> bool:
    """Does kg know ``text`` as something no paper coins: no name of a thing (a venue, a language pair, a unit, a
    generic term: :func:`~extractors.entity_names.not_a_name`), an edition ("SemEval-2017"), a name the corpus writes
    (``corpus_kinds.txt``: "LDC", "NYT", "BIO"), a model family, a listed method, resource, platform or language, or a
    dataset of the gazetteer? Such a word in parentheses after "a model for translation" says what the phrase works
    on or with, not what the authors call it.

    A known name with a size or version after a hyphen is known too ("NLLB-200").

    >>> [known_name(t) for t in ["En-De", "SemEval-2017", "COVID-19", "LDC", "BIO", "NLLB-200", "SQuAD", "GPT-4"]]
    [True, True, True, True, True, True, True, True]
    >>> [known_name(t) for t in ["MM-ZORBAC", "ZTC", "ZORBIT", "ZorbNet-2"]]
    [False, False, False, False]
    """
    stem = _VERSION.sub("", text)
    return _known(text) or (stem != text and bool(stem) and _known(stem))


#: A size or version after a hyphen closing a name ("NLLB-200", "Zorb-v2").
_VERSION = re.compile(r"-(?:v?\d+(?:\.\d+)*[kmbKMB]?)$")


def _known(text: str) -> bool:
    """:func:`known_name` for ``text`` as written."""
    lower = text.lower()
    return not_a_name(text) or edition(text) or corpus_class(text) is not None or model_family(text) \
        or any(lower in word_list(name) for name in _KNOWN_LISTS) or load_gazetteer().lookup(text) is not None


#: Word lists of names kg knows (a short name found in one is no name the authors coin).
_KNOWN_LISTS = ("known_methods.txt", "known_resources.txt", "platforms.txt", "languages.txt")
