"""Questions people ask of a built graph, one function each (graph first, keyword-only options).

Every function reads the networkx graph of docs/graph-model.md, as
:func:`kg.pipeline.build` returns it or :func:`load_graph` reads it back from
a build's output folder.  Tables come back as pandas DataFrames sorted
deterministically (ties by label, then id), graphs as networkx graphs.

* loading: :func:`load_graph`, :func:`load_rdf`, :func:`to_pandas`;
* usage: :func:`top_entities` (overall, by venue, series or year),
  :func:`entity_trends`, :func:`co_usage_graph`;
* structure: :func:`paper_entity_graph`, :func:`communities`,
  :func:`centrality`, :func:`bridging_papers`, :func:`similar_papers`.

:func:`toy_graph` is a made-up six-paper graph the examples use.

>>> g = toy_graph()
>>> top_entities(g, kind="dataset", top=2)[["label", "papers"]].to_dict("records")
[{'label': 'SQuAD', 'papers': 3}, {'label': 'GLUE', 'papers': 2}]
"""
from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

import networkx as nx
import pandas as pd

from exports.node_link import read_json
from ontology.kinds import ENTITY_KINDS

if TYPE_CHECKING:  # pragma: no cover
    import rdflib

__all__ = [
    "AnalyticsError",
    "ENTITY_KINDS",
    "LOUVAIN_MAX_NODES",
    "GraphFrames",
    "bridging_papers",
    "centrality",
    "choose_community_method",
    "co_usage_graph",
    "communities",
    "entity_trends",
    "load_graph",
    "load_rdf",
    "paper_entity_graph",
    "similar_papers",
    "to_pandas",
    "top_entities",
    "toy_graph",
]

#: Node kinds counted as entities (what papers propose and use).
#: Largest paper–entity graph (in nodes) that :func:`communities` gives to networkx's Louvain by default;
#: above it Leiden (igraph + leidenalg) is used.  Louvain took 430 s on a 100k-node graph here.
LOUVAIN_MAX_NODES = 10_000
_FACT_RELATIONS = ("proposes", "uses")
_PAPER_COLUMNS = ("title", "venue", "year", "presentation_type", "anthology_id", "doi", "url")

GroupBy = Literal["venue", "series", "year"]
CommunityMethod = Literal["auto", "louvain", "leiden", "label-propagation"]


class AnalyticsError(Exception):
    """A question kg cannot answer as asked (missing output, unknown option); the message says what to do."""


class GraphFrames(NamedTuple):
    """The graph as three pandas DataFrames (see :func:`to_pandas`)."""

    papers: pd.DataFrame
    entities: pd.DataFrame
    facts: pd.DataFrame


# ----------------------------------------------------------------------------- loading


def load_graph(out_dir: Path | str) -> nx.MultiDiGraph:
    """The networkx graph of a build's output folder (its ``graph.json``).

    Parameters
    ----------
    out_dir : path
        The folder ``kg build -o OUT`` wrote, or the ``graph.json`` file itself.

    Examples
    --------
    >>> import tempfile
    >>> from exports.node_link import write_json
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = write_json(toy_graph(), Path(out) / "graph.json")
    ...     load_graph(out).number_of_nodes() == toy_graph().number_of_nodes()
    True
    """
    path = Path(out_dir)
    path = path / "graph.json" if path.is_dir() or path.suffix != ".json" else path
    if not path.is_file():
        raise AnalyticsError(f"{path} does not exist: run `kg build -o {path.parent}` first")
    try:
        return read_json(path)
    except ValueError as error:  # not node-link JSON of a kg graph
        raise AnalyticsError(str(error)) from error


def load_rdf(out_dir: Path | str) -> "rdflib.Graph":
    """The RDF graph of a build's output folder, parsed from its ``graph.ttl`` with rdflib.

    rdflib's parser is slow on large graphs (about 70 s per million triples
    here); for SPARQL over a large build, load ``graph.ttl`` into Oxigraph instead.

    Examples
    --------
    >>> import tempfile
    >>> from exports.rdf import write_turtle
    >>> with tempfile.TemporaryDirectory() as out:
    ...     _ = write_turtle(toy_graph(), Path(out) / "graph.ttl")
    ...     rdf = load_rdf(out)
    >>> query = "SELECT (COUNT(?p) AS ?n) WHERE { ?p a <https://w3id.org/paperkg/ontology#Paper> }"
    >>> int(next(iter(rdf.query(query)))[0])
    6
    """
    import rdflib

    path = Path(out_dir)
    path = path / "graph.ttl" if path.is_dir() or path.suffix != ".ttl" else path
    if not path.is_file():
        raise AnalyticsError(f"{path} does not exist: run `kg build -o {path.parent}` first")
    return rdflib.Graph().parse(path, format="turtle")


