"""The similarity search from table rows, without the graph (step S5 of docs/scaling.md's partitioned assembly; round
h14ce).

:func:`search_inputs` reads what :func:`kg.similarity.add_similarity_edges` reads off a graph — each paper's
:class:`~kg.similarity_links.PaperText` (as :func:`kg.similarity_vectors.paper_texts` gives them) and the links
sources state (``similarTo`` edges) — from node and edge rows as ``tables/nodes.parquet`` and ``tables/edges.parquet``
hold them (tuples, as :func:`kg.partition_rows.partition_rows` makes them, or Arrow record batches).
:func:`similarity_rows` runs the search on them and gives every ``similarTo`` row of the tables: the stated links with
the search's scores and reasons, and the computed ones, made by the same functions as the graph's edges
(:func:`kg.similarity.stated_links`, :func:`kg.similarity.computed_edges`), so no rule is written twice.

>>> nodes = [("paper/a", "paper", None, '{"title": "Neural machine translation for low-resource languages"}', "{}"),
...          ("paper/b", "paper", None, '{"title": "Low-resource neural machine translation with pivots"}', "{}")]
>>> [row[:3] for row in similarity_rows(nodes, [], k=1)]
[('paper/a', 'paper/b', 'similarTo')]
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa

from exports.json_rows import edge_attributes, node_attributes, rows_of
from exports.table_rows import edge_row
from kg.similarity import computed_edges, stated_links
from kg.similarity_index import INDEX_DIMENSIONS
from kg.similarity_links import BASES, DEFAULT_K, ENTITY_WEIGHT, PaperText
from kg.similarity_vectors import ENTITY_RELATIONS, only_from
from ontology.kinds import ENTITY_KINDS

__all__ = ["SearchInputs", "search_inputs", "similarity_rows"]

_SIMILAR = "similarTo"
_ENTITY_KINDS = frozenset(ENTITY_KINDS)
Rows = Iterable[tuple | pa.RecordBatch]


@dataclass(frozen=True)
class SearchInputs:
    """What the search reads: ``papers`` by node id (:func:`kg.similarity_vectors.paper_texts`' records) and the
    ``similarTo`` edges as ``(source, target, attributes)``, sorted as the tables sort them."""

    papers: list[PaperText]
    stated: list[tuple[str, str, dict]]


def search_inputs(nodes: Rows, edges: Rows, *, exclude_extractors: Iterable[str] = ()) -> SearchInputs:
    """The search's inputs from node rows ``(id, kind, label, names, data)`` and edge rows ``(source, target, key,
    relation, data)`` of any order (every node's row, then every edge's; the nodes are read first).

    A paper's entities are the targets of its ``uses``/``proposes`` edges whose node is of an entity kind, less
    the edges whose every mention an extractor of ``exclude_extractors`` made, as
    :func:`~kg.similarity_vectors.paper_texts` reads them off the graph.  Only those edges' and the ``similarTo``
    edges' JSON is decoded.

    >>> inputs = search_inputs([("paper/a", "paper", "A", '{"title": "A"}', '{"abstract": "We do A."}'),
    ...                         ("dataset/x", "dataset", "X", "{}", "{}")],
    ...                        [("paper/a", "dataset/x", "uses", "uses", "{}")])
    >>> inputs.papers
    [PaperText(id='paper/a', title='A', abstract='We do A.', entities=('dataset/x',))]
    """
    excluded = frozenset(exclude_extractors)
    papers: dict[str, tuple[str | None, str | None]] = {}
    entities: set[str] = set()
    for row in rows_of(nodes):
        if row[1] == "paper":
            data = node_attributes(row)
            papers[row[0]] = (data.get("title") or None, data.get("abstract") or None)
        elif row[1] in _ENTITY_KINDS:
            entities.add(row[0])
    named: dict[str, set[str]] = {}
    stated: list[tuple[str, str, dict]] = []
    for row in rows_of(edges):
        source, target, key = row[:3]
        if key == _SIMILAR:
            stated.append((source, target, edge_attributes(row)))
        elif (key in ENTITY_RELATIONS and source in papers and target in entities
              and not (excluded and only_from(edge_attributes(row), excluded))):
            named.setdefault(source, set()).add(target)
    stated.sort(key=lambda edge: edge[:2])
    return SearchInputs([PaperText(paper, *papers[paper], tuple(sorted(named.get(paper, ())))) for paper in
                         sorted(papers)], stated)


def similarity_rows(nodes: Rows, edges: Rows, *, k: int = DEFAULT_K, min_score: float = 0.0,
                    bases: Sequence[str] = BASES, entity_weight: float = ENTITY_WEIGHT,
                    dimensions: int = INDEX_DIMENSIONS, exclude_extractors: Iterable[str] = (), map: Callable = map,
                    state: Path | None = None, processes: int = 1) -> list[tuple]:
    """Every ``similarTo`` row of ``tables/edges.parquet`` that :func:`kg.similarity.add_similarity_edges` (with
    the same options) makes of the graph whose rows are ``nodes`` and ``edges``: the stated links' rows, scored,
    and the computed links' rows, sorted by (source, target, key) as the tables are.

    Give the rows of the graph the search is to run on: assembly's rows, the stated links as assembly made them.
    The rows of a graph after a search give its ``similarTo`` rows again, the computed ones left in or taken out
    (``extractor`` ``kg.similarity``): left in, they keep their scores and reasons, as a second
    :func:`~kg.similarity.add_similarity_edges` on that graph changes nothing.
    """
    exclude_extractors = sorted(set(exclude_extractors))
    inputs = search_inputs(nodes, edges, exclude_extractors=exclude_extractors)
    stated = stated_links(inputs.stated)
    blocks = computed_edges(inputs.papers, stated, k=k, min_score=min_score, bases=bases,
                            entity_weight=entity_weight, dimensions=dimensions, map=map, state=state,
                            state_options={"exclude_extractors": exclude_extractors}, processes=processes)
    rows = [edge_row(source, target, _SIMILAR, data) for block in blocks for source, target, data in block]
    rows += (edge_row(source, target, _SIMILAR, data) for source, target, data in inputs.stated)
    rows.sort(key=lambda row: row[:3])
    return rows
