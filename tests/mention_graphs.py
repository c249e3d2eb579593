"""Small graphs built from made-up method mentions, one document per paper, for tests of how names become nodes.

>>> entity_labels(method_mention("a", "ZQU"), method_mention("b", "ZQUs"))
{'method/zqu': 'ZQU'}
"""
from __future__ import annotations

import networkx as nx

from kg.graph import build_graph
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation


def method_mention(paper: str, name: str, *, long_form: str | None = None) -> Mention:
    """A used method ``name`` in ``paper`` (the document ``PAPER.txt``), defined by ``long_form`` if given."""
    return Mention(paper_ref=paper, name=name, kind=EntityKind.METHOD, relation=Relation.USES, long_form=long_form,
                   provenance=Provenance(f"{paper}.txt", start=0, end=len(name), extractor="kg_entities:use+default",
                                         confidence=0.8, sentence=name))


def mention_graph(*mentions: Mention) -> nx.MultiDiGraph:
    """The graph of ``mentions``: one document and one paper per paper ref."""
    documents = [DocumentRecords(source=f"{ref}.txt",
                                 papers=(Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(f"{ref}.txt")),),
                                 mentions=tuple(m for m in mentions if m.paper_ref == ref))
                 for ref in sorted({m.paper_ref for m in mentions})]
    return build_graph(documents)


def entity_labels(*mentions: Mention) -> dict[str, str]:
    """Each entity node of the graph of ``mentions`` with its label."""
    graph = mention_graph(*mentions)
    return {node: data["label"] for node, data in graph.nodes(data=True) if data["kind"] in ENTITY_KINDS}
