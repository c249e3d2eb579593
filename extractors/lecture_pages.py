"""Segment the text of a conference lecture page (Underline) into papers, links and boilerplate.

A page reads, top to bottom:

1. the page's own paper: a country line, the abstract (maybe in
   paragraphs, maybe missing on a keynote's page), the venue line ("ACL
   2026", or any label "Next from" repeats: "*SEM 2025", "WMT25"), the
   title, optional keyword lines;
2. conference boilerplate of any event (welcome and chair messages,
   registration notices, "X will be held in ...") with the presentation type
   ("poster", "technical paper") somewhere among it;
3. a listing of other papers of the event as abstract-then-title pairs; the
   last abstract may come without its title. It opens with the paper that
   "Next from" names, so prose and a heading-like line above it ("Registration
   Required") are not taken for one more paper, and is read forwards from
   there; a block that is neither abstract nor title costs only itself and is
   reported with its line;
4. navigation: "Downloads", "Next from VENUE" + a title, "Similar lecture" +
   a title, a footer.

Blocks are classified by structure (shape, length, position, repetition
across the pages of one batch, whether a title follows) and by what they do
(address the reader: "you", "please sign in", "welcome", an exclamation),
never by matching known sentences, so boilerplate written in other words is
still recognised and an abstract written in the first person is an abstract.
A title is one line without a final full stop, opening with any letter, a
digit, a quotation mark, a bracket or a hashtag (``mT5: …``, ``“Mama …”: …``,
``(Un)Fair …``); where its place makes it a title (after the venue line,
after "Next from", after an abstract inside the listing) it may also end in a
full stop after a "NAME: …" opening, look like a venue label or be two words,
and a listed abstract may be one long sentence. The block shapes are in
:mod:`extractors.lecture_shapes`, the listing and navigation in
:mod:`extractors.lecture_listing`; ``benchmarks/lecture_pages.py`` measures the
reader on pages made of real Anthology titles and abstracts.

>>> page = read_lecture_page(EXAMPLE_PAGE, source="example.txt")
>>> page.main.title, page.main.venue, page.main.presentation_type, page.main.country
('Tiny Models Rule', 'NAACL 2027', 'oral', 'Canada')
>>> [p.title for p in page.listed]
['Another Listed Paper About Things', None]
>>> sorted(link.kind.value for link in page.links)
['nextInProgram', 'similarTo']
"""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from urllib.parse import urlsplit

from extractors.blocks import TextBlock, join_blocks, parse_venue_label, split_blocks, unwrap_hard_wraps
from extractors.lecture_listing import Navigation, find_navigation, listing_problems, read_listing
from extractors.lecture_shapes import (
    NEXT_FROM,
    SIMILAR,
    followed_by_title,
    is_abstract_like,
    is_date_line,
    is_label_line,
    is_paragraph,
    is_presentation_type,
    is_title_like,
    reader_cues,
    venue_at,
)
from extractors.markup import URL, clean_markup
from ontology.ids import normalize_text, paper_ref
from ontology.records import InputProblem, Paper, PaperLink, PaperLinkKind, Provenance

__all__ = [
    "EXAMPLE_PAGE",
    "LecturePage",
    "looks_like_lecture_page",
    "read_lecture_page",
    "repeated_blocks",
]

EXTRACTOR = "lecture_page"
#: Most paragraphs the page's own abstract is read in.
_MOST_PARAGRAPHS = 6
#: A heading line above the page's own abstract, and the same word opening the abstract ("Abstract: We …").
_ABSTRACT_HEADING = re.compile(r"^(?:#{1,6}[ \t]*)?\**(?:abstract|summary)\**[ \t]*:?\**$", re.IGNORECASE)
_ABSTRACT_PREFIX = re.compile(r"^\**(?:abstract|summary)\**[ \t]*(?:[:.—–]|\s-)\**\s*", re.IGNORECASE)

EXAMPLE_PAGE = """Canada

We study tiny models and ask when they beat large ones. They often do. Our method, TinyRule, beats larger models on many tasks, and we explain why in detail here.

NAACL 2027

Tiny Models Rule

oral

Welcome to NAACL 2027! We are happy to see you in Toronto. Please register to continue.

Listed abstract one is about things that matter to the field. It has several sentences. It is long enough to be read as an abstract, and it says so plainly.

Another Listed Paper About Things

Listed abstract two has no title after it, as happens at the end of a listing. It still has sentences. It is long enough to be read as an abstract too.

Downloads

Next from NAACL 2027

Another Listed Paper About Things

Similar lecture

A Similar Paper Elsewhere
"""


