"""Which mentions are one entity node, of which kind, under which id and label: a table from the mentions alone.

Decisions D9-D21 of docs/scaling.md (round h14bw), made without a graph (round h14bz):

* names are grouped by a folded spelling key (:func:`ontology.ids.node_key`), an acronym with its long form as the
  corpus-wide alias table learns it (:mod:`kg.aliases`), names linked to one ``same_as`` page, British and American
  spellings (:mod:`kg.spelling_variants`) and a metric's or a task's variants (:mod:`kg.name_variants`), joined
  with a union-find (:class:`kg.union_find.UnionFind`); each group is named by its *root*;
* each group is typed by the clearest evidence its papers give (:func:`type_evidence`); a name that papers
  clearly type differently (a dataset here, a method there) becomes one *part* per kind (:func:`split_by_kind`);
* each part gets its label, hence its node id (``node_id(kind, node_key(label))``), its alternative labels and its
  root's acronym records; two parts whose labels fold to one id are one node (:meth:`EntityTable.collisions`).

:func:`entity_table` returns them as columns; :func:`kg.entity_nodes.add_entities` makes the nodes and edges from
it.  A mention is keyed by its position: its source and its index among its document's mentions (assembly hands
them over; without them, its index among that source's mentions in the list), which a later step can compute per
document.  The key is unique where each document's mentions name their own document as source, as every reader's
do; :meth:`EntityTable.node_of` says so where two mentions share one (review83).

>>> from ontology.records import EntityKind, Mention, Provenance, Relation
>>> def m(ref, name, kind=EntityKind.METHOD, long_form=None, start=0):
...     return Mention(ref, name, kind, Relation.USES, Provenance(ref + ".txt", start=start), long_form=long_form)
>>> mentions = [m("a", "BERT", EntityKind.MODEL), m("b", "LM", long_form="language model", start=5),
...             m("b", "language models", start=1)]
>>> table = entity_table(mentions, {"a": "paper/a", "b": "paper/b"})
>>> table.ids, table.labels, table.label_sources
(['model/bert', 'method/lm'], ['BERT', 'LM'], ['surface', 'surface'])
>>> table.node_of()  # "LM" and "language models" (its long form in the paper defining it) are one node
{('a.txt', 0): ('model', 'model/bert'), ('b.txt', 0): ('method', 'method/lm'), ('b.txt', 1): ('method', 'method/lm')}
"""
from __future__ import annotations

from array import array
from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain

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
from kg.spelling_variants import spelling_joins, spelling_key
from kg.union_find import UnionFind
from ontology.ids import node_id, node_key
from ontology.records import EntityKind, Mention

__all__ = ["CLEAR_EVIDENCE", "EntityTable", "entity_table", "mention_order", "node_label", "split_by_kind",
           "type_evidence"]

#: How sure a mention is of its entity's kind: 2 = clear (curated, a known name, a head noun), 1 = a hint, 0 = none.
_WEAK_TYPE_RULES = frozenset({"evaluated_on", "derived_from", "dataset_suffix", "list"})
#: Which kind a name takes when its evidence ties (every entity kind): method last, since an untyped
#: name is a method by default, while a task or metric type is evidence of its own.
_KIND_ORDER = (EntityKind.MODEL, EntityKind.DATASET, EntityKind.TASK, EntityKind.METRIC, EntityKind.METHOD)
#: The level of :func:`type_evidence` that decides a kind: curated metadata or a clear type rule.
CLEAR_EVIDENCE = 2


