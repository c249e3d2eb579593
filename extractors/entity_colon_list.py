"""Names listed after a colon that closes the authors' proposal: a candidate source and a role rule (round h15ae).

A paper that makes several things often announces them by their kind and lists their names after a colon: "we design two
novel score metrics: zorb matching score and event matching score", "we introduce two strategies for adaptive learning:
1) ZORB_min, rewarding ..., and 2) ZORB_pro, optimizing ...", "we propose a new pretraining scheme tailored for question
answering: recurring zorb selection.", "Two approaches are proposed: the General Zorb, a comprehensive framework, and
the Domain-Specific Zorb, which ...". The names are often written in lower case or as capitalised words no list vouches
for, so no other source proposes them, and the colon stops the walk back from a name to a proposal verb
(:func:`extractors.entity_roles.proposal_trigger`). The rule:

* the lead-in: in one sentence, the authors' proposal verb ("we" or "this paper" right before a ``PROPOSE`` cue, at
  most two adverbs or a coordinated verb between; or "is / are proposed | introduced | presented" right before the
  colon), then a lower-case noun of a kind of thing (:data:`_KIND_NOUNS`: method, strategy, metric, dataset, task
  ...) at most :data:`_NOUN_REACH` words before the colon; no preposition but "of" between the verb and the noun
  ("we present results from eight datasets:"), no demonstrative or capitalised word right before the noun ("to
  deal with this task:", "we present Zorb Vector models: simple networks that ..."), and between the noun and the
  colon no punctuation mark but parentheses, no number ("in three domains:", "task 4:") and no "to" last
  ("strategies to: 1) leverage ..."); the noun may take a short complement ("strategies for adaptive learning:");
  or (round h15bk) the parts of a method the authors own: "Our framework consists of two modules:", "The proposed
  model comprises three key components:", "This strategy is made up of two stages:" (:func:`_parts_of_ours`);
* the items: right after the colon, and after each enumerator ("1)", "(2)", "(ii)") or ", and" / "; and" / "and" that
  closes the item before; "the" is skipped before a capitalised name; an item is a run of capitalised words (one word
  only when shaped like a coined name: "ZORB_min", "Zorb-Gen", "ZorbRanker and ..."; not "First") or
  :data:`_MIN_WORDS` to :data:`_MAX_WORDS` lower-case words (the first may be capitalised as an enumeration's first
  word), no function word in it
  (:data:`_FUNCTION_WORDS`), the first no verb's *-ing* form ("using zorb features") or adverb;
* each item closed by punctuation, "and" / "or", a clause word ("which", "that", "to" ...), a verb's third person
  (a word in *-s* before an article: "1) zorb-level distillation transfers the knowledge ...") or
  the sentence's end: not a phrase that runs on ("generation of section headings for ...": a description);
* no item a field, paradigm or generic term (``non_tasks.txt``, ``paradigms.txt``, ``generic_terms.txt``).

The kind comes from the noun: a dataset noun a dataset, a measure a metric, "task" / "problem" a task, anything else a
method; as everywhere, a task or a metric is proposed only when the sentence calls it new
(:func:`extractors.entity_roles.assign_role`: "we design two novel metrics: ..."; not "we contribute four tasks:
question answering and ..."). Not "we describe our system for SemEval-2023 Task 9: Zorb Intimacy Analysis" (a
capitalised noun is part of a name), "we propose two methods: the first one fine-tunes ..." (function words), "previous
work proposed two strategies: ..." (not the authors), "we use two metrics: zorb score and BLEU" (no proposal).

>>> from extractors.entities import blank_pipeline
>>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We design two novel metrics: zorb matching score and event zorb score.")
>>> cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
>>> [(doc[s:e].text, kind.value) for s, e, kind in colon_listed_names(doc, cues)]
[('zorb matching score', 'metric'), ('event zorb score', 'metric')]
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_candidates import Cues
from extractors.entity_lexicon import NAMING_VERBS, word_list
from extractors.token_texts import sentence_start, span_text, token_arrays
from ontology.kinds import EntityKind

__all__ = ["COLON_LIST_RULE", "colon_listed", "colon_listed_names", "kind_of"]

#: The role rule of a name proposed this way (and the source of the names no other source finds).
COLON_LIST_RULE = "colon_list"
_METHOD_NOUNS = frozenset({"method", "approach", "strategy", "technique", "scheme", "framework", "model",
                           "algorithm", "mechanism", "module", "component", "objective", "architecture",
                           "pipeline", "system", "paradigm", "extension", "solution", "loss", "network"})
_DATASET_NOUNS = frozenset({"dataset", "corpus", "benchmark", "treebank", "lexicon", "resource", "collection"})
_METRIC_NOUNS = frozenset({"metric", "measure", "score"})
_TASK_NOUNS = frozenset({"task", "subtask", "problem"})
_KIND_NOUNS = _METHOD_NOUNS | _DATASET_NOUNS | _METRIC_NOUNS | _TASK_NOUNS
#: Plural forms of the kind nouns that are not the singular plus "s".
_PLURALS = {"strategies": "strategy", "approaches": "approach", "corpora": "corpus", "losses": "loss",
            "subtasks": "subtask"}
#: Words from the kind noun to the colon ("strategies for adaptive learning:").
_NOUN_REACH = 6
#: Words from the proposal verb to the kind noun ("we introduce two novel knowledge distillation methods").
_VERB_REACH = 10
_MIN_WORDS = 2
_MAX_WORDS = 5
_MAX_ITEMS = 6
#: Number words: a list after "... in three domains:" is of the domains, not of the kind noun before them.
_NUMBERS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "multiple",
                      "various", "different"})
#: Words before the kind noun that refer back ("to deal with this task: ...").
_DEMONSTRATIVES = frozenset({"this", "that", "these", "those", "such", "each", "its", "their"})
#: Prepositions between the verb and the kind noun: the noun is in a phrase of the verb's object ("we present results
#: from eight datasets:", "experiments with two methods:"); "of" is not one ("two classes of techniques:").
_PREPOSITIONS = frozenset({"from", "with", "in", "on", "for", "into", "across", "over", "under", "between", "among",
                           "about", "at", "by", "via", "through", "within", "using"})
_PASSIVE = frozenset({"proposed", "introduced", "presented", "designed", "developed"})
_SELF = frozenset({"we", "paper", "work", "study", "article"})
#: Function words that close an item ("..., which", "... to stimulate").
_CLOSERS = frozenset({"which", "that", "to", "for", "in", "with", "as", "by", "on", "where", "whose", "who", "is",
                      "was", "are", "can", "could", "will", "would", "through", "via", "using", "at", "and", "or"})
#: Words that open or sit in a description, not a name ("the first one fine-tunes ...", "our zorb model"); spaCy's
#: stop words are too many here ("name matching score").
_FUNCTION_WORDS = frozenset({"a", "an", "the", "this", "these", "those", "our", "their", "its", "his", "her", "it",
                             "they", "we", "one", "ones", "first", "second", "third", "each", "both", "all", "some",
                             "any", "no", "not", "other", "another", "what", "such", "of", "from", "into", "than",
                             "be", "been", "has", "have", "had", "do", "does", "also", "only", "more", "most", "very"})
#: An enumerator: "1", "2" (before ")"), "i", "ii", "a" in parentheses.
_ENUMERATOR = re.compile(r"^(?:\d|[ivx]{1,4}|[a-e])$")
#: A single capitalised word that is shaped like a coined name: inner capitals, digits, "_" or "-".
_COINED_WORD = re.compile(r"^[A-Z][A-Za-z0-9]*(?:[A-Z0-9_-][A-Za-z0-9_-]*)$")
_NOT_NAMES = ("non_tasks.txt", "paradigms.txt", "generic_terms.txt")


def colon_listed_names(doc: Doc, cues: Cues) -> list[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each name listed after a colon that closes the authors' proposal (see the module
    docstring), in text order.

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("We propose two methods: the first one fine-tunes zorb models. Others used two metrics: "
    ...           "zorb matching score and BLEU. We propose two strategies: using zorb features and zorb data.")
    >>> colon_listed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))
    []
    """
    texts = token_arrays(doc)[0]
    found: list[tuple[int, int, EntityKind]] = []
    for colon in (i for i, text in enumerate(texts) if text == ":"):
        kind = _lead_in(doc, colon, cues)
        if kind is not None:
            found.extend((start, end, kind) for start, end in _items(doc, colon + 1))
    return found


