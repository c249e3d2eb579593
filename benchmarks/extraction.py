"""Benchmark: how well kg finds methods, datasets, models, tasks and metrics, and how fast.

Run from the project root (needs ``../shared``)::

    python benchmarks/extraction.py                 # everything, for the three pipelines
    python benchmarks/extraction.py --modes rules   # the rules alone
    python benchmarks/extraction.py --split tune --sets tune   # the PwC slice rules may be tuned on; dev set unread
    python benchmarks/extraction.py --full-speed    # also time all ~47k corpus abstracts
    python benchmarks/extraction.py --sets tune --skip-seeds --modes combined,rules   # tuning loop
    python benchmarks/extraction.py --sets tune,tune2 --skip-seeds --modes combined,rules   # both tuning sets
    python benchmarks/extraction.py --sets tune3 --skip-seeds --sets-only --modes combined,rules   # held-out check
    python benchmarks/extraction.py --sets tune5 --skip-seeds --sets-only --modes combined,rules   # fifth tuning set
    python benchmarks/extraction.py --sets tune6 --skip-seeds --sets-only --modes combined,rules   # sixth tuning set
    python benchmarks/extraction.py --sets tune7 --skip-seeds --sets-only --modes combined,rules   # seventh tuning set
    python benchmarks/extraction.py --sets tune8 --skip-seeds --sets-only --modes combined,rules   # eighth tuning set
    python benchmarks/extraction.py --sets tune9 --skip-seeds --sets-only --modes combined,rules   # ninth, held out
    python benchmarks/extraction.py --sets tune --skip-seeds --weights /tmp/t   # a candidate tagger; dev set unread
    python benchmarks/extraction.py --sets tune3 --skip-seeds --sets-only --decision W.json   # a learned decision
    python benchmarks/extraction.py --json

Every figure is printed for each pipeline of ``--modes`` in the same run
(:func:`extractors.entities.build_pipeline`): ``combined`` (the default
pipeline: rules, gazetteer and the trained tagger), ``rules`` (no tagger) and
``model`` (the tagger's spans only; roles still by rule).

1. **Seeds** — the shared scorer on a build of the bundled sample pages
   (``kg.pipeline.build()`` → ``exports.rdf.write_turtle`` →
   ``../shared/eval/score.py GRAPH ../shared/gold/seeds.gold.json``), default pipeline.
2. **Hand-annotated dev set** — ``benchmarks/data/devset`` (125 abstracts of
   held-out Anthology volumes, guidelines in ``GUIDELINES.md`` there, scoring
   in ``benchmarks/devset.py``): entities (any kind), methods + models,
   datasets, proposes, tasks and metrics, per paper.  The *tuning set*
   (``benchmarks/data/tuneset``, 100 abstracts of the ``tune`` slice, same
   guidelines and scoring) is printed after it: rules are tuned there, the dev
   set is the reported measure.  The *second tuning set* (``--sets tune2``,
   ``benchmarks/data/tuneset2``, 80 more abstracts of the ``tune`` slice) was
   scored once before any rule was tuned on it (how rules tuned on the first
   set generalise); rules may be tuned on both since.  The *third tuning set*
   (``--sets tune3``, ``benchmarks/data/tuneset3``, 80 more) is the held-out
   check of what was tuned on the first two (see its README for what, if
   anything, was tuned on it since).  ``--sets-only`` stops after the sets.
3. **PwC-tagged slice** — papers of ``../shared/corpus/anthology`` with an
   abstract and ``<pwcdataset>`` tags, in one slice of
   :func:`extractors.gazetteer_build.split_of` (default ``test``: neither the
   gazetteer nor the tagger saw it).  Extraction runs on each abstract alone.

   *Gold*: the paper's tagged datasets whose name occurs in the abstract,
   written as a name: the tag's words in order, hyphens and spaces
   interchangeable, case-insensitive but with at least one capital or digit in
   the text matched (so the task "visual question answering" is not the
   dataset "Visual Question Answering").

   *A prediction* is a distinct dataset the extractor reports for the paper
   (any relation).  It *matches* a tag when its name or long form folds to the
   tag's key (:func:`ontology.ids.entity_key`), when its ``same_as`` is the tag's URL,
   or when one of the two is the other plus a version ("SQuAD 2.0" or
   "SQuAD v1.1" for the tag "SQuAD"; "OntoNotes" for "OntoNotes 5.0").  A tag
   inside a longer hyphenated name ("WiC" in "WiC-TSV") does not occur.

   *Recall* = gold tags matched / gold tags.  *Strict precision* = predictions
   matching any tag of the paper / predictions.  *Lenient precision* counts a
   prediction that matches no tag as a false positive only when it is a
   dataset name Papers with Code knows (a tag name anywhere in the corpus, all
   slices); an unknown name (often a dataset the paper itself introduces) is
   left out of the count.  Both are printed.
4. **TDMSci** (``../shared/data/tdmsci/train_1500_v2.conll``) — each sentence
   rebuilt from its token offsets and run alone; ``DATASET`` spans against the
   extracted dataset spans (an acronym's long form counts as part of its
   mention).  *Overlap*: a gold span is found, and a predicted span is right,
   when the two share a character; *exact*: the same characters.  The rules
   read every sentence; the tagger modes are 5-fold cross-validated (fold *k*
   read by a tagger trained without it, ``--cv-models``).
5. **Speed** — words per second (whitespace words, one process, pipeline
   loaded) of ``spacy.blank("en")`` and of each pipeline's whole extraction
   (``extract_mentions``) on the abstracts of the slice, in the same run; with
   ``--full-speed`` the default pipeline on every abstract of the corpus.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # words/s per core: one thread, before numpy is imported
_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
# Running this file puts benchmarks/ first on sys.path, where benchmarks/html.py would shadow the
# standard library's html; take that folder off and put the project root on instead.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
for _path in (_ROOT, _ROOT / "scripts"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
sys.path.append(str(_HERE))  # last: benchmarks/devset.py, without shadowing the standard library

import argparse  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from devset import SETS, load_devset, score  # noqa: E402
from entity_training_data import conll_sentences, fold_of  # noqa: E402

from extractors.entities import MODES, build_pipeline, iter_entities  # noqa: E402
from extractors.entity_model import MODEL_DIR  # noqa: E402
from extractors.gazetteer_build import AnthologyPaper, iter_anthology_papers, split_of  # noqa: E402
from extractors.mentions import default_pipeline, extract_mentions  # noqa: E402
from ontology.ids import entity_key  # noqa: E402
from ontology.records import EntityKind, Mention, Paper, Provenance  # noqa: E402

SHARED = _ROOT.parent / "shared"
DEFAULT_CV = Path("/tmp/kg-tdmsci-cv")
_VERSION_SUFFIX = re.compile(r"[\s\-]*(?:v(?:ersion)?\s*)?\d+(?:\.\d+)*$", re.IGNORECASE)
_NAME_LIKE = re.compile(r"[A-Z0-9]")


# ----------------------------------------------------------------------------- seeds


def seed_scores(shared: Path) -> dict:
    """The shared scorer's figures on the bundled sample pages."""
    from exports.rdf import write_turtle
    from kg.pipeline import build

    with tempfile.TemporaryDirectory() as tmp:
        graph = write_turtle(build().graph, Path(tmp) / "graph.ttl")
        run = subprocess.run([sys.executable, str(shared / "eval" / "score.py"), str(graph),
                              str(shared / "gold" / "seeds.gold.json"), "--json"],
                             capture_output=True, text=True, check=True)
    return json.loads(run.stdout[: run.stdout.rindex("}") + 1])


