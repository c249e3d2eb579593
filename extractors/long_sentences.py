"""Split over-long "sentences" into bounded pieces, so per-sentence work stays linear in the text.

The ``sentencizer`` ends a sentence only at a full stop, question or
exclamation mark.  A text without one (an abstract pasted without
punctuation, a list of numbers, a hostile input) is then one sentence as long
as the whole text, and every rule that looks at "the sentence of a name"
(proposal cues, acronym long forms, the provenance sentence of each mention)
would scan all of it once per name: quadratic time, and one copy of the whole
text per mention.

The ``kg_sentence_cap`` component, placed right after the sentencizer, cuts
every sentence longer than ``max_tokens`` tokens into pieces of at most that
many, each ending after the last ``,`` ``;`` or ``:`` in the second half of its
window (or at the window's end when there is none).  Sentences of ordinary
length are left exactly as they are: the longest natural sentence in 47,785
Anthology abstracts and lecture pages has 263 tokens, well under the default
of 400.

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer"); _ = nlp.add_pipe("kg_sentence_cap", config={"max_tokens": 4})
>>> [s.text for s in nlp("one two, three four five six seven. A short one.").sents]
['one two,', 'three four five six', 'seven.', 'A short one.']
"""
from __future__ import annotations

from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

__all__ = ["MAX_SENTENCE_TOKENS", "SentenceCap", "cap_sentences"]

#: Tokens in the longest sentence kept whole.
MAX_SENTENCE_TOKENS = 400
_BREAKS = frozenset({",", ";", ":", "，", "；", "："})


def cap_sentences(doc: Doc, max_tokens: int = MAX_SENTENCE_TOKENS) -> int:
    """Mark extra sentence starts so that no sentence of ``doc`` is longer than ``max_tokens``; the number added.

    Needs sentence boundaries already set (a sentencizer or parser); a Doc without them is left alone.
    """
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, not {max_tokens}")
    if len(doc) <= max_tokens or not doc.has_annotation("SENT_START"):
        return 0
    cuts = []
    for sent in doc.sents:
        start = sent.start
        while sent.end - start > max_tokens:
            start = _cut(doc, start, start + max_tokens)
            cuts.append(start)
    if cuts:  # one write: the Token.is_sent_start setter scans the whole Doc on every call
        starts = doc.to_array([SENT_START]).reshape(-1, 1)
        starts[cuts, 0] = 1
        doc.from_array([SENT_START], starts)
    return len(cuts)


def _cut(doc: Doc, start: int, limit: int) -> int:
    """Where the piece starting at ``start`` ends: after the last break in the second half of ``[start, limit)``."""
    for i in range(limit - 1, start + (limit - start) // 2 - 1, -1):
        if doc[i].text in _BREAKS:
            return i + 1
    return limit


class SentenceCap:
    """Doc → Doc: no sentence longer than ``max_tokens`` tokens (see the module docstring)."""

    def __init__(self, max_tokens: int = MAX_SENTENCE_TOKENS) -> None:
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, not {max_tokens}")
        self.max_tokens = max_tokens

    def __call__(self, doc: Doc) -> Doc:
        cap_sentences(doc, self.max_tokens)
        return doc


@Language.factory("kg_sentence_cap", requires=["token.is_sent_start"], assigns=["token.is_sent_start"],
                  default_config={"max_tokens": MAX_SENTENCE_TOKENS})
def make_sentence_cap(nlp: Language, name: str, max_tokens: int) -> SentenceCap:
    """Factory for :class:`SentenceCap` (``nlp.add_pipe("kg_sentence_cap")`` after the sentencizer)."""
    return SentenceCap(max_tokens)
