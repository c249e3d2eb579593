"""Each document's summary (kg.document_summary, step S2 of docs/scaling.md, round h14cc): the decision tables made
from the summaries alone are those made from the records, and a stored summary is used only for its own records and
code."""
from __future__ import annotations

import dataclasses
import json
from array import array
from pathlib import Path

import numpy as np
import pytest

from kg import document_summary
from kg.document_summary import DecisionTables, DocumentSummary, SummaryStore, summarize, summary_tables
from kg.entity_decisions import entity_table
from kg.paper_attributes import merged_abstract
from kg.paper_decisions import paper_table
from kg.partition_rows import assembly_mentions
from kg.person_decisions import person_table
from kg.title_tasks import TITLE_TASK_EXTRACTOR
from kg.venue_decisions import venue_table
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation, Venue
from tests.test_entity_decisions_pinned import _documents as _pinned_entity_documents
from tests.test_partition_rows import _entities, _made_up, _persons, _untried


def _record_tables(documents: list[DocumentRecords]) -> DecisionTables:
    """The tables as kg.partition_rows makes them from the records."""
    ordered = sorted(documents, key=lambda d: d.source)
    records = [p for d in ordered for p in d.papers]
    papers = paper_table(records)
    venues = venue_table([v for d in ordered for v in d.venues], records)
    mentions, positions = assembly_mentions(ordered, papers)
    abstracts = frozenset(node for node, group in zip(papers.nodes, papers.members(records))
                          if merged_abstract(group) is not None)  # D4's abstract, read off the records
    return DecisionTables(papers, venues, person_table(records, papers),
                          entity_table(mentions, papers.node_map(), positions), abstracts)


def _columns(tables: DecisionTables) -> dict[str, list]:
    """Every column of the four tables, as plain lists (numpy and C arrays compared by value)."""
    def plain(value):
        if isinstance(value, (np.ndarray, array)):
            return value.tolist()
        if isinstance(value, list):
            return [plain(item) for item in value]
        return value

    columns = {f"{name}.{column.name}": plain(getattr(table, column.name))
               for name, table in vars(tables).items() if dataclasses.is_dataclass(table)
               for column in dataclasses.fields(table)}
    columns["abstracts"] = sorted(tables.abstracts)
    return columns


def _stored(documents: list[DocumentRecords], folder: Path) -> list[DocumentSummary]:
    """The documents' summaries, written to a store under ``folder`` and read back."""
    store = SummaryStore(folder)
    keys = [f"{k:02d}key{d.source}" for k, d in enumerate(documents)]
    store.summaries(zip(keys, documents))
    return store.summaries((key, None) for key in reversed(keys))


def _edge_cases() -> list[DocumentRecords]:
    """A paper whose title and abstract normalise to nothing (its id is a digest of them); title tasks of a paper
    that another document gives an abstract (dropped), of one whose own abstract normalises to nothing (dropped: it
    has one) and of one with none (kept); a mention whose source is not its document's, one of another document's
    paper; a venue record."""
    task = TITLE_TASK_EXTRACTOR + "head"
    x = DocumentRecords(source="x.txt", papers=(
        Paper(ref="x1", title=".", abstract="..", provenance=Provenance("x.txt", line=1)),
        Paper(ref="x2", title="Parsing Graphs", authors=("Ann Lee", "Bo Li"), provenance=Provenance("x.txt", line=2))),
        mentions=(Mention("x2", "graph parsing", EntityKind.TASK, Relation.USES, Provenance("x.txt", extractor=task)),
                  Mention("x1", "BERT", EntityKind.MODEL, Relation.USES,
                          Provenance("elsewhere.txt", start=4, extractor="kg_entities:use+gazetteer"),
                          same_as="https://example.org/bert")),
        venues=(Venue(name="ACL 2026", location="Vienna", provenance=Provenance("x.txt", start=2)),))
    y = DocumentRecords(source="y.txt", papers=(
        Paper(ref="y1", title="Parsing graphs", abstract="We parse graphs.", venue="ACL 2026",
              authors=("Ann Lee",), provenance=Provenance("y.txt")),))
    z = DocumentRecords(source="z.txt", papers=(
        Paper(ref="z1", title="Tree Tagging", abstract=".", provenance=Provenance("z.txt")),
        Paper(ref="z2", title="Chunk Tagging", provenance=Provenance("z.txt"))),
        mentions=(Mention("z1", "tree tagging", EntityKind.TASK, Relation.USES, Provenance("z.txt", extractor=task)),
                  Mention("z2", "chunk tagging", EntityKind.TASK, Relation.USES, Provenance("z.txt", extractor=task)),
                  Mention("z2", "LM", EntityKind.METHOD, Relation.PROPOSES, Provenance("z.txt", start=9),
                          long_form="language model"),
                  Mention("y1", "LM", EntityKind.METHOD, Relation.USES, Provenance("z.txt", start=12))))
    return [z, x, y]


