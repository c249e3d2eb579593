"""Records as plain data and back (ontology.records_data): what a rebuild reads from the document cache.

The decoder checks every field and names the first wrong one (``DocumentRecords.papers[1].keywords[1]``);
it builds that place only when something is wrong, so these tests pin the messages of each kind of fault
and the round trip of real records (the bundled sample's and, where ../shared is present, Anthology volumes').
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kg.pipeline import build, sample_inputs
from ontology.records import DocumentRecords, EntityKind
from ontology.records_data import RecordsDataError, from_data, to_data, with_shared_strings

ROOT = Path(__file__).resolve().parents[1]
ANTHOLOGY = ROOT.parent / "shared" / "corpus" / "anthology"

_PAPER = {"ref": "t:a", "provenance": {"source": "a.txt"}}
_MENTION = {"paper_ref": "t:a", "name": "BERT", "kind": "model", "relation": "uses", "provenance": {"source": "a.txt"}}


@pytest.mark.parametrize(("data", "message"), [
    ({"source": "a", "papers": [_PAPER, {**_PAPER, "keywords": ["x", 3]}]},
     "DocumentRecords.papers[1].keywords[1]: expected str, not int"),
    ({"source": "a", "papers": [_PAPER, {**_PAPER, "abstract_span": [1]}]},
     "DocumentRecords.papers[1].abstract_span: expected a list of 2, not list"),
    ({"source": "a", "papers": [_PAPER, {**_PAPER, "abstract_span": [1, "2"]}]},
     "DocumentRecords.papers[1].abstract_span[1]: expected int, not str"),
    ({"source": "a", "mentions": [_MENTION, {**_MENTION, "kind": "dog"}]},
     "DocumentRecords.mentions[1].kind: 'dog' is not a EntityKind"),
    ({"source": "a", "mentions": [{**_MENTION, "kind": ["model"]}]},
     "DocumentRecords.mentions[0].kind: ['model'] is not a EntityKind"),
    ({"source": "a", "papers": [{**_PAPER, "provenance": {"source": "a", "confidence": True}}]},
     "DocumentRecords.papers[0].provenance.confidence: expected float, not bool"),
    ({"source": "a", "papers": [{**_PAPER, "provenance": {"line": 1}}]},
     "DocumentRecords.papers[0].provenance: Provenance needs 'source'"),
    ({"source": "a", "papers": [{**_PAPER, "zeta": 1, "alpha": 2}]},
     "DocumentRecords.papers[0]: Paper has no field 'alpha'"),
    ({"source": "a", "papers": [{**_PAPER, "extra": [["k", "v"], ["k"]]}]},
     "DocumentRecords.papers[0].extra[1]: expected a list of 2, not list"),
    ({"source": "a", "papers": {}}, "DocumentRecords.papers: expected a list, not dict"),
    ({"papers": []}, "DocumentRecords: DocumentRecords needs 'source'"),
    ([], "DocumentRecords: expected a DocumentRecords object, not list"),
    ({"source": "a", "papers": [{**_PAPER, "provenance": {"source": "a", "confidence": 10 ** 400}}]},
     "DocumentRecords.papers[0].provenance.confidence: expected float, not an int of 1329 bits"),
    ({"source": "a", "papers": [{**_PAPER, "provenance": {"source": "a", "confidence": float("inf")}}]},
     "DocumentRecords.papers[0].provenance.confidence: expected a finite float, not inf"),
    ({"source": "a", "papers": [{**_PAPER, "provenance": {"source": "a", "confidence": float("nan")}}]},
     "DocumentRecords.papers[0].provenance.confidence: expected a finite float, not nan"),
    ({"source": "a", 1: 2, "zz": 3}, "DocumentRecords: DocumentRecords has no field 'zz'"),
])
def test_a_wrong_value_is_named_by_its_place(data: object, message: str) -> None:
    with pytest.raises(RecordsDataError) as raised:
        from_data(data)
    assert str(raised.value) == message


def test_values_are_decoded_to_their_types() -> None:
    data = {"source": "a", "papers": [{**_PAPER, "abstract_span": [0, 4], "extra": [["k", "v"]],
                                       "provenance": {"source": "a.txt", "confidence": 1}}],
            "mentions": [_MENTION]}
    records = from_data(data)
    paper, mention = records.papers[0], records.mentions[0]
    assert paper.abstract_span == (0, 4) and paper.extra == (("k", "v"),)
    assert type(paper.provenance.confidence) is float and paper.provenance.confidence == 1.0
    assert mention.kind is EntityKind.MODEL and type(mention.kind) is EntityKind
    assert records.mentions[0].provenance.source is records.papers[0].provenance.source  # one shared string


def _documents() -> list[DocumentRecords]:
    inputs = sample_inputs()
    if ANTHOLOGY.is_dir():
        inputs += sorted(ANTHOLOGY.glob("2022.*.xml"))[:3]
    return list(build(inputs, similarity=False).documents)


def test_real_records_come_back_equal_and_every_damage_is_refused_with_its_place() -> None:
    """The round trip of the sample's (and Anthology volumes') records; then a value swapped for one of
    another type anywhere refuses the whole document, naming a place the damaged data has."""
    documents = _documents()
    assert documents
    for document in documents:
        assert from_data(to_data(document)) == document == with_shared_strings(document)
    rng = random.Random(7)
    for document in documents:
        data = to_data(document)
        for _ in range(20):
            where, target, key = _random_place(data, rng)
            if target is None:
                continue
            kept = target[key]
            target[key] = 12345 if isinstance(kept, str) else "x" if not isinstance(kept, list) else {"a": 1}
            with pytest.raises(RecordsDataError) as raised:
                from_data(data)
            assert str(raised.value).startswith("DocumentRecords")
            assert str(raised.value).split(": ", 1)[0] == where
            target[key] = kept
        assert from_data(data) == document


def _random_place(data: dict, rng: random.Random) -> tuple[str, object, object]:
    """A random dataclass field somewhere in ``data``: its place as the decoder names it, its dict and key."""
    where, target = "DocumentRecords", data
    while True:
        keys = [key for key, value in target.items() if key != "complete"]
        if not keys:
            return where, None, None
        key = rng.choice(keys)
        value = target[key]
        if isinstance(value, list) and value and isinstance(value[0], dict) and rng.random() < 0.8:
            index = rng.randrange(len(value))
            where, target = f"{where}.{key}[{index}]", value[index]
        elif isinstance(value, dict) and rng.random() < 0.8:
            where, target = f"{where}.{key}", value
        else:
            return f"{where}.{key}", target, key


#: Values put in place of a field's, one at a time: every JSON type and the edges of each (bool against int, an int
#: where a float belongs, one too large for a float, NaN), lists of each length, objects.
_WRONG = (None, True, 0, -1, 2 ** 70, 10 ** 400, 1.5, float("nan"), float("inf"), "", "model", "a" * 400, [], [1],
          [1, "2"], [["a", "b"]], [None], [{}], {}, {"source": "a"})


def _places(data: object):
    """Every (container, key or index) in ``data`` whose value can be swapped: fields and list items."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield data, key
            yield from _places(value)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield data, index
            yield from _places(value)


def test_any_value_anywhere_is_decoded_or_refused_never_a_crash() -> None:
    """A cache entry with a true checksum can still be hostile: whatever a field holds, :func:`from_data` returns
    records or raises :class:`RecordsDataError`, never another exception (an int too large for a float raised
    ``OverflowError`` out of the build before)."""
    document = next(iter(build(sample_inputs()[:1], similarity=False).documents))
    data = to_data(document)
    data = {**data, "papers": data["papers"][:2], "mentions": data["mentions"][:4], "venues": data["venues"][:1]}
    expected = from_data(data)
    verdicts = {"decoded": 0, "refused": 0}
    for target, key in list(_places(data)):
        kept = target[key]
        for wrong in _WRONG:
            target[key] = wrong
            try:
                from_data(data)
                verdicts["decoded"] += 1
            except RecordsDataError:
                verdicts["refused"] += 1
        target[key] = kept
    assert from_data(data) == expected  # every field put back: the same records
    assert verdicts["refused"] > 500 and verdicts["decoded"] > 20  # both sides of the line were tried
