"""Last word on the tasks ``kg_entities`` keeps: where a task's name starts, and which kept "tasks" name no task.

Round h15ak classified every task false positive and false negative of the seven tuning sets. The structures the
annotation follows consistently there are applied to the kept candidates, after every other rule:

* **A setting that opens a definition is part of the name.** A sentence that opens with a modifier and a task
  ("Aspect-based sentiment analysis aims to ...", "Document-level relation extraction aims ...", "Opinion entity
  extraction is a fundamental task", "Code clone detection is challenging") defines the narrower task, and the
  annotation names it whole; the tagger and the learned phrases took only the part after the capitalised first
  word. One capitalised word (or a word and a "-level" / "-based" suffix, or a capitalised and a lower-case word)
  between the sentence's start and the task joins it, unless it is a function word, a generic adjective
  (``task_modifier_stops.txt``: "Recent", "Existing", "Current"), an adverb, a gerund or a verb form.
* **A task acronym after a word that narrows it, by the learned names.** "on open-domain QA.", "sub-task 2 centers
  on Nested NER", "the Video QA setting": where the word and the acronym's spelled-out words are a task name the
  train slice taught ("open-domain question answering" in ``task_phrases.txt``), the annotation names the narrower
  task whole (round h15cn); a qualifier of the moment ("future NMT", "the target QA task") is in no learned name.
* **A task name before a noun of a thing is no task mention.** "membership inference attacks", "question-answer
  (QA) pairs", "sequence labeling encodings", "Translation Studies": the name describes an attack, a pair, an
  encoding, a field of study (``_THING_NOUNS``), and the annotation leaves it out; before "objective" it names a
  training objective, which the annotation types as a method ("the replaced token detection objective", "an
  auxiliary masked language modeling objective").
* **The frame "the task of X" names all of X.** "addressing the task of counter narrative generation": the learned
  phrase "narrative generation" took only the part after a word the corpus uses as a verb; one or two lower-case
  modifiers between "task / problem of" and the found task join it (no gerund: "the task of building supervised
  event trigger identification systems").
* **An activity on data, or an action of the authors, is not part of a task's name.** "data generation", "data
  extraction", "synthetic data generation" name what the authors do with their data (the annotation has such
  names as optional paradigms at most: data cleaning, data augmentation); "pre-trained" / "organized" opening a
  tagger's span ("we use pre-trained machine translation models") is dropped from the name.
* **A name the text calls a task is a task.** "the task of Dialogue Quality Estimation", "introduces the task of
  Adaptive Language-Based Assessment (ALBA)", "Knowledge graph embedding is an important task", "Semantic Parsing
  in Contextual Environments (SPICE), a task designed to ...": a method or metric that a guess typed (the tagger,
  a capitalised word, a lower-case method phrase) becomes the task (not "SUGILITE, an intelligent task automation
  agent": "task" modifies a noun there).
* **The bare activity is no task mention.** The tagger's one-word "translation" / "parsing" ("many translation
  tasks", "the Department of Interpretation and Translation"): never required in the tuning sets (optional three
  times), which require the specific task (machine translation, dependency parsing); "the translation task" (one
  task, singular) stays.
* **"Understanding" is an ability, not a task, unless it is named with an acronym.** "language understanding",
  "semantic understanding", "dialogue understanding", "image understanding capabilities" were never required in
  the tuning sets (15 false, 1 required, 3 optional); "natural language understanding (NLU)" keeps its acronym
  pair and stays, and so do "spoken language understanding" (the established task SLU, read on unannotated
  abstracts) and an understanding the text calls a task ("the task of narrative understanding").

>>> from extractors.entities import build_pipeline
>>> nlp = build_pipeline("rules")
>>> doc = nlp("Document-level relation extraction aims to link entities. We study language understanding.")
>>> [(s.text, s.label_) for s in doc.spans["kg_entities"]]
[('Document-level relation extraction', 'task')]
"""
from __future__ import annotations

import re
from functools import cache

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_lexicon import verb_form, word_list
from extractors.entity_task_acronyms import is_task_acronym
from extractors.entity_task_lists import noun_like
from extractors.token_texts import TokenFlags, token_arrays
from ontology.kinds import EntityKind

__all__ = ["settle_tasks"]

#: Nouns after a task's name that make the name describe a thing, not the task (round h15ak: each followed a kept
#: task the annotation of the tuning sets left out, read again on 10,000 unannotated abstracts): a unit of data
#: ("QA pairs", "translation pairs"), a field of study ("Translation Studies"), an attack, an encoding, a speed.
#: Not "engine", "errors", "capabilities": like "systems" and "models" they go with mentions of the task itself.
_THING_NOUNS = frozenset({"pair", "pairs", "studies", "attack", "attacks", "encoding", "encodings", "speed",
                          "efforts"})