def to_pandas(graph: nx.MultiDiGraph) -> GraphFrames:
    """Papers, entities and facts (proposes/uses edges) as pandas DataFrames.

    ``papers`` has one row per paper (``paper``, ``label`` and the paper
    attributes of docs/graph-model.md, plus ``has_abstract``); ``entities``
    one row per method, dataset or model (``entity``, ``kind``, ``label``,
    ``papers`` naming it, ``proposed_by``, ``used_by``, ``same_as``);
    ``facts`` one row per proposes/uses edge (``paper``, ``relation``,
    ``entity``, ``kind``, ``label``, ``confidence``, ``extractor``, and the
    paper's ``venue`` and ``year``).

    Examples
    --------
    >>> frames = to_pandas(toy_graph())
    >>> len(frames.papers), len(frames.entities), len(frames.facts)
    (6, 7, 15)
    >>> frames.facts.query("label == 'WMT14'")["paper"].tolist()
    ['paper/p5', 'paper/p6']
    """
    paper_rows = []
    for node, data in sorted(graph.nodes(data=True)):
        if data.get("kind") == "paper":
            row = {"paper": node, "label": data.get("label")}
            row.update({column: data.get(column) for column in _PAPER_COLUMNS})
            row["has_abstract"] = bool(data.get("abstract"))
            paper_rows.append(row)
    papers = pd.DataFrame(paper_rows, columns=["paper", "label", *_PAPER_COLUMNS, "has_abstract"])
    papers["year"] = papers["year"].astype("Int64")

    fact_rows = []
    for paper, entity, relation, data in graph.edges(keys=True, data=True):
        if relation in _FACT_RELATIONS and graph.nodes[entity].get("kind") in ENTITY_KINDS:
            node = graph.nodes[entity]
            fact_rows.append({
                "paper": paper, "relation": relation, "entity": entity, "kind": node["kind"],
                "label": node.get("label"), "confidence": data.get("confidence"),
                "extractor": data.get("extractor"), "venue": graph.nodes[paper].get("venue"),
                "year": graph.nodes[paper].get("year"),
            })
    fact_columns = ["paper", "relation", "entity", "kind", "label", "confidence", "extractor", "venue", "year"]
    facts = pd.DataFrame(fact_rows, columns=fact_columns).sort_values(["paper", "entity", "relation"])
    facts = facts.reset_index(drop=True)
    facts["year"] = facts["year"].astype("Int64")

    named = {relation: Counter(facts.loc[facts["relation"] == relation, "entity"]) for relation in _FACT_RELATIONS}
    any_fact = Counter(facts.drop_duplicates(["paper", "entity"])["entity"])
    entity_rows = [
        {"entity": node, "kind": data["kind"], "label": data.get("label"), "papers": any_fact[node],
         "proposed_by": named["proposes"][node], "used_by": named["uses"][node],
         "same_as": list(data.get("same_as") or [])}
        for node, data in sorted(graph.nodes(data=True)) if data.get("kind") in ENTITY_KINDS
    ]
    entities = pd.DataFrame(entity_rows,
                            columns=["entity", "kind", "label", "papers", "proposed_by", "used_by", "same_as"])
    return GraphFrames(papers, entities, facts)


# ----------------------------------------------------------------------------- usage


def _facts(graph: nx.MultiDiGraph, kind: str | None, relations: Sequence[str]) -> pd.DataFrame:
    """(paper, entity) rows of one entity kind (``None``: every kind) named by ``relations``, one per pair."""
    for relation in relations:
        if relation not in _FACT_RELATIONS:
            raise AnalyticsError(f"unknown relation {relation!r}; use {' or '.join(_FACT_RELATIONS)}")
    if kind is not None and kind not in ENTITY_KINDS:
        raise AnalyticsError(f"unknown entity kind {kind!r}; use one of {', '.join(ENTITY_KINDS)}")
    rows = [
        (paper, entity) for paper, entity, relation in graph.edges(keys=True)
        if relation in relations and graph.nodes[entity].get("kind") in ((kind,) if kind else ENTITY_KINDS)
    ]
    frame = pd.DataFrame(sorted(set(rows)), columns=["paper", "entity"])
    frame["label"] = [graph.nodes[entity].get("label") for entity in frame["entity"]]
    return frame


