"""Phrases of the title that the abstract writes in running text where the authors propose them (round h15aj).

Round h15ai's recall audit (``benchmarks/recall_audit.py``) found half of the proposals the pipeline misses on the
tuning sets to be no candidate at all, and the largest group among them a phrase the title writes capitalised and
the abstract in lower case: "Affective Event Classification with Discourse-enhanced Self-training" with "we
present a discourse-enhanced self-training method"; "A Contextual Hierarchical Attention Network with ..." with
"we propose to enhance the DST through employing a contextual hierarchical attention network"; "Multi-choice
Relational Reasoning for ..." with "We propose a multi-choice relational reasoning (McR^2) model". In lower case,
nothing in the abstract tells such a phrase from a description; the title does: it is a name the authors gave.

:func:`title_echoes` finds them, after the pipeline, from the title and the abstract's parsed text:

* a *title run* (:func:`title_runs`): all the consecutive capitalised words of the title between a colon, a dash,
  a comma, brackets, quotes or a function word ("for", "with", "via", "of" ...), two to :data:`MAX_WORDS` of
  them (one word of capitalised parts joined by hyphens only as a "NAME: ..." title's name, "Mixup-Transformer:"),
  no *-ing* form first ("Generating Major Types"), no number ("SIGMORPHON 2020"); not a whole entry of
  ``paradigms.txt``, ``non_tasks.txt`` or ``generic_terms.txt`` and no paradigm with modifiers before it
  ("topic-guided reinforcement learning"), no language first, nothing the gazetteer knows;
* the abstract writes the run (any case; a plural "s" may come or go on the last word) where the pipeline found
  no entity and no long form;
* one occurrence is proposed (:func:`_proposed`): "called / named / termed / dubbed RUN"; or, for a run of three
  or more words, a hyphenated one or one in quotes that ends a noun phrase (:func:`_closed`: punctuation, a
  function word or a kind noun after it, not "to / of / and / or" with a kind noun in the next words, not a kind
  noun and a name after it, "a ... approach, called BAT"): "our (novel) RUN"; "we / this paper ... propose /
  present / introduce / develop / design / describe ... a / an / the (novel / new ...) RUN" with no preposition
  between the verb and the article, or with a kind noun after the run, or a method head (``method_heads.txt``) last
  in it; or the run is the title's head ("Hard Gate Knowledge Distillation - Leverage ...") and its sentence has
  the authors' proposal verb or calls something new, the run no preposition's complement ("the problem of the X");
* the kind: a kind noun right after the run ("a ... method", "a ... dataset", "a ... metric", "a ... task"), else
  the run's own words (:func:`~extractors.entity_task_metric_names.task_like`,
  :func:`~extractors.entity_task_metric_names.metric_like`, a dataset noun), else a method; a task is proposed only
  where its sentence calls something new ("a novel task").

Every mention is proposed (role rule :data:`TITLE_ECHO_RULE`); the learned role decision still has the last word.

>>> title = "Affective Event Classification with Discourse-enhanced Self-training"
>>> text = "We present a discourse-enhanced self-training method. It beats affective event classification."
>>> [(text[s:e], kind.value) for s, e, kind in title_echoes(title, text, [(0, len(text))], [])]
[('discourse-enhanced self-training', 'method')]
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from spacy.lang.en.stop_words import STOP_WORDS

from extractors.entity_lexicon import verb_regex, word_list
from extractors.entity_task_metric_names import metric_like, task_like
from extractors.gazetteer import load_gazetteer
from ontology.kinds import EntityKind

__all__ = ["MAX_WORDS", "TITLE_ECHO_RULE", "title_echoes", "title_runs"]

#: The role rule of a mention found here.
TITLE_ECHO_RULE = "title_echo"
#: At most this many words in a title run.
MAX_WORDS = 6
#: Where a title's phrases break: a colon, a dash, a comma, brackets, quotes, "?" and "!".
_TITLE_BREAK = re.compile(r"\s*(?:[:;,?!()\[\]“”\"]|\s[-–—]\s|[–—])\s*")
#: The end of a "NAME: ..." title's name: a colon or a dash.
_NAME_END = re.compile(r"\s*(?::|\s[-–—]\s|[–—])")
#: Function words, which no title run crosses.
_FUNCTION = frozenset({
    "a", "an", "the", "of", "for", "with", "via", "by", "using", "in", "on", "to", "from", "and", "or", "towards",
    "toward", "through", "based", "under", "over", "at", "into", "as", "is", "are", "do", "does", "can", "beyond",
    "without", "vs", "versus", "vs.", "its", "their", "our", "we", "how", "what", "when", "why", "which", "that",
    "this", "these", "it", "be", "not", "all", "more", "less", "than", "between", "across", "against", "about",
    "up", "out", "new", "novel", "improving", "leveraging", "enhancing", "exploring", "understanding",
    "evaluating", "analyzing", "analysing", "investigating", "revisiting",
})
#: A capitalised title word: an upper-case letter (or digit) first, then letters, digits and inner hyphens.
_CAPITALISED = re.compile(r"^[A-Z0-9][\w'’]*(?:-[\w'’]+)*$")
#: A word of digits (a year, an edition).
_NUMBER = re.compile(r"^\d[\d.\-–]*$")
#: Words of the sentence before the run that speak of the authors' own work.
_SELF = re.compile(r"\b(?:we|our|this (?:paper|work|study|article|report)|here)\b", re.IGNORECASE)
#: The authors' proposal verbs: every form of every ``PROPOSE`` verb and of the naming verbs (``NAME``).
_PROPOSAL_VERB = re.compile(verb_regex("PROPOSE") + "|" + verb_regex("NAME"), re.IGNORECASE)
#: The words right before a run in a proposal frame: an article and words that call it new.
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+(?:(?:novel|new|simple|effective|general|generic|unified|"
                             r"lightweight|efficient|principled)\s+(?:and\s+)?)*[“\"]?$", re.IGNORECASE)
_OUR_BEFORE = re.compile(r"\bour\s+(?:(?:novel|new|proposed|own)\s+)*[“\"]?$", re.IGNORECASE)
_NAMED_BEFORE = re.compile(r"(?<!so-)" + verb_regex("NAME", "names", ("ed",)) + r"\s*[“\"]?$", re.IGNORECASE)
#: A preposition between the authors' verb and the run ("a prototype of a chat room that ... in a ...").
_PREPOSITION = re.compile(r"\b(?:of|in|on|for|with|from|to|by|through|via|into|at|about|towards?|over|under|"
                          r"between|among|within|across|as|using|based|leveraging|utili[sz]ing)\b", re.IGNORECASE)
#: The word after a run (past a closing quote and an acronym in brackets) and the one after that.
_NEXT_WORDS = re.compile(r"^[”\"]?\s*(?:\([^()]{1,20}\)\s*)?(?P<word>[\w][\w-]*)\s*,?\s*(?P<then>\S*)")
#: Function words after which a noun phrase goes on ("an end-to-end simultaneous speech to text ... system").
_GOES_ON = frozenset({"to", "of", "and", "or"})
#: A naming verb after a kind noun: "a neural topic modeling approach, called BAT" names the approach BAT.
_NAMING_AFTER = re.compile(r"^\s*,?\s*(?:called|named|namely|dubbed|termed)\b", re.IGNORECASE)
#: A preposition (and an article) right before a run: the run is a complement ("the problem of the X").
_PREPOSITION_BEFORE = re.compile(r"\b(?:of|in|on|for|with|from|by|via|into|at|about)\s+(?:(?:the|a|an)\s+)?$",
                                 re.IGNORECASE)
#: A name and a comma right before the run's article, or any word, a comma and "a" / "an": the run is an apposition
#: to what stands before it ("PEK, a ... framework", "adaptive ensembling, an unsupervised domain adaptation ...").
_NAME_APPOSITION = re.compile(r"(?:\b[A-Z][^\s,]*(?:\s+[a-z]+)?\)?\s*,\s*(?:a|an|the)|[\w)]\s*,\s*(?:a|an))\s+"
                              r"(?:[\w-]+\s+(?:yet\s+|and\s+)?){0,3}[“\"]?$")
#: A gerund right before the article ("... through employing a X").
_GERUND_LAST = re.compile(r"\b(?:employing|introducing|proposing|designing|developing|constructing|building|"
                          r"devising|adopting)\s*$", re.IGNORECASE)
#: Words after which a title's head may stand without an article ("we propose to do in-sample curriculum learning").
_HEAD_OPENER = re.compile(r"\b(?:do|perform|that|call|calls|called)\s+$", re.IGNORECASE)
#: A kind noun before a naming verb right before the run ("a new challenging stance detection dataset, called X").
_NOUN_NAMING = re.compile(r"\b(?P<noun>\w+)\s*,?\s*(?:called|named|termed|dubbed)\s*[“\"]?\s*$", re.IGNORECASE)
#: Nouns of a method a task's name may say the purpose of ("a ... estimation approach").
_FOR_NOUNS = frozenset({"approach", "method", "model", "system", "framework"})
#: A shaped name (a capital inside) right after the run and a comma.
_SHAPED_NAME_AFTER = re.compile(r"^[”\"]?\s*,\s*(?:namely\s+|called\s+)?[A-Z][\w-]*[A-Z][\w-]*\s*(?:[.,;(]|$)")
#: Words that call something new.
_NEW = re.compile(r"\b(?:novel|new)\b", re.IGNORECASE)
#: A kind noun right after the run.
_KIND_AFTER = re.compile(r"^[”\"]?\s*(?:\([^()]{1,20}\)\s*)?(?P<noun>\w+)")
_KIND_NOUNS: dict[str, EntityKind] = {
    **dict.fromkeys(("method", "methods", "scheme", "model", "models", "approach", "framework", "technique",
                     "algorithm", "strategy", "loss", "mechanism", "network", "architecture", "module", "system",
                     "pipeline", "objective", "paradigm", "procedure"), EntityKind.METHOD),
    **dict.fromkeys(("dataset", "corpus", "benchmark", "treebank", "collection"), EntityKind.DATASET),
    **dict.fromkeys(("metric", "measure", "score"), EntityKind.METRIC),
    **dict.fromkeys(("task", "problem"), EntityKind.TASK),
}
#: Kind nouns that end a description rather than a name ("A Unified Span-Based Approach for ...").
_GENERIC_HEADS = frozenset({"approach", "approaches", "framework", "frameworks", "method", "methods", "model",
                            "models", "system", "systems", "architecture", "architectures", "strategy",
                            "strategies", "technique", "techniques", "scheme", "pipeline", "study", "toolkit",
                            "corpus", "corpora", "dataset", "datasets", "database", "resource", "task", "tasks",
                            "challenge", "workshop", "competition", "campaign", "dictionary", "lexicon", "group",
                            "tool", "platform", "paradigm"})
_DATASET_HEADS = frozenset({"dataset", "corpus", "benchmark", "treebank", "collection", "datasets", "corpora"})
#: Lists whose whole entries are no name of a thing proposed.
_NOT_NAMES = ("paradigms.txt", "non_tasks.txt", "generic_terms.txt")


def title_runs(title: str | None) -> list[tuple[str, bool]]:
    """The title's whole runs of two to :data:`MAX_WORDS` capitalised words, longest first, each with whether it is
    the title's head (the first run, at the title's start); one hyphenated word only when it is the whole head
    before a colon or a dash (a "NAME: ..." title). No run opens with a verb's *-ing* form or holds a number.

    >>> title_runs("Hard Gate Knowledge Distillation - Leverage Calibration for Robust Models")
    [('Hard Gate Knowledge Distillation', True), ('Leverage Calibration', False)]
    >>> title_runs("Mixup-Transformer: Dynamic Data Augmentation for NLP Tasks")
    [('Dynamic Data Augmentation', False), ('Mixup-Transformer', True)]
    >>> title_runs("Self-Training for Parsing"), title_runs("Generating Major Types of Poetry at SIGMORPHON 2020")
    ([], [])
    """
    if not title:
        return []
    runs: list[list[str]] = []
    for segment in _TITLE_BREAK.split(title.strip()):
        current: list[str] = []
        for word in segment.split() + [""]:
            if word and word.lower() not in _FUNCTION and _CAPITALISED.match(word):
                current.append(word)
            elif current:
                runs.append(current)
                current = []
    opening = re.sub(r"^(?:the|a|an)\s+", "", title.strip(), flags=re.IGNORECASE)
    head = runs[0] if runs and opening.startswith(" ".join(runs[0])) else None
    whole_head = head is not None and _NAME_END.split(opening)[0].strip() == " ".join(head) != opening.strip()
    out: dict[str, bool] = {}
    for run in runs:
        if len(run) > MAX_WORDS or run[0].lower().endswith("ing") and "-" not in run[0]:
            continue  # a sentence of capitalised words, or a verb's form first ("Generating Major Types")
        if run[-1].lower() in _GENERIC_HEADS:
            continue  # "A Graph-based Approach for ...": a description, the name (if any) is elsewhere
        if any(any(c.isdigit() for c in word) or word.endswith(("’", "'", "’s", "'s")) for word in run) \
                or "shared" in (w.lower() for w in run):
            continue  # an event, a team, a shaped name ("SIGMORPHON 2020", "COVID-19 Pandemic", "X’ Submission")
        if len(run) > 1 or (run is head and run[0].count("-") >= 1 and len(run[0]) >= 5 and whole_head):
            out.setdefault(" ".join(run), run is head)  # one hyphenated word: only a "NAME: ..." title's name
    return sorted(out.items(), key=lambda item: (-len(item[0].split()), -len(item[0])))


def _occurrences(run: str, lower: str) -> list[tuple[int, int]]:
    """Where the lower-cased ``lower`` text writes ``run`` as whole words, a plural "s" coming or going on its last
    word (plain substring search: a regular expression per title run would cost more than the rest of the rule).

    >>> _occurrences("Zorb Networks", "a zorb network, zorb networks and zorb networked")
    [(2, 14), (16, 29)]
    """
    needle = run.lower()
    stem = needle[:-1] if needle.endswith("s") and len(needle.split()[-1]) > 3 else needle
    found = []
    at = lower.find(stem)
    while at >= 0:
        end = at + len(stem)
        if end < len(lower) and lower[end] == "s":
            end += 1
        before_ok = at == 0 or not (lower[at - 1].isalnum() or lower[at - 1] == "-")
        after_ok = end == len(lower) or not (lower[end].isalnum() or lower[end] == "-")
        if before_ok and after_ok:
            found.append((at, end))
        at = lower.find(stem, at + 1)
    return found


def _not_a_name(run: str) -> bool:
    lower = " ".join(run.lower().split())
    if any(lower in word_list(name) for name in _NOT_NAMES) or lower in word_list("languages.txt"):
        return True
    words = lower.split()
    if any(" ".join(words[i:]) in word_list("paradigms.txt") for i in range(1, len(words) - 1)):
        return True  # a field or paradigm with a modifier: "topic-guided reinforcement learning"
    if lower.split()[0] in word_list("languages.txt") or lower.split("-")[0] in word_list("languages.txt"):
        return True
    return load_gazetteer().link(run) is not None


def _kind(run: str, after: str, before: str = "") -> EntityKind:
    named = _NOUN_NAMING.search(before)  # "a new dataset, called X"
    if named and named.group("noun").lower() in _KIND_NOUNS:
        return _KIND_NOUNS[named.group("noun").lower()]
    match = _KIND_AFTER.match(after)
    if match and match.group("noun").lower() in _KIND_NOUNS:
        return _KIND_NOUNS[match.group("noun").lower()]
    if metric_like(run):
        return EntityKind.METRIC
    if task_like(run):
        return EntityKind.TASK
    if run.split()[-1].lower() in _DATASET_HEADS:
        return EntityKind.DATASET
    return EntityKind.METHOD


def _closed(after: str) -> bool:
    """Does the run end a noun phrase: punctuation, a bracket, a function word or a kind noun after it, and no
    name after a kind noun ("an explainable extrapolation reasoning framework TECHS": the framework is TECHS)?"""
    if _SHAPED_NAME_AFTER.match(after):
        return False  # "a novel graph-guided self-attention mechanism, GraSAME": the run describes the name
    match = _NEXT_WORDS.match(after)
    if match is None:
        return True
    word, then = match.group("word"), match.group("then") or ""
    if word.lower() in _KIND_NOUNS:
        return not (then[:1].isupper() or then.startswith("“") or _NAMING_AFTER.match(after[match.end("word"):]))
    if word.lower() in _GOES_ON:  # "an end-to-end simultaneous speech to text translation system": a longer phrase
        return not any(w.lower() in _KIND_NOUNS for w in re.findall(r"[\w-]+", after)[1:5])
    return word.lower() in STOP_WORDS


def _task_for(run: str, after: str, before: str) -> bool:
    """Is the run a task's name (an *-ion* / *-sis* / *-ment* head) before "approach / method / model / system /
    framework", not named by the authors ("a novel user satisfaction estimation approach")?"""
    match = _NEXT_WORDS.match(after)
    if match is None or match.group("word").lower() not in _FOR_NOUNS or _NAMED_BEFORE.search(before):
        return False
    return run.lower().endswith(("tion", "sis", "ment")) and task_like(run)


