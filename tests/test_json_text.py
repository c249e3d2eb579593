"""sorted_json writes json.dumps(value, ensure_ascii=False, sort_keys=True)'s text, and raises what it raises."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exports.json_text import sorted_json

_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
            | st.text())
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=4)
                       | st.dictionaries(st.integers() | st.floats(allow_nan=False) | st.booleans() | st.none(),
                                         inner, max_size=3), max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_the_text_is_json_dumps_text(value):
    """The same text, or the same error (keys of types that do not sort together)."""
    assert _outcome(sorted_json, value) == _outcome(lambda v: json.dumps(v, ensure_ascii=False, sort_keys=True), value)


def _outcome(encode, value) -> tuple[str, str]:
    try:
        return "text", encode(value)
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


def test_a_graph_attribute_dict_as_graph_json_and_the_tables_write_it():
    data = {"label": "Ünïcode “q” \\ \"x\"\n", "year": 2026, "score": 0.1 + 0.2, "weak": False, "shared": ["a", "b"],
            "scores": {"text": 0.5, "combined": 1e-7}, "mentions": [{"start": 1, "end": None}], "id": "paper/a"}
    assert sorted_json(data) == json.dumps(data, ensure_ascii=False, sort_keys=True)
    assert sorted_json("lone") == json.dumps("lone", ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("value", [{"x": {1, 2}}, {1: "a", "b": 2}, [object()]])
def test_what_json_dumps_refuses_raises_the_same_error(value):
    with pytest.raises(TypeError) as expected:
        json.dumps(value, ensure_ascii=False, sort_keys=True)
    with pytest.raises(TypeError) as raised:
        sorted_json(value)
    assert str(raised.value) == str(expected.value)


def test_a_circular_value_is_refused_as_json_dumps_refuses_it_and_the_encoder_stays_usable():
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        sorted_json({"a": loop})
    assert sorted_json({"b": [1, math.pi]}) == json.dumps({"b": [1, math.pi]}, ensure_ascii=False, sort_keys=True)
