"""The kg ontology: its Turtle file and a Python namespace whose terms must exist there.

>>> str(KG.Paper)
'https://w3id.org/paperkg/ontology#Paper'
>>> ONTOLOGY_PATH.name
'kg.ttl'
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from rdflib import URIRef
from rdflib.namespace import DefinedNamespace, Namespace

__all__ = ["KG", "ONTOLOGY_PATH", "NAMESPACE"]

NAMESPACE = "https://w3id.org/paperkg/ontology#"
ONTOLOGY_PATH = Path(str(resources.files("ontology").joinpath("kg.ttl")))


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
    Mention: URIRef
    # paper relations and attributes
    proposes: URIRef
    uses: URIRef
    presentedAt: URIRef
    nextInProgram: URIRef
    similarTo: URIRef
    presentationType: URIRef
    country: URIRef
    sourceFile: URIRef
    # venue facts
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