@dataclass(frozen=True)
class LecturePage:
    """What one lecture page says, before entity extraction."""

    source: str
    main: Paper | None
    listed: tuple[Paper, ...] = ()
    linked: tuple[Paper, ...] = ()  # papers known only by a title in "Similar lecture"
    links: tuple[PaperLink, ...] = ()
    boilerplate: tuple[TextBlock, ...] = ()
    venue_labels: tuple[str, ...] = ()
    problems: tuple[InputProblem, ...] = field(default=())
    #: The text the offsets point into: the page as given, or unwrapped when it was saved hard-wrapped (the same
    #: length, so they are the file's offsets too).
    text: str = ""

    @property
    def papers(self) -> tuple[Paper, ...]:
        main = (self.main,) if self.main else ()
        return main + self.listed + self.linked


# --------------------------------------------------------------------------- detection (block shapes: lecture_shapes)


@cache
def _code_hosts() -> frozenset[str]:
    text = resources.files("extractors").joinpath("patterns/code_hosts.txt").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


def repeated_blocks(texts: Collection[str]) -> frozenset[str]:
    """Normalised blocks that occur on two or more of the given pages (boilerplate candidates)."""
    seen: dict[str, int] = {}
    for text in texts:
        for key in {normalize_text(b.text) for b in split_blocks(text)}:
            seen[key] = seen.get(key, 0) + 1
    return frozenset(key for key, count in seen.items() if count > 1)


def looks_like_lecture_page(text: str) -> bool:
    """Whether ``text`` has the shape of a lecture page (used for format detection)."""
    blocks = split_blocks(text[:20000])
    head = blocks[:4]
    has_abstract = any(is_abstract_like(b, (), titled=followed_by_title(blocks, i)) for i, b in enumerate(head))
    has_venue = any(parse_venue_label(b.text) for b in blocks[:6])
    has_nav = any(NEXT_FROM.match(b.text) or SIMILAR.match(b.text) for b in blocks)
    return has_abstract and (has_venue or has_nav)


# --------------------------------------------------------------------------- reading


def _is_navigation(line: str) -> bool:
    """A line of the page's navigation: "Downloads", "Next from VENUE", "Similar lecture(s)"."""
    return line.strip("*# ").lower() == "downloads" or bool(NEXT_FROM.match(line) or SIMILAR.match(line))


def _stands_alone(line: str) -> bool:
    """A line that is never part of a paragraph: the page's navigation, or a presentation type in lower case
    ("poster"; "… A Position" / "Paper" may be a title wrapped)."""
    return _is_navigation(line) or (line.islower() and is_presentation_type(TextBlock(line, 0, len(line), 1, 0)))


def read_lecture_page(text: str, *, source: str, repeated: Collection[str] = frozenset()) -> LecturePage:
    """Segment one lecture page.

    ``repeated`` holds normalised blocks seen on other pages of the same batch
    (see :func:`repeated_blocks`); it sharpens boilerplate detection but is
    not needed.
    """
    text = unwrap_hard_wraps(text, _stands_alone)  # a page saved hard-wrapped reads as the page it was
    blocks = split_blocks(text)
    problems: list[InputProblem] = []
    if not blocks:
        return LecturePage(source, None, problems=(InputProblem(source, "empty page: nothing to read"),), text=text)

    next_from = frozenset(m.group("venue") for b in blocks if (m := NEXT_FROM.match(b.text)))
    head = _read_head(blocks, text, source, repeated, next_from)
    nav = find_navigation(blocks, head.end)
    event = tuple(label for label in (head.venue, nav.venue) if label)
    listing = read_listing(blocks, head.end, nav, repeated, event=event, text=text)

    middle = blocks[head.end : listing.start]
    types = [b for b in (head.before_title, *middle) if b is not None and is_presentation_type(b)]
    boilerplate = tuple(b for b in middle if b not in types) + tuple(listing.skipped)
    problems.extend(listing_problems(source, listing))
    if head.abstract is None:
        kept = f"kept with its title only ({head.title.text[:60]!r})" if head.title else "skipped"
        problems.append(
            InputProblem(source, f"no abstract found at the top of the page; the page's own paper is {kept}", 1)
        )

    if head.not_a_title is not None and head.abstract is not None:
        problems.append(InputProblem(
            source, "the line after the venue line is not shaped like a title; the page's own paper is kept "
                    f"without one ({head.not_a_title.text[:60]!r})", head.not_a_title.line))

    listed_venue = nav.venue
    main = None
    if head.abstract is not None or head.title is not None:
        main = _paper(
            source,
            title=head.title,
            abstract=head.abstract,
            venue=head.venue,
            role="main",
            presentation_type=types[0].text.strip() if types else None,
            country=head.country,
            keywords=head.keywords,
        )
    listed = tuple(
        _paper(source, title=title, abstract=abstract, venue=listed_venue, role="listed")
        for abstract, title in listing.pairs
    )
    links, linked = _navigation_links(source, main, listed, nav)
    if nav.start < len(blocks) and not listing.pairs and nav.next_title is None and main is not None:
        problems.append(InputProblem(source, "navigation found but no listed papers", blocks[nav.start].line))

    venue_labels = _venue_labels(blocks, head, nav)
    return LecturePage(
        source=source,
        main=main,
        listed=listed,
        linked=linked,
        links=links,
        boilerplate=boilerplate,
        venue_labels=venue_labels,
        problems=tuple(problems),
        text=text,
    )


