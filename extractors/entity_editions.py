"""Datasets named by an evaluation series' edition before a dataset noun (round h15aa).

An evaluation series and its year alone name the event ("participants of SemEval-2020", "at WMT 2019"), so
:func:`extractors.entity_names.not_a_name` drops "SemEval-2014" and its like. Before a dataset noun the same
edition names the data the series released: "the SemEval 2014 and Twitter datasets", "three datasets based on
SemEval 2014 and 2015 benchmarks", "the WMT 2017 English-German corpus". The edition is a series the corpus
knows as one (:func:`extractors.entity_corpus.corpus_class` ``"series"``, or an evaluation series or venue of
``non_entities.txt``) followed by a four-digit year, written apart or with a hyphen, and optionally by a language
pair; then the dataset noun, right after it or after a list whose other items are names, years or editions
("and Twitter", "and 2015", ", SemEval-2016 and ZorbRest"). A numbered task after the edition ("SemEval 2014
Task 4") is left to the rules that name the task's data.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("Experiments on the SemEval 2014 and Twitter datasets and the WMT-2017 test set.")
>>> [doc[s:e].text for s, e in edition_datasets(doc)]
['SemEval 2014', 'WMT-2017']
>>> doc = blank_pipeline()("In SemEval 2014, SemEval-2016 Task 5 data, the SemEval-2017 Task4 set and COVID-19 data")
>>> edition_datasets(doc)
[]
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import word_list
from extractors.token_texts import token_arrays

__all__ = ["EDITION_RULE", "edition_datasets"]

#: The type rule of a dataset named by an edition before a dataset noun.
EDITION_RULE = "edition_data"

_YEAR = re.compile(r"^(?:19|20)\d\d$")
#: An edition written as one token: "SemEval-2014", "WMT-2017".
_HYPHENED = re.compile(r"^([A-Za-z][A-Za-z]+)-((?:19|20)\d\d)$")
#: Nouns that make the edition before them the name of data.
_DATA_NOUNS = frozenset({"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "data", "treebank",
                         "treebanks"})
#: Words before "set(s)" that name data too ("the SemEval 2015 test set").
_SET_QUALIFIERS = frozenset({"test", "evaluation", "development", "dev", "training", "data", "validation"})
#: Words that join the items of a list before the dataset noun.
_GLUE = frozenset({",", "and", "&", "or"})
#: Words that open a numbered part of the series ("Task 4", "Task4", "Subtask A", "Track 2"): its data is the task's.
_TASK_WORDS = ("task", "subtask", "track")
#: At most this many tokens between the edition and its dataset noun.
_MAX_LIST = 8


def _series(text: str) -> bool:
    """Is ``text`` an evaluation series or venue the corpus or the lists know ("SemEval", "WMT", "CoNLL")?"""
    return text[:1].isupper() and (corpus_class(text) == "series" or text.lower() in word_list("non_entities.txt"))


def _language_pair(text: str) -> bool:
    """"English-German", "Chinese–English": two listed languages written as names."""
    parts = [p for p in re.split(r"[-–/]", text) if p]
    return len(parts) == 2 and all(p[:1].isupper() and p.lower() in word_list("languages.txt") for p in parts)


def _item(text: str) -> bool:
    """May ``text`` be an item of the list before the dataset noun: a name, a year, an edition, a language pair?"""
    return text[:1].isupper() or _YEAR.match(text) is not None or text.isdigit()


def _names_data_at(texts: list[str], lowers: list[str], k: int) -> bool:
    """Does a dataset noun stand at ``k`` ("datasets", "test set")?"""
    if k >= len(texts):
        return False
    if lowers[k] in _DATA_NOUNS:
        return True
    return lowers[k] in _SET_QUALIFIERS and k + 1 < len(texts) and lowers[k + 1] in {"set", "sets"}


def _before_data_noun(texts: list[str], lowers: list[str], end: int) -> bool:
    """Does the edition ending at ``end`` stand before a dataset noun, directly or through a list of names?"""
    if _names_data_at(texts, lowers, end):
        return True
    k, need_item = end, False
    while k < len(texts) and k - end < _MAX_LIST:
        text = texts[k]
        if need_item:
            if not _item(text) or lowers[k].startswith(_TASK_WORDS):
                return False
            need_item = False
        elif text in _GLUE or lowers[k] in _GLUE:
            need_item = True
        elif not _item(text) or lowers[k].startswith(_TASK_WORDS):
            return _names_data_at(texts, lowers, k) and k > end
        k += 1
    return False


def edition_datasets(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the evaluation series' editions that name data before a dataset noun (module docstring)."""
    texts, lowers, flags = token_arrays(doc)
    found = []
    for i, text in enumerate(texts):
        if _YEAR.match(text) and i > 0 and not flags.is_sent_start[i] and _series(texts[i - 1]):
            start, end = i - 1, i + 1
        else:
            hyphened = _HYPHENED.match(text)
            if hyphened is None or not _series(hyphened.group(1)):
                continue
            start, end = i, i + 1
        if end < len(doc) and _language_pair(texts[end]):
            end += 1  # "the WMT 2017 English-German corpus"
        if _before_data_noun(texts, lowers, end):
            found.append((start, end))
    return found
