"""Training examples for the entity tagger (used by ``scripts/train_entity_model.py``).

Three sources, each turned into ``(text, [(start, end, LABEL), ...])`` with
non-overlapping character spans:

* **TDMSci** train (``../shared/data/tdmsci/train_1500_v2.conll``): gold TASK,
  DATASET and METRIC; it has no method or model labels, so the rule
  pipeline's method and model spans are added where they overlap no gold span.
  ``fold`` / ``folds`` leave one contiguous block of sentences out (for
  cross-validation).
* **SciREX** train (``../shared/data/scirex/train_docs``): the first sentences
  of each paper (title, abstract, introduction).  Task → TASK, Metric → METRIC;
  Method → METHOD (MODEL for a model family) and Material → DATASET only when
  written like a name (a capital or digit): SciREX also marks unnamed things
  ("pooling", "images"), which kg's guidelines leave out.

Every source's TASK and METRIC spans pass :func:`guideline_spans`: SciREX and
TDMSci also mark "prediction", "efficiency" or "deep learning", which the
dev-set guidelines (``benchmarks/data/devset/GUIDELINES.md``) do not.
* **Anthology silver**: abstracts of ``train`` papers only
  (:func:`extractors.gazetteer_build.split_of`; the dev volumes and the
  ``test``/``tune`` slices are never read): the paper's Papers-with-Code tags
  found in its abstract (DATASET), then the rule pipeline's spans, then task
  and metric names learned from TDMSci and SciREX (:func:`task_metric_lexicon`).
  A rule span whose name is a known task is a TASK ("multimodal NER (MNER)").
  Silver labels can be made *partial* (:func:`partial_tags`, the training
  script's ``--silver-partial``): a token shaped like a name that no silver
  span covers is left unknown rather than taught as "no entity" — the rules
  miss names ("RNN", "UCCA") as well as drop them on purpose, and the gold
  sources decide what such tokens are.
* **Hand-annotated read sets** (optional, :func:`annotated_examples`): the gold entities of the five read
  sets (:data:`TRAINABLE_SETS`: ``benchmarks/data/tuneset``, ``tuneset2``, ``tuneset3``, ``tuneset5``,
  ``tuneset6``; abstracts of the Anthology's ``tune`` slice, annotated by the dev set's guidelines); every
  occurrence of every form is a span of its kind, an optional entity's spans are left unknown.  The gate sets
  (``tune7``, ``tune8``) and the held-out sets (``dev``, ``tune4``, ``tune9``) are never read
  (:data:`REFUSED_SETS`): they measure what training on the read sets does to abstracts nothing saw.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

Spans = list[tuple[int, int, str]]
Example = tuple[str, Spans]

_SCIREX_MAP = {"Task": "TASK", "Metric": "METRIC", "Method": "METHOD", "Material": "DATASET"}
_NO_SPACE_BEFORE = {",", ".", ")", ":", ";", "%", "]", "'s", "?", "!"}
_NO_SPACE_AFTER = {"(", "["}
_NAME_LIKE = re.compile(r"[A-Z0-9]")


def guideline_spans(text: str, spans: Iterable[tuple[int, int, str]]) -> Spans:
    """Keep the spans that the dev-set guidelines would annotate: a TASK written like a task's name and a METRIC
    like a metric's (:func:`extractors.entity_task_metric_names.task_like`,
    :func:`~extractors.entity_task_metric_names.metric_like`);
    a DATASET written like a task ("question answering") becomes a TASK.

    >>> guideline_spans("prediction accuracy and speed", [(0, 10, "TASK"), (11, 19, "METRIC"), (24, 29, "METRIC")])
    [(11, 19, 'METRIC')]
    """
    from extractors.entity_task_metric_names import metric_like, task_like

    kept: Spans = []
    for start, end, label in spans:
        name = text[start:end]
        if label == "DATASET" and task_like(name) and not any(c.isupper() for c in name[1:]):
            label = "TASK"
        if (label == "TASK" and not task_like(name)) or (label == "METRIC" and not metric_like(name)):
            continue
        kept.append((start, end, label))
    return kept


def non_overlapping(spans: Iterable[tuple[int, int, str]]) -> Spans:
    """Spans in priority order → the ones that overlap no earlier span, sorted by start.

    >>> non_overlapping([(0, 5, "A"), (3, 8, "B"), (6, 9, "C")])
    [(0, 5, 'A'), (6, 9, 'C')]
    """
    kept: Spans = []
    for start, end, label in spans:
        if start < end and all(end <= s or start >= e for s, e, _ in kept):
            kept.append((start, end, label))
    return sorted(kept)


def partial_tags(words: list[str], tags: list[str], *, unknown) -> list[str]:
    """BILUO ``tags`` of silver labels with every ``"O"`` token whose word ``unknown(word)`` calls name-like
    set to ``"-"`` (missing: spaCy neither rewards nor penalises the tagger there).

    >>> partial_tags(["We", "use", "RNN", "on", "SQuAD"], ["O", "O", "O", "O", "U-DATASET"],
    ...              unknown=lambda w: w.isupper())
    ['O', 'O', '-', 'O', 'U-DATASET']
    """
    return ["-" if tag == "O" and unknown(word) else tag for word, tag in zip(words, tags, strict=True)]


# ----------------------------------------------------------------------------- TDMSci


def conll_sentences(path: Path) -> list[Example]:
    """Sentences of a TDMSci CoNLL file (word, offset, ..., tag) with every tagged span, as the file has them.

    The text is rebuilt from the token offsets (one space where offsets run
    backwards); a span is ``(start, end, kind)`` in characters of that text.
    """
    sentences: list[Example] = []
    tokens: list[tuple[str, int, str]] = []

    def flush() -> None:
        if not tokens:
            return
        base = tokens[0][1]
        text, spans, current = "", [], None
        for word, offset, tag in tokens:
            start = offset - base
            if start < len(text):
                start = len(text) + 1
            text = text.ljust(start) + word
            kind = tag[2:] if tag != "O" else None
            if tag.startswith("B-") or (tag.startswith("I-") and (current is None or current[2] != kind)):
                current = [start, start + len(word), kind]
                spans.append(current)
            elif tag.startswith("I-") and current is not None:
                current[1] = start + len(word)
            else:
                current = None
        sentences.append((text, [tuple(s) for s in spans]))
        tokens.clear()

    for line in Path(path).read_text("utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or not line.strip():
            flush()
            continue
        tokens.append((parts[0], int(parts[1]), parts[-1]))
    flush()
    return sentences


def tdmsci_sentences(path: Path) -> list[Example]:
    """Sentences of the TDMSci CoNLL file with their gold spans, filtered to kg's guidelines."""
    return [(text, guideline_spans(text, spans)) for text, spans in conll_sentences(path)]


