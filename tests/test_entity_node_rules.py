"""The entity node rules that :func:`kg.graph.build_graph` and :func:`kg.partition_rows.partition_rows` share
(:mod:`kg.entity_nodes`, round h14cb), pinned on their own: D21's merge of a second part into the node an earlier
part folded to (its label becomes an alt label unless it is the node's, same_as, sources and acronym records
joined), which the shared rows-vs-tables tests cannot see (both sides read the same function) and whose pinned
corpora's collisions never exercise (review85: these three rules, changed, passed every graph and entity test)."""
from __future__ import annotations

from kg.entity_nodes import entity_attributes
from kg.shared_values import SharedValues
from ontology.records import EntityKind, Mention, Provenance, Relation

METHOD = EntityKind.METHOD
ZN = {"acronym": "ZN", "long_form": "Zorb Net", "papers": 1, "of": 1, "status": "learned"}
ZN2 = {"acronym": "Z-N", "long_form": "Zorb-Net", "papers": 1, "of": 1, "status": "learned"}


def _mention(name: str, source: str, same_as: str | None = None) -> Mention:
    return Mention(source.split(".")[0], name, METHOD, Relation.USES, Provenance(source), same_as=same_as)


def test_a_new_nodes_attributes_in_their_order_and_acronyms_only_when_some():
    shared = SharedValues()
    members = [_mention("Zorb Net", "b.txt", "https://x/b"), _mention("Zorb Net", "a.txt")]
    made = entity_attributes(None, METHOD, members, label="Zorb Net", alt=["ZN"], acronyms=[ZN], shared=shared)
    assert list(made.items()) == [("kind", "method"), ("label", "Zorb Net"), ("alt_labels", ["ZN"]),
                                  ("same_as", ["https://x/b"]), ("sources", ["a.txt", "b.txt"]), ("acronyms", [ZN])]
    bare = entity_attributes(None, METHOD, [_mention("Quux", "a.txt")], label="Quux", alt=[], shared=shared)
    assert list(bare) == ["kind", "label", "alt_labels", "same_as", "sources"]


def test_a_second_part_folded_to_the_id_merges_into_the_first_in_place():
    shared = SharedValues()
    node = entity_attributes(None, METHOD, [_mention("Zorb Net", "a.txt", "https://x/a")], label="Zorb Net",
                             alt=["ZN"], acronyms=[ZN], shared=shared)
    second = [_mention("Zorb-Net", "c.txt", "https://x/c"), _mention("Zorb-Net", "a.txt")]
    assert entity_attributes(node, METHOD, second, label="Zorb-Net", alt=["Z-N", "ZN"], acronyms=[ZN, ZN2],
                             shared=shared) is None
    assert node == {"kind": "method", "label": "Zorb Net", "alt_labels": ["Z-N", "ZN", "Zorb-Net"],
                    "same_as": ["https://x/a", "https://x/c"], "sources": ["a.txt", "c.txt"], "acronyms": [ZN, ZN2]}
    third = [_mention("Zorb Net", "d.txt")]  # the node's own label is not an alt label; no acronyms: kept as they are
    assert entity_attributes(node, METHOD, third, label="Zorb Net", alt=[], shared=shared) is None
    assert node["alt_labels"] == ["Z-N", "ZN", "Zorb-Net"] and node["acronyms"] == [ZN, ZN2]
    assert node["sources"] == ["a.txt", "c.txt", "d.txt"]


def test_a_merge_gives_acronyms_to_a_node_made_without_them():
    node = entity_attributes(None, METHOD, [_mention("Zorb Net", "a.txt")], label="Zorb Net", alt=[],
                             shared=SharedValues())
    assert entity_attributes(node, METHOD, [_mention("Zorb-Net", "b.txt")], label="Zorb-Net", alt=[],
                             acronyms=[ZN2], shared=SharedValues()) is None
    assert list(node)[-1] == "acronyms" and node["acronyms"] == [ZN2]