def _group_of(graph: nx.MultiDiGraph, paper: str, by: GroupBy):
    data = graph.nodes[paper]
    if by == "year":
        return data.get("year")
    if by == "venue":
        return data.get("venue")
    venues = [v for _, v, relation in graph.out_edges(paper, keys=True) if relation == "presentedAt"]
    return next((graph.nodes[v].get("series") for v in sorted(venues) if graph.nodes[v].get("series")), None)


def top_entities(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    by: GroupBy | None = None,
    top: int = 10,
    relations: Sequence[str] = ("uses",),
) -> pd.DataFrame:
    """The most used benchmarks (``kind="dataset"``), methods or models: how many papers name each.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"dataset", "method", "model"} or None
        Entity kind to count; ``None`` counts all three.
    by : {"venue", "series", "year"} or None
        Rank within each venue (``"ACL 2020"``), venue series (``"ACL"``) or
        year instead of overall; papers without that value are left out.
    top : int
        Rows kept (per group when ``by`` is given).
    relations : sequence of {"uses", "proposes"}
        Which edges count as naming an entity.

    Returns
    -------
    pandas.DataFrame
        Columns ``[by,] entity, label, papers``, most papers first.

    Examples
    --------
    >>> g = toy_graph()
    >>> top_entities(g, kind="dataset", by="year", top=1)[["year", "label", "papers"]].to_dict("records")
    [{'year': 2019, 'label': 'SQuAD', 'papers': 3}, {'year': 2020, 'label': 'GLUE', 'papers': 2}]
    >>> top_entities(g, kind="method", relations=("uses", "proposes"), top=1)["label"].tolist()
    ['BERT']
    """
    if top < 1:
        raise AnalyticsError(f"top must be at least 1, not {top}")
    facts = _facts(graph, kind, relations)
    keys = ["entity", "label"]
    if by is not None:
        if by not in ("venue", "series", "year"):
            raise AnalyticsError(f"cannot group by {by!r}; use venue, series or year")
        facts[by] = [_group_of(graph, paper, by) for paper in facts["paper"]]
        facts = facts.dropna(subset=[by])
        keys = [by, *keys]
    counts = facts.groupby(keys, dropna=False)["paper"].nunique().rename("papers").reset_index()
    order = ([by] if by else []) + ["papers", "label", "entity"]
    counts = counts.sort_values(order, ascending=[True] * bool(by) + [False, True, True])
    counts = counts.groupby(by).head(top) if by else counts.head(top)
    if by == "year":
        counts[by] = counts[by].astype(int)
    return counts.reset_index(drop=True)


def entity_trends(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    top: int = 5,
    share: bool = False,
    relations: Sequence[str] = ("uses",),
) -> pd.DataFrame:
    """Papers per year naming each of the ``top`` most named entities of ``kind``.

    Returns
    -------
    pandas.DataFrame
        One row per year that has papers (ascending), one column per entity
        label (most named overall first); values are paper counts, or with
        ``share=True`` the fraction of that year's papers.

    Examples
    --------
    >>> entity_trends(toy_graph(), kind="dataset", top=2).to_dict("index")
    {2019: {'SQuAD': 3, 'GLUE': 0}, 2020: {'SQuAD': 0, 'GLUE': 2}}
    >>> entity_trends(toy_graph(), kind="dataset", top=1, share=True).loc[2019, "SQuAD"]
    np.float64(1.0)
    """
    leaders = top_entities(graph, kind=kind, top=top, relations=relations)
    facts = _facts(graph, kind, relations)
    facts = facts[facts["entity"].isin(leaders["entity"])]
    facts = facts.assign(year=[graph.nodes[paper].get("year") for paper in facts["paper"]]).dropna(subset=["year"])
    years = Counter(year for _, data in graph.nodes(data=True)
                    if data.get("kind") == "paper" and (year := data.get("year")) is not None)
    table = pd.DataFrame(0, index=pd.Index(sorted(years), name="year"), columns=list(leaders["label"]))
    for (year, label), papers in facts.groupby(["year", "label"])["paper"].nunique().items():
        table.loc[int(year), label] = papers
    if share:
        table = table.div(pd.Series(years).reindex(table.index), axis=0)
    table.columns.name = kind or "entity"
    return table


