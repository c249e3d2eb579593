"""The networkx → RDF mapping (exports/rdf.py) covers every attribute of docs/graph-model.md."""
from __future__ import annotations

import networkx as nx
import pytest
import rdflib
from rdflib.compare import isomorphic

from exports import rdf as rdf_module
from exports.rdf import RdfExportError, rdf_blocks, source_graph_iri, to_rdf, web_iri
from exports.rdf_edges import EDGE_PREDICATES
from exports.rdf_nodes import NODE_CLASSES
from ontology.errors import KgError
from ontology.ids import RESOURCE_BASE, iri_for
from ontology.kinds import EDGE_RELATIONS, NODE_KINDS

PREFIXES = """
PREFIX kg: <https://w3id.org/paperkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX schema: <https://schema.org/>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX bibo: <http://purl.org/ontology/bibo/>
PREFIX fabio: <http://purl.org/spar/fabio/>
"""
PAGE = "underline/a.txt"
JSONL = "records/papers.jsonl"


def full_graph() -> nx.MultiDiGraph:
    """A small graph with every node and edge attribute of docs/graph-model.md."""
    g = nx.MultiDiGraph()
    g.add_node("paper/a", kind="paper", label="CLEAR: Cross-Lingual Enhancement", title="CLEAR: Cross-Lingual Enhancement",
               abstract='We propose CLEAR.\nIt says "hi"\tand {braces}.', venue="ACL 2026", presentation_type="Poster",
               country="Germany", keywords=["retrieval", "multilinguality"],
               code_repositories=["https://github.com/acme/clear"], year=2026, doi="10.18653/v1/2026.acl-long.1",
               anthology_id="2026.acl-long.1", url="https://aclanthology.org/2026.acl-long.1",
               booktitle="Proceedings of ACL 2026", extra={"topic": "retrieval", "note": 'a "quoted" {value}'},
               sources=[JSONL, PAGE])
    g.add_node("paper/b", kind="paper", label="Another Paper", title="Another Paper",
               presentation_type="Technical Paper", sources=[PAGE])
    g.add_node("paper/c", kind="paper", label="Users express beliefs…", title=None, abstract="Users express beliefs.",
               keywords=[], code_repositories=[], sources=["anthology/v.xml"])
    g.add_node("venue/acl-2026", kind="venue", label="ACL 2026", name="ACL 2026", series="ACL", year=2026,
               location="San Diego, California, USA", start_date="2026-07-02", end_date="2026-07-07", edition="64th",
               general_chair="Philipp Koehn", booktitle="Proceedings of ACL 2026", sources=[PAGE])
    g.add_node("method/clear", kind="method", label="CLEAR", alt_labels=["Cross-Lingual Enhancement"], same_as=[],
               sources=[PAGE])
    g.add_node("dataset/beir", kind="dataset", label="BEIR", alt_labels=[],
               same_as=["https://paperswithcode.com/dataset/beir"], sources=[JSONL])
    g.add_node("model/gpt4o", kind="model", label="GPT-4o", alt_labels=["GPT 4o"], sources=[PAGE])
    g.add_node("task/ner", kind="task", label="named entity recognition", alt_labels=["NER"],
               same_as=["https://paperswithcode.com/task/named-entity-recognition"], sources=[PAGE])
    g.add_node("metric/ndcg-10", kind="metric", label="nDCG@10", alt_labels=[], same_as=[], sources=[PAGE])
    g.add_node("person/ada", kind="person", label="Ada Example", name="Ada Example", sources=[JSONL])
    g.add_node("person/bo", kind="person", label="Bo Example", name="Bo Example", sources=[JSONL])
    mention = {"name": "CLEAR", "relation": "proposes", "source": PAGE, "start": 10, "end": 15,
               "extractor": "kg_entities:proposal_verb", "confidence": 0.85, "sentence": "We propose CLEAR."}
    curated = {"name": "BEIR", "relation": "uses", "source": JSONL, "start": None, "end": None,
               "extractor": "papers-with-code", "confidence": 1.0, "sentence": None}
    g.add_edge("paper/a", "method/clear", key="proposes", relation="proposes", confidence=0.85, source=PAGE,
               start=10, end=15, extractor="kg_entities:proposal_verb", sentence="We propose CLEAR.", mentions=[mention])
    g.add_edge("paper/a", "dataset/beir", key="uses", relation="uses", confidence=1.0, source=JSONL, start=None,
               end=None, extractor="papers-with-code", sentence=None, mentions=[curated])
    gpt = dict(mention, name="GPT-4o", relation="uses", start=30, end=36, extractor="kg_entities:model_family",
               confidence=0.8)
    g.add_edge("paper/a", "model/gpt4o", key="uses", relation="uses", confidence=0.8, source=PAGE, start=30, end=36,
               extractor="kg_entities:model_family", sentence="We propose CLEAR.", mentions=[gpt])
    ner = dict(mention, name="NER", relation="uses", start=40, end=43, extractor="kg_ner:ner+ner", confidence=0.9,
               sentence="We study NER.")
    g.add_edge("paper/a", "task/ner", key="uses", relation="uses", confidence=0.9, source=PAGE, start=40, end=43,
               extractor="kg_ner:ner+ner", sentence="We study NER.", mentions=[ner])
    new_task = dict(ner, name="named entity recognition", relation="proposes", start=50, end=74, confidence=0.7,
                    sentence="We introduce named entity recognition.")
    g.add_edge("paper/b", "task/ner", key="proposes", relation="proposes", confidence=0.7, source=PAGE, start=50,
               end=74, extractor="kg_ner:ner+ner", sentence=new_task["sentence"], mentions=[new_task])
    ndcg = dict(ner, name="nDCG@10", start=80, end=87, confidence=0.95, sentence="We report nDCG@10.")
    g.add_edge("paper/a", "metric/ndcg-10", key="uses", relation="uses", confidence=0.95, source=PAGE, start=80,
               end=87, extractor="kg_ner:ner+ner", sentence="We report nDCG@10.", mentions=[ndcg])
    g.add_edge("paper/a", "venue/acl-2026", key="presentedAt", relation="presentedAt", source=PAGE, sources=[PAGE],
               extractor="lecture_page")
    for position, person in enumerate(("person/ada", "person/bo"), start=1):
        g.add_edge("paper/a", person, key="creator", relation="creator", source=JSONL, sources=[JSONL],
                   position=position)
    g.add_edge("paper/a", "paper/b", key="nextInProgram", relation="nextInProgram", source=PAGE, sources=[PAGE],
               extractor="lecture_page", start=100, end=120)
    g.add_edge("paper/a", "paper/b", key="similarTo", relation="similarTo", source=PAGE, sources=[PAGE],
               extractor="lecture_page", basis="source", score=1.0)
    g.add_edge("paper/b", "paper/c", key="similarTo", relation="similarTo", sources=[], extractor="kg.similarity",
               basis="text", score=0.4213, scores={"text": 0.4213, "entities": 0.3})
    return g


