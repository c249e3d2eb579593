"""Where the abstract writes the name its title announces, and the pipeline found nothing there (round h15ao).

A "NAME: ..." title (:func:`extractors.mentions.title_name`) names what the paper proposes, and
:func:`extractors.mentions.agree_with_titles` proposes every abstract mention of that name. But on unannotated
abstracts about one title name in thirty-three that the abstract writes had no abstract mention at all: "Kani: A
Lightweight ... Framework" / "we present Kani: a lightweight, flexible ... framework"; "Ranger: A Toolkit ..." /
"we introduce Ranger - a toolkit"; "Penman: An Open-Source Library ..." / "The open-source Python library Penman
provides ..."; "ICE: Idiom and Collocation Extractor ..." / "software system, called ICE, is a python package"
(single capitalised words and acronyms the policy leaves unsettled, names before a colon or a dash). The scorer
and the graph read only abstract mentions, so the paper proposed nothing. :func:`title_name_spans` gives each
whole-word occurrence of the title's name that no entity (nor long form) covers and that is no part of a web
address ("github.com/.../FedLFC").

:func:`word_named_by_subtitle` reads the NAME of a title that no name shape vouches for: capitalised words the
subtitle or the abstract show to be a name, and (round h15ct) a lower-case NAME the subtitle calls a tool, as
"ferret: a Framework for Benchmarking Explainers" with "We introduce ferret, a Python library ...".
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from extractors.entity_lexicon import cue_words, in_list, word_list
from extractors.entity_names import subtitle_kind

__all__ = ["abstract_says_dataset", "title_name_spans", "word_named_by_subtitle"]

#: Characters that glue a word to its neighbours: an occurrence next to one is part of a longer word.
_GLUE = r"\w\-/@.#+"


def title_name_spans(names: Iterable[str], text: str, taken: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(start, end)`` of each occurrence in ``text`` of one of ``names`` (exact case, whole word; a full stop
    may end the sentence after it) that overlaps none of ``taken`` and is not inside a web address.

    >>> title_name_spans(["Zorb"], "We present Zorb: a tool. Zorbs differ. See github.com/x/Zorb. Zorb wins.", [])
    [(11, 15), (62, 66)]
    >>> title_name_spans(["Zorb"], "We present Zorb, a tool.", [(11, 15)])
    []
    """
    spans: list[tuple[int, int]] = []
    for name in names:
        pattern = re.compile(rf"(?<![{_GLUE}]){re.escape(name)}(?![{_GLUE}]|\.\w)")
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(s < end and start < e for s, e in taken) or _in_web_address(text, start):
                continue
            spans.append((start, end))
    return sorted(set(spans))


def _in_web_address(text: str, start: int) -> bool:
    """Is the word at ``start`` part of a URL ("https://github.com/zorb/Zorb")?"""
    word_start = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    word = text[word_start:start]
    return "/" in word or "www." in word or "://" in word


#: Last words of a phrase that says what a thing is for or about, not its name ("Continual Learning: ...").
_PHRASE_ENDS = frozenset({"learning", "analysis", "modeling", "modelling", "retrieval", "search", "processing",
                          "understanding", "evaluation", "reasoning"})
_NOT_NAMES = ("paradigms.txt", "non_tasks.txt")
#: Words that end the phrase after "NAME, a ...": its head comes before them ("a system that reads a corpus").
_PHRASE_BREAKS = ("a|an|the|that|which|who|whose|where|for|of|with|from|in|on|to|and|or|by|using|via|based|built|over"
                  "|about|across|under|into|between|among|through|at|as|like|is|was|are|comprises|consists|contains")
#: One to three capitalised words, the NAME of a "NAME: A ... Dataset" title ("Zorbama:", "Serial Zorbers:").
_TITLE_WORD = re.compile(r"^\s*(?P<name>[A-Z][a-z]{3,30}(?: [A-Z][a-z]{2,30}){0,2})\s*:")
#: A lower-case NAME of a title, letters and digits with inner hyphens ("ferret:", "compare-mt:", "pke:").
_TITLE_LOWER_WORD = re.compile(r"^\s*(?P<name>[a-z][a-z0-9]{2,30}(?:-[a-z0-9]{1,30}){0,2})\s*:")


