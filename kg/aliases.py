"""Acronym ↔ long form pairs learned across the corpus: the alias table that graph assembly uses.

Each paper that defines an acronym ("augmented reality (AR)") votes once for
one *sense* of it: its long form, with spelling variants folded together
(case, hyphens, spacing and plurals by :func:`ontology.ids.node_key`, and a
light stemming of each word by :func:`sense_signature`, so "pre-trained
language models" and "Pretrained Language Model" are one sense).  From the
votes of all papers:

* a sense is **dominant** (the pair is *learned*) when at least ``min_share``
  (2/3) of the defining papers give it and at least ``min_papers`` (2) do;
  one paper is not enough (docs/extraction.md has the measurements);
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
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from kg.spelling_variants import spelling_key
from ontology.ids import acronym_singular, entity_key, node_key, normalize_text

__all__ = ["ACRONYM_WORD", "SMALL_WORDS", "AcronymEntry", "AliasTable", "Sense", "acronym_table", "alias_rows",
           "bare_senses", "initials", "label_unless_a_minority", "learn_aliases", "node_records", "sense_signature",
           "spelled_candidates", "spelled_out_joins", "spelled_part", "voted_long_form"]

#: A sense must be given by at least this share of the papers that define the acronym to be dominant ...
MIN_SHARE = 2 / 3
#: ... and by at least this many papers, even when it is the only sense given: one paper's definition is not learned.
MIN_PAPERS = 2

Status = Literal["single", "learned", "split", "ambiguous"]

_WORDS = re.compile(r"[^\W_]+")
#: Small words left out of a signature (English, and the French of TALN papers).
SMALL_WORDS = frozenset({"a", "an", "and", "based", "between", "by", "for", "from", "in", "of", "on", "the", "to",
                         "using", "via", "with", "de", "des", "du", "en", "et", "la", "le", "les"})
#: Words that only say what sort of thing the long form is; dropped at its end while two words are left.
_GENERIC_ENDS = frozenset({"algorithm", "approach", "benchmark", "corpus", "dataset", "forum", "framework", "method",
                           "model", "module", "network", "problem", "project", "scheme", "shared", "strategy", "subtask",
                           "system", "task", "technique", "workshop"})
#: Suffixes stripped from a word of the long form (the first that leaves at least three letters), once.
_SUFFIXES = ("ations", "ation", "izers", "izer", "itions", "ition", "ings", "ing", "ions", "ion", "ers", "er", "ors", "or",
             "able", "ies", "es", "ed", "ue", "s", "e", "y")
#: A word of a long form that is itself an acronym ("multilingual NMT"): two capitals or more.
_INNER_ACRONYM = re.compile(r"\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b")
#: An acronym as a word of a name, opening it ("POS tagging", "KB completion", "PoS") or closing it
#: ("unsupervised MT", :mod:`kg.closing_acronyms`): two to six letters, two capitals or more.
ACRONYM_WORD = re.compile(r"(?=[A-Za-z]*[A-Z][A-Za-z]*[A-Z])[A-Za-z]{2,6}")


def initials(words: Iterable[str]) -> str:
    """The first letters or digits of ``words`` and of their hyphen-joined parts, lower-cased
    ("part-of-speech": pos)."""
    return "".join(part[0].lower() for word in words for part in word.split("-") if part and part[0].isalnum())


@lru_cache(maxsize=100_000)
def spelled_part(short: str, long_form: str) -> str:
    """The end of ``long_form`` that ``short`` spells: leading words none of its letters stand for are dropped.

    A long form that opens with a modifier the acronym does not spell ("a well-known automatic speech recognition
    (ASR)", "multi-hop question answering (QA)") stands for the acronym's plain sense; only a suffix whose word
    initials (and those of hyphen-joined parts) are exactly the acronym's letters is taken, so a long form whose
    initials spell it already, or that spells it some other way, stays whole.

    >>> spelled_part("ASR", "well-known automatic speech recognition")
    'automatic speech recognition'
    >>> spelled_part("QA", "open-domain question answering")
    'question answering'
    >>> spelled_part("PPO", "Proximal Policy Optimization"), spelled_part("POS", "part-of-speech")
    ('Proximal Policy Optimization', 'part-of-speech')
    >>> spelled_part("BERT", "Bidirectional Encoder Representations from Transformers")
    'Bidirectional Encoder Representations from Transformers'
    >>> spelled_part("AAC", "augmentative and alternative communication")  # small words may spell no letter
    'augmentative and alternative communication'
    """
    letters = "".join(ch.lower() for ch in acronym_singular(short) if ch.isalnum())
    words = long_form.split()
    if len(words) < 2 or _spells(words, letters):
        return long_form
    for start in range(1, len(words)):
        if words[start].lower() not in SMALL_WORDS and _spells(words[start:], letters):
            return " ".join(words[start:])
    return long_form


def _spells(words: list[str], letters: str) -> bool:
    """Whether the initials of ``words`` are ``letters``, with their small words ("of", "and") or without."""
    return initials(words) == letters or initials(w for w in words if w.lower() not in SMALL_WORDS) == letters


def sense_signature(long_form: str, expand: Mapping[str, str] | None = None) -> str:
    """What two spellings of one long form have in common: stemmed content words, joined.

    Case, accents, hyphens, spacing, small words ("of", "for", "the"...), word endings
    ("-s", "-ing", "-ation", "-izer"...) and a last word that only names the
    sort of thing ("task", "model", "system"...) are folded away; word order
    and the other words are kept, so different expansions keep different
    signatures.
    ``expand`` maps the node key of an acronym to its long form, for long
    forms that contain one ("multilingual NMT").

    >>> sense_signature("Pre-trained Language Models") == sense_signature("pretrained language model")
    True
    >>> sense_signature("question-answering"), sense_signature("Question Answering task")
    ('questanswer', 'questanswer')
    >>> sense_signature("Dialog State Tracking") == sense_signature("dialogue state tracking shared task")
    True
    >>> sense_signature("automatic speech recognizer") == sense_signature("Automatic Speech Recognition")
    True
    >>> sense_signature("Naïve Bayes") == sense_signature("Naive Bayes")
    True
    >>> expand = {"nmt": "neural machine translation"}
    >>> sense_signature("multilingual NMT", expand) == sense_signature("Multilingual Neural Machine Translation")
    True
    >>> sense_signature("machine translation") == sense_signature("machine transliteration")
    False
    """
    if expand:
        long_form = _INNER_ACRONYM.sub(lambda m: expand.get(node_key(m.group(0)), m.group(0)), long_form)
    if not long_form.isascii():
        long_form = "".join(ch for ch in unicodedata.normalize("NFKD", long_form) if not unicodedata.combining(ch))
    words = [word for word in _WORDS.findall(normalize_text(long_form)) if word not in SMALL_WORDS]
    while len(words) > 2 and (words[-1] in _GENERIC_ENDS or words[-1].rstrip("s") in _GENERIC_ENDS):
        words.pop()
    return "".join(map(_stem, words)) or entity_key(long_form)


@lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    """``word`` without the first of :data:`_SUFFIXES` it ends in that leaves three letters or more."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def voted_long_form(short: str, long_form: str, named: Collection[str]) -> str:
    """The long form a definition votes for: :func:`spelled_part`, unless the whole long form's node key is
    in ``named`` (a name the corpus writes on its own).

    >>> voted_long_form("MT", "well-known machine translation", set())
    'machine translation'
    >>> voted_long_form("QA", "open-domain QA", {"opendomainqa"})
    'open-domain QA'
    """
    spelled = spelled_part(short, long_form)
    return long_form if spelled == long_form or node_key(long_form) in named else spelled


def label_unless_a_minority(label: str, texts: Mapping[str, int], acronym_keys: Collection[str]) -> str:
    """``label`` (a long form), unless a node's mentions write it in under a third of their ``texts`` (names and
    long forms, with how often each is written) that are not acronyms (node key in ``acronym_keys``): then the
    name they write most, from the spelling (:func:`kg.spelling_variants.spelling_key`) they write most.

    An acronym's minor sense is named by its long form so that it does not share the acronym's own node's label;
    but a bare name the sense's signature took in (:func:`sense_signature` drops a generic last word:
    "self-attention" is a variant of "Self-Attention Network") may be what most of its mentions write.

    >>> texts = {"self-attention": 474, "Self-attention": 14, "Self-Attention Network": 3, "SAN": 6}
    >>> label_unless_a_minority("Self-Attention Network", texts, {"san", "sa"})
    'self-attention'
    >>> label_unless_a_minority("Zorb Quiz Suite", {"Zorb Quiz Suite": 1, "zorb quiz": 1, "ZQS": 9}, {"zqs"})
    'Zorb Quiz Suite'
    """
    names: Counter[str] = Counter({text: n for text, n in texts.items() if node_key(text) not in acronym_keys})
    by_spelling: Counter[str] = Counter()
    for text, n in names.items():
        by_spelling[spelling_key(text)] += n
    if 3 * by_spelling[spelling_key(label)] >= sum(by_spelling.values()):
        return label
    most = max(by_spelling, key=lambda key: (by_spelling[key], key))
    return max((text for text in names if spelling_key(text) == most), key=lambda text: (names[text], text))


def spelled_out_joins(names: Mapping[str, Collection[str]], papers: Mapping[str, int],
                      senses: Mapping[str, str | None] | None = None) -> list[tuple[str, str]]:
    """Pairs of group keys whose names differ only by an opening acronym spelled out: ("pos tagging",
    "part-of-speech tagging").

    ``names``: group key -> its names of several words as written; ``papers``: group key -> how many papers name
    it so.  A name
    that opens with an acronym and goes on ("POS tagging", "KB completion") joins the group of a name that opens
    with words whose initials (and those of their hyphen-joined parts) spell that acronym and goes on the same
    way ("part-of-speech tagging", "knowledge base completion").  An acronym spells many things ("AP generation":
    automatic poetry, prompt, pun generation), so only a candidate that most of the candidates' papers name
    joins, as :func:`learn_aliases` learns a sense: at least ``MIN_PAPERS`` papers and ``MIN_SHARE`` of them;
    none joins when the name's own group is one of the candidates.  ``senses``: acronym key -> its learned long
    form, or None for an acronym the papers that define it give no clear sense (:class:`AliasTable`): such an
    acronym joins only the name its learned sense spells out, an ambiguous one none.  One pass over the names
    (each split at its first six words).

    >>> names = {"postagging": ["POS tagging"], "partofspeechtagging": ["part-of-speech tagging"],
    ...          "partsofspeechtagging": ["parts-of-speech tagging"], "apgeneration": ["AP generation"],
    ...          "automaticpoetrygeneration": ["automatic poetry generation"],
    ...          "automaticpungeneration": ["automatic pun generation"]}
    >>> papers = {"postagging": 200, "partofspeechtagging": 203, "partsofspeechtagging": 1, "apgeneration": 1,
    ...           "automaticpoetrygeneration": 2, "automaticpungeneration": 2}
    >>> spelled_out_joins(names, papers)
    [('postagging', 'partofspeechtagging')]
    """
    openers: list[tuple[str, str, str]] = []  # (group key, acronym, rest's key)
    several = [(key, name.split()) for key in sorted(names) for name in names[key] if " " in name.strip()]
    for key, words in several:
        if len(words) > 1 and ACRONYM_WORD.fullmatch(words[0]):
            openers.append((key, words[0].lower(), entity_key(" ".join(words[1:]))))
    acronyms = {acronym for _, acronym, _ in openers}
    spelled: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)  # (initials, rest) -> (key, opening)
    for key, words in several:
        for start in range(1, min(len(words), 7)):
            opening = words[:start]
            spelled_as = {initials(opening), initials(w for w in opening if w.lower() not in SMALL_WORDS)}
            for letters in spelled_as & acronyms:
                spelled[(letters, entity_key(" ".join(words[start:])))].add((key, " ".join(opening)))
    joins: dict[str, str] = {}
    senses = senses or {}
    for key, acronym, rest in openers:
        candidates = spelled_candidates(spelled.get((acronym, rest), ()) if rest else (), acronym, senses)
        if not candidates or key in candidates or key in joins:
            continue
        best = max(sorted(candidates), key=lambda c: papers.get(c, 0))
        total = sum(papers.get(c, 0) for c in candidates)
        if papers.get(best, 0) >= MIN_PAPERS and papers.get(best, 0) >= MIN_SHARE * total:
            joins[key] = best
    return sorted(joins.items())


