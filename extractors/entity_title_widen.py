"""A task the abstract writes with setting words before it that the title writes too (round h15da).

The pipeline often finds a task without the words that narrow it: "value detection" in "the SemEval 2023 Task 4 on
human value detection", "code completion" in "the task of repository-level code completion", "relation extraction"
in "a challenge in document-level distant relation extraction". The task named is the longer one; an annotator
writes it whole, so the found head costs a miss and a false task (docs/extraction.md, rounds h15cn and h15da). The
title is the arbiter a rule by structure lacks: where the title writes the same words before the same task ("...
Model for Human Value Detection", "Repository-Level Code Completion Through ...", "... for Document-level Distant
Relation Extraction"), the words belong to the task's name. :func:`widen_tasks_by_title` widens such a task to the
longest run of one to :data:`MAX_WORDS` words before it that

* the title writes, followed by the task's words, as a phrase of its own (case and spacing aside; no letter or
  hyphen on either side), and
* are the whole run the two share there, up to a function word ("for Argument Relation Identification": the
  words after "for"; a word both write before the run that cannot open a task's name leaves the task as found), and
  are each a possible setting (:func:`extractors.entity_task_bounds.setting_word`: no function word, generic
  adjective, adverb, gerund or verb form: not "improving", "existing", "robust"), in the task's sentence, with no
  other entity or long form there (a task inside "MUSS, a Multilingual Unsupervised Sentence Simplification system"
  or "(Poly-phonic Sound Event Detection Score)" keeps its bounds), none a word of quality ("scalable") or an
  edition's ordinal, and the first no word that completes a compound begun further left ("based", "conditioned");

a task with a long form (an acronym's pair) or before a method's noun ("model", "system", "approach": the words
before it then describe the method, and the guidelines annotate the task inside) keeps its bounds. So does (review86)
a task whose run holds a language's name ("German speech recognition": the read sets annotate the bare task about as
often), opens with a verb after "to" or a modal ("to enhance reading comprehension"), or is the second conjunct of a
coordination the title shares ("Caste and Migration Hate Speech Detection").

>>> from extractors.entities import iter_entities
>>> from extractors.mentions import default_pipeline
>>> doc = default_pipeline()("We study the task of repository-level code completion.")
>>> [e.span.text for e in iter_entities(doc)]
['code completion']
>>> title = "RepoZorb: Repository-Level Code Completion Through Retrieval"
>>> [e.span.text for e in widen_tasks_by_title(title, doc, list(iter_entities(doc)))]
['repository-level code completion']
>>> [e.span.text for e in widen_tasks_by_title("RepoZorb: Code Completion", doc, list(iter_entities(doc)))]
['code completion']
"""
from __future__ import annotations

import re

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc, Span

from extractors.entities import EntityMatch
from extractors.entity_lexicon import word_list
from extractors.entity_task_bounds import setting_word
from ontology.kinds import EntityKind

__all__ = ["MAX_WORDS", "widen_tasks_by_title"]

#: At most this many words are added before a task.
MAX_WORDS = 3
#: A word before a task: letters, hyphenated parts allowed ("document-level", "multi-attribute").
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
#: Words that say how good, big or ready a system is, not which task ("scalable link prediction", "coherent story
#: generation", "pre-built speaker recognition models"), the setting the tuning sets leave out ("low-resource"), and
#: the "shared" of a shared task ("the WMT 2020 Shared News Translation Task", review86).
_QUALITIES = frozenset({"scalable", "coherent", "pre-built", "low-resource", "efficient", "accurate", "fast", "shared"})
#: Words that complete a compound whose first part lies further left ("dialogue based fact verification", "visually
#: conditioned language generation"): a run may not open with one.
_COMPLETERS = frozenset({"based", "driven", "oriented", "guided", "aware", "level", "enhanced", "augmented",
                         "conditioned", "grounded", "specific", "centric", "free", "agnostic", "informed",
                         "constrained"})
#: Nouns of a method or its output after a task: the words before the task then describe the method ("a novel
#: end-to-end Semantic Role Labeling model", "a graph-based content extraction method", "N-best ASR hypotheses"),
#: and the guidelines annotate the task inside such a description (``benchmarks/data/devset/GUIDELINES.md``).
_METHOD_NOUNS = frozenset({"method", "methods", "model", "models", "system", "systems", "approach", "approaches",
                           "framework", "frameworks", "architecture", "architectures", "technique", "techniques",
                           "tool", "tools", "pipeline", "pipelines", "module", "modules", "hypotheses", "alternatives",
                           "scheme", "schemes", "workflow", "workflows"})  # the last four: review86
