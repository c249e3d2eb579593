"""Split page text into blank-line separated blocks that remember where they came from.

>>> [b.text for b in split_blocks("A\\n\\nB line 1\\nB line 2\\n")]
['A', 'B line 1\\nB line 2']
>>> split_blocks("x\\n\\n  y")[1].start, split_blocks("x\\n\\n  y")[1].line
(5, 3)
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

__all__ = [
    "LABEL_YEAR", "VENUE_LINE", "TextBlock", "join_blocks", "parse_venue_label", "split_blocks", "split_venue_name",
    "unwrap_hard_wraps",
]

_BLANK_LINES = re.compile(r"\n[^\S\n]*\n")  # a line of spaces of any kind (tabs, no-break) is blank

#: A venue label on a line of its own: a series of one to five words, then a year
#: ("ACL 2026", "EMNLP 2025", "Findings of NAACL 2025").
VENUE_LINE = re.compile(
    r"^(?P<series>[A-Z][\w&'’.\-]*(?:\s+[\w&'’.\-]+){0,4}?)\s+(?P<year>(?:19|20)\d\d)$"
)

#: A year in an event's name: "2025" on its own or ending a word ("SemEval-2025"), or two digits ending a
#: series ("WMT25").
LABEL_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|(?<=[A-Za-z])\d\d$")


@dataclass(frozen=True)
class TextBlock:
    """A paragraph of the source text.

    ``start``/``end`` are character offsets of the stripped text in the source,
    ``line`` the 1-based line it starts on, ``index`` its position among blocks.
    """

    text: str
    start: int
    end: int
    line: int
    index: int

    @property
    def lines(self) -> list[str]:
        return [ln.strip() for ln in self.text.splitlines() if ln.strip()]


#: The widest and narrowest a hard-wrapped page's lines are (``fmt`` cuts at 75, text browsers and e-mail at
#: 72–80); a page with longer lines was not wrapped.
_MOST_WRAP_WIDTH = 120
_LEAST_WRAP_WIDTH = 40
#: How many lines must reach within a few characters of the widest for a page to count as wrapped at that width.
_WRAPPED_LINES = 5
_NEAR_WIDTH = 12


def unwrap_hard_wraps(text: str) -> str:
    """``text`` with the line breaks of a hard-wrapped page turned into spaces, the same length, so offsets hold.

    A page is hard-wrapped when its lines of several words are no longer than a
    width of at most 120 characters that at least five lines come close to (as
    ``fmt``, a text browser or an e-mail client cut them; a longer word, such as
    a link, stands alone on a longer line). There a line break is a wrap when the
    next line's first word would not have fitted on the line; other breaks
    (a short line, a list) stay. A page with longer lines comes back as it is.

    >>> import textwrap
    >>> words = "Tiny models beat large ones on many tasks when trained with care and patience. " * 6
    >>> wrapped = textwrap.fill(words, 60) + "\\n\\nShort line\\nanother"
    >>> unwrapped = unwrap_hard_wraps(wrapped)
    >>> len(unwrapped) == len(wrapped), unwrapped.split("\\n\\n")[0] == words.strip()
    (True, True)
    >>> unwrapped.endswith("Short line\\nanother"), unwrap_hard_wraps("A line.\\nAnother.") == "A line.\\nAnother."
    (True, True)
    """
    lines = text.split("\n")
    lengths = [len(line.rstrip()) for line in lines]
    # a word longer than the width (a long link) stands on a line of its own, longer than the rest
    width = max((n for n, line in zip(lengths, lines) if " " in line.strip()), default=0)
    if not _LEAST_WRAP_WIDTH <= width <= _MOST_WRAP_WIDTH \
            or sum(width - _NEAR_WIDTH <= n <= width for n in lengths) < _WRAPPED_LINES:
        return text
    joined = []
    for line, length, following in zip(lines, lengths, lines[1:]):
        first_word = following.strip().split(maxsplit=1)[0] if following.strip() else ""
        wraps = bool(length and first_word) and length + 1 + len(first_word) > width
        joined.append(line + (" " if wraps else "\n"))
    return "".join(joined) + lines[-1]


#: A page of at least this many lines and no blank line separates its paragraphs by single line breaks.
_LEAST_LINES_UNSPACED = 8


def split_blocks(text: str) -> list[TextBlock]:
    """Blocks of ``text`` separated by blank lines, with offsets and line numbers.

    A page of eight lines or more without any blank line (copied from a browser
    that ends each paragraph with one line break) has one block per line.

    >>> page = "Germany\\nAn abstract of a paper.\\nACL 2026\\nA Title\\nposter\\nA\\nB\\nC\\n"
    >>> [b.text for b in split_blocks(page)][:4], split_blocks(page)[2].start
    (['Germany', 'An abstract of a paper.', 'ACL 2026', 'A Title'], 32)
    """
    unspaced = not _BLANK_LINES.search(text) and text.strip().count("\n") + 1 >= _LEAST_LINES_UNSPACED
    blocks: list[TextBlock] = []
    for offset, piece in (_lines(text) if unspaced else _blank_separated(text)):
        stripped = piece.strip()
        if not stripped:
            continue
        start = offset + (len(piece) - len(piece.lstrip()))
        blocks.append(
            TextBlock(
                text=stripped,
                start=start,
                end=start + len(stripped),
                line=text.count("\n", 0, start) + 1,
                index=len(blocks),
            )
        )
    return blocks


def _blank_separated(text: str) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` of the pieces of ``text`` between blank lines."""
    position = 0
    for piece in _BLANK_LINES.split(text):
        offset = text.index(piece, position) if piece else position
        position = offset + len(piece)
        yield offset, piece


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """``(offset, line)`` of each line of ``text``."""
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