def fold_of(index: int, total: int, folds: int) -> int:
    """The cross-validation fold of sentence ``index``: contiguous blocks (neighbouring sentences share a paper).

    >>> [fold_of(i, 10, 5) for i in range(10)]
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    """
    return index * folds // total


# ----------------------------------------------------------------------------- SciREX


def detokenize(words: list[str]) -> tuple[str, list[int]]:
    """Join SciREX tokens into text with natural spacing; return it and each token's start offset.

    >>> detokenize(["pre", "-", "trained", "nets", "(", "FCN", ")", "."])
    ('pre-trained nets (FCN).', [0, 3, 4, 12, 17, 18, 21, 22])
    """
    text, starts = "", []
    for i, word in enumerate(words):
        glue = (not text or word in _NO_SPACE_BEFORE or words[i - 1] in _NO_SPACE_AFTER
                or word == "-" or (i > 0 and words[i - 1] == "-"))
        if not glue:
            text += " "
        starts.append(len(text))
        text += word
    return text, starts


def scirex_sentences(folder: Path, *, per_doc: int, model_family) -> Iterator[Example]:
    """The first ``per_doc`` sentences of each SciREX document with mapped spans (see the module docstring)."""
    for path in sorted(Path(folder).glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        words = doc["words"]
        by_start: dict[int, list[tuple[int, int, str]]] = {}
        for start, end, label in doc["ner"]:
            by_start.setdefault(start, []).append((start, end, label))
        for s_start, s_end in doc["sentences"][:per_doc]:
            sent_words = words[s_start:s_end]
            if len(sent_words) < 4 or sent_words[-1] in {":"}:
                continue
            text, starts = detokenize(sent_words)
            spans = []
            for i in range(s_start, s_end):
                for start, end, label in by_start.get(i, []):
                    if end > s_end:
                        continue
                    a, b = starts[start - s_start], starts[end - 1 - s_start] + len(words[end - 1])
                    mapped = _SCIREX_MAP.get(label)
                    name = text[a:b]
                    if mapped in {"METHOD", "DATASET"} and not _NAME_LIKE.search(name):
                        continue
                    if mapped == "METHOD" and model_family(name):
                        mapped = "MODEL"
                    if mapped:
                        spans.append((a, b, mapped))
            yield text, non_overlapping(guideline_spans(text, spans))


# ----------------------------------------------------------------------------- task / metric names


def task_metric_lexicon(sources: Iterable[Example], *, min_count: int = 3) -> dict[str, str]:
    """Lower-cased TASK and METRIC names seen at least ``min_count`` times, with their majority label.

    A one-word lower-case task ("prediction") is left out: alone it is rarely a task's name.

    >>> task_metric_lexicon([("machine translation and BLEU", [(0, 19, "TASK"), (24, 28, "METRIC")])] * 3)
    {'machine translation': 'TASK', 'bleu': 'METRIC'}
    """
    counts: dict[str, Counter] = {}
    for text, spans in sources:
        for start, end, label in spans:
            if label not in {"TASK", "METRIC"}:
                continue
            name = " ".join(text[start:end].split())
            if label == "TASK" and " " not in name and not _NAME_LIKE.search(name):
                continue
            counts.setdefault(name.lower(), Counter())[label] += 1
    return {name: c.most_common(1)[0][0] for name, c in counts.items()
            if sum(c.values()) >= min_count and len(name) > 1}


# ----------------------------------------------------------------------------- hand-annotated tuning sets

#: The annotated sets a tagger may be trained on (folders under ``benchmarks/data``): the five read sets, whose
#: abstracts, errors and gold the rules were tuned on anyway.
TRAINABLE_SETS = {"tune": "tuneset", "tune2": "tuneset2", "tune3": "tuneset3", "tune5": "tuneset5", "tune6": "tuneset6"}
#: The annotated sets no tagger may be trained on, and why: they measure what training on the read sets does.
REFUSED_SETS = {"tune7": "a gate set (scored at a round's end)", "tune8": "a gate set (scored at a round's end)",
                "dev": "held out (scored by the lead only)", "tune4": "held out (scored by the lead only)",
                "tune9": "held out (scored by the lead only)",
                "tune10": "a fresh set of the forty-second session (its first score is the blind estimate)",
                "tune11": "a fresh set of the forty-second session (its first score is the blind estimate)",
                "tune12": "a set drawn blind by round h15bv, read since round h15by (its blind first score stays the "
                          "record; kept out of training)",
                "tune13": "a set drawn blind by round h15cd, read since round h15cg (its blind first score stays the "
                          "record; kept out of training)",
                "tune14": "a fresh set of round h15cf (its first score is the blind estimate)"}


def annotated_examples(records: Iterable[dict]) -> list[tuple[str, Spans, list[tuple[int, int]]]]:
    """``(text, spans, unknown)`` of compiled annotated abstracts (``devset.jsonl`` records): every span of a
    required entity labelled with its kind (the longest first where two overlap), every span of an optional
    entity in ``unknown`` (neither taught as a name nor as "no entity").

    >>> rec = {"text": "BERT on SQuAD v2 and NLI", "entities": [
    ...     {"kind": "MODEL", "optional": False, "spans": [[0, 4]]},
    ...     {"kind": "DATASET", "optional": False, "spans": [[8, 13], [8, 16]]},
    ...     {"kind": "TASK", "optional": True, "spans": [[21, 24]]}]}
    >>> annotated_examples([rec])
    [('BERT on SQuAD v2 and NLI', [(0, 4, 'MODEL'), (8, 16, 'DATASET')], [(21, 24)])]
    """
    out = []
    for record in records:
        required = [(s, e, ent["kind"]) for ent in record["entities"] if not ent["optional"] for s, e in ent["spans"]]
        unknown = [(s, e) for ent in record["entities"] if ent["optional"] for s, e in ent["spans"]]
        required.sort(key=lambda span: (span[0] - span[1], span[0]))  # longest first
        out.append((record["text"], non_overlapping(required), sorted(set(unknown))))
    return out


def trainable_sets(names: str) -> list[str]:
    """The comma-separated set names of ``--gold-sets``, checked: each a key of :data:`TRAINABLE_SETS`.

    Raises ``ValueError`` naming the set and why for a gate or held-out set (:data:`REFUSED_SETS`) or an unknown name.

    >>> trainable_sets("tune, tune3,,tune6")
    ['tune', 'tune3', 'tune6']
    >>> trainable_sets("tune,tune7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --gold-sets: 'tune7' is a gate set (scored at a round's end) and may not be trained on; choose ...
    """
    chosen = [name.strip() for name in names.split(",") if name.strip()]
    for name in chosen:
        if name not in TRAINABLE_SETS:
            why = REFUSED_SETS.get(name, "no annotated set")
            raise ValueError(f"--gold-sets: {name!r} is {why} and may not be trained on; "
                             f"choose from {', '.join(TRAINABLE_SETS)}")
    return list(dict.fromkeys(chosen))


def load_annotated(names: Iterable[str], data_dir: Path) -> list[dict]:
    """The compiled records of the named sets (keys of :data:`TRAINABLE_SETS`) under ``data_dir``.

    Raises ``ValueError`` for any other name (:func:`trainable_sets`: the gate and held-out sets are never
    training data).
    """
    records = []
    for name in trainable_sets(",".join(names)):
        path = Path(data_dir) / TRAINABLE_SETS[name] / "devset.jsonl"
        records.extend(json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip())
    return records


def stable_order(key: str) -> str:
    """A fixed pseudo-random order (SHA-1 of ``key``)."""
    return hashlib.sha1(key.encode("utf-8")).hexdigest()
