"""Acronym ↔ long form pairs learned across the corpus: the alias table that graph assembly uses.

Each paper that defines an acronym ("augmented reality (AR)") votes once for
one *sense* of it: its long form, with spelling variants folded together
(case, hyphens, spacing and plurals by :func:`ontology.ids.entity_key`, and a
light stemming of each word by :func:`sense_signature`, so "pre-trained
language models" and "Pretrained Language Model" are one sense).  From the
votes of all papers:

* a sense is **dominant** when at least ``min_share`` (2/3) of the defining
  papers give it and it has ``min_papers`` (2) papers, or it is the only sense
  any paper gives;
* mentions of the acronym in a paper that defines it belong to that paper's
  sense; bare mentions in other papers belong to the dominant sense, or, when
  there is none, to the acronym's own node;
* a sense that is not dominant is a node of its own, named by its long form.

So an ambiguous acronym ("AR": augmented reality in some papers, argument
retrieval in others) never chains two long forms into one node.

>>> table = learn_aliases([("p1", "AR", "augmented reality"), ("p2", "AR", "Augmented Reality"),
...                        ("p3", "AR", "argument retrieval"), ("p4", "AR", "augmented reality")])
>>> entry = table.entries["ar"]
>>> entry.status, [(s.long_form, s.papers) for s in entry.senses]
('split', [('augmented reality', 3), ('argument retrieval', 1)])
>>> table.group_of("ar", "p3"), table.group_of("ar", "p9")   # p3 defines it; p9 does not
('argumentretrieval', 'augmentedreality')

The table is the same whatever order the definitions come in, and costs one
pass over them (a dictionary per acronym; nothing quadratic).
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from ontology.ids import entity_key, normalize_text

__all__ = ["AcronymEntry", "AliasTable", "Sense", "alias_rows", "learn_aliases", "sense_signature"]

#: A sense must be given by at least this share of the papers that define the acronym to be dominant ...
MIN_SHARE = 2 / 3
#: ... and by at least this many papers, unless it is the only sense given.
MIN_PAPERS = 2

Status = Literal["single", "learned", "split", "ambiguous"]

_WORDS = re.compile(r"[^\W_]+")
_STOP = frozenset({"a", "an", "and", "by", "for", "from", "in", "of", "on", "the", "to", "via", "with"})
#: Suffixes stripped from a word of the long form (the longest that leaves at least three letters), once.
_SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ers", "er", "ies", "es", "ed", "s", "e", "y")


def sense_signature(long_form: str) -> str:
    """What two spellings of one long form have in common: stemmed content words, joined.

    Case, hyphens, spacing, small words ("of", "for", "the"...) and word endings
    ("-s", "-ing", "-ation"...) are folded away; word order and the words
    themselves are kept, so different expansions keep different signatures.

    >>> sense_signature("Pre-trained Language Models") == sense_signature("pretrained language model")
    True
    >>> sense_signature("question-answering"), sense_signature("Question Answering")
    ('questanswer', 'questanswer')
    >>> sense_signature("machine translation") == sense_signature("machine transliteration")
    False
    """
    stems = []
    for word in _WORDS.findall(normalize_text(long_form)):
        if word in _STOP:
            continue
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                break
        stems.append(word)
    return "".join(stems) or entity_key(long_form)


@dataclass(frozen=True)
class Sense:
    """One expansion of an acronym: its commonest spelling, node key, and how many papers give it."""

    long_form: str
    key: str  # the entity key of the spelling most papers use: the key its node is grouped under
    papers: int
    variants: tuple[str, ...]  # entity keys of every spelling of it, sorted


@dataclass(frozen=True)
class AcronymEntry:
    """Everything the corpus says an acronym stands for."""

    short_form: str  # its commonest spelling
    key: str
    senses: tuple[Sense, ...]  # most papers first
    dominant: Sense | None

    @property
    def papers(self) -> int:
        """How many papers define the acronym."""
        return sum(sense.papers for sense in self.senses)

    @property
    def status(self) -> Status:
        """``single``: one paper defines it; ``learned``: one clear sense over several papers;
        ``split``: a clear sense plus minor ones (each its own node); ``ambiguous``: no clear sense."""
        if self.dominant is None:
            return "ambiguous"
        if len(self.senses) > 1:
            return "split"
        return "learned" if self.dominant.papers >= MIN_PAPERS else "single"


@dataclass(frozen=True)
class AliasTable:
    """The learned acronyms, and which sense each defining paper uses."""

    entries: Mapping[str, AcronymEntry]  # by the acronym's entity key
    paper_sense: Mapping[tuple[str, str], str]  # (acronym key, paper) -> sense key
    variant_of: Mapping[str, str]  # entity key of a long-form spelling -> its sense key

    def group_of(self, key: str, paper: str) -> str:
        """The key a name with entity key ``key``, mentioned in ``paper``, is grouped under.

        An acronym goes to the sense its paper defines, else to the dominant
        sense, else stays itself; a long-form spelling goes to its sense's key.
        """
        entry = self.entries.get(key)
        if entry is not None:
            sense = self.paper_sense.get((key, paper))
            if sense is not None:
                return sense
            return entry.dominant.key if entry.dominant is not None else key
        return self.variant_of.get(key, key)

    def named_by_long_form(self) -> dict[str, str]:
        """Sense key -> long form, for the senses whose node takes its long form as label: every sense of an
        acronym with several but its dominant one, so that no two nodes of one acronym share a label."""
        return {sense.key: sense.long_form for entry in self.entries.values() if len(entry.senses) > 1
                for sense in entry.senses if sense is not entry.dominant}


def learn_aliases(definitions: Iterable[tuple[str, str, str]], *, min_share: float = MIN_SHARE,
                  min_papers: int = MIN_PAPERS) -> AliasTable:
    """The alias table of ``(paper, short form, long form)`` definitions (each paper votes once per acronym).

    A paper that gives two senses for one acronym votes for the one it gives
    most often (then the smaller signature).  The result does not depend on the
    order of ``definitions``.

    >>> table = learn_aliases([("p1", "SGA", "Sparse Gated Adapters"), ("p2", "SGA", "sparse gated adapter")])
    >>> entry = table.entries["sga"]
    >>> entry.status, entry.dominant.long_form, entry.dominant.variants
    ('learned', 'Sparse Gated Adapters', ('sparsegatedadapter',))
    """
    votes: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)  # (short key, paper) -> signature counts
    short_spellings: dict[str, Counter[str]] = defaultdict(Counter)
    long_keys: dict[str, Counter[str]] = defaultdict(Counter)  # signature -> long-form keys (one per paper)
    long_spellings: dict[str, Counter[str]] = defaultdict(Counter)  # long-form key -> spellings
    signatures: dict[str, str] = {}  # long-form key -> signature (of its smallest spelling: order-free)
    spellings_of_key: dict[str, set[str]] = defaultdict(set)
    seen: set[tuple[str, str, str]] = set()
    for paper, short, long_form in definitions:
        short_key, long_key = entity_key(short), entity_key(long_form)
        if not short_key or not long_key or short_key == long_key:
            continue
        short_spellings[short_key][short] += 1
        long_spellings[long_key][long_form] += 1
        spellings_of_key[long_key].add(long_form)
        if (paper, short_key, long_key) not in seen:
            seen.add((paper, short_key, long_key))
    for long_key, spellings in spellings_of_key.items():
        signatures[long_key] = sense_signature(min(spellings))
    for paper, short_key, long_key in seen:
        votes[(short_key, paper)][signatures[long_key]] += 1
    per_paper: dict[tuple[str, str], str] = {}  # (short key, paper) -> signature
    papers_of: dict[str, Counter[str]] = defaultdict(Counter)  # short key -> signature -> papers
    for (short_key, paper), counts in votes.items():
        signature = min(counts, key=lambda s: (-counts[s], s))
        per_paper[(short_key, paper)] = signature
        papers_of[short_key][signature] += 1
    for _, _, long_key in seen:
        long_keys[signatures[long_key]][long_key] += 1
    sense_of_signature: dict[str, Sense] = {}
    for signature, keys in long_keys.items():
        key = min(keys, key=lambda k: (-keys[k], k))
        spellings = Counter()
        for variant in keys:
            spellings.update(long_spellings[variant])
        long_form = min(spellings, key=lambda s: (-spellings[s], s))
        sense_of_signature[signature] = Sense(long_form, key, 0, tuple(sorted(keys)))
    entries: dict[str, AcronymEntry] = {}
    for short_key, counts in papers_of.items():
        senses = tuple(sorted(
            (Sense(sense_of_signature[s].long_form, sense_of_signature[s].key, n, sense_of_signature[s].variants)
             for s, n in counts.items()),
            key=lambda sense: (-sense.papers, sense.key)))
        total = sum(counts.values())
        top = senses[0]
        clear = len(senses) == 1 or (top.papers >= min_papers and top.papers >= min_share * total)
        spellings = short_spellings[short_key]
        entries[short_key] = AcronymEntry(min(spellings, key=lambda s: (-spellings[s], s)), short_key, senses,
                                          top if clear else None)
    paper_sense = {pair: sense_of_signature[signature].key for pair, signature in per_paper.items()}
    variant_of = {variant: sense.key for sense in sense_of_signature.values() for variant in sense.variants}
    return AliasTable(entries, paper_sense, variant_of)


def alias_rows(table: AliasTable, *, min_papers: int = MIN_PAPERS) -> list[dict]:
    """The acronyms at least ``min_papers`` papers define, as JSON-ready rows (sorted by acronym key).

    This is what ``build_graph`` keeps in ``graph.graph["acronyms"]`` (and so in
    ``graph.json``): a small table to inspect what the corpus taught.

    >>> table = learn_aliases([("p1", "AR", "augmented reality"), ("p2", "AR", "argument retrieval")])
    >>> alias_rows(table)
    [{'acronym': 'AR', 'papers': 2, 'status': 'ambiguous', 'senses': [['argument retrieval', 1], ['augmented reality', 1]]}]
    """
    return [{"acronym": entry.short_form, "papers": entry.papers, "status": entry.status,
             "senses": [[sense.long_form, sense.papers] for sense in entry.senses]}
            for key, entry in sorted(table.entries.items()) if entry.papers >= min_papers]
