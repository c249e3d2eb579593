"""The tagger's training recipe (``scripts/train_entity_model.py``): partial silver labels, saving, loading back."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from entity_training_data import annotated_examples, load_annotated, partial_tags, trainable_sets  # noqa: E402
from train_entity_model import architecture_of, build_corpus, example, name_like, save, train, write_vectors  # noqa: E402

from extractors.entities import blank_pipeline, build_pipeline, iter_entities  # noqa: E402
from extractors.entity_model import (  # noqa: E402
    MODEL_DIR,
    NER_CONFIG,
    VECTORS_FILE,
    EntityModelMissingError,
    architecture,
    has_weights,
    uses_vectors,
    weights_hash,
)

TEXT = "We train ZorbNet with an RNN on the ZorbQA corpus."


def _tags(eg) -> list[str]:
    """The reference BILUO tags of a training example ("-" where the label is unknown)."""
    return [t.ent_iob_ + ("-" + t.ent_type_ if t.ent_type_ else "") if t.ent_iob_ else "-" for t in eg.reference]


def test_partial_tags_leave_only_unlabelled_name_like_words_unknown():
    words = ["We", "use", "RNN", "on", "SQuAD", "data"]
    tags = ["O", "O", "O", "O", "U-DATASET", "O"]
    assert partial_tags(words, tags, unknown=name_like) == ["O", "O", "-", "O", "U-DATASET", "O"]
    assert partial_tags(words, tags, unknown=lambda w: False) == tags
    with pytest.raises(ValueError):
        partial_tags(words, tags[:-1], unknown=name_like)


def test_name_like_words_are_the_ones_rules_may_miss():
    assert [name_like(w) for w in ["RNN", "BiLSTM", "GPT-2", "We", "corpus", "LLMs", "2020"]] == \
        [True, True, True, False, False, False, False]


def test_silver_examples_are_partial_gold_examples_are_not():
    nlp = blank_pipeline()
    start = TEXT.index("ZorbQA")
    spans = [(start, start + len("ZorbQA"), "DATASET")]
    silver, gold = example(nlp, TEXT, spans, True), example(nlp, TEXT, spans, False)
    words = [t.text for t in silver.reference]
    assert _tags(silver)[words.index("ZorbQA")] == _tags(gold)[words.index("ZorbQA")] == "B-DATASET"
    # The rules labelled neither ZorbNet nor RNN: unknown in silver, "no entity" in gold sources.
    assert [_tags(silver)[words.index(w)] for w in ("ZorbNet", "RNN", "train", "corpus")] == ["-", "-", "O", "O"]
    assert [_tags(gold)[words.index(w)] for w in ("ZorbNet", "RNN")] == ["O", "O"]


def test_annotated_examples_teach_required_entities_and_leave_optional_ones_unknown():
    record = {"text": TEXT, "entities": [
        {"kind": "DATASET", "optional": False, "spans": [[TEXT.index("ZorbQA"), TEXT.index("ZorbQA") + 6]]},
        {"kind": "METHOD", "optional": True, "spans": [[TEXT.index("RNN"), TEXT.index("RNN") + 3]]}]}
    (text, spans, unknown), = annotated_examples([record])
    eg = example(blank_pipeline(), text, spans, unknown)
    words = [t.text for t in eg.reference]
    assert [_tags(eg)[words.index(w)] for w in ("ZorbQA", "RNN", "ZorbNet", "train")] == ["B-DATASET", "-", "O", "O"]


READ_SETS = ("tune", "tune2", "tune3", "tune5", "tune6")


def test_the_five_read_sets_may_be_trained_on_and_no_gate_or_held_out_set():
    data = ROOT / "benchmarks" / "data"
    assert len(load_annotated(READ_SETS, data)) == 420  # 100 + 4 x 80 abstracts
    assert trainable_sets(" tune6,tune,,tune6 ") == ["tune6", "tune"]
    for name, why in [("tune7", "a gate set"), ("tune8", "a gate set"), ("dev", "held out"), ("tune4", "held out"),
                      ("tune9", "held out"), ("tune10", "a fresh set"), ("tune12", "a set drawn blind"),
                      ("tune13", "a set drawn blind by round h15cd, read since round h15cg"), ("tune14", "a fresh set"),
                      ("tune15", "no annotated set")]:
        with pytest.raises(ValueError, match=f"'{name}' is {why}.*may not be trained on"):
            load_annotated(["tune", name], data)
        with pytest.raises(ValueError, match=name):
            trainable_sets(f"tune2,{name}")


def test_the_training_script_refuses_a_gate_set_before_reading_any_data(monkeypatch, capsys):
    import train_entity_model

    monkeypatch.setattr(train_entity_model, "build_corpus", lambda args: pytest.fail("read data for a gate set"))
    with pytest.raises(SystemExit) as exit_info:
        train_entity_model.main(["--gold-sets", "tune,tune7", "--out", "/nonexistent"])
    assert exit_info.value.code == 2 and "'tune7' is a gate set" in capsys.readouterr().err


def test_the_read_sets_gold_spans_become_the_examples_entities():
    """Every required span kept (the longest where two overlap) is an entity of its kind in the training example
    on the real read sets (a handful end inside a token and widen to it), and an optional span's tokens outside
    every kept span are unknown, never "no entity"."""
    nlp = blank_pipeline()
    exact = kept = 0
    kinds = set()
    for text, spans, unknown in annotated_examples(load_annotated(READ_SETS, ROOT / "benchmarks" / "data")):
        eg = example(nlp, text, spans, unknown)
        ents = {(e.start_char, e.end_char, e.label_) for e in eg.reference.ents}
        exact += sum(span in ents for span in spans)
        kept += len(spans)
        kinds.update(label for _, _, label in spans)
        covered = {t.i for e in eg.reference.ents for t in e}
        for start, end in unknown:
            tokens = eg.reference.char_span(start, end, alignment_mode="expand")
            assert all(eg.reference[i].ent_iob_ == "" for i in range(tokens.start, tokens.end) if i not in covered)
    assert kinds == {"METHOD", "DATASET", "MODEL", "TASK", "METRIC"}
    assert kept > 1800 and exact >= kept - 20


def test_the_training_corpus_takes_the_gold_sets_as_often_as_asked(monkeypatch):
    import train_entity_model

    monkeypatch.setattr(train_entity_model, "tdmsci_sentences", lambda path: [])
    monkeypatch.setattr(train_entity_model, "scirex_sentences", lambda *a, **k: iter(()))
    monkeypatch.setattr(train_entity_model, "iter_anthology_papers", lambda path: iter(()))
    args = type("Args", (), {"fold": None, "folds": 5, "scirex_sentences": 1, "silver": 0, "tdmsci_repeat": 1,
                             "gold_sets": "tune", "gold_repeat": 3})()
    data, stats = build_corpus(args)
    assert stats["gold"] == 100 and len(data) == 300
    assert all(isinstance(unknown, list) for _, _, unknown in data)  # optional spans travel with each abstract


def test_a_trained_tagger_saves_with_its_architecture_and_loads_into_the_pipeline(tmp_path):
    start = TEXT.index("ZorbQA")
    data = [(TEXT, [(start, start + 6, "DATASET")], False), (TEXT, [(start, start + 6, "DATASET")], True)] * 8
    config = {"model": {**NER_CONFIG["model"], "tok2vec": {**NER_CONFIG["model"]["tok2vec"], "embed_size": 500}}}
    nlp = train(data, config, epochs=2, seed=0, max_minutes=5, dropout=0.1, snapshots=tmp_path / "epochs")
    save(nlp, config, tmp_path / "out")
    for folder in (tmp_path / "out", tmp_path / "epochs" / "epoch1", tmp_path / "epochs" / "epoch2"):
        assert has_weights(folder) and architecture(folder) == config
    pipeline = build_pipeline("model", weights=tmp_path / "out")
    assert set(pipeline.get_pipe("ner").labels) == {"METHOD", "DATASET", "MODEL", "TASK", "METRIC"}
    list(iter_entities(pipeline(TEXT)))  # runs end to end on the loaded weights


def test_a_tagger_trained_with_static_vectors_carries_them_and_looks_them_up_by_lower_case(tmp_path):
    source = tmp_path / "word_vectors"  # the format of scripts/train_word_vectors.py: float16 rows, word<TAB>count
    source.mkdir()
    np.save(source / "vectors.npy", np.eye(3, 4, dtype=np.float16))
    (source / "words.tsv").write_text("zorbqa\t7\ntrain\t90\ncorpus\t40\n", "utf-8")
    out = tmp_path / "out"
    assert write_vectors(source, out) == 3
    config = architecture_of(SimpleNamespace(hidden=32, width=32, depth=2, embed=500, vectors=source))
    assert uses_vectors(config) and not uses_vectors(NER_CONFIG)
    start = TEXT.index("ZorbQA")
    data = [(TEXT, [(start, start + 6, "DATASET")], False)] * 8
    nlp = train(data, config, epochs=1, seed=0, max_minutes=5, dropout=0.1, vectors=out)
    save(nlp, config, out, vectors=out)
    assert architecture(out) == config and (out / VECTORS_FILE).is_file()
    pipeline = build_pipeline("model", weights=out)
    doc = pipeline(TEXT)
    rows = dict(zip([t.text for t in doc], pipeline.vocab.vectors.find(keys=doc.to_array("LOWER")).tolist()))
    assert pipeline.vocab.vectors.shape == (3, 4) and (rows["ZorbQA"], rows["train"], rows["We"]) == (0, 1, -1)
    list(iter_entities(doc))
    changed = tmp_path / "changed"  # the vectors are part of the weights' hash (the cache key)
    shutil.copytree(out, changed)
    np.save(changed / VECTORS_FILE, np.eye(3, 4, dtype=np.float16) * 2)
    assert weights_hash(changed) != weights_hash(out)
    (changed / VECTORS_FILE).unlink()
    with pytest.raises(EntityModelMissingError, match="word vectors"):
        build_pipeline("model", weights=changed)
    plain = {"model": {**NER_CONFIG["model"], "tok2vec": {**NER_CONFIG["model"]["tok2vec"], "embed_size": 500}}}
    save(train(data, plain, epochs=1, seed=0, max_minutes=5, dropout=0.1), plain, out)
    assert not (out / VECTORS_FILE).is_file()  # a tagger without vectors leaves none of an earlier run behind


@pytest.mark.skipif(not has_weights(), reason="no trained weights in extractors/model/entity_ner")
def test_the_shipped_weights_fit_the_package_and_the_default_recipe():
    size = sum(path.stat().st_size for path in MODEL_DIR.iterdir() if path.is_file())
    assert size <= 30 * 1024 * 1024  # issue 15: weights of at most 30 MB in the package
    assert architecture() == NER_CONFIG  # retraining with the defaults gives the shipped architecture


@pytest.mark.parametrize(
    ("text", "ents", "kept"),
    [
        ("We study translation.", [(2, 3, "TASK")], []),  # one common word: too little evidence alone
        ("Each tweet has its English translation.", [(6, 7, "TASK")], []),
        ("We study the translation task.", [(3, 4, "TASK")], ["translation"]),  # the text says it is a task
        ("We join the translation shared task.", [(3, 4, "TASK")], ["translation"]),
        ("We report translation accuracy.", [(2, 3, "TASK")], []),  # the word modifies another noun
        ("We study machine translation.", [(2, 4, "TASK")], ["machine translation"]),
        ("We study NER.", [(2, 3, "TASK")], ["NER"]),
    ],
)
def test_the_tagger_alone_makes_no_bare_common_word_a_task(text, ents, kept):
    from spacy.tokens import Span

    from extractors.entities import tagger_spans

    doc = build_pipeline("rules")(text)
    doc.ents = [Span(doc, s, e, label=label) for s, e, label in ents]
    assert [span.text for span in tagger_spans(doc)] == kept
