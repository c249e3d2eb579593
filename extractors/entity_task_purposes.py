"""Lower-case tasks named as the purpose of a thing: "a multilingual dataset for ad hoc retrieval" (round h15aq).

Round h15aq read every missed task of the read sets (tune, tune2, tune3, tune5, tune6; ``benchmarks/task_errors.py``):
most are lower-case names that no learned phrase or frame knows and that end in a task head ("ad hoc retrieval",
"sentence similarity modeling", "emphasis selection", "MWE identification"). A head alone is no evidence: "feature
selection" and "qualitative analysis" end in the same heads (``phrase_heads.txt``). What makes such a phrase a task
is a frame, and a frequent one is the **purpose of a thing the paper builds or uses**: "a dataset / corpus /
benchmark / model / method / approach / system / framework ... **for** X". A name is taken there when

* the word before "for" is a noun of such a thing (:data:`_THING_NOUNS`), singular or plural;
* X is one to :data:`~extractors.entity_task_lists.MAX_WORDS` lower-case words (tokens written without a space
  between them are one word: "text-to-image"), none a stop word, and stands whole: after it a punctuation mark, a
  stop word ("across", "in", "and") or the text's end, not another name-like word ("for emotion recognition
  models" is no task's name: its head is "models");
* X is written like a task (:func:`~extractors.entity_task_metric_names.task_like`) or, of two words or more, ends
  in a task head of ``phrase_heads.txt`` (the same test as a list's member that may share a head:
  ``entity_task_lists.acceptable_member`` with ``strict``), its first word no verb form nor a generic opener, no
  field or paradigm (``non_tasks.txt``, ``paradigms.txt``), no metric;
* no candidate the pipeline kept covers any of its tokens.

The tasks found here seed the list rule (``entity_task_lists``) like any other task: "benchmark datasets for word
similarity and word categorization tasks" gives both.

A second frame says "task" itself, so it needs no task head (:func:`defined_subjects`): a sentence's subject followed
by "is the task of" or "is a(n) (adjectives) task" ("Author stylized rewriting is the task of ...", "Readability
assessment is a basic research task"); the subject frame of ``entity_task_frames`` takes only names with a head.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We release a dataset for zorb retrieval across languages and a model for zorb feature.")
>>> [doc[s:e].text for s, e in purpose_tasks(doc, set())]
['zorb retrieval']
"""
from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_lexicon import word_list
from extractors.entity_phrases import phrase_heads
from extractors.entity_task_lists import (
    LISTED_TASK_RULE,
    MAX_WORDS,
    acceptable_member,
    listed_tasks,
    member_words,
    spaced_words,
)
from extractors.entity_task_metric_names import task_like
from extractors.entity_task_subjects import SUBJECT_TASK_RULE, subject_tasks
from extractors.entity_tasks import crossing_task_phrases
from extractors.token_texts import token_arrays
from ontology.kinds import EntityKind

__all__ = ["PURPOSE_TASK_RULE", "WORK_TASK_RULE", "purpose_tasks", "task_candidates_beside", "work_tasks"]

#: The type rule of a task found here.
PURPOSE_TASK_RULE = "purpose_task"
#: The type rule of a task named "A-to-B" and a task head (``entity_tasks.crossing_task_phrases``): a task phrase,
#: as the learned ``task_phrases.txt`` would name it had the train slice written it three times.
CROSSING_TASK_RULE = "task_phrase"
#: The type rule of a task named after a noun of work on it (:func:`work_tasks`).
WORK_TASK_RULE = "work_task"
#: Nouns of the things a paper builds or uses for a task ("a dataset for ...", "approaches for ...").
_THING_NOUNS = frozenset({
    "dataset", "datasets", "corpus", "corpora", "benchmark", "benchmarks", "model", "models", "method", "methods",
    "approach", "approaches", "system", "systems", "framework", "frameworks", "technique", "techniques", "tool",
    "tools", "toolkit", "toolkits", "resource", "resources", "architecture", "architectures", "pipeline", "pipelines",
    "algorithm", "algorithms", "baseline", "baselines", "strategy", "strategies", "data", "embeddings", "metric",
    "metrics", "testbed", "suite", "solution", "solutions", "network", "networks", "classifier", "classifiers",
})

#: Words the annotation leaves out of a task's name ("automatic tagging" is tagging).
_AUTOMATIC = frozenset({"automatic", "automated"})
#: Bare activities that name a family of tasks ("tools for translation", "algorithms for parsing"), not a task.
_BARE = frozenset({"translation", "parsing"})

#: Task heads that, after "for", name a step of the authors' work or a human faculty as often as a task ("an approach
#: for feature selection", "models for module selection", "a framework for formal inference", "a tool for studying
#: language comprehension"; read on unannotated abstracts).
_GENERIC_HEADS = frozenset({"selection", "inference", "comprehension"})


