"""Spellings of one metric's or task's name are one entity node ("F1 score" and "F1"; "macro-averaged F1" and
"F1-macro"; "automatic speech recognition" and "speech recognition")."""
from __future__ import annotations

import random

import pytest

from kg.name_variants import kind_joins, metric_key, task_key
from ontology.records import EntityKind, Mention, Provenance, Relation
from tests.test_aliases_h15p import _mention, _nodes

METRIC, METHOD, TASK, DATASET = EntityKind.METRIC, EntityKind.METHOD, EntityKind.TASK, EntityKind.DATASET


def _typed_by(rule: str, paper: str, name: str, kind: EntityKind) -> Mention:
    """A mention whose kind the extractor's type rule ``rule`` gave (``default``: untyped; ``list``: a weak hint)."""
    return Mention(paper_ref=paper, name=name, kind=kind, relation=Relation.USES,
                   provenance=Provenance(f"{paper}.txt", start=0, end=len(name), extractor=f"kg_entities:use+{rule}",
                                         confidence=0.8))


@pytest.mark.parametrize("spellings", [
    ("F1 score", "F1-score", "F1", "F1-measure", "F_1 score", "f1-scores"),
    ("F-score", "F-measure", "F score"),
    ("macro F1", "macro-F1", "Macro F1-score", "F1-macro", "macro-averaged F1", "macro-average F1-score",
     "macro F1-average"),
    ("micro-F1", "F1-micro", "micro-averaged F1-score"),
    ("weighted F1", "weighted F1-score", "F1-weighted"),
    ("Pearson correlation", "Pearson correlation coefficient", "Pearson Correlation score"),
    ("R2 score", "R2"),
    ("inter-annotator agreement", "inter-annotator agreement scores"),
    ("inter-annotator agreement", "Inter-rater agreement", "inter-coder agreement", "intercoder agreement",
     "inter-judge agreement", "inter-tagger agreement", "Inter-Rater Agreement scores"),
])
def test_spellings_of_one_metric_share_a_key(spellings):
    assert len({metric_key(name) for name in spellings}) == 1


@pytest.mark.parametrize(("one", "other"), [
    ("F1", "F-score"),  # the F-measure names no beta
    ("F1", "F2"), ("F0.5", "F1"), ("macro F1", "micro F1"), ("macro F1", "F1"), ("weighted F1", "F1"),
    ("BERTScore", "BERT"), ("Pearson correlation", "Spearman correlation"), ("macro recall", "macro precision"),
    ("p-value", "P"), ("R value", "R"), ("Z-score", "Z"), ("T-score", "T"), ("F-score", "F"),  # review49: one letter
])
def test_different_metrics_keep_different_keys(one, other):
    assert metric_key(one) != metric_key(other)


def test_a_name_of_metric_words_only_keys_as_itself():
    assert (metric_key("score"), metric_key("Macro-averaged"), metric_key("value")) == ("score", "macroaveraged",
                                                                                       "value")


def test_only_names_mostly_typed_metric_join():
    names = {"attentionscore": ["attention score"], "attention": ["attention"], "f1score": ["F1 score"],
             "f1": ["F1"], "namematching": ["name matching"], "namematchingscore": ["name matching score"]}
    kinds = [("attentionscore", "p1", METRIC), ("attention", "p1", METHOD), ("attention", "p2", METRIC),
             ("f1score", "p1", METRIC), ("f1", "p1", METRIC), ("f1", "p2", TASK), ("f1", "p3", METRIC),
             ("namematching", "p1", TASK), ("namematchingscore", "p2", METRIC)]
    assert kind_joins(names, kinds) == [("f1score", "f1")]


def test_each_paper_votes_once_for_a_names_kind():
    """Four mentions of "Xyz" as a metric in one paper do not outvote three papers that type it a dataset (review49).

    Counting mentions, "Xyz" joined "Xyz score", and the paper that lists "Xyz score" among metrics (weak evidence)
    went with the group's papers to the dataset node: a metric's ``uses`` edge on a dataset."""
    names = {"xyz": ["Xyz"], "xyzscore": ["Xyz score"]}
    kinds = [("xyz", "a", METRIC)] * 4 + [("xyz", paper, DATASET) for paper in "bcd"] + [("xyzscore", "e", METRIC)]
    assert kind_joins(names, kinds) == []
    nodes = _nodes(*(_mention("a", "Xyz", kind=METRIC, start=start) for start in (0, 10, 20, 30)),
                   *(_mention(paper, "Xyz", kind=DATASET) for paper in "bcd"),
                   _typed_by("list", "e", "Xyz score", METRIC))
    assert nodes["dataset/xyz"][2] == ["b", "c", "d"] and nodes["metric/xyzscore"][2] == ["e"]


