"""Assembly's entity decisions (docs/scaling.md D9-D21, :func:`kg.entity_decisions.entity_table`) pinned on one
made-up mention set and on the sample, with the values main's assembly gave before the entity table (kg/entity_nodes.py
at b14bf59: the graph's entity nodes and the edges' ``mentions``; round h14bz).

As review80 asked of the paper tables, these compare the table and the graph with fixed values, not with each
other, so a changed rule fails here: an acronym three papers define one way and one another (a learned sense and
a minor one named by its long form), an acronym two papers define two ways (a bare one keeps its own node), a bare
metric acronym given its one clear sense of that kind, names joined by one ``same_as`` page, "POS tagging" spelled
out, British and American spellings, a root split by kind (an untyped paper joins the majority), a single-paper
definition beside a bare acronym, two roots whose labels fold to one id (one node), a closing acronym spelled out,
a tie between two spellings (the first seen names the node), a metric's variants, a task done "automatic"-ally
(its plain spelling names it), a long form voted whole where the corpus writes it on its own, a minor sense's
``same_as`` page (it joins nothing), a sense joined to its bare acronym's node (not named by its long form), a
minor sense's label as its mentions write it most, and a minor sense a metric join took in (named by its long form).
"""
from __future__ import annotations

import hashlib
import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kg.entity_nodes
from kg.entity_decisions import EntityTable, entity_table
from kg.graph import build_graph
from kg.paper_decisions import paper_table
from kg.pipeline import build
from kg.title_tasks import TITLE_TASK_EXTRACTOR, drop_title_tasks_of_abstracts
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation

