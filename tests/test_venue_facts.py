"""Tests for extractors.venue_facts: conference facts from page boilerplate."""
from __future__ import annotations

import itertools
import json
import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from extractors.blocks import TextBlock, split_blocks
from extractors.venue_facts import extract_venue_facts, parse_date_range
from extractors.venue_patterns import (
    VenuePatternError,
    fragment,
    month_numbers,
    pattern,
    pattern_entries,
    splice,
)
from ontology.records import Venue

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus" / "underline"
GOLD = SHARED / "gold" / "seeds.gold.json"


def _sample_pages() -> list[str]:
    names = sorted(p.name for p in CORPUS.glob("*.txt")) if CORPUS.is_dir() else []
    return names or ["<no sample pages>"]


@pytest.fixture(scope="module")
def gold() -> dict:
    if not GOLD.is_file() or not CORPUS.is_dir():
        pytest.skip(f"shared sample corpus not found at {SHARED}")
    return json.loads(GOLD.read_text(encoding="utf-8"))


def _by_name(venues: list[Venue]) -> dict[str, Venue]:
    return {venue.name: venue for venue in venues}


def _facts(venue: Venue) -> tuple:
    return (venue.location, venue.start_date, venue.end_date, venue.edition, venue.general_chair)


# --------------------------------------------------------------------------
# The five real sample pages against the gold file.
# --------------------------------------------------------------------------


@pytest.mark.parametrize("page", _sample_pages())
def test_sample_page_matches_gold(gold: dict, page: str) -> None:
    text = (CORPUS / page).read_text(encoding="utf-8")
    venues = _by_name(extract_venue_facts(split_blocks(text), source=page))
    mentioned = [v for v in gold["venues"] if v["name"] in text]
    assert mentioned, "every sample page names at least one gold venue"
    # the page names no other conference edition, so nothing else is reported
    assert set(venues) == {v["name"] for v in mentioned}
    for expected in mentioned:
        venue = venues[expected["name"]]
        assert (venue.series, venue.year) == (expected["series"], expected["year"])
        assert venue.location is not None
        assert venue.location.split(",")[0] == expected["location"].split(",")[0]
        assert (venue.start_date, venue.end_date) == (expected["start"], expected["end"])
        if expected.get("general_chair") and expected["general_chair"] in text:
            assert venue.general_chair == expected["general_chair"]
        if expected.get("edition") and expected["edition"] in text:
            assert venue.edition == expected["edition"]
        elif not expected.get("edition"):
            assert venue.edition is None


@pytest.mark.parametrize("page", _sample_pages())
def test_sample_page_prefers_most_complete_location(gold: dict, page: str) -> None:
    # ACL 2026 is stated as "San Diego, California, USA" and as "San Diego, California"
    text = (CORPUS / page).read_text(encoding="utf-8")
    venues = _by_name(extract_venue_facts(split_blocks(text), source=page))
    for expected in gold["venues"]:
        if expected["name"] in venues and expected["location"] in text:
            assert venues[expected["name"]].location == expected["location"]


@pytest.mark.parametrize("page", _sample_pages())
def test_sample_page_boilerplate_only_gives_same_facts(gold: dict, page: str) -> None:
    """The caller passes only the blocks that are not papers: same facts."""
    text = (CORPUS / page).read_text(encoding="utf-8")
    document = gold["documents"][page]
    papers = [document["main"], *document["listed"]]
    titles = {p["title"] for p in papers if p.get("title")}
    openings = tuple(p["abstract_start"] for p in papers if p.get("abstract_start"))
    blocks = split_blocks(text)
    boilerplate = [b for b in blocks if b.text not in titles and not b.text.startswith(openings)]
    assert len(boilerplate) < len(blocks)
    everything = extract_venue_facts(blocks, source=page)
    only_boilerplate = extract_venue_facts(boilerplate, source=page)
    assert [(v.name, _facts(v)) for v in only_boilerplate] == [
        (v.name, _facts(v)) for v in everything
    ]


@pytest.mark.parametrize("page", _sample_pages())
def test_sample_page_provenance_points_at_the_sentence(gold: dict, page: str) -> None:
    text = (CORPUS / page).read_text(encoding="utf-8")
    blocks = split_blocks(text)
    for venue in extract_venue_facts(blocks, source=page):
        where = venue.provenance
        assert (where.source, where.extractor) == (page, "venue_facts")
        assert where.start is not None and where.end is not None
        assert text[where.start : where.end] == where.sentence
        [block] = [b for b in blocks if b.start <= where.start < b.end]
        assert where.line == block.line
        assert 0 < where.confidence <= 1


