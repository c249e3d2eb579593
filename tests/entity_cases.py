"""What an entity pipeline finds in one text, in the shapes the rounds' behaviour tests compare."""
from __future__ import annotations

from extractors.entities import iter_entities


def entities(nlp, text: str) -> list[tuple[str, str, str]]:
    """Each entity ``nlp`` finds in ``text`` as (name, kind, relation), in the text's order."""
    return [(e.span.text, e.span.label_, e.relation) for e in iter_entities(nlp(text))]


def names(nlp, text: str) -> set[str]:
    """The names of the entities ``nlp`` finds in ``text``."""
    return {e.span.text for e in iter_entities(nlp(text))}
