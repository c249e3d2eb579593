"""Acronyms tied to their long forms (Schwartz & Hearst 2003), as a spaCy component.

A. Schwartz and M. Hearst, "A Simple Algorithm for Identifying Abbreviation
Definitions in Biomedical Text", Pacific Symposium on Biocomputing, 2003.

Both orders are found: "long form (SHORT)" and "SHORT (long form)".  Each pair
is written to ``doc.spans["kg_acronyms"]`` as two spans sharing an ``id_``:
the short form labelled ``"short"`` followed by the long form labelled ``"long"``.

>>> import spacy
>>> nlp = spacy.blank("en")
>>> _ = nlp.add_pipe("sentencizer"); _ = nlp.add_pipe("kg_acronyms")
>>> doc = nlp("We use Sparse Gated Adapters (SGA) and ZORB (Zero-Order Ranking Baseline).")
>>> [(s.label_, s.text) for s in doc.spans["kg_acronyms"]]
[('short', 'SGA'), ('long', 'Sparse Gated Adapters'), ('short', 'ZORB'), ('long', 'Zero-Order Ranking Baseline')]
"""
from __future__ import annotations

import numpy
from spacy.attrs import ORTH
from spacy.language import Language
from spacy.tokens import Doc, Span

__all__ = ["AcronymDetector", "best_long_form", "find_acronym_pairs", "is_short_form_candidate", "widen_long_form"]

SPAN_KEY = "kg_acronyms"


def is_short_form_candidate(text: str) -> bool:
    """Schwartz & Hearst's test: 2–10 characters, at most two words, a letter first, some capital."""
    words = text.split()
    return (
        2 <= len(text) <= 12
        and len(words) <= 2
        and text[0].isalnum()
        and any(ch.isalpha() for ch in text)
        and any(ch.isupper() for ch in text)
    )


def best_long_form(short: str, candidate: str) -> str | None:
    """The shortest suffix of ``candidate`` whose letters spell out ``short`` in order.

    The first character of the short form must start a word of the long form.

    >>> best_long_form("SPARC", "we propose Sparse Patching of Adapters in ReCurrent nets")
    'Sparse Patching of Adapters in ReCurrent nets'
    >>> best_long_form("QRK", "the proof uses a kernel") is None
    True
    """
    s_index = len(short) - 1
    l_index = len(candidate) - 1
    while s_index >= 0:
        char = short[s_index].lower()
        if not char.isalnum():
            s_index -= 1
            continue
        while l_index >= 0 and (
            candidate[l_index].lower() != char
            or (s_index == 0 and l_index > 0 and candidate[l_index - 1].isalnum())
        ):
            l_index -= 1
        if l_index < 0:
            return None
        l_index -= 1
        s_index -= 1
    start = candidate.rfind(" ", 0, l_index + 1) + 1
    long_form = candidate[start:].strip()
    if len(long_form) <= len(short) or long_form.lower() == short.lower():
        return None
    return long_form


def widen_long_form(short: str, candidate: str, long_form: str, *, whole: bool = True) -> str:
    """``long_form`` (a suffix of ``candidate``), or a longer suffix whose word initials spell more of ``short``.

    Schwartz & Hearst take the shortest long form whose letters spell the
    acronym, so a letter inside a word can stand for a whole word ("oPtimization"
    for the first P of PPO).  A longer suffix is taken when it starts with the
    acronym's first letter, cased like the long form ("Proximal" before
    "Policy", "proximal" before "policy"), and more of the acronym's capitals
    (all its letters when it has fewer than two) are initials of its words, in order.
    ``whole=False``: ``candidate`` may start inside a word, so its start is no word start.

    >>> widen_long_form("PPO", "we train with Proximal Policy Optimization", "Policy Optimization")
    'Proximal Policy Optimization'
    >>> widen_long_form("VAE", "a vanilla Variational Autoencoder", "Variational Autoencoder")
    'Variational Autoencoder'
    >>> widen_long_form("DORY", "development of Deliberative PrOmpt RecoverY", "Deliberative PrOmpt RecoverY")
    'Deliberative PrOmpt RecoverY'
    """
    capitals = [ch.lower() for ch in short if ch.isupper()]
    letters = capitals if len(capitals) >= 2 else [ch.lower() for ch in short if ch.isalnum()]
    first = next((ch.lower() for ch in short if ch.isalnum()), "")
    best, best_score = long_form, _initials_matched(letters, long_form)
    upper = long_form[:1].isupper()
    for start in range(len(candidate) - len(long_form) - 1, -1 if whole else 0, -1):
        if (start and not candidate[start - 1].isspace()) or candidate[start].lower() != first \
                or candidate[start].isupper() != upper:
            continue
        score = _initials_matched(letters, candidate[start:])
        if score > best_score:
            best, best_score = candidate[start:], score
    return best


