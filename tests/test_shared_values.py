"""kg.shared_values: a shared value is always equal, item by item and type by type, to the one it stands for."""
from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from kg.shared_values import SharedValues

_PLAIN = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=3))


def _same(a: object, b: object) -> bool:
    """Equal with the same types all the way down (a NaN equals a NaN, 0.0 is not -0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return repr(a) == repr(b)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[key], b[key]) for key in a)
    return a == b


@given(st.lists(st.lists(_PLAIN, max_size=3), max_size=8))
def test_every_list_is_the_list_given_and_shared_only_with_an_identical_one(lists):
    shared = SharedValues()
    made = [shared.list(items) for items in lists]
    for items, value in zip(lists, made):
        assert _same(value, items)
    for i, j in itertools.combinations(range(len(made)), 2):
        if made[i] is made[j]:
            assert _same(lists[i], lists[j])


@given(st.lists(st.dictionaries(st.text(max_size=2), _PLAIN, max_size=3), max_size=8))
def test_every_dict_is_the_dict_given_in_its_order(dicts):
    shared = SharedValues()
    made = [shared.dict(mapping) for mapping in dicts]
    for mapping, value in zip(dicts, made):
        assert _same(value, mapping)


def test_values_of_other_types_zeros_nans_and_containers_are_never_shared():
    shared = SharedValues()
    for items in ([1], [1.0], [True], [0.0], [-0.0], [math.nan], [[1]], [()]):
        assert shared.list(items) is not shared.list(list(items)) or items in ([1], [1.0], [True])
    assert shared.list([1]) is shared.list([1]) and shared.list([1]) is not shared.list([1.0])
    assert shared.dict({"a": "b"}) is shared.dict({"a": "b"}) and shared.dict({"a": "b"}) is not shared.dict({"a": 1})
    assert repr(shared.list([-0.0])) == "[-0.0]" and shared.list([]) is shared.list(())
