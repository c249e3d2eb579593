"""Capitalised words a dataset noun introduces as the names of datasets (round h15t).

A plain capitalised word ("Multinews", "Opinosis", "Babel Briefings") is no name until something vouches for it
(:mod:`extractors.entity_candidates`). Abstracts often vouch by a dataset noun that says what the words are:

* a list apposed to a plural dataset noun: "two benchmark datasets, Zorbnews and Flimsum,", "four datasets –
  Zorbnews, KLQA and Flimsum", "two datasets (Zorbnews and Flimsum)";
* coordinated names before a plural dataset noun: "the Zorbnews and Flimsum datasets"; since round h15ca also after
  a lower-case modifier ("the well-known Zorbnews and KLQA datasets"), before a set noun ("the Zorbnews and Flimsum 2
  test sets") and with capitalised phrases as members ("the Zorb Reviews and KLQA datasets"), where one member must
  look like a name by itself (a strong shape, a number, a known dataset: not "the Oil and Gas corpora");
* a singular dataset noun and a comma before a phrase: "a new dataset, Zorb Klaxon, for ...";
* a sentence that opens with the name and calls it a dataset: "Babel Briefings is a novel dataset of ...".

Each test reads only the words around the name; whether the words are a name at all (a language, a venue, a field
term ...) is decided by the later steps, as for every candidate.

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline("rules")("We test on two benchmark datasets, Zorbnews and Flimsum, and on the Barbus and "
...                               "Klaxon corpora. Babel Briefings is a novel dataset of news headlines.")
>>> [s.text for s in doc.spans["kg_entities"] if s.label_ == "dataset"]
['Zorbnews', 'Flimsum', 'Barbus', 'Klaxon', 'Babel Briefings']
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_lexicon import in_list, word_counts, word_list
from extractors.entity_names import model_family, name_shape
from extractors.gazetteer import SPAN_KEY
from extractors.token_texts import sentence_start, token_arrays

__all__ = ["announced_dataset", "dataset_noun_before", "introduced_list", "list_opening", "opens_phrase"]

Cues = dict[int, set[str]]

#: Singular dataset nouns that may name what follows their comma ("a new dataset, X"); a lexicon or database names its
#: resource the same way ("the academic database Zorb Articles."; round h15cl).
_SINGULAR = frozenset({"dataset", "corpus", "treebank", "benchmark", "lexicon", "database"})
#: Plural dataset nouns a list of names may stand before or after ("the X and Y datasets", "datasets: X, Y").
_PLURAL = frozenset({"datasets", "corpora", "benchmarks", "treebanks"})
#: Where the gazetteer component leaves the known datasets' names it found.
_KNOWN_DATASETS = SPAN_KEY
#: Words before "sets" that make a plural dataset noun of it ("the Zorb and Klax test sets").
_SET_WORDS = frozenset({"data", "test", "evaluation", "development", "dev", "validation", "held-out"})
#: Words that make members a coordination.
_CONJUNCTIONS = frozenset({"and", "or"})
#: Marks that open a list after its noun ("datasets: X, Y", "datasets – X, Y", "datasets (X and Y)").
_OPENERS = frozenset({",", ":", "–", "—", "-", "("})
#: Prepositions that open a sentence with a phrase its subject follows after a comma ("On two datasets, X ...").
_FRONTED = frozenset({"on", "in", "for", "from", "with", "across", "over", "using", "at", "after", "unlike", "like",
                      "besides", "beyond", "compared", "against", "to", "by"})
_NOUN_PHRASE = 4  # words from the article to the dataset noun ("two large benchmark datasets")
_LIST_SPAN = 12  # tokens walked back over a list of capitalised names
_ANNOUNCE_SPAN = 5  # words after "is a" searched for the dataset noun ("a novel multilingual news dataset")


def dataset_noun_before(doc: Doc, start: int, cues: Cues) -> str | None:
    """The dataset noun a list opening at ``start`` is apposed to, lower-cased, or ``None``: "two benchmark datasets,
    X and Y", "four datasets – X, Y", "datasets (X and Y)", "a new corpus, X". The noun phrase opens with an
    article, "our" or a number word, or (for a plural noun) is the noun alone; not a sentence's fronted phrase ("On
    two datasets, X outperforms ...": X is the subject)."""
    texts, lowers, flags = token_arrays(doc)
    mark = start - 1
    if mark >= 2 and in_list("naming_words", texts[mark]):
        noun = mark - 2 if texts[mark - 1] == "," else mark - 1  # "a dataset called X", "datasets, namely X and Y"
    elif mark >= 1 and flags.is_lower[mark] and lowers[mark] in _SINGULAR:
        noun = mark  # "the structure-controlled dataset MReD.", "the data-to-text benchmark Rotowire (": the name
        # right after a singular noun with an article, closed by punctuation or a function word (round h15ar)
    elif mark < 1 or texts[mark] not in _OPENERS or (texts[mark] == "-" and not flags.whitespace[mark]):
        return None
    else:
        noun = mark - 1
    if not (flags.is_lower[noun] and "DATASET_NOUN" in cues.get(noun, set())
            and (lowers[noun] in _SINGULAR or lowers[noun] in _PLURAL)):
        return None
    if texts[mark] == "(" and lowers[noun] not in _PLURAL:
        return None  # "a dataset (CV)": an abbreviation of the noun, not names
    sent_start = sentence_start(doc, noun)
    j = noun - 1
    while j >= sent_start and noun - j <= _NOUN_PHRASE and (flags.is_lower[j] or flags.is_upper[j]) \
            and texts[j].replace("-", "").isalpha() and not opens_phrase(lowers[j]) and not flags.is_stop[j]:
        j -= 1  # "four widely-used datasets", "four widely-used MDS datasets" (an acronym too: round h15ac)
    opened = j >= sent_start and opens_phrase(lowers[j])
    if not opened and not (lowers[noun] in _PLURAL and texts[noun + 1] != "," and (j < sent_start or flags.is_stop[j])):
        return None
    if texts[mark] == "," and lowers[sent_start] in _FRONTED and not any(
            cues.get(k, set()) & {"PROPOSE", "EVAL_ON"} for k in range(sent_start + 1, noun)):
        return None  # "On the two datasets, Zorb and Klaxon differ": a fronted phrase, the names are the subject
    return lowers[noun]


