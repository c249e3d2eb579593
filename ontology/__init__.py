"""The bottom layer of kg: the data model every other package builds on.

It imports nothing else of the project, and each submodule is light, so
``extractors/`` can use the records without loading rdflib:

- :mod:`ontology.kinds` — node kinds, entity kinds and relations, defined once;
- :mod:`ontology.records` — the frozen records passed between stages, with provenance;
- :mod:`ontology.ids` — normalised keys and the one place node ids and IRIs are minted;
- :mod:`ontology.errors` — :class:`~ontology.errors.KgError`, the base of every error kg raises;
- :mod:`ontology.vocabulary` — the ontology's terms as an rdflib namespace, and its files;
- :mod:`ontology.util` — the few helpers every layer shares (atomic writes, GC pausing).
- :mod:`ontology.shared_terms` — how a similarity's shared terms read, and which name a topic.

The vocabulary names are also importable from here; rdflib is loaded only
when one of them is first used.

>>> from ontology import KG
>>> str(KG.Paper)
'https://w3id.org/paperkg/ontology#Paper'
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["KG", "ONTOLOGY_PATH", "SHAPES_PATH", "CONTEXT_PATH", "NAMESPACE", "VERSION_IRI"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("ontology.vocabulary"), name)
    raise AttributeError(f"module 'ontology' has no attribute {name!r}")