def rows(graph: rdflib.Graph, query: str) -> list[tuple]:
    return [tuple(None if term is None else term.toPython() for term in row) for row in graph.query(PREFIXES + query)]


@pytest.fixture(scope="module")
def rdf() -> rdflib.Graph:
    return to_rdf(full_graph())


def test_paper_attributes(rdf):
    (row,) = rows(rdf, """SELECT ?year ?doi ?aid ?url ?book ?type WHERE {
        <https://w3id.org/paperkg/id/paper/a> kg:year ?year ; bibo:doi ?doi ; kg:anthologyId ?aid ;
            schema:url ?url ; kg:booktitle ?book ; a ?type . FILTER(?type != kg:Paper) }""")
    assert row[:5] == (2026, "10.18653/v1/2026.acl-long.1", "2026.acl-long.1",
                       "https://aclanthology.org/2026.acl-long.1", "Proceedings of ACL 2026")
    assert row[5] == "http://purl.org/spar/fabio/ConferencePoster"
    paper_b = rows(rdf, "SELECT ?t WHERE { <https://w3id.org/paperkg/id/paper/b> a ?t }")
    assert {t for (t,) in paper_b} == {"https://w3id.org/paperkg/ontology#Paper",
                                       "http://purl.org/spar/fabio/ConferencePaper"}
    extra = rows(rdf, """SELECT ?k ?v WHERE { <https://w3id.org/paperkg/id/paper/a> schema:additionalProperty ?f .
        ?f a schema:PropertyValue ; schema:name ?k ; schema:value ?v }""")
    assert sorted(extra) == [("note", 'a "quoted" {value}'), ("topic", "retrieval")]


