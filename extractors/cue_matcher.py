"""The cue labels of ``entity_cues.jsonl`` at each token of a Doc, found without spaCy's ``Matcher``.

``kg_entities`` needs, for every token, the labels of the cue patterns matching over it (``Cues``:
``{3: {"EVAL_ON", "BLOCK"}}``). spaCy's ``Matcher`` tries each pattern at each token through many small
compiled calls and cost about 7 % of the whole extraction for eight patterns. The patterns test a token's
``LOWER`` (a word or a choice of words), sometimes ``IS_TITLE``, with the quantifiers ``*``, ``?`` and ``+``;
:class:`CueMatcher` reads the Doc's ``LOWER`` ids once (:func:`extractors.token_texts.token_lower_ids`),
starts a pattern only at a token whose ``LOWER`` can open it, and follows its steps from there. A pattern
written with anything else goes to a spaCy ``Matcher`` as before, so every pattern the file may hold keeps
its meaning.

The labels are the same as the ``Matcher``'s (and the ``PhraseMatcher``'s for one-word patterns): a token
has a label when some match of a pattern with that label covers it. ``tests/test_cue_matcher.py`` checks
that against spaCy's matchers on every pattern of the file and on written cases.

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline()
>>> matcher = CueMatcher(nlp.vocab, [
...     {"label": "EXAMPLES", "pattern": [{"LOWER": "such"}, {"LOWER": "as"}]},
...     {"label": "PROPOSE", "pattern": [{"LOWER": "we"}, {"LOWER": {"IN": ["also", "then"]}, "OP": "*"},
...                                      {"LOWER": "propose"}]},
...     {"label": "NAME_HEAD", "pattern": [{"LOWER": {"IN": ["corpus"]}, "IS_TITLE": True}]}])
>>> matcher(nlp("We also propose the Zorb Corpus, such as a corpus."))
{0: {'PROPOSE'}, 1: {'PROPOSE'}, 2: {'PROPOSE'}, 5: {'NAME_HEAD'}, 7: {'EXAMPLES'}, 8: {'EXAMPLES'}}
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from spacy.matcher import Matcher
from spacy.tokens import Doc
from spacy.vocab import Vocab

from extractors.token_texts import token_lower_ids

__all__ = ["CueMatcher"]

_KEYS = frozenset({"LOWER", "IS_TITLE", "OP"})
_OPS = frozenset({"*", "?", "+"})


class _Step:
    """One token of a pattern: the ``LOWER`` ids it accepts (``None``: any), ``IS_TITLE`` (``None``: either), OP."""

    __slots__ = ("lowers", "op", "title")

    def __init__(self, lowers: frozenset[int] | None, title: bool | None, op: str | None) -> None:
        self.lowers, self.title, self.op = lowers, title, op


class CueMatcher:
    """``doc`` → ``{token index: {cue label, ...}}`` for ``patterns`` (``label`` and spaCy ``pattern`` each)."""

    def __init__(self, vocab: Vocab, patterns: Iterable[Mapping]) -> None:
        strings = vocab.strings
        self.words: dict[int, set[str]] = {}  # LOWER id -> labels of the one-word patterns that test LOWER only
        self.patterns: list[tuple[str, tuple[_Step, ...], tuple[frozenset[int], ...] | None]] = []
        self.openers: dict[int, list[int]] = {}  # LOWER id -> the patterns that may open at such a token
        self.anywhere: list[int] = []  # patterns that may open at any token
        self.fallback = Matcher(vocab)  # patterns written with more than this class reads
        for entry in patterns:
            label, pattern = entry["label"], entry["pattern"]
            steps = _steps(pattern, strings)
            if steps is None:
                self.fallback.add(label, [pattern])
            elif len(steps) == 1 and steps[0].title is None and steps[0].op is None and steps[0].lowers is not None:
                for lower in steps[0].lowers:
                    self.words.setdefault(lower, set()).add(label)
            else:
                index = len(self.patterns)
                fixed = all(step.op is None for step in steps)  # a fixed sequence of tokens
                self.patterns.append((label, steps, None if fixed else _reachable(steps)))
                opening = _opening_lowers(steps)
                if opening is None:
                    self.anywhere.append(index)
                else:
                    for lower in opening:
                        self.openers.setdefault(lower, []).append(index)
        self.wanted = frozenset(self.words) | frozenset(self.openers)  # the LOWER ids where something may match

    def __call__(self, doc: Doc) -> dict[int, set[str]]:
        cues: dict[int, set[str]] = {}
        lowers = token_lower_ids(doc)
        words, openers, anywhere, wanted = self.words, self.openers, self.anywhere, self.wanted
        for i in (range(len(lowers)) if anywhere else [i for i, lower in enumerate(lowers) if lower in wanted]):
            lower = lowers[i]
            labels = words.get(lower)
            if labels is not None:
                cues.setdefault(i, set()).update(labels)
            indexes = openers.get(lower)
            if indexes is not None or anywhere:
                for index in (indexes or []) + anywhere:
                    label, steps, reach = self.patterns[index]
                    end = _longest_match(doc, lowers, i, steps, reach)
                    for k in range(i, end):
                        cues.setdefault(k, set()).add(label)
        if len(self.fallback):
            for match_id, start, end in self.fallback(doc):
                label = doc.vocab.strings[match_id]
                for k in range(start, end):
                    cues.setdefault(k, set()).add(label)
        return cues


def _steps(pattern: list[dict], strings) -> tuple[_Step, ...] | None:
    """The pattern's steps, or ``None`` when it tests more than ``LOWER`` / ``IS_TITLE`` or uses another OP."""
    steps = []
    for token in pattern:
        if not set(token) <= _KEYS:
            return None
        op = token.get("OP")
        if op is not None and op not in _OPS:
            return None
        title = token.get("IS_TITLE")
        if title is not None and not isinstance(title, bool):
            return None
        value = token.get("LOWER")
        if value is None:
            lowers = None
        elif isinstance(value, str):
            lowers = frozenset({strings.add(value)})
        elif isinstance(value, dict) and set(value) == {"IN"} and all(isinstance(v, str) for v in value["IN"]):
            lowers = frozenset(strings.add(v) for v in value["IN"])
        else:
            return None
        steps.append(_Step(lowers, title, op))
    return tuple(steps) if steps else None


