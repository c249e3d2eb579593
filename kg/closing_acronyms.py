"""Names that close with an acronym and the same name spelled out: "unsupervised MT", "unsupervised machine
translation".

Round h15cn's extractor names a narrower task by a word and a task acronym ("unsupervised MT", "multi-hop QA")
exactly where the word and the acronym's spelled-out words are a task name the train slice writes, so most such
names have a spelled-out twin in the corpus; :func:`kg.aliases.spelled_out_joins` joins names that *open* with an
acronym only.  :func:`closing_acronym_joins` proposes the joins for names that *close* with one, with the same vote;
:mod:`kg.entity_decisions` makes them last and skips a join whose twin already sits in the bare acronym's node
(review75: "open-domain question answering" is in QA's node where papers define "open-domain question answering
(QA)", and the narrower task keeps a node of its own rather than folding into the plain task, round h15p's choice).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping

from kg.aliases import ACRONYM_WORD, MIN_PAPERS, MIN_SHARE, SMALL_WORDS, initials, spelled_candidates
from ontology.ids import entity_key

__all__ = ["closing_acronym_joins"]

#: The most words a closing name's opening may have ("low-resource MT": one; "cross-lingual open-domain QA": two).
_MAX_OPENING = 3


def closing_acronym_joins(names: Mapping[str, Collection[str]], papers: Mapping[str, int],
                          senses: Mapping[str, str | None] | None = None) -> list[tuple[str, str, str]]:
    """``(short key, long key, acronym)`` for group keys whose names differ only by a closing acronym spelled out.

    ``names``: group key -> its names of several words as written; ``papers``: group key -> how many papers name
    it so; ``senses``: acronym (lower case) -> its learned long form, or None where the defining papers give no
    clear one.  A name of one to three words and an acronym ("unsupervised MT") joins the group of a name of the
    same opening words (case and hyphens folded) followed by words whose initials spell the acronym ("unsupervised
    machine translation"), when that candidate is the only one, or, of several ("AP generation": automatic poetry,
    pun generation), the one at least ``MIN_PAPERS`` papers and ``MIN_SHARE`` of the candidates' papers name; the
    name's own group is no candidate.  One paper's twin is enough where it is the only one: the opening word fixes
    the sense far more than a bare opening acronym does, and the extractor names "<word> ACR" only where the word
    and the acronym spelled out are a learned task name (round h15cn).  An acronym the corpus defines joins only
    its learned sense spelled out ("MT" as "machine translation", never "morphological tagging"); an ambiguous
    one joins none.

    >>> names = {"unsupervisedmt": ["unsupervised MT"], "unsupervisedmachinetranslation":
    ...          ["unsupervised machine translation"], "multihopqa": ["multi-hop QA"],
    ...          "multihopquestionanswering": ["multi-hop question answering"], "fewshotner": ["few-shot NER"]}
    >>> papers = {"unsupervisedmt": 5, "unsupervisedmachinetranslation": 10, "multihopqa": 5,
    ...           "multihopquestionanswering": 1, "fewshotner": 4}
    >>> closing_acronym_joins(names, papers, {"mt": "machine translation", "qa": None})  # QA: no clear sense
    [('unsupervisedmt', 'unsupervisedmachinetranslation', 'mt')]
    """
    closers: list[tuple[str, str, str]] = []  # (group key, acronym, opening's key)
    several = [(key, name.split()) for key in sorted(names) for name in names[key] if " " in name.strip()]
    for key, words in several:
        if 1 < len(words) <= _MAX_OPENING + 1 and ACRONYM_WORD.fullmatch(words[-1]):
            closers.append((key, words[-1].lower(), entity_key(" ".join(words[:-1]))))
    acronyms = {acronym for _, acronym, _ in closers}
    spelled: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)  # (initials, opening) -> (key, spelled)
    for key, words in several:
        for end in range(1, min(len(words) - 1, _MAX_OPENING) + 1):
            tail = words[end:]
            for letters in {initials(tail), initials(w for w in tail if w.lower() not in SMALL_WORDS)} & acronyms:
                spelled[(letters, entity_key(" ".join(words[:end])))].add((key, " ".join(tail)))
    joins: dict[str, tuple[str, str]] = {}
    senses = senses or {}
    for key, acronym, opening in closers:
        candidates = spelled_candidates(spelled.get((acronym, opening), ()), acronym, senses)
        if not candidates or key in candidates or key in joins:
            continue
        best = max(sorted(candidates), key=lambda c: papers.get(c, 0))
        if len(candidates) == 1 or (papers.get(best, 0) >= MIN_PAPERS
                                    and papers.get(best, 0) >= MIN_SHARE * sum(papers.get(c, 0) for c in candidates)):
            joins[key] = (best, acronym)
    return sorted((key, best, acronym) for key, (best, acronym) in joins.items())
