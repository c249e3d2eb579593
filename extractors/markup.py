"""Remove inline markup from page text while remembering where each character came from.

Lecture pages carry markdown emphasis (``**ZRPO**``) and LaTeX commands
(``\\textbf{ZorbAny}``, ``$200$``) inside abstracts.  Extraction works on the
clean text; :class:`CleanText` maps clean offsets back to the source so that
provenance still points at the original characters.

>>> clean = clean_markup("we introduce **DeZORB-LLM** (**De**coupled)")
>>> clean.text
'we introduce DeZORB-LLM (Decoupled)'
>>> clean.source_offset(13), clean.source_end(23)
(15, 25)
>>> clean_markup(r"we propose \\textbf{ZorbAny} with $200$ programs").text
'we propose ZorbAny with 200 programs'
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

__all__ = ["URL", "CleanText", "clean_markup", "has_markup"]

#: Markup removed from prose: markdown emphasis runs, LaTeX text commands with
#: their opening brace, lone braces and math dollars.
_MARKUP = re.compile(
    r"""
      \*{1,3}(?=\S)|(?<=\S)\*{1,3}          # markdown emphasis around a word
    | \\(?:textbf|textit|emph|texttt|mathrm|mathsf|mathbf|text)\{   # LaTeX text command
    | (?<!\\)[{}$]                            # braces and math shifts
    | (?<=\d)\\(?=%)                          # an escaped percent sign: 89\\%
    | \b(?:mathsf|mathrm|mathbf|mathcal|mathit)(?=[A-Z])  # a LaTeX font command that lost its backslash
    """,
    re.VERBOSE,
)

#: A web address in prose, without trailing punctuation.
URL = re.compile(r"https?://[^\s<>\"'\]\){}]+[^\s<>\"'\]\).,;:!?{}]")  # "\\url{https://…}." ends at the brace


@dataclass(frozen=True)
class CleanText:
    """Text with markup removed, and for each character its offset in the original."""

    text: str
    offsets: tuple[int, ...]
    base: int = 0  # offset of the original text in its source file

    def source_offset(self, index: int) -> int:
        """Offset in the source file of the clean character at ``index``."""
        if not self.offsets:
            return self.base
        if index >= len(self.offsets):
            return self.base + self.offsets[-1] + 1
        return self.base + self.offsets[index]

    def source_end(self, end: int) -> int:
        """Source offset just past the clean character before ``end`` (an exclusive end)."""
        if end <= 0 or not self.offsets:
            return self.base
        return self.base + self.offsets[min(end, len(self.offsets)) - 1] + 1


def has_markup(text: str) -> bool:
    """Whether :func:`clean_markup` may change ``text`` beyond its line breaks (a quick test: no copy, no offsets).

    >>> has_markup("we introduce *Peacock*"), has_markup("we introduce Peacock (p < 0.05)")
    (True, False)
    """
    return _MARKUP.search(text) is not None


def clean_markup(text: str, *, base: int = 0) -> CleanText:
    """Strip inline markup from ``text``; line breaks become spaces (same length)."""
    kept: list[str] = []
    offsets: list[int] = []
    position = 0
    urls = [m.span() for m in URL.finditer(text)]  # sorted and not overlapping
    url_starts = [start for start, _ in urls]
    for match in _MARKUP.finditer(text):
        inside = bisect_right(url_starts, match.start()) - 1  # the last address starting at or before the match
        if inside >= 0 and match.start() < urls[inside][1]:
            continue  # never edit inside a web address
        _keep(text, position, match.start(), kept, offsets)
        position = match.end()
    _keep(text, position, len(text), kept, offsets)
    return CleanText("".join(kept), tuple(offsets), base)


def _keep(text: str, start: int, end: int, kept: list[str], offsets: list[int]) -> None:
    for index in range(start, end):
        char = text[index]
        kept.append(" " if char in "\r\n\t" else char)
        offsets.append(index)
