"""Validate kg's RDF against its SHACL shapes (``ontology/shapes.ttl``) with pySHACL.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", start_date="2026-07-02", end_date="2026-07-01")
>>> report = validate(g)
>>> report.conforms, report.violations
(False, 1)
>>> "does not end before it starts" in report.text
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import networkx as nx
from rdflib import Graph
from rdflib.namespace import SH

from exports.rdf import to_rdf
from ontology import SHAPES_PATH

__all__ = ["ShaclReport", "shapes_graph", "validate"]


@dataclass(frozen=True)
class ShaclReport:
    """The outcome of a validation: whether the graph conforms, how many violations, pySHACL's report text."""

    conforms: bool
    violations: int
    text: str


@lru_cache(maxsize=1)
def shapes_graph() -> Graph:
    """The parsed shapes (``ontology/shapes.ttl``), read once."""
    return Graph().parse(SHAPES_PATH, format="turtle")


def validate(graph: nx.MultiDiGraph | Graph) -> ShaclReport:
    """Validate ``graph`` (a networkx graph from :func:`kg.pipeline.build`, or its RDF) against kg's shapes."""
    import pyshacl

    data = to_rdf(graph, store="memory") if isinstance(graph, nx.MultiDiGraph) else graph
    conforms, results, text = pyshacl.validate(data, shacl_graph=shapes_graph(), inference="none",
                                               allow_warnings=False, abort_on_first=False)
    if not isinstance(results, Graph):  # pySHACL could not use the shapes at all
        raise ValueError(f"the shapes in {SHAPES_PATH} are unusable ({text.strip()}); fix that file")
    violations = len(set(results.subjects(SH.resultSeverity, SH.Violation)))
    return ShaclReport(bool(conforms), violations, str(text))