CORPORA = {"made up": _made_up, "persons": _persons, "entities": _entities, "untried": _untried,
           "pinned entities": _pinned_entity_documents, "edge cases": _edge_cases}


@pytest.mark.parametrize("corpus", CORPORA)
def test_tables_from_stored_summaries_are_the_records_tables(corpus, tmp_path):
    documents = CORPORA[corpus]()
    assert _columns(summary_tables(_stored(documents, tmp_path))) == _columns(_record_tables(documents))


def test_the_samples_tables_from_summaries_are_its_records(sample_build, tmp_path):
    documents = list(sample_build.documents)
    tables = summary_tables(_stored(documents, tmp_path))
    assert _columns(tables) == _columns(_record_tables(documents))
    assert len(tables.entities.mention_part) > 100 and len(tables.papers.nodes) > 10  # the sample's, not empty


def test_the_edge_cases_tables_hold_mains_values(tmp_path):
    """Values from main at 9352092's tables of the records: a rule the summaries lose fails here."""
    tables = summary_tables(_stored(_edge_cases(), tmp_path))
    assert tables.papers.node_map() == {
        "x1": "paper/text-e80c4aa2fc59baae-463c8ad131", "x2": "paper/title-parsing-graphs-eea1ffd825",
        "y1": "paper/title-parsing-graphs-eea1ffd825", "z1": "paper/title-tree-tagging-7403e30916",
        "z2": "paper/title-chunk-tagging-dcfe81fb42"}
    assert (tables.persons.labels, tables.persons.sources) == (["Ann Lee", "Bo Li"], [("x.txt",), ("x.txt",)])
    assert (tables.venues.ids, tables.venues.rows[0]["location"]) == (["venue/acl-2026"], "Vienna")
    assert tables.entities.node_of() == {  # the title tasks of x2 and z1 dropped (their groups have abstracts)
        ("elsewhere.txt", 1): ("model", "model/bert"), ("z.txt", 1): ("task", "task/chunktagging"),
        ("z.txt", 2): ("method", "method/languagemodel"), ("z.txt", 3): ("method", "method/lm")}


def test_a_summary_keeps_what_the_tables_read_and_no_text(tmp_path):
    x = _edge_cases()[1]
    summary = summarize(x)
    assert summary.papers == [
        ["x1", 1, "main", [], None, None, None, None, None, None, None, None, None, True, ".", "..", None],
        ["x2", 2, "main", ["Ann Lee", "Bo Li"], None, None, None, None, None, None, None, "title:parsing graphs",
         None, False, None, None, None]]
    assert summary.mentions == [
        [1, "graph parsing", "task", "uses", None, 0, None, None, None],
        [0, "BERT", "model", "uses", 4, 1, None, "https://example.org/bert", "elsewhere.txt"]]
    assert summary.extractors == [TITLE_TASK_EXTRACTOR + "head", "kg_entities:use+gazetteer"]
    assert summarize(_edge_cases()[0]).mentions[-1][0] == "y1"  # a paper of another document: its ref
    assert summary.venues == [["ACL 2026", 2, None, None, "Vienna", None, None, None, None, None, None]]
    document = DocumentRecords(source="w.txt", papers=(
        Paper(ref="w", title="A Title", abstract="An abstract of many words.", provenance=Provenance("w.txt")),))
    assert "many words" not in json.dumps(summarize(document).to_data())  # its digest stands for it