def opens_phrase(lower: str) -> bool:
    """Does the word open a noun phrase: an article, "the" / "our", a number word (also
    :func:`entity_types.noun_before`'s test)?"""
    return in_list("articles", lower) or in_list("apposition_determiners", lower) \
        or lower in word_counts("number_words")


def introduced_list(doc: Doc, first: int, end: int, size: int | None, cues: Cues) -> bool:
    """Does a dataset noun introduce the list of ``size`` names from token ``first`` to ``end`` as dataset names:
    apposed to it (:func:`dataset_noun_before`; a singular noun names one), or coordinated before a plural one
    ("the X and Y datasets"), the list closed by punctuation or a function word? ``size=None``: one name of a list
    whose size is not known yet (a capitalised phrase: "two datasets: Zorb Reviews and Klax News")."""
    texts, lowers, flags = token_arrays(doc)
    phrase = (first, end)
    if size is None:
        first = list_opening(doc, first)
    noun = dataset_noun_before(doc, first, cues)
    if noun is not None and (size is None or (size == 1) == (noun in _SINGULAR)):
        after = end + 1 if end < len(doc) and texts[end] == ")" and noun in _PLURAL else end
        return after >= len(doc) or flags.is_punct[after] or flags.is_stop[after]
    if size is None:
        if lowers[end - 1] in word_list("languages.txt"):
            return False  # "the PROIEL Ancient Greek and Latin treebanks": a language, however qualified
        return _coordinated_before_noun(doc, first, _list_end(doc, end), size, phrase)
    return size >= 2 and _coordinated_before_noun(doc, first, end, size)


