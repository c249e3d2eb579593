"""Capitalised phrases a dataset noun heads, and when such a noun only modifies what follows it (round h15ay).

"Penn Treebank", "the Oxford Advanced Learner's Dictionary", "Corpus of Historical Japanese" are datasets' names: a
capitalised phrase whose last word is a capitalised dataset noun (a ``NAME_HEAD`` cue of ``entity_cues.jsonl``), a
possessive inside it, or one that opens with the noun and "of". In "Bilingual Lexicon Induction", "the Spanish Reverse
Dictionary task" and "Learner Corpus Research" the noun modifies the word after it: no dataset is named
(:func:`modifies_a_noun_after`), and :func:`extractors.entity_candidates.names_a_dataset` does not type the word
before it either.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We use the Zorb Benchmark Dataset and study Zorb Corpus Research.")
>>> cues = {4: {"NAME_HEAD"}, 5: {"NAME_HEAD"}, 9: {"NAME_HEAD"}}
>>> doc[3:named_dataset_end(doc, 3, cues)].text, named_dataset_end(doc, 8, cues)
('Zorb Benchmark Dataset', None)
"""
from __future__ import annotations

from collections.abc import Mapping

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.entity_names import is_version
from extractors.token_texts import token_arrays

__all__ = ["MAX_PHRASE", "modifies_a_noun_after", "named_dataset_end"]

#: Tokens of a capitalised dataset phrase.
MAX_PHRASE = 7
#: Possessive endings the tokenizer splits off a word inside a name ("Learner's Dictionary").
_POSSESSIVES = frozenset({"'s", "’s"})


def named_dataset_end(doc: Doc, i: int, cues: Mapping[int, set[str]]) -> int | None:
    """End of a capitalised phrase from ``i`` whose last word is a capitalised dataset noun ("Penn Treebank", "the
    Oxford Advanced Learner's Dictionary": a possessive may stand inside), or that opens with one and "of" ("Corpus
    of Historical Japanese")."""
    texts, lowers, flags = token_arrays(doc)
    if "NAME_HEAD" in cues.get(i, set()) and i + 2 < len(doc) and lowers[i + 1] == "of" \
            and texts[i][:1].isupper():
        end = i + 2
        while end < len(doc) and end - i < MAX_PHRASE and texts[end][:1].isupper() and not flags.is_stop[end] \
                and not flags.is_punct[end] and not flags.is_sent_start[end]:
            end += 1
        if end < len(doc) and not flags.whitespace[end - 1] and texts[end].startswith("-"):
            return None  # "A Corpus of Sentence-level Revisions": the last word modifies a noun after it
        return end if end > i + 2 else None
    if not texts[i][:1].isupper() or flags.is_stop[i] or "NAME_HEAD" in cues.get(i, set()):
        return None
    end = i + 1
    while end < len(doc) and end - i < MAX_PHRASE and not flags.is_punct[end] and not flags.is_sent_start[end]:
        if "NAME_HEAD" in cues.get(end, set()):
            if end + 1 < len(doc) and "NAME_HEAD" in cues.get(end + 1, set()):
                end += 1  # "the Zorb Benchmark Dataset", "the Russian Deception Bank Corpus": the last noun heads it
                continue
            return None if modifies_a_noun_after(doc, end + 1) else end + 1
        if texts[end] in _POSSESSIVES and end + 1 < len(doc) and texts[end + 1][:1].isupper():
            end += 1  # "the Oxford Advanced Learner's Dictionary", "Roget's Thesaurus": a possessive inside the name
            continue
        if flags.is_stop[end] or not (texts[end][:1].isupper() or is_version(texts[end])):
            return None  # "Processing The Media Frames Corpus": the name starts after the stop word
        end += 1
    return None


def modifies_a_noun_after(doc: Doc, k: int) -> bool:
    """Does the word at ``k`` make the capitalised dataset noun before it a modifier: a capitalised word with
    lower-case letters ("Bilingual Lexicon Induction", "Parallel Corpus Filtering"), "task" or "shared task" ("the
    Spanish Reverse Dictionary task", "the Zorb Corpus Shared Task")? An acronym after the noun ("Stanford Sentiment
    Treebank SST-2") does not (round h15ay), nor a version's word or a language ("the Zorb Treebank Version 2", "the
    Penn Discourse Treebank English corpus"), nor "shared" without "task" ("the Zorb Corpus shared by ...").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Zorb Corpus Research, Zorb Corpus shared task, Zorb Corpus shared by, Zorb Corpus v1")
    >>> [modifies_a_noun_after(doc, k) for k in (2, 6, 11, 16)]
    [True, True, False, False]
    """
    if k >= len(doc) or doc[k].is_sent_start:
        return False
    text, lower = doc[k].text, doc[k].text.lower()
    if lower in _VERSION_WORDS or lower in word_list("languages.txt"):
        return False
    if lower == "shared":
        return k + 1 < len(doc) and doc[k + 1].text.lower() in {"task", "tasks"}
    return lower in {"task", "tasks"} or (text[:1].isupper() and text[1:].islower() and text.isalpha()
                                          and not doc[k].is_stop)  # not a heading's "Corpus The ..."


#: Words after a dataset's name that say which version of it, not what it modifies ("the Zorb Treebank Version 2").
_VERSION_WORDS = frozenset({"version", "release", "edition", "v1", "v2", "v3"})
