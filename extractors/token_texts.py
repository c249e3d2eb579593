"""The texts of a Doc's tokens (and their lower-cased forms) as lists, made without a Token object per token.

The entity rules read token texts in per-token loops (:mod:`extractors.cue_matcher`,
:mod:`extractors.entity_candidates`, :mod:`extractors.entity_phrases`); ``doc[i].text`` builds a Token and
decodes its string each time. These functions read the tokens' ORTH and LOWER ids and flags with one ``Doc.to_array``
call, map each id to its string through a dict shared by all Docs (a StringStore lookup decodes the string
anew each time), and keep the lists of the last Doc they were asked for, so the rules that run on one Doc
share them. Nothing in kg retokenizes a Doc in place; a Doc whose length changed gets new lists.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We use ZorbNet-7B (ours) on ToyQA.")
>>> token_texts(doc) == [t.text for t in doc], token_texts(doc) is token_texts(doc)
(True, True)
>>> token_lowers(doc)[2:5], token_lowers(doc) == [t.lower_ for t in doc]
(['zorbnet-7b', '(', 'ours'], True)
>>> token_lower_ids(doc) == [t.lower for t in doc]
True
>>> doc_text(doc) == doc.text
True
>>> flags = token_flags(doc)
>>> flags.is_punct == [t.is_punct for t in doc], flags.whitespace == [bool(t.whitespace_) for t in doc]
(True, True)
>>> span_text(doc, 2, 6) == doc[2:6].text, span_text(doc, 3, 3)
(True, '')
>>> token_arrays(doc) == (token_texts(doc), token_lowers(doc), flags)
True
>>> nlp = blank_pipeline()
>>> _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("One sentence here. And a second one.")
>>> [sentence_start(doc, i) for i in range(len(doc))]
[0, 0, 0, 0, 4, 4, 4, 4, 4]
>>> [t.sent.start for t in doc] == [sentence_start(doc, i) for i in range(len(doc))]
True
>>> sentence_start(blank_pipeline()("No sentence starts here."), 2)
0
"""
from __future__ import annotations

from typing import NamedTuple

from spacy.attrs import IDX, IS_ALPHA, IS_LOWER, IS_PUNCT, IS_STOP, IS_TITLE, IS_UPPER, LOWER, ORTH, SENT_START, SPACY
from spacy.tokens import Doc

__all__ = ["CLOSING_QUOTES", "OPENING_QUOTES", "TokenFlags", "doc_text", "past_bracket", "sentence_start",
           "span_text", "token_arrays", "token_flags", "token_lower_ids", "token_lowers", "token_texts"]

#: Quotation marks that open and close a quoted name ("the dataset ‘ZOCO’", "a method we call “Zorb”").
OPENING_QUOTES = frozenset({"“", '"', "‘", "'"})
CLOSING_QUOTES = frozenset({"”", '"', "’", "'"})


class TokenFlags(NamedTuple):
    """Per-token flags of a Doc as lists of bools (``flags.is_stop[i] == doc[i].is_stop``), and the tokens' offsets."""

    is_stop: list[bool]
    is_punct: list[bool]
    is_lower: list[bool]
    is_title: list[bool]
    is_alpha: list[bool]
    is_upper: list[bool]
    whitespace: list[bool]  # ``bool(doc[i].whitespace_)``
    is_sent_start: list[bool]  # ``bool(doc[i].is_sent_start)`` (``None``, unknown, is ``False``)
    idx: list[int]


_FLAG_ATTRS = [IS_STOP, IS_PUNCT, IS_LOWER, IS_TITLE, IS_ALPHA, IS_UPPER, SPACY, SENT_START]

#: ORTH / LOWER id -> string, for every id seen (a few hundred thousand at most: the vocabulary's size).
_STRINGS: dict[int, str] = {}
_MAX_STRINGS = 2_000_000  # emptied past this, so a process reading endless new words stays bounded
#: The last Doc asked for (held, so its id cannot be reused by another Doc) and what was made of it: its length,
#: then "texts", "lower_ids" and "lowers" as asked.
_LAST: dict = {"doc": None, "length": -1}


def token_texts(doc: Doc) -> list[str]:
    """``[token.text for token in doc]``, made once per Doc (see the module docstring); do not change the list."""
    if _LAST["doc"] is doc and "texts" in _LAST and _LAST["length"] == len(doc):
        return _LAST["texts"]  # the common case, without a call
    cached = _cached(doc)
    if "texts" not in cached:
        _read_arrays(doc, cached)
    return cached["texts"]