def _plural_noun_length(doc: Doc, k: int) -> int:
    """Tokens of the plural dataset noun at ``k``: 1 for "datasets", "corpora", "benchmarks", "treebanks"; 2 for a set
    noun ("test sets", "data sets", "evaluation sets") or "test collections" (round h15ca); 0 for none."""
    _, lowers, flags = token_arrays(doc)
    if k >= len(doc) or not flags.is_lower[k]:
        return 0
    if lowers[k] in _PLURAL:
        return 1
    if k + 1 < len(doc) and flags.is_lower[k + 1] and not flags.is_sent_start[k + 1] and (
            (lowers[k] in _SET_WORDS and lowers[k + 1] == "sets")
            or (lowers[k] == "test" and lowers[k + 1] == "collections")):
        return 2
    return 0


def _coordinated_before_noun(doc: Doc, first: int, end: int, size: int | None,
                             phrase: tuple[int, int] | None = None) -> bool:
    """Do the names from ``first`` to ``end`` stand coordinated ("and" / "or" between them) right before a plural
    dataset noun that heads them all ("the Zorbnews and Flimsum datasets", "the Zorb, Klax, and Flim test sets")?
    Before the list a function word, punctuation or a lower-case modifier ("the well-known Zorbnews, Flimsum and Klax
    datasets", "on benchmark Zorbnews and Flimsum datasets": round h15ca), and one member that looks like a name by
    itself (:func:`_vouched_list`; for the capitalised ``phrase`` asked about, the phrase itself or a known dataset).
    A list of ``size`` one-word names (``None``: a capitalised phrase's list) before a one-word noun after a function
    word or punctuation needs neither (round h15t's rule, as it was)."""
    _, lowers, flags = token_arrays(doc)
    noun = _plural_noun_length(doc, end)
    if first <= 0 or not noun:
        return False
    delimited = flags.is_stop[first - 1] or flags.is_punct[first - 1]
    if size is not None and noun == 1 and delimited:
        return True
    coordinated = any(lowers[k] in _CONJUNCTIONS for k in range(first + 1, end - 1))
    return (delimited or flags.is_lower[first - 1]) and coordinated and _vouched_list(doc, first, end, phrase)


def _vouched_list(doc: Doc, first: int, end: int, phrase: tuple[int, int] | None = None) -> bool:
    """Does a member of the list from ``first`` to ``end`` look like a name by itself: an acronym or another strong
    shape, a number ("Zorb Phases 4 and 5"), or a known dataset's name? Plain capitalised words alone are no list of
    names: "domain-specific Oil and Gas corpora", "both Evaluation and Challenge test sets", "multilingual Nordic and
    Baltic treebanks" (round h15ca). A capitalised ``phrase`` of plain words (start, end) is vouched for by its own
    shape or number or by a known dataset in the list, not by another member's acronym or number: "the Public Health
    and COVID-19 datasets", "the Stanford University and MIT corpora" name no dataset "Public Health" or "Stanford
    University" (review62: such phrases were most of the wrong names on made-up text)."""
    texts, _, _ = token_arrays(doc)
    if phrase is None:
        shaped = range(first, end)
    else:  # the phrase and the numbers right after it: "the Zorb Phases 4 and 5 corpora", "the Zorb Eval 2014, 15"
        last = phrase[1]
        while last < end and texts[last][:1].isdigit():
            last += 1
        shaped = range(phrase[0], last)
    numbers_vouch = not _numbered_parts(texts, first, end)
    if any((name_shape(texts[k]) == "strong" or (numbers_vouch and any(ch.isdigit() for ch in texts[k])))
           and not model_family(texts[k])  # a model's name vouches for no data: "the GPT-4 and Human test sets"
           for k in shaped):  # (review62)
        return True
    return any(span.start < end and span.end > first for span in doc.spans.get(_KNOWN_DATASETS, ()))


