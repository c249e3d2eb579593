"""The inflected forms of an English verb, made by rule from its lemma (round h15as).

The proposal rules test a word against "a verb by which authors propose something" (the ``PROPOSE`` verbs of
``patterns/entity_cues.jsonl``, :func:`extractors.entity_lexicon.verb_words`). The list holds lemmas only, and
:func:`inflect` makes every form a rule needs, so that the rules reading it list no forms by hand and no form is
missing from one list and present in another ("proposed" but not "developed"); some older rules still keep their
own short lists (``entity_bare_proposal``, ``entity_colon_list``, ``entity_lowercase``). spaCy's blank English
pipeline has no lemmatizer data offline (``spacy-lookups-data`` is not installed) and no inflector, so the few
regular rules of English spelling are written here, with a table of common irregular past participles and
of two-syllable verbs that double their last consonant ("submitted"). Stress cannot be read from spelling, so a
new lemma's forms are worth a look: ``tests/test_proposal_verbs_h15as.py`` pins the forms of every lemma the lists
hold.

Forms: ``base`` ("propose"), ``s`` (the third person, "proposes"), ``ing`` ("proposing"), ``ed`` (the past
participle, "proposed", "built", "written"; for a regular verb also its simple past; an irregular simple past that
differs from the participle, "wrote", is not made).

>>> inflect("propose"), inflect("build")["ed"], inflect("dub")["ing"], inflect("devise")["s"]
({'base': 'propose', 's': 'proposes', 'ing': 'proposing', 'ed': 'proposed'}, 'built', 'dubbing', 'devises')
"""
from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["FORMS", "inflect", "inflections"]

#: The forms :func:`inflect` makes, in order.
FORMS = ("base", "s", "ing", "ed")
#: Past participles that no spelling rule makes.
_IRREGULAR_PARTICIPLE = {"build": "built", "make": "made", "write": "written", "draw": "drawn", "give": "given",
                         "find": "found", "put": "put", "set": "set", "run": "run", "bring": "brought",
                         "see": "seen", "pay": "paid", "say": "said", "lay": "laid", "begin": "begun",
                         "forget": "forgotten"}
_VOWELS = "aeiou"
#: One syllable ending consonant-vowel-consonant (not w, x, y): the consonant doubles ("dub" → "dubbed").
_DOUBLING = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")
#: Verbs of two syllables stressed on the last, which double it as one-syllable verbs do ("submit" → "submitted").
_STRESSED_LAST = frozenset({"submit", "admit", "omit", "permit", "commit", "emit", "transmit", "refer", "prefer",
                            "infer", "confer", "defer", "occur", "recur", "incur", "control", "compel", "propel",
                            "expel", "forget", "regret", "begin", "equip", "acquit"})


def inflect(lemma: str) -> dict[str, str]:
    """``{form: word}`` for each of :data:`FORMS` of the lower-case verb ``lemma``.

    >>> [inflect(verb)["s"] for verb in ("approach", "apply", "fix", "go")]
    ['approaches', 'applies', 'fixes', 'goes']
    >>> [inflect(verb)["ing"] for verb in ("create", "tie", "see", "develop", "term")]
    ['creating', 'tying', 'seeing', 'developing', 'terming']
    >>> [inflect(verb)["ed"] for verb in ("create", "apply", "play", "develop", "call", "dub", "agree")]
    ['created', 'applied', 'played', 'developed', 'called', 'dubbed', 'agreed']
    >>> [inflect(verb)["ed"] for verb in ("submit", "refer", "pay", "see", "write")], inflect("bus")["s"]
    (['submitted', 'referred', 'paid', 'seen', 'written'], 'buses')
    """
    if lemma.endswith(("s", "sh", "ch", "x", "z", "o")):
        third = lemma + "es"
    elif lemma.endswith("y") and lemma[-2:-1] not in _VOWELS:
        third = lemma[:-1] + "ies"
    else:
        third = lemma + "s"
    if _DOUBLING.match(lemma) or lemma in _STRESSED_LAST:
        stem = lemma + lemma[-1]
        return {"base": lemma, "s": third, "ing": stem + "ing", "ed": _IRREGULAR_PARTICIPLE.get(lemma, stem + "ed")}
    if lemma.endswith("ie"):
        gerund = lemma[:-2] + "ying"
    elif lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")):
        gerund = lemma[:-1] + "ing"
    else:
        gerund = lemma + "ing"
    if lemma.endswith("e"):
        past = lemma + "d"
    elif lemma.endswith("y") and lemma[-2:-1] not in _VOWELS:
        past = lemma[:-1] + "ied"
    else:
        past = lemma + "ed"
    return {"base": lemma, "s": third, "ing": gerund, "ed": _IRREGULAR_PARTICIPLE.get(lemma, past)}


def inflections(lemmas: Iterable[str], forms: Iterable[str] = FORMS) -> frozenset[str]:
    """Every form in ``forms`` of every verb of ``lemmas``.

    >>> sorted(inflections(["build", "release"], ["ed"]))
    ['built', 'released']
    """
    wanted = tuple(forms)
    unknown = set(wanted) - set(FORMS)
    if unknown:
        raise ValueError(f"unknown verb forms {sorted(unknown)}; known: {FORMS}")
    return frozenset(inflect(lemma)[form] for lemma in lemmas for form in wanted)
