"""What an HTML view says about each node and edge: tooltip and details fields, and the page records.

:func:`node_details` reads a node's fields from the whole graph (a venue's
paper count, a paper's authors, an entity's first mentions) with the
function :data:`DETAIL_BUILDERS` has for its kind; :func:`node_record` and
:func:`edge_records` build the :mod:`exports.view_data` records the page
script draws.  Everything is plain text, shown with ``textContent``.

Examples
--------
>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/a", kind="paper", label="A", year=2026, sources=["a.txt"])
>>> node_details(g, "paper/a")
{'rows': [['Year', '2026']], 'src': ['a.txt']}
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, cast

import networkx as nx

from exports.view_data import Details, EdgeRecord, NodeDetails, NodeRecord
from exports.view_styles import kind_of, node_size
from exports.view_text import SourceTable, clip, display_text, display_texts, is_web_url

__all__ = [
    "ABSTRACT_CHARS",
    "DETAIL_BUILDERS",
    "GRAPH_WIDE_KINDS",
    "LABEL_CHARS",
    "MAX_AUTHORS",
    "MAX_MENTIONS",
    "SENTENCE_CHARS",
    "SHARED_SHOWN",
    "DetailBuilder",
    "edge_records",
    "node_details",
    "node_name",
    "node_record",
]

ABSTRACT_CHARS = 300
SENTENCE_CHARS = 240
LABEL_CHARS = 48
MAX_MENTIONS = 3
MAX_AUTHORS = 6
#: Most shared entities and shared terms a ``similarTo`` link's tooltip names.
SHARED_SHOWN = 5

#: Builds the details of one node: ``(whole graph, node, its attributes) -> Details``.
DetailBuilder = Callable[[nx.MultiDiGraph, Hashable, Mapping[str, Any]], Details]


def _rows(attrs: Mapping[str, Any], fields: Sequence[tuple[str, str]]) -> list[list[str]]:
    return [[name, display_text(attrs.get(key))] for key, name in fields if display_text(attrs.get(key))]


def _relation(key: Any, data: Mapping[str, Any]) -> str:
    relation = data.get("relation")
    return relation if isinstance(relation, str) and relation else display_text(relation) or display_text(key)


def _relation_counts(context: nx.MultiDiGraph, node: Hashable) -> dict[str, int]:
    """How many edges of each relation end at ``node`` (reads the adjacency directly: hubs have thousands)."""
    counts: dict[str, int] = {}
    for keyed in context._pred[node].values():  # the dict behind context.pred[node]: no view per neighbour
        for key, data in keyed.items():
            name = _relation(key, data)
            counts[name] = counts.get(name, 0) + 1
    return counts


def _authors(context: nx.MultiDiGraph, node: Hashable) -> list[str]:
    """Names of the people a paper's ``creator`` edges point to, in author order."""
    found = []
    for person, keyed in context._succ[node].items():  # the dict behind context.succ[node]
        for key, data in keyed.items():
            if _relation(key, data) != "creator":
                continue
            attrs = context._node[person]
            name = display_text(attrs.get("name")) or display_text(attrs.get("label")) or str(person)
            position = data.get("position")
            found.append((position if isinstance(position, int) else 10**9, name))
    return [name for _, name in sorted(found)]


def _links(key: str, urls: Iterable[str]) -> tuple[list[list[str]], list[list[str]]]:
    """http(s) URLs as clickable ``[key, url]`` links; anything else as a text row."""
    links: list[list[str]] = []
    rows: list[list[str]] = []
    for url in urls:
        (links if is_web_url(url) else rows).append([key, url])
    return links, rows


_PAPER_FIELDS = (
    ("venue", "Venue"),
    ("year", "Year"),
    ("presentation_type", "Presentation"),
    ("country", "Country"),
    ("doi", "DOI"),
    ("anthology_id", "Anthology ID"),
)
_VENUE_FIELDS = (
    ("series", "Series"),
    ("year", "Year"),
    ("edition", "Edition"),
    ("location", "Location"),
    ("start_date", "Starts"),
    ("end_date", "Ends"),
    ("general_chair", "General chair"),
)


