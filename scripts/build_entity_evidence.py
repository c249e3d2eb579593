"""Learn from the corpus what short names are when an abstract does not say: ``extractors/patterns/corpus_kinds.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only)::

    python scripts/build_entity_evidence.py

Two kinds of evidence over the abstracts of the ``train`` papers
(:func:`extractors.gazetteer_build.split_of`; the dev set, the tuning set and
the held-out ``test`` slice are never read):

* **acronym pairs** (``kg_acronyms``): each long form is classed by
  :func:`extractors.entity_corpus.long_form_class` (task, series, dataset,
  metric, none, or nothing said). An acronym spelled out at least
  :data:`MIN_PAIRS` times takes the class of at least half of its pairs; one
  spelled out as several different things (no long form — first word and
  head — written in :data:`AMBIGUOUS_SHARE` of its pairs, or no class for half
  of them; at least :data:`MIN_AMBIGUOUS_PAIRS` pairs) is ``ambiguous``. Model families are left out (typed by name);
* **the word after a name** (a token written like a name, not at a sentence
  start): a dataset noun ("UD treebanks") → ``dataset``; a series word or a
  year ("the PARSEME shared task", "IWSLT 2023": ``series_heads.txt``) →
  ``series``; a formalism's follower ("AMR parsing": ``formalism_followers.txt``)
  → ``none``; a method or architecture noun ("SVM classifier") → ``method``.
  A name not classed by its pairs (or a method by them: "CoNLL", spelled out
  "... Natural Language Learning", is used as a series) takes the class with at least
  :data:`MIN_FOLLOWERS` such words that make :data:`MIN_FOLLOWER_SHARE` of its
  uses and more than twice the method evidence; else ``method`` when the
  method evidence is at least :data:`MIN_FOLLOWERS` and more than twice theirs.

A short acronym (two to four capitals) the train slice writes at least
:data:`MIN_UNEXPLAINED_USES` times without any of this evidence is
``unexplained``: an abstract that does not spell it out does not make it a
method (:func:`extractors.entity_corpus.settle_untyped`: "TM", "FBK"); one the
corpus has not seen (a new method) stays a method.

A Papers-with-Code dataset name (``pwc_datasets.jsonl``, names and aliases) the
evidence calls a task, field or unexplained is a dataset ("CoQA": "Conversational
Question Answering").

Only names that get a class are written (tab-separated: name, class, evidence);
the output is deterministic.

The same pass writes ``extractors/patterns/task_phrases.txt``: lower-case
phrases of two to four words ending in a task head ("hate speech detection",
"data-to-text generation") that open after a function word or punctuation and
are written so at least :data:`MIN_TASK_PHRASE` times (generic openers such as
"better" or "improve" stripped: ``task_modifier_stops.txt``), none opening with
a word the corpus mostly uses as a verb ("reduce inference"); those words go to
``extractors/patterns/verb_like.txt``.

It also writes ``extractors/patterns/method_phrases.txt``: lower-case long
forms of two to five words that the corpus spells out for an acronym at least
:data:`MIN_METHOD_PAIRS` times ("low rank adaptation (LoRA)", "graph
convolutional network (GCN)") and whose head names a method
(:func:`extractors.entity_corpus.long_form_class` ``method``), not written like
a task (:func:`extractors.entity_task_metric_names.task_like`), a field or a generic term;
an abstract may name such a method without its acronym. Heads that end method names as often
("analysis", "reasoning", "selection") are not task heads; a phrase ending in
such a noun is a task when the corpus calls it one: written right before
"task(s)" or "shared task" at least :data:`MIN_CALLED_TASK` times ("answer
selection task", "quality estimation shared task", "logical reasoning tasks").
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.entities import blank_pipeline  # noqa: E402
from extractors.entity_corpus import long_form_class, long_form_head  # noqa: E402
from extractors.entity_lexicon import cue_words, word_list, word_lists  # noqa: E402
from extractors.entity_names import model_family, name_shape  # noqa: E402
from extractors.entity_phrases import head_phrases  # noqa: E402
from extractors.entity_task_metric_names import task_like  # noqa: E402
from extractors.gazetteer_build import train_abstracts  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "corpus_kinds.txt"
DEFAULT_TASK_OUT = ROOT / "extractors" / "patterns" / "task_phrases.txt"
DEFAULT_VERB_OUT = ROOT / "extractors" / "patterns" / "verb_like.txt"
DEFAULT_METHOD_OUT = ROOT / "extractors" / "patterns" / "method_phrases.txt"
DEFAULT_NAME_OUT = ROOT / "extractors" / "patterns" / "name_phrases.txt"
#: Uses right before "task(s)" / "problem(s)", or spelled out for an acronym, that make a lower-case phrase
#: ending in a head of ``phrase_heads.txt`` a name (``extractors/entity_phrases.py``).
MIN_NAME_EVIDENCE = 3
#: Pairs that make a lower-case long form a method name an abstract may write without its acronym.
MIN_METHOD_PAIRS = 3
MIN_PAIRS = 2
AMBIGUOUS_SHARE = 0.4
MIN_AMBIGUOUS_PAIRS = 4
MIN_FOLLOWERS = 3
MIN_FOLLOWER_SHARE = 0.15
MIN_TASK_PHRASE = 3
#: Uses right before "task(s)" / "shared task" that make a phrase ending in another noun a task name.
MIN_CALLED_TASK = 3
#: Endings of the nouns such a phrase may end in (a process or problem: "selection", "reasoning", "analysis").
_TASK_NOUN_ENDINGS = ("tion", "sion", "ing", "sis", "ment", "ity", "ence", "ance")
#: Nouns before "task" that name a field, a paradigm or a quality, not a problem ("language processing tasks",
#: "supervised learning tasks", "computer vision tasks", "time consuming task").
_FIELD_HEADS = frozenset({"processing", "learning", "intelligence", "vision", "consuming", "annotation", "coherence"})
#: Heads of long forms that name a paradigm, a kind of data or a unit rather than a method ("active learning",
#: "protected health information", "elementary discourse units"; "natural language process(ing)").
_NOT_METHOD_HEADS = frozenset({"learning", "information", "unit", "units", "process"})
MIN_UNEXPLAINED_USES = 10
_SHORT_ACRONYM = re.compile(r"^[A-Z]{2,4}$")
VERB_SHARE = 0.1
MIN_VERB_USES = 20
#: Words after which a lower-case word is (mostly) a verb: "to reduce", "we propose", "can improve".
_VERB_CONTEXT = frozenset({"to", "we", "can", "could", "will", "would", "may", "might", "should", "must", "not",
                           "also", "they", "it"})
_MAX_TASK_MODIFIERS = 3
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def _folded(long_form: str) -> str:
    """A long form's first word and head ("bi-directional long short term memory" → "bidirectional memory"):
    spellings of one long form agree on it, different long forms of one acronym seldom do."""
    words = re.sub(r"\s+", " ", long_form.lower().replace("-", "")).strip().split()
    head = long_form_head(long_form)
    return f"{words[0] if words else ''} {head.removesuffix('s')}"


def follower_class(word: str) -> str | None:
    """What the word after a name says of it ("treebanks" → dataset, "2023" → series, "parsing" → none).

    >>> [follower_class(w) for w in ["treebanks", "2023", "shared", "parsing", "classifier", "model", "and"]]
    ['dataset', 'series', 'series', 'none', 'method', None, None]
    """
    lower = word.lower()
    if _YEAR.match(word) or lower in word_list("series_heads.txt"):
        return "series"
    if lower in word_list("formalism_followers.txt"):
        return "none"
    if lower in cue_words("DATASET_HEAD"):
        return "dataset"
    if lower in cue_words("METHOD_HEAD") or lower in cue_words("ARCH_HEAD"):
        return "method"  # not "model(s)": "S2ST models" are models for a task
    return None


def _modifier(token) -> bool:
    """A lower-case word that may stand in a task's name before its head ("hate", "speech", "data-to-text")."""
    text = token.text
    return (len(text) > 1 and text.islower() and text.isascii() and not token.is_stop and not token.is_sent_start
            and all(part.isalpha() for part in text.split("-")))


