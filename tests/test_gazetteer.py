"""The Papers-with-Code dataset gazetteer: its builder, its data file, its matcher and its links."""
from __future__ import annotations

import json
from importlib import resources
from itertools import count
from pathlib import Path

import pytest
import spacy
from script_modules import load_script

from extractors.gazetteer import Gazetteer, GazetteerMatcher, KnownDataset, load_gazetteer
from extractors.gazetteer_build import (
    AnthologyPaper,
    GazetteerEntry,
    build_entries,
    detectable,
    iter_anthology_papers,
    split_of,
    write_entries,
)
from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
PWC = "https://paperswithcode.com/dataset/"


def build_gazetteer_main(argv: list[str]) -> int:
    """``scripts/build_gazetteer.py`` run in-process (the scripts folder is not a package)."""
    return load_script("scripts/build_gazetteer.py", "build_gazetteer").main(argv)


def _id_in(split: str) -> str:
    return next(f"2099.zorb-main.{n}" for n in count() if split_of(f"2099.zorb-main.{n}") == split)


def _paper(anthology_id: str, abstract: str, *tags: tuple[str, str]) -> AnthologyPaper:
    paper = Paper(ref=f"anthology:{anthology_id}", provenance=Provenance("v.xml"), abstract=abstract,
                  anthology_id=anthology_id)
    return AnthologyPaper(paper, tuple(tags))


# ----------------------------------------------------------------------------- the packaged data file


def test_packaged_gazetteer_is_well_formed():
    lines = resources.files("extractors").joinpath("patterns/pwc_datasets.jsonl").read_text("utf-8").splitlines()
    entries = [json.loads(line) for line in lines]
    urls = [e["url"] for e in entries]
    assert len(entries) > 1000 and urls == sorted(urls) and len(set(urls)) == len(urls)
    assert all(e["url"].startswith(PWC) and e["name"] and isinstance(e["detect"], bool) for e in entries)
    assert all(set(e["link_only_aliases"]) <= set(e["aliases"]) for e in entries)
    assert any(not e["detect"] for e in entries), "the ambiguity rule keeps some names link-only"


def test_packaged_gazetteer_comes_only_from_train_papers(shared_dir):
    train_urls: set[str] = set()
    for item in iter_anthology_papers(shared_dir / "corpus" / "anthology"):
        if item.paper.anthology_id and split_of(item.paper.anthology_id) == "train":
            train_urls.update(url for _, url in item.tags)
    assert {entry.url for entry in load_gazetteer().entries} <= train_urls


# ----------------------------------------------------------------------------- the builder


def test_split_is_fixed_and_roughly_ten_percent():
    ids = [f"2021.acl-long.{n}" for n in range(2000)]
    assert [split_of(i) for i in ids] == [split_of(i) for i in ids]
    share = sum(split_of(i) == "test" for i in ids) / len(ids)
    assert 0.07 < share < 0.13


def test_held_out_papers_never_reach_the_gazetteer():
    train, held_out, tune = _id_in("train"), _id_in("test"), _id_in("tune")
    items = [
        _paper(train, "We evaluate on ZorbQA and the Zorb Treebank.", ("ZorbQA", PWC + "zorbqa")),
        _paper(held_out, "We evaluate on KlaxQA.", ("KlaxQA", PWC + "klaxqa")),
        _paper(tune, "We evaluate on BlipQA.", ("BlipQA", PWC + "blipqa")),
    ]
    entries = build_entries(items)
    assert [(e.name, e.url, e.support, e.tagged, e.detect) for e in entries] == [("ZorbQA", PWC + "zorbqa", 1, 1, True)]


def test_acronym_pairs_of_tagged_papers_become_aliases():
    ids = [f"2099.zorb-main.{n}" for n in range(40) if split_of(f"2099.zorb-main.{n}") == "train"][:2]
    items = [_paper(i, "We test on the Zorb Question Set (ZQS).", ("ZQS", PWC + "zqs")) for i in ids]
    [entry] = build_entries(items)
    assert entry.aliases == ["Zorb Question Set"]
    assert build_entries(items[:1])[0].aliases == [], "one paper is not enough for an alias"


