"""Offsets of the mentions a title gives (its proposed NAME, a team, a title-only paper's tasks) point at the title's
own characters in the source, also where the reader removed markup or white space from the title."""
from __future__ import annotations

from pathlib import Path

import pytest

from extractors.markup import clean_markup
from extractors.mentions import extract_mentions
from extractors.readers import detect_format, read_records
from ontology.records import DocumentRecords, EntityKind, Paper, Provenance

PAGES = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "underline"


def _title_mentions(records: DocumentRecords):
    titles = {paper.ref: paper.title for paper in records.papers}
    return [m for m in records.mentions if m.provenance.sentence == titles.get(m.paper_ref)]


def _read(text: str, name: str) -> DocumentRecords:
    return read_records(text, source=name, format=detect_format(name, text))


def test_title_mentions_of_the_sample_pages_point_at_their_names() -> None:
    if not PAGES.is_dir():
        pytest.skip("../shared/corpus/underline is not present")
    checked = 0
    for page in sorted(PAGES.glob("*.txt")):
        text = page.read_text(encoding="utf-8")
        for mention in _title_mentions(_read(text, page.name)):
            if mention.provenance.start is not None:
                assert text[mention.provenance.start:mention.provenance.end] == mention.name, (page.name, mention)
                checked += 1
    assert checked >= 15  # 18 in the five sample pages when this was written


def test_title_mentions_skip_the_markup_the_reader_removed_from_a_title() -> None:
    raw = "**SRA**: Span Representation Alignment for *Large* Language Model Distillation"
    source = "Paper\n\n" + raw + "\n"
    start = source.index(raw)
    title = clean_markup(raw).text
    assert title == "SRA: Span Representation Alignment for Large Language Model Distillation"
    paper = Paper(ref="p", title=title, provenance=Provenance("page.txt"), title_span=(start, start + len(raw)))
    mentions = {m.name: m for m in extract_mentions([paper], source_texts={"page.txt": source})}
    sra = mentions["SRA"].provenance
    assert source[sra.start:sra.end] == "SRA"
    assert len(mentions) >= 2  # a title-only paper: the task its title names too
    for name, mention in mentions.items():
        assert clean_markup(source[mention.provenance.start:mention.provenance.end]).text == name


def test_a_title_whose_source_is_not_given_keeps_offsets_only_where_its_span_is_its_own_length() -> None:
    title = "Quux Detection in Zorbs"
    as_read = Paper(ref="p", title=title, provenance=Provenance("page.txt"), title_span=(100, 100 + len(title)))
    cleaned = Paper(ref="p", title=title, provenance=Provenance("page.txt"), title_span=(100, 104 + len(title)))
    (kept,) = [m for m in extract_mentions([as_read]) if m.kind is EntityKind.TASK]
    (dropped,) = [m for m in extract_mentions([cleaned]) if m.kind is EntityKind.TASK]
    assert (kept.provenance.start, kept.provenance.end) == (100, 114)
    assert (dropped.provenance.start, dropped.provenance.end) == (None, None)


def test_a_title_with_white_space_around_it_in_the_source_maps_past_it() -> None:
    source = "xx\n  Quux Detection in Zorbs \nyy"
    start = source.index("  Quux")
    title = "Quux Detection in Zorbs"
    paper = Paper(ref="p", title=title, provenance=Provenance("page.txt"), title_span=(start, start + len(title) + 3))
    (task,) = [m for m in extract_mentions([paper], source_texts={"page.txt": source}) if m.kind is EntityKind.TASK]
    assert source[task.provenance.start:task.provenance.end] == "Quux Detection"