def task_phrases_at(doc, head: int) -> list[str]:
    """The lower-case phrases ending at the task head ``doc[head]`` that open after a function word, punctuation
    or a sentence start, with generic openers ("better", "improve", "automatic") stripped; two words or more.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We improve hate speech detection and automatic speech recognition.")
    >>> task_phrases_at(doc, 4), task_phrases_at(doc, 8)
    (['speech detection', 'hate speech detection'], ['speech recognition', 'automatic speech recognition'])
    """
    mods: list[int] = []
    i = head - 1
    while i >= 0 and len(mods) < _MAX_TASK_MODIFIERS and _modifier(doc[i]):
        mods.append(i)
        i -= 1
    if i >= 0 and mods and not (doc[i].is_stop or doc[i].is_punct):
        return []  # the phrase runs on to the left ("... Tamil dependency parsing"): not where a name opens
    stops = word_list("task_modifier_stops.txt")
    phrases = []
    for k, start in enumerate(mods, 1):
        opener = doc[start].lower_
        if opener in stops or opener.endswith(("ly", "ing")) or (k == 1 and opener in _OPENERS_OF_LONGER):
            continue  # "improve translation", "better understanding", "including ...", "automatic detection"
        phrases.append(doc[start : head + 1].text.lower())
    return phrases