def _paper_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> Details:
    rows = _rows(attrs, _PAPER_FIELDS)
    authors = _authors(context, node)
    if authors:
        more = f" and {len(authors) - MAX_AUTHORS} more" if len(authors) > MAX_AUTHORS else ""
        rows.append(["Authors", ", ".join(authors[:MAX_AUTHORS]) + more])
    keywords = display_texts(attrs.get("keywords"))
    if keywords:
        rows.append(["Keywords", ", ".join(keywords)])
    links, bad = _links("Code", display_texts(attrs.get("code_repositories")))
    page_links, bad_pages = _links("Page", display_texts(attrs.get("url")))
    details: Details = {"rows": rows + bad + bad_pages, "links": links + page_links}
    raw = attrs.get("abstract")
    abstract = display_text(raw[:4 * ABSTRACT_CHARS] if isinstance(raw, str) else raw)  # only what is shown
    if abstract:
        details["ab"] = clip(abstract, ABSTRACT_CHARS)
    details["src"] = display_texts(attrs.get("sources"))
    return details


def _venue_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> Details:
    rows = _rows(attrs, _VENUE_FIELDS)
    papers = _relation_counts(context, node).get("presentedAt", 0)
    if papers:
        rows.append(["Papers", str(papers)])
    return {"rows": rows, "src": display_texts(attrs.get("sources"))}


def _person_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> Details:
    papers = _relation_counts(context, node).get("creator", 0)
    rows = [["Papers", str(papers)]] if papers else []
    return {"rows": rows, "src": display_texts(attrs.get("sources"))}


def _mention(source: Any, sentence: Any) -> list[str]:
    """``[source file, sentence]`` of one mention (the sentence clipped)."""
    return [display_text(source) or "unknown source", clip(display_text(sentence), SENTENCE_CHARS)]


def _entity_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> Details:
    """Alt labels, how many papers propose or use it, and the first places it was found."""
    rows = []
    alt = display_texts(attrs.get("alt_labels"))
    if alt:
        rows.append(["Also called", ", ".join(alt)])
    counts = _relation_counts(context, node)
    if counts:
        rows.append(["Papers", ", ".join(f"{relation} {n}" for relation, n in sorted(counts.items()))])
    links, bad = _links("Same as", display_texts(attrs.get("same_as")))
    details: Details = {"rows": rows + bad, "links": links}
    mentions: list[list[str]] = []
    total = 0
    pred = context._pred[node]  # the dict behind context.pred[node]: no view per paper
    for paper in sorted(pred, key=str):  # the first mentions by paper id, then relation
        for key in sorted(pred[paper], key=str):
            for mention in pred[paper][key].get("mentions") or ():
                if isinstance(mention, Mapping):
                    total += 1
                    if len(mentions) < MAX_MENTIONS:
                        mentions.append(_mention(mention.get("source"), mention.get("sentence")))
    if mentions:
        details["m"], details["mt"] = mentions, total
    else:
        details["src"] = display_texts(attrs.get("sources"))
    return details


def _other_details(context: nx.MultiDiGraph, node: Hashable, attrs: Mapping[str, Any]) -> Details:
    return {"src": display_texts(attrs.get("sources"))}


#: The details builder of each node kind; kinds not listed show only their sources.
DETAIL_BUILDERS: dict[str, DetailBuilder] = {
    "paper": _paper_details,
    "venue": _venue_details,
    "person": _person_details,
    "method": _entity_details,
    "dataset": _entity_details,
    "model": _entity_details,
    "task": _entity_details,
    "metric": _entity_details,
}


#: The node kinds whose details count or quote the links that end at them from anywhere in the graph (an
#: entity's papers and first mentions, a venue's and a person's papers): graph-wide values, which any input
#: naming the node changes.  The pages of a views folder leave them to the node view's shards
#: (``node_details(..., graph_wide=False)``), so that a page draws only what its own subgraph holds.
GRAPH_WIDE_KINDS = frozenset(kind for kind, builder in DETAIL_BUILDERS.items()
                             if builder in (_venue_details, _person_details, _entity_details))


