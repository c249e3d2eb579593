"""Map the networkx graph to RDF under the kg ontology (``ontology/kg.ttl``).

The mapping is written once, as plain Python triples (:func:`rdf_blocks`);
:func:`to_rdf` turns them into an rdflib graph (the API) held either in
rdflib's own memory store or, for large graphs, in an Oxigraph store behind
the same rdflib API; :mod:`exports.rdf_formats` serialises them.  docs/rdf.md
describes the mapping; in short:

* every node is one resource typed by its kind (``kg:Paper``, ``kg:Venue``,
  ``kg:Method``, ``kg:Dataset``, ``kg:Model``, ``schema:Person``) with
  ``rdfs:label`` and one ``kg:sourceFile`` per input that stated it;
* every edge is one triple (``kg:proposes``, ``kg:uses``, ``kg:presentedAt``,
  ``dcterms:creator``, ``kg:nextInProgram``, ``kg:similarTo``);
* facts about an edge hang on a qualified node next to the plain triple: a
  ``kg:Mention`` per mention (provenance of proposes/uses), a
  ``kg:Authorship`` with ``kg:authorPosition`` per creator edge, and a
  ``kg:Similarity`` with ``kg:basis`` and ``kg:score`` per basis of a
  similarTo edge.

Every resource IRI comes from :func:`ontology.ids.iri_for`; every kg predicate from
the :class:`ontology.KG` namespace, so a typo fails loudly instead of minting a
new term.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", location="San Diego")
>>> print(to_rdf(g).serialize(format="turtle").count("schema:location"))
1
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Literal as TypingLiteral
from typing import NamedTuple, Union
from urllib.parse import quote

import networkx as nx
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD, Namespace

from exports.rdf_ntriples import oxigraph_store
from ontology import KG
from ontology.ids import iri_for, node_id, short_hash
from ontology.util.memory import paused_gc

__all__ = [
    "SCHEMA",
    "BIBO",
    "FABIO",
    "PREFIXES",
    "OXIGRAPH_THRESHOLD",
    "Lit",
    "Term",
    "Triple",
    "RdfBlock",
    "RdfExportError",
    "rdf_blocks",
    "rdf_triples",
    "source_graph_iri",
    "source_descriptions",
    "web_iri",
    "CURATED_SOURCES",
    "to_rdf",
    "to_dataset",
    "write_turtle",
]

SCHEMA = Namespace("https://schema.org/")
BIBO = Namespace("http://purl.org/ontology/bibo/")
FABIO = Namespace("http://purl.org/spar/fabio/")

#: Prefixes every serialisation uses (also the JSON-LD context's prefixes).
PREFIXES: dict[str, str] = {
    "kg": str(KG._NS),
    "schema": str(SCHEMA),
    "dcterms": str(DCTERMS),
    "skos": str(SKOS),
    "prov": str(PROV),
    "bibo": str(BIBO),
    "fabio": str(FABIO),
    "rdfs": str(RDFS),
    "xsd": str(XSD),
}

#: Above this many triples :func:`to_rdf` with ``store="auto"`` uses Oxigraph
#: instead of rdflib's memory store (see docs/rdf.md for the measurements).
OXIGRAPH_THRESHOLD = 100_000

_XSD_STRING = str(XSD.string)
_XSD_INTEGER = str(XSD.integer)
_XSD_DECIMAL = str(XSD.decimal)
_DATE_TYPES = ((re.compile(r"\d{4}-\d{2}-\d{2}"), str(XSD.date)),
               (re.compile(r"\d{4}-\d{2}"), str(XSD.gYearMonth)),
               (re.compile(r"\d{4}"), str(XSD.gYear)))


class Lit(NamedTuple):
    """A literal: its lexical form and its datatype IRI (``xsd:string`` for plain text).

    >>> Lit("2026", "http://www.w3.org/2001/XMLSchema#integer").lexical
    '2026'
    """

    lexical: str
    datatype: str = _XSD_STRING


#: An RDF term: a ``str`` is an IRI, a :class:`Lit` a literal (kg mints no blank nodes).
Term = Union[str, Lit]
#: A triple of plain Python terms.
Triple = tuple[str, str, Term]


class RdfBlock(NamedTuple):
    """Triples together with the input files that state them (empty: stated by no one file)."""

    sources: tuple[str, ...]
    triples: list[Triple]


class RdfExportError(ValueError):
    """The networkx graph holds something the RDF mapping does not know (a new node kind or relation)."""


class _V:
    """Every IRI the mapping emits, as a plain string looked up once (not per triple)."""

    doi = str(BIBO.doi)
    abstract = str(DCTERMS.abstract)
    creator = str(DCTERMS.creator)
    title = str(DCTERMS.title)
    ConferencePaper = str(FABIO.ConferencePaper)
    ConferencePoster = str(FABIO.ConferencePoster)
    Authorship = str(KG.Authorship)
    Dataset = str(KG.Dataset)
    Mention = str(KG.Mention)
    Method = str(KG.Method)
    Model = str(KG.Model)
    Paper = str(KG.Paper)
    Similarity = str(KG.Similarity)
    SourceDocument = str(KG.SourceDocument)
    Venue = str(KG.Venue)
    anthologyId = str(KG.anthologyId)
    author = str(KG.author)
    authorPosition = str(KG.authorPosition)
    basis = str(KG.basis)
    booktitle = str(KG.booktitle)
    confidence = str(KG.confidence)
    country = str(KG.country)
    edition = str(KG.edition)
    endOffset = str(KG.endOffset)
    extractor = str(KG.extractor)
    generalChair = str(KG.generalChair)
    mentionOf = str(KG.mentionOf)
    mentionedIn = str(KG.mentionedIn)
    nextInProgram = str(KG.nextInProgram)
    presentationType = str(KG.presentationType)
    presentedAt = str(KG.presentedAt)
    proposes = str(KG.proposes)
    qualifiedAuthorship = str(KG.qualifiedAuthorship)
    qualifiedSimilarity = str(KG.qualifiedSimilarity)
    role = str(KG.role)
    score = str(KG.score)
    sentence = str(KG.sentence)
    series = str(KG.series)
    similarPaper = str(KG.similarPaper)
    similarTo = str(KG.similarTo)
    sourceFile = str(KG.sourceFile)
    startOffset = str(KG.startOffset)
    surfaceForm = str(KG.surfaceForm)
    uses = str(KG.uses)
    year = str(KG.year)
    Organization = str(PROV.Organization)
    SoftwareAgent = str(PROV.SoftwareAgent)
    wasAttributedTo = str(PROV.wasAttributedTo)
    type = str(RDF.type)
    label = str(RDFS.label)
    Person = str(SCHEMA.Person)
    PropertyValue = str(SCHEMA.PropertyValue)
    additionalProperty = str(SCHEMA.additionalProperty)
    codeRepository = str(SCHEMA.codeRepository)
    keywords = str(SCHEMA.keywords)
    location = str(SCHEMA.location)
    startDate = str(SCHEMA.startDate)
    endDate = str(SCHEMA.endDate)
    name = str(SCHEMA.name)
    url = str(SCHEMA.url)
    value = str(SCHEMA.value)
    altLabel = str(SKOS.altLabel)
    exactMatch = str(SKOS.exactMatch)


_TYPE, _LABEL, _SOURCE_FILE = _V.type, _V.label, _V.sourceFile
_CLASSES = {
    "paper": _V.Paper,
    "venue": _V.Venue,
    "method": _V.Method,
    "dataset": _V.Dataset,
    "model": _V.Model,
    "person": _V.Person,
}
_RELATIONS = {
    "proposes": _V.proposes,
    "uses": _V.uses,
    "presentedAt": _V.presentedAt,
    "creator": _V.creator,
    "nextInProgram": _V.nextInProgram,
    "similarTo": _V.similarTo,
}
_PAPER_STRINGS = {
    "title": _V.title,
    "abstract": _V.abstract,
    "presentation_type": _V.presentationType,
    "country": _V.country,
    "doi": _V.doi,
    "anthology_id": _V.anthologyId,
    "booktitle": _V.booktitle,
}
_VENUE_STRINGS = {
    "location": _V.location,
    "series": _V.series,
    "edition": _V.edition,
    "general_chair": _V.generalChair,
    "booktitle": _V.booktitle,
}
# The last word of a presentation type that makes a paper a FaBiO conference poster or paper.
_FABIO_TYPES = {"poster": _V.ConferencePoster} | {
    word: _V.ConferencePaper for word in ("paper", "oral", "talk", "spotlight", "lecture", "presentation")
}
#: Extractor names of curated metadata (not kg's text extraction) and who curated it.
CURATED_SOURCES = {"papers-with-code": "Papers with Code"}


def rdf_blocks(graph: nx.MultiDiGraph) -> Iterator[RdfBlock]:
    """Every triple of ``graph``'s RDF, in blocks that share the input files stating them.

    A node's triples are stated by its ``sources``; an edge's (and its
    qualified node's) by the edge's ``sources``; a mention's by its
    ``source``.  Descriptions of the extractors (``prov:SoftwareAgent`` /
    ``prov:Organization``) belong to no single file.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("person/ada", kind="person", label="Ada Lovelace", sources=["a.jsonl"])
    >>> block = next(rdf_blocks(g))
    >>> block.sources, len(block.triples)
    (('a.jsonl',), 4)
    """
    agents: dict[str, str] = {}
    for node, data in graph.nodes(data=True):
        yield RdfBlock(tuple(data.get("sources") or ()), _node_triples(node, data))
    for source, target, data in graph.edges(data=True):
        subject, obj = iri_for(source), iri_for(target)
        relation = data.get("relation")
        if relation not in _RELATIONS:
            raise RdfExportError(
                f"edge {source!r} -> {target!r} has relation {relation!r}, which the RDF export does not know; "
                "map it in exports/rdf.py and declare it in ontology/kg.ttl"
            )
        sources = _edge_sources(data)
        triples: list[Triple] = [(subject, _RELATIONS[relation], obj)]
        if relation == "creator":
            triples += _authorship(subject, obj, data, sources)
        elif relation == "similarTo":
            triples += _similarity(subject, obj, data, sources)
        yield RdfBlock(sources, triples)
        for mention in data.get("mentions") or ():
            yield RdfBlock((mention["source"],), _mention(subject, obj, mention, agents))
    for extractor, agent in sorted(agents.items()):
        yield RdfBlock((), _agent(extractor, agent))


def rdf_triples(graph: nx.MultiDiGraph) -> list[Triple]:
    """All triples of ``graph``'s RDF (with repeats where two blocks state the same triple).

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("method/clear", kind="method", label="CLEAR")
    >>> [p.rsplit("#", 1)[-1] for _, p, _ in rdf_triples(g)]
    ['type', 'label']
    """
    return [triple for block in rdf_blocks(graph) for triple in block.triples]


def source_graph_iri(source: str) -> str:
    """The IRI of the named graph holding what input file ``source`` states (TriG, N-Quads).

    >>> source_graph_iri("underline/000_16934c490b00c391.txt").startswith("https://w3id.org/paperkg/id/source/")
    True
    """
    return iri_for(node_id("source", source))


# ----------------------------------------------------------------------------- nodes


def _node_triples(node: str, data: Mapping) -> list[Triple]:
    kind = data.get("kind")
    if kind not in _CLASSES:
        raise RdfExportError(
            f"node {node!r} has kind {kind!r}, which the RDF export does not know; "
            "map it in exports/rdf.py and declare it in ontology/kg.ttl"
        )
    subject = iri_for(node)
    triples: list[Triple] = [(subject, _TYPE, _CLASSES[kind]), (subject, _LABEL, Lit(str(data["label"])))]
    triples += [(subject, _SOURCE_FILE, Lit(source)) for source in data.get("sources") or ()]
    if kind == "paper":
        triples += _paper(subject, data)
    elif kind == "venue":
        triples += _strings(subject, data, _VENUE_STRINGS)
        triples += _integer(subject, _V.year, data.get("year"))
        for key, predicate in (("start_date", _V.startDate), ("end_date", _V.endDate)):
            if data.get(key):
                triples.append((subject, predicate, _date(str(data[key]))))
    elif kind == "person":
        triples.append((subject, _V.name, Lit(str(data.get("name") or data["label"]))))
    else:
        triples += [(subject, _V.altLabel, Lit(alt)) for alt in data.get("alt_labels") or ()]
        triples += _iris(subject, _V.exactMatch, data.get("same_as") or ())
    return triples


def _paper(subject: str, data: Mapping) -> list[Triple]:
    triples = _strings(subject, data, _PAPER_STRINGS)
    triples += _integer(subject, _V.year, data.get("year"))
    triples += [(subject, _V.keywords, Lit(keyword)) for keyword in data.get("keywords") or ()]
    triples += _iris(subject, _V.codeRepository, data.get("code_repositories") or ())
    triples += _iris(subject, _V.url, [str(data["url"])] if data.get("url") else [])
    words = str(data.get("presentation_type") or "").lower().split()
    if words and words[-1] in _FABIO_TYPES:
        triples.append((subject, _TYPE, _FABIO_TYPES[words[-1]]))
    for key, value in sorted((data.get("extra") or {}).items()):
        field = iri_for(f"field/{short_hash(subject + chr(10) + str(key), 16)}")
        triples += [
            (subject, _V.additionalProperty, field),
            (field, _TYPE, _V.PropertyValue),
            (field, _V.name, Lit(str(key))),
            (field, _V.value, Lit(str(value))),
        ]
    return triples


def _strings(subject: str, data: Mapping, predicates: Mapping[str, str]) -> list[Triple]:
    return [(subject, predicate, Lit(str(data[key]))) for key, predicate in predicates.items() if data.get(key)]


def _integer(subject: str, predicate: str, value: object) -> list[Triple]:
    """One ``xsd:integer`` triple, or none when ``value`` is absent or not a whole number."""
    if type(value) is int:  # the common case, first
        return [(subject, predicate, Lit(str(value), _XSD_INTEGER))]
    if isinstance(value, bool) or value is None:
        return []
    text = str(value).strip()
    return [(subject, predicate, Lit(str(int(text)), _XSD_INTEGER))] if re.fullmatch(r"-?\d+", text) else []


def _date(text: str) -> Lit:
    """An ISO date as ``xsd:date`` (or ``xsd:gYearMonth`` / ``xsd:gYear``); anything else as text.

    >>> _date("2026-07-02").datatype.rsplit("#", 1)[-1], _date("July 2026").datatype.rsplit("#", 1)[-1]
    ('date', 'string')
    """
    for pattern, datatype in _DATE_TYPES:
        if pattern.fullmatch(text):
            return Lit(text, datatype)
    return Lit(text)


def _decimal(value: float, places: int) -> Lit:
    """``value`` rounded to ``places`` as an ``xsd:decimal`` in XSD 1.0 canonical form (as rdflib writes it).

    >>> _decimal(0.85, 3).lexical, _decimal(1, 3).lexical, _decimal(2e-5, 3).lexical
    ('0.85', '1.0', '0.0')
    """
    value = float(value)
    if not math.isfinite(value):
        raise RdfExportError(f"{value!r} is not a finite number; confidences and scores must lie in [0, 1]")
    text = f"{value:.{places}f}".rstrip("0")
    text = text + "0" if text.endswith(".") else text
    return Lit("0.0" if text == "-0.0" else text, _XSD_DECIMAL)


_IRI_UNSAFE = re.compile(r"[\x00-\x20<>\"{}|\\^`\x7f]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
# what stays as it is when a URL has to be percent-encoded further: RFC 3986 reserved and unreserved characters
_URL_SAFE = ":/?[]@!$&'()*+,;=-._~%"
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def web_iri(url: str) -> str | None:
    """``url`` as an absolute IRI, or ``None`` when no IRI can be made of it.

    Characters IRIs forbid are percent-encoded, a missing scheme becomes
    https, and a URL Oxigraph still rejects is percent-encoded further (a
    second ``#``, a stray ``%``); one that still fails (a malformed host) is
    left out rather than written as an IRI no parser would read.

    >>> web_iri("github.com/acme/tool x")
    'https://github.com/acme/tool%20x'
    >>> web_iri("https://github.com/a/b%20c#readme#x"), web_iri("https://x.org/100%"), web_iri("https://[bad/x")
    ('https://github.com/a/b%20c#readme%23x', 'https://x.org/100%25', None)
    """
    import pyoxigraph

    url = url.strip()
    if not _SCHEME.match(url):
        url = "https://" + url.lstrip("/")
    candidates = [_IRI_UNSAFE.sub(lambda match: quote(match.group(0), safe=""), url)]
    base, hash_, fragment = _STRAY_PERCENT.sub("%25", candidates[0]).partition("#")
    candidates.append(quote(base, safe=_URL_SAFE + "#") + hash_ + quote(fragment, safe=_URL_SAFE))
    for candidate in candidates:
        try:
            return pyoxigraph.NamedNode(candidate).value
        except ValueError:
            continue
    return None


def _iris(subject: str, predicate: str, urls: Iterable[str]) -> list[Triple]:
    return [(subject, predicate, iri) for iri in map(web_iri, urls) if iri is not None]


# ----------------------------------------------------------------------------- edges


def _edge_sources(data: Mapping) -> tuple[str, ...]:
    sources = data.get("sources") or ([data["source"]] if data.get("source") else [])
    return tuple(sorted({str(source) for source in sources if source}))


def _authorship(paper: str, person: str, data: Mapping, sources: tuple[str, ...]) -> list[Triple]:
    node = iri_for(f"authorship/{short_hash(paper + chr(10) + person, 16)}")
    triples: list[Triple] = [
        (paper, _V.qualifiedAuthorship, node),
        (node, _TYPE, _V.Authorship),
        (node, _V.author, person),
    ]
    triples += _integer(node, _V.authorPosition, data.get("position"))
    triples += [(node, _SOURCE_FILE, Lit(source)) for source in sources]
    return triples


def _similarity(paper: str, other: str, data: Mapping, sources: tuple[str, ...]) -> list[Triple]:
    """One ``kg:Similarity`` per basis that found the pair (``basis``/``score``, and ``scores`` where given).

    An edge without ``basis`` is a source's own link: basis "source", score 1.
    """
    basis = str(data.get("basis") or "source")
    scores = {basis: 1.0 if data.get("score") is None else data["score"]}
    scores.update({str(key): value for key, value in (data.get("scores") or {}).items() if key != basis})
    triples: list[Triple] = []
    for name, score in sorted(scores.items()):
        node = iri_for(f"similarity/{short_hash(paper + chr(10) + other + chr(10) + name, 16)}")
        triples += [
            (paper, _V.qualifiedSimilarity, node),
            (node, _TYPE, _V.Similarity),
            (node, _V.similarPaper, other),
            (node, _V.basis, Lit(name)),
            (node, _V.score, _decimal(score, 4)),
        ]
        if data.get("extractor") and name == basis:
            triples.append((node, _V.extractor, Lit(str(data["extractor"]))))
        if name == "source":
            triples += [(node, _SOURCE_FILE, Lit(source)) for source in sources]
    return triples


def _mention(paper: str, entity: str, mention: Mapping, agents: dict[str, str]) -> list[Triple]:
    get = mention.get
    key = f"{get('source')}|{get('start')}|{get('end')}|{get('relation')}|{paper}|{entity}"
    subject = iri_for(f"mention/{short_hash(key, 16)}")
    extractor = str(mention["extractor"])
    component = extractor.split(":", 1)[0] or extractor
    agent = agents.setdefault(component, iri_for(node_id("agent", component)))
    triples: list[Triple] = [
        (subject, _TYPE, _V.Mention),
        (subject, _V.mentionedIn, paper),
        (subject, _V.mentionOf, entity),
        (subject, _V.role, Lit(str(mention["relation"]))),
        (subject, _V.surfaceForm, Lit(str(mention["name"]))),
        (subject, _SOURCE_FILE, Lit(str(mention["source"]))),
        (subject, _V.extractor, Lit(extractor)),
        (subject, _V.confidence, _decimal(mention["confidence"], 3)),
        (subject, _V.wasAttributedTo, agent),
    ]
    if mention.get("sentence"):
        triples.append((subject, _V.sentence, Lit(str(mention["sentence"]))))
    triples += _integer(subject, _V.startOffset, mention.get("start"))
    triples += _integer(subject, _V.endOffset, mention.get("end"))
    return triples


def _agent(component: str, agent: str) -> list[Triple]:
    """Who made a fact: an organisation for curated metadata, kg's own extractor otherwise."""
    if component in CURATED_SOURCES:
        return [(agent, _TYPE, _V.Organization), (agent, _LABEL, Lit(CURATED_SOURCES[component]))]
    return [(agent, _TYPE, _V.SoftwareAgent), (agent, _LABEL, Lit(component))]


# ----------------------------------------------------------------------------- rdflib graphs


def _to_rdflib(term: Term, iris: dict[str, URIRef], literals: dict[Lit, Literal]) -> URIRef | Literal:
    if isinstance(term, str):
        found = iris.get(term)
        if found is None:
            found = iris[term] = URIRef(term)
        return found
    found_literal = literals.get(term)
    if found_literal is None:
        datatype = None if term.datatype == _XSD_STRING else URIRef(term.datatype)
        found_literal = literals[term] = Literal(term.lexical, datatype=datatype)
    return found_literal


def _bind_prefixes(graph: Graph) -> Graph:
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, Namespace(namespace), override=True)
    return graph


def to_rdf(
    graph: nx.MultiDiGraph, *, store: TypingLiteral["auto", "memory", "oxigraph"] = "auto"
) -> Graph:
    """An rdflib graph of ``graph``: one resource per node, one triple per edge, qualified nodes for edge facts.

    Parameters
    ----------
    graph
        The graph :func:`kg.pipeline.build` returns (see docs/graph-model.md).
    store
        ``"memory"``: rdflib's own store; ``"oxigraph"``: an Oxigraph store
        behind the rdflib API (``oxrdflib``), whose SPARQL queries run in
        Oxigraph; ``"auto"``: Oxigraph above :data:`OXIGRAPH_THRESHOLD` triples.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/a", kind="paper", label="A", title="A", year=2020)
    >>> rdf = to_rdf(g, store="oxigraph")
    >>> [int(row.y) for row in rdf.query("SELECT ?y WHERE { ?p <https://w3id.org/paperkg/ontology#year> ?y }")]
    [2020]
    """
    with paused_gc():
        triples = rdf_triples(graph)
    if store == "auto":
        store = "oxigraph" if len(triples) > OXIGRAPH_THRESHOLD else "memory"
    if store == "memory":
        rdf = Graph()
        iris: dict[str, URIRef] = {}
        literals: dict[Lit, Literal] = {}
        with paused_gc():
            rdf.addN((_to_rdflib(s, iris, literals), _to_rdflib(p, iris, literals), _to_rdflib(o, iris, literals),
                      rdf) for s, p, o in triples)
        return _bind_prefixes(rdf)
    if store == "oxigraph":
        from oxrdflib import OxigraphStore
        from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

        ox_store = OxigraphStore(store=oxigraph_store(triples))
        return _bind_prefixes(Graph(store=ox_store, identifier=DATASET_DEFAULT_GRAPH_ID))
    raise ValueError(f"store must be 'auto', 'memory' or 'oxigraph', not {store!r}")


def to_dataset(graph: nx.MultiDiGraph) -> Dataset:
    """An rdflib Dataset with one named graph per input file (see :func:`source_graph_iri`).

    Each named graph holds the triples that file states; a triple stated by
    two files is in both graphs.  The default graph holds the triples no one
    file states and describes each source graph (``kg:SourceDocument`` with its
    ``kg:sourceFile``).

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("method/clear", kind="method", label="CLEAR", sources=["a.txt", "b.txt"])
    >>> sorted(len(ds_graph) for ds_graph in to_dataset(g).graphs())
    [4, 4, 4]
    """
    dataset = Dataset()
    iris: dict[str, URIRef] = {}
    literals: dict[Lit, Literal] = {}
    described: set[str] = set()
    default = dataset.default_graph
    for block in rdf_blocks(graph):
        rdf_triples_ = [tuple(_to_rdflib(term, iris, literals) for term in triple) for triple in block.triples]
        targets = [dataset.graph(URIRef(source_graph_iri(source))) for source in block.sources] or [default]
        for target in targets:
            target.addN((s, p, o, target) for s, p, o in rdf_triples_)
        described.update(block.sources)
    for s, p, o in source_descriptions(sorted(described)):
        default.add((_to_rdflib(s, iris, literals), _to_rdflib(p, iris, literals), _to_rdflib(o, iris, literals)))
    for prefix, namespace in PREFIXES.items():
        dataset.bind(prefix, Namespace(namespace), override=True)
    return dataset


def source_descriptions(sources: Iterable[str]) -> list[Triple]:
    """Triples naming each source graph: ``<graph> a kg:SourceDocument ; kg:sourceFile "file"``.

    >>> [p.rsplit("#", 1)[-1] for _, p, _ in source_descriptions(["a.txt"])]
    ['type', 'sourceFile']
    """
    triples: list[Triple] = []
    for source in sources:
        graph_iri = source_graph_iri(source)
        triples += [(graph_iri, _TYPE, _V.SourceDocument), (graph_iri, _SOURCE_FILE, Lit(source))]
    return triples


def write_turtle(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write ``graph`` as deterministic Turtle to ``path`` (atomically); see :mod:`exports.rdf_formats`."""
    from exports.rdf_formats import write_rdf_file

    return write_rdf_file(graph, Path(path), "ttl")
