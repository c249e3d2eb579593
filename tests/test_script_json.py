"""script_json writes the text of the json module's encoder, escaped, whichever encoder made it (orjson or json)."""
from __future__ import annotations

import json
import sys
from collections import namedtuple
from enum import Enum, IntEnum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports import view_text
from exports.view_text import script_json

_SPECIAL = st.sampled_from("<>&\u2028\u2029\"\\\x00\x1f\x7fé𝄞")
_TEXT = st.text(alphabet=st.characters(codec=None) | _SPECIAL, max_size=12)
_FLOATS = (st.floats(allow_nan=True, allow_infinity=True)
           | st.builds(lambda m, e: m * 10.0 ** e, st.floats(-10, 10), st.integers(-30, 30))
           | st.sampled_from([1e-05, 1e16, -0.0, 0.0001, 9.999e15, 1e-4, 5e-324, 1.7976931348623157e308]))
_SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-2 ** 65, 2 ** 65) | _FLOATS | _TEXT)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.lists(inner, max_size=3).map(tuple)
                       | st.dictionaries(_TEXT, inner, max_size=4)
                       | st.dictionaries(st.integers() | st.booleans() | st.none(), inner, max_size=3), max_leaves=20)


def _old(value) -> str:
    """script_json as it was written before orjson: json.dumps, then the five escapes."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _outcome(encode, value) -> tuple[str, str]:
    try:
        return "text", encode(value)
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@settings(max_examples=1500, deadline=None)
@given(_VALUES)
def test_the_text_is_the_json_modules(value):
    """The same text, or the same error (keys of types that do not sort together), for any JSON-like value:
    floats of every magnitude, NaN and infinities, integers past 64 bits, lone surrogates, escapes."""
    assert _outcome(script_json, value) == _outcome(_old, value)


Point = namedtuple("Point", "x y")


class Colour(str, Enum):
    RED = "red"


class Rank(IntEnum):
    ONE = 1


class Number(float):
    pass


@pytest.mark.parametrize("value", [
    {"b": [1e-05, 1e16, 0.5, 1e22, -1.5e-7, 9.5e-05], "a": None},
    [float("nan"), float("inf"), -float("inf")],
    {"s": "</script> & \u2028 \u2029 é 𝄞 \x01", "n": 2 ** 70, "m": -(2 ** 64)},
    {1: "int key", "2": "str key"}, {True: 1}, {None: 1},
    Point(1, 2), [Colour.RED, Rank.ONE, Number(0.1)], {"x": Number(1e-7)},
    "lone \ud800 surrogate", {"\ud800": 1}, "e5]", ["0.00001", "null", ",null", "1e16,"],
])
def test_values_orjson_writes_otherwise_or_refuses(value):
    """Floats with exponents or below 1e-4 (orjson: ``1e16``, ``0.00001``), NaN (orjson: ``null``), keys that are not
    strings, integers past 64 bits, subclasses, lone surrogates: json's text, whichever path made it."""
    assert _outcome(script_json, value) == _outcome(_old, value)


def test_deep_nesting_past_orjsons_limit():
    value: list = [1]
    for _ in range(300):
        value = [value]
    assert script_json(value) == _old(value)


def test_a_node_shard_takes_orjsons_path():
    """What the node view's shards hold (strings, ints, rounded scores) is written by orjson: the speed-up holds."""
    if view_text.orjson is None:  # pragma: no cover
        pytest.skip("orjson is not installed")
    shard = {"sources": ["2020.acl-main.tei.xml"], "nodes": {
        "paper/2020.acl-main.1-38e66983e": {"nb": [["venue/acl-2020", "presentedAt", 1],
                                                  ["paper/b", "similarTo", 1, {"sc": 0.734, "st": 0.5, "wk": 1,
                                                                               "se": ["BERT"], "tm": ["e5"]}]],
                                           "nt": 2, "d": {"rows": [["Year", "2020"]], "src": [0],
                                                          "ab": "We <b>null</b> 1e16 & \u2028 é"}}}}
    assert view_text._orjson_bytes(shard).decode() == _old(shard)
    assert view_text.script_json_bytes(shard) == _old(shard).encode("utf-8")


def test_without_orjson_the_json_modules_path(monkeypatch):
    monkeypatch.setattr(view_text, "orjson", None)
    value = {"b": [1, 0.25, "<&>"], "a": "é"}
    assert script_json(value) == _old(value)
    assert sys.modules["exports.view_text"] is view_text
