"""Lower-case task names the sentence itself calls a task (round h15l): "the answer selection task", "the task of
cognitive reframing", "the problem of monolingual phrase alignment".

The learned task phrases (``task_phrases.txt``, ``name_phrases.txt``) hold only what the train slice writes often;
a task named once is found here by the frame around it:

* "the X task / problem / subtask" (X two to four lower-case words; round h15ai: also the plural and "a" / "an"
  before "task(s)", "an abductive reasoning task", "the clinical report generation tasks"; not "a ... problem", a
  formulation: "as a multi-way classification problem");
* a sentence that opens with X and goes on with what X is or aims at: "Sports game summarization focuses on ...",
  "Punctuation restoration is a crucial step ...", "Related work section generation aims to ...";
* "the (crucial) task / problem of X" (X two to four lower-case words up to its head; not "the task of parsing",
  too common a word to be named so, nor "a task of automatic identification of ...", a name cut short).

X must end in a task head (``task_heads.txt``: detection, translation …; or a head of ``phrase_heads.txt``:
selection, alignment, reasoning, search …) and hold no stop word; generic modifiers before it
(``task_modifier_stops.txt``: "the challenging answer selection task") are not part of the name, and a field or
paradigm (``non_tasks.txt``: "the downstream task", "the task of machine learning") is none.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We study the answer selection task and the crucial task of cognitive reframing and more.")
>>> [doc[s:e].text for s, e in framed_task_names(doc)]
['answer selection', 'cognitive reframing']
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc, Span

from extractors.entity_lexicon import corpus_kinds, word_list
from extractors.entity_phrases import phrase_heads
from extractors.token_texts import TokenFlags, doc_text, token_arrays, token_lowers

__all__ = ["defined_by_frame", "defines_a_task", "framed_task_names", "task_by_definition"]

_TRIGGER = re.compile(r"\b(?:tasks?|problems?|subtasks?)\b")
_DETERMINERS = frozenset({"the", "this"})
#: Determiners of "the answer selection task" (round h15ai: also "an abductive reasoning task", before "task(s)" only).
_DETERMINERS_BEFORE = _DETERMINERS | {"a", "an"}
_MAX_WORDS = 4


def framed_task_names(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the lower-case task names a frame calls a task (see the module docstring), in text order.

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline()
    >>> doc = nlp("The task of semantic code search is hard. We tackle the problem of monolingual phrase alignment.")
    >>> [doc[s:e].text for s, e in framed_task_names(doc)]
    ['semantic code search', 'monolingual phrase alignment']

    No head, a field, a verb phrase, or one word before "task":

    >>> doc = nlp("the downstream task, the task of correcting typos, the task of machine learning, the parsing task")
    >>> framed_task_names(doc)
    []
    """
    spans = set(_subjects(doc))
    for match in _TRIGGER.finditer(doc_text(doc)):
        span = doc.char_span(match.start(), match.end())
        if span is None:
            continue
        found = _before(doc, span.start) or _after_of(doc, span.start)
        if found is not None:
            spans.add(found)
    return sorted(spans)


def _word(texts: list[str], flags: TokenFlags, k: int) -> bool:
    text = texts[k]
    return (text.islower() and not flags.is_stop[k] and all(part.isalpha() for part in text.split("-"))
            and len(text) > 1)


def _before(doc: Doc, i: int) -> tuple[int, int] | None:
    """"the answer selection task": the words between the determiner and the noun at ``i``."""
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    start = i
    while start > 0 and i - start < _MAX_WORDS + 1 and _word(texts, flags, start - 1):
        start -= 1
    if start == 0 or lowers[start - 1] not in (_DETERMINERS_BEFORE if lowers[i].startswith("task") else _DETERMINERS):
        return None  # "a zorb classification problem" is a formulation, "a zorb classification task" a task
    stops = word_list("task_modifier_stops.txt")
    while start < i and lowers[start] in stops:
        start += 1
    if i - start < 2 or i - start > _MAX_WORDS:
        return None
    return _named(doc, start, i)


def _after_of(doc: Doc, i: int) -> tuple[int, int] | None:
    """"the (crucial) task of cognitive reframing": the words after "of", up to the next word that is no name's."""
    texts, lowers, flags = token_arrays(doc)
    if i < 1 or i + 2 >= len(doc) or lowers[i + 1] != "of":
        return None
    j = i - 1
    stops = word_list("task_modifier_stops.txt")
    while j > 0 and (lowers[j] in stops or lowers[j] in {"crucial", "important", "difficult", "hard"}):
        j -= 1
    if lowers[j] not in _DETERMINERS:
        return None
    start = end = i + 2
    while end < len(doc) and end - start < _MAX_WORDS + 1 and _word(texts, flags, end):
        end += 1
    heads = phrase_heads()
    while end > start + 1 and heads.get(lowers[end - 1].split("-")[-1]) != "task":
        end -= 1  # "the problem of monolingual phrase alignment conforming to ...": the name ends at its head
    if end == start or end - start > _MAX_WORDS or lowers[start].endswith("ing") and end - start > 1:
        return None  # "the task of building supervised models": a verb phrase, not a name
    if end - start < 2 or end < len(doc) and lowers[end] == "of":
        return None  # "the task of parsing": one word is too common a name; "automatic identification of X"
    return _named(doc, start, end)


