"""The tasks a paper's title names, for a paper that has no abstract (round h16r).

About half the ACL Anthology (42,846 of 90,465 papers) has a title and no abstract, and the extractor reads
abstracts: such a paper named a task in 6 cases, so the similarity's task signal had nothing to compare for half
the corpus (docs/analytics.md, "Papers on different tasks"). A title names its task more often than not: "Named
Entity Recognition through Classifier Combination", "A Lexicalized Reordering Model for Hierarchical Phrase-based
Translation", "Plans Toward Automated Chat Summarization". Two sources, in this order:

* the task entities the abstract pipeline itself finds when it reads the title as a text (:func:`pipeline_tasks`):
  task acronyms, learned task phrases, shared-task titles, the tagger's tasks ("Word Sense Disambiguation",
  "Implicit Discourse Relation Recognition"), of the type rules :data:`PIPELINE_TYPE_RULES` and not ending in a
  model's, method's or system's noun ("using Translation Models"); nothing else the pipeline finds there (a title's
  capitalised words make poor methods and datasets);
* a *title frame* (:func:`framed_tasks`) where the pipeline found none: a phrase of the title between connectives
  and punctuation ("for", "with", "of", a colon ...) whose last word is a task head (``task_heads.txt`` and
  :data:`EXTRA_HEADS`: "Repair Detection", "Tree-to-String Translation"), of two to :data:`MAX_WORDS` words once an
  opening verb ("Optimising Incremental Generation"), what a method rests on ("Pattern-based") and modifiers that
  say how rather than which ("Robust", "Automatic": ``task_modifier_stops.txt`` and ``_HOW``) are cut off; no digit,
  no field, paradigm or known method (``non_tasks.txt``, ``paradigms.txt``, ``known_methods.txt``,
  ``method_phrases.txt``, ``title_task_stops.txt``: "Feature Extraction"), not after "using", "with", "via", "by",
  "through", "based" or "from" (the paper's means), and no system's or model's noun after it (a name: "The Logos
  Translation System").

Each is a span of the title with its type rule (:data:`PIPELINE_RULE` + the pipeline's own rule, or
:data:`FRAME_RULE`). :func:`extractors.mentions.extract_mentions` makes them mentions of a paper with no abstract
only, role "uses", the title as their sentence; a paper with an abstract is read as before.

>>> framed_tasks("A Speech-First Model for Repair Detection and Correction", [])
[(25, 41)]
>>> title = "Optimising Incremental Generation for Spoken Dialogue Systems"
>>> [title[s:e] for s, e in framed_tasks(title, [])]
['Incremental Generation']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from extractors.entities import iter_entities
from extractors.entity_lexicon import word_list
from ontology.kinds import EntityKind

__all__ = ["EXTRA_HEADS", "FRAME_RULE", "MAX_WORDS", "PIPELINE_RULE", "PIPELINE_TYPE_RULES", "framed_tasks", "pipeline_tasks",
           "title_tasks"]

#: The role rule of a task the pipeline found in a title (its type rule follows: ``title_task+tagger``).
PIPELINE_RULE = "title_task"
#: The type rule of a task a title frame found (role rule :data:`PIPELINE_RULE`: ``title_task+title_frame``).
FRAME_RULE = "title_frame"
#: At most this many words in a framed task.
MAX_WORDS = 5
#: Task heads beyond ``task_heads.txt`` that end a title's task: they end fewer method names in titles.
EXTRA_HEADS = frozenset({"retrieval", "disambiguation", "normalization", "normalisation", "transliteration",
                         "alignment", "mining", "categorization", "categorisation"})
#: Where a title's phrases break: a colon, a semicolon, a comma, brackets, quotes, "?", "!", a spaced dash, a slash.
_BREAK = re.compile(r"\s*(?:[:;,?!()\[\]“”\"«»/]|\s[-–—]\s|[–—])\s*")
#: Words no task name crosses: English stop words and title connectives.
_CONNECTIVES = frozenset(STOP_WORDS) | {"via", "using", "towards", "toward", "vs", "vs.", "versus", "based",
                                       "through", "within", "without", "across", "against", "beyond"}
#: Connectives before the paper's means rather than its task ("... Using Character Segment Correction").
_MEANS = frozenset({"using", "with", "via", "by", "through", "based", "from"})
#: Nouns after a task's head that leave the task whole ("Repair Detection Experiments"); a system's or a
#: method's noun makes the phrase its name ("Logos Translation System", "A Block Transliteration Model").
_TASK_NOUNS = frozenset({"task", "tasks", "subtask", "evaluation", "challenge", "campaign", "research",
                         "experiments", "experiment", "performance", "quality", "application", "applications"})
#: Modifiers that say how a task is done, not which task it is ("Automatic Extraction of ...", "Scalable
#: Summarization"), beyond ``task_modifier_stops.txt`` and the "-based" / "-driven" words :data:`_MEANS_SUFFIX` cuts
#: off: a framed task does not open with them and needs two words besides them.
_HOW = frozenset({"automatic", "automated", "automatical", "computer", "computational", "computer-aided",
                  "computer-assisted", "hybrid", "scalable", "high-performance", "universal", "linguistic",
                  "best-first", "unsupervised", "supervised", "semi-supervised", "weakly-supervised", "statistical",
                  "probabilistic", "neural", "machine-learning", "partial", "shallow", "online", "real-time",
                  "interactive", "semi-automatic", "massive"})
#: A modifier that says what a method rests on ("Pattern-based", "Memory-Inspired", "Ontology-driven").
_MEANS_SUFFIX = re.compile(r"-(?:based|driven|guided|inspired|oriented|enhanced|powered|aware|augmented)$",
                           re.IGNORECASE)
#: The pipeline's type rules that name a task by its own words (not a title's capitalised phrase: "Next
#: Generation", nor an item of a list or an apposition, which need the abstract's sentence, nor ``task_long_form``:
#: in a title every long form is capitalised, so "Multi-Modal Post-Editing (MMPE)" and "Global Under-Resourced Media
#: Translation (GoURMET)", a tool and a project, read as tasks, and their acronyms' task votes would retype the
#: nodes the abstracts' mentions make methods; a task's acronym in a title is the tagger's: "Named Entity
#: Recognition (NER)").
PIPELINE_TYPE_RULES = frozenset({"tagger", "task_phrase", "task_acronym", "task_head", "task_frame", "purpose_task",
                                 "shared_task", "corpus", "corpus_phrase", "framed_name"})
#: Last words of a task the pipeline found in a title that make it no task ("Using Translation Models", a shared
#: task's "System Description"): a method's or a system's name or a report.
_NOT_TASK_ENDS = frozenset({"description", "descriptions", "representation", "representations", "method", "methods",
                            "approach", "approaches", "model", "models", "system", "systems", "network", "networks",
                            "framework", "frameworks"})
#: A word with a digit in it: an event, an edition, a version ("WMT 2010 Translation").
_DIGIT = re.compile(r"\d")
#: Punctuation a word may carry at its end (a full stop closing the title) and at its start (an opening quote).
_TRAILING = ".'’"
_LEADING = "'‘"


def framed_tasks(title: str, taken: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(start, end)`` in ``title`` of each phrase a title frame calls a task (see the module docstring) that
    overlaps none of ``taken``.

    >>> title = "Plans Toward Automated Chat Summarization: A Study of Robust Tree-to-String Translation Tasks"
    >>> [title[s:e] for s, e in framed_tasks(title, [])]
    ['Chat Summarization', 'Tree-to-String Translation']

    Not a phrase the pipeline took, nor one without a modifier, nor one after "using", "with", "via", "by" or
    "through" (the paper's means, not its task), nor one a noun follows other than a task's ("disambiguation rules",
    "Translation System": the rules' or the system's name).

    >>> title = "Zorb Translation Using Character Segment Correction and Learned Disambiguation Rules"
    >>> framed_tasks(title, [(0, 16)]), framed_tasks("Towards Translation of Poems", []), framed_tasks(title, [])
    ([], [], [(0, 16)])
    """
    heads = word_list("task_heads.txt") | EXTRA_HEADS
    found = []
    for run, connectives in _runs(title):
        if any(word in _MEANS for word in connectives):
            continue  # "... Using Character Segment Correction", "... Based on Syllable Segmentation": how, not what
        while len(run) > 1 and run[-1][2].lower() in _TASK_NOUNS:
            run = run[:-1]  # "Repair Detection Experiments": the task ends at its head
        if run[-1][2].lower() not in heads:
            continue  # "The CMU-Avenue French-English Translation System": a system's name, not its task
        if run[0][3] and run[0][2].lower().endswith("ing") and run[0][2].lower() not in heads \
                or connectives[-1:] == ("to",) and run[0][2].lower() in word_list("verb_like.txt"):
            run = run[1:]  # "Optimising Incremental Generation", "Learning to Describe Editing": a verb
        means = [k for k, (_, _, word, _) in enumerate(run) if _MEANS_SUFFIX.search(word)]
        if means:
            run = run[means[-1] + 1:]  # "Pattern-based Toponym Translation", "X Memory-Inspired Translation"
        while run and (run[0][2].lower() in word_list("task_modifier_stops.txt") or run[0][2].lower() in _HOW):
            run = run[1:]  # "Robust Tree-to-String Translation", "High-Performance Text Alignment"
        if not 2 <= len(run) <= MAX_WORDS or any(_DIGIT.search(word) for _, _, word, _ in run):
            continue  # "Automatic Generation", "Cluster-based Prediction": how, not which task
        start, end = run[0][0], run[-1][1]
        if any(s < end and start < e for s, e in taken) or _not_a_task(title[start:end]):
            continue
        found.append((start, end))
    return found


