"""The lecture-page reader on the bundled samples and on layouts the samples don't show."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from extractors.lecture_pages import looks_like_lecture_page, read_lecture_page, repeated_blocks
from ontology.records import PaperLinkKind

DATA = Path(__file__).resolve().parent / "data" / "pages"
SAMPLES = sorted(Path(str(resources.files("kg").joinpath("sample/underline"))).glob("*.txt"))


def _read(path: Path, repeated=frozenset()):
    return read_lecture_page(path.read_text(encoding="utf-8"), source=path.name, repeated=repeated)


@pytest.fixture(scope="module")
def sample_pages():
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES]
    repeated = repeated_blocks(texts)
    return {p.name: read_lecture_page(t, source=p.name, repeated=repeated) for p, t in zip(SAMPLES, texts)}


def test_five_samples_are_bundled():
    assert len(SAMPLES) == 5


def test_main_paper_of_a_sample(sample_pages):
    main = sample_pages["001_402f8b867fae7175.txt"].main
    assert main.title.startswith("EMO: Embedding Model Distillation")
    assert (main.country, main.venue, main.presentation_type) == ("China", "EMNLP 2025", "poster")
    assert main.keywords == ("embedding models", "optimal transport", "knowledge distillation")
    assert main.abstract.startswith("Knowledge distillation (KD) is crucial")


@pytest.mark.parametrize("name", [p.name for p in SAMPLES])
def test_listing_has_ten_papers_the_last_untitled(sample_pages, name):
    page = sample_pages[name]
    assert len(page.listed) == 10
    assert page.listed[-1].title is None and page.listed[-1].abstract
    assert all(p.title and p.abstract for p in page.listed[:-1])
    assert all(p.venue == page.listed[0].venue for p in page.listed)


@pytest.mark.parametrize("name", [p.name for p in SAMPLES])
def test_boilerplate_is_never_a_paper(sample_pages, name):
    page = sample_pages[name]
    texts = " ".join((p.title or "") + " " + (p.abstract or "") for p in page.papers).lower()
    for phrase in ("welcome", "registration", "general chair", "underline"):
        assert phrase not in texts
    assert not any(p.title in {"Downloads", "Registration Required"} for p in page.papers)


def test_quoted_first_person_does_not_make_an_abstract_boilerplate(sample_pages):
    titles = [p.title for p in sample_pages["000_16934c490b00c391.txt"].listed]
    assert any(t and t.startswith("Leave My Images Alone") for t in titles)


def test_next_and_similar_links(sample_pages):
    page = sample_pages["000_16934c490b00c391.txt"]
    kinds = {link.kind: link.target_ref for link in page.links}
    assert kinds[PaperLinkKind.NEXT_IN_PROGRAM] == page.listed[0].ref
    similar = next(p for p in page.linked if p.ref == kinds[PaperLinkKind.SIMILAR_TO])
    assert similar.title.startswith("Are Knowledge and Reference") and similar.abstract is None


def test_page_without_similar_lecture(sample_pages):
    page = sample_pages["004_0825f65bd50257cb.txt"]
    assert [link.kind for link in page.links] == [PaperLinkKind.NEXT_IN_PROGRAM]


def test_code_repository_is_taken_from_the_abstract(sample_pages):
    assert sample_pages["000_16934c490b00c391.txt"].main.code_repositories == ("https://github.com/dltmddbs100/CLEAR",)


def test_unseen_venue_with_every_listed_abstract_titled():
    page = _read(DATA / "naacl_full_listing.txt")
    assert (page.main.country, page.main.venue, page.main.presentation_type) == ("Germany", "NAACL 2027", "oral presentation")
    assert page.main.keywords == ("multilingual retrieval", "reranking")
    assert [p.title for p in page.listed] == [
        "Remember Me: Probing Long-Range Memory in Dialogue Agents",
        "Evidence-Aligned Summaries of Scientific Papers",
    ]
    assert {p.venue for p in page.listed} == {"NAACL 2027"}
    assert {link.kind for link in page.links} == {PaperLinkKind.NEXT_IN_PROGRAM, PaperLinkKind.SIMILAR_TO}
    assert any("Annual Conference" in b.text for b in page.boilerplate)


def test_page_without_listing():
    page = _read(DATA / "coling_no_listing.txt")
    assert page.main.title == "Morphology-Aware Tokenization for Twelve Languages"
    assert page.main.presentation_type == "findings paper"
    assert page.listed == () and page.links == ()
    assert page.venue_labels == ("COLING 2027",)


def test_half_a_page_is_reported_not_crashed():
    page = _read(DATA / "half_page.txt")
    assert page.main is None
    assert page.problems and "no abstract" in page.problems[0].message


def test_format_detection():
    assert all(looks_like_lecture_page(p.read_text(encoding="utf-8")) for p in SAMPLES)
    assert not looks_like_lecture_page("just a note\n\nwith two lines")
