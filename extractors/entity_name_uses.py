"""What the corpus's uses of a single capitalised name say when an abstract says nothing (round h15at).

A name written once in an abstract, that no rule typed, proposed or spelled out and that ``corpus_kinds.txt``
does not know ("Wikipedia", "Amazon", "GermaNet", "W3C") is typed a method by the ``default`` rule.
``patterns/name_uses.txt`` (``scripts/build_name_evidence.py``, the Anthology's ``train`` slice) counts how the
corpus uses each such name: as a method or model ("X-based", "fine-tuned X", "X outperforms"), as data ("the X
treebank", "X posts") or as something else ("the X project", "at X", "X et al.", "X 2020"). A name the corpus
uses as data or something else more often than as a method is no method here either (:func:`used_otherwise`).
No name is listed by hand; the thresholds were chosen on the read tuning sets and 10,000 unannotated abstracts
(docs/extraction.md, "Round h15at").

>>> used_otherwise("Wikipedia"), used_otherwise("fastText"), used_otherwise("Zorbulator")
('data', None, None)
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import NamedTuple

__all__ = ["MIN_USES", "NameUses", "name_uses", "used_otherwise"]

#: Uses in the train slice a name needs before its uses speak for it.
MIN_USES = 3


class NameUses(NamedTuple):
    """One line of ``name_uses.txt``: how often the train slice uses a name, and as what."""

    uses: int
    method: int  # as a method or model
    data: int  # as data or a source of data
    other: int  # as an organisation, project, person, event, language or format


@cache
def name_uses() -> dict[str, NameUses]:
    """``patterns/name_uses.txt`` as name → :class:`NameUses` (names with some use not as a method only).

    >>> name_uses()["Amazon"].uses > name_uses()["Amazon"].method
    True
    """
    table: dict[str, NameUses] = {}
    text = resources.files("extractors").joinpath("patterns/name_uses.txt").read_text("utf-8")
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, *counts = line.split("\t")
            table[name] = NameUses(*map(int, counts))
    return table


def used_otherwise(name: str, table: dict[str, NameUses] | None = None) -> str | None:
    """``"data"`` or ``"other"`` when the train slice uses ``name`` (:data:`MIN_USES` times or more, counting every
    use, also those whose context says nothing) as data or something else more often than as a method or model,
    whichever of the two it is more often; else ``None``.  One telling context among many silent ones decides
    (UMLS: 82 uses, 1 as data), which the thirty-fourth session's review noted and left: changing it is a measured
    round.

    >>> t = {"Quux": NameUses(9, 1, 0, 4), "Zorb": NameUses(9, 3, 2, 1), "Blip": NameUses(2, 0, 2, 0),
    ...      "Wug": NameUses(5, 1, 3, 1)}
    >>> [used_otherwise(n, t) for n in ("Quux", "Zorb", "Blip", "Wug", "Unseen")]
    ['other', None, None, 'data', None]
    """
    entry = (name_uses() if table is None else table).get(name)
    if entry is None or entry.uses < MIN_USES or entry.data + entry.other <= entry.method:
        return None
    return "data" if entry.data >= entry.other else "other"