def _runs(title: str) -> Iterable[tuple[list[tuple[int, int, str, bool]], tuple[str, ...]]]:
    """The title's runs of words between connectives and punctuation, each word as ``(start, end, text, opens)``
    (``opens``: the word is the first of its segment: the title's start, or right after a colon or bracket; an
    opening quote mark is not part of the word), with the connectives between the run and the one before it in
    its segment (lower case; ``()`` at a segment's start).

    >>> runs = _runs("Parsing Based on ‘Tree Detection’")
    >>> [([word for _, _, word, _ in run], connectives) for run, connectives in runs]
    [(['Parsing'], ()), (['Tree', 'Detection'], ('based', 'on'))]
    """
    position = 0
    for segment in _BREAK.split(title):
        at = title.find(segment, position) if segment else -1
        if at < 0:
            continue
        position = at + len(segment)
        run: list[tuple[int, int, str, bool]] = []
        connectives: list[str] = []
        for match in re.finditer(r"\S+", segment):
            word = match.group().rstrip(_TRAILING)
            opening = len(word) - len(word.lstrip(_LEADING))  # "‘Quux Detection’": the quote is no part of a word
            word = word[opening:]
            if not any(ch.isalnum() for ch in word) or word.lower() in _CONNECTIVES:  # a dash, a lone quote
                if run:
                    yield run, tuple(connectives)
                    connectives = []
                run = []
                connectives.append(word.lower())
                continue
            start = at + match.start() + opening
            run.append((start, start + len(word), word, match.start() == 0))
        if run:
            yield run, tuple(connectives)