def test_known_venue_without_facts_is_reported(gold: dict) -> None:
    page = "004_0825f65bd50257cb.txt"
    text = (CORPUS / page).read_text(encoding="utf-8")
    venues = extract_venue_facts(split_blocks(text), source=page, known_venues=["ACL 2026"])
    assert [v.name for v in venues] == ["ACL 2026", "EMNLP 2025"]
    acl = venues[0]
    assert (acl.series, acl.year) == ("ACL", 2026)
    assert _facts(acl) == (None, None, None, None, None)
    assert acl.provenance.start is None and acl.provenance.source == page


# --------------------------------------------------------------------------
# Made-up pages: other conferences, other words, other orders.
# --------------------------------------------------------------------------

NAACL_PAGE = """\
NAACL 2025

NAACL 2025 takes place in Albuquerque, New Mexico, April 29 – May 4, 2025.

Registration for NAACL 2025 is open from January 10 to March 1, 2025.

General Chairs: Alice Smith and Bob Jones

ACL 2026

ACL 2026 comes to San Diego, California, USA, July 2–7, 2026. The conference is held \
in conjunction with several workshops.
"""


def test_made_up_naacl_page() -> None:
    venues = _by_name(extract_venue_facts(split_blocks(NAACL_PAGE), source="naacl.txt"))
    assert sorted(venues) == ["ACL 2026", "NAACL 2025"]
    naacl = venues["NAACL 2025"]
    # the location stops before the date; the registration window is not the conference
    assert naacl.location == "Albuquerque, New Mexico"
    assert (naacl.start_date, naacl.end_date) == ("2025-04-29", "2025-05-04")
    assert naacl.general_chair == "Alice Smith and Bob Jones"  # neighbour rule, previous block
    acl = venues["ACL 2026"]
    assert acl.location == "San Diego, California, USA"
    assert (acl.start_date, acl.end_date) == ("2026-07-02", "2026-07-07")
    assert acl.general_chair is None


COLING_PAGE = """\
Welcome to COLING 2027 in Lisbon, Portugal (September 3–8, 2027)!

The 31st International Conference on Computational Linguistics (COLING 2027) will be held \
from 3–8 September 2027 in Lisbon, Portugal.

Maria Silva, General Chair

Message from the General Chair

Welcome everyone to this edition.
"""


def test_made_up_coling_page() -> None:
    [coling] = extract_venue_facts(split_blocks(COLING_PAGE), source="coling.txt")
    assert (coling.name, coling.series, coling.year) == ("COLING 2027", "COLING", 2027)
    assert coling.location == "Lisbon, Portugal"
    assert (coling.start_date, coling.end_date) == ("2027-09-03", "2027-09-08")
    assert coling.edition == "31st International Conference on Computational Linguistics"
    assert coling.general_chair == "Maria Silva"
    assert coling.provenance.sentence == (
        "Welcome to COLING 2027 in Lisbon, Portugal (September 3–8, 2027)!"
    )
    assert coling.provenance.start == 0 and coling.provenance.line == 1


LREC_EMNLP_PAGE = """\
Welcome to the 2026 Language Resources and Evaluation Conference (LREC)!

The conference will take place at the Hobart Convention Centre in Hobart, Tasmania, \
Australia from 30 December 2026 to 2 January 2027.

EMNLP 2024

This year marks the 29th edition of EMNLP.

The conference is held in person at the Marina Bay Sands Expo and Convention Centre \
in Singapore during the week.

poster

Suzhou, China will host EMNLP 2025 from Nov. 5 to Nov. 9, 2025.

The thirtieth edition of EMNLP brings many firsts.

The conference was held virtually.
"""


def test_made_up_page_with_two_editions_of_one_series() -> None:
    venues = _by_name(extract_venue_facts(split_blocks(LREC_EMNLP_PAGE), source="lrec.txt"))
    assert sorted(venues) == ["EMNLP 2024", "EMNLP 2025", "LREC 2026"]
    # "the 2026 Language Resources and Evaluation Conference (LREC)" names LREC 2026
    lrec = venues["LREC 2026"]
    assert lrec.location == "Hobart, Tasmania, Australia"
    assert (lrec.start_date, lrec.end_date) == ("2026-12-30", "2027-01-02")
    # a bare "EMNLP" goes to the EMNLP edition nearest by position
    emnlp_2024, emnlp_2025 = venues["EMNLP 2024"], venues["EMNLP 2025"]
    assert emnlp_2024.edition == "29th"
    assert emnlp_2024.location == "Singapore"  # not "person", not "... during the week"
    assert emnlp_2024.start_date is None
    assert emnlp_2025.edition == "thirtieth"
    assert emnlp_2025.location == "Suzhou, China"
    assert (emnlp_2025.start_date, emnlp_2025.end_date) == ("2025-11-05", "2025-11-09")


