"""The shapes of the blocks of a lecture page: label lines, titles, prose, abstracts, notices to the reader.

Each predicate looks at one block (and at most its neighbours); where a block
stands on the page is :mod:`extractors.lecture_pages`' business.

>>> title = TextBlock("“Mama Always Had a Way”: A Dialogue Corpus", start=0, end=42, line=1, index=0)
>>> is_title_like(title), is_title_like(title, short=True), is_prose(title)
(True, True, False)
>>> reader_cues("Welcome to NAACL! Please register to continue.")
2
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from functools import cache
from importlib import resources

from extractors.blocks import LABEL_YEAR, TextBlock, parse_venue_label, title_cased
from extractors.markup import URL
from ontology.ids import normalize_text

__all__ = [
    "NEXT_FROM",
    "SIMILAR",
    "addresses_reader",
    "followed_by_title",
    "is_abstract_like",
    "is_date_line",
    "is_label_line",
    "is_listed_abstract",
    "is_sentence_title",
    "is_paragraph",
    "is_presentation_type",
    "is_prose",
    "is_title_like",
    "names_label",
    "reader_cues",
    "venue_at",
]

#: The navigation's two headings, as plain lines or written as a Markdown heading or in bold ("## Next from
#: ACL 2026", "**Similar lectures**"), in any case.
NEXT_FROM = re.compile(r"^(?:#{1,6}[ \t]*)?(?:\*\*)?Next from:?[ \t]+(?P<venue>.+?)(?:\*\*)?\s*$", re.IGNORECASE)
SIMILAR = re.compile(r"^(?:#{1,6}[ \t]*)?(?:\*\*)?Similar lectures?(?:\*\*)?\s*$", re.IGNORECASE)
#: A sentence's end: its mark before a space, or run into the next sentence ("benchmarks.The accessibility"),
#: or a full-width mark ("。").
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]?(?:\s|$)|(?<=[a-z]{2})[.!?](?=[A-Z][a-z])|[。！？]")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
#: What a notice asks the reader to do, or how it greets them (an abstract does neither).
_READER_ACTION = re.compile(
    r"\b(?:sign(?:ed|ing)?[ -]?(?:in|up)|log(?:ged|ging)?[ -]?in|please|welcome(?:\s+(?:to|you|all|back)\b|(?=\s*!))"
    r"|thank you|join us|register(?:ed)?\s+(?:for|to|with|now|here)"
    r"|registration\s+(?:is\s+)?(?:required|form|information)|click\s+(?:here|on|below)"
    r"|subscribe\s+to|stay\s+(?:up\s+to\s+date|tuned))\b",
    re.IGNORECASE,
)
_TITLE_QUESTION = re.compile(r"\?\s+(?=[A-Z])")  # "Objectifying Women? A Syntactic Bias …": a question opening a title
_EXCLAMATION = re.compile(r"!(?:[\"'”’)]?)(?:\s|$)")
#: What a title may open with besides a letter or digit: quotation marks (opening, or closing ones used so),
#: inverted marks, a bracket, a hashtag or an at sign.
_TITLE_OPENERS = frozenset("\"'“‘„‚«‹»›¿¡(#@”’")
#: A Markdown heading, "*" list item, link or HTML, or a line all in emphasis; "#covid …" is a hashtag,
#: "*In-context learning* is …" an abstract's emphasis, "- " a dash an abstract may list its points with.
_MARKUP_LINE = re.compile(r"^\s*(?:#{1,6}(?:\s|$)|<|\[|\*\s|\*[^*]+\*\s*$|\*\*[^*]+\*\*\s*$)")
_MARKDOWN_LINK = re.compile(r"\]\((?:https?://|/)")
#: An HTML tag of page furniture; "<image, text>" or "<mask>" in an abstract is no tag.
_HTML_TAG = re.compile(
    r"</?(?:html|body|div|span|p|a|button|img|br|hr|h[1-6]|ul|ol|li|table|tr|td|th|strong|em|b|i|u|script|style"
    r"|iframe|video|audio|source|section|header|footer|nav|form|input|label|small|sup|sub|code|pre|blockquote)"
    r"(?:\s[^<>]*)?/?>",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_NAME_COLON = re.compile(r"^[^.!?]{2,80}\s?:\s")  # a title's "NAME: …" or "Topic : …" before any sentence's end
#: A date line: a month's name and a number, nothing ending a sentence; its words are months, weekdays or
#: times of day only (_MONTH_OR_DAY).
_DATE_LINE = re.compile(
    r"^(?=.*\d)(?=.*\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b)[^.!?]*$", re.IGNORECASE
)
_MONTH_OR_DAY = re.compile(
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|"
    r"sat(?:ur)?|sun)(?:day)?|am|pm|utc|gmt|cet|cest|pst|pdt|est|edt|at|from|to|on|st|nd|rd|th",
    re.IGNORECASE,
)
#: Abbreviations whose full stop ends no sentence ("Dr. Summarize: …", "… vs. …").
_ABBREVIATION = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|vs|etc|al|Vol|Fig|e\.g|i\.e)\.(?!$)")
_QUOTED = re.compile(r"[\"“][^\"”]{0,300}[\"”]")


@cache
def _presentation_nouns() -> frozenset[str]:
    """Last words of a presentation type ("poster", "oral presentation"), from ``patterns/presentation_types.txt``."""
    text = resources.files("extractors").joinpath("patterns/presentation_types.txt").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _has_markup(text: str, *, inline: bool = True) -> bool:
    """Whether ``text`` carries Markdown or HTML, as page furniture does and abstracts and titles do not
    (``inline``: a link or tag inside a line counts too, which an abstract's code link or emphasis may be)."""
    return bool(
        any(_MARKUP_LINE.match(line) for line in text.splitlines())
        or (inline and (_MARKDOWN_LINK.search(text) or _HTML_TAG.search(text)))
    )


def is_label_line(block: TextBlock, *, digits: bool = False) -> bool:
    """A short single line without sentence punctuation: a keyword, a type, a country (``digits``: it may hold
    digits, as a keyword may: "GPT-4", "3D scenes"; a venue line "ACL 2026" is no label line even so)."""
    text = block.text
    if digits and (parse_venue_label(text) or NEXT_FROM.match(text) or SIMILAR.match(text)):
        return False
    words = _words(text)
    return (
        "\n" not in text
        and 1 <= len(words) <= 5
        and len(text) <= 60
        and not text.rstrip().endswith((".", "!", "?", ":"))
        and not _has_markup(text)
        and (digits or not any(ch.isdigit() for ch in text))
    )


def is_date_line(block: TextBlock) -> bool:
    """A line that only dates the talk: a month's name, a day or year, maybe a time ("June 4, 2027",
    "Wed, 4 Jun 2027 · 10:30–11:00").

    >>> dates = ("June 4, 2027", "Wednesday, June 4, 2027", "Saturday 5 June, 10:30 AM")
    >>> [is_date_line(TextBlock(t, 0, len(t), 1, 0)) for t in (*dates, "May Models Dream? 2027", "Poster")]
    [True, True, True, False, False]
    """
    text = block.text
    return "\n" not in text and len(text) <= 60 and _DATE_LINE.match(text) is not None \
        and all(_MONTH_OR_DAY.fullmatch(word) for word in _words(text))


def is_presentation_type(block: TextBlock) -> bool:
    """A label line ending in a kind of presentation ("poster", "technical paper", "oral presentation"); "NAME: A
    Demonstration" is a title."""
    if not is_label_line(block) or ":" in block.text:
        return False
    words = _words(block.text.lower())
    return bool(words) and words[-1] in _presentation_nouns() and len(words) <= 3


def _opens_title(char: str) -> bool:
    """Whether a title may open with ``char``: a letter or digit, an opening quotation mark, bracket or hashtag, or
    a pictograph ("♫ MuSiQue: …", an emoji); not an arrow or a geometric shape, as navigation ("► Watch") has."""
    if char.isalnum() or char in _TITLE_OPENERS:
        return True
    code = ord(char)
    return unicodedata.category(char) == "So" and (0x2600 <= code <= 0x26FF or code >= 0x1F000)


def _is_title_line(text: str, most_chars: int) -> bool:
    """One line of at most ``most_chars`` characters, no markup or link, opening as a title may: what any title is."""
    return bool(text) and "\n" not in text and len(text) <= most_chars and not _has_markup(text) \
        and not URL.search(text) and _opens_title(text[0])


def _is_title_cased_sentence(text: str) -> bool:
    """One sentence whose longer words nearly all open with a capital, as titles are written and a notice is not;
    a question may open it ("Objectifying Women? A Syntactic Bias in French and English Corpora.").

    >>> _is_title_cased_sentence("Encouraging Neural Machine Translation to Satisfy Terminology Constraints.")
    True
    >>> _is_title_cased_sentence("Slides will be available after the talk."), _is_title_cased_sentence("Part One. Two.")
    (False, False)
    >>> _is_title_cased_sentence("How Well Can BERT Learn the Grammar? The Case of Basque.")
    True
    """
    text = _TITLE_QUESTION.sub(": ", text)
    if _SENTENCE_END.search(text.rstrip()[:-1] + " "):
        return False
    return title_cased(text, least=3)


def is_title_like(block: TextBlock, *, short: bool = False, listed: bool = False) -> bool:
    """One line shaped like a paper title: no final full stop, no markup, not navigation.

    A title opens with any letter, a digit, an opening quotation mark, a
    bracket or a hashtag (``mT5: …``, ``textless-lib: …``, ``“Mama Always …”: …``,
    ``(Un)Fair …``, ``#covid …``) and may end in a closing one, or in "!"
    unless it addresses the reader. Three words or more, or two with a colon
    or question mark; ``short`` admits any two words (the caller has seen an
    abstract on either side). ``listed``: the line stands between abstracts
    inside a listing, where no notice or venue line stands, so it may look like
    a venue label ("PRHLT's Submission to WLAC 2022") when it has three words
    or more, and end in a full stop after a "NAME: …" opening or when it is
    one sentence in title case ("Encouraging Neural Machine Translation to
    Satisfy Terminology Constraints."); another sentence there is a stray
    block, not a title.
    """
    text = block.text
    words = _words(text)
    if not _is_title_line(text, 300) or text.endswith((",", ";", ":")):
        return False
    undotted = _ABBREVIATION.sub(lambda m: m.group()[:-1], text)  # "Dr. Summarize: …" ends no sentence at "Dr."
    if text.endswith(".") and not (listed and len(words) >= 4 and not reader_cues(text) and (
            _NAME_COLON.search(undotted) or _is_title_cased_sentence(undotted))):
        return False  # a sentence; but "UoB at SemEval 2021 Task 2: Zero-Shot Learning." is a listed title
    if text.endswith("!") and (len(words) < 4 or _SECOND_PERSON.search(text) or _READER_ACTION.search(text)):
        return False  # "Welcome!", "Join us!": a title may end in "!", a notice to the reader does
    if NEXT_FROM.match(text) or SIMILAR.match(text) or (parse_venue_label(text) and not (listed and len(words) >= 3)):
        return False
    return len(words) >= 3 or (len(words) == 2 and (short or ":" in text or "?" in text))


def is_sentence_title(block: TextBlock) -> bool:
    """A title written as a sentence ("A collaborative system for building and maintaining wordnets.", "I already
    said that! Degenerating redundant questions in open-domain dialogue systems."): one short line of four to thirty
    words, opening as a title does, ending in a full stop or question mark (a line ending in "!" is a title of
    :func:`is_title_like`'s or a notice), no markup, no address to the reader. Only where the layout puts a title
    (between two listed abstracts, after "Next from") is such a line one.

    >>> is_sentence_title(TextBlock("A collaborative system for building and maintaining wordnets.", 0, 0, 1, 0))
    True
    >>> is_sentence_title(TextBlock("Please register to watch the talks.", 0, 0, 1, 0))
    False
    """
    text = block.text.rstrip()
    if not _is_title_line(text, 250):
        return False
    addresses_reader = _SECOND_PERSON.search(text) or _READER_ACTION.search(text)
    return 4 <= len(_words(text)) <= 30 and text.endswith((".", "?")) and not addresses_reader


def is_listed_abstract(block: TextBlock, *, placed: bool = False) -> bool:
    """Inside a listing, with a title after it: an abstract, or one long sentence standing for one (its full stop
    may be missing when it is long: "Embed_llama is an assessment metric … semantic proximities").

    ``placed``: the listing is known to hold the block (it stands past the listing's first paper, or right before
    the title "Next from" names), where no notice to the reader stands; then even an abstract that addresses the
    reader in several ways is one ("Are you a project manager? … Please come learn more", a tutorial's)."""
    text = block.text
    long_unended = "\n" not in text and len(text) >= 200 and len(_words(text)) >= 25 and not _has_markup(text)
    return is_abstract_like(block, (), titled=True) or (
        (is_paragraph(block) and len(text) >= 100 or long_unended)
        and (placed or reader_cues(text) < 2)
    )


#: The authors reporting their work: "we propose", "this paper describes", "nous présentons", "cet article".
_AUTHORS_REPORT = re.compile(
    r"\b(?:we|this (?:paper|work|study|article))\s+(?:\w+\s+){0,2}?(?:propos|present|introduc|describ|investigat|"
    r"explor|stud|examin|evaluat|releas|show|demonstrat|find|analy[sz]|report|develop|build|collect|compar|address|"
    r"focus|conduct|design)\w*"
    r"|\b(?:nous|cet article|ce travail|cette étude)\s+(?:\w+\s+){0,2}?(?:propos|présent|décri|étudi|évalu)\w*",
    re.IGNORECASE,
)


#: A question (from the start of its sentence to its question mark) or a part in brackets.
_QUESTION_OR_BRACKETS = re.compile(r"(?:^|(?<=[.!?]\s))[^.!?]*\?|\([^()]*\)")


def addresses_reader(text: str) -> bool:
    """Does ``text`` speak to the reader, as a notice does, rather than report a paper?

    Any of :func:`reader_cues` does, except the second person alone where it stands only in questions or brackets
    of a text in which the authors report their work: an abstract may ask the question its subjects were asked
    ("Would you share your messages?") or name the grammatical persons ("two target users (I and/or You)").

    >>> addresses_reader("Would you share your messages? We study what laypeople accept. Our survey shows a gap.")
    False
    >>> addresses_reader("We present the programme. You can attend in person or online.")
    True
    """
    cues = reader_cues(text)
    if cues != 1:
        return bool(cues)
    unquoted = _QUOTED.sub(" ", text)
    told = _QUESTION_OR_BRACKETS.sub(" ", unquoted)  # what is left is said, not asked or set aside
    return bool(_SECOND_PERSON.search(told) or _READER_ACTION.search(told) or _EXCLAMATION.search(told)
                or not _AUTHORS_REPORT.search(unquoted))


def reader_cues(text: str) -> int:
    """How many kinds of address to the reader ``text`` makes (outside quotations).

    The kinds: the second person ("you", "your"), an action or greeting for the
    reader (sign in, register for, welcome, please, thank you), an exclamation.
    The first person is not one: authors write "I propose" as readily as "we".

    >>> reader_cues("To operationalize this question, I propose a simple protocol. My results hold.")
    0
    >>> reader_cues("Welcome to NAACL! Please register to continue.")
    2
    """
    unquoted = _QUOTED.sub(" ", text)  # quoted speech inside an abstract is not the author talking
    return sum(bool(p.search(unquoted)) for p in (_SECOND_PERSON, _READER_ACTION, _EXCLAMATION))


def is_prose(block: TextBlock) -> bool:
    """Several sentences of plain text, not all of it one quotation.

    The last sentence may lack its full stop; a link or tag inside a line ("code at [url](url)", "<b>reason</b>")
    is prose's where three sentences or more stand around it.
    """
    text = block.text
    sentences = len(_SENTENCE_END.findall(text + " ")) + (not text.rstrip().endswith(tuple('.!?"”)。！？')))
    if len(text) < 150 or sentences < 2 or _has_markup(text, inline=sentences < 3):
        return False
    return not (text[:1] in "\"“" and text.rstrip()[-1:] in "\"”")


def is_paragraph(block: TextBlock) -> bool:
    """A paragraph of plain text, one sentence or more: what the later paragraphs of an abstract may be."""
    text = block.text.rstrip()
    if is_prose(block):
        return True
    return len(text) >= 60 and text.endswith((".", ".)", ".]", ".”", '."')) and not _has_markup(text) \
        and len(_words(text)) >= 8


def is_abstract_like(block: TextBlock, repeated: Collection[str], *, titled: bool = False) -> bool:
    """Prose written about a paper, not a notice to the reader.

    ``titled``: a title follows the block (or the venue line of the page's own
    paper), the strongest sign of an abstract; then only a block that
    addresses the reader in two ways ("Welcome! … you …") is a notice.
    Without a title, any address to the reader makes it a notice, and so does
    repetition across the pages of a batch unless the block is long (an
    abstract repeats where another page lists it, and then a title follows).
    """
    if not is_prose(block):
        return False
    cues = reader_cues(block.text)
    if titled:
        return cues < 2
    sentences = len(_SENTENCE_END.findall(block.text + " "))
    return cues == 0 and (normalize_text(block.text) not in repeated or sentences >= 4)


def followed_by_title(blocks: list[TextBlock], i: int) -> bool:
    """Whether the block after ``blocks[i]`` is a venue line or a title (the head of a page)."""
    following = blocks[i + 1] if i + 1 < len(blocks) else None
    return following is not None and bool(venue_at(blocks, i + 1) or is_title_like(following))


def venue_at(blocks: list[TextBlock], i: int, labels: Collection[str] = ()) -> str | None:
    """The venue label ``blocks[i]`` is, where it stands between an abstract and a title.

    Its place makes a one-word series a venue ("Interspeech 2028"), which on
    its own could be a place and a year.  A label of another shape ("*SEM 2025",
    "WMT25", "EMNLP 2025 Findings") is the venue there too when it is the label
    "Next from" names (``labels``), or a line of at most four words with a year
    that is no title itself.

    >>> blocks = [TextBlock(text, 0, 0, 1, n) for n, text in enumerate(["*SEM 2025", "Tiny Models Rule Everything"])]
    >>> venue_at(blocks, 0), venue_at(blocks, 1)
    ('*SEM 2025', None)
    """
    if i < len(blocks) and (NEXT_FROM.match(blocks[i].text) or SIMILAR.match(blocks[i].text)):
        return None  # navigation, not the page's venue line
    if i + 1 >= len(blocks) or not is_title_like(blocks[i + 1]):
        parsed = parse_venue_label(blocks[i].text) if i < len(blocks) else None
        return f"{parsed[0]} {parsed[1]}" if parsed else None
    text = blocks[i].text.strip()
    if parsed := parse_venue_label(text, one_word=True):
        return f"{parsed[0]} {parsed[1]}"
    other_shape = (
        "\n" not in text and len(text) <= 40 and len(text.split()) <= 4 and LABEL_YEAR.search(text) is not None
        and not is_title_like(blocks[i]) and not text.endswith((".", "!", "?", ":"))
    )
    return text if text in labels or other_shape else None


def names_label(text: str, labels: tuple[str, ...]) -> bool:
    """Whether ``text`` names one of ``labels`` ("ACL 2026"), as text about the conference does.

    >>> names_label("The 64th Annual Meeting (ACL 2026) will take place in San Diego.", ("ACL 2026",))
    True
    >>> names_label("We evaluate on the ACL 2026 shared task data.", ("EMNLP 2025",))
    False
    """
    folded = normalize_text(text)
    return any(re.search(rf"(?<!\w){re.escape(normalize_text(label))}(?!\w)", folded) for label in labels)