# ----------------------------------------------------------------------------- anthology


def occurs_as_name(name: str, text: str) -> bool:
    """Is dataset ``name`` written in ``text`` as a name (see the module docstring)?

    >>> occurs_as_name("Visual Question Answering", "We study visual question answering.")
    False
    >>> occurs_as_name("CoNLL 2003", "Results on CoNLL-2003 improve."), occurs_as_name("SQuAD", "on SQuAD2.0")
    (True, True)
    >>> occurs_as_name("WiC", "We present WiC-TSV."), occurs_as_name("WiC", "the MCL-WiC task")
    (False, False)
    """
    parts = [re.escape(p) for p in re.split(r"[\s\-]+", name.strip()) if p]
    if not parts:
        return False
    pattern = re.compile(r"(?<![\w])(?<![A-Za-z0-9]-)" + r"[\s\-]?".join(parts) + r"(?![A-Za-z])(?!-[A-Za-z])",
                         re.IGNORECASE)
    return any(_NAME_LIKE.search(m.group(0)) for m in pattern.finditer(text))


def versionless(name: str) -> str:
    """``name`` without a trailing version ("SQuAD v1.1" → "SQuAD").

    >>> versionless("SQuAD v1.1"), versionless("SQuAD 2.0"), versionless("GLUE")
    ('SQuAD', 'SQuAD', 'GLUE')
    """
    stripped = _VERSION_SUFFIX.sub("", name)
    return stripped if stripped else name