D, ME, T, MT = EntityKind.DATASET, EntityKind.METHOD, EntityKind.TASK, EntityKind.METRIC
CLEAR, HINT, NONE = "kg_entities:use+gazetteer", "kg_entities:use+evaluated_on", "kg_entities:use+default"
MENTIONS = {  # paper -> (name, kind, evidence, long form, same_as), each its own document "<paper>.txt"
    # "AR": three papers define augmented reality, one argument retrieval; a bare "AR" takes the learned sense
    "p01": [("AR", ME, NONE, "augmented reality", None), ("AR", ME, NONE, None, None)],
    "p02": [("AR", ME, NONE, "Augmented Reality", None)],
    "p03": [("AR", ME, NONE, "augmented reality", None)],
    "p04": [("AR", T, CLEAR, "argument retrieval", None), ("argument retrieval", T, NONE, None, None)],
    "p05": [("AR", ME, NONE, None, None)],
    # "RC": two papers define it two ways; a bare "RC" keeps a node of its own
    "p06": [("RC", T, NONE, "reading comprehension", None)],
    "p07": [("RC", T, NONE, "relation classification", None)],
    "p08": [("RC", T, NONE, None, None)],
    # "MAE": mean absolute error by three papers, two one-paper senses; a bare metric "MAE" is given that sense
    "p09": [("MAE", MT, CLEAR, "mean absolute error", None)],
    "p10": [("MAE", MT, CLEAR, "Mean Absolute Error", None)],
    "p11": [("MAE", MT, CLEAR, "mean absolute errors", None)],
    "p12": [("MAE", ME, CLEAR, "masked autoencoder", None)],
    "p13": [("MAE", ME, NONE, "Mainstream American English", None)],
    "p14": [("MAE", MT, CLEAR, None, None)],
    # same_as: two names linked to one page are one node
    "p15": [("GLUE", D, CLEAR, None, "https://paperswithcode.com/dataset/glue")],
    "p16": [("General Language Understanding Evaluation", D, CLEAR, None, "https://paperswithcode.com/dataset/glue")],
    # "POS tagging" spelled out by two papers
    "p17": [("POS tagging", T, CLEAR, None, None)],
    "p18": [("part-of-speech tagging", T, CLEAR, None, None)],
    "p19": [("Part-of-Speech tagging", T, NONE, None, None)],
    # British and American spellings
    "p20": [("language modelling", T, CLEAR, None, None)],
    "p21": [("language modeling", T, CLEAR, None, None), ("language modeling", T, NONE, None, None)],
    # a root split by kind: clearly a dataset in two papers, a method in one; an untyped paper joins the majority
    "p22": [("CoNLL", D, CLEAR, None, None)],
    "p23": [("CoNLL", D, CLEAR, None, None)],
    "p24": [("CoNLL", ME, CLEAR, None, None)],
    "p25": [("CoNLL", ME, NONE, None, None)],
    # two roots whose labels fold to one id: "LM" defined once (its long form's group) and a bare "LM"
    "p26": [("LM", ME, NONE, "language model", None), ("LM", ME, NONE, None, None)],
    "p27": [("LM", ME, HINT, None, None)],
    # two roots whose labels fold to one id: "CQA" defined by one paper as the clear sense of "ConvQA" (so not named
    # by its long form) and a bare "CQA" elsewhere (a node of its own): both labelled "CQA", one node
    "p28": [("CQA", T, CLEAR, "conversational question answering", None), ("CQA", T, CLEAR, None, None)],
    "p29": [("CQA", T, CLEAR, None, None), ("CQAs", T, CLEAR, None, None)],
    "p30": [("ConvQA", T, CLEAR, "conversational question answering", None)],
    "p31": [("ConvQA", T, CLEAR, "conversational question answering", None)],
    # a closing acronym spelled out
    "p32": [("unsupervised MT", T, CLEAR, None, None)],
    "p33": [("unsupervised machine translation", T, CLEAR, None, None)],
    "p34": [("unsupervised machine translation", T, NONE, None, None)],
    # a tie between two spellings: the first seen (by source and start) names the node
    "p35": [("Bi-LSTM", ME, NONE, None, None)],
    "p36": [("BiLSTM", ME, NONE, None, None)],
    # a metric's variants; a task done "automatic"-ally, named by its plain spelling
    "p37": [("F1", MT, CLEAR, None, None)],
    "p38": [("F1 score", MT, CLEAR, None, None)],
    "p39": [("automatic data generation", T, CLEAR, None, None), ("automatic data generation", T, CLEAR, None, None)],
    "p40": [("data generation", T, CLEAR, None, None)],
    # a long form votes for its spelled-out part, unless the corpus writes it whole on its own
    "p41": [("ZT", ME, NONE, "fast zorb translation", None)],
    "p42": [("fast zorb translation", ME, NONE, None, None)],
    "p43": [("ZT", ME, NONE, "new zorb translation", None)],
    # a minor sense's same_as page was found by the acronym's name: it joins nothing
    "p44": [("SST", D, CLEAR, "speech translation", "https://paperswithcode.com/dataset/sst")],
    "p45": [("Stanford Sentiment Treebank", D, CLEAR, None, "https://paperswithcode.com/dataset/sst")],
    # a sense joined to its bare acronym's node (one same_as page) is not named by its long form
    "p46": [("ZB", ME, NONE, "zorb booster", None)],
    "p47": [("ZB", ME, NONE, None, "https://example.org/zb"), ("ZB", ME, NONE, None, None)],
    "p48": [("zorb booster", ME, NONE, None, "https://example.org/zb")],
    # a minor sense's label as its mentions write it most; a name the sense took in, written most of all, names it
    "p49": [("Relation Classification", T, NONE, None, None), ("Relation Classification", T, NONE, None, None)],
    "p50": [("SAN", ME, NONE, "Self-Attention Network", None)],
    "p51": [("SAN", ME, NONE, "Self-Attention Network", None)],
    "p52": [("SAN", ME, NONE, "self-attention", None)],
    "p53": [("SAN", ME, NONE, "social agent network", None)],
    "p54": [("SAN", ME, NONE, "social agent network", None)],
    "p55": [("SAN", ME, NONE, None, None)],
    "p56": [("self-attention", ME, NONE, None, None)] * 5,
    # a minor sense a metric join took in is labelled by its long form ("joined")
    "p57": [("ZER", MT, CLEAR, "zorb error rate", None)],
    "p58": [("ZER", MT, CLEAR, "zorb error rate", None)],
    "p59": [("ZER", MT, CLEAR, "zebra error rate", None)],
    "p60": [("zebra error rate score", MT, CLEAR, None, None)],
}


def _documents() -> list[DocumentRecords]:
    """One document per paper of ``MENTIONS``, named "<paper>.txt", its mentions ten characters apart."""
    documents = []
    for paper, mentions in MENTIONS.items():
        source = paper + ".txt"
        documents.append(DocumentRecords(
            source=source, papers=(Paper(ref=paper, title="Paper " + paper, provenance=Provenance(source)),),
            mentions=tuple(Mention(paper, name, kind, Relation.USES, Provenance(source, start=10 * i, extractor=typed),
                                   long_form=long_form, same_as=same_as)
                           for i, (name, kind, typed, long_form, same_as) in enumerate(mentions))))
    return documents