SECTIONS = {
    "NAACL 2025": [
        "NAACL 2025",
        "Welcome! NAACL 2025 takes place in Albuquerque, New Mexico, April 29 – May 4, 2025.",
        "*Message from the General Chair, Carol White*",
    ],
    "EACL 2026": [
        "We are delighted that the 19th Conference of the European Chapter of the "
        "Association for Computational Linguistics (EACL 2026) is hosted by the University "
        "of Malta in St. Julian's, Malta on 24–29 March 2026.",
        "Dan Brown (University of Malta)\nEACL 2026 General Chair",
    ],
    "AACL 2027": [
        "Celebrate AACL!\nAACL 2027 will be held in Kuala Lumpur, Malaysia from "
        "December 1st to December 5th, 2027.",
        "This is the 7th edition of AACL, and the conference is held in person.",
        "[Full Message from General Chair Eve Tan](https://example.org/message)",
    ],
}

EXPECTED_SECTIONS = {
    "AACL 2027": ("Kuala Lumpur, Malaysia", "2027-12-01", "2027-12-05", "7th", "Eve Tan"),
    "EACL 2026": (
        "St. Julian's, Malta",
        "2026-03-24",
        "2026-03-29",
        "19th Conference of the European Chapter of the Association for "
        "Computational Linguistics",
        "Dan Brown",
    ),
    "NAACL 2025": ("Albuquerque, New Mexico", "2025-04-29", "2025-05-04", None, "Carol White"),
}


@pytest.mark.parametrize("order", list(itertools.permutations(SECTIONS)))
def test_interleaving_order_does_not_change_attribution(order: tuple[str, ...]) -> None:
    abstract = (
        "We propose a retrieval model. Our experiments were held in a controlled setting, "
        "and we release the code."
    )
    page = "\n\n".join([abstract, "ACL 2026", *(b for name in order for b in SECTIONS[name])])
    venues = _by_name(extract_venue_facts(split_blocks(page), source="mixed.txt"))
    assert sorted(venues) == ["AACL 2027", "ACL 2026", "EACL 2026", "NAACL 2025"]
    assert {name: _facts(v) for name, v in venues.items() if name != "ACL 2026"} == (
        EXPECTED_SECTIONS
    )
    assert _facts(venues["ACL 2026"]) == (None, None, None, None, None)


def test_results_are_sorted_and_deterministic() -> None:
    blocks = split_blocks(LREC_EMNLP_PAGE)
    first = extract_venue_facts(blocks, source="lrec.txt")
    assert [v.name for v in first] == sorted(v.name for v in first)
    assert extract_venue_facts(list(reversed(blocks)), source="lrec.txt") == first


def test_known_venues_and_labels_on_their_own_line() -> None:
    page = "Next from EMNLP 2025\n\nMachine Translation Summit 2025\n\nDownloads"
    venues = extract_venue_facts(
        split_blocks(page), source="p.txt", known_venues=["EMNLP 2025", "ACL 2026"]
    )
    assert [(v.name, v.series, v.year) for v in venues] == [
        ("ACL 2026", "ACL", 2026),
        ("EMNLP 2025", "EMNLP", 2025),
        ("Machine Translation Summit 2025", "Machine Translation Summit", 2025),
    ]


# --------------------------------------------------------------------------
# Negative cases and single sentences.
# --------------------------------------------------------------------------


def _one(text: str, label: str = "ACL 2026") -> Venue:
    """The venue ``label`` when ``text`` is a block right after a label block."""
    venues = _by_name(extract_venue_facts(split_blocks(f"{label}\n\n{text}"), source="t.txt"))
    return venues[label]


