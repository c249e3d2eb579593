"""A minor sense's node is named by its long form unless its mentions write that long form in under a third of
their names (round h15au: "self-attention" under "Self-Attention Network")."""
from __future__ import annotations

from kg.graph import build_graph
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation


def _mention(paper: str, name: str, *, long_form: str | None = None) -> Mention:
    return Mention(paper_ref=paper, name=name, kind=EntityKind.METHOD, relation=Relation.USES, long_form=long_form,
                   provenance=Provenance(f"{paper}.txt", start=0, end=len(name), extractor="kg_entities:use+default",
                                         confidence=0.8, sentence=name))


def _labels(*mentions: Mention) -> dict[str, str]:
    documents = [DocumentRecords(source=f"{ref}.txt",
                                 papers=(Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(f"{ref}.txt")),),
                                 mentions=tuple(m for m in mentions if m.paper_ref == ref))
                 for ref in sorted({m.paper_ref for m in mentions})]
    graph = build_graph(documents)
    return {node: data["label"] for node, data in graph.nodes(data=True) if data["kind"] in ENTITY_KINDS}


#: "SAN" is a self-attention network in two papers and a stochastic answer network in two (no clear sense), and one
#: paper defines "SA" as self-attention, so the bare name "self-attention" is a spelling of the first sense.
SENSES = (
    _mention("a", "SAN", long_form="Self-Attention Network"), _mention("b", "SAN", long_form="self-attention network"),
    _mention("c", "SAN", long_form="Stochastic Answer Network"),
    _mention("d", "SAN", long_form="stochastic answer network"),
    _mention("e", "SAN"), _mention("f", "SA", long_form="self-attention"),
)


def test_a_sense_most_mentions_write_by_another_name_takes_that_name():
    bare = [_mention(paper, "self-attention") for paper in "ghijk"]
    assert _labels(*SENSES, *bare) == {"method/selfattention": "self-attention",
                                       "method/stochasticanswernetwork": "Stochastic Answer Network",
                                       "method/san": "SAN"}
    # two bare mentions: the long form is written in 2 of 5 names (acronyms left out), a third or more: it stays
    assert _labels(*SENSES, *bare[:2])["method/selfattentionnetwork"] == "Self-Attention Network"
    # a long form counts as voted: "so-called Super-Function (SF)" writes the sense's long form "Super-Function"
    super_function = (_mention("a", "SF", long_form="so-called Super-Function"),
                      _mention("b", "SF", long_form="semantic frame"), _mention("c", "SF"))
    assert _labels(*super_function)["method/superfunction"] == "Super-Function"