def _table(documents: list[DocumentRecords]) -> EntityTable:
    """The entity table of ``documents``' mentions (in the order given), each paper its own node."""
    return entity_table([m for d in documents for m in d.mentions], {m.paper_ref: "paper/" + m.paper_ref
                                                                     for d in documents for m in d.mentions})


#: Each paper's mentions, in document order -> their node (main's graph: the edges' ``mentions``).
NODE_OF = {
    'p01': ['method/ar', 'method/ar'], 'p02': ['method/ar'], 'p03': ['method/ar'],
    'p04': ['task/argumentretrieval', 'task/argumentretrieval'], 'p05': ['method/ar'],
    'p06': ['task/readingcomprehension'], 'p07': ['task/relationclassification'], 'p08': ['task/rc'],
    'p09': ['metric/meanabsoluteerror'], 'p10': ['metric/meanabsoluteerror'], 'p11': ['metric/meanabsoluteerror'],
    'p12': ['method/maskedautoencoder'], 'p13': ['method/mainstreamamericanenglish'],
    'p14': ['metric/meanabsoluteerror'], 'p15': ['dataset/glue'], 'p16': ['dataset/glue'], 'p17': ['task/postagging'],
    'p18': ['task/postagging'], 'p19': ['task/postagging'], 'p20': ['task/languagemodeling'],
    'p21': ['task/languagemodeling', 'task/languagemodeling'], 'p22': ['dataset/conll'], 'p23': ['dataset/conll'],
    'p24': ['method/conll'], 'p25': ['dataset/conll'], 'p26': ['method/languagemodel', 'method/languagemodel'],
    'p27': ['method/lm'], 'p28': ['task/cqa', 'task/cqa'], 'p29': ['task/cqa', 'task/cqa'], 'p30': ['task/cqa'],
    'p31': ['task/cqa'], 'p32': ['task/unsupervisedmachinetranslation'], 'p33': ['task/unsupervisedmachinetranslation'],
    'p34': ['task/unsupervisedmachinetranslation'], 'p35': ['method/bilstm'], 'p36': ['method/bilstm'],
    'p37': ['metric/f1'], 'p38': ['metric/f1'], 'p39': ['task/datageneration', 'task/datageneration'],
    'p40': ['task/datageneration'], 'p41': ['method/fastzorbtranslation'], 'p42': ['method/fastzorbtranslation'],
    'p43': ['method/zorbtranslation'], 'p44': ['dataset/sst'], 'p45': ['dataset/stanfordsentimenttreebank'],
    'p46': ['method/zb'], 'p47': ['method/zb', 'method/zb'], 'p48': ['method/zb'],
    'p49': ['task/relationclassification', 'task/relationclassification'], 'p50': ['method/selfattention'],
    'p51': ['method/selfattention'], 'p52': ['method/selfattention'], 'p53': ['method/socialagentnetwork'],
    'p54': ['method/socialagentnetwork'], 'p55': ['method/san'],
    'p56': ['method/selfattention'] * 5,
    'p57': ['metric/zer'], 'p58': ['metric/zer'], 'p59': ['metric/zebraerrorrate'], 'p60': ['metric/zebraerrorrate'],
}
#: Per part, in assembly's order: root, node id, label, alternative labels, label source (main's node for the
#: id; the root and the label source are the table's).
PARTS = [
    ('argumentretrieval', 'task/argumentretrieval', 'argument retrieval', ['AR'], 'sense'),
    ('augmentedreality', 'method/ar', 'AR', ['Augmented Reality', 'augmented reality'], 'surface'),
    ('automaticdatageneration', 'task/datageneration', 'data generation', ['automatic data generation'], 'surface'),
    ('bilstm', 'method/bilstm', 'Bi-LSTM', ['BiLSTM'], 'surface'),
    ('conll', 'dataset/conll', 'CoNLL', [], 'surface'),
    ('conll', 'method/conll', 'CoNLL', [], 'surface'),
    ('conversationalquestionanswering', 'task/cqa', 'CQA', ['ConvQA', 'conversational question answering'], 'surface'),
    ('cqa', 'task/cqa', 'CQA', ['CQAs'], 'surface'),
    ('f1', 'metric/f1', 'F1', ['F1 score'], 'surface'),
    ('fastzorbtranslation', 'method/fastzorbtranslation', 'fast zorb translation', ['ZT'], 'sense'),
    ('generallanguageunderstandingevaluation', 'dataset/glue', 'GLUE',
     ['General Language Understanding Evaluation'], 'surface'),
    ('languagemodel', 'method/languagemodel', 'language model', ['LM'], 'sense'),
    ('languagemodeling', 'task/languagemodeling', 'language modeling', ['language modelling'], 'surface'),
    ('lm', 'method/lm', 'LM', [], 'surface'),
    ('mainstreamamericanenglish', 'method/mainstreamamericanenglish', 'Mainstream American English', ['MAE'], 'sense'),
    ('maskedautoencoder', 'method/maskedautoencoder', 'masked autoencoder', ['MAE'], 'sense'),
    ('meanabsoluteerror', 'metric/meanabsoluteerror', 'Mean Absolute Error',
     ['MAE', 'mean absolute error', 'mean absolute errors'], 'sense'),
    ('partofspeechtagging', 'task/postagging', 'POS tagging',
     ['Part-of-Speech tagging', 'part-of-speech tagging'], 'surface'),
    ('rc', 'task/rc', 'RC', [], 'surface'),
    ('readingcomprehension', 'task/readingcomprehension', 'reading comprehension', ['RC'], 'sense'),
    ('relationclassification', 'task/relationclassification', 'Relation Classification',
     ['RC', 'relation classification'], 'sense'),
    ('same-as:https://example.org/zb', 'method/zb', 'ZB', ['zorb booster'], 'surface'),
    ('same-as:https://paperswithcode.com/dataset/sst', 'dataset/stanfordsentimenttreebank',
     'Stanford Sentiment Treebank', [], 'surface'),
    ('san', 'method/san', 'SAN', [], 'surface'),
    ('selfattentionnetwork', 'method/selfattention', 'self-attention', ['SAN', 'Self-Attention Network'], 'sense'),
    ('socialagentnetwork', 'method/socialagentnetwork', 'social agent network', ['SAN'], 'sense'),
    ('speechtranslation', 'dataset/sst', 'SST', ['speech translation'], 'surface'),
    ('unsupervisedmachinetranslation', 'task/unsupervisedmachinetranslation', 'unsupervised machine translation',
     ['unsupervised MT'], 'surface'),
    ('zebraerrorrate', 'metric/zebraerrorrate', 'zebra error rate', ['ZER', 'zebra error rate score'], 'joined'),
    ('zorberrorrate', 'metric/zer', 'ZER', ['zorb error rate'], 'surface'),
    ('zorbtranslation', 'method/zorbtranslation', 'zorb translation', ['ZT'], 'sense'),
]
#: Main's entity nodes in insertion order: id, label, alternative labels, same_as, acronym records.
GRAPH_NODES = [
    ('task/argumentretrieval', 'argument retrieval', ['AR'], [],
     [{'acronym': 'AR', 'long_form': 'argument retrieval', 'papers': 1, 'of': 4, 'status': 'split'}]),
    ('method/ar', 'AR', ['Augmented Reality', 'augmented reality'], [],
     [{'acronym': 'AR', 'long_form': 'augmented reality', 'papers': 3, 'of': 4, 'status': 'split'}]),
    ('task/datageneration', 'data generation', ['automatic data generation'], [], None),
    ('method/bilstm', 'Bi-LSTM', ['BiLSTM'], [], None),
    ('dataset/conll', 'CoNLL', [], [], None),
    ('method/conll', 'CoNLL', [], [], None),
    ('task/cqa', 'CQA', ['CQAs', 'ConvQA', 'conversational question answering'], [],
     [{'acronym': 'ConvQA', 'long_form': 'conversational question answering', 'papers': 2, 'of': 2,
       'status': 'learned'}]),
    ('metric/f1', 'F1', ['F1 score'], [], None),
    ('method/fastzorbtranslation', 'fast zorb translation', ['ZT'], [],
     [{'acronym': 'ZT', 'long_form': 'fast zorb translation', 'papers': 1, 'of': 2, 'status': 'ambiguous'}]),
    ('dataset/glue', 'GLUE', ['General Language Understanding Evaluation'], ['https://paperswithcode.com/dataset/glue'],
     None),
    ('method/languagemodel', 'language model', ['LM'], [], None),
    ('task/languagemodeling', 'language modeling', ['language modelling'], [], None),
    ('method/lm', 'LM', [], [], None),
    ('method/mainstreamamericanenglish', 'Mainstream American English', ['MAE'], [],
     [{'acronym': 'MAE', 'long_form': 'Mainstream American English', 'papers': 1, 'of': 5, 'status': 'ambiguous'}]),
    ('method/maskedautoencoder', 'masked autoencoder', ['MAE'], [],
     [{'acronym': 'MAE', 'long_form': 'masked autoencoder', 'papers': 1, 'of': 5, 'status': 'ambiguous'}]),
    ('metric/meanabsoluteerror', 'Mean Absolute Error', ['MAE', 'mean absolute error', 'mean absolute errors'], [],
     [{'acronym': 'MAE', 'long_form': 'Mean Absolute Error', 'papers': 3, 'of': 5, 'status': 'ambiguous'}]),
    ('task/postagging', 'POS tagging', ['Part-of-Speech tagging', 'part-of-speech tagging'], [], None),
    ('task/rc', 'RC', [], [], [{'acronym': 'RC', 'long_form': None, 'papers': 0, 'of': 2, 'status': 'ambiguous'}]),
    ('task/readingcomprehension', 'reading comprehension', ['RC'], [],
     [{'acronym': 'RC', 'long_form': 'reading comprehension', 'papers': 1, 'of': 2, 'status': 'ambiguous'}]),
    ('task/relationclassification', 'Relation Classification', ['RC', 'relation classification'], [],
     [{'acronym': 'RC', 'long_form': 'relation classification', 'papers': 1, 'of': 2, 'status': 'ambiguous'}]),
    ('method/zb', 'ZB', ['zorb booster'], ['https://example.org/zb'], None),
    ('dataset/stanfordsentimenttreebank', 'Stanford Sentiment Treebank', [], ['https://paperswithcode.com/dataset/sst'],
     None),
    ('method/san', 'SAN', [], [], [{'acronym': 'SAN', 'long_form': None, 'papers': 0, 'of': 5, 'status': 'ambiguous'}]),
    ('method/selfattention', 'self-attention', ['SAN', 'Self-Attention Network'], [],
     [{'acronym': 'SAN', 'long_form': 'Self-Attention Network', 'papers': 3, 'of': 5, 'status': 'ambiguous'}]),
    ('method/socialagentnetwork', 'social agent network', ['SAN'], [],
     [{'acronym': 'SAN', 'long_form': 'social agent network', 'papers': 2, 'of': 5, 'status': 'ambiguous'}]),
    ('dataset/sst', 'SST', ['speech translation'], ['https://paperswithcode.com/dataset/sst'], None),
    ('task/unsupervisedmachinetranslation', 'unsupervised machine translation', ['unsupervised MT'], [], None),
    ('metric/zebraerrorrate', 'zebra error rate', ['ZER', 'zebra error rate score'], [],
     [{'acronym': 'ZER', 'long_form': 'zebra error rate', 'papers': 1, 'of': 3, 'status': 'split'}]),
    ('metric/zer', 'ZER', ['zorb error rate'], [],
     [{'acronym': 'ZER', 'long_form': 'zorb error rate', 'papers': 2, 'of': 3, 'status': 'split'}]),
    ('method/zorbtranslation', 'zorb translation', ['ZT'], [],
     [{'acronym': 'ZT', 'long_form': 'zorb translation', 'papers': 1, 'of': 2, 'status': 'ambiguous'}]),
]

