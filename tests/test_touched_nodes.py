"""The touched set of a change of documents (kg.touched_nodes, step S3 of docs/scaling.md, round h14cf): every node
whose node row or edge rows, in or out, differ between the two builds' assembly rows (kg.partition_rows, whose rows
are the tables' own, round h14cb) is in the set, and nothing else is."""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg import touched_nodes as touched_module
from kg.partition_rows import partition_rows
from kg.title_tasks import TITLE_TASK_EXTRACTOR
from kg.touched_nodes import assembly_tables, touched_nodes
from ontology.kinds import PaperLinkKind
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, PaperLink, Provenance, Relation, Venue
from tests.test_partition_rows import _entities as _partition_entities

ROOT = Path(__file__).resolve().parents[1]
Change = Callable[[list[DocumentRecords], int], list[DocumentRecords]]


def _rows(documents: list[DocumentRecords]) -> tuple[dict, dict]:
    """Every row of the build of ``documents``, its tables made by partition_rows itself (review90: not handed
    assembly_tables' tables, so that a fault there cannot make the reference agree with the set under test)."""
    rows = partition_rows(documents, in_part=lambda node: True)
    return {row[0]: row for row in rows.nodes}, {row[:3]: row for row in rows.edges}


def _differing_rows(before: list[DocumentRecords], after: list[DocumentRecords]) -> set[str]:
    """The nodes whose node row, or one of whose edges' rows (either end), differs between the two builds."""
    (nodes_b, edges_b), (nodes_a, edges_a) = _rows(before), _rows(after)
    found = {node for node in nodes_b.keys() | nodes_a.keys() if nodes_b.get(node) != nodes_a.get(node)}
    return found | {node for key in edges_b.keys() | edges_a.keys() if edges_b.get(key) != edges_a.get(key)
                    for node in key[:2]}


def _check(before: list[DocumentRecords], after: list[DocumentRecords]) -> set[str]:
    """The touched set of the change from ``before`` to ``after``, checked against the rows that truly differ."""
    old, new = {d.source: d for d in before}, {d.source: d for d in after}
    changed = {source for source in old.keys() | new.keys() if old.get(source) != new.get(source)}
    tables = assembly_tables(before), assembly_tables(after)
    found = touched_nodes(*tables, changed=changed)
    assert found == _differing_rows(before, after)
    return found


def _at(source: str, like: Provenance) -> Provenance:
    return dataclasses.replace(like, source=source)


def _moved(doc: DocumentRecords, source: str) -> DocumentRecords:
    """``doc`` as another document ``source``: its refs and provenance renamed (its papers then merge with the
    original's by title or identifier)."""
    def ref(old: str) -> str:
        return f"{source}:{old}"
    return DocumentRecords(
        source=source,
        papers=tuple(dataclasses.replace(p, ref=ref(p.ref), provenance=_at(source, p.provenance)) for p in doc.papers),
        mentions=tuple(dataclasses.replace(m, paper_ref=ref(m.paper_ref), provenance=_at(source, m.provenance))
                       for m in doc.mentions),
        links=tuple(dataclasses.replace(k, source_ref=ref(k.source_ref), target_ref=ref(k.target_ref),
                                        provenance=_at(source, k.provenance)) for k in doc.links),
        venues=tuple(dataclasses.replace(v, provenance=_at(source, v.provenance)) for v in doc.venues))


def _edit(documents: list[DocumentRecords], at: int, **changes) -> list[DocumentRecords]:
    return [dataclasses.replace(d, **changes) if i == at else d for i, d in enumerate(documents)]


def _first_paper(doc: DocumentRecords, **changes) -> tuple[Paper, ...]:
    return (dataclasses.replace(doc.papers[0], **changes), *doc.papers[1:])


def _added_mention(doc: DocumentRecords, other: DocumentRecords, **changes) -> tuple[Mention, ...]:
    """``doc``'s mentions and one more: ``other``'s first, said of ``doc``'s first paper."""
    mention = dataclasses.replace(other.mentions[0], paper_ref=doc.papers[0].ref,
                                  provenance=_at(doc.source, other.mentions[0].provenance), **changes)
    return (*doc.mentions, mention)