#: Nouns of work on a task and the prepositions that join them to it (round h15ax): "state-of-the-art performance on
#: zorb detection", "progress in zorb retrieval", "approaches to zorb sorting", "results for zorb tagging".
_WORK_NOUNS = frozenset({
    "performance", "results", "improvement", "improvements", "advances", "progress", "challenges", "research",
    "work", "studies", "experiments", "state-of-the-art", "accuracy", "gains",
})
_WORK_PREPOSITIONS = frozenset({"in", "on", "for"})
#: Nouns that take "to" before the task they address ("approaches to zorb sorting").
_TO_NOUNS = frozenset({"approach", "approaches", "solutions", "challenges", "contributions"})


def _purpose_trigger(lowers: list[str], k: int) -> bool:
    return lowers[k] == "for" and lowers[k - 1] in _THING_NOUNS


def _work_trigger(lowers: list[str], k: int) -> bool:
    return (lowers[k] in _WORK_PREPOSITIONS and lowers[k - 1] in _WORK_NOUNS
            or lowers[k] == "to" and lowers[k - 1] in _TO_NOUNS) and not _purpose_trigger(lowers, k)


def work_tasks(doc: Doc, taken: set[int]) -> list[tuple[int, int]]:
    """Token ranges of the tasks named after a noun of work on them (round h15ax: "performance on X", "progress in
    X", "approaches to X"), with the tests of :func:`purpose_tasks`; ``taken``: the tokens other candidates cover.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We report progress in zorb retrieval, approaches to quux tagging and work on zorbs.")
    >>> [doc[s:e].text for s, e in work_tasks(doc, set())]
    ['zorb retrieval', 'quux tagging']
    """
    return _tasks_after(doc, taken, _work_trigger)


def purpose_tasks(doc: Doc, taken: set[int]) -> list[tuple[int, int]]:
    """Token ranges of the tasks named as a thing's purpose ("a dataset for X"; see the module docstring), in text
    order; ``taken``: the tokens other candidates cover.

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline()
    >>> doc = nlp("Methods for zorb identification, tools for summarization and data for feature selection models.")
    >>> [doc[s:e].text for s, e in purpose_tasks(doc, set())]
    ['zorb identification', 'summarization']

    Not after a word that is no thing, not a name that runs on, not one word a task is not written like:

    >>> doc = nlp("We ask for zorb identification. A model for zorb identification Zorb. A system for zorbing.")
    >>> purpose_tasks(doc, set())
    []

    A second head after "and" that is no task by itself shares the name's modifiers (round h15ax):

    >>> doc = nlp("A dataset for zorb identification and classification. A dataset for zorb tagging and parsing.")
    >>> [doc[s:e].text for s, e in purpose_tasks(doc, set())]
    ['zorb identification and classification', 'zorb tagging']
    """
    return _tasks_after(doc, taken, _purpose_trigger)


def _tasks_after(doc: Doc, taken: set[int], trigger: Callable[[list[str], int], bool]) -> list[tuple[int, int]]:
    """The task names after each preposition ``k`` for which ``trigger(lowers, k)`` holds (the tests of
    :func:`purpose_tasks`)."""
    _, lowers, flags = token_arrays(doc)
    is_stop = list(flags.is_stop)
    n = len(doc)
    found = []
    heads = phrase_heads()
    for k in range(1, n - 1):
        if not trigger(lowers, k):
            continue
        words = member_words(doc, spaced_words(doc, k + 1, k + 2, 1), is_stop)
        gerund = len(words) > 1 and lowers[words[0][0]].endswith("ing") and heads.get(lowers[words[0][0]]) != "task"
        if gerund or len(words) > 1 and lowers[words[0][0]] in _AUTOMATIC:
            words = words[1:]  # "metrics for evaluating subtitle segmentation", "tools for automatic tagging"
        if not words or len(words) > MAX_WORDS:
            continue
        start, end = words[0][0], words[-1][1]
        whole = end >= n or flags.is_punct[end] or is_stop[end] and lowers[end] != "of" or flags.is_sent_start[end]
        if not whole or any(t in taken for t in range(start, end)) or end - start == 1 and lowers[start] in _BARE \
                or gerund and heads.get(lowers[end - 1]) != "task" or lowers[end - 1] in _GENERIC_HEADS \
                or any(lowers[a:b][-1].endswith("ing") for a, b in words[1:-1]):
            continue  # "for automatic generation of reports": cut short; "for measuring semantic similarity"
        if acceptable_member(doc, start, end, len(words), strict=True):
            found.append((start, _shared_heads(lowers, is_stop, flags.is_punct, end) if len(words) > 1 else end))
    return found


def _shared_heads(lowers: list[str], is_stop: list[bool], is_punct: list[bool], end: int) -> int:
    """The end of a task's name of two words or more past "and" / "or" and a second head that shares its modifiers,
    where nothing follows it but a stop word, a participle or "task(s)" ("zorb identification and classification
    compared to ...": one task; round h15ax; not "lemmatization and tagging", two tasks, nor "zorb retrieval and
    summarization", whose second head is a task by itself)."""
    if end + 2 <= len(lowers) and lowers[end] in {"and", "or"} and phrase_heads().get(lowers[end + 1]) == "task" \
            and not task_like(lowers[end + 1]) \
            and (end + 2 == len(lowers) or is_punct[end + 2] or is_stop[end + 2] and lowers[end + 2] != "of"
                 or lowers[end + 2].endswith("ed") or lowers[end + 2] in {"task", "tasks"}):
        return end + 2
    return end