def co_usage_graph(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = "dataset",
    min_weight: int = 1,
    relations: Sequence[str] = ("uses",),
) -> nx.Graph:
    """Entities of ``kind`` linked when papers name both; ``weight`` is how many papers do.

    Nodes keep ``kind`` and ``label`` and get ``papers`` (how many papers name
    the entity); only entities with at least one edge of weight
    ``min_weight`` or more are kept.

    Examples
    --------
    >>> co = co_usage_graph(toy_graph(), kind="dataset")
    >>> sorted((co.nodes[u]["label"], co.nodes[v]["label"], w) for u, v, w in co.edges(data="weight"))
    [('GLUE', 'MNLI', 2), ('SQuAD', 'WMT14', 1)]
    """
    facts = _facts(graph, kind, relations)
    pairs: Counter[tuple[str, str]] = Counter()
    for _, entities in facts.groupby("paper")["entity"]:
        pairs.update(combinations(sorted(entities), 2))
    papers = Counter(facts["entity"])
    co = nx.Graph()
    for (a, b), weight in sorted(pairs.items()):
        if weight >= min_weight:
            for entity in (a, b):
                co.add_node(entity, kind=graph.nodes[entity]["kind"], label=graph.nodes[entity].get("label"),
                            papers=papers[entity])
            co.add_edge(a, b, weight=weight)
    return co


# ----------------------------------------------------------------------------- structure


def paper_entity_graph(
    graph: nx.MultiDiGraph, *, kinds: Iterable[str] = ENTITY_KINDS, similar: bool = False
) -> nx.Graph:
    """The undirected graph of papers and the entities they propose or use.

    Only papers and entities with at least one such edge are kept; nodes keep
    ``kind`` and ``label``.  With ``similar=True`` the papers' ``similarTo``
    links are added too (``weight`` = their score; 1 for the others).

    Examples
    --------
    >>> pe = paper_entity_graph(toy_graph())
    >>> pe.number_of_nodes(), pe.number_of_edges()
    (12, 15)
    """
    kinds = set(kinds)
    unknown = kinds - set(ENTITY_KINDS)
    if unknown:
        raise AnalyticsError(f"unknown entity kind {sorted(unknown)[0]!r}; use {', '.join(ENTITY_KINDS)}")
    projected = nx.Graph()
    edges = []
    for u, v, relation, data in graph.edges(keys=True, data=True):
        if relation in _FACT_RELATIONS and graph.nodes[v].get("kind") in kinds:
            edges.append((u, v, 1.0))
        elif similar and relation == "similarTo":
            edges.append((u, v, float(data.get("score") or 1.0)))
    for u, v, weight in sorted(edges):
        for node in (u, v):
            if node not in projected:
                projected.add_node(node, kind=graph.nodes[node].get("kind"), label=graph.nodes[node].get("label"))
        if not projected.has_edge(u, v) or projected.edges[u, v]["weight"] < weight:
            projected.add_edge(u, v, weight=weight)
    return projected


def choose_community_method(node_count: int) -> str:
    """What ``communities(method="auto")`` runs on a paper–entity graph of ``node_count`` nodes.

    Louvain (networkx) up to :data:`LOUVAIN_MAX_NODES`; above, Leiden when
    igraph and leidenalg are installed (``pip install 'kg[communities]'``;
    both are GPL-licensed, so kg does not require them), else networkx's fast
    label propagation.

    >>> choose_community_method(50)
    'louvain'
    """
    if node_count <= LOUVAIN_MAX_NODES:
        return "louvain"
    try:
        import igraph  # noqa: F401
        import leidenalg  # noqa: F401
    except ImportError:
        return "label-propagation"
    return "leiden"


