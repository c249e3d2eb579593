"""What ``kg stats`` reads of a build's graph tables, as integer-coded arrays instead of a networkx graph.

A node is coded by its row in ``tables/nodes.parquet``, which is sorted by id:
code order is id order, so sorting codes sorts ids as Python does (UTF-8
bytes and code points sort alike).  :func:`read_graph_columns` keeps each
node's kind, label and year, each edge's relation only as a count, and of
the edges the report looks at (``uses``/``proposes`` to an entity,
``similarTo``) the two ends as ``int32`` codes, with a ``similarTo`` link's
score and basis.  On the 1M-paper build that is a few hundred MB where the
networkx graph of the same attributes took about 10 GB (docs/scaling.md).
The edge table is read a row group at a time, so its JSON is never whole in
memory.

>>> import tempfile
>>> from exports.graph_tables import write_graph_tables
>>> from kg.analytics.toy import toy_graph
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_graph_tables(toy_graph(), folder)
>>> columns = read_graph_columns(folder)
>>> len(columns.ids), columns.relations["uses"], len(columns.fact_source), len(columns.similar_source)
(15, 14, 15, 1)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import orjson
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from exports.graph_tables import TABLES_FOLDER
from exports.table_rows import release_arrow_memory
from kg.analytics.errors import AnalyticsError
from ontology.kinds import ENTITY_KINDS, PAPER_ENTITY_RELATIONS, EdgeRelation, Relation
from ontology.util.memory import return_free_memory

__all__ = ["GraphColumns", "TablesNotReadable", "read_graph_columns"]

_SIMILAR_TO = EdgeRelation.SIMILAR_TO.value
_PROPOSES = Relation.PROPOSES.value
#: Rows decoded at a time (the files' row groups hold up to 50,000).
_BATCH_ROWS = 8192


class TablesNotReadable(AnalyticsError):
    """Tables this reader does not cover (an edge to a node without a row, a year that is not a whole
    number): read the graph with :func:`kg.analytics.load_graph` instead."""


@dataclass
class GraphColumns:
    """The nodes and the edges of a build that its report reads (see the module's docstring).

    Nodes (one entry per row of ``nodes.parquet``, in id order): ``ids``,
    ``labels`` (Arrow arrays), ``kind_codes`` (index into ``kind_names``,
    -1 for none), ``years`` with ``has_year``, and ``in_degree`` (edges into
    the node, of every relation).  ``kinds`` and ``relations`` count nodes by
    kind and edges by relation (the edge key).  Facts: every ``uses`` or
    ``proposes`` edge to an entity (``fact_source``, ``fact_target``,
    ``fact_proposes``).  Similar links: every ``similarTo`` edge
    (``similar_source``, ``similar_target``, ``similar_weight``: its score,
    1.0 without one, as :func:`kg.analytics.paper_entity_graph` weighs it) and
    how many there are of each basis (``similar_bases``).
    """

    ids: pa.Array
    labels: pa.Array
    kind_codes: np.ndarray
    kind_names: list[str]
    years: np.ndarray
    has_year: np.ndarray
    in_degree: np.ndarray
    kinds: Counter
    relations: Counter
    fact_source: np.ndarray
    fact_target: np.ndarray
    fact_proposes: np.ndarray
    similar_source: np.ndarray
    similar_target: np.ndarray
    similar_weight: np.ndarray
    similar_bases: Counter

    def kind_mask(self, kinds: tuple[str, ...] | set[str] | frozenset[str]) -> np.ndarray:
        """Per node, whether its kind is one of ``kinds``."""
        wanted = [code for code, name in enumerate(self.kind_names) if name in kinds]
        return np.isin(self.kind_codes, np.array(wanted, dtype=self.kind_codes.dtype))

    def kind_of(self, code: int) -> str | None:
        """The kind of node ``code`` (``None`` when it has none)."""
        kind = int(self.kind_codes[code])
        return self.kind_names[kind] if kind >= 0 else None

    def label_of(self, code: int) -> str | None:
        """The label of node ``code``."""
        return self.labels[int(code)].as_py()


def read_graph_columns(out_dir: Path) -> GraphColumns:
    """The :class:`GraphColumns` of the build in ``out_dir`` (from ``tables/*.parquet``).

    Raises
    ------
    TablesNotReadable
        When an edge ends at a node without a row, or a year is not a whole number.
    """
    folder = Path(out_dir)
    nodes = pq.read_table(folder / TABLES_FOLDER / "nodes.parquet", columns=["id", "kind", "label"])
    ids = nodes.column("id").combine_chunks()
    kinds = nodes.column("kind").combine_chunks().dictionary_encode()
    kind_names = [str(name) for name in kinds.dictionary.to_pylist()]
    kind_codes = kinds.indices.fill_null(-1).to_numpy().astype(np.int16)
    labels = nodes.column("label").combine_chunks()
    del nodes
    kind_counts = Counter({name: int(count) for name, count in zip(kind_names, np.bincount(
        kind_codes[kind_codes >= 0], minlength=len(kind_names)), strict=True) if count})
    if (kind_codes < 0).any():
        kind_counts[None] = int((kind_codes < 0).sum())
    years, has_year = _years(folder, len(ids))
    lookup = pd.Index(ids.to_numpy(zero_copy_only=False), dtype=object)
    entity = np.isin(kind_codes, [code for code, name in enumerate(kind_names) if name in ENTITY_KINDS])
    edges = _EdgeReader(lookup, entity)
    for batch in _batches(folder, "edges.parquet", ["source", "target", "key", "data"]):
        edges.add(batch)
        release_arrow_memory()
    arrays = edges.arrays()
    del edges, lookup
    return_free_memory()  # the ids as Python strings, and the JSON read
    return GraphColumns(
        ids=ids, labels=labels, kind_codes=kind_codes, kind_names=kind_names, years=years, has_year=has_year,
        kinds=kind_counts, **arrays)


def _years(folder: Path, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Each node's ``year`` (from its ``data`` JSON) and whether it has one; only rows naming it are decoded."""
    years = np.zeros(count, dtype=np.int64)
    has_year = np.zeros(count, dtype=bool)
    start = 0
    for batch in _batches(folder, "nodes.parquet", ["data"]):
        data = batch.column(0)
        rows = np.flatnonzero(pc.fill_null(pc.match_substring(data, '"year"'), False).to_numpy(zero_copy_only=False))
        for row, text in zip(rows, data.take(pa.array(rows)).to_pylist(), strict=True):
            year = orjson.loads(text).get("year")
            if year is None:
                continue
            if not isinstance(year, int) or isinstance(year, bool) or not -2**62 < year < 2**62:
                raise TablesNotReadable(f"node {start + row}: year {year!r} is not a whole number")
            years[start + row], has_year[start + row] = year, True
        start += len(data)
        release_arrow_memory()
    return years, has_year


def _batches(folder: Path, name: str, columns: list[str]) -> Iterator[pa.RecordBatch]:
    """The rows of ``tables/<name>`` a few thousand at a time: a row group's JSON (with the abstracts, the
    mentions' sentences) is decoded a batch at a time, never whole."""
    with pq.ParquetFile(folder / TABLES_FOLDER / name) as table:
        yield from table.iter_batches(batch_size=_BATCH_ROWS, columns=columns)


class _EdgeReader:
    """Counts and keeps, a batch of ``edges.parquet`` rows at a time, what :class:`GraphColumns` holds."""

    def __init__(self, lookup: pd.Index, entity: np.ndarray) -> None:
        self.lookup, self.entity = lookup, entity
        self.in_degree = np.zeros(len(lookup), dtype=np.int64)
        self.relations: Counter = Counter()
        self.bases: Counter = Counter()
        self.parts: dict[str, list[np.ndarray]] = {name: [] for name in (
            "fact_source", "fact_target", "fact_proposes", "similar_source", "similar_target", "similar_weight")}

    def codes(self, values: pa.Array) -> np.ndarray:
        codes = self.lookup.get_indexer(values.to_numpy(zero_copy_only=False))
        if (codes < 0).any():
            missing = values[int(np.flatnonzero(codes < 0)[0])].as_py()
            raise TablesNotReadable(f"an edge ends at {missing!r}, which has no row in nodes.parquet")
        return codes.astype(np.int32)

    def add(self, batch: pa.RecordBatch) -> None:
        keys = batch.column("key")
        counted = pc.value_counts(keys)
        self.relations.update(dict(zip(counted.field("values").to_pylist(), counted.field("counts").to_pylist(),
                                       strict=True)))
        targets = pc.value_counts(batch.column("target"))
        np.add.at(self.in_degree, self.codes(targets.field("values")), targets.field("counts").to_numpy())
        facts = batch.filter(pc.is_in(keys, pa.array(PAPER_ENTITY_RELATIONS, pa.string())))
        target = self.codes(facts.column("target"))
        to_entity = self.entity[target]
        self.parts["fact_source"].append(self.codes(facts.column("source"))[to_entity])
        self.parts["fact_target"].append(target[to_entity])
        proposes = pc.equal(facts.column("key"), _PROPOSES).to_numpy(zero_copy_only=False)
        self.parts["fact_proposes"].append(proposes[to_entity])
        similar = batch.filter(pc.equal(keys, _SIMILAR_TO))
        self.parts["similar_source"].append(self.codes(similar.column("source")))
        self.parts["similar_target"].append(self.codes(similar.column("target")))
        weights = np.empty(len(similar), dtype=np.float64)
        for index, text in enumerate(similar.column("data").to_pylist()):
            data = orjson.loads(text) if text else {}
            weights[index] = float(data.get("score") or 1.0)  # as kg.analytics.projection weighs a link
            self.bases[data.get("basis") or "source"] += 1
        self.parts["similar_weight"].append(weights)

    def arrays(self) -> dict:
        """The kept columns, each one array, with the in-degrees and the relations and bases counted."""
        dtypes = {"fact_proposes": bool, "similar_weight": np.float64}
        arrays = {name: np.concatenate(parts) if parts else np.zeros(0, dtype=dtypes.get(name, np.int32))
                  for name, parts in self.parts.items()}
        return {**arrays, "in_degree": self.in_degree, "relations": self.relations, "similar_bases": self.bases}