def _proposed(before: str, after: str, run: str, head: bool) -> bool:
    """Does the sentence around a run (``before`` it and ``after`` it) propose it (see the module docstring)?"""
    before = before.rstrip(" ")
    if _NAMED_BEFORE.search(before) and not run.lower().startswith("entit"):  # not "named entity features"
        return True
    quoted = before.endswith(("“", '"'))
    if not (quoted or len(run.split()) >= 3 or "-" in run) or not _closed(after):
        return False
    if _NAME_APPOSITION.search(before + " "):
        return False  # "we propose PEK, a parameter-efficient framework": the run describes the name
    if _OUR_BEFORE.search(before + " "):
        return True
    self_word = _SELF.search(before)
    verb = _PROPOSAL_VERB.search(before, self_word.end()) if self_word else None
    article = _ARTICLE_BEFORE.search(before + " ")
    if verb and article:
        between = before[verb.end() : article.start()]
        if not _PREPOSITION.search(between) or _GERUND_LAST.search(between):  # "through employing a X"
            return True
    if not head or not (article or _HEAD_OPENER.search(before + " ") or not before.strip()):
        return False
    if _PREPOSITION_BEFORE.search(before + " "):
        return False  # a complement: "the problem of the X", "research into the X task"
    return verb is not None or _NEW.search(before) is not None