CHANGES: dict[str, Change] = {
    "remove": lambda docs, i: docs[:i] + docs[i + 1:],
    "copy added": lambda docs, i: [*docs, _moved(docs[i], "zz-copy.txt")],  # its papers merge by title
    "title": lambda docs, i: _edit(docs, i, papers=_first_paper(docs[i], title=f"{docs[i].papers[0].title} II")),
    "author": lambda docs, i: _edit(docs, i, papers=_first_paper(docs[i], authors=("Ann Lee", "Bo Chen"))),
    "abstract dropped": lambda docs, i: _edit(docs, i, papers=_first_paper(docs[i], abstract=None)),
    "mention dropped": lambda docs, i: _edit(docs, i, mentions=docs[i].mentions[1:]),
    "mention added": lambda docs, i: _edit(docs, i, mentions=_added_mention(docs[i], docs[i - 1])),
    "acronym defined": lambda docs, i: _edit(docs, i, mentions=_added_mention(
        docs[i], docs[i - 1], name="MT", long_form="model tuning", kind=EntityKind.METHOD)),
    "same_as given": lambda docs, i: _edit(docs, i, mentions=_added_mention(
        docs[i], docs[i - 1], same_as="https://paperswithcode.com/method/x")),
    "mention edited in place": lambda docs, i: _edit(docs, i, mentions=(
        dataclasses.replace(docs[i].mentions[0], provenance=dataclasses.replace(docs[i].mentions[0].provenance,
                                                                                confidence=0.01)),
        *docs[i].mentions[1:])),
    "venue": lambda docs, i: _edit(docs, i, papers=_first_paper(docs[i], venue="EMNLP 2025")),
    "DOI shared with another page": lambda docs, i: _edit(docs, i, papers=_first_paper(
        docs[i], doi=docs[i - 1].papers[0].doi or "10.1/none")),
}


@pytest.mark.parametrize("change", CHANGES)
def test_one_page_changes_of_the_sample_touch_exactly_the_differing_rows(sample_build, change):
    documents = list(sample_build.documents)
    for at in range(len(documents)):
        _check(documents, CHANGES[change](documents, at))


def test_a_page_merged_with_another_by_doi():
    """Pinned (D2): a page's paper takes another page's DOI and joins its paper, whose id (its DOI) stays: that node's
    row and the page's old node are touched; the other paper's author and entity, whose edges keep their rows,
    are not."""
    a = DocumentRecords(source="a.txt", papers=(Paper(ref="a", title="Graph Parsing", doi="10.1/x", authors=("Al Li",),
                                                      provenance=Provenance("a.txt")),),
                        mentions=(Mention("a", "BERT", EntityKind.MODEL, Relation.USES, Provenance("a.txt")),))
    b = DocumentRecords(source="b.txt",
                        papers=(Paper(ref="b", title="Parsing Graphs", provenance=Provenance("b.txt")),))
    after = [a, dataclasses.replace(b, papers=_first_paper(b, doi="10.1/X"))]
    assert _check([a, b], after) == {"paper/doi-10-1-x-19b8c2e03f", "paper/title-parsing-graphs-eea1ffd825"}


def _defining(source: str, long_form: str, *, bare: bool = False) -> DocumentRecords:
    """A page whose paper defines "MT" as ``long_form`` (or writes it ``bare``), and uses BLEU."""
    where = Provenance(source, start=1)
    mentions = [Mention(source, "MT", EntityKind.TASK, Relation.USES, where, long_form=None if bare else long_form),
                Mention(source, "BLEU", EntityKind.METRIC, Relation.USES, Provenance(source, start=9))]
    return DocumentRecords(source=source, papers=(Paper(ref=source, title=f"Paper {source}",
                                                        provenance=Provenance(source)),), mentions=tuple(mentions))


def test_a_definition_that_flips_an_acronyms_sense_touches_papers_the_change_does_not_name():
    """Pinned (D10): pages a and b define MT as machine translation, c as model tuning, d writes MT bare: MT is
    machine translation, one node (task/mt) of a, b and d.  A page e defining MT as model tuning ties the vote, so
    no sense is dominant: a's and b's definitions move to a node of their own, and their unchanged papers' edges
    with them; d's bare MT stays, c's edge to model tuning keeps its row."""
    before = [_defining("a", "machine translation"), _defining("b", "machine translation"),
              _defining("c", "model tuning"), _defining("d", "", bare=True)]
    assert _check(before, [*before, _defining("e", "model tuning")]) == {
        "paper/title-paper-a-2f0a71b39a", "paper/title-paper-b-86beccfa5b", "paper/title-paper-e-5a29296c56",
        "task/mt", "task/machinetranslation", "task/modeltuning", "metric/bleu"}


