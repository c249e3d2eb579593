"""Assemble one networkx graph from the records of every input document.

Node ids come from :mod:`kg.ids`; duplicates are merged here:

* papers by normalised title, and an untitled paper with a titled one when
  their abstracts match;
* venues by their label ("ACL 2026");
* entities by a folded spelling key, with an acronym and its long form joined
  into one node, typed model > dataset > method by the strongest evidence.

Nodes carry ``kind`` ("paper", "venue", "method", "dataset", "model") and
``label``; edges are keyed by their ``relation`` ("proposes", "uses",
"presentedAt", "nextInProgram", "similarTo") and carry provenance.

>>> from kg.records import Paper, Provenance, DocumentRecords
>>> paper = Paper(ref="title:a", title="A", provenance=Provenance("p.txt"), venue="ACL 2026")
>>> graph = build_graph([DocumentRecords(source="p.txt", papers=(paper,))])
>>> sorted(kind for _, kind in graph.nodes(data="kind"))
['paper', 'venue']
>>> [relation for _, _, relation in graph.edges(keys=True)]
['presentedAt']
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import asdict

import networkx as nx

from kg.ids import entity_key, node_id, paper_ref, venue_key
from kg.records import DocumentRecords, EntityKind, Mention, Paper, Relation, Venue

__all__ = ["build_graph", "paper_label", "ENTITY_KINDS"]

ENTITY_KINDS = ("method", "dataset", "model")
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


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, item: str) -> str:
        self.parent.setdefault(item, item)
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def union(self, a: str, b: str) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            # titled keys win, then the smaller key, so the result never depends on order
            keep, drop = sorted((root_a, root_b), key=lambda k: (not k.startswith("title:"), k))
            self.parent[drop] = keep


def build_graph(documents: Iterable[DocumentRecords]) -> nx.MultiDiGraph:
    """One graph from the records of many documents (order of documents does not matter)."""
    documents = sorted(documents, key=lambda d: d.source)
    graph = nx.MultiDiGraph()
    paper_nodes = _add_papers(graph, documents)
    _add_venues(graph, documents, paper_nodes)
    _add_links(graph, documents, paper_nodes)
    _add_entities(graph, documents, paper_nodes)
    return graph


# ----------------------------------------------------------------------------- papers


def _add_papers(graph: nx.MultiDiGraph, documents: list[DocumentRecords]) -> dict[str, str]:
    """Add merged paper nodes; return a map from every paper ref to its node id."""
    refs = _UnionFind()
    papers = [paper for doc in documents for paper in doc.papers]
    for paper in papers:
        refs.find(paper.ref)
        if paper.abstract:
            refs.union(paper.ref, paper_ref(None, paper.abstract))
    groups: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        groups[refs.find(paper.ref)].append(paper)
    for root in sorted(groups):
        graph.add_node(node_id("paper", root), **_merge_papers(groups[root]))
    return {ref: node_id("paper", refs.find(ref)) for ref in list(refs.parent)}


def _merge_papers(members: list[Paper]) -> dict:
    ordered = sorted(members, key=lambda p: (p.role != "main", p.role != "listed", p.provenance.source))
    title = next((p.title for p in ordered if p.title), None)
    abstract = max((p.abstract or "" for p in ordered), key=len) or None

    def first(attribute: str):
        return next((getattr(p, attribute) for p in ordered if getattr(p, attribute)), None)

    return {
        "kind": "paper",
        "label": paper_label(title, abstract),
        "title": title,
        "abstract": abstract,
        "venue": first("venue"),
        "presentation_type": first("presentation_type"),
        "country": first("country"),
        "keywords": _unique(k for p in ordered for k in p.keywords),
        "code_repositories": _unique(u for p in ordered for u in p.code_repositories),
        "sources": sorted({p.provenance.source for p in members}),
    }


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# ----------------------------------------------------------------------------- venues


def _add_venues(graph: nx.MultiDiGraph, documents: list[DocumentRecords], paper_nodes: dict[str, str]) -> None:
    facts: dict[str, list[Venue]] = defaultdict(list)
    for doc in documents:
        for venue in doc.venues:
            facts[venue_key(venue.name)].append(venue)
    named: dict[str, str] = {}
    for doc in documents:
        for paper in doc.papers:
            if paper.venue:
                named.setdefault(venue_key(paper.venue), paper.venue)
    for key in sorted(set(facts) | set(named)):
        records = sorted(facts.get(key, []), key=lambda v: (v.provenance.source, v.provenance.start or 0))
        name = records[0].name if records else named[key]
        attributes = {"kind": "venue", "label": name, "name": name}
        for field_name in ("series", "year", "location", "start_date", "end_date", "edition", "general_chair"):
            values = [getattr(v, field_name) for v in records if getattr(v, field_name)]
            if field_name == "location" and values:
                values = [max(values, key=lambda loc: (loc.count(","), len(loc)))]  # the most complete
            attributes[field_name] = values[0] if values else None
        if attributes["series"] is None and " " in name:
            series, _, year = name.rpartition(" ")
            attributes["series"] = series
            attributes["year"] = int(year) if year.isdigit() else None
        attributes["sources"] = sorted({v.provenance.source for v in records})
        graph.add_node(node_id("venue", key), **attributes)
    for doc in documents:
        for paper in doc.papers:
            if paper.venue:
                _add_edge(graph, paper_nodes[paper.ref], node_id("venue", venue_key(paper.venue)), "presentedAt",
                          source=paper.provenance.source, extractor=paper.provenance.extractor)


def _add_edge(graph: nx.MultiDiGraph, u: str, v: str, relation: str, **attributes) -> None:
    if graph.has_edge(u, v, key=relation):
        sources = graph.edges[u, v, relation].setdefault("sources", [])
        if attributes.get("source") not in sources:
            sources.append(attributes.get("source"))
            sources.sort()
        return
    graph.add_edge(u, v, key=relation, relation=relation, sources=[attributes.get("source")], **attributes)


# ----------------------------------------------------------------------------- links


def _add_links(graph: nx.MultiDiGraph, documents: list[DocumentRecords], paper_nodes: dict[str, str]) -> None:
    for doc in documents:
        for link in doc.links:
            _add_edge(graph, paper_nodes[link.source_ref], paper_nodes[link.target_ref], link.kind.value,
                      source=link.provenance.source, extractor=link.provenance.extractor,
                      start=link.provenance.start, end=link.provenance.end)


# ----------------------------------------------------------------------------- entities


def _add_entities(graph: nx.MultiDiGraph, documents: list[DocumentRecords], paper_nodes: dict[str, str]) -> None:
    mentions = sorted(
        (m for doc in documents for m in doc.mentions),
        key=lambda m: (m.provenance.source, m.provenance.start or 0, m.name),
    )
    names = _UnionFind()
    for mention in mentions:
        names.find(entity_key(mention.name))
        if mention.long_form:
            names.union(entity_key(mention.name), entity_key(mention.long_form))
    groups: dict[str, list[Mention]] = defaultdict(list)
    for mention in mentions:
        if entity_key(mention.name):
            groups[names.find(entity_key(mention.name))].append(mention)

    for members in groups.values():
        kinds = {m.kind for m in members}
        kind = next((k for k in (EntityKind.MODEL, EntityKind.DATASET) if k in kinds), EntityKind.METHOD)
        surface = Counter(m.name for m in members)
        first_seen = {name: -index for index, name in reversed(list(enumerate(m.name for m in members)))}
        preferred = max(surface, key=lambda n: (surface[n], n.isupper(), first_seen[n]))
        alt = sorted((set(surface) | {m.long_form for m in members if m.long_form}) - {preferred})
        entity = node_id(kind.value, entity_key(preferred))
        if entity not in graph:
            graph.add_node(entity, kind=kind.value, label=preferred, alt_labels=alt,
                           sources=sorted({m.provenance.source for m in members}))
        else:  # two groups whose preferred names fold to one key
            node = graph.nodes[entity]
            node["alt_labels"] = sorted(set(node["alt_labels"]) | set(alt) | {preferred} - {node["label"]})
        by_paper: dict[str, list[Mention]] = defaultdict(list)
        for mention in members:
            by_paper[paper_nodes[mention.paper_ref]].append(mention)
        for paper, facts in sorted(by_paper.items()):
            relation = Relation.PROPOSES if any(m.relation is Relation.PROPOSES for m in facts) else Relation.USES
            chosen = [m for m in facts if m.relation is relation]
            best = max(chosen, key=lambda m: m.provenance.confidence)
            graph.add_edge(
                paper, entity, key=relation.value, relation=relation.value,
                confidence=best.provenance.confidence,
                source=best.provenance.source, start=best.provenance.start, end=best.provenance.end,
                extractor=best.provenance.extractor, sentence=best.provenance.sentence,
                mentions=[_mention_dict(m) for m in facts],
            )


def _mention_dict(mention: Mention) -> dict:
    where = asdict(mention.provenance)
    where.pop("line", None)
    return {"name": mention.name, "relation": mention.relation.value, **where}