@pytest.mark.parametrize(
    ("entry", "family", "expected"),
    [
        (GazetteerEntry("ZorbNet", "u", support=9, tagged=8), False, True),
        (GazetteerEntry("ZorbNet", "u", support=9, tagged=8), True, False),  # 1: a model family
        (GazetteerEntry("Zorbpedia", "u", support=40, tagged=4), False, False),  # 2: rarely tagged when named
        (GazetteerEntry("ZQA", "u", support=4, tagged=3), False, True),  # 3: a short name, vouched for
        (GazetteerEntry("ZQA", "u", support=4, tagged=1), False, False),  # 3: ... not vouched for
        (GazetteerEntry("Z4", "u", support=0, tagged=0), False, True),  # 3: short with a digit
        (GazetteerEntry("Zorb Talk", "u", uses=3, lower_uses=40), False, False),  # 4: ordinary words
        (GazetteerEntry("ZORB", "u", uses=3, lower_uses=40, support=2, tagged=2), False, True),  # 4: vouched caps
        (GazetteerEntry("ZORB", "u", uses=3, lower_uses=40), False, False),  # 4: caps of an ordinary word
    ],
)
def test_ambiguity_rule(entry, family, expected):
    assert detectable(entry, model_family=family) is expected


def test_script_writes_the_same_bytes_twice(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert build_gazetteer_main(["--corpus", str(DATA / "anthology"), "--out", str(first)]) == 0
    assert build_gazetteer_main(["--corpus", str(DATA / "anthology"), "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert "flickr30k" in first.read_text("utf-8")


def test_script_refuses_a_missing_corpus(tmp_path):
    assert build_gazetteer_main(["--corpus", str(tmp_path / "nothing"), "--out", str(tmp_path / "x.jsonl")]) == 2


def test_written_entries_read_back(tmp_path):
    path = tmp_path / "g.jsonl"
    write_entries([GazetteerEntry("ZorbQA", PWC + "zorbqa", aliases=["Zorb Question Answering"])], path)
    gazetteer = Gazetteer.from_jsonl(path.read_text("utf-8"))
    assert gazetteer.link("zorb-qa") == gazetteer.link("Zorb Question Answering") == PWC + "zorbqa"
    assert gazetteer.link("KlaxQA") is None


# ----------------------------------------------------------------------------- matching and linking


@pytest.fixture(scope="module")
def matcher():
    nlp = spacy.blank("en")
    entries = [("Zorb Treebank", ["ZTB"], "u:ztb"), ("ZORBA", [], "u:zorba"), ("KLX 2014", [], "u:klx")]
    return nlp, GazetteerMatcher(nlp.vocab, entries, nlp.make_doc)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We parse the Zorb TreeBank.", ["Zorb TreeBank"]),
        ("We parse the zorb treebank.", []),  # ordinary words
        ("ZORBA helps, Zorba does not.", ["ZORBA"]),  # a short name must keep its case
        ("Results on KLX14 and KLX-2014.", ["KLX14", "KLX-2014"]),  # two-digit year and hyphen variants
    ],
)
def test_matcher_case_rule(matcher, text, found):
    nlp, gazetteer_matcher = matcher
    doc = nlp(text)
    assert [doc[s:e].text for _, s, e in gazetteer_matcher.find(doc)] == found


def test_link_only_entries_and_aliases_are_not_detected():
    gazetteer = Gazetteer([KnownDataset("Zorbpedia", "u:zp", detect=False),
                           KnownDataset("ZorbQA", "u:zq", aliases=("Zorb Questions", "ZQ"),
                                        link_only_aliases=("Zorb Questions",))])
    nlp = spacy.blank("en")
    doc = nlp("Zorbpedia, ZorbQA, Zorb Questions and ZQ.")
    assert [doc[s:e].text for _, s, e in gazetteer.matcher(nlp.vocab, nlp.make_doc).find(doc)] == ["ZorbQA"]
    assert gazetteer.link("Zorbpedia") == "u:zp" and gazetteer.link("ZQ") == "u:zq"


def test_extracted_datasets_link_to_papers_with_code():
    paper = Paper(ref="p", provenance=Provenance("x.txt"),
                  abstract="We evaluate on MultiWOZ and on ZorbQA. We use the Penn Treebank (PTB).")
    links = {m.name: m.same_as for m in extract_mentions([paper]) if m.kind.value == "dataset"}
    assert links["MultiWOZ"] == PWC + "multiwoz"
    assert links["PTB"] == PWC + "penn-treebank"  # through the long form
    assert links["ZorbQA"] is None
