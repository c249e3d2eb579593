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
  here, a method there) becomes one node per kind.

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

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache
from itertools import chain, count
from typing import ClassVar

import networkx as nx

from extractors.blocks import split_venue_name
from kg.aliases import (
    bare_senses,
    label_unless_a_minority,
    learn_aliases,
    node_records,
    spelled_out_joins,
    voted_long_form,
)
from kg.name_variants import kind_joins, plain_spelling
from kg.paper_keys import PaperKeys, TextKeys, paper_year
from kg.shared_keys import add_edge, add_node, shared_key_dict
from kg.shared_values import SharedValues
from kg.spelling_variants import spelling_joins, spelling_key
from kg.title_tasks import drop_title_tasks_of_abstracts
from ontology.ids import node_id, node_key, normalize_text, venue_key
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, PaperLink, Relation, Venue
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
    del ordered
    graph = nx.MultiDiGraph()
    # Hundreds of thousands of small objects are made and none is garbage: without this the
    # cyclic collector rescans the whole heap again and again (a third of the time on the Anthology).
    shared = SharedValues()  # one object per equal number, list or dict among the attributes
    with paused_gc():
        paper_nodes = _add_papers(graph, papers, shared, text_keys or {})
        if consume and text_keys:
            text_keys.clear()  # type: ignore[attr-defined]  # read once, by the papers step
        _add_venues(graph, venues, papers, paper_nodes, shared)
        del papers, venues  # their last use (when consumed, the caller holds them no more)
        _add_links(graph, links, paper_nodes, shared)
        del links
        drop_title_tasks_of_abstracts(graph, mentions, paper_nodes)
        _add_entities(graph, mentions, paper_nodes, shared)  # empties ``mentions`` as it goes
    _person_id.cache_clear()  # the ids live on in the graph; the cache's entries would outlive the build
    return graph


# ----------------------------------------------------------------------------- papers

