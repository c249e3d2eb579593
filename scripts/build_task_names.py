"""Learn the task names the train slice writes inside task frames: ``extractors/patterns/framed_task_names.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; or ``--texts`` a JSON-lines
file of train-slice abstracts ``{"text": ...}``)::

    python scripts/build_task_names.py

A lower-case name of one to four words is counted **in a frame** when the sentence calls it a task:

* ``before``: a determiner, the name and "task(s)" / "subtask(s)" / "shared task(s)" ("the lemmatization task",
  "an emphasis selection shared task"; generic openers of ``task_modifier_stops.txt`` stripped);
* ``plural``: "X tasks" after a preposition, a conjunction or a comma ("on lemmatization tasks");
* ``of``: "the task of" and the name, which ends at punctuation or a function word that no object follows
  ("the task of decipherment.", "the task of news recommendation, which"; not "the task of predicting the ...");
* ``subject``: a sentence that opens with the name and goes on "aims to", "is the task of", "is a (...) task"
  ("Decipherment is the task of ...").

and **bounded** wherever it is written with no lower-case word right before it (so not the tail of a longer
phrase) and no lower-case word right after it (so not a modifier of a noun: "lemmatization models").  A name is
written to the file with both counts when the frames hold at least :data:`MIN_FRAMED` of its uses and make at
least :data:`MIN_SHARE` of its bounded uses; a field or paradigm (``non_tasks.txt``, ``paradigms.txt``) or a
generic term (``generic_terms.txt``) is left out.  ``extractors/entity_framed_names.py`` reads the file; the
thresholds it applies are its own.  The output is deterministic (sorted by name).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.entities import blank_pipeline
from extractors.entity_lexicon import word_list
from extractors.gazetteer_build import train_abstracts

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "framed_task_names.txt"
#: Framed uses a name needs to be written to the file.
MIN_FRAMED = 3
#: Share of its bounded uses that frames must hold.
MIN_SHARE = 0.02
MAX_WORDS = 4
_DETERMINERS = frozenset({"the", "a", "an", "this", "our"})
_TASK_WORDS = frozenset({"task", "tasks", "subtask", "subtasks"})
#: Words after "the task of X" that end a name without giving it an object ("the task of X, which", "X in ...").
_NAME_ENDS = frozenset({"and", "or", "in", "for", "on", "with", "is", "are", "was", "were", "which", "that", "as",
                        "by", "using", "where", "from", "has", "have", "remains", "at", "to", "via", "through"})
#: Words before "X tasks" (plural: no determiner needed) that open a name: "on lemmatization tasks".
_OPENERS = frozenset({"on", "for", "in", "of", "and", "or", ",", "as", "to", "across", "both", "including", "such"})
#: "the task of X", "the shared task on X".
_OF_FRAMES = frozenset({("the", "of"), ("shared", "on")})
_SUBJECT_FOLLOWERS = (("aims", "to"), ("is", "the", "task"), ("is", "a", "task"), ("refers", "to", "the", "task"),
                      ("is", "the", "problem"), ("is", "an", "important", "task"), ("is", "a", "challenging", "task"))


def _word(text: str, is_stop: bool) -> bool:
    """A lower-case word that may stand in a name ("lemmatization", "text-to-sql" is not lower case: see below)."""
    return len(text) > 1 and not is_stop and all(part.isalpha() for part in text.split("-")) and text.islower()


def _name_word(text: str, is_stop: bool) -> bool:
    """A word of a name: lower case, or an "A-to-B" word with capitals ("text-to-SQL")."""
    if _word(text, is_stop):
        return True
    parts = text.split("-")
    return len(parts) == 3 and parts[1] == "to" and all(p.isalpha() for p in parts) and parts[0].islower()


#: The frames, in the file's column order.
_FRAMES = ("before", "plural", "of", "subject")


def framed_names(texts: list[str], stops_ok: list[bool], sent_starts: list[bool]) -> list[tuple[str, str]]:
    """(kind of frame, name) for every frame of one abstract's tokens (see the module docstring).

    >>> doc = blank_pipeline()("We study the lemmatization task. The task of news recommendation, which we like.")
    >>> framed_names([t.text for t in doc], [t.is_stop for t in doc], [t.i == 0 for t in doc])
    [('before', 'lemmatization'), ('of', 'news recommendation')]
    """
    found: list[tuple[str, str]] = []
    lowers = [t.lower() for t in texts]
    stops = word_list("task_modifier_stops.txt")
    n = len(texts)
    for i, low in enumerate(lowers):
        if low in _TASK_WORDS:
            j = i - 1
            if j >= 0 and lowers[j] == "shared":
                j -= 1
            start = j + 1
            while start > 0 and j + 1 - start < MAX_WORDS + 1 and _name_word(texts[start - 1], stops_ok[start - 1]):
                start -= 1
            kind = None if start == 0 else "before" if lowers[start - 1] in _DETERMINERS else \
                "plural" if low.endswith("s") and lowers[start - 1] in _OPENERS else None
            if start <= j and kind and j + 1 - start <= MAX_WORDS:
                while start <= j and lowers[start] in stops:
                    start += 1
                if start <= j:
                    found.append((kind, " ".join(lowers[start:j + 1])))
            if low == "task" and i >= 1 and i + 2 < n and (lowers[i - 1], lowers[i + 1]) in _OF_FRAMES:
                end = i + 2
                while end < n and end - i - 2 < MAX_WORDS + 1 and _name_word(texts[end], stops_ok[end]):
                    end += 1
                size = end - i - 2
                if 1 <= size <= MAX_WORDS and (end == n or not texts[end][:1].isalnum() or lowers[end] in _NAME_ENDS) \
                        and not (lowers[i + 2].endswith("ing") and (size > 1 or end < n and lowers[end] != ",")):
                    found.append(("of", " ".join(lowers[i + 2:end])))
    for k in range(n):
        if not sent_starts[k] or not texts[k][:1].isupper():
            continue
        end = k + 1
        while end < n and end - k < MAX_WORDS and _name_word(texts[end], stops_ok[end]):
            end += 1
        if not _word(lowers[k], stops_ok[k]):
            continue
        rest = tuple(lowers[end:end + 4])
        if any(rest[:len(f)] == f for f in _SUBJECT_FOLLOWERS):
            found.append(("subject", " ".join(lowers[k:end])))
    return found


def collect(docs) -> tuple[Counter, Counter]:
    """(kind, name) → framed uses; name → bounded uses (of the framed names only), over spaCy docs."""
    framed: Counter = Counter()
    tokens: list[tuple[list[str], list[bool]]] = []
    for doc in docs:
        texts = [t.text for t in doc]
        stops = [t.is_stop for t in doc]
        starts = [bool(t.is_sent_start) for t in doc]
        framed.update(framed_names(texts, stops, starts))
        tokens.append((texts, stops))
    names = {name for _, name in framed}
    bounded: Counter = Counter()
    for texts, stops in tokens:
        lowers = [t.lower() for t in texts]
        n = len(texts)
        for start in range(n):
            if start > 0 and _word(texts[start - 1], stops[start - 1]):
                continue
            for size in range(1, MAX_WORDS + 1):
                end = start + size
                if end > n:
                    break
                name = " ".join(lowers[start:end])
                if name in names and (end == n or not _word(texts[end], stops[end])):
                    bounded[name] += 1
    return framed, bounded


def lexicon(framed: Counter, bounded: Counter) -> list[str]:
    """``name<TAB>framed<TAB>bounded<TAB>before<TAB>plural<TAB>of<TAB>subject`` lines for the names that pass, sorted.

    >>> framed = Counter({("before", "lemmatization"): 4, ("of", "lemmatization"): 1, ("before", "same"): 9,
    ...                   ("before", "deep learning"): 5})
    >>> lexicon(framed, Counter({"lemmatization": 40, "same": 9000, "deep learning": 50}))
    ['lemmatization\\t5\\t40\\t4\\t0\\t1\\t0']
    """
    fields = word_list("non_tasks.txt") | word_list("paradigms.txt") | word_list("generic_terms.txt")
    totals: Counter = Counter()
    for (_, name), count in framed.items():
        totals[name] += count
    lines = []
    for name in sorted(totals):
        uses = max(bounded[name], totals[name])
        if totals[name] >= MIN_FRAMED and totals[name] >= MIN_SHARE * uses and name not in fields:
            kinds = [framed[(kind, name)] for kind in _FRAMES]
            lines.append("\t".join([name, str(totals[name]), str(uses), *map(str, kinds)]))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--texts", type=Path, help="JSON lines of train-slice abstracts instead of the corpus")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    if args.texts:
        with args.texts.open(encoding="utf-8") as handle:
            texts = [json.loads(line)["text"] for line in handle if line.strip()]
    else:
        texts = train_abstracts(args.corpus)
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    framed, bounded = collect(nlp.pipe(texts, batch_size=256))
    lines = lexicon(framed, bounded)
    header = ["# Lower-case task names the Anthology's train slice writes inside task frames (\"the X task\",",
              f"# \"the task of X\", \"X aims to\"), at least {MIN_FRAMED} framed uses and {MIN_SHARE:.0%} of their",
              "# bounded uses (scripts/build_task_names.py; extractors/entity_framed_names.py reads it).",
              "# Generated: do not edit.",
              "# name<TAB>framed<TAB>bounded<TAB>before<TAB>plural<TAB>of<TAB>subject"]
    args.out.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{len(texts)} train abstracts -> {len(lines)} framed task names -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
