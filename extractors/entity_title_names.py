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
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["title_name_spans"]

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