#: Words after which a run's first word is a verb, not a setting ("in order to enhance reading comprehension", "able
#: to learn analogical reasoning", review86): with a word of ``verb_like.txt`` the task keeps its bounds.
_VERB_MARKERS = frozenset({"to", "can", "could", "may", "might", "must", "should", "will", "would"})
#: Coordinators: a title that shares "Caste and Migration Hate Speech Detection" names one coordinated task, and
#: "Migration Hate Speech Detection" is only its second conjunct (review86).
_COORDINATORS = frozenset({"and", "or", "&"})
#: An edition's ordinal before a shared task's name ("the fourth Nuanced Arabic Dialect Identification Shared Task").
_ORDINAL = re.compile(r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth")


def widen_tasks_by_title(title: str | None, doc: Doc, entities: list[EntityMatch]) -> list[EntityMatch]:
    """``entities`` (:func:`~extractors.entities.iter_entities` of ``doc``) with each task widened to the setting
    words before it that ``title`` also writes before the task's words (see the module docstring)."""
    if not title or not any(e.span.label_ == EntityKind.TASK for e in entities):
        return entities
    folded = " ".join(title.lower().split())
    taken = [(e.span.start_char, e.span.end_char) for e in entities]
    taken += [(e.long_form.start_char, e.long_form.end_char) for e in entities if e.long_form is not None]
    out = []
    for entity in entities:
        span = entity.span
        task = span.label_ == EntityKind.TASK and entity.long_form is None  # an acronym's pair keeps its bounds
        start = _widened_start(doc, span, folded, taken) if task else None
        wider = doc.char_span(start, span.end_char, label=span.label_) if start is not None else None
        out.append(entity._replace(span=wider) if wider is not None else entity)
    return out


def _widened_start(doc: Doc, span: Span, title: str, taken: list[tuple[int, int]]) -> int | None:
    """Where the run of words right before ``span`` that ``title`` (lower case, spaces folded) writes before the
    span's words begins, or None. The run ends at a function word ("for", "the") or where the title's phrase ends;
    it must be whole: at most :data:`MAX_WORDS` words, each a setting word and no ordinal, none of another entity
    ("general domain ASR" of "... for Clinical and General Domain ASR" is no "domain ASR")."""
    if span.end < len(doc) and doc[span.end].lower_ in _METHOD_NOUNS:
        return None
    sentence_start = span.sent.start_char if doc.has_annotation("SENT_START") else 0
    before = doc.text[sentence_start : span.start_char]
    words = list(_WORD.finditer(before))
    run: list[re.Match[str]] = []
    for word in reversed(words):
        if before[word.end() : (run[0].start() if run else len(before))] != " " or word.group().lower() in STOP_WORDS:
            break
        phrase = " ".join([word.group().lower(), *(m.group().lower() for m in run), *span.text.lower().split()])
        if not re.search(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", title):
            break
        start = sentence_start + word.start()
        lower = word.group().lower()
        if (len(run) == MAX_WORDS or not setting_word(word.group()) or _ORDINAL.fullmatch(lower)
                or lower in _QUALITIES or _language(lower) or any(
                    s < span.end_char and e > start for s, e in taken if (s, e) != (span.start_char, span.end_char))):
            return None
        run.insert(0, word)
    if not run or run[0].group().lower() in _COMPLETERS:
        return None
    return None if _verb_or_conjunct(before[: run[0].start()], run, span, title) else sentence_start + run[0].start()


def _language(lower: str) -> bool:
    """Is ``lower`` a language's name or a pair of them ("german", "bengali-english", "english-to-chinese";
    ``languages.txt``, its two-letter codes left out)? The read sets annotate the bare task after a language about as
    often as the task with it ("speech recognition" of "German speech recognition", but "Arabic Dialect
    Identification"), and the guidelines are silent, so a language is no setting the title can add (review86).

    >>> [_language(w) for w in ("german", "bengali-english", "english-to-chinese", "document-level", "de", "to")]
    [True, True, True, False, False, False]
    """
    parts = [part for part in lower.split("-") if part != "to"]
    return bool(parts) and all(len(part) > 2 and part in word_list("languages.txt") for part in parts)


def _verb_or_conjunct(left: str, run: list[re.Match[str]], span: Span, title: str) -> bool:
    """Is the ``run`` before ``span`` a verb after "to" or a modal (``left``, the sentence's text before the run, ends
    with one; the run opens with a word of ``verb_like.txt``), or the second conjunct of a coordination the title
    shares ("and Migration" of "Caste and Migration Hate Speech Detection" under that title)?

    >>> import spacy
    >>> doc = spacy.blank("en")("We aim to enhance reading comprehension.")
    >>> run = list(_WORD.finditer("We aim to enhance "))[-1:]
    >>> _verb_or_conjunct("We aim to ", run, doc[4:6], "learning to enhance reading comprehension")
    True
    >>> _verb_or_conjunct("a big ", run, doc[4:6], "learning to enhance reading comprehension")
    False
    """
    previous = left.split()[-1].lower() if left.split() else ""
    if previous in _VERB_MARKERS and run[0].group().lower() in word_list("verb_like.txt"):
        return True
    phrase = " ".join([previous, *(m.group().lower() for m in run), *span.text.lower().split()])
    return previous in _COORDINATORS and re.search(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", title) is not None
