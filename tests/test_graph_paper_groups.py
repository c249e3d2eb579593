"""The paper union-find's traits table holds one small dict per group and nothing else (docs/scaling.md,
"Assembly's transient, thirty-first session (h14bc)"): it had been assembly's biggest temporary."""
from __future__ import annotations

from kg.paper_decisions import PaperGroups as _PaperGroups
from kg.paper_keys import PaperKeys
from ontology.records import Paper, Provenance


def _paper(ref: str, *, year: int | None = None, doi: str | None = None) -> tuple[Paper, PaperKeys]:
    paper = Paper(ref=ref, title=ref, provenance=Provenance("p.txt"), year=year, doi=doi)
    return paper, PaperKeys.of(paper)


def test_joined_groups_keep_one_traits_entry_without_empty_sets():
    groups = _PaperGroups()
    records = [_paper("title:a", year=2020, doi="10.1/a"), _paper("title:b", year=2020), _paper("title:c")]
    for paper, keys in records:
        groups.add(paper, keys)
    groups.join("title:a", "title:b")
    groups.join("title:b", "title:c")
    root = groups.find("title:a")
    assert groups.find("title:c") == root
    assert groups.traits == {root: {"doi": {"doi:10.1/a"}, "year": {2020}}}


def test_groups_of_different_years_or_ids_stay_apart():
    groups = _PaperGroups()
    for paper, keys in (_paper("title:a", year=2020), _paper("title:b", year=2021), _paper("title:c", doi="10.1/c"),
                        _paper("title:d", doi="10.1/d"), _paper("title:e")):
        groups.add(paper, keys)
    groups.join("title:a", "title:b")
    groups.join("title:c", "title:d")
    groups.join("title:e", "title:a")
    groups.join("title:e", "title:b")  # e is in a's group now, which has 2020: b's 2021 stays apart
    assert groups.find("title:a") != groups.find("title:b")
    assert groups.find("title:c") != groups.find("title:d")
    assert groups.find("title:e") == groups.find("title:a")
    groups.join("title:c", "title:d", guarded_by=("acl",))  # an identifier join is guarded by the Anthology id only
    assert groups.find("title:c") == groups.find("title:d")
