"""An acronym no clear sense is learned for, but with one learned sense of its bare mentions' kind, is one node with
that sense ("MAE" and "mean absolute error" on the full Anthology; round h15bx)."""
from __future__ import annotations

import random

import pytest

from kg.aliases import bare_senses, learn_aliases
from ontology.records import EntityKind, Mention, Provenance, Relation
from tests.test_aliases_h15p import _mention, _nodes

METRIC, METHOD, TASK = EntityKind.METRIC, EntityKind.METHOD, EntityKind.TASK


def _mae_shape() -> list:
    """Made-up names in the full Anthology's MAE shape: three papers define ZAE as one metric, two others as two
    things one paper each (the acronym's mentions typed metric all the same), and three papers write ZAE bare."""
    mentions = [_mention(f"p{n}", "ZAE", long_form=long_form, kind=METRIC)
                for n, long_form in enumerate(("zorb absolute error", "Zorb Absolute Error", "zorb absolute errors"))]
    mentions += [_mention("q1", "ZAE", long_form="zorbed auto-encoder", kind=METRIC),
                 _mention("q2", "ZAE", long_form="Zany American English", kind=METRIC)]
    mentions += [_mention(f"r{n}", "ZAE", kind=METRIC) for n in range(3)]
    return mentions + [_mention("s1", "zorb absolute error", kind=METRIC)]


def test_a_bare_acronym_with_one_learned_sense_of_its_kind_is_that_senses_node():
    nodes = _nodes(*_mae_shape())
    assert "metric/zae" not in nodes
    label, alt, papers = nodes["metric/zorbabsoluteerror"]
    assert label == "zorb absolute error" and "ZAE" in alt
    assert papers == ["p0", "p1", "p2", "r0", "r1", "r2", "s1"]
    assert nodes["metric/zorbedautoencoder"][2] == ["q1"] and nodes["metric/zanyamericanenglish"][2] == ["q2"]
    assert len(nodes) == 3


@pytest.mark.parametrize("order", ["reversed", "shuffled"])
def test_the_join_does_not_depend_on_the_order_of_the_documents(order):
    mentions = _mae_shape()
    others = list(reversed(mentions)) if order == "reversed" else random.Random(15).sample(mentions, len(mentions))
    assert _nodes(*others) == _nodes(*mentions)


def test_two_learned_senses_of_the_kind_keep_the_bare_acronym_apart():
    """The full Anthology's RC: reading comprehension (26 defining papers), relation classification (9), both tasks."""
    mentions = [_mention(f"p{n}", "ZC", long_form="zorb comprehension") for n in range(3)]
    mentions += [_mention(f"q{n}", "ZC", long_form="zorb classification") for n in range(2)]
    mentions += [_mention(f"r{n}", "ZC") for n in range(2)]
    nodes = _nodes(*mentions)
    assert nodes["task/zc"][2] == ["r0", "r1"] and len(nodes) == 3


def test_a_bare_acronym_of_another_kind_than_its_learned_sense_stays_apart():
    mentions = [_mention(f"p{n}", "ZAE", long_form="zorb absolute error", kind=METRIC) for n in range(3)]
    mentions += [_mention("q1", "ZAE", long_form="zorbed auto-encoder", kind=METHOD),
                 _mention("q2", "ZAE", long_form="Zany American English", kind=METHOD)]
    mentions += [_mention(f"r{n}", "ZAE", kind=METHOD) for n in range(2)]
    nodes = _nodes(*mentions)
    assert nodes["method/zae"][2] == ["r0", "r1"] and nodes["metric/zorbabsoluteerror"][2] == ["p0", "p1", "p2"]


def test_a_bare_acronym_its_papers_do_not_type_clearly_stays_apart():
    """The full Anthology's bare metric "AST" (a shared-task team's name in three of four papers, typed by default)
    went into "Abstract Syntax Tree" in a first version, which turned that method node into a metric."""
    mentions = [_mention(f"p{n}", "ZAE", long_form="zorb absolute error", kind=METRIC) for n in range(3)]
    mentions += [_mention("q1", "ZAE", long_form="zorbed auto-encoder", kind=METRIC),
                 _mention("q2", "ZAE", long_form="Zany American English", kind=METRIC)]
    mentions += [Mention(paper_ref=f"r{n}", name="ZAE", kind=METRIC, relation=Relation.USES,
                         provenance=Provenance(f"r{n}.txt", start=0, end=3, extractor="kg_entities:use+default"))
                 for n in range(2)]
    assert _nodes(*mentions)["metric/zae"][2] == ["r0", "r1"]


def test_a_learned_sense_most_defining_papers_do_not_give_joins_nothing():
    """Two papers of five: the three others' senses (one paper each) say the acronym is many things."""
    mentions = [_mention(f"p{n}", "ZAE", long_form="zorb absolute error", kind=METRIC) for n in range(2)]
    mentions += [_mention(f"q{n}", "ZAE", long_form=long_form, kind=METRIC)
                 for n, long_form in enumerate(("zorbed auto-encoder", "Zany American English", "zeta area error"))]
    mentions += [_mention(f"r{n}", "ZAE", kind=METRIC) for n in range(2)]
    assert _nodes(*mentions)["metric/zae"][2] == ["r0", "r1"]


def test_bare_senses_reads_the_kind_most_papers_give_each_key_once_a_paper():
    table = learn_aliases([("p1", "ZAE", "zorb absolute error"), ("p2", "ZAE", "zorb absolute error"),
                           ("p3", "ZAE", "zorb absolute error"), ("q1", "ZAE", "zorbed auto-encoder"),
                           ("q2", "ZAE", "Zany American English")])
    senses = [("zorbabsoluteerror", paper, METRIC) for paper in ("p1", "p2", "p3")]
    assert bare_senses(table, senses + [("zae", "r1", METRIC)]) == {"zae": {"r1": "zorbabsoluteerror"}}
    # one paper writing the bare name ten times as a method does not outvote two papers typing it metric
    split = [("zae", "r1", METRIC), ("zae", "r2", METRIC)] + [("zae", "r3", METHOD)] * 10
    assert bare_senses(table, senses + split) == {"zae": {"r1": "zorbabsoluteerror", "r2": "zorbabsoluteerror"}}
    tied = [("zae", "r1", METRIC), ("zae", "r2", False)]
    assert bare_senses(table, senses + tied) == {}
    clear = learn_aliases([("p1", "ZAE", "zorb absolute error"), ("p2", "ZAE", "zorb absolute error")])
    assert bare_senses(clear, senses + [("zae", "r1", METRIC)]) == {}  # a clear sense takes bare mentions already


def test_a_paper_typing_the_bare_acronym_another_kind_keeps_it_in_the_bare_node():
    """review58: a paper whose bare "ZAE" is clearly a method went with the metric's sense, and its mentions made a
    method node named by the metric's long form (method/zorbabsoluteerror, a new id)."""
    mentions = _mae_shape() + [_mention("m1", "ZAE", kind=METHOD)]
    nodes = _nodes(*mentions)
    assert "method/zorbabsoluteerror" not in nodes and nodes["method/zae"] == ("ZAE", [], ["m1"])
    assert nodes["metric/zorbabsoluteerror"][2] == ["p0", "p1", "p2", "r0", "r1", "r2", "s1"]
    assert _nodes(*reversed(mentions)) == nodes