def test_an_acronyms_mentions_vote_for_the_group_that_holds_them():
    """Mentions of "ABC" grouped under its metric sense ("alpha beta count") do not vote for the bare acronym's
    node (review49): counted by their own name, they made the untyped bare "ABC" join "ABC score" as a metric."""
    defined = [_mention(paper, "ABC", kind=METRIC, long_form="alpha beta count", start=0) for paper in ("p1", "p2")]
    defined += [_mention(paper, "ABC", kind=METRIC, start=start) for paper in ("p1", "p2") for start in (50, 60)]
    defined += [_mention(paper, "ABC", kind=DATASET, long_form="another big corpus") for paper in ("p3", "p4")]
    bare = [_typed_by("default", paper, "ABC", METHOD) for paper in ("p5", "p6")]  # untyped
    nodes = _nodes(*defined, *bare, _mention("p7", "ABC score", kind=METRIC))
    assert nodes["method/abc"][2] == ["p5", "p6"] and nodes["metric/abcscore"][2] == ["p7"]
    assert nodes["metric/alphabetacount"][2] == ["p1", "p2"]


def test_the_graph_has_one_node_for_a_metrics_spellings_labelled_as_written_most():
    nodes = _nodes(_mention("p1", "F1 score", kind=METRIC), _mention("p2", "F1 score", kind=METRIC),
                   _mention("p3", "F1", kind=METRIC), _mention("p4", "macro-averaged F1", kind=METRIC),
                   _mention("p5", "F1-macro", kind=METRIC), _mention("p6", "F-measure", kind=METRIC),
                   _mention("p7", "attention score", kind=METRIC), _mention("p8", "attention", kind=METHOD))
    assert nodes["metric/f1score"][0] == "F1 score" and nodes["metric/f1score"][2] == ["p1", "p2", "p3"]
    assert "F1" in nodes["metric/f1score"][1]
    macro = [node for node, (label, _, _) in nodes.items() if "macro" in label.lower()]
    assert len(macro) == 1 and nodes[macro[0]][2] == ["p4", "p5"]
    assert {"metric/fmeasure", "metric/attentionscore", "method/attention"} <= set(nodes)
    assert len(nodes) == 5


@pytest.mark.parametrize(("automatic", "task"), [
    ("automatic speech recognition", "speech recognition"), ("Automated Essay Scoring", "essay scoring"),
    ("automatic summarization", "summarization"), ("automatically text simplification", "text simplification"),
    ("machine reading comprehension", "reading comprehension"), ("Machine Translation", "translation"),
    ("machine transliteration", "transliteration"), ("text summarization", "summarization"),
    ("automatic text summarization", "Summarization"), ("Text Style Transfer", "style transfer"),
])
def test_a_task_done_automatically_is_the_task(automatic, task):
    assert task_key(automatic) == task_key(task)


@pytest.mark.parametrize(("one", "other"), [
    ("machine-generated text detection", "generated text detection"), ("machine learning", "learning"),
    ("machine translated text detection", "translated text detection"), ("neural text generation", "text generation"),
    ("text-image retrieval", "image retrieval"), ("text multimodal classification", "multimodal classification"),
    ("text simultaneous translation", "simultaneous translation"),  # round h15bs: another medium after "text"
    ("text-based question answering", "question answering"), ("automatic", "automation"),
    ("automaticity detection", "detection"),
    ("automatic post-editing", "post-editing"), ("Automatic Post-Editing", "Post Editing"),  # review51: people do
    ("automatic evaluation", "evaluation"), ("automated annotation", "annotation"),  # them too
])
def test_other_words_before_a_task_keep_it_apart(one, other):
    assert task_key(one) != task_key(other)


def test_a_name_joins_by_the_kind_most_of_its_mentions_have_and_only_with_names_of_that_kind():
    names = {"automaticsummarization": ["automatic summarization"], "summarization": ["summarization"],
             "automaticevaluation": ["automatic evaluation"], "evaluation": ["evaluation"],
             "automaticf1": ["automatic F1"], "f1": ["F1"]}
    kinds = [("automaticsummarization", "p1", TASK), ("summarization", "p1", TASK), ("summarization", "p2", METHOD),
             ("summarization", "p3", TASK), ("automaticevaluation", "p1", TASK), ("evaluation", "p1", METHOD),
             ("automaticf1", "p1", TASK), ("f1", "p1", METRIC), ("f1", "p2", TASK)]  # "f1": half each
    assert kind_joins(names, kinds) == [("summarization", "automaticsummarization")]


