"""Every entity kind, tasks and metrics included, merges and keeps its kind in graph assembly."""
from __future__ import annotations

import pytest

from kg.graph import build_graph
from ontology.kinds import ENTITY_KINDS, EntityKind, Relation
from ontology.records import DocumentRecords, Mention, Paper, Provenance


def _document(source: str, title: str, name: str, kind: EntityKind) -> DocumentRecords:
    ref = f"title:{title.lower()}"
    provenance = Provenance(source, extractor="rules", confidence=0.8)
    return DocumentRecords(source=source, papers=(Paper(ref=ref, title=title, provenance=provenance),),
                           mentions=(Mention(ref, name, kind, Relation.USES, provenance),))


@pytest.mark.parametrize("kind", ENTITY_KINDS)
def test_a_name_of_one_kind_in_two_papers_is_one_node_of_that_kind(kind):
    graph = build_graph([_document("a.txt", "First", "Named Thing", EntityKind(kind)),
                         _document("b.txt", "Second", "named thing", EntityKind(kind))])
    entities = [(node, data["kind"]) for node, data in graph.nodes(data=True) if data["kind"] != "paper"]
    assert [found for _, found in entities] == [kind]
    assert graph.in_degree(entities[0][0]) == 2