class _PaperGroups(_UnionFind):
    """Union-find over paper refs that refuses to join papers known to be different.

    Two groups are different papers when both have Anthology ids (or DOIs,
    arXiv, OpenAlex or Semantic Scholar ids) and share none, or both have
    years and share none.  A root keeps only the traits it has (no empty sets), and a joined root's traits
    move to the group's new root, so the table holds one small dict per group: at 1x it had been a new dict of
    six sets for every join, the dropped roots' kept too, 0.35 GB traced of assembly's 1.0 GB peak.
    """

    _TRAITS = ("acl", "doi", "arxiv", "openalex", "s2", "year")
    _NONE: ClassVar[dict[str, set]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.traits: dict[str, dict[str, set]] = {}

    def add(self, paper: Paper, keys: PaperKeys) -> None:
        root = self.find(paper.ref)
        values = [(trait, getattr(keys, trait)) for trait in PaperKeys.IDENTIFIERS] + [("year", keys.year)]
        for trait, value in values:
            if value:
                self.traits.setdefault(root, {}).setdefault(trait, set()).add(value)

    def join(self, a: str, b: str, *, guarded: bool = True) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a == root_b:
            return
        traits_a, traits_b = self.traits.get(root_a, self._NONE), self.traits.get(root_b, self._NONE)
        if guarded and any(traits_b.get(t) and not values & traits_b[t] for t, values in traits_a.items()):
            return
        keep = self.union(root_a, root_b)
        merged = self.traits.pop(root_a, None), self.traits.pop(root_b, None)
        into, other = (merged[0], merged[1]) if keep == root_a else (merged[1], merged[0])
        if into is None:
            into, other = other, None
        if into is None:
            return
        for trait, values in (other or {}).items():
            into.setdefault(trait, set()).update(values)
        self.traits[keep] = into


def _add_papers(graph: nx.MultiDiGraph, records: list[Paper], shared: SharedValues,
                text_keys: Mapping[int, TextKeys]) -> dict[str, str]:
    """Add merged paper nodes and their authors; return a map from every paper ref to its node id.

    The same paper from several sources is one node: records are joined on
    DOI, Anthology, arXiv, OpenAlex or Semantic Scholar id first, then on
    abstract and on normalised title, unless their ids or years say they differ.
    """
    groups = _PaperGroups()
    papers = sorted(records, key=lambda p: (p.provenance.source, p.provenance.line or 0, p.ref))
    keys = {id(paper): PaperKeys.of(paper, text_keys.get(id(paper))) for paper in papers}  # normalising: once
    for paper in papers:
        groups.add(paper, keys[id(paper)])
    for paper in papers:
        for name in PaperKeys.IDENTIFIERS:
            strong = getattr(keys[id(paper)], name)
            if strong:
                groups.join(paper.ref, strong, guarded=False)
    for key_name in ("abstract", "title"):
        for paper in papers:
            key = getattr(keys[id(paper)], key_name)
            if key:
                groups.join(paper.ref, key)
    members: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        members[groups.find(paper.ref)].append(paper)
    del groups, papers  # the union-find's table is done with; each group's keys go once its node is made
    paper_nodes: dict[str, str] = {}
    for root in sorted(members):
        group = members.pop(root)
        node = _paper_node_id([keys[id(p)] for p in group], taken=graph)
        for paper in group:  # one object may come twice (in two documents): its keys go once
            keys.pop(id(paper), None)
        attributes = _merge_papers(group, shared)
        add_node(graph, node, attributes)
        _add_authors(graph, node, group, shared)
        for paper in group:
            paper_nodes[paper.ref] = node
    return paper_nodes


def _paper_node_id(members: list[PaperKeys], *, taken: nx.MultiDiGraph) -> str:
    """Anthology id, else DOI, else title, else abstract, else a digest of its raw text: the same paper always
    gets the same id.

    Two different papers with one title (different years, or different
    Anthology ids) are told apart by their year, then by a counter.
    """
    for name in ("acl", "doi", "title", "abstract", "text"):
        found = sorted(key for key in (getattr(m, name) for m in members) if key)
        if found:
            break
    node = node_id("paper", found[0])
    if node not in taken:
        return node
    year = next((m.year for m in members if m.year), None)
    candidates = chain([f"{found[0]} ({year})"], (f"{found[0]} ({year}) #{n}" for n in count(2)))
    return next(node for node in (node_id("paper", key) for key in candidates) if node not in taken)


def _merge_papers(members: list[Paper], shared: SharedValues) -> dict:
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
        "keywords": shared.list(_unique(k for p in ordered for k in p.keywords)),
        "code_repositories": shared.list(_unique(u for p in ordered for u in p.code_repositories)),
        "year": shared.number(next((paper_year(p) for p in ordered if paper_year(p)), None)),
        "doi": first("doi"),
        "anthology_id": first("anthology_id"),
        "url": first("url"),
        "booktitle": first("booktitle"),
        "authors": list(max((p.authors for p in ordered), key=len)),
        "extra": shared.dict(dict(sorted(extra.items()))),
        "sources": shared.list(sorted({p.provenance.source for p in members})),
        # only when a source gives one, so graphs of inputs without them keep their exact attributes
        **{name: value for name in _OPTIONAL_IDS if (value := first(name))},
    }


#: Paper identifiers that are node attributes only when known (the formats that carry them are opt-in).
_OPTIONAL_IDS = ("arxiv_id", "openalex_id", "semantic_scholar_id")


def _add_authors(graph: nx.MultiDiGraph, paper: str, members: list[Paper], shared: SharedValues) -> None:
    """Person nodes (merged by normalised name) and paper→person ``creator`` edges in author order."""
    authors = graph.nodes[paper]["authors"]
    source = next(p.provenance.source for p in members if tuple(authors) == p.authors)
    for position, name in enumerate(authors, start=1):
        person = _person_id(name)
        if person not in graph:
            add_node(graph, person, {"kind": "person", "label": name, "name": name, "sources": shared.list((source,))})
        node = graph.nodes[person]
        if source not in node["sources"]:  # a new list: the old one may be other nodes' too (kg.shared_values)
            node["sources"] = shared.list(sorted([*node["sources"], source]))
        _add_edge(graph, paper, person, "creator", shared, source=source, position=position)


