"""Learn which learned lower-case names are methods rather than tasks: ``extractors/patterns/phrase_kinds.txt``.

Run from anywhere (reads ``../shared/corpus/anthology/*.xml``, ``train`` slice only; after
``scripts/build_entity_evidence.py``, whose ``name_phrases.txt`` it reads)::

    python scripts/build_phrase_kinds.py

The phrases of ``name_phrases.txt`` end in a head such as "estimation", "search" or "modeling"
(``phrase_heads.txt``) that ends task names ("quality estimation", "language modeling") and method names
("maximum likelihood estimation", "neural architecture search", "masked language modeling") alike; the head
alone types them as tasks. Here each phrase is counted where an abstract of the ``train`` slice writes it
(:func:`extractors.entity_phrases.head_phrases`, the spans the extractor itself finds) after a word that uses it
as a means ("trained *with* maximum likelihood estimation", "*using* masked language modeling") or after one that
names what something is for or about ("a model *for* quality estimation", "results *on* reading
comprehension"), articles skipped (:func:`use_evidence`). A phrase written after a means word at least
:data:`MIN_INSTRUMENT_USES` times and at least as often as after a purpose word is a method
(``phrase<TAB>method<TAB>evidence``); only those are written. The output is deterministic.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.entities import blank_pipeline  # noqa: E402
from extractors.entity_phrases import head_phrases, name_phrases  # noqa: E402
from extractors.gazetteer_build import train_abstracts  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "phrase_kinds.txt"
#: Words before a phrase that use it as a means; articles between are skipped.
INSTRUMENT_WORDS = frozenset({"using", "via", "with", "by", "through", "employing", "applying", "apply", "use",
                              "uses", "employ", "employs"})
#: Words before a phrase that name what something is for or about.
PURPOSE_WORDS = frozenset({"for", "on", "in", "of", "to"})
#: Uses after a means word that make a learned phrase a method (when at least as many as after a purpose word).
MIN_INSTRUMENT_USES = 2
_ARTICLES = frozenset({"the", "a", "an"})


def use_evidence(doc, start: int) -> str | None:
    """``"instrument"`` when the phrase at ``start`` follows "using / with / via / by ..." (articles skipped),
    ``"purpose"`` when it follows "for / on / in / of / to", else ``None``.

    >>> doc = blank_pipeline()("trained with maximum likelihood estimation for quality estimation")
    >>> use_evidence(doc, 2), use_evidence(doc, 6), use_evidence(doc, 1)
    ('instrument', 'purpose', None)
    """
    i = start - 1
    while i >= 0 and doc[i].lower_ in _ARTICLES:
        i -= 1
    if i < 0:
        return None
    word = doc[i].lower_
    return "instrument" if word in INSTRUMENT_WORDS else "purpose" if word in PURPOSE_WORDS else None


def count_uses(texts, phrases: frozenset[str]) -> Counter:
    """``(phrase, "instrument" / "purpose")`` → uses in ``texts`` of each of ``phrases`` as the extractor finds
    it (a whole head phrase; see :func:`use_evidence`).

    >>> count_uses(["We train it with maximum likelihood estimation.", "A model for quality estimation."],
    ...            frozenset({"maximum likelihood estimation", "quality estimation"})) == Counter({
    ...     ("maximum likelihood estimation", "instrument"): 1, ("quality estimation", "purpose"): 1})
    True
    """
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    counts: Counter = Counter()
    lowered = [(text, text.lower()) for text in texts]
    wanted = [text for text, low in lowered if any(p in low for p in phrases)]
    for doc in nlp.pipe(wanted, batch_size=256):
        for start, end in head_phrases(doc):
            phrase = doc[start:end].text.lower()
            if phrase in phrases:
                use = use_evidence(doc, start)
                if use:
                    counts[(phrase, use)] += 1
    return counts


def method_lines(counts: Counter, phrases: frozenset[str]) -> list[str]:
    """``phrase<TAB>method<TAB>evidence`` for each phrase the corpus uses as a means (see the module docstring).

    >>> method_lines(Counter({("x y", "instrument"): 11, ("x y", "purpose"): 5, ("z y", "instrument"): 4,
    ...                       ("z y", "purpose"): 50}), frozenset({"x y", "z y"}))
    ['x y\\tmethod\\tafter a means word 11, after a purpose word 5']
    """
    lines = []
    for phrase in sorted(phrases):
        instrument, purpose = counts[(phrase, "instrument")], counts[(phrase, "purpose")]
        if instrument >= MIN_INSTRUMENT_USES and instrument >= purpose:
            lines.append(f"{phrase}\tmethod\tafter a means word {instrument}, after a purpose word {purpose}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    texts = train_abstracts(args.corpus)
    phrases = name_phrases()
    lines = method_lines(count_uses(texts, phrases), phrases)
    args.out.write_text("\n".join([
        "# Learned lower-case names (name_phrases.txt) that the Anthology's train slice uses as methods: written",
        f"# after \"using / with / via / by ...\" at least {MIN_INSTRUMENT_USES} times and at least as often as after",
        "# \"for / on / in / of / to\" (scripts/build_phrase_kinds.py; extractors/entity_phrases.py reads it):",
        "# phrase<TAB>kind<TAB>evidence. Generated: do not edit.", *lines]) + "\n", encoding="utf-8")
    print(f"{len(lines)} of {len(phrases)} name phrases are methods ({len(texts)} train abstracts) -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
