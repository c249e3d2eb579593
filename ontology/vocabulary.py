"""The kg ontology's vocabulary: its Turtle file, SHACL shapes, JSON-LD context and a Python namespace of its terms.

>>> str(KG.Paper)
'https://w3id.org/paperkg/ontology#Paper'
>>> ONTOLOGY_PATH.name, SHAPES_PATH.name, CONTEXT_PATH.name
('kg.ttl', 'shapes.ttl', 'context.jsonld')
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from rdflib import URIRef
from rdflib.namespace import DefinedNamespace, Namespace

__all__ = ["KG", "ONTOLOGY_PATH", "SHAPES_PATH", "CONTEXT_PATH", "NAMESPACE", "VERSION_IRI"]

NAMESPACE = "https://w3id.org/paperkg/ontology#"
#: ``owl:versionIRI`` of ``kg.ttl`` (a test keeps the two equal).
VERSION_IRI = "https://w3id.org/paperkg/ontology/0.3.0"
ONTOLOGY_PATH = Path(str(resources.files("ontology").joinpath("kg.ttl")))
#: SHACL shapes every graph kg builds conforms to.
SHAPES_PATH = Path(str(resources.files("ontology").joinpath("shapes.ttl")))
#: The JSON-LD ``@context`` of kg's JSON-LD export.
CONTEXT_PATH = Path(str(resources.files("ontology").joinpath("context.jsonld")))


class KG(DefinedNamespace):
    """Terms of ``ontology/kg.ttl``; a misspelt term raises instead of minting a new IRI."""

    _fail = True
    _NS = Namespace(NAMESPACE)

    # classes
    Paper: URIRef
    Venue: URIRef
    Entity: URIRef
    Method: URIRef
    Dataset: URIRef
    Model: URIRef
    Task: URIRef
    Metric: URIRef
    Mention: URIRef
    Authorship: URIRef
    Similarity: URIRef
    SourceDocument: URIRef
    # paper relations and attributes
    proposes: URIRef
    uses: URIRef
    addressesTask: URIRef
    evaluatesWith: URIRef
    presentedAt: URIRef
    nextInProgram: URIRef
    similarTo: URIRef
    presentationType: URIRef
    country: URIRef
    sourceFile: URIRef
    anthologyId: URIRef
    arxivId: URIRef
    openAlexId: URIRef
    semanticScholarId: URIRef
    booktitle: URIRef
    # qualified relations: author order, similarity basis and score
    qualifiedAuthorship: URIRef
    author: URIRef
    authorPosition: URIRef
    qualifiedSimilarity: URIRef
    similarPaper: URIRef
    basis: URIRef
    score: URIRef
    strength: URIRef
    weak: URIRef
    sharedEntity: URIRef
    sharedTerm: URIRef
    # venue facts (kg:year also for papers)
    series: URIRef
    year: URIRef
    edition: URIRef
    generalChair: URIRef
    # mentions
    mentionedIn: URIRef
    mentionOf: URIRef
    role: URIRef
    surfaceForm: URIRef
    sentence: URIRef
    startOffset: URIRef
    endOffset: URIRef
    extractor: URIRef
    confidence: URIRef