def _named(doc: Doc, start: int, end: int) -> tuple[int, int] | None:
    words = token_lowers(doc)[start:end]
    if " ".join(words) in word_list("non_tasks.txt"):
        return None
    if phrase_heads().get(words[-1].split("-")[-1]) != "task":
        return None  # "question-answering" ends in the head "answering" (round h15ax)
    return start, end


#: Verbs after a sentence's subject that say what a task is or aims at.
_SUBJECT_VERBS = frozenset({"is", "are", "aims", "focuses", "remains", "refers", "involves", "requires", "seeks",
                            "plays", "attempts", "consists", "has"})


#: Heads that name a study as often as a task when they open a sentence ("Behavioral analysis is ...").
_STUDY_HEADS = frozenset({"analysis", "analyses", "modeling", "modelling", "understanding", "search"})


def _subjects(doc: Doc) -> list[tuple[int, int]]:
    """"Sports game summarization focuses on ...": a sentence's first words, two to four, the first capitalised and
    the others lower case, ending in a task head and followed by a verb of :data:`_SUBJECT_VERBS`."""
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    found = []
    for sent in doc.sents if doc.has_annotation("SENT_START") else [doc[:]]:
        start = sent.start
        first = texts[start]
        if not (first[:1].isupper() and first[1:].islower() and not flags.is_stop[start]
                and all(part.isalpha() for part in first.split("-"))):
            continue
        end = start + 1
        while end < sent.end and end - start < _MAX_WORDS + 1 and _word(texts, flags, end) \
                and lowers[end] not in _SUBJECT_VERBS:
            end += 1
        if 2 <= end - start <= _MAX_WORDS and end < sent.end and lowers[end] in _SUBJECT_VERBS \
                and lowers[end - 1] not in _STUDY_HEADS:
            named = _named(doc, start, end)
            if named is not None:
                found.append(named)
    return found


#: Adjectives between "is a" and "task" / "problem" in a task's definition ("is a challenging task").
_MAX_DEFINITION_ADJECTIVES = 3
#: Nouns a definition calls a task by ("X (ACR) is a fundamental problem in ...").
_DEFINITION_NOUNS = frozenset({"task", "problem", "subtask"})


def defines_a_task(doc: Doc, long_start: int, short_start: int, short_end: int) -> bool:
    """Does a sentence open with an acronym pair, the long form first, and go on with what a task is or aims at
    (round h15aa): "Visual-Semantic Embedding (VSE) aims to learn ...", "Zorb error correction (ZEC) is the task
    of ...", "Zorb Essay Generation (ZEG) is a challenging task in ..."? Then the pair names a task, whatever its
    head word ("Embedding").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Visual-Semantic Embedding (VSE) aims to learn a space. We use Zorb Nets (ZN) to learn.")
    >>> defines_a_task(doc, 0, 3, 4), defines_a_task(doc, 13, 16, 17)
    (True, False)
    >>> doc = blank_pipeline()("Zorb Graph Completion (ZGC) is a challenging and open problem.")
    >>> defines_a_task(doc, 0, 4, 5)
    True
    """
    texts, lowers, flags = token_arrays(doc)
    if not (0 < short_start and texts[short_start - 1] == "(" and short_end + 2 < len(doc)
            and texts[short_end] == ")" and long_start < short_start and flags.is_sent_start[long_start]):
        return False
    k = short_end + 1
    if lowers[k] == "aims":
        return lowers[k + 1] == "to"
    if lowers[k] not in {"is", "refers"}:
        return False
    words = lowers[k + 1 : k + 4 + _MAX_DEFINITION_ADJECTIVES]
    if words[:2] == ["to", "the"]:
        words = words[1:]  # "refers to the task of"
    if words[:3] in (["the", "task", "of"], ["the", "problem", "of"]):
        return True
    if words[:1] not in (["a"], ["an"]):
        return False
    for word in words[1:]:
        if word in _DEFINITION_NOUNS:
            return True
        if word not in {"and", ","} and not word.isalpha():
            return False
    return False


def task_by_definition(doc: Doc, long_start: int, long_end: int, short_start: int, short_end: int) -> bool:
    """Does the acronym pair ``long_start:long_end`` (long form) and ``short_start:short_end`` name a task by its
    definition sentence (:func:`defines_a_task`)? Not a pair the corpus calls a method (``corpus_kinds.txt``:
    "Knowledge distillation (KD) aims to ...", "Active learning (AL) aims to ...") or a field or paradigm
    (``non_tasks.txt``, ``generic_terms.txt``).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Visual-Semantic Embedding (VSE) aims to learn a space.")
    >>> task_by_definition(doc, 0, 2, 3, 4)
    True
    """
    short = doc[short_start:short_end].text
    return (corpus_kinds().get(short) != "method"
            and doc[long_start:long_end].text.lower() not in word_list("non_tasks.txt")
            and short.lower() not in word_list("generic_terms.txt")
            and defines_a_task(doc, long_start, short_start, short_end))


def defined_by_frame(doc: Doc, acronyms: Sequence[Span]) -> set[str]:
    """The short forms of the acronym pairs (``kg_acronyms``: short and long forms alternate) that a sentence
    defines as a task (:func:`task_by_definition`): their other mentions in the abstract are the task too."""
    return {short.text for short, long_ in zip(acronyms[::2], acronyms[1::2])
            if long_.end <= short.start and task_by_definition(doc, long_.start, long_.end, short.start, short.end)}
