"""The present passive of the authors' making verbs: "Second, Hyperbolic Zorb Routing (HZR) is introduced to ..."
proposes the name (a ``named_after`` role rule of :mod:`extractors.entity_roles`; round h15ci, issue 15).

A paper describing its own model part by part often names each part as the subject of a passive: "a Type Zorb
Regularization module is designed to ...", "CHOREC is developed", "X (ACR) is proposed for ...". In the present
tense and without an agent this is the authors' work; "X was proposed" and "X is introduced by Lee" are not.
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_corpus import KNOWN_TYPE_RULES
from extractors.token_texts import sentence_start

__all__ = ["proposed_passive"]

#: The present passive of the authors' making verbs, after the name that opens its clause: "X is introduced".
_PASSIVE_BE = frozenset({"is", "are"})
_PASSIVE_VERBS = frozenset({"proposed", "introduced", "presented", "devised", "designed", "developed"})
_PASSIVE_ADVERBS = frozenset({"then", "also", "further", "first", "additionally", "newly", "hence", "thus",
                              "therefore"})
#: What after the passive verb makes it a report of someone else's work or of a use: "X is proposed by Smith",
#: "X is introduced in (Lee, 2019)", "X is introduced as a baseline".
_PASSIVE_NOT_OURS = frozenset({"by", "in", "as", "earlier", "previously", "before", "["})
#: Words of a clause's opening stretch that date the passive to earlier work: "Recently, X is proposed to ...",
#: "Traditionally, X is designed ...", "In [12], X is proposed" (review66); a year or a bracket does too.
_EARLIER_OPENERS = frozenset({"recently", "traditionally", "previously", "conventionally", "originally", "formerly",
                              "historically", "classically", "lately", "earlier", "[", "al", "al."})


def proposed_passive(doc: Doc, cand: Candidate, end: int) -> bool:
    """The name, as the subject that opens its clause, "is / are proposed | introduced | presented | devised |
    designed | developed" (present tense: "was proposed" reports earlier work), not "by" someone, "in" a citation
    or "as" a baseline; a known name (:data:`KNOWN_TYPE_RULES`) is not coined here (round h15ci).

    >>> from extractors.entities import build_pipeline
    >>> nlp = build_pipeline("rules")
    >>> def roles(text):
    ...     return [(s.text, s._.kg_relation) for s in nlp(text).spans["kg_entities"]]
    >>> roles("Second, Hyperbolic Zorb Routing (HZR) is introduced to aggregate capsules.")
    [('HZR', 'proposes')]
    >>> roles("Hyperbolic Zorb Routing (HZR) was introduced to aggregate capsules.")
    [('HZR', 'uses')]
    >>> roles("Hyperbolic Zorb Routing (HZR) is introduced by Lee to aggregate capsules.")
    [('HZR', 'uses')]
    >>> roles("Recently, Hyperbolic Zorb Routing (HZR) is proposed to aggregate capsules.")
    [('HZR', 'uses')]
    """
    if cand.type_rule in KNOWN_TYPE_RULES:
        return False
    if end < len(doc) and doc[end].text == ")" and cand.start > 0 and doc[cand.start - 1].text == "(":
        end += 1  # "Long Form (ACR) is introduced": the acronym is the candidate
    opens = cand.first == sentence_start(doc, cand.first) or (
        cand.first > 0 and doc[cand.first - 1].text in {",", ";", ":"}) or (
        cand.first > 1 and doc[cand.first - 1].lower_ in {"the", "a", "an"}
        and (doc[cand.first - 2].text in {",", ";", ":"} or cand.first - 1 == sentence_start(doc, cand.first)))
    if not opens or end >= len(doc) or doc[end].lower_ not in _PASSIVE_BE:
        return False
    if any(t.lower_ in _EARLIER_OPENERS or (t.shape_ == "dddd" and t.text[:2] in {"19", "20"})
           for t in doc[sentence_start(doc, cand.first) : cand.first]):
        return False  # "Recently, X is proposed", "In 2019, X is proposed": someone else's, before this paper
    i = end + 1
    if i < len(doc) and doc[i].lower_ in _PASSIVE_ADVERBS:
        i += 1
    if i >= len(doc) or doc[i].lower_ not in _PASSIVE_VERBS:
        return False
    return i + 1 >= len(doc) or doc[i + 1].lower_ not in _PASSIVE_NOT_OURS
