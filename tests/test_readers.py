"""The ACL Anthology XML, JSON Lines and BibTeX readers, on real volumes and small made-up files."""
from __future__ import annotations

from pathlib import Path

import pytest

from extractors.anthology_xml import PWC_EXTRACTOR, read_anthology_xml
from extractors.bibtex import read_bibtex
from extractors.jsonl_records import read_jsonl
from extractors.readers import READERS, Reader, detect_format, read_records
from kg.pipeline import build
from ontology.ids import paper_ref
from ontology.records import DocumentRecords, Paper, Provenance

DATA = Path(__file__).parent / "data"
ACL_2020 = DATA / "anthology" / "2020.acl.trimmed.xml"
LANTERN = DATA / "anthology" / "2020.lantern.xml"


def _xml(path: Path):
    return read_anthology_xml(path.read_bytes(), source=path.name)


# ----------------------------------------------------------------------------- Anthology XML


def test_anthology_paper_fields_from_a_real_volume():
    records = _xml(ACL_2020)
    coach = next(p for p in records.papers if p.anthology_id == "2020.acl-main.3")
    assert coach.title == "Coach: A Coarse-to-Fine Approach for Cross-domain Slot Filling"  # <fixed-case> unwrapped
    assert coach.venue == "ACL 2020" and coach.year == 2020
    assert coach.authors == ("Zihan Liu", "Genta Indra Winata", "Peng Xu", "Pascale Fung")
    assert coach.doi == "10.18653/v1/2020.acl-main.3"
    assert coach.url == "https://aclanthology.org/2020.acl-main.3"
    assert coach.code_repositories == ("https://github.com/zliucr/coach",)
    assert coach.booktitle.startswith("Proceedings of the 58th Annual Meeting")
    assert coach.abstract.startswith("As an essential task in task-oriented dialog systems")
    assert coach.abstract.endswith("https://github.com/zliucr/coach.")  # inline <url> kept as text


def test_tex_math_stays_in_the_abstract_as_text():
    records = _xml(ACL_2020)
    (with_math,) = [p for p in records.papers if p.abstract and "-gram loss function" in p.abstract]
    assert "n-gram loss function" in with_math.abstract  # <tex-math>n</tex-math>-gram
    assert "<" not in with_math.abstract


def test_pwc_datasets_become_curated_uses_with_their_page():
    records = _xml(LANTERN)
    curated = [(m.paper_ref, m.name, m.same_as) for m in records.mentions]
    assert ("anthology:2020.lantern-1.4", "Flickr30k", "https://paperswithcode.com/dataset/flickr30k") in curated
    assert all(m.provenance.extractor == PWC_EXTRACTOR and m.relation.value == "uses" for m in records.mentions)
    assert all(m.provenance.line for m in records.mentions)


def test_venue_facts_from_the_volume_meta():
    venue = _xml(LANTERN).venues[0]
    assert (venue.name, venue.series, venue.year, venue.location) == ("LANTERN 2020", "LANTERN", 2020, "Barcelona, Spain")
    assert "LANTERN" in venue.booktitle


def test_truncated_xml_keeps_the_papers_before_the_break_and_names_the_line():
    data = ACL_2020.read_bytes()
    cut = data[: data.index(b'<paper id="4"') + 200]
    records = read_anthology_xml(cut, source="cut.xml")
    assert [p.anthology_id for p in records.papers] == ["2020.acl-main.3"]
    (problem,) = records.problems
    assert problem.source == "cut.xml" and problem.line and "malformed XML" in problem.message


def test_a_paper_without_title_or_abstract_is_reported_and_skipped():
    xml = b'<collection id="2021.x"><volume id="1"><meta><year>2021</year></meta><paper id="1"><author><first>A</first><last>B</last></author></paper></volume></collection>'
    records = read_anthology_xml(xml, source="empty.xml")
    assert records.papers == []
    assert "no title and no abstract" in records.problems[0].message and records.problems[0].line == 1