#: The sample's grouped mentions (source, index, kind, id, one a line, sorted) from main's graph, and how many.
SAMPLE_MENTIONS, SAMPLE_NODES = 304, 178
SAMPLE_SHA256 = "0e9923e4d468e44d10448c8154656bcdd0ac0b388474baf6b02d3241b7d904b5"
SAMPLE_FIRST = [("underline/000_16934c490b00c391.txt", 0, "method", "method/clear"),
                ("underline/000_16934c490b00c391.txt", 1, "method", "method/imreasoner")]


def _node_of_by_paper(table: EntityTable) -> dict[str, list[str]]:
    by_paper: dict[str, list[str]] = {}
    for (source, index), (kind, node) in sorted(table.node_of().items()):
        assert node.startswith(kind + "/")
        by_paper.setdefault(source.removesuffix(".txt"), []).append(node)
        assert len(by_paper[source.removesuffix(".txt")]) == index + 1  # every mention of the document, in order
    return by_paper


def test_the_table_gives_mains_nodes() -> None:
    table = _table(_documents())
    assert _node_of_by_paper(table) == NODE_OF
    parts = [(root, node, label, alt, source) for root, node, label, alt, source
             in zip(table.roots, table.ids, table.labels, table.alt_labels, table.label_sources)]
    assert parts == PARTS
    assert [kind.value for kind in table.kinds] == [node.partition("/")[0] for _, node, *_ in PARTS]
    assert table.collisions() == {"task/cqa": ["conversationalquestionanswering", "cqa"]}


