"""Names the authors give a new thing with "called" / "named": a candidate source of ``kg_entities`` (round h15y).

A paper that makes something and names it in the same breath writes "we propose a new objective called the anchor
loss", "we propose a novel framework called noise rescaling", "we introduce a novel concept named knowledge
boundary", "we design a novel structure named event quadruple", "a new ... dataset called Wojoodfine". The name is
often written in lower case, so no other source proposes it (a lower-case phrase is a candidate only when the
corpus or a head word vouches for it), or it is one capitalised word, which alone is no name. Here the sentence's
structure vouches for it:

* a naming verb (``called``, ``named``, ``dubbed``, ``termed``) right after a noun, in a noun phrase opened by
  "a" / "an" with a "new" word (``NEW`` cue: new, novel, unified ...) between the article and the noun, at most
  :data:`_MAX_PHRASE_WORDS` words, no function word or punctuation mark in it (not "a new method to recognize
  ... named entities");
* the authors' proposal verb (``PROPOSE`` cue: "we propose", "we introduce", "this paper presents") earlier in the
  sentence;
* after the verb (an article or an opening quote skipped) one to :data:`_MAX_NAME_WORDS` lower-case words, or one
  to :data:`_MAX_CAPITALISED_WORDS` capitalised words (hyphenated parts allowed; round h15az), closed by
  punctuation, a clause's function word (:data:`_CLOSERS`) or the sentence's end, not by an acronym in parentheses
  (the acronym source reads pairs) ("the anchor loss which ...", "noise rescaling.", "knowledge boundary to ...";
  capitalised words only by punctuation: "called Wojoodfine,", "named Attention Buckets.", not "called Stroll with
  a Scroll") — not a phrase that runs on, and no field or generic term (``non_tasks.txt``, ``paradigms.txt``,
  ``generic_terms.txt``);
* a comma after the noun links it to a capitalised name as a naming verb does ("we propose a novel and valuable
  method, Clean-Eval, which ...": round h15az; never a lower-case one: "a new method, which ..."; not after a
  setting's noun, "a new domain, Finance, ...", nor a sentence adverb, "a new method, Specifically, we ..."), and
  "and" / "yet" may join the phrase's words ("a simple yet effective framework", "a new dataset and model called").
  A count word may open the phrase in place of the article when its noun is plural; the comma then links it to two or
  more capitalised names joined by "and" or commas, as many as the count at most ("we propose two new approaches,
  Zorb Prompting and Flim-All, to ...": round h15bb).
  A capitalised name has at most :data:`_MAX_NAME_PARTS` hyphenated parts in all, an en dash without spaces joins
  parts as a hyphen does, and a spaced dash before another capitalised word ("called Zorb - Flim,") refuses the
  name (review 38 of round h15az).

The noun gives the kind: a dataset noun a dataset, a measure a metric, "task" / "problem" a task, anything else
(objective, framework, structure, concept, method) a method. The lower-case names the authors propose without an
article ("we propose zorb-aware bootstrap learning, which ...": :mod:`extractors.entity_bare_proposal`, round h15ab)
are found here too, under the same type rule, and so are the names the authors give their own team in an aside ("We
(Team Zorbie) propose ...", "our submission (team ID: zorb_wat)": :mod:`extractors.entity_teams`, round h15ac), and
the names listed after a colon that closes the authors' proposal ("we design two novel metrics: zorb matching score
and ...": :mod:`extractors.entity_colon_list`, round h15ae), and one capitalised word the authors propose with an
apposition naming its kind ("we propose Zorbify, the first ... method": :mod:`extractors.entity_apposed_names`, round
h15br).
Not "responses, called counter narratives" (no new thing), "cooking techniques (also called processes)" (no article,
no proposal), "we use a method called replaced token detection" (nothing new).

>>> from extractors.entities import blank_pipeline
>>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We propose a new objective called the zorb loss which is fast.")
>>> cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
>>> [(doc[s:e].text, kind.value) for s, e, kind in named_new_names(doc, cues)]
[('zorb loss', 'method')]
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from spacy.tokens import Doc

from extractors.entity_apposed_names import apposed_names
from extractors.entity_bare_proposal import bare_proposed_names
from extractors.entity_candidates import Cues
from extractors.entity_colon_list import colon_listed_names
from extractors.entity_lexicon import NAMING_VERBS, word_list
from extractors.entity_teams import own_team_names
from extractors.token_texts import (
    CLOSING_QUOTES,
    OPENING_QUOTES,
    sentence_start,
    span_text,
    token_arrays,
    token_lowers,
    token_texts,
)
from ontology.kinds import EntityKind

__all__ = ["NAMED_NEW_RULE", "framed_names", "named_new_names"]

#: The type rule of the candidates this module finds.
NAMED_NEW_RULE = "named_new"
#: Words from the article to the naming verb ("a new Arabic fine-grained NER dataset called ...": 7).
_MAX_PHRASE_WORDS = 8
#: Lower-case words of a name ("hard gate knowledge distillation").
_MAX_NAME_WORDS = 4
_DATASET_NOUNS = frozenset({"dataset", "corpus", "benchmark", "treebank", "lexicon", "collection", "resource",
                            "database", "testbed", "suite"})
_METRIC_NOUNS = frozenset({"metric", "measure", "score", "coefficient", "index"})
_TASK_NOUNS = frozenset({"task", "problem", "subtask"})
_NOT_NAMES = ("non_tasks.txt", "paradigms.txt", "generic_terms.txt")
#: Function words that close a lower-case name ("the anchor loss which ...", "knowledge boundary to ..."; not "last"
#: or "first", which spaCy counts as stop words but go on a name: "named masked last action task").
_CLOSERS = frozenset({"which", "that", "to", "for", "in", "with", "and", "or", "as", "by", "on", "of", "from", "where",
                      "whose", "who", "is", "was", "are", "can", "could", "will", "would", "through", "via", "using"})
#: Capitalised words of a name ("a novel inference method named Attention Buckets"; round h15az).
_MAX_CAPITALISED_WORDS = 3
#: Function words that may join the words of the noun phrase: its adjectives ("a novel and valuable method,
#: Clean-Eval,", "a simple yet effective framework called ...") or its nouns ("a new dataset and model called Zorb":
#: the last noun gives the kind). Without a part-of-speech tagger no test tells an adjective from a noun, and a "new"
#: cue on the word before the link would lose "simple yet effective" (review 38, L2).
_PHRASE_LINKS = frozenset({"and", "yet"})
#: Hyphenated parts of a capitalised name in all ("Flim-Zorb Tuning": 3); a longer run is no name (review 38, L4).
_MAX_NAME_PARTS = 6
#: Dashes that join the parts of a capitalised name when written without spaces ("Clean-Eval", "Zorb–Flim": an en
#: dash reads as a hyphen, review 38 L4), and, with a capitalised word after them, show that the name goes on ("called
#: Zorb - Flim,": refused, not cut to "Zorb"; L5).
_JOINING_DASHES = frozenset({"-", "–"})
#: Count words that may open the "new" noun phrase in place of the article, with the most names they announce ("we
#: propose two new approaches, Zorb Prompting and Flim-All, ...": round h15bb).
_COUNT_WORDS: Mapping[str, int] = MappingProxyType({"two": 2, "three": 3, "four": 4, "five": 5})
_DASHES = _JOINING_DASHES | {"—"}
#: Nouns of a setting, not of a thing the authors make: the comma after them leads to the setting's name ("adapt the
#: model to a new domain, Finance, ...", "a new language, Amharic, ..."; review 38, L1).
_SETTING_NOUNS = frozenset({"domain", "domains", "language", "languages", "setting", "settings", "scenario",
                            "scenarios", "genre", "genres"})
#: Tokens after a name searched for an acronym in parentheses that spells out the longer phrase.
_ACRONYM_REACH = 6


def named_new_names(doc: Doc, cues: Cues, framed: list[tuple[int, int, EntityKind]] | None = None,
                    ) -> list[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each name ``doc`` gives a new thing of the authors': the naming frame's
    (:func:`framed_names`, or ``framed`` where the caller has them already), then the bare, team and colon-listed
    names no frame name overlaps, in text order.

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("These responses, called counter narratives, help. We use a method called zorb detection.")
    >>> named_new_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))
    []
    """
    found = list(framed_names(doc, cues) if framed is None else framed)
    found.extend((start, end, kind) for start, end, kind in bare_proposed_names(doc)
                 if not any(first < end and start < last for first, last, _ in found))
    found.extend((start, end, EntityKind.METHOD) for start, end in own_team_names(doc, cues)
                 if not any(first < end and start < last for first, last, _ in found))
    found.extend((start, end, kind) for start, end, kind in colon_listed_names(doc, cues)
                 if not any(first < end and start < last for first, last, _ in found))
    found.extend((start, end, kind) for start, end, kind in apposed_names(doc, cues)  # round h15br
                 if not any(first < end and start < last for first, last, _ in found))
    return sorted(found)


