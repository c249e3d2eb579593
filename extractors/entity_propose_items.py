"""Names that open an item of a numbered list of what the authors propose (round h15aj).

The role rule ``contribution_list`` (:func:`extractors.entity_roles.assign_role`) proposed a name right after an
Arabic numeral in brackets, "(1) ZorbNet ...". Round h15ai's recall audit found proposals lost where the items are
numbered with Roman numerals and the name comes after "a" / "an": "we propose “UniConv” - a novel unified neural
architecture ..., which is designed to jointly train (i) a Bi-level State Tracker which tracks dialogue states
..., and (ii) a Joint Dialogue Act and Response Generator which ...". :func:`numbered_item` accepts both, the
second form (an article after the numeral) only where the sentence before the list has the authors' proposal ("we / this paper ... propose /
present / introduce / design / develop ..."): a Roman numeral or an article alone says nothing of whose the
listed things are ("we evaluate (i) a BERT model and (ii) ...").

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We propose a model that trains (i) a Zorb Tracker which tracks states.")
>>> numbered_item(doc, 10, 12), numbered_item(doc, 10, 12, known=True)
(True, False)
>>> doc = blank_pipeline()("We develop (ii) a ZMSL prompt framework for teachers.")
>>> numbered_item(doc, 6, 7)
False
>>> doc = blank_pipeline()("We evaluate (i) a Zorb Tracker which tracks states.")
>>> numbered_item(doc, 6)
False
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_lexicon import verb_regex
from extractors.token_texts import sentence_start

__all__ = ["numbered_item"]

#: Roman numerals of list items, i to x.
_ROMAN = frozenset({"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"})
#: The authors' proposal in the sentence before the list: a verb by which they make something (``PROPOSE`` verbs,
#: subset ``made``, every form).
_AUTHORS_PROPOSE = re.compile(r"\b(?:we|this (?:paper|work|study|article))\b.*" + verb_regex("PROPOSE", "made"),
                              re.IGNORECASE)


def numbered_item(doc: Doc, start: int, end: int | None = None, *, known: bool = False) -> bool:
    """Does the name starting at token ``start`` open an item "(1) NAME", or "(i) a NAME" / "(1) a NAME" after the
    authors' proposal in the same sentence (the module docstring)? A ``known`` name (a method or dataset the lists
    know) only in the first form: "(2) a conditional random field baseline model" uses the method; nor a name a
    lower-case word goes on from (``end``: the token after the name): "(ii) a GMSL prompt framework" is new, GMSL
    is what it is for."""
    at = start
    article = at >= 1 and doc[at - 1].lower_ in {"a", "an"}
    if article:
        at -= 1
    if at < 3 or doc[at - 1].text != ")" or doc[at - 3].text != "(":
        return False
    mark = doc[at - 2]
    if not article:
        return mark.like_num  # "(1) ZorbNet": the rule of the earlier rounds ("(i) MAG, (ii) Xception network" no)
    if known or not (mark.like_num or mark.lower_ in _ROMAN):
        return False
    if end is not None and end < len(doc) and doc[end].is_alpha and doc[end].is_lower and not doc[end].is_stop:
        return False
    first = sentence_start(doc, at - 3)
    return _AUTHORS_PROPOSE.search(doc[first : at - 3].text) is not None