@lru_cache(maxsize=200_000)
def _person_id(name: str) -> str:
    return node_id("person", normalize_text(name))


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# ----------------------------------------------------------------------------- venues


def _add_venues(graph: nx.MultiDiGraph, stated: list[Venue], papers: list[Paper], paper_nodes: dict[str, str],
                shared: SharedValues) -> None:
    """Venue nodes, from the venue records (``stated``) and the venues papers name, and paper→venue
    ``presentedAt`` edges (``stated`` and ``papers`` in document order)."""
    facts: dict[str, list[Venue]] = defaultdict(list)
    for venue in stated:
        facts[venue_key(venue.name)].append(venue)
    named: dict[str, str] = {}
    venues: dict[str, str] = {}  # venue key -> node id
    for paper in papers:
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
        if attributes["series"] is None:
            attributes["series"], year = split_venue_name(name)
            attributes["year"] = attributes["year"] or year
        attributes["sources"] = shared.list(sorted({v.provenance.source for v in records}))
        add_node(graph, venues.setdefault(key, node_id("venue", key)), attributes)
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


# ----------------------------------------------------------------------------- entities


def _add_entities(graph: nx.MultiDiGraph, mentions: list[Mention], paper_nodes: dict[str, str],
                  shared: SharedValues) -> None:
    """Entity nodes and paper→entity ``proposes``/``uses`` edges.

    Mentions are grouped by :func:`ontology.ids.node_key` (case, hyphens, spaces,
    dots, version marks and plurals folded), with names linked to one ``same_as`` page
    joined, and an acronym joined to its long form as the corpus-wide alias
    table says (:mod:`kg.aliases`): in a paper that defines it, to that paper's
    long form; elsewhere to the sense most defining papers give, if one is
    clear; an ambiguous acronym is one node per sense, never a chain of them.
    British and American spellings are one group (kg.spelling_variants), as are a metric's or a task's (name_variants).
    Nodes of an acronym several papers define record it (``acronyms``, see :func:`kg.aliases.node_records`).
    A group becomes one node unless papers clearly type it differently (see
    :func:`_split_by_kind`): then each kind gets its own node, so a dataset
    and a method that share a name stay apart.

    ``mentions`` (in document order) is emptied once the mentions are grouped, and each group goes once its
    nodes are made: with the documents handed over (``build_graph(consume=True)``) no mention outlives its node.
    """
    mentions.sort(key=lambda m: (m.provenance.source, m.provenance.start or 0, m.name))
    keys = {m.name: node_key(m.name) for m in mentions}
    written = set(keys.values())  # names the corpus writes on their own: a long form among them is kept whole
    aliases = learn_aliases(((paper_nodes[m.paper_ref], m.name, m.long_form) for m in mentions if m.long_form),
                            named=written)
    records = node_records(aliases)
    group_key: dict[int, str] = {}  # index in ``mentions`` -> the key its name is grouped under
    for index, mention in enumerate(mentions):
        if keys[mention.name]:
            group_key[index] = aliases.group_of(keys[mention.name], paper_nodes[mention.paper_ref])
    clear = ((key, paper_nodes[mentions[i].paper_ref], _type_evidence(mentions[i]) == 2 and mentions[i].kind)
             for i, key in group_key.items())  # a bare acronym typed clearly is its one sense of that kind (h15bx)
    to_sense = bare_senses(aliases, clear)  # bare key -> paper -> sense: not a paper typing it another kind
    group_key.update([(i, sense) for i, key in group_key.items() if key in to_sense
                      and (sense := to_sense[key].get(paper_nodes[mentions[i].paper_ref]))])
    bare = {key for key in group_key.values() if key in aliases.entries}  # acronyms that keep a node of their own
    named = aliases.named_by_long_form(bare)
    names = _UnionFind()
    group_names: dict[str, set[str]] = defaultdict(set)
    group_papers: dict[str, set[str]] = defaultdict(set)
    own_names: dict[str, set[str]] = defaultdict(set)  # names that are their group's key (not an acronym's sense)
    long_form_keys = {m.long_form: node_key(m.long_form) for m in mentions if m.long_form}
    for index, mention in enumerate(mentions):
        key = group_key.get(index)
        if key is None:
            continue
        names.find(key)
        if key == keys[mention.name]:
            own_names[key].add(mention.name)
        elif mention.long_form and key == long_form_keys[mention.long_form]:  # an acronym under its long form
            own_names[key].add(mention.long_form)
        if " " in mention.name:  # what spelled_out_joins reads: names of several words, and papers naming so
            group_names[key].add(mention.name)
            group_papers[key].add(paper_nodes[mention.paper_ref])
        if mention.same_as and not aliases.minor_sense(keys[mention.name], key):
            names.union(key, "same-as:" + mention.same_as)
    senses = {key: entry.dominant.long_form if entry.dominant else None for key, entry in aliases.entries.items()}
    for short_key, long_key in spelled_out_joins(group_names, {key: len(p) for key, p in group_papers.items()}, senses):
        names.union(short_key, long_key)  # "POS tagging" and "part-of-speech tagging"
    kinds = ((key, paper_nodes[mentions[index].paper_ref], mentions[index].kind) for index, key in group_key.items())
    kind_pairs = kind_joins(own_names, kinds, apart=named, acronyms=(acronyms_of := aliases.acronyms_of(bare)))
    joined_senses = {key for pair in kind_pairs for key in pair if key in named}  # minor senses a task or metric took
    for key, other in chain(spelling_joins(own_names), kind_pairs):
        names.union(key, other)  # "language modelling" and "language modeling"; "F1 score" and "F1"
    del keys, long_form_keys, own_names, group_names, group_papers  # the joins are made
    groups: dict[str, list[Mention]] = defaultdict(list)
    labels: dict[str, str] = {}  # a minor sense is named by its long form, unless it is one node with its acronym
    with_acronym = {names.find(key) for key in bare}
    # a minor sense joined to its acronym's clear sense names only a node of its mentions alone (round h15bs)
    claimed = {names.find(key) for key in acronyms_of.keys() - named}
    joined_labels: dict[str, str] = {}  # a root's long form from a minor sense the task join took in
    sense_only: dict[int, str] = {}  # id of a mention of such a sense in a claimed root -> the long form
    for index, mention in enumerate(mentions):
        key = group_key.get(index)
        if key is not None:
            root = names.find(key)
            groups[root].append(mention)
            if key in named and root not in with_acronym:
                if key not in joined_senses:
                    labels.setdefault(root, named[key])
                elif root in claimed:
                    sense_only[id(mention)] = named[key]
                else:
                    joined_labels.setdefault(root, named[key])
    mentions.clear()  # grouped: each group holds its own, and goes once its nodes are made
    mention = None  # the loops' last one too
    recorded: dict[str, list[dict]] = defaultdict(list)
    for key in sorted(set(group_key.values()) & records.keys()):
        recorded[names.find(key)].extend(records[key])
    acronym_keys = frozenset(aliases.entries)  # names that are acronyms: never a long-form node's label
    del group_key, aliases, records
    for root in sorted(groups):
        for kind, members in _split_by_kind(groups.pop(root), paper_nodes):
            label = labels.get(root) or joined_labels.get(root)
            if label is None and sense_only and all(id(m) in sense_only for m in members):
                label = sense_only[id(members[0])]
            _add_entity(graph, kind, members, paper_nodes, label=label, acronyms=recorded.get(root, ()),
                        written=written, acronym_keys=acronym_keys, shared=shared)