def test_the_graph_has_one_task_node_for_a_task_and_the_task_done_automatically():
    nodes = _nodes(_mention("p1", "ASR", long_form="automatic speech recognition"),
                   _mention("p2", "ASR", long_form="automatic speech recognition"),
                   _mention("p3", "speech recognition"), _mention("p4", "automated essay scoring"),
                   _mention("p5", "essay scoring"), _mention("p6", "neural text generation"),
                   _mention("p7", "text generation"))
    papers = sorted(tuple(refs) for _, _, refs in nodes.values())
    assert papers == [("p1", "p2", "p3"), ("p4", "p5"), ("p6",), ("p7",)]


def test_an_acronyms_minor_sense_joins_its_clear_sense_and_the_acronym_keeps_its_label():
    """"automatic machine translation", a second sense of MT, is the task "machine translation" done automatically:
    one node with MT's clear sense, labelled MT (a first join named the full Anthology's task/mt after the minor
    sense's long form, task/machinetranslation; round h15bs joins it without that label)."""
    mentions = [_mention(f"p{n}", "MT", long_form="machine translation") for n in range(4)]
    mentions += [_mention(f"p{n}", "MT") for n in range(4, 8)]
    mentions += [_mention(f"q{n}", "MT", long_form="automatic machine translation") for n in range(2)]
    mentions += [_mention("r1", "machine translation"), _mention("r2", "automatic machine translation")]
    nodes = _nodes(*mentions)
    assert nodes["task/mt"][0] == "MT"
    assert set(nodes["task/mt"][2]) >= {f"p{n}" for n in range(8)} | {"r1"}
    assert set(nodes["task/mt"][2]) >= {"q0", "q1", "r2"} and len(nodes) == 1


def test_post_editing_and_automatic_post_editing_stay_two_tasks():
    """review51: the full Anthology's PE ("post-editing", 28 defining papers, people correcting MT output) and APE
    ("automatic post-editing", 37, systems doing it) were one node, task/ape."""
    mentions = [_mention(f"p{n}", "PE", long_form="post-editing") for n in range(3)]
    mentions += [_mention(f"q{n}", "APE", long_form="automatic post-editing") for n in range(3)]
    mentions += [_mention("r1", "post-editing"), _mention("r2", "PE"), _mention("r3", "APE")]
    papers = sorted(tuple(refs) for _, _, refs in _nodes(*mentions).values())
    assert papers == [("p0", "p1", "p2", "r1", "r2"), ("q0", "q1", "q2", "r3")]


def test_a_minor_sense_joins_a_task_no_acronym_claims_named_by_the_plain_task():
    """round h15bs: "automatic text summarization" as a minor sense of ATS (whose clear sense is automatic text
    simplification) stayed beside the node "text summarization"; now one node, named by the plain task (never "ZTS":
    that is the clear sense's label), and the clear sense keeps its node."""
    mentions = [_mention(f"p{n}", "ZTS", long_form="automatic zorb text simplification") for n in range(4)]
    mentions += [_mention(f"q{n}", "ZTS", long_form="automatic zorb text summarization", start=start)
                 for n in range(2) for start in (0, 10, 20, 30)]
    mentions += [_mention("r1", "zorb text summarization"), _mention("r2", "automatic zorb text summarization")]
    nodes = _nodes(*mentions)
    assert nodes["task/zts"][0] == "ZTS" and nodes["task/zts"][2] == ["p0", "p1", "p2", "p3"]
    assert nodes["task/zorbtextsummarization"][0] == "zorb text summarization"
    assert nodes["task/zorbtextsummarization"][2] == ["q0", "q1", "r1", "r2"] and len(nodes) == 2