#: Openers that belong to a task's name only before two words or more ("automatic speech recognition",
#: not "automatic detection").
_OPENERS_OF_LONGER = frozenset({"automatic", "automated"})


def called_task(doc, i: int) -> bool:
    """Is ``doc[i]`` a noun the text calls a task: right before "task(s)" or "shared task"?

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("the answer selection task and the quality estimation shared task, the shared task")
    >>> [called_task(doc, i) for i in (2, 7, 10)]
    [True, True, False]
    """
    token = doc[i]
    if not (token.is_lower and token.is_alpha and not token.is_stop and token.text.endswith(_TASK_NOUN_ENDINGS)
            and token.text not in _FIELD_HEADS):
        return False
    nxt = doc[i + 1].lower_ if i + 1 < len(doc) else ""
    if nxt == "shared" and i + 2 < len(doc):
        nxt = doc[i + 2].lower_
    return nxt in {"task", "tasks"}


def collect(texts) -> tuple[dict, dict, Counter, Counter]:
    """Acronym → Counter of (class, folded long form); name → Counter of follower classes; name → uses;
    task phrase → uses (:func:`task_phrases_at`; ``("called", phrase)`` → uses before "task", :func:`called_task`)."""
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_acronyms")
    pairs: dict[str, Counter] = defaultdict(Counter)
    followers: dict[str, Counter] = defaultdict(Counter)
    uses: Counter = Counter()
    phrases: Counter = Counter()
    heads = word_list("task_heads.txt")
    for doc in nlp.pipe(texts, batch_size=256):
        for token in doc:
            if token.text in heads:
                phrases.update(task_phrases_at(doc, token.i))
            elif token.i + 1 < len(doc) and called_task(doc, token.i):
                phrases.update(("called", p) for p in task_phrases_at(doc, token.i))
            if token.is_lower:
                phrases[("word", token.text)] += 1
                if token.i > 0 and doc[token.i - 1].lower_ in _VERB_CONTEXT:
                    phrases[("verb", token.text)] += 1
        for start, end in head_phrases(doc):
            if doc[end - 1].lower_ in heads:
                continue  # a task head's phrases are learned into task_phrases.txt (above)
            phrase = doc[start:end].text.lower()
            phrases[("name_task", phrase)] += name_evidence(doc, start, end) == "task"
            phrases[("name_acronym", phrase)] += name_evidence(doc, start, end) == "acronym"
        spans = list(doc.spans["kg_acronyms"])
        for short, long_ in zip(spans[::2], spans[1::2]):
            pairs[short.text][(long_form_class(long_.text) or "other", _folded(long_.text))] += 1
            if long_.text.islower():
                phrases[("long", " ".join(long_.text.split()))] += 1
        for token in doc[:-1]:
            if token.is_sent_start or name_shape(token.text) != "strong":
                continue
            uses[token.text] += 1
            kind = follower_class(doc[token.i + 1].text)
            if kind:
                followers[token.text][kind] += 1
    return pairs, followers, uses, phrases