#: How sure a mention is of its entity's kind: 2 = clear (curated, a known name, a head noun), 1 = a hint, 0 = none.
_WEAK_TYPE_RULES = frozenset({"evaluated_on", "derived_from", "dataset_suffix", "list"})
#: Which kind a name takes when its evidence ties (every entity kind): method last, since an untyped
#: name is a method by default, while a task or metric type is evidence of its own.
_KIND_ORDER = (EntityKind.MODEL, EntityKind.DATASET, EntityKind.TASK, EntityKind.METRIC, EntityKind.METHOD)


def _type_evidence(mention: Mention) -> int:
    """2 for curated metadata or a clear type rule, 1 for a hint, 0 for the untyped default.

    The extractor name says which rule typed the mention: ``kg_entities:<role rule>+<type rule>``.

    >>> from ontology.records import Provenance
    >>> def m(extractor):
    ...     return Mention("p", "X", EntityKind.DATASET, Relation.USES, Provenance("s", extractor=extractor))
    >>> [_type_evidence(m(e)) for e in ("papers-with-code", "kg_entities:use+gazetteer", "kg_entities:use+evaluated_on",
    ...                                  "kg_entities:use+default", "kg_entities:title_name")]
    [2, 2, 1, 0, 0]
    """
    extractor = mention.provenance.extractor
    if extractor == "papers-with-code":
        return 2
    _, _, type_rule = extractor.partition("+")
    if not type_rule or type_rule == "default":
        return 0
    return 1 if type_rule in _WEAK_TYPE_RULES else 2


