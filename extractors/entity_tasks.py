"""Rules for tasks and metrics: names the method/dataset rules leave out or mistype.

Three rules, each driven by a data file in ``extractors/patterns/``:

* ``task_acronym`` — an upper-case token in ``task_acronyms.txt`` (NER, GEC,
  KGQA, MNER) is a task, never a method; with a long form when the acronym
  pair has one ("multimodal NER (MNER)");
* ``task_long_form`` — an acronym pair whose long form ends in a task head
  word (``task_heads.txt``: recognition, detection, translation ...) or is a
  conversion ("speech-to-text (S2T)"): "grammatical error correction (GEC)",
  "Event Sentence Coreference Identification (ESCI)"; the acronym's other
  uses in the abstract are the task too;
* ``task_head`` — an acronym right before a task head word names the task
  with it: "TKG completion", "AMR parsing";
* ``metric_name`` — a token in ``metric_names.txt`` (exact: BLEU, F1, nDCG,
  BERTScore; hyphenated variants "ROUGE-L", "F1-score") or
  ``metric_words.txt`` (any case, also plural: accuracy, precision, recall, perplexity),
  with a "macro"/"micro"/"weighted"/"macro-average" before it, or a phrase of
  ``metric_terms.txt`` (any case, plural last word: "word error rates", "mean average precision");
* ``known_resource`` — a rule candidate named in ``known_resources.txt``
  (WordNet, UMLS, PubMed) is a dataset, never a method;
* ``shared_task`` — the title of a shared task that names its task ("SemEval-2023 Task 9: Multilingual
  Tweet Intimacy Analysis", "the WMT23 Discourse-Level Literary Translation shared task":
  ``extractors/entity_shared_tasks.py``); the candidates inside it go;
* ``task_frame`` — a lower-case name the sentence calls a task ("the answer selection task", "the task of
  cognitive reframing": ``extractors/entity_task_frames.py``);
* ``method_phrase`` — a lower-case method name of ``method_phrases.txt``
  (long forms the train slice spells out for a method acronym: "low rank
  adaptation", "graph convolutional network") written without its acronym.

:func:`task_metric_candidates` returns candidates with ``kind`` and
``type_rule`` already set; ``kg_entities`` keeps them out of the
method/dataset/model typing.

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline("rules")("We study grammatical error correction (GEC) and report macro F1 and BLEU-4.")
>>> [(s.text, s.label_, s._.kg_type_rule) for s in doc.spans["kg_entities"]]
[('GEC', 'task', 'task_acronym'), ('macro F1', 'metric', 'metric_name'), ('BLEU-4', 'metric', 'metric_name')]
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from extractors.entity_candidates import Candidate
from extractors.entity_framed_names import learned_task_names
from extractors.entity_lexicon import in_list, verb_form, word_list
from extractors.entity_losses import lower_case_names
from extractors.entity_shared_tasks import shared_task_names
from extractors.entity_task_acronyms import is_task_acronym, task_definition, task_long_form
from extractors.entity_task_frames import defined_by_frame, framed_task_names
from extractors.entity_task_metric_names import F_MEASURE, METRIC_MODIFIERS, is_metric_name
from extractors.token_texts import TokenFlags, span_text, token_arrays, token_flags, token_lowers
from ontology.kinds import EntityKind

__all__ = ["TASK_METRIC_RULES", "crossing_task_phrases", "extend_task_left", "is_task_acronym", "known_methods",
           "longest_first", "method_phrases", "metric_terms", "task_long_form", "task_metric_candidates"]

#: The type rules of this module: ``kg_entities`` keeps their candidates out of method/dataset/model typing.
TASK_METRIC_RULES = frozenset({"task_acronym", "task_long_form", "task_head", "task_phrase", "metric_name",
                               "known_resource", "method_phrase", "known_method", "corpus_phrase",
                               "repeated_phrase", "shared_task", "task_frame", "used_loss", "framed_name"})

#: One-word architectures of known_methods.txt that are common nouns in lower case ("transformer networks").
_COMMON_NOUN_ARCHITECTURES = frozenset({"transformer"})
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*$")
#: PhraseMatchers by word list, for the last few vocabularies seen (each pipeline has its own vocab); an entry
#: keeps its vocab so a new vocab at a recycled id() is never served another vocab's matcher.
_PHRASE_MATCHERS: list[tuple[object, str, PhraseMatcher]] = []
_MAX_MATCHERS = 16  # two word lists per vocabulary: the last eight pipelines


def _phrase_matcher(vocab, list_name: str, spaced: bool = False, plural: bool = False) -> PhraseMatcher:
    """The PhraseMatcher (lower case) of the phrases of ``patterns/<list_name>`` for ``vocab``, built once;
    ``spaced``: a hyphenated phrase also matches with spaces ("low-rank adaptation", "low rank adaptation");
    ``plural``: the last word also with an "s" ("word error rates")."""
    for seen, name, matcher in _PHRASE_MATCHERS:
        if seen is vocab and name == list_name:
            return matcher
    matcher = PhraseMatcher(vocab, attr="LOWER")
    texts = sorted(word_list(list_name))
    if spaced:
        texts = sorted(set(texts) | {text.replace("-", " ") for text in texts})
    if plural:
        texts = sorted(set(texts) | {text + "s" for text in texts if not text.endswith(("s", "h"))})
    phrases = [Doc(vocab, words=phrase.split()) for phrase in texts]
    if phrases:
        matcher.add(list_name, phrases)
    _PHRASE_MATCHERS.append((vocab, list_name, matcher))
    del _PHRASE_MATCHERS[:-_MAX_MATCHERS]  # bounded: building many pipelines does not grow it
    return matcher


def longest_first(matches: Iterable[tuple[int, int, int]],
                  adjust: Callable[[int, int], tuple[int, int] | None] = lambda start, end: (start, end),
                  ) -> list[tuple[int, int]]:
    """The token ranges of matcher ``matches``, longest first (then leftmost), each kept unless it overlaps one
    kept before, in text order; ``adjust`` may widen a range or drop it (``None``) before that test.

    >>> longest_first([(0, 2, 5), (0, 0, 3), (0, 5, 6), (0, 4, 6)])  # (match id, start, end)
    [(0, 3), (4, 6)]
    >>> longest_first([(0, 2, 5), (0, 0, 3)], lambda start, end: None if start == 0 else (start, end))
    [(2, 5)]
    """
    taken: set[int] = set()
    spans = []
    for _, first, last in sorted(matches, key=lambda m: (m[1] - m[2], m[1])):
        span = adjust(first, last)
        if span is not None and not taken & set(range(*span)):
            spans.append(span)
            taken.update(range(*span))
    return sorted(spans)


def method_phrases(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the lower-case method names of ``method_phrases.txt`` in ``doc`` (long forms the train slice
    spells out for a method acronym: "low rank adaptation"), longest first, none overlapping another, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We fine-tune with low rank adaptation and a graph convolutional network.")
    >>> [doc[s:e].text for s, e in method_phrases(doc)]
    ['low rank adaptation', 'graph convolutional network']
    """
    return longest_first(_phrase_matcher(doc.vocab, "method_phrases.txt", spaced=True)(doc))