_TASK_NOUNS = frozenset({"task", "tasks", "problem", "problems"})


def name_evidence(doc, start: int, end: int) -> str | None:
    """What the words around the phrase ``doc[start:end]`` say of it: ``"task"`` (right before "task(s)",
    "shared task" or "problem(s)"; not "the task of X", where X is often cut short: "the task of automatic
    extraction of keywords"), ``"acronym"`` (spelled out: right before an
    acronym in parentheses) or ``None``.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("the quality estimation shared task; quality estimation (QE); the answer selection problem")
    >>> name_evidence(doc, 1, 3), name_evidence(doc, 6, 8), name_evidence(doc, 13, 15), name_evidence(doc, 6, 7)
    ('task', 'acronym', 'task', None)
    """
    after = [t.lower_ for t in doc[end : end + 3]]
    if after[1:2] and after[0] == "shared":
        after = after[1:]  # "the quality estimation shared task"
    if after[:1] and after[0] in _TASK_NOUNS:
        return "task"
    if end + 2 < len(doc) and doc[end].text == "(" and doc[end + 2].text == ")" \
            and sum(c.isupper() for c in doc[end + 1].text) >= 2:
        return "acronym"
    return None


def name_lexicon(phrases: Counter) -> list[str]:
    """Lower-case phrases ending in a head of ``phrase_heads.txt`` that the train slice calls a task or spells
    out for an acronym at least :data:`MIN_NAME_EVIDENCE` times (either evidence alone), not fields or generic terms;
    ``phrase<TAB>evidence`` lines, sorted.

    >>> [line.split(chr(9)) for line in name_lexicon(Counter({
    ...     ("name_task", "quality estimation"): 2, ("name_acronym", "quality estimation"): 5,
    ...     ("name_task", "rare alignment"): 2, ("name_task", "deep learning"): 9}))]
    [['quality estimation', 'task 2, acronym 5']]
    """
    fields = word_list("non_tasks.txt") | word_list("paradigms.txt") | word_list("generic_terms.txt")
    names = {k[1] for k in phrases if isinstance(k, tuple) and k[0] in {"name_task", "name_acronym"}}
    return [f"{p}\ttask {phrases[('name_task', p)]}, acronym {phrases[('name_acronym', p)]}" for p in sorted(names)
            if max(phrases[("name_task", p)], phrases[("name_acronym", p)]) >= MIN_NAME_EVIDENCE and p not in fields]


def method_lexicon(phrases: Counter) -> list[str]:
    """Lower-case long forms spelled out at least :data:`MIN_METHOD_PAIRS` times whose head names a method, not
    tasks, fields or generic terms nor a kind of one ("supervised fine-tuning"), two to five words, sorted.

    >>> method_lexicon(Counter({("long", "low rank adaptation"): 3, ("long", "sentiment analysis"): 9,
    ...                         ("long", "rare adaptation"): 2, ("long", "large language model"): 40,
    ...                         ("long", "supervised fine-tuning"): 30}))
    ['low rank adaptation']
    """
    stops = word_list("generic_terms.txt") | word_list("paradigms.txt") | word_list("non_tasks.txt")
    kinds_of_things = word_lists()["generic_long_form_ends"].lower | {"model"}  # "large language model": a kind
    return sorted(form for kind, form in (k for k in phrases if isinstance(k, tuple) and k[0] == "long")
                  if phrases[(kind, form)] >= MIN_METHOD_PAIRS and 2 <= len(form.split()) <= 5
                  and form.split()[-1] not in kinds_of_things and long_form_head(form) not in _NOT_METHOD_HEADS
                  and not any(" ".join(form.split()[i:]) in stops for i in range(1, len(form.split())))
                  and long_form_class(form) == "method" and not task_like(form) and form not in stops
                  and all(w.replace("-", "").isalpha() for w in form.split()))


