"""Split page text into blank-line separated blocks that remember where they came from.

>>> [b.text for b in split_blocks("A\\n\\nB line 1\\nB line 2\\n")]
['A', 'B line 1\\nB line 2']
>>> split_blocks("x\\n\\n  y")[1].start, split_blocks("x\\n\\n  y")[1].line
(5, 3)
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

__all__ = [
    "LABEL_YEAR", "VENUE_LINE", "TextBlock", "join_blocks", "parse_venue_label", "split_blocks", "split_venue_name",
    "title_cased", "unwrap_hard_wraps",
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


def unwrap_hard_wraps(text: str, stands_alone: Callable[[str], bool] | None = None) -> str:
    """``text`` with the line breaks of a hard-wrapped page turned into spaces, the same length, so offsets hold.

    A page is hard-wrapped when its lines of several words are no longer than a
    width of at most 120 characters that at least five lines come close to (as
    ``fmt``, a text browser or an e-mail client cut them; a longer word, such as
    a link, stands alone on a longer line). There a line break is a wrap when the
    next line's first word would not have fitted on the line; other breaks
    (a short line, a list) stay. A page with longer lines comes back as it is.
    ``stands_alone`` names lines that are never part of a paragraph (a page's
    navigation, "Downloads"): no break before or after one is a wrap.

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
    wraps = []
    for line, length, following in zip(lines, lengths, lines[1:]):
        first_word = following.strip().split(maxsplit=1)[0] if following.strip() else ""
        wraps.append(bool(length and first_word) and length + 1 + len(first_word) > width)
    if stands_alone is not None:
        alone = [stands_alone(line.strip()) for line in lines]
        wraps = [wrap and not alone[i] and not alone[i + 1] for i, wrap in enumerate(wraps)]
    if not _BLANK_LINES.search(text):
        _split_unspaced_paragraphs(lines, wraps)
    return "".join(line + (" " if wrap else "\n") for line, wrap in zip(lines, wraps)) + lines[-1]


#: Words an abstract's first sentence opens with that a title's second line rarely does (Anthology abstracts: a
#: third open with "This", "We" or "In", 1 in 1,000 titles has one of them past its first word).
_PARAGRAPH_OPENERS = frozenset(
    "This We In The Our These Recent Recently, While Although Despite Many Most Existing There It".split())
_ENDS_SENTENCE = re.compile(r"[.!?][\"'”’)\]]*$")
_ENDS_WITH_LINK = re.compile(r"\bhttps?://\S+$")
#: A paragraph's last lines after a sentence's end, this short or shorter, are a title run on to an abstract.
_MOST_TITLE_LINES = 2
_MARKUP_OPENING = re.compile(r"#{1,6}\s|\*\*|<[a-zA-Z]")  # a Markdown heading, bold line or HTML tag opens a block
_LONG_WORD = re.compile(r"[^\W\d_][\w'’-]{3,}")


def title_cased(text: str, *, least: int = 1) -> bool:
    """Whether ``text`` has ``least`` longer words (four letters or more) or more and nearly all of them open with a
    capital, as a title's do (one word is enough by default: the last line of a wrapped title may be "Translation").

    >>> title_cased("Frozen Pretrained Transformers for Neural Sign Language"), title_cased("embedding models")
    (True, False)
    >>> title_cased("Tiny Models", least=3)
    False
    """
    words = _LONG_WORD.findall(text)
    return len(words) >= max(least, 1) and sum(w[0].isupper() for w in words) >= 0.75 * len(words)


def _sentence_cased(line: str) -> bool:
    """Whether ``line`` has two longer words or more and most of them open in lower case, as a title's rarely do.

    >>> _sentence_cased("Extraction of supportive premises for a problem"), _sentence_cased("for a Survey")
    (True, False)
    """
    words = _LONG_WORD.findall(line)
    return len(words) >= 2 and sum(w[0].isupper() for w in words) < 0.5 * len(words)


def _split_unspaced_paragraphs(lines: list[str], wraps: list[bool]) -> None:
    """On a hard-wrapped page without blank lines, unset the wraps that join two paragraphs, in place.

    There a paragraph whose last line came close to the width reads as wrapped into the next one. These joins
    are undone. After a line that ends no sentence: one before a line opening as an abstract does ("We propose
    …"), one before Markdown or HTML, and a title's last line before a line in lower case ("… for Neural Sign
    Language Translation" / "Extraction of premises …": a title before its abstract or its keywords), the title
    being one title-cased line that opens a paragraph and ends in a capitalised word, or two such lines where the
    lower-case line goes on as an abstract does (it is wrapped or ends a sentence). After a title-cased line that
    opens a paragraph and asks or exclaims ("… in Revision Histories?"), one before an abstract's wrapped line.
    And in a paragraph that ends no sentence itself, the last join after a sentence's end or a link with a line
    or two after it (an abstract, maybe ending in its code's link, run on to its title).
    """
    for i, wrap in enumerate(wraps):
        if wrap and _joins_two_paragraphs(lines, wraps, i):
            wraps[i] = False
    start = 0
    for end in range(len(wraps) + 1):
        if end < len(wraps) and wraps[end]:
            continue
        # lines[start : end + 1] are one paragraph; lines[end] is its last
        if end > start and not _ENDS_SENTENCE.search(lines[end].rstrip()):
            text_ends = [k for k in range(start, end) if _ENDS_SENTENCE.search(lines[k].rstrip())
                         or _ENDS_WITH_LINK.search(lines[k].rstrip())]
            if text_ends and end - text_ends[-1] <= _MOST_TITLE_LINES:
                wraps[text_ends[-1]] = False
        start = end + 1


def _joins_two_paragraphs(lines: list[str], wraps: list[bool], i: int) -> bool:
    """Whether the wrap after ``lines[i]`` joins two paragraphs (see :func:`_split_unspaced_paragraphs`)."""
    line, following = lines[i].rstrip(), lines[i + 1].strip()
    following_is_text = _sentence_cased(following) and (
        (i + 1 < len(wraps) and wraps[i + 1]) or bool(_ENDS_SENTENCE.search(following)))
    if _ENDS_SENTENCE.search(line):
        return line.endswith(("?", "!")) and _opens_paragraph(lines, wraps, i) and title_cased(line, least=3) \
            and following_is_text
    opener = following.split(maxsplit=1)[0] if following else ""
    if opener in _PARAGRAPH_OPENERS or _MARKUP_OPENING.match(following):
        return True
    if not (line.split()[-1][:1].isupper() and title_cased(line)):
        return False
    # a title stands after a short line or a sentence's end (an abstract's, run on to it) and never opens as an
    # abstract does ("We present Component ALignment for Abstract …")
    if _opens_paragraph(lines, wraps, i):
        return line.split()[0] not in _PARAGRAPH_OPENERS and _sentence_cased(following)
    first = lines[i - 1].rstrip()
    return _opens_paragraph(lines, wraps, i - 1) and first.split()[0] not in _PARAGRAPH_OPENERS \
        and not _ENDS_SENTENCE.search(first) and title_cased(first) and following_is_text


def _opens_paragraph(lines: list[str], wraps: list[bool], i: int) -> bool:
    """Whether ``lines[i]`` opens a paragraph: the page's first line, or one after a break or a sentence's end."""
    return i == 0 or not wraps[i - 1] or bool(_ENDS_SENTENCE.search(lines[i - 1].rstrip()))


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