def test_venue_attributes(rdf):
    (row,) = rows(rdf, """SELECT ?year ?start ?end ?book WHERE { ?v a kg:Venue ; kg:year ?year ;
        schema:startDate ?start ; schema:endDate ?end ; kg:booktitle ?book }""")
    assert [str(value) for value in row] == ["2026", "2026-07-02", "2026-07-07", "Proceedings of ACL 2026"]


def test_persons_and_author_order(rdf):
    authors = rows(rdf, """SELECT ?name WHERE { ?p dcterms:creator ?person ; kg:qualifiedAuthorship ?a .
        ?a kg:author ?person ; kg:authorPosition ?position . ?person a schema:Person ; schema:name ?name }
        ORDER BY ?position""")
    assert authors == [("Ada Example",), ("Bo Example",)]


def test_entity_same_as_and_alt_labels(rdf):
    assert rows(rdf, "SELECT ?url WHERE { ?d a kg:Dataset ; skos:exactMatch ?url }") == [
        ("https://paperswithcode.com/dataset/beir",)]
    assert rows(rdf, "SELECT ?alt WHERE { ?m a kg:Method ; skos:altLabel ?alt }") == [("Cross-Lingual Enhancement",)]


def test_tasks_and_metrics_have_their_own_classes_and_relations(rdf):
    tasks = rows(rdf, """SELECT ?paper ?label ?alt ?page WHERE { ?p kg:addressesTask ?t ; rdfs:label ?paper .
        ?t a kg:Task ; rdfs:label ?label ; skos:altLabel ?alt ; skos:exactMatch ?page } ORDER BY ?paper""")
    assert tasks == [
        ("Another Paper", "named entity recognition", "NER", "https://paperswithcode.com/task/named-entity-recognition"),
        ("CLEAR: Cross-Lingual Enhancement", "named entity recognition", "NER",
         "https://paperswithcode.com/task/named-entity-recognition"),
    ]
    assert rows(rdf, "SELECT ?m WHERE { ?p kg:evaluatesWith ?x . ?x a kg:Metric ; rdfs:label ?m }") == [("nDCG@10",)]


def test_kg_proposes_and_uses_never_reach_a_task_or_metric(rdf):
    # the scorer's contract: kg:proposes / kg:uses link methods, datasets and models; a task is never a kg:Method
    assert rows(rdf, """SELECT ?x WHERE { ?p kg:proposes|kg:uses ?x . { ?x a kg:Task } UNION { ?x a kg:Metric } }""") == []
    assert rows(rdf, "SELECT ?x WHERE { ?x a kg:Task , kg:Method }") == []
    linked = {label for (label,) in rows(rdf, "SELECT ?l WHERE { ?p kg:proposes|kg:uses ?x . ?x rdfs:label ?l }")}
    assert linked == {"CLEAR", "BEIR", "GPT-4o"}


def test_the_role_of_a_task_or_metric_fact_stays_on_its_mentions(rdf):
    roles = rows(rdf, """SELECT ?paper ?entity ?role WHERE { ?m kg:mentionedIn ?p ; kg:mentionOf ?e ; kg:role ?role .
        ?p rdfs:label ?paper . ?e rdfs:label ?entity . { ?e a kg:Task } UNION { ?e a kg:Metric } } ORDER BY ?paper ?entity""")
    assert roles == [
        ("Another Paper", "named entity recognition", "proposes"),  # introduces the task
        ("CLEAR: Cross-Lingual Enhancement", "nDCG@10", "uses"),  # reports results in the metric
        ("CLEAR: Cross-Lingual Enhancement", "named entity recognition", "uses"),  # works on the task
    ]


