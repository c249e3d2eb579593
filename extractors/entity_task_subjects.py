"""Tasks a sentence's subject names when something stands between the subject and what the sentence says of it
(round h15ax): an acronym, a clause between commas, a second subject.

The subject frames of round h15l (``entity_task_frames``: "Sports game summarization focuses on ...") and round
h15aq (``entity_task_purposes.defined_subjects``: "Author stylized rewriting is the task of ...") read the words of a
sentence's start only when the verb follows them at once. Abstracts often put something between:

* the subject's acronym: "Zorb analysis (ZA) is a fundamental task";
* a clause between commas: "Nonmonotonic reasoning, crucial to human cognition, remains a challenging, yet
  understudied task", "Zorb retrieval, which aims to find zorbs, is hard";
* a second subject: "Morphological analysis (MA) and lexical normalization (LN) are both important tasks"; a second
  head with a singular verb shares the first's modifiers, one name: "Scientific keyphrase identification and
  classification is the task of ...".

The subject is one to :data:`~extractors.entity_task_lists.MAX_WORDS` words at a sentence's start: the first
capitalised ("Zorb", not "ZORB" nor "The"), the others lower case and no stop words; a second subject after "and"
is lower case throughout. What the sentence says of it decides how much the name itself must show:

* **it is called a task** ("is / are / remains (both) the task of", "is a(n) (adjectives) task", "are (both)
  (adjectives) tasks"): any name of two words or more, or one word written like a task
  (:func:`~extractors.entity_task_metric_names.task_like`);
* **it is called a problem, an area or a topic, challenging, aiming at something or drawing attention** ("is a
  challenging problem", "is an active research area", "is very challenging", "aims to", "has attracted much
  attention"): only a name that ends in a task head (``phrase_heads.txt``) other than a study's (analysis,
  modeling, understanding, search), as the plain subject frame asks.

Not a subject whose first word is a gerund, an adverb or "Data" ("Building zorbs is a hard task", "Data sparsity is
a main problem"), a field or paradigm (``non_tasks.txt``, ``paradigms.txt``), a name the list rule would refuse as a
task (``entity_task_lists.acceptable_member``: a method head, a participle); "Automatic" and the generic openers of
``task_modifier_stops.txt`` are left out of the name (the annotation drops them).

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline()
>>> texts = ["Zorb sorting (ZS) is a hard task.", "Quux detection, a recent topic, is very challenging."]
>>> [doc[s:e].text for doc in map(nlp, texts) for s, e in subject_tasks(doc, set())]
['Zorb sorting', 'Quux detection']
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.entity_phrases import phrase_heads
from extractors.entity_task_lists import MAX_WORDS, acceptable_member, member_words, noun_like, spaced_words
from extractors.entity_task_metric_names import task_like
from extractors.token_texts import TokenFlags, token_arrays

__all__ = ["SUBJECT_TASK_RULE", "subject_tasks"]

#: The type rule of a task found here.
SUBJECT_TASK_RULE = "subject_task"
#: Verbs that say what the subject is.
_COPULAS = frozenset({"is", "are", "remains", "remain"})
#: The verbs a subject ends at.
_VERBS = _COPULAS | {"aims", "aim"}
#: Words between the verb and what it says ("are both important tasks", "is still a challenging problem").
_ADVERBS = frozenset({"both", "also", "still", "now", "thus", "therefore", "often", "generally", "typically",
                      "usually", "widely", "considered", "regarded", "as"})
#: Degree words before "challenging" ("is very challenging").
_DEGREES = frozenset({"very", "more", "particularly", "extremely", "highly", "quite", "especially", "notoriously",
                      "inherently", "increasingly", "rather", "still", "often"})
#: Nouns a definition calls a task by (no head needed), and nouns it calls a problem by (a task head needed).
_TASK_NOUNS = frozenset({"task", "tasks", "subtask", "subtasks"})
_PROBLEM_NOUNS = frozenset({"problem", "problems", "challenge", "challenges", "area", "topic"})
#: Participles of "has attracted (much) attention" and the like after a subject.
_ATTENTION_VERBS = frozenset({"attracted", "received", "gained", "drawn", "garnered"})
#: Heads that name a study as often as a task (``entity_task_frames``' subject frame leaves them out too): taken only
#: where the sentence calls the subject a task.
_STUDY_HEADS = frozenset({"analysis", "analyses", "modeling", "modelling", "understanding", "search"})
#: At most this many adjectives between the article and the noun ("a challenging, yet understudied task").
_MAX_ADJECTIVES = 4
#: At most this many tokens in a clause between commas after the subject.
_MAX_CLAUSE = 20
#: At most this many characters in an acronym after the subject.
_MAX_ACRONYM = 12
_AUTOMATIC = frozenset({"automatic", "automated"})
#: Words that join adjectives before the noun ("a challenging, yet understudied task").
_JOINERS = frozenset({",", "and", "yet", "but"})


def subject_tasks(doc: Doc, taken: set[int]) -> list[tuple[int, int]]:
    """Token ranges of the task names a sentence's subject gives past an acronym, a clause between commas or a second
    subject (see the module docstring), in text order; ``taken``: the tokens other candidates cover.

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline()
    >>> doc = nlp("Zorb parsing (ZP) and quux normalization (QN) are both important tasks for Zorbish.")
    >>> [doc[s:e].text for s, e in subject_tasks(doc, set())]
    ['Zorb parsing', 'quux normalization']

    The verb right after the subject is the older frames' case; a problem needs a task head; no gerund first:

    >>> texts = ["Zorb sorting is a task.", "Zorb quux (ZQ) is a hard problem.", "Building zorbs (BZ) is a hard task."]
    >>> [subject_tasks(nlp(text), set()) for text in texts]
    [[], [], []]
    """
    texts, lowers, flags = token_arrays(doc)
    is_stop = list(flags.is_stop)
    found = []
    for sent in doc.sents if doc.has_annotation("SENT_START") else [doc[:]]:
        first = _subject(doc, texts, flags, sent.start, sent.end, capitalised=True)
        if first is None:
            continue
        subjects = [first]
        k, between = _past_extras(texts, lowers, first[1], sent.end)
        if k < sent.end and lowers[k] == "and":
            second = _subject(doc, texts, flags, k + 1, sent.end, capitalised=False)
            if second is None:
                continue
            after, _ = _past_extras(texts, lowers, second[1], sent.end)
            if k == first[1] and second[1] - second[0] == 1 and phrase_heads().get(lowers[second[0]]) == "task" \
                    and _predicate(lowers, is_stop, after, sent.end, plural=False) is not None:
                subjects = [(first[0], second[1])]  # "Zorb identification and classification is the task of"
            else:
                subjects.append(second)
            k, between = after, True
        if not between:
            continue  # "Zorb sorting is a task": the older subject frames read it
        says = _predicate(lowers, is_stop, k, sent.end, plural=len(subjects) > 1)
        if says is None and len(subjects) == 1 and first[1] + 1 < sent.end and lowers[first[1]] == "," \
                and lowers[first[1] + 1] == "which":
            says = _predicate(lowers, is_stop, first[1] + 2, sent.end, plural=False)  # "X, which aims to ..."
        for start, end in subjects:
            start = _without_opener(lowers, start, end)
            if says is not None and start < end and not any(t in taken for t in range(start, end)) \
                    and _named(doc, lowers, start, end, needs_head=says != "task"):
                found.append((start, end))
    return found


def _subject(doc: Doc, texts: list[str], flags: TokenFlags, start: int, end: int, *,
             capitalised: bool) -> tuple[int, int] | None:
    """The subject's words from ``start``: the first capitalised (``capitalised``) or lower case, the others lower
    case, no stop word; ``None`` where the first word cannot open a task's name."""
    if start >= end or flags.is_stop[start] or not texts[start][:1].isalpha() \
            or texts[start][:1].isupper() != capitalised:
        return None  # the cheap tests first: a run of punctuation makes one long "word" (tests/test_hostile_text.py)
    first_word = spaced_words(doc, start, start + 1, 1)  # "Video-grounded": one word
    if not first_word:
        return None  # a run of tokens glued by hyphens, longer than a word
    first_end = first_word[0][1]
    first = doc[start:first_end].text
    parts = first.replace("-", " ").split()
    if not parts or flags.is_stop[start] or not all(part.isalpha() for part in parts):
        return None
    if (capitalised and not (first[:1].isupper() and first[1:] == first[1:].lower())) \
            or (not capitalised and first != first.lower()):
        return None
    lower = first.lower()
    if lower.endswith(("ing", "ly")) and not task_like(lower) or lower == "data":
        return None  # "Building zorbs ...", "Succinctly ...", "Data sparsity ..."
    words = member_words(doc, spaced_words(doc, first_end, first_end + 1, 1), list(flags.is_stop))
    stop, count = first_end, 1
    for a, b in words:
        if b > end or texts[a].lower() in _VERBS:
            break  # "Zorb retrieval aims to ...": the subject ends at its verb
        stop, count = b, count + 1
    if count > MAX_WORDS:
        return None  # a name that runs on
    return start, stop