def _not_a_task(phrase: str) -> bool:
    """A field, a paradigm or a method's name rather than a task ("Natural Language Understanding" is a task;
    "Feature Extraction" is a step of a method: ``title_task_stops.txt``)."""
    lower = " ".join(phrase.lower().split())
    return any(lower in word_list(name) or lower.replace("-", " ") in word_list(name)
               for name in ("non_tasks.txt", "paradigms.txt", "known_methods.txt", "method_phrases.txt",
                            "title_task_stops.txt"))


def pipeline_tasks(doc: Doc) -> list[tuple[int, int, str]]:
    """``(start, end, type rule)`` (characters) of the task entities the pipeline found in ``doc``, a title.

    >>> from extractors.mentions import default_pipeline
    >>> pipeline_tasks(default_pipeline()("Named Entity Recognition through Classifier Combination"))
    [(0, 24, 'tagger')]
    """
    found = []
    for entity in iter_entities(doc):
        rule = entity.rule.split("+", 1)[-1]
        last = entity.span[-1].lower_
        if entity.span.label_ != EntityKind.TASK or rule not in PIPELINE_TYPE_RULES or last in _NOT_TASK_ENDS \
                or rule == "shared_task" and last in word_list("method_heads.txt") and last != "analysis":
            continue  # "Using Translation Models", "Task 5: System Description", "Task 2: Recurrent Neural Networks"
        found.append((entity.span.start_char, entity.span.end_char, rule))
    return found


def title_tasks(doc: Doc) -> list[tuple[int, int, str]]:
    """``(start, end, type rule)`` (characters of ``doc.text``, the title) of every task the title names: the
    pipeline's (:func:`pipeline_tasks`), then the title frames' (:func:`framed_tasks`, type rule
    :data:`FRAME_RULE`) where the pipeline found none, in title order.

    >>> from extractors.mentions import default_pipeline
    >>> doc = default_pipeline()("A Speech-First Model for Repair Detection in Named Entity Recognition")
    >>> [(doc.text[s:e], rule) for s, e, rule in title_tasks(doc)]
    [('Repair Detection', 'title_frame'), ('Named Entity Recognition', 'tagger')]
    """
    found = pipeline_tasks(doc)
    found += [(start, end, FRAME_RULE) for start, end in framed_tasks(doc.text, [(s, e) for s, e, _ in found])]
    return sorted(found)
