"""Capitalised names of the new thing a proposal's noun phrase makes: "we propose a Zorb-Gen framework" (round h15ae).

A capitalised phrase no list knows is a name only when something vouches for it
(:func:`extractors.entity_candidates.find_candidates`): capitalised words are also headings, emphasis and paradigms. The
authors' own noun phrase does when it makes a new thing of a kind and writes its name in capitals between the article
and the kind noun, or as the whole phrase: "we propose a Director-Zorb framework to ...", "we devise a Neighbor Zorb
Aggregation module", "by introducing a Hierarchically Zorbed Model". The rule:

* the phrase is two or more capitalised words, or one hyphenated word of capitalised parts ("Director-Zorb");
* before it, "a" / "an" and at most :data:`_MODIFIERS` lower-case words ("a general mix-initiative ...") right after a
  proposal verb (``PROPOSE`` cue: "we propose", "introducing", "this paper presents"; not a naming verb);
* after it a lower-case kind noun (:data:`_KIND_NOUNS`: framework, method, module ...), or its last word is that noun
  capitalised ("... Model", "... Mechanism");
* what it names is no task, field, paradigm or language: not a phrase whose last word before the kind noun ends a task's
  name (``task_heads.txt``: "a Prompt Generation approach", "a Chinese Grammatical Error Correction system"), nor one of
  ``paradigms.txt`` / ``non_tasks.txt`` / ``generic_terms.txt`` or ending in "Learning" ("a Continual Learning
  strategy", "a Multi-Task Learning framework", "a Meta-Learning approach": paradigms), nor one opening with a language
  ("an Arabic Zorb Twitter model"), nor a method the corpus knows ("a Graph Neural Network model": a building block,
  :func:`extractors.entity_roles.building_block`).

>>> from extractors.entities import blank_pipeline
>>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
>>> doc = blank_pipeline()("We propose a Director-Zorb framework and a Continual Learning strategy.")
>>> cues = CueMatcher(doc.vocab, cue_patterns())(doc)
>>> named_before_kind_noun(doc, 3, 4, cues), named_before_kind_noun(doc, 8, 10, cues)
(True, False)
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_lexicon import NAMING_VERBS, corpus_kinds, word_list
from extractors.entity_names import name_shape
from extractors.token_texts import span_text, token_arrays

__all__ = ["coined_words_end", "named_before_kind_noun"]

_KIND_NOUNS = frozenset({"framework", "method", "approach", "technique", "strategy", "scheme", "model", "module",
                         "mechanism", "algorithm", "architecture", "pipeline", "network", "system", "paradigm",
                         "component", "metric", "measure", "objective", "loss"})
#: Lower-case words between the article and the name ("a novel lightweight Zorb-Gen framework").
_MODIFIERS = 3
_NOT_NAMES = ("paradigms.txt", "non_tasks.txt", "generic_terms.txt")


def named_before_kind_noun(doc: Doc, start: int, end: int, cues: dict[int, set[str]]) -> bool:
    """Is the capitalised phrase ``doc[start:end]`` the name of the new thing of a kind that the authors' proposal
    makes (see the module docstring)?"""
    texts, lowers, flags = token_arrays(doc)
    if end - start < 2 and not (end - start == 1 and _hyphenated(texts[start])):
        return False
    last = lowers[end - 1]
    noun_inside = end - start >= 2 and last in _KIND_NOUNS  # "a Hierarchically Zorbed Model"
    if not noun_inside and not (end < len(doc) and flags.is_lower[end] and lowers[end] in _KIND_NOUNS):
        return False
    i = start - 1
    while i >= 0 and start - i <= _MODIFIERS and flags.is_lower[i] and lowers[i] not in {"a", "an"} \
            and not flags.is_stop[i] and "PROPOSE" not in cues.get(i, set()):
        i -= 1
    if i < 1 or lowers[i] not in {"a", "an"} or "PROPOSE" not in cues.get(i - 1, set()) \
            or lowers[i - 1] in NAMING_VERBS:
        return False
    after = end + 1 if not noun_inside else end
    if after < len(doc) and lowers[after] in NAMING_VERBS:
        return False  # "a new Document Zorbing System called DrZorb": the name comes after
    name_end = end - 1 if noun_inside else end
    head = lowers[name_end - 1].rsplit("-", 1)[-1]
    if head in word_list("task_heads.txt") or head == "learning" \
            or lowers[start].split("-")[0] in word_list("languages.txt"):
        return False  # "a Prompt Generation approach", "a Continual Learning strategy", "an Arabic Zorb Twitter model"
    text = span_text(doc, start, name_end)
    if any(text.lower() in word_list(listed) for listed in _NOT_NAMES):
        return False  # "a Continual Learning strategy": a paradigm
    kinds = corpus_kinds()
    return not any(kinds.get(name) == "method" for name in (text, span_text(doc, start, end))) \
        and text.lower() not in word_list("known_methods.txt")


def _hyphenated(text: str) -> bool:
    """A word of two or more capitalised parts joined by hyphens ("Director-Zorb"; not "BERT-based")."""
    parts = text.split("-")
    return len(parts) >= 2 and all(part[:1].isupper() for part in parts)


#: Capitalised words a coined name may take before the kind noun ("the ZorbKG Walker model").
_NAME_WORDS = 3


def coined_words_end(doc: Doc, start: int, end: int, cues: dict[int, set[str]]) -> int:
    """Where a coined name that the authors' proposal makes ends: ``end``, or past the capitalised words that follow
    it when a lower-case kind noun closes them and "the" / "a" / "an" right after a proposal verb opens the phrase:
    "we then propose the ZorbKG Walker model" (the name is "ZorbKG Walker", round h15bk). Not "we propose the ZorbKG
    Walker" (no kind noun), "we use the ZorbKG Walker model" (no proposal), "the ZorbKG Flim Zorb Quux Blim
    model" (more than :data:`_NAME_WORDS` words), "the ZorbNet Summarization model" (a task head before the noun: the
    name is "ZorbNet"; also "based" or a language there, review 48).

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
    >>> doc = blank_pipeline()("We then propose the ZorbKG Walker model. We use the ZorbKG Walker model.")
    >>> cues = CueMatcher(doc.vocab, cue_patterns())(doc)
    >>> coined_words_end(doc, 4, 5, cues), coined_words_end(doc, 11, 12, cues)
    (6, 12)
    >>> ends = []
    >>> for text in ["We propose the ZorbKG Flim Zorb Quux model.", "We propose the ZorbKG Flim Zorb Quux Blim model."]:
    ...     doc = blank_pipeline()(text)
    ...     ends.append(coined_words_end(doc, 3, 4, CueMatcher(doc.vocab, cue_patterns())(doc)))
    >>> ends
    [7, 4]
    """
    texts, lowers, flags = token_arrays(doc)
    if start < 2 or lowers[start - 1] not in {"the", "a", "an"} or "PROPOSE" not in cues.get(start - 2, set()) \
            or lowers[start - 2] in NAMING_VERBS:
        return end
    k = end
    while k < len(doc) and k - end < _NAME_WORDS and flags.whitespace[k - 1] and name_shape(texts[k]) == "weak" \
            and not flags.is_sent_start[k]:
        k += 1
    if k == end or k >= len(doc) or not flags.is_lower[k] or lowers[k] not in _KIND_NOUNS:
        return end
    if lowers[k - 1] in word_list("task_heads.txt") or lowers[k - 1] == "based" \
            or any(lowers[j] in word_list("languages.txt") for j in range(end, k)):
        return end  # "the ZorbNet Summarization model", "a ZorbNet Based approach": the name is "ZorbNet"
    return k