def framed_names(doc: Doc, cues: Cues) -> list[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each name the naming frame finds in ``doc``: a naming verb or a comma after a "new"
    noun phrase the authors propose (see the module docstring), the kind read from the phrase's noun, in text order.
    The kind pipeline also reads them after its typing rules, when a guess may already cover the name
    (:func:`extractors.entity_kind_votes.one_kind_per_name`).

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("We introduce a new resource, ZorbCorp, for parsing.")
    >>> [(doc[s:e].text, kind.value) for s, e, kind in framed_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]
    [('ZorbCorp', 'dataset')]
    """
    lowers = token_lowers(doc)
    found = []
    first_proposal = _first_proposal_by_sentence(doc, cues)
    for link in (i for i, lower in enumerate(lowers) if lower in NAMING_VERBS or lower == ","):
        comma = lowers[link] == ","
        article = _new_noun_phrase(doc, link, cues)
        if article is None or first_proposal.get(sentence_start(doc, link), article) >= article:
            continue  # no "new" noun phrase, or no proposal of the authors' before it in the sentence
        if comma and lowers[link - 1] in _SETTING_NOUNS:
            continue  # "a new domain, Finance, ...": the setting's name
        if lowers[article] in _COUNT_WORDS:  # "two new approaches, Zorb Prompting and Flim-All, ..." (round h15bb)
            names = _listed_names(doc, link + 1, _COUNT_WORDS[lowers[article]]) if comma else []
        else:
            name = _name_after(doc, link + 1, capitalised_only=comma)
            names = [] if name is None else [name]
        for first, end in names:
            if comma and _sentence_adverb(doc, first, end):
                break  # "a new method, Specifically, we rank": a comma splice, not a name
            if any(span_text(doc, first, end).lower() in word_list(listed) for listed in _NOT_NAMES):
                continue
            found.append((first, end, _kind_of(lowers[link - 1])))
    return found


def _listed_names(doc: Doc, i: int, most: int) -> list[tuple[int, int]]:
    """The two to ``most`` capitalised names listed from token ``i`` on after the comma of a counted "new" noun
    phrase, joined by "and", "," or ", and", the last closed by punctuation or the sentence's end ("Zorb Prompting and
    Flim-All,"); [] for anything else ("two new tasks, Zorb Tuning, ...": one name is no list of two).

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("two new approaches, Zorb Prompting and Flim-All, to augment parsers.")
    >>> [doc[s:e].text for s, e in _listed_names(doc, 4, 2)]
    ['Zorb Prompting', 'Flim-All']
    """
    texts, lowers, flags = token_arrays(doc)
    names: list[tuple[int, int]] = []
    while i < len(doc) and len(names) < most:
        end = _capitalised_words_end(doc, i) if not flags.is_stop[i] else None
        if end is None:
            return []
        names.append((i, end))
        if end < len(doc) and lowers[end] == "and":
            i = end + 1
        elif end + 1 < len(doc) and texts[end] == "," and lowers[end + 1] == "and":
            i = end + 2
        elif end + 1 < len(doc) and texts[end] == "," and len(names) < most - 1:
            i = end + 1
        else:
            closed = end >= len(doc) or flags.is_punct[end] or flags.is_sent_start[end]
            return names if closed and len(names) >= 2 and not (end < len(doc) and texts[end] in _DASHES | {"("}) \
                else []
    return []


def _first_proposal_by_sentence(doc: Doc, cues: Cues) -> dict[int, int]:
    """The index of the first token with a ``PROPOSE`` cue in each sentence, keyed by the sentence's start; made once
    per call from the cues alone, so a sentence of many commas costs time linear in its length (review 38, L3)."""
    first: dict[int, int] = {}
    for j in sorted(j for j, names in cues.items() if "PROPOSE" in names and 0 <= j < len(doc)):
        first.setdefault(sentence_start(doc, j), j)
    return first


def _sentence_adverb(doc: Doc, first: int, end: int) -> bool:
    """Is the name ``doc[first:end]`` one word in "-ly" with a comma after it ("Specifically, we rank": a sentence
    adverb after a comma splice, not a name)?"""
    texts = token_texts(doc)
    return end == first + 1 and end < len(doc) and texts[end] == "," and texts[first].endswith("ly")


def _new_noun_phrase(doc: Doc, verb: int, cues: Cues) -> int | None:
    """The index of the article opening "a / an ... new ... NOUN" right before the naming verb at ``verb``, or
    None (no such phrase: the noun is not a lower-case word, no "new" word, a punctuation mark between)."""
    texts, lowers, flags = token_arrays(doc)
    noun = verb - 1
    if noun < 1 or not (flags.is_lower[noun] and texts[noun].isalpha()) or flags.is_stop[noun]:
        return None
    new = False
    k = noun - 1
    while k >= 0 and verb - k <= _MAX_PHRASE_WORDS and not flags.is_sent_start[k]:
        if lowers[k] in {"a", "an"}:
            return k if new else None
        if lowers[k] in _COUNT_WORDS and lowers[noun].endswith("s"):
            return k if new else None  # "two new approaches, ..." (round h15bb)
        if (flags.is_punct[k] and texts[k] != "-") or (flags.is_stop[k] and lowers[k] not in _PHRASE_LINKS):
            return None  # "to recognize not only outermost named entities", "a new corpus of ... named entities"
        new = new or "NEW" in cues.get(k, set())
        k -= 1
    return None


def _name_after(doc: Doc, i: int, *, capitalised_only: bool = False) -> tuple[int, int] | None:
    """The name written from token ``i`` on (an article or an opening quote skipped): lower-case words, or one to
    :data:`_MAX_CAPITALISED_WORDS` capitalised words (hyphens inside a word allowed: "Clean-Eval"), closed by
    punctuation, a function word or the sentence's end; None for anything else (and for lower-case words when
    ``capitalised_only``: after a comma, "a new method, which ..." names nothing)."""
    texts, lowers, flags = token_arrays(doc)
    if i < len(doc) and lowers[i] == "the":
        i += 1
    quoted = i < len(doc) and texts[i] in OPENING_QUOTES
    if quoted:
        i += 1
    if i >= len(doc) or flags.is_stop[i] or flags.is_punct[i]:
        return None
    end = i
    if texts[i][:1].isupper():
        end = _capitalised_words_end(doc, i)
        if end is None:
            return None  # an acronym or a symbol: other sources find those
        if end < len(doc) and not (flags.is_punct[end] or flags.is_sent_start[end]):
            return None  # "called Stroll with a Scroll": a longer name, other sources read it
        if end + 1 < len(doc) and texts[end] in _DASHES and _title_word(texts[end + 1]):
            return None  # "called Zorb - Flim,": a spaced dash, and the capitalised words go on
    elif capitalised_only:
        return None
    else:
        while end < len(doc) and end - i < _MAX_NAME_WORDS + 1 and flags.is_lower[end] and not flags.is_stop[end] \
                and all(part.isalpha() for part in texts[end].split("-")) and not flags.is_sent_start[end]:
            end += 1
        if end == i or end - i > _MAX_NAME_WORDS:
            return None
    if quoted and not (end < len(doc) and texts[end] in CLOSING_QUOTES):
        return None  # "called “zorb model for citation recommendation (ZMCR)”": the quoted name goes on
    if end < len(doc) and not (flags.is_punct[end] or lowers[end] in _CLOSERS or flags.is_sent_start[end]
                               or (quoted and texts[end] in CLOSING_QUOTES)):
        return None  # the words go on: "called zorb loss functions" names no name here
    k = end
    while k < len(doc) and k - end <= _ACRONYM_REACH and not (flags.is_punct[k] and texts[k] != "("):
        if texts[k] == "(" and k + 1 < len(doc) and any(c.isupper() for c in texts[k + 1]):
            return None  # "the zorb reasoner (Z-Reasoner)", "zorb tasks for dialogue models (ZT-DM)": the name is
            # an acronym's long form, which the acronym source reads
        k += 1
    return i, end


def _capitalised_words_end(doc: Doc, i: int) -> int | None:
    """The end of the capitalised words from token ``i`` on ("Attention Buckets", "Clean-Eval", "Zorb"): each word
    capitalised with a lower-case letter after its first (not all capitals: other sources read acronyms), its parts
    joined by hyphens or en dashes without spaces, at most :data:`_MAX_CAPITALISED_WORDS` words of at most
    :data:`_MAX_NAME_PARTS` parts in all; None when token ``i`` opens no such word or the words go on past a limit.
    """
    texts, _, flags = token_arrays(doc)
    end, words, parts = i, 0, 0
    while end < len(doc) and words < _MAX_CAPITALISED_WORDS and _title_word(texts[end]) \
            and not flags.is_stop[end] and (end == i or not flags.is_sent_start[end]):
        parts += len(_parts(texts[end]))
        end += 1  # one word, then any "-Word" glued to it ("Clean-Eval" as one token or three)
        while end + 1 < len(doc) and texts[end] in _JOINING_DASHES and not flags.whitespace[end - 1] \
                and not flags.whitespace[end] and _title_word(texts[end + 1]):
            parts += len(_parts(texts[end + 1]))
            end += 2
        words += 1
        if parts > _MAX_NAME_PARTS:
            return None  # "Zorb-Zorb-...-Zorb": no name
    if end == i or (end < len(doc) and _title_word(texts[end]) and not flags.is_stop[end]):
        return None  # no capitalised word, or more than the limit
    return end


def _parts(text: str) -> list[str]:
    """The hyphenated parts of a word, a hyphen or an en dash between them ("Clean-Eval", "Zorb–Flim")."""
    return text.replace("–", "-").split("-")


def _title_word(text: str) -> bool:
    """A word capitalised with a lower-case letter after its first, its hyphenated parts too ("Buckets", "Clean-Eval",
    "HyTER"; not all capitals: "BLEU", "GPT-4", "3D")."""
    return all(part[:1].isupper() and part.isalnum() and any(c.islower() for c in part[1:]) for part in _parts(text))


def _kind_of(noun: str) -> EntityKind:
    """The kind of a name by the noun the naming verb follows."""
    forms = {noun, noun[:-1]} if noun.endswith("s") else {noun}  # "corpus", "datasets"
    if forms & _DATASET_NOUNS:
        return EntityKind.DATASET
    if forms & _METRIC_NOUNS:
        return EntityKind.METRIC
    if forms & _TASK_NOUNS:
        return EntityKind.TASK
    return EntityKind.METHOD
