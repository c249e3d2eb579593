"""Text helpers of the HTML views: display strings, clipping, safe links and JSON for a ``<script>``.

Every string a view shows from the graph goes through :func:`display_text`
(enums show their value, runs of whitespace become one space), and the page
data is embedded with :func:`script_json`, which cannot close its
``<script>`` element.

Examples
--------
>>> display_text("  two\\n words "), clip("abcdef", 3), is_web_url("ftp://x")
('two words', 'abc…', False)
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

__all__ = ["SourceTable", "clip", "display_text", "display_texts", "is_web_url", "script_json"]

_SPACES = re.compile(r"\s+")


def display_text(value: Any) -> str:
    """A display string for an attribute value (enums show their value; ``None`` is ``""``).

    >>> from ontology.kinds import NodeKind
    >>> display_text(NodeKind.PAPER), display_text(None), display_text(" a \\t b ")
    ('paper', '', 'a b')
    """
    if type(value) is str:  # the common case first: views call this for every field of every node
        return " ".join(value.split())
    if value is None:
        return ""
    if isinstance(value, Enum):
        value = value.value
    return " ".join(str(value).split())  # str.split() splits at the whitespace ``\s`` matches, and is faster


def display_texts(value: Any) -> list[str]:
    """A list attribute (or a single value) as a list of non-empty display strings; sets are sorted.

    >>> display_texts({"b", "a", ""}), display_texts("one"), display_texts(None)
    (['a', 'b'], ['one'], [])
    """
    if value is None:
        return []
    if type(value) in (list, tuple):  # the common case, without the slower abstract Iterable check
        return [t for t in map(display_text, value) if t]
    if isinstance(value, (str, Enum)) or not isinstance(value, Iterable):
        value = [value]
    texts = [t for t in (display_text(v) for v in value) if t]
    return sorted(texts) if isinstance(value, (set, frozenset)) else texts


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut.

    >>> clip("abcdef", 3), clip("abc", 3)
    ('abc…', 'abc')
    """
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + "\u2026"


def is_web_url(url: str) -> bool:
    """Whether ``url`` is an http(s) URL with a host: the only links a view makes clickable.

    >>> is_web_url("https://github.com/x/y"), is_web_url("javascript:alert(1)"), is_web_url("http:/x")
    (True, False, False)
    """
    parts = urlsplit(url)
    return parts.scheme.lower() in {"http", "https"} and bool(parts.netloc)


def script_json(data: Any) -> str:
    """Compact, key-sorted JSON that is safe inside a ``<script>`` element (``<``, ``>``, ``&`` escaped).

    >>> script_json({"t": "</script>"})
    '{"t":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class SourceTable:
    """Source file names, stored once per page and referred to by index (see ``PageData.sources``).

    >>> table = SourceTable()
    >>> table("a.txt"), table("b.txt"), table("a.txt"), table(None)
    (0, 1, 0, 2)
    >>> table.names
    ['a.txt', 'b.txt', 'unknown source']
    """

    def __init__(self) -> None:
        self.names: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, name: Any) -> int:
        """The index of ``name`` in :attr:`names`, adding it when new."""
        text = display_text(name) or "unknown source"
        if text not in self._index:
            self._index[text] = len(self.names)
            self.names.append(text)
        return self._index[text]