def verb_like(phrases: Counter) -> list[str]:
    """Words used as verbs in at least :data:`VERB_SHARE` of their :data:`MIN_VERB_USES`+ uses, sorted.

    >>> verb_like(Counter({("word", "reduce"): 30, ("verb", "reduce"): 9, ("word", "speech"): 50}))
    ['reduce']
    """
    return sorted(word for kind, word in (k for k in phrases if isinstance(k, tuple) and k[0] == "word")
                  if phrases[("word", word)] >= MIN_VERB_USES
                  and phrases[("verb", word)] >= VERB_SHARE * phrases[("word", word)])


def task_lexicon(phrases: Counter) -> list[str]:
    """Task phrases written at least :data:`MIN_TASK_PHRASE` times, or :data:`MIN_CALLED_TASK` times right before
    "task" (:func:`called_task`), not fields or generic names
    (``non_tasks.txt``), not opening with a word the corpus uses as a verb (after "to", "we", "can" ...
    in at least :data:`VERB_SHARE` of its uses: "reduce inference", "enable generation"), in a fixed order.

    >>> task_lexicon(Counter({"hate speech detection": 3, "reduce inference": 5, ("word", "reduce"): 10,
    ...                       ("verb", "reduce"): 6, "rare detection": 2, ("called", "answer selection"): 3}))
    ['answer selection', 'hate speech detection']
    """
    def verb(word: str) -> bool:
        return phrases[("verb", word)] >= VERB_SHARE * max(phrases[("word", word)], 1)

    named = {p for p, n in phrases.items() if isinstance(p, str) and n >= MIN_TASK_PHRASE}
    named |= {k[1] for k, n in phrases.items() if isinstance(k, tuple) and k[0] == "called" and n >= MIN_CALLED_TASK}
    fields = word_list("non_tasks.txt") | word_list("paradigms.txt")
    return sorted(p for p in named if p not in fields and not verb(p.split()[0]))


def decide(pairs: dict, followers: dict, uses: Counter, known_datasets: frozenset[str] = frozenset()
           ) -> dict[str, tuple[str, str]]:
    """Name → (class, evidence) for the names the evidence classes (see the module docstring); a name of
    ``known_datasets`` (the gazetteer's) is a dataset, whatever its long form or uses say of a task or field."""
    table: dict[str, tuple[str, str]] = {}
    for short, counts in pairs.items():
        total = sum(counts.values())
        if total < MIN_PAIRS or model_family(short):
            continue  # a model family is typed by its name ("BERT": "... Representations from Transformers")
        classes = Counter()
        forms = Counter()
        for (kind, form), n in counts.items():
            classes[kind] += n
            forms[form] += n
        kind, n = max(classes.items(), key=lambda kv: (kv[1], kv[0]))
        form, form_n = max(forms.items(), key=lambda kv: (kv[1], kv[0]))
        if n * 2 >= total and kind != "other" and (kind != "method" or form_n >= AMBIGUOUS_SHARE * total):
            table[short] = (kind, f"long forms {n}/{total}: {form}")
        elif total >= MIN_AMBIGUOUS_PAIRS and (n * 2 < total or form_n < AMBIGUOUS_SHARE * total):
            table[short] = ("ambiguous", f"{len(forms)} long forms in {total} pairs, most often {form} ({form_n})")
    for name, counts in followers.items():
        if (name in table and table[name][0] != "method") or model_family(name):
            continue  # a method by its long forms may still be a series by its uses ("CoNLL": "... Learning")
        against = counts.get("method", 0)
        best = max((k for k in ("dataset", "series", "none") if counts.get(k)), key=lambda k: (counts[k], k),
                   default=None)
        n = counts[best] if best else 0
        if best and n >= MIN_FOLLOWERS and n >= MIN_FOLLOWER_SHARE * uses[name] and n > 2 * against:
            table[name] = (best, f"followed by {best} words {n}/{uses[name]} uses")
        elif against >= MIN_FOLLOWERS and against > 2 * n and name not in table:
            table[name] = ("method", f"followed by method words {against}/{uses[name]} uses")
    for name, n in uses.items():
        if n >= MIN_UNEXPLAINED_USES and name not in table and _SHORT_ACRONYM.match(name) and not model_family(name):
            table[name] = ("unexplained", f"{n} uses, never spelled out or typed as a method")
    for name in sorted(set(table) & known_datasets):
        if table[name][0] in {"task", "none", "ambiguous", "unexplained"}:
            table[name] = ("dataset", "a Papers-with-Code dataset name")  # "CoQA", "SNLI": "... Inference" names data
    return table