@dataclass(frozen=True)
class EntityTable:
    """D9-D21 as columns.

    Per mention, by its index ``i`` in the list handed to :func:`entity_table`: ``sources[mention_source[i]]`` and
    ``mention_index[i]`` (its position), ``mention_part[i]`` (the part it belongs to; -1 for a name that folds to
    no key).  Per part ``p``, in the order assembly makes them (roots sorted, a root's parts in kind order):
    ``roots[p]`` (the key its group is named by), ``kinds[p]``, ``ids[p]``, ``labels[p]``, ``alt_labels[p]``,
    ``acronyms[p]`` (its root's acronym records, :func:`kg.aliases.node_records`), ``label_sources[p]`` ("surface":
    its most frequent spelling; "sense": the long form of a minor sense; "joined": a minor sense a task or metric
    join took in; "sense_only": a part of only such a sense's mentions) and ``members[p]`` (its mentions' indices in
    the order its node reads them).  The integer columns are C ints (``array("i")``, 4 bytes an entry: 2.9 MB for
    the full Anthology's 237,891 mentions); the acronym records are the alias table's own dicts, shared by a root's
    parts.
    """

    sources: list[str]
    mention_source: array
    mention_index: array
    mention_part: array
    roots: list[str]
    kinds: list[EntityKind]
    ids: list[str]
    labels: list[str]
    alt_labels: list[list[str]]
    acronyms: list[list[dict]]
    label_sources: list[str]
    members: list[array]

    def node_of(self) -> dict[tuple[str, int], tuple[str, str]]:
        """Each grouped mention's position (source, index) -> its node (kind, entity node id).

        Raises ValueError where two grouped mentions share a position (two documents' mentions naming one source,
        with positions counted per document), rather than keep one of them.
        """
        found: dict[tuple[str, int], tuple[str, str]] = {}
        for s, i, p in zip(self.mention_source, self.mention_index, self.mention_part):
            if p >= 0:
                if (self.sources[s], i) in found:
                    raise ValueError(f"two mentions are at {(self.sources[s], i)!r}: positions are (source, index in "
                                     f"the document), so each document's mentions must name a source of their own; "
                                     f"key them by document, or let entity_table count positions per source")
                found[self.sources[s], i] = (self.kinds[p].value, self.ids[p])
        return found

    def collisions(self) -> dict[str, list[str]]:
        """D21: each id that two or more parts fold to -> their roots, in part order (one node holds them all)."""
        roots: dict[str, list[str]] = defaultdict(list)
        for node, root in zip(self.ids, self.roots):
            roots[node].append(root)
        return {node: found for node, found in roots.items() if len(found) > 1}

    def nbytes(self) -> int:
        """The bytes of the table's own columns and strings (strings shared with the mentions counted too)."""
        from sys import getsizeof

        columns = (self.mention_source, self.mention_index, self.mention_part, *self.members)
        strings = chain(self.sources, self.roots, self.ids, self.labels, chain.from_iterable(self.alt_labels))
        lists = (self.sources, self.roots, self.kinds, self.ids, self.labels, self.alt_labels, self.acronyms,
                 self.label_sources, self.members, *self.alt_labels)
        return sum(map(getsizeof, columns)) + sum(map(getsizeof, strings)) + sum(map(getsizeof, lists))


def mention_order(mention: Mention) -> tuple[str, int, str]:
    """The order assembly reads mentions in: by source, start and name (stable: document order breaks ties)."""
    return mention.provenance.source, mention.provenance.start or 0, mention.name


