"""One capitalised word the authors propose with an apposition naming its kind: a candidate source (round h15br).

"To tackle these problems, we propose Zorbify, the first global and model-agnostic explanation method ...": the name
is one capitalised word that is no coined shape (an English word, or a made-up one with no inner capital), which
alone is no name, so no other source finds it; the sentence's structure vouches for it:

* "we" right before a proposal verb (``PROPOSE`` cue), or with one adverb between ("we also introduce");
* right after the verb one capitalised word (hyphenated parts written without spaces allowed: "Zorb-Fusion"), no
  stop word, then a comma;
* then an apposition: "a", "an" or "the", and within :data:`_REACH` words, none a punctuation mark but a hyphen
  nor a word that ends the noun phrase (:data:`_PHRASE_ENDS`: "an open-source tool to extract ... from a parsed
  corpus" names a tool, not a corpus) nor another article, a lower-case noun of a kind of thing
  (:func:`extractors.entity_colon_list.kind_of`: method, framework, model, dataset, corpus, metric ...), not hyphened
  to the next word ("a corpus-based metric": a modifier), which gives the kind; no word of the apposition calls the
  thing established (``NOT_NEW`` cue: "a popular benchmark", "a widely used model").

Not "we propose Zorbify for ranking" (no apposition), "we present Wikipedia, a free encyclopedia" (no kind noun),
"We propose, a ..." (no name), "we evaluate Zorbify, a new method" (no proposal verb: that name is found, if at all,
by the other sources).

>>> from extractors.entities import blank_pipeline
>>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("Hence we propose Zorbify, the first model-agnostic explanation method for text. "
...           "We present Quxpedia, a free encyclopedia. We evaluate Flimsy, a new method.")
>>> [(doc[s:e].text, kind.value) for s, e, kind in apposed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]
[('Zorbify', 'method')]
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_candidates import Cues
from extractors.entity_colon_list import kind_of
from extractors.token_texts import token_arrays
from ontology.kinds import EntityKind

__all__ = ["apposed_names"]

#: Words from the apposition's article to its kind noun ("the first global and model - agnostic explanation method").
_REACH = 10
_ARTICLES = frozenset({"a", "an", "the"})
#: Words that end the apposition's noun phrase before a kind noun is reached: its noun was another word.
_PHRASE_ENDS = frozenset({"to", "for", "of", "from", "that", "which", "with", "in", "on", "by", "at", "as", "into",
                          "used", "using", "where", "who", "whose", "than", "via", "over", "between"})
#: Most hyphenated parts of the name ("Zorb-Fusion": three tokens).
_MAX_TOKENS = 5


def apposed_names(doc: Doc, cues: Cues) -> list[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each capitalised word the authors propose with an apposition naming its kind (see
    the module docstring), in text order."""
    texts, lowers, flags = token_arrays(doc)
    found: list[tuple[int, int, EntityKind]] = []
    for verb in (i for i in range(1, len(doc) - 4) if "PROPOSE" in cues.get(i, set())):
        if not (lowers[verb - 1] == "we" or (verb >= 2 and lowers[verb - 2] == "we" and lowers[verb - 1].isalpha()
                                             and not flags.is_sent_start[verb - 1])):
            continue
        start = verb + 1
        end = _name_end(texts, flags, start)
        if end is None or end + 2 >= len(doc) or texts[end] != "," or lowers[end + 1] not in _ARTICLES:
            continue
        kind = _apposition_kind(texts, lowers, flags, end + 2, cues)
        if kind is not None:
            found.append((start, end, kind))
    return found


def _name_end(texts: list[str], flags, start: int) -> int | None:
    """The end of one capitalised word (hyphenated parts joined without spaces) at ``start``, or None."""
    first = texts[start]
    if not (first[:1].isupper() and first.isalpha() and first[1:].islower()) or flags.is_stop[start] \
            or flags.is_sent_start[start]:
        return None  # a shaped word ("UDzorb", "PHASE") is the shape rules' (proposed_shape)
    end = start + 1
    while end + 1 < len(texts) and end - start < _MAX_TOKENS and texts[end] == "-" \
            and not flags.whitespace[end - 1] and not flags.whitespace[end] and texts[end + 1][:1].isalnum():
        end += 2
    return end


def _apposition_kind(texts: list[str], lowers: list[str], flags, start: int, cues: Cues) -> EntityKind | None:
    """The kind the apposition's noun gives, reading from the word after its article; None when a punctuation mark,
    a word that calls the thing established or another article ("a web-based tool and a dataset of ...": the noun
    was "tool") comes first, or no kind noun within :data:`_REACH` words. A kind noun hyphened to the next word
    modifies it ("a corpus-based evaluation metric", "a model-agnostic explanation method") and is read past
    (review56: such a modifier had made a metric a dataset, overriding the kind the typing apposition gave)."""
    for k in range(start, min(start + _REACH, len(texts))):
        if (flags.is_punct[k] and texts[k] != "-") or "NOT_NEW" in cues.get(k, set()) or lowers[k] in _PHRASE_ENDS \
                or lowers[k] in _ARTICLES:
            return None  # "Zorb, an open-source tool to extract ... from a parsed corpus": the noun is "tool"
        if k + 1 < len(texts) and texts[k + 1][:1] in {"-", "–"} and not flags.whitespace[k]:
            continue  # "a corpus-based metric", "a task-oriented ... system": a modifier, not the head (review56)
        kind = kind_of(lowers[k]) if flags.is_lower[k] else None
        if kind is not None:
            return kind
    return None
