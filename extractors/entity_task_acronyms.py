"""Which acronym pairs name a task: the acronym itself ("NER", "G2P") or its long form ("named entity recognition",
"speech-to-text", "argumentation mining").

Split from :mod:`extractors.entity_tasks`, whose ``task_acronym`` and ``task_long_form`` rules these tests drive.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Span

from extractors.entity_lexicon import in_list, word_list

__all__ = ["is_task_acronym", "task_definition", "task_long_form"]

_CONVERSION = re.compile(r"^([A-Za-z]+)-to-([A-Za-z]+)$")
_CONVERSION_ACRONYM = re.compile(r"^[A-Z]{1,3}2[A-Z]{1,3}$")


@lru_cache(maxsize=1 << 16)
def is_task_acronym(text: str) -> bool:
    """An upper-case task acronym ("NER", "MNER"), not a plural ("QAs").

    >>> is_task_acronym("NER"), is_task_acronym("ner"), is_task_acronym("KGQA"), is_task_acronym("LLM")
    (True, False, True, False)

    A conversion written "X2Y" is a task too: G2P (grapheme-to-phoneme), S2ST, T2I.

    >>> is_task_acronym("G2P"), is_task_acronym("S2ST"), is_task_acronym("BM25")
    (True, True, False)
    """
    return text.isupper() and (text.lower() in word_list("task_acronyms.txt") or _CONVERSION_ACRONYM.match(text) is not None)


def task_long_form(text: str) -> bool:
    """Does a long form name a task (its last word a task head)?

    >>> task_long_form("named entity recognition"), task_long_form("Dense Passage Retrieval")
    (True, False)

    A conversion from one kind of data to another is a task too ("speech-to-text (S2T)", "text-to-SQL"),
    a mapping of a thing onto itself is not ("sequence-to-sequence (seq2seq)").

    >>> task_long_form("Speech-to-text"), task_long_form("sequence-to-sequence")
    (True, False)

    A way of doing a task ("retrieval-augmented generation (RAG)") is a method, not the task.

    >>> task_long_form("Retrieval-Augmented Generation"), task_long_form("retrieval augmented generation")
    (False, False)
    """
    conversion = _CONVERSION.match(text.strip())
    if conversion:
        return conversion[1].lower() != conversion[2].lower()
    words = text.lower().replace("-", " ").split()
    return bool(words) and words[-1] in word_list("task_heads.txt") \
        and not (len(words) > 1 and in_list("approach_participles", words[-2]))  # "retrieval-augmented generation"


def task_definition(long_: Span, named_tasks: set[tuple[int, int]]) -> bool:
    """Does an acronym's long form name a task: its last word a task head (:func:`task_long_form`), or, written in
    lower case (a description, not a coined name), its last words a task name the train slice taught
    (``task_phrases.txt``, a lower-case task name of :func:`~extractors.entity_losses.lower_case_names`), so that its
    head is a task's: "argumentation mining (AM)", "Ultra-fine entity typing (UFET)", "multiple-choice reading
    comprehension (MCRC)" (round h15bh)? ``named_tasks`` are the token ranges of those names in the document. The
    definition then types the acronym's other mentions: "an AM dataset" is data for the task AM, not a dataset named
    AM. Not a coined name capitalised in every word ("Mask Specific Language Modeling (MSLM), an approach") nor a way
    of doing the task ("retrieval augmented generation (RAG)"), nor a clause the bracket closes, with an article in
    it ("propose a structured attention mechanism for language modeling (PRPN)": the model PRPN; review 44)."""
    if task_long_form(long_.text):
        return True
    words = long_.text.replace("-", " ").split()
    return bool(words) and all(word.islower() for word in [words[0][1:], *words[1:]] if any(c.isalpha() for c in word)) \
        and not any(in_list("approach_participles", word.lower()) for word in words) \
        and not any(in_list("articles", word) for word in words) \
        and any((start, long_.end) in named_tasks for start in range(long_.start, long_.end))