def test_similarity_is_a_plain_triple_plus_one_qualified_node_per_basis(rdf):
    plain = rows(rdf, "SELECT ?a ?b WHERE { ?a kg:similarTo ?b }")
    assert len(plain) == 2
    qualified = rows(rdf, """SELECT ?from ?basis ?score ?extractor WHERE { ?p kg:qualifiedSimilarity ?q ;
        rdfs:label ?from . ?q kg:similarPaper ?o ; kg:basis ?basis ; kg:score ?score .
        ?p kg:similarTo ?o . OPTIONAL { ?q kg:extractor ?extractor } } ORDER BY ?from ?basis""")
    assert [(f, b, float(s), e) for f, b, s, e in qualified] == [
        ("Another Paper", "entities", 0.3, None),
        ("Another Paper", "text", 0.4213, "kg.similarity"),
        ("CLEAR: Cross-Lingual Enhancement", "source", 1.0, "lecture_page"),
    ]


def test_curated_facts_are_told_apart_from_extracted_ones(rdf):
    found = rows(rdf, """SELECT ?surface ?extractor ?agentType ?agent WHERE { ?m a kg:Mention ; kg:surfaceForm ?surface ;
        kg:extractor ?extractor ; prov:wasAttributedTo ?by . ?by a ?agentType ; rdfs:label ?agent } ORDER BY ?surface""")
    assert found == [
        ("BEIR", "papers-with-code", "http://www.w3.org/ns/prov#Organization", "Papers with Code"),
        ("CLEAR", "kg_entities:proposal_verb", "http://www.w3.org/ns/prov#SoftwareAgent", "kg_entities"),
        ("GPT-4o", "kg_entities:model_family", "http://www.w3.org/ns/prov#SoftwareAgent",
         "kg_entities"),
        ("NER", "kg_ner:ner+ner", "http://www.w3.org/ns/prov#SoftwareAgent", "kg_ner"),
        ("nDCG@10", "kg_ner:ner+ner", "http://www.w3.org/ns/prov#SoftwareAgent", "kg_ner"),
        ("named entity recognition", "kg_ner:ner+ner", "http://www.w3.org/ns/prov#SoftwareAgent", "kg_ner"),
    ]
    offsets = rows(rdf, """SELECT ?m ?s ?e WHERE { ?m kg:surfaceForm 'BEIR' .
        OPTIONAL { ?m kg:startOffset ?s } OPTIONAL { ?m kg:endOffset ?e } }""")
    assert [(s, e) for _, s, e in offsets] == [(None, None)]  # curated facts point at no characters


def test_every_resource_iri_is_minted_by_iri_for(rdf):
    subjects = {str(s) for s in rdf.subjects()}
    assert subjects and all(s.startswith(RESOURCE_BASE) for s in subjects)
    assert iri_for("paper/a") in subjects
    assert not any("example.org" in str(term) or "example.com" in str(term) for triple in rdf for term in triple)


def test_blocks_carry_the_sources_that_state_them():
    blocks = list(rdf_blocks(full_graph()))
    by_first_subject = {}
    for block in blocks:
        by_first_subject.setdefault(block.triples[0][0], set()).add(block.sources)
    assert by_first_subject[iri_for("paper/a")] >= {(JSONL, PAGE), (PAGE,), (JSONL,)}
    computed = [b for b in blocks if any("similarity/" in t[0] and t[2] == rdf_module.Lit("text") for t in b.triples)]
    assert [b.sources for b in computed] == [()]  # a computed similarity is stated by no input file
    assert source_graph_iri(PAGE) != source_graph_iri(JSONL)


@pytest.mark.parametrize("change, message, module", [
    (lambda g: g.add_node("thing/x", kind="thing", label="X"), "kind 'thing'", "exports/rdf_nodes.py"),
    (lambda g: g.add_edge("paper/a", "paper/b", key="cites", relation="cites"), "relation 'cites'",
     "exports/rdf_edges.py"),
])
def test_unknown_kinds_and_relations_say_where_to_map_them(change, message, module):
    graph = full_graph()
    change(graph)
    with pytest.raises(RdfExportError, match=message) as raised:
        to_rdf(graph)
    assert module in str(raised.value) and "ontology/kg.ttl" in str(raised.value)
    assert isinstance(raised.value, KgError) and isinstance(raised.value, ValueError)


