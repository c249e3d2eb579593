"""Pieces shared by the readers of bibliographic JSON and text formats: identifiers, years, JSON items.

Identifiers are kept bare, the way :class:`~ontology.records.Paper` holds
them, so that the graph can join the same paper from two formats on them:

>>> bare_arxiv_id("https://arxiv.org/abs/2004.11727v2"), bare_arxiv_id("arXiv:hep-th/9901001")
('2004.11727', 'hep-th/9901001')
>>> bare_arxiv_id("10.48550/arXiv.2004.11727"), bare_arxiv_id("not an id") is None
('2004.11727', True)
>>> bare_openalex_id("https://openalex.org/W2741809807"), anthology_id_in("https://aclanthology.org/2020.acl-main.3/")
('W2741809807', '2020.acl-main.3')
>>> anthology_id_in("10.18653/v1/P18-1001"), year_in("2023/07//"), year_in(2019)
('P18-1001', 2023, 2019)
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ontology.records import InputProblem, Paper, Provenance, ReaderRecords

__all__ = [
    "JSON_LINE",
    "SURROGATES_REPLACED",
    "JsonItem",
    "anthology_id_in",
    "authors_of",
    "bare_arxiv_id",
    "bare_openalex_id",
    "bare_s2_id",
    "first_json_record",
    "json_items",
    "json_lines",
    "nested",
    "read_json_papers",
    "text_of",
    "with_surrogates_replaced",
    "year_in",
]

_ARXIV_NEW = r"\d{4}\.\d{4,5}"
_ARXIV_OLD = r"[a-z][a-z.-]*/\d{7}"
_ARXIV = re.compile(rf"^(?:https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/|arxiv:|(?:https?://doi\.org/)?"
                    rf"10\.48550/arxiv\.)?(?P<id>{_ARXIV_NEW}|{_ARXIV_OLD})(?:v\d+)?(?:\.pdf)?/?$", re.IGNORECASE)
_OPENALEX = re.compile(r"^(?:https?://(?:api\.)?openalex\.org/(?:works/)?)?(?P<id>W\d+)$", re.IGNORECASE)
_S2 = re.compile(r"^(?:https?://(?:www\.|api\.)?semanticscholar\.org/\S*?/)?(?P<id>[0-9a-f]{40})$", re.IGNORECASE)
_ANTHOLOGY = re.compile(r"(?:aclanthology\.org/|aclweb\.org/anthology/|10\.18653/v1/)"
                        r"(?P<id>\d{4}\.[a-z0-9-]+\.\d+|[A-Z]\d{2}-\d{4})(?:\.pdf)?/?$", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)((?:1[89]|2\d)\d\d)(?!\d)")
_SPACES = re.compile(r"\s+")
_WRAPPER_KEYS = ("results", "data")  # OpenAlex result pages, Semantic Scholar search and batch pages


# JSON Lines end at "\n" only: U+2028, U+0085 and the other breaks str.splitlines knows are text inside a JSON string
JSON_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def json_lines(text: str) -> list[str]:
    """The lines of JSON Lines ``text``, each with its ``"\\n"``, split on ``"\\n"`` alone.

    >>> json_lines('{"title": "A\\u2028B"}\\n{"title": "C"}')
    ['{"title": "A\\u2028B"}\\n', '{"title": "C"}']
    """
    return [match.group() for match in JSON_LINE.finditer(text)]


def text_of(value: object) -> str | None:
    """``value`` as one line of text (spaces collapsed), or None when empty or not text-like."""
    if value is None or isinstance(value, (dict, list, bool)):
        return None
    text = _SPACES.sub(" ", str(value)).strip()
    return text or None


def year_in(value: object) -> int | None:
    """The year an int or a date string ("2023-07-01", "2023/07//", "Mon, 2 Apr 2007 19:18:42 GMT") gives."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1800 <= value <= 2999 else None
    found = _YEAR.search(str(value or ""))
    return int(found.group(1)) if found else None


def bare_arxiv_id(value: object) -> str | None:
    """An arXiv id without prefix, URL or version ("2004.11727", "hep-th/9901001"); None when it is none."""
    found = _ARXIV.match(text_of(value) or "")
    return found.group("id").lower() if found else None


