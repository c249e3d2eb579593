"""Tests on a candidate name in its context that make it no entity (used by ``kg_entities``).

* :func:`cited_author` — the author of a citation: "(Vilnis and McCallum, 2015)", "McCrae et al. (2021)";
* :func:`class_label` — a class label listed after a sorting verb and "into": "classify comments into Not
  Offensive (NO), Offensive Targeted Group (OTG) ...";
* :func:`no_entity_head` and :func:`names_an_event` — named as a project, a license, a format or a standard ("the
  ZORB-112 project"), or as a shared task, a challenge or a workshop ("the ZorbEval shared task");
* :func:`one_thing` — counted as one thing ("train a ZQXW") or named as a team or entry ("the ZORBI team"): such
  a name is kept even when nothing else vouches for it;
* :func:`hashtag_or_link` — a hashtag ("#MeToo") or a part of a web address ("://anon.4open.science/r/Zorb-530C");
* :data:`CAPITALS` — a name of capitals only ("XBRL", "DA-IICT"), which ``kg_entities`` drops when it is written
  once and nothing in the abstract or the corpus explains, types or proposes it.
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_lexicon import in_list, word_list
from extractors.token_texts import sentence_start, token_arrays

__all__ = ["CAPITALS", "cited_author", "class_label", "hashtag_or_link", "names_an_event", "no_entity_head",
           "one_thing"]

_YEAR = re.compile(r"^(?:19|20)\d\d[a-z]?$")
#: Words before a one-word name that make "Name (YEAR)" a narrative citation ("as shown by Smith (2019)").
_CITATION_CUES = frozenset({"by", "following", "cf", "cf.", "see"})
#: A name of capitals only (three or more, a hyphen allowed): "XBRL", "DA-IICT"; not "MuRIL", "TF-IDF2".
CAPITALS = re.compile(r"^[A-Z][A-Z\-]+[A-Z]$")
#: What a web address written before a name glued to it shows: a scheme's "//" or a host ("4open.science/").
_ADDRESS = re.compile(r"//|\w\.[A-Za-z]{2,}/")
#: Glued tokens walked back from a name for a web address.
_ADDRESS_REACH = 12


def hashtag_or_link(doc: Doc, start: int) -> bool:
    """Is the name at ``start`` glued to a hashtag's "#" ("the #MeToo movement"; not "C#") or the end of a web
    address written before it, glued to it ("at ://anonymous.4open.science/r/Zorb-530C"; not "BERT/RoBERTa")?

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("After #MeToo, see ://anon.4open.science/r/Zorb-530C and BERT/RoBERTa.")
    >>> [doc[i].text for i in range(len(doc)) if hashtag_or_link(doc, i)]
    ['MeToo', 'r', 'Zorb-530C']
    """
    texts, _, flags = token_arrays(doc)
    if start < 1 or flags.whitespace[start - 1]:
        return False
    if texts[start - 1] == "#":
        return start < 2 or flags.whitespace[start - 2] or flags.is_punct[start - 2]
    if texts[start - 1] != "/":
        return False
    k = start - 1
    while k > 0 and start - k < _ADDRESS_REACH and not flags.whitespace[k - 1]:
        k -= 1
    glued = "".join(texts[k:start])
    return _ADDRESS.search(glued) is not None


def cited_author(doc: Doc, start: int, end: int, *, known_name: bool = False) -> bool:
    """Is ``doc[start:end]`` the author of a citation: "(Weller-Di Marco, 2017)", "(Smith and Jones, 2020)",
    "(Vilnis and McCallum, 2015)", "(McCrae et al., 2021)", "Kuroda et al. (2011)", "Sánchez Valencia (1991a)"?
    A ``known_name`` (a dataset or model kg knows) followed by a year is that resource, not a narrative citation
    ("the Penn Treebank (1993)"); the other citation forms hold for it too ("Bloom et al. (2020)").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("as in (Vilnis and McCallum, 2015) and McCrae et al. (2021) with ZorbNet, 2021")
    >>> [cited_author(doc, i, i + 1) for i in (3, 5, 10, 18)]
    [True, True, True, False]
    >>> doc = blank_pipeline()("We train on Europarl (2012), as shown by Smith (2019) and Sanchez Valencia (1991a).")
    >>> cited_author(doc, 3, 4), cited_author(doc, 11, 12), cited_author(doc, 16, 18)
    (False, True, True)
    """
    if end >= len(doc):
        return False
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    if lowers[end] == "et" and end + 1 < len(doc) and lowers[end + 1] in {"al", "al."}:
        return True  # "McCrae et al., 2021", "Kuroda et al. (2011)"
    if texts[end] == "(" and end + 2 < len(doc) and _YEAR.match(texts[end + 1]) and texts[end + 2] == ")" \
            and all(flags.is_title[k] and flags.is_alpha[k] for k in range(start, end)) and not known_name \
            and (end - start > 1 or (start > 0 and lowers[start - 1] in _CITATION_CUES)):
        return True  # "Sánchez Valencia (1991a)", "as shown by Smith (2019)": not "ZorbQA (2021)", "Europarl (2012)"
    if start > 0 and texts[start - 1] in {"(", ";", "and", "&"} and end + 1 < len(doc) \
            and texts[end] == "," and _YEAR.match(texts[end + 1]) is not None:
        return True
    return (start > 0 and texts[start - 1] in {"(", ";"} and texts[end] in {"and", "&"}
            and end + 3 < len(doc) and texts[end + 1][:1].isupper() and texts[end + 2] == ","
            and _YEAR.match(texts[end + 3]) is not None)  # "(Vilnis and McCallum, 2015)"


#: Verbs that sort things "into" classes: the capitalised names listed after them are the classes' labels.
_SORTING_VERBS = frozenset({"classify", "classifies", "classified", "classifying", "categorize", "categorizes",
                            "categorized", "categorise", "categorised", "divided", "grouped", "sorted", "labeled",
                            "labelled"})


def no_entity_head(doc: Doc, end: int) -> bool:
    """Does a head noun right after the name make it a project, a license, a format, a scheme, a standard or a
    community, which the guidelines count as no method, dataset or model ("within the ZORB-112 project", "licensed
    under ZSD-2 license", "based on the ZOB2 scheme", "the ZorbML-7 standard")? The noun must end the phrase (not
    "the X project corpus"): punctuation, a function word or a verb follows ("The ZorbLex project aims at ...").
    The name may be one of a list before the noun ("the ZorbA and ZorbB projects")."""
    return _head_ends_phrase(doc, _list_end(doc, end), "no_entity_heads")


def names_an_event(doc: Doc, end: int) -> bool:
    """Does a head noun after the name make it a shared task, a challenge, a workshop or one of their tracks ("the
    ZorbEval shared task", "The ZORB-M3 2024 challenge necessitates ...", "participated in ZE-oc, ZE-reg and Z-c
    subtasks")? Such an event is no method (the guidelines make shared tasks optional datasets); the noun ends the
    phrase as in :func:`no_entity_head` (not "the ZorbEval challenge dataset").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We joined the ZorbEval Shared Task and the ZE-oc, ZE-reg and Z-c subtasks.")
    >>> names_an_event(doc, 4), names_an_event(doc, 9), names_an_event(doc, 13)
    (True, True, True)
    >>> doc = blank_pipeline()("The ZorbEval challenge dataset and the ZorbNet shared encoder.")
    >>> names_an_event(doc, 2), names_an_event(doc, 7)
    (False, False)
    """
    return _head_ends_phrase(doc, _list_end(doc, end), "event_heads")


_MAX_LISTED = 6  # names after the first one of a list walked over to its head noun
_MAX_NAME_TOKENS = 4  # tokens of one name in such a list


def _list_end(doc: Doc, end: int) -> int:
    """The end of the list of names that goes on after the name ending at ``end`` ("ZE-oc, ZE-reg and Z-c"): each
    further name is a run of tokens that are no lower-case word and no punctuation after list glue; ``end`` when no
    list goes on."""
    texts, _, flags = token_arrays(doc)
    for _ in range(_MAX_LISTED):
        k = end
        while k < len(doc) and k - end < 2 and in_list("list_glue", texts[k]):
            k += 1
        m = k
        while m < len(doc) and m - k < _MAX_NAME_TOKENS and not (flags.is_lower[m] or flags.is_punct[m]
                                                                 or flags.is_sent_start[m]):
            m += 1
        if k == end or m == k:
            return end
        end = m
    return end


def _head_ends_phrase(doc: Doc, end: int, heads: str) -> bool:
    """Is the token at ``end`` (past a closing parenthesis) a noun of the list ``heads`` that ends its phrase
    ("shared" only with "task(s)")?"""
    texts, lowers, flags = token_arrays(doc)
    if end < len(doc) and texts[end] == ")":
        end += 1
    if end >= len(doc) or not in_list(heads, texts[end]):
        return False
    if lowers[end] == "shared":
        if end + 1 >= len(doc) or lowers[end + 1] not in {"task", "tasks"}:
            return False  # "the ZorbNet shared encoder"
        end += 1
    return end + 1 >= len(doc) or flags.is_punct[end + 1] or flags.is_stop[end + 1] or _verb(lowers[end + 1])


def _verb(word: str) -> bool:
    """Is ``word`` a verb by the corpus's list, or its third-person or past form ("aims", "focuses", "funded")?"""
    verbs = word_list("verb_like.txt")
    return word.isalpha() and (word in verbs or (word.endswith("s") and word[:-1] in verbs)
                               or (word.endswith("es") and word[:-2] in verbs)
                               or (word.endswith("ed") and len(word) > 4))


def one_thing(doc: Doc, start: int, end: int) -> bool:
    """Is the name at ``start:end`` counted as one thing ("train a ZQXW", "a 0.75 ZCC") or named as a team or
    entry ("the ZORBI team", "the X submission")?"""
    i = start - 1
    while i >= 0 and doc[i].like_num:
        i -= 1
    return (i >= 0 and doc[i].lower_ in {"a", "an"}) or (end < len(doc) and in_list("own_entry_nouns", doc[end].text))


def class_label(doc: Doc, start: int, *, spelled_out: bool = False) -> bool:
    """Is the name at ``start`` one of the labels a sorting verb lists after "into", walking back over names,
    acronyms in parentheses, commas and "and"/"or" only ("classify comments into Not Offensive (NO), ...")? With
    ``spelled_out`` (an acronym with its long form) also one of those a colon lists after a class noun ("four types
    of entities: Anatomy (AN), Chemical and Drugs (CD), ...").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We classify posts into Zorb Positive (ZP), Zorb Neutral (ZN) and integrate into ZorbNet.")
    >>> class_label(doc, 10), class_label(doc, 18)
    (True, False)
    >>> doc = blank_pipeline()("It has two types of entities: Zorb Part (ZP), Zorb Whole (ZW). Two models: Zorb Net (ZN).")
    >>> class_label(doc, 7, spelled_out=True), class_label(doc, 7), class_label(doc, 21, spelled_out=True)
    (True, False, False)
    """
    sent_start = sentence_start(doc, start)
    i = start - 1
    while i >= sent_start and start - i <= 40:
        token = doc[i]
        if token.lower_ == "into":
            return any(doc[j].lower_ in _SORTING_VERBS for j in range(max(i - 4, sent_start), i))
        if token.text == ":" and spelled_out:
            return any(in_list("class_nouns", doc[j].text) for j in range(max(i - 6, sent_start), i))
        if not (token.text in {",", "(", ")", "and", "or"} or token.text[:1].isupper()):
            return False
        i -= 1
    return False
