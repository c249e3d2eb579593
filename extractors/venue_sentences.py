"""Sentences of a text block, as character spans, for attributing and citing venue facts.

A sentence ends at ".", "!" or "?" followed by space and a capital (pattern
``sentence_end``), except after a short abbreviation ("St.", "Sept.", "D.C.");
a line break always ends one.

Examples
--------
>>> text = "Held in St. Julian's, Malta. Welcome!\\nNext line"
>>> [text[s:e] for s, e in sentence_spans(text)]
["Held in St. Julian's, Malta.", 'Welcome!', 'Next line']
"""
from __future__ import annotations

from collections.abc import Sequence

from extractors.venue_patterns import pattern

__all__ = ["sentence_around", "sentence_spans"]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence (or line) of a block, without surrounding space.

    Examples
    --------
    >>> text = "  Welcome to Vienna! The conference runs in July.  "
    >>> [text[s:e] for s, e in sentence_spans(text)]
    ['Welcome to Vienna!', 'The conference runs in July.']
    """
    sentence_end, abbreviation = pattern("sentence_end"), pattern("abbreviation_before_stop")
    spans: list[tuple[int, int]] = []
    start = 0
    for match in sentence_end.finditer(text):
        if match.group() != "\n" and abbreviation.search(text[start : match.start()]):
            continue
        is_line_break = match.group() == "\n"
        spans.append((start, match.start() if is_line_break else match.start() + len(match.group().rstrip())))
        start = match.end()
    spans.append((start, len(text)))
    stripped: list[tuple[int, int]] = []
    for begin, end in spans:
        piece = text[begin:end]
        if piece.strip():
            left = begin + len(piece) - len(piece.lstrip())
            stripped.append((left, begin + len(piece.rstrip())))
    return stripped


def sentence_around(spans: Sequence[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The span of the sentences a match at ``start:end`` overlaps (the match itself if none).

    Examples
    --------
    >>> sentence_around([(0, 10), (11, 20), (21, 30)], 8, 13)
    (0, 20)
    >>> sentence_around([], 3, 5)
    (3, 5)
    """
    touched = [(s, e) for s, e in spans if s < max(end, start + 1) and e > start]
    if not touched:
        return start, end
    return min(s for s, _ in touched), max(e for _, e in touched)
