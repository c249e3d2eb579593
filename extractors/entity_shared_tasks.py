"""The task a shared task names (round h15l): "SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis".

A system-description abstract names the task it took part in by the shared task's own title, capitalised,
in one of three places:

* after the task's number: "SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis", "SemEval-2021 Task-4
  Reading Comprehension of Abstract Meaning", "Task 2 (post-editing effort estimation) of the shared task";
* before "(shared) task": "the WMT23 Discourse-Level Literary Translation shared task", "SemEval-2022
  Multilingual News Article Similarity task", "the Financial Narrative Summarization Shared Task (FNS-2022)",
  when its last word names an activity (not "the Hateful Memes task", "the Lookup Table task") and no
  preposition stands before it (not "the Social Media Mining for Health Applications shared task");
* after "the shared task": "the shared task Multimodal Hate Speech Event Detection was organized ...".

The title is a run of capitalised words joined by "of" / "and" ("Reading Comprehension of Abstract Meaning");
"in", "for", "on" … end it ("Stance Detection in Arabic Language" is the task "Stance Detection"). A run
holding an all-capitals word or a mixed-case name ("Task 6: LegalEval: …", "OffensEval 2: …") names a dataset or
an edition, not a task, and a run of one word ("the WMT 2023 Metrics Shared Task") is no task's name. Only the
abstract is read: a title's "TEAM at SemEval-2023 Task 9: …" goes on with the paper's own title.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We took part in SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis.")
>>> [doc[s:e].text for s, e in shared_task_names(doc)]
['Multilingual Tweet Intimacy Analysis']
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.entity_phrases import phrase_heads
from extractors.token_texts import doc_text

__all__ = ["shared_task_names"]

#: Where a shared task's number or the words "shared task" / "task" stand: the only places the rule looks.
_TRIGGER = re.compile(r"\b(?:Task(?:-\d+[a-z]?)?|[Ss]hared [Tt]asks?|task)\b")
#: A task's number after "Task": "9", "5a", "1.2".
_NUMBER = re.compile(r"^\d+(?:\.\d+)?[a-z]?$")
#: Lower-case words that may join the capitalised words of a shared task's title.
_JOINERS = frozenset({"of", "and"})
#: Tokens between "Task N" and the title.
_OPENERS = frozenset({":", "-", "–", "—", "“", "”", '"', "‘", "’", "'"})
#: Words of an event's name, not of the task it sets ("Shared", "Workshop").
_EVENT_WORDS = frozenset({"shared", "task", "tasks", "workshop", "challenge", "competition", "track", "campaign"})
#: Prepositions that make the words after them the tail of a longer name.
_NAME_PREPOSITIONS = frozenset({"for", "of", "on", "in", "to", "with", "from"})
#: Endings of a last word that names an activity ("Translation", "Similarity", "Relatedness", "Parsing").
_ACTIVITY_ENDINGS = ("tion", "sion", "ment", "ing", "sis", "ity", "ness")
_MAX_WORDS = 10  # words of a title: more is a sentence, not a name
_MIN_CAPITALISED = 2


def shared_task_names(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the shared-task titles of ``doc`` that name a task (see the module docstring), in text order.

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline()
    >>> doc = nlp("Our submission to the WMT23 Discourse-Level Literary Translation shared task. The shared task "
    ...           "Zorbish Hate Speech Event Detection was held at CASE. We entered Task 2 (post-editing effort "
    ...           "estimation) of the shared task.")
    >>> [doc[s:e].text for s, e in shared_task_names(doc)]
    ['Discourse-Level Literary Translation', 'Zorbish Hate Speech Event Detection', 'post-editing effort estimation']

    Not an edition's or a dataset's name, nor one word, nor words after "in":

    >>> doc = nlp("Task 6: LegalEval: Understanding Legal Texts. The WMT 2023 Metrics Shared Task. SemEval-2020 Task "
    ...           "12: Zorbish Stance Detection in Arabic Tweets.")
    >>> [doc[s:e].text for s, e in shared_task_names(doc)]
    ['Zorbish Stance Detection']
    """
    text = doc_text(doc)
    if "ask" not in text:
        return []
    spans: set[tuple[int, int]] = set()
    for match in _TRIGGER.finditer(text):
        span = doc.char_span(match.start(), match.end(), alignment_mode="expand")
        if span is None:
            continue
        found = _after_number(doc, span.start) if match[0].startswith("Task") else None
        if found is None and match[0].lower().startswith("shared"):
            found = _title_run(doc, span.end) if span.end < len(doc) and doc[span.end].text[:1].isupper() else None
        if found is None and not match[0].startswith("Task-"):
            found = _before(doc, span.start)
        if found is not None:
            spans.add(found)
    return sorted(spans)