def test_a_minor_sense_stays_apart_where_its_spelling_is_another_acronyms_sense():
    """Two acronyms' nodes never meet through a minor sense: "automatic zorb parsing" (a minor sense of AZP) stays
    apart from "automated zorb parsing", the clear sense of ZP."""
    mentions = [_mention(f"p{n}", "AZP", long_form="automatic zorb paraphrasing") for n in range(4)]
    mentions += [_mention(f"q{n}", "AZP", long_form="automatic zorb parsing") for n in range(2)]
    mentions += [_mention(f"s{n}", "ZP", long_form="automated zorb parsing") for n in range(3)]
    papers = sorted(tuple(refs) for _, _, refs in _nodes(*mentions).values())
    assert papers == [("p0", "p1", "p2", "p3"), ("q0", "q1"), ("s0", "s1", "s2")]


def test_two_acronyms_minor_senses_spelled_alike_stay_apart():
    """Two acronyms' minor senses alone stay apart; a minor sense of one and the clear sense of another are one node
    (round h15bx: "reading comprehension", a minor sense of RC, and "machine reading comprehension", MRC's clear
    sense; round h15bs kept them apart)."""
    names = {"automaticzorbing": ["automatic zorbing"], "automatedzorbing": ["automated zorbing"]}
    kinds = [("automaticzorbing", "p1", TASK), ("automatedzorbing", "p2", TASK)]
    acronyms = {"automaticzorbing": {"az": 0.2}, "automatedzorbing": {"azg": 0.9}}
    assert kind_joins(names, kinds, apart=set(names), acronyms=acronyms) == []
    assert kind_joins(names, kinds, apart={"automaticzorbing"}, acronyms=acronyms) == [
        ("automaticzorbing", "automatedzorbing")]
    # review58: a clear sense by a thin vote (2 of 3 defining papers) does not take another acronym's minor sense in
    thin = {"automaticzorbing": {"az": 0.2}, "automatedzorbing": {"azg": 2 / 3}}
    assert kind_joins(names, kinds, apart={"automaticzorbing"}, acronyms=thin) == []
    with_third = {**names, "zorbing": ["zorbing"]}  # two acronyms' clear senses: the minor one stays out
    kinds += [("zorbing", "p3", TASK)]
    assert kind_joins(with_third, kinds, apart={"automaticzorbing"}, acronyms={**acronyms, "zorbing": {"zg": 0.9}}) == [
        ("zorbing", "automatedzorbing")]
    assert kind_joins(names, kinds, apart=set(names), acronyms={key: {"az": 0.2} for key in names}) == [
        ("automaticzorbing", "automatedzorbing")]


def test_a_task_and_the_task_done_automatically_are_named_by_the_plain_spelling():
    """The full Anthology's join gave 20 task nodes the "automatic" spelling's id where it was written more
    (task/datageneration became task/automaticdatageneration); the plain spelling names the node now."""
    mentions = [_mention(f"p{n}", "automatic zorb data generation") for n in range(3)]
    mentions += [_mention("q1", "zorb data generation"), _mention("q2", "Automated zorb data generation")]
    nodes = _nodes(*mentions)
    assert list(nodes) == ["task/zorbdatageneration"] and nodes["task/zorbdatageneration"][0] == "zorb data generation"
    assert set(nodes["task/zorbdatageneration"][1]) == {"automatic zorb data generation",
                                                        "Automated zorb data generation"}


def test_an_acronym_written_most_keeps_its_label_beside_the_plain_task():
    mentions = [_mention(f"p{n}", "ZSR", long_form="automatic zorb speech recognition") for n in range(3)]
    mentions += [_mention(f"p{n}", "ZSR", start=start) for n in range(3) for start in (20, 30)]
    mentions += [_mention(f"q{n}", "automatic zorb speech recognition") for n in range(5)]
    mentions += [_mention(f"r{n}", "zorb speech recognition") for n in range(2)]
    nodes = _nodes(*mentions)
    assert list(nodes) == ["task/zsr"] and nodes["task/zsr"][0] == "ZSR"


@pytest.mark.parametrize(("natural", "task"), [
    ("natural language generation", "language generation"),
    ("Natural Language Understanding", "language understanding"),
    ("automatic natural language generation", "language generation"),
    ("natural-language inference", "language inference"),
])
def test_a_natural_language_task_is_the_language_task(natural, task):
    assert task_key(natural) == task_key(task)


@pytest.mark.parametrize(("one", "other"), [
    ("natural language", "language"), ("natural scene generation", "scene generation"),
    ("natural language generation", "generation"),
])
def test_natural_before_other_words_keeps_a_task_apart(one, other):
    assert task_key(one) != task_key(other)


