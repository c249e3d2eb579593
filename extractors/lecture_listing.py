"""The part of a lecture page below its own paper: the listing of the event's next papers and the navigation.

The listing holds other papers of the event as abstract-then-title pairs (the last abstract may come without its
title). It opens with the paper that "Next from" names, so prose and a heading-like line above it ("Registration
Required") are not taken for one more paper, and is read forwards from there; a block that is neither abstract
nor title costs only itself and is reported with its line. The navigation: "Next from VENUE" and its title,
"Similar lecture(s)" and the titles it lists. :mod:`extractors.lecture_pages` reads the page with these.

>>> from extractors.blocks import split_blocks
>>> from extractors.lecture_pages import EXAMPLE_PAGE
>>> blocks = split_blocks(EXAMPLE_PAGE)
>>> nav = find_navigation(blocks, 4)
>>> nav.venue, nav.next_title.text, [b.text for b in nav.similar_titles]
('NAACL 2027', 'Another Listed Paper About Things', ['A Similar Paper Elsewhere'])
>>> [(a.text[:20], t and t.text) for a, t in read_listing(blocks, 4, nav, frozenset()).pairs]
[('Listed abstract one ', 'Another Listed Paper About Things'), ('Listed abstract two ', None)]
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from extractors.blocks import TextBlock, join_blocks
from extractors.lecture_shapes import (
    NEXT_FROM,
    SIMILAR,
    addresses_reader,
    is_abstract_like,
    is_date_line,
    is_label_line,
    is_listed_abstract,
    is_sentence_title,
    is_presentation_type,
    is_prose,
    is_title_like,
    names_label,
    reader_cues,
)
from ontology.ids import normalize_text
from ontology.records import InputProblem

__all__ = ["Listing", "Navigation", "find_navigation", "listing_problems", "read_listing"]


@dataclass
class Navigation:
    start: int
    venue: str | None = None
    next_title: TextBlock | None = None
    similar_titles: tuple[TextBlock, ...] = ()


#: The most lectures "Similar lectures" is read to list.
_MOST_SIMILAR = 10


def find_navigation(blocks: list[TextBlock], head_end: int) -> Navigation:
    """Where the navigation starts, the venue "Next from" names and its title, and the titles "Similar lecture(s)"
    lists: the first line after it, and the lines after that one shaped like titles themselves (a footer's
    "Stay up to date with the latest news!" or "CONFERENCES" ends them)."""
    nav = Navigation(start=len(blocks))
    for i in range(head_end, len(blocks)):
        block = blocks[i]
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        if match := NEXT_FROM.match(block.text):
            nav.start = min(nav.start, i)
            nav.venue = match.group("venue")
            if following is not None and _is_named_title(following):
                nav.next_title = following
        elif SIMILAR.match(block.text):
            nav.start = min(nav.start, i)
            if following is not None and _is_named_title(following):
                titles = [following]
                for later in blocks[i + 2 : i + 1 + _MOST_SIMILAR]:
                    if not is_title_like(later) or later.text.isupper():
                        break
                    titles.append(later)
                nav.similar_titles = tuple(titles)
    return nav


def _is_named_title(block: TextBlock) -> bool:
    """The line right after "Next from VENUE" or "Similar lecture", where the layout puts a title: one of any title's
    shape, or a title written as a sentence ("A collaborative system for building and maintaining wordnets.")."""
    return is_title_like(block, short=True, listed=True) or is_sentence_title(block)


@dataclass
class Listing:
    start: int  # index of the first listed block (the navigation's when nothing is listed)
    pairs: list[tuple[TextBlock, TextBlock | None]] = field(default_factory=list)
    skipped: list[TextBlock] = field(default_factory=list)  # blocks inside the listing that fit nowhere
    above: TextBlock | None = None  # the first of several pairs above the paper "Next from" names


def read_listing(
    blocks: list[TextBlock],
    head_end: int,
    nav: Navigation,
    repeated: Collection[str],
    *,
    event: tuple[str, ...] = (),
    text: str = "",
) -> Listing:
    """Abstract-then-title pairs between the boilerplate and the navigation.

    Where the listing starts is the hard part: the boilerplate above it may
    end in prose and a short heading-like line ("Registration Required",
    "Watch on demand") that look like one more abstract and its title. So:

    - "Next from VENUE" names the first listed paper; where its title stands
      in the listing, the abstract right before it opens the listing and all
      above is boilerplate;
    - otherwise the listing opens at the first abstract followed by a title
      whose abstract stands on its own: it addresses no reader and does not
      name this page's event (``event``: "ACL 2026"), as the boilerplate
      describing the conference does.

    From there a block that is neither abstract nor title costs only itself:
    reading goes on at the next abstract (an abstract whose title is missing
    is kept without one, and one stray block between an abstract and its
    title is stepped over). An abstract after the last pair may come without
    its title; what follows it ("Downloads") is navigation. With no pair at
    all, the last abstract before the navigation is the listing. On a page
    without blank lines (a block per line), the sentences on the lines right
    above an abstract that fit nowhere are its first sentences (``text``: the
    page, to join them).
    """
    nav_start = nav.start

    def is_abstract(i: int, *, titled: bool) -> bool:
        return head_end <= i < nav_start and is_abstract_like(blocks[i], () if titled else repeated, titled=titled)

    def is_title(i: int, *, listed: bool = False) -> bool:
        if not head_end <= i < nav_start:
            return False
        short = listed or (i + 1 < nav_start and is_prose(blocks[i + 1]))  # listed: an abstract stands before it
        return is_title_like(blocks[i], short=short, listed=listed) and not is_presentation_type(blocks[i])

    def is_listed_pair(i: int, *, placed: bool) -> bool:
        """Inside the listing the abstract may be one sentence (or address the reader, when ``placed`` past the
        listing's first paper), and the title look like a venue label or end in a full stop, unless a title follows
        it (then it is a stray block before that title)."""
        return head_end <= i < nav_start and is_listed_abstract(blocks[i], placed=placed) \
            and is_title(i + 1, listed=True) and (is_title(i + 1) or not is_title(i + 2))

    def opens_listing(i: int) -> bool:
        """An abstract and its title, the abstract not addressing the reader nor naming the event; the title may
        have a listed title's shape ("Robust Text Classification … Representations.") where another abstract or,
        past short lines ("Downloads"), the navigation follows it, as none follows a heading line of the
        boilerplate."""
        text = blocks[i].text
        titled = is_title(i + 1) or (is_title(i + 1, listed=True) and (
            is_abstract(i + 2, titled=True) or not any(is_prose(block) for block in blocks[i + 2 : nav_start]))
        ) or (i + 1 < nav_start and is_sentence_title(blocks[i + 1]) and is_abstract(i + 2, titled=True)
              and is_title(i + 3, listed=True))
        return titled and is_abstract(i, titled=True) and not addresses_reader(text) \
            and not names_label(text, event) and not (i > head_end and _is_bio(blocks[i - 1], blocks[i]))

    first_pair = next((i for i in range(head_end, nav_start) if opens_listing(i)), None)
    start = anchored = _anchored_start(blocks, head_end, nav, is_abstract=is_abstract, is_title=is_title)
    above = None
    if start is not None and first_pair is not None and first_pair < start:
        # one pair above it is what boilerplate prose and a heading line look like; more may be listed papers
        pairs_above = [i for i in range(first_pair, start) if is_abstract(i, titled=True) and is_title(i + 1)]
        above = blocks[first_pair] if len(pairs_above) > 1 else None
    start = first_pair if start is None else start
    if start is None:
        last = next((i for i in range(nav_start - 1, head_end - 1, -1) if is_prose(blocks[i])), None)
        if last is not None and is_abstract(last, titled=False):
            return Listing(last, [(blocks[last], _sentence_title_after(blocks, last, nav_start))])
        return Listing(nav_start)

    listing = Listing(start, above=above)
    pending: list[TextBlock] = []  # blocks not (yet) placed; inside the listing only if a paper follows
    i = start
    while i < nav_start:
        if (is_abstract(i, titled=True) and is_title(i + 1)) or is_listed_pair(i, placed=i > start or i == anchored):
            pair, step = (blocks[i], blocks[i + 1]), 2
        elif is_abstract(i, titled=True) and (k := _title_past_strays(blocks, i, nav_start, is_title)):
            pending += blocks[i + 1 : k]  # a stray block, or two short lines, between an abstract and its title
            pair, step = (blocks[i], blocks[k]), k - i + 1
        elif is_abstract(i, titled=True) and i + 2 < nav_start and is_sentence_title(blocks[i + 1]) \
                and is_listed_abstract(blocks[i + 2], placed=True):
            pair, step = (blocks[i], blocks[i + 1]), 2  # between two abstracts, a sentence is the first one's title
        elif is_abstract(i, titled=False):
            pair, step = (blocks[i], None), 1
        else:
            pending.append(blocks[i])
            i += 1
            continue
        opening = _first_sentences(pending, pair[0]) if text else 0
        if opening:
            pair = (join_blocks([*pending[-opening:], pair[0]], text), pair[1])
            pending = pending[:-opening]
        listing.skipped += pending
        pending = []
        listing.pairs.append(pair)
        i += step
    return listing


def _sentence_title_after(blocks: list[TextBlock], abstract: int, end: int) -> TextBlock | None:
    """The title of the last abstract before the navigation (``end``) when it is written as a sentence ("A
    collaborative system for building and maintaining wordnets.") and no prose follows it: a listing of one paper.

    >>> prose = "A system for wordnet construction is presented. " * 4
    >>> lines = [prose, "A system for building wordnets.", "Downloads"]
    >>> blocks = [TextBlock(text, 0, 0, 2 * n + 1, n) for n, text in enumerate(lines)]
    >>> _sentence_title_after(blocks, 0, 3).text
    'A system for building wordnets.'
    >>> _sentence_title_after(blocks[:2] + [TextBlock(prose, 0, 0, 5, 2)], 0, 3) is None
    True
    """
    following = abstract + 1
    if following >= end or not is_sentence_title(blocks[following]):
        return None
    return None if any(is_prose(block) for block in blocks[following + 1 : end]) else blocks[following]


def _first_sentences(pending: list[TextBlock], abstract: TextBlock) -> int:
    """How many of the last ``pending`` blocks are sentences on the lines right above ``abstract``, with no blank
    line between (an abstract written a sentence per line on a page without blank lines)."""
    count, below = 0, abstract
    for block in reversed(pending):
        runs_on = block.line + block.text.count("\n") + 1 == below.line
        if not (runs_on and len(block.text) >= 40 and block.text.rstrip().endswith((".", "!", "?", ".)", '."'))
                and not reader_cues(block.text)):
            break
        count, below = count + 1, block
    return count


def _anchored_start(
    blocks: list[TextBlock],
    head_end: int,
    nav: Navigation,
    *,
    is_abstract: Callable[..., bool],
    is_title: Callable[..., bool],
) -> int | None:
    """The abstract of the listed paper that "Next from" names, when its title stands in the listing."""
    if nav.next_title is None:
        return None
    wanted = normalize_text(nav.next_title.text)
    for k in range(head_end + 1, nav.start):
        named = normalize_text(blocks[k].text) == wanted
        if not named or not (is_title(k, listed=True) or is_sentence_title(blocks[k])):  # named, so a title
            continue
        if is_abstract(k - 1, titled=True) or (k - 1 >= head_end and is_listed_abstract(blocks[k - 1], placed=True)):
            return k - 1
        for first in (k - 2, k - 3):  # a stray block, or two short lines, between the abstract and its title
            if first >= head_end and is_abstract(first, titled=True) \
                    and _title_past_strays(blocks, first, nav.start, lambda j: j == k) == k:
                return first
    return None


def _is_bio(name: TextBlock, prose: TextBlock) -> bool:
    """Is ``prose`` a speaker's biography under the line with their name ("Jane Doe" / "Jane Doe is a professor
    …"), as a list of keynote speakers in the boilerplate has them? An abstract never opens with the line above.

    >>> bio = lambda n, p: _is_bio(TextBlock(n, 0, 0, 1, 0), TextBlock(p, 0, 0, 3, 1))
    >>> bio("John Q. Roe", "John Roe leads the language group."), bio("Tiny Models", "Tiny models win.")
    (True, False)
    """
    names, words = name.text.split(), prose.text.split()
    return 2 <= len(names) <= 5 and not name.text.rstrip().endswith((".", "!", "?", ":")) \
        and all(n[:1].isupper() for n in names) and words[:1] == names[:1] and names[-1] in words[1:4]


def _title_past_strays(
    blocks: list[TextBlock], i: int, end: int, is_title: Callable[[int], bool]
) -> int | None:
    """Where the title of the abstract ``blocks[i]`` stands past what a listing may put between the two: one block
    that is no prose, or two short lines ("Poster", "June 4, 2027"); ``None`` when no title stands there."""
    if i + 2 < end and not is_prose(blocks[i + 1]) and is_title(i + 2):
        return i + 2
    short = [b for b in blocks[i + 1 : i + 3] if is_label_line(b, digits=True) or is_date_line(b)]
    if i + 3 < end and len(short) == 2 and is_title(i + 3):
        return i + 3
    return None


def listing_problems(source: str, listing: Listing) -> list[InputProblem]:
    """One warning for each block skipped inside the listing, for each title a listed abstract lost, and for
    papers that may have been listed above the one "Next from" names (when it is not the first)."""
    problems = [
        InputProblem(source, 'listing: abstract-and-title pairs above the paper "Next from" names, which opens '
                     "the listing; read as boilerplate", block.line)
        for block in [listing.above] if block is not None
    ] + [
        InputProblem(source, "listing: a block that is neither an abstract nor its title; skipped", block.line)
        for block in listing.skipped
    ]
    problems += [
        InputProblem(source, "listing: an abstract without its title; kept untitled", abstract.line)
        for abstract, title in listing.pairs[:-1]
        if title is None
    ]
    return sorted(problems, key=lambda problem: problem.line or 0)
