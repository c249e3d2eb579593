"""The columns the overview landscape reads of the whole graph, read from the graph tables: a skeleton, no graph.

The overview (graph.html and the views' overview) lays out the entities every
paper names (:mod:`exports.view_landscape`); of the whole graph it reads only
the papers, each paper's ``uses`` / ``proposes`` edges (source, target,
relation) and the kind and name of the nodes they reach
(:class:`~exports.view_names.NodeNames`).  :func:`table_skeleton` reads
those columns from ``tables/nodes.parquet`` and ``tables/edges.parquet`` a
row group at a time, decoding no JSON attribute but the ``names`` of an
entity without a ``label``; the full Anthology's skeleton is a small part of
its graph (docs/scaling.md, round h14ck).  The graph path reads the same
things from its graph (:class:`~exports.view_names.GraphNames`), through the
same rules, so a landscape from either is the same.

>>> import tempfile
>>> import networkx as nx
>>> from exports.graph_tables import TABLES_FOLDER, write_graph_tables
>>> from exports.view_landscape import named_entities
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", title="A")
>>> g.add_node("dataset/d", kind="dataset", name="D")
>>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sources=["a.xml"])
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_graph_tables(g, folder)
>>> skeleton = table_skeleton(folder / TABLES_FOLDER)
>>> skeleton.papers(), skeleton.name("dataset/d"), named_entities(skeleton, None) == named_entities(g, None)
(['paper/a'], 'D', True)
"""

from __future__ import annotations

import json
from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from exports.graph_tables import file_batches, node_items
from exports.view_landscape import LANDSCAPE_KINDS
from exports.view_names import landscape_name
from exports.view_styles import kind_of
from exports.view_text import display_text
from ontology.kinds import PAPER_ENTITY_RELATIONS

__all__ = ["IndexSkeleton", "Skeleton", "index_skeleton", "table_skeleton"]


@dataclass(frozen=True)
class Skeleton:
    """What the overview landscape reads of a graph, as plain dicts (:class:`~exports.view_names.NodeNames`).

    Only the nodes with a row have a kind (an edge's end without one is of
    kind ``other``, as in the graph read back from the tables); only the nodes
    of a landscape kind have a name.
    """

    #: Every paper, sorted by id.
    paper_ids: list[str]
    #: Every node with a row, with its kind as a view files it (:func:`~exports.view_styles.kind_of`).
    kinds: dict[str, str]
    #: Each node of a landscape kind (:data:`~exports.view_landscape.LANDSCAPE_KINDS`) with its landscape name.
    names: dict[str, str]
    #: Each paper with a ``uses`` or ``proposes`` edge, with each such edge's ``(target, relation)``.
    links: dict[str, list[tuple[str, str]]]

    def papers(self) -> list[Hashable]:
        """Every paper, sorted by id."""
        return list(self.paper_ids)

    def out_links(self, paper: Hashable) -> Iterator[tuple[Hashable, str]]:
        """Each ``(target, relation)`` of ``paper``'s edges to entities (:data:`PAPER_ENTITY_RELATIONS`)."""
        return iter(self.links.get(str(paper), ()))

    def kind(self, node: Hashable) -> str:
        """``node``'s kind as a view files it; ``other`` for a node without a row."""
        return self.kinds.get(str(node), "other")

    def name(self, node: Hashable) -> str:
        """``node``'s landscape name (its id where it has no name: not of a landscape kind)."""
        return self.names.get(str(node)) or str(node)


def table_skeleton(tables: Path, *, nodes_file: Path | None = None, edges_file: Path | None = None) -> Skeleton:
    """The :class:`Skeleton` of the graph tables in the folder ``tables`` (``nodes_file`` / ``edges_file``: other
    paths of ``nodes.parquet`` / ``edges.parquet``, such as a transaction's pending ones).

    Reads the node table's ``id``, ``kind``, ``label`` and ``names`` columns
    and the edge table's ``source``, ``target``, ``key`` and ``relation``, a
    row group at a time; each kind is one string object, and each link's
    target the same object as others to the same node.
    """
    nodes_file = nodes_file or Path(tables) / "nodes.parquet"
    edges_file = edges_file or Path(tables) / "edges.parquet"
    kinds: dict[str, str] = {}
    names: dict[str, str] = {}
    papers: list[str] = []
    shared_kinds: dict[str, str] = {}
    for batch in file_batches(nodes_file, columns=["id", "kind", "label", "names"]):
        ids, raw, labels, named = (batch.column(i).to_pylist() for i in range(4))
        for node, kind, label, text in zip(ids, raw, labels, named):
            shown = kind_of({"kind": kind})
            kinds[node] = shared_kinds.setdefault(shown, shown)
            if kind == "paper":
                papers.append(node)
            if shown in LANDSCAPE_KINDS:
                attrs = {"label": label}  # the ``names`` JSON decoded only where the label shows nothing
                if text and not display_text(label):
                    attrs.update(json.loads(text))
                names[node] = landscape_name(attrs, node)
    papers.sort()
    return Skeleton(papers, kinds, names, _paper_links(edges_file, papers))


