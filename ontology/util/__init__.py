"""Helpers every layer shares, kept at the bottom so none needs a back-edge.

- :mod:`ontology.util.files` — atomic writes and the all-or-nothing output transaction;
- :mod:`ontology.util.memory` — pausing the cyclic garbage collector during bulk work;
- :mod:`ontology.util.versions` — installed library versions, for the fingerprints of outputs.
"""
