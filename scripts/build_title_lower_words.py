"""Words a title-only paper's one-word NAME may not be: ``extractors/patterns/title_lower_words.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; the dev volumes, the tuning
slice and the held-out ``test`` slice are never read)::

    python scripts/build_title_lower_words.py

A paper with no abstract has nothing to vouch for its title's "NAME: ..." (:mod:`extractors.entity_title_only`),
so the train slice's abstracts stand in for the abstract's own test "never written in lower case" (round h15cv's
guard G1): a word that at least one train abstract of at least :data:`MIN_WORDS` words writes in lower case as a whole
word ("panel", "metonymy", "anaphora") is an ordinary word, not a coined name. Every such word that has the shape of a
one-word title NAME (:data:`extractors.entity_title_only.TITLE_WORD`: four letters or more) is listed, whether or not
a train title uses it, so that the guard acts the same on any paper ("Punctuation: ..." of a user's own corpus) and
not only on the train split's titles (review 81).
Deterministic; no word is chosen by hand (docs/extraction.md, "Round h15cw").
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.entity_title_only import TITLE_WORD
from extractors.gazetteer_build import train_abstracts

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "title_lower_words.txt"
#: Abstracts shorter than this (in words) are left out, as ``train_all.jsonl`` (the slice round h15cv's guard read).
MIN_WORDS = 40
#: A whole lower-case word of two letters or more (no hyphen or letter on either side).
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z][a-z]+(?![\w-])")


def lower_words(abstracts: Iterable[str]) -> set[str]:
    """Every whole word written in lower case in one of ``abstracts``.

    >>> sorted(lower_words(["Zorbix is a parser for text-mining, not a tool."]))
    ['for', 'is', 'not', 'parser', 'tool']
    """
    words: set[str] = set()
    for text in abstracts:
        words.update(_LOWER_WORD.findall(text))
    return words


def title_shaped(words: Iterable[str]) -> set[str]:
    """The ``words`` that, capitalised, are a one-word title NAME (:data:`TITLE_WORD`): four to 31 letters.

    >>> sorted(title_shaped(["is", "for", "squibs", "panel", "metonymy", "x" * 32]))
    ['metonymy', 'panel', 'squibs']
    """
    return {word for word in words if (match := TITLE_WORD.match(f"{word.capitalize()}:"))
            and match.group("name") == word.capitalize()}


def table_text(words: set[str], abstracts: int) -> str:
    """The table file: a header naming its source, licence and size, then one word a line, sorted."""
    header = (f"# {len(words)} words: each whole word of four letters or more that one of the {abstracts}\n"
              f"# ACL Anthology train-split abstracts of >= {MIN_WORDS} words writes in lower case (the shape of a\n"
              "# one-word title NAME). Source: ../shared/corpus/anthology, split_of == 'train' only; words only,\n"
              "# no text. Licence of the source: Anthology metadata CC BY 4.0 (2016 on) / CC BY-NC-SA 3.0 (earlier);\n"
              "# abstracts belong to their authors. Built by scripts/build_title_lower_words.py; read by\n"
              "# extractors/entity_title_only.py (guard G1). Generated: do not edit.\n")
    return header + "".join(f"{word}\n" for word in sorted(words))


def main(argv: list[str] | None = None) -> None:
    """Read the corpus's train slice and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="folder of Anthology volume XML files")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="table to write")
    args = parser.parse_args(argv)
    abstracts = [text for text in train_abstracts(args.corpus) if len(text.split()) >= MIN_WORDS]
    words = title_shaped(lower_words(abstracts))
    args.out.write_text(table_text(words, len(abstracts)), encoding="utf-8")
    print(f"{len(words)} words from {len(abstracts)} abstracts -> {args.out}")


if __name__ == "__main__":
    main()
