"""The words the entity rules look for, read once from the data files in ``extractors/patterns/``.

Three kinds of file, each read on first use and kept for the process:

* ``*.txt``: one lower-case word or name a line (``#`` starts a comment):
  model families, generic field terms, languages ... (:func:`word_list`);
* ``entity_cues.jsonl``: spaCy token patterns labelled with a cue
  (``PROPOSE``, ``DATASET_HEAD`` ...), each with a positive and a negative
  example sentence (:func:`cue_patterns`, :func:`cue_words`), and the verb
  lists (lemmas) the patterns and the rules inflect (:func:`verb_words`,
  :func:`verb_regex`; ``PROPOSE``: the verbs by which authors propose
  something, round h15as);
* ``entity_words.jsonl``: the small named word lists the rules test single
  tokens against, each saying whether it matches the exact text
  (``"text"``), the lower-cased text (``"lower"``) or counts names
  (``"counts"``) (:func:`in_list`, :func:`word_counts`).

>>> "gpt" in word_list("model_families.txt"), in_list("articles", "The"), in_list("our_glue", "And")
(True, True, False)
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from extractors.inflection import FORMS, inflections

__all__ = ["NAMING_VERBS", "WordList", "corpus_kinds", "cue_patterns", "cue_words", "in_list", "name_list", "verb_form",
           "verb_lemmas", "verb_regex", "verb_words", "word_choice", "word_counts", "word_list", "word_lists"]


def _read(name: str) -> str:
    return resources.files("extractors").joinpath(f"patterns/{name}").read_text("utf-8")


@cache
def corpus_kinds() -> dict[str, str]:
    """``patterns/corpus_kinds.txt`` as name → class: what the train slice says a short name is (read by
    :mod:`extractors.entity_corpus`, and by the candidate finder for plural acronyms).

    >>> corpus_kinds()["CNN"]
    'method'
    """
    table: dict[str, str] = {}
    for line in _read("corpus_kinds.txt").splitlines():
        if line.strip() and not line.startswith("#"):
            name, kind = line.split("\t")[:2]
            table[name] = kind
    return table


@cache
def word_list(name: str) -> frozenset[str]:
    """The lower-cased lines of ``patterns/<name>``, without blank lines and ``#`` comments.

    >>> "acl" in word_list("non_entities.txt")
    True
    """
    return frozenset(ln.strip().lower() for ln in _read(name).splitlines() if ln.strip() and not ln.startswith("#"))


@cache
def name_list(name: str) -> frozenset[str]:
    """The lines of ``patterns/<name>`` as written (case kept), without blank lines and ``#`` comments.

    >>> "BERTScore" in name_list("metric_names.txt")
    True
    """
    return frozenset(ln.strip() for ln in _read(name).splitlines() if ln.strip() and not ln.startswith("#"))


@cache
def _cue_lines() -> tuple[dict, ...]:
    """The entries of ``entity_cues.jsonl``, parsed once (the verb lists and the cue patterns both read them)."""
    return tuple(json.loads(line) for line in _read("entity_cues.jsonl").splitlines() if line.strip())


@cache
def verb_lemmas(verbs: str, subset: str | None = None) -> tuple[str, ...]:
    """The lemmas of the verb list ``verbs`` of ``entity_cues.jsonl`` (``PROPOSE``, ``NAME``), in file order; with
    ``subset``, those the file puts in that named subset.

    >>> verb_lemmas("PROPOSE")[:3], "describe" in verb_lemmas("PROPOSE", "made"), verb_lemmas("PROPOSE", "report")
    (('propose', 'introduce', 'present'), False, ('describe',))
    """
    for entry in _cue_lines():
        if entry.get("verbs") == verbs:
            lemmas = entry["lemmas"]
            if subset is not None and not any(subset in names for names in lemmas.values()):
                raise KeyError(f"no subset {subset!r} in the verb list {verbs!r}")
            return tuple(lemma for lemma, names in lemmas.items() if subset is None or subset in names)
    raise KeyError(f"no verb list {verbs!r} in entity_cues.jsonl")


def verb_words(verbs: str, subset: str | None = None, forms: tuple[str, ...] = FORMS) -> frozenset[str]:
    """The ``forms`` (:data:`~extractors.inflection.FORMS`) of the lemmas of :func:`verb_lemmas`.

    >>> sorted(verb_words("PROPOSE", "made", ("ed",)))[:4]
    ['built', 'collected', 'constructed', 'contributed']
    """
    return inflections(verb_lemmas(verbs, subset), forms)


@cache
def verb_regex(verbs: str, subset: str | None = None, forms: tuple[str, ...] = FORMS) -> str:
    """:func:`verb_words` as a regular expression of whole words (no group), for the rules that read raw text.

    >>> bool(re.search(verb_regex("PROPOSE"), "We built ZorbNet")), bool(re.search(verb_regex("PROPOSE"), "designer"))
    (True, False)
    """
    words = sorted(verb_words(verbs, subset, forms), key=lambda word: (-len(word), word))
    return r"\b(?:" + "|".join(re.escape(word) for word in words) + r")\b"


def _expand(token: dict) -> dict:
    """A pattern token ``{"VERBS": list, "SUBSET": name, "FORMS": [...], "OP": ...}`` as a spaCy token (``LOWER``;
    its other keys, "OP", "IS_TITLE", kept)."""
    if "VERBS" not in token:
        return token
    words = verb_words(token["VERBS"], token.get("SUBSET"), tuple(token.get("FORMS", FORMS)))
    spacy_token: dict = {"LOWER": {"IN": sorted(words)}}
    spacy_token.update((key, value) for key, value in token.items() if key not in {"VERBS", "SUBSET", "FORMS"})
    return spacy_token  # "OP", "IS_TITLE" ... as given


@cache
def cue_patterns() -> tuple[dict, ...]:
    """Every cue entry of ``entity_cues.jsonl``: ``label``, ``pattern``, ``positive``, ``negative``; a token that
    names a verb list (``{"VERBS": "PROPOSE", "SUBSET": "made", "FORMS": ["ed"]}``) is given as the spaCy token
    of its words (``{"LOWER": {"IN": [...]}}``).

    >>> sorted({entry["label"] for entry in cue_patterns()})[:3]
    ['ARCH_HEAD', 'BLOCK', 'DATASET_HEAD']
    >>> "developed" in cue_patterns()[3]["pattern"][2]["LOWER"]["IN"]
    True
    """
    return tuple({**entry, "pattern": [_expand(token) for token in entry["pattern"]]}
                 for entry in _cue_lines() if "label" in entry)


@cache
def cue_words(label: str) -> frozenset[str]:
    """Every word of the one-word cue patterns labelled ``label`` in ``entity_cues.jsonl``.

    >>> "benchmark" in cue_words("DATASET_NOUN"), "framework" in cue_words("DATASET_NOUN")
    (True, False)
    """
    return frozenset(word for entry in cue_patterns() if entry["label"] == label
                     for word in (word_choice(entry["pattern"]) or ()))


def word_choice(pattern: list[dict]) -> list[str] | None:
    """The words of a one-token pattern that only tests ``LOWER`` (``{"LOWER": {"IN": [...]}}`` or a string).

    >>> word_choice([{"LOWER": {"IN": ["on", "across"]}}]), word_choice([{"LOWER": "such"}, {"LOWER": "as"}])
    (['on', 'across'], None)
    """
    if len(pattern) != 1 or set(pattern[0]) != {"LOWER"}:
        return None
    value = pattern[0]["LOWER"]
    if isinstance(value, str):
        return [value]
    return list(value["IN"]) if set(value) == {"IN"} else None


@dataclass(frozen=True)
class WordList:
    """One named list of ``entity_words.jsonl``."""

    name: str
    text: tuple[str, ...] = ()  # matched exactly, in file order
    lower: frozenset[str] = frozenset()  # matched against the lower-cased text
    counts: dict[str, int] = field(default_factory=dict)
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_exact", frozenset(self.text))  # membership without a scan of the tuple

    def __contains__(self, token_text: object) -> bool:
        return isinstance(token_text, str) and (token_text in self._exact or token_text.lower() in self.lower)


@cache
def word_lists() -> dict[str, WordList]:
    """The lists of ``entity_words.jsonl`` by name.

    >>> word_lists()["name_suffixes"].text[:3]
    ('based', 'driven', 'derived')
    """
    lists = {}
    for line in _read("entity_words.jsonl").splitlines():
        if line.strip():
            data = json.loads(line)
            lists[data["list"]] = WordList(name=data["list"], text=tuple(data.get("text", ())),
                                           lower=frozenset(data.get("lower", ())), counts=dict(data.get("counts", {})),
                                           note=data.get("note", ""))
    return lists


def in_list(name: str, token_text: str) -> bool:
    """Is ``token_text`` in the list ``name`` of ``entity_words.jsonl`` (exactly or lower-cased, as the list says)?

    >>> in_list("delimiters_before", "e.g."), in_list("delimiters_before", "And"), in_list("list_glue", "And")
    (True, False, True)
    """
    return token_text in word_lists()[name]


def word_counts(name: str) -> dict[str, int]:
    """The ``counts`` of the list ``name`` (number words and how many names they count).

    >>> word_counts("number_words")["two"]
    2
    """
    return word_lists()[name].counts


def verb_form(lower: str) -> bool:
    """Is ``lower`` the third person of a word the train slice uses as a verb (``verb_like.txt``: "improves",
    "involves", "enhances"; round h15ac)?

    >>> verb_form("improves"), verb_form("involves"), verb_form("process"), verb_form("news")
    (True, True, False, False)
    """
    verbs = word_list("verb_like.txt")
    return lower.endswith("s") and (lower[:-1] in verbs or (lower.endswith("es") and lower[:-2] in verbs))


#: The participles that give a thing its name ("a new corpus called X", "named", "dubbed", "termed"; subset
#: ``names`` of the verb list ``NAME``): the naming rules read them, and the proposal rules do not count them as
#: making anything.
NAMING_VERBS = verb_words("NAME", "names", ("ed",))