def test_changes_of_pages_with_folded_ids_touch_exactly_the_differing_rows():
    """D21: round h14cb's entity pages (two collisions: parts of two roots folded to one id) changed one at a time."""
    documents = _partition_entities()
    for change in ("remove", "mention dropped", "mention edited in place", "copy added"):
        for at in range(len(documents)):
            if documents[at].mentions:
                _check(documents, CHANGES[change](documents, at))


def test_a_name_written_elsewhere_moves_a_definition_the_change_does_not_name():
    """D9: once a page writes "well-known machine translation" on its own, another page's definition of MT by it
    votes for it whole: that page's MT leaves the node named by the spelled part for the whole long form's."""
    a = DocumentRecords(source="a", papers=(Paper(ref="a", title="A", provenance=Provenance("a")),), mentions=(
        Mention("a", "MT", EntityKind.TASK, Relation.USES, Provenance("a"),
                long_form="well-known machine translation"),))
    b = _defining("b", "", bare=True)
    written = dataclasses.replace(b, mentions=(*b.mentions, Mention("b", "well-known machine translation",
                                                                    EntityKind.TASK, Relation.USES, Provenance("b"))))
    assert _check([a, b], [a, written]) == {"paper/title-a-7665268305", "paper/title-paper-b-86beccfa5b",
                                            "task/machinetranslation", "task/wellknownmachinetranslation"}


def test_a_title_task_dropped_by_an_abstract_elsewhere_is_touched():
    """D5: a page giving an abstract to another page's title-only paper drops that page's title tasks."""
    title_task = Mention("a", "parsing", EntityKind.TASK, Relation.USES,
                         Provenance("a.txt", extractor=TITLE_TASK_EXTRACTOR + "x"))
    a = DocumentRecords(source="a.txt", papers=(Paper(ref="a", title="Graph Parsing", provenance=Provenance("a.txt")),),
                        mentions=(title_task,))
    b = DocumentRecords(source="b.txt", papers=(Paper(ref="b", title="Graph parsing", abstract="We parse.",
                                                      provenance=Provenance("b.txt")),))
    assert "task/parsing" in _check([a], [a, b])


def test_a_change_left_out_of_changed_is_read_as_unchanged():
    """A record's content is compared only where its document is named changed; its place and decisions always."""
    a = _defining("a", "machine translation")
    b = dataclasses.replace(a, papers=_first_paper(a, abstract="We translate."))
    tables = assembly_tables([a]), assembly_tables([b])
    assert touched_nodes(*tables, changed=()) == set()
    assert touched_nodes(*tables, changed={"a"}) == {"paper/title-paper-a-2f0a71b39a"}
    moved = dataclasses.replace(a, papers=_first_paper(a, title="Another"))
    assert touched_nodes(tables[0], assembly_tables([moved]), changed=()) == {  # the paper's id moved: its edges too
        "paper/title-another-ade6f4a843", "paper/title-paper-a-2f0a71b39a", "task/mt", "metric/bleu"}


# Made-up corpora: few names, titles, DOIs, authors and venues, so that papers merge and names group across pages.
NAMES = st.sampled_from(["MT", "BERT", "machine translation", "model tuning", "BLEU", "F1", "F1 score", "SQuAD",
                         "language modelling", "language modeling", "POS tagging", "part-of-speech tagging",
                         "well-known machine translation"])
LONG_FORMS = st.one_of(st.none(), st.sampled_from(["machine translation", "model tuning", "part-of-speech",
                                                                "well-known machine translation"]))
EXTRACTORS = st.sampled_from(["kg_entities:use+gazetteer", "kg_entities:use+default", "kg_entities:use+evaluated_on",
                              TITLE_TASK_EXTRACTOR + "x", "papers-with-code"])


