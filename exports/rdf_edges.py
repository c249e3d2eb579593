"""The RDF of the edges of the networkx graph: one triple per edge, qualified nodes for facts about it.

Every edge is one triple (``kg:proposes``, ``kg:uses``, ``kg:presentedAt``,
``dcterms:creator``, ``kg:nextInProgram``, ``kg:similarTo``); a proposes or
uses edge to a task is ``kg:addressesTask`` and one to a metric
``kg:evaluatesWith``, whatever the role (the role stays on its mentions).  Facts about
an edge hang on a qualified node next to the plain triple: a
``kg:Authorship`` with ``kg:authorPosition`` per creator edge, a
``kg:Similarity`` with ``kg:basis`` and ``kg:score`` per basis of a
similarTo edge (the node of the edge's own basis also gives ``kg:strength``,
``kg:weak``, ``kg:sharedEntity`` and ``kg:sharedTerm`` where known), and a ``kg:Mention`` per mention (the provenance of
proposes/uses), attributed to the agent that extracted it.

>>> triples = edge_triples("paper/a", "venue/b", {"relation": "presentedAt"}, ())
>>> [p.rsplit("#", 1)[-1] for _, p, _ in triples]
['presentedAt']
>>> [p.rsplit("#", 1)[-1] for _, p, _ in edge_triples("paper/a", "task/ner", {"relation": "uses"}, (), "task")]
['addressesTask']
"""
from __future__ import annotations

from collections.abc import Mapping

from exports.rdf_terms import DCTERMS_IRI, KG_IRI, PROV_IRI, RDF_IRI, RDFS_IRI, XSD_IRI, Lit, RdfExportError, Triple
from exports.rdf_values import decimal_literal, integer_triples
from ontology.ids import iri_for, node_id, short_hash
from ontology.kinds import ENTITY_PREDICATES, PAPER_ENTITY_RELATIONS, EdgeRelation

__all__ = [
    "CURATED_SOURCES",
    "EDGE_PREDICATES",
    "KIND_PREDICATES",
    "agent_triples",
    "authorship_iri",
    "authorship_triples",
    "edge_own_triples",
    "edge_predicate",
    "edge_sources",
    "edge_triples",
    "mention_component",
    "mention_iri",
    "mention_triples",
    "similarity_iri",
    "similarity_scores",
    "similarity_triples",
]

_TYPE, _LABEL, _SOURCE_FILE = RDF_IRI.type, RDFS_IRI.label, KG_IRI.sourceFile
#: The predicate of each edge relation.
EDGE_PREDICATES: dict[str, str] = {
    EdgeRelation.PROPOSES.value: KG_IRI.proposes,
    EdgeRelation.USES.value: KG_IRI.uses,
    EdgeRelation.PRESENTED_AT.value: KG_IRI.presentedAt,
    EdgeRelation.CREATOR.value: DCTERMS_IRI.creator,
    EdgeRelation.NEXT_IN_PROGRAM.value: KG_IRI.nextInProgram,
    EdgeRelation.SIMILAR_TO.value: KG_IRI.similarTo,
}
#: The predicate of a proposes/uses edge to an entity of this kind, whatever the role (``ontology.kinds.ENTITY_PREDICATES``):
#: ``kg:proposes``/``kg:uses`` link methods, datasets and models only (the scorer's contract).
KIND_PREDICATES: dict[str, str] = {kind: getattr(KG_IRI, name) for kind, name in ENTITY_PREDICATES.items()}
_ROLES = frozenset(PAPER_ENTITY_RELATIONS)
_CREATOR, _SIMILAR_TO = EdgeRelation.CREATOR.value, EdgeRelation.SIMILAR_TO.value  # plain str: fast ==
#: Extractor names of curated metadata (not kg's text extraction) and who curated it.
CURATED_SOURCES = {"papers-with-code": "Papers with Code"}


def edge_sources(data: Mapping) -> tuple[str, ...]:
    """The input files that state an edge (its ``sources``, or its one ``source``), sorted.

    >>> edge_sources({"source": "b.txt"}), edge_sources({"sources": ["b.txt", "a.txt", "b.txt"]})
    (('b.txt',), ('a.txt', 'b.txt'))
    """
    sources = data.get("sources") or ([data["source"]] if data.get("source") else [])
    return tuple(sorted({str(source) for source in sources if source}))


def edge_predicate(source: str, target: str, data: Mapping, target_kind: str | None = None) -> str:
    """The predicate of edge ``source`` → ``target`` (node ids); :class:`RdfExportError` for an unknown relation.

    >>> edge_predicate("paper/a", "task/ner", {"relation": "uses"}, "task").rsplit("#", 1)[-1]
    'addressesTask'
    """
    relation = data.get("relation")
    if relation not in EDGE_PREDICATES:
        raise RdfExportError(
            f"edge {source!r} -> {target!r} has relation {relation!r}, which the RDF export does not know; "
            "map it in exports/rdf_edges.py and declare it in ontology/kg.ttl"
        )
    if target_kind in KIND_PREDICATES and relation in _ROLES:
        return KIND_PREDICATES[target_kind]
    return EDGE_PREDICATES[relation]


