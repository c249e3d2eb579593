"""Typing rules: is a candidate a method, a dataset or a model (step 2 of ``kg_entities``)?

:func:`entity_kind` tries the rules strongest first and returns the kind with
the name of the rule that decided it (the *type rule*, recorded with every
entity):

==================  =========================================================
``gazetteer``       a known dataset name → dataset
``model_family``    a model family, or a size or checkpoint suffix → model
``named_dataset``   a capitalised phrase ending in a dataset noun → dataset
``apposition``      the noun of ", a new corpus" / "is a framework"
``examples``        the head of a list of examples: "benchmarks such as X" (a building block the corpus
                    knows as a method stays one after "models such as": LSTM, GRU)
``head_noun``       a head noun after the name: "the X benchmark", "the MCC metric", "the X task"
``in_parentheses``  listed in parentheses after a dataset noun: "corpora in
                    argumentation (ChangeMyView and RegulationRoom)" → dataset; after a metric
                    noun: "metrics (nDTW and rPOD)" → metric
``long_form``       the last word of an acronym's long form
``set_of``          "the test sets of X", "the datasets of X" → dataset
``evaluated_on``    "on" / "across" before the name → dataset
``derived_from``    "sampled from X" → dataset
``dataset_suffix``  ``-Bench``, ``WikiQA``, ``PropBank`` → dataset
``default``         none of these: an untyped method
==================  =========================================================

(``list``, a name listed with typed datasets taking their type, is applied to
a whole list by the component. ``task_before_data``: a learned task phrase before a
dataset noun is a task, "the Named Entity Recognition dataset"; round h15af.)
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_corpus import HEAD_PREPOSITIONS
from extractors.entity_data_lists import opens_phrase
from extractors.entity_lexicon import corpus_kinds, in_list, verb_words, word_counts, word_list
from extractors.entity_names import dataset_suffix, model_family, model_suffix, name_shape
from extractors.entity_tagged import plural_acronym
from extractors.token_texts import (
    CLOSING_QUOTES,
    OPENING_QUOTES,
    sentence_start,
    span_text,
    token_arrays,
    token_texts,
)
from ontology.kinds import EntityKind

__all__ = ["EXAMPLE_HEADS", "apposition_head", "architecture", "colon_head", "cues_before", "entity_kind",
           "examples_head", "head_after", "long_form_kind", "noun_before", "proposed_phrase_before",
           "proposed_phrase_start"]

#: Head-noun cue labels that type a name, strongest first ("benchmark" is both a dataset noun and a proposal noun).
_HEAD_KINDS = (("METRIC_HEAD", EntityKind.METRIC), ("DATASET_HEAD", EntityKind.DATASET),
               ("METHOD_HEAD", EntityKind.METHOD), ("PROPOSAL_NOUN", EntityKind.METHOD))
#: The head nouns that type a name written right before them or ending its long form (not the proposal nouns).
_NAME_HEADS = _HEAD_KINDS[:3]
#: The kind of a list of examples by the cue label of the noun it hangs from.
EXAMPLE_HEADS = {"DATASET_HEAD": EntityKind.DATASET, "MODEL_HEAD": EntityKind.MODEL, "METHOD_HEAD": EntityKind.METHOD,
                 "METRIC_HEAD": EntityKind.METRIC}  # "metrics such as ZorbScore", "three metrics: X, Y and Z"
_APPOSITION_SPAN = 9  # tokens after the determiner searched for the head noun
_HEAD_AFTER_SPAN = 4  # tokens after the name searched for a head noun
_COLON_SPAN = 20  # tokens before a colon searched for the head noun of the list after it
#: Marks that open a list after its head noun ("three datasets: X, Y", "four datasets – X, Y").
_LIST_OPENERS = frozenset({":", "–", "—", "-"})


def entity_kind(doc: Doc, cand: Candidate, cues: Cues, *, before: set[str], after: EntityKind | None,
                apposition: EntityKind | None, examples: str | None) -> tuple[EntityKind, str]:
    """``(kind, type rule)`` of a candidate, given what its list's context says (see the module docstring).

    ``before`` are the cues before the list (:func:`cues_before`), ``after`` the kind a head noun after it
    gives (:func:`head_after`), ``apposition`` the kind of its apposition (:func:`apposition_head`) and
    ``examples`` the cue label of the noun its list of examples hangs from (:func:`examples_head`).
    """
    text = span_text(doc, cand.start, cand.end)
    if "gazetteer" in cand.cues:
        return EntityKind.DATASET, "gazetteer"
    if cand.strength == "family" or model_family(text) or model_suffix(text):
        if after is EntityKind.DATASET and cand.end < len(doc) and "DATASET_NOUN" in cues.get(cand.end, set()) \
                and doc[cand.end].is_lower:
            return EntityKind.DATASET, "head_noun"  # "the existing FLAN collection", "the Alpaca dataset": data a
            # model family shares its name with (round h15af), not "GPT-4 data" (no dataset noun)
        return EntityKind.MODEL, "model_family"
    if "named_dataset" in cand.cues:
        return EntityKind.DATASET, "named_dataset"
    if apposition:
        return apposition, "apposition"
    if examples in EXAMPLE_HEADS:
        if EXAMPLE_HEADS[examples] is EntityKind.MODEL and architecture(text):
            return EntityKind.METHOD, "examples"  # "models such as LSTM, GRU and BERT": an architecture is a method
        return EXAMPLE_HEADS[examples], "examples"
    if after:
        if after is EntityKind.DATASET and _task_phrase(text):
            return EntityKind.TASK, "task_before_data"  # "a new Turkish Twitter Named Entity Recognition dataset"
        return after, "head_noun"
    long_kind = long_form_kind(doc, cand, cues)
    if long_kind:
        return long_kind, "long_form"
    if "PAREN_DATASET" in before:
        return EntityKind.DATASET, "in_parentheses"
    if "PAREN_METRIC" in before:
        return EntityKind.METRIC, "in_parentheses"
    if "SET_OF" in before:
        return EntityKind.DATASET, "set_of"
    if "EVAL_ON" in before:
        return EntityKind.DATASET, "evaluated_on"
    if "SOURCE" in before:
        return EntityKind.DATASET, "derived_from"
    if dataset_suffix(text) and cand.strength != "phrase" and not _head_names_no_data(doc, cand, cues):
        return EntityKind.DATASET, "dataset_suffix"  # not "a ... interface to databases (NLIDB)": its long form's
        # head names no dataset, whatever the acronym's ending (round h15bo)
    return EntityKind.METHOD, "default"


def _task_phrase(text: str) -> bool:
    """Is ``text`` a task's name of two or more words the corpus learned (``task_phrases.txt``), so that a dataset
    noun after it says what the data is for, not its name ("the Named Entity Recognition dataset", "two News
    Summarization benchmarks"; round h15af)?

    >>> _task_phrase("Named Entity Recognition"), _task_phrase("Natural Questions"), _task_phrase("Recognition")
    (True, False, False)
    """
    lower = " ".join(text.lower().split())
    return " " in lower and lower in word_list("task_phrases.txt")


def architecture(text: str) -> bool:
    """Is ``text`` a building block the corpus knows as a method ("LSTM", "Bi-LSTM", "CNNs", "BiLSTM-CRF"), which a
    list of "models such as ..." does not make a pre-trained model?

    >>> architecture("LSTM"), architecture("BiLSTM-CRF"), architecture("GRUs"), architecture("ZorbNet")
    (True, True, True, False)
    """
    kinds = corpus_kinds()
    return any(kinds.get(name) == "method" for name in (text, text.removesuffix("s"))) \
        or text.lower() in word_list("known_methods.txt")


def long_form_kind(doc: Doc, cand: Candidate, cues: Cues) -> EntityKind | None:
    """The kind the last word of ``cand``'s long form names: "Japanese News Corpus (JNC)" is a dataset, "Sparse Gated
    Adapter Framework (SGAF)" a method; not when a preposition ends the long form's head and the head names another
    kind or none: "a natural language interface to databases (NLIDB)" is no dataset (round h15bo)."""
    if cand.long_span is None:
        return None
    kind = _cue_kind(cues, cand.long_span[1] - 1)
    head = _long_form_head(doc, cand)
    return kind if head is None or _cue_kind(cues, head) is kind else None


def _cue_kind(cues: Cues, index: int) -> EntityKind | None:
    labels = cues.get(index, set())
    return next((kind for label, kind in _NAME_HEADS if label in labels), None)


def _long_form_head(doc: Doc, cand: Candidate) -> int | None:
    """The index of the word before the first preposition inside ``cand``'s long form, if one is there."""
    start, end = cand.long_span or (0, 0)
    return next((k - 1 for k in range(start + 1, end) if doc[k].lower_ in HEAD_PREPOSITIONS), None)


def _head_names_no_data(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Does ``cand``'s long form have a head before a preposition that names no dataset ("interface to databases")?"""
    head = _long_form_head(doc, cand)
    return head is not None and _cue_kind(cues, head) is not EntityKind.DATASET


def apposition_head(doc: Doc, end: int, cues: Cues, size: int = 1) -> EntityKind | None:
    """The kind named by the head noun of ", a large benchmark dataset ..." / "is a framework" after ``size`` names.

    A number word must count the names: "X and Y, two datasets" (not "To test X and Y, three corpora ...").
    """
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    if end < len(doc) and texts[end] == ")":
        end += 1
    elif end < len(doc) and texts[end] == "(":  # "ReadQG (Relevance-Aware ... Generation), a method to ..."
        close = next((k for k in range(end + 1, min(end + 12, len(doc))) if texts[k] == ")"), None)
        end = close + 1 if close is not None else end
    if end + 1 >= len(doc) or not in_list("apposition_openers", texts[end]):
        return None
    i = end + 1
    determiner = texts[i].lower()
    numbers = word_counts("number_words")
    if not (in_list("apposition_determiners", determiner) or determiner in numbers) \
            or numbers.get(determiner, size) != size:
        return None
    kind = None
    j, limit = i + 1, min(i + _APPOSITION_SPAN, len(doc))
    while j < limit:
        labels = cues.get(j, set())
        if kind is None and texts[j] == "(":  # "a clinical question answering (Q&A) dataset": skip the acronym
            close = next((k for k in range(j + 1, min(j + 5, len(doc))) if texts[k] == ")"), None)
            if close is not None:
                limit = min(limit + close + 1 - j, len(doc))
                j = close + 1
                continue
        if kind is None and texts[j] == "," and j + 1 < len(doc) and flags.is_lower[j + 1] \
                and not flags.is_stop[j + 1]:  # "a novel multiple choice, clinical ... dataset"
            limit = min(limit + 3, len(doc))
            j += 1
            continue
        if flags.is_punct[j] and texts[j] not in {"-", "&"} or "BLOCK" in labels or in_list("clause_breaks", texts[j]):
            break
        if kind is not None and (flags.is_stop[j] or texts[j].endswith("ing")):
            break  # "a benchmark assessing the knowledge of LLMs": the head noun came before
        kind = next((k for label, k in _HEAD_KINDS if label in labels), kind)
        if texts[j] in _TASK_NOUNS and (j + 1 >= len(doc) or texts[j + 1] != "-") \
                and lowers[j - 1] != "shared":
            kind = EntityKind.TASK  # "X (ZWO), a task that asks ...", not "a task-agnostic framework" nor "a shared
            # task" (an event: the guidelines make it an optional dataset) nor a title's "X: A Novel Task ..."
        j += 1
    return kind


#: Nouns that make an apposition name a task: "We introduce Zorbian Word Ordering (ZWO), a task that ...".
_TASK_NOUNS = frozenset({"task", "subtask"})


#: Verbs of "which / that we call X" (the name of the noun before the relative pronoun): the ``NAME`` verbs.
_RELATIVE_NAMING_VERBS = verb_words("NAME", forms=("base",))
#: Prepositions that open a sentence with a phrase the sentence's subject follows after a comma ("On the X corpus, Y").
_FRONTED_PREPOSITIONS = frozenset({"on", "in", "for", "from", "with", "across", "over", "using", "at", "after",
                                   "unlike", "like", "besides", "beyond", "compared", "against", "to", "by"})
#: Singular dataset nouns that may stand right before a name ("the benchmark ZB8K"); a lexicon, database, collection
#: or "test / evaluation / ... set" (a ``DATASET_NOUN`` cue only after such a word) names its resource the same way
#: ("the German connective lexicon ZorbLex", "a new data collection ZorbMovie", "a new test set ZorbCAT"; round h15cl).
_SINGULAR_NOUNS = frozenset({"benchmark", "dataset", "corpus", "treebank", "testbed", "suite", "lexicon", "database",
                             "collection", "set"})


def noun_before(doc: Doc, start: int, cues: Cues, end: int | None = None) -> EntityKind | None:
    """The kind a noun right before the name gives it across a comma, colon or naming word:
    "a new dataset, ZorbDial", "a new Chinese dataset, ZorbBias", "two benchmarks: X and Y", "a framework called
    ZorbNet", "a new benchmark, dubbed ZorbEdit", "a new dataset which we call ZorbSpot", "a family of metrics called
    ZorbScore"; or a singular dataset noun right before a name shaped like one ("on the MWP benchmark ZB8K"). Not
    across the comma that ends a phrase opening the sentence ("On the NIST corpus, ZLT-10 achieves ...": the name is
    the subject, no apposition).

    When the name, ending at ``end``, closes the apposition (punctuation after it: :func:`closes_apposition`), the
    noun may also stand before a prepositional phrase ("a popular dataset for word math problems, ZorbQA,"), after
    up to :data:`_MAX_MODIFIERS` plain modifiers ("the first spoken medical drug prescriptions corpus, named ZorbNLU")
    and before "the" ("a performance measure, the Zorb Weighted Value (ZWV), which ..."; round h15ac).
    """
    texts, lowers, flags = token_arrays(doc)
    closes = end is not None and closes_apposition(doc, end)
    named = False  # a naming word after a dataset noun: its noun phrase may be longer (round h15cl)
    i = start - 1
    if closes and i >= 2 and lowers[i] == "the" and texts[i - 1] == ",":
        i -= 1  # "a performance measure, the Zorb Weighted Value (ZWV), which ...": "the" opens the name
    if i >= 3 and lowers[i] in _RELATIVE_NAMING_VERBS and lowers[i - 1] == "we" \
            and in_list("relative_pronouns", texts[i - 2]):
        i -= 2  # "a new dataset which we call ZorbSpot": the relative clause names what stands before it
        if texts[i - 1] == "," and i > 1:
            i -= 1
        noun = next((j for j in range(i - 1, max(i - 5, 0), -1)
                     if cues.get(j, set()) & {"DATASET_NOUN", "METHOD_HEAD"} or flags.is_punct[j]), i - 1)
        i = noun + 1 if not flags.is_punct[noun] else i
    elif i >= 1 and flags.is_lower[i] and "DATASET_NOUN" in cues.get(i, set()) and lowers[i] in _SINGULAR_NOUNS \
            and (name_shape(texts[start]) == "strong" or closes or (end is not None and end < len(doc)
                                                                      and flags.is_stop[end])) \
            and not (end is not None and end < len(doc) and flags.is_alpha[end] and flags.is_upper[end]
                     and flags.is_upper[end - 1]):
        # (not one word of a run of all-capital words, cut from the name they make: "the Italian lexicon ZAROLE
        # SIMPLE KLIPS"; a capitalised word after it may be the name's rest that the noun still types, "the academic
        # database ZiNii Articles"; review71)
        i += 1  # "on the MWP benchmark GSM8K": the noun right before the name, no comma; any capitalised name when
        # punctuation closes it ("the data-to-text benchmark Rotowire (18.93 BLEU)"; round h15ar) or a function word
        # does ("the valency lexicon Zorbenty onto ..."; round h15cl): the close the list rule accepts after its own
        # nouns, here after every noun above and whichever rule opened the candidate (also "the corpus Zorbel has
        # built": a person; none such in review71's 4,932 train abstracts)
    elif i >= 1 and lowers[i] == "metric" and "METRIC_HEAD" in cues.get(i, set()) and end is not None \
            and (name_shape(texts[start]) == "strong" or closes or (end < len(doc) and flags.is_stop[end])) \
            and (flags.is_sent_start[i - 1] or texts[i - 1].islower()):  # not "On the BLEU metric ZorbMT achieves"
        # (the metric's own name before the noun: the next name opens a clause; review82)
        i += 1  # "a reference-free evaluation metric ZorbScore to", "we call our metric ZSE (...)": the singular
        # metric noun right before the name, as a singular dataset noun above (round h15cx); not the plural ("previous
        # metrics, ZorbGPT achieves": the name opens a clause)
    elif i >= 2 and texts[i] in OPENING_QUOTES and end is not None and end < len(doc) \
            and texts[end] in CLOSING_QUOTES and flags.is_lower[i - 1] and lowers[i - 1] in _SINGULAR_NOUNS \
            and "DATASET_NOUN" in cues.get(i - 1, set()):
        pass  # "the open-source dataset ‘ZOCO’, which ...": a quoted name right after the noun (round h15ac)
    elif i < 1 or not (texts[i] in {",", ":"} or in_list("naming_words", texts[i])):
        return None
    elif in_list("naming_words", texts[i]):  # "a dataset in Hindi named X": the noun may stand a phrase back
        if texts[i - 1] == "," and i > 1:
            i -= 1  # "a new benchmark, dubbed MMEdit"
        noun = next((j for j in range(i - 1, max(i - 5, 0), -1)
                     if cues.get(j, set()) & _KIND_NOUNS or flags.is_punct[j]), i - 1)
        i = noun + 1 if not flags.is_punct[noun] else i
        named = not flags.is_punct[noun] and flags.is_lower[noun] and "DATASET_NOUN" in cues.get(noun, set())
    separator = i
    if closes and not cues.get(i - 1, set()) & _KIND_NOUNS:
        i = _noun_before_phrase(doc, i, cues) or i  # "a popular dataset for word math problems, ZorbQA,"
    labels = cues.get(i - 1, set())
    j = i - 2  # the noun phrase must open with a determiner or a number: not "(SL) corpora, SL lexicography"
    long_phrase = closes or named  # "the first public Zorbic patent dataset called ZorbPat", "an OpenZE corpus named X"
    while j >= 0 and (i - 2 - j < 3 or (long_phrase and i - 2 - j < _MAX_MODIFIERS and (
            _plain_modifier(doc, j) or (named and _hyphenated(texts[j]))))) \
            and (flags.is_alpha[j] or (long_phrase and _compound_end(texts[j])) or _hyphenated(texts[j])) \
            and (flags.is_lower[j] or flags.is_upper[j] or (named and not flags.is_title[j]) or (
            flags.is_title[j] and lowers[j] in word_list("languages.txt"))) and not (
            _opens_noun_phrase(lowers[j], named)):
        j -= 1
    if j < 0 or not _opens_noun_phrase(lowers[j], named):
        return None
    if texts[separator] == "," and j >= 1 and flags.is_sent_start[j - 1] and lowers[j - 1] in _FRONTED_PREPOSITIONS:
        return None  # "On the NIST corpus, ZLT-10 again achieves ...": a fronted phrase, the name is the subject
    if "DATASET_NOUN" in labels:
        return EntityKind.DATASET
    if "METHOD_HEAD" in labels:
        return EntityKind.METHOD
    if "METRIC_HEAD" in labels and flags.is_lower[i - 1]:
        return EntityKind.METRIC  # "a reference-free metric, denominated ZorbQE" (round h15ac)
    return None


def _opens_noun_phrase(lower: str, named: bool) -> bool:
    """Does the word open the noun phrase of a typing noun: an article, "the" / "our", a number word; "this" / "that"
    before a dataset noun and a naming word ("This curated dataset, termed ZorbTES, ..."; round h15cl)?"""
    return opens_phrase(lower) or (named and lower in _DEMONSTRATIVES)


#: Words that open a dataset noun's phrase before a naming word besides the articles ("This corpus, called X").
_DEMONSTRATIVES = frozenset({"this", "that"})
#: Cue labels of the nouns that type a name apposed to them.
_KIND_NOUNS = frozenset({"DATASET_NOUN", "METHOD_HEAD", "METRIC_HEAD"})
#: Words a noun phrase may have between its article and its noun when the name closes the apposition (round h15ac).
_MAX_MODIFIERS = 6
#: Words of a prepositional phrase after the noun ("a dataset for word math problems, X": 3) and its prepositions.
_MAX_PHRASE_WORDS = 4
_PHRASE_PREPOSITIONS = frozenset({"for", "of", "on", "in", "about", "from"})
#: Punctuation after a name that ends an apposition ("a ... corpus, named X." / "a dataset for ..., X, and ...").
_APPOSITION_CLOSERS = frozenset({",", ".", ";", ":", ")"})


def closes_apposition(doc: Doc, end: int) -> bool:
    """Does the name that ends at ``end`` end its sentence or clause (punctuation after it, an acronym or a citation
    in parentheses skipped), so that it cannot be a clause's subject ("..., ZorbNet achieves ...")?

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("a dataset, Zorb (Li, 2020), and a model, Zorb achieves")
    >>> closes_apposition(doc, 4), closes_apposition(doc, 15)
    (True, False)
    """
    texts = token_texts(doc)
    if end < len(doc) and texts[end] == "(":
        end = next((k + 1 for k in range(end + 1, min(end + 12, len(doc))) if texts[k] == ")"), end)
    return end >= len(doc) or doc[end].is_sent_start or texts[end] in _APPOSITION_CLOSERS


def _noun_before_phrase(doc: Doc, i: int, cues: Cues) -> int | None:
    """The index after a kind noun that a short prepositional phrase of lower-case words follows right up to ``i``
    ("a dataset for word math problems, X": the index after "dataset"), or ``None``."""
    texts, lowers, flags = token_arrays(doc)
    for k in range(i - 1, max(i - 2 - _MAX_PHRASE_WORDS, 0), -1):
        if lowers[k] in _PHRASE_PREPOSITIONS:
            return k if k < i - 1 and cues.get(k - 1, set()) & _KIND_NOUNS and flags.is_lower[k - 1] else None
        if not (flags.is_alpha[k] and flags.is_lower[k] or plural_acronym(texts[k])) or flags.is_stop[k]:
            return None  # a plural acronym may stand in the phrase: "a safety benchmark for LLMs, X," (round h15bq)
    return None


def _plain_modifier(doc: Doc, j: int) -> bool:
    """Is token ``j`` a word that may modify a noun in a long noun phrase: lower-case, no function word or verb
    ("the first spoken medical drug prescriptions corpus"; "first" is a spaCy stop word)?"""
    lower = doc[j].lower_
    return lower == "first" or (doc[j].is_alpha and not doc[j].is_stop and lower not in word_list("verb_like.txt")) \
        or _compound_end(doc[j].text)


def _hyphenated(text: str) -> bool:
    """Is ``text`` a hyphenated lower-case word the tokenizer kept whole ("open-source", "widely-used")?"""
    parts = text.split("-")
    return len(parts) > 1 and all(part.isalpha() and part.islower() for part in parts)


def _compound_end(text: str) -> bool:
    """Is ``text`` the end of a hyphenated modifier the tokenizer split off ("-free" of "a reference-free metric")?"""
    return len(text) > 2 and text[0] == "-" and text[1:].isalpha() and text[1:].islower()


#: Tokens before ", NAME" searched for the proposed noun phrase it names ("a new corpus of ... tweets, X").
_PROPOSED_PHRASE_SPAN = 12


def proposed_phrase_before(doc: Doc, start: int, cues: Cues) -> EntityKind | None:
    """The kind of the noun phrase a proposal verb takes when the name follows it after a comma: "we introduce a
    new corpus of Zorbish tweets annotated for stance, X" (dataset), "we present a new BERT model for the legal
    domain, X", "we introduce a new task and evaluation dataset, X" (the last kind noun before a preposition);
    ``None`` when no such phrase names it (:func:`proposed_phrase_start`) or no kind noun heads it ("a new
    representation for ... tasks, X").

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We release a new corpus of Zorbish tweets annotated for stance, ZorbStance.")
    >>> [(s.text, s.label_, s._.kg_relation, s._.kg_type_rule) for s in doc.spans["kg_entities"]]
    [('ZorbStance', 'dataset', 'proposes', 'apposition')]
    """
    j = proposed_phrase_start(doc, start, cues)
    kind = None
    for k in range(j + 1, _comma_before(doc, start)) if j is not None else ():
        if "BLOCK" in cues.get(k, set()):
            break  # "a new corpus of ... tweets": the head noun comes before the preposition
        kind = next((kd for label, kd in _HEAD_KINDS if label in cues.get(k, set())), kind)
    return kind


def proposed_phrase_start(doc: Doc, start: int, cues: Cues) -> int | None:
    """The article (or number word) opening the noun phrase that a proposal verb takes and that the name at
    ``start`` follows after a comma ("we propose a new ... representation for ... tasks, X"), or ``None`` when no
    proposal verb stands right before that article ("we evaluate on a popular benchmark for QA, X"), or a clause,
    another comma, "to" or a verb comes first ("we introduce a method to evaluate on three benchmarks, X")."""
    texts, lowers, flags = token_arrays(doc)
    comma = _comma_before(doc, start)
    if comma < 2 or texts[comma] != "," or flags.is_lower[start]:
        return None
    sent_start = sentence_start(doc, start)
    numbers = word_counts("number_words")
    for j in range(comma - 1, max(comma - 1 - _PROPOSED_PHRASE_SPAN, sent_start), -1):
        text, lower = texts[j], lowers[j]
        if in_list("clause_breaks", text) and lower in {"and", "or"} and _bare_nouns(doc[j + 1 : comma]):
            continue  # "we introduce a new task and evaluation dataset, X": "and" joins two nouns of the phrase
        if flags.is_punct[j] and text not in {"-", "&"} or in_list("clause_breaks", text) \
                or lower == "to" or lower in word_list("verb_like.txt"):
            return None
        if (in_list("articles", text) or lower in numbers) and j > sent_start \
                and "PROPOSE" in cues.get(j - 1, set()):
            return j
    return None


def _comma_before(doc: Doc, start: int) -> int:
    """The index of the comma before a name, across a naming word: "X" in "a corpus of ..., X" and in "a corpus of
    ..., named X" (``start - 1`` when no naming word stands there)."""
    texts, lowers, _ = token_arrays(doc)
    if start >= 2 and in_list("naming_words", texts[start - 1]) and lowers[start - 1] != "namely" \
            and texts[start - 2] == ",":
        return start - 2
    return start - 1


def _bare_nouns(tokens) -> bool:
    """Are ``tokens`` one to three lower-case words that are no function word or verb ("evaluation dataset")?"""
    return 0 < len(tokens) <= 3 and all(t.is_alpha and t.is_lower and not t.is_stop
                                        and t.lower_ not in word_list("verb_like.txt") for t in tokens)


def cues_before(doc: Doc, start: int, cues: Cues, *, source_window: int = 6) -> set[str]:
    """The cues of the word before a name (articles skipped), with ``SOURCE`` for "sampled from X".

    "based on X" drops ``EVAL_ON``; "from X" adds ``SOURCE`` when a dataset or derivation word stands
    at most ``source_window`` tokens before it in the sentence.
    """
    texts, lowers, flags = token_arrays(doc)
    i = start - 1
    while i >= 0 and in_list("articles", texts[i]):
        i -= 1
    if i < 0:
        return set()
    found = set(cues.get(i, set()))
    if texts[i] == "(":  # "corpora in computational argumentation (X and Y)": the names of those corpora
        for j in range(i - 1, max(i - 10, -1), -1):  # "a dataset containing images with income values (X)"
            if "DATASET_NOUN" in cues.get(j, set()):
                found.add("PAREN_DATASET")
                break
            if "METRIC_HEAD" in cues.get(j, set()) and flags.is_lower[j]:
                found.add("PAREN_METRIC")  # "four metrics (zDTW, ZTC, rPOZ and PZC)": the names of those metrics
                break
            if flags.is_punct[j] or (flags.is_stop[j] and not in_list("apposition_prepositions", texts[j])
                                   and lowers[j] not in {"in", "with"}):
                break
    if lowers[i] == "of" and i > 0 and lowers[i - 1] in _SET_NOUNS and "DATASET_NOUN" in cues.get(i - 1, set()):
        found.add("SET_OF")  # "the test data sets of IWSLT and TDT4", "the datasets of X and Y"
    if in_list("foundation_prepositions", texts[i]) and i > 0 and in_list("foundation_verbs", texts[i - 1]):
        found.discard("EVAL_ON")
    if in_list("source_prepositions", texts[i]):  # "a corpus (X) from Y", "sentences sampled from Y"
        window = range(max(i - source_window, sentence_start(doc, i)), i)
        if any(cues.get(j, set()) & {"DATASET_HEAD", "DERIVED"} for j in window):
            found.add("SOURCE")
    return found


def head_after(doc: Doc, end: int, cues: Cues) -> EntityKind | None:
    """The kind a head noun right after the name gives it: "X benchmark", "X (XB) dataset", "X framework", "the X
    data", "the X test set" (not "the X lexical category set"); "the MCL-WiC task" names a task."""
    texts, lowers, flags = token_arrays(doc)
    if end < len(doc) and texts[end] == "data" and corpus_kinds().get(texts[end - 1]) not in _NOT_DATA_KINDS:
        return EntityKind.DATASET  # "the ACE data", "CoNLL data": the data a name stands for (not "CFG data", nor
        # "ground truth (GT) data": data an acronym in parentheses describes, nor "MQM data": scores by a metric)
    if end < len(doc) and texts[end] == ")":
        end += 1
    if end < len(doc) and texts[end] == "task":
        return EntityKind.TASK
    participle = False  # a past participle between the name and the noun: "a ParlaCLARIN TEI encoded corpus"
    for i in range(end, min(end + _HEAD_AFTER_SPAN, len(doc))):
        labels = cues.get(i, set())
        kind = next((k for label, k in _NAME_HEADS if label in labels), None)
        if kind is EntityKind.METRIC and not flags.is_lower[i]:
            kind = None  # "the WMT23 Metrics Shared Task": part of a name, not the head typing it
        if kind is EntityKind.DATASET and i > end and (lowers[i] in _BARE_SET_NOUNS or (
                lowers[i] in _BARE_TASK_NOUNS and lowers[i - 1] != "shared")):
            kind = None  # "the ZCG lexical category set", "the X feature set": a set of other things, not of data
            # ("the X test set" is typed by "test"); "BWS annotation tasks": tasks of a kind, not a benchmark's
            # ("the WANLP 2021 shared tasks" stay: an event, an optional dataset by the guidelines)
        if kind is EntityKind.DATASET and participle:
            return None  # "a TimeML annotated corpus", "the TEI encoded corpus": what the data was made with or in
            # (a scheme, a format, a tool), not its name (round h15af)
        if kind:
            return kind
        participle = participle or (flags.is_lower[i] and lowers[i].endswith("ed") and lowers[i] != "shared"
                                    and lowers[i][:1].isalpha())  # not glued to the name: "RTE3 -derived datasets"
        if flags.is_punct[i] or "BLOCK" in labels or (flags.is_stop[i] and lowers[i] not in _HEAD_GLUE):
            break  # "IWSLT and TDT4 show that our method ...": a clause, not the name's head noun, follows
    return None


#: What the corpus knows a name as (``corpus_kinds.txt``) when "X data" is data described by X, not named X: a
#: formalism or field ("CFG data"), a method, a metric ("the MQM data": scores by that metric; round h15af).
_NOT_DATA_KINDS = frozenset({"none", "method", "metric"})
#: Plural or set nouns of datasets whose "of" introduces the datasets' names ("the test sets of X"), not what they
#: hold ("a corpus of Reddit posts", "a collection of Transformer models").
_SET_NOUNS = frozenset({"set", "sets", "datasets", "corpora"})
#: Set nouns that name data only right after the name ("the ZorbMT set"), or after a word saying what the set is for.
_BARE_SET_NOUNS = frozenset({"set", "sets", "split"})
#: Dataset heads that name a benchmark only right after its name ("the bAbI tasks", "Atari games"), not after a word
#: saying what the tasks are ("to manage BWS annotation tasks", "NLI classification tasks"; round h15af).
_BARE_TASK_NOUNS = frozenset({"tasks", "games", "environments", "environment"})
#: Stop words a name's head noun may stand after ("MT05 and MT06 as test sets", "X as the test set").
_HEAD_GLUE = frozenset({"and", "or", "as", "the"})


def colon_head(doc: Doc, start: int, cues: Cues) -> str | None:
    """The cue label of the plural head noun a list after a colon names: "two publicly available datasets that are
    annotated for ...: GFT and FIGER", "four genre-annotated corpora for genre classification: the Brown Corpus".

    The nearest head noun before the colon in the sentence decides ("datasets ... with two models: X and Y" names
    models); ``None`` when no colon opens the list or no plural head noun stands before it.
    """
    texts, lowers, flags = token_arrays(doc)
    i = start - 1
    while i >= 0 and in_list("articles", texts[i]):
        i -= 1
    if i < 1 or texts[i] not in _LIST_OPENERS or (texts[i] == "-" and not flags.whitespace[i]):
        return None  # "three datasets: X, Y", "four datasets – X, Y"
    sent_start = sentence_start(doc, i)
    for j in range(i - 1, max(i - _COLON_SPAN, sent_start - 1), -1):
        if texts[j] in {":", ";"} or flags.is_sent_start[j]:
            break
        labels = cues.get(j, set())
        label = next((label for label in EXAMPLE_HEADS if label in labels), None)
        if label == "DATASET_HEAD" and "DATASET_NOUN" not in labels:
            return None  # "two tasks: X word alignment with ...": tasks, games, environments name no data
        if label is not None:
            return label if lowers[j].endswith(("s", "corpora")) and lowers[j] != "corpus" else None
        if texts[i] != ":":
            return None  # "four datasets – X, Y": a dash opens a list only right after its noun (not "translation
            # models between ... four Arabic dialects—X, Y")
    return None


def examples_head(doc: Doc, start: int, cues: Cues) -> str | None:
    """The cue label of the noun a list of examples hangs from: "tasks (e.g., X, Y)", "models such as X".

    ``"OTHER"`` when the noun carries no head cue, ``None`` when no example marker precedes the name.
    """
    texts = token_texts(doc)
    i = start - 1
    while i >= 0 and in_list("example_marker_glue", texts[i]):
        i -= 1
    if i < 0 or "EXAMPLES" not in cues.get(i, set()):
        return None
    i -= 1
    while i >= 0 and in_list("example_head_glue", texts[i]):
        i -= 1
    if i < 0:
        return None
    for label in EXAMPLE_HEADS:
        if label in cues.get(i, set()):
            return label
    return "OTHER"