def test_an_old_style_paper_id_that_is_no_number_is_kept_not_a_failed_file():
    # benchmarks/scale_corpus.py alters paper ids ("2" -> "2r3"); an old-style volume whose papers have no <url>
    # used to fail as a whole on int("2r3"), which dropped 31 volumes from each copy of the 1M-paper corpus
    xml = (b'<collection id="D14"><volume id="1"><meta><year>2014</year></meta>'
           b'<paper id="2r3"><title>Attention (replica 3)</title></paper><paper id="4"><title>Parsing</title></paper>'
           b'</volume></collection>')
    records = read_anthology_xml(xml, source="D14.copy3.xml")
    assert [p.anthology_id for p in records.papers] == ["D14-1.2r3", "D14-1004"]
    assert records.problems == []

@pytest.mark.parametrize(("collection", "volume", "year", "expected"), [
    ("2020.acl", "main", 2020, "ACL 2020"),
    ("2020.acl", "srw", 2020, "ACL 2020"),
    ("2022.findings", "acl", 2022, "Findings of ACL 2022"),
    ("2021.wmt", "1", 2021, "WMT 2021"),
    ("N19", "1", 2019, "NAACL 2019"),
    ("K18", "1", 2018, "CoNLL 2018"),
])
def test_volume_venue_names(collection, volume, year, expected):
    from extractors.anthology_venues import volume_venue

    assert volume_venue(collection, volume, year=year).name == expected


# ----------------------------------------------------------------------------- JSON Lines


def test_jsonl_records_with_known_and_unknown_fields():
    path = DATA / "records" / "papers.jsonl"
    records = read_jsonl(path.read_text(encoding="utf-8"), source=path.name)
    assert records.problems == []
    toy = next(p for p in records.papers if p.title == "Toy Retrieval with Tiny Models")
    assert toy.authors == ("Cy Example", "Di Example")
    assert toy.doi == "10.1234/toy.1"  # resolver prefix removed
    assert toy.code_repositories == ("https://github.com/example/toyrank",)
    assert toy.provenance.line == 2
    clear = next(p for p in records.papers if p.title and p.title.startswith("CLEAR"))
    assert dict(clear.extra) == {"id": "clear-2026", "topic": "retrieval"}  # the record's id is kept


@pytest.mark.parametrize(("line", "message"), [
    ('{"title": "A"', "not a JSON object"),
    ("[1, 2]", "not an object"),
    ('{"venue": "ACL 2020"}', "no title and no abstract"),
    ('{"title": "A", "year": "soon"}', "'year' must be a number"),
])
def test_bad_jsonl_lines_are_reported_with_their_line_and_the_rest_is_read(line, message):
    text = '{"title": "Good one"}\n' + line + '\n{"title": "Good two"}\n'
    records = read_jsonl(text, source="mixed.jsonl")
    assert [p.title for p in records.papers] == ["Good one", "Good two"]
    (problem,) = records.problems
    assert problem.line == 2 and message in problem.message


# ----------------------------------------------------------------------------- BibTeX


def test_bibtex_entries_become_papers():
    path = DATA / "records" / "refs.bib"
    records = read_bibtex(path.read_text(encoding="utf-8"), source=path.name)
    assert records.problems == []
    tiny, cafe = records.papers
    assert tiny.title == "TinyQA: Question Answering with SQuAD on a Budget"
    assert tiny.authors == ("Eve Example", "Fay Example") and tiny.year == 2024
    assert tiny.booktitle == "Proceedings of the Example Workshop"
    assert dict(tiny.extra)["bibtex_key"] == "example-2024-tiny" and dict(tiny.extra)["note"] == "Made-up entry"
    assert cafe.title == "Café Reviews as a Corpus" and cafe.abstract is None and cafe.year == 2023
    assert (tiny.venue, cafe.venue) == ("Example Workshop 2024", "Journal of Examples")