@pytest.mark.parametrize(
    ("sentence", "location"),
    [
        ("The conference is held in person at the X Centre in Singapore.", "Singapore"),
        ("ACL 2026 will be held in Vienna, Austria from July 5 to 10, 2026.", "Vienna, Austria"),
        ("ACL 2026 will be held in Vienna on July 5, 2026.", "Vienna"),
        ("ACL 2026 took place in Vienna during a heat wave.", "Vienna"),
        ("ACL 2026 takes place on July 5–10, 2026 in Rio de Janeiro, Brazil.", "Rio de Janeiro, Brazil"),
        ("ACL 2026 will be in Washington, D.C. this summer.", "Washington, D.C."),
        ("The conference is hosted by the University of Edinburgh in Edinburgh, UK.", "Edinburgh, UK"),
        ("Montréal, Canada will host ACL 2026.", "Montréal, Canada"),
        ("ACL 2026 returns to Bangkok, Thailand.", "Bangkok, Thailand"),
        ("ACL 2026 will be held at the Vancouver Convention Center, Vancouver, BC, Canada.", "Vancouver, BC, Canada"),
        ("ACL 2026 takes place at Austria Center Vienna, Vienna, Austria, July 5–10, 2026.", "Vienna, Austria"),
        ("ACL 2026 is held at the Lingotto Conference Centre in Torino, Italy.", "Torino, Italy"),
        ("ACL 2026 is coming to San Diego, California, July 2-7, 2026.", "San Diego, California"),
        # a page's header: label, dates and place set apart by commas, bars or brackets, or labelled lines
        ("ACL 2026, July 2–7, 2026, San Diego, California", "San Diego, California"),
        ("ACL 2026 | San Diego, California | July 2–7, 2026", "San Diego, California"),
        ("ACL 2026 (San Diego, July 2–7, 2026)", "San Diego"),
        ("Location: San Diego, California\nDates: July 2–7, 2026", "San Diego, California"),
        ("**Venue:** San Diego Convention Center", "San Diego Convention Center"),
        ("We look forward to seeing you in San Diego at ACL 2026!", "San Diego"),
    ],
)
def test_location_phrasings(sentence: str, location: str) -> None:
    assert _one(sentence).location == location


@pytest.mark.parametrize(
    "text",
    [
        "ACL 2026 will be held in San Diego, California from 2026-07-02 to 2026-07-07.",
        "ACL 2026 | San Diego, California | 2026-07-02 – 2026-07-07",
        "Dates: 2026-07-02 to 2026-07-07\nLocation: San Diego, California",
    ],
)
def test_iso_dates_are_the_conferences_dates_as_written_dates_are(text: str) -> None:
    venue = _one(text)
    assert (venue.location, venue.start_date, venue.end_date) == ("San Diego, California", "2026-07-02", "2026-07-07")


@pytest.mark.parametrize(
    "sentence",
    [
        "Our experiments were held in a controlled setting.",
        "Most changes take place in Transformer layers.",
        "The conference was held virtually.",
        "The workshop is held in conjunction with ACL.",
        "The poster session is held at the Main Hall, on the second floor.",
        "ACL 2026 (Long Papers), July 2–7, 2026",
        "ACL 2026 registration, March 1–5, 2026.",
        "The first meeting in Computational Semantics, Linguistics, and Logic.",
        "Welcome to ACL 2026!",
    ],
)
def test_no_location(sentence: str) -> None:
    assert _one(sentence).location is None


def test_labelled_header_lines_give_place_and_dates() -> None:
    venue = _one("**Location:** Vienna, Austria\n**Dates:** July 27 – August 1, 2026", label="ACL 2026")
    assert (venue.location, venue.start_date, venue.end_date) == ("Vienna, Austria", "2026-07-27", "2026-08-01")


@pytest.mark.parametrize(
    "sentence",
    [
        "Registration for ACL 2026 is open from March 1 to May 15, 2026.",
        "We collected tweets from January 3 to January 9, 2026.",
        "ACL 2026 will be held in Vienna, Austria from July 5 to 10, 2025.",  # wrong year
        "The paper submission deadline is Feb 15, 2026.",
    ],
)
def test_no_conference_dates(sentence: str) -> None:
    venue = _one(sentence)
    assert (venue.start_date, venue.end_date) == (None, None)


@pytest.mark.parametrize(
    ("sentence", "dates"),
    [
        ("This year ACL 2026 is held in Vienna, Austria, on July 5-10.", ("2026-07-05", "2026-07-10")),
        ("ACL 2026 takes place from 30 June to 4 July in Vienna.", ("2026-06-30", "2026-07-04")),
        ("The conference takes place on July 5-10.", (None, None)),  # no label in the sentence: no year
        ("ACL 2026 and EMNLP 2025 meet on July 5-10.", (None, None)),  # two years: which one?
    ],
)
def test_conference_dates_without_a_year_take_the_labels(sentence: str, dates: tuple) -> None:
    venue = _one(sentence)
    assert (venue.start_date, venue.end_date) == dates