def word_named_by_subtitle(title: str | None, abstract: str | None) -> str | None:
    """The NAME of a "NAME: ..." title that is one to three capitalised words (not shaped like a name), when the
    abstract writes it capitalised inside a sentence and never in lower case, and the subtitle says what it is —
    "Kallaama: A Transcribed Speech Dataset about ..." with "... part of the Kallaama project", "Serial Speakers: a
    Dataset of TV Series" with "... with “Serial Speakers”, an annotated dataset" — or (round h15ct) NAME is one
    word, whatever the subtitle: "Unicoder: A Universal Language Encoder by ..." with "We present Unicoder, a
    universal language encoder", "Zara: A Virtual Interactive Dialogue System Incorporating Emotion, ..." with "...,
    Zara can give". Not "Overview: A Corpus ..." with no "Overview" in the abstract, nor "Discourse: A Framework
    ..." whose abstract writes "discourse", nor words that name a task, a field or a paradigm ("Question Answering:
    A Benchmark ...", "Continual Learning: A Framework ..."). A lower-case NAME (:func:`_lower_case_title_name`)
    needs the subtitle's kind noun.

    >>> word_named_by_subtitle("Zorbama: A Speech Dataset of Wolof", "We describe the Zorbama data.")
    'Zorbama'
    >>> word_named_by_subtitle("Zorbama: Speech of Wolof", "We describe the Zorbama data.")
    'Zorbama'
    >>> word_named_by_subtitle("Zorb Speech: Speech of Wolof", "We describe the Zorb Speech data.") is None
    True
    >>> word_named_by_subtitle("Zorbama: A Speech Dataset", "Zorbama is new. Its zorbama part is old.") is None
    True
    >>> word_named_by_subtitle("Serial Zorbers: a Dataset of TV Series", "We give you “Serial Zorbers”, a set.")
    'Serial Zorbers'
    >>> word_named_by_subtitle("Zorb Answering: A Benchmark", "We test Zorb Answering.") is None
    True
    """
    if not title or not abstract:
        return None
    match = _TITLE_WORD.match(title)
    if not match:
        return _lower_case_title_name(title, abstract)
    name = match.group("name")
    words = name.lower().split()
    if len(words) > 1 and subtitle_kind(title.split(":", 1)[1]) is None:
        return None  # "Large Language Models: The Need for Nuance ...": a phrase, unless the subtitle says a thing
    if in_list("articles", words[0]) or name.lower() in word_list("generic_terms.txt") \
            or (len(words) > 1 and (words[-1] in word_list("task_heads.txt") or words[-1] in _PHRASE_ENDS
                                    or any(name.lower() in word_list(listed) for listed in _NOT_NAMES))):
        return None  # "Question Answering: A Benchmark ...", "Continual Learning: A Framework ...": what it is for
    if re.search(rf"(?<![\w-]){name.lower()}(?![\w-])", abstract):
        return None  # the abstract writes it as an ordinary word
    if len(words) == 1 and subtitle_kind(title.split(":", 1)[1]) is None \
            and (any(name.lower() in word_list(listed) for listed in _STUDIED_LISTS)
                 or _abstract_says_studied(name, abstract)):
        return None  # "Guarani: A Case Study ..." with "the indigenous language Guarani": what the paper studies
    return name if _inside_sentence(name, abstract) else None


def _lower_case_title_name(title: str, abstract: str) -> str | None:
    """The lower-case NAME of a "NAME: a <kind noun> ..." title (titles are written in capitals, so a lower-case
    first word is written so on purpose) when the abstract writes it as written inside a sentence: "ferret: a
    Framework for Benchmarking Explainers" with "We introduce ferret, a Python library"; "pke: an open source
    python-based keyphrase extraction toolkit". Not without the subtitle's kind noun ("e-commerce: Notes on ...").

    >>> _lower_case_title_name("zorbit: a Toolkit for Parsing", "We present zorbit, a parser.")
    'zorbit'
    >>> _lower_case_title_name("zorbit: Notes on Parsing", "We present zorbit, a parser.") is None
    True
    >>> _lower_case_title_name("zorbit: a Toolkit for Parsing", "Zorbit parses.") is None
    True
    """
    match = _TITLE_LOWER_WORD.match(title)
    if not match or subtitle_kind(title.split(":", 1)[1]) is None:
        return None
    name = match.group("name")
    return name if _inside_sentence(name, abstract) else None


def _inside_sentence(name: str, abstract: str) -> bool:
    """Does ``abstract`` write ``name`` after a word, a comma or a semicolon (and perhaps a quote mark)?"""
    return re.search(rf"(?<=[\w,;] ){re.escape(name)}(?![\w-])|(?<=[\w,;] [“\"‘']){re.escape(name)}(?![\w-])",
                     abstract) is not None


#: Lists of names that are what a paper studies or draws its text from, never its artefact: a one-word title NAME
#: with no kind noun in the subtitle that is one of them ("Weibo: ...", "Amharic: ...") is not proposed.
_STUDIED_LISTS = ("languages.txt", "platforms.txt", "non_entities.txt")
#: Heads of an apposition that make the title's NAME something the paper studies or draws on, not its artefact.
_STUDIED_NOUNS = "language|languages|dialect|source|forum|community"