def colon_listed(doc: Doc, start: int, end: int, cues: Cues, *, known: bool = False) -> bool:
    """Is ``doc[start:end]`` (or a name inside it) an item of such a list: "we introduce two strategies: 1) ZORB_min,
    ... and 2) ZORB_pro"? A ``known`` name (a method kg knows, a model, a task) is no item of a list of the parts of
    the authors' method: "Our model consists of three components: BiLSTM, CRF and ELMo" uses them."""
    texts = token_arrays(doc)[0]
    first = sentence_start(doc, start)
    for colon in (i for i in range(first, start) if texts[i] == ":"):
        if _lead_in(doc, colon, cues) is not None and not (known and _parts_of_ours(doc, colon)) \
                and any(s <= start and end <= e or start <= s < end for s, e in _items(doc, colon + 1)):
            return True
    return False


def kind_of(lower: str) -> EntityKind | None:
    """The kind a kind noun (singular or plural) gives the names listed after it, None for any other word."""
    noun = _PLURALS.get(lower) or (lower[:-1] if lower.endswith("s") and lower[:-1] in _KIND_NOUNS else lower)
    if noun in _DATASET_NOUNS:
        return EntityKind.DATASET
    if noun in _METRIC_NOUNS:
        return EntityKind.METRIC
    if noun in _TASK_NOUNS:
        return EntityKind.TASK
    return EntityKind.METHOD if noun in _METHOD_NOUNS else None


