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

import re
from collections import Counter, defaultdict
from itertools import chain, count
from collections.abc import Iterable
from dataclasses import asdict

import networkx as nx

from kg.ids import entity_key, node_id, normalize_text, paper_ref, venue_key
from kg.records import DocumentRecords, EntityKind, Mention, Paper, Relation, Venue

__all__ = ["build_graph", "paper_label", "paper_year", "ENTITY_KINDS"]

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

    def union(self, a: str, b: str) -> str:
        """Join the groups of ``a`` and ``b``; the smaller root key wins, so order never matters."""
        root_a, root_b = self.find(a), self.find(b)
        keep, drop = sorted((root_a, root_b))
        self.parent[drop] = keep
        return keep


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

_YEAR_AT_END = re.compile(r"\b(1[89]\d\d|2\d\d\d)$")


def paper_year(paper: Paper) -> int | None:
    """The year a source gives for ``paper``, else the year ending its venue label ("ACL 2026").

    >>> from kg.records import Provenance
    >>> paper_year(Paper(ref="title:a", provenance=Provenance("p.txt"), venue="EMNLP 2025"))
    2025
    """
    if paper.year:
        return paper.year
    match = _YEAR_AT_END.search(paper.venue or "")
    return int(match.group(1)) if match else None


class _PaperGroups(_UnionFind):
    """Union-find over paper refs that refuses to join papers known to be different.

    Two groups are different papers when both have Anthology ids (or DOIs) and
    share none, or both have years and share none.
    """

    def __init__(self) -> None:
        super().__init__()
        self.traits: dict[str, dict[str, set]] = {}

    def add(self, paper: Paper) -> None:
        root = self.find(paper.ref)
        traits = self.traits.setdefault(root, {"acl": set(), "doi": set(), "year": set()})
        if paper.anthology_id:
            traits["acl"].add(paper.anthology_id.lower())
        if paper.doi:
            traits["doi"].add(paper.doi.lower())
        if paper_year(paper):
            traits["year"].add(paper_year(paper))

    def join(self, a: str, b: str, *, guarded: bool = True) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a == root_b:
            return
        empty = {"acl": set(), "doi": set(), "year": set()}
        traits_a, traits_b = self.traits.get(root_a, empty), self.traits.get(root_b, empty)
        if guarded and any(traits_a[t] and traits_b[t] and not traits_a[t] & traits_b[t] for t in traits_a):
            return
        keep = self.union(root_a, root_b)
        self.traits[keep] = {t: traits_a[t] | traits_b[t] for t in traits_a}


def _add_papers(graph: nx.MultiDiGraph, documents: list[DocumentRecords]) -> dict[str, str]:
    """Add merged paper nodes and their authors; return a map from every paper ref to its node id.

    The same paper from several sources is one node: records are joined on
    DOI or Anthology id first, then on abstract and on normalised title,
    unless their ids or years say they differ.
    """
    groups = _PaperGroups()
    papers = sorted((paper for doc in documents for paper in doc.papers),
                    key=lambda p: (p.provenance.source, p.provenance.line or 0, p.ref))
    for paper in papers:
        groups.add(paper)
    for paper in papers:
        for strong in (f"doi:{paper.doi.lower()}" if paper.doi else None,
                       f"acl:{paper.anthology_id.lower()}" if paper.anthology_id else None):
            if strong:
                groups.join(paper.ref, strong, guarded=False)
    for paper in papers:
        if paper.abstract:
            groups.join(paper.ref, paper_ref(None, paper.abstract))
    for paper in papers:
        if paper.title:
            groups.join(paper.ref, paper_ref(paper.title))
    members: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        members[groups.find(paper.ref)].append(paper)
    paper_nodes: dict[str, str] = {}
    for root in sorted(members):
        node = _paper_node_id(members[root], taken=graph)
        graph.add_node(node, **_merge_papers(members[root]))
        _add_authors(graph, node, members[root])
        for paper in members[root]:
            paper_nodes[paper.ref] = node
    return paper_nodes


def _paper_node_id(members: list[Paper], *, taken: nx.MultiDiGraph) -> str:
    """Anthology id, else DOI, else title, else abstract: the same paper always gets the same id.

    Two different papers with one title (different years, or different
    Anthology ids) are told apart by their year, then by a counter.
    """
    for keys in (
        sorted(f"acl:{p.anthology_id.lower()}" for p in members if p.anthology_id),
        sorted(f"doi:{p.doi.lower()}" for p in members if p.doi),
        sorted(paper_ref(p.title) for p in members if p.title),
        sorted(paper_ref(None, p.abstract) for p in members if p.abstract),
    ):
        if keys:
            break
    else:
        raise ValueError("a paper needs a title or an abstract to be identified")
    year = next((paper_year(p) for p in members if paper_year(p)), None)
    candidates = chain([keys[0], f"{keys[0]} ({year})"], (f"{keys[0]} ({year}) #{n}" for n in count(2)))
    return next(node for node in (node_id("paper", key) for key in candidates) if node not in taken)


def _merge_papers(members: list[Paper]) -> dict:
    ordered = sorted(members, key=lambda p: (p.role != "main", p.role != "listed", p.provenance.source,
                                             p.provenance.line or 0))
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
        "keywords": _unique(k for p in ordered for k in p.keywords),
        "code_repositories": _unique(u for p in ordered for u in p.code_repositories),
        "year": next((paper_year(p) for p in ordered if paper_year(p)), None),
        "doi": first("doi"),
        "anthology_id": first("anthology_id"),
        "url": first("url"),
        "booktitle": first("booktitle"),
        "authors": list(max((p.authors for p in ordered), key=len)),
        "extra": dict(sorted(extra.items())),
        "sources": sorted({p.provenance.source for p in members}),
    }


def _add_authors(graph: nx.MultiDiGraph, paper: str, members: list[Paper]) -> None:
    """Person nodes (merged by normalised name) and paper→person ``creator`` edges in author order."""
    authors = graph.nodes[paper]["authors"]
    source = next(p.provenance.source for p in members if tuple(authors) == p.authors)
    for position, name in enumerate(authors, start=1):
        person = node_id("person", normalize_text(name))
        if person not in graph:
            graph.add_node(person, kind="person", label=name, name=name, sources=[])
        sources = graph.nodes[person]["sources"]
        if source not in sources:
            sources.append(source)
            sources.sort()
        _add_edge(graph, paper, person, "creator", source=source, position=position)


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
        for field_name in ("series", "year", "location", "start_date", "end_date", "edition", "general_chair",
                           "booktitle"):
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
        same_as = sorted({m.same_as for m in members if m.same_as})
        if entity not in graph:
            graph.add_node(entity, kind=kind.value, label=preferred, alt_labels=alt, same_as=same_as,
                           sources=sorted({m.provenance.source for m in members}))
        else:  # two groups whose preferred names fold to one key
            node = graph.nodes[entity]
            node["alt_labels"] = sorted(set(node["alt_labels"]) | set(alt) | {preferred} - {node["label"]})
            node["same_as"] = sorted(set(node["same_as"]) | set(same_as))
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