def bare_openalex_id(value: object) -> str | None:
    """An OpenAlex work id ("W2741809807") from the id or its URL."""
    found = _OPENALEX.match(text_of(value) or "")
    return found.group("id").upper() if found else None


def bare_s2_id(value: object) -> str | None:
    """A Semantic Scholar paper id (40 hex digits) from the id or its page URL."""
    found = _S2.match(text_of(value) or "")
    return found.group("id").lower() if found else None


def anthology_id_in(value: object) -> str | None:
    """The ACL Anthology id in an Anthology URL or an Anthology DOI (10.18653/v1/…)."""
    found = _ANTHOLOGY.search(text_of(value) or "")
    return found.group("id") if found else None


#: A JSON escape of a UTF-16 surrogate ("\\ud800"): json decodes a pair into one character, a lone one into a
#: lone surrogate, which no UTF-8 text (the cache, graph.ttl) can hold.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: The problem noted for a record whose lone surrogates were replaced.
SURROGATES_REPLACED = "a lone UTF-16 surrogate escape (\\uD800-\\uDFFF without its pair) read as U+FFFD"


def with_surrogates_replaced(value: object, raw: str) -> tuple[object, bool]:
    """``value``, decoded from the JSON text ``raw``, with every lone surrogate replaced by U+FFFD, and whether
    one was; ``raw`` is searched first, so a text without surrogate escapes costs one regex scan.

    >>> value = {"t": "a" + chr(0xD800) + "b", "u": ["ok"]}
    >>> with_surrogates_replaced(value, json.dumps(value)) == ({"t": "a" + chr(0xFFFD) + "b", "u": ["ok"]}, True)
    True
    >>> with_surrogates_replaced({"t": "ok"}, '{"t": "ok"}')
    ({'t': 'ok'}, False)
    """
    if not _SURROGATE_ESCAPE.search(raw):
        return value, False
    found = False

    def clean(item: object) -> object:
        nonlocal found
        if isinstance(item, str):
            fixed = _LONE_SURROGATE.sub("\ufffd", item)
            found = found or fixed != item
            return fixed
        if isinstance(item, dict):
            return {clean(key): clean(member) for key, member in item.items()}
        if isinstance(item, list):
            return [clean(member) for member in item]
        return item

    cleaned = clean(value)
    return cleaned, found


@dataclass(frozen=True)
class JsonItem:
    """One record of a JSON input: the value (a problem when ``error`` is set) and where it sits."""

    value: object
    line: int
    start: int
    end: int
    error: str | None = None


@lru_cache(maxsize=1)  # every JSON format's detector asks about the same text in turn
def first_json_record(text: str) -> dict | None:
    """The first record of a JSON or JSON Lines text, looking inside a result page; None when there is none.

    >>> first_json_record('{"meta": {}, "results": [{"id": "https://openalex.org/W1"}]}')
    {'id': 'https://openalex.org/W1'}
    >>> first_json_record('[{"a": 1}, {"a": 2}]'), first_json_record('{"a": 1}\\n{"a": 2}\\n')
    ({'a': 1}, {'a': 1})
    """
    for item in json_items(text, limit=1):
        return item.value if isinstance(item.value, dict) and item.error is None else None
    return None


def json_items(text: str, *, limit: int | None = None) -> Iterator[JsonItem]:
    """Every record of ``text``: one JSON document or JSON Lines, each with its line and offsets.

    A document is an object (one record, or a result page whose ``results`` or
    ``data`` list holds the records) or an array of records; anything else is
    read as JSON Lines, where a line that does not parse is an item with an
    ``error``.

    >>> [(item.value, item.line) for item in json_items('[\\n  {"a": 1},\\n  {"a": 2}\\n]')]
    [({'a': 1}, 2), ({'a': 2}, 3)]
    >>> [(item.line, item.error) for item in json_items('{"a": 1}\\n{"a": \\n')]
    [(1, None), (2, 'not a JSON object: Expecting value (column 7)')]
    """
    decoder = json.JSONDecoder()
    start = len(text) - len(text.lstrip())
    items: Iterator[JsonItem] | None = None
    try:
        _, end = decoder.raw_decode(text, start)
        if not text[end:].strip():
            items = _document_items(text, start, decoder)
    except json.JSONDecodeError:
        pass
    for count, item in enumerate(items if items is not None else _line_items(text), start=1):
        yield item
        if limit is not None and count >= limit:
            return


