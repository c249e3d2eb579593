"""Benchmark kg's RDF at scale: rdflib's memory store against Oxigraph, measured in the same run.

Builds a graph of at least ``--triples`` triples (default 1,000,000) by
replicating the sample build's graph with renamed node ids and source files,
then times, for both paths:

* export: networkx graph -> Turtle bytes and -> N-Triples bytes
  (rdflib: ``to_rdf(store="memory")`` then ``Graph.serialize``;
  Oxigraph: :class:`exports.rdf_formats.RdfSerialiser`);
* load: the graph held by each engine, ready for SPARQL;
* every canned query of ``kg/queries`` with its example parameters
  (rdflib: ``Graph.query(..., initBindings=...)``; Oxigraph: ``Store.query(...,
  substitutions=...)``), checking both give the same number of rows.

Run from the repository root::

    python benchmarks/rdf.py                 # about 1M triples; several minutes (rdflib is the slow part)
    python benchmarks/rdf.py --triples 50000 # a quick look

and copy the table it prints into docs/rdf.md.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, where its other scripts (html.py, ...) would
# shadow standard modules; put the repository root there instead.
ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "benchmarks"))  # last: measure.py, without shadowing the standard library

import networkx as nx  # noqa: E402
from measure import time_limited  # noqa: E402

from exports.rdf import rdf_triples, to_rdf  # noqa: E402
from exports.rdf_formats import RdfSerialiser  # noqa: E402
from kg.pipeline import build  # noqa: E402
from kg.query import canned_queries, oxigraph_bindings, rdflib_bindings  # noqa: E402


def timed(function, limit: int = 0):
    """:func:`measure.time_limited`, garbage collected first (each step builds large graphs)."""
    return time_limited(function, limit, collect=True)


def replicated_graph(graph: nx.MultiDiGraph, copies: int) -> nx.MultiDiGraph:
    """``copies`` disjoint copies of ``graph``: every node id and source file renamed per copy."""
    out = nx.MultiDiGraph()
    for copy in range(copies):
        def rename(node: str, copy: int = copy) -> str:
            return f"{node}-c{copy}"

        def source(name: str, copy: int = copy) -> str:
            return f"copy{copy}/{name}"

        for node, data in graph.nodes(data=True):
            attributes = dict(data, sources=[source(s) for s in data.get("sources", ())])
            out.add_node(rename(node), **attributes)
        for u, v, key, data in graph.edges(keys=True, data=True):
            attributes = dict(data)
            if data.get("source"):
                attributes["source"] = source(data["source"])
            if data.get("sources"):
                attributes["sources"] = [source(s) for s in data["sources"] if s]
            if data.get("mentions"):
                attributes["mentions"] = [dict(m, source=source(m["source"])) for m in data["mentions"]]
            out.add_edge(rename(u), rename(v), key=key, **attributes)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triples", type=int, default=1_000_000, help="at least this many triples (default 1M)")
    parser.add_argument("--limit", type=int, default=300,
                        help="stop an rdflib query after this many seconds and report the limit (default 300)")
    args = parser.parse_args(argv)

    sample = build().graph
    one = len(set(rdf_triples(replicated_graph(sample, 1))))
    per_copy = len(set(rdf_triples(replicated_graph(sample, 2)))) - one  # copies share the extractor agents
    copies = 1 + -(-(args.triples - one) // per_copy)
    graph = replicated_graph(sample, copies)
    n_triples = RdfSerialiser(graph).serialise("nt").count(b"\n")
    print(f"graph: {copies} copies of the sample build, {graph.number_of_nodes():,} nodes, "
          f"{graph.number_of_edges():,} edges, {n_triples:,} distinct triples")

    rows: list[tuple[str, float, float, bool]] = []  # label, rdflib seconds, Oxigraph seconds, rdflib stopped

    # export: from the networkx graph to bytes, each path from scratch
    t_rdflib_graph, rdflib_graph = timed(lambda: to_rdf(graph, store="memory"))
    t_rdflib_ttl, _ = timed(lambda: rdflib_graph.serialize(format="turtle", encoding="utf-8"))
    # rdflib writes N-Triples in store order; sorting its lines gives the deterministic bytes kg writes
    t_rdflib_nt, _ = timed(lambda: "".join(sorted(set(
        rdflib_graph.serialize(format="nt", encoding="utf-8").decode("utf-8").splitlines(keepends=True)))))
    t_ox_ttl, _ = timed(lambda: RdfSerialiser(graph).serialise("ttl"))
    t_ox_nt, _ = timed(lambda: RdfSerialiser(graph).serialise("nt"))
    print(f"  export: rdflib graph {t_rdflib_graph:.2f} s + Turtle {t_rdflib_ttl:.2f} s + N-Triples {t_rdflib_nt:.2f} s;"
          f" Oxigraph Turtle {t_ox_ttl:.2f} s, N-Triples {t_ox_nt:.2f} s", flush=True)
    rows.append(("export Turtle (graph -> bytes)", t_rdflib_graph + t_rdflib_ttl, t_ox_ttl, False))
    rows.append(("export sorted N-Triples (graph -> bytes)", t_rdflib_graph + t_rdflib_nt, t_ox_nt, False))

    # load: the graph held by each engine, ready for SPARQL
    from exports.rdf_ntriples import oxigraph_store

    t_ox_store, store = timed(lambda: oxigraph_store(rdf_triples(graph)))
    rows.append(("load for SPARQL (graph -> store)", t_rdflib_graph, t_ox_store, False))

    for query in canned_queries().values():
        params = query.example_params()
        t_ox, ox_rows = timed(lambda: list(store.query(query.text, substitutions=oxigraph_bindings(query, params))))
        try:
            t_rdflib, rdflib_rows = timed(lambda: list(rdflib_graph.query(query.text, initBindings=rdflib_bindings(
                query, params))), args.limit)
        except Exception as error:  # noqa: BLE001 - an rdflib bug is a result of the comparison, not its end
            print(f"  {query.name}: rdflib failed ({type(error).__name__}: {error}); Oxigraph {t_ox:.3f} s")
            continue
        stopped = rdflib_rows is None
        if not stopped and len(rdflib_rows) != len(ox_rows):
            print(f"warning: {query.name}: rdflib gave {len(rdflib_rows)} rows, Oxigraph {len(ox_rows)}")
        rows.append((f"query {query.name} ({len(ox_rows)} rows)", t_rdflib, t_ox, stopped))
        print(f"  {query.name}: rdflib {'>' if stopped else ''}{t_rdflib:.2f} s, Oxigraph {t_ox:.3f} s", flush=True)

    print(f"\n| step ({n_triples:,} triples) | rdflib Memory | Oxigraph | ratio |")
    print("|---|---:|---:|---:|")
    for label, slow, fast, stopped in rows:
        bound = ">" if stopped else ""
        print(f"| {label} | {bound}{slow:.2f} s | {fast:.3f} s | {bound}{slow / fast:.0f}x |")
    print(f"\nrdflib queries stopped after {args.limit} s are shown as lower bounds (>).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