def _numbered_parts(texts: list[str], first: int, end: int) -> bool:
    """Does one plain capitalised word stand before two numbers of the list from ``first`` to ``end``: the parts of
    one thing ("the Round 1 and Round 2 test sets", "the Section 22 and Section 23 corpora"), whose numbers vouch for
    no name (review62)?

    >>> _numbered_parts("the Round 1 and Round 2 test sets".split(), 1, 6)
    True
    >>> _numbered_parts("Zorb 4 and 5".split(), 0, 4)
    False
    """
    before = [texts[k - 1] for k in range(max(first, 1), end) if texts[k][:1].isdigit()]
    return any(before.count(word) > 1 and word[:1].isupper() and name_shape(word) != "strong" for word in before)


def _list_end(doc: Doc, end: int) -> int:
    """Where a list of capitalised names that goes on after the name ending at ``end`` ends: walked over commas,
    "and" / "or", capitalised or numbered words and the marks glued inside a name ("Zorb Reviews, Klax/Daily and Flim
    News" from "Reviews")."""
    texts, lowers, flags = token_arrays(doc)
    k = end
    while k < len(doc) and k - end < _LIST_SPAN and not flags.is_sent_start[k] and (
            texts[k] == "," or lowers[k] in _CONJUNCTIONS
            or (not flags.is_stop[k] and (texts[k][:1].isupper() or texts[k][:1].isdigit()))
            or (flags.is_punct[k] and texts[k] not in _OPENERS and not flags.whitespace[k - 1])):
        k += 1
    return k if k > end and texts[k - 1] != "," and lowers[k - 1] not in _CONJUNCTIONS else end


def list_opening(doc: Doc, start: int) -> int:
    """The first token of the list of capitalised names the name at ``start`` belongs to: walked back over names and
    list glue ("two datasets: Zorb Reviews and Klax News" from "Klax" gives "Zorb")."""
    texts, _, flags = token_arrays(doc)
    i = start
    while i > 0 and start - i < _LIST_SPAN and not flags.is_sent_start[i] and (
            in_list("list_glue", texts[i - 1]) or texts[i - 1][:1].isupper() and not flags.is_stop[i - 1]):
        i -= 1
    return i + 1 if i < start and texts[i] == "," else i


def announced_dataset(doc: Doc, start: int, end: int, cues: Cues) -> bool:
    """Does the sentence open with the words ``start`` to ``end`` (after "The" at most) and call them a dataset: "Babel
    Briefings is a novel dataset of ...", "The Zorb Klaxon is a new multilingual corpus" (not "Twitter is a
    platform", "Arabic is a language")?"""
    texts, lowers, flags = token_arrays(doc)
    opens = flags.is_sent_start[start] or (start > 0 and flags.is_sent_start[start - 1] and lowers[start - 1] == "the")
    if not opens or end + 2 >= len(doc) or lowers[end] not in {"is", "was"} \
            or lowers[end + 1] not in {"a", "an"} or flags.is_stop[start] \
            or lowers[start] in word_list("languages.txt"):
        return False
    for j in range(end + 2, min(end + 2 + _ANNOUNCE_SPAN, len(doc))):
        if flags.is_punct[j] and texts[j] not in {"-", "&"} or flags.is_sent_start[j]:
            return False
        if "DATASET_NOUN" in cues.get(j, set()) and lowers[j] in _SINGULAR:
            # not a noun that opens a hyphenated modifier: "X is a lexicon-based / corpus-driven analyzer" names a
            # tool (review71)
            return not (j + 1 < len(doc) and texts[j + 1].startswith("-") and not flags.whitespace[j])
        if flags.is_stop[j]:
            return False  # "X is a tool for building corpora": the noun after a preposition is not what X is
    return False
