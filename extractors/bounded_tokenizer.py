"""A tokenizer whose cost stays linear in the text, however the text is made.

spaCy's tokenizer strips prefix and suffix punctuation one character at a
time and copies the rest of the chunk each time, so a run of punctuation
without spaces costs time quadratic in its length (10,000 ``(`` take about
7 s, 20,000 about 70 s). No word, name or number is that long; a web address
can be, and keeps spaCy's tokenization. :class:`BoundedTokenizer` hands every
other run of more than :data:`MAX_RUN` non-space characters to a simple
linear split instead (letters and digits together, every other character
alone), and spaCy's tokenizer gets the text between such runs. The Doc's text
is always exactly the input text, so character offsets do not move.

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline()
>>> doc = nlp("We use ZorbNet " + "(" * 5000 + " on ToyQA.")
>>> doc.text == "We use ZorbNet " + "(" * 5000 + " on ToyQA.", len(doc)
(True, 5006)
>>> [t.text for t in nlp("We use ZorbNet (ours) on ToyQA.")]
['We', 'use', 'ZorbNet', '(', 'ours', ')', 'on', 'ToyQA', '.']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from spacy.tokens import Doc

__all__ = ["BoundedTokenizer", "MAX_RUN"]

#: Longest run of non-space characters spaCy's own tokenizer gets (web addresses excepted).
MAX_RUN = 120
_MAX_URL = 4096
_LONG_RUN = re.compile(r"\S{%d,}" % (MAX_RUN + 1))
_URL = re.compile(r"(?:https?://|www\.)\S{1,%d}$" % _MAX_URL, re.IGNORECASE)
_PIECE = re.compile(r"\w+|\S", re.UNICODE)


class BoundedTokenizer:
    """Wraps a spaCy tokenizer; over-long runs of non-space characters are split in linear time."""

    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer

    def __call__(self, text: str) -> Doc:
        runs = [run for run in _LONG_RUN.finditer(text) if not _URL.match(run.group())]
        if not runs:
            return self.tokenizer(text)
        docs, position = [], 0
        for run in runs:
            if run.start() > position:
                docs.append(self.tokenizer(text[position:run.start()]))
            end = run.end()
            trailing_space = text.startswith(" ", end)  # one space after the run belongs to its last token
            words = _PIECE.findall(run.group())
            docs.append(Doc(self.tokenizer.vocab, words=words, spaces=[False] * (len(words) - 1) + [trailing_space]))
            position = end + trailing_space
        if position < len(text):
            docs.append(self.tokenizer(text[position:]))
        return Doc.from_docs(docs, ensure_whitespace=False)

    def pipe(self, texts: Iterable[str], batch_size: int = 1000) -> Iterator[Doc]:
        """Tokenize ``texts`` one after another (spaCy's ``Tokenizer.pipe`` interface)."""
        for text in texts:
            yield self(text)

    def __getattr__(self, name: str) -> Any:  # vocab, rules, to_bytes, ...: the wrapped tokenizer's
        if name == "tokenizer":
            raise AttributeError(name)
        return getattr(self.tokenizer, name)