def test_the_table_gives_mains_acronym_records() -> None:
    table = _table(_documents())
    records: dict[str, list[dict]] = {}
    for node, found in zip(table.ids, table.acronyms):  # a collided node takes its parts' records in part order
        records[node] = records.get(node, []) + [record for record in found if record not in records.get(node, [])]
    assert {node: found or None for node, found in records.items()} == {node: found for node, *_, found in GRAPH_NODES}


def test_the_graph_built_from_the_table_has_mains_entity_nodes() -> None:
    graph = build_graph(_documents())
    nodes = [(node, data["label"], data["alt_labels"], data["same_as"], data.get("acronyms"))
             for node, data in graph.nodes(data=True) if data["kind"] != "paper"]
    assert nodes == [tuple(row) for row in GRAPH_NODES]
    assert {paper: [m["name"] for _, node, data in graph.out_edges(paper, data=True) for m in data["mentions"]
                    if node == "task/cqa"] for paper in ("paper/title-paper-p28-d6199dd915",)} \
        == {"paper/title-paper-p28-d6199dd915": ["CQA", "CQA"]}


def test_the_samples_table_gives_mains_nodes() -> None:
    built = build(similarity=False)
    documents = sorted(built.documents, key=lambda d: d.source)
    papers = [p for d in documents for p in d.papers]
    mentions = [m for d in documents for m in d.mentions]
    positions = array("i", [index for d in documents for index in range(len(d.mentions))])
    paper_nodes = paper_table(papers).node_map()
    drop_title_tasks_of_abstracts(built.graph, mentions, paper_nodes, positions)  # as build_graph hands them over
    table = entity_table(mentions, paper_nodes, positions)
    rows = sorted((source, index, kind, node) for (source, index), (kind, node) in table.node_of().items())
    assert len(rows) == SAMPLE_MENTIONS and len(set(table.ids)) == SAMPLE_NODES and rows[:2] == SAMPLE_FIRST
    text = "\n".join("\t".join(map(str, row)) for row in rows)
    assert hashlib.sha256(text.encode()).hexdigest() == SAMPLE_SHA256


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_table_does_not_depend_on_the_order_of_documents(rng: random.Random) -> None:
    documents = _documents()
    rng.shuffle(documents)
    table = _table(documents)
    assert _node_of_by_paper(table) == NODE_OF
    assert list(zip(table.roots, table.ids, table.labels, table.alt_labels, table.label_sources)) == PARTS


