"""Lower-case tasks listed beside a task: a candidate source of ``kg_entities`` (round h15ai).

Round h15ai's recall audit (``benchmarks/recall_audit.py``) found the largest class of missed tasks to be lower-case
task names that no rule or list knows, a fifth of them written in a list beside a task that is found: "including
numerical reasoning, common sense reasoning, logical reasoning, and reading comprehension", "tasks—word
discrimination, word segmentation, and semantic sentence similarity", "in image-to-text and text-to-image
retrieval", "multimodal face recognition, unsupervised face clustering, and face matching". A list has one kind, so
the other members of a list with a task in it are tasks. A member is taken when

* it is joined to a task (or to a member taken before it) by a comma, "and", "or" or ", and" / ", or"; a list goes
  on past one member that is no task ("including numerical reasoning, common sense reasoning, logical reasoning":
  "common" is a generic opener), but a member after it must then end in a task head or be written like a task
  (the strict test of :func:`acceptable_member`: not "frozen embeddings, and gradient clipping");
* it is one to :data:`MAX_WORDS` lower-case words (a word: tokens written without a space between them,
  "text-to-image"), none a stop word, the first not a word the corpus uses as a verb (``verb_like.txt``) nor a
  generic opener (``task_modifier_stops.txt``); one word only when it is written like a task by itself
  (:func:`~extractors.entity_task_metric_names.task_like`: "summarization");
* it stands whole between the list's glue and the list's end: before it (a member left of the task) a stop word,
  a punctuation mark, the sentence's start or a word that introduces the list ("including", "like", "namely",
  ...), after it (a member right of the task) a punctuation mark, "and", "or", "task(s)" or the sentence's end —
  not a phrase that runs on ("numerical reasoning and information fusion capabilities of LLMs": the last member is
  no task's name);
* its first word is no gerund unless a task head ends it ("speaking style detection"; not "adding bottleneck
  adapter layer", "leveraging statistical"), its last no participle ("gender biased"), no method head
  (``method_heads.txt``) nor a part's or a loss's ("mean teacher loss", "adapter layer") nor training or
  processing; "task(s)" and "problem(s)" close it and are no part of it;
* it is written like a task (:func:`~extractors.entity_task_metric_names.task_like`), or its head is a task head of
  :func:`~extractors.entity_phrases.phrase_heads` ("textual similarity" too) or names an activity (ends in
  "-ing", "-ation", "-ction", "-sis", "-ment": "face clustering", "spelling normalization"; not "emotion" of
  "cross-lingual emotion and trigger detection"), not a thing ("search engines", "profanity datasets", "translation
  performance");
* it is no field or paradigm (``non_tasks.txt``, ``paradigms.txt``), no metric name, and no other candidate covers
  any of its tokens.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We test on sentiment analysis, zorb sorting, textual zorbity, and zorb datasets.")
>>> [doc[s:e].text for s, e in listed_tasks(doc, [(3, 5)], set())]
['zorb sorting']
"""
from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.entity_phrases import phrase_heads
from extractors.entity_task_metric_names import metric_like, task_like
from extractors.token_texts import span_text, token_arrays, token_flags, token_texts

__all__ = ["LISTED_TASK_RULE", "MAX_WORDS", "MAX_WORD_TOKENS", "acceptable_member", "listed_tasks", "member_words",
           "noun_like", "spaced_words"]

#: The type rule of a task found here.
LISTED_TASK_RULE = "listed_task"
#: At most this many words in a member.
MAX_WORDS = 4
_GLUE = frozenset({",", "and", "or"})
_CLOSERS = frozenset({",", "and", "or", ";", ":", ")", ".", "task", "tasks", "—", "–"})
_NOT_TASKS = ("non_tasks.txt", "paradigms.txt")
#: Nouns that close a list of tasks and are no part of a member ("identification and classification tasks").
_TASK_NOUNS = frozenset({"task", "tasks", "subtask", "subtasks", "problem", "problems"})
#: Most tokens one word glued by hyphens may have ("state-of-the-art": 7; "question-answering": 3).
MAX_WORD_TOKENS = 16
#: Words that introduce a list's members and are no part of one ("systems including summarization, ...").
_INTRODUCERS = frozenset({"including", "like", "especially", "particularly", "namely", "notably", "involving"})
#: Heads of a method's or a part's description, not a task's ("mean teacher loss", "bottleneck adapter layer").
_NOT_HEADS = frozenset({"loss", "losses", "layer", "layers", "module", "modules", "distribution", "distributions",
                        "training", "pretraining", "pre-training", "processing", "preprocessing", "tuning", "setting",
                        "information", "representation", "presentation", "documentation", "implementation"})
#: Endings of a head that names an activity ("face clustering", "claim verification", "query expansion").
_ACTIVITY_ENDINGS = ("ing", "ation", "ction", "sis", "ment")


