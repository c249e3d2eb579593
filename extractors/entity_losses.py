"""Lower-case loss functions a sentence says it uses: a candidate source of ``kg_entities`` (type rule ``used_loss``).

Specific training objectives are written in lower case ("focal loss", "hard triplet loss", "consistency loss",
"multiple instance ranking loss") and end in a noun, "loss", that ends descriptions as often ("the final loss",
"a new loss", "little to no loss in accuracy", "the language modeling task loss"), so no head-word rule may take
them all (round h15g measured method heads and left them out). What marks the name is the verb of means before
it: a paper *uses*, *employs*, *adopts*, *applies*, *utilizes* or *leverages* a loss it can name. A phrase is taken
when

* it ends in "loss" written in lower case (not "loss of", "loss in": an amount lost), has one to
  :data:`MAX_MODIFIERS` lower-case modifiers before it (the modifiers of
  :mod:`extractors.entity_phrases`: no stop word, no word the corpus uses as a verb, no generic opener such as
  "novel"), and
* right before it stands a verb of means (:data:`MEANS_VERBS`), optionally followed by "the" and plain describing
  words that are no part of the name ("the standard cross-entropy loss": :data:`DESCRIBING`), or a conjunction
  right after another such loss ("utilizing margin loss or hard triplet loss"), and no word of
  :data:`NOT_NAMED` ("the proposed ... loss", "custom loss") before the name; not before "functions" or
  "terms" (a class of losses: "sequence-level loss functions").

The annotation guidelines ask for lower-case names of specific techniques (tuning set 7's README); "with" and
"via" are left out (they also introduce descriptions: "with the word-level loss"), and so is any head but "loss"
("attention" after "with" is mostly "with an attention mechanism", a broad class the guidelines make optional).

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We use the focal loss, and utilize margin loss or hard triplet loss. The final loss")
>>> [doc[s:e].text for s, e in used_losses(doc)]
['focal loss', 'margin loss', 'hard triplet loss']
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_phrases import glued_suffix, lower_names, name_modifier
from extractors.token_texts import token_arrays

__all__ = ["DESCRIBING", "MAX_MODIFIERS", "MEANS_VERBS", "NOT_NAMED", "lower_case_names", "used_losses"]

#: Lower-case words a loss's name may have before "loss".
MAX_MODIFIERS = 3
#: Verbs that say a paper uses what follows as its means (every form).
MEANS_VERBS = frozenset({
    "use", "uses", "used", "using", "utilize", "utilizes", "utilized", "utilizing", "utilise", "utilises",
    "utilised", "utilising", "employ", "employs", "employed", "employing", "adopt", "adopts", "adopted", "adopting",
    "apply", "applies", "applied", "applying", "leverage", "leverages", "leveraged", "leveraging"})
#: Describing words between the verb (and "the") and a loss's name that are no part of the name.
DESCRIBING = frozenset({"standard", "traditional", "conventional", "original", "usual", "common", "classical",
                        "classic", "popular", "typical", "vanilla", "additional", "auxiliary", "same", "weighted",
                        "supervised"})
#: Words before a loss that make the phrase no name of a known loss: the paper's own ("the proposed ... loss", not
#: used but made), one made for the occasion ("custom loss").
NOT_NAMED = frozenset({"proposed", "custom"})
#: Words after "loss" that make it an amount lost ("loss of accuracy", "loss in performance") or a class of losses
#: ("sequence-level loss functions", "loss terms").
_AFTER = frozenset({"of", "in", "functions", "terms"})
_HEAD = "loss"
_CONJUNCTIONS = frozenset({"and", "or", ","})


def used_losses(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the lower-case loss names ``doc`` says it uses (see the module docstring), in text order.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("CrossQE employs the standard cross-entropy loss. We propose a new loss.")
    >>> [doc[s:e].text for s, e in used_losses(doc)]
    ['cross-entropy loss']
    >>> doc = blank_pipeline()("Results drop with the word-level loss; we use little loss of accuracy.")
    >>> used_losses(doc)
    []
    >>> doc = blank_pipeline()("We apply the proposed attention loss, using several loss terms and the weighted loss.")
    >>> used_losses(doc)
    []
    """
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    found: list[tuple[int, int]] = []
    for i in [i for i, lower in enumerate(lowers) if lower == _HEAD]:
        if not flags.is_lower[i] or (i + 1 < len(doc) and lowers[i + 1] in _AFTER):
            continue
        start, modifiers = i, 0
        while start > 0 and modifiers < MAX_MODIFIERS and not flags.is_sent_start[start]:
            if lowers[start - 1] in DESCRIBING or lowers[start - 1] in NOT_NAMED:
                break
            if name_modifier(texts, flags, start - 1):
                start -= 1
            elif start > 1 and glued_suffix(texts, flags, start - 1) and name_modifier(texts, flags, start - 2):
                start -= 2  # "margin-based", written as "margin" + "-based" by the tokenizer: one modifier
            else:
                break
            modifiers += 1
        if start == i or flags.is_sent_start[start] or lowers[start - 1] in NOT_NAMED:
            continue  # "loss" alone names nothing; a sentence's first words have no verb before them
        k = start - 1
        while k > 0 and lowers[k] in DESCRIBING:
            k -= 1
        if lowers[k] == "the":
            k -= 1
        if k >= 0 and (lowers[k] in MEANS_VERBS
                       or (lowers[k] in _CONJUNCTIONS and found and found[-1][1] == k)):
            found.append((start, i + 1))
    return found


def lower_case_names(doc: Doc) -> list[tuple[int, int, str, str]]:
    """``(start, end, kind, type rule)`` of the lower-case names of ``doc``: those of
    :func:`~extractors.entity_phrases.lower_names` (learned task and method phrases), then the losses it uses
    (kind ``method``, type rule ``used_loss``), in that order (the caller keeps the first of overlapping ones).

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("For reading comprehension we use the focal loss.")
    >>> [(doc[s:e].text, kind, rule) for s, e, kind, rule in lower_case_names(doc)]
    [('reading comprehension', 'task', 'corpus_phrase'), ('focal loss', 'method', 'used_loss')]
    """
    return lower_names(doc) + [(start, end, "method", "used_loss") for start, end in used_losses(doc)]