def test_a_mentions_position_is_its_index_in_its_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """A title task dropped at assembly (the merged paper has an abstract) does not move the keys of the mentions
    after it: a per-document step counts them in the document's own list."""
    tables: list[EntityTable] = []

    def kept(*arguments) -> EntityTable:
        tables.append(entity_table(*arguments))
        return tables[-1]

    monkeypatch.setattr(kg.entity_nodes, "entity_table", kept)

    def mention(paper: str, name: str, kind: EntityKind, start: int, extractor: str = CLEAR) -> Mention:
        return Mention(paper, name, kind, Relation.USES, Provenance(paper + ".txt", start=start, extractor=extractor))

    title_only = DocumentRecords(source="a.txt", papers=(Paper(ref="a", title="Parsing with BERT",
                                                               provenance=Provenance("a.txt")),),
                                 mentions=(mention("a", "parsing", T, 0, TITLE_TASK_EXTRACTOR + "head"),
                                           mention("a", "BERT", EntityKind.MODEL, 13)))
    with_abstract = DocumentRecords(source="b.txt", papers=(Paper(ref="b", title="Parsing with BERT",
                                                                  abstract="We parse with BERT.",
                                                                  provenance=Provenance("b.txt")),),
                                    mentions=(mention("b", "BERT", EntityKind.MODEL, 14),))
    graph = build_graph([title_only, with_abstract])
    assert "task/parsing" not in graph  # dropped: the merged paper has an abstract
    assert tables[0].node_of() == {("a.txt", 1): ("model", "model/bert"), ("b.txt", 0): ("model", "model/bert")}


