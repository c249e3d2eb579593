"""Task names the train slice writes inside task frames, found where an abstract writes them with no frame.

``framed_task_names.txt`` (learned by ``scripts/build_task_names.py`` from the train slice) counts, for each
lower-case name, its uses inside task frames ("the reverse dictionary task", "the task of definition modeling",
"Authorship verification aims to ...") and its uses anywhere.  A name is read as a task wherever it is written when

* the frames that say "task" of a name in the singular or define it hold at least :data:`MIN_STRONG` of its uses
  ("the X task", "the task of X", "X aims to / is the task of"; "on X tasks" alone does not count: "on multiple
  downstream tasks", "on knowledge-intensive tasks" are kinds of tasks, not names), at least :data:`MIN_SHARE` of
  all its uses are framed, and it has two words or more — one word only when sentences open with it and define
  it at least :data:`MIN_DEFINED_WORD` times ("Text-to-SQL aims to ..."): one-word names in frames are mostly
  adjectives ("the daunting task", "the second task") or senses ("annotation", "classification");
* its first word is no generic opener, adverb or verb ("solve complex reasoning tasks"), its last word makes
  no field with "task" ("related downstream": ``non_tasks.txt`` has "downstream task"), and no other learned list
  holds it (``task_phrases.txt``, ``name_phrases.txt``: their rules and guards decide "word similarity",
  "reading comprehension");

and the abstract writes it as a name of its own: not right after a lower-case word (the tail of a longer phrase:
"unsupervised text style transfer" is matched whole or not at all) nor right before one (a modifier: "reverse
dictionary models", "word analogy benchmarks"), except "task(s)", a verb ("we study reverse dictionary",
"Text-to-SQL remains") and a generic opener; nor after "a" / "an" as the head of its noun phrase (a thing, not the
task: "performing a lexical search for a reverse dictionary", "we formulate a visual dialog as an information flow";
"a text-to-SQL model" is the model's task).

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We study reverse dictionary and definition modeling. Text-to-SQL remains hard.")
>>> [doc[s:e].text for s, e in learned_task_names(doc)]
['reverse dictionary', 'definition modeling', 'Text-to-SQL']
>>> doc = nlp("Our reverse dictionary models and a definition modeling benchmark.")
>>> learned_task_names(doc)
[]
"""
from __future__ import annotations

from functools import cache
from importlib import resources

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.entity_phrases import name_phrases
from extractors.token_texts import token_arrays

__all__ = ["MIN_DEFINED_WORD", "MIN_SHARE", "MIN_STRONG", "learned_names", "learned_task_names"]

#: Uses in the frames that call one name a task ("the X task", "the task of X", "X aims to ...").
MIN_STRONG = 2
#: Share of a name's uses (written on its own) that the frames hold.
MIN_SHARE = 0.1
#: Definitions ("X aims to", "X is the task of") a one-word name needs.
MIN_DEFINED_WORD = 2
_MAX_WORDS = 4
#: Words after a name that keep it a name (the frame itself).
_FRAME_WORDS = frozenset({"task", "tasks", "subtask", "subtasks", "shared"})
#: Articles that make a name heading its noun phrase one thing ("a reverse dictionary"), not the task.
_INDEFINITE = frozenset({"a", "an"})


@cache
def learned_names() -> frozenset[str]:
    """The names of ``framed_task_names.txt`` that pass the tests of the module docstring.

    >>> names = learned_names()
    >>> "reverse dictionary" in names, "related downstream" in names, "daunting" in names, "text-to-sql" in names
    (True, False, False, True)
    """
    text = resources.files("extractors").joinpath("patterns/framed_task_names.txt").read_text("utf-8")
    stops = word_list("task_modifier_stops.txt") | word_list("verb_like.txt")
    fields = word_list("non_tasks.txt")
    owned = word_list("task_phrases.txt") | name_phrases()  # their rules and guards own them ("word similarity")
    names = set()
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, framed, uses, before, _plural, of, subject = line.split("\t")
        words = name.split()
        strong = int(before) + int(of) + int(subject)
        if strong < MIN_STRONG or int(framed) < MIN_SHARE * int(uses):
            continue
        if len(words) == 1 and int(subject) < MIN_DEFINED_WORD:
            continue
        if name in owned or words[0] in stops or words[0].endswith("ly") or f"{words[-1]} task" in fields:
            continue
        names.add(name)
    return frozenset(names)


@cache
def _first_words() -> frozenset[str]:
    """The first words of :func:`learned_names`: a token that is none of them opens no name, so
    :func:`learned_task_names` joins no phrase there (it runs on every token of every abstract)."""
    return frozenset(name.split()[0] for name in learned_names())


def _free_word(text: str, is_stop: bool) -> bool:
    """A lower-case word that would make a name longer: not a function word, punctuation, a verb the corpus uses
    ("study", "remains": ``verb_like.txt``) or a generic opener ("novel": ``task_modifier_stops.txt``)."""
    if not text.islower() or is_stop or not any(c.isalpha() for c in text):
        return False
    verbs = word_list("verb_like.txt")
    return not (text in verbs or text.endswith("s") and text[:-1] in verbs
                or text in word_list("task_modifier_stops.txt"))


def learned_task_names(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges where ``doc`` writes a name of :func:`learned_names` on its own, longest first, in text order."""
    names, openers = learned_names(), _first_words()
    texts, lowers, flags = token_arrays(doc)
    n = len(doc)
    found: list[tuple[int, int]] = []
    k = 0
    while k < n:
        if lowers[k] not in openers:
            k += 1
            continue
        for size in range(min(_MAX_WORDS, n - k), 0, -1):
            end = k + size
            if " ".join(lowers[k:end]) not in names:
                continue
            first = texts[k]
            if not (first.islower() or flags.is_sent_start[k] or "-to-" in first):
                break  # "Reverse Dictionary" inside a title: a capitalised rule's
            if k > 0 and _free_word(texts[k - 1], flags.is_stop[k - 1]):
                break
            if end < n and _free_word(texts[end], flags.is_stop[end]) and lowers[end] not in _FRAME_WORDS:
                break
            modifier = end < n and texts[end][:1].isalpha() and texts[end].islower() and not flags.is_stop[end]
            if k > 0 and lowers[k - 1] in _INDEFINITE and not modifier:
                break  # "build a reverse dictionary for Zorbish": the resource; "a text-to-SQL model" keeps it
            found.append((k, end))
            k = end - 1
            break
        k += 1
    return found
