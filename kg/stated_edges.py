"""The edges sources state — paper→venue ``presentedAt`` and the links between papers (``nextInProgram``,
``similarTo``) — and how one edge stated by several sources is merged (decision D8 of docs/scaling.md).

:func:`kg.graph.build_graph` adds these edges to its graph and the partitioned row maker
(:mod:`kg.partition_rows`) makes their table rows: both take them from :func:`presented_at` and
:func:`link_edges` and merge them with :func:`merged_edge`, so each rule is written once.  An edge is keyed by
``(u, v, relation)``: the first statement in document order gives its attributes, each later one only adds its
source to the edge's sorted ``sources``.

>>> from kg.shared_values import SharedValues
>>> shared, edges = SharedValues(), {}
>>> for source in ("b.txt", "a.txt", "b.txt"):
...     key = ("paper/x", "venue/acl-2026", "presentedAt")
...     made = merged_edge(edges.get(key), "presentedAt", {"source": source, "extractor": None}, shared)
...     if made is not None:
...         edges[key] = made
>>> edges[key]
{'relation': 'presentedAt', 'sources': ['a.txt', 'b.txt'], 'source': 'b.txt', 'extractor': None}
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from kg.shared_values import SharedValues
from ontology.ids import venue_key
from ontology.records import Paper, PaperLink

__all__ = ["StatedEdge", "link_edges", "merged_edge", "presented_at"]

#: An edge as its statement gives it: (u, v, relation, attributes).
StatedEdge = tuple[str, str, str, dict[str, Any]]


def merged_edge(found: dict[str, Any] | None, relation: str, attributes: Mapping[str, Any],
                shared: SharedValues) -> dict[str, Any] | None:
    """One more statement of the edge ``u -relation-> v`` whose attributes are ``found`` (None: not stated before).

    Returns the new edge's attributes when ``found`` is None; else adds ``attributes["source"]`` to ``found``'s
    ``sources`` (a new sorted list: the old one may be other edges' too, :mod:`kg.shared_values`) and returns None.
    """
    source = attributes.get("source")
    if found is None:
        return {"relation": relation, "sources": shared.list((source,)), **attributes}
    sources = found.get("sources", [])
    if source not in sources:
        found["sources"] = shared.list(sorted([*sources, source]))
    return None


def presented_at(papers: Iterable[Paper], paper_nodes: Mapping[str, str],
                 venue_ids: Mapping[str, str]) -> Iterator[StatedEdge]:
    """Each paper's ``presentedAt`` edge to the venue it names, in the order of ``papers`` (document order).

    ``paper_nodes``: paper ref -> node id; ``venue_ids``: :func:`~ontology.ids.venue_key` -> venue node id
    (:meth:`kg.venue_decisions.VenueTable.id_of`).

    >>> from ontology.records import Provenance
    >>> papers = [Paper(ref="a", title="A", venue="ACL  2026", provenance=Provenance("a.txt", extractor="x")),
    ...           Paper(ref="b", title="B", provenance=Provenance("a.txt"))]
    >>> list(presented_at(papers, {"a": "paper/a", "b": "paper/b"}, {"acl-2026": "venue/acl-2026"}))
    [('paper/a', 'venue/acl-2026', 'presentedAt', {'source': 'a.txt', 'extractor': 'x'})]
    """
    for paper in papers:
        if paper.venue:  # the node's own id string: the adjacency's keys are not 90,000 copies of it
            yield (paper_nodes[paper.ref], venue_ids[venue_key(paper.venue)], "presentedAt",
                   {"source": paper.provenance.source, "extractor": paper.provenance.extractor})


def link_edges(links: Iterable[PaperLink], paper_nodes: Mapping[str, str],
               shared: SharedValues) -> Iterator[StatedEdge]:
    """The links sources state between papers (``nextInProgram``, ``similarTo``), in the order of ``links``.

    >>> from ontology.kinds import PaperLinkKind
    >>> from ontology.records import Provenance
    >>> link = PaperLink("a", "b", PaperLinkKind.NEXT_IN_PROGRAM, Provenance("a.txt", start=3, end=9))
    >>> list(link_edges([link], {"a": "paper/a", "b": "paper/b"}, SharedValues()))
    [('paper/a', 'paper/b', 'nextInProgram', {'source': 'a.txt', 'extractor': '', 'start': 3, 'end': 9})]
    """
    for link in links:
        yield (paper_nodes[link.source_ref], paper_nodes[link.target_ref], link.kind.value,
               {"source": link.provenance.source, "extractor": link.provenance.extractor,
                "start": shared.number(link.provenance.start), "end": shared.number(link.provenance.end)})