def token_lower_ids(doc: Doc) -> list[int]:
    """``[token.lower for token in doc]`` (the LOWER ids), made once per Doc; do not change the list."""
    cached = _cached(doc)
    if "lower_ids" not in cached:
        _read_arrays(doc, cached)
    return cached["lower_ids"]


def token_lowers(doc: Doc) -> list[str]:
    """``[token.lower_ for token in doc]``, made once per Doc; do not change the list."""
    cached = _cached(doc)
    if "lowers" not in cached:
        cached["lowers"] = _strings(doc, token_lower_ids(doc))
    return cached["lowers"]


def doc_text(doc: Doc) -> str:
    """``doc.text``, made once per Doc from :func:`token_texts` and the tokens' trailing-space flags (``Doc.text``
    builds a Token per token, each time it is read)."""
    cached = _cached(doc)
    if "text" not in cached:
        spaces = token_flags(doc).whitespace
        cached["text"] = "".join([text + " " if space else text for text, space in zip(token_texts(doc), spaces)])
    return cached["text"]


def token_flags(doc: Doc) -> TokenFlags:
    """The :class:`TokenFlags` of ``doc``, read with one ``Doc.to_array`` call, made once per Doc; do not change them."""
    cached = _cached(doc)
    if "flags" not in cached:
        _read_arrays(doc, cached)
    return cached["flags"]


def token_arrays(doc: Doc) -> tuple[list[str], list[str], TokenFlags]:
    """``(token_texts(doc), token_lowers(doc), token_flags(doc))`` in one call, for the rules that read all three."""
    if _LAST["doc"] is doc and "arrays" in _LAST and _LAST["length"] == len(doc):
        return _LAST["arrays"]
    arrays = (token_texts(doc), token_lowers(doc), token_flags(doc))
    _LAST["arrays"] = arrays
    return arrays


def span_text(doc: Doc, start: int, end: int) -> str:
    """``doc[start:end].text`` for ``0 <= start <= end <= len(doc)``, cut from :func:`doc_text` (no Span, no Token)."""
    if start >= end:
        return ""
    cached = _cached(doc)
    text = cached["text"] if "text" in cached else doc_text(doc)
    idx = (cached["flags"] if "flags" in cached else token_flags(doc)).idx
    return text[idx[start] : idx[end - 1] + len(cached["texts"][end - 1])]


def past_bracket(doc: Doc, end: int) -> int:
    """The first token after a name ending at ``end``, past the bracket that closes it: "(ZPM) corpus" and "ZPM
    corpus" both give the index of "corpus" (of ``len(doc)`` at the end).

    >>> from spacy.lang.en import English
    >>> doc = English()("zorb plan mining ( ZPM ) corpus")
    >>> doc[past_bracket(doc, 5)].text, doc[past_bracket(doc, 6)].text
    ('corpus', 'corpus')
    """
    return end + 1 if end < len(doc) and doc[end].text == ")" else end


def sentence_start(doc: Doc, i: int) -> int:
    """``doc[i].sent.start`` where ``doc`` has sentence starts, else 0, from a list made once per Doc
    (``Token.sent`` walks back to the sentence's first token and on to its end, and builds a Span, at each call)."""
    cached = _cached(doc)
    if "sent_starts" not in cached:
        starts = [0] * len(doc)
        if doc.has_annotation("SENT_START"):
            start = 0
            for j, first in enumerate(token_flags(doc).is_sent_start):
                if first:
                    start = j
                starts[j] = start
        cached["sent_starts"] = starts
    return cached["sent_starts"][i]


def _read_arrays(doc: Doc, cached: dict) -> None:
    """Read the texts, LOWER ids and flags of ``doc`` with one ``Doc.to_array`` call (the rules read all three)."""
    array = doc.to_array([ORTH, LOWER, *_FLAG_ATTRS, IDX])
    cached["texts"] = _strings(doc, array[:, 0].tolist())
    cached["lower_ids"] = array[:, 1].tolist()
    cached["flags"] = TokenFlags(*(array[:, 2:-1] == 1).T.tolist(), array[:, -1].tolist())


def _cached(doc: Doc) -> dict:
    if _LAST["doc"] is not doc or _LAST["length"] != len(doc):
        _LAST.clear()
        _LAST.update(doc=doc, length=len(doc))
    return _LAST


def _strings(doc: Doc, ids: list[int]) -> list[str]:
    try:
        return list(map(_STRINGS.__getitem__, ids))  # the list comprehension's loop in C (round h15cm)
    except KeyError:
        if len(_STRINGS) > _MAX_STRINGS:
            _STRINGS.clear()
        strings = doc.vocab.strings
        for i in ids:
            if i not in _STRINGS:
                _STRINGS[i] = strings[i]
        return [_STRINGS[i] for i in ids]