def entity_table(mentions: Sequence[Mention], paper_nodes: Mapping[str, str],
                 positions: Sequence[int] | None = None) -> EntityTable:
    """The entity decisions of ``mentions`` (in document order; ``paper_nodes``: each paper ref -> its node;
    ``positions``: each mention's index among its document's mentions, by default among its source's in this list).
    """
    order = sorted(range(len(mentions)), key=lambda i: mention_order(mentions[i]))
    ordered = [mentions[i] for i in order]
    grouping = _group(ordered, paper_nodes)
    sources: dict[str, int] = {}
    mention_source, mention_index, mention_part = array("i"), array("i"), array("i", [-1]) * len(mentions)
    if positions is not None and len(positions) != len(mentions):
        raise ValueError(f"{len(positions)} positions for {len(mentions)} mentions: pass one per mention (its "
                         f"index in its document), dropping the same entries as the mentions")
    counts: Counter[int] = Counter()
    for mention in mentions:
        source = sources.setdefault(mention.provenance.source, len(sources))
        mention_source.append(source)
        if positions is None:  # its index among its source's mentions in this list
            mention_index.append(counts[source])
            counts[source] += 1
    if positions is not None:
        mention_index.extend(positions)
    table = EntityTable(list(sources), mention_source, mention_index, mention_part, [], [], [], [], [], [], [], [])
    groups: dict[str, list[int]] = defaultdict(list)
    for row in sorted(grouping.roots):
        groups[grouping.roots[row]].append(row)
    for root in sorted(groups):
        for kind, rows in split_by_kind(groups.pop(root), ordered, paper_nodes):
            label, label_source = grouping.label(root, rows)
            members = [ordered[row] for row in rows]
            preferred, alt = node_label(kind, members, label, written=grouping.written,
                                        acronym_keys=grouping.acronym_keys)
            for row in rows:
                mention_part[order[row]] = len(table.ids)
            table.roots.append(root)
            table.kinds.append(kind)
            table.ids.append(node_id(kind.value, node_key(preferred)))
            table.labels.append(preferred)
            table.alt_labels.append(alt)
            table.acronyms.append(grouping.recorded.get(root, []))
            table.label_sources.append(label_source)
            table.members.append(array("i", [order[row] for row in rows]))
    return table


@dataclass
class _Grouping:
    """What :func:`_group` decides: each keyed row's root, the roots' label sources and acronym records."""

    roots: dict[int, str]  # row (in mention order) -> the root its key is joined under
    labels: dict[str, str]  # root -> the long form of a minor sense that names it
    joined_labels: dict[str, str]  # root -> the long form of a minor sense a task or metric join took in
    sense_only: dict[int, str]  # row of a mention of such a sense in a claimed root -> the long form
    recorded: dict[str, list[dict]]  # root -> its acronym records
    written: frozenset[str]  # keys of the names the corpus writes on their own
    acronym_keys: frozenset[str]  # names that are acronyms: never a long-form node's label

    def label(self, root: str, rows: Sequence[int]) -> tuple[str | None, str]:
        """A part's label from a sense (None: its most frequent spelling) and where it comes from."""
        if root in self.labels:
            return self.labels[root], "sense"
        if root in self.joined_labels:
            return self.joined_labels[root], "joined"
        if self.sense_only and all(row in self.sense_only for row in rows):
            return self.sense_only[rows[0]], "sense_only"
        return None, "surface"


