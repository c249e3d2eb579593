"""Dataset names a sentence writes as a description headed by a dataset noun: "the Wikipedia dispute corpus", "on
the Twitter keyword dataset", "the Google one billion word corpus".

Full-paper sentences name many corpora by their source and what they hold rather than by a coined name: a
capitalised word (the source, a place, an institution), lower-case words saying what the data is, and a singular
dataset noun. The capitalised word alone is no name ("Twitter", "Edinburgh"), and the lower-case words keep the
capitalised-phrase rules (:func:`extractors.entity_dataset_heads.named_dataset_end`) from seeing one; the whole
phrase, noun included, is the dataset's name, as annotators write it ("IE spontaneous speech corpus").

Only after "the" or a preposition (a definite corpus the sentence refers to, not "a Twitter corpus we collected"),
never opening a sentence, never after a language ("English tweet normalization dataset"), a field term, a metric or
a model ("the BERT pretraining corpus"), and with at least one lower-case word (one capitalised word right before
the noun is the older rule's: "the Klaxon corpus" names Klaxon).

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We report F1 on the Wikipedia dispute corpus and on a Twitter keyword dataset.")
>>> doc[5:described_dataset_end(doc, 5)].text, described_dataset_end(doc, 13)
('Wikipedia dispute corpus', None)
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_lexicon import corpus_kinds, word_list
from extractors.entity_names import model_family, name_shape
from extractors.token_texts import token_arrays

__all__ = ["described_dataset_end", "language_wordnets", "names_its_data"]

#: Words a described dataset may follow: "the", and prepositions ("trained on X", "comes from X").
_BEFORE = frozenset({"the", "on", "from", "of", "in", "with", "over", "using", "for", "across", "and", "or"})
#: Singular dataset nouns that end the description ("the Wikipedia dispute corpus").
_NOUNS = frozenset({"corpus", "dataset", "treebank"})
#: Words before "set" that make it a dataset noun ("the Twitter keyword data set", "the X news test set").
_SET_WORDS = frozenset({"data", "test", "development", "evaluation", "training"})
_MAX_WORDS = 5  # words between the capitalised opener and the noun
#: Word lists whose entries open no described dataset: languages, field terms, metrics, task acronyms.
_NOT_OPENERS = ("languages.txt", "generic_terms.txt", "metric_names.txt", "task_acronyms.txt")


def described_dataset_end(doc: Doc, i: int) -> int | None:
    """End (exclusive) of a described dataset name opening at token ``i``, or ``None`` (see the module docstring).

    The opener is no name by itself (a name shaped like one, "THYME brain cancer corpus", keeps its own rules: the
    name is "THYME"); the words between it and the noun are lower-case words or numbers ("NLP&CC 2013 cross-lingual
    opinion analysis dataset"), never "task" ("the Semeval-2010 Japanese WSD task dataset"). When the opener also
    stands alone elsewhere in the text ("the Gos reference corpus ... Gos"), the document names it by that word: the
    name ends after the opener.
    """
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    if i == 0 or lowers[i - 1] not in _BEFORE:
        return None
    first = texts[i]
    if flags.is_sent_start[i] or flags.is_stop[i] or not first[:1].isupper() or flags.is_punct[i]:
        return None
    end, lower = None, 0
    for j in range(i + 1, min(i + 2 + _MAX_WORDS, len(doc))):
        text = lowers[j]
        if flags.is_sent_start[j]:
            return None
        if text in _NOUNS and flags.is_lower[j]:
            end = j + 1
        elif text in _SET_WORDS and j + 1 < len(doc) and lowers[j + 1] == "set" and not flags.is_sent_start[j + 1]:
            end = j + 2
        if end is not None:
            break
        if not (flags.is_lower[j] or texts[j].isdigit()) or flags.is_stop[j] or flags.is_punct[j] or text == "task" \
                or doc[j].like_url or not any(c.isalpha() or c.isdigit() for c in text):
            return None
        lower += flags.is_lower[j]
    if end is None or not lower or name_shape(first) == "strong" or model_family(first):
        return None
    parts = [p for p in first.replace("–", "-").split("-") if p]
    if not parts or any(p.lower() in word_list(name) for p in parts for name in _NOT_OPENERS):
        return None
    alone = any(text == first for k, text in enumerate(texts) if k < i or k >= end)
    return i + 1 if alone else end


def names_its_data(doc: Doc, i: int) -> bool:
    """Does the abbreviation at ``i`` stand for the data that follows it, after "the" or a preposition ("learnt from
    ZG data", "the ZR dataset")? A two-letter abbreviation nothing spells out is kept there as a name, unless the
    corpus calls it a method or no name ("AR data": ``corpus_kinds.txt``; :func:`extractors.entity_types.head_after`
    would not type it a dataset).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("phrases learnt from ZG data over the ZR  corpus, a ZQ data set")
    >>> names_its_data(doc, 3), names_its_data(doc, 7), names_its_data(doc, 12)
    (True, True, False)
    """
    after = i + 1
    while after < len(doc) - 1 and doc[after].is_space:
        after += 1  # "the ZR  dataset": a space the text doubled (PDF extraction)
    return 0 < i < after < len(doc) and doc[i - 1].lower_ in _BEFORE and doc[i - 1].lower_ not in {"and", "or"} \
        and not doc[after].is_sent_start and (doc[after].text in _NOUNS or (
            doc[after].text == "data" and corpus_kinds().get(doc[i].text) not in {"none", "method"}))


#: Lower-case nouns of a language's lexical database, which the language before them names ("the Japanese wordnet").
_LANGUAGE_RESOURCES = frozenset({"wordnet"})
#: Articles that introduce a description, not a name ("WOLF, a freely available French wordnet").
_INDEFINITE = frozenset({"a", "an", "another"})


def language_wordnets(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of a language's wordnet written as a common noun: "a new release of the Japanese wordnet", "the
    Romanian wordnet" (round h15af). The wordnet of a language is one resource, named by its language (as "English
    WordNet", which ``known_resources.txt`` lists, or "Basque WordNet"); the lower-case noun alone is none ("the new
    global wordnet formats").

    A wordnet an indefinite article introduces is described, not named ("WOLF, a freely available French wordnet"),
    and so is one in parentheses after its name ("FarsNet 3.0 (the Persian wordnet), Root09 and EVALution": the
    list stays one list); the plural is a class ("a few Korean wordnets such as U-WIN").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We release the Japanese wordnet in the global wordnet format, and a new Greek wordnet.")
    >>> [doc[s:e].text for s, e in language_wordnets(doc)]
    ['Japanese wordnet']
    """
    texts, lowers, flags = token_arrays(doc)
    found = []
    for i in range(1, len(doc)):
        if texts[i] in _LANGUAGE_RESOURCES and flags.is_title[i - 1] and not flags.is_sent_start[i] \
                and lowers[i - 1] in word_list("languages.txt"):
            j = i - 2
            while j >= 0 and flags.is_lower[j] and not flags.is_stop[j]:
                j -= 1  # "a freely available French wordnet": describing words back to the determiner
            opened = j >= 1 and lowers[j] == "the" and texts[j - 1] == "("  # "FarsNet 3.0 (the Persian wordnet)"
            if (j < 0 or lowers[j] not in _INDEFINITE) and not opened:
                found.append((i - 1, i + 1))  # not "WOLF, a freely available French wordnet": a description
    return found