def test_a_summary_of_other_records_code_or_bytes_is_not_used(tmp_path, monkeypatch):
    store = SummaryStore(tmp_path)
    store.put("k1", summarize(_edge_cases()[0]))
    assert store.get("k1") == summarize(_edge_cases()[0]) and store.get("k2") is None
    path, other = store._path("k1"), store._path("k2")
    other.parent.mkdir(exist_ok=True)
    path.rename(other)  # another document's summary, under this one's name
    assert store.get("k2") is None
    store.put("k1", summarize(_edge_cases()[0]))
    path.write_bytes(path.read_bytes().replace(b"tree tagging", b"tree taggins"))  # damaged where it parses
    assert store.get("k1") is None
    store.put("k1", summarize(_edge_cases()[0]))
    monkeypatch.setattr(document_summary, "code_digest", lambda: "other text-key code")
    assert SummaryStore(tmp_path).get("k1") is None and store.get("k1") is not None
    data = summarize(_edge_cases()[0]).to_data()
    data["mentions"][0][0] = 7  # a paper row the document does not have
    with pytest.raises(document_summary.SummaryError, match="not one of its rows"):
        DocumentSummary.from_data(data)
    with pytest.raises(ValueError, match="pass its records to make one"):
        SummaryStore(tmp_path).summaries([("k1", None)])


def test_summaries_not_used_are_pruned(tmp_path):
    store = SummaryStore(tmp_path)
    for key in ("a1", "b2"):
        store.put(key, summarize(_edge_cases()[0]))
    assert store.prune(["a1"]) == 1 and store.get("a1") is not None and store.get("b2") is None
    assert store.note([("a1", _edge_cases()[0]), ("c3", _edge_cases()[1])]) == 1  # only the one not stored yet
    assert store.get("c3") == summarize(_edge_cases()[1])


def test_a_build_keeps_each_cached_documents_summary_and_reads_them_back(tmp_path):
    from kg.pipeline import build, sample_inputs

    cache = tmp_path / "cache"
    first = build(sample_inputs(), cache_dir=cache, similarity=False, keep_documents=True)
    store = SummaryStore(cache / document_summary.SUMMARY_FOLDER)
    files = sorted(store.folder.glob("??/*.json"))
    assert len(files) == len(first.input_keys) == 5
    summaries = store.summaries((key, None) for key in first.input_keys)
    assert _columns(summary_tables(summaries)) == _columns(_record_tables(list(first.documents)))
    stamps = [path.stat().st_mtime_ns for path in files]
    build(sample_inputs(), cache_dir=cache, similarity=False)  # every document read back: no summary written again
    assert [path.stat().st_mtime_ns for path in files] == stamps
    fewer = build(sorted(sample_inputs()[0].iterdir())[:3], cache_dir=cache, similarity=False)
    assert len(list(store.folder.glob("??/*.json"))) == len(fewer.input_keys) == 3  # the others' are dropped


def _signed(store: SummaryStore, key: str, data: dict) -> None:
    """``data`` stored under ``key`` with a true header and checksum, as a hostile writer would (review88)."""
    body = json.dumps(data).encode()
    header = b" ".join((document_summary._MAGIC, store._code, key.encode(),
                        document_summary.hashlib.sha256(body).hexdigest().encode()))
    store._path(key).parent.mkdir(parents=True, exist_ok=True)
    store._path(key).write_bytes(header + b"\n" + body)


@pytest.mark.parametrize(("rows", "column", "value"), [
    ("papers", 0, 5), ("papers", 1, "1"), ("papers", 3, 5), ("papers", 3, [1]), ("papers", 5, "2020"),
    ("papers", 11, 3), ("papers", 13, "no"), ("papers", 16, 1), ("mentions", 1, 1), ("mentions", 2, "bogus"),
    ("mentions", 3, "x"), ("mentions", 4, "x"), ("mentions", 6, 1), ("venues", 0, 3), ("venues", 3, "2020")])
def test_a_checksum_true_summary_of_other_types_is_refused_not_tabled(tmp_path, rows, column, value):
    """Each of these crashed the tables (a str line sorted beside ints, authors an int, a kind no EntityKind) or
    made them of wrong types (a str year) before review88; now the summary reads as None and is made again."""
    store = SummaryStore(tmp_path)
    documents = _edge_cases()
    data = [summarize(document).to_data() for document in documents]
    target = next(index for index, summary in enumerate(data) if summary[rows])
    data[target][rows][0][column] = value
    for index, summary in enumerate(data):
        _signed(store, f"k{index}", summary)
    assert store.get(f"k{target}") is None
    with pytest.raises(document_summary.SummaryError, match="column holds a value"):
        DocumentSummary.from_data(data[target])
    remade = store.summaries((f"k{index}", document) for index, document in enumerate(documents))
    assert _columns(summary_tables(remade)) == _columns(_record_tables(documents))


