"""Segment the text of a conference lecture page (Underline) into papers, links and boilerplate.

A page reads, top to bottom:

1. the page's own paper: a country line, the abstract, the venue line
   ("ACL 2026"), the title, optional keyword lines;
2. conference boilerplate of any event (welcome and chair messages,
   registration notices, "X will be held in ...") with the presentation type
   ("poster", "technical paper") somewhere among it;
3. a listing of other papers of the event as abstract-then-title pairs; the
   last abstract may come without its title;
4. navigation: "Downloads", "Next from VENUE" + a title, "Similar lecture" +
   a title, a footer.

Blocks are classified by structure (shape, length, position, repetition
across the pages of one batch, whether a title follows), never by matching
known sentences, so boilerplate written in other words is still recognised.

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

from extractors.blocks import TextBlock, parse_venue_label, split_blocks
from extractors.markup import URL, clean_markup
from ontology.ids import normalize_text, paper_ref
from ontology.records import InputProblem, Paper, PaperLink, PaperLinkKind, Provenance

__all__ = [
    "LecturePage",
    "read_lecture_page",
    "repeated_blocks",
    "looks_like_lecture_page",
    "EXAMPLE_PAGE",
]

EXTRACTOR = "lecture_page"

_NEXT_FROM = re.compile(r"^Next from (?P<venue>.+?)\s*$")
_SIMILAR = re.compile(r"^Similar lectures?\s*$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]?(?:\s|$)")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE)
_FIRST_PERSON_SINGULAR = re.compile(r"(?:^|[\s\"“])(?:I|my|me)\b")
_MARKUP_LINE = re.compile(r"^\s*(?:#|<|\[|\*[^*]|\*\*[^*]+\*\*\s*$)")
_MARKDOWN_LINK = re.compile(r"\]\((?:https?://|/)")
_HTML_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_QUOTED = re.compile(r"[\"“][^\"”]{0,300}[\"”]")

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

    @property
    def papers(self) -> tuple[Paper, ...]:
        main = (self.main,) if self.main else ()
        return main + self.listed + self.linked


# --------------------------------------------------------------------------- shapes


@cache
def _presentation_nouns() -> frozenset[str]:
    text = resources.files("extractors").joinpath("patterns/presentation_types.txt").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


@cache
def _code_hosts() -> frozenset[str]:
    text = resources.files("extractors").joinpath("patterns/code_hosts.txt").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _has_markup(text: str) -> bool:
    return bool(
        any(_MARKUP_LINE.match(line) for line in text.splitlines())
        or _MARKDOWN_LINK.search(text)
        or _HTML_TAG.search(text)
    )


def _is_label_line(block: TextBlock) -> bool:
    """A short single line without sentence punctuation: a keyword, a type, a country."""
    text = block.text
    words = _words(text)
    return (
        "\n" not in text
        and 1 <= len(words) <= 5
        and len(text) <= 60
        and not text.rstrip().endswith((".", "!", "?", ":"))
        and not _has_markup(text)
        and not any(ch.isdigit() for ch in text)
    )


def _is_presentation_type(block: TextBlock) -> bool:
    if not _is_label_line(block):
        return False
    words = _words(block.text.lower())
    return bool(words) and words[-1] in _presentation_nouns() and len(words) <= 3


def _is_title_like(block: TextBlock) -> bool:
    """One line that reads as a paper title."""
    text = block.text
    words = _words(text)
    if "\n" in text or len(text) > 300 or _has_markup(text) or URL.search(text):
        return False
    if text.endswith((".", "!", ",", ";")) or not (text[0].isupper() or text[0].isdigit()):
        return False
    if parse_venue_label(text) or _NEXT_FROM.match(text) or _SIMILAR.match(text):
        return False
    return len(words) >= 3 or (len(words) == 2 and (":" in text or "?" in text))


def _is_abstract_like(block: TextBlock, repeated: Collection[str]) -> bool:
    """Prose of several sentences written about a paper, not to the reader."""
    text = block.text
    sentences = len(_SENTENCE_END.findall(text + " "))
    if len(text) < 150 or sentences < 2 or _has_markup(text):
        return False
    unquoted = _QUOTED.sub(" ", text)  # quoted speech inside an abstract is not the author talking
    addresses_reader = bool(_SECOND_PERSON.search(unquoted) or _FIRST_PERSON_SINGULAR.search(unquoted))
    quoted = text[:1] in "\"“" and text.rstrip()[-1:] in "\"”"
    if addresses_reader or quoted:
        return False
    # Boilerplate repeats across the pages of an event; an abstract repeats only
    # where it is listed again, and then a title follows it (checked by the caller).
    return normalize_text(text) not in repeated or sentences >= 4


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
    has_abstract = any(_is_abstract_like(b, ()) for b in head)
    has_venue = any(parse_venue_label(b.text) for b in blocks[:6])
    has_nav = any(_NEXT_FROM.match(b.text) or _SIMILAR.match(b.text) for b in blocks)
    return has_abstract and (has_venue or has_nav)


# --------------------------------------------------------------------------- reading


def read_lecture_page(text: str, *, source: str, repeated: Collection[str] = frozenset()) -> LecturePage:
    """Segment one lecture page.

    ``repeated`` holds normalised blocks seen on other pages of the same batch
    (see :func:`repeated_blocks`); it sharpens boilerplate detection but is
    not needed.
    """
    blocks = split_blocks(text)
    problems: list[InputProblem] = []
    if not blocks:
        return LecturePage(source, None, problems=(InputProblem(source, "empty page: nothing to read"),))

    head = _read_head(blocks, text, source, repeated)
    nav = _find_navigation(blocks, head.end)
    listing_start, listing = _read_listing(blocks, head.end, nav.start, repeated)

    middle = blocks[head.end : listing_start]
    types = [b for b in middle if _is_presentation_type(b)]
    boilerplate = tuple(b for b in middle if b not in types)
    if head.abstract is None:
        problems.append(
            InputProblem(source, "no abstract found at the top of the page; the page's own paper is skipped", 1)
        )

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
        for abstract, title in listing
    )
    links, linked = _navigation_links(source, main, listed, nav)
    if nav.start < len(blocks) and not listing and nav.next_title is None and main is not None:
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
    )


@dataclass
class _Head:
    end: int = 0
    country: str | None = None
    abstract: TextBlock | None = None
    venue: str | None = None
    title: TextBlock | None = None
    keywords: tuple[str, ...] = ()


def _read_head(blocks: list[TextBlock], text: str, source: str, repeated: Collection[str]) -> _Head:
    head = _Head()
    abstract_at = next((i for i, b in enumerate(blocks[:3]) if _is_abstract_like(b, repeated)), None)
    if abstract_at is None:
        return head
    if abstract_at > 0 and _is_label_line(blocks[abstract_at - 1]):
        head.country = blocks[abstract_at - 1].text.strip()
    head.abstract = blocks[abstract_at]
    i = abstract_at + 1
    if i < len(blocks) and (label := parse_venue_label(blocks[i].text)):
        head.venue = f"{label[0]} {label[1]}"
        i += 1
    if i < len(blocks) and _is_title_like(blocks[i]):
        head.title = blocks[i]
        i += 1
    keywords = []
    while i < len(blocks) and _is_label_line(blocks[i]) and not _is_presentation_type(blocks[i]):
        keywords.append(blocks[i].text.strip())
        i += 1
    head.keywords = tuple(keywords)
    head.end = i
    return head


@dataclass
class _Navigation:
    start: int
    venue: str | None = None
    next_title: TextBlock | None = None
    similar_title: TextBlock | None = None


def _find_navigation(blocks: list[TextBlock], head_end: int) -> _Navigation:
    nav = _Navigation(start=len(blocks))
    for i in range(head_end, len(blocks)):
        block = blocks[i]
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        if match := _NEXT_FROM.match(block.text):
            nav.start = min(nav.start, i)
            nav.venue = match.group("venue")
            if following is not None and _is_title_like(following):
                nav.next_title = following
        elif _SIMILAR.match(block.text):
            nav.start = min(nav.start, i)
            if following is not None and _is_title_like(following):
                nav.similar_title = following
    return nav


def _read_listing(
    blocks: list[TextBlock], head_end: int, nav_start: int, repeated: Collection[str]
) -> tuple[int, list[tuple[TextBlock, TextBlock | None]]]:
    """Abstract-then-title pairs, read backwards from the navigation."""
    i = nav_start - 1
    while i >= head_end and not _is_abstract_like(blocks[i], ()) and not (
        _is_title_like(blocks[i]) and i - 1 >= head_end and _is_abstract_like(blocks[i - 1], repeated)
    ):
        i -= 1  # navigation such as "Downloads" between the listing and "Next from"
    pairs: list[tuple[TextBlock, TextBlock | None]] = []
    if i >= head_end and _is_abstract_like(blocks[i], ()):
        pairs.append((blocks[i], None))  # the last abstract, shown without its title
        i -= 1
    while i - 1 >= head_end and _is_title_like(blocks[i]) and _is_abstract_like(blocks[i - 1], repeated):
        pairs.append((blocks[i - 1], blocks[i]))
        i -= 2
    pairs.reverse()
    return (i + 1 if pairs else nav_start), pairs


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


def _code_urls(text: str) -> tuple[str, ...]:
    urls = []
    for match in URL.finditer(text):
        url = match.group(0)
        host = (urlsplit(url).hostname or "").lower()
        if host in _code_hosts() or any(host.endswith("." + h) for h in _code_hosts() if h.count(".") == 1):
            if not host.endswith("github.io") and url not in urls:
                urls.append(url)
    return tuple(urls)


def _navigation_links(
    source: str, main: Paper | None, listed: tuple[Paper, ...], nav: _Navigation
) -> tuple[tuple[PaperLink, ...], tuple[Paper, ...]]:
    if main is None:
        return (), ()
    links: list[PaperLink] = []
    linked: list[Paper] = []
    by_title = {normalize_text(p.title): p for p in listed if p.title}
    targets = ((nav.next_title, PaperLinkKind.NEXT_IN_PROGRAM), (nav.similar_title, PaperLinkKind.SIMILAR_TO))
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


def _venue_labels(blocks: list[TextBlock], head: _Head, nav: _Navigation) -> tuple[str, ...]:
    labels = [head.venue, nav.venue] + [
        f"{series} {year}"
        for b in blocks
        if not _NEXT_FROM.match(b.text) and (parsed := parse_venue_label(b.text))
        for series, year in [parsed]
    ]
    return tuple(sorted({label for label in labels if label}))
