"""Words a title-only paper's one-word NAME may not be: ``extractors/patterns/title_lower_words.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; the dev volumes, the tuning
slice and the held-out ``test`` slice are never read)::

    python scripts/build_title_lower_words.py

A paper with no abstract has nothing to vouch for its title's "NAME: ..." (:mod:`extractors.entity_title_only`),
so the train slice's abstracts stand in for the abstract's own test "never written in lower case" (round h15cv's
guard G1): a word that at least one train abstract of at least :data:`MIN_WORDS` words writes in lower case as a whole
word ("squibs", "panel", "metonymy") is an ordinary word, not a coined name. Only words that some train paper's title
uses as its one-word NAME (:data:`extractors.entity_title_only.TITLE_WORD`) are listed, to keep the table small.
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
from extractors.gazetteer_build import iter_anthology_papers, split_of

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


def title_words(titles: Iterable[str]) -> set[str]:
    """The one-word NAMEs of "NAME: ..." titles, case folded.

    >>> sorted(title_words(["Squibs: On Zorbs", "Large Models: Notes", "Zorbix: a Parser", "no colon"]))
    ['squibs', 'zorbix']
    """
    names = (match.group("name") for match in map(TITLE_WORD.match, titles) if match)
    return {name.lower() for name in names if " " not in name}


def table_text(words: set[str], abstracts: int) -> str:
    """The table file: a header naming its source, then one word a line, sorted."""
    header = (f"# Words a train-split title uses as its one-word NAME that the train slice's abstracts write in lower\n"
              f"# case (scripts/build_title_lower_words.py; {abstracts} train abstracts of >= {MIN_WORDS} words;\n"
              f"# extractors/entity_title_only.py reads it). Generated: do not edit.\n")
    return header + "".join(f"{word}\n" for word in sorted(words))


def main(argv: list[str] | None = None) -> None:
    """Read the corpus's train slice and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="folder of Anthology volume XML files")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="table to write")
    args = parser.parse_args(argv)
    abstracts: list[str] = []
    titles: list[str] = []
    for item in iter_anthology_papers(args.corpus):
        paper = item.paper
        if split_of(paper.anthology_id or "") != "train":
            continue
        titles.append(paper.title or "")
        if paper.abstract and len(paper.abstract.split()) >= MIN_WORDS:
            abstracts.append(paper.abstract)
    words = lower_words(abstracts) & title_words(titles)
    args.out.write_text(table_text(words, len(abstracts)), encoding="utf-8")
    print(f"{len(words)} words from {len(abstracts)} abstracts and {len(titles)} titles -> {args.out}")


if __name__ == "__main__":
    main()