def communities(
    graph: nx.MultiDiGraph,
    *,
    method: CommunityMethod = "auto",
    resolution: float = 1.0,
    seed: int = 0,
    similar: bool = False,
) -> list[set[str]]:
    """Communities of the paper–entity graph (:func:`paper_entity_graph`), largest first.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    method : {"auto", "louvain", "leiden", "label-propagation"}
        ``"auto"``: see :func:`choose_community_method`.  Louvain is
        networkx's (slow above ~10k nodes); Leiden needs igraph and leidenalg.
    resolution : float
        Modularity resolution (Louvain and Leiden); above 1 gives smaller communities.
    seed : int
        Random seed, so the same graph gives the same communities.
    similar : bool
        Also link papers by their ``similarTo`` edges.

    Returns
    -------
    list of set of str
        Node ids (papers and entities), largest community first, ties by smallest id.

    Examples
    --------
    >>> [sorted(c)[:2] for c in communities(toy_graph())]
    [['dataset/glue', 'dataset/mnli'], ['dataset/squad', 'method/bert'], ['dataset/wmt14', 'method/transformer']]
    """
    projected = paper_entity_graph(graph, similar=similar)
    chosen = choose_community_method(projected.number_of_nodes()) if method == "auto" else method
    if chosen == "louvain":
        found = nx.community.louvain_communities(projected, weight="weight", resolution=resolution, seed=seed)
    elif chosen == "leiden":
        found = _leiden(projected, resolution=resolution, seed=seed)
    elif chosen == "label-propagation":
        if method == "auto":
            warnings.warn(f"{projected.number_of_nodes()} nodes is too many for Louvain and igraph/leidenalg are "
                          "not installed; using label propagation (pip install 'kg[communities]' for Leiden)",
                          RuntimeWarning, stacklevel=2)
        found = nx.community.fast_label_propagation_communities(projected, weight="weight", seed=seed)
    else:
        raise AnalyticsError(f"unknown community method {method!r}; use auto, louvain, leiden or label-propagation")
    return sorted((set(c) for c in found), key=lambda c: (-len(c), min(c)))


def _leiden(projected: nx.Graph, *, resolution: float, seed: int) -> list[set[str]]:
    try:
        import igraph
        import leidenalg
    except ImportError as error:
        raise AnalyticsError("Leiden needs igraph and leidenalg: pip install 'kg[communities]' "
                             "(or pass method='louvain' or 'label-propagation')") from error
    nodes = sorted(projected)
    index = {node: i for i, node in enumerate(nodes)}
    edges = sorted((index[u], index[v]) if index[u] < index[v] else (index[v], index[u]) for u, v in projected.edges)
    weights = [projected.edges[nodes[u], nodes[v]]["weight"] for u, v in edges]
    converted = igraph.Graph(n=len(nodes), edges=edges)
    partition = leidenalg.find_partition(converted, leidenalg.RBConfigurationVertexPartition, weights=weights,
                                         resolution_parameter=resolution, seed=seed)
    return [{nodes[i] for i in members} for members in partition]


def centrality(
    graph: nx.MultiDiGraph,
    *,
    kind: str | None = None,
    measure: Literal["pagerank", "degree", "betweenness"] = "pagerank",
    top: int = 10,
    similar: bool = True,
) -> pd.DataFrame:
    """The most central papers or entities of the paper–entity graph.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        A built kg graph.
    kind : {"paper", "dataset", "method", "model", "entity"} or None
        Rank only nodes of this kind (``"entity"``: any of the three entity
        kinds); ``None`` ranks every node.
    measure : {"pagerank", "degree", "betweenness"}
        PageRank (weighted), degree centrality, or betweenness estimated from
        at most 500 sampled sources (seeded, so repeatable).
    top : int
        Rows kept.
    similar : bool
        Include the papers' ``similarTo`` links (weighted by score).

    Returns
    -------
    pandas.DataFrame
        Columns ``node, kind, label, score``, most central first.

    Examples
    --------
    >>> ranked = centrality(toy_graph(), kind="entity", measure="degree", top=2)
    >>> ranked.round(4)[["label", "score"]].to_dict("records")
    [{'label': 'BERT', 'score': 0.3636}, {'label': 'SQuAD', 'score': 0.2727}]
    """
    projected = paper_entity_graph(graph, similar=similar)
    if measure == "pagerank":
        scores = nx.pagerank(projected, weight="weight") if projected else {}
    elif measure == "degree":
        scores = nx.degree_centrality(projected)
    elif measure == "betweenness":
        sample = min(500, projected.number_of_nodes())
        scores = nx.betweenness_centrality(projected, k=sample, seed=0) if projected else {}
    else:
        raise AnalyticsError(f"unknown centrality measure {measure!r}; use pagerank, degree or betweenness")
    wanted = set(ENTITY_KINDS) if kind == "entity" else {kind}
    rows = [(node, projected.nodes[node]["kind"], projected.nodes[node]["label"], float(score))
            for node, score in scores.items() if kind is None or projected.nodes[node]["kind"] in wanted]
    rows.sort(key=lambda row: (-row[3], str(row[2]), row[0]))
    return pd.DataFrame(rows[:top], columns=["node", "kind", "label", "score"])