def _lead_in(doc: Doc, colon: int, cues: Cues) -> EntityKind | None:
    """The kind of the things the authors announce right before the colon at ``colon``, or None."""
    texts, lowers, flags = token_arrays(doc)
    first = sentence_start(doc, colon)
    if colon - first >= 3 and lowers[colon - 1] in _PASSIVE and lowers[colon - 2] in {"is", "are"}:
        nouns = [kind_of(lowers[k]) if flags.is_lower[k] else None
                 for k in range(max(first, colon - 2 - _NOUN_REACH), colon - 2)]
        return next((kind for kind in reversed(nouns) if kind is not None), None)  # "Two approaches are proposed:"
    if colon - 1 < first or lowers[colon - 1] == "to":
        return None  # "we present strategies to: 1) leverage ...": the items are actions
    if _parts_of_ours(doc, colon):
        return EntityKind.METHOD  # "Our framework consists of two modules: ZorbRanker and FlimFuser"
    for noun in range(colon - 1, max(first, colon - 1 - _NOUN_REACH) - 1, -1):
        if (flags.is_punct[noun] and texts[noun] not in {"(", ")"}) or any(c.isdigit() for c in texts[noun]) \
                or lowers[noun] in _NUMBERS:
            return None  # "the SemEval-2020 task 4: ...", "corpora for seven dialects: ...": the list is of another
        kind = kind_of(lowers[noun]) if flags.is_lower[noun] else None  # not "SemEval-2023 Task 9: Zorb Analysis"
        if kind is None:
            continue
        if noun > first and (lowers[noun - 1] in _DEMONSTRATIVES or texts[noun - 1][:1].isupper()):
            return None  # "to deal with this task: ...", "we present Zorb Vector models: simple networks that ..."
        for verb in range(noun - 1, max(first, noun - _VERB_REACH) - 1, -1):
            if (flags.is_punct[verb] and texts[verb] not in {"(", ")", "-"}) or lowers[verb] in _PREPOSITIONS:
                return None  # "we present results from eight datasets: ...": the kind noun is not the verb's object
            if "PROPOSE" in cues.get(verb, set()) and lowers[verb] not in NAMING_VERBS:
                return kind if _authors_verb(lowers, first, verb) else None
        return None
    return None


#: Verbs that list the parts of a whole, with the word each needs after it ("consists of", "comprises").
_PART_VERBS = {"consists": "of", "consist": "of", "composed": "of", "made": "up of", "comprises": "", "comprise": "",
               "contains": "", "includes": ""}
#: Nouns for the parts of a method ("two modules:", "three key components:", "two stages:").
_PART_NOUNS = frozenset({"module", "component", "stage", "step", "part", "phase", "submodule", "sub-module", "block",
                         "concept", "network", "mechanism", "strategy", "technique", "objective", "loss"})