def metric_terms(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the several-word metric names of ``metric_terms.txt`` in ``doc`` (any case, the last word
    also plural), longest first, none overlapping another, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("It lowers word error rates and raises mean average precision and exact match accuracy.")
    >>> [doc[s:e].text for s, e in metric_terms(doc)]
    ['word error rates', 'mean average precision', 'exact match accuracy']
    """
    texts, lowers, _ = token_arrays(doc)

    def with_measure(start: int, end: int) -> tuple[int, int]:
        if end < len(doc) and (is_metric_name(texts[end]) or lowers[end] in {"score", "scores"}):
            end += 1  # "exact match accuracy", "average precision score": one measure
        return start, end

    return longest_first(_phrase_matcher(doc.vocab, "metric_terms.txt", plural=True)(doc), with_measure)


def _take(taken: set[int], unvouched: dict[int, Candidate], start: int, end: int) -> None:
    """Mark ``start:end`` taken by a known name: its tokens are no longer free capitals another phrase may take
    ("a Decision Tree parsing model": the method "Decision Tree", and no task "Tree parsing" over it)."""
    taken.update(range(start, end))
    for i in range(start, end):
        unvouched.pop(i, None)


def _replace_unvouched(candidates: list[Candidate], unvouched: dict[int, Candidate], start: int, end: int) -> None:
    """Remove the capitalised-word candidates nothing vouched for that a known name over ``start:end`` covers."""
    for cand in {id(unvouched[i]): unvouched[i] for i in range(start, end) if i in unvouched}.values():
        if cand in candidates:
            candidates.remove(cand)


def known_methods(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the textbook method names of ``known_methods.txt`` in ``doc`` (any case, the last word also
    plural, a hyphenated name also with spaces), longest first, none overlapping another, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We train Logistic Regression, Random Forests and a CNN with beam search.")
    >>> [doc[s:e].text for s, e in known_methods(doc)]
    ['Logistic Regression', 'Random Forests', 'beam search']

    An architecture whose name is also a common noun counts only capitalised ("the vanilla Transformer", not
    "transformer-based approaches": the guidelines make the common noun optional).

    >>> doc = blank_pipeline()("A Transformer beats transformer networks.")
    >>> [doc[s:e].text for s, e in known_methods(doc)]
    ['Transformer']
    """
    matches = _phrase_matcher(doc.vocab, "known_methods.txt", spaced=True, plural=True)(doc)
    _, lowers, flags = token_arrays(doc)
    return longest_first((m, start, end) for m, start, end in matches
                         if not (end - start == 1 and lowers[start].rstrip("s") in _COMMON_NOUN_ARCHITECTURES
                                 and flags.is_lower[start]))


def task_phrases(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the task names of ``task_phrases.txt`` in ``doc`` (learned from the train slice by
    ``scripts/build_entity_evidence.py``: "hate speech detection", "data-to-text generation"), longest first,
    none overlapping another, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We study hate speech detection and machine translation.")
    >>> [doc[s:e].text for s, e in task_phrases(doc)]
    ['hate speech detection', 'machine translation']

    A learned phrase that opens with a word split off a name ("X based classification": the phrase describes
    X's method), a French article ("la classification", read in a French abstract) or a verb ("improves
    translation") names no task; a shorter phrase inside it may.

    >>> doc = blank_pipeline()("a transfer learning based classification method and la classification proposée")
    >>> [doc[s:e].text for s, e in task_phrases(doc)]
    []
    """
    stops = word_list("task_modifier_stops.txt")
    texts, lowers, _ = token_arrays(doc)

    def extended(start: int, end: int) -> tuple[int, int] | None:
        if end - start == 2 and lowers[start] in stops:
            return None  # "high translation", "proper understanding": learned before the word was a known stop
        if _after_what_it_is_based_on(doc, start) or in_list("foreign_articles", texts[start]):
            return None  # "transfer-learning based classification": a method's; "la classification": French
        if verb_form(lowers[start]):
            return None  # "it improves translation quality", "involves parsing": a verb and its object (round h15ac)
        if measured_quantity(doc, end):
            return None  # "the semantic similarity between two sentences": a quantity measured, not the task
        return extend_task_left(doc, start, end), end  # longer ones are names: "complex word identification"

    return longest_first(_phrase_matcher(doc.vocab, "task_phrases.txt")(doc), extended)


#: "A-to-B" words that name no conversion between two kinds of thing: a training set-up or a shape ("end-to-end",
#: "sequence-to-sequence", "coarse-to-fine", "one-to-many", "easy-to-use", "left-to-right", "local-to-global").
_NOT_CROSSING_ENDS = frozenset({
    "end", "sequence", "seq", "one", "many", "coarse", "fine", "easy", "hard", "left", "right", "up", "face", "day",
    "ready", "word", "least", "most", "human", "head", "frame", "learning", "source", "target", "local", "global",
    "token", "peer", "point", "step", "back", "front", "top", "bottom", "low", "high", "short", "long", "simple",
    "complex", "general", "specific", "start", "turn", "year", "person", "machine", "student", "teacher", "weak",
    "strong", "small", "large", "old", "new", "self", "next", "use", "read", "understand",
    "implement", "date", "time", "state", "art"})
#: Heads of an "A-to-B" task besides ``task_heads.txt``: what turns one kind of thing into another or finds one by
#: the other ("grapheme-to-phoneme conversion", "text-to-speech synthesis", "text-to-image retrieval").  Not
#: "mapping", "transformation", "modeling", "learning", "training", "attention": those name how a model is built as
#: often; nor "matching": on the train slice "passage-to-question matching tasks", "context-to-sense matching",
#: "keyword-to-sentence matching" were a model's objectives and steps (round h15ch); nor "alignment": on 25,333 fresh
#: train-slice abstracts 6 of its 11 were a mechanism, an objective or a corpus's annotation ("mitigates this gap
#: through question-to-action alignment", "a speech-to-text alignment auxiliary task", "a corpus with text-to-sound
#: alignment"), not a task (review 65).
_CROSSING_HEADS = frozenset({"conversion", "synthesis", "retrieval"})
#: Units of text that, the same at both ends, say at which size a text is handled, not what it turns into
#: ("paragraph-to-paragraph translation mode", "in Doc-to-Doc translation manner", "prefix-to-prefix translation
#: models", "in a morpheme-to-morpheme alignment"), as "word" and "token" at either end do (review 65); not
#: "speech-to-speech translation", "image-to-image translation": kinds of thing, a task.
_TEXT_UNITS = frozenset({"prefix", "paragraph", "doc", "document", "sentence", "morpheme", "phrase", "segment",
                         "chunk", "span", "passage", "clause", "character", "char", "subword", "line", "page"})
#: One "A-to-B" word: two words (letters only) joined by "-to-".
_CROSSING = re.compile(r"^([A-Za-z]+)-to-([A-Za-z]+)$")


def crossing_task_phrases(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of tasks named "A-to-B" and a task head: "grapheme-to-phoneme conversion", "text-to-speech
    synthesis", "SQL-to-text generation" (round h15ch); the words before it are left out ("in-domain", "end-to-end":
    a setting).  A task the train slice writes rarely is in no learned list
    (``task_phrases.txt`` needs three uses); the structure names it: something turned into something else.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We study grapheme-to-phoneme conversion and text-to-speech synthesis.")
    >>> [doc[s:e].text for s, e in crossing_task_phrases(doc)]
    ['grapheme-to-phoneme conversion', 'text-to-speech synthesis']

    Not a set-up or a shape ("end-to-end generation", "coarse-to-fine retrieval"), nor a language pair
    ("English-to-German translation": a direction of a task, named by the task), nor another head
    ("sequence-to-sequence learning", "text-to-SQL parsers").

    >>> doc = blank_pipeline()("end-to-end generation, coarse-to-fine retrieval, English-to-German translation")
    >>> crossing_task_phrases(doc)
    []
    """
    texts, lowers, flags = token_arrays(doc)
    heads = word_list("task_heads.txt") | _CROSSING_HEADS
    languages = word_list("languages.txt")
    found = []
    for i in range(len(doc) - 1):
        match = _CROSSING.match(texts[i])
        if match is None or lowers[i + 1] not in heads or texts[i + 1] != lowers[i + 1]:
            continue
        ends = (match.group(1).lower(), match.group(2).lower())
        if any(end in _NOT_CROSSING_ENDS or end in languages for end in ends) \
                or ends[0] == ends[1] and ends[0] in _TEXT_UNITS:
            continue
        if i > 0 and flags.is_title[i - 1] and not flags.is_sent_start[i - 1]:
            continue  # "Chinese Financial Text-to-Event extraction": the end of a longer capitalised name
        found.append((i, i + 2))  # not "in-domain" or "end-to-end" before it: a setting, not the task's name
    return found


def _after_what_it_is_based_on(doc: Doc, start: int) -> bool:
    """Does a phrase open at ``start`` with a participle split off a name ("based", "guided", "enhanced", "driven")
    after a word it attaches to ("transfer-learning based classification", "graph-enhanced parsing"; not "the guided
    summarization task", nor a noun such as "level": "engagement level prediction")?"""
    texts, _, flags = token_arrays(doc)
    text = texts[start]
    return (in_list("name_suffixes", text) and text.endswith(("ed", "en")) and start > 0
            and not flags.is_stop[start - 1] and (not flags.is_punct[start - 1] or texts[start - 1] == "-"))


#: Endings of a head noun that names an activity ("translation", "alignment", "parsing", "analysis", "inference").
_ACTIVITY_ENDINGS = ("tion", "sion", "ment", "ing", "sis", "ance", "ence")
#: Words after a learned phrase that make it the name of a task whatever its head: "semantic similarity tasks",
#: "semantic textual similarity methods" (what the methods are for), "a SemEval ... similarity competition".
_TASK_NOUNS = frozenset({"task", "tasks", "subtask", "subtasks", "problem", "problems", "challenge", "challenges",
                         "shared", "track", "benchmark", "benchmarks", "competition", "competitions", "dataset",
                         "datasets", "data", "evaluation", "evaluations", "method", "methods", "model", "models",
                         "system", "systems"})


def measured_quantity(doc: Doc, end: int) -> bool:
    """Is the learned task phrase ending at ``end`` a quantity rather than the task: a head that names no
    activity ("similarity", "relatedness") without a task noun after it ("computing semantic similarity
    between KG triplets", "according to semantic similarity"; not "on semantic similarity tasks")?

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("the semantic similarity of texts and semantic similarity tasks")
    >>> measured_quantity(doc, 3), measured_quantity(doc, 8)
    (True, False)
    """
    lowers = token_lowers(doc)
    return (not lowers[end - 1].endswith(_ACTIVITY_ENDINGS)
            and not (end < len(doc) and lowers[end] in _TASK_NOUNS) and not _listed_as_a_task(doc, end))


#: How far back a phrase may stand from "tasks such as" and still be one of its examples.
_EXAMPLE_REACH = 16


def _listed_as_a_task(doc: Doc, end: int) -> bool:
    """Is the phrase ending at ``end`` an example of tasks: "tasks such as text classification, sentence pair
    classification, and semantic textual similarity", "tasks including ..." (no clause end between)?"""
    texts, lowers, _ = token_arrays(doc)
    i = end - 1
    while i > 1 and end - i < _EXAMPLE_REACH and texts[i] not in {".", ";", ":", "?", "!"}:
        word = lowers[i]
        if (word == "as" and lowers[i - 1] == "such" and lowers[i - 2] in _TASK_NOUNS) \
                or (word in {"including", "like"} and lowers[i - 1] in _TASK_NOUNS):
            return True
        i -= 1
    return False


def extend_task_left(doc: Doc, start: int, end: int) -> int:
    """Where a task name ending at ``end`` starts when lower-case modifiers stand before the known part:
    "diagnosis point detection", "multi-user dialog generation" (at most two words, none used as a verb
    by the corpus (``verb_like.txt``) or generic (``task_modifier_stops.txt``), after a function word or
    punctuation); else ``start``.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("tasks such as diagnosis point detection, and we improve point detection")
    >>> extend_task_left(doc, 4, 6), extend_task_left(doc, 10, 12)
    (3, 10)
    """
    texts, _, flags = token_arrays(doc)
    new = start
    while new > 0 and start - new < _MAX_TASK_EXTENSION and _task_modifier_word(texts, flags, new - 1):
        new -= 1
    if new == start or (new > 0 and not (flags.is_stop[new - 1] or flags.is_punct[new - 1])):
        return start
    return new


_MAX_TASK_EXTENSION = 2


def _task_modifier_word(texts: list[str], flags: TokenFlags, k: int) -> bool:
    text = texts[k]
    return (len(text) > 1 and text.islower() and text.isascii() and not flags.is_stop[k] and not flags.is_sent_start[k]
            and all(part.isalpha() for part in text.split("-")) and not (text.endswith("ly") and len(text) > 5)
            and not text.endswith("ing")
            and text not in word_list("verb_like.txt") and text not in word_list("task_modifier_stops.txt")
            and not (text.endswith("s") and text[:-1] in word_list("verb_like.txt")))  # "that uses NLI"


def _task_modifier(doc: Doc, cand: Candidate, text: str) -> bool:
    """Is the candidate an acronym right before a task head word, naming a task with it ("TKG completion")?

    Not a known dataset or a model family ("SQuAD", "BERT classification"), nor an acronym pair.
    """
    return (cand.end < len(doc) and cand.end - cand.start == 1 and cand.long_span is None
            and cand.strength in {"strong", "weak"} and _ACRONYM.match(text) is not None
            and token_lowers(doc)[cand.end] in word_list("task_heads.txt")
            and not token_flags(doc).is_sent_start[cand.end])


def _widened_long_span(doc: Doc, long_span: tuple[int, int], short_start: int) -> tuple[int, int]:
    """A task acronym's long form before it, with the lower-case modifiers before that ("conversational question
    answering (QA)": the task is conversational QA)."""
    start, end = long_span
    return (extend_task_left(doc, start, end), end) if start < short_start else long_span


#: Known resources made per language, whose edition a language word before them names ("the Basque WordNet").
_EDITIONED = frozenset({"wordnet", "framenet", "propbank", "verbnet"})


def task_metric_candidates(doc: Doc, candidates: list[Candidate], acronyms: Sequence[Span]) -> list[Candidate]:
    """Task and metric candidates of ``doc``; rule candidates they overlap are retyped in place.

    ``candidates`` are the method/dataset/model candidates found so far: an acronym candidate whose
    short form is a task acronym, or whose long form ends in a task head, becomes a task (kind and
    type rule set here).  New candidates overlap none of them, except capitalised words nothing vouched
    for, which a known task phrase replaces (they are removed from ``candidates``): "we study Argument
    Mining" is the task, not two capitalised words.
    """
    generic = word_list("generic_terms.txt")  # "retrieval-augmented generation (RAG)": a method the field names
    phrases = task_phrases(doc)
    lower_names = lower_case_names(doc)
    named_tasks = set(phrases) | {(start, end) for start, end, kind, _ in lower_names if kind == "task"}
    defined_tasks = defined_by_frame(doc, acronyms) | {  # "Zorb Embedding (ZE) aims to ...": a task's definition
        short.text for short, long_ in zip(acronyms[::2], acronyms[1::2])
        if is_task_acronym(short.text) or (task_definition(long_, named_tasks) and short.text.lower() not in generic)}
    taken: set[int] = set()
    found: list[Candidate] = []
    for start, end in shared_task_names(doc):  # "SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis"
        inside = [c for c in candidates if start <= c.start and c.end <= end and c.long_span is None]
        if any(c.start < end and start < c.end and c not in inside for c in candidates):
            continue  # a name reaches over the title's edge: leave both alone
        for cand in inside:  # "Reading Comprehension of Abstract Meaning": the task, not a known dataset
            candidates.remove(cand)
        found.append(Candidate(start, end, "task", kind=EntityKind.TASK, type_rule="shared_task"))
        taken.update(range(start, end))
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    for cand in candidates:
        if cand.long_span:
            taken.update(range(*cand.long_span))
        text = span_text(doc, cand.start, cand.end)
        if text in defined_tasks and not cand.long_span and "gazetteer" not in cand.cues:
            cand.kind, cand.type_rule = EntityKind.TASK, "task_long_form"  # "S2T" again, spelled out earlier
        elif _task_modifier(doc, cand, text):
            cand.end += 1  # "TKG completion", "AMR parsing": the name of a task, not a method or dataset
            cand.kind, cand.type_rule = EntityKind.TASK, "task_head"
        elif is_task_acronym(text):
            cand.kind, cand.type_rule = EntityKind.TASK, "task_acronym"
            if cand.long_span:
                cand.long_span = _widened_long_span(doc, cand.long_span, cand.start)
                taken.update(range(*cand.long_span))
        elif is_metric_name(text):
            cand.kind, cand.type_rule = EntityKind.METRIC, "metric_name"  # "macro-F1" taken for a name
            if cand.long_span is None and cand.end - cand.start == 1:  # "a micro F-1 score", "an F2 score": bounded
                cand.start, cand.end = _metric_extent(  # as the token rule below bounds a metric (round h15cj)
                    texts, lowers, cand.start,
                    lambda k, cand=cand: not any(o.start <= k < o.end for o in candidates if o is not cand))
        elif text.lower() in word_list("known_resources.txt"):
            cand.kind, cand.type_rule = EntityKind.DATASET, "known_resource"  # "WordNet" is no method
            if text.lower() in _EDITIONED and cand.start > 1 and cand.start - 1 not in taken \
                    and flags.is_title[cand.start - 1] and lowers[cand.start - 1] in word_list("languages.txt") \
                    and lowers[cand.start - 2] not in {"and", "or", ","}:
                cand.start -= 1  # "the Basque WordNet", "English FrameNet": a language's own edition is its name
                # (not "the English and Japanese FrameNet datasets": the languages share the resource's name)
                cand.cues.add("accepted")  # "the Open English Wordnet": the resource vouches for itself
        elif cand.long_span and task_definition(doc[cand.long_span[0] : cand.long_span[1]], named_tasks) \
                and text.lower() not in word_list("generic_terms.txt"):
            cand.kind, cand.type_rule = EntityKind.TASK, "task_long_form"
        taken.update(range(cand.start, cand.end))  # after the task head it may have taken ("ICD diagnosis")
    for short, long_ in zip(acronyms[::2], acronyms[1::2]):
        if any(i in taken for i in range(short.start, short.end)):
            continue
        if is_task_acronym(short.text) or (task_definition(long_, named_tasks) and short.text.lower() not in generic):
            rule = "task_acronym" if is_task_acronym(short.text) else "task_long_form"
            long_span = _widened_long_span(doc, (long_.start, long_.end), short.start)
            if any(i in taken for i in range(*long_span)):
                long_span = (long_.start, long_.end)
            found.append(Candidate(short.start, short.end, "task", long_span=long_span,
                                   kind=EntityKind.TASK, type_rule=rule))
            taken.update(range(short.start, short.end))
            taken.update(range(*long_span))
    unvouched = {i: cand for cand in candidates if cand.strength == "weak" and cand.type_rule == "default"
                 for i in range(cand.start, cand.end)}  # capitalised words nothing vouched for (yet)
    for start, end in metric_terms(doc):  # "word error rates", "mean average precision", "Pearson Coefficient"
        if not any(i in taken and i not in unvouched for i in range(start, end)):
            _replace_unvouched(candidates, unvouched, start, end)
            found.append(Candidate(start, end, "metric", kind=EntityKind.METRIC, type_rule="metric_name"))
            _take(taken, unvouched, start, end)
    for start, end in method_phrases(doc):  # "low rank adaptation" written without its acronym
        if not any(i in taken for i in range(start, end)):
            found.append(Candidate(start, end, "phrase", kind=EntityKind.METHOD, type_rule="method_phrase"))
            taken.update(range(start, end))
    for start, end in known_methods(doc):  # "Logistic Regression", "beam search", "Random Forests"
        inside = [c for c in candidates if start < c.start and c.end == end and c.strength == "strong"
                  and c.long_span is None and c.type_rule == "default"]  # "Linear SVM": the name is the whole method
        for cand in inside:
            unvouched.update(dict.fromkeys(range(cand.start, cand.end), cand))
        if not any(i in taken and i not in unvouched for i in range(start, end)):
            _replace_unvouched(candidates, unvouched, start, end)
            found.append(Candidate(start, end, "phrase", kind=EntityKind.METHOD, type_rule="known_method"))
            _take(taken, unvouched, start, end)
    for start, end in phrases:
        if not any(i in taken and i not in unvouched for i in range(start, end)):
            _replace_unvouched(candidates, unvouched, start, end)  # "we study Argument Mining": the task
            found.append(Candidate(start, end, "task", kind=EntityKind.TASK, type_rule="task_phrase"))
            _take(taken, unvouched, start, end)
    for start, end in framed_task_names(doc):  # "the answer selection task", "the task of cognitive reframing"
        if not any(i in taken for i in range(start, end)):
            found.append(Candidate(start, end, "task", kind=EntityKind.TASK, type_rule="task_frame"))
            taken.update(range(start, end))
    for start, end, kind, rule in lower_names:  # "reading comprehension", "we use the focal loss"
        if not any(i in taken for i in range(start, end)):
            found.append(Candidate(start, end, "phrase", kind=EntityKind(kind), type_rule=rule))
            taken.update(range(start, end))
    for start, end in learned_task_names(doc):  # "reverse dictionary", "definition modeling": framed in the train slice
        if not any(i in taken for i in range(start, end)):
            found.append(Candidate(start, end, "task", kind=EntityKind.TASK, type_rule="framed_name"))
            taken.update(range(start, end))
    for i in (k for k in _task_or_metric_tokens(texts, defined_tasks) if k not in taken):
        text = texts[i]
        if is_task_acronym(text) or text in defined_tasks:
            found.append(Candidate(i, i + 1, "task", kind=EntityKind.TASK, type_rule="task_acronym"))
        elif is_metric_name(text):
            start, end = _metric_extent(texts, lowers, i, lambda k: k not in taken)
            found.append(Candidate(start, end, "metric", kind=EntityKind.METRIC, type_rule="metric_name"))
    return _paired_metrics(found, acronyms)


#: The words after an F-measure that name the measure with it ("an F1 score", "the F2 measure").
_SCORE_WORDS = frozenset({"score", "scores", "measure"})


def _metric_extent(texts: list[str], lowers: list[str], i: int, free: Callable[[int], bool]) -> tuple[int, int]:
    """The bounds of the metric's name token ``i`` writes, each word beside it taken only where ``free`` says so: the
    averaging word before it ("macro F1") or, with none, an F-measure's "score" / "measure" after it ("an F1 score of
    0.77" names the measure as "F1-score" does; "macro F1 score": macro F1), and the closing brace the tokenizer splits
    off ("F_{0.5}": a doc made from raw text only; extract_mentions drops braces as markup first, so a mention reads
    "F_0.5"). One function for the token rule and for a metric's name a capitalised candidate took, so one spelling is
    not bounded two ways (round h15cj wrote it twice; review72).

    >>> texts = "a micro F-1 score and an F2 score of F_{0.5 } score".split()
    >>> lowers, free = [t.lower() for t in texts], lambda k: True
    >>> [_metric_extent(texts, lowers, i, free) for i in (2, 6, 9)]
    [(1, 3), (6, 8), (9, 12)]
    >>> _metric_extent(texts, lowers, 2, lambda k: k != 1), _metric_extent(texts, lowers, 6, lambda k: k != 7)
    ((2, 4), (6, 7))
    >>> texts = "the macro-averaged Macro-F1 and weighted macro-F1".split()
    >>> lowers = [t.lower() for t in texts]
    >>> _metric_extent(texts, lowers, 2, free), _metric_extent(texts, lowers, 5, free)
    ((2, 3), (4, 6))
    """
    start = i - 1 if i > 0 and lowers[i - 1] in METRIC_MODIFIERS and free(i - 1) \
        and lowers[i - 1].split("-")[0] != lowers[i].split("-")[0] else i  # not "macro-averaged Macro-F1": the
    # name says its averaging itself ("weighted macro-F1" is another average; review72)
    end = i + 1
    if "{" in texts[i] and end < len(texts) and texts[end] == "}" and free(end):
        end += 1
    if start == i and F_MEASURE.match(texts[i]) and end < len(texts) and lowers[end] in _SCORE_WORDS and free(end):
        end += 1
    return start, end


#: Is a token text a task acronym or a metric's name, for every text seen (emptied past a million): one lookup a token.
_TASK_OR_METRIC: dict[str, bool] = {}


def _task_or_metric_tokens(texts: list[str], defined_tasks: set[str]) -> list[int]:
    """The indices of the tokens written as a task acronym, a task ``defined_tasks`` names or a metric's name."""
    known = _TASK_OR_METRIC
    try:
        return [i for i, text in enumerate(texts) if known[text] or text in defined_tasks]
    except KeyError:
        if len(known) > 1_000_000:
            known.clear()
        for text in texts:
            if text not in known:
                known[text] = is_task_acronym(text) or is_metric_name(text)
        return [i for i, text in enumerate(texts) if known[text] or text in defined_tasks]


def _paired_metrics(found: list[Candidate], acronyms: Sequence[Span]) -> list[Candidate]:
    """A metric acronym spelled out ("word error rate (WER)", "WER (word error rate)") is one metric with its long
    form, as an acronym pair of any other kind is: the short form's candidate takes the long form's span, and the
    long form's own candidate goes. So the corpus's alias table learns the pair and one node holds "WER" and
    "word error rate".

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We report the word error rate (WER) and BLEU.")
    >>> [(s.text, s.label_, s._.kg_long_form) for s in doc.spans["kg_entities"]]
    [('WER', 'metric', (3, 6)), ('BLEU', 'metric', None)]
    """
    metrics = {(c.start, c.end): c for c in found if c.kind is EntityKind.METRIC and c.long_span is None}
    dropped: set[int] = set()
    for short, long_ in zip(acronyms[::2], acronyms[1::2]):
        short_cand = metrics.get((short.start, short.end))
        long_cand = next((c for (start, end), c in metrics.items()
                          if start <= long_.start and long_.end <= end and c is not short_cand), None)
        if short_cand is None or long_cand is None or short_cand.long_span is not None:
            continue
        short_cand.long_span = (long_cand.start, long_cand.end)
        dropped.add(id(long_cand))
    return [c for c in found if id(c) not in dropped]
