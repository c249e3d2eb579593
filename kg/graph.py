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
from kg.paper_decisions import PaperTable, merge_order, paper_table
from kg.paper_keys import TextKeys, paper_year
from kg.person_decisions import PersonTable, group_authors, person_table
from kg.person_decisions import person_id as _person_id
from kg.shared_keys import add_edge, add_node
from kg.shared_values import SharedValues
from kg.title_tasks import drop_title_tasks_of_abstracts
from kg.venue_decisions import venue_table
from ontology.ids import venue_key
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, Paper, PaperLink, Venue
from ontology.util.memory import paused_gc

__all__ = ["ENTITY_KINDS", "build_graph", "paper_label", "paper_year"]

_LABEL_WORDS = 8


def paper_label(title: str | None, abstract: str | None) -> str:
    """What a view calls a paper: its title, else the first words of its abstract.

    >>> paper_label(None, "Users frequently express their beliefs to large language models today.")
    'Users frequently express their beliefs to large language…'
    """
    if title:
        return title
    words = (abstract or "").split()
    return " ".join(words[:_LABEL_WORDS]) + ("…" if len(words) > _LABEL_WORDS else "")


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
        attributes = _merge_papers(group, authors, shared)
        add_node(graph, node, attributes)
        _add_authors(graph, node, attributes["authors"], source, persons, person_at, shared)
        for paper in group:
            paper_nodes[paper.ref] = node
    return paper_nodes


def _merge_papers(members: list[Paper], authors: tuple[str, ...], shared: SharedValues) -> dict:
    ordered = merge_order(members)
    title = next((p.title for p in ordered if p.title), None)
    abstract = max((p.abstract or "" for p in ordered), key=len) or None

    def first(attribute: str):
        return next((getattr(p, attribute) for p in ordered if getattr(p, attribute)), None)

    extra: dict[str, str] = {}
    for paper in reversed(ordered):
        extra.update(paper.extra)
    return {
        "kind": "paper",
        "label": paper_label(title, abstract),
        "title": title,
        "abstract": abstract,
        "venue": first("venue"),
        "presentation_type": first("presentation_type"),
        "country": first("country"),
        "keywords": shared.list(_unique(k for p in ordered for k in p.keywords)),
        "code_repositories": shared.list(_unique(u for p in ordered for u in p.code_repositories)),
        "year": shared.number(next((paper_year(p) for p in ordered if paper_year(p)), None)),
        "doi": first("doi"),
        "anthology_id": first("anthology_id"),
        "url": first("url"),
        "booktitle": first("booktitle"),
        "authors": list(authors),  # the group's author list (kg.person_decisions.group_authors)
        "extra": shared.dict(dict(sorted(extra.items()))),
        "sources": shared.list(sorted({p.provenance.source for p in members})),
        # only when a source gives one, so graphs of inputs without them keep their exact attributes
        **{name: value for name in _OPTIONAL_IDS if (value := first(name))},
    }


#: Paper identifiers that are node attributes only when known (the formats that carry them are opt-in).
_OPTIONAL_IDS = ("arxiv_id", "openalex_id", "semantic_scholar_id")


def _add_authors(graph: nx.MultiDiGraph, paper: str, authors: list[str], source: str, persons: PersonTable,
                 person_at: dict[str, int], shared: SharedValues) -> None:
    """Person nodes (merged by normalised name; label and sources as ``persons`` decides, ``person_at`` its index by
    id) as the papers first name them, and paper→person ``creator`` edges in author order (``source``: where the
    paper's author list is from)."""
    for position, name in enumerate(authors, start=1):
        person = _person_id(name)
        if person not in graph:
            at = person_at[person]
            add_node(graph, person, {"kind": "person", "label": persons.labels[at], "name": persons.labels[at],
                                     "sources": shared.list(persons.sources[at])})
        _add_edge(graph, paper, person, "creator", shared, source=source, position=position)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


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
    for paper in papers:
        if paper.venue:  # the node's own id string: the adjacency's keys are not 90,000 copies of it
            _add_edge(graph, paper_nodes[paper.ref], venues[venue_key(paper.venue)], "presentedAt", shared,
                      source=paper.provenance.source, extractor=paper.provenance.extractor)


def _add_edge(graph: nx.MultiDiGraph, u: str, v: str, relation: str, shared: SharedValues, **attributes) -> None:
    """The edge ``u -relation-> v``, or ``attributes["source"]`` added to the ``sources`` of the one there."""
    source = attributes.get("source")
    if graph.has_edge(u, v, key=relation):
        data = graph.edges[u, v, relation]
        sources = data.get("sources", [])
        if source not in sources:  # a new list: the old one may be other edges' too (kg.shared_values)
            data["sources"] = shared.list(sorted([*sources, source]))
        return
    add_edge(graph, u, v, relation, {"relation": relation, "sources": shared.list((source,)), **attributes})


# ----------------------------------------------------------------------------- links


def _add_links(graph: nx.MultiDiGraph, links: list[PaperLink], paper_nodes: dict[str, str],
               shared: SharedValues) -> None:
    """The links sources state between papers (``nextInProgram``, ``similarTo``), in document order."""
    for link in links:
        _add_edge(graph, paper_nodes[link.source_ref], paper_nodes[link.target_ref], link.kind.value, shared,
                  source=link.provenance.source, extractor=link.provenance.extractor,
                  start=shared.number(link.provenance.start), end=shared.number(link.provenance.end))