def test_every_node_kind_and_edge_relation_is_mapped():
    assert set(NODE_CLASSES) == set(NODE_KINDS)
    assert set(EDGE_PREDICATES) == set(EDGE_RELATIONS)


def _normalised(graph: rdflib.Graph) -> rdflib.Graph:
    """Literals in one lexical form per value.

    RDF 1.1 makes "x" and "x"^^xsd:string one literal, and Oxigraph stores
    decimals in XSD 1.1 canonical form ("1" for kg's "1.0"); rdflib's ``==``
    tells both apart.
    """
    out = rdflib.Graph()
    for s, p, o in graph:
        if isinstance(o, rdflib.Literal) and o.datatype == rdflib.XSD.string:
            o = rdflib.Literal(str(o))
        elif isinstance(o, rdflib.Literal) and o.datatype == rdflib.XSD.decimal:
            o = rdflib.Literal(str(float(o)), datatype=rdflib.XSD.decimal)
        out.add((s, p, o))
    return out


def test_oxigraph_store_holds_the_same_graph_behind_the_rdflib_api(rdf, monkeypatch):
    on_oxigraph = to_rdf(full_graph(), store="oxigraph")
    assert type(on_oxigraph.store).__name__ == "OxigraphStore"
    assert isomorphic(_normalised(on_oxigraph), _normalised(rdf))
    beir = rdflib.URIRef(iri_for("dataset/beir"))
    assert (beir, rdflib.RDFS.label, rdflib.Literal("BEIR")) in on_oxigraph  # plain literals still match
    query = "SELECT (COUNT(*) AS ?n) WHERE { ?m a kg:Mention }"
    assert rows(on_oxigraph, query) == rows(rdf, query) == [(6,)]
    monkeypatch.setattr(rdf_module, "OXIGRAPH_THRESHOLD", 10)
    assert type(to_rdf(full_graph()).store).__name__ == "OxigraphStore"
    monkeypatch.setattr(rdf_module, "OXIGRAPH_THRESHOLD", 10**9)
    assert type(to_rdf(full_graph()).store).__name__ == "Memory"
    with pytest.raises(ValueError, match="store must be"):
        to_rdf(full_graph(), store="sqlite")  # type: ignore[arg-type]


@pytest.mark.parametrize("url, iri", [
    ("https://github.com/acme/clear", "https://github.com/acme/clear"),
    ("github.com/acme/clear", "https://github.com/acme/clear"),
    ("https://example.net/a b<c>{d}|e^f`g\\h\"i", "https://example.net/a%20b%3Cc%3E%7Bd%7D%7Ce%5Ef%60g%5Ch%22i"),
    ("  https://x.org/ü  ", "https://x.org/ü"),
    ("https://github.com/a/b%20c#readme#x", "https://github.com/a/b%20c#readme%23x"),
    ("https://x.org/100%", "https://x.org/100%25"),
])
def test_urls_become_valid_iris(url, iri):
    import pyoxigraph

    assert web_iri(url) == iri
    assert pyoxigraph.NamedNode(web_iri(url)).value == iri  # Oxigraph accepts it as an IRI


def test_a_url_no_iri_can_be_made_of_is_left_out():
    graph = nx.MultiDiGraph()
    graph.add_node("paper/x", kind="paper", label="X", code_repositories=["https://[bad/x", "https://github.com/a/b"])
    repositories = rows(to_rdf(graph), "SELECT ?r WHERE { ?p schema:codeRepository ?r }")
    assert repositories == [("https://github.com/a/b",)]


def test_sample_build_maps_without_error(sample_build):
    rdf = to_rdf(sample_build.graph)
    papers = rows(rdf, "SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }")[0][0]
    assert papers == sum(1 for _, kind in sample_build.graph.nodes(data="kind") if kind == "paper")
