"""Train kg's entity tagger (METHOD, DATASET, MODEL, TASK, METRIC) and write its weights into the package.

Run from the project root, CPU only (10-40 minutes on one core; 10-13 for the recipes of round h15av)::

    nice -n 10 python scripts/train_entity_model.py                     # -> extractors/model/entity_ner/
    nice -n 10 python scripts/train_entity_model.py --fold 0 --out /tmp/cv/fold0   # TDMSci fold 0 held out
    nice -n 10 python scripts/train_entity_model.py --out /tmp/t --snapshots /tmp/t/epochs   # + every epoch's weights
    nice -n 10 python scripts/train_entity_model.py --gold-sets tune,tune2,tune3,tune5,tune6 --out /tmp/t  # + gold
    nice -n 10 python scripts/train_entity_model.py --vectors kg/model/word_vectors --out /tmp/t   # + static vectors

Data (see ``scripts/entity_training_data.py``): TDMSci train, SciREX train, and
silver labels on Anthology ``train`` abstracts (Papers-with-Code tags, the
rule pipeline, task/metric names from TDMSci and SciREX); with
``--silver-partial`` the silver labels are partial (a name-shaped token outside
every silver span is unknown, not "no entity"); with ``--gold-sets tune,tune2,...``
the hand-annotated abstracts of those read sets (any of tune, tune2, tune3, tune5, tune6) are added
(``--gold-repeat`` copies per epoch).  The dev-set volumes and the ``test``
slice are never read; of the ``tune`` slice only those gold annotations are, and never a gate set (tune7, tune8)
or a held-out one (dev, tune4, tune9): the script refuses them.  The defaults are the shipped
weights' recipe; ``docs/extraction.md`` ("The trained tagger") lists the variants
measured against them.  The run is deterministic for
a given corpus and seed (``--seed``, fixed order, one thread).

The architecture is :data:`extractors.entity_model.NER_CONFIG`.  Only the
``ner`` component is saved (``cfg``, ``moves``, ``model``), without vocab.
With ``--vectors DIR`` (a folder of word vectors as ``scripts/train_word_vectors.py``
writes them: ``vectors.npy`` and ``words.tsv``) the tok2vec also reads static
vectors (``pretrained_vectors``), keyed by the lower-cased word; they are copied
beside the weights (:data:`extractors.entity_model.VECTORS_FILE`, float16), which
is where loading finds them.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import re
import shutil
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "scripts"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from entity_training_data import (  # noqa: E402
    annotated_examples,
    fold_of,
    guideline_spans,
    load_annotated,
    non_overlapping,
    partial_tags,
    scirex_sentences,
    stable_order,
    task_metric_lexicon,
    tdmsci_sentences,
    trainable_sets,
)
from spacy.matcher import PhraseMatcher  # noqa: E402
from spacy.training import Example, offsets_to_biluo_tags  # noqa: E402
from spacy.util import fix_random_seed, minibatch  # noqa: E402

from extractors.entities import blank_pipeline, build_pipeline, iter_entities  # noqa: E402
from extractors.entity_model import (  # noqa: E402
    LABELS,
    MODEL_DIR,
    NER_CONFIG,
    VECTOR_WORDS_FILE,
    VECTORS_FILE,
    load_vectors,
    uses_vectors,
)
from extractors.entity_names import model_family, name_shape  # noqa: E402
from extractors.gazetteer import load_gazetteer  # noqa: E402
from extractors.gazetteer_build import iter_anthology_papers, split_of  # noqa: E402

SHARED = ROOT.parent / "shared"


def rule_spans(doc) -> list[tuple[int, int, str]]:
    """The rule pipeline's entities (and acronym long forms) as ``(start, end, LABEL)`` character spans."""
    spans = []
    for entity in iter_entities(doc):
        label = entity.span.label_.upper()
        spans.append((entity.span.start_char, entity.span.end_char, label))
        if entity.long_form is not None:
            spans.append((entity.long_form.start_char, entity.long_form.end_char, label))
    return spans


