"""Assemble one networkx graph from the records of every input document.

Node ids come from :mod:`ontology.ids`; duplicates are merged here:

* papers by identifier (DOI, ACL Anthology, arXiv, OpenAlex or Semantic
  Scholar id), then by normalised title, and an untitled paper with a titled
  one when their abstracts match;
* venues by their label ("ACL 2026");
* entities by a folded spelling key, with an acronym and its long form (as
  learned across the corpus, :mod:`kg.aliases`; and names linked to one
  ``same_as`` page) joined into one node, typed by the
  clearest evidence; a name that papers clearly type differently (a dataset
  here, a method there) becomes one node per kind (:mod:`kg.entity_nodes`).

Nodes carry ``kind`` ("paper", "venue", "method", "dataset", "model") and
``label``; edges are keyed by their ``relation`` ("proposes", "uses",
"presentedAt", "nextInProgram", "similarTo") and carry provenance.

>>> from ontology.records import Paper, Provenance, DocumentRecords
>>> paper = Paper(ref="title:a", title="A", provenance=Provenance("p.txt"), venue="ACL 2026")
>>> graph = build_graph([DocumentRecords(source="p.txt", papers=(paper,))])
>>> sorted(kind for _, kind in graph.nodes(data="kind"))
['paper', 'venue']
>>> [relation for _, _, relation in graph.edges(keys=True)]
['presentedAt']
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping

import networkx as nx

from kg.entity_nodes import add_entities
from kg.paper_attributes import merge_papers, paper_label
from kg.paper_decisions import PaperTable, paper_table
from kg.paper_keys import TextKeys, paper_year
from kg.person_decisions import PersonTable, creator_edges, group_authors, person_attributes, person_table
from kg.person_decisions import person_id as _person_id
from kg.shared_keys import add_edge, add_node
from kg.shared_values import SharedValues
from kg.stated_edges import link_edges, merged_edge, presented_at
from kg.title_tasks import drop_title_tasks_of_abstracts
from kg.venue_decisions import venue_table
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, Paper, PaperLink, Venue
from ontology.util.memory import paused_gc

__all__ = ["ENTITY_KINDS", "build_graph", "paper_label", "paper_year"]


def build_graph(documents: Iterable[DocumentRecords], *, text_keys: Mapping[int, TextKeys] | None = None,
                consume: bool = False) -> nx.MultiDiGraph:
    """One graph from the records of many documents (order of documents does not matter).

    ``text_keys``: ``id(paper)`` -> the paper's title and abstract keys (:func:`~kg.paper_keys.text_keys`), for
    the papers whose keys the caller has (:class:`~kg.paper_keys.PaperKeyMemo`); the others' are computed.

    ``consume=True`` hands the records over: ``documents`` (a list) and ``text_keys`` (a dict) are emptied, and
    assembly lets each part go after its last use (the text keys after the papers step, the papers and venues
    after the venues step, the links after theirs, each group of mentions once its entity node is made), so that
    the records do not sit beside the whole graph (the caller must hold no other reference to them; the graph is
    the same either way).

    >>> from ontology.records import Paper, Provenance
    >>> paper = Paper(ref="title:a", title="A", provenance=Provenance("p.txt"))
    >>> documents = [DocumentRecords(source="p.txt", papers=(paper,))]
    >>> [kind for _, kind in build_graph(documents, consume=True).nodes(data="kind")], documents
    (['paper'], [])
    """
    if consume and not isinstance(documents, list):
        raise TypeError(f"build_graph(consume=True) empties the list of documents it is given, not a "
                        f"{type(documents).__name__}: pass a list, or consume=False")
    ordered = sorted(documents, key=lambda d: d.source)
    if consume:
        documents.clear()
    # Each part in document order, then the documents go: only these lists hold the records when consumed.
    papers = [paper for doc in ordered for paper in doc.papers]
    venues = [venue for doc in ordered for venue in doc.venues]
    links = [link for doc in ordered for link in doc.links]
    mentions = [mention for doc in ordered for mention in doc.mentions]
    positions = array("i", [index for doc in ordered for index in range(len(doc.mentions))])  # in its document
    del ordered
    graph = nx.MultiDiGraph()
    # Hundreds of thousands of small objects are made and none is garbage: without this the
    # cyclic collector rescans the whole heap again and again (a third of the time on the Anthology).
    shared = SharedValues()  # one object per equal number, list or dict among the attributes
    with paused_gc():
        table = paper_table(papers, text_keys)
        if consume and text_keys:
            text_keys.clear()  # type: ignore[attr-defined]  # read once, by the paper table
        paper_nodes = _add_papers(graph, papers, table, person_table(papers, table), shared)
        del table
        _add_venues(graph, venues, papers, paper_nodes, shared)
        del papers, venues  # their last use (when consumed, the caller holds them no more)
        _add_links(graph, links, paper_nodes, shared)
        del links
        drop_title_tasks_of_abstracts(graph, mentions, paper_nodes, positions)
        add_entities(graph, mentions, paper_nodes, shared, positions)  # empties ``mentions`` as it goes
    _person_id.cache_clear()  # the ids live on in the graph; the cache's entries would outlive the build
    return graph


# ----------------------------------------------------------------------------- papers

def _add_papers(graph: nx.MultiDiGraph, records: list[Paper], table: PaperTable, persons: PersonTable,
                shared: SharedValues) -> dict[str, str]:
    """Add merged paper nodes and their authors; return a map from every paper ref to its node id.

    Which records are one paper and each node's id are ``table``'s (:func:`kg.paper_decisions.paper_table` of
    ``records``): the same paper from several sources is one node.  Each person's label and sources are
    ``persons``' (:func:`kg.person_decisions.person_table`, decision D6).
    """
    members = table.members(records)
    person_at = {person: at for at, person in enumerate(persons.ids)}
    paper_nodes: dict[str, str] = {}
    for g, node in enumerate(table.nodes):
        group, members[g] = members[g], []
        authors, source = group_authors(group)
        attributes = merge_papers(group, authors, shared)  # D4: kg.paper_attributes
        add_node(graph, node, attributes)
        _add_authors(graph, node, attributes["authors"], source, persons, person_at, shared)
        for paper in group:
            paper_nodes[paper.ref] = node
    return paper_nodes


def _add_authors(graph: nx.MultiDiGraph, paper: str, authors: list[str], source: str, persons: PersonTable,
                 person_at: dict[str, int], shared: SharedValues) -> None:
    """Person nodes (merged by normalised name; attributes as ``persons`` decides,
    :func:`kg.person_decisions.person_attributes`; ``person_at`` its index by id) as the papers first name them, and
    paper→person ``creator`` edges in author order (:func:`kg.person_decisions.creator_edges`; ``source``: where the
    paper's author list is from)."""
    for u, person, relation, attributes in creator_edges(paper, authors, source):
        if person not in graph:
            add_node(graph, person, person_attributes(persons, person_at[person], shared))
        _add_edge(graph, u, person, relation, shared, **attributes)


# ----------------------------------------------------------------------------- venues


def _add_venues(graph: nx.MultiDiGraph, stated: list[Venue], papers: list[Paper], paper_nodes: dict[str, str],
                shared: SharedValues) -> None:
    """Venue nodes, from the venue records (``stated``) and the venues papers name
    (:func:`kg.venue_decisions.venue_table`), and paper→venue ``presentedAt`` edges (``stated`` and ``papers`` in
    document order)."""
    table = venue_table(stated, papers)
    for node, attributes in zip(table.ids, table.rows):
        add_node(graph, node, {**attributes, "sources": shared.list(attributes["sources"])})
    venues = table.id_of()  # venue key -> node id
    del table
    for u, v, relation, attributes in presented_at(papers, paper_nodes, venues):  # D8: kg.stated_edges
        _add_edge(graph, u, v, relation, shared, **attributes)


def _add_edge(graph: nx.MultiDiGraph, u: str, v: str, relation: str, shared: SharedValues, **attributes) -> None:
    """The edge ``u -relation-> v``, or ``attributes["source"]`` added to the ``sources`` of the one there
    (:func:`kg.stated_edges.merged_edge`)."""
    found = graph.edges[u, v, relation] if graph.has_edge(u, v, key=relation) else None
    made = merged_edge(found, relation, attributes, shared)
    if made is not None:
        add_edge(graph, u, v, relation, made)


# ----------------------------------------------------------------------------- links


def _add_links(graph: nx.MultiDiGraph, links: list[PaperLink], paper_nodes: dict[str, str],
               shared: SharedValues) -> None:
    """The links sources state between papers (``nextInProgram``, ``similarTo``), in document order."""
    for u, v, relation, attributes in link_edges(links, paper_nodes, shared):  # D8: kg.stated_edges
        _add_edge(graph, u, v, relation, shared, **attributes)
