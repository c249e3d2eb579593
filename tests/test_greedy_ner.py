"""The trained tagger's array decoding (extractors/greedy_ner.py) finds what spaCy's own decoding finds."""
from __future__ import annotations

import numpy as np
import pytest
from spacy.attrs import ENT_IOB, ENT_KB_ID, ENT_TYPE
from spacy.pipeline import EntityRecognizer
from spacy.tokens import Span

from extractors.entities import build_pipeline
from extractors.entity_model import has_weights
from extractors.greedy_ner import GreedyEntityRecognizer, decode_entities

pytestmark = pytest.mark.skipif(not has_weights(), reason="the trained tagger's weights are not installed")

TEXTS = [
    "We fine-tune BERT and RoBERTa on SQuAD 2.0 and report exact match and F1 on the dev set.",
    "Neural machine translation with the Transformer improves BLEU on WMT14 English-German.",
    "We propose  GraphNER,\n\na graph neural network for named entity recognition. It beats BiLSTM-CRF on CoNLL-2003.",
    "Results on the Penn Treebank\nshow gains. Word error rate drops on LibriSpeech.",
    "",
    "Sentiment analysis",
    ("A study of question answering over knowledge graphs with large language models such as GPT-3 and T5 "
     "on WebQuestionsSP, ComplexWebQuestions and MetaQA, measured by Hits@1 and accuracy."),
]
ENTITY_ATTRS = [ENT_IOB, ENT_TYPE, ENT_KB_ID]


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline()


def _tokenized(nlp, texts):
    return list(nlp.pipe(texts, disable=["ner", "kg_entities"]))


def test_the_default_pipeline_decodes_with_arrays(nlp):
    assert type(nlp.get_pipe("ner")) is GreedyEntityRecognizer
    assert set(nlp.get_pipe("ner").labels) == {"METHOD", "DATASET", "MODEL", "TASK", "METRIC"}


@pytest.mark.parametrize("batch_size", [1, 3, 64])
def test_same_entities_as_spacys_decoding(nlp, batch_size):
    ner = nlp.get_pipe("ner")
    docs = _tokenized(nlp, TEXTS)
    theirs = list(EntityRecognizer.pipe(ner, [doc.copy() for doc in docs], batch_size=batch_size))
    ours = list(ner.pipe(docs, batch_size=batch_size))
    assert sum(len(doc.ents) for doc in theirs) > 10  # the texts do have entities to compare
    for their, our in zip(theirs, ours):
        assert [(e.start, e.end, e.label_) for e in our.ents] == [(e.start, e.end, e.label_) for e in their.ents]
        assert np.array_equal(our.to_array(ENTITY_ATTRS), their.to_array(ENTITY_ATTRS))


def test_one_doc_and_chunks_give_the_same_entities(nlp):
    ner = nlp.get_pipe("ner")
    docs = _tokenized(nlp, TEXTS)
    whole = decode_entities(ner.model, ner.moves, docs, chunk=64)
    assert decode_entities(ner.model, ner.moves, docs, chunk=2) == whole
    assert [ents for doc in docs for ents in decode_entities(ner.model, ner.moves, [doc])] == whole
    assert [[(e.start, e.end, e.label_) for e in ner(doc.copy()).ents] for doc in docs] == whole


def test_entities_stay_inside_a_sentence_and_off_whitespace(nlp):
    ner = nlp.get_pipe("ner")
    docs = _tokenized(nlp, TEXTS)
    for doc, ents in zip(docs, decode_entities(ner.model, ner.moves, docs)):
        for start, end, _ in ents:
            assert not any(doc[i].is_sent_start for i in range(start + 1, end))
            assert not doc[start].is_space


def test_preset_entities_go_to_spacys_decoding(nlp):
    ner = nlp.get_pipe("ner")
    doc = _tokenized(nlp, ["We train ZorbNet on SQuAD and report F1."])[0]
    doc.set_ents([Span(doc, 2, 3, label="MODEL")], default="unmodified")
    theirs = EntityRecognizer.pipe(ner, [doc.copy()])
    ours = ner.pipe([doc])
    their, our = next(theirs), next(ours)
    assert (our.ents[0].start, our.ents[0].label_) == (2, "MODEL")  # the preset entity is kept
    assert np.array_equal(our.to_array(ENTITY_ATTRS), their.to_array(ENTITY_ATTRS))


def test_same_entities_in_long_docs_and_without_sentences(nlp):
    """Each sentence is decoded as a state of its own; a Doc without sentence starts is one state."""
    ner = nlp.get_pipe("ner")
    long_text = " ".join(text for text in TEXTS if text) * 20
    docs = _tokenized(nlp, [long_text]) + [nlp.make_doc(text) for text in TEXTS]  # make_doc: no sentencizer
    assert len(list(docs[0].sents)) > 100
    theirs = list(EntityRecognizer.pipe(ner, [doc.copy() for doc in docs]))
    ours = list(ner.pipe(docs))
    assert len(theirs[0].ents) > 100
    for their, our in zip(theirs, ours):
        assert np.array_equal(our.to_array(ENTITY_ATTRS), their.to_array(ENTITY_ATTRS))
