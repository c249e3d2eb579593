"""What an entity pipeline finds in one text, in the shapes the rounds' behaviour tests compare."""
from __future__ import annotations

from extractors.entities import iter_entities


def entities(nlp, text: str) -> list[tuple[str, str, str]]:
    """Each entity ``nlp`` finds in ``text`` as (name, kind, relation), in the text's order."""
    return [(e.span.text, e.span.label_, e.relation) for e in iter_entities(nlp(text))]


def names(nlp, text: str) -> set[str]:
    """The names of the entities ``nlp`` finds in ``text``."""
    return {e.span.text for e in iter_entities(nlp(text))}


def apposed(text: str) -> list[tuple[str, str]]:
    """(name, kind) of each name :func:`extractors.entity_apposed_names.apposed_names` finds in ``text``, read by a
    blank pipeline with a sentencizer (the source alone, without the rest of the entity pipeline)."""
    from extractors.cue_matcher import CueMatcher
    from extractors.entities import blank_pipeline
    from extractors.entity_apposed_names import apposed_names
    from extractors.entity_lexicon import cue_patterns

    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    doc = nlp(text)
    cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
    return [(doc[start:end].text, kind.value) for start, end, kind in apposed_names(doc, cues)]