def _split_by_kind(members: list[Mention], paper_nodes: dict[str, str]) -> list[tuple[EntityKind, list[Mention]]]:
    """One ``(kind, mentions)`` per node a name group becomes.

    Each paper settles on one kind for the name: the kind of its best-typed
    mention (model > dataset > method on ties).  When papers give two or more
    kinds with clear evidence (level 2 of :func:`_type_evidence`), each such
    kind is a node of its own and papers without clear evidence join the kind
    most papers clearly give.  Otherwise the group is one node, of its clearly
    given kind, else of the strongest kind any mention has (model > dataset >
    method).
    """
    by_paper: dict[str, list[Mention]] = defaultdict(list)
    for mention in members:
        by_paper[paper_nodes[mention.paper_ref]].append(mention)
    paper_kind: dict[str, tuple[EntityKind, int]] = {}
    for paper, mentions in by_paper.items():
        best = max(mentions, key=lambda m: (_type_evidence(m), -_KIND_ORDER.index(m.kind)))
        paper_kind[paper] = (best.kind, _type_evidence(best))
    clear = Counter(kind for kind, evidence in paper_kind.values() if evidence == 2)
    if len(clear) <= 1:
        kinds = {m.kind for m in members}
        kind = next(iter(clear)) if clear else next(k for k in _KIND_ORDER if k in kinds)
        return [(kind, members)]
    default = max(clear, key=lambda k: (clear[k], -_KIND_ORDER.index(k)))
    parts: dict[EntityKind, list[Mention]] = defaultdict(list)
    for paper, mentions in sorted(by_paper.items()):
        kind, evidence = paper_kind[paper]
        parts[kind if evidence == 2 else default].extend(mentions)
    return [(kind, parts[kind]) for kind in _KIND_ORDER if parts.get(kind)]


