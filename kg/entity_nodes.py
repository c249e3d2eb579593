"""Entity nodes from the mentions of every paper: which names are one entity, of which kind, and its node.

Assembly's entity step (:func:`kg.graph.build_graph` calls :func:`add_entities` once the papers are merged):

* names are grouped by a folded spelling key (:func:`ontology.ids.node_key`), an acronym with its long form as the
  corpus-wide alias table learns it (:mod:`kg.aliases`), names linked to one ``same_as`` page, British and American
  spellings (:mod:`kg.spelling_variants`) and a metric's or a task's variants (:mod:`kg.name_variants`), joined
  with a union-find (:class:`kg.union_find.UnionFind`);
* each group is typed by the clearest evidence its papers give (:func:`_type_evidence`); a name that papers
  clearly type differently (a dataset here, a method there) becomes one node per kind (:func:`_split_by_kind`);
* each node gets its label, alternative labels and acronym records, and paper→entity ``proposes``/``uses`` edges
  with every mention as provenance (:func:`_add_entity`).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from itertools import chain

import networkx as nx

from kg.aliases import (
    bare_senses,
    label_unless_a_minority,
    learn_aliases,
    node_records,
    spelled_out_joins,
    voted_long_form,
)
from kg.closing_acronyms import closing_acronym_joins
from kg.name_variants import kind_joins, plain_spelling
from kg.shared_keys import add_edge, add_node, shared_key_dict
from kg.shared_values import SharedValues
from kg.spelling_variants import spelling_joins, spelling_key
from kg.union_find import UnionFind
from ontology.ids import node_id, node_key
from ontology.records import EntityKind, Mention, Relation

__all__ = ["add_entities"]


def add_entities(graph: nx.MultiDiGraph, mentions: list[Mention], paper_nodes: dict[str, str],
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
    clear = ((key, paper_nodes[mentions[i].paper_ref],
              _type_evidence(mentions[i]) == CLEAR_EVIDENCE and mentions[i].kind)
             for i, key in group_key.items())  # a bare acronym typed clearly is its one sense of that kind (h15bx)
    to_sense = bare_senses(aliases, clear)  # bare key -> paper -> sense: not a paper typing it another kind
    group_key.update([(i, sense) for i, key in group_key.items() if key in to_sense
                      and (sense := to_sense[key].get(paper_nodes[mentions[i].paper_ref]))])
    bare = {key for key in group_key.values() if key in aliases.entries}  # acronyms that keep a node of their own
    named = aliases.named_by_long_form(bare)
    names = UnionFind()
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
    closing = closing_acronym_joins(group_names, {key: len(p) for key, p in group_papers.items()}, senses)
    twin_names: dict[str, Counter[str]] = {long_key: Counter() for _, long_key, _ in closing}
    for index, key in group_key.items():
        if key in twin_names:
            twin_names[key][keys[mentions[index].name]] += 1
    for short_key, long_key, acronym in closing:  # "unsupervised MT" and "unsupervised machine translation" (review75)
        # a narrower task stays apart from the bare acronym's node, and from a group whose node takes the acronym's
        # name: "open-domain question answering" of the papers defining "QA" so, which write "QA" most
        written_most = max(twin_names[long_key].items(), key=lambda item: (item[1], item[0] == acronym),
                           default=("", 0))[0]
        if names.find(aliases.group_of(acronym, "")) not in (names.find(short_key), names.find(long_key)) \
                and (long_key in named or written_most != acronym):
            names.union(short_key, long_key)
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


#: The level of :func:`_type_evidence` that decides a kind: curated metadata or a clear type rule.
CLEAR_EVIDENCE = 2


def _type_evidence(mention: Mention) -> int:
    """``CLEAR_EVIDENCE`` (2) for curated metadata or a clear type rule, 1 for a hint, 0 for the untyped default.

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
        return CLEAR_EVIDENCE
    _, _, type_rule = extractor.partition("+")
    if not type_rule or type_rule == "default":
        return 0
    return 1 if type_rule in _WEAK_TYPE_RULES else CLEAR_EVIDENCE


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
    clear = Counter(kind for kind, evidence in paper_kind.values() if evidence == CLEAR_EVIDENCE)
    if len(clear) <= 1:
        kinds = {m.kind for m in members}
        kind = next(iter(clear)) if clear else next(k for k in _KIND_ORDER if k in kinds)
        return [(kind, members)]
    default = max(clear, key=lambda k: (clear[k], -_KIND_ORDER.index(k)))
    parts: dict[EntityKind, list[Mention]] = defaultdict(list)
    for paper, mentions in sorted(by_paper.items()):
        kind, evidence = paper_kind[paper]
        parts[kind if evidence == CLEAR_EVIDENCE else default].extend(mentions)
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

