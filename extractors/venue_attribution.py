"""Which venue a stated fact belongs to, by the structure of the page.

The rules, surest first (their confidence is in :data:`CONFIDENCE`):

1. ``sentence``: a venue label in the fact's own sentence ("(ACL 2026), held in ...");
2. ``sentence-series``: a bare series name in that sentence ("the 30th
   edition of EMNLP") or a long name the page ties to a series;
3. ``block`` then ``block-series``: a label, then a series name, elsewhere
   in the fact's block;
4. ``neighbour``: the nearest block that names a venue or a series, looking
   outward from the fact's block, the previous block before the next one.

A series name resolves to the page's venue of that series whose label is
nearest (in blocks) to the fact.

Examples
--------
>>> mentions = [[VenueMention(0, 0, 8, "ACL", "ACL 2026")], []]
>>> venues = {"ACL 2026": ("ACL", 2026)}
>>> [(f.kind, f.value, f.venue, f.rule) for f in facts_in_block(
...     "The conference is held in Vienna.", 1, mentions, venues, {"ACL"})]
[('location', 'Vienna', 'ACL 2026', 'neighbour')]
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from extractors.venue_mentions import VenueMention, VenueTable
from extractors.venue_patterns import pattern
from extractors.venue_sentences import sentence_around, sentence_spans
from extractors.venue_statements import StatedValue, stated_facts

__all__ = ["CONFIDENCE", "VenueFact", "attribute", "facts_in_block", "resolve"]

#: How many blocks away from a fact the neighbour rule still looks for a venue.
_MAX_NEIGHBOUR_DISTANCE = 3

#: How sure an attribution is, by the rule that made it.
CONFIDENCE = MappingProxyType(
    {"sentence": 1.0, "sentence-series": 0.9, "block": 0.9, "block-series": 0.8, "neighbour": 0.6}
)


@dataclass(frozen=True)
class VenueFact:
    """One stated fact, where it was stated, and the venue it belongs to."""

    kind: str  # location | dates | edition | general_chair
    value: StatedValue
    pos: int
    start: int  # character offsets of the sentence in the block
    end: int
    venue: str
    rule: str


def facts_in_block(
    text: str,
    pos: int,
    mentions: Sequence[Sequence[VenueMention]],
    venues: VenueTable,
    series: set[str],
) -> Iterator[VenueFact]:
    """The facts stated in block ``pos``, each attributed to a venue (or dropped).

    A place or date attributed only by the neighbour rule must come from a
    sentence about an event (pattern ``event_noun_cue``), and a date range
    must fall in its venue's year.

    Examples
    --------
    >>> mentions = [[VenueMention(0, 0, 8, "ACL", "ACL 2026")], []]
    >>> venues = {"ACL 2026": ("ACL", 2026)}
    >>> list(facts_in_block("Experiments took place in Minecraft.", 1, mentions, venues, {"ACL"}))
    []
    """
    spans = sentence_spans(text)
    for kind, value, start, end in stated_facts(text, series):
        sentence = sentence_around(spans, start, end)
        attributed = attribute(pos, start, end, sentence, mentions, venues)
        if attributed is None:
            continue
        venue, rule = attributed
        if (
            rule == "neighbour"
            and kind in ("location", "dates")
            and not pattern("event_noun_cue").search(text[sentence[0] : sentence[1]])
        ):
            continue  # e.g. an abstract's "take place in ..." next to a venue line
        year = venues[venue][1]
        if kind == "dates" and year is not None:
            assert isinstance(value, tuple)
            if year not in (int(value[0][:4]), int(value[1][:4])):
                continue  # a range in another year is not this edition's
        yield VenueFact(kind, value, pos, sentence[0], sentence[1], venue, rule)


def attribute(
    pos: int,
    start: int,
    end: int,
    sentence: tuple[int, int],
    mentions: Sequence[Sequence[VenueMention]],
    venues: VenueTable,
) -> tuple[str, str] | None:
    """The venue a fact at ``start:end`` of block ``pos`` belongs to, and the rule used.

    Examples
    --------
    >>> mentions = [[VenueMention(0, 30, 34, "ACL")], [VenueMention(1, 0, 8, "ACL", "ACL 2026")]]
    >>> attribute(0, 0, 20, (0, 40), mentions, {"ACL 2026": ("ACL", 2026)})
    ('ACL 2026', 'sentence-series')
    >>> attribute(0, 0, 20, (0, 40), [[], []], {}) is None
    True
    """
    here = mentions[pos]
    in_sentence = [m for m in here if m.start >= sentence[0] and m.end <= sentence[1]]
    for pool, rule in (
        ([m for m in in_sentence if m.name], "sentence"),
        (in_sentence, "sentence-series"),
        ([m for m in here if m.name], "block"),
        (here, "block-series"),
    ):
        mention = _closest(pool, start, end)
        if mention:
            return resolve(mention, pos, mentions, venues), rule
    for distance in range(1, _MAX_NEIGHBOUR_DISTANCE + 1):
        for other, pick_last in ((pos - distance, True), (pos + distance, False)):
            if not 0 <= other < len(mentions) or not mentions[other]:
                continue
            named = [m for m in mentions[other] if m.name] or list(mentions[other])
            mention = named[-1] if pick_last else named[0]
            return resolve(mention, other, mentions, venues), "neighbour"
    return None


def resolve(
    mention: VenueMention,
    pos: int,
    mentions: Sequence[Sequence[VenueMention]],
    venues: VenueTable,
) -> str:
    """The venue a mention stands for: its label, or for a bare series the page's
    venue of that series whose label is nearest to block ``pos`` (earlier first).

    Examples
    --------
    >>> labels = [[VenueMention(0, 0, 10, "EMNLP", "EMNLP 2024")], [],
    ...           [VenueMention(2, 0, 10, "EMNLP", "EMNLP 2025")]]
    >>> venues = {"EMNLP 2024": ("EMNLP", 2024), "EMNLP 2025": ("EMNLP", 2025)}
    >>> bare = VenueMention(1, 5, 10, "EMNLP")
    >>> resolve(bare, 1, labels, venues), resolve(bare, 2, labels, venues)
    ('EMNLP 2024', 'EMNLP 2025')
    """
    if mention.name:
        return mention.name
    where: dict[str, list[int]] = {}
    for block_mentions in mentions:
        for other in block_mentions:
            if other.name and other.series == mention.series:
                where.setdefault(other.name, []).append(other.pos)

    def key(name: str) -> tuple[float, int, int]:
        positions = where.get(name, [])
        if not positions:
            return (float("inf"), 0, -(venues[name][1] or 0))
        nearest = min(positions, key=lambda p: (abs(p - pos), p > pos))
        return (abs(nearest - pos), int(nearest > pos), -(venues[name][1] or 0))

    candidates = [name for name, (series, _) in venues.items() if series == mention.series]
    return min(candidates, key=key)


def _closest(candidates: Sequence[VenueMention], start: int, end: int) -> VenueMention | None:
    """The mention inside ``start:end``, else the nearest before it, else the nearest after."""

    def key(mention: VenueMention) -> tuple[int, int, bool]:
        if mention.start >= start and mention.end <= end:
            return (0, mention.start - start, mention.name is None)
        if mention.end <= start:
            return (1, start - mention.end, mention.name is None)
        return (2, mention.start - end, mention.name is None)

    return min(candidates, key=key, default=None)