@dataclass
class _Head:
    end: int = 0
    country: str | None = None
    abstract: TextBlock | None = None
    venue: str | None = None
    title: TextBlock | None = None
    keywords: tuple[str, ...] = ()
    not_a_title: TextBlock | None = None  # the block after the venue line, where the title stands, when it is none
    before_title: TextBlock | None = None  # a presentation type or a date between the venue line and the title


def _read_head(
    blocks: list[TextBlock], text: str, source: str, repeated: Collection[str], labels: Collection[str]
) -> _Head:
    head = _Head()
    found = next(
        (
            (i, i + 1)
            for i, b in enumerate(blocks[:3])
            if is_abstract_like(b, repeated, titled=followed_by_title(blocks, i))
        ),
        None,
    )
    for start in range(3):  # an abstract in paragraphs, the first of them maybe too short to tell on its own
        end = _paragraphs_before_venue(blocks, start, labels)
        if end > start + 1 and (found is None or found[0] == start):
            joined = join_blocks(blocks[start:end], text)
            if is_abstract_like(joined, (), titled=True):
                found = (start, end)
                break
    if found is None:  # a page without an abstract of its own (a keynote): its venue line and title, if any
        i = next(
            (k for k in range(3) if venue_at(blocks, k, labels) and is_title_like(blocks[k + 1], short=True)), None
        )
        if i is None:
            return head
        first = i
    else:
        first, i = found
        head.abstract = join_blocks(blocks[first:i], text)
        if prefix := _ABSTRACT_PREFIX.match(head.abstract.text):  # "Abstract: We study …"
            head.abstract = replace(head.abstract, text=head.abstract.text[prefix.end():],
                                    start=head.abstract.start + prefix.end())
    above = first - 1 if first > 0 and _ABSTRACT_HEADING.match(blocks[first - 1].text) else first  # "Abstract"
    if above > 0 and is_label_line(blocks[above - 1]):
        head.country = " ".join(blocks[above - 1].text.split())  # no-break spaces as plain ones
    if label := venue_at(blocks, i, labels):
        head.venue = label
        i += 1
    after_venue = head.venue is not None  # the venue line, then the title: its place makes it one, as in a listing
    if after_venue and i + 1 < len(blocks) and (is_presentation_type(blocks[i]) or is_date_line(blocks[i])) \
            and is_title_like(blocks[i + 1], short=True, listed=True):
        head.before_title = blocks[i]  # "oral" or "June 4, 2027" between the venue line and the title
        i += 1
    if i < len(blocks) and is_title_like(blocks[i], short=after_venue, listed=after_venue):
        head.title = blocks[i]
        i += 1
    elif after_venue and i < len(blocks):
        head.not_a_title = blocks[i]
    keywords = []
    while i < len(blocks) and is_label_line(blocks[i], digits=True) and not is_presentation_type(blocks[i]):
        keywords.append(blocks[i].text.strip())
        i += 1
    head.keywords = tuple(keywords)
    head.end = i
    return head