#: Words right before the whole that make it the authors' ("our framework", "the proposed model").
_OWNERS = frozenset({"our", "proposed"})
#: Words between the part verb and the part noun: a count and at most this many lower-case modifiers ("two key").
_PART_MODIFIERS = 2


def _parts_of_ours(doc: Doc, colon: int) -> bool:
    """Does the sentence before ``colon`` say that the authors' method is made of parts it then lists: "Our framework
    consists of two modules:", "The proposed model comprises three key components:", "This strategy is composed of two
    stages:" (the demonstrative only opening the sentence)? The parts are the paper's own, so the names listed are
    proposed (round h15bk). Not "BERT consists of two stages:" (no owner), "our data consists of two parts:" (a whole
    that is no method), "our model consists of modules for tagging:" (the noun is not last)."""
    texts, lowers, flags = token_arrays(doc)
    first = sentence_start(doc, colon)
    k = colon - 1
    if k < first or not flags.is_lower[k] or _part_noun(lowers[k]) is None:
        return False
    k -= 1
    modifiers = 0
    while k >= first and flags.is_lower[k] and lowers[k] not in _FUNCTION_WORDS and modifiers < _PART_MODIFIERS \
            and lowers[k] not in _PART_VERBS and lowers[k] not in {"of", "up"} and lowers[k] not in _NUMBERS:
        k, modifiers = k - 1, modifiers + 1
    if k >= first and (lowers[k] in _NUMBERS or texts[k].isdigit()):
        k -= 1
    verb = k
    while verb > first and k - verb < 2 and lowers[verb] in {"of", "up"}:
        verb -= 1  # "consists of", "is made up of"
    if lowers[verb] not in _PART_VERBS or _PART_VERBS[lowers[verb]] != " ".join(lowers[verb + 1 : k + 1]):
        return False
    k = verb - 1
    if lowers[verb] in {"composed", "made"}:
        if k < first or lowers[k] not in {"is", "are"}:
            return False
        k -= 1
    if k < first or kind_of(lowers[k]) is not EntityKind.METHOD:
        return False  # "our data consists of two parts:": the whole is not a method
    owner = k - 1
    if owner >= first and lowers[owner] == "proposed":
        return owner - 1 >= first and lowers[owner - 1] in {"the", "our"}  # not "the previously proposed model"
    return owner >= first and (lowers[owner] in _OWNERS or lowers[owner] == "this" and owner == first)


def _part_noun(lower: str) -> str | None:
    """The singular of a part noun ("modules" → "module"), None for any other word."""
    noun = _PLURALS.get(lower) or lower.removesuffix("s")
    return noun if noun in _PART_NOUNS else None


def _authors_verb(lowers: list[str], first: int, verb: int) -> bool:
    """Is the verb at ``verb`` said by the authors: "we" / "this paper" right before it, at most two adverbs or a
    coordinated verb between ("we first propose and formalize", "we then develop")? Not "to create", "for
    developing ..." (the verb of a clause inside another)."""
    k = verb - 1
    while k >= first and verb - k <= 3 and lowers[k] not in _SELF:
        k -= 1
    return k >= first and lowers[k] in _SELF


def _items(doc: Doc, i: int) -> list[tuple[int, int]]:
    """The names listed from token ``i`` on (see the module docstring)."""
    texts, lowers, flags = token_arrays(doc)
    items: list[tuple[int, int]] = []
    while i < len(doc) and len(items) < _MAX_ITEMS and not (i > 0 and flags.is_sent_start[i] and items):
        i = _after_enumerator(doc, i)
        if i < len(doc) and lowers[i] == "the" and i + 1 < len(doc) and texts[i + 1][:1].isupper():
            i += 1  # "the General Zorb": the article is no part of the name
        name = _name_at(doc, i)
        if name is None:
            break
        items.append(name)
        i = _next_item(doc, name[1])
        if i is None:
            break
    return items


