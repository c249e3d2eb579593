"""British and American spellings of one entity name: "language modelling" and "language modeling".

:func:`ontology.ids.node_key` folds case, spacing, hyphens and plurals, not spelling, so the full Anthology's
graph had "language modeling" (426 papers) and "language modelling" (88), "abstractive summarization" and
"abstractive summarisation", "dialogue generation" and "dialog generation" as separate nodes. Graph assembly joins
such names by :func:`spelling_joins`; each node still takes the spelling its mentions write most as its label and
id, so a name written one way only keeps its key ("Paradise" is no "paradize").

>>> american_spelling("Abstractive Summarisation of Dialogue")
'abstractive summarization of dialog'
>>> spelling_joins({"languagemodelling": ["language modelling"], "languagemodeling": ["Language Modeling"]})
[('languagemodelling', 'languagemodeling')]
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping

from ontology.ids import acronym_singular, entity_key, normalize_text

__all__ = ["american_spelling", "joins_to_first", "spelling_joins", "spelling_key"]

#: British word endings and words with their American spelling, applied to lower-cased words in this order.
#: The "-ise" verbs need three letters before "is" ("summarise", "tokenised"), so "rise" and "noise" stay;
#: a word the rules misspell ("spelling" as "speling", "promise" as "promize") only meets a name written so.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), replacement) for pattern, replacement in (
    (r"(?<=[a-z]{2})isation", "ization"),
    (r"(?<=[a-z]{3})is(?=(?:e|ed|es|er|ers|ing)\b)", "iz"),
    (r"(?<=[a-z]{2})ys(?=(?:e|ed|es|er|ers|ing)\b)", "yz"),  # analyse, paralysed
    (r"(?<=[a-z]{2}e)ll(?=(?:ing|ed|er|ers)\b)", "l"),  # modelling, labelled, traveller
    (r"(dia|cata|ana|mono|epi)logue(?=s?\b)", r"\1log"),  # DailyDialogue
    (r"\b(colo|behavio|neighbo|favo|humo|labo|rumo|flavo|hono|vapo|armo)ur(?=(?:s|ed|ing|hood|al)?\b)", r"\1r"),
    (r"(cen|me|li|thea|fib|spec|lus)tre(?=s?\b)", r"\1ter"),  # centre, kilometre, fibre
    (r"\bprogramme(?=s?\b)", "program"),
    (r"\b(judg|acknowledg)ement", r"\1ment"),
    (r"\b(defen|licen|offen)ce(?=s?\b)", r"\1se"),
    (r"\bageing\b", "aging"),
))

#: Any of the rules' patterns: most names match none, and one search tells so.
_ANY_RULE = re.compile("|".join(f"(?:{pattern.pattern})" for pattern, _ in _RULES))


def american_spelling(name: str) -> str:
    """``name`` normalised (:func:`ontology.ids.normalize_text`) and written in American spelling.

    >>> [american_spelling(n) for n in ("Sequence Labelling", "neighbourhood", "data centre", "tokenised text")]
    ['sequence labeling', 'neighborhood', 'data center', 'tokenized text']
    >>> [american_spelling(n) for n in ("noise", "rise", "acre", "spelling", "Judgement")]
    ['noise', 'rise', 'acre', 'speling', 'judgment']
    """
    text = normalize_text(name)
    if not _ANY_RULE.search(text):
        return text
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


def spelling_key(name: str) -> str:
    """The node key (:func:`ontology.ids.node_key`) of ``name`` in American spelling: one key for its British and
    American spellings.

    >>> spelling_key("Semantic Role Labelling") == spelling_key("semantic role labeling")
    True
    """
    return entity_key(american_spelling(acronym_singular(name)))


def spelling_joins(names: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """Pairs of group keys whose names differ only in British or American spelling.

    ``names`` maps each group key to the names grouped under it by their own key (an acronym grouped under one of
    its senses must not be given here: it would join the senses). Each pair joins a key to the first key, in sorted
    order, of the names that spell alike; keys without a variant form no pair.

    >>> spelling_joins({"dialoggeneration": ["dialog generation"], "dialoguegeneration": ["Dialogue Generation"],
    ...                 "dialoguestatetracking": ["dialogue state tracking"]})
    [('dialoguegeneration', 'dialoggeneration')]
    """
    keys_by_spelling: dict[str, set[str]] = defaultdict(set)
    for key, written in names.items():
        for name in written:
            keys_by_spelling[spelling_key(name)].add(key)
    return joins_to_first(keys_by_spelling.values())


def joins_to_first(groups: Iterable[Iterable[str]]) -> list[tuple[str, str]]:
    """Pairs that join each key of a group to the group's first key in sorted order, sorted; a lone key forms none.

    >>> joins_to_first([{"b", "a", "c"}, {"d"}, {"e", "a"}])
    [('b', 'a'), ('c', 'a'), ('e', 'a')]
    """
    joins = set()
    for keys in groups:
        first, *others = sorted(keys)
        joins.update((other, first) for other in others)
    return sorted(joins)
