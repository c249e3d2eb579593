"""What a block states about a conference, before it is attributed to a venue.

Four kinds of statement, each found by patterns of ``venue_patterns.jsonl``:

``location``
    "held in PLACE", "held at the SITE, PLACE", "comes to PLACE", "PLACE will host ACL 2026", "seeing
    you in PLACE", a header's "ACL 2026 | PLACE | DATES" or "PLACE, DATES", and
    "Location: PLACE" (the ``location_*`` patterns);
``dates``
    a date range in a sentence about the event (``event_cue`` or a venue
    label) that is no deadline or registration window (``deadline_cue``);
``edition``
    "64th Annual Meeting of ..." (``edition_long`` naming an event noun) or
    "the 30th edition" (``edition_short``);
``general_chair``
    "General Chair: NAME" or "NAME, General Chair" (``chair_after_title``,
    ``chair_before_title``).

Examples
--------
>>> text = "ACL 2026 will be held in Vienna, Austria from July 5 to 10, 2026."
>>> [(kind, value) for kind, value, _, _ in stated_facts(text, {"ACL"})]
[('location', 'Vienna, Austria'), ('dates', ('2026-07-05', '2026-07-10'))]
"""
from __future__ import annotations

from collections.abc import Iterator

from extractors.venue_dates import date_ranges
from extractors.venue_patterns import not_name_words, pattern
from extractors.venue_sentences import sentence_around, sentence_spans

__all__ = ["FACT_KINDS", "StatedValue", "clean_location", "clean_names", "stated_facts"]

#: The kinds of fact, in the order a venue record lists them.
FACT_KINDS = ("location", "dates", "edition", "general_chair")
_LOCATION_PATTERNS = (
    "location_after_trigger", "location_after_site", "location_after_move", "location_before_host",
    "location_after_join", "location_after_invitation", "location_beside_label",
    "location_before_dates", "location_labelled",
)
_CHAIR_PATTERNS = ("chair_after_title", "chair_before_title")

#: A fact's value: a string, or ``(start, end)`` ISO dates for ``dates``.
StatedValue = str | tuple[str, str]


def stated_facts(text: str, series: set[str]) -> Iterator[tuple[str, StatedValue, int, int]]:
    """``(kind, value, start, end)`` of each fact stated in a block, before attribution.

    Parameters
    ----------
    text : str
        The block's text.
    series : set of str
        The page's series acronyms; a "location" that is one ("held in ACL") is dropped.

    Examples
    --------
    >>> text = "This is the 7th edition of AACL.\\nGeneral Chairs: Ann Lee and Bo Li"
    >>> [(kind, value) for kind, value, _, _ in stated_facts(text, {"AACL"})]
    [('edition', '7th'), ('general_chair', 'Ann Lee and Bo Li')]
    >>> list(stated_facts("Registration is open from March 1 to May 15, 2026.", set()))
    []
    """
    spans = sentence_spans(text)
    ranges = date_ranges(text, lambda at: _label_year(text, spans, at))
    conference_dates = [(start, end, dates) for start, end, dates in ranges
                        if _about_the_event(text[slice(*sentence_around(spans, start, end))])]
    placed: list[tuple[int, int]] = []  # the places found so far: a later pattern's overlapping one is weaker
    for name in _LOCATION_PATTERNS:
        for match in pattern(name).finditer(text):
            location = clean_location(match.group("location"), series)
            where = match.span("location")
            if not location or any(start < where[1] and where[0] < end for start, end in placed):
                continue
            if name == "location_before_dates" and not any(start == match.end() for start, _, _ in conference_dates):
                continue  # a place read off the dates after it counts only where those dates are the conference's
            placed.append(where)
            yield "location", location, match.start(), match.end()
    for start, end, dates in conference_dates:
        yield "dates", dates, start, end
    for match in pattern("edition_long").finditer(text):
        if pattern("edition_event_noun").search(match.group("edition")):
            yield "edition", match.group("edition"), match.start(), match.end()
    for match in pattern("edition_short").finditer(text):
        yield "edition", match.group("edition"), match.start(), match.end()
    for name in _CHAIR_PATTERNS:
        for match in pattern(name).finditer(text):
            plural = bool(match.groupdict().get("plural"))
            names = clean_names(match.group("names"), plural)
            if names:
                yield "general_chair", names, match.start(), match.end()


def _label_year(text: str, spans: list[tuple[int, int]], at: int) -> int | None:
    """The year of the venue label in the sentence around ``at`` ("NAACL 2027 runs June 3-5"), when it names one.

    >>> text = "NAACL 2027 is held in Toronto on June 3-5. Then we rest."
    >>> _label_year(text, sentence_spans(text), 34), _label_year(text, sentence_spans(text), 50)
    (2027, None)
    """
    sentence = text[slice(*sentence_around(spans, at, at))]
    years = {int(match.group("year")) for match in pattern("venue_mention").finditer(sentence)}
    return years.pop() if len(years) == 1 else None


def _about_the_event(sentence: str) -> bool:
    """Does ``sentence`` speak of the event (an event word or a venue label) and of no deadline or registration?"""
    about_event = pattern("event_cue").search(sentence) or pattern("venue_mention").search(sentence)
    return bool(about_event) and not pattern("deadline_cue").search(sentence)


def clean_location(text: str, series: set[str]) -> str | None:
    """A place name without trailing punctuation; ``None`` when it is a series name or a venue label.

    Examples
    --------
    >>> clean_location("Washington, D.C.", set()), clean_location("Vienna, Austria.", set())
    ('Washington, D.C.', 'Vienna, Austria')
    >>> clean_location("ACL", {"ACL"}) is None, clean_location("EMNLP 2025", set()) is None
    (True, True)
    """
    text = text.strip().rstrip(",")
    if text.endswith(".") and not pattern("abbreviated_place_end").search(text):
        text = text[:-1]
    first_word = text.split(",")[0].split()[0] if text else ""
    if not text or first_word in series or pattern("venue_mention").match(text):
        return None
    return text


def clean_names(names: str, plural: bool) -> str | None:
    """Chair name(s) without role words around them ("General", "Message", ...).

    Only the first name is kept unless ``plural`` ("General Chairs: ...");
    several are joined with " and ".  A name of one word, or with a word in
    capitals ("ACL"), is no person.

    Examples
    --------
    >>> clean_names("Alice Smith, Bob Jones & Carol White", plural=True)
    'Alice Smith and Bob Jones and Carol White'
    >>> clean_names("Message From General Chair Dirk Hovy", plural=False)
    'Dirk Hovy'
    >>> clean_names("Program Committee", plural=False) is None
    True
    """
    separator, role_words = pattern("name_separator"), not_name_words()
    people = []
    for person in separator.split(names):
        words = person.split()
        while words and words[0] in role_words:
            words.pop(0)
        while words and words[-1] in role_words:
            words.pop()
        if len(words) >= 2 and not any(len(w) > 1 and w.isupper() for w in words):
            people.append(" ".join(words))
        if not plural:
            break
    return " and ".join(people) or None
