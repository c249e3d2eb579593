"""The report of :mod:`kg.report` from a build's graph tables, without a networkx graph of the corpus.

``kg stats`` used to load every node and edge into networkx (10.7 GB on
the 851k-paper build); :func:`report_from_tables` reads the columns the
report needs (:mod:`kg.analytics.table_columns`) and answers each question
from them (:mod:`kg.analytics.table_answers`): the same tables, charts and
bytes as :func:`kg.report.build_report` on the graph (tests/test_stats_tables.py).

>>> import tempfile
>>> from exports.graph_tables import write_graph_tables
>>> from kg.analytics import toy_graph
>>> from kg.report import build_report, render_html
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_graph_tables(toy_graph(), folder)
>>> render_html(report_from_tables(folder, top=3)) == render_html(build_report(toy_graph(), top=3))
True
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from exports.graph_tables import TABLES_FOLDER
from kg.analytics import table_answers as answers
from kg.analytics.table_columns import GraphColumns, TablesNotReadable, read_graph_columns
from kg.report import COMMUNITY_COLUMNS, Report, report_from
from kg.table_files import TableFilesError
from ontology.kinds import ENTITY_KINDS

__all__ = ["TableSource", "report_from_tables"]


def report_from_tables(out_dir: Path, *, top: int = 10) -> Report:
    """:func:`kg.report.build_report` of the graph whose tables ``kg build -o OUT`` wrote in ``out_dir``.

    Raises
    ------
    kg.analytics.table_columns.TablesNotReadable
        For tables this path does not read (then load the graph: :func:`kg.analytics.load_graph`).
    kg.table_files.TableFilesError
        For missing or damaged tables.
    """
    folder = Path(out_dir)
    try:
        columns = read_graph_columns(folder)
    except TablesNotReadable:
        raise
    except (OSError, ValueError) as error:  # pyarrow's and orjson's errors derive from these
        raise TableFilesError(f"{folder / TABLES_FOLDER} cannot be read ({error}); "
                              f"build it again with `kg build -o {folder}`") from error
    return report_from(TableSource(columns), top=top)


class TableSource:
    """The report's answers (:class:`kg.report.ReportSource`) from a build's :class:`GraphColumns`."""

    def __init__(self, columns: GraphColumns) -> None:
        self.columns = columns
        self._ranked: tuple[np.ndarray, np.ndarray] | None = None

    def counts(self) -> tuple[Counter, Counter]:
        return self.columns.kinds, self.columns.relations

    def top_entities(self, *, kind: str, top: int, relations: tuple[str, ...]) -> pd.DataFrame:
        return answers.top_entities(self.columns, kind=kind, top=top, relations=relations)

    def benchmarks_by_task(self, *, top: int, tasks: int) -> pd.DataFrame:
        return answers.benchmarks_by_task(self.columns, top=top, tasks=tasks)

    def entity_trends(self, *, kind: str, top: int) -> pd.DataFrame:
        return answers.entity_trends(self.columns, kind=kind, top=top)

    def projected_nodes(self) -> int:
        return answers.projected_node_count(self.columns)

    def communities(self, method: str) -> list[np.ndarray]:
        return answers.communities(self.columns, method)

    def community_rows(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        """As :meth:`kg.report.GraphSource.community_rows`: leading entities by edges in, label, id."""
        columns, entity = self.columns, self.columns.kind_mask(set(ENTITY_KINDS))
        rows = []
        for rank, members in enumerate(found[:top], start=1):
            codes = np.asarray(members, dtype=np.int64)
            entities = codes[entity[codes]]
            labels = columns.labels.take(pa.array(entities)).to_pylist()
            leaders = sorted(zip((-columns.in_degree[entities]).tolist(), map(str, labels), entities.tolist(),
                                 strict=True))
            rows.append((rank, len(codes), len(codes) - len(entities), len(entities),
                         ", ".join(label for _, label, _ in leaders[:3])))
        return pd.DataFrame(rows, columns=COMMUNITY_COLUMNS)

    def central(self, kinds: Collection[str], *, top: int) -> pd.DataFrame:
        if self._ranked is None:  # one PageRank for both tables
            self._ranked = answers.pagerank(self.columns)
        return answers.central(self.columns, self._ranked, set(kinds), top=top)

    def bridging_papers(self, found: Sequence[Collection], *, top: int) -> pd.DataFrame:
        return answers.bridging_papers(self.columns, [np.asarray(members, dtype=np.int64) for members in found],
                                       top=top)

    def similar_counts(self) -> Counter:
        return self.columns.similar_bases
