"""Assembly consumes the records it is handed (``build_graph(consume=True)``, round h14be): each part goes after
its last use, the graph is the same, and ``keep_documents=True`` still returns every document."""
from __future__ import annotations

import weakref
from collections.abc import Callable

import pytest

import kg.entity_nodes
import kg.graph
import kg.pipeline
from exports.node_link import to_json
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, PaperLink, PaperLinkKind, Provenance, Relation


def _documents() -> list[DocumentRecords]:
    """Three documents with papers, a venue fact, a link and mentions of two entities."""
    documents = []
    for n in range(3):
        source = f"doc{n}.txt"
        papers = (Paper(ref=f"title:p{n}", title=f"Paper {n}", provenance=Provenance(source, line=1), venue="ACL 2026"),
                  Paper(ref=f"title:q{n}", title=f"Other {n}", provenance=Provenance(source, line=2), role="listed"))
        mentions = tuple(Mention(f"title:p{n}", name, kind, Relation.USES, Provenance(source, start=i, sentence="S."))
                         for i, (name, kind) in enumerate((("SQuAD", EntityKind.DATASET), ("BERT", EntityKind.MODEL))))
        link = PaperLink(f"title:p{n}", f"title:q{n}", PaperLinkKind.NEXT_IN_PROGRAM, Provenance(source))
        documents.append(DocumentRecords(source=source, papers=papers, links=(link,), mentions=mentions))
    return documents


def _watch(monkeypatch: pytest.MonkeyPatch, name: str, check: Callable[[], None], *, module=kg.graph) -> None:
    """Run ``check()`` each time the assembly step ``name`` of ``module`` (kg.graph's, or kg.entity_nodes' for the
    steps within the entities step) is called, before the step."""
    real = getattr(module, name)

    def watched(*arguments, **options):
        check()
        return real(*arguments, **options)

    monkeypatch.setattr(module, name, watched)


def _alive(refs: list[weakref.ref]) -> int:
    return sum(ref() is not None for ref in refs)


def test_consumed_records_go_after_their_last_use(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _documents()
    expected = to_json(kg.graph.build_graph(kept))
    assert len(kept) == 3  # not consumed unless asked
    documents = _documents()
    papers = [weakref.ref(p) for d in documents for p in d.papers]
    links = [weakref.ref(link) for d in documents for link in d.links]
    mentions = [weakref.ref(m) for d in documents for m in d.mentions]
    shells = [weakref.ref(d) for d in documents]
    seen: dict[str, int] = {}
    _watch(monkeypatch, "_add_venues", lambda: seen.setdefault("documents at the venues step", _alive(shells)))
    _watch(monkeypatch, "add_entities", lambda: seen.update({"papers at the entities step": _alive(papers),
                                                              "links at the entities step": _alive(links)}))
    alive_mentions: list[int] = []
    _watch(monkeypatch, "_add_entity", lambda: alive_mentions.append(_alive(mentions)), module=kg.entity_nodes)
    graph = kg.graph.build_graph(documents, consume=True)
    assert to_json(graph) == expected  # the same graph
    assert documents == []
    assert seen == {"documents at the venues step": 0, "papers at the entities step": 0,
                    "links at the entities step": 0}
    assert alive_mentions == [6, 3]  # BERT's three go once its node is made, before SQuAD's
    assert _alive(mentions) == 0


def test_a_build_without_kept_documents_lets_the_papers_go_before_the_entities(monkeypatch: pytest.MonkeyPatch) -> None:
    watched: list[weakref.ref] = []
    real_build_graph = kg.pipeline.build_graph

    def watching(documents: list[DocumentRecords], **options):
        watched.extend(weakref.ref(p) for d in documents for p in d.papers)
        return real_build_graph(documents, **options)

    monkeypatch.setattr(kg.pipeline, "build_graph", watching)
    alive: list[int] = []
    _watch(monkeypatch, "add_entities", lambda: alive.append(_alive(watched)))
    kept = kg.pipeline.build(similarity=False)
    assert alive == [len(watched)] and len(kept.documents) == 5  # the Python API's default keeps them
    watched.clear(), alive.clear()
    consumed = kg.pipeline.build(similarity=False, keep_documents=False)
    assert watched and alive == [0] and consumed.documents == () and consumed.document_count == 5
    assert to_json(consumed.graph) == to_json(kept.graph)


@pytest.mark.parametrize("consume", [False, True])
def test_one_paper_object_in_two_documents_is_one_paper_node(consume: bool) -> None:
    """The same ``Paper`` object handed twice (two documents sharing a record) is one node, as before round h14be's
    assembly popped each paper's keys: popping them twice raised ``KeyError`` (review, thirty-fourth session)."""
    paper = Paper(ref="title:a", title="A Paper", provenance=Provenance("a.txt", line=1))
    documents = [DocumentRecords(source=source, papers=(paper,)) for source in ("a.txt", "b.txt")]
    graph = kg.graph.build_graph(documents, consume=consume)
    assert len([node for node, kind in graph.nodes(data="kind") if kind == "paper"]) == 1


def test_consuming_a_tuple_of_documents_says_to_pass_a_list() -> None:
    documents = tuple(_documents())
    with pytest.raises(TypeError, match="empties the list of documents.*not a tuple: pass a list"):
        kg.graph.build_graph(documents, consume=True)
    assert len(kg.graph.build_graph(documents).nodes) > 0  # not consumed: any iterable