def node_details(context: nx.MultiDiGraph, node: Hashable, *,
                 cache: dict[Hashable, Details] | None = None, graph_wide: bool = True) -> Details:
    """Tooltip fields of ``node`` read from ``context`` (source files by name), empty ones left out.

    Parameters
    ----------
    context : networkx.MultiDiGraph
        The whole graph: paper counts, authors and mentions are read from it.
    node : node
        A node of ``context``.
    cache : dict, optional
        Memo of earlier results for the same, unchanged ``context``.
    graph_wide : bool
        ``False``: no fields at all for a node of :data:`GRAPH_WIDE_KINDS` (neither read nor cached),
        whose page loads them from the node view's shard when the pointer reaches it.

    Returns
    -------
    Details
        The fields (see :class:`exports.view_data.Details`).

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("paper/a", "dataset/d", key="uses", relation="uses",
    ...                mentions=[{"source": "a.txt", "sentence": "We use D."}])
    >>> g.nodes["dataset/d"]["kind"] = "dataset"
    >>> node_details(g, "dataset/d")
    {'rows': [['Papers', 'uses 1']], 'm': [['a.txt', 'We use D.']], 'mt': 1}
    >>> node_details(g, "dataset/d", graph_wide=False)
    {}
    """
    if not graph_wide and kind_of(context._node[node]) in GRAPH_WIDE_KINDS:
        return {}
    if cache is not None and node in cache:
        return cache[node]
    attrs = context.nodes[node]
    built = DETAIL_BUILDERS.get(kind_of(attrs), _other_details)(context, node, attrs)
    details = cast(Details, {k: v for k, v in built.items() if v not in ([], "", None)})
    if cache is not None:
        cache[node] = details
    return details


def node_name(attrs: Mapping[str, Any], node: Hashable) -> str:
    """The name a view shows for a node: its ``label``, ``title`` or ``name``, else its id.

    >>> node_name({"title": "A  paper"}, "paper/a"), node_name({}, "paper/a")
    ('A paper', 'paper/a')
    """
    return (display_text(attrs.get("label")) or display_text(attrs.get("title"))
            or display_text(attrs.get("name")) or str(node))


def node_record(graph: nx.MultiDiGraph, node: Hashable, xy: tuple[float, float], details: Details,
                sources: SourceTable) -> NodeRecord:
    """The page record of ``node`` drawn at ``xy``, its source file names replaced by indices into ``sources``.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("dataset/d", kind="dataset", label="D", alt_labels=["Dee"])
    >>> table = SourceTable()
    >>> record = node_record(g, "dataset/d", (1.0, 2.0), {"src": ["x.txt"]}, table)
    >>> record["k"], record["s"], record["x"], record["a"], record["d"]
    ('dataset', 8.0, 1.0, ['Dee'], {'src': [0]})
    """
    attrs = graph.nodes[node]
    name = node_name(attrs, node)
    record: NodeRecord = {
        "id": str(node),
        "l": clip(name, LABEL_CHARS),
        "n": name,
        "k": kind_of(attrs),
        "s": node_size(_degree(graph, node)),
        "x": xy[0],
        "y": xy[1],
    }
    alt = display_texts(attrs.get("alt_labels"))
    if alt:
        record["a"] = alt
    if details:
        local = cast(NodeDetails, dict(details))  # source names become indices below
        if "m" in details:
            local["m"] = [[sources(source), sentence] for source, sentence in details["m"]]
        if "src" in details:
            local["src"] = [sources(source) for source in details["src"]]
        record["d"] = local
    return record


def _degree(graph: nx.MultiDiGraph, node: Hashable) -> int:
    """``graph.degree(node)``, counted from the adjacency dicts of a directed multigraph.

    networkx's degree view walks a generator over views of the neighbours:
    for the hubs the landscapes draw on every page (thousands of links each)
    it was 3 s of the full Anthology's views.

    >>> g = nx.MultiDiGraph([("a", "b"), ("a", "b"), ("b", "a"), ("a", "a")])
    >>> _degree(g, "a") == g.degree("a") == 5
    True
    """
    if not isinstance(graph, nx.MultiDiGraph):
        return graph.degree(node)
    return sum(map(len, graph._succ[node].values())) + sum(map(len, graph._pred[node].values()))