def _opening_lowers(steps: tuple[_Step, ...]) -> frozenset[int] | None:
    """The ``LOWER`` ids a match's first token may have (the optional steps' and the first required one's), or
    ``None`` when any token may open a match."""
    opening: set[int] = set()
    for step in steps:
        if step.lowers is None:
            return None
        opening |= step.lowers
        if step.op not in ("*", "?"):
            return frozenset(opening)
    return None  # every step optional: spaCy matches no empty span, but any token may open one


def _accepts(step: _Step, doc: Doc, lowers: list[int], j: int) -> bool:
    if step.lowers is not None and lowers[j] not in step.lowers:
        return False
    return step.title is None or doc[j].is_title == step.title


def _reachable(steps: tuple[_Step, ...]) -> tuple[frozenset[int], ...]:
    """For each step index (and the end, ``len(steps)``), the indexes reachable from it past optional steps."""
    reach = []
    for k in range(len(steps) + 1):
        seen = {k}
        while k < len(steps) and steps[k].op in ("*", "?"):
            k += 1
            seen.add(k)
        reach.append(frozenset(seen))
    return tuple(reach)


def _longest_match(doc: Doc, lowers: list[int], start: int, steps: tuple[_Step, ...],
                   reach: tuple[frozenset[int], ...] | None) -> int:
    """End of the longest match of ``steps`` at ``start`` (every shorter match lies inside it), else ``start``;
    ``reach``: :func:`_reachable` of ``steps``, ``None`` for a fixed sequence of tokens (no OP)."""
    if reach is None:
        end = start + len(steps)
        if end <= len(lowers) and all(_accepts(step, doc, lowers, start + k) for k, step in enumerate(steps)):
            return end
        return start
    states = reach[0]
    end = j = start
    while states and j < len(lowers):
        following: set[int] = set()
        for k in states:
            if k < len(steps) and _accepts(steps[k], doc, lowers, j):
                following |= reach[k + 1]
                if steps[k].op in ("*", "+"):
                    following |= reach[k]
        states = following
        j += 1
        if len(steps) in states:
            end = j
    return end