def _paper_links(edges_file: Path, papers: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Each paper's edges of :data:`PAPER_ENTITY_RELATIONS` in ``edges_file``: ``(target, relation)``, the relation
    being the edge's key where it has none (as :class:`~exports.view_names.GraphNames` reads a graph's edges)."""
    sources = pa.array(papers, pa.string())
    relations = pa.array(PAPER_ENTITY_RELATIONS, pa.string())
    targets: dict[str, str] = {}  # one object per node and per relation, as the graph holds them
    links: dict[str, list[tuple[str, str]]] = {}
    for batch in file_batches(edges_file, columns=["source", "target", "key", "relation"]):
        relation = batch.column("relation")
        named = pc.fill_null(pc.not_equal(relation, ""), False)  # ``relation or key``, as the graph path reads it
        relation = pc.if_else(named, relation, batch.column("key"))
        keep = pc.and_(pc.is_in(relation, relations), pc.is_in(batch.column("source"), sources))
        for source, target, name in zip(*(pc.filter(column, keep).to_pylist()
                                          for column in (batch.column("source"), batch.column("target"), relation))):
            links.setdefault(source, []).append((targets.setdefault(target, target), targets.setdefault(name, name)))
    return links


@dataclass(frozen=True)
class IndexSkeleton:
    """What the views' index and search script read of a graph (:class:`~exports.view_names.IndexNodes`), read
    from the graph tables: each node's naming attributes, each node's degree, and the edge table to count the
    papers of the few nodes the index lists."""

    #: Every node with a row (then each edge end without one), with its ``kind``, ``label``, ``title``, ``name``
    #: and ``alt_labels`` where it has them, as :func:`~exports.graph_tables.node_items` reads them.
    nodes: dict[str, dict[str, Any]]
    #: Every node's degree: its rows in the edge table as source and as target.
    degree: dict[str, int]
    #: The edge table (``edges.parquet``), read again by :meth:`paper_counts`.
    edges_file: Path

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.nodes)

    def __contains__(self, node: object) -> bool:
        return node in self.nodes

    def __len__(self) -> int:
        return len(self.nodes)

    def attrs(self, node: Hashable) -> Mapping[str, Any]:
        """``node``'s naming attributes."""
        return self.nodes[str(node)]

    def degrees(self) -> dict[Hashable, int]:
        """Every node's degree (a copy)."""
        return dict(self.degree)

    def paper_counts(self, nodes: Collection[Hashable]) -> dict[Hashable, int]:
        """Each of ``nodes`` with how many papers it links to, in either direction: one pass over the edge
        table's ``source`` and ``target``, the rows touching ``nodes`` filtered in Arrow."""
        wanted = pa.array(sorted(map(str, nodes)), pa.string())
        papers: dict[Hashable, set[str]] = {node: set() for node in nodes}
        for batch in file_batches(self.edges_file, columns=["source", "target"]):
            source, target = batch.column("source"), batch.column("target")
            for ends, others in ((source, target), (target, source)):
                keep = pc.is_in(ends, wanted)
                for node, other in zip(pc.filter(ends, keep).to_pylist(), pc.filter(others, keep).to_pylist()):
                    if self.nodes.get(other, {}).get("kind") == "paper":  # papers_of: node_kind(...) == "paper"
                        papers[node].add(other)
        return {node: len(found) for node, found in papers.items()}


def index_skeleton(tables: Path, *, nodes_file: Path | None = None, edges_file: Path | None = None) -> IndexSkeleton:
    """The :class:`IndexSkeleton` of the graph tables in the folder ``tables`` (``nodes_file`` / ``edges_file`` as
    in :func:`table_skeleton`).

    Reads the node table's ``id``, ``kind``, ``label`` and ``names`` columns (every ``names`` JSON decoded: the
    titles and other names) and the edge table's ``source`` and ``target``, a row group at a time.

    >>> import tempfile
    >>> import networkx as nx
    >>> from exports.graph_tables import TABLES_FOLDER, write_graph_tables
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", title="A", year=2020)
    >>> g.add_node("dataset/d", kind="dataset", label="D", alt_labels=["DD"])
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses", sources=["a.xml"])
    >>> _ = g.add_edge("paper/a", "paper/a", key="similarTo", relation="similarTo")
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = write_graph_tables(g, folder)
    >>> skeleton = index_skeleton(folder / TABLES_FOLDER)
    >>> skeleton.attrs("paper/a"), skeleton.degrees() == dict(g.degree()), skeleton.paper_counts(["dataset/d"])
    ({'kind': 'paper', 'title': 'A'}, True, {'dataset/d': 1})
    """
    nodes_file = nodes_file or Path(tables) / "nodes.parquet"
    edges_file = edges_file or Path(tables) / "edges.parquet"
    strings: dict[str, str] = {}

    def share(value: Any) -> Any:  # one object per kind and attribute name
        return strings.setdefault(value, value) if type(value) is str and len(value) < 16 else value

    nodes = dict(node_items(file_batches(nodes_file, columns=["id", "kind", "label", "names"]), share=share))
    degree: dict[str, int] = {}
    for batch in file_batches(edges_file, columns=["source", "target"]):
        for column in batch.columns:
            for cell in pc.value_counts(column).to_pylist():
                degree[cell["values"]] = degree.get(cell["values"], 0) + cell["counts"]
    for node in nodes:
        degree.setdefault(node, 0)
    for node in degree:
        nodes.setdefault(node, {})  # an edge end without a row: a node without attributes, as in the table graph
    return IndexSkeleton(nodes, degree, Path(edges_file))
