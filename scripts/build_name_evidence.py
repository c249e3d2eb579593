"""Count how the Anthology's train slice uses each single capitalised name: ``extractors/patterns/name_uses.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; the dev volumes, the tuning
slice and the held-out ``test`` slice are never read)::

    python scripts/build_name_evidence.py

``corpus_kinds.txt`` (``scripts/build_entity_evidence.py``) classes acronyms by their long forms and the word
right after them. A name written once in an abstract with neither ("EleutherAI", "CiNii", "PMID", "Python") is
typed a method by the ``default`` rule. This script reads every use of every single-token name (a token with a
capital letter, not opening a sentence) and counts the words around it in three groups (:func:`context_of`):

* **as a method or model**: a method, model or architecture noun after it ("X model", "X-based", "X encoder",
  "X embeddings"), a verb of training or prompting before it ("fine-tuned X", "prompting X"), or a verb of
  performing after it ("X outperforms", "X achieves");
* **as data**: a dataset noun or a noun of posted text after it ("X treebank", "X corpus", "X posts");
* **as something else**: an organisation's or project's word after it ("X University", "the X project"), a
  citation ("X et al.", "X (2019)"; not a possessive: "NeMo's decoder"), a language or format noun after it
  ("X speakers", "X format"), a year or series word ("X 2020", "X shared task"), or a place preposition before
  it ("at X").

It writes, for every name used at least :data:`MIN_USES` times with at least one use as data or something else,
the name, its uses, its uses as a method or model, as data and as something else (tab-separated; sorted;
deterministic). What the counts mean
is left to the reader (:mod:`extractors.entity_name_uses`); no name is typed by hand.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.entities import blank_pipeline  # noqa: E402
from extractors.entity_lexicon import cue_words, word_list  # noqa: E402
from extractors.entity_name_uses import MIN_USES  # noqa: E402  # what the reader needs is what is written
from extractors.gazetteer_build import train_abstracts  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "name_uses.txt"
_YEAR = re.compile(r"^(?:19|20)\d\d[a-z]?$")
_HAS_CAPITAL = re.compile(r"[A-Z]")
#: Words after a name that make it a method or model ("X model", "X-based", "X embeddings"), beside the method and
#: architecture heads of ``entity_cues.jsonl``.
_METHOD_AFTER = frozenset({"model", "models", "-based", "based", "embeddings", "embedding", "baseline", "baselines",
                           "variant", "variants", "checkpoint", "checkpoints", "tokenizer", "representations",
                           "outperforms", "outperformed", "achieves", "achieved", "learns", "predicts"})
#: Verbs of training or prompting before a name ("fine-tuned X", "prompting X").
_METHOD_BEFORE = frozenset({"fine-tune", "fine-tuned", "fine-tuning", "fine-tunes", "finetune", "finetuned",
                            "finetuning", "pretrained", "pre-trained", "prompting", "prompted", "distilling",
                            "distilled"})
#: Words after a name that make it an organisation, project or person ("X University", "the X project",
#: "X et al.").
_OTHER_AFTER = frozenset({"university", "institute", "inc", "inc.", "corporation", "corp", "corp.", "foundation",
                          "labs", "laboratory", "consortium", "project", "projects", "program", "programme",
                          "initiative", "forum", "forums", "website", "websites", "speakers",
                          "dialect", "dialects", "format", "formats", "file", "files", "notation", "markup",
                          "standard", "ids", "identifiers", "community", "communities"})
#: Words after a name that make it data or a source of data ("X treebank", "X posts"), beside the dataset heads.
_DATA_AFTER = frozenset({"posts", "comments", "threads", "tweets", "articles", "pages", "messages", "reviews"})
_PLACE_BEFORE = frozenset({"at"})


def context_of(texts: list[str], i: int) -> str | None:
    """What the words around ``texts[i]`` say it is used as: ``"method"``, ``"data"``, ``"other"`` or ``None``.

    >>> words = "we fine-tuned Zorb and the Quux project , Smith ( 2019 ) ; Zorb -based ; at Quux ; Quux posts".split()
    >>> [context_of(words, i) for i in (2, 5, 8, 13, 17, 19)]
    ['method', 'other', 'other', 'method', 'other', 'data']
    >>> [context_of("Smith et al. ; Zorb et Quux ; Zorb 's".split(), i) for i in (0, 4, 8)]
    ['other', None, None]
    """
    after = texts[i + 1].lower() if i + 1 < len(texts) else ""
    before = texts[i - 1].lower() if i > 0 else ""
    if after in _METHOD_AFTER or after in cue_words("METHOD_HEAD") or after in cue_words("ARCH_HEAD") \
            or before in _METHOD_BEFORE:
        return "method"
    if after in _DATA_AFTER or after in cue_words("DATASET_HEAD"):
        return "data"
    if after in _OTHER_AFTER or before in _PLACE_BEFORE or after in word_list("series_heads.txt") \
            or _YEAR.match(after) or (i + 2 < len(texts) and ((after == "(" and _YEAR.match(texts[i + 2]))
                                        or (after == "et" and texts[i + 2].startswith("al")))):
        return "other"
    return None


def is_name(text: str) -> bool:
    """A single token written like a name: a capital letter and another letter, no space.

    >>> [is_name(t) for t in ["EleutherAI", "PMID", "M2M-100", "model", "A", "(", "3B"]]
    [True, True, True, False, False, False, False]
    """
    return bool(_HAS_CAPITAL.search(text)) and sum(ch.isalpha() for ch in text) >= 2


def collect(texts: Iterable[str]) -> dict[str, Counter]:
    """Name → Counter of ``"uses"``, ``"method"``, ``"data"`` and ``"other"`` over ``texts`` (a sentence's first word is
    not read: a capital there says nothing)."""
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    counts: dict[str, Counter] = {}
    for doc in nlp.pipe(texts, batch_size=256):
        words = [t.text for t in doc]
        for token in doc:
            if token.is_sent_start or not is_name(token.text):
                continue
            entry = counts.setdefault(token.text, Counter())
            entry["uses"] += 1
            context = context_of(words, token.i)
            if context:
                entry[context] += 1
    return counts


def table_lines(counts: dict[str, Counter]) -> list[str]:
    """The table's lines: name, uses, uses as a method or model, as data and as something else, for names used
    :data:`MIN_USES` times or more with some use as data or something else.

    >>> table_lines({"Quux": Counter(uses=4, other=2), "Zorb": Counter(uses=9, method=3), "Rare": Counter(uses=1)})
    ['Quux\\t4\\t0\\t0\\t2']
    """
    return [f"{name}\t{c['uses']}\t{c['method']}\t{c['data']}\t{c['other']}" for name, c in sorted(counts.items())
            if c["uses"] >= MIN_USES and (c["data"] or c["other"])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    texts = train_abstracts(args.corpus)
    lines = table_lines(collect(texts))
    header = ["# How the Anthology's train slice uses single capitalised names (scripts/build_name_evidence.py;",
              f"# {len(texts)} abstracts; extractors/entity_name_uses.py reads it). name<TAB>uses<TAB>as a method or",
              f"# model<TAB>as data<TAB>as something else; names used {MIN_USES}+ times, some of them not as a method.",
              "# Generated: do not edit."]
    args.out.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{len(texts)} train abstracts -> {len(lines)} names -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