def _one_mention_documents(rows: dict[str, tuple[str, EntityKind, str | None]],
                           source: str | None = None) -> list[DocumentRecords]:
    """One document "<paper>.txt" per paper of ``rows`` (paper -> name, kind, long form), a clearly typed mention
    each, its source the document's (or ``source``)."""
    return [DocumentRecords(source=paper + ".txt", papers=(Paper(ref=paper, title="Paper " + paper,
                                                                 provenance=Provenance(paper + ".txt")),),
                            mentions=(Mention(paper, name, kind, Relation.USES,
                                              Provenance(source or paper + ".txt", extractor=CLEAR),
                                              long_form=long_form),))
            for paper, (name, kind, long_form) in rows.items()]


#: "AES": automated essay scoring by four papers (its clear sense), automatic essay scoring by two (a minor sense,
#: which the task join takes into the clear sense's node); one of the two types it a method, so the method part
#: holds that minor sense's mentions alone and is named by its long form, not by the "AES" it writes (review83).
SENSE_ONLY = {"q1": ("AES", T, "automated essay scoring"), "q2": ("AES", T, "automated essay scoring"),
              "q3": ("AES", T, "automated essay scoring"), "q4": ("AES", T, "automated essay scoring"),
              "q5": ("AES", T, "automatic essay scoring"), "q6": ("AES", ME, "automatic essay scoring"),
              "q7": ("automatic essay scoring", T, None), "q8": ("essay scoring", T, None)}
#: Main's entity nodes of ``SENSE_ONLY`` (b14bf59's kg/entity_nodes.py): id, label, alternative labels.
SENSE_ONLY_NODES = [("task/aes", "AES", ["automated essay scoring", "automatic essay scoring", "essay scoring"]),
                    ("method/automaticessayscoring", "automatic essay scoring", ["AES"])]


def test_a_part_of_a_claimed_minor_senses_mentions_alone_is_named_by_its_long_form() -> None:
    table = _table(_one_mention_documents(SENSE_ONLY))
    assert list(zip(table.ids, table.labels, table.alt_labels, table.label_sources)) == [
        (*SENSE_ONLY_NODES[0], "surface"), (*SENSE_ONLY_NODES[1], "sense_only")]
    assert table.node_of()[("q6.txt", 0)] == ("method", "method/automaticessayscoring")
    graph = build_graph(_one_mention_documents(SENSE_ONLY))
    assert [(node, data["label"], data["alt_labels"]) for node, data in graph.nodes(data=True)
            if data["kind"] != "paper"] == SENSE_ONLY_NODES


