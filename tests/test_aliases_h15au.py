"""A minor sense's node is named by its long form unless its mentions write that long form in under a third of
their names (round h15au: "self-attention" under "Self-Attention Network")."""
from __future__ import annotations

from mention_graphs import entity_labels, method_mention

#: "SAN" is a self-attention network in two papers and a stochastic answer network in two (no clear sense), and one
#: paper defines "SA" as self-attention, so the bare name "self-attention" is a spelling of the first sense.
SENSES = (
    method_mention("a", "SAN", long_form="Self-Attention Network"),
    method_mention("b", "SAN", long_form="self-attention network"),
    method_mention("c", "SAN", long_form="Stochastic Answer Network"),
    method_mention("d", "SAN", long_form="stochastic answer network"),
    method_mention("e", "SAN"), method_mention("f", "SA", long_form="self-attention"),
)


def test_a_sense_most_mentions_write_by_another_name_takes_that_name():
    bare = [method_mention(paper, "self-attention") for paper in "ghijk"]
    assert entity_labels(*SENSES, *bare) == {"method/selfattention": "self-attention",
                                       "method/stochasticanswernetwork": "Stochastic Answer Network",
                                       "method/san": "SAN"}
    # two bare mentions: the long form is written in 2 of 5 names (acronyms left out), a third or more: it stays
    assert entity_labels(*SENSES, *bare[:2])["method/selfattentionnetwork"] == "Self-Attention Network"
    # a long form counts as voted: "so-called Super-Function (SF)" writes the sense's long form "Super-Function"
    super_function = (method_mention("a", "SF", long_form="so-called Super-Function"),
                      method_mention("b", "SF", long_form="semantic frame"), method_mention("c", "SF"))
    assert entity_labels(*super_function)["method/superfunction"] == "Super-Function"