def bridging_papers(
    graph: nx.MultiDiGraph,
    *,
    found: Sequence[set[str]] | None = None,
    top: int = 10,
    similar: bool = False,
) -> pd.DataFrame:
    """Papers whose entities lie in several communities: the papers that bridge them.

    A paper's bridging score is its participation coefficient (Guimerà &
    Amaral, *Nature* 433, 2005): ``1 - Σ_c (k_c / k)²`` over the communities
    ``c`` of its ``k`` neighbours in the paper–entity graph.  It is 0 when all
    its entities lie in one community and approaches 1 when they spread
    evenly over many.  Only papers with a score above 0 (neighbours in at
    least two communities) are listed.

    Parameters
    ----------
    found : sequence of set of str, optional
        Communities from :func:`communities`; computed (with defaults) when omitted.
    top : int
        Rows kept.
    similar : bool
        Also count ``similarTo`` neighbours (use the same value as for ``found``).

    Returns
    -------
    pandas.DataFrame
        Columns ``paper, label, neighbours, communities, participation``, most bridging first.

    Examples
    --------
    >>> bridging_papers(toy_graph(), top=1)[["label", "communities", "participation"]].to_dict("records")
    [{'label': 'Low-resource translation with reading comprehension', 'communities': 2, 'participation': 0.4444}]
    """
    projected = paper_entity_graph(graph, similar=similar)
    if found is None:
        found = communities(graph, similar=similar)
    community_of = {node: index for index, members in enumerate(found) for node in members}
    rows = []
    for node, data in projected.nodes(data=True):
        if data["kind"] != "paper" or projected.degree(node) < 2:
            continue
        counts = Counter(community_of.get(neighbour, -1) for neighbour in projected[node])
        degree = sum(counts.values())
        participation = 1 - sum((count / degree) ** 2 for count in counts.values())
        if len(counts) > 1:
            rows.append((node, data["label"], degree, len(counts), round(participation, 4)))
    rows.sort(key=lambda row: (-row[4], -row[2], str(row[1]), row[0]))
    return pd.DataFrame(rows[:top], columns=["paper", "label", "neighbours", "communities", "participation"])


def similar_papers(graph: nx.MultiDiGraph, paper: str, *, top: int = 10) -> pd.DataFrame:
    """The papers linked to ``paper`` by ``similarTo`` (either direction), best score first.

    ``paper`` is a node id or a paper's exact title (case-insensitive).
    Source links (basis ``"source"``) score 1.0; computed ones carry their
    cosine score (see :mod:`kg.similarity`).

    Examples
    --------
    >>> similar_papers(toy_graph(), "paper/p1")[["paper", "basis", "score"]].to_dict("records")
    [{'paper': 'paper/p2', 'basis': 'source', 'score': 1.0}]
    """
    node = _find_paper(graph, paper)
    links: dict[str, dict] = {}
    for u, v, relation, data in [*graph.out_edges(node, keys=True, data=True),
                                 *graph.in_edges(node, keys=True, data=True)]:
        other = v if u == node else u
        if relation == "similarTo" and other != node:
            score = float(data.get("score") if data.get("score") is not None else 1.0)
            if other not in links or links[other]["score"] < score:
                links[other] = {"paper": other, "label": graph.nodes[other].get("label"),
                                "basis": data.get("basis") or "source", "score": score}
    rows = sorted(links.values(), key=lambda row: (-row["score"], str(row["label"]), row["paper"]))
    return pd.DataFrame(rows[:top], columns=["paper", "label", "basis", "score"])