def join_blocks(paragraphs: list[TextBlock], text: str) -> TextBlock:
    """One block of ``text`` from ``paragraphs[0]`` to ``paragraphs[-1]``, the blank lines between them kept.

    >>> text = "One paragraph.\\n\\nAnother one."
    >>> join_blocks(split_blocks(text), text).text == text
    True
    """
    first, last = paragraphs[0], paragraphs[-1]
    return replace(first, text=text[first.start : last.end], end=last.end)


def parse_venue_label(text: str, *, one_word: bool = False) -> tuple[str, int] | None:
    """``(series, year)`` when ``text`` is a venue label on its own, else ``None``.

    A single capitalised word and a year ("Singapore 2023") is no label on its
    own; ``one_word`` admits it ("Interspeech 2028") for a caller that knows
    from the line's place that it names a venue.

    >>> parse_venue_label("ACL 2026")
    ('ACL', 2026)
    >>> parse_venue_label("Celebrate 30 Years of EMNLP!") is None
    True
    >>> parse_venue_label("Interspeech 2028") is None, parse_venue_label("Interspeech 2028", one_word=True)
    (True, ('Interspeech', 2028))
    """
    text = text.strip()
    if "\n" in text or len(text) > 60:
        return None
    match = VENUE_LINE.match(text)
    if not match:
        return None
    series = match.group("series")
    if not one_word and not any(ch.isupper() for ch in series[1:]) and " " not in series:
        # a single capitalised word and a year ("Singapore 2023") is not a venue label
        return None
    return series, int(match.group("year"))


def split_venue_name(name: str) -> tuple[str, int | None]:
    """An event's name as ``(series, year)``: the year wherever the name writes it, the series the rest.

    >>> split_venue_name("ACL 2026"), split_venue_name("EMNLP 2025 Findings"), split_venue_name("WMT25")
    (('ACL', 2026), ('EMNLP Findings', 2025), ('WMT', 2025))
    >>> split_venue_name("SemEval-2025"), split_venue_name("ACL Rolling Review")
    (('SemEval', 2025), ('ACL Rolling Review', None))
    """
    match = LABEL_YEAR.search(name)
    if match is None:
        return name.strip(), None
    year = int(match.group()) if len(match.group()) == 4 else 2000 + int(match.group())
    series = " ".join((name[: match.start()].rstrip(" -'’") + " " + name[match.end() :]).split())
    return (series or name.strip()), year
