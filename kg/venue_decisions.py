"""Each venue's id and attributes, as a table computed from the venue records and the papers that name venues.

Decision D7 of docs/scaling.md (round h14bw): a venue is keyed by :func:`~ontology.ids.venue_key` of its name;
its label is the name of its first stated record by (source, start), else the venue of the first paper in
document order naming it; each field is the first stated record's that has one (the location: the most complete);
a venue with no stated series is split from its name ("ACL 2026" -> "ACL", 2026).  Nothing but those records is
read, so :func:`venue_table` needs no graph; :func:`kg.graph.build_graph` adds one node per row.

>>> from ontology.records import Paper, Provenance, Venue
>>> stated = [Venue(name="ACL 2026", location="San Diego, CA, USA", provenance=Provenance("b.txt", start=5)),
...           Venue(name="ACL  2026", location="San Diego", provenance=Provenance("a.txt"))]
>>> papers = [Paper(ref="p", title="P", venue="EMNLP 2025", provenance=Provenance("c.txt"))]
>>> table = venue_table(stated, papers)
>>> table.ids
['venue/acl-2026', 'venue/emnlp-2025']
>>> [(row["label"], row["series"], row["year"], row["location"], row["sources"]) for row in table.rows]
[('ACL  2026', 'ACL', 2026, 'San Diego, CA, USA', ['a.txt', 'b.txt']), ('EMNLP 2025', 'EMNLP', 2025, None, [])]
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from extractors.blocks import split_venue_name
from ontology.ids import node_id, venue_key
from ontology.records import Paper, Venue

__all__ = ["VENUE_FIELDS", "VenueTable", "venue_table"]

#: The fields a venue takes from its stated records, in the order of its node's attributes.
VENUE_FIELDS = ("series", "year", "location", "start_date", "end_date", "edition", "general_chair", "booktitle")


@dataclass(frozen=True)
class VenueTable:
    """D7 as columns, one entry per venue in key order: ``keys[i]`` (:func:`~ontology.ids.venue_key`), its node id
    ``ids[i]`` and its node's attributes ``rows[i]`` (``sources``: a sorted list)."""

    keys: list[str]
    ids: list[str]
    rows: list[dict[str, Any]]

    def id_of(self) -> dict[str, str]:
        """Venue key -> node id (the id strings themselves, so edges to a venue share its one string)."""
        return dict(zip(self.keys, self.ids))


def venue_table(stated: Iterable[Venue], papers: Iterable[Paper]) -> VenueTable:
    """Every venue of the records ``stated`` and of ``papers`` (both in document order: the first paper naming a
    venue no record states gives its label)."""
    facts: dict[str, list[Venue]] = defaultdict(list)
    for venue in stated:
        facts[venue_key(venue.name)].append(venue)
    named: dict[str, str] = {}
    for paper in papers:
        if paper.venue:
            named.setdefault(venue_key(paper.venue), paper.venue)
    keys = sorted(set(facts) | set(named))
    rows = []
    for key in keys:
        records = sorted(facts.get(key, []), key=lambda v: (v.provenance.source, v.provenance.start or 0))
        name = records[0].name if records else named[key]
        attributes: dict[str, Any] = {"kind": "venue", "label": name, "name": name}
        for field_name in VENUE_FIELDS:
            values = [getattr(v, field_name) for v in records if getattr(v, field_name)]
            if field_name == "location" and values:
                values = [max(values, key=lambda loc: (loc.count(","), len(loc)))]  # the most complete
            attributes[field_name] = values[0] if values else None
        if attributes["series"] is None:
            attributes["series"], year = split_venue_name(name)
            attributes["year"] = attributes["year"] or year
        attributes["sources"] = sorted({v.provenance.source for v in records})
        rows.append(attributes)
    return VenueTable(keys=keys, ids=[node_id("venue", key) for key in keys], rows=rows)