@st.composite
def _document(draw, source: str) -> DocumentRecords:
    count = draw(st.integers(1, 3))
    refs = [f"{source}#{n}" for n in range(count)]
    papers = tuple(Paper(ref=ref, provenance=Provenance(source, line=n), title=draw(st.sampled_from(["A", "B", "C"])),
                         abstract=draw(st.sampled_from([None, "We parse."])),
                         doi=draw(st.sampled_from([None, "10.1/x", "10.1/y"])),
                         year=draw(st.sampled_from([None, 2020, 2021])),
                         venue=draw(st.sampled_from([None, "ACL 2026", "EMNLP 2025"])),
                         authors=tuple(draw(st.lists(st.sampled_from(["Al Li", "AL LI", "Bo Chen"]), max_size=2))))
                   for n, ref in enumerate(refs))
    mentions = tuple(Mention(draw(st.sampled_from(refs)), draw(NAMES), draw(st.sampled_from(list(EntityKind))),
                             draw(st.sampled_from(list(Relation))),
                             Provenance(source, start=draw(st.integers(0, 5)), extractor=draw(EXTRACTORS),
                                        confidence=draw(st.sampled_from([0.5, 0.9]))),
                             long_form=draw(LONG_FORMS),
                             same_as=draw(st.sampled_from([None, "https://paperswithcode.com/method/x"])))
                     for _ in range(draw(st.integers(0, 6))))
    links = tuple(PaperLink(draw(st.sampled_from(refs)), draw(st.sampled_from(refs)),
                            draw(st.sampled_from(list(PaperLinkKind))), Provenance(source, start=n))
                  for n in range(draw(st.integers(0, 1))))
    venues = tuple(Venue(name="ACL 2026", location=draw(st.sampled_from(["San Diego", "San Diego, CA"])),
                         provenance=Provenance(source)) for _ in range(draw(st.integers(0, 1))))
    return DocumentRecords(source=source, papers=papers, mentions=mentions, links=links, venues=venues)


@st.composite
def _corpus_and_change(draw) -> tuple[list[DocumentRecords], list[DocumentRecords]]:
    sources = [f"{n}.txt" for n in range(draw(st.integers(1, 4)))]
    before = [draw(_document(source)) for source in sources]
    at = draw(st.integers(0, len(before)))
    change = draw(st.sampled_from(["add", "remove", "edit"]))
    if change == "add" or at == len(before):
        return before, [*before, draw(_document("new.txt"))]
    if change == "remove":
        return before, before[:at] + before[at + 1:]
    return before, before[:at] + [draw(_document(sources[at]))] + before[at + 1:]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_corpus_and_change())
def test_a_change_of_a_made_up_corpus_touches_exactly_the_differing_rows(change):
    _check(*change)


@pytest.fixture(scope="module")
def read_set_pages() -> list[DocumentRecords]:
    """The read sets tune2 and tune3 extracted as kg builds them, one document per abstract."""
    from extractors.mentions import default_pipeline, extract_mentions

    rows = [json.loads(line) for name in ("tuneset2", "tuneset3")
            for line in (ROOT / "benchmarks" / "data" / name / "devset.jsonl").read_text(encoding="utf-8").splitlines()]
    papers = [Paper(ref=row["id"], provenance=Provenance(f"{row['id']}.json"), title=row.get("title"),
                    abstract=row["text"], venue=row.get("volume")) for row in rows]
    mentions = extract_mentions(papers, nlp=default_pipeline())
    return [DocumentRecords(source=paper.provenance.source, papers=(paper,),
                            mentions=tuple(m for m in mentions if m.paper_ref == paper.ref)) for paper in papers]


@pytest.mark.skipif(not (ROOT / "benchmarks" / "data" / "tuneset3" / "devset.jsonl").is_file(),
                    reason="the tuning sets are not compiled")
@pytest.mark.parametrize("change", ["remove", "mention dropped", "acronym defined", "copy added", "title"])
def test_one_abstract_changes_of_the_read_sets_touch_exactly_the_differing_rows(read_set_pages, change):
    pages = [page for page in read_set_pages if page.mentions]
    for at in range(1, len(pages), 9):
        _check(pages, CHANGES[change](pages, at))


def _no_changed_documents(tables, changed):
    inputs, _ = _real_paper_inputs(tables, changed)
    return inputs, set()


_real_paper_inputs = touched_module._paper_inputs