def _past_extras(texts: list[str], lowers: list[str], k: int, end: int) -> tuple[int, bool]:
    """The token after an acronym in brackets and a clause between commas that follow a subject ending at ``k``,
    and whether there was one."""
    between = False
    if k + 2 < end and texts[k] == "(" and texts[k + 2] == ")" and len(texts[k + 1]) <= _MAX_ACRONYM \
            and any(c.isupper() for c in texts[k + 1]):
        k += 3  # "Zorb analysis (ZA) is ..."
        between = True
    if k < end and texts[k] == ",":
        close = next((j for j in range(k + 2, min(end, k + 2 + _MAX_CLAUSE)) if texts[j] == ","), None)
        if close is not None and lowers[k + 1] not in {"and", "or"} and "(" not in texts[k + 1 : close]:
            k = close + 1  # "Zorb analysis, a recent topic, is ...": not a list ("Zorb analysis, quux and ...")
            between = True
    return k, between


def _predicate(lowers: list[str], is_stop: list[bool], k: int, end: int, *, plural: bool) -> str | None:
    """What the words from ``k`` say of the subject: ``"task"`` (called a task), ``"problem"`` (called a problem,
    challenging, or aiming at something) or ``None``."""
    if k >= end:
        return None
    verb = lowers[k]
    if verb in {"aims", "aim"} and k + 1 < end and lowers[k + 1] in {"to", "at"}:
        return "problem" if (verb == "aim") == plural else None
    if verb in {"has", "have"} and (verb == "have") == plural and k + 1 < end and lowers[k + 1] in _ATTENTION_VERBS:
        return "problem"  # "Zorb detection (ZD) has attracted much attention"
    if verb not in _COPULAS or (verb in {"are", "remain"}) != plural:
        return None
    k += 1
    while k < end and lowers[k] in _ADVERBS:
        k += 1
    if lowers[k : k + 3] in (["the", "task", "of"], ["the", "tasks", "of"]):
        return "task"
    if lowers[k : k + 3] == ["the", "problem", "of"]:
        return "problem"
    if k < end and lowers[k] in {"a", "an"}:
        k += 1
    elif not plural:
        while k < end and lowers[k] in _DEGREES:
            k += 1
        return "problem" if k < end and lowers[k] == "challenging" else None  # "is (very) challenging"
    for j in range(k, min(end, k + _MAX_ADJECTIVES + 1)):
        word = lowers[j]
        if (word in _TASK_NOUNS or word in _PROBLEM_NOUNS) and j + 1 < end and noun_like(lowers[j + 1]):
            return None  # "is a task adaptation technique", "is a task force": "task" names the next noun's kind
        if word in _TASK_NOUNS:
            return "task"
        if word in _PROBLEM_NOUNS:
            return "problem"
        if word not in _JOINERS and word not in _DEGREES and (is_stop[j] or not word.replace("-", "").isalpha()):
            return None  # "are important for many tasks": no adjective before the noun ("a very hard task" is one)
    return None


def _without_opener(lowers: list[str], start: int, end: int) -> int:
    """``start`` past "Automatic" and the generic openers (``task_modifier_stops.txt``) that open a longer name."""
    while end - start > 1 and (lowers[start] in _AUTOMATIC or lowers[start] in word_list("task_modifier_stops.txt")):
        start += 1
    return start


def _named(doc: Doc, lowers: list[str], start: int, end: int, *, needs_head: bool) -> bool:
    """May ``doc[start:end]`` be a task's name: no field, paradigm or participle; where ``needs_head``, a task head
    and no method head (``acceptable_member``, strict), else two words or one written like a task?"""
    name = " ".join(lowers[start:end])
    if any(name in word_list(f) for f in ("non_tasks.txt", "paradigms.txt")):
        return False
    if needs_head and (phrase_heads().get(lowers[end - 1].split("-")[-1]) != "task" and not task_like(name)
                       or lowers[end - 1] in _STUDY_HEADS):
        return False
    if end - start == 1:
        return task_like(name)
    last = lowers[end - 1]
    return not last.endswith("ed") and (not needs_head or acceptable_member(doc, start, end, end - start, strict=True))