def test_abstract_facts_are_not_attributed_to_the_paper_venue() -> None:
    abstract = (
        "Reasoning over long contexts remains a challenge. Experiments took place in "
        "Minecraft, a game, from January 3 to January 9, 2026, and were held in a lab."
    )
    venue = _one(abstract)
    assert _facts(venue) == (None, None, None, None, None)
    # the same words in a sentence about the event are a fact
    assert _one("The conference takes place in Minecraft, a game.").location == "Minecraft"


@pytest.mark.parametrize(
    ("text", "chair"),
    [
        ("[Full Message from General Chair Philipp Koehn](https://example.org)", "Philipp Koehn"),
        ("*Message from the General Chair, Dirk Hovy*", "Dirk Hovy"),
        ("Yuji Matsumoto (RIKEN AIP) \nACL 2026 General Chair", "Yuji Matsumoto"),
        ("General Chair: Prof. Jean-Luc van der Berg", "Jean-Luc van der Berg"),
        ("Message from the General Chair", None),
        ("Program Chair: Ann Lee", None),
    ],
)
def test_general_chair(text: str, chair: str | None) -> None:
    assert _one(text).general_chair == chair


@pytest.mark.parametrize(
    ("text", "edition"),
    [
        ("Importantly, it marks the 30th edition of ACL.", "30th"),
        ("The 64th Annual Meeting of the Association for Computational Linguistics "
         "(ACL 2026) is here.", "64th Annual Meeting of the Association for Computational Linguistics"),
        ("Celebrate 30 Years of ACL!", None),
        ("We won 2nd place on the leaderboard.", None),
    ],
)
def test_edition(text: str, edition: str | None) -> None:
    assert _one(text).edition == edition


def test_series_long_name_ties_to_its_acronym() -> None:
    # the long name is only tied to ACL by "(ACL 2026)" in another block
    page = (
        "EMNLP 2025\n\n"
        "Welcome to the 64th Annual Meeting of the Association for Computational Linguistics (ACL 2026).\n\n"
        "EMNLP 2025 will be held in Suzhou, China.\n\n"
        "The Association for Computational Linguistics meeting is held in San Diego, California."
    )
    venues = _by_name(extract_venue_facts(split_blocks(page), source="t.txt"))
    assert venues["ACL 2026"].location == "San Diego, California"
    assert venues["EMNLP 2025"].location == "Suzhou, China"


def test_empty_input() -> None:
    assert extract_venue_facts([], source="empty.txt") == []
    assert extract_venue_facts([TextBlock("poster", 0, 6, 1, 0)], source="p.txt") == []


# --------------------------------------------------------------------------
# Date ranges.
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("July 2–7, 2026", ("2026-07-02", "2026-07-07")),
        ("July 2 - 7, 2026", ("2026-07-02", "2026-07-07")),
        ("from November 5th to November 9th, 2025", ("2025-11-05", "2025-11-09")),
        ("from Dec 6th to Dec 10th, 2023", ("2023-12-06", "2023-12-10")),
        ("April 29 – May 4, 2025", ("2025-04-29", "2025-05-04")),
        ("3–8 September 2027", ("2027-09-03", "2027-09-08")),
        ("29 April – 4 May 2025", ("2025-04-29", "2025-05-04")),
        ("December 30, 2026 – January 2, 2027", ("2026-12-30", "2027-01-02")),
        ("Dec 30 – Jan 2, 2027", ("2026-12-30", "2027-01-02")),
        ("between Sept. 3 and Sept. 8, 2027", ("2027-09-03", "2027-09-08")),
        ("Tuesday, July 2 – Sunday, July 7, 2026", ("2026-07-02", "2026-07-07")),  # weekdays before each end
        ("Monday July 2 to Friday July 6, 2026", ("2026-07-02", "2026-07-06")),
        ("Tuesday 2 July – Sunday 7 July 2026", ("2026-07-02", "2026-07-07")),
        ("from the 5th to the 9th of November 2025", ("2025-11-05", "2025-11-09")),
        ("2025-11-05 to 2025-11-09", ("2025-11-05", "2025-11-09")),  # ISO dates
        ("2026-12-30 – 2027-01-02", ("2026-12-30", "2027-01-02")),
        ("2025-11-09 to 2025-11-05", None),  # out of order
        ("2025-02-30 – 2025-03-02", None),
        ("release 2025-11-05, build 2025-11-09", None),
        ("held on Friday, July 2, 2026", None),
        ("on July 2, 2026", None),
        ("on July 2-7", None),  # no year, and no venue label to give one
        ("Feb 30 - Mar 2, 2026", None),
        ("gains of 15–25% on BRIGHT in 2025", None),
    ],
)
def test_parse_date_range(text: str, expected: tuple[str, str] | None) -> None:
    assert parse_date_range(text) == expected