def test_a_damaged_summary_is_made_again_by_the_next_build(tmp_path):
    store = SummaryStore(tmp_path)
    store.put("k1", summarize(_edge_cases()[0]))
    path = store._path("k1")
    path.write_bytes(path.read_bytes()[:-20])  # truncated: its checksum fails
    assert store.get("k1") is None
    assert store.note([("k1", _edge_cases()[0])]) == 1 and store.get("k1") == summarize(_edge_cases()[0])
    assert store.note([("k1", _edge_cases()[0])]) == 0  # an intact one is kept


def test_the_summary_code_names_the_columns(monkeypatch):
    """:data:`~kg.venue_decisions.VENUE_FIELDS` lives outside this module: a venue field added changes the rows,
    so summaries stored before are not found (and not refused forever under the same name)."""
    before = document_summary.summary_code()
    monkeypatch.setattr(document_summary, "VENUE_COLUMNS", (*document_summary.VENUE_COLUMNS, "country"))
    assert document_summary.summary_code() != before


def test_an_empty_abstract_is_none_as_d4_has_it(tmp_path):
    """D4's merged abstract of "" is None, so the paper's title task stays (a summary that kept "has an abstract"
    as "is not None" dropped it; no corpus above has an empty abstract beside a title task: review88 mutation)."""
    task = TITLE_TASK_EXTRACTOR + "head"
    documents = [DocumentRecords(source="e.txt", papers=(
        Paper(ref="e1", title="Graph Parsing", abstract="", provenance=Provenance("e.txt")),),
        mentions=(Mention("e1", "graph parsing", EntityKind.TASK, Relation.USES,
                          Provenance("e.txt", extractor=task)),))]
    tables = summary_tables(_stored(documents, tmp_path))
    assert _columns(tables) == _columns(_record_tables(documents))
    assert tables.entities.node_of() == {("e.txt", 0): ("task", "task/graphparsing")}


def test_the_store_writes_and_reads_nothing_through_a_link(tmp_path):
    """kg/cache.py's rule for the summaries too: a linked folder or group is not written through nor read."""
    outside = tmp_path / "outside"
    outside.mkdir()
    summary = summarize(_edge_cases()[0])
    linked = tmp_path / "linked"
    linked.symlink_to(outside)
    SummaryStore(linked).put("k1", summary)
    assert SummaryStore(linked).note([("k1", _edge_cases()[0])]) == 0  # none stored, none counted
    assert list(outside.iterdir()) == [] and SummaryStore(linked).prune([]) == 0
    store = SummaryStore(tmp_path / "store")
    store.put("k1", summary)
    group = store._path("k1").parent
    (outside / group.name).mkdir()
    (outside / group.name / store._path("k1").name).write_bytes(store._path("k1").read_bytes())
    store._path("k1").unlink()
    group.rmdir()
    group.symlink_to(outside / group.name)  # a group linked out, holding a true summary
    assert store.get("k1") is None
    store.put("k1", summary)
    assert not group.is_symlink() and store.get("k1") == summary and len(list((outside / group.name).iterdir())) == 1


def test_an_empty_source_is_kept_not_read_as_the_documents(tmp_path):
    """A record whose source is "" was read back as its document's (``source or self.source``), so the persons'
    and entities' sources differed from the records' tables (review88)."""
    documents = [DocumentRecords(source="a.txt", papers=(
        Paper(ref="p", title="Graph Parsing", authors=("Ann Lee",), provenance=Provenance("")),),
        mentions=(Mention("p", "BERT", EntityKind.MODEL, Relation.USES, Provenance("", start=1, extractor="x")),),
        venues=(Venue(name="ACL 2026", provenance=Provenance("")),))]
    tables = summary_tables(_stored(documents, tmp_path))
    assert _columns(tables) == _columns(_record_tables(documents)) and tables.persons.sources == [("",)]


def test_the_summary_code_names_this_modules_bytes(monkeypatch, tmp_path):
    """A summary's layout is this module's code: another version of it (other bytes) makes other file names."""
    before = document_summary.summary_code()
    changed = tmp_path / "document_summary.py"
    changed.write_bytes(Path(document_summary.__file__).read_bytes() + b"# another version\n")
    monkeypatch.setattr(document_summary, "__file__", str(changed))
    assert document_summary.summary_code() != before