class _LineCounter:
    """Line numbers of increasing offsets, counting each stretch of text once."""

    def __init__(self, text: str) -> None:
        self.text, self.offset, self.line = text, 0, 1

    def __call__(self, offset: int) -> int:
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line


def _document_items(text: str, start: int, decoder: json.JSONDecoder) -> Iterator[JsonItem]:
    line_of = _LineCounter(text)
    if text[start] == "[":
        yield from _array_items(text, start, decoder, line_of)
        return
    value, end = decoder.raw_decode(text, start)
    if not isinstance(value, dict) or not any(isinstance(value.get(key), list) for key in _WRAPPER_KEYS):
        yield JsonItem(value, line_of(start), start, end)
        return
    # a result page: find the offset of its list by decoding the object member by member
    position = start + 1
    while True:
        position = _skip(text, position, ",")
        if text[position] == "}":
            return
        key, position = decoder.raw_decode(text, position)
        position = _skip(text, _skip(text, position, "") + 1, "")  # past the ":"
        if key in _WRAPPER_KEYS and text[position] == "[":
            yield from _array_items(text, position, decoder, line_of)
            return
        _, position = decoder.raw_decode(text, position)


def _array_items(text: str, start: int, decoder: json.JSONDecoder, line_of: _LineCounter) -> Iterator[JsonItem]:
    position = start + 1
    while True:
        position = _skip(text, position, ",")
        if text[position] == "]":
            return
        value, end = decoder.raw_decode(text, position)
        yield JsonItem(value, line_of(position), position, end)
        position = end


def _skip(text: str, position: int, also: str) -> int:
    while position < len(text) and (text[position].isspace() or text[position] in also):
        position += 1
    return position


def _line_items(text: str) -> Iterator[JsonItem]:
    offset = 0
    for number, line in enumerate(json_lines(text), start=1):
        start, offset = offset, offset + len(line)
        if not line.strip():
            continue
        body = line.rstrip("\r\n")
        try:
            yield JsonItem(json.loads(body), number, start, start + len(body))
        except json.JSONDecodeError as error:
            yield JsonItem(None, number, start, start + len(body),
                           f"not a JSON object: {error.msg} (column {error.colno})")


def read_json_papers(text: str, *, source: str, paper_of: Callable[[dict, Provenance, ReaderRecords], Paper]
                     ) -> ReaderRecords:
    """Records of every JSON item of ``text`` (see :func:`json_items`), each made by ``paper_of``.

    An item that does not parse, is not an object or makes ``paper_of`` raise
    :class:`ValueError` becomes a problem naming its line; the rest is read.
    """
    records = ReaderRecords()
    escapes = _SURROGATE_ESCAPE.search(text) is not None  # one scan of the file, not a slice of every record
    for item in json_items(text):
        if item.error:
            records.problems.append(InputProblem(source, f"{item.error}; line skipped", item.line))
        elif not isinstance(item.value, dict):
            records.problems.append(InputProblem(source, "a JSON value that is not an object; skipped", item.line))
        else:
            value, replaced = with_surrogates_replaced(item.value, text[item.start:item.end]) if escapes \
                else (item.value, False)
            if replaced:
                records.problems.append(InputProblem(source, SURROGATES_REPLACED, item.line))
            try:
                records.papers.append(paper_of(value, Provenance(source, start=item.start, end=item.end,
                                                                 line=item.line), records))
            except ValueError as error:
                records.problems.append(InputProblem(source, f"{error}; skipped", item.line))
    return records


def authors_of(people: object, name: Callable[[dict], str | None]) -> tuple[str, ...]:
    """The names of a list of person objects (``name`` reads one), in order, empty ones left out."""
    if not isinstance(people, list):
        return ()
    names = (name(person) if isinstance(person, dict) else text_of(person) for person in people)
    return tuple(found for found in names if found)


def nested(record: object, *keys: str) -> object:
    """``record[k1][k2]…``, or None where a level is missing or not an object.

    >>> nested({"primary_location": {"source": {"display_name": "PeerJ"}}}, "primary_location", "source", "display_name")
    'PeerJ'
    >>> nested({"primary_location": None}, "primary_location", "source") is None
    True
    """
    for key in keys:
        if not isinstance(record, dict):
            return None
        record = record.get(key)
    return record
