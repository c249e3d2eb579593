"""Records as plain JSON data and back, checked field by field: a format that can hold data only.

:func:`to_data` turns a :class:`~ontology.records.DocumentRecords` into dicts,
lists, strings and numbers (fields left at their default are omitted);
:func:`from_data` rebuilds it and refuses anything that is not exactly that
shape — a wrong type, an unknown field, an unknown enum value — with
:class:`RecordsDataError`. Nothing in the data is ever executed or imported,
unlike a pickle, so data read back from a shared folder cannot run code.

>>> from ontology.records import DocumentRecords, Paper, Provenance
>>> paper = Paper(ref="title:toyrank", provenance=Provenance("toy.jsonl", line=1), title="ToyRank", year=2026)
>>> records = DocumentRecords(source="toy.jsonl", papers=(paper,))
>>> data = to_data(records)
>>> data["papers"][0]["title"], data["papers"][0]["provenance"]
('ToyRank', {'source': 'toy.jsonl', 'line': 1})
>>> from_data(data) == records
True
>>> from_data({"source": "toy.jsonl", "papers": [{"ref": 7}]})
Traceback (most recent call last):
...
ontology.records_data.RecordsDataError: DocumentRecords.papers[0].ref: expected str, not int
"""
from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from ontology.errors import KgError
from ontology.records import DocumentRecords

__all__ = ["RecordsDataError", "to_data", "from_data", "with_shared_strings"]

_Decoder = Callable[[Any, str], Any]


class RecordsDataError(KgError, ValueError):
    """Data that is not the JSON form of records (corrupted, foreign or made by hand)."""


def to_data(records: DocumentRecords) -> dict[str, Any]:
    """``records`` as JSON-ready data: dataclasses as dicts without their defaults, tuples as lists."""
    return _encode(records)


def from_data(data: Any) -> DocumentRecords:
    """The records ``data`` describes; :class:`RecordsDataError` names the first field that is wrong."""
    return _decoder(DocumentRecords)(data, "DocumentRecords")


def with_shared_strings(records: DocumentRecords) -> DocumentRecords:
    """``records`` rebuilt with one string object per distinct short text, as :func:`from_data` gives them.

    Records made by an extractor (and sent back from a worker process) repeat
    their source, extractor names, sentences, authors and booktitles as
    separate strings; on a whole corpus that is a tenth of the graph's memory.
    Texts longer than 300 characters (abstracts) are left as they are.

    >>> from ontology.records import Paper, Provenance
    >>> papers = tuple(Paper(ref=f"title:{n}", provenance=Provenance("".join(["toy", ".jsonl"]))) for n in "ab")
    >>> papers[0].provenance.source is papers[1].provenance.source
    False
    >>> shared = with_shared_strings(DocumentRecords(source="toy.jsonl", papers=papers))
    >>> shared.papers == papers, shared.papers[0].provenance.source is shared.papers[1].provenance.source
    (True, True)
    """
    return from_data(to_data(records))


def _encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {field.name: _encode(item) for field in dataclasses.fields(value)
                if (item := getattr(value, field.name)) != _default(field)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    return value


def _default(field: dataclasses.Field) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return dataclasses.MISSING


def _fail(where: str, expected: str, value: Any) -> RecordsDataError:
    return RecordsDataError(f"{where}: expected {expected}, not {type(value).__name__}")


@cache
def _decoder(annotation: Any) -> _Decoder:
    """A checking decoder for one type annotation of the record classes (built once per type)."""
    origin = typing.get_origin(annotation)
    if dataclasses.is_dataclass(annotation):
        return _dataclass_decoder(annotation)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return _enum_decoder(annotation)
    if origin in (typing.Union, types.UnionType):
        return _optional_decoder(typing.get_args(annotation))
    if origin is tuple:
        return _tuple_decoder(typing.get_args(annotation))
    if annotation in (str, int, float, bool):
        return _scalar_decoder(annotation)
    raise TypeError(f"records_data cannot decode fields of type {annotation!r}; teach _decoder about it")


def _scalar_decoder(kind: type) -> _Decoder:
    def decode(value: Any, where: str) -> Any:
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if type(value) is not kind:  # bool is not an int here, nor an int a str
            raise _fail(where, kind.__name__, value)
        return value

    if kind is str:
        def decode_str(value: Any, where: str) -> Any:
            # One object per distinct text: a corpus's records repeat sources, extractor names, sentences,
            # authors and booktitles, and JSON makes a new string for each (a tenth of a big graph's memory).
            # Long texts (abstracts) do not repeat, and some Pythons (3.12.0-3.12.5) never free interned ones.
            text = decode(value, where)
            return sys.intern(text) if len(text) <= _INTERNED_LENGTH else text

        return decode_str
    return decode


#: Longest text (characters) :func:`from_data` shares: names, sources, booktitles and most sentences.
_INTERNED_LENGTH = 300


def _enum_decoder(kind: type[enum.Enum]) -> _Decoder:
    def decode(value: Any, where: str) -> Any:
        try:
            return kind(value)
        except (ValueError, TypeError):
            raise RecordsDataError(f"{where}: {value!r} is not a {kind.__name__}") from None

    return decode


def _optional_decoder(options: tuple[Any, ...]) -> _Decoder:
    present = [option for option in options if option is not type(None)]
    if len(present) != 1:
        raise TypeError(f"records_data decodes only 'X | None' unions, not {options!r}")
    inner = _decoder(present[0])
    return lambda value, where: None if value is None else inner(value, where)


def _tuple_decoder(items: tuple[Any, ...]) -> _Decoder:
    if len(items) == 2 and items[1] is Ellipsis:
        each = _decoder(items[0])

        def decode_all(value: Any, where: str) -> tuple:
            if type(value) is not list:
                raise _fail(where, "a list", value)
            return tuple(each(item, f"{where}[{index}]") for index, item in enumerate(value))

        return decode_all
    fixed = [_decoder(item) for item in items]

    def decode_fixed(value: Any, where: str) -> tuple:
        if type(value) is not list or len(value) != len(fixed):
            raise _fail(where, f"a list of {len(fixed)}", value)
        return tuple(decode(item, f"{where}[{index}]") for index, (decode, item) in enumerate(zip(fixed, value)))

    return decode_fixed


def _dataclass_decoder(kind: type) -> _Decoder:
    hints = typing.get_type_hints(kind)
    fields = {field.name: field for field in dataclasses.fields(kind)}

    def decode(value: Any, where: str) -> Any:
        if type(value) is not dict:
            raise _fail(where, f"a {kind.__name__} object", value)
        unknown = sorted(set(value) - set(fields))
        if unknown:
            raise RecordsDataError(f"{where}: {kind.__name__} has no field {unknown[0]!r}")
        arguments = {name: _decoder(hints[name])(item, f"{where}.{name}") for name, item in value.items()}
        missing = [name for name, field in fields.items()
                   if name not in arguments and _default(field) is dataclasses.MISSING]
        if missing:
            raise RecordsDataError(f"{where}: {kind.__name__} needs {missing[0]!r}")
        return kind(**arguments)

    return decode