def test_the_graph_has_one_node_for_nlg_and_language_generation():
    mentions = [_mention(f"p{n}", "ZLG", long_form="natural language zorbing") for n in range(3)]
    mentions += [_mention(f"p{n}", "ZLG", start=20) for n in range(3)]
    mentions += [_mention("q1", "language zorbing"), _mention("q2", "Language Zorbing")]
    nodes = _nodes(*mentions)
    assert list(nodes) == ["task/zlg"] and nodes["task/zlg"][2] == ["p0", "p1", "p2", "q1", "q2"]


def test_the_graph_has_one_node_for_mrc_and_reading_comprehension_a_minor_sense_of_another_acronym():
    """The full Anthology's MRC (179 papers) and "reading comprehension" (281), a minor sense of RC (26 of the 40
    papers defining RC; relation classification 9): one task (round h15bx; round h15bs kept them apart). RC's bare
    mentions stay a node of their own (two learned senses), as does relation classification."""
    mentions = [_mention(f"p{n}", "ZRC", long_form="machine zorb comprehension") for n in range(3)]
    mentions += [_mention(f"p{n}", "ZRC", start=30) for n in range(3)]
    mentions += [_mention(f"q{n}", "ZC", long_form="zorb comprehension") for n in range(3)]
    mentions += [_mention(f"s{n}", "ZC", long_form="zorb classification") for n in range(2)]
    mentions += [_mention(f"r{n}", "zorb comprehension") for n in range(4)] + [_mention("t1", "ZC")]
    nodes = _nodes(*mentions)
    comprehension = [node for node, (_, _, papers) in nodes.items() if "p0" in papers]
    assert comprehension == ["task/zrc"] and nodes[comprehension[0]][0] == "ZRC"  # written most (6 of 13 names)
    assert nodes[comprehension[0]][2] == ["p0", "p1", "p2", "q0", "q1", "q2", "r0", "r1", "r2", "r3"]
    assert nodes["task/zc"][2] == ["t1"] and nodes["task/zorbclassification"][2] == ["s0", "s1"]
    assert len(nodes) == 3
    others = list(reversed(mentions))
    assert _nodes(*others) == nodes


def test_the_graph_has_one_node_for_mrc_and_reading_comprehension():
    """A "machine X" acronym and the plain task "X" no other acronym claims are one node, named as its mentions write
    it most."""
    mentions = [_mention(f"p{n}", "ZRC", long_form="machine zorb comprehension") for n in range(3)]
    mentions += [_mention(f"p{n}", "ZRC", start=30) for n in range(3)]
    mentions += [_mention(f"q{n}", "zorb comprehension") for n in range(2)]
    nodes = _nodes(*mentions)
    assert list(nodes) == ["task/zrc"] and nodes["task/zrc"][2] == ["p0", "p1", "p2", "q0", "q1"]



def test_machine_and_text_spellings_meet_only_through_the_plain_task():
    """round h15bs: "machine detection" and "text detection" (1 and 2 papers on the full Anthology) both leave
    "detection", a task no paper names; they stay apart, while "text zorbing" and "machine zorbing" join "zorbing"."""
    names = {"machinedetection": ["machine detection"], "textdetection": ["text detection"],
             "machinezorbing": ["machine zorbing"], "textzorbing": ["Text Zorbing"], "zorbing": ["zorbing"],
             "automatictextzorb": ["automatic text zorb"], "textzorb": ["text zorb"]}
    kinds = [(key, "p1", TASK) for key in names]
    assert kind_joins(names, kinds) == [("textzorb", "automatictextzorb"), ("textzorbing", "machinezorbing"),
                                        ("zorbing", "machinezorbing")]


def test_an_automatic_spelling_is_no_plain_task_for_machine_and_text_spellings():
    """"automatic segmentation" took "text segmentation" in on the full Anthology (no task "segmentation"): a vague
    name done automatically anchors nothing."""
    names = {"automaticsegmentation": ["automatic segmentation"], "textsegmentation": ["text segmentation"],
             "automatedsegmentation": ["automated segmentation"]}
    kinds = [(key, "p1", TASK) for key in names]
    assert kind_joins(names, kinds) == [("automaticsegmentation", "automatedsegmentation")]