def tag_spans(text: str, tags) -> list[tuple[int, int, str]]:
    """Where the paper's PwC dataset tags are written as names in ``text`` (tags the gazetteer would detect)."""
    gazetteer = load_gazetteer()
    spans = []
    for name, _ in dict.fromkeys(tags):
        known = gazetteer.lookup(name)
        if known is None or not known.detect:
            continue  # "Machine Translation", "Reddit": PwC tags that are no dataset's name in running text
        parts = [re.escape(p) for p in re.split(r"[\s\-]+", name.strip()) if p]
        if not parts:
            continue
        pattern = re.compile(r"(?<![\w-])" + r"[\s\-]?".join(parts) + r"(?![\w-])", re.IGNORECASE)
        spans.extend((m.start(), m.end(), "DATASET") for m in pattern.finditer(text) if re.search(r"[A-Z0-9]", m.group()))
    return spans


def silver_examples(nlp, lexicon: dict[str, str], texts: list[tuple[str, tuple]]) -> list[tuple[str, list]]:
    """Anthology abstracts with PwC tags, rule spans (tasks relabelled) and lexicon matches (see the data module)."""
    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    for name, label in lexicon.items():
        matcher.add(label, [nlp.make_doc(name)])
    out = []
    for (text, tags), doc in zip(texts, nlp.pipe((t for t, _ in texts), batch_size=64)):
        rules = []
        for start, end, label in rule_spans(doc):
            known = lexicon.get(text[start:end].lower())
            rules.append((start, end, known or label))
        found = [(doc[s:e].start_char, doc[s:e].end_char, nlp.vocab.strings[m]) for m, s, e in matcher(doc)]
        found.sort(key=lambda x: x[0] - x[1])  # longest first
        out.append((text, non_overlapping(guideline_spans(text, [*tag_spans(text, tags), *rules, *found]))))
    return out


def fill_methods(nlp, examples: list[tuple[str, list]]) -> list[tuple[str, list]]:
    """TDMSci has no method or model labels: add the rule pipeline's where they overlap no gold span."""
    out = []
    for (text, gold), doc in zip(examples, nlp.pipe((t for t, _ in examples), batch_size=64)):
        extra = [s for s in rule_spans(doc) if s[2] in {"METHOD", "MODEL"}]
        out.append((text, non_overlapping([*gold, *extra])))
    return out


def build_corpus(args) -> tuple[list, dict]:
    """``(text, spans, partial)`` training items (``partial``: silver, see :func:`partial_tags`) and their counts."""
    rules = build_pipeline("rules")  # never the shipped tagger: silver labels come from rules and data
    tdmsci = tdmsci_sentences(SHARED / "data" / "tdmsci" / "train_1500_v2.conll")
    if args.fold is not None:
        tdmsci = [ex for i, ex in enumerate(tdmsci) if fold_of(i, len(tdmsci), args.folds) != args.fold]
    scirex = list(scirex_sentences(SHARED / "data" / "scirex" / "train_docs", per_doc=args.scirex_sentences,
                                   model_family=model_family))
    lexicon = task_metric_lexicon([*tdmsci, *scirex])
    papers = [(item.paper.abstract, item.tags) for item in iter_anthology_papers(SHARED / "corpus" / "anthology")
              if item.paper.abstract and item.paper.anthology_id and split_of(item.paper.anthology_id) == "train"]
    papers.sort(key=lambda p: stable_order(p[0]))
    silver = silver_examples(rules, lexicon, papers[: args.silver])
    partial = getattr(args, "silver_partial", False)
    data = [*((text, spans, False) for text, spans in [*fill_methods(rules, tdmsci) * args.tdmsci_repeat, *scirex]),
            *((text, spans, partial) for text, spans in silver)]
    gold_sets = trainable_sets(getattr(args, "gold_sets", "") or "")
    gold = annotated_examples(load_annotated(gold_sets, ROOT / "benchmarks" / "data"))
    data += [(text, spans, unknown) for text, spans, unknown in gold] * getattr(args, "gold_repeat", 1)
    stats = {"tdmsci": len(tdmsci), "scirex": len(scirex), "silver": len(silver), "lexicon": len(lexicon),
             "gold": len(gold)}
    return data, stats