def test_positions_shared_by_two_documents_are_refused_not_overwritten(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mentions of two documents that name one source share the position (source, 0): node_of says so rather than
    keep one of them; the graph is main's all the same (the table's keys are not assembly's)."""
    tables: list[EntityTable] = []

    def kept(*arguments) -> EntityTable:
        tables.append(entity_table(*arguments))
        return tables[-1]

    monkeypatch.setattr(kg.entity_nodes, "entity_table", kept)
    rows = {"a": ("BERT", EntityKind.MODEL, None), "b": ("GLUE", D, None)}
    graph = build_graph(_one_mention_documents(rows, source="shared.txt"))
    assert [node for node, kind in graph.nodes(data="kind") if kind != "paper"] == ["model/bert", "dataset/glue"]
    with pytest.raises(ValueError, match="shared.txt"):
        tables[0].node_of()
    assert _table(_one_mention_documents(rows, source="shared.txt")).node_of() == {  # counted per source
        ("shared.txt", 0): ("model", "model/bert"), ("shared.txt", 1): ("dataset", "dataset/glue")}
    mentions = [m for d in _one_mention_documents(rows) for m in d.mentions]
    with pytest.raises(ValueError, match="2 mentions"):
        entity_table(mentions, {"a": "paper/a", "b": "paper/b"}, [0])


def _titled_document(source: str, title: str, mentions: list[tuple[str, EntityKind, int | None]]) -> DocumentRecords:
    """A document ``source`` of one paper titled ``title`` (its node id sorts by the title, not by ``source``) with
    clearly typed ``mentions`` (name, kind, start)."""
    ref = source.removesuffix(".txt")
    return DocumentRecords(source=source, papers=(Paper(ref=ref, title=title, provenance=Provenance(source)),),
                           mentions=tuple(Mention(ref, name, kind, Relation.USES,
                                                  Provenance(source, start=start, extractor=CLEAR))
                                          for name, kind, start in mentions))


def test_mentions_at_one_start_are_read_by_name_and_a_split_parts_papers_by_node() -> None:
    """D9's ties: two spellings at one start (none given) are read by name, not in document order, so the first
    seen of a tie names the node; D19: a split part reads its papers in paper-node order, not by source ("Alpha
    study" of s2.txt before "Zeta study" of s1.txt). Values from main (b14bf59's entity_nodes; review83)."""
    graph = build_graph([_titled_document("t1.txt", "Ties", [("ZorbNet", ME, None), ("Zorb-Net", ME, None)])])
    assert [(node, data["label"], data["alt_labels"]) for node, data in graph.nodes(data=True)
            if data["kind"] != "paper"] == [("method/zorbnet", "Zorb-Net", ["ZorbNet"])]
    assert [[m["name"] for m in data["mentions"]] for *_, data in graph.edges(data=True)] == [["Zorb-Net", "ZorbNet"]]
    graph = build_graph([_titled_document("s1.txt", "Zeta study", [("Zorb-Set", D, 0)]),
                         _titled_document("s2.txt", "Alpha study", [("ZorbSet", D, 0)]),
                         _titled_document("s3.txt", "Beta study", [("ZorbSet", ME, 0)]),
                         _titled_document("s4.txt", "Gamma study", [("Zorb-Set", ME, 0)])])
    assert [(node, data["label"], data["alt_labels"]) for node, data in graph.nodes(data=True)
            if data["kind"] != "paper"] == [("dataset/zorbset", "ZorbSet", ["Zorb-Set"]),
                                            ("method/zorbset", "ZorbSet", ["Zorb-Set"])]


def test_a_sense_label_goes_before_a_joined_label_of_one_root() -> None:
    """A root holding a minor sense named by its long form ("yak alpha rate", one paper's YAR) and, through one
    ``same_as`` page, a minor sense a metric join took in ("zebra error rate", one paper's ZER, with "zebra error rate
    score") is named by the former (D18's order). Values from main (b14bf59's entity_nodes; review83)."""
    page = "https://example.org/yz"
    rows = {"r1": ("ZER", "zorb error rate", None), "r2": ("ZER", "zorb error rate", None),
            "r3": ("ZER", "zebra error rate", None), "r4": ("zebra error rate score", None, page),
            "r5": ("YAR", "yak accuracy ratio", None), "r6": ("YAR", "yak accuracy ratio", None),
            "r7": ("YAR", "yak alpha rate", None), "r8": ("yak alpha rate", None, page)}
    documents = [DocumentRecords(source=paper + ".txt", papers=(Paper(ref=paper, title="Paper " + paper,
                                                                      provenance=Provenance(paper + ".txt")),),
                                 mentions=(Mention(paper, name, MT, Relation.USES,
                                                   Provenance(paper + ".txt", extractor=CLEAR),
                                                   long_form=long_form, same_as=same_as),))
                 for paper, (name, long_form, same_as) in rows.items()]
    table = _table(documents)
    assert list(zip(table.ids, table.labels, table.label_sources)) == [
        ("metric/yakalpharate", "yak alpha rate", "sense"), ("metric/yar", "YAR", "surface"),
        ("metric/zer", "ZER", "surface")]
    assert [(node, data["label"], data["alt_labels"]) for node, data in build_graph(documents).nodes(data=True)
            if data["kind"] != "paper"] == [
        ("metric/yakalpharate", "yak alpha rate", ["YAR", "ZER", "zebra error rate", "zebra error rate score"]),
        ("metric/yar", "YAR", ["yak accuracy ratio"]), ("metric/zer", "ZER", ["zorb error rate"])]