#: Nouns after a task's name that make it a training objective, a method ("the masked language modeling objective").
_OBJECTIVE_NOUNS = frozenset({"objective", "objectives"})
#: Suffix tokens that the tokenizer splits off a setting ("Document -level", "Aspect -based").
_SETTING_SUFFIXES = frozenset({"-level", "-based"})
_UNDERSTANDING = "understanding"
#: Words that make an "understanding" the task of understanding speech ("spoken language understanding").
_SPOKEN = frozenset({"spoken", "speech"})
#: Participles of what the authors did that a tagger's task span may open with ("we use pre-trained machine
#: translation models", "we have organized simultaneous translation tasks"): not part of the task's name.
_ACTION_PARTICIPLES = frozenset({"pre-trained", "pretrained", "proposed", "organized", "organised", "addressed",
                                 "trained", "fine-tuned", "finetuned", "incorporated", "combined", "identified",
                                 "improved", "applied", "used", "studied", "adopted", "employed"})
#: Words that open a sentence before a task without naming a setting ("Classical bias detection methods", "Unlike
#: image captioning", "Large VQA datasets"), besides ``task_modifier_stops.txt`` and spaCy's stop words; "Automatic"
#: too: the tuning sets drop it from a task's name three times in four.
_GENERIC_OPENERS = frozenset({"classical", "earlier", "previous", "prior", "past", "neural", "contemporary", "unlike",
                              "despite", "large", "small", "alternative", "automatic", "automated"})


def settle_tasks(doc: Doc, kept: list[Candidate]) -> list[Candidate]:
    """``kept`` without the task mentions that name no task, the tasks that open a definition widened to the
    setting before them (changed in place); the other candidates are returned as they are."""
    texts, lowers, flags = token_arrays(doc)
    settled = []
    for cand in kept:
        if cand.kind in _RETYPED_KINDS and cand.type_rule in _GUESSED_RULES and _called_a_task(lowers, texts, cand):
            cand.kind, cand.type_rule = EntityKind.TASK, "called_task"  # "the task of Dialogue Quality Estimation"
        if cand.kind is EntityKind.TASK:
            after = _word_after(texts, lowers, cand)
            if after in _THING_NOUNS or _on_data(lowers, cand) or (_bare_activity(lowers, cand) and after != "task") \
                    or (_an_ability(lowers, cand) and not _called_a_task(lowers, texts, cand)):
                continue
            if cand.long_span is None and cand.end - cand.start > 1 and lowers[cand.start] in _ACTION_PARTICIPLES:
                cand.start += 1  # "pre-trained machine translation (models)": the task is machine translation
                if cand.end - cand.start == 1 and lowers[cand.start] not in word_list("task_words.txt"):
                    continue  # "pre-trained generation": no task left
            if after in _OBJECTIVE_NOUNS:
                cand.kind, cand.type_rule = EntityKind.METHOD, "task_objective"
            elif cand.long_span is None:
                cand.start = _definition_start(texts, lowers, flags, cand.start, kept)
                cand.start = _framed_start(texts, lowers, flags, cand.start)
                cand.start = _learned_setting_start(texts, lowers, flags, cand, kept)
        settled.append(cand)
    return settled


def _word_after(texts: list[str], lowers: list[str], cand: Candidate) -> str:
    """The lower-case word after the candidate's name and its long form, past a closing bracket ("pairs" of
    "question-answer (QA) pairs"); "" at the end of the text."""
    end = max(cand.end, cand.long_span[1] if cand.long_span else 0)
    if end < len(texts) and texts[end] == ")":
        end += 1
    return lowers[end] if end < len(texts) else ""


def _an_ability(lowers: list[str], cand: Candidate) -> bool:
    """Does the task's name end in "understanding" with no acronym named for it ("language understanding"), and
    understand no spoken input ("spoken language understanding" is the established task SLU)?"""
    return (cand.long_span is None and lowers[cand.end - 1] == _UNDERSTANDING
            and not any(lowers[k] in _SPOKEN for k in range(cand.start, cand.end - 1)))


#: Kinds a name the text calls a task loses, and the type rules that guessed them (not a known name's rule).
_RETYPED_KINDS = frozenset({EntityKind.METHOD, EntityKind.METRIC})
_GUESSED_RULES = frozenset({"tagger", "default", "method_phrase", "head_noun", "apposition", "list"})
#: Adjectives between "is a" / ", a" and "task" ("is an important task", ", a challenging new task").
_MAX_ADJECTIVES = 3


