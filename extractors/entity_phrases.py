"""Lower-case task names found by their head word and the corpus: a candidate source of ``kg_entities``.

Many task names are written in lower case only ("reading comprehension", "quality estimation", "numerical
reasoning", "morphological analysis") and end in a noun that ends descriptions as often ("analysis",
"reasoning", "selection", "estimation"), so no other source proposes them: the task rules know the heads of
``task_heads.txt`` (recognition, detection, translation ...) and the learned ``task_phrases.txt``.  This
source proposes a lower-case phrase when

* it ends in a **head word** of ``phrase_heads.txt`` or ``task_heads.txt`` (the head gives the kind), has one
  to three lower-case modifiers before it (no stop words, none the corpus uses as a verb, no generic opener
  such as "novel" or "better", no adverb) and opens after a function word, punctuation, such an opener or a
  sentence start (a sentence's first word may be capitalised: "Morphological analysis is ..."), and
* the Anthology's train slice says it is a name: it writes it right before "task(s)" or "problem(s)", or
  spells it out for an acronym, at least three times (``name_phrases.txt``, learned by
  ``scripts/build_entity_evidence.py`` for the heads of ``phrase_heads.txt``), type rule ``corpus_phrase``;
* and it is no field, paradigm or generic term ("deep learning", "data augmentation").

A second test, off by default (:data:`MIN_REPEATS` ``None``), takes a phrase the abstract writes the same way
at least twice ("cognitive reframing ... cognitive reframing"; type rule ``repeated_phrase``): it raised the
tuning sets' figures but most of what it added to unseen abstracts were descriptions ("error analysis",
"reasoning process generation"; ``docs/extraction.md``, round h15g).

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We study reading comprehension. A qualitative analysis follows.")
>>> [(doc[s:e].text, kind, rule) for s, e, kind, rule in lower_names(doc)]
[('reading comprehension', 'task', 'corpus_phrase')]
"""
from __future__ import annotations

from collections import Counter
from functools import cache
from importlib import resources

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.token_texts import TokenFlags, span_text, token_arrays, token_lowers

__all__ = ["MAX_MODIFIERS", "MIN_REPEATS", "glued_suffix", "head_phrases", "lower_names", "name_modifier",
           "name_phrases", "phrase_heads", "phrase_kinds"]

#: Lower-case words a phrase may have before its head.
MAX_MODIFIERS = 3
#: Lists of lower-case phrases that are no names (fields, paradigms, generic terms).
_NOT_NAMES = ("non_tasks.txt", "paradigms.txt", "generic_terms.txt")
#: Times an abstract must write a phrase the corpus does not know for it to count as a name; ``None``: never
#: (the default: measured in round h15g, not precise enough on unseen abstracts).
MIN_REPEATS: int | None = None


@cache
def phrase_heads() -> dict[str, str]:
    """Head word → kind (``"task"`` / ``"method"``): the task heads of ``task_heads.txt`` and the heads of
    ``phrase_heads.txt`` (heads that end names of tasks or methods but are no task heads of the other rules).

    >>> phrase_heads()["recognition"], phrase_heads()["restoration"], phrase_heads()["comprehension"]
    ('task', 'task', 'task')
    """
    heads: dict[str, str] = dict.fromkeys(word_list("task_heads.txt"), "task")
    for line in _read("phrase_heads.txt").splitlines():
        if line.strip() and not line.startswith("#"):
            word, kind = line.split("\t")
            heads[word.strip().lower()] = kind.strip()
    return heads


@cache
def name_phrases() -> frozenset[str]:
    """The lower-case phrases the train slice calls tasks or spells out for acronyms (``name_phrases.txt``).

    >>> "reading comprehension" in name_phrases()
    True
    """
    return frozenset(line.split("\t")[0] for line in _read("name_phrases.txt").splitlines()
                     if line.strip() and not line.startswith("#"))


def _read(name: str) -> str:
    return resources.files("extractors").joinpath(f"patterns/{name}").read_text("utf-8")


def name_modifier(texts: list[str], flags: TokenFlags, k: int) -> bool:
    """Is token ``k`` (``texts``, ``flags``: its Doc's :func:`~extractors.token_texts.token_arrays`) a lower-case
    word that may stand in a name before its head (a sentence's first word folded)?"""
    text = texts[k]
    if flags.is_sent_start[k] and text[:1].isupper() and text[1:].islower():
        text = text.lower()  # "Punctuation restoration is ..."
    elif not text.islower():
        return False
    verbs = word_list("verb_like.txt")
    return (len(text) > 1 and text.isascii() and not flags.is_stop[k]
            and all(part.isalpha() for part in text.split("-")) and not (text.endswith("ly") and len(text) > 5)
            and text not in verbs and text not in word_list("task_modifier_stops.txt")
            and not (text.endswith("s") and text[:-1] in verbs))  # "that uses attention"


def glued_suffix(texts: list[str], flags: TokenFlags, k: int) -> bool:
    """Is token ``k`` (``k > 0``) a suffix the tokenizer splits off a word ("-level", "-based") that is written as
    part of a modifier?"""
    text = texts[k]
    return text.startswith("-") and text[1:].isalpha() and text[1:].islower() \
        and flags.idx[k] == flags.idx[k - 1] + len(texts[k - 1])