def edge_triples(
    source: str, target: str, data: Mapping, sources: tuple[str, ...], target_kind: str | None = None
) -> list[Triple]:
    """The triple of edge ``source`` → ``target`` and its qualified nodes (``sources``: who states it).

    ``target_kind`` is the target node's ``kind``: a proposes/uses edge to a
    task or metric takes the kind's predicate (:data:`KIND_PREDICATES`).
    Its mentions are not included (see :func:`mention_triples`); an
    unknown relation raises :class:`RdfExportError`.
    """
    predicate = edge_predicate(source, target, data, target_kind)
    subject, obj = iri_for(source), iri_for(target)
    triples: list[Triple] = [(subject, predicate, obj)]
    relation = data["relation"]
    if relation == _CREATOR:
        triples += _authorship(subject, obj, data, sources)
    elif relation == _SIMILAR_TO:
        triples += _similarity(subject, obj, data, sources)
    return triples


def edge_own_triples(source: str, target: str, data: Mapping, target_kind: str | None = None) -> list[Triple]:
    """The triples of :func:`edge_triples` whose subject is the edge's source: its own triple and the links to its
    qualified nodes (``kg:qualifiedAuthorship``, ``kg:qualifiedSimilarity``), not the qualified nodes' triples.

    >>> triples = edge_own_triples("paper/a", "person/b", {"relation": "creator", "position": 1})
    >>> [p.rsplit("#", 1)[-1].rsplit("/", 1)[-1] for _, p, _ in triples]
    ['creator', 'qualifiedAuthorship']
    >>> set(triples) == {t for t in edge_triples("paper/a", "person/b", {"relation": "creator", "position": 1}, ())
    ...                  if t[0] == triples[0][0]}
    True
    """
    predicate = edge_predicate(source, target, data, target_kind)
    subject, obj = iri_for(source), iri_for(target)
    triples: list[Triple] = [(subject, predicate, obj)]
    relation = data["relation"]
    if relation == _CREATOR:
        triples.append((subject, KG_IRI.qualifiedAuthorship, authorship_iri(subject, obj)))
    elif relation == _SIMILAR_TO:
        triples += [(subject, KG_IRI.qualifiedSimilarity, similarity_iri(subject, obj, name))
                    for name, _ in similarity_scores(data)]
    return triples


def authorship_iri(paper: str, person: str) -> str:
    """The IRI of the ``kg:Authorship`` of the creator edge ``paper`` → ``person`` (both IRIs).

    >>> authorship_iri("https://w3id.org/paperkg/id/paper/a", "https://w3id.org/paperkg/id/person/b")[28:]
    'authorship/bc02c3f0148242ad'
    """
    return iri_for(f"authorship/{short_hash(paper + chr(10) + person, 16)}")


def authorship_triples(node: str, person: str, data: Mapping, sources: tuple[str, ...]) -> list[Triple]:
    """The triples of the ``kg:Authorship`` ``node`` (its IRI) of a creator edge to ``person`` with attributes
    ``data``, stated by ``sources``."""
    triples: list[Triple] = [
        (node, _TYPE, KG_IRI.Authorship),
        (node, KG_IRI.author, person),
    ]
    triples += integer_triples(node, KG_IRI.authorPosition, data.get("position"))
    triples += [(node, _SOURCE_FILE, Lit(source)) for source in sources]
    return triples


def _authorship(paper: str, person: str, data: Mapping, sources: tuple[str, ...]) -> list[Triple]:
    node = authorship_iri(paper, person)
    return [(paper, KG_IRI.qualifiedAuthorship, node), *authorship_triples(node, person, data, sources)]


def similarity_scores(data: Mapping) -> list[tuple[str, object]]:
    """Each basis that found a similarTo edge's pair with its score, by basis: one ``kg:Similarity`` each.

    An edge without ``basis`` is a source's own link: basis "source", score 1.

    >>> similarity_scores({"basis": "tfidf", "score": 0.5, "scores": {"entities": 0.25}})
    [('entities', 0.25), ('tfidf', 0.5)]
    >>> similarity_scores({})
    [('source', 1.0)]
    """
    basis = str(data.get("basis") or "source")
    score = 1.0 if data.get("score") is None else data["score"]
    others = data.get("scores")
    if not others or (len(others) == 1 and basis in others):  # one basis (every edge kg makes): nothing to sort
        return [(basis, score)]
    scores = {basis: score}
    scores.update({str(key): value for key, value in others.items() if key != basis})
    return sorted(scores.items())


def similarity_iri(paper: str, other: str, name: str) -> str:
    """The IRI of the ``kg:Similarity`` of basis ``name`` of the similarTo edge ``paper`` → ``other`` (IRIs)."""
    return iri_for(f"similarity/{short_hash(paper + chr(10) + other + chr(10) + name, 16)}")


