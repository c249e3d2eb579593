"""What a computed link's reasons say when its two papers share no entity and no term the reasons show (round h16w).

The reasons (:class:`kg.similarity_reasons.Explainer`) name the entities and the text columns both papers' rows
have.  On the full Anthology about 314 of 359,000 links had neither: the 1952 "Translation" page and "Machine
Translation" (strength 0.999), "Microsemantics" and "On Logical Formulation of the Computation Process in
Semantical Systems", "The LOGOS system" and "LogoVista E to J".  Such links come from the back-off
(:mod:`kg.similarity_backoff`), which completes the papers the search leaves short: on the corpus stop words
("translation" is in more than 5 % of the reference papers, so the text rows leave it out), or on words spelled
alike ("microsemantics" for "semantics"); never from the search itself, which scores only the pairs whose rows
share a column (:func:`kg.similarity_ranking.top_stored`: the stored cells of the product), the dense, LSA and
mapped cosines only moderating those scores (review 70).  An empty
list read as a fault, and the strength (the score's percentile) said nothing of how little backs such a link: of
50 read at random, 9 were related by the criterion of docs/analytics.md's "Judged sample".  So such a link is
marked weak (:attr:`kg.similarity_links.LinkBlock.weak`) and its reasons say what the two papers do share, by
:func:`unshared_reasons`:

1. the corpus stop words both papers use, heaviest in both first: "translation (frequent word)" (a pair of words
   shown, its two words are not: "machine translation (frequent word)" alone, as in the shared terms);
2. else the pairs of their words spelled most alike, by the likeness the back-off's spelled-alike step uses (the
   cosine of their character trigrams weighed by IDF over the reference vocabulary,
   :func:`kg.similarity_backoff.spelling_trigrams`; review 70: plain trigram counts put "xyzzyq" and "fuzzy" at
   0.18, under the floor, where the back-off had found the link on them at 0.36):
   "microsemantics ~ semantical (spelled alike)".  The back-off likens all a short paper's words at once to each
   reference word, so its words may reach the floor only together ("Die Malarinseln und ihre Sehenswurdigkeiten"
   and "tense": 0.22 together, 0.14 and 0.18 each): where no pair reaches :data:`ALIKE_FLOOR`, the most alike
   pair is shown;
3. else (no pair with a trigram in common) :data:`NO_SHARED_WORD`: the back-off found the link on a word spelled
   alike beyond the :data:`_ALIKE_WORDS` heaviest of a paper compared here (round h16w's text, "no shared word
   (close in meaning)", said the word vectors and the LSA part gave the score; they find no link alone: review 70).

>>> unshared_reasons(({}, {"translation": 0.9}, ()), ({"name": 0.5}, {"translation": 0.8}, ()))
('translation (frequent word)',)
>>> unshared_reasons(({"microsemantics": 1.0}, {}, ()), ({"semantical": 0.7, "logical": 0.7}, {}, ()))
('microsemantics ~ semantical (spelled alike)',)
>>> unshared_reasons(({"homunculus": 1.0}, {}, ()), ({"monotonicity": 1.0}, {}, ()))
('no shared word',)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from kg.char_trigrams import CharTrigramTfidf
from kg.similarity_backoff import SPELLING_FLOOR, spelling_trigrams
from kg.similarity_words import SHARED_SHOWN, without_parts
from ontology.shared_terms import ALIKE_SHOWN, FREQUENT_SHOWN, NO_SHARED_WORD

__all__ = ["ALIKE_SHOWN", "FREQUENT_SHOWN", "NO_SHARED_WORD", "UNSHARED_SHOWN", "PaperWords", "unshared_reasons"]

# FREQUENT_SHOWN, ALIKE_SHOWN and NO_SHARED_WORD (a word spelled alike beyond those compared) are the data model's
# (ontology.shared_terms), which the views read to keep stand-ins out of cluster labels.
#: Pairs of words spelled alike shown at most, and the least likeness shown: the back-off's own floor.
ALIKE_SHOWN_MOST = 2
ALIKE_FLOOR = SPELLING_FLOOR
#: Words of a paper compared for their spelling at most (its heaviest first): a pair of abstracts sharing no word
#: at all is rare, and comparing every word of one with every word of the other is quadratic.
_ALIKE_WORDS = 40

#: A paper's words as :func:`unshared_reasons` reads them: its text row's single words and their weights, its
#: weights on the corpus stop words, and the words of a text made of stop words only (no weight).
PaperWords = tuple[Mapping[str, float], Mapping[str, float], Sequence[str]]
#: The suffixes of the reasons this module makes, and its one whole reason (tests and readers tell them apart).
UNSHARED_SHOWN = (FREQUENT_SHOWN, ALIKE_SHOWN, NO_SHARED_WORD)


def unshared_reasons(first: PaperWords, second: PaperWords, top: int = SHARED_SHOWN,
                     spelling: CharTrigramTfidf | None = None) -> tuple[str, ...]:
    """What two papers that share no entity and no shown term have in common, at most ``top`` reasons; never empty.

    ``spelling`` weighs the words' character trigrams (default: :func:`kg.similarity_backoff.spelling_trigrams` of
    the shipped statistics)."""
    kept_a, common_a, bare_a = first
    kept_b, common_b, bare_b = second
    frequent = sorted(set(common_a).intersection(common_b), key=lambda word: (-common_a[word] * common_b[word], word))
    if frequent:  # a pair of words shown, its words are not, as in the shared terms (review 70)
        return tuple(word + FREQUENT_SHOWN for word in without_parts(tuple(frequent), top))
    alike = _spelled_alike(_heaviest(kept_a, common_a, bare_a), _heaviest(kept_b, common_b, bare_b),
                           spelling or spelling_trigrams())
    if alike:
        return tuple(f"{a} ~ {b}{ALIKE_SHOWN}" for a, b in alike[:min(top, ALIKE_SHOWN_MOST)])
    return (NO_SHARED_WORD,)


def _heaviest(kept: Mapping[str, float], common: Mapping[str, float], bare: Iterable[str]) -> list[str]:
    """A paper's single words, heaviest first (then alphabetically), at most :data:`_ALIKE_WORDS`."""
    weights = {word: weight for word, weight in (*kept.items(), *common.items()) if " " not in word}
    for word in bare:
        weights.setdefault(word, 0.0)
    return sorted(weights, key=lambda word: (-weights[word], word))[:_ALIKE_WORDS]


def _spelled_alike(first: Sequence[str], second: Sequence[str],
                   spelling: CharTrigramTfidf) -> list[tuple[str, str]]:
    """Pairs of a word of ``first`` and a different word of ``second``, most alike first (the cosine of their rows of
    ``spelling``, 6 places; a tie to the first words alphabetically), each word in one pair; where none is as alike as
    :data:`ALIKE_FLOOR`, the most alike pair alone (any likeness above 0)."""
    if not first or not second:
        return []
    rows = spelling.transform([*first, *second])
    likeness = (rows[:len(first)] @ rows[len(first):].T).toarray().round(6).tolist()
    found = sorted((-like, a, b) for a, alike in zip(first, likeness) for b, like in zip(second, alike)
                   if a != b and like > 0)
    if found and -found[0][0] < ALIKE_FLOOR:  # alike only together, as the back-off likens a paper's words
        return [found[0][1:]]
    found = [item for item in found if -item[0] >= ALIKE_FLOOR]
    pairs: list[tuple[str, str]] = []
    used: set[str] = set()
    for _, a, b in found:
        if a not in used and b not in used:
            pairs.append((a, b))
            used.update((a, b))
    return pairs