def architecture_of(args) -> dict:
    """:data:`NER_CONFIG` with the widths (and static vectors or not) asked for on the command line."""
    config = copy.deepcopy(NER_CONFIG)
    config["model"]["hidden_width"] = args.hidden
    config["model"]["tok2vec"].update(width=args.width, depth=args.depth, embed_size=args.embed)
    if getattr(args, "vectors", None) is not None:
        config["model"]["tok2vec"]["pretrained_vectors"] = True
    return config


def write_vectors(source: Path, folder: Path) -> int:
    """Copy the word vectors of ``source`` (``vectors.npy``, ``words.tsv``: word, tab, paper count) into ``folder``
    in the tagger's format (float16 rows, one word a line); the number of words."""
    words = [line.split("\t", 1)[0] for line in (source / "words.tsv").read_text("utf-8").splitlines()]
    data = np.load(source / "vectors.npy")
    if data.shape[0] != len(words):
        raise ValueError(f"{source}: {data.shape[0]} vectors for {len(words)} words")
    folder.mkdir(parents=True, exist_ok=True)
    np.save(folder / VECTORS_FILE, data.astype(np.float16))
    (folder / VECTOR_WORDS_FILE).write_text("".join(f"{word}\n" for word in words), "utf-8")
    return len(words)


def name_like(word: str) -> bool:
    """A word the silver labels may have missed: shaped like a name ("UCCA", "BiLSTM") or a model family."""
    return name_shape(word) == "strong" or model_family(word)


def example(nlp, text: str, spans: list, partial: bool | list) -> Example:
    """A spaCy training example; with ``partial`` true, name-shaped tokens outside every span are unknown; with
    ``partial`` a list of ``(start, end)`` character spans (an annotated set's optional entities), the tokens
    of those spans that no labelled span covers are unknown."""
    doc = nlp.make_doc(text)
    ents = [doc.char_span(s, e, label=label, alignment_mode="expand") for s, e, label in spans]
    ents = non_overlapping((e.start, e.end, e.label_) for e in ents if e is not None)
    offsets = [(doc[s:e].start_char, doc[s:e].end_char, label) for s, e, label in ents]
    if not partial:
        return Example.from_dict(doc, {"entities": offsets})
    tags = offsets_to_biluo_tags(doc, offsets)
    if partial is True:
        tags = partial_tags([t.text for t in doc], tags, unknown=name_like)
    else:
        unknown = set()
        for start, end in partial:
            span = doc.char_span(start, end, alignment_mode="expand")
            unknown.update(range(span.start, span.end) if span is not None else ())
        tags = ["-" if tag == "O" and i in unknown else tag for i, tag in enumerate(tags)]
    return Example.from_dict(doc, {"entities": tags})


def train(data: list, config: dict, *, epochs: int, seed: int, max_minutes: float, dropout: float,
          snapshots: Path | None = None, vectors: Path | None = None):
    """Train the ``ner`` on ``(text, spans, partial)`` items; with ``snapshots``, save each epoch's weights there;
    ``vectors``: the folder of the static vectors (tagger format) when ``config`` uses them."""
    fix_random_seed(seed)
    nlp = blank_pipeline()
    if uses_vectors(config):
        load_vectors(nlp, vectors)
    ner = nlp.add_pipe("ner", config=config)
    for label in LABELS:
        ner.add_label(label)
    examples = [example(nlp, text, spans, partial) for text, spans, partial in data]
    optimizer = nlp.initialize(lambda: examples[:500])
    started = time.perf_counter()
    rng = random.Random(seed)
    for epoch in range(epochs):
        rng.shuffle(examples)
        losses: dict = {}
        for batch in minibatch(examples, size=32):
            nlp.update(batch, sgd=optimizer, drop=dropout, losses=losses)
        minutes = (time.perf_counter() - started) / 60
        print(f"epoch {epoch + 1}: loss {losses.get('ner', 0):.0f}  ({minutes:.1f} min)", flush=True)
        if snapshots is not None:
            save(nlp, config, snapshots / f"epoch{epoch + 1}", vectors=vectors)
        if minutes > max_minutes:
            print(f"stopping: over {max_minutes} minutes", flush=True)
            break
    return nlp