@pytest.mark.parametrize("name, mutated", [
    ("_paper_inputs", _no_changed_documents),
    ("_edge_ends", lambda before, after: {key[0] for key in touched_module._differing(before, after)}),
    ("_link_rows", lambda tables: {}),
    ("_candidates", lambda before, after: touched_module._differing(before[0], after[0])),
])
def test_a_rule_left_out_shows(monkeypatch, sample_build, name, mutated):
    """Each step of touched_nodes is needed: with one left out, some change of the sample is missed."""
    documents = list(sample_build.documents)
    monkeypatch.setattr(touched_module, name, mutated)
    with pytest.raises(AssertionError):
        for change in CHANGES.values():
            for at in range(len(documents)):
                _check(documents, change(documents, at))


# Review90: the kinds of change whose differing rows lie outside the changed documents' own records.
def _page(source: str, title: str, *, authors: tuple[str, ...] = (), venue: str | None = None,
          mentions: tuple[Mention, ...] = (), links: tuple[PaperLink, ...] = (),
          venues: tuple[Venue, ...] = ()) -> DocumentRecords:
    return DocumentRecords(source=source, papers=(Paper(ref=source, title=title, authors=authors, venue=venue,
                                                        provenance=Provenance(source)),),
                           mentions=mentions, links=links, venues=venues)


def test_a_link_stated_by_one_page_to_another_pages_paper_is_touched_when_that_paper_moves():
    """D8: page a states ``nextInProgram`` from its paper to page b's; b's paper is retitled (its id moves), so a's
    paper's out-edge row changes though page a did not."""
    link = PaperLink("a", "b", PaperLinkKind.NEXT_IN_PROGRAM, Provenance("a", start=3))
    a, b = _page("a", "Alpha", links=(link,)), _page("b", "Beta")
    found = _check([a, b], [a, _page("b", "Gamma")])
    assert any(node.startswith("paper/title-alpha-") for node in found)


def test_a_persons_label_given_by_a_removed_page_moves_to_another_pages_spelling():
    """D6: "Al Li" (page a) and "AL LI" (page b) are one person labelled by the first page; removing a relabels
    the person, whose creator edge from b's unchanged paper keeps its row."""
    a, b = _page("a", "Alpha", authors=("Al Li",)), _page("b", "Beta", authors=("AL LI",))
    found = _check([a, b], [b])
    assert any(node.startswith("person/") for node in found)
    assert not any(node.startswith("paper/title-beta-") for node in found)


def test_a_venues_label_and_location_from_a_removed_page():
    """D7: page a states the venue (its location); page b's paper only names it: removing a changes the venue's
    row, not b's paper."""
    venue = Venue(name="ACL 2026", location="San Diego", provenance=Provenance("a"))
    a = _page("a", "Alpha", venue="ACL 2026", venues=(venue,))
    b = _page("b", "Beta", venue="acl 2026")
    found = _check([a, b], [b])
    assert "venue/acl-2026" in found and not any(node.startswith("paper/title-beta-") for node in found)


def test_removing_the_only_definition_of_an_acronym_moves_another_pages_bare_use():
    """D9-D18: page a defines MT as machine translation, page b writes MT bare and is grouped with it; removing a
    leaves the node's row without a's source, and b's unchanged paper's edge to it keeps its row."""
    a, b = _defining("a", "machine translation"), _defining("b", "", bare=True)
    assert _check([a, b], [b]) == {"paper/title-paper-a-2f0a71b39a", "task/machinetranslation", "metric/bleu"}


def test_a_paper_group_split_by_a_title_edit_touches_the_other_pages_paper():
    """D2-D3: pages a and b give one paper (same title); a's title is edited, so the group splits: b's paper node
    loses a's record (its row and its id's records change)."""
    a, b = _page("a", "Graph Parsing", authors=("Al Li",)), _page("b", "Graph parsing", authors=("Bo Chen",))
    _check([a, b], [_page("a", "Tree Parsing", authors=("Al Li",)), b])
    _check([_page("a", "Tree Parsing", authors=("Al Li",)), b], [a, b])


def test_a_persons_spelling_edited_on_the_page_that_labels_it_touches_the_person_alone_with_the_paper():
    """D6: pages a and b both name Al Li, labelled by a (the first); a writes "AL LI" instead: the person's sources
    and every creator row stay, only its label moves, so the person is touched by its node row alone."""
    a, b = _page("a", "Alpha", authors=("Al Li",)), _page("b", "Beta", authors=("Al Li",))
    found = _check([a, b], [_page("a", "Alpha", authors=("AL LI",)), b])
    assert found == {"paper/title-alpha-516bd56b5c", "person/al-li-4406aa0fc0"}