@pytest.mark.parametrize("order", ["reversed", "shuffled"])
def test_the_task_joins_and_their_labels_do_not_depend_on_the_order_of_the_documents(order):
    """review55: the joins read corpus-wide counts (kinds' votes, spellings written most, which names anchor a
    "machine"/"text" join, which acronyms claim a sense), so a build from the documents in another order (an
    incremental rebuild hands them over as they come) makes the same nodes with the same labels."""
    mentions = [_mention(f"p{n}", "ZES", long_form="automated zorb essay scoring") for n in range(3)]
    mentions += [_mention(f"q{n}", "ZES", long_form="automatic zorb essay scoring") for n in range(2)]
    mentions += [_mention(f"r{n}", "automatic zorb data generation") for n in range(3)]
    mentions += [_mention("s1", "zorb data generation"), _mention("s2", "text zorbing"), _mention("s3", "zorbing"),
                 _mention("s4", "machine zorbing"), _mention("s5", "natural language zorbing"),
                 _mention("s6", "language zorbing"), _mention("s7", "text quorbing"),
                 _mention("s8", "machine quorbing")]
    expected = _nodes(*mentions)
    others = list(reversed(mentions)) if order == "reversed" else random.Random(55).sample(mentions, len(mentions))
    assert _nodes(*others) == expected
    assert sorted(refs for _, _, refs in expected.values()) == [
        ["p0", "p1", "p2", "q0", "q1"], ["r0", "r1", "r2", "s1"], ["s2", "s3", "s4"], ["s5", "s6"], ["s7"], ["s8"]]
    assert expected["task/zes"][0] == "ZES" and expected["task/zorbdatageneration"][0] == "zorb data generation"


@pytest.mark.parametrize(("one", "other"), [
    ("inter-rater agreement", "inter-rater reliability"), ("inter-annotator agreement", "inter-sentence agreement"),
    ("inter-annotator agreement", "annotator agreement"),
])
def test_agreement_between_people_is_not_every_agreement(one, other):
    assert metric_key(one) != metric_key(other)


def test_the_graph_has_one_node_for_inter_rater_and_inter_annotator_agreement_named_as_written_most():
    """round h15bx: the full Anthology's metric nodes "inter-annotator agreement" (364 papers) and "inter-rater
    agreement" (19), one thing: a dataset's annotators' agreement as kappa or alpha."""
    mentions = [_mention(f"p{n}", "inter-annotator agreement", kind=METRIC) for n in range(3)]
    mentions += [_mention("q1", "Inter-rater agreement", kind=METRIC), _mention("q2", "inter-coder agreement",
                                                                               kind=METRIC)]
    nodes = _nodes(*mentions)
    assert list(nodes) == ["metric/interannotatoragreement"]
    assert nodes["metric/interannotatoragreement"][0] == "inter-annotator agreement"
    assert nodes["metric/interannotatoragreement"][2] == ["p0", "p1", "p2", "q1", "q2"]


def test_a_thinly_defined_acronym_does_not_take_another_acronyms_minor_sense():
    """review58: the full Anthology's AER, "automatic emotion recognition" in two of its three defining papers
    (alignment error rate in the third), took the bare "AER" of five word-alignment papers; "emotion recognition", a
    minor sense of ER, joined it, and the alignment papers rode into "emotion recognition". A single-paper acronym
    (TAD, "text anomaly detection") owns its keys surely and takes AD's minor sense "anomaly detection" in."""
    mentions = [_mention(f"p{n}", "ZER", long_form="automatic zorb recognition") for n in range(2)]
    mentions += [_mention("a1", "ZER", long_form="zorb error rate", kind=EntityKind.METRIC)]
    mentions += [_mention(f"w{n}", "ZER") for n in range(3)]  # bare: the clear sense takes them
    mentions += [_mention(f"q{n}", "ZR", long_form="zorb recognition") for n in range(3)]
    mentions += [_mention(f"s{n}", "ZR", long_form="zorb retrieval") for n in range(4)]
    mentions += [_mention(f"r{n}", "zorb recognition") for n in range(2)]
    nodes = _nodes(*mentions)
    thin = [node for node, (_, _, papers) in nodes.items() if "w0" in papers]
    assert len(thin) == 1 and nodes[thin[0]][2] == ["p0", "p1", "w0", "w1", "w2"]
    assert _nodes(*reversed(mentions)) == nodes
    single = [_mention("t1", "ZT", long_form="text zorb retrieval"), _mention("t2", "text zorb retrieval")]
    nodes = _nodes(*mentions, *single)
    assert [node for node, (_, _, papers) in nodes.items() if "t1" in papers] == [
        node for node, (_, _, papers) in nodes.items() if "s0" in papers]