def _opens(lowers: list[str], flags: TokenFlags, k: int) -> bool:
    """May a name open right after token ``k`` (a function word, punctuation, a generic opener or a verb)?"""
    lower = lowers[k]
    return (flags.is_stop[k] or flags.is_punct[k] or lower in word_list("task_modifier_stops.txt")
            or lower in word_list("verb_like.txt"))


def head_phrases(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the lower-case phrases of ``doc`` ending in a head word of ``phrase_heads.txt`` with one
    to :data:`MAX_MODIFIERS` modifiers before it, opening where a name may open, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("we improve punctuation restoration and Tamil dependency parsing with analysis")
    >>> [doc[s:e].text for s, e in head_phrases(doc)]
    ['punctuation restoration']
    >>> doc = blank_pipeline()("we address word-level quality estimation")
    >>> [doc[s:e].text for s, e in head_phrases(doc)]
    ['word-level quality estimation']
    """
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    heads = phrase_heads()
    found = []
    for i in [i for i, lower in enumerate(lowers) if lower in heads]:
        if not flags.is_lower[i] or flags.is_sent_start[i]:
            continue
        start, modifiers = i, 0
        while start > 0 and modifiers < MAX_MODIFIERS and not flags.is_sent_start[start]:
            if name_modifier(texts, flags, start - 1):
                start -= 1
            elif start > 1 and glued_suffix(texts, flags, start - 1) and name_modifier(texts, flags, start - 2) \
                    and not flags.is_sent_start[start - 1]:
                start -= 2  # "word-level", written as "word" + "-level" by the tokenizer: one modifier
            else:
                break
            modifiers += 1
        if start == i:
            continue  # a head alone ("attention") names nothing
        if start > 0 and not flags.is_sent_start[start] and not _opens(lowers, flags, start - 1):
            continue  # the phrase runs on to the left ("Tamil dependency parsing", "four more ..."): not a name's start
        found.append((start, i + 1))
    return found


def lower_names(doc: Doc) -> list[tuple[int, int, str, str]]:
    """``(start, end, kind, type rule)`` of the lower-case names of ``doc`` (see the module docstring): the type
    rule is ``corpus_phrase`` for a phrase of ``name_phrases.txt``, ``repeated_phrase`` for one written
    :data:`MIN_REPEATS` times (when set).

    A learned phrase is found inside a longer one and a longer one's ending outside it: "word-level quality
    estimation" names the learned task "quality estimation" (its modifiers, such as "target-side word-level", make
    a variant the corpus does not name), and "architecture search" is a name because "neural architecture search"
    is (at least two words of a learned phrase's end). The kind is the
    head's, or the one the corpus learned for the phrase (:func:`phrase_kinds`: "maximum likelihood estimation"
    is a method).

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("We study word-level quality estimation, trained with maximum likelihood estimation.")
    >>> [(doc[s:e].text, kind, rule) for s, e, kind, rule in lower_names(doc)]
    [('quality estimation', 'task', 'corpus_phrase'), ('maximum likelihood estimation', 'method', 'corpus_phrase')]
    """
    found = head_phrases(doc)
    if not found:
        return []
    counts = Counter(span_text(doc, start, end).lower() for start, end in found) \
        if MIN_REPEATS is not None else Counter()
    known = name_phrases()
    endings = _learned_endings()
    kinds = phrase_kinds()
    heads = phrase_heads()
    names = []
    for start, end in found:
        text = span_text(doc, start, end).lower()
        if any(text in word_list(name) for name in _NOT_NAMES):
            continue
        inner = next((i for i in range(start, end - 1) if span_text(doc, i, end).lower() in known), None)
        learned = span_text(doc, inner, end).lower() if inner is not None else None
        if inner is not None:
            start = inner  # "word-level quality estimation": the task is the learned "quality estimation"
        elif text in endings:
            learned = endings[text]  # "architecture search": the end of "neural architecture search"
        if learned is not None:
            rule = "corpus_phrase"
        elif MIN_REPEATS is not None and counts[text] >= MIN_REPEATS:
            rule = "repeated_phrase"
        else:
            continue
        names.append((start, end, kinds.get(learned or "", heads[token_lowers(doc)[end - 1]]), rule))
    return names


@cache
def phrase_kinds() -> dict[str, str]:
    """The learned phrases the corpus uses as methods rather than tasks (``phrase_kinds.txt``, learned by
    ``scripts/build_phrase_kinds.py``: written after "using / with / via / by ..." at least as often as after
    "for / on / in / of / to"): phrase → kind.

    >>> phrase_kinds().get("maximum likelihood estimation"), phrase_kinds().get("quality estimation")
    ('method', None)
    """
    kinds = {}
    for line in _read("phrase_kinds.txt").splitlines():
        if line.strip() and not line.startswith("#"):
            phrase, kind = line.split("\t")[:2]
            kinds[phrase] = kind
    return kinds


@cache
def _learned_endings() -> dict[str, str]:
    """Endings of two words or more of the learned phrases of three words or more that are not learned
    themselves: ending → the phrase ("architecture search" → "neural architecture search")."""
    known = name_phrases()
    endings: dict[str, str] = {}
    for phrase in sorted(known):
        words = phrase.split()
        for i in range(1, len(words) - 1):
            ending = " ".join(words[i:])
            if ending not in known:
                endings.setdefault(ending, phrase)
    return endings
