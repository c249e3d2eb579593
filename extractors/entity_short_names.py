"""A coined name the paper proposes in several words and then writes by its first word alone: "We present GAIA Search
- a search engine ..." ... "GAIA serves a dual purpose" (round h15bo).

The candidate rules find the proposal's full name ("GAIA Search", "the ZorbKG Walker model": round h15bk) and the
later short mentions as a name of their own ("GAIA"), so the paper's one thing was two names: two nodes on the graph,
the proposal on one and the uses on the other. The short mentions take the full name as their long form, as an
acronym takes its definition: the scorer counts the two as one prediction, and the graph's alias table
(:mod:`kg.aliases`) puts the paper's short mentions on the full name's node, as it does a defined acronym's.

A short mention is the full name's only when nothing says the first word is a name of its own:

* the full name is proposed, written in two or more words, its words after the first capitalised ("GAIA Search", not a
  span run on into "DualGATs surpass state-of-the-art") and with no digit (not a version: "MultiWOZ 2.2", "WordNet
  2019", "SalesBot 2.0" are new editions of a thing the paper also names);
* the short mention is the first word exactly, of the same kind, with no long form of its own, and its sentence does
  not write it before another capitalised word ("the Aya Collection" where the paper proposes the "Aya Dataset"); it
  takes the full name's own long form where the full name is an acronym ("Neural Zorbic Logic Induction (NZL DSI)"
  ... "NZL": its definition, where the graph puts the full name's mentions);
* no sentence of the paper writes the first word alone beside the full name ("the MedZorb Summarizer model, built on
  top of MedZorb"; "Qarnet Adapter matches full fine-tuning of Qarnet"): there the paper tells the two apart, so the
  first word is another thing, the one the proposal is built on or compared with (review51);
* kg knew no mention of the first word before this abstract (a type rule that knows the name: "LSTM" of "LSTM Noisy
  Channel Model", "WikiReading" of "WikiReading Recycled", "ASR" of "ASR TAMIL SSN"), and the corpus does not class
  it (:func:`extractors.entity_corpus.corpus_class`).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace

from extractors.entity_corpus import KNOWN_TYPE_RULES, corpus_class
from ontology.kinds import Relation
from ontology.records import Mention

__all__ = ["with_full_names"]

#: Type rules (the part after "+" of an extractor) that know a name before this abstract, and a named dataset's.
_KNOWING_RULES = KNOWN_TYPE_RULES | {"named_dataset"}


def _type_rule(mention: Mention) -> str:
    return mention.provenance.extractor.rsplit("+", 1)[-1]


def _another_name_here(mention: Mention, full: set[tuple[str, object]]) -> bool:
    """Does the short mention's sentence write its word before another capitalised word, a name of several words
    that is not the full name ("the Aya Collection" where the paper proposes the "Aya Dataset")?"""
    starts = {" ".join(name.split()[:2]) for name, _ in full}
    pattern = r"(?<![\w-])" + re.escape(mention.name) + r" ([A-Z][a-z]+)\b"
    return any(f"{mention.name} {word}" not in starts
               for word in re.findall(pattern, mention.provenance.sentence or ""))


def _told_apart(sentence: str, short: str, full_names: set[str]) -> bool:
    """Does ``sentence`` write one of ``full_names`` and, outside them, ``short`` alone ("We introduce the MedZorb
    Summarizer model, built on top of MedZorb")?

    >>> _told_apart("The Zorb Adapter outperforms Zorb.", "Zorb", {"Zorb Adapter"})
    True
    >>> _told_apart("We release Zorb Adapter. It is fast.", "Zorb", {"Zorb Adapter"}), _told_apart("Zorb wins.", "Zorb",
    ...                                                                                           {"Zorb Adapter"})
    (False, False)
    """
    rest = sentence
    for name in sorted(full_names, key=len, reverse=True):
        rest = rest.replace(name, "\0")
    return rest != sentence and re.search(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])", rest) is not None


def with_full_names(mentions: list[Mention]) -> list[Mention]:
    """``mentions`` (of any papers, in order), where a paper's short mention of a full name it proposes takes that
    name as its long form (see the module docstring).

    >>> from ontology.kinds import EntityKind
    >>> from ontology.records import Provenance
    >>> def m(name, relation, rule="default"):
    ...     return Mention("p", name, EntityKind.METHOD, Relation(relation), Provenance("x", extractor="k:r+" + rule))
    >>> out = with_full_names([m("GAIA Search", "proposes"), m("GAIA", "uses"), m("LSTM Zorb Model", "proposes"),
    ...                        m("LSTM", "uses"), m("Zorb 2.0", "proposes"), m("Zorb", "uses")])
    >>> [(x.name, x.long_form) for x in out]  # doctest: +NORMALIZE_WHITESPACE
    [('GAIA Search', None), ('GAIA', 'GAIA Search'), ('LSTM Zorb Model', None), ('LSTM', None), ('Zorb 2.0', None),
     ('Zorb', None)]
    """
    full: dict[tuple[str, str], set[tuple[str, object]]] = defaultdict(set)  # (paper, first word) -> (form, kind)
    known: set[tuple[str, str]] = set()  # (paper, name) of mentions a knowing rule typed
    written: dict[tuple[str, str], set[str]] = defaultdict(set)  # (paper, first word) -> the full names as written
    for mention in mentions:
        if _type_rule(mention) in _KNOWING_RULES:
            known.add((mention.paper_ref, mention.name))
        words = mention.name.split()
        if mention.relation is Relation.PROPOSES and len(words) > 1 and all(w[:1].isupper() for w in words[1:]) \
                and not any(ch.isdigit() for word in words[1:] for ch in word):
            full[(mention.paper_ref, words[0])].add((mention.long_form or mention.name, mention.kind))
            written[(mention.paper_ref, words[0])].add(mention.name)
    if not full:
        return mentions
    apart = {(mention.paper_ref, first) for mention in mentions for first in {mention.name, *mention.name.split()[:1]}
             if (mention.paper_ref, first) in full
             and _told_apart(mention.provenance.sentence or "", first, written[(mention.paper_ref, first)])}
    out = []
    for mention in mentions:
        key = (mention.paper_ref, mention.name)
        names = {name for name, kind in full.get(key, ()) if kind is mention.kind}
        if len(names) == 1 and mention.long_form is None and key not in known and key not in apart \
                and corpus_class(mention.name) is None and not _another_name_here(mention, full[key]):
            mention = replace(mention, long_form=next(iter(names)))
        out.append(mention)
    return out