def _called_a_task(lowers: list[str], texts: list[str], cand: Candidate) -> bool:
    """Does the text call the name a task: "the task of NAME", "NAME is a(n) (important) task", "NAME (ACR), a
    task designed to ...", "X and NAME (ACR) are both important tasks"?"""
    first = cand.first
    if first >= 3 and lowers[first - 2] in {"task", "tasks"} and lowers[first - 1] in {"of", "termed", "called"} \
            and texts[first - 3].isalpha() and texts[first - 3].islower():
        return True  # "the task of X", not "the CDR task of BioCreative V" (a campaign's task)
    end = max(cand.end, cand.long_span[1] if cand.long_span else 0)
    if end < len(texts) and texts[end] == ")":
        end += 1
    k = end
    if lowers[k : k + 1] == ["and"]:  # the first of "X (A) and Y (B) are both important tasks" (round h15ax)
        k = next((j for j in range(k + 1, min(len(lowers), k + 8)) if lowers[j] in {"are", ",", ".", ";"}), k)
        if texts[k - 1] != ")":
            return False  # the second subject has its acronym too, not "X (A) and its variants are ..."
    if lowers[k : k + 1] == ["are"] and (k > end or lowers[cand.first - 1 : cand.first] == ["and"]
                                        and texts[max(cand.first - 2, 0)] == ")"):
        k += 2 if lowers[k + 1 : k + 2] in (["both"], ["also"]) else 1
        if lowers[k : k + 1] and lowers[k].endswith("ed"):
            return False  # a passive, not what they are: "X (A) and Y (B) are evaluated on two tasks"
        nouns = {"tasks", "subtasks"}  # ... and the second
        no_article = True  # no article to say a noun phrase follows: "are used in many tasks"
    elif lowers[k : k + 2] in (["is", "a"], ["is", "an"], [",", "a"], [",", "an"]):
        k += 2
        nouns = {"task", "subtask"}
        no_article = False
    else:
        return False
    for j in range(k, min(len(lowers), k + _MAX_ADJECTIVES + 1)):
        word = lowers[j]
        if word == "shared":
            return False  # "IEST 2018, a shared task": an event, not the task
        if word in nouns:
            return j + 1 == len(lowers) or not noun_like(lowers[j + 1])  # not "a task automation agent"
        if not word.isalpha() or no_article and word in STOP_WORDS:
            return False
    return False


#: Activities whose bare word the tagger types as a task where the text means the human activity or the family of
#: tasks ("many translation tasks", "the Department of Interpretation and Translation", "Parsing and Multiword
#: Expressions"): the annotation requires only the specific tasks ("machine translation", "dependency parsing").
_BARE_ACTIVITIES = frozenset({"translation", "parsing"})


def _bare_activity(lowers: list[str], cand: Candidate) -> bool:
    """Is the task the tagger's bare "translation" or "parsing", with no acronym?"""
    return (cand.type_rule == "tagger" and cand.long_span is None and cand.end - cand.start == 1
            and lowers[cand.start] in _BARE_ACTIVITIES)


def _on_data(lowers: list[str], cand: Candidate) -> bool:
    """Does the task's name open with "data" ("data generation", "data extraction", "synthetic data generation"):
    an activity on the authors' data, not a task the field studies ("data-to-text generation" is one token)?"""
    first = lowers[cand.start]
    return cand.long_span is None and cand.end - cand.start > 1 and (
        first == "data" or (first == "synthetic" and lowers[cand.start + 1] == "data"))


def _definition_start(texts: list[str], lowers: list[str], flags: TokenFlags, start: int,
                      kept: list[Candidate]) -> int:
    """Where a task that a sentence opens with a setting starts ("Aspect -based sentiment analysis aims"): the
    sentence's first token when one or two modifier tokens stand between it and ``start``, else ``start``."""
    if flags.is_sent_start[start]:
        return start
    first = next((i for i in (start - 1, start - 2) if i >= 0 and flags.is_sent_start[i]), None)
    if first is None or any(c.start < start and first < c.end for c in kept):
        return start
    word = texts[first]
    if not (word[:1].isupper() and not word.isupper() and _modifier(word, lowers[first], flags.is_stop[first])):
        return start
    if start - first == 2:
        second = lowers[first + 1]
        if not (second in _SETTING_SUFFIXES
                or (flags.is_lower[first + 1] and flags.is_alpha[first + 1]
                    and _modifier(texts[first + 1], second, flags.is_stop[first + 1]) and not second.endswith("ed"))):
            return start
    return first


#: Nouns of "the task of X" whose X is the whole name up to the task's head.
_FRAME_NOUNS = frozenset({"task", "tasks", "subtask", "problem"})