def _after_enumerator(doc: Doc, i: int) -> int:
    """``i``, or the index after an enumerator that starts at ``i`` ("1)", "(2)", "(ii)")."""
    texts = token_arrays(doc)[0]
    if i + 2 < len(doc) and texts[i] == "(" and _ENUMERATOR.match(texts[i + 1]) and texts[i + 2] == ")":
        return i + 3
    if i + 1 < len(doc) and _ENUMERATOR.match(texts[i]) and texts[i + 1] == ")":
        return i + 2
    return i


def _next_item(doc: Doc, end: int) -> int | None:
    """Where the next item starts after an item that ends at ``end``: after "and" / "or" right after it, or at the
    next enumerator, or after ", and" / "; and" / ";" further on in the sentence; None when the list ends."""
    texts, lowers, flags = token_arrays(doc)
    if end < len(doc) and lowers[end] in {"and", "or"}:
        return end + 1
    if end < len(doc) and texts[end] in {",", ";"} and end + 1 < len(doc) and lowers[end + 1] in {"and", "or"}:
        return end + 2
    k = end
    while k < len(doc) and not flags.is_sent_start[k] and texts[k] not in {".", ":", "!", "?"}:
        if end < k < _after_enumerator(doc, k):
            return k
        if texts[k] in {",", ";"} and k + 1 < len(doc) and lowers[k + 1] in {"and", "or"} and k > end:
            return k + 2
        k += 1
    return None


def _name_at(doc: Doc, i: int) -> tuple[int, int] | None:
    """The item written from token ``i`` on, closed as the module docstring says, or None."""
    texts, lowers, flags = token_arrays(doc)
    if i >= len(doc) or lowers[i] in _FUNCTION_WORDS or lowers[i] in _CLOSERS or flags.is_punct[i]:
        return None
    end = i
    sentence_case = i + 1 < len(doc) and flags.is_lower[i + 1] and lowers[i + 1] not in _CLOSERS \
        and texts[i + 1].replace("-", "").isalpha()  # "1) Zorb-level zorbing"; not "ZorbRanker and FlimFuser"
    if texts[i][:1].isupper() and not sentence_case \
            and (i + 1 < len(doc) and texts[i + 1][:1].isupper() or _COINED_WORD.match(texts[i])):
        while end < len(doc) and texts[end][:1].isupper() and not flags.is_punct[end] \
                and not (end > i and flags.is_sent_start[end]):
            end += 1  # "the General Zorb", "ZORB_min"
    else:
        if lowers[i].endswith(("ing", "ly")) and (lowers[i][:-3] in word_list("verb_like.txt")
                                                  or lowers[i][:-3] + "e" in word_list("verb_like.txt")
                                                  or lowers[i].endswith("ly")):
            return None  # "using zorb features": an action, not a name
        end = i + 1 if texts[i][:1].isupper() and texts[i].replace("-", "").isalpha() else i
        while end < len(doc) and end - i <= _MAX_WORDS and flags.is_lower[end] and lowers[end] not in _FUNCTION_WORDS \
                and lowers[end] not in _CLOSERS and not flags.is_sent_start[end] and not _verb_at(doc, end) \
                and all(part.isalpha() for part in texts[end].split("-") if part):
            end += 1
        if not _MIN_WORDS <= end - i <= _MAX_WORDS:
            return None
    if end < len(doc) and not (flags.is_punct[end] or lowers[end] in _CLOSERS or flags.is_sent_start[end]
                               or _verb_at(doc, end)):
        return None  # the words go on: "generation of section headings ..."
    if lowers[end - 1] == "based":
        return None  # "lexicon construction based on ...": the item runs on
    text = span_text(doc, i, end).lower()
    if any(text in word_list(listed) for listed in _NOT_NAMES):
        return None
    return i, end


#: Words after a verb's third person that show it is one ("zorb distillation transfers the knowledge").
_OBJECT_OPENERS = frozenset({"the", "a", "an", "its", "their", "our", "this", "these", "both", "each", "all"})


def _verb_at(doc: Doc, k: int) -> bool:
    """Is ``doc[k]`` a verb's third person that ends a subject before it: a word in *-s* before an article or a
    determiner ("transfers the knowledge", "improves the ..."; not "zorb-precision filters (for which ...)")?"""
    lowers = token_arrays(doc)[1]
    lower = lowers[k]
    return lower.endswith("s") and not lower.endswith("ss") and k + 1 < len(doc) and lowers[k + 1] in _OBJECT_OPENERS