def _paragraphs_before_venue(blocks: list[TextBlock], start: int, labels: Collection[str]) -> int:
    """Where an abstract written in paragraphs from ``blocks[start]`` ends: the venue line right after them
    (only one paper, the page's own, stands above it); ``start + 1`` when no such line ends the run."""
    end = start
    while end < min(len(blocks), start + _MOST_PARAGRAPHS) and is_paragraph(blocks[end]) \
            and not reader_cues(blocks[end].text):
        end += 1
    return end if end > start + 1 and venue_at(blocks, end, labels) else start + 1


def _paper(
    source: str,
    *,
    title: TextBlock | None,
    abstract: TextBlock | None,
    venue: str | None,
    role: str,
    presentation_type: str | None = None,
    country: str | None = None,
    keywords: tuple[str, ...] = (),
) -> Paper:
    clean_abstract = clean_markup(abstract.text, base=abstract.start) if abstract else None
    clean_title = clean_markup(title.text).text.strip() if title else None
    abstract_text = clean_abstract.text if clean_abstract else None
    anchor = abstract or title
    assert anchor is not None
    return Paper(
        ref=paper_ref(clean_title, abstract_text),
        provenance=Provenance(
            source=source,
            start=anchor.start,
            end=(title or anchor).end,
            line=anchor.line,
            extractor=EXTRACTOR,
        ),
        title=clean_title,
        abstract=abstract_text,
        abstract_span=(abstract.start, abstract.end) if abstract else None,
        title_span=(title.start, title.end) if title else None,
        venue=venue,
        presentation_type=presentation_type,
        country=country,
        keywords=keywords,
        code_repositories=_code_urls(abstract.text) if abstract else (),
        role=role,
    )


@cache
def _bare_code_link() -> re.Pattern[str]:
    """A code host's link written without its scheme ("github.com/org/repo", "www.gitlab.com/org/repo")."""
    hosts = "|".join(re.escape(host) for host in sorted(_code_hosts()))
    return re.compile(rf"(?<![\w/.@-])(?:www\.)?(?:{hosts})/[^\s<>\"'\]\){{}}]+[^\s<>\"'\]\).,;:!?{{}}]", re.IGNORECASE)


def _code_urls(text: str) -> tuple[str, ...]:
    """The code repositories an abstract links to, in order; a link without its scheme gets ``https://``.

    >>> _code_urls(r"Code: github.com/org/repo and \\url{https://gitlab.com/a/b}. See https://example.org/x.")
    ('https://github.com/org/repo', 'https://gitlab.com/a/b')
    """
    urls = []
    found = sorted([(m.start(), m.group(0)) for m in URL.finditer(text)]
                   + [(m.start(), "https://" + m.group(0)) for m in _bare_code_link().finditer(text)])
    for _, url in found:
        host = (urlsplit(url).hostname or "").lower()
        on_code_host = host in _code_hosts() or any(
            host.endswith("." + h) for h in _code_hosts() if h.count(".") == 1
        )
        if on_code_host and not host.endswith("github.io") and url not in urls:
            urls.append(url)
    return tuple(urls)


def _navigation_links(
    source: str, main: Paper | None, listed: tuple[Paper, ...], nav: Navigation
) -> tuple[tuple[PaperLink, ...], tuple[Paper, ...]]:
    if main is None:
        return (), ()
    links: list[PaperLink] = []
    linked: list[Paper] = []
    by_title = {normalize_text(p.title): p for p in listed if p.title}
    targets = ((nav.next_title, PaperLinkKind.NEXT_IN_PROGRAM),
               *((block, PaperLinkKind.SIMILAR_TO) for block in nav.similar_titles))
    for block, kind in targets:
        if block is None:
            continue
        target = by_title.get(normalize_text(block.text))
        if target is None:
            target = _paper(source, title=block, abstract=None, venue=None, role="linked")
            if kind is PaperLinkKind.NEXT_IN_PROGRAM:
                target = replace(target, venue=nav.venue)
            linked.append(target)
        where = Provenance(source=source, start=block.start, end=block.end, line=block.line, extractor=EXTRACTOR)
        links.append(PaperLink(main.ref, target.ref, kind, where))
    return tuple(links), tuple(linked)


def _venue_labels(blocks: list[TextBlock], head: _Head, nav: Navigation) -> tuple[str, ...]:
    labels = [head.venue, nav.venue] + [
        f"{series} {year}"
        for b in blocks
        if not NEXT_FROM.match(b.text) and (parsed := parse_venue_label(b.text))
        for series, year in [parsed]
    ]
    return tuple(sorted({label for label in labels if label}))
