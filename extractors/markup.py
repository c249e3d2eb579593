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

Emphasis and math come in pairs: a lone asterisk or dollar is the text's own
(``A* parsing``, a footnote's ``DSTC8*``, ``Dutch$German`` for a lost arrow).

>>> clean_markup("A* parsing of *PRO* on DSTC8*, Dutch$German").text
'A* parsing of PRO on DSTC8*, Dutch$German'
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["URL", "CleanText", "clean_markup", "has_markup"]

#: Markup removed from prose wherever it stands: LaTeX text commands with their opening brace, lone braces, an
#: escaped percent sign and a font command that lost its backslash.
_MARKUP = re.compile(
    r"""
      \\(?:textbf|textit|emph|texttt|mathrm|mathsf|mathbf|text)\{   # LaTeX text command
    | (?<!\\)[{}]                             # braces
    | (?<=\d)\\(?=%)                          # an escaped percent sign: 89\\%
    | \b(?:mathsf|mathrm|mathbf|mathcal|mathit)(?=[A-Z])  # a LaTeX font command that lost its backslash
    """,
    re.VERBOSE,
)

#: A run of asterisks, which may open or close markdown emphasis (see :func:`_emphasis_spans`).
_STAR_RUN = re.compile(r"\*+")

#: Inline math as pandoc reads it: a dollar before a non-space, the closing one after a non-space and not before a
#: digit (so "$20 and $30" is no math), at most 300 characters apart in one paragraph; both dollars go, the math's
#: text stays.
_MATH = re.compile(r"(?<!\\)\$(?=\S)(?:(?!\n[ \t\r]*\n)[^$]){1,300}?(?<=[^\s\\])\$(?!\d)")

#: A blank line, which ends a paragraph and every emphasis or math still open in it.
_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")  # "\r\n\r\n" too: sources keep their line ends

#: How far apart an emphasis's two runs may stand.
_EMPHASIS_REACH = 300

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
    return (_MARKUP.search(text) is not None or ("$" in text and _MATH.search(text) is not None)
            or ("*" in text and bool(_emphasis_spans(text))))


def clean_markup(text: str, *, base: int = 0) -> CleanText:
    """Strip inline markup from ``text``; line breaks become spaces (same length)."""
    kept: list[str] = []
    offsets: list[int] = []
    position = 0
    urls = [m.span() for m in URL.finditer(text)]  # sorted and not overlapping
    url_starts = [start for start, _ in urls]
    for start, end in _markup_spans(text, urls):
        inside = bisect_right(url_starts, start) - 1  # the last address starting at or before the markup
        if start < position or (inside >= 0 and start < urls[inside][1]):
            continue  # never edit inside a web address, nor a span already removed
        _keep(text, position, start, kept, offsets)
        position = end
    _keep(text, position, len(text), kept, offsets)
    return CleanText("".join(kept), tuple(offsets), base)


def _markup_spans(text: str, urls: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """The character spans :func:`clean_markup` removes, sorted: single markup and both halves of each pair.

    Asterisks and dollars inside the web addresses ``urls`` pair with nothing: an address's ``*`` or ``$`` is its own.

    >>> _markup_spans("a **b** $c$ d*")
    [(2, 4), (5, 7), (8, 9), (10, 11)]
    >>> text = "*see https://x.org/a* b*"
    >>> _markup_spans(text, [m.span() for m in URL.finditer(text)])
    [(0, 1), (23, 24)]
    """
    paired = _masked(text, urls)
    spans = [match.span() for match in _MARKUP.finditer(text)] + _emphasis_spans(paired)
    for match in _MATH.finditer(paired):
        spans += [(match.start(), match.start() + 1), (match.end() - 1, match.end())]
    return sorted(spans)


def _masked(text: str, urls: Sequence[tuple[int, int]]) -> str:
    """``text`` with every ``*`` and ``$`` inside the spans ``urls`` made a NUL (same length, pairs with nothing)."""
    if not urls:
        return text
    parts, position = [], 0
    for start, end in urls:
        parts += [text[position:start], text[start:end].replace("*", "\0").replace("$", "\0")]
        position = end
    parts.append(text[position:])
    return "".join(parts)


def _emphasis_spans(text: str) -> list[tuple[int, int]]:
    """The asterisk runs of markdown emphasis in ``text``: each closing run with the opening run it closes.

    As CommonMark flanks them: a run opens before a non-space (and before punctuation only after a space or
    punctuation), closes after a non-space (and after punctuation only before a space or punctuation), and closes
    the nearest open run at least as long (see :func:`_close`), in the same paragraph.  A single asterisk never opens
    or closes inside a word (``O*NET``, ``tf*idf``); two or three may (``**L**L**M**s``).  Runs longer than three are
    left alone.

    >>> _emphasis_spans("**L**L**M**s, GLR*, *PRO*")
    [(0, 2), (3, 5), (6, 8), (9, 11), (20, 21), (24, 25)]
    >>> _emphasis_spans("***M**ulti*")
    [(0, 1), (1, 3), (4, 6), (10, 11)]
    """
    spans: list[tuple[int, int]] = []
    opened: list[tuple[int, int]] = []  # (start, width) of runs that may open, in text order
    paragraph_ends = iter(match.end() for match in _BLANK_LINE.finditer(text))
    paragraph_end = next(paragraph_ends, len(text))
    for run in _STAR_RUN.finditer(text):
        start, end = run.span()
        while paragraph_end <= start:  # emphasis never spans a blank line
            opened.clear()
            paragraph_end = next(paragraph_ends, len(text))
        width = end - start
        if width > 3:
            continue
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        single = width == 1
        if _flanks(before, after) and not (single and after.isalnum()):
            opener = _close(opened, width, start)
            if opener is not None:
                spans += [opener, (start, end)]
                continue
        if _flanks(after, before) and not (single and before.isalnum()):
            opened.append((start, width))
    return sorted(spans)


def _flanks(inner: str, outer: str) -> bool:
    """Whether a run with ``inner`` on its emphasised side and ``outer`` on the other can open or close there."""
    return not inner.isspace() and (inner.isalnum() or outer.isspace() or not outer.isalnum())


def _close(opened: list[tuple[int, int]], width: int, position: int) -> tuple[int, int] | None:
    """The span of the opening asterisks a run of ``width`` at ``position`` closes, taken from ``opened``.

    The nearest open run within reach at least as wide is closed, and every run opened after it is dropped; a
    wider run gives up its inner asterisks and stays open with the rest (``***M**ulti ...*``).
    """
    for index in range(len(opened) - 1, -1, -1):
        start, opener_width = opened[index]
        if position - start > _EMPHASIS_REACH:
            return None
        if opener_width >= width:
            del opened[index + 1:]
            if opener_width == width:
                del opened[index]
            else:
                opened[index] = (start, opener_width - width)
            return start + opener_width - width, start + opener_width
    return None


def _keep(text: str, start: int, end: int, kept: list[str], offsets: list[int]) -> None:
    for index in range(start, end):
        char = text[index]
        kept.append(" " if char in "\r\n\t" else char)
        offsets.append(index)