def _framed_start(texts: list[str], lowers: list[str], flags: TokenFlags, start: int) -> int:
    """Where a task named in a frame starts: "the task of counter narrative generation" names the whole lower-case
    run after "of" (one or two words before what was found: "narrative generation"), not "building supervised
    event trigger identification" (a gerund opens the run)."""
    for width in (1, 2):
        first = start - width
        if first < 2 or lowers[first - 1] != "of" or lowers[first - 2] not in _FRAME_NOUNS:
            continue
        if all(flags.is_lower[k] and flags.is_alpha[k] and _modifier(texts[k], lowers[k], flags.is_stop[k])
               for k in range(first, start)):
            return first
    return start


#: Words of learned task names that say how a system does the task, not which task it is: "end-to-end ASR" (an
#: architecture: "between the hybrid and end-to-end ASR"), "end-to-end QA" (a retriever and a reader evaluated
#: together), "Transfer and Interlingual MT" (a paradigm), "monolingual MT for generating alternative translations" (a
#: strategy): 11 of the 13 changes the rule made with them on 24,000 fresh train-slice abstracts were wrong (review75).
_WAYS_OF_DOING = frozenset({"end-to-end", "interlingual", "monolingual"})
#: Nouns after a task acronym that keep it the head of its phrase ("the Video QA setting", "open-domain QA tasks").
_ACRONYM_HEAD_NOUNS = frozenset({"task", "tasks", "subtask", "subtasks", "setting", "settings", "problem", "problems"})


def _learned_setting_start(texts: list[str], lowers: list[str], flags: TokenFlags, cand: Candidate,
                           kept: list[Candidate]) -> int:
    """Where a task written as a bare task acronym starts when the word before it and the acronym's spelled-out
    words are a task name the train slice taught (``task_phrases.txt``): "on open-domain QA." as "open-domain
    question answering", "Nested NER" as "nested named entity recognition", "the Video QA setting" (round h15cn).
    The learned list tells a narrower task ("open-domain", "nested", "extractive") from a qualifier of the moment
    ("future NMT", "the target QA task", "standalone NER"), which no structure did (round h15cj, 15 of 28 fresh
    changes right). Only where the acronym heads its phrase (punctuation, a function word or a task noun after
    it: "open-domain QA datasets" names a dataset, and the annotation keeps the bare task), and only where the word
    stands after a function word or punctuation (not one word of a longer modifier: "knowledge base QA", "Global
    Banking Standards QA"), is no generic word (:func:`_modifier`) and is part of no other candidate."""
    start = cand.start
    if cand.end - start != 1 or start < 1 or not is_task_acronym(texts[start]):
        return start
    after = cand.end
    if after < len(texts) and not (flags.is_punct[after] or flags.is_stop[after] or lowers[after] in
                                   _ACRONYM_HEAD_NOUNS):
        return start
    k = start - 1
    if flags.is_stop[k] or (lowers[k], lowers[start]) not in _learned_settings() \
            or not _modifier(texts[k], lowers[k], False) or any(c is not cand and c.start <= k < c.end for c in kept):
        return start
    if k > 0 and not (flags.is_sent_start[k] or flags.is_stop[k - 1] or flags.is_punct[k - 1]):
        return start  # one word of a longer modifier: "knowledge base QA", "open domain QA"
    return k


@cache
def _learned_settings() -> frozenset[tuple[str, str]]:
    """(word, acronym) pairs of the learned task names whose words after the first spell a task acronym by their
    initials (a hyphen parts words): ("open-domain", "qa") of "open-domain question answering", ("nested", "ner"),
    ("multilingual", "nmt") of "multilingual neural machine translation"; not a word of :data:`_WAYS_OF_DOING`.

    >>> ("open-domain", "qa") in _learned_settings(), ("future", "nmt") in _learned_settings()
    (True, False)
    >>> ("end-to-end", "asr") in _learned_settings()
    False
    """
    acronyms = word_list("task_acronyms.txt")
    pairs = set()
    for phrase in word_list("task_phrases.txt"):
        first, _, rest = phrase.partition(" ")
        initials = "".join(word[0] for word in re.split(r"[\s-]+", rest) if word)
        if initials in acronyms and first not in _WAYS_OF_DOING:
            pairs.add((first, initials))
    return frozenset(pairs)


def _modifier(text: str, lower: str, is_stop: bool) -> bool:
    """Can ``text`` be a setting in a task's name: a word (hyphenated parts alphabetic), no function word, generic
    adjective (``task_modifier_stops.txt``), adverb, gerund or verb form?"""
    return (not is_stop and all(part.isalpha() for part in text.split("-")) and len(text) > 1
            and lower not in word_list("task_modifier_stops.txt") and lower not in _GENERIC_OPENERS
            and not lower.endswith(("ly", "ing"))
            and not verb_form(lower))
