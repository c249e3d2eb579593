"""Where a task name starts: the modifiers before a known task name that are part of it ("diagnosis point
detection", "Aspect-based sentiment analysis", "Arabic Dialect Identification") and those that only say how the
task is done or how good it is ("the challenging", "Neural", "Binary"), which are not (split from
:mod:`extractors.entity_tasks`, which re-exports :func:`extend_task_left`).
"""
from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.token_texts import TokenFlags, token_arrays

__all__ = ["extend_named_task_left", "extend_task_left"]


def extend_task_left(doc: Doc, start: int, end: int) -> int:
    """Where a task name ending at ``end`` starts when lower-case modifiers stand before the known part:
    "diagnosis point detection", "multi-user dialog generation" (at most two words, none used as a verb
    by the corpus (``verb_like.txt``) or generic (``task_modifier_stops.txt``), after a function word or
    punctuation); else ``start``.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("tasks such as diagnosis point detection, and we improve point detection")
    >>> extend_task_left(doc, 4, 6), extend_task_left(doc, 10, 12)
    (3, 10)
    """
    texts, _, flags = token_arrays(doc)
    new = start
    while new > 0 and start - new < _MAX_TASK_EXTENSION and _task_modifier_word(texts, flags, new - 1):
        new -= 1
    if new == start or (new > 0 and not (flags.is_stop[new - 1] or flags.is_punct[new - 1])):
        return start
    return new


_MAX_TASK_EXTENSION = 2


def extend_named_task_left(doc: Doc, start: int, end: int) -> int:
    """Where a task name of two words or more starts when modifiers that name it stand before it: the lower-case
    ones of :func:`extend_task_left`, a capitalised word opening the sentence that opens a learned task phrase
    too ("Aspect-based sentiment analysis aims ...", "Meme sentiment classification is ..."; not "Prior"), or,
    before a name in title case, words in title case ("on Arabic Dialect Identification"); else ``start``. One word
    with a modifier is left alone ("universal translation").

    >>> from extractors.entities import build_pipeline
    >>> nlp = build_pipeline("rules")
    >>> doc = nlp.make_doc("Aspect-based sentiment analysis aims at this.")
    >>> doc[0].is_sent_start = True
    >>> extend_named_task_left(doc, 2, 4)
    0
    >>> doc = nlp.make_doc("We work on Arabic Dialect Identification and on binary sexism detection.")
    >>> extend_named_task_left(doc, 4, 6), extend_named_task_left(doc, 9, 11)  # "binary" is a generic word
    (3, 9)
    """
    if end - start < 2:
        return start
    texts, lowers, flags = token_arrays(doc)
    title = all(_title_word(texts[k]) for k in range(start, end))
    new = start
    while new > 0 and start - new < _MAX_TASK_EXTENSION:
        first = new - 2 if new > 1 and texts[new - 1] == "-based" else new - 1  # "Aspect" "-based"
        capitalised = _title_word(texts[first]) and _named_modifier(lowers, flags, first)
        opener = flags.is_sent_start[first]  # a sentence's first word only if the train slice opens a task name
        if opener and lowers[first].split("-")[0] not in _task_phrase_openers():  # with it ("Aspect"; not "Unlike")
            capitalised = False
        if title and capitalised:
            new = first
        elif not title and capitalised and opener:
            new = first
            break
        elif not title and first == new - 1 and _task_modifier_word(texts, flags, first):
            new = first
        else:
            break
    if new == start or (new > 0 and not flags.is_sent_start[new] and not (flags.is_stop[new - 1]
                                                                          or flags.is_punct[new - 1])):
        return start
    return new


@lru_cache(maxsize=1)
def _task_phrase_openers() -> frozenset[str]:
    """First words of the learned task phrases ("aspect", "dialogue", "meme"), the first part of a hyphenated one
    ("multi" of "multi-label"): words the train slice writes before a task name as part of it."""
    return frozenset(phrase.split()[0].split("-")[0] for phrase in word_list("task_phrases.txt") if " " in phrase)


def _title_word(text: str) -> bool:
    """"Arabic", "Large-Scale": a word whose first part is capitalised and the rest lower case."""
    first, *rest = text.split("-")
    return (len(text) > 1 and first[:1].isupper() and first[1:].islower() and first.isalpha()
            and all(part.isalpha() and (part.islower() or part.istitle()) for part in rest))


def _named_modifier(lowers: list[str], flags: TokenFlags, k: int) -> bool:
    """May a word name what a task is about, as a noun or a language does ("Aspect", "Meme", "Arabic")? Not a
    function word, verb or generic word ("Using", "Binary"), nor written like a participle, adverb or adjective
    ("Personalized", "Neural", "Multilingual", "Generative": how the task is done, not what it is about)."""
    lower = lowers[k]
    return (not flags.is_stop[k] and lower not in word_list("verb_like.txt")
            and lower not in word_list("task_modifier_stops.txt")
            and (lower in word_list("languages.txt") or not lower.endswith(_ADJECTIVE_ENDINGS)))


#: Endings of participles, adverbs and adjectives, which say how a task is done rather than what it is about.
_ADJECTIVE_ENDINGS = ("ed", "ing", "ly", "al", "ive", "ous", "ic", "ful", "less", "able", "ible", "-only", "-aware",
                      "-free")


def _task_modifier_word(texts: list[str], flags: TokenFlags, k: int) -> bool:
    text = texts[k]
    return (len(text) > 1 and text.islower() and text.isascii() and not flags.is_stop[k] and not flags.is_sent_start[k]
            and all(part.isalpha() for part in text.split("-")) and not (text.endswith("ly") and len(text) > 5)
            and not text.endswith("ing")
            and text not in word_list("verb_like.txt") and text not in word_list("task_modifier_stops.txt")
            and not (text.endswith("s") and text[:-1] in word_list("verb_like.txt")))  # "that uses NLI"