def _abstract_says_studied(name: str, abstract: str) -> bool:
    """Does the abstract call the title's NAME a language, a data source or a kind of expression — "the Paraguayan
    indigenous language Guarani", "a spirit language, Medefaidrin", "derived from Reddit, a source so far
    overlooked", "Jujeop is a type of pun"? Review review78: a one-word NAME whose subtitle names no kind ("Guarani:
    A Case Study in Resource Development ...", "Reddit: A Gold Mine for Personality Prediction") is else proposed.

    >>> [_abstract_says_studied("Zorb", text) for text in ("We use the indigenous lan\u00adguage Zorb.",
    ...                                                     "of a ‘spirit language’, Zorb, created by",
    ...                                                     "data from Zorb, a source so far overlooked",
    ...                                                     "Zorb is a type of pun")]
    [True, True, True, True]
    >>> [_abstract_says_studied("Zorb", text) for text in ("We present Zorb, a language model.",
    ...                                                     "We release the open source Zorb, a toolkit.",
    ...                                                     "Zorb is a new type of LM", "Zorb, a source code tagger")]
    [False, False, False, False]
    """
    text = abstract.replace("\u00ad", "")  # "lan\u00adguage": a soft hyphen left by the PDF
    name = re.escape(name)
    # "the language NAME", "a ‘spirit language’, NAME" (a closing quote may be a stray cp1252 \x92 or \x94)
    before = rf"\b(?:language|dialect)[’”\"'\x92\x94]?,?\s+[“\"‘']?{name}(?![\w-])"
    kind_of = rf"(?<![\w-]){name}\s+(?:is|was)\s+an?\s+(?:type|kind|form|genre)\s+of\b"
    return re.search(before, text) is not None or re.search(kind_of, text) is not None \
        or _apposition_head(name, _STUDIED_NOUNS, text, closers=f"{_PHRASE_BREAKS}|so")


def _apposition_head(name: str, nouns: str, text: str, closers: str = _PHRASE_BREAKS) -> bool:
    """Does ``text`` write "NAME, a ... NOUN" (or "NAME: the ...", "NAME is a ...") where one of the regex
    alternatives ``nouns`` closes the phrase: punctuation or a word of ``closers`` follows (``name`` already
    escaped)?"""
    word = rf"(?!(?:{_PHRASE_BREAKS})\s)[\w-]+\s+"  # a word of the phrase, not one that ends it
    head = rf"(?:{nouns})(?=\s*(?:[,.;:()!?]|$)|\s+(?:{closers})\b)"  # the noun closes the phrase
    return re.search(rf"(?<![\w-]){name}(?:,|:|\s+is|\s+was)\s+(?:a|an|the)\s+(?:{word}){{0,6}}?{head}", text) \
        is not None


def abstract_says_dataset(name: str, abstract: str | None) -> bool:
    """Does the abstract call the title's NAME a dataset — "NAME, a (...) corpus", "NAME: a dataset of ...",
    "NAME is a ... dictionary", "a ... benchmark named NAME", "the ... dataset Concadia" (a dataset noun of
    ``entity_cues.jsonl``'s DATASET_NOUN heading a phrase of at most seven words that opens with an article)?
    Round h15ct: a title NAME whose subtitle names no kind ("Flames: Benchmarking Value Alignment of LLMs in
    Chinese") is else an untyped method.

    >>> abstract_says_dataset("Zorb", "This paper presents Zorb, a corpus for NER."), abstract_says_dataset(
    ...     "Zorb", "We propose a value alignment benchmark named Zorb, which ...")
    (True, True)
    >>> abstract_says_dataset("Zorb", "We present Zorb, a system that reads a corpus.")
    False
    >>> abstract_says_dataset("Zorb", "We present Zorb, a corpus-based system.")
    False
    >>> abstract_says_dataset("Zorb", "Zorb, a corpus analysis toolkit."), abstract_says_dataset("Zorb", "corpora Zorb")
    (False, False)
    """
    if not abstract:
        return False
    nouns = "|".join(sorted(re.escape(n) for n in cue_words("DATASET_NOUN") if " " not in n))
    name = re.escape(name)
    word = rf"(?!(?:{_PHRASE_BREAKS})\s)[\w-]+\s+"  # a word of the phrase, not one that ends it
    before = rf"\b(?:a|an|the)\s+(?:{word}){{0,6}}?(?:{nouns})\s+(?:(?:named|called)\s+)?[“\"‘']?{name}(?![\w-])"
    return _apposition_head(name, nouns, abstract) or re.search(before, abstract) is not None
