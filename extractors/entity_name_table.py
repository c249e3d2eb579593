"""Single names the train slice's strong rules type a method or model, vouching for a capitalised word (round h15cs).

A capitalised word that no list, dataset noun or proposal accepts is dropped as ``weak`` ("We fine-tune Pegasus on
the data.", "the Longformer model"): the shape alone cannot tell a tool from a place or a person. The train slice
often can: elsewhere a strong rule (an apposition, a list of examples, a head noun, a known method) found the same
name, case folded, and typed it a method or model. ``patterns/name_table.txt`` (``scripts/build_name_table.py``, the
Anthology's ``train`` slice) lists each such name with its evidence: the abstracts where a strong rule kept it, its
kinds there, and how often the slice writes the word in lower case (a common word: "use", "if"). No name is listed
by hand.

The table folds case, so a first name meets a model written in camel case ("Herbert" / HerBERT's evidence):
:func:`vouched_kind` refuses a word a person's initials follow ("(Herbert R. J. Grosch)").

>>> learned_kind("pegasus"), learned_kind("Zorbulator")
('model', None)
"""
from __future__ import annotations

import re
from functools import cache
from importlib import resources

from spacy.tokens import Doc

from ontology.kinds import EntityKind

__all__ = ["NAME_TABLE_RULE", "learned_kind", "name_table", "vouched_kind"]

#: The type rule of a name this table vouched for.
NAME_TABLE_RULE = "name_table"
#: A person's initials: "R.", "R.J." (review77).
_INITIALS = re.compile(r"(?:[A-Z]\.)+")


@cache
def name_table() -> dict[str, EntityKind]:
    """``patterns/name_table.txt`` as case-folded name → the kind the train slice gives it (method or model)."""
    table: dict[str, EntityKind] = {}
    text = resources.files("extractors").joinpath("patterns/name_table.txt").read_text("utf-8")
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, kind = line.split("\t")[:2]
            table[name] = EntityKind(kind)
    return table


def learned_kind(text: str) -> str | None:
    """The kind (``"method"`` or ``"model"``) the train slice gives the single name ``text``, case folded, or ``None``
    when the table does not list it."""
    kind = name_table().get(text.lower())
    return kind.value if kind else None


def vouched_kind(doc: Doc, start: int, end: int) -> str | None:
    """:func:`learned_kind` of the one-word name ``doc[start:end]``, or ``None`` for a longer span and for a first
    name, a word a person's initials follow ("(Herbert R. J. Grosch)": no HerBERT; review77).

    >>> import spacy
    >>> doc = spacy.blank("en")("Officers (Herbert R. J. Grosch) and Pegasus.")
    >>> vouched_kind(doc, 2, 3), vouched_kind(doc, 8, 9), vouched_kind(doc, 2, 4)
    (None, 'model', None)
    """
    if end - start != 1 or (end < len(doc) and _INITIALS.fullmatch(doc[end].text)):
        return None
    return learned_kind(doc[start].text)