def defined_subjects(doc: Doc, taken: set[int]) -> list[tuple[int, int]]:
    """Token ranges of a sentence's subject that the sentence defines as a task, whatever its head: "Zorb quuxing
    is the task of ...", "Zorb grouping is an important task" (two to four words, the first capitalised, the others
    lower case; not a gerund, an adverb, a determiner or other stop word, "Data ...", a field or paradigm;
    "Automatic" and the generic openers of ``task_modifier_stops.txt`` are left out of the name).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Zorb quuxing is the task of adding quux. Building zorbs is a hard task.")
    >>> [doc[s:e].text for s, e in defined_subjects(doc, set())]
    ['Zorb quuxing']
    """
    texts, lowers, flags = token_arrays(doc)
    is_stop = list(flags.is_stop)
    found = []
    for sent in doc.sents if doc.has_annotation("SENT_START") else [doc[:]]:
        start = sent.start
        first = texts[start]
        if not (first[:1].isupper() and first[1:].islower() and first.replace("-", "").isalpha()) \
                or is_stop[start] or lowers[start].endswith(("ing", "ly")) or lowers[start] == "data":
            continue
        words = member_words(doc, spaced_words(doc, start + 1, start + 2, 1), is_stop)
        if not 1 <= len(words) <= MAX_WORDS - 1:
            continue
        if lowers[start] in _AUTOMATIC or lowers[start] in word_list("task_modifier_stops.txt"):
            start = words.pop(0)[0]  # "Automatic emotion analysis is a hard task": the annotation drops the opener
        end = words[-1][1] if words else start
        rest = lowers[end:end + 7]
        if not rest or rest[0] not in {"is", "remains"}:
            continue
        defined = rest[1:4] == ["the", "task", "of"] or rest[1:2] in (["a"], ["an"]) and any(
            word == "task" and all(w.isalpha() or w == "," for w in rest[2:i + 2]) for i, word in enumerate(rest[2:]))
        name = " ".join(lowers[start:end])
        if defined and end - start > 0 and not any(t in taken for t in range(start, end)) \
                and not any(name in word_list(f) for f in ("non_tasks.txt", "paradigms.txt")):
            found.append((start, end))
    return found


def _taking(spans: list[tuple[int, int]], taken: set[int]) -> list[tuple[int, int]]:
    """``spans``, their tokens added to ``taken``."""
    taken.update(t for start, end in spans for t in range(start, end))
    return spans


def task_candidates_beside(doc: Doc, kept: list[Candidate]) -> list[Candidate]:
    """The tasks named as a purpose (:func:`purpose_tasks`, type rule :data:`PURPOSE_TASK_RULE`), by a sentence's
    subject (``entity_task_subjects``) or after a noun of work (:func:`work_tasks`), and the members of lists beside a
    task of ``kept`` or beside those (``entity_task_lists.listed_tasks``, type rule ``listed_task``), as used task
    candidates; ``kept``: the candidates the policy kept."""
    taken = {t for c in kept for t in range(c.first, max(c.end, c.long_span[1] if c.long_span else c.end))}
    purposes = _taking(purpose_tasks(doc, taken), taken)  # each rule in turn sees the tokens the ones before took
    purposes += _taking(defined_subjects(doc, taken), taken)
    subjects = _taking(subject_tasks(doc, taken), taken)
    works = _taking(work_tasks(doc, taken), taken)
    tasks = [(c.start, c.end) for c in kept if c.kind is EntityKind.TASK] + purposes + subjects + works
    listed = _taking(listed_tasks(doc, tasks, taken), taken) if tasks else []
    # "text-to-speech synthesis" (round h15ch): last, so that each rule above may take a longer name ("monolingual
    # text-to-text matching", "dialogue context-to-text generation"), and no list is walked from it ("for the
    # opposite direction, phoneme-to-grapheme conversion": an apposition, not a list)
    crossings = [(start, end) for start, end in crossing_task_phrases(doc)
                 if not any(t in taken for t in range(start, end))]
    found = [Candidate(start, end, "phrase", kind=EntityKind.TASK, type_rule=PURPOSE_TASK_RULE)
             for start, end in purposes]
    found += [Candidate(start, end, "phrase", kind=EntityKind.TASK, type_rule=SUBJECT_TASK_RULE)
              for start, end in subjects]  # "Zorb parsing (ZP) and quux tagging (QT) are tasks" (round h15ax)
    found += [Candidate(start, end, "phrase", kind=EntityKind.TASK, type_rule=WORK_TASK_RULE)
              for start, end in works]  # "progress in zorb retrieval" (round h15ax)
    found += [Candidate(start, end, "phrase", kind=EntityKind.TASK, type_rule=LISTED_TASK_RULE)
              for start, end in listed]
    return found + [Candidate(start, end, "phrase", kind=EntityKind.TASK, type_rule=CROSSING_TASK_RULE)
                    for start, end in crossings]