def _initials_matched(letters: list[str], text: str) -> int:
    """How many of ``letters``, in order, are initials of the words of ``text`` (longest common subsequence)."""
    initials = [next((ch.lower() for ch in word if ch.isalnum()), "") for word in text.replace("-", " ").split()]
    previous = [0] * (len(initials) + 1)
    for letter in letters:
        row = [0]
        for index, initial in enumerate(initials):
            row.append(previous[index] + 1 if letter == initial else max(previous[index + 1], row[index]))
        previous = row
    return previous[-1]


def _window(short: str) -> int:
    letters = sum(ch.isalnum() for ch in short)
    return min(letters + 5, letters * 2)


def find_acronym_pairs(doc: Doc) -> list[tuple[Span, Span]]:
    """``(short, long)`` span pairs defined in ``doc``, in text order."""
    pairs: list[tuple[Span, Span]] = []
    opening = doc.vocab.strings.add("(")
    for index in numpy.flatnonzero(doc.to_array(ORTH) == opening):
        open_tok = doc[int(index)]
        close = next((t for t in doc[open_tok.i + 1 : open_tok.i + 16] if t.text == ")"), None)
        if close is None or close.i == open_tok.i + 1:
            continue
        inside = doc[open_tok.i + 1 : close.i]
        if any("(" in t.text or ")" in t.text for t in inside):
            continue  # "GFT (Google Fine Types;) and FIGER ()": ";)" is one token, the ")" found closes another pair
        sentence = open_tok.sent if doc.has_annotation("SENT_START") else doc[:]
        if is_short_form_candidate(inside.text) and len(inside) <= 3:
            pair = _long_form_before(doc, inside, sentence.start)
        else:
            pair = _long_form_inside(doc, open_tok.i, inside)
        if pair:
            pairs.append(pair)
    return pairs


def _long_form_before(doc: Doc, short: Span, sentence_start: int) -> tuple[Span, Span] | None:
    end = short.start - 1  # the "(" token
    words = 0
    start = end
    while start > sentence_start and words < _window(short.text):
        start -= 1
        if doc[start].is_punct and doc[start].text not in "-–":
            if doc[start].text in ",;:.)(":
                start += 1
                break
            continue
        words += 1
    candidate = doc[start:end]
    long_text = best_long_form(short.text, candidate.text)
    if not long_text:
        return None
    whole = start == sentence_start or bool(doc[start - 1].whitespace_)
    long_text = widen_long_form(short.text, candidate.text, long_text, whole=whole)
    long_span = doc.char_span(candidate.end_char - len(long_text), candidate.end_char, alignment_mode="expand")
    if long_span is None:
        return None
    return short, long_span


def _long_form_inside(doc: Doc, open_index: int, inside: Span) -> tuple[Span, Span] | None:
    if open_index == 0:
        return None
    short = doc[open_index - 1 : open_index]
    if not is_short_form_candidate(short.text) or short[0].is_punct:
        return None
    if len(inside) > _window(short.text) + 4:
        return None
    long_text = best_long_form(short.text, inside.text)
    if not long_text or not inside.text.startswith(long_text[:1]) or long_text != inside.text:
        return None
    return short, inside


class AcronymDetector:
    """Doc → Doc: writes acronym pairs to ``doc.spans[span_key]``."""

    def __init__(self, span_key: str = SPAN_KEY) -> None:
        self.span_key = span_key

    def __call__(self, doc: Doc) -> Doc:
        spans: list[Span] = []
        for number, (short, long_) in enumerate(find_acronym_pairs(doc)):
            pair_id = f"acronym-{number}"
            spans.append(Span(doc, short.start, short.end, label="short", span_id=pair_id))
            spans.append(Span(doc, long_.start, long_.end, label="long", span_id=pair_id))
        doc.spans[self.span_key] = spans
        return doc


@Language.factory("kg_acronyms", assigns=["doc.spans"], default_config={"span_key": SPAN_KEY})
def make_acronym_detector(nlp: Language, name: str, span_key: str) -> AcronymDetector:
    """Factory for :class:`AcronymDetector` (``nlp.add_pipe("kg_acronyms")``)."""
    return AcronymDetector(span_key)