def _group(mentions: Sequence[Mention], paper_nodes: Mapping[str, str]) -> _Grouping:
    """D9-D18 over ``mentions`` (in :func:`mention_order`): keys, the alias table, the joins, the label sources."""
    keys = {m.name: node_key(m.name) for m in mentions}
    written = frozenset(keys.values())  # names the corpus writes on their own: a long form among them is kept whole
    aliases = learn_aliases(((paper_nodes[m.paper_ref], m.name, m.long_form) for m in mentions if m.long_form),
                            named=written)
    records = node_records(aliases)
    group_key: dict[int, str] = {}  # index in ``mentions`` -> the key its name is grouped under
    for index, mention in enumerate(mentions):
        if keys[mention.name]:
            group_key[index] = aliases.group_of(keys[mention.name], paper_nodes[mention.paper_ref])
    clear = ((key, paper_nodes[mentions[i].paper_ref],
              type_evidence(mentions[i]) == CLEAR_EVIDENCE and mentions[i].kind)
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
    grouping = _Grouping({}, {}, {}, {}, defaultdict(list), written, frozenset(aliases.entries))
    with_acronym = {names.find(key) for key in bare}
    # a minor sense joined to its acronym's clear sense names only a node of its mentions alone (round h15bs)
    claimed = {names.find(key) for key in acronyms_of.keys() - named}
    for index, key in group_key.items():
        root = grouping.roots[index] = names.find(key)
        if key in named and root not in with_acronym:
            if key not in joined_senses:
                grouping.labels.setdefault(root, named[key])
            elif root in claimed:
                grouping.sense_only[index] = named[key]
            else:
                grouping.joined_labels.setdefault(root, named[key])
    for key in sorted(set(group_key.values()) & records.keys()):
        grouping.recorded[names.find(key)].extend(records[key])
    return grouping


def split_by_kind(rows: list[int], mentions: Sequence[Mention],
                  paper_nodes: Mapping[str, str]) -> list[tuple[EntityKind, list[int]]]:
    """D19: one ``(kind, rows)`` per node the group of ``rows`` (indices in ``mentions``, in order) becomes.

    Each paper settles on one kind for the name: the kind of its best-typed
    mention (model > dataset > method on ties).  When papers give two or more
    kinds with clear evidence (level 2 of :func:`type_evidence`), each such
    kind is a node of its own and papers without clear evidence join the kind
    most papers clearly give.  Otherwise the group is one node, of its clearly
    given kind, else of the strongest kind any mention has (model > dataset >
    method).
    """
    by_paper: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        by_paper[paper_nodes[mentions[row].paper_ref]].append(row)
    paper_kind: dict[str, tuple[EntityKind, int]] = {}
    for paper, found in by_paper.items():
        best = max((mentions[row] for row in found), key=lambda m: (type_evidence(m), -_KIND_ORDER.index(m.kind)))
        paper_kind[paper] = (best.kind, type_evidence(best))
    clear = Counter(kind for kind, evidence in paper_kind.values() if evidence == CLEAR_EVIDENCE)
    if len(clear) <= 1:
        kinds = {mentions[row].kind for row in rows}
        kind = next(iter(clear)) if clear else next(k for k in _KIND_ORDER if k in kinds)
        return [(kind, rows)]
    default = max(clear, key=lambda k: (clear[k], -_KIND_ORDER.index(k)))
    parts: dict[EntityKind, list[int]] = defaultdict(list)
    for paper, found in sorted(by_paper.items()):
        kind, evidence = paper_kind[paper]
        parts[kind if evidence == CLEAR_EVIDENCE else default].extend(found)
    return [(kind, parts[kind]) for kind in _KIND_ORDER if parts.get(kind)]


def node_label(kind: EntityKind, members: Sequence[Mention], label: str | None, *, written: Collection[str],
               acronym_keys: Collection[str]) -> tuple[str, list[str]]:
    """D20: a part's label (which names its node) and its sorted alternative labels.

    Its label is ``label`` when given (one sense of an ambiguous acronym, named by its long form: in the spelling
    its mentions use most, if any writes it, unless they write it in under a third of their names that are not
    acronyms: :func:`kg.aliases.label_unless_a_minority`), else the most frequent spelling (the upper-case one, then
    the first seen, on ties).  Long forms are alternative labels as the alias table took them
    (:func:`kg.aliases.voted_long_form`, with ``written`` the keys of names written on their own).  A task's plain
    spelling names it over a spelling done "automatic"-ally (``plain_spelling``, round h15bs).
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
    return preferred, sorted((set(surface) | set(voted_long_forms)) - {preferred})


def type_evidence(mention: Mention) -> int:
    """``CLEAR_EVIDENCE`` (2) for curated metadata or a clear type rule, 1 for a hint, 0 for the untyped default.

    The extractor name says which rule typed the mention: ``kg_entities:<role rule>+<type rule>``.

    >>> from ontology.records import Provenance, Relation
    >>> def m(extractor):
    ...     return Mention("p", "X", EntityKind.DATASET, Relation.USES, Provenance("s", extractor=extractor))
    >>> [type_evidence(m(e)) for e in ("papers-with-code", "kg_entities:use+gazetteer", "kg_entities:use+evaluated_on",
    ...                                 "kg_entities:use+default", "kg_entities:title_name")]
    [2, 2, 1, 0, 0]
    """
    extractor = mention.provenance.extractor
    if extractor == "papers-with-code":
        return CLEAR_EVIDENCE
    _, _, type_rule = extractor.partition("+")
    if not type_rule or type_rule == "default":
        return 0
    return 1 if type_rule in _WEAK_TYPE_RULES else CLEAR_EVIDENCE
