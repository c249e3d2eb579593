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

try:  # a dependency (pyproject.toml); without it script_json takes the json module's path, the same bytes
    import orjson
except ImportError:  # pragma: no cover
    orjson = None

__all__ = ["SourceTable", "clip", "display_text", "display_texts", "is_web_url", "script_json", "script_json_bytes"]

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

    The text of ``json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))`` with those
    characters (and U+2028, U+2029) escaped.  It is made by :mod:`orjson` where that gives the same text
    (:func:`_orjson_bytes`; half the time on the node view's shards), else by :mod:`json`.

    >>> script_json({"t": "</script>"})
    '{"t":"\\\\u003c/script\\\\u003e"}'
    >>> script_json({"b": [1e-05, 1e16, 0.5], "a": None}) == '{"a":null,"b":[1e-05,1e+16,0.5]}'
    True
    """
    fast = _orjson_bytes(data)
    if fast is not None:
        return fast.decode()
    return _json_text(data)


def script_json_bytes(data: Any) -> bytes:
    """:func:`script_json`'s text as UTF-8 bytes, for a caller that writes them to a file: orjson's bytes are
    not decoded to be encoded again (the node view's 232 MB of shards on the full Anthology).

    >>> script_json_bytes({"t": "<é>"}) == script_json({"t": "<é>"}).encode("utf-8")
    True
    """
    fast = _orjson_bytes(data)
    return fast if fast is not None else _json_text(data).encode("utf-8")


def _json_text(data: Any) -> str:
    """:func:`script_json`'s text made by the json module."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


#: orjson's options for :func:`_orjson_bytes`: keys sorted; subclasses of str, int, dict and list, dataclasses and
#: dates left to ``default`` (which refuses them), so that only plain values take orjson's path.
_ORJSON_OPTIONS = 0 if orjson is None else (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS
                                            | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME)
#: A float orjson writes otherwise than ``float.__repr__``: with an exponent (``1e16`` for ``1e+16``, ``1e-7`` for
#: ``1e-07``; json's has a sign or two digits), or in full below 1e-4 (``0.00001`` for ``1e-05``).  The first is a
#: number token ending in a container's ``,`` ``]`` ``}`` or the text's end (inside a string it rarely is: then
#: json's path is taken for nothing).
_EXPONENT = re.compile(rb"e-?[0-9]+(?:[,\]}]|$)")
#: ``null`` as a value: None, or a NaN or infinity (json writes ``NaN``, ``Infinity``).
_NULL = re.compile(rb"(?:^|[:,\[])null")


def _refuse(value: Any) -> Any:
    """orjson's ``default``: a value it does not write itself goes to json's path."""
    raise TypeError(type(value).__name__)


def _orjson_bytes(data: Any) -> bytes | None:
    """:func:`script_json`'s text made by :mod:`orjson` (UTF-8), or ``None`` where it could differ from json's.

    orjson writes plain values as ``json.dumps(..., ensure_ascii=False, sort_keys=True, separators=(",", ":"))``
    does (the same escapes, keys in the same order: UTF-8's byte order is the code points'), but for floats of
    an exponent or below 1e-4, NaN and infinities (``null``).  It refuses what json writes differently or not
    at all (keys that are not strings, integers beyond 64 bits, lone surrogates, subclasses, tuples' subclasses,
    nesting deeper than 255) and accepts one value json refuses (an :class:`~enum.Enum` whose value it writes;
    no view passes one).  Its text is taken unless it holds a float token of another form
    (:data:`_EXPONENT`, ``0.0000``) or a ``null`` (:data:`_NULL`).  A test compares the two on generated values.
    """
    if orjson is None:  # pragma: no cover
        return None
    try:
        raw = orjson.dumps(data, default=_refuse, option=_ORJSON_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return None
    if _EXPONENT.search(raw) or b"0.0000" in raw or (b"null" in raw and _NULL.search(raw)):
        return None
    return (raw.replace(b"&", b"\\u0026").replace(b"<", b"\\u003c").replace(b">", b"\\u003e")
            .replace("\u2028".encode(), b"\\u2028").replace("\u2029".encode(), b"\\u2029"))


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