def _after_number(doc: Doc, i: int) -> tuple[int, int] | None:
    """The title after "Task N" ("Task 9: X", "Task-4 X", "Task 2 (x y z)") with the token "Task" at ``i``."""
    token = doc[i]
    if token.text == "Task" and i + 1 < len(doc) and _NUMBER.match(doc[i + 1].text):
        j = i + 2
    elif token.text.startswith("Task-") and _NUMBER.match(token.text[5:]):
        j = i + 1
    else:
        return None
    edition = i > 0 and (any(ch.isdigit() for ch in doc[i - 1].text) or doc[i - 1].text[:1].isupper())
    if not edition and not (j < len(doc) and doc[j].text == "("):
        return None  # "the Task 2 results": only a series' edition numbers its tasks ("SemEval-2023 Task 9")
    if j < len(doc) and doc[j].text == "(":
        return _in_parentheses(doc, j + 1)
    while j < len(doc) and doc[j].text in _OPENERS:
        j += 1
    return _title_run(doc, j)


def _in_parentheses(doc: Doc, start: int) -> tuple[int, int] | None:
    """"Task 2 (post-editing effort estimation)": two or more words up to ")" or ";", all lower case or a title."""
    end = start
    while end < len(doc) and end - start <= _MAX_WORDS and doc[end].text not in {")", ";", ","}:
        end += 1
    if end >= len(doc) or doc[end].text not in {")", ";"} or end - start < 2:
        return None
    words = doc[start:end]
    if all(t.is_lower and t.is_alpha or "-" in t.text and t.text.replace("-", "").isalpha() and t.text.islower()
           for t in words):
        return start, end
    title = _title_run(doc, start)
    return title if title is not None and title[1] == end else None


def _before(doc: Doc, i: int) -> tuple[int, int] | None:
    """The title right before "shared task" / "task" (the token at ``i``): "the WMT23 Discourse-Level Literary
    Translation shared task"; the word before it must be lower case, punctuation or an edition (a digit in it)."""
    end = i
    start = end
    while start > 0 and end - start < _MAX_WORDS and (_capitalised(doc[start - 1])
                                                       or doc[start - 1].text in _JOINERS):
        start -= 1
    while start < end and doc[start].text in _JOINERS:
        start += 1
    if start == end or start == 0 and end - start < _MIN_CAPITALISED:
        return None
    before = doc[start - 1] if start > 0 else None
    if before is not None and not (before.is_lower or before.is_punct or any(ch.isdigit() for ch in before.text)):
        return None  # "the SQuAD Question Answering task": part of a longer name
    if before is not None and before.lower_ in _NAME_PREPOSITIONS:
        return None  # "the Social Media Mining for Health Applications shared task": the tail of a longer name
    last = doc[end - 1].lower_.split("-")[-1]
    if phrase_heads().get(last) != "task" and not last.endswith(_ACTIVITY_ENDINGS):
        return None  # "the Hateful Memes task", "the Lookup Table task": no activity, a dataset's or a game's name
    return _checked(doc, start, end)


def _title_run(doc: Doc, start: int) -> tuple[int, int] | None:
    """The capitalised words (joined by "of" / "and") from ``start``, or ``None`` when they name no task."""
    end = start
    while end < len(doc) and end - start < _MAX_WORDS and (_capitalised(doc[end]) or doc[end].text in _JOINERS):
        end += 1
    while end > start and doc[end - 1].text in _JOINERS:
        end -= 1
    if end < len(doc) and (doc[end].text[:1].isupper() or doc[end].text == ":"):
        return None  # "Task 6: LegalEval: ...", "Task 12: OffensEval 2: ...": an edition's name comes first
    return _checked(doc, start, end)


def _checked(doc: Doc, start: int, end: int) -> tuple[int, int] | None:
    words = [t for t in doc[start:end] if t.text not in _JOINERS]
    if len(words) < _MIN_CAPITALISED or doc[start].is_stop or doc[start].lower_ in {"first", "second", "third"} \
            or any(t.lower_ in _EVENT_WORDS for t in words) \
            or doc[start:end].text.lower() in word_list("non_tasks.txt"):
        return None  # "the Shared News Translation Task", "the Natural Language Processing task"
    return start, end


def _capitalised(token) -> bool:
    """A title-case word: "Tweet", "Discourse-Level", "Fine-grained"; not "LegalEval", "WMT", "BERT", "2023"."""
    parts = token.text.split("-")
    return (token.text[:1].isupper() and all(p.isalpha() for p in parts)
            and all(p[1:].islower() or len(p) == 1 for p in parts if p) and parts[0][1:].islower())
