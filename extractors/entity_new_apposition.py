"""Names a noun phrase calls new around them: a role rule of ``kg_entities`` (round h15z).

The proposal rules of :mod:`extractors.entity_roles` read a verb before the name ("we propose X") or an apposition
after it ("X, a novel framework"). Papers also write the new thing's noun phrase first and the name after it, or the
name first and "as a new ..." after it, with no proposal verb in reach:

* **the apposition before the name**: "... resources: a new UPOS-annotated corpus, ZorbPos, with 675K tokens",
  "We also derived a new coefficient, Zorb's Distance Coefficient (ZDC) which ..." — an article, a ``NEW`` cue
  ("new", "novel", ...) among at most :data:`_MAX_MODIFIERS` modifiers, a lower-case noun, a comma, then the name
  (or a capitalised long form ending in the name's acronym in parentheses). Later appositions of the same shape in the
  same sentence list more of the new things ("...; a UPOS tagger, ZorbTagger, and a UD parser, ZorbParser"), when the
  name is one nothing knows;
* **"as a new" after the name**: "instruction tuning with Zorb Prompt as a new visual prompt tuning scheme".

Either way the name is proposed, unless the corpus, the gazetteer or a list knows it ("BERT as a new baseline" is
still BERT). The noun gives an untyped name its kind: a dataset noun a dataset ("corpus", "treebank"), a measure a
metric ("coefficient", "metric"); any other noun leaves the kind to the type rules.

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline("rules")("It includes a new annotated corpus, ZorbPos, and a tagger, ZorbTag, for Zulu.")
>>> [(s.text, s.label_, s._.kg_relation, s._.kg_role_rule) for s in doc.spans["kg_entities"]]
[('ZorbPos', 'dataset', 'proposes', 'new_apposition'), ('ZorbTag', 'method', 'proposes', 'new_apposition')]
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_corpus import KNOWN_TYPE_RULES, corpus_class
from extractors.entity_lexicon import in_list
from extractors.entity_names import model_family
from extractors.token_texts import sentence_start, span_text, token_arrays
from ontology.kinds import EntityKind

__all__ = ["NEW_APPOSITION_RULE", "new_apposition"]

#: The role rule of the proposals this module finds.
NEW_APPOSITION_RULE = "new_apposition"
#: Words between the article and the noun ("a new UPOS - annotated": 4 tokens with the hyphen).
_MAX_MODIFIERS = 5
#: Capitalised words of a long form before its acronym in parentheses ("Zorb ’s Distance Coefficient").
_MAX_LONG_FORM = 8
_POSSESSIVES = frozenset({"’s", "'s", "-"})
_DATASET_NOUNS = frozenset({"dataset", "corpus", "treebank", "benchmark", "lexicon", "collection", "database",
                            "testbed", "wordnet", "resource"})
_METRIC_NOUNS = frozenset({"metric", "measure", "coefficient", "score", "index"})


def new_apposition(doc: Doc, cand: Candidate, cues: Cues) -> EntityKind | None:
    """The kind the noun phrase gives ``cand`` when a noun phrase calls it new (see the module docstring): the
    noun's kind (dataset or metric) or METHOD for any other noun; None when no such phrase stands by the name, or
    when the name is known.

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("We tune with Zorb Prompt as a new scheme. It uses BERT as a new baseline.")
    >>> cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
    >>> new_apposition(doc, Candidate(3, 5, "strong"), cues), new_apposition(doc, Candidate(12, 13, "strong"), cues)
    (<EntityKind.METHOD: 'method'>, None)
    """
    if cand.type_rule in KNOWN_TYPE_RULES or cand.kind not in {EntityKind.METHOD, EntityKind.DATASET,
                                                                EntityKind.MODEL, EntityKind.METRIC}:
        return None
    text = span_text(doc, cand.start, cand.end)
    if corpus_class(text) is not None or model_family(text) or in_list("articles", text):
        return None
    phrase = _phrase_before(doc, cand, cues)
    if phrase is not None:
        article, noun, new = phrase
        if not new and not (_earlier_new(doc, cand, article, cues) and cand.type_rule in {"default", "named_dataset"}):
            return None
        return _kind_of(token_arrays(doc)[1][article:noun + 1])
    return _as_new_after(doc, cand, cues)


def _phrase_before(doc: Doc, cand: Candidate, cues: Cues) -> tuple[int, int, bool] | None:
    """``(article, noun, new)`` of "a / an [modifiers] NOUN ," right before the name (or before the capitalised long
    form that ends in its acronym in parentheses), or None."""
    texts, lowers, flags = token_arrays(doc)
    first = cand.first
    if first == cand.start and first >= 2 and texts[first - 1] == "(":  # "a new coefficient, Zorb's ... (ZDC)"
        k = first - 2
        while k > 0 and first - k <= _MAX_LONG_FORM and (flags.is_title[k] or texts[k] in _POSSESSIVES):
            k -= 1
        first = k + 1 if k < first - 2 and texts[k] == "," else first
    comma = first - 1
    if comma < 2 or texts[comma] != "," or not flags.whitespace[comma]:
        return None
    noun = comma - 1
    if not (flags.is_lower[noun] and flags.is_alpha[noun]) or flags.is_stop[noun]:
        return None
    new = False
    k = noun - 1
    while k >= 0 and noun - k <= _MAX_MODIFIERS + 1 and not flags.is_sent_start[k]:
        if lowers[k] in {"a", "an"}:
            return k, noun, new
        if (flags.is_punct[k] and texts[k] != "-") or flags.is_stop[k] or "NOT_NEW" in cues.get(k, set()):
            return None  # "a popular corpus, X" is not the paper's; "a survey of ... corpora, X" no apposition
        new = new or "NEW" in cues.get(k, set())
        k -= 1
    return None


def _earlier_new(doc: Doc, cand: Candidate, article: int, cues: Cues) -> bool:
    """Does a new-apposition of another name stand earlier in the sentence ("a new corpus, X, ...; a tagger, Y")?"""
    texts = token_arrays(doc)[0]
    start = sentence_start(doc, article)
    for comma in range(article - 1, start, -1):
        if texts[comma] != "," or comma + 1 >= len(doc):
            continue
        phrase = _phrase_before(doc, Candidate(comma + 1, comma + 2, "strong"), cues)
        if phrase is not None and phrase[2]:
            return True
    return False


def _as_new_after(doc: Doc, cand: Candidate, cues: Cues) -> EntityKind | None:
    """The kind of "NAME as a new NOUN ..." (an acronym in parentheses after the name skipped), or None."""
    texts, lowers, flags = token_arrays(doc)
    i = cand.end
    if i < len(doc) and texts[i] == ")":
        i += 1
    elif i < len(doc) and texts[i] == "(":
        i = next((k + 1 for k in range(i + 1, min(i + 6, len(doc))) if texts[k] == ")"), i)
    if i + 3 >= len(doc) or lowers[i] != "as" or lowers[i + 1] not in {"a", "an"} \
            or "NEW" not in cues.get(i + 2, set()):
        return None
    end = i + 3
    while end < len(doc) and end - i <= _MAX_MODIFIERS + 2 and flags.is_alpha[end] and flags.is_lower[end] \
            and not flags.is_stop[end]:
        end += 1
    return _kind_of(lowers[i + 1 : end]) if end > i + 3 else None


def _kind_of(words: list[str]) -> EntityKind:
    """The kind a new thing's noun phrase gives (a dataset noun, a measure, else a method)."""
    forms = {w for word in words for w in (word, word[:-1])}  # "corpus", "datasets"
    if forms & _DATASET_NOUNS:
        return EntityKind.DATASET
    if forms & _METRIC_NOUNS:
        return EntityKind.METRIC
    return EntityKind.METHOD
