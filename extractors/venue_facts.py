"""Conference facts (place, dates, edition, general chair) from a page's boilerplate.

A lecture page mixes the welcome messages, chair messages and "X will be held
in ... from ... to ..." notices of several conferences.  This module finds every
venue label ("SERIES YEAR") the blocks name, pulls out the facts stated in
them, and attributes each fact to a venue by the structure of the page:

1. a venue label in the fact's own sentence ("(ACL 2026), held in ...");
2. a bare series name in that sentence ("the 30th edition of EMNLP"), or
   a long name the page ties to a series ("Association for Computational
   Linguistics (ACL 2026)", or whose initials spell it);
3. a venue label, then a series name, elsewhere in the fact's block;
4. the nearest block that names a venue or a series, looking outward from
   the fact's block, the previous block before the next one.

A series name resolves to the page's venue of that series whose label is
nearest (in blocks) to the fact; several facts of one kind for a venue are
merged by preferring the most complete statement.

This module assembles the result; the steps live beside it:
:mod:`extractors.venue_mentions` (venue labels and series mentions),
:mod:`extractors.venue_statements` (what a block states),
:mod:`extractors.venue_dates` (date ranges), :mod:`extractors.venue_sentences`
(sentence spans), :mod:`extractors.venue_attribution` (the rules above) and
:mod:`extractors.venue_patterns` (the regexes and word lists, kept as data in
``extractors/patterns/venue_*``).

Examples
--------
>>> from extractors.blocks import split_blocks
>>> page = (
...     "COLING 2027\\n\\n"
...     "Welcome to COLING 2027 in Lisbon, Portugal (September 3–8, 2027)!\\n\\n"
...     "Message from the General Chair, Ana Sousa"
... )
>>> [venue] = extract_venue_facts(split_blocks(page), source="page.txt")
>>> venue.name, venue.location, venue.start_date, venue.end_date, venue.general_chair
('COLING 2027', 'Lisbon, Portugal', '2027-09-03', '2027-09-08', 'Ana Sousa')
"""
from __future__ import annotations

from collections.abc import Sequence

from extractors.blocks import TextBlock
from extractors.venue_attribution import CONFIDENCE, VenueFact, facts_in_block
from extractors.venue_dates import parse_date_range
from extractors.venue_mentions import (
    VenueMention,
    long_names,
    series_mentions,
    venue_labels,
    venues_named,
)
from extractors.venue_sentences import sentence_around, sentence_spans
from extractors.venue_statements import FACT_KINDS
from ontology.records import Provenance, Venue

__all__ = ["extract_venue_facts", "parse_date_range"]

#: The extractor name in each venue's provenance.
EXTRACTOR = "venue_facts"


def extract_venue_facts(
    blocks: Sequence[TextBlock], *, source: str, known_venues: Sequence[str] = ()
) -> list[Venue]:
    """One :class:`~ontology.records.Venue` per venue the blocks (or ``known_venues``) name.

    Parameters
    ----------
    blocks : sequence of TextBlock
        The page's boilerplate blocks (all blocks of a page work too: paper
        abstracts rarely state where and when a conference is held).
    source : str
        Name of the source file, copied into each venue's provenance.
    known_venues : sequence of str
        Venue labels the page names elsewhere ("ACL 2026" from a paper's
        venue line); they are returned even when no block states a fact.

    Returns
    -------
    list of Venue
        Sorted by name; ``provenance`` points at the sentence stating the
        venue's first fact (else its first mention), with the block's line.

    Examples
    --------
    >>> from extractors.blocks import split_blocks
    >>> page = (
    ...     "EMNLP 2023 took place in Singapore from Dec 6th to Dec 10th, 2023.\\n\\n"
    ...     "Yuji Matsumoto (RIKEN AIP)\\nEMNLP 2023 General Chair"
    ... )
    >>> venues = extract_venue_facts(split_blocks(page), source="p.txt",
    ...                              known_venues=["ACL 2026"])
    >>> [(v.name, v.location, v.start_date, v.general_chair) for v in venues]
    [('ACL 2026', None, None, None), ('EMNLP 2023', 'Singapore', '2023-12-06', 'Yuji Matsumoto')]
    >>> venues[1].provenance.sentence
    'EMNLP 2023 took place in Singapore from Dec 6th to Dec 10th, 2023.'
    """
    ordered = sorted(blocks, key=lambda block: block.start)
    labels = [venue_labels(block.text, pos, known_venues) for pos, block in enumerate(ordered)]
    venues = venues_named(labels, known_venues)
    tied_names = long_names(ordered, {series for series, _ in venues.values() if series})
    mentions = [
        sorted(
            labels[pos] + series_mentions(block.text, pos, venues, tied_names),
            key=lambda mention: (mention.start, mention.name is None),
        )
        for pos, block in enumerate(ordered)
    ]
    series = {series for series, _ in venues.values() if series}
    facts = [
        fact
        for pos, block in enumerate(ordered)
        for fact in facts_in_block(block.text, pos, mentions, venues, series)
    ]
    return [
        _venue_record(name, venues[name], facts, mentions, ordered, source)
        for name in sorted(venues)
    ]


