"""How a computed similarity's shared terms read (``kg:sharedTerm``), and which of them name a topic.

Most shared terms are words or pairs of words both papers weigh ("graph
parsing").  kg also writes three kinds of stand-in where the papers share no
such word: a corpus stop word both use, two words spelled alike and, failing
both, :data:`NO_SHARED_WORD`; and a title that is only a front-matter label
("Book Reviews") shares its label.  The marks are defined here, in the data
model, because both sides read them: ``kg`` writes them into the links, the
views (``exports``) label clusters of papers by their links' terms and must not
take a stand-in for a topic.

>>> [topic_words(term) for term in ("graph parsing", "translation" + FREQUENT_SHOWN,
...                                 "logos ~ logovista" + ALIKE_SHOWN, NO_SHARED_WORD,
...                                 "book reviews" + LABEL_SHOWN, ANY_LABEL_SHOWN)]
['graph parsing', None, None, None, 'book reviews', None]
"""
from __future__ import annotations

__all__ = ["ALIKE_SHOWN", "ANY_LABEL_SHOWN", "FREQUENT_SHOWN", "LABEL_SHOWN", "NO_SHARED_WORD", "topic_words"]

#: What the reasons add to a corpus stop word both papers use ("translation (frequent word)").
FREQUENT_SHOWN = " (frequent word)"
#: What they add to two words spelled alike ("microsemantics ~ semantical (spelled alike)").
ALIKE_SHOWN = " (spelled alike)"
#: What they say when nothing else is found.
NO_SHARED_WORD = "no shared word"
#: What they add to a label-only title's label ("briefly noted (title label)").
LABEL_SHOWN = " (title label)"
#: The term every label-only title shares with the others.
ANY_LABEL_SHOWN = "title labels only"


def topic_words(term: str) -> str | None:
    """The words ``term`` gives a topic's name: a label without its mark, ``None`` for a stand-in or
    :data:`ANY_LABEL_SHOWN`, any other term as it is."""
    if term in (NO_SHARED_WORD, ANY_LABEL_SHOWN) or term.endswith((FREQUENT_SHOWN, ALIKE_SHOWN)):
        return None
    return term.removesuffix(LABEL_SHOWN)
