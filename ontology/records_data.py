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
import math
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from ontology.errors import KgError
from ontology.records import DocumentRecords

__all__ = ["RecordsDataError", "from_data", "to_data", "with_shared_strings"]

_Decoder = Callable[[Any], Any]


class RecordsDataError(KgError, ValueError):
    """Data that is not the JSON form of records (corrupted, foreign or made by hand)."""


def to_data(records: DocumentRecords) -> dict[str, Any]:
    """``records`` as JSON-ready data: dataclasses as dicts without their defaults, tuples as lists."""
    return _encode(records)


def from_data(data: Any) -> DocumentRecords:
    """The records ``data`` describes; :class:`RecordsDataError` names the first field that is wrong."""
    return _decode(DocumentRecords, data, "DocumentRecords")


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


class _Invalid(RecordsDataError):
    """A value that is not the shape decoded, on its way out to :func:`from_data` (which raises a
    :class:`RecordsDataError` naming the place instead): ``detail`` says what is wrong, ``parts`` where,
    innermost first (``".papers"``, ``"[0]"``, ...), added as it passes each level."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
        self.parts: list[str] = []

    def at(self, part: str) -> _Invalid:
        self.parts.append(part)
        return self


def _decode(kind: Any, data: Any, root: str) -> Any:
    """``data`` decoded as ``kind``; :class:`RecordsDataError` says where it first differs, as ``root.field[i]...``.

    The decoders build no text on the way down: where a value is wrong is put together from the levels the
    error passes on its way up (on the full Anthology, formatting every item's place took half of reading
    the cached records back).
    """
    try:
        return _decoder(kind)(data)
    except _Invalid as error:
        where = root + "".join(reversed(error.parts))
        raise RecordsDataError(f"{where}: {error.detail}") from None


def _fail(expected: str, value: Any) -> _Invalid:
    return _Invalid(f"expected {expected}, not {type(value).__name__}")


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
    if kind is str:
        intern, longest = sys.intern, _INTERNED_LENGTH

        def decode_str(value: Any) -> Any:
            if type(value) is not str:
                raise _fail("str", value)
            # One object per distinct text: a corpus's records repeat sources, extractor names, sentences,
            # authors and booktitles, and JSON makes a new string for each (a tenth of a big graph's memory).
            # Long texts (abstracts) do not repeat, and some Pythons (3.12.0-3.12.5) never free interned ones.
            return intern(value) if len(value) <= longest else value

        return decode_str

    def decode(value: Any) -> Any:
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            try:
                return float(value)
            except OverflowError:  # a checksum-true entry can still be hostile: refused, not a crash
                raise _Invalid(f"expected float, not an int of {value.bit_length()} bits") from None
        if type(value) is not kind:  # bool is not an int here, nor an int a str
            raise _fail(kind.__name__, value)
        if kind is float and not math.isfinite(value):  # JSON reads 1e400 as inf, and NaN / Infinity: no RDF literal
            raise _Invalid(f"expected a finite float, not {value!r}")
        return value

    return decode


#: Longest text (characters) :func:`from_data` shares: names, sources, booktitles and most sentences.
_INTERNED_LENGTH = 300


def _enum_decoder(kind: type[enum.Enum]) -> _Decoder:
    members = {member.value: member for member in kind if type(member.value) is str}

    def decode(value: Any) -> Any:
        if type(value) is str and (member := members.get(value)) is not None:  # what kind(value) finds, sooner
            return member
        try:
            return kind(value)
        except (ValueError, TypeError):
            raise _Invalid(f"{value!r} is not a {kind.__name__}") from None

    return decode


def _optional_decoder(options: tuple[Any, ...]) -> _Decoder:
    present = [option for option in options if option is not type(None)]
    if len(present) != 1:
        raise TypeError(f"records_data decodes only 'X | None' unions, not {options!r}")
    inner = _decoder(present[0])
    return lambda value: None if value is None else inner(value)


def _tuple_decoder(items: tuple[Any, ...]) -> _Decoder:
    if len(items) == 2 and items[1] is Ellipsis:
        each = _decoder(items[0])

        def decode_all(value: Any) -> tuple:
            if type(value) is not list:
                raise _fail("a list", value)
            try:
                return tuple(map(each, value))
            except _Invalid:
                for index, item in enumerate(value):  # which item: decoded again one at a time
                    try:
                        each(item)
                    except _Invalid as error:
                        raise error.at(f"[{index}]") from None
                raise

        return decode_all
    fixed = [_decoder(item) for item in items]

    def decode_fixed(value: Any) -> tuple:
        if type(value) is not list or len(value) != len(fixed):
            raise _fail(f"a list of {len(fixed)}", value)
        decoded = []
        for index, (decode, item) in enumerate(zip(fixed, value)):
            try:
                decoded.append(decode(item))
            except _Invalid as error:
                raise error.at(f"[{index}]") from None
        return tuple(decoded)

    return decode_fixed


def _dataclass_decoder(kind: type) -> _Decoder:
    hints = typing.get_type_hints(kind)
    fields = {field.name: field for field in dataclasses.fields(kind)}
    names = frozenset(fields)
    required = [name for name, field in fields.items() if _default(field) is dataclasses.MISSING]
    decoders: dict[str, _Decoder] = {}  # filled on first use: a field's type may be the class being built

    def decode(value: Any) -> Any:
        if type(value) is not dict:
            raise _fail(f"a {kind.__name__} object", value)
        if not names.issuperset(value):
            raise _Invalid(f"{kind.__name__} has no field {min(map(repr, set(value) - names))}")  # keys of any type
        arguments = {}
        for name, item in value.items():
            decoder = decoders.get(name)
            if decoder is None:
                decoder = decoders[name] = _decoder(hints[name])
            try:
                arguments[name] = decoder(item)
            except _Invalid as error:
                raise error.at(f".{name}") from None
        for name in required:
            if name not in arguments:
                raise _Invalid(f"{kind.__name__} needs {name!r}")
        return kind(**arguments)

    return decode