def similarity_triples(node: str, other: str, name: str, score: object, data: Mapping,
                       sources: tuple[str, ...]) -> list[Triple]:
    """The triples of the ``kg:Similarity`` ``node`` (its IRI) of basis ``name`` with ``score`` (one of
    :func:`similarity_scores`) of a similarTo edge to ``other`` with attributes ``data``, stated by ``sources``."""
    basis = str(data.get("basis") or "source")
    triples: list[Triple] = [
        (node, _TYPE, KG_IRI.Similarity),
        (node, KG_IRI.similarPaper, other),
        (node, KG_IRI.basis, Lit(name)),
        (node, KG_IRI.score, decimal_literal(score, 4)),
    ]
    if data.get("extractor") and name == basis:
        triples.append((node, KG_IRI.extractor, Lit(str(data["extractor"]))))
    if name == "source":
        triples += [(node, _SOURCE_FILE, Lit(source)) for source in sources]
    if name == basis:  # why the two papers are near: on the node of the edge's own basis
        triples += [(node, KG_IRI.sharedEntity, iri_for(str(e))) for e in data.get("shared_entities") or ()]
        triples += [(node, KG_IRI.sharedTerm, Lit(str(term))) for term in data.get("shared_terms") or ()]
    if name == basis and data.get("strength") is not None:
        triples += [(node, KG_IRI.strength, decimal_literal(data["strength"], 3)),
                    (node, KG_IRI.weak, Lit("true" if data.get("weak") else "false", XSD_IRI.boolean))]
    return triples


def _similarity(paper: str, other: str, data: Mapping, sources: tuple[str, ...]) -> list[Triple]:
    """One ``kg:Similarity`` per basis that found the pair (:func:`similarity_scores`)."""
    triples: list[Triple] = []
    for name, score in similarity_scores(data):
        node = similarity_iri(paper, other, name)
        triples.append((paper, KG_IRI.qualifiedSimilarity, node))
        triples += similarity_triples(node, other, name, score, data, sources)
    return triples


def mention_iri(paper: str, entity: str, mention: Mapping) -> str:
    """The IRI of the ``kg:Mention`` of one mention on the edge ``paper`` → ``entity`` (both IRIs)."""
    get = mention.get
    key = f"{get('source')}|{get('start')}|{get('end')}|{get('relation')}|{paper}|{entity}"
    return iri_for(f"mention/{short_hash(key, 16)}")


def mention_component(mention: Mapping) -> str:
    """The component (the extractor's name before any ``:``) whose agent a mention is attributed to.

    >>> mention_component({"extractor": "kg_entities:patterns"}), mention_component({"extractor": ":x"})
    ('kg_entities', ':x')
    """
    return _component(str(mention["extractor"]))


def _component(extractor: str) -> str:
    return extractor.split(":", 1)[0] or extractor


def mention_triples(paper: str, entity: str, mention: Mapping, agents: dict[str, str],
                    subject: str | None = None) -> list[Triple]:
    """The ``kg:Mention`` of one mention on the edge ``paper`` → ``entity`` (both IRIs).

    The agent of its extractor is added to ``agents`` (component name →
    agent IRI); :func:`agent_triples` describes each agent once.  ``subject``
    is the mention's IRI when the caller has it (:func:`mention_iri`).
    """
    if subject is None:
        subject = mention_iri(paper, entity, mention)
    extractor = str(mention["extractor"])
    component = _component(extractor)
    agent = agents.get(component)
    if agent is None:
        agent = agents[component] = iri_for(node_id("agent", component))
    triples: list[Triple] = [
        (subject, _TYPE, KG_IRI.Mention),
        (subject, KG_IRI.mentionedIn, paper),
        (subject, KG_IRI.mentionOf, entity),
        (subject, KG_IRI.role, Lit(str(mention["relation"]))),
        (subject, KG_IRI.surfaceForm, Lit(str(mention["name"]))),
        (subject, _SOURCE_FILE, Lit(str(mention["source"]))),
        (subject, KG_IRI.extractor, Lit(extractor)),
        (subject, KG_IRI.confidence, decimal_literal(mention["confidence"], 3)),
        (subject, PROV_IRI.wasAttributedTo, agent),
    ]
    if mention.get("sentence"):
        triples.append((subject, KG_IRI.sentence, Lit(str(mention["sentence"]))))
    triples += integer_triples(subject, KG_IRI.startOffset, mention.get("start"))
    triples += integer_triples(subject, KG_IRI.endOffset, mention.get("end"))
    return triples


def agent_triples(component: str, agent: str) -> list[Triple]:
    """Who made a fact: an organisation for curated metadata, kg's own extractor otherwise.

    >>> [o.rsplit("#", 1)[-1] if isinstance(o, str) else o.lexical for _, _, o in agent_triples("scispacy", "a")]
    ['SoftwareAgent', 'scispacy']
    """
    if component in CURATED_SOURCES:
        return [(agent, _TYPE, PROV_IRI.Organization), (agent, _LABEL, Lit(CURATED_SOURCES[component]))]
    return [(agent, _TYPE, PROV_IRI.SoftwareAgent), (agent, _LABEL, Lit(component))]
