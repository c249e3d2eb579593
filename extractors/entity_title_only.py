"""The NAME of a "NAME: ..." title when the paper has no abstract (round h15cw, issue 15).

:func:`extractors.mentions._word_named_by_subtitle` reads a one-word title NAME that no name shape vouches for
only when the abstract writes it capitalised inside a sentence and never in lower case; a paper with no abstract
(about half of the Anthology's train split) so proposed nothing from "Joshua: An Open Source Toolkit for
Parsing-Based Machine Translation" or "Travatar: A Forest-to-String Machine Translation Engine ...".
:func:`title_only_name` is the rule round h15cv judged on unread titles, with its guard G2 in place of the
abstract's test: the train slice's abstracts never write the word in lower case (``patterns/title_lower_words.txt``,
built by ``scripts/build_title_lower_words.py``), and it is no heading of the Computational Linguistics journal
("Squibs:", "Obituary:"); review 81 added other journal and proceedings headings, and the heading, article and list
guards for lower-case NAMEs and kind-noun titles too (no judged change moves). Judged: 66 right of 82 fresh titles
whose subtitle names no kind, 54 of 57 whose subtitle does, 6 of 6 lower-case NAMEs with a kind noun
(docs/extraction.md, "Round h15cv", "Round h15cw" and "Review review81").
"""
from __future__ import annotations

import re

from extractors.entity_lexicon import in_list, word_list
from extractors.entity_names import subtitle_kind

__all__ = ["TITLE_WORD", "title_only_name"]

#: One to three capitalised words, the NAME of a "NAME: A ... Dataset" title ("Zorbama:", "Serial Zorbers:").
TITLE_WORD = re.compile(r"^\s*(?P<name>[A-Z][a-z]{3,30}(?: [A-Z][a-z]{2,30}){0,2})\s*:")
#: A lower-case NAME of a title, letters and digits with inner hyphens ("zymake:", "compare-mt:", "pke:").
_TITLE_LOWER_WORD = re.compile(r"^\s*(?P<name>[a-z][a-z0-9]{2,30}(?:-[a-z0-9]{1,30}){0,2})\s*:")
#: Headings of journals and proceedings written as a title's first word ("Squibs:", "Foreword:", "Erratum:"): no
#: artefact of the paper. Most are ordinary words the lower-case table refuses anyway; a lower-case NAME
#: ("preface: ...") has no such table, and "Foreword", "Afterword", "Postscript" are rare in abstracts (review 81).
_HEADINGS = frozenset({
    "squibs", "squib", "obituary", "obituaries", "introduction", "preface", "foreword", "afterword", "postscript",
    "prologue", "epilogue", "editorial", "erratum", "errata", "corrigendum", "addendum", "retraction", "panel",
    "keynote", "tutorial", "review", "reviews", "overview"})
#: Lists of what a paper studies or draws its text from ("Weibo: ...", "Amharic: ..."), never its artefact.
_STUDIED_LISTS = ("languages.txt", "platforms.txt", "non_entities.txt")


def _ordinary(word: str) -> bool:
    """True for a case-folded NAME that no title-only paper may announce: an article, a generic term, a heading, or a
    listed language, platform or non-entity ("Amharic: A Speech Corpus" is a corpus of Amharic, not one named so).

    >>> [_ordinary(word) for word in ("the", "foreword", "amharic", "weibo", "zorbama")]
    [True, True, True, True, False]
    """
    return in_list("articles", word) or word in word_list("generic_terms.txt") or word in _HEADINGS \
        or any(word in word_list(listed) for listed in _STUDIED_LISTS)


def title_only_name(title: str | None) -> str | None:
    """The NAME a title announces for a paper with **no abstract**: one capitalised word that no train abstract
    writes in lower case, or a lower-case word whose subtitle names its kind ("zymake: A Computational Workflow
    System ..."); in both cases no article, generic term, heading, or listed language, platform or non-entity
    (:func:`_ordinary`). Titles of two or three words before the colon are left out: with no abstract nothing tells
    a name from a phrase ("Large Language Models: The Need for Nuance").

    >>> title_only_name("Zorbama: A Speech Dataset of Wolof"), title_only_name("Zorbama: Speech of Wolof")
    ('Zorbama', 'Zorbama')
    >>> title_only_name("zorbit: a Toolkit for Parsing"), title_only_name("zorbit: Notes on Parsing") is None
    ('zorbit', True)
    >>> [title_only_name(t) for t in ("Squibs: On Zorbs", "Panel: Zorbs", "Amharic: Notes", "Serial Zorbers: Notes")]
    [None, None, None, None]
    >>> [title_only_name(t) for t in ("Amharic: A Speech Corpus", "preface: a Toolkit", "the: a Toolkit")]
    [None, None, None]
    """
    if not title or ":" not in title:
        return None
    match = TITLE_WORD.match(title)
    lower = None if match else _TITLE_LOWER_WORD.match(title)
    if lower:  # no lower-case table here: it would refuse brat, hyp, magyarlanc (round h15cw)
        name = lower.group("name") if subtitle_kind(title.split(":", 1)[1]) else None
    elif match and " " not in match.group("name") and match.group("name").lower() not in word_list(
            "title_lower_words.txt"):
        name = match.group("name")
    else:
        return None  # a phrase, or an ordinary word: "Serial Zorbers: ...", "Discourse: A Framework ..."
    return None if name is None or _ordinary(name.lower()) else name