@dataclass
class Counts:
    """True/false positives and false negatives, with precision, recall and F1."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    found: int = 0  # gold items found (recall numerator when it differs from tp)

    def figures(self) -> dict:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        gold = self.found + self.fn
        recall = self.found / gold if gold else 1.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
                "tp": self.tp, "fp": self.fp, "found": self.found, "fn": self.fn}


@dataclass
class _Prediction:
    names: set[str] = field(default_factory=set)  # folded keys of the name and the long form
    versionless: set[str] = field(default_factory=set)  # ... and of the name without its version
    urls: set[str] = field(default_factory=set)

    def matches(self, name: str, url: str) -> bool:
        """Does this prediction name the tag ``(name, url)``?  (Never version-less against version-less.)"""
        key = entity_key(name)
        return key in self.names or key in self.versionless or entity_key(versionless(name)) in self.names \
            or url in self.urls


def _predictions(mentions: list[Mention]) -> dict[str, dict[str, _Prediction]]:
    """Paper ref → folded name → what is known about that predicted dataset."""
    found: dict[str, dict[str, _Prediction]] = defaultdict(dict)
    for mention in mentions:
        if mention.kind is not EntityKind.DATASET:
            continue
        prediction = found[mention.paper_ref].setdefault(entity_key(mention.name), _Prediction())
        prediction.names.add(entity_key(mention.name))
        prediction.versionless.add(entity_key(versionless(mention.name)))
        if mention.long_form:
            prediction.names.add(entity_key(mention.long_form))
        if mention.same_as:
            prediction.urls.add(mention.same_as)
    return found


def anthology_scores(items: list[AnthologyPaper], known: set[str], nlp=None) -> dict:
    """Dataset recall and strict / lenient precision on ``items`` (see the module docstring)."""
    papers = [Paper(ref=item.paper.ref, provenance=Provenance(item.paper.provenance.source),
                    abstract=item.paper.abstract) for item in items]
    nlp = nlp or default_pipeline()
    started = time.perf_counter()
    mentions = extract_mentions(papers, nlp=nlp)
    seconds = time.perf_counter() - started
    words = sum(len((p.abstract or "").split()) for p in papers)
    predicted = _predictions(mentions)
    strict, lenient = Counts(), Counts()
    for item in items:
        tags = list(dict.fromkeys(item.tags))
        gold = [(n, u) for n, u in tags if occurs_as_name(n, item.paper.abstract or "")]
        mine = predicted.get(item.paper.ref, {})
        hit = sum(any(p.matches(n, u) for p in mine.values()) for n, u in gold)
        for counts in (strict, lenient):
            counts.found += hit
            counts.fn += len(gold) - hit
        for prediction in mine.values():
            if any(prediction.matches(n, u) for n, u in tags):
                strict.tp += 1
                lenient.tp += 1
            else:
                strict.fp += 1
                lenient.fp += bool((prediction.names | prediction.versionless) & known)
    return {"papers": len(items), "gold": strict.found + strict.fn,
            "strict": strict.figures(), "lenient": lenient.figures(),
            "words": words, "seconds": round(seconds, 2), "words_per_second": round(words / seconds)}


def known_dataset_keys(items: list[AnthologyPaper]) -> set[str]:
    """Folded names of every dataset Papers with Code tagged anywhere in the corpus."""
    return {entity_key(name) for item in items for name, _ in item.tags}


def full_speed(items: list[AnthologyPaper]) -> dict:
    """Extraction words per second over every abstract in ``items`` (one process)."""
    papers = [Paper(ref=i.paper.ref, provenance=Provenance("x"), title=i.paper.title, abstract=i.paper.abstract)
              for i in items if i.paper.abstract]  # with titles, as kg build reads them (their phrases are read too)
    nlp = default_pipeline()
    started = time.perf_counter()
    mentions = extract_mentions(papers, nlp=nlp)
    seconds = time.perf_counter() - started
    words = sum(len((p.abstract or "").split()) for p in papers)
    return {"abstracts": len(papers), "words": words, "seconds": round(seconds, 1),
            "words_per_second": round(words / seconds), "mentions": len(mentions)}


# ----------------------------------------------------------------------------- TDMSci


def read_conll(path: Path) -> list[tuple[str, list[tuple[int, int]]]]:
    """Sentences of a TDMSci CoNLL file: text rebuilt from token offsets, and its DATASET character spans."""
    return [(text, [(start, end) for start, end, kind in spans if kind == "DATASET"])
            for text, spans in conll_sentences(path)]


def tdmsci_scores(path: Path, mode: str = "rules", cv_dir: Path | None = None, folds: int = 5) -> dict:
    """Sentence-level DATASET mention precision / recall / F1, by overlap and exact span.

    ``mode="rules"`` runs the rules on every sentence.  The other modes cross-validate: fold *k*
    (a contiguous block, :func:`entity_training_data.fold_of`) is read by the tagger in
    ``cv_dir/fold{k}``, trained without it (``scripts/train_entity_model.py --fold k``).
    """
    sentences = read_conll(path)
    overlap_p, exact = Counts(), Counts()
    gold_found = 0
    gold_total = 0
    for fold in range(folds if mode != "rules" else 1):
        if mode == "rules":
            part, nlp = sentences, build_pipeline("rules")
        else:
            assert cv_dir is not None
            part = [s for i, s in enumerate(sentences) if fold_of(i, len(sentences), folds) == fold]
            nlp = build_pipeline(mode, weights=cv_dir / f"fold{fold}")
        for (text, gold), doc in zip(part, nlp.pipe(text for text, _ in part)):
            predicted = []
            for entity in iter_entities(doc):
                span, long_form = entity.span, entity.long_form
                if span.label_ != "dataset":
                    continue
                predicted.append((span.start_char, span.end_char))
                if long_form is not None:
                    predicted.append((long_form.start_char, long_form.end_char))
            predicted = list(dict.fromkeys(predicted))
            gold_total += len(gold)
            gold_found += sum(any(s < ge and gs < e for s, e in predicted) for gs, ge in gold)
            for s, e in predicted:
                hit = any(s < ge and gs < e for gs, ge in gold)
                overlap_p.tp += hit
                overlap_p.fp += not hit
            exact.tp += len(set(predicted) & set(gold))
            exact.fp += len(set(predicted) - set(gold))
            exact.found += len(set(predicted) & set(gold))
            exact.fn += len(set(gold) - set(predicted))
    overlap_p.found, overlap_p.fn = gold_found, gold_total - gold_found
    return {"sentences": len(sentences), "gold": gold_total, "overlap": overlap_p.figures(), "exact": exact.figures()}


# ----------------------------------------------------------------------------- dev set, speed


def devset_scores(mode: str, which: str = "dev", weights: Path = MODEL_DIR, *, titles: bool = True,
                  decision: Path | None = None) -> dict:
    """Scores on a hand-annotated set: the dev set (``benchmarks/data/devset``, reported) or a tuning set
    (``benchmarks/data/tuneset*``); see ``benchmarks/devset.py``.  ``weights``: the tagger's folder (a
    candidate model instead of the shipped one); ``decision``: learned keep / kind weights
    (:mod:`extractors.entity_decision`) instead of the hand policy.

    With ``titles`` (the default since PIPELINE_VERSION 23) each paper is read as ``kg build`` reads it, title
    and abstract; only the abstract is annotated, so a mention of the title counts only when its name is
    written in the abstract too (:func:`scored_mention`).  ``titles=False`` reads the abstract alone (the
    protocol of the figures before version 23)."""
    records = load_devset(SETS[which] / "devset.jsonl")
    papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"],
                    title=r.get("title") if titles else None) for r in records]
    texts = {r["id"]: r["text"] for r in records}
    titles_of = {r["id"]: r.get("title") for r in records} if titles else {}
    predicted: dict[str, list] = defaultdict(list)
    for mention in extract_mentions(papers, nlp=build_pipeline(mode, weights=weights, decision=decision)):
        if scored_mention(mention, texts[mention.paper_ref], titles_of.get(mention.paper_ref)):
            predicted[mention.paper_ref].append((mention.name, mention.kind.value.upper(), mention.relation.value,
                                                 mention.long_form))
    return {"abstracts": len(records), **score(records, predicted)}


def scored_mention(mention: Mention, abstract: str, title: str | None = None) -> bool:
    """Whether a mention is scored against an abstract's annotations: every mention found in the abstract
    (including those the title's name made proposed), and a mention of the title itself ("NAME: ...") only when
    NAME is written in the abstract as a word.

    >>> from ontology.records import Relation
    >>> title = "ZorbNet: Graph Networks"
    >>> m = Mention(paper_ref="p", name="ZorbNet", kind=EntityKind.METHOD, relation=Relation.PROPOSES,
    ...             provenance=Provenance("x", extractor="kg_entities:title_name+default", sentence=title))
    >>> scored_mention(m, "We train ZorbNet.", title), scored_mention(m, "We train ZorbNet-2.", title)
    (True, False)
    >>> in_abstract = Mention(paper_ref="p", name="ZorbNet", kind=EntityKind.METHOD, relation=Relation.PROPOSES,
    ...                       provenance=Provenance("x", start=9, extractor="kg_entities:title_name+default",
    ...                                             sentence="We train ZorbNet-based parsers."))
    >>> scored_mention(in_abstract, "We train ZorbNet-based parsers.", title)
    True
    """
    from_title = mention.provenance.extractor.startswith("kg_entities:title_name") and (
        mention.provenance.sentence == title if title is not None else mention.provenance.start is None)
    if not from_title:
        return True
    return re.search(r"(?<![\w-])" + re.escape(mention.name) + r"(?![\w-])", abstract) is not None


def speed(items: list[AnthologyPaper], modes: tuple[str, ...], weights: Path = MODEL_DIR) -> dict:
    """Words per second (one process, one thread) of ``spacy.blank("en")`` and of each mode's whole extraction:
    by the wall clock (``blank``, ``MODE``) and by the process's CPU time (``blank_cpu``, ``MODE_cpu``), which other
    work on a shared machine disturbs far less. The blank tokenizer runs twice and keeps its faster run (the first
    pays for filling spaCy's string store)."""
    import spacy

    papers = [Paper(ref=i.paper.ref, provenance=Provenance("x"), title=i.paper.title, abstract=i.paper.abstract)
              for i in items if i.paper.abstract]  # with titles, as kg build reads them (their phrases are read too)
    texts = [p.abstract or "" for p in papers]
    words = sum(len(t.split()) for t in texts)
    result = {"abstracts": len(papers), "words": words}

    def rates(run, *args, **kwargs) -> tuple[int, int]:
        wall, cpu = time.perf_counter(), time.process_time()
        run(*args, **kwargs)
        return round(words / (time.perf_counter() - wall)), round(words / (time.process_time() - cpu))

    blank = spacy.blank("en")
    runs = [rates(lambda: sum(1 for _ in blank.pipe(texts, batch_size=64))) for _ in range(2)]
    result["blank"], result["blank_cpu"] = max(r[0] for r in runs), max(r[1] for r in runs)
    for mode in modes:
        nlp = build_pipeline(mode, weights=weights)
        extract_mentions(papers[:20], nlp=nlp)  # warm up
        result[mode], result[mode + "_cpu"] = rates(extract_mentions, papers, nlp=nlp)
    return result


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared folder (default ../shared)")
    parser.add_argument("--split", choices=("test", "tune", "train"), default="test",
                        help="Anthology slice to score (default: test, the held-out slice)")
    parser.add_argument("--sets", default="dev,tune",
                        help="hand-annotated sets to score: dev (the reported measure), tune, tune2 and tune3 "
                             "(the tuning sets), tune4 (held out from all tuning so far), tune5 (the tuning set of "
                             "round h15r), tune6 (drawn in round h15y), tune7 (drawn in round h15ab), tune8 "
                             "(drawn in round h15ah), tune9 (drawn in round h15am; held out, the lead's), "
                             "tune10 and tune11 (drawn in the forty-second session), tune12 (drawn in round h15bv), "
                             "tune13 (drawn in round h15cd), tune14 (drawn in round h15cf)")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="pipelines to compare: combined, rules (no tagger), model (tagger spans only)")
    parser.add_argument("--cv-models", type=Path, default=DEFAULT_CV,
                        help="folder of fold0..fold4 taggers for TDMSci cross-validation (default %(default)s)")
    parser.add_argument("--weights", type=Path, default=MODEL_DIR,
                        help="the tagger's folder (default: the shipped one; the seeds always use the shipped one)")
    parser.add_argument("--decision", type=Path, default=None,
                        help="learned keep / kind / role weights (scripts/train_entity_decision.py) for the "
                             "hand-annotated sets instead of the hand policy")
    parser.add_argument("--full-speed", action="store_true", help="also time extraction on every corpus abstract")
    parser.add_argument("--skip-seeds", action="store_true")
    parser.add_argument("--no-titles", action="store_true",
                        help="read the annotated sets' abstracts without their titles (the protocol before "
                             "PIPELINE_VERSION 23)")
    parser.add_argument("--sets-only", action="store_true",
                        help="score the hand-annotated sets only (no PwC slice, TDMSci or speed)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not (args.shared / "eval" / "score.py").exists():
        print(f"extraction benchmark: {args.shared} has no eval/score.py", file=sys.stderr)
        return 2
    modes = tuple(m for m in args.modes.split(",") if m)
    results: dict = {"modes": modes}
    if not args.skip_seeds:
        results["seeds"] = seed_scores(args.shared)
    sets = [name for name in args.sets.split(",") if name]
    unknown = sorted(set(sets) - set(SETS))
    if unknown:
        parser.error(f"--sets: unknown set(s) {', '.join(unknown)}; choose from {', '.join(sorted(SETS))}")
    titles = not args.no_titles
    results["titles"] = titles
    if "dev" in sets:  # scored only when asked: every look at the held-out dev set spends some of it
        results["devset"] = {mode: devset_scores(mode, weights=args.weights, titles=titles,  # old key
                                                 decision=args.decision) for mode in modes}
    for which, folder in SETS.items():  # each tuning set under its folder's name ("tuneset7"), in SETS' order
        if which != "dev" and which in sets:
            results[folder.name] = {mode: devset_scores(mode, which, weights=args.weights, titles=titles,
                                                        decision=args.decision) for mode in modes}
    if args.sets_only:
        print(json.dumps(results, indent=1)) if args.json else _print(results)
        return 0
    items = list(iter_anthology_papers(args.shared / "corpus" / "anthology"))
    dev = [i for i in items if i.paper.abstract and i.tags and split_of(i.paper.anthology_id or "") == args.split]
    known = known_dataset_keys(items)
    results["anthology"] = {
        mode: {"split": args.split, **anthology_scores(dev, known, build_pipeline(mode, weights=args.weights))}
        for mode in modes}
    conll = args.shared / "data" / "tdmsci" / "train_1500_v2.conll"
    cv_ready = all((args.cv_models / f"fold{k}" / "model").is_file() for k in range(5))
    results["tdmsci"] = {mode: tdmsci_scores(conll, mode, args.cv_models) for mode in modes
                         if mode == "rules" or cv_ready}
    speed_items = [i for i in items if split_of(i.paper.anthology_id or "") == args.split and i.paper.abstract]
    results["speed"] = speed(speed_items, modes, args.weights)
    if args.full_speed:
        results["full_speed"] = full_speed(items)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        _print(results)
    return 0


#: The titles of the hand-annotated sets' tables, by their folder's name; a set not here prints under its name.
_SET_TITLES = {
    "devset": "Hand-annotated dev set ({} abstracts of held-out volumes; reported)",
    "tuneset": "Hand-annotated tuning set ({} abstracts of the 'tune' slice; rules tuned here)",
    "tuneset2": "Second tuning set ({} more abstracts of the 'tune' slice; rules tuned here)",
    "tuneset3": "Third tuning set ({} more abstracts of the 'tune' slice; held-out check)",
    "tuneset4": "Fourth tuning set ({} more abstracts of the 'tune' slice; held out)",
    "tuneset5": "Fifth tuning set ({} more abstracts of the 'tune' slice; roles tuned here)",
    "tuneset6": "Sixth tuning set ({} more abstracts of the 'tune' slice; round h15y)",
    "tuneset7": "Seventh tuning set ({} more abstracts of the 'tune' slice; round h15ab)",
    "tuneset8": "Eighth tuning set ({} more abstracts of the 'tune' slice; round h15ah)",
    "tuneset9": "Ninth set ({} more abstracts of the 'tune' slice; round h15am; held out)",
    "tuneset10": "Tenth tuning set ({} more abstracts of the 'tune' slice; round h15bm)",
    "tuneset11": "Eleventh tuning set ({} more abstracts of the 'tune' slice; round h15bn)",
}


def _print(results: dict) -> None:
    seeds = results.get("seeds")
    modes = results["modes"]
    if seeds:
        print("Seeds (score.py on the sample pages, default pipeline)")
        for key in ("entities", "proposes", "uses_dataset", "uses_method_model"):
            print(f"  {key + '.f1':24s} {seeds[key]['f1']:.4f}   (P {seeds[key]['precision']:.4f}, R {seeds[key]['recall']:.4f})")
        print(f"  {'dataset_type_correct':24s} {seeds['dataset_type_correct']:.4f}")
        structure = {k: v for k, v in seeds.items() if k.endswith(("_correct", "_recall")) and k != "dataset_type_correct"}
        structure.update({f"papers.{k}": seeds["papers"][k] for k in ("precision", "recall")})
        print("  structure: " + ", ".join(f"{k} {v}" for k, v in sorted(structure.items())))
    for name in results:
        if name not in _SET_TITLES and not name.startswith("tuneset"):
            continue  # the seeds and the Anthology slice, printed elsewhere
        title = _SET_TITLES.get(name, f"{name} ({{}} abstracts)")
        print(title.format(results[name][modes[0]]["abstracts"]) + ": F1 (P / R)")
        print("  " + f"{'':16s}" + "".join(f"{mode:>22s}" for mode in modes))
        for key in ("entities", "methods_models", "datasets", "proposes", "tasks", "metrics"):
            cells = "".join(f"{_cell(results[name][mode][key]):>22s}" for mode in modes)
            print(f"  {key:16s}{cells}")
    if "anthology" not in results:
        return
    for mode in modes:
        dev = results["anthology"][mode]
        print(f"PwC-tagged slice '{dev['split']}' ({mode}): {dev['papers']} papers, {dev['gold']} tagged datasets named")
        for kind in ("strict", "lenient"):
            f = dev[kind]
            print(f"  {kind:8s} precision {f['precision']:.4f}  recall {f['recall']:.4f}  F1 {f['f1']:.4f}  "
                  f"(tp {f['tp']}, fp {f['fp']}, found {f['found']}, missed {f['fn']})")
    for mode, tdm in results["tdmsci"].items():
        how = "all sentences" if mode == "rules" else "5-fold cross-validated"
        print(f"TDMSci train ({mode}, {how}): {tdm['sentences']} sentences, {tdm['gold']} DATASET spans")
        for kind in ("overlap", "exact"):
            f = tdm[kind]
            print(f"  {kind:8s} precision {f['precision']:.4f}  recall {f['recall']:.4f}  F1 {f['f1']:.4f}")
    if len(results["tdmsci"]) < len(modes):
        print("  (tagger modes: no fold models; train them with scripts/train_entity_model.py --fold K)")
    s = results["speed"]
    print(f"Speed ({s['abstracts']} abstracts, {s['words']} words, one process): spacy.blank('en') "
          f"{s['blank']} words/s; " + "; ".join(f"{mode} {s[mode]} words/s ({s[mode] / s['blank']:.3f} of blank)"
                                               for mode in modes))
    print(f"  per CPU second: spacy.blank('en') {s['blank_cpu']}; " + "; ".join(
        f"{mode} {s[mode + '_cpu']} ({s[mode + '_cpu'] / s['blank_cpu']:.3f} of blank)" for mode in modes))
    if "full_speed" in results:
        s = results["full_speed"]
        print(f"Full corpus: {s['abstracts']} abstracts, {s['words']} words in {s['seconds']} s = "
              f"{s['words_per_second']} words/s (one process)")


def _cell(f: dict) -> str:
    return f"{f['f1']:.3f} ({f['precision']:.2f}/{f['recall']:.2f})"


if __name__ == "__main__":
    sys.exit(main())