def _names(context: nx.MultiDiGraph | None, nodes: Iterable[Any]) -> list[str]:
    """Display names of ``nodes`` (ids of ``context``; an id not in it is shown as it is)."""
    names = []
    for node in display_texts(nodes):
        names.append(node_name(context.nodes[node], node) if context is not None and node in context else node)
    return names


def _similarity_fields(record: EdgeRecord, data: Mapping[str, Any], context: nx.MultiDiGraph | None) -> None:
    """Why two papers are similar (kg.similarity): strength, weak flag, shared entities and terms."""
    if isinstance(data.get("strength"), (int, float)):
        record["st"] = round(float(data["strength"]), 3)
    if data.get("weak") is True:
        record["wk"] = 1
    shared = _names(context, data.get("shared_entities"))
    if shared:
        record["se"] = shared[:SHARED_SHOWN]
    terms = display_texts(data.get("shared_terms"))
    if terms:
        record["tm"] = terms[:SHARED_SHOWN]


def _edge_record(u: int, v: int, relation: str, data: Mapping[str, Any], sources: SourceTable,
                 context: nx.MultiDiGraph | None = None) -> EdgeRecord:
    record: EdgeRecord = {"f": u, "t": v, "r": relation}
    if isinstance(data.get("confidence"), (int, float)):
        record["c"] = round(float(data["confidence"]), 3)
    mentions = [m for m in data.get("mentions") or () if isinstance(m, Mapping)]
    if mentions:
        source, sentence = _mention(mentions[0].get("source"), mentions[0].get("sentence"))
        record["m"] = [sources(source), sentence]
    elif display_text(data.get("sentence")):
        source, sentence = _mention(data.get("source"), data.get("sentence"))
        record["m"] = [sources(source), sentence]
    elif display_text(data.get("source")):
        record["s"] = sources(data.get("source"))
    if display_text(data.get("basis")):
        record["b"] = display_text(data.get("basis"))
    if isinstance(data.get("score"), (int, float)):
        record["sc"] = round(float(data["score"]), 3)
    if isinstance(data.get("position"), int):
        record["p"] = data["position"]
    _similarity_fields(record, data, context)
    return record


def edge_records(graph: nx.MultiDiGraph, index: Mapping[Hashable, int], sources: SourceTable, *,
                 context: nx.MultiDiGraph | None = None) -> list[EdgeRecord]:
    """The page records of every edge whose two ends are drawn, sorted by (from, to, relation).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The graph of the view.
    index : mapping
        Each drawn node's index in the page's node list.
    sources : SourceTable
        The page's source files (edge provenance refers to them by index).
    context : networkx.MultiDiGraph, optional
        The whole graph, where a ``similarTo`` link's shared entities are
        named (default: ``graph``).

    Returns
    -------
    list of EdgeRecord
        The 2nd, 3rd, ... edge between the same two nodes is bent (``cv``) so each stays visible.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> _ = g.add_edge("a", "b", key="uses", relation="uses", source="x.txt")
    >>> _ = g.add_edge("b", "a", key="similarTo", relation="similarTo", score=0.5)
    >>> edge_records(g, {"a": 0, "b": 1}, SourceTable())
    [{'f': 0, 't': 1, 'r': 'uses', 's': 0}, {'f': 1, 't': 0, 'r': 'similarTo', 'sc': 0.5, 'cv': 0.2}]
    """
    chosen = sorted(
        (
            (index[u], index[v], display_text(d.get("relation")) or display_text(k), d)
            for u, v, k, d in graph.edges(keys=True, data=True)
            if u in index and v in index
        ),
        key=lambda e: e[:3],
    )
    records = []
    parallel: dict[tuple[int, int], int] = {}
    for u, v, relation, data in chosen:
        record = _edge_record(u, v, relation, data, sources, graph if context is None else context)
        pair = (min(u, v), max(u, v))
        rank = parallel.get(pair, 0)
        parallel[pair] = rank + 1
        if rank:  # bend the 2nd, 3rd, ... edge between the same two nodes so each stays visible
            record["cv"] = round(0.2 * rank, 2)
        records.append(record)
    return records