def test_a_bibtex_entry_that_does_not_parse_is_named_and_the_rest_is_read():
    text = "@article{good1, title={One}}\n\n@article{broken, title={never closed\n\n@misc{good2, title={Two}}\n"
    records = read_bibtex(text, source="broken.bib")
    assert [p.title for p in records.papers] == ["One", "Two"]
    (problem,) = records.problems
    assert problem.line == 3 and "does not parse" in problem.message


def test_a_bibtex_entry_without_title_or_abstract_is_named():
    records = read_bibtex("@misc{lonely, note={nothing}}\n", source="x.bib")
    assert records.papers == [] and "'lonely'" in records.problems[0].message


# ----------------------------------------------------------------------------- format detection


@pytest.mark.parametrize(("path", "expected"), [
    (ACL_2020, "anthology-xml"),
    (DATA / "records" / "papers.jsonl", "jsonl"),
    (DATA / "records" / "refs.bib", "bibtex"),
    (DATA / "records" / "anthology_refs.bib", "bibtex"),
    (DATA / "records" / "openalex_works.json", "openalex"),
    (DATA / "records" / "semantic_scholar_batch.json", "semantic-scholar"),
    (DATA / "records" / "arxiv_snapshot.jsonl", "arxiv-metadata"),
    (DATA / "records" / "zotero_items.csl.json", "csl-json"),
    (DATA / "records" / "mendeley_export.ris", "ris"),
    (DATA / "pages" / "half_page.txt", "lecture-page"),
])
def test_format_is_detected_from_content(path, expected, tmp_path):
    renamed = tmp_path / "input.txt"  # the extension must not matter
    renamed.write_bytes(path.read_bytes())
    assert detect_format(renamed.name, renamed.read_text(encoding="utf-8")) == expected


# ----------------------------------------------------------------------------- the readers table


def _toy_records(text: str, source: str, repeated) -> DocumentRecords:
    """A made-up format: one paper title per line after a "#toy" header."""
    titles = [line.strip() for line in text.splitlines()[1:] if line.strip()]
    papers = tuple(Paper(ref=paper_ref(title), provenance=Provenance(source=source, line=number + 2), title=title)
                   for number, title in enumerate(titles))
    return DocumentRecords(source=source, papers=papers)


def test_a_new_format_is_one_entry_in_the_readers_table(tmp_path, monkeypatch):
    toy = Reader("toy", "one title per line", lambda name, text: text.startswith("#toy"), _toy_records)
    monkeypatch.setitem(READERS, "toy", toy)  # added after the lecture-page fallback, yet detected first
    (tmp_path / "list.txt").write_text("#toy\nZorbRank for Toy Retrieval\nBlorp: A Tiny Benchmark\n", encoding="utf-8")
    assert detect_format("list.txt", "#toy\nA\n") == "toy"
    result = build([tmp_path], similarity=False)
    assert sorted(data["title"] for _, data in result.graph.nodes(data=True) if data["kind"] == "paper") == [
        "Blorp: A Tiny Benchmark", "ZorbRank for Toy Retrieval"]
    assert result.problems == ()


def test_every_reader_has_a_description_and_reads_its_own_samples():
    assert [reader.name for reader in READERS.values() if reader.fallback] == ["lecture-page"]
    assert all(reader.description for reader in READERS.values())
    assert detect_format("page.txt", "Germany\nWe study retrieval.\nACL 2026\n") == "lecture-page"
    records = read_records(ACL_2020.read_text(encoding="utf-8"), source=ACL_2020.name, format="anthology-xml")
    assert records.papers and records.mentions and not records.problems


def test_an_unknown_format_is_a_problem_not_an_error():
    records = read_records("<html/>", source="x.html", format="")
    assert [str(problem) for problem in records.problems] == [
        "x.html:1: not a format kg reads (markup that is not an ACL Anthology volume); skipped"]