def spaced_words(doc: Doc, start: int, end: int, step: int) -> list[tuple[int, int]]:
    """Up to ``MAX_WORDS + 1`` words from ``start`` on (``step`` 1) or back from ``end`` (``step`` -1): each a
    token range written without spaces inside, stopping at punctuation other than a hyphen inside a word, and at a
    run of more than :data:`MAX_WORD_TOKENS` tokens glued by hyphens (no word of a name: "Zorb-Zorb-Zorb-...", which
    every caller would otherwise walk whole, once per sentence of the run)."""
    words: list[tuple[int, int]] = []
    n = len(doc)
    texts, spaces = token_texts(doc), token_flags(doc).whitespace  # no Token per test (round h15cm)
    k = start if step == 1 else end - 1
    while 0 <= k < n and len(words) <= MAX_WORDS:
        a = b = k
        while b + 1 < n and b - a < MAX_WORD_TOKENS and not spaces[b] \
                and (texts[b + 1][:1] == "-" or texts[b].endswith("-") or texts[b] == "-"):
            b += 1  # "text-to-image": one word
        while a - 1 >= 0 and b - a < MAX_WORD_TOKENS and not spaces[a - 1] \
                and (texts[a][:1] == "-" or texts[a - 1].endswith("-") or texts[a - 1] == "-"):
            a -= 1
        if b - a >= MAX_WORD_TOKENS:
            break
        words.append((a, b + 1))
        k = b + 1 if step == 1 else a - 1
    return words


def noun_like(lower: str) -> bool:
    """Could ``lower`` be a noun that "task" before it modifies ("automation", "agent", "force" in "a task force"): a
    word of letters that is no function word and no participle ("designed", "defined") or verb of a relative clause?

    >>> [noun_like(w) for w in ["automation", "force", "designed", "of", "aiming"]]
    [True, True, False, False, False]
    """
    return lower.isalpha() and not lower.endswith("ed") and lower not in {"of", "in", "for", "that", "which", "where",
                                                                         "to", "with", "on", "and", "or", "aiming"}


def _member_word(doc: Doc, a: int, b: int, is_stop: list[bool]) -> bool:
    text = span_text(doc, a, b)
    return (text.replace("-", "").isalpha() and text == text.lower() and not text.startswith("-")
            and not text.endswith("-") and not (b - a == 1 and is_stop[a]) and text not in _TASK_NOUNS
            and text not in _INTRODUCERS)


def member_words(doc: Doc, words: list[tuple[int, int]], is_stop: list[bool]) -> list[tuple[int, int]]:
    """The leading words of ``words`` that may belong to a member (lower-case, no stop word)."""
    taken = []
    for a, b in words:
        if not _member_word(doc, a, b, is_stop):
            break
        taken.append((a, b))
    return taken


def acceptable_member(doc: Doc, start: int, end: int, n_words: int, *, strict: bool = False) -> bool:
    """May the member ``doc[start:end]`` of ``n_words`` words be a task (the module docstring)? ``strict``: only a
    task head or a task's writing will do (a member that may share the next member's head)."""
    text = doc[start:end].text
    first, last = text.split()[0].split("-")[0], text.split()[-1].split("-")[-1]
    if n_words > MAX_WORDS or first in word_list("verb_like.txt") or first in word_list("task_modifier_stops.txt"):
        return False
    if (n_words > 1 and first.endswith("ing") and not task_like(text)) or last.endswith("ed") or last in _NOT_HEADS \
            or last in word_list("method_heads.txt"):
        return False  # "adding bottleneck adapter layer", "leveraging statistical", "gender biased": no task
    if any(text in word_list(name) or text.replace("-", " ") in word_list(name) for name in _NOT_TASKS):
        return False
    if metric_like(text):
        return False
    if task_like(text):
        return True
    head = last.lower()
    return n_words > 1 and (phrase_heads().get(head) == "task" or head == "similarity"
                            or (head.endswith(_ACTIVITY_ENDINGS) and not strict))


def listed_tasks(doc: Doc, tasks: Iterable[tuple[int, int]], taken: set[int]) -> list[tuple[int, int]]:
    """Token ranges of the lower-case members of lists that hold one of ``tasks`` (token ranges), in text order
    (see the module docstring); ``taken``: tokens other candidates cover."""
    _, lowers, flags = token_arrays(doc)
    is_stop = list(flags.is_stop)
    n = len(doc)
    found: set[tuple[int, int]] = set()
    queue = [(start, end, False) for start, end in sorted(set(tasks))]
    seen = {(start, end) for start, end, _ in queue}
    passed_by: set[tuple[int, int]] = set()
    while queue:
        start, end, passed = queue.pop()
        for step in (1, -1):
            k = end if step == 1 else start - 1
            glue = 0
            while 0 <= k < n and lowers[k] in _GLUE and glue < 2:
                k += step
                glue += 1
            if not glue or not 0 <= k < n or flags.is_sent_start[k] and step == 1:
                continue
            near = spaced_words(doc, k, k + 1, step) if step == 1 else spaced_words(doc, 0, k + 1, step)
            words = member_words(doc, near, is_stop)
            if not words:
                continue
            if step == 1:
                m_start, m_end = words[0][0], words[-1][1]
                whole = m_end >= n or lowers[m_end] in _CLOSERS or doc[m_end].is_sent_start
            else:
                m_start, m_end = words[-1][0], words[0][1]
                whole = m_start == 0 or is_stop[m_start - 1] or flags.is_punct[m_start - 1] \
                    or doc[m_start].is_sent_start or lowers[m_start - 1] in _INTRODUCERS  # "including X, Y"
            shared = step == -1 and glue == 1 and lowers[start - 1] in {"and", "or"}  # "zorb and quux detection"
            if not whole or any(t in taken for t in range(m_start, m_end)) or (m_start, m_end) in seen:
                continue
            if not acceptable_member(doc, m_start, m_end, len(words), strict=shared or passed):
                if not passed and not shared and (m_start, m_end) not in passed_by:
                    passed_by.add((m_start, m_end))  # the list goes on past a member that names no task
                    queue.append((m_start, m_end, True))
                continue
            found.add((m_start, m_end))
            seen.add((m_start, m_end))
            queue.append((m_start, m_end, False))
    return sorted(found)