# --------------------------------------------------------------------------
# Merging the facts of one venue.
# --------------------------------------------------------------------------


def _best(facts: Sequence[VenueFact], kind: str) -> VenueFact | None:
    """The fact of ``kind`` to keep: the most complete statement, then the surest, then the first."""

    def completeness(fact: VenueFact) -> int:
        if kind == "location":
            return str(fact.value).count(",")
        if kind == "edition":
            return len(str(fact.value).split())
        return 0

    chosen = [fact for fact in facts if fact.kind == kind]
    return min(
        chosen,
        key=lambda f: (-completeness(f), -CONFIDENCE[f.rule], f.pos, f.start),
        default=None,
    )


def _venue_record(
    name: str,
    series_year: tuple[str | None, int | None],
    facts: Sequence[VenueFact],
    mentions: Sequence[Sequence[VenueMention]],
    blocks: Sequence[TextBlock],
    source: str,
) -> Venue:
    """The :class:`Venue` for ``name`` from the facts attributed to it."""
    own = [fact for fact in facts if fact.venue == name]
    chosen = {kind: _best(own, kind) for kind in FACT_KINDS}
    used = [fact for fact in chosen.values() if fact is not None]
    if used:
        first = min(used, key=lambda f: (f.pos, f.start))
        block = blocks[first.pos]
        provenance = Provenance(
            source=source,
            start=block.start + first.start,
            end=block.start + first.end,
            extractor=EXTRACTOR,
            confidence=min(CONFIDENCE[f.rule] for f in used),
            sentence=block.text[first.start : first.end],
            line=block.line,
        )
    else:
        provenance = _mention_provenance(name, mentions, blocks, source)
    dates = chosen["dates"].value if chosen["dates"] else (None, None)
    series, year = series_year
    return Venue(
        name=name,
        provenance=provenance,
        series=series,
        year=year,
        location=str(chosen["location"].value) if chosen["location"] else None,
        start_date=dates[0],
        end_date=dates[1],
        edition=str(chosen["edition"].value) if chosen["edition"] else None,
        general_chair=str(chosen["general_chair"].value) if chosen["general_chair"] else None,
    )


def _mention_provenance(
    name: str, mentions: Sequence[Sequence[VenueMention]], blocks: Sequence[TextBlock], source: str
) -> Provenance:
    """Provenance of a venue with no facts: the sentence of its first label, if any."""
    for pos, block_mentions in enumerate(mentions):
        for mention in block_mentions:
            if mention.name == name:
                block = blocks[pos]
                start, end = sentence_around(sentence_spans(block.text), mention.start, mention.end)
                return Provenance(
                    source=source,
                    start=block.start + start,
                    end=block.start + end,
                    extractor=EXTRACTOR,
                    sentence=block.text[start:end],
                    line=block.line,
                )
    return Provenance(source=source, extractor=EXTRACTOR)