@given(
    start=st.dates(min_value=date(1990, 1, 1), max_value=date(2090, 12, 1)),
    length=st.integers(min_value=0, max_value=9),
    style=st.sampled_from(["month-first", "day-first", "written-out", "iso"]),
)
def test_parse_date_range_round_trip(start: date, length: int, style: str) -> None:
    end = start + timedelta(days=length)
    if style == "month-first":
        text = f"{start:%B} {start.day} – {end:%B} {end.day}, {end.year}"
    elif style == "day-first":
        text = f"{start.day} {start:%B} {start.year} to {end.day} {end:%B} {end.year}"
    elif style == "iso":
        text = f"{start.isoformat()} – {end.isoformat()}"
    else:
        text = f"from {start:%b} {start.day}th to {end:%b} {end.day}th, {end.year}"
    assert parse_date_range(text) == (start.isoformat(), end.isoformat())


# --------------------------------------------------------------------------
# The pattern data: every entry of venue_patterns.jsonl with its examples.
# --------------------------------------------------------------------------

ENTRIES = pattern_entries()


def _compiled(entry) -> re.Pattern[str]:
    return re.compile(fragment(entry.name)) if entry.is_fragment else pattern(entry.name)


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.positive is not None], ids=lambda e: e.name)
def test_venue_pattern_finds_its_positive_sentence_only(entry) -> None:
    compiled = _compiled(entry)
    match = compiled.search(entry.positive)
    assert match, entry.positive
    for group, expected in entry.expect.items():
        assert match.group(group) == expected
    assert entry.negative is not None
    assert not compiled.search(entry.negative), entry.negative


def test_every_venue_pattern_has_a_name_a_note_and_examples() -> None:
    names = [entry.name for entry in ENTRIES]
    assert len(names) == len(set(names))
    for entry in ENTRIES:
        assert entry.note, entry.name
        if not entry.is_fragment:
            assert entry.positive and entry.negative, entry.name
    # a character-class body, an all-optional lead and a lookahead cannot be searched for on their own
    assert [e.name for e in ENTRIES if e.positive is None] == ["UPPER", "DAY_LEAD", "PLACE_END"]


def test_venue_pattern_fragments_and_word_lists() -> None:
    assert month_numbers()["sept"] == month_numbers()["sep"] == 9
    assert len(set(month_numbers().values())) == 12
    # longest spelling first, so "Sept." is one month and not "Sep" + "t."
    assert re.match(fragment("MONTH"), "Sept. 3").group() == "Sept."
    assert re.fullmatch(fragment("PLACE"), "Newcastle upon Tyne, UK")
    assert not re.fullmatch(fragment("PLACE"), "Vienna, July")
    assert re.fullmatch(fragment("PERSON"), "Jean-Luc van der Berg")


def test_unknown_venue_pattern_names_raise() -> None:
    with pytest.raises(VenuePatternError, match="NOPE"):
        splice("{NOPE}", {})
    with pytest.raises(ValueError):  # a VenuePatternError is still a ValueError
        pattern("no_such_pattern")
    assert splice(r"\d{1,3}{YEAR}", {"YEAR": "2026"}) == r"\d{1,3}2026"


@pytest.mark.parametrize("label", ["Interspeech 2028", "WMT28", "*SEM 2028", "SemEval-2028"])
def test_facts_about_the_pages_venue_of_any_label_shape(label: str) -> None:
    # the page's venue line names the venue; the boilerplate writes the same label
    text = f"Welcome!\n\n{label} will be held in Oslo, Norway, from 17 to 21 August 2028."
    (venue,) = extract_venue_facts(split_blocks(text), source="p.txt", known_venues=[label])
    assert (venue.name, venue.year) == (label, 2028)
    assert _facts(venue)[:3] == ("Oslo, Norway", "2028-08-17", "2028-08-21")