def pwc_dataset_names(path: Path = ROOT / "extractors" / "patterns" / "pwc_datasets.jsonl") -> set[str]:
    """Every dataset name and alias of the gazetteer, as written."""
    names: set[str] = set()
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            names.add(entry["name"])
            names.update(entry.get("aliases", []))
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--task-out", type=Path, default=DEFAULT_TASK_OUT)
    parser.add_argument("--verb-out", type=Path, default=DEFAULT_VERB_OUT)
    parser.add_argument("--method-out", type=Path, default=DEFAULT_METHOD_OUT)
    parser.add_argument("--name-out", type=Path, default=DEFAULT_NAME_OUT)
    args = parser.parse_args(argv)
    texts = train_abstracts(args.corpus)
    pairs, followers, uses, phrases = collect(texts)
    table = decide(pairs, followers, uses, frozenset(pwc_dataset_names()))
    lines = ["# What the Anthology's train slice says a short name is (scripts/build_entity_evidence.py;",
             "# extractors/entity_corpus.py reads it). name<TAB>class<TAB>evidence. Generated: do not edit."]
    lines += [f"{name}\t{kind}\t{evidence}" for name, (kind, evidence) in sorted(table.items())]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tasks = task_lexicon(phrases)
    verbs = verb_like(phrases)
    args.verb_out.write_text("\n".join([
        "# Lower-case words the Anthology's train slice mostly uses as verbs (after \"to\", \"we\", \"can\" ...",
        f"# in at least {VERB_SHARE:.0%} of {MIN_VERB_USES}+ uses; scripts/build_entity_evidence.py). A task name is not",
        "# extended over them (extractors/entity_tasks.py). Generated: do not edit.", *verbs]) + "\n", encoding="utf-8")
    args.task_out.write_text("\n".join([
        "# Lower-case task names the Anthology's train slice writes as phrases ending in a task head",
        f"# (scripts/build_entity_evidence.py, at least {MIN_TASK_PHRASE} uses; extractors/entity_tasks.py reads it).",
        "# Generated: do not edit.", *tasks]) + "\n", encoding="utf-8")
    methods = method_lexicon(phrases)
    args.method_out.write_text("\n".join([
        "# Lower-case long forms of acronyms the Anthology's train slice spells out at least",
        f"# {MIN_METHOD_PAIRS} times with a method head (scripts/build_entity_evidence.py; extractors/entity_tasks.py",
        "# reads it): an abstract may name the method without its acronym. Generated: do not edit.",
        *methods]) + "\n", encoding="utf-8")
    names = name_lexicon(phrases)
    args.name_out.write_text("\n".join([
        "# Lower-case phrases ending in a head of phrase_heads.txt that the Anthology's train slice calls a task",
        f"# (before \"task(s)\" / \"problem(s)\") or spells out for an acronym at least {MIN_NAME_EVIDENCE}",
        "# times (scripts/build_entity_evidence.py; extractors/entity_phrases.py reads it): phrase<TAB>evidence.",
        "# Generated: do not edit.", *names]) + "\n", encoding="utf-8")
    print(f"{len(names)} name phrases; {len(methods)} method phrases; {len(texts)} train abstracts -> {len(table)} names -> {args.out}; {len(tasks)} task phrases -> "
          f"{args.task_out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
