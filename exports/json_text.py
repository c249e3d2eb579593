"""``json.dumps(value, ensure_ascii=False, sort_keys=True)`` by an encoder made once, for the millions of small
objects graph.json and the graph tables encode.

Each ``json.dumps`` call with options builds a ``JSONEncoder`` and then the
C encoder behind it: on the full Anthology's 1.2 million nodes and edges
(twice: graph.json and the tables) that setup cost about a third of the
encoding.  :func:`sorted_json` keeps one C encoder with the same settings,
so its text is the same by construction; a value it cannot encode is handed
to ``json.dumps``, which raises the error it always raised.

>>> sorted_json({"b": [1, 2.5, None], "a": "é"}) == json.dumps({"b": [1, 2.5, None], "a": "é"},
...                                                            ensure_ascii=False, sort_keys=True)
True
>>> sorted_json({"x": {1, 2}})
Traceback (most recent call last):
...
TypeError: Object of type set is not JSON serializable
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from json import encoder as _encoder
from pathlib import Path
from typing import Any

from ontology.util.files import open_atomic

__all__ = ["sorted_json", "write_pieces"]


def _c_encoder():
    """The C encoder ``json.dumps(..., ensure_ascii=False, sort_keys=True)`` makes on every call, made once."""
    make = _encoder.c_make_encoder
    if make is None:  # a Python without the json module's C accelerator
        return None
    settings = json.JSONEncoder(ensure_ascii=False, sort_keys=True)
    # markers None: no check for circular references (their dict would have to be emptied after a failed call);
    # a value that fails in any way, a circular one included, goes to json.dumps, which checks
    return make(None, settings.default, _encoder.encode_basestring, settings.indent, settings.key_separator,
                settings.item_separator, settings.sort_keys, settings.skipkeys, settings.allow_nan)


_ENCODE = _c_encoder()


def sorted_json(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, sort_keys=True)``: the same text, without making an encoder."""
    if _ENCODE is not None and value.__class__ is not str:  # dumps writes a lone string by another path
        try:
            return "".join(_ENCODE(value, 0))
        except (TypeError, ValueError, RecursionError):
            pass
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


#: :func:`write_pieces` encodes and writes its pieces about this many characters at a time.
_CHUNK = 1 << 22


def write_pieces(path: Path, pieces: Iterable[str]) -> Path:
    """Write the text ``pieces`` to ``path`` (atomically) as UTF-8, a chunk of about 4 M characters at a time, so that
    a big file (graph.json: ~500 MB on the full Anthology) is never held whole."""
    with open_atomic(Path(path)) as stream:
        pending: list[str] = []
        size = 0
        for piece in pieces:
            pending.append(piece)
            size += len(piece)
            if size > _CHUNK:
                stream.write("".join(pending).encode("utf-8"))
                pending, size = [], 0
        stream.write("".join(pending).encode("utf-8"))
    return Path(path)