def _find_paper(graph: nx.MultiDiGraph, paper: str) -> str:
    if graph.nodes.get(paper, {}).get("kind") == "paper":
        return paper
    wanted = paper.casefold().strip()
    matches = sorted(node for node, data in graph.nodes(data=True)
                     if data.get("kind") == "paper" and (data.get("title") or "").casefold().strip() == wanted)
    if not matches:
        raise AnalyticsError(f"no paper with id or title {paper!r}; ids look like 'paper/…' "
                             "(see to_pandas(graph).papers)")
    return matches[0]


# ----------------------------------------------------------------------------- examples


def toy_graph() -> nx.MultiDiGraph:
    """A made-up graph of six papers at two venues, with datasets and methods, for examples and tests.

    ======  ==========  ====================================  ==========================
    paper   venue       uses                                  proposes
    ======  ==========  ====================================  ==========================
    p1      ACL 2019    SQuAD, BERT
    p2      ACL 2019    SQuAD, BERT
    p3      EMNLP 2020  MNLI, GLUE, BERT
    p4      EMNLP 2020  MNLI, GLUE                            BERT
    p5      EMNLP 2020  WMT14, Transformer
    p6      ACL 2019    WMT14, Transformer, SQuAD
    ======  ==========  ====================================  ==========================

    plus a made-up dataset no paper uses, and one source ``similarTo`` link p1 → p2.

    >>> sorted(toy_graph().nodes["paper/p1"])[:4]
    ['abstract', 'kind', 'label', 'sources']
    """
    graph = nx.MultiDiGraph()
    venues = {"ACL 2019": ("ACL", 2019), "EMNLP 2020": ("EMNLP", 2020)}
    for name, (series, year) in venues.items():
        graph.add_node(f"venue/{name.lower().replace(' ', '-')}", kind="venue", label=name, name=name,
                       series=series, year=year, sources=["toy"])
    papers = {
        "p1": ("Reading comprehension with BERT", "ACL 2019", "We fine-tune BERT for reading comprehension."),
        "p2": ("Question answering at scale", "ACL 2019", "Open question answering over reading comprehension."),
        "p3": ("Natural language inference with BERT", "EMNLP 2020", "Entailment and inference benchmarks."),
        "p4": ("Pretraining bidirectional encoders", "EMNLP 2020", "We propose BERT and evaluate inference."),
        "p5": ("Translation with Transformers", "EMNLP 2020", "Machine translation with self-attention."),
        "p6": ("Low-resource translation with reading comprehension", "ACL 2019",
               "Translation and reading comprehension for low-resource languages."),
    }
    for key, (title, venue, abstract) in papers.items():
        graph.add_node(f"paper/{key}", kind="paper", label=title, title=title, abstract=abstract, venue=venue,
                       year=venues[venue][1], sources=["toy"])
        graph.add_edge(f"paper/{key}", f"venue/{venue.lower().replace(' ', '-')}", key="presentedAt",
                       relation="presentedAt", source="toy", sources=["toy"], extractor="toy")
    entities = {"dataset/squad": "SQuAD", "dataset/mnli": "MNLI", "dataset/glue": "GLUE",
                "dataset/wmt14": "WMT14", "dataset/unused": "Unused", "method/bert": "BERT",
                "method/transformer": "Transformer"}
    for node, label in entities.items():
        graph.add_node(node, kind=node.split("/")[0], label=label, alt_labels=[], same_as=[], sources=["toy"])
    facts = {
        "p1": ("uses", ["dataset/squad", "method/bert"]),
        "p2": ("uses", ["dataset/squad", "method/bert"]),
        "p3": ("uses", ["dataset/mnli", "dataset/glue", "method/bert"]),
        "p4": ("uses", ["dataset/mnli", "dataset/glue"]),
        "p5": ("uses", ["dataset/wmt14", "method/transformer"]),
        "p6": ("uses", ["dataset/wmt14", "method/transformer", "dataset/squad"]),
    }
    for key, (relation, targets) in facts.items():
        for target in targets:
            graph.add_edge(f"paper/{key}", target, key=relation, relation=relation, confidence=0.8,
                           source="toy", extractor="toy", mentions=[])
    graph.add_edge("paper/p4", "method/bert", key="proposes", relation="proposes", confidence=0.9,
                   source="toy", extractor="toy", mentions=[])
    graph.add_edge("paper/p1", "paper/p2", key="similarTo", relation="similarTo", source="toy", sources=["toy"],
                   extractor="toy")
    return graph