def title_echoes(title: str | None, text: str, sentences: Sequence[tuple[int, int]],
                 taken: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` in ``text`` of each run of ``title`` the abstract proposes (the module docstring).

    ``sentences``: the abstract's sentences as character spans; ``taken``: the character spans of the mentions the
    pipeline wrote, where no run is found. Every occurrence of a proposed run outside ``taken`` is given.
    """
    if not title or not text:
        return
    used = list(taken)
    lower = text.lower()
    for run, head in title_runs(title):
        found = [(start, end) for start, end in _occurrences(run, lower)
                 if not any(start < e and s < end for s, e in used)]
        if not found or _not_a_name(run):
            continue
        kind = None
        for start, end in found:
            sent_start = next((s for s, e in sentences if s <= start < e), 0)
            before = text[sent_start:start]
            if _proposed(before, text[end:], run, head):
                occurrence_kind = _kind(run, text[end:], before)
                if occurrence_kind is not EntityKind.TASK and _task_for(run, text[end:], before):
                    break  # "a novel user satisfaction estimation approach": the task says what the method is for
                if occurrence_kind is not EntityKind.TASK or _NEW.search(before):  # a task only when called new
                    kind = occurrence_kind
                    break
        if kind is None:
            continue
        for start, end in found:
            used.append((start, end))
            yield start, end, kind