def _add_entity(graph: nx.MultiDiGraph, kind: EntityKind, members: list[Mention], paper_nodes: dict[str, str],
                *, label: str | None = None, acronyms: Iterable[dict] = (), written: Collection[str] = frozenset(),
                acronym_keys: Collection[str] = frozenset(), shared: SharedValues) -> None:
    """One entity node (or more names for an existing one) and its edges from papers.

    Its label is ``label`` when given (one sense of an ambiguous acronym, named by its long form: in the spelling
    its mentions use most, if any writes it, unless they write it in under a third of their names that are not
    acronyms: :func:`kg.aliases.label_unless_a_minority`), else the most frequent spelling; ``acronyms`` (what the
    alias table says of it) become its ``acronyms`` attribute.  Long forms are alternative labels as the alias
    table took them (:func:`kg.aliases.voted_long_form`, with ``written`` the keys of names written on their own).
    A task's plain spelling names it over a spelling done "automatic"-ally (``plain_spelling``, round h15bs).
    """
    surface = Counter(m.name for m in members)
    voted_long_forms = [voted_long_form(m.name, m.long_form, written) for m in members if m.long_form]
    if label:  # the long form as its mentions write it most, names and long forms ("part-of-speech tagging"), in
        # either spelling ("semantic role labeling" for "semantic role labelling")
        texts = Counter(text for m in members for text in (m.name, m.long_form) if text)
        label_key = spelling_key(label)
        written_as = Counter({text: n for text, n in texts.items() if spelling_key(text) == label_key})
        preferred = max(written_as, key=lambda n: (written_as[n], n == label, n), default=label)
        # names and long forms as voted ("Super-Function" of "so-called Super-Function")
        voted = surface + Counter(form for form in voted_long_forms if form)
        preferred = label_unless_a_minority(preferred, voted, acronym_keys)
        preferred = plain_spelling(preferred, voted) if kind is EntityKind.TASK else preferred
    else:
        first_seen = {name: -index for index, name in reversed(list(enumerate(m.name for m in members)))}
        preferred = max(surface, key=lambda n: (surface[n], n.isupper(), first_seen[n]))
        preferred = plain_spelling(preferred, surface) if kind is EntityKind.TASK else preferred
    long_forms = set(voted_long_forms)
    alt = sorted((set(surface) | long_forms) - {preferred})
    entity = node_id(kind.value, node_key(preferred))
    same_as = sorted({m.same_as for m in members if m.same_as})
    if entity not in graph:
        add_node(graph, entity, {"kind": kind.value, "label": preferred, "alt_labels": shared.list(alt),
                                 "same_as": shared.list(same_as),
                                 "sources": shared.list(sorted({m.provenance.source for m in members}))})
    else:  # two groups whose preferred names fold to one key
        node = graph.nodes[entity]
        node["alt_labels"] = shared.list(sorted(set(node["alt_labels"]) | set(alt) | {preferred} - {node["label"]}))
        node["same_as"] = shared.list(sorted(set(node["same_as"]) | set(same_as)))
        node["sources"] = shared.list(sorted(set(node["sources"]) | {m.provenance.source for m in members}))
    if acronyms:  # only then: the nodes of other names keep exactly their attributes
        node = graph.nodes[entity]
        known = node.get("acronyms", [])
        node["acronyms"] = known + [record for record in acronyms if record not in known]
    by_paper: dict[str, list[Mention]] = defaultdict(list)
    for mention in members:
        by_paper[paper_nodes[mention.paper_ref]].append(mention)
    for paper, facts in sorted(by_paper.items()):
        relation = Relation.PROPOSES if any(m.relation is Relation.PROPOSES for m in facts) else Relation.USES
        if graph.has_edge(paper, entity, key=relation.value):  # the second group of a folded key
            edge = graph.edges[paper, entity, relation.value]
            edge["mentions"] = edge["mentions"] + [_mention_dict(m, shared) for m in facts]
            continue
        chosen = [m for m in facts if m.relation is relation]
        best = max(chosen, key=lambda m: m.provenance.confidence)
        add_edge(graph, paper, entity, relation.value, {
            "relation": relation.value, "confidence": shared.number(best.provenance.confidence),
            "source": best.provenance.source, "start": shared.number(best.provenance.start),
            "end": shared.number(best.provenance.end), "extractor": best.provenance.extractor,
            "sentence": best.provenance.sentence, "mentions": [_mention_dict(m, shared) for m in facts],
        })


def _mention_dict(mention: Mention, shared: SharedValues) -> dict:
    where = mention.provenance  # spelled out: dataclasses.asdict deep-copies and was a tenth of build time
    return shared_key_dict({"name": mention.name, "relation": mention.relation.value, "source": where.source,
            "start": shared.number(where.start), "end": shared.number(where.end), "extractor": where.extractor,
            "confidence": shared.number(where.confidence), "sentence": where.sentence,
            "line": shared.number(where.line)})  # its keys kept once for every mention (kg.shared_keys)