def save(nlp, config: dict, folder: Path, *, vectors: Path | None = None) -> None:
    """Write the ``ner`` component (no vocab) and the architecture it was trained with to ``folder``, and the
    static vectors from ``vectors`` when the architecture uses them; a tagger without them leaves none behind."""
    folder.mkdir(parents=True, exist_ok=True)
    nlp.get_pipe("ner").to_disk(folder, exclude=["vocab"])
    (folder / "architecture.json").write_text(json.dumps(config, indent=1) + "\n")
    for name in (VECTORS_FILE, VECTOR_WORDS_FILE):
        if uses_vectors(config) and vectors is not None and vectors.resolve() != folder.resolve():
            shutil.copyfile(vectors / name, folder / name)
        elif not uses_vectors(config):
            (folder / name).unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--fold", type=int, default=None, help="leave this TDMSci fold out (cross-validation)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--silver", type=int, default=6000, help="Anthology train abstracts with silver labels")
    parser.add_argument("--scirex-sentences", type=int, default=40, help="first sentences of each SciREX paper")
    parser.add_argument("--silver-partial", action=argparse.BooleanOptionalAction, default=False,
                        help="name-shaped tokens outside every silver span are unknown, not 'no entity'")
    parser.add_argument("--gold-sets", default="",
                        help="hand-annotated read sets to train on too, comma-separated: any of tune, tune2, "
                             "tune3, tune5, tune6 (never a gate set, tune7 and tune8, or a held-out one)")
    parser.add_argument("--gold-repeat", type=int, default=1, help="copies of the --gold-sets abstracts per epoch")
    parser.add_argument("--snapshots", type=Path, default=None, help="also save each epoch's weights here")
    parser.add_argument("--tdmsci-repeat", type=int, default=2, help="copies of TDMSci (gold) per epoch")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--max-minutes", type=float, default=40)
    parser.add_argument("--dropout", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=0)
    tok2vec = NER_CONFIG["model"]["tok2vec"]
    parser.add_argument("--width", type=int, default=tok2vec["width"])
    parser.add_argument("--depth", type=int, default=tok2vec["depth"])
    parser.add_argument("--embed", type=int, default=tok2vec["embed_size"])
    parser.add_argument("--hidden", type=int, default=NER_CONFIG["model"]["hidden_width"])
    parser.add_argument("--vectors", type=Path, default=None,
                        help="also read static word vectors from this folder (vectors.npy, words.tsv; e.g. "
                             "kg/model/word_vectors); they are copied beside the weights")
    args = parser.parse_args(argv)
    try:
        trainable_sets(args.gold_sets)
    except ValueError as error:
        parser.error(str(error))  # before the minutes of building the corpus
    if not (SHARED / "data" / "tdmsci").is_dir():
        print(f"train_entity_model: {SHARED / 'data'} is missing (TDMSci, SciREX)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    data, stats = build_corpus(args)
    print(f"data: {stats}, {len(data)} examples, {time.perf_counter() - started:.0f} s", flush=True)
    config = architecture_of(args)
    if args.vectors is not None:
        stats["vector_words"] = write_vectors(args.vectors, args.out)
    nlp = train(data, config, epochs=args.epochs, seed=args.seed, max_minutes=args.max_minutes,
                dropout=args.dropout, snapshots=args.snapshots, vectors=args.out if args.vectors else None)
    save(nlp, config, args.out, vectors=args.out if args.vectors else None)
    settings = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items() if k not in {"out", "snapshots"}}
    (args.out / "training.json").write_text(json.dumps({**stats, **settings}, indent=1) + "\n")
    print(f"weights -> {args.out} in {(time.perf_counter() - started) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