def spelled_candidates(found: Iterable[tuple[str, str]], acronym: str,
                       senses: Mapping[str, str | None]) -> set[str]:
    """The group keys of ``found`` ((group key, the words spelling ``acronym``) pairs) a name of the acronym may
    join: all of them, or, where the corpus defines the acronym, those spelling its learned sense (none where the
    defining papers give no clear one)."""
    if acronym in senses:
        sense = senses[acronym]
        found = [(candidate, words) for candidate, words in found
                 if sense is not None and sense_signature(words) == sense_signature(sense)]
    return {candidate for candidate, _ in found}


@dataclass(frozen=True)
class Sense:
    """One expansion of an acronym: its commonest spelling, node key, and how many papers give it."""

    long_form: str
    key: str  # the node key of the spelling most papers use: the key its node is grouped under
    papers: int
    variants: tuple[str, ...]  # node keys of every spelling of it, sorted


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
        """``learned``: one clear sense; ``split``: a clear sense plus minor ones (each its own node);
        ``single``: one paper defines it (too little to take bare mentions elsewhere); ``ambiguous``: no clear sense."""
        if self.dominant is None:
            return "single" if len(self.senses) == 1 else "ambiguous"
        return "split" if len(self.senses) > 1 else "learned"


@dataclass(frozen=True)
class AliasTable:
    """The learned acronyms, and which sense each defining paper uses."""

    entries: Mapping[str, AcronymEntry]  # by the acronym's node key
    paper_sense: Mapping[tuple[str, str], str]  # (acronym key, paper) -> sense key
    variant_of: Mapping[str, str]  # node key of a long-form spelling -> its sense key

    def group_of(self, key: str, paper: str) -> str:
        """The key a name with node key ``key``, mentioned in ``paper``, is grouped under.

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

    def minor_sense(self, name_key: str, key: str) -> bool:
        """Whether a mention named ``name_key``, grouped under ``key``, is an acronym standing for a sense that is
        not its clear one: a minor sense, or the sense of an acronym no clear sense is learned for (one paper's, most
        often).

        Such a mention's ``same_as`` page was found by the acronym's name, so it says nothing about that sense:
        joining through it would chain the sense to the acronym's other nodes ("SST" defined as speech translation
        to the Stanford Sentiment Treebank).  The acronym's own node and its clear sense keep their pages.

        >>> from kg.aliases import learn_aliases
        >>> aliases = learn_aliases([("p1", "SST", "speech translation")])
        >>> aliases.minor_sense("sst", "speechtranslation"), aliases.minor_sense("sst", "sst")
        (True, False)
        >>> treebank = "Stanford Sentiment Treebank"
        >>> clear = learn_aliases([("p1", "SST", treebank), ("p2", "SST", treebank)])
        >>> clear.minor_sense("sst", "stanfordsentimenttreebank")
        False
        """
        entry = self.entries.get(name_key)
        if entry is None or key == name_key:
            return False
        return entry.dominant is None or key != entry.dominant.key

    def acronyms_of(self, bare: Collection[str] = ()) -> dict[str, Counter[str]]:
        """Each sense's key -> the keys of the acronyms it is a sense of, each with the share of the acronym's
        defining papers that give it (of a clear sense, only the acronyms it is the clear sense of: "machine reading
        comprehension" is MRC's, not RC's, whose one paper gives it; round h15bx); each key of ``bare`` (an acronym
        with a node of its own) -> itself, with no share (review58).

        >>> table = learn_aliases([("p1", "ZRC", "machine zorb comprehension"),
        ...                        ("p2", "ZRC", "machine zorb comprehension"),
        ...                        ("q1", "ZC", "machine zorb comprehension"), ("q2", "ZC", "zorb comprehension"),
        ...                        ("q3", "ZC", "zorb classification")])
        >>> sorted((key, {acronym: round(share, 2) for acronym, share in acronyms.items()})
        ...        for key, acronyms in table.acronyms_of(["zc"]).items())
        [('machinezorbcomprehension', {'zrc': 1.0}), ('zc', {'zc': 0}), ('zorbclassification', {'zc': 0.33}), \
('zorbcomprehension', {'zc': 0.67})]
        """
        acronyms: dict[str, Counter[str]] = defaultdict(Counter)  # of a float share
        clear = {entry.dominant.key for entry in self.entries.values() if entry.dominant is not None}
        for entry in self.entries.values():
            for sense in entry.senses:
                if sense is entry.dominant or sense.key not in clear:
                    acronyms[sense.key][entry.key] += sense.papers / entry.papers
        for key in bare:
            acronyms[key][key] += 0
        return acronyms

    def named_by_long_form(self, bare: Collection[str] = ()) -> dict[str, str]:
        """Sense key -> long form, for the senses whose node takes its long form as label, so that no two nodes
        of one acronym share a label: every sense but the dominant one of an acronym with several senses, or
        with a node of its own (its key in ``bare``: mentioned where no clear sense claims it).  A sense that is
        the dominant one of some acronym keeps the usual label (its commonest spelling, often that acronym)."""
        dominant = {entry.dominant.key for entry in self.entries.values() if entry.dominant is not None}
        return {sense.key: sense.long_form for entry in self.entries.values()
                if len(entry.senses) > 1 or entry.key in bare
                for sense in entry.senses if sense is not entry.dominant and sense.key not in dominant}


def bare_senses(table: AliasTable, kinds: Iterable[tuple[str, str, object]]) -> dict[str, dict[str, str]]:
    """Acronym key -> paper -> the sense key the bare mentions of that paper go to, for the acronyms the defining
    papers give no clear sense of, where one sense is the only learned one of the kind most papers give the bare name
    and a majority of all defining papers give it (round h15bx). A paper that clearly types the bare name another
    kind than the sense keeps it in the bare node (review58: moved, its mentions made a node of that other kind named
    by the sense, "method/meanabsoluteerror" for a masked autoencoder).

    An acronym is clear when ``MIN_SHARE`` of its defining papers give one sense, and one-paper senses count
    against it: the full Anthology's "MAE" was defined as mean absolute error by 7 papers and as five other things
    by one paper each (masked autoencoder, Mainstream American English, ...), so its 14 papers' bare metric "MAE"
    stayed a node apart from "mean absolute error". A sense one paper gives is not learned (``MIN_PAPERS``), so
    where the bare name's kind has one learned sense and it is most defining papers', the bare name is that sense.
    Two learned senses of the kind ("RC": reading comprehension, relation classification) keep it apart.
    ``kinds``: (group key, paper, kind) of each mention, the kind false where the mention's type is no clear evidence
    (a default or a hint: ``kg.entity_decisions.type_evidence``); a key's kind is the one more than half its papers
    give clearly (a paper votes once for each kind it gives a key). A bare "AST" a shared-task team's name, untyped,
    with "Abstract Syntax Tree" typed metric by one paper, stays apart (the full Anthology; a first version joined
    them).

    >>> table = learn_aliases([("p1", "MAE", "mean absolute error"), ("p2", "MAE", "Mean Absolute Error"),
    ...                        ("p3", "MAE", "mean absolute errors"), ("p4", "MAE", "masked autoencoder"),
    ...                        ("p5", "MAE", "Mainstream American English")])
    >>> table.entries["mae"].status
    'ambiguous'
    >>> kinds = [("meanabsoluteerror", paper, "metric") for paper in ("p1", "p2", "p3")]
    >>> bare_senses(table, kinds + [("mae", "p9", "metric"), ("maskedautoencoder", "p4", "method")])
    {'mae': {'p9': 'meanabsoluteerror'}}
    >>> bare_senses(table, kinds + [("mae", "p9", "metric"), ("mae", "p8", "metric"), ("mae", "p7", "method")])
    {'mae': {'p8': 'meanabsoluteerror', 'p9': 'meanabsoluteerror'}}
    >>> bare_senses(table, kinds + [("mae", "p9", "method"), ("maskedautoencoder", "p4", "method")])
    {}
    >>> bare_senses(table, kinds + [("mae", "p9", False), ("mae", "p8", "metric")])  # one of two papers types it
    {}
    """
    candidates = {key: entry for key, entry in table.entries.items() if entry.dominant is None}
    wanted = set(candidates) | {sense.key for entry in candidates.values() for sense in entry.senses
                                if sense.papers >= MIN_PAPERS}
    papers: dict[str, set[str]] = defaultdict(set)
    votes: Counter[tuple[str, object]] = Counter()
    typed: dict[str, dict[str, set[object]]] = defaultdict(lambda: defaultdict(set))  # key -> paper -> clear kinds
    for key, paper, kind in {item for item in kinds if item[0] in wanted}:  # a paper's once
        papers[key].add(paper)
        votes[key, kind] += bool(kind)
        if kind:
            typed[key][paper].add(kind)
    kind_of = {key: kind for (key, kind), n in votes.items() if 2 * n > len(papers[key])}
    joins = {}
    for key, entry in sorted(candidates.items()):
        kind = kind_of.get(key)
        learned = [sense for sense in entry.senses if sense.papers >= MIN_PAPERS and kind_of.get(sense.key) == kind]
        if kind is not None and len(learned) == 1 and 2 * learned[0].papers > entry.papers:
            joins[key] = {paper: learned[0].key for paper in sorted(papers[key]) if typed[key][paper] <= {kind}}
    return joins


def learn_aliases(definitions: Iterable[tuple[str, str, str]], *, min_share: float = MIN_SHARE,
                  min_papers: int = MIN_PAPERS, named: Collection[str] = frozenset()) -> AliasTable:
    """The alias table of ``(paper, short form, long form)`` definitions (each paper votes once per acronym).

    A paper votes for the part of its long form the acronym spells (:func:`spelled_part`: "well-known machine
    translation (MT)" for machine translation), unless the whole long form is a name the corpus writes on its own
    (its node key in ``named``: "open-domain question answering (QA)" stays that sense where papers name
    open-domain question answering).

    A paper that gives two senses for one acronym votes for the one it gives
    most often (then the smaller signature).  Two passes: the second expands
    acronyms inside long forms ("multilingual NMT") by the senses the first
    found clear.  The result does not depend on the order of ``definitions``.

    >>> table = learn_aliases([("p1", "SGA", "Sparse Gated Adapters"), ("p2", "SGA", "sparse gated adapter")])
    >>> entry = table.entries["sga"]
    >>> entry.status, entry.dominant.long_form, entry.dominant.variants
    ('learned', 'Sparse Gated Adapters', ('sparsegatedadapter',))
    """
    found = _Definitions()
    for paper, short, long_form in definitions:
        found.add(paper, short, voted_long_form(short, long_form, named))
    first = found.table({key: sense_signature(text) for key, text in found.texts().items()}, min_share, min_papers)
    expand = {key: entry.dominant.long_form for key, entry in first.entries.items() if entry.dominant is not None}
    return found.table({key: sense_signature(text, expand) for key, text in found.texts().items()}, min_share,
                       min_papers)


class _Definitions:
    """The distinct ``(paper, acronym key, long-form key)`` definitions and the spellings behind each key."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str, str]] = set()
        self.short_spellings: dict[str, Counter[str]] = defaultdict(Counter)
        self.long_spellings: dict[str, Counter[str]] = defaultdict(Counter)
        self.keys: dict[str, str] = {}  # spelling -> node key (spellings repeat: computed once)

    def add(self, paper: str, short: str, long_form: str) -> None:
        keys = self.keys
        short_key = keys.get(short)
        if short_key is None:
            short_key = keys[short] = node_key(short)
        long_key = keys.get(long_form)
        if long_key is None:
            long_key = keys[long_form] = node_key(long_form)
        if short_key and long_key and short_key != long_key:
            self.short_spellings[short_key][short] += 1
            self.long_spellings[long_key][long_form] += 1
            self.seen.add((paper, short_key, long_key))

    def texts(self) -> dict[str, str]:
        """One spelling per long-form key to take its signature from (the smallest: order does not matter)."""
        return {key: min(spellings) for key, spellings in self.long_spellings.items()}

    def table(self, signatures: Mapping[str, str], min_share: float, min_papers: int) -> AliasTable:
        """The table when long-form keys with one signature are one sense."""
        votes: dict[tuple[str, str], list[str]] = defaultdict(list)  # (acronym, paper) -> signatures
        long_keys: dict[str, Counter[str]] = defaultdict(Counter)  # signature -> long-form keys (one per paper)
        for paper, short_key, long_key in self.seen:
            votes[(short_key, paper)].append(signatures[long_key])
            long_keys[signatures[long_key]][long_key] += 1
        per_paper = {pair: given[0] if len(given) == 1 else _most_given(given) for pair, given in votes.items()}
        papers_of: dict[str, Counter[str]] = defaultdict(Counter)  # acronym -> signature -> papers
        for (short_key, _), signature in per_paper.items():
            papers_of[short_key][signature] += 1
        senses: dict[str, Sense] = {}  # by signature, with no paper count
        for signature, keys in long_keys.items():  # a spelling has one key: the variants' spellings are disjoint
            _, long_form = min((-n, spelling) for variant in keys for spelling, n in self.long_spellings[variant].items())
            senses[signature] = Sense(long_form, min(keys, key=lambda k: (-keys[k], k)), 0, tuple(sorted(keys)))
        entries: dict[str, AcronymEntry] = {}
        for short_key, counts in papers_of.items():
            ranked = tuple(sorted((Sense(senses[s].long_form, senses[s].key, n, senses[s].variants)
                                   for s, n in counts.items()), key=lambda sense: (-sense.papers, sense.key)))
            top, total = ranked[0], sum(counts.values())
            clear = top.papers >= min_papers and top.papers >= min_share * total
            spellings = self.short_spellings[short_key]
            entries[short_key] = AcronymEntry(min(spellings, key=lambda s: (-spellings[s], s)), short_key, ranked,
                                              top if clear else None)
        return AliasTable(entries, {pair: senses[signature].key for pair, signature in per_paper.items()},
                          {variant: sense.key for sense in senses.values() for variant in sense.variants})


def _most_given(given: list[str]) -> str:
    counts = Counter(given)
    return min(counts, key=lambda s: (-counts[s], s))


def alias_rows(table: AliasTable, *, min_papers: int = MIN_PAPERS) -> list[dict]:
    """The acronyms at least ``min_papers`` papers define, as JSON-ready rows (sorted by acronym key).

    The same rows as :func:`acronym_table` reads from a built graph (senses in the table's order).

    >>> table = learn_aliases([("p1", "AR", "augmented reality"), ("p2", "AR", "argument retrieval")])
    >>> alias_rows(table)
    [{'acronym': 'AR', 'papers': 2, 'status': 'ambiguous', 'senses': [['argument retrieval', 1], ['augmented reality', 1]]}]
    """
    return [{"acronym": entry.short_form, "papers": entry.papers, "status": entry.status,
             "senses": [[sense.long_form, sense.papers] for sense in entry.senses]}
            for key, entry in sorted(table.entries.items()) if entry.papers >= min_papers]


def node_records(table: AliasTable, *, min_papers: int = MIN_PAPERS) -> dict[str, list[dict]]:
    """Group key -> what the nodes grouped under it record of the acronyms at least ``min_papers`` papers define.

    A sense's node records ``{"acronym", "long_form", "papers", "of", "status"}``: how many of the ``of``
    papers that define the acronym give this long form.  The acronym's own node (bare mentions no learned
    sense claims) records ``long_form`` None and ``papers`` 0.  ``build_graph`` keeps them as the nodes'
    ``acronyms`` attribute, so they travel with ``graph.json`` and the Parquet tables.

    >>> table = learn_aliases([("p1", "AR", "augmented reality"), ("p2", "AR", "argument retrieval")])
    >>> node_records(table)["ar"]
    [{'acronym': 'AR', 'long_form': None, 'papers': 0, 'of': 2, 'status': 'ambiguous'}]
    """
    records: dict[str, list[dict]] = defaultdict(list)
    for key, entry in sorted(table.entries.items()):
        if entry.papers < min_papers:
            continue
        for sense in entry.senses:
            records[sense.key].append({"acronym": entry.short_form, "long_form": sense.long_form,
                                       "papers": sense.papers, "of": entry.papers, "status": entry.status})
        if entry.dominant is None:
            records[key].append({"acronym": entry.short_form, "long_form": None, "papers": 0, "of": entry.papers,
                                 "status": entry.status})
    return dict(records)


def acronym_table(graph) -> list[dict]:
    """The acronyms two or more papers define, from a built graph's nodes: what the corpus taught.

    One row per acronym, ``{"acronym", "papers", "status", "senses": [[long form, papers], ...]}``,
    most papers first.  ``acronym_table(kg.analytics.load_graph("kg-out"))`` reads a build's.

    >>> import networkx as nx
    >>> graph = nx.MultiDiGraph()
    >>> graph.add_node("method/ar", acronyms=[{"acronym": "AR", "long_form": None, "papers": 0, "of": 3,
    ...                                       "status": "ambiguous"}])
    >>> graph.add_node("method/augmentedreality", acronyms=[{"acronym": "AR", "long_form": "augmented reality",
    ...                                                      "papers": 2, "of": 3, "status": "ambiguous"}])
    >>> acronym_table(graph)
    [{'acronym': 'AR', 'papers': 3, 'status': 'ambiguous', 'senses': [['augmented reality', 2]]}]
    """
    rows: dict[str, dict] = {}
    senses: dict[str, dict[str, int]] = defaultdict(dict)
    for _, records in graph.nodes(data="acronyms"):
        for record in records or ():
            rows.setdefault(record["acronym"], {"acronym": record["acronym"], "papers": record["of"],
                                                "status": record["status"]})
            if record["long_form"] is not None:
                senses[record["acronym"]][record["long_form"]] = record["papers"]
    return [{**rows[name], "senses": [[long_form, papers] for long_form, papers in
                                      sorted(senses[name].items(), key=lambda item: (-item[1], item[0]))]}
            for name in sorted(rows, key=lambda name: (node_key(name), name))]
